"""The rules panel's content: the rules from the message catalog, with the drawn example.

The words live in ``locales/<lang>.json`` under ``"rules"`` (sections in order, each with a
title and paragraphs; ``"diagram"`` for the drawing's labels). The drawing is
:func:`ui.diagram.draw` of the engine's example (``rules-example.json``); it goes into the
section named :data:`FIGURE_SECTION`. Under the heading, the way to the lessons. After the
rules come the rule card's other sentences, "About this game" (``"about"``: the source, the
digital agreement, previews, handoff, the computer's honesty, pause, undo, restart, no timer),
and the controls with the keys (``"keys"``).
Runs under MicroPython and CPython.
"""

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from .diagram import caption, draw
from .html import button, escape
from .i18n import tile_names
from .notation import SEATS

FIGURE_SECTION = "priority"
LENGTH_SECTION = "match"  # winning the match: the card's sentence, then this match's length
#: "About this game" in the rule card's order (a list: MicroPython's dicts keep no order)
ABOUT = ("source", "agreement", "preview", "handoff", "fair", "pause", "undo", "restart", "limits")
MARKS = {"legal": "\u2713", "forbidden": "\u2717", "tile": ""}  # tick, cross: not words


def rules_html(
    rules: "dict[str, Any]", example: Any, heading_level: int = 2, lead: str = "", length: str = ""
) -> str:
    """The panel's inner HTML: a heading (and ``lead`` under it), then one ``<section>`` per
    part of the rules (the drawing only when the example's data is at hand). ``length``, the
    length of the match being played in words, follows the card's sentence on winning it."""
    h, sub = "h" + str(heading_level), "h" + str(heading_level + 1)
    parts = ["<" + h + ' id="rules-heading">' + escape(rules["title"]) + "</" + h + ">" + lead]
    for item in rules["sections"]:
        section_id = str(item["id"])
        parts.append(
            '<section data-rules-section="'
            + escape(section_id)
            + '"><'
            + sub
            + ">"
            + escape(item["title"])
            + "</"
            + sub
            + ">"
        )
        parts.extend("<p>" + escape(p) + "</p>" for p in item["paragraphs"])
        if section_id == FIGURE_SECTION and example is not None:
            parts.append(figure_html(example, rules["diagram"]))
        if section_id == LENGTH_SECTION and length:
            parts.append("<p data-match-length>" + escape(length) + "</p>")
        parts.append("</section>")
    return "".join(parts)


def lessons_link(cat: Any) -> str:
    """The way from the rules to the lessons (``data-action="lessons"``): the same rules,
    learnt by playing."""
    return (
        '<p class="rules-lessons">'
        + escape(cat.t("lesson.in_rules"))
        + " "
        + button("lessons", cat.t("lesson.button"), "btn primary")
        + "</p>"
    )


def about_html(cat: Any, heading_level: int = 3) -> str:
    """The rule card's sentences beyond the rules: where this version comes from, the digital
    agreement on block scoring, and how the game behaves on the screen."""
    about = cat.raw("about")
    h = "h" + str(heading_level)
    return (
        '<section class="rules-about" id="about" data-about><'
        + h
        + ">"
        + escape(about["title"])
        + "</"
        + h
        + ">"
        + "".join("<p>" + escape(about[k]) + "</p>" for k in ABOUT)
        + "</section>"
    )


def keys_html(cat: Any, heading_level: int = 3) -> str:
    """The controls: play by mouse or touch, or by the keyboard's keys as the rules panel
    lists them (the seat letters of the language shown)."""
    keys = cat.raw("keys")
    letters = cat.join([cat.letter(s) for s in SEATS], "or")
    items = "".join(
        "<li>" + escape(cat.t("keys." + k, letters=letters)) + "</li>"
        for k in ("tile", "branch", "confirm", "pass", "tools", "repeat", "command", "arrows")
    )
    items += "<li>" + escape(cat.t("explain.key")) + "</li>"  # X: the hint's reasons
    h = "h" + str(heading_level)
    return (
        '<section class="rules-keys" data-keys><'
        + h
        + ">"
        + escape(keys["title"])
        + "</"
        + h
        + "><p>"
        + escape(keys["direct"])
        + "</p><p>"
        + escape(keys["intro"])
        + '</p><ul class="keys">'
        + items
        + "</ul></section>"
    )


def figure_html(example: "dict[str, Any]", text: "dict[str, Any]") -> str:
    lines = "".join(
        '<li data-caption="'
        + kind
        + '"><span aria-hidden="true">'
        + MARKS[kind]
        + "</span> "
        + escape(tile_names(words))
        + "</li>"
        for kind, words in caption(example, text)
    )
    return (
        '<figure class="rules-figure">'
        + draw(example, text)
        + "<figcaption><ul>"
        + lines
        + "</ul></figcaption></figure>"
    )
