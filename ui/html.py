"""Small pieces of HTML text the page is built from: the builder :func:`h` (which escapes by
construction), a dialog's title and buttons, tiles, icons, buttons.

Plain Python that runs under MicroPython (the page) and CPython (the tests). Attribute names
follow ../shared/spec/interfaces.md: a face-up tile has ``data-tile`` and a spoken
``aria-label``; a face-down tile has no number anywhere.
"""

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from .i18n import decimal
from .notation import pips

# Pip positions on a 3x3 grid (1 = top left, 9 = bottom right), as on a double-nine set.
PIPS = {
    0: (),
    1: (5,),
    2: (3, 7),
    3: (3, 5, 7),
    4: (1, 3, 7, 9),
    5: (1, 3, 5, 7, 9),
    6: (1, 3, 4, 6, 7, 9),
    7: (1, 3, 4, 5, 6, 7, 9),
    8: (1, 2, 3, 4, 6, 7, 8, 9),
    9: (1, 2, 3, 4, 5, 6, 7, 8, 9),
}


def escape(value: Any) -> str:
    """Text made safe for HTML content and attribute values."""
    text = str(value)
    if not ("&" in text or "<" in text or ">" in text or '"' in text or "'" in text):
        return text  # (most are: looked at first, made anew only when needed)
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#x27;")
    )


def shown_text(value: Any, most: int = 48) -> str:
    """A text from outside (a lesson's name asked for by the address) as it may be shown: each
    control character written as its escape (``\\x00``: a NUL would cut the words short where
    the browser takes them), at most ``most`` characters then "…". Escape it for HTML too."""
    out = []
    for c in str(value)[: most + 1]:
        code = ord(c)
        out.append(f"\\x{code:02x}" if code < 32 or 127 <= code < 160 else c)
    text = "".join(out)
    return text if len(str(value)) <= most else text[:most] + "…"


# -- the builder ------------------------------------------------------------------------------

VOID = ("br", "hr", "img", "input", "link", "meta", "source", "wbr")  # elements with no end tag


class Html:
    """HTML made by :func:`h` (or marked so by :func:`raw`): put into other HTML as it is, where
    a text is escaped. ``str()`` of it, or ``+`` with a text, is its HTML text (a plain ``str``:
    what the page hands the DOM; MicroPython joins no ``str`` subclass with text, so none is
    used)."""

    __slots__ = ("html",)

    def __init__(self, html: str) -> None:
        self.html = html

    def __str__(self) -> str:
        return self.html

    def __add__(self, other: "Html | str") -> str:
        return self.html + str(other)

    def __radd__(self, other: str) -> str:
        return other + self.html


def raw(html: str) -> Html:
    """HTML text made elsewhere (a builder of this page that returns text), put in as it is."""
    return Html(html)


def h(tag: str, attrs: "dict[str, Any] | None" = None, *children: Any) -> Html:
    """``<tag attrs>children</tag>``, escaped by construction: every attribute's value, and
    every child that is a text or a number (an :class:`Html` goes in as it is; a list or tuple
    of children is taken in order; None and False are left out). An attribute that is True is
    written bare (``disabled``), None or False not at all. Attributes come in their names'
    order (MicroPython's dicts keep no order: the same HTML on both runtimes)."""
    out = ["<", tag]
    if attrs:
        for name in sorted(attrs) if len(attrs) > 1 else attrs:
            value = attrs[name]
            if value is True:
                out.append(" " + name)
            elif value is not None and value is not False:
                out.append(" " + name + '="' + escape(value) + '"')
    out.append(">")
    if tag not in VOID:
        out.append(inner(children))
        out.append("</" + tag + ">")
    return Html("".join(out))


def inner(children: Any) -> str:
    """Children as HTML text (see :func:`h`)."""
    out = []
    for child in children:
        if isinstance(child, str):
            out.append(escape(child))
        elif isinstance(child, Html):
            out.append(child.html)
        elif isinstance(child, (list, tuple)):
            out.append(inner(child))
        elif child is not None and child is not False:
            out.append(escape(child))
    return "".join(out)


def fragment(*children: Any) -> str:
    """Children one after another, as HTML text (escaped as :func:`h` escapes them)."""
    return inner(children)


TITLE = "dlg-title"  # the id of a dialog's heading, which names it


def dialog_title(text: Any, cls: "str | None" = None) -> Html:
    """A dialog's heading: the name its ``<dialog>`` is labelled by (``aria-labelledby``,
    ui/dom/dialogs.py)."""
    return h("h2", {"id": TITLE, "class": cls}, text)


def dialog_buttons(*buttons: Any) -> Html:
    """A dialog's row of buttons, at its end."""
    return h("div", {"class": "dlg-buttons"}, buttons)


def half(value: int, horizontal: bool) -> Html:
    made = HALVES.get((value, horizontal))
    if made is None:  # (made once: a table draws some forty tiles)
        dots = []
        for p in PIPS[value]:
            if horizontal:  # transpose so that rows of pips run along the tile
                r, c = divmod(p - 1, 3)
                p = c * 3 + r + 1
            dots.append(h("i", {"class": "d d" + str(p)}))
        made = HALVES[(value, horizontal)] = h("span", {"class": "half v" + str(value)}, dots)
    return made


HALVES: "dict[tuple[int, bool], Html]" = {}


MID = h("span", {"class": "mid"})


