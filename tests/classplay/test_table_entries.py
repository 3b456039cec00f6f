"""Issue 37, item 2, in the worker: a teacher's table no single entry can block.

Each kept entry comes as its own JSON text and is read and checked on its own, within bounds: a
proof carrying one extra key is read with the key ignored (``1e999``) or, past the bounds (a number
thousands of digits long, a value nested 120 deep), set aside alone; the others are shown (the page
leaves such keys out before it sends: tests/ui/test_table_bound.py). With ``page``, a kept entry
that stays comes back by its place, the rows a page at a time (``class-rows``) with their CSV
lines, which are quoted wherever a common locale's spreadsheet would split them."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from longana.classplay import ClassCode, Result
from longana.classplay.replay import play_class
from longana.classplay.standings import csv_cell
from longana.protocol import Game

SOLO = ("person", "computer", "computer", "computer")
CODE = ClassCode.make("TE", SOLO, "easy", 10)
HUGE = "9" * 5000
DEEP = "[" * 120 + "]" * 120


def played(k: int, name: str) -> Result:
    return Result.of(play_class(CODE, 99, lambda game, legal: legal[k % len(legal)]), 0, name)


@pytest.fixture(scope="module")
def four() -> list[Result]:
    return [played(k, name) for k, name in enumerate(("Ana", "Bo", "Cy", "Di"))]


def text_of(result: Result, extra: str = "") -> str:
    """A kept entry's text as the page holds it, ``extra`` a key written into its proof."""
    proof = json.dumps(result.proof)
    if extra:
        proof = proof[:-1] + ', "x": ' + extra + "}"
    return "[" + json.dumps(result.text) + ", " + proof + "]"


def ask(game: Game, **intent: Any) -> dict[str, Any]:
    reply = json.loads(game.handle(json.dumps({"do": "class-table", **intent})))
    assert isinstance(reply, dict) and "error" not in reply, reply
    return reply


@pytest.mark.parametrize("extra", [HUGE, DEEP, "1e999"], ids=["5000-digits", "120-deep", "1e999"])
def test_one_extra_key_in_a_kept_proof_blocks_nothing(four: list[Result], extra: str) -> None:
    ana, bo, cy, di = four
    kept = [text_of(ana), text_of(bo, extra), text_of(cy)]
    reply = ask(Game(), **{"class": CODE.text}, kept=kept, texts=[di.text], page=100)
    names = sorted(r["name"] for r in reply["table"]["rows"])
    if extra != "1e999":  # past the worker's bounds: that entry alone is set aside, and said
        assert names == ["Ana", "Cy", "Di"]
        assert [a["kept"] for a in reply["aside"]] == [1] and reply["aside"][0]["code"]
    else:  # read, its unknown key ignored
        assert names == ["Ana", "Bo", "Cy", "Di"] and reply["aside"] == []
    assert len(reply["keep"]) + len(reply["aside"]) == 4, "every entry kept or set aside"


def test_a_kept_entry_that_stays_comes_back_by_its_place(four: list[Result]) -> None:
    ana, bo, cy, di = four
    kept = [text_of(ana), text_of(bo), "not JSON", text_of(cy)]
    reply = ask(Game(), **{"class": CODE.text}, kept=kept, texts=[di.text, bo.text], page=100)
    keep = reply["keep"]
    assert keep[0] == 0 and keep[2] == 3, "kept as they were sent: by their places"
    assert keep[1] == [bo.text, bo.proof], "Bo added again: replayed, its entry given"
    assert keep[3] == [di.text, di.proof]
    assert [a["kept"] for a in reply["aside"]] == [2]
    assert {a["name"] for a in reply["accepted"]} == {"Bo", "Di"}
    assert all("proof" not in a for a in reply["accepted"]), "no proofs the page holds already"


def test_the_rows_come_a_page_at_a_time_with_their_csv_lines(four: list[Result]) -> None:
    game = Game()
    kept = [text_of(r) for r in four]
    whole = ask(Game(), **{"class": CODE.text}, kept=kept, texts=[])
    first = ask(game, **{"class": CODE.text}, kept=kept, texts=[], page=3)
    assert first["table"]["count"] == 4 and len(first["table"]["rows"]) == 3
    rows = list(first["table"]["rows"])
    csv_text = first["table"]["csv"]
    while len(rows) < first["table"]["count"]:
        more = json.loads(
            game.handle(json.dumps({"do": "class-rows", "start": len(rows), "count": 3}))
        )
        assert more["from"] == len(rows)
        rows += more["rows"]
        csv_text += more["csv"]
    assert rows == whole["table"]["rows"] and csv_text == whole["table"]["csv"]
    refused = json.loads(game.handle('{"do": "class-rows", "start": -1, "count": 3}'))
    assert refused["error"]["code"] == "bad-rows"


@pytest.mark.parametrize("name", ["Ana;Bo", "Ana,Bo", "Ana\tBo", 'Ana "B" Bo', "=1+1", "Ana"])
def test_a_csv_cell_reads_whole_in_every_common_locale(name: str) -> None:
    cell = csv_cell(name)
    for delimiter in (",", ";", "\t"):
        (row,) = csv.reader(io.StringIO(cell + delimiter + "x\r\n"), delimiter=delimiter)
        assert row == [name, "x"], (delimiter, cell)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    junk=st.lists(
        st.one_of(
            st.text(max_size=40),
            st.sampled_from(["[]", "{}", "null", DEEP, "[" + HUGE + "]", '["x", {}]', "1e999"]),
        ),
        max_size=5,
    ),
    at=st.integers(0, 5),
)
def test_any_kept_text_sets_aside_only_itself(four: list[Result], junk: list[str], at: int) -> None:
    good = [text_of(r) for r in four[:2]]
    kept = good[:1] + junk[:at] + good[1:] + junk[at:]
    reply = ask(Game(), **{"class": CODE.text}, kept=kept, texts=[], page=100)
    assert sorted(r["name"] for r in reply["table"]["rows"]) == ["Ana", "Bo"]
    assert len(reply["keep"]) + len(reply["aside"]) == len(kept), "none dropped"
    assert set(reply["keep"]) >= {0, kept.index(good[1])}, "the good ones by their places"


# -- texts added that look like nothing, or are no text past their start -------------------------


def refusals(texts: list[str]) -> list[tuple[int, int, str]]:
    reply = ask(Game(), **{"class": CODE.text}, kept=[], texts=texts)
    return [(r["input"], r["line"], r["code"]) for r in reply["refused"]]


@pytest.mark.parametrize(
    "text",
    ["\u2028" * 5, "\u2029\u2028\x85", "\u00a0\n\u00a0", "\u00a0\u3000\n\u2007\n\ufeff\u200b"],
    ids=["line-separators", "paragraph-separators", "no-break-spaces", "other-spaces"],
)
def test_a_file_that_looks_empty_is_said_empty_once(text: str) -> None:
    assert refusals([text]) == [(0, 1, "class-empty")]


def test_a_photo_after_4_kb_of_codes_is_refused_once_as_no_text(four: list[Result]) -> None:
    codes = "\n".join([four[0].text] * (5000 // len(four[0].text) + 1))
    assert len(codes) > 4096
    photo = (b"\x89PNG\r\n\x1a\n\x00\x00" + bytes(range(256))).decode("utf-8", "replace")
    assert refusals([codes + "\n" + photo]) == [(0, 1, "class-not-text")]
