"""The rules panel's drawn example comes from the engine, and its words from the catalog."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from conftest import catalog

from longana.device.diagram import EXAMPLE, EXAMPLE_TILE, example, example_hand, example_of, marks
from longana.rules.board import Board
from longana.rules.tiles import E, N, S, Tile, W
from ui import diagram
from ui.rules_panel import FIGURE_SECTION, rules_html

CATALOG = catalog()
TEXT = CATALOG["rules"]["diagram"]
SVG = "{http://www.w3.org/2000/svg}"


SECTION_IDS = ("deal", "opener", "turns", "branches", "priority", "doubles", "end", "match")


def draw(board: Board, seat: int, tile: Tile, text: dict[str, Any]) -> str:
    """The page's drawing of a position the engine judged."""
    return diagram.draw(example_of(board, seat, tile), text)


def caption(board: Board, seat: int, tile: Tile, text: dict[str, Any]) -> list[Any]:
    return diagram.caption(example_of(board, seat, tile), text)


def branches(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {
        g.attrib["data-diagram-branch"]: g
        for g in root.iter(f"{SVG}g")
        if "data-diagram-branch" in g.attrib
    }


def classes(group: ET.Element) -> set[str]:
    return {e.attrib["class"] for e in group.iter() if "class" in e.attrib}


def test_the_example_is_the_cards_position_reached_by_legal_moves() -> None:
    hand = example_hand()
    board = hand.board
    assert hand.to_move == S and EXAMPLE_TILE in hand.tiles(S)
    assert (board.ends[E], board.order[E]) == (6, 1), "East open at 6, opened first"
    assert (board.ends[N], board.order[N]) == (6, 2), "North open at 6, opened second"
    assert board.ends[S] == 3 and not board.is_open(S), "your own branch ends at 3"
    assert hand.is_legal(hand.legal_moves()[0])
    assert [str(m) for m in hand.legal_moves() if m.tile == EXAMPLE_TILE] == ["6-4@E"]
    assert len(hand.played) == len(EXAMPLE["moves"])


def test_the_drawing_marks_east_legal_and_crosses_north() -> None:
    svg, lines = diagram.draw(example(), TEXT), diagram.caption(example(), TEXT)
    drawn = branches(svg)
    assert set(drawn) == {"S", "E", "N", "W"}
    assert drawn["E"].attrib["data-verdict"] == "legal"
    assert "check" in classes(drawn["E"]) and "slot" in classes(drawn["E"])
    assert "cross" not in classes(drawn["E"])
    assert drawn["N"].attrib["data-verdict"] == "priority"
    assert "cross" in classes(drawn["N"]) and "check" not in classes(drawn["N"])
    for seat in "SW":
        assert drawn[seat].attrib["data-verdict"] == "no-match"
        assert not classes(drawn[seat]) & {"check", "cross", "slot"}
    assert (drawn["E"].attrib["data-end"], drawn["E"].attrib["data-open"]) == ("6", "true")
    assert (drawn["S"].attrib["data-end"], drawn["S"].attrib["data-open"]) == ("3", "false")
    assert [kind for kind, _ in lines] == ["tile", "legal", "forbidden"]
    assert "East's branch opened first" in lines[2][1]
    assert "North's branch" in lines[2][1]


def test_changing_the_position_changes_the_drawing() -> None:
    board = example_hand().board
    before = draw(board, S, EXAMPLE_TILE, TEXT)

    swapped = board.copy()  # North's branch opened first instead
    swapped.order[E], swapped.order[N] = 2, 1
    drawn = branches(draw(swapped, S, EXAMPLE_TILE, TEXT))
    assert drawn["N"].attrib["data-verdict"] == "legal" and "check" in classes(drawn["N"])
    assert drawn["E"].attrib["data-verdict"] == "priority" and "cross" in classes(drawn["E"])

    closed = board.copy()  # North's branch closed: only East's is open at 6
    closed.order[N] = 0
    drawn = branches(draw(closed, S, EXAMPLE_TILE, TEXT))
    assert drawn["E"].attrib["data-verdict"] == "legal"
    assert drawn["N"].attrib["data-verdict"] == "closed" and "cross" in classes(drawn["N"])
    assert [k for k, _ in caption(closed, S, EXAMPLE_TILE, TEXT)] == ["tile", "legal", "forbidden"]

    own = board.copy()  # your own branch ends at 4: exempt from priority, always allowed
    own.ends[S] = 4
    drawn = branches(draw(own, S, EXAMPLE_TILE, TEXT))
    assert drawn["S"].attrib["data-verdict"] == "legal"
    assert drawn["N"].attrib["data-verdict"] == "priority"

    other_tile = draw(board, S, Tile(6, 5), TEXT)
    assert other_tile != before and "5" in other_tile

    assert draw(board, S, EXAMPLE_TILE, TEXT) == before, "the same position, the same drawing"


def test_the_drawing_agrees_with_the_engine_for_every_seat_and_tile() -> None:
    board = example_hand().board
    for seat in (S, E, N, W):
        for tile in (Tile(6, 4), Tile(6, 6), Tile(3, 3), Tile(1, 0), Tile(9, 8)):
            drawn = branches(draw(board, seat, tile, TEXT))
            for mark in marks(board, seat, tile):
                allowed = board.reason(seat, tile, mark.branch) is None
                verdict = drawn["SENW"[mark.branch]].attrib["data-verdict"]
                assert (verdict == "legal") == allowed


def test_no_words_in_the_drawing_come_from_anywhere_but_the_catalog() -> None:
    marked: dict[str, Any] = {
        key: (
            {k: f"<{key}.{k}>" for k in value}
            if isinstance(value, dict)
            else f"<{key}>" + "".join(f" {{{p}}}" for p in re.findall(r"{(\w+)}", value))
        )
        for key, value in TEXT.items()
    }
    marked["and"] = " & "
    root = ET.fromstring(draw(example_hand().board, S, EXAMPLE_TILE, marked))
    for node in root.iter():
        words = (node.text or "").strip()
        if node.tag in (f"{SVG}title", f"{SVG}desc"):
            assert words.startswith("<")
        elif words:
            assert re.fullmatch(r"[\d|+]+", words) or words.startswith("<"), words
    assert not re.search(
        r"[A-Za-z]{3,}",
        "".join(
            a
            for n in root.iter()
            for k, a in n.attrib.items()
            if k
            not in (
                "xmlns",
                "role",
                "font-family",
                "class",
                "fill",
                "stroke",
                "text-anchor",
                "dominant-baseline",
                "font-weight",
                "aria-labelledby",
                "id",
            )
            and not k.startswith("data-")
        ),
    )


def test_the_svg_has_a_title_for_screen_readers_and_no_game_attributes() -> None:
    svg = diagram.draw(example(), TEXT)
    root = ET.fromstring(svg)
    assert root.attrib["role"] == "img"
    title = root.find(f"{SVG}title")
    assert (
        title is not None and title.text == "Equal-end priority: 6-4 may go on East's branch only"
    )
    # the page's automation counts data-tile and data-branch: the example must not add any
    assert "data-tile" not in svg and "data-branch=" not in svg and "data-target" not in svg


def test_the_rules_text_has_every_section_in_order_with_the_figure() -> None:
    found = CATALOG["rules"]["sections"]
    assert tuple(s["id"] for s in found) == SECTION_IDS
    assert all(s["title"] and s["paragraphs"] for s in found)
    html = rules_html(CATALOG["rules"], example())
    assert html.count("<section") == len(SECTION_IDS) and html.count("<svg") == 1
    figure_at = html.index("<svg")
    assert (
        html.rindex(f'data-rules-section="{FIGURE_SECTION}"', 0, figure_at)
        > html.rindex("<section", 0, figure_at) - 1
    )
    assert "100" in html and "6-4" in html and "East" in html
    assert "<svg" not in rules_html(CATALOG["rules"], None), "no data, no drawing"


@pytest.mark.parametrize(
    "words",
    [
        "55 tiles",
        "8 tiles",
        "highest double",
        "counterclockwise",
        "opened first",
        "own branch",
        "closed",
        "across",
        "Domino",
        "lowest",
        "nobody scores",
        "100",
    ],
)
def test_the_rules_cover_what_rules_md_fixes(words: str) -> None:
    text = " ".join(p for s in CATALOG["rules"]["sections"] for p in s["paragraphs"])
    assert words in text
