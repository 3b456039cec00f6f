"""The teacher's table never shrinks by accident (issue 30): a kept entry that cannot be read is
set aside with why, never dropped with the others; every result added, again or not, is
replayed; the pasted lines come in one intent; an empty file, a photo or a zip is said once; a
code pasted with a byte-order mark reads (longana/classplay/table.py, the ``class-table``
intent of longana/protocol.py)."""

from __future__ import annotations

import json
import zlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from longana.classplay import ClassCode, Result
from longana.classplay import replay as replay_module
from longana.classplay.replay import play_class
from longana.classplay.table import Table
from longana.device.session import Session
from longana.protocol import Game
from longana.rules.tiles import Move

SOLO = ("person", "computer", "computer", "computer")
CODE = ClassCode.make("TB", SOLO, "easy", 10)


def played(k: int, name: str, hands: int = 99, code: ClassCode = CODE) -> Result:
    """A whole match (or its first ``hands``) where the person takes the k-th legal move."""
    game = play_class(code, hands, lambda game, legal: legal[k % len(legal)])
    return Result.of(game, 0, name)


@pytest.fixture(scope="module")
def three() -> list[Result]:
    return [played(0, "Ana"), played(1, "Bo"), played(2, "Cy")]


def ask(**intent: Any) -> dict[str, Any]:
    reply = json.loads(Game().handle(json.dumps({"do": "class-table", **intent})))
    assert isinstance(reply, dict) and "error" not in reply, reply
    return reply


def entries(results: list[Result]) -> list[list[Any]]:
    return [[r.text, r.proof] for r in results]


def test_an_unreadable_kept_entry_is_set_aside_never_dropped(three: list[Result]) -> None:
    """The audit: one kept proof with a 5,000-digit number emptied the table, and the next
    Add stored only the new result. Now each kept entry stands alone."""
    ana, bo, cy = three
    huge = [ana.text, {**ana.proof, "hands": [10**5000]}]  # as the page's store may hold it
    other_release = ["7B-PCCC-N100-2ZQ/3ABC-DEFG-HJ", {}]
    kept = [huge, entries([bo])[0], "not an entry", other_release, ["garbage", None], [7, {}]]
    reply = Table().answer(CODE, kept, [cy.text])
    assert [e[0] for e in reply["keep"]] == [ana.text, bo.text, cy.text]  # Ana replayed
    assert [a["entry"] for a in reply["aside"]] == kept[2:]
    assert [(r["kept"], r["code"]) for r in reply["refused"]] == [
        (2, "class-format"),
        (3, "class-version"),
        (4, "class-format"),
        (5, "class-format"),
    ]
    assert sorted(r["name"] for r in reply["table"]["rows"]) == ["Ana", "Bo", "Cy"]


def test_every_result_added_again_is_replayed(three: list[Result]) -> None:
    """A proof edited on the teacher's device is taken as the teacher's own while it is kept;
    the same code added again is replayed and its true result replaces the edited one."""
    ana, bo, _ = three
    edited = [ana.text, {**ana.proof, "hands": [p + 50 for p in ana.proof["hands"]]}]
    table = Table()
    first = table.answer(CODE, [edited, entries([bo])[0]], [])
    shown = {r["name"]: r["points"] for r in first["table"]["rows"]}
    assert shown["Ana"] == [p + 50 for p in ana.hands]
    again = table.answer(CODE, first["keep"], [ana.text])
    assert [a["again"] for a in again["accepted"]] == [True]
    assert again["keep"] == entries([ana, bo])  # in its place, with the true proof
    assert {r["name"]: r["points"] for r in again["table"]["rows"]}["Ana"] == list(ana.hands)


def test_a_kept_proof_is_not_replayed_and_an_added_code_always_is(
    three: list[Result], monkeypatch: pytest.MonkeyPatch
) -> None:
    ana, bo, _ = three

    def no_replay(game: Session, path: int) -> Move:
        raise AssertionError("replayed")

    with monkeypatch.context() as patched:
        patched.setattr(replay_module, "computer_answer", no_replay)
        kept = ask(kept=entries([ana, bo]), texts=[], **{"class": CODE.text})
        assert kept["keep"] == entries([ana, bo]) and kept["aside"] == []
        with pytest.raises(AssertionError):
            ask(kept=entries([ana]), texts=[bo.text], **{"class": CODE.text})
        with pytest.raises(AssertionError):  # the same code as a kept one: replayed too
            ask(kept=entries([ana]), texts=[ana.text], **{"class": CODE.text})


