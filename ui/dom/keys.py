"""The keyboard (interfaces.md, Keyboard) as a table: a key → what it does. 1…8 choose a tile of
the hand, the seat letter of the language shown aims it at that branch, Enter plays, Escape
cancels, P passes; Z Y H R L are the tools, M repeats the last move, / types a move; arrows move
between the hand's tiles. In the command field (``/``), a move typed in the notation."""

from ..html import KEYS
from ..notation import SEATS
from ..words import describe
from .browser import closest, q, q_all

ARROWS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}
FIELDS = ("input", "select", "textarea")  # keys typed there are the field's


class Keys:
    def __init__(self, taps):
        self.taps = taps  # what a key does is what a tap does (ui.dom.input.Input)
        self.ctl = taps.ctl
        self.page = taps.page
        self.table = {
            "Escape": self.key_escape,
            "Enter": self.key_enter,
            " ": self.key_space,
            "M": self.key_repeat,
            "/": self.key_command,
        }
        for key in ARROWS:
            self.table[key] = self.key_arrow
        for key in "12345678":
            self.table[key] = self.key_tile
        for action, key in KEYS.items():  # the tools' letters, as their buttons declare them
            if len(key) == 1:
                self.table[key] = self.key_tool(action)

    def on_key(self, event):
        """A key pressed: its entry in the table (none while a dialog is open or in a form
        field; in the command field, Enter and Escape)."""
        key = str(event.key)
        target = event.target
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        if hasattr(target, "hasAttribute") and target.hasAttribute("data-command"):
            self.command_key(event, key, target)
            return
        if self.ctl.interaction.dialog == "hint-explain":
            self.page.explained.on_key(event, key)  # the list of moves: arrows, Enter
            return
        if self.ctl.interaction.dialog is not None or tag_of(target) in FIELDS:
            return
        upper = key.upper() if len(key) == 1 else key
        handle = self.table.get(upper) or self.key_branch
        handle(event, upper)

    def command_key(self, event, key, field):
        if key == "Enter":
            event.preventDefault()
            self.command(field)
        elif key == "Escape":
            field.value = ""
            field.blur()

    def key_arrow(self, event, key):
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

    def key_escape(self, event, key):
        self.taps.cancel()

    def key_enter(self, event, key):
        """On another button Enter presses that button; on a tile or Pass it plays the
        preview."""
        target = event.target
        on_button = (
            tag_of(target) in ("button", "a")
            and closest(target, '[data-tile], [data-action="pass"]') is None
        )
        if self.ctl.interaction.preview is not None and not on_button:
            event.preventDefault()
            self.taps.run(self.page.confirm())

    def key_space(self, event, key):
        if closest(event.target, "[data-preview]") is not None:
            event.preventDefault()
            self.taps.run(self.page.confirm())

    def key_tile(self, event, key):
        """1…8: the tile at that place in the hand."""
        for el in q_all("#app .hand.up [data-key]"):
            if str(el.dataset.key) == key:
                event.preventDefault()
                self.taps.select(el)
                chosen = q("#app .hand.up [data-tile].selected")
                if chosen is not None:
                    chosen.focus()

    def key_branch(self, event, key):
        """A seat letter of the language shown: the selected tile aims at that branch."""
        if self.ctl.interaction.selected is None:
            return
        for seat in SEATS:
            if self.ctl.cat.letter(seat).upper() == key:
                event.preventDefault()
                self.taps.aim(seat)
                return

    def key_tool(self, action):
        def press(event, key):
            el = q('[data-action="' + action + '"]')
            if el is not None and not el.hasAttribute("disabled"):
                event.preventDefault()
                self.taps.action(action, el)

        return press

    def key_repeat(self, event, key):
        """M: the last move, said again."""
        frame = self.ctl.frame
        last = frame["last"] if frame else None
        if last is not None:
            self.page.alert(describe(last, self.ctl.cat))

    def key_command(self, event, key):
        """/: the command field, to type a move."""
        field = q("[data-command]")
        if field is not None:
            event.preventDefault()
            field.focus()

    def command(self, field):
        """A move typed in the command field: previewed (the field empties), or refused."""
        text = str(field.value)
        if not text.strip():
            if self.ctl.interaction.preview is not None:
                self.taps.run(self.page.confirm())
            return
        if self.ctl.command(text):
            field.value = ""
        else:
            self.page.alert(self.ctl.message)
        self.page.render()


def tag_of(el):
    """An element's tag name in lower case ("" when it is none)."""
    return str(el.tagName).lower() if el is not None and hasattr(el, "tagName") else ""
