"""A tap on the table, as the controller reads it (select a tile of the hand, aim it at a
branch, cancel, pass, confirm the preview), drawn at once. Taps, keys (ui/dom/keys.py) and drags
(ui/dom/drag.py) all end here."""

from .browser import closest, q, run

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from js import Element

    from ..controller import Controller


class Taps:
    """A tap on the table, as the controller reads it, drawn at once."""

    def __init__(
        self,
        ctl: "Controller",
        redraw: "Callable[[], None]",
        alert: "Callable[[str], None]",
        confirm: "Callable[[], Any]",
    ) -> None:
        self.ctl = ctl
        self.redraw = redraw
        self.alert = alert  # said at once by a screen reader
        self.played = confirm  # the previewed move played (async)

    def holds(self, el: "Element") -> bool:
        """Whether ``el`` is in the hand of the person holding the device."""
        frame = self.ctl.frame
        holder = frame["viewer"] if frame else None
        hand = closest(el, "[data-hand]")
        return holder is not None and hand is not None and str(hand.dataset.hand) == holder

    def select(self, el: "Element") -> None:
        if self.holds(el):
            self.ctl.select(str(el.dataset.tile))
            self.redraw()
            if self.ctl.refused is not None:  # (a tile that may not open the hand): said at once
                self.alert(self.ctl.message)

    def aim(self, branch: "Any") -> None:
        self.ctl.aim(branch)
        self.redraw()
        if self.ctl.interaction.preview is None and self.ctl.message:
            self.alert(self.ctl.message)  # a refusal: said at once

    def cancel(self) -> None:
        if self.ctl.cancel():
            self.redraw()

    def pass_turn(self) -> None:
        self.ctl.pass_turn()
        self.redraw()
        if self.ctl.interaction.preview == "pass":  # the next key (Enter) confirms
            el = q('[data-action="confirm"]')
            if el is not None:
                el.focus()

    def confirm(self) -> None:
        run(self.played())