def test_all_the_lines_in_one_intent_with_their_places(three: list[Result]) -> None:
    ana, bo, cy = three
    lines = "\ufeff" + ana.text + "\r\n\r\n" + bo.text.lower() + "\nnope\n" + cy.text + "\n"
    reply = ask(kept=[], texts=[lines, "\ufeff" + cy.to_json()], **{"class": CODE.text})
    assert [(a["input"], a["line"], a.get("again")) for a in reply["accepted"]] == [
        (0, 1, None),
        (0, 3, None),
        (0, 5, None),
        (1, 1, True),  # a file with a byte-order mark, Cy's again
    ]
    assert [(r["input"], r["line"], r["code"]) for r in reply["refused"]] == [
        (0, 4, "class-format")
    ]
    assert len(reply["keep"]) == 3


PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 8
ZIP = b"PK\x03\x04\x14\x00\x00\x00\x08\x00" + zlib.compress(b"x" * 5000) + b"\nPK\x05\x06"


@pytest.mark.parametrize("data", [PNG, ZIP])
def test_a_photo_or_a_zip_is_refused_once(data: bytes) -> None:
    """Read by the page as text (bad bytes as U+FFFD), a binary file was one refusal a line."""
    text = data.decode("utf-8", "replace")
    assert text.count("\n") > 1
    reply = ask(kept=[], texts=[text], **{"class": CODE.text})
    assert [(r["input"], r["line"], r["code"]) for r in reply["refused"]] == [
        (0, 1, "class-not-text")
    ]


@pytest.mark.parametrize("text", ["", "\n\n  \r\n", "\ufeff"])
def test_an_empty_file_is_said(text: str) -> None:
    reply = ask(kept=[], texts=[text], **{"class": CODE.text})
    assert [r["code"] for r in reply["refused"]] == ["class-empty"]


def test_a_kept_table_of_another_release_is_said() -> None:
    """The page offers the old table as a file before starting the new class."""
    reply = ask(kept=[], texts=[], **{"class": "7B-PCCC-N100-2ZQ"})
    assert reply == {"class_refused": {"code": "class-version", "params": {"version": "2"}}}


def test_partial_results_are_said_in_the_table() -> None:
    code = ClassCode.make("TP", SOLO, "easy", 150)
    whole = [played(k, name, code=code) for k, name in enumerate(("Ana", "Bo", "Cy"))]
    early = played(0, "Dee", hands=1, code=code)
    assert not early.finished and all(r.finished and len(r.hands) > 1 for r in whole)
    reply = ask(kept=entries(whole), texts=[early.text], **{"class": code.text})
    rows = {r["name"]: r for r in reply["table"]["rows"]}
    assert rows["Dee"]["partial"] and "partial" in rows["Dee"]["flags"]
    assert rows["Dee"]["played"] == 1 and rows["Dee"]["rank"] == 4
    assert not any(rows[n]["partial"] for n in ("Ana", "Bo", "Cy"))


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**60), max_value=10**60)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(odd=st.lists(JSON, max_size=4), at=st.integers(0, 3), texts=st.lists(JSON, max_size=3))
def test_the_table_never_holds_fewer_entries_than_it_read(
    three: list[Result], odd: list[Any], at: int, texts: list[Any]
) -> None:
    kept = entries(three)
    kept[at % 3 : at % 3] = odd
    reply = json.loads(
        Game().handle(
            json.dumps({"do": "class-table", "class": CODE.text, "kept": kept, "texts": texts})
        )
    )
    assert len(reply["keep"]) + len(reply["aside"]) >= len(kept)
    assert [e[0] for e in reply["keep"]][:3] == [r.text for r in three]
    assert all(a["entry"] in odd for a in reply["aside"])
