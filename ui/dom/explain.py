"""The explained hint on the page: the worker's ``explanation`` of the last hint, kept for the
position it was asked in, and shown (``data-action="hint-explain"``, key X) as a dialog that
lists every legal move with its estimate and reasons (:mod:`ui.hint_panel`). The arrow keys
move through the list; Enter, Space or a tap on a move shows that move on the table."""

from ..hint_panel import explain_html
from .browser import closest, q_all, rove

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from typing import Any

    from js import Event

    from longana.device.frame import Frame

    from .host import Host


class Explained:
    def __init__(self, host: "Host") -> None:
        self.ctl = host.ctl
        self.dialogs = host.dialogs
        self.hint = host.hint  # asks the game for the hint (and its explanation), shown
        self.redraw = host.redraw
        self.frame: Frame | None = None  # the frame shown when the explanation was asked
        self.explanation: Any = None

    def hold(self, frame: "Frame | None", explanation: "Any") -> None:
        """A hint's explanation: it holds while the frame it was asked on is shown (any
        reply's new frame, even of the same position, makes it old)."""
        self.frame, self.explanation = frame, explanation

    def fresh(self) -> bool:
        return self.explanation is not None and self.frame is self.ctl.frame

    async def open(self) -> None:
        """The list for the person to move: the kept explanation, or a hint asked first (it
        shows on the table as a hint does)."""
        if not self.ctl.my_turn():
            return
        if not self.fresh():
            await self.hint()
            if not self.fresh() or not self.ctl.my_turn():
                return
        dialog = self.dialogs.open("hint-explain", explain_html(self.explanation, self.ctl.cat))
        first = dialog.querySelector("[data-hint-move]")
        if first is not None:
            first.focus()

    def on_key(self, event: "Event", key: str) -> None:
        """Keys inside the list: arrows, Home and End move; Enter and Space show the move."""
        item = closest(event.target, "[data-hint-move]")
        if item is None:
            return
        items = q_all('[data-dialog="hint-explain"] [data-hint-move]')
        if rove(event, key, item, items):
            return
        if key in ("Enter", " "):
            event.preventDefault()
            self.preview(str(item.dataset.hintMove))

    def preview(self, move: str) -> None:
        """Show ``move`` on the table, as the hint is shown (the person confirms or not)."""
        ctl = self.ctl
        self.dialogs.close(resume=False)
        if not ctl.my_turn():
            return
        if self.fresh() and move == self.explanation["moves"][0]["move"]:
            ctl.show_hint(move)
        else:
            ctl.command(move)
        self.redraw()
