"""The person's input on the page: taps, drags, keys and form fields, bound once on the
document. A press on a ``data-action`` element goes to the page's action table (one handler per
action: ``Page.actions``, :mod:`ui.dom.page`); a tap on the table is a call on
:class:`~ui.dom.taps.Taps` (the controller says what it means: select, aim, cancel, pass),
drawn at once; keys (ui/dom/keys.py) and drags (ui/dom/drag.py) end in the same calls.
"""

import asyncio

import js

from .browser import closest, guard, listen, proxy_of, q, run, warn
from .drag import Drag
from .keys import Keys
from .taps import Taps

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Callable

    from js import Element, Event

    from ..controller import Controller
    from .screen import Screen

    Handler = Callable[[Element], object]  # an action's: the element pressed (may be async)


class Input:
    def __init__(
        self,
        ctl: "Controller",
        taps: Taps,
        actions: "dict[str, Handler]",
        fields: "dict[str, Handler]",
        dialog_keys: "dict[str, Callable[[Event, str], None]]",
        screen: "Screen",
    ) -> None:
        self.ctl = ctl
        self.taps = taps
        self.actions = actions  # data-action="…" → what a press does (the page's one table)
        self.fields = fields  # a form field's attribute → what its change does
        self.screen = screen  # refits the board when its area changes
        self.keys = Keys(ctl, taps, self.press, dialog_keys)
        self.drag = Drag(ctl, taps)

    def bind(self) -> None:
        doc = js.document
        for name, fn in (
            ("click", self.on_click),
            ("keydown", self.keys.on_key),
            ("pointerdown", self.drag.on_down),
            ("pointermove", self.drag.on_move),
            ("pointerup", self.drag.on_up),
            ("pointercancel", self.drag.on_cancel),
            ("change", self.on_change),
        ):
            listen(doc, name, guard(fn))
        # a dialog's cancel (Escape) does not bubble: caught on the way down
        listen(doc, "cancel", guard(self.on_dialog_cancel), True)
        listen(js.window, "resize", guard(lambda _event: self.screen.relay()))
        # the table's area also changes when the message bar grows or shrinks (a long hint)
        observer = js.ResizeObserver.new(proxy_of(lambda *_: run(self.refit())))
        table = q("#table")
        if table is not None:
            observer.observe(table)
        self.screen.observer = observer
        self.screen.watch_board()

    def press(self, name: str, el: "Element") -> None:
        """A ``data-action`` pressed (or its key): its handler in the page's table."""
        handler = self.actions.get(name)
        if handler is None:
            warn("no handler for data-action=" + name)
            return
        run(handler(el))

    # -- taps --------------------------------------------------------------------------------

    def on_click(self, event: "Event") -> None:
        target = event.target
        el = closest(target, "[data-action]")
        if el is not None:
            if not el.hasAttribute("disabled"):
                self.press(str(el.dataset.action), el)
            return
        if self.drag.quiet() or self.ctl.interaction.dialog is not None:
            return
        if closest(target, "[data-preview]") is not None:
            self.taps.confirm()
            return
        el = closest(target, "[data-target]")
        if el is not None:
            self.taps.aim(str(el.dataset.target))
            return
        el = closest(target, "#app [data-hand] [data-tile]")
        if el is not None:
            self.taps.select(el)
            return
        el = closest(target, "#app [data-branch]")
        if el is not None:
            self.taps.aim(str(el.dataset.branch))

    # -- dialogs, fields -------------------------------------------------------------

    def on_dialog_cancel(self, event: "Event") -> None:
        """Escape on a dialog: closed as its Close button would, if it may be closed."""
        dialog = closest(event.target, "dialog")
        if dialog is None:
            return
        event.preventDefault()
        if str(dialog.dataset.cancellable) == "true":
            self.press("close", dialog)

    def on_change(self, event: "Event") -> None:
        target = event.target
        if not hasattr(target, "hasAttribute"):
            return
        for name, handler in self.fields.items():
            if target.hasAttribute(name):
                run(handler(target))
                return

    async def refit(self) -> None:
        await asyncio.sleep(0)  # not inside the observer's callback: no resize loop
        self.screen.relay()
