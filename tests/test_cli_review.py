"""``python -m longana review``: a saved match with ``"people"`` in, each decision of those seats
judged and graded out — the same judgement the game's review gives, from each seat's view."""

from __future__ import annotations

import io
import json
import random
import sys
from typing import Any

import pytest

from longana.cli import REVIEWED, main
from longana.device.review import GRADES, decisions, judge
from longana.device.session import COMPUTER, PERSON, Session
from longana.players.levels import choose
from longana.rules.records import match_to_dict


def run_review(lines: list[str], *args: str, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["review", *args]) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def played(deal: str, hands: int = 2) -> Session:
    """A person at South picking at random (so some moves cost something), the computer
    playing normal elsewhere, for ``hands`` hands."""
    game = Session(deal, seats=(PERSON, COMPUTER, COMPUTER, COMPUTER))
    rng = random.Random(deal)
    while len(game.match.hands) <= hands and not game.match.is_over:
        hand = game.match.hand
        if hand.outcome is not None:
            if len(game.match.hands) == hands:
                break
            game.next_hand()
            continue
        view = game.view(hand.to_move)
        move = rng.choice(view.legal_moves()) if hand.to_move == 0 else None
        game.play(move or choose(view, "normal", game.decision_seed()))
    return game


def test_each_decision_as_the_games_review_judges_it(monkeypatch: pytest.MonkeyPatch) -> None:
    game = played("cli-review")
    record = dict(match_to_dict(game.match), people=["S"])
    (answer,) = run_review([json.dumps(record)], monkeypatch=monkeypatch)
    found = decisions(game)
    assert found and len(answer["decisions"]) == len(found)
    for decision, said in zip(found, answer["decisions"], strict=True):
        assert set(said) == set(REVIEWED)
        judged = judge(game, decision)  # the game's own review: the same seeds, the same view
        assert said == {k: judged[k] for k in REVIEWED} | {"hand": decision.hand + 1}
        assert said["seat"] == "S" and said["grade"] in GRADES and said["error"] >= 0
        assert said["turn"] == decision.turn and said["move"] == str(decision.move)
    assert any(d["cost"] > 0 for d in answer["decisions"])  # random moves: some cost something
    assert set(answer["summary"]) == {"S"}
    assert answer["summary"]["S"]["decisions"] == len(found)
    again = run_review([json.dumps(record), json.dumps(record)], monkeypatch=monkeypatch)
    assert again == [answer, answer]
    other = run_review([json.dumps(record)], "--seed", "4", monkeypatch=monkeypatch)
    assert [d["move"] for d in other[0]["decisions"]] == [d["move"] for d in answer["decisions"]]


def test_bad_lines_get_an_error_each_and_the_rest_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = played("cli-bad", hands=1)
    record = match_to_dict(game.match)
    good = dict(record, people=["E"])  # a computer's seat: its choices are reviewed too
    lines = [
        "not json",
        json.dumps(record),  # no "people"
        json.dumps(dict(record, people=["X"])),
        json.dumps(dict(record, people=["S", "S"])),
        json.dumps(dict(record, people="S")),
        json.dumps(dict(record, hands=[{"hands": {}}], people=["S"])),
        json.dumps(dict(record, schema=99, people=["S"])),
        json.dumps([1, 2]),
        "[" * 5000 + "]" * 5000,
        json.dumps(good),
    ]
    answers = run_review(lines, monkeypatch=monkeypatch)
    assert len(answers) == len(lines)
    for answer, line in zip(answers[:-1], lines, strict=False):
        assert set(answer) == {"error"} and answer["error"].startswith("line "), line[:40]
    assert "people" in answers[1]["error"] and "'X'" in answers[2]["error"]
    assert "twice" in answers[3]["error"] and "newer" in answers[6]["error"]
    assert all(d["seat"] == "E" for d in answers[-1]["decisions"])
    assert answers[-1]["decisions"], "the last line still answered"
