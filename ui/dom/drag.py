"""Dragging a tile from the person's hand onto a branch: it ends in the same preview as a tap
on the branch (and the click the browser sends after the drop is no tap)."""

import js

from .browser import closest, q, q_all

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from typing import Any

    from js import Element, Event

    from ..controller import Controller
    from .taps import Taps

DRAG_START = 10  # px a pointer moves before a press becomes a drag


class Drag:
    def __init__(self, ctl: "Controller", taps: "Taps") -> None:
        self.ctl = ctl
        self.taps = taps  # a drop is a tap on the branch (ui.dom.taps.Taps)
        self.moving: list[Any] | None = None  # [tile, x, y, pointer id, ghost element or None]
        self.quiet_until = 0.0  # the click a browser sends after a drop is no tap

    def quiet(self) -> bool:
        """Whether a click now is the one that follows a drop."""
        return js.performance.now() < self.quiet_until

    def on_down(self, event: "Event") -> None:
        el = closest(event.target, "#app [data-hand] [data-tile]")
        frame = self.ctl.frame
        if (
            el is None
            or self.ctl.interaction.dialog is not None
            or not self.ctl.my_turn()
            or frame is None
            or frame["board"]["opening"] is None
            or not self.taps.holds(el)
        ):
            return
        self.moving = [
            str(el.dataset.tile),
            float(event.clientX),
            float(event.clientY),
            event.pointerId,
            None,
        ]

    def on_move(self, event: "Event") -> None:
        drag = self.moving
        if drag is None or event.pointerId != drag[3]:
            return
        x, y = float(event.clientX), float(event.clientY)
        if drag[4] is None:
            if abs(x - drag[1]) + abs(y - drag[2]) < DRAG_START:
                return
            if self.ctl.interaction.selected != drag[0]:
                self.ctl.select(drag[0])
                self.taps.redraw()
            ghost = js.document.createElement("div")
            ghost.className = "ghost-tile"
            source = q('#app [data-hand] [data-tile="' + drag[0] + '"]')
            if source is not None:
                ghost.innerHTML = source.outerHTML
                face = ghost.firstElementChild
                if face is not None:
                    face.removeAttribute("data-tile")
                source.classList.add("dragging")
            layer = q("#drag-layer")
            if layer is not None:
                layer.append(ghost)
            drag[4] = ghost
        drag[4].style.transform = "translate(" + str(x - 22) + "px, " + str(y - 44) + "px)"
        over = self.branch_at(x, y)
        for branch in q_all(".branch.drop-over"):
            branch.classList.remove("drop-over")
        if over is not None:
            over.classList.add("drop-over")

    def branch_at(self, x: float, y: float) -> "Element | None":
        return closest(js.document.elementFromPoint(x, y), "#app [data-branch]")

    def on_up(self, event: "Event") -> None:
        drag = self.moving
        if drag is None or event.pointerId != drag[3]:
            return
        self.moving = None
        if drag[4] is None:
            return  # a tap: the click handler selects
        drag[4].remove()
        self.quiet_until = js.performance.now() + 350
        branch = self.branch_at(float(event.clientX), float(event.clientY))
        if branch is None:
            self.taps.redraw()
            return
        self.taps.aim(str(branch.dataset.branch))

    def on_cancel(self, _event: "Event") -> None:
        if self.moving is not None and self.moving[4] is not None:
            self.moving[4].remove()
            self.taps.redraw()
        self.moving = None
