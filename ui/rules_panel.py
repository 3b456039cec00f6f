"""The rules panel's content: the rules from the message catalog, with the drawn example.

The words live in ``locales/<lang>.json`` under ``"rules"`` (sections in order, each with
a title and paragraphs; ``"diagram"`` for the drawing's labels). The drawing is
:func:`longana.diagram.example_figure`, computed from engine state; it goes into the section
named :data:`FIGURE_SECTION`. No ``js`` here: the page puts :func:`rules_html` into the panel
(``data-dialog="rules"``) and CPython tests read the same text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from typing import Any

from longana.diagram import Figure, example_figure

SECTION_IDS = ("deal", "opener", "turns", "branches", "priority", "doubles", "end", "match")
FIGURE_SECTION = "priority"
MARKS = {"legal": "\u2713", "forbidden": "\u2717", "tile": ""}  # tick, cross: not words


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    paragraphs: tuple[str, ...]
    figure: Figure | None = None


def sections(messages: Mapping[str, Any]) -> list[Section]:
    """The rules in order, from a catalog holding a ``"rules"`` entry."""
    rules = messages["rules"]
    out = []
    for item in rules["sections"]:
        section_id = str(item["id"])
        figure = example_figure(rules["diagram"]) if section_id == FIGURE_SECTION else None
        out.append(Section(section_id, str(item["title"]),
                           tuple(str(p) for p in item["paragraphs"]), figure))
    return out


def rules_html(messages: Mapping[str, Any], heading_level: int = 2) -> str:
    """The panel's inner HTML: a heading, then one ``<section>`` per part of the rules."""
    h, sub = f"h{heading_level}", f"h{heading_level + 1}"
    parts = [f'<{h} id="rules-heading">{escape(str(messages["rules"]["title"]))}</{h}>']
    for section in sections(messages):
        parts.append(f'<section data-rules-section="{escape(section.id)}">'
                     f"<{sub}>{escape(section.title)}</{sub}>")
        parts.extend(f"<p>{escape(p)}</p>" for p in section.paragraphs)
        if section.figure is not None:
            parts.append(figure_html(section.figure))
        parts.append("</section>")
    return "".join(parts)


def figure_html(figure: Figure) -> str:
    lines = "".join(
        f'<li data-caption="{kind}"><span aria-hidden="true">{MARKS[kind]}</span> '
        f"{escape(words)}</li>" for kind, words in figure.caption)
    return (f'<figure class="rules-figure">{figure.svg}'
            f'<figcaption><ul>{lines}</ul></figcaption></figure>')
