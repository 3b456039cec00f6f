"""``python -m longana explain``: hand records (with optional scores and target) in, every legal
move of the seat to move with the computer's estimate and its reasons out."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest
from test_cli_hint import NO_DOUBLES, exchanged, finished, in_progress, line_by_line, run_hint

from longana.cli import main
from longana.rules.records import hand_record
from longana.rules.tiles import SEAT_NAMES


def run_explain(lines: list[str], *args: str, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["explain", *args]) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_every_legal_move_the_suggested_one_first(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = [in_progress(seed, 4 + seed % 25) for seed in range(8)]
    lines = [json.dumps(hand_record(h)) for h in hands]
    answers = run_explain(lines, "--seed", "3", monkeypatch=monkeypatch)
    hints = run_hint(lines, "--level", "hard", "--seed", "3", monkeypatch=monkeypatch)
    assert len(answers) == len(hands)
    for hand, answer, hint in zip(hands, answers, hints, strict=True):
        assert answer["seat"] == SEAT_NAMES[hand.to_move] == hint["seat"]
        assert answer["kind"] == "points"  # nobody near the target: no scores given
        moves = [m["move"] for m in answer["moves"]]
        assert sorted(moves) == sorted(str(m) for m in hand.legal_moves())
        assert hint["move"] in moves  # hard's move, with the same seed, is one of them
        for move in answer["moves"]:
            assert set(move) == {"move", "estimate", "error", "deals", "equal", "reasons"}
            assert isinstance(move["estimate"], (int, float)) and move["equal"] in (True, False)
            assert move["error"] >= 0 and move["deals"] >= answer["deals"]
            assert all(set(r) - {"common"} == {"code", "params"} for r in move["reasons"])
    assert run_explain(lines, "--seed", "3", monkeypatch=monkeypatch) == answers


def test_scores_and_target_make_it_the_chance_of_the_match(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = hand_record(in_progress(6, 12))
    near = dict(record, scores={"E": 94, "S": 40}, target=100)
    low = dict(record, scores={"E": 94}, target=300)  # far from a higher target: points
    answers = run_explain(
        [json.dumps(near), json.dumps(low)], "--seed", "1", monkeypatch=monkeypatch
    )
    assert answers[0]["kind"] == "win" and answers[1]["kind"] == "points"
    assert all(0 <= m["estimate"] <= 100 for m in answers[0]["moves"])
    needs = [
        r["params"] for m in answers[0]["moves"] for r in m["reasons"] if r["code"] == "match-point"
    ]
    assert {"seat": "E", "needs": 6} in needs


def test_bad_lines_give_errors_and_the_rest_is_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    good = hand_record(in_progress(1, 5))
    illegal = hand_record(in_progress(2, 3))
    illegal["moves"] = illegal["moves"] + ["0-0@S"]
    bad_scores: list[Any] = [
        {"Q": 3},
        {"S": -1},
        {"S": True},
        {"S": 2.5},
        {"S": 100},
        [1, 2],
    ]
    lines = [
        "not json",
        json.dumps(good),
        json.dumps(hand_record(finished(4))),
        json.dumps(NO_DOUBLES),
        json.dumps(illegal),
        "[1, 2]",
        *(json.dumps(dict(good, scores=s)) for s in bad_scores),
        json.dumps(dict(good, target=0)),
        json.dumps(dict(good, target="100")),
        json.dumps(dict(good, scores={"W": 90}, target=90)),
        json.dumps(good),
    ]
    answers = run_explain(lines, monkeypatch=monkeypatch)
    assert len(answers) == len(lines)
    assert "not JSON" in answers[0]["error"]
    assert "moves" in answers[1]
    assert "over" in answers[2]["error"]
    assert "double" in answers[3]["error"]
    assert "0-0@S" in answers[4]["error"]
    errors = [a.get("error", "") for a in answers[5:-1]]
    assert all(errors), answers
    assert "seat" in errors[1] and "over" in errors[5] and "over" in errors[9]
    assert "target" in errors[7] and "target" in errors[8]
    assert all("Traceback" not in e for e in errors)
    assert answers[-1] == answers[1]


def test_explain_uses_only_the_seat_to_move_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """Another seat's unplayed tile exchanged with an unused one wherever the record stays
    legal: the answer cannot change."""
    count = 0
    for seed in range(8):
        hand = in_progress(seed, 9)
        record = dict(hand_record(hand), scores={"N": 70})
        changed = exchanged(record, hand.to_move, seed)
        if changed is None:
            continue
        assert run_explain([json.dumps(changed)], monkeypatch=monkeypatch) == run_explain(
            [json.dumps(record)], monkeypatch=monkeypatch
        )
        count += 1
    assert count >= 4


def test_explain_as_a_program_flushes_each_line() -> None:
    record = json.dumps(hand_record(in_progress(5, 7)))
    first, rest = line_by_line("explain", "--seed", "2", record=record)
    assert set(first) >= {"seat", "kind", "moves"}
    assert "error" in json.loads(rest) and "Traceback" not in rest
