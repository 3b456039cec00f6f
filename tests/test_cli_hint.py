"""``python -m longana hint``: hand records in, the computer's move for the seat to move out."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from typing import Any

import pytest

from longana.cli import main
from longana.rules.errors import LonganaError
from longana.rules.hand import Hand
from longana.rules.records import hand_from_record, hand_record
from longana.rules.tiles import SEAT_NAMES


def run_hint(lines: list[str], *args: str, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["hint", *args]) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def in_progress(seed: int, moves: int) -> Hand:
    rng = random.Random(seed)
    hand = Hand.deal(rng)
    for _ in range(moves):
        before = hand.copy()
        hand.apply(rng.choice(hand.legal_moves()))
        if hand.outcome is not None:
            return before
    return hand


def finished(seed: int) -> Hand:
    rng = random.Random(seed)
    hand = Hand.deal(rng)
    while hand.outcome is None:
        hand.apply(rng.choice(hand.legal_moves()))
    return hand


NO_DOUBLES = {
    "hands": {
        "S": ["1-0", "2-0", "3-0", "4-0", "5-0", "6-0", "7-0", "8-0"],
        "E": ["2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "9-1"],
        "N": ["3-2", "4-2", "5-2", "6-2", "7-2", "8-2", "9-2", "9-0"],
        "W": ["4-3", "5-3", "6-3", "7-3", "8-3", "9-3", "5-4", "6-4"],
    },
    "moves": [],
}


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_hint_names_the_seat_to_move_and_a_legal_move(
    level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    hands = [in_progress(seed, seed % 30) for seed in range(12)]
    lines = [json.dumps(hand_record(h)) for h in hands]
    answers = run_hint(lines, "--level", level, "--seed", "7", monkeypatch=monkeypatch)
    assert len(answers) == len(hands)
    for hand, answer in zip(hands, answers, strict=True):
        assert answer["seat"] == SEAT_NAMES[hand.to_move]
        assert answer["move"] in {str(m) for m in hand.legal_moves()}
    again = run_hint(lines, "--level", level, "--seed", "7", monkeypatch=monkeypatch)
    assert again == answers


def test_hint_defaults_and_opening(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = Hand.deal(random.Random(3))
    [answer] = run_hint([json.dumps(hand_record(hand))], monkeypatch=monkeypatch)
    assert answer == {"seat": SEAT_NAMES[hand.opener], "move": str(hand.openings[0])}


def test_bad_lines_give_errors_and_the_rest_is_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    good = json.dumps(hand_record(in_progress(1, 5)))
    illegal = hand_record(in_progress(2, 3))
    illegal["moves"] = illegal["moves"] + ["0-0@S"]
    lines = [
        "not json",
        good,
        json.dumps(hand_record(finished(4))),
        json.dumps(NO_DOUBLES),
        json.dumps(illegal),
        "[1, 2]",
        '{"hands": {"Q": []}}',
        "",
        good,
    ]
    answers = run_hint(lines, "--level", "hard", monkeypatch=monkeypatch)
    assert len(answers) == 8
    assert "not JSON" in answers[0]["error"]
    assert set(answers[1]) == {"seat", "move"}
    assert "over" in answers[2]["error"]
    assert "double" in answers[3]["error"]
    assert "move" in answers[4]["error"] and "0-0@S" in answers[4]["error"]
    assert "error" in answers[5] and "error" in answers[6]
    assert answers[7] == answers[1]


def exchanged(record: dict[str, Any], to_move: int, seed: int) -> dict[str, Any] | None:
    """The record with one of another seat's unplayed tiles exchanged for an unused one,
    where the record stays legal (the seat to move never sees either tile); else None."""
    played = {m.split("@")[0] for m in record["moves"]}
    shown = {t for tiles in record["hands"].values() for t in tiles}
    unused = [f"{a}-{b}" for a in range(10) for b in range(a + 1) if f"{a}-{b}" not in shown]
    rng = random.Random(seed)
    other = SEAT_NAMES[(to_move + 1 + rng.randrange(3)) % 4]
    hidden = [t for t in record["hands"][other] if t not in played]
    for _ in range(20):
        tiles = list(record["hands"][other])
        tiles[tiles.index(rng.choice(hidden))] = rng.choice(unused)
        changed = dict(record, hands=dict(record["hands"], **{other: tiles}))
        try:
            hand_from_record(changed)
        except LonganaError:
            continue
        return changed
    return None


def test_hint_uses_only_the_seat_to_move_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """Exchange another seat's unplayed tile with an unused one wherever the record stays
    legal: the hint cannot change, since the seat to move never sees either tile."""
    count = 0
    for seed in range(10):
        hand = in_progress(seed, 9)
        record = hand_record(hand)
        changed = exchanged(record, hand.to_move, seed)
        if changed is None:
            continue
        for level in ("easy", "normal", "hard"):
            assert run_hint(
                [json.dumps(changed)], "--level", level, monkeypatch=monkeypatch
            ) == run_hint([json.dumps(record)], "--level", level, monkeypatch=monkeypatch)
        count += 1
    assert count >= 5


def line_by_line(*args: str, record: str) -> tuple[Any, str]:
    """``python -m longana ARGS`` as a program: its answer to ``record`` read before standard
    input is closed (it flushes each line), then what it says to a bad line."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "longana", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(record + "\n")
    proc.stdin.flush()
    first = json.loads(proc.stdout.readline())  # answered before stdin is closed
    proc.stdin.write("{oops\n")
    proc.stdin.close()
    rest = proc.stdout.read()
    assert proc.wait(timeout=60) == 0
    return first, rest


def test_hint_as_a_program_flushes_each_line() -> None:
    record = json.dumps(hand_record(in_progress(5, 7)))
    first, rest = line_by_line("hint", "--level", "normal", record=record)
    assert set(first) == {"seat", "move"}
    assert "error" in json.loads(rest) and "Traceback" not in rest


def test_unknown_level_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    with pytest.raises(SystemExit) as stop:
        main(["hint", "--level", "expert"])
    assert stop.value.code == 2
