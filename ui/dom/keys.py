"""The keyboard (interfaces.md, Keyboard) as a table: a key → what it does. 1…8 choose a tile of
the hand, the seat letter of the language shown aims it at that branch, Enter plays, Escape
cancels, P passes; Z Y H R L are the tools, M repeats the last move, / types a move; arrows move
between the hand's tiles. In the command field (``/``), a move typed in the notation; in a
dialog's one-line field, Enter (a phone's Go key) presses the field's button (:data:`ENTER`)."""

from ..html import KEYS
from ..notation import SEATS
from ..words import describe
from .browser import closest, q, q_all, tag_of

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Callable

    from js import Element, Event

    from ..controller import Controller
    from .taps import Taps

ARROWS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}
FIELDS = ("input", "select", "textarea")  # keys typed there are the field's
# a dialog's one-line field → the button Enter (a phone's Go key, enterkeyhint) presses
ENTER = (
    ("[data-class-name]", "class-name"),  # the student's name
    ('[data-setting="deal"]', "new-match"),  # Settings: a new match from that deal number
    ('[data-setting="class"]', "class-join"),  # Settings: the class code to join
    ("[data-results-class]", "results-class"),  # the teacher's class code
    ('[data-setting="name"]', "close"),  # Settings: the name (closing applies them)
    ("[data-pair-answer]", "pair-accept"),  # the host: a guest's answer, in its seat's part
    ("[data-join-input]", "table-join"),  # a table's code to join
)


def mark_fields(root: "Element") -> None:
    """The one-line fields of :data:`ENTER` inside ``root`` tell a phone's keyboard that its
    Enter key submits (``enterkeyhint="go"``)."""
    for selector, _action in ENTER:
        found = root.querySelectorAll("input" + selector)
        for i in range(found.length):
            found.item(i).setAttribute("enterkeyhint", "go")


class Keys:
    def __init__(
        self,
        ctl: "Controller",
        taps: "Taps",
        press: "Callable[[str, Element], None]",
        dialog_keys: "dict[str, Callable[[Event, str], None]]",
    ) -> None:
        self.ctl = ctl
        self.taps = taps  # what a key does is what a tap does (ui.dom.taps.Taps)
        self.press = press  # a data-action pressed, by its name
        self.dialog_keys = dialog_keys  # the keys of a dialog with its own (by its name)
        self.bindings: dict[str, Callable[[Event, str], None]] = {
            "Escape": self.key_escape,
            "Enter": self.key_enter,
            " ": self.key_space,
            "M": self.key_repeat,
            "/": self.key_command,
        }
        for key in ARROWS:
            self.bindings[key] = self.key_arrow
        for key in "12345678":
            self.bindings[key] = self.key_tile
        for action, key in KEYS.items():  # the tools' letters, as their buttons declare them
            if len(key) == 1:
                self.bindings[key] = self.key_tool(action)

    def on_key(self, event: "Event") -> None:
        """A key pressed: its entry in the table (none while a dialog is open or in a form
        field; in the command field, Enter and Escape; in a dialog's one-line field, Enter)."""
        key = str(event.key)
        target = event.target
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        if hasattr(target, "hasAttribute") and target.hasAttribute("data-command"):
            self.command_key(event, key, target)
            return
        dialog = self.ctl.interaction.dialog
        if dialog is not None and key == "Enter" and tag_of(target) == "input":
            self.field_enter(event, target)
            return
        if dialog in self.dialog_keys:
            self.dialog_keys[dialog](event, key)
            return
        if dialog is not None or tag_of(target) in FIELDS:
            return
        upper = key.upper() if len(key) == 1 else key
        handle = self.bindings.get(upper) or self.key_branch
        handle(event, upper)

    def field_enter(self, event: "Event", field: "Element") -> None:
        """Enter in a dialog's one-line field: its button, as if pressed (unless disabled)."""
        for selector, action in ENTER:
            if field.matches(selector):
                event.preventDefault()
                scope = closest(field, "[data-pair-seat]") or closest(field, "dialog")
                button = scope.querySelector('[data-action="' + action + '"]') if scope else None
                if button is not None and not button.hasAttribute("disabled"):
                    self.press(action, button)
                return

    def command_key(self, event: "Event", key: str, field: "Element") -> None:
        if key == "Enter":
            event.preventDefault()
            self.command(field)
        elif key == "Escape":
            field.value = ""
            field.blur()

    def key_arrow(self, event: "Event", key: str) -> None:
        """Arrow keys inside the hand: the next tile takes the focus (the hand is one tab
        stop)."""
        target = event.target
        if closest(target, "#app .hand.up") is None:
            return
        event.preventDefault()
        tiles = q_all("#app .hand.up [data-tile]")
        if not tiles:
            return
        at = 0
        for i, el in enumerate(tiles):
            if el == target or el.contains(target):
                at = i
        nxt = tiles[(at + ARROWS[key]) % len(tiles)]
        for el in tiles:
            el.setAttribute("tabindex", "-1")
        nxt.setAttribute("tabindex", "0")
        nxt.focus()

    def key_escape(self, event: "Event", key: str) -> None:
        self.taps.cancel()

    def key_enter(self, event: "Event", key: str) -> None:
        """On another button Enter presses that button; on a tile or Pass it plays the
        preview."""
        target = event.target
        on_button = (
            tag_of(target) in ("button", "a")
            and closest(target, '[data-tile], [data-action="pass"]') is None
        )
        if self.ctl.interaction.preview is not None and not on_button:
            event.preventDefault()
            self.taps.confirm()

    def key_space(self, event: "Event", key: str) -> None:
        if closest(event.target, "[data-preview]") is not None:
            event.preventDefault()
            self.taps.confirm()

    def key_tile(self, event: "Event", key: str) -> None:
        """1…8: the tile at that place in the hand."""
        for el in q_all("#app .hand.up [data-key]"):
            if str(el.dataset.key) == key:
                event.preventDefault()
                self.taps.select(el)
                chosen = q("#app .hand.up [data-tile].selected")
                if chosen is not None:
                    chosen.focus()

    def key_branch(self, event: "Event", key: str) -> None:
        """A seat letter of the language shown: the selected tile aims at that branch."""
        if self.ctl.interaction.selected is None:
            return
        for seat in SEATS:
            if self.ctl.cat.letter(seat).upper() == key:
                event.preventDefault()
                self.taps.aim(seat)
                return

    def key_tool(self, action: str) -> "Callable[[Event, str], None]":
        def press(event: "Event", key: str) -> None:
            el = q('[data-action="' + action + '"]')
            if el is not None and not el.hasAttribute("disabled"):
                event.preventDefault()
                self.press(action, el)

        return press

    def key_repeat(self, event: "Event", key: str) -> None:
        """M: the last move, said again."""
        frame = self.ctl.frame
        last = frame["last"] if frame else None
        if last is not None:
            self.taps.alert(describe(last, self.ctl.cat))

    def key_command(self, event: "Event", key: str) -> None:
        """/: the command field, to type a move."""
        field = q("[data-command]")
        if field is not None:
            event.preventDefault()
            field.focus()

    def command(self, field: "Element") -> None:
        """A move typed in the command field: previewed (the field empties), or refused."""
        text = str(field.value)
        if not text.strip():
            if self.ctl.interaction.preview is not None:
                self.taps.confirm()
            return
        if self.ctl.command(text):
            field.value = ""
        else:
            self.taps.alert(self.ctl.message)
        self.taps.redraw()
