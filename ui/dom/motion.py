"""Motion: a played tile travels from its seat's hand to where it now lies (none when the
person's system asks for reduced motion, or at the fast speed)."""

import json

import js

from ..notation import split
from .browser import q

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Callable

    from js import Rect

    from longana.device.frame import LastMove

TRAVEL = {"normal": 420, "fast": 0}  # ms a tile travels


class Motion:
    def __init__(self, speed: "Callable[[], str]") -> None:
        self.speed = speed  # the device's speed setting ("normal", "fast")
        self.reduced = bool(js.matchMedia("(prefers-reduced-motion: reduce)").matches)

    def source(self, seat: "str | None") -> "Rect | None":
        """Where a seat's hand is on screen now (before its move lands), or None."""
        hand = q('[data-hand="' + seat + '"]') if seat is not None else None
        return hand.getBoundingClientRect() if hand is not None else None

    def settle(self) -> float:
        """Seconds a computer's move takes to land before the next one is thought about."""
        travel = TRAVEL[self.speed()]
        return travel / 1000 + (0.15 if travel else 0.01)

    def travel(self, last: "LastMove | None", source: "Rect | None") -> None:
        """The last move's tile moves from ``source`` (a rectangle) to where it now lies."""
        speed = TRAVEL[self.speed()]
        if self.reduced or speed == 0 or source is None or last is None:
            return
        tile, branch = split(last["move"])
        if tile is None:
            return
        el = (
            q(".centre .tile")
            if branch is None
            else q('#app [data-branch="' + branch + '"] .tile.last')
        )
        if el is None:
            return
        to = el.getBoundingClientRect()
        dx = (source.left + source.width / 2) - (to.left + to.width / 2)
        dy = (source.top + source.height / 2) - (to.top + to.height / 2)
        frames = [
            {
                "transform": "translate(" + str(dx) + "px, " + str(dy) + "px) scale(1.3)",
                "opacity": 0.4,
            },
            {"transform": "translate(0, 0) scale(1)", "opacity": 1},
        ]
        el.animate(
            js.JSON.parse(json.dumps(frames)),
            js.JSON.parse(json.dumps({"duration": speed, "easing": "ease-out"})),
        )