def tile_face(
    tile: str,
    label: str,
    orient: str = "v",
    first: Any = None,
    tag: str = "span",
    cls: str = "",
    attrs: "dict[str, Any] | None" = None,
    data: bool = True,
) -> str:
    """A face-up tile. ``orient`` "v" stacks its halves, "h" lays them side by side;
    ``first`` is the number shown first (top or left); ``label`` its spoken name; ``attrs``
    its other attributes. ``data=False`` leaves out ``data-tile`` (a preview, or a tile in the
    record panel)."""
    high, low = pips(tile)
    x, y = high, low
    if first is not None and first == low:
        x, y = low, high
    horizontal = orient == "h"
    shown = dict(attrs) if attrs else {}
    shown["class"] = (
        "tile " + orient + (" double" if high == low else "") + (" " + cls if cls else "")
    )
    shown["aria-label"] = label
    if data:
        shown["data-tile"] = tile
    if tag == "button":
        shown["type"] = "button"
    elif tag == "span" and "role" not in shown:
        shown["role"] = "img"  # a named picture (a bare span may carry no aria-label)
    return str(h(tag, shown, half(x, horizontal), MID, half(y, horizontal)))


def tile_back(orient: str = "v") -> str:
    made = BACKS.get(orient)
    if made is None:
        made = BACKS[orient] = str(
            h("span", {"class": "tile back " + orient, "aria-hidden": "true"})
        )
    return made


BACKS: "dict[str, str]" = {}


# Small line icons (24x24, drawn with the text colour); the words are in the catalog.
ICONS = {
    "undo": '<path d="M9 14 4 9l5-5"/><path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11"/>',
    "redo": '<path d="m15 14 5-5-5-5"/><path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13"/>',
    "restart": '<path d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8"/><path d="M3 3v5h5"/>',
    "rules": '<path d="M2 4h6a4 4 0 0 1 4 4v13a3 3 0 0 0-3-3H2z"/>'
    '<path d="M22 4h-6a4 4 0 0 0-4 4v13a3 3 0 0 1 3-3h7z"/>',
    "record": '<path d="M9 6h12M9 12h12M9 18h12"/><path d="M4 6h1M4 12h1M4 18h1"/>',
    "settings": '<path d="M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3"/>'
    '<path d="M1 14h6M9 8h6M17 16h6"/>',
    "explain": '<circle cx="12" cy="12" r="10"/><path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3"/>'
    '<path d="M12 17h.01"/>',
    "hint": '<path d="M9 18h6M10 22h4"/>'
    '<path d="M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z"/>',
    "lessons": '<path d="M22 9 12 4 2 9l10 5 10-5z"/><path d="M6 11v5c3 2.5 9 2.5 12 0v-5"/>'
    '<path d="M22 9v6"/>',
    "lesson-end": '<path d="M18 6 6 18M6 6l12 12"/>',
}


def icon(name: str) -> str:
    return (
        '<svg class="ico" viewBox="0 0 24 24" aria-hidden="true" focusable="false" '
        'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" '
        'stroke-linejoin="round">' + ICONS[name] + "</svg>"
    )


# The keyboard's shortcuts of the buttons (interfaces.md: declared with aria-keyshortcuts and
# shown). Letters no language uses for a seat (S E N W, O, T U B).
KEYS = {
    "undo": "Z",
    "redo": "Y",
    "hint": "H",
    "hint-explain": "X",
    "rules": "R",
    "record": "L",
    "pass": "P",
    "confirm": "Enter",
    "cancel": "Escape",
}
SHOWN_KEYS = {"Enter": "\u21b5", "Escape": "Esc"}


def kbd(action: str) -> "Html | None":
    """The key shown on a button: drawn by CSS from ``data-key-label`` (so that it is not part
    of the button's name, which stays its words)."""
    key = KEYS.get(action)
    if not key:
        return None
    shown = SHOWN_KEYS.get(key, key)
    return h("kbd", {"class": "key", "aria-hidden": "true", "data-key-label": shown})


def tool_button(
    action: str,
    label: str,
    enabled: bool = True,
    icon_name: str = "",
    cls: str = "btn icon",
    why: str = "",
) -> str:
    """An icon button with its words (shown when there is room) and key; ``why`` says why
    it is off (its tool tip and its description)."""
    key = (action, label, enabled, icon_name, cls, why)
    made = BUTTONS.get(key)
    if made is not None:  # the bars draw the same buttons at every move
        return made
    attrs = {
        "type": "button",
        "class": cls,
        "data-action": action,
        "aria-label": label,
        "title": label + " – " + why if why else label,
        "aria-description": why or None,
        "aria-keyshortcuts": KEYS.get(action),
        "disabled": not enabled,
    }
    words = h("span", {"class": "lbl"}, label)
    made = str(h("button", attrs, raw(icon(icon_name or action)), words, kbd(action)))
    return remembered(key, made)


def button(action: str, label: str, cls: str = "btn", enabled: bool = True) -> str:
    """A button with its words, and its key when it has one."""
    key = (action, label, cls, enabled)
    made = BUTTONS.get(key)
    if made is not None:
        return made
    attrs = {
        "type": "button",
        "class": cls,
        "data-action": action,
        "aria-keyshortcuts": KEYS.get(action),
        "disabled": not enabled,
    }
    return remembered(key, str(h("button", attrs, label, kbd(action))))


BUTTONS: "dict[tuple[Any, ...], str]" = {}  # buttons made, by what they were made of


def remembered(key: "tuple[Any, ...]", made: str) -> str:
    if len(BUTTONS) >= 200:  # (a few dozen in all, in each language shown)
        BUTTONS.clear()
    BUTTONS[key] = made
    return made


def px(x: float) -> str:
    """A length in CSS px with at most one decimal: ``12.0`` → ``12px``."""
    return decimal(x) + "px"
