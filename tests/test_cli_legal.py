"""``python -m longana legal``: hand records in, one JSON answer per line out, never a traceback."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from typing import Any

import pytest

from longana.cli import legal_answer, serve
from longana.rules.board import SEAT_NAMES_LONG as LONG
from longana.rules.hand import Hand
from longana.rules.records import hand_record
from longana.rules.tiles import ALL_TILES, Move


def record_after(seed: int, count: int) -> dict[str, Any]:
    """A hand record of seeded random play after ``count`` moves (or to the end)."""
    rng = random.Random(seed)
    hand = Hand.deal(rng)
    for _ in range(count):
        if hand.is_over:
            break
        moves = hand.legal_moves()
        hand.push(moves[rng.randrange(len(moves))])
    return hand_record(hand)


def finished(seed: int) -> tuple[dict[str, Any], Hand]:
    rng = random.Random(seed)
    hand = Hand.deal(rng)
    while not hand.is_over:
        moves = hand.legal_moves()
        hand.push(moves[rng.randrange(len(moves))])
    return hand_record(hand), hand


def with_moves(record: dict[str, Any], moves: list[Any]) -> dict[str, Any]:
    return {**record, "moves": moves}


GOOD = record_after(3, 10)
NO_DOUBLES = {
    "hands": dict(
        zip(
            "SENW",
            ([str(t) for t in ALL_TILES if not t.is_double][i::4][:8] for i in range(4)),
            strict=True,
        )
    ),
    "moves": [],
}


def bad_lines() -> list[tuple[str, str]]:
    """(line, words the error must contain) for every kind of bad input."""
    seven = json.loads(json.dumps(GOOD))
    seven["hands"]["E"].pop()
    dup = json.loads(json.dumps(GOOD))
    dup["hands"]["N"][0] = dup["hands"]["S"][0]
    ten = json.loads(json.dumps(GOOD))
    ten["hands"]["W"][0] = "10-3"
    seat = json.loads(json.dumps(GOOD))
    seat["hands"]["X"] = seat["hands"].pop("W")
    hand = Hand.deal(random.Random(3))
    # a pass while the first play after the opening exists
    opened = [str(hand.legal_moves()[0])]
    hand.push(hand.legal_moves()[0])
    while hand.legal_moves() == [hand.legal_moves()[0]] and hand.legal_moves()[0].is_pass:
        opened.append("pass")
        hand.push(hand.legal_moves()[0])
    done, _ = finished(4)
    illegal = next(
        f"{t}@S"
        for t in ALL_TILES
        if f"{t}@S" not in legal_answer(with_moves(GOOD, GOOD["moves"][:1]))["legal"]
    )
    return [
        ("{not json", "line 1: not JSON"),
        ("[1, 2]", "hand record is a JSON object"),
        ('"hello"', "hand record is a JSON object"),
        ("null", "hand record is a JSON object"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("1" * 5000, "not usable JSON"),
        (json.dumps(seven), "E holds 7 tiles"),
        (json.dumps(dup), "dealt twice"),
        (json.dumps(ten), "'10-3' is not a tile"),
        (json.dumps(seat), "unknown seat 'X'"),
        (json.dumps(with_moves(GOOD, GOOD["moves"][:1] + [illegal])), f"move 1 ('{illegal}')"),
        (
            json.dumps(with_moves(GOOD, opened + ["pass"])),
            f"move {len(opened)} ('pass'): {LONG[hand.to_move]} cannot pass: you must play",
        ),
        (json.dumps(with_moves(GOOD, ["7-3@Q"])), "move 0 ('7-3@Q'): unknown seat"),
        (json.dumps(with_moves(GOOD, ["pass"])), "move 0 ('pass')"),
        (
            json.dumps(with_moves(done, done["moves"] + ["pass"])),
            f"move {len(done['moves'])} ('pass'): the hand is over",
        ),
        (json.dumps(with_moves(GOOD, "9-9")), '"moves" must be a list'),
        (json.dumps({**GOOD, "first_hand": False}), 'needs "winner"'),
    ]


def run_serve(lines: list[str]) -> list[dict[str, Any]]:
    out = io.StringIO()
    serve(legal_answer, [line + "\n" for line in lines], out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.mark.parametrize("line, words", bad_lines())
def test_bad_input_gives_an_error_line_and_the_next_line_is_answered(line: str, words: str) -> None:
    replies = run_serve([line, json.dumps(GOOD)])
    assert len(replies) == 2
    assert set(replies[0]) == {"error"}
    assert words in replies[0]["error"]
    assert replies[1] == legal_answer(GOOD)
    assert "legal" in replies[1]


def test_a_hand_in_progress_lists_its_legal_moves_sorted_as_strings() -> None:
    for count in range(0, 40, 3):
        record = record_after(11, count)
        hand = Hand.deal(random.Random(11))
        for move in record["moves"]:
            hand.push(Move.parse(move))
        if hand.is_over:
            continue
        reply = run_serve([json.dumps(record)])[0]
        assert reply == {
            "to_move": "SENW"[hand.to_move],
            "legal": sorted(str(m) for m in hand.legal_moves()),
        }
        assert reply["legal"] == sorted(reply["legal"])


def test_the_opening_lists_the_doubles_the_opener_may_choose() -> None:
    record = record_after(3, 0)
    reply = run_serve([json.dumps(record)])[0]
    hand = Hand.deal(random.Random(3))
    best = max(t for s in range(4) for t in hand.tiles(s) if t.is_double)
    assert reply == {"to_move": "SENW"[hand.opener], "legal": [str(best)]}
    later = {**record, "first_hand": False, "winner": "SENW"[hand.opener]}
    doubles = sorted(str(t) for t in hand.tiles(hand.opener) if t.is_double)
    assert run_serve([json.dumps(later)])[0]["legal"] == doubles


def test_a_finished_hand_is_reported_exactly_as_rules_md_says() -> None:
    record, hand = finished(4)
    outcome = hand.outcome
    assert outcome is not None
    reply = run_serve([json.dumps(record)])[0]
    assert reply == {
        "over": True,
        "reason": outcome.reason,
        "winner": None if outcome.winner is None else "SENW"[outcome.winner],
        "points": outcome.points,
        "pips": dict(zip("SENW", outcome.pips, strict=True)),
    }
    assert list(reply) == ["over", "reason", "winner", "points", "pips"]
    assert list(reply["pips"]) == ["S", "E", "N", "W"]


def test_a_deal_without_doubles_asks_for_a_redeal() -> None:
    assert run_serve([json.dumps(NO_DOUBLES)]) == [{"redeal": True}]


def test_blank_lines_are_skipped() -> None:
    assert run_serve(["", "   ", json.dumps(GOOD)]) == [legal_answer(GOOD)]


def test_the_command_answers_line_by_line_as_a_subprocess() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "longana", "legal"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        bufsize=1,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        # each answer arrives before the next line is written: the program flushes per line
        for line, words in bad_lines()[:4] + bad_lines()[6:]:
            process.stdin.write(line + "\n")
            process.stdin.flush()
            reply = json.loads(process.stdout.readline())
            assert words in reply["error"]
            process.stdin.write(json.dumps(GOOD) + "\n")
            process.stdin.flush()
            assert json.loads(process.stdout.readline()) == legal_answer(GOOD)
        process.stdin.write(json.dumps(NO_DOUBLES) + "\n")
        process.stdin.flush()
        assert json.loads(process.stdout.readline()) == {"redeal": True}
    finally:
        process.stdin.close()
        process.wait(timeout=30)
    assert process.returncode == 0
    assert process.stderr is not None
    assert "Traceback" not in process.stderr.read()


def test_bytes_that_are_not_utf8_do_not_stop_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "longana", "legal"],
        input=b"\xff\xfe{\n" + json.dumps(GOOD).encode() + b"\n",
        capture_output=True,
        timeout=30,
        env={"LC_ALL": "en_US.UTF-8", "PYTHONUTF8": "0"},
    )
    lines = done.stdout.decode().splitlines()
    assert len(lines) == 2 and "error" in json.loads(lines[0])
    assert json.loads(lines[1]) == legal_answer(GOOD)
    assert b"Traceback" not in done.stderr
