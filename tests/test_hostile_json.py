"""JSON from outside is measured before it is parsed (longana/rules/records.py ``read_json``):
deep nesting overflows the JavaScript stack inside Pyodide (a fatal error, not RecursionError,
that kills the game worker), so every text the worker parses — intents, saves, imported
records, class result files — is refused as ``too-deep`` first, and one over 8 MiB as
``too-large``; files up to that size are read."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from longana.classplay import ClassCode, ClassError, Result
from longana.classplay.replay import play_class
from longana.protocol import MAX_INTENT, Game
from longana.rules.match import Match
from longana.rules.records import (
    MAX_JSON_DEPTH,
    MAX_JSON_TEXT,
    JsonLimitError,
    hand_record,
    json_depth,
    read_json,
)

DEEP = "[" * 100_000 + "]" * 100_000


def reply_to(table: Game, intent: dict[str, Any]) -> dict[str, Any]:
    answer = json.loads(table.handle(json.dumps(intent)))
    assert isinstance(answer, dict)
    return answer


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("", 0),
        ("7", 0),
        ("[]", 1),
        ('{"a": [1, {"b": []}]}', 4),
        ('["[[[[", "]]", "\\"[["]', 1),  # brackets in strings, escaped quotes too
        ('{"a\\\\": "[", "b": [[]]}', 3),  # an escaped backslash ends before the quote
        ("[[]][[[]]]", 3),
        ('"[[[', 0),  # an unfinished string: the parser stops there
        ('[1, "a\\\\\\"[", []]', 2),  # an escaped backslash, then an escaped quote
        ("[[[[", 4),  # brackets never closed: the parser goes down all the same
    ],
)
def test_depth_counts_brackets_outside_strings(text: str, depth: int) -> None:
    assert json_depth(text) == depth


def test_deep_and_large_texts_are_refused_before_parsing() -> None:
    assert read_json("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH) is not None
    for text in ("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1), DEEP, '{"a":' * 5000):
        with pytest.raises(JsonLimitError) as caught:
            read_json(text)
        assert caught.value.code == "too-deep" and caught.value.limit == MAX_JSON_DEPTH
    with pytest.raises(JsonLimitError) as caught:
        read_json(" " * (MAX_JSON_TEXT + 1))
    assert caught.value.code == "too-large" and caught.value.limit == MAX_JSON_TEXT
    with pytest.raises(ValueError):
        read_json("[1,")  # no JSON: json.loads says so, as before


def test_a_flat_file_of_8_mib_is_read_whole() -> None:
    """The largest file taken, flat, is read whole (its time is printed: about 1 s alone)."""
    record = hand_record(Match("8").hand)
    line = json.dumps(record)
    text = "[" + ",".join([line] * (MAX_JSON_TEXT // (len(line) + 1) - 1)) + "]"
    assert MAX_JSON_TEXT - len(text) < 2 * len(line)
    start = time.perf_counter()
    read = read_json(text)
    print(f"\n8 MiB of hand records read in {time.perf_counter() - start:.2f} s")
    assert len(read) == text.count(line) > 10_000 and read[-1] == record


def test_the_worker_answers_deep_intents_with_a_code() -> None:
    table = Game()
    assert json.loads(table.handle(DEEP)) == {
        "error": {
            "code": "too-deep",
            "detail": f"the JSON nests deeper than {MAX_JSON_DEPTH} levels",
        }
    }
    huge = json.loads(table.handle(" " * (MAX_INTENT + 1)))
    assert huge["error"]["code"] == "too-large"
    nested = '{"do": "start", "save": null, "x": ' + DEEP + "}"
    assert json.loads(table.handle(nested))["error"]["code"] == "too-deep"
    assert "frame" in reply_to(table, {"do": "start", "save": None, "deal": "7"})  # it goes on


def test_a_deep_save_is_set_aside_as_corrupt() -> None:
    reply = reply_to(Game(), {"do": "start", "save": DEEP, "deal": None})
    assert "frame" in reply and "nests deeper" in reply["corrupt"]["detail"]
    code = ClassCode.make("J1", ("person", "computer", "computer", "computer"), "easy", 10)
    reply = reply_to(Game(), {"do": "class-start", "code": code.text, "save": DEEP})
    assert "frame" in reply and "corrupt" in reply


def test_imports_refuse_deep_and_huge_files_and_read_large_ones() -> None:
    table = Game()
    reply_to(table, {"do": "start", "save": None, "deal": "7"})
    for text, code in ((DEEP, "too-deep"), ("[" + " " * MAX_JSON_TEXT + "]", "too-large")):
        refused = reply_to(table, {"do": "import", "text": text})["refused"]
        assert refused["code"] == code and refused["params"]["detail"]
    lines = "\n".join(["[" * 50 + "]" * 50] * 3)  # each line shallow: JSON lines are read too
    refused = reply_to(table, {"do": "import", "text": lines})["refused"]
    assert refused["code"] == "import-hand" and refused["params"]["line"] == 1  # not a record
    match = Match("9")
    while match.hand.outcome is None:  # a finished hand: only those are stepped through
        match.push(match.hand.legal_moves()[0])
    record = json.dumps(hand_record(match.hand))
    padded = record[:-1] + " " * (MAX_JSON_TEXT - len(record) - 10) + "}"
    assert reply_to(table, {"do": "import", "text": padded})["replay"]["count"] == 1


def test_result_files_refuse_deep_and_huge_texts_and_read_large_ones() -> None:
    code = ClassCode.make("J2", ("person", "computer", "computer", "computer"), "easy", 10)
    result = Result.of(play_class(code, 1, lambda game, legal: legal[0]), 0, "Ana")
    for text, expected in (
        ('{"kind": ' + DEEP + "}", "too-deep"),
        (result.to_json() + " " * MAX_JSON_TEXT, "too-large"),
    ):
        with pytest.raises(ClassError) as caught:
            Result.from_json(text)
        assert caught.value.code == expected
        reply = reply_to(Game(), {"do": "class-table", "class": code.text, "texts": [text]})
        assert reply["refused"][0]["code"] == "class-" + expected
    large = result.to_json()[:-2] + " " * (MAX_JSON_TEXT - len(result.to_json())) + "}"
    assert Result.from_json(large) == result
