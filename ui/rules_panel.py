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
from .html import button, fragment, h, raw
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
    top, sub = "h" + str(heading_level), "h" + str(heading_level + 1)
    sections = []
    for item in rules["sections"]:
        section_id = str(item["id"])
        figure = None
        if section_id == FIGURE_SECTION and example is not None:
            figure = raw(figure_html(example, rules["diagram"]))
        said = None
        if section_id == LENGTH_SECTION and length:
            said = h("p", {"data-match-length": True}, length)
        sections.append(
            h(
                "section",
                {"data-rules-section": section_id},
                h(sub, {}, item["title"]),
                [h("p", {}, p) for p in item["paragraphs"]],
                figure,
                said,
            )
        )
    return fragment(h(top, {"id": "rules-heading"}, rules["title"]), raw(lead), sections)


def lessons_link(cat: Any) -> str:
    """The way from the rules to the lessons (``data-action="lessons"``): the same rules,
    learnt by playing."""
    go = raw(button("lessons", cat.t("lesson.button"), "btn primary"))
    return str(h("p", {"class": "rules-lessons"}, cat.t("lesson.in_rules"), " ", go))


def about_html(cat: Any, heading_level: int = 3) -> str:
    """The rule card's sentences beyond the rules: where this version comes from, the digital
    agreement on block scoring, and how the game behaves on the screen."""
    about = cat.raw("about")
    return str(
        h(
            "section",
            {"class": "rules-about", "id": "about", "data-about": True},
            h("h" + str(heading_level), {}, about["title"]),
            [h("p", {}, about[k]) for k in ABOUT],
        )
    )


def keys_html(cat: Any, heading_level: int = 3) -> str:
    """The controls: play by mouse or touch, or by the keyboard's keys as the rules panel
    lists them (the seat letters of the language shown)."""
    keys = cat.raw("keys")
    letters = cat.join([cat.letter(s) for s in SEATS], "or")
    items = [
        h("li", {}, cat.t("keys." + k, letters=letters))
        for k in ("tile", "branch", "confirm", "pass", "tools", "repeat", "command", "arrows")
    ]
    items.append(h("li", {}, cat.t("explain.key")))  # X: the hint's reasons
    return str(
        h(
            "section",
            {"class": "rules-keys", "data-keys": True},
            h("h" + str(heading_level), {}, keys["title"]),
            h("p", {}, keys["direct"]),
            h("p", {}, keys["intro"]),
            h("ul", {"class": "keys"}, items),
        )
    )


def figure_html(example: "dict[str, Any]", text: "dict[str, Any]") -> str:
    lines = [
        h(
            "li",
            {"data-caption": kind},
            h("span", {"aria-hidden": "true"}, MARKS[kind]),
            " ",
            tile_names(words),
        )
        for kind, words in caption(example, text)
    ]
    drawn = raw(draw(example, text))
    caption_part = h("figcaption", {}, h("ul", {}, lines))
    return str(h("figure", {"class": "rules-figure"}, drawn, caption_part))
