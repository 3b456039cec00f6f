"""Small pieces of HTML text the page is built from: escaping, tiles, icons, buttons.

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
    return (
        str(value)
        .replace("&", "&amp;")
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


def half(value: int, horizontal: bool) -> str:
    dots = []
    for p in PIPS[value]:
        if horizontal:  # transpose so that rows of pips run along the tile
            r, c = divmod(p - 1, 3)
            p = c * 3 + r + 1
        dots.append('<i class="d d' + str(p) + '"></i>')
    return '<span class="half v' + str(value) + '">' + "".join(dots) + "</span>"


def tile_face(
    tile: str,
    label: str,
    orient: str = "v",
    first: Any = None,
    tag: str = "span",
    cls: str = "",
    attrs: str = "",
    data: bool = True,
) -> str:
    """A face-up tile. ``orient`` "v" stacks its halves, "h" lays them side by side;
    ``first`` is the number shown first (top or left); ``label`` its spoken name.
    ``data=False`` leaves out ``data-tile`` (a preview, or a tile in the record panel)."""
    high, low = pips(tile)
    x, y = high, low
    if first is not None and first == low:
        x, y = low, high
    horizontal = orient == "h"
    classes = "tile " + orient + (" double" if high == low else "") + (" " + cls if cls else "")
    extra = ' type="button"' if tag == "button" else ""
    if tag == "span" and "role=" not in attrs:
        extra = ' role="img"'  # a named picture (a bare span may carry no aria-label)
    tile_attr = ' data-tile="' + tile + '"' if data else ""
    return (
        "<"
        + tag
        + extra
        + ' class="'
        + classes
        + '"'
        + tile_attr
        + ' aria-label="'
        + escape(label)
        + '"'
        + attrs
        + ">"
        + half(x, horizontal)
        + '<span class="mid"></span>'
        + half(y, horizontal)
        + "</"
        + tag
        + ">"
    )


def tile_back(orient: str = "v") -> str:
    return '<span class="tile back ' + orient + '" aria-hidden="true"></span>'


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


def key_attrs(action: str) -> str:
    key = KEYS.get(action)
    return ' aria-keyshortcuts="' + key + '"' if key else ""


def kbd(action: str) -> str:
    """The key shown on a button: drawn by CSS from ``data-key-label`` (so that it is not part
    of the button's name, which stays its words)."""
    key = KEYS.get(action)
    if not key:
        return ""
    shown = SHOWN_KEYS.get(key, key)
    return '<kbd class="key" aria-hidden="true" data-key-label="' + shown + '"></kbd>'


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
    off = "" if enabled else " disabled"
    title = label + " – " + why if why else label
    described = ' aria-description="' + escape(why) + '"' if why else ""
    return (
        '<button type="button" class="'
        + cls
        + '" data-action="'
        + action
        + '" aria-label="'
        + escape(label)
        + '" title="'
        + escape(title)
        + '"'
        + described
        + key_attrs(action)
        + off
        + ">"
        + icon(icon_name or action)
        + '<span class="lbl">'
        + escape(label)
        + "</span>"
        + kbd(action)
        + "</button>"
    )


def button(action: str, label: str, cls: str = "btn", enabled: bool = True) -> str:
    """A button with its words, and its key when it has one."""
    off = "" if enabled else " disabled"
    return (
        '<button type="button" class="'
        + cls
        + '" data-action="'
        + action
        + '"'
        + key_attrs(action)
        + off
        + ">"
        + escape(label)
        + kbd(action)
        + "</button>"
    )


def px(x: float) -> str:
    """A length in CSS px with at most one decimal: ``12.0`` → ``12px``."""
    return decimal(x) + "px"
