"""The coach's yardstick: positions from real play (``tools/coach_yardstick.py``: hard and normal
matches) where a seat holds one tile, a sure way out exists, a seat can win the match, the
hand can block, a move gives control or leaves the seat without a play — each with the facts
an expert names under each move, worked out there by brute force from the seat's view alone.

On every run the explanation must name exactly those decisive facts (no more, no fewer), every
reason it gives must hold in the true hands (which it never saw), a figure called points must
stay within the pips the hands hold, and the suggestion must be hard's move. Every position is
also turned round the table, so every seat is checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import rotated, turn, turn_move
from truth import false_claims, missed_risks

from longana.players.explain import explain
from longana.players.facts import reasons_for
from longana.players.levels import choose
from longana.rules.hand import Hand
from longana.rules.records import hand_from_record
from longana.rules.tiles import SEAT_NAMES, pips_of
from longana.rules.view import SeatView

POSITIONS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "coach_positions.json").read_text(encoding="utf-8")
)
#: the codes the yardstick's expert names (the rest describe rather than decide)
DECISIVE = ("domino", "block", "go-out-risk", "way-out", "control", "stuck", "match-point")


def position(p: dict[str, Any], k: int = 0) -> tuple[Hand, SeatView, tuple[int, ...]]:
    """The position turned ``k`` seats round the table, its view and the scores."""
    hand = hand_from_record(rotated(p["record"], k))
    scores = tuple(p["scores"][turn(s, -k % 4)] for s in SEAT_NAMES)
    return hand, SeatView.of(hand, hand.to_move, scores, p["target"]), scores


def named(reasons: list[dict[str, Any]], k: int = 0) -> list[tuple[str, str]]:
    """The decisive facts among ``reasons``, seat letters turned back ``k`` seats, as the
    expert writes them (a block by its pips, how often one must pass aside)."""
    out = []
    for r in reasons:
        if r["code"] not in DECISIVE:
            continue
        params = {n: v for n, v in r.get("params", {}).items() if n in EXPERT_PARAMS}
        if "seat" in params:
            params["seat"] = turn(params["seat"], -k % 4)
        out.append((r["code"], json.dumps(params, sort_keys=True)))
    return sorted(out)


EXPERT_PARAMS = ("seat", "number", "turns", "needs", "numbers", "pips")


@pytest.mark.parametrize("p", POSITIONS, ids=[p["id"] for p in POSITIONS])
def test_the_coach_names_what_an_expert_names_and_nothing_false(p: dict[str, Any]) -> None:
    hand, view, scores = position(p)
    explanation = explain(view, p["seed"])
    assert explanation.suggested == choose(view, "hard", p["seed"])
    held = sum(pips_of(h) for h in hand.held)
    for weighed in explanation.moves:
        move = str(weighed.move)
        said = [r.to_dict() for r in weighed.reasons]
        assert named(said) == named(p["facts"][move]), move
        assert false_claims(hand, weighed.move, said, scores, p["target"]) == []
        assert missed_risks(hand, weighed.move, said) == []
        if explanation.kind == "points":  # the hand's points: never more than the pips held
            assert -held / 3 <= weighed.estimate <= held, move


def test_every_seat_gets_the_facts_turned_with_the_table() -> None:
    for p in POSITIONS:
        for k in (1, 2, 3):
            hand, view, scores = position(p, k)
            for move, reasons in reasons_for(view).items():
                said = [r.to_dict() for r in reasons]
                back = turn_move(str(move), -k % 4)
                assert named(said, k) == named(p["facts"][back]), (p["id"], k, back)
                assert false_claims(hand, move, said, scores, p["target"]) == []


def test_the_yardstick_has_every_kind_of_position() -> None:
    kinds = [p["kind"] for p in POSITIONS]
    for kind in ("go-out-risk", "way-out", "match-point", "block", "control", "stuck"):
        assert kinds.count(kind) >= 2, kind
    seats = {p["record"]["moves"] and len(p["record"]["moves"]) % 4 for p in POSITIONS}
    assert len(POSITIONS) >= 30 and seats
