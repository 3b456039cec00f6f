"""The coach's yardstick: positions from real play (``tools/coach_yardstick.py``: hard and normal
matches) of every kind an expert looks for — a seat holds one tile (and one whose number shows
on a branch closed to it, where only the double may go), a sure way out and a race to go out, a
seat can win the match (and risks that differ between the moves then), a block, a block the
play-outs foresee, control, a move that leaves the seat without a play — each with the facts an
expert names under each move, worked out there by brute force from the seat's view alone, and a
deeper weighing of every move (ten times the hint's deals, on a walk of its own: precomputed by
the tool, so that this file stays quick).

On every run the explanation must name exactly those decisive facts (no more, no fewer), every
reason it gives must hold in the true hands (which it never saw) — no go-out warning names a
tile that could not make it —, a figure called points must stay within the pips the hands hold,
the sizes it gives (how often a seat goes out, a race is won, a hand blocks) must agree with the
deeper weighing's, and its suggestion and its "as good" marks must stand up to the deeper
weighing; the review's grade of a move must too. Every position is also turned round the table,
so every seat is checked."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from conftest import rotated, turn, turn_move
from truth import false_claims, missed_risks

from longana.device.review import GRADES, THRESHOLDS, Decision, judgement
from longana.lab.yardstick import SHOWN, Deeper
from longana.players.explain import AS_GOOD, explain
from longana.players.facts import LIKELY, reasons_for
from longana.players.hard import NOISE, paired_error
from longana.rules.hand import Hand
from longana.rules.records import hand_from_record
from longana.rules.tiles import SEAT_NAMES, Move, pips_of
from longana.rules.view import SeatView

POSITIONS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "coach_positions.json").read_text(encoding="utf-8")
)
IDS = [p["id"] for p in POSITIONS]
#: the codes the yardstick's expert names (the rest describe rather than decide)
DECISIVE = ("domino", "block", "go-out-risk", "way-out", "control", "stuck", "match-point")
EXPERT_PARAMS = ("seat", "number", "tiles", "turns", "sure", "needs", "numbers", "pips")


def position(p: dict[str, Any], k: int = 0) -> tuple[Hand, SeatView, tuple[int, ...]]:
    """The position turned ``k`` seats round the table, its view and the scores."""
    hand = hand_from_record(rotated(p["record"], k))
    scores = tuple(p["scores"][turn(s, -k % 4)] for s in SEAT_NAMES)
    return hand, SeatView.of(hand, hand.to_move, scores, p["target"]), scores


def named(reasons: list[dict[str, Any]], k: int = 0) -> list[tuple[str, str]]:
    """The decisive facts among ``reasons``, seat letters turned back ``k`` seats, as the
    expert writes them (sizes aside, and a two-tile seat's risk, which only a size decides)."""
    out = []
    for r in reasons:
        params = r.get("params", {})
        if r["code"] not in DECISIVE or params.get("turns") == 2 and r["code"] == "go-out-risk":
            continue
        params = {n: v for n, v in params.items() if n in EXPERT_PARAMS}
        if "seat" in params:
            params["seat"] = turn(params["seat"], -k % 4)
        out.append((r["code"], json.dumps(params, sort_keys=True)))
    return sorted(out)


@pytest.mark.parametrize("p", POSITIONS, ids=IDS)
def test_the_coach_names_what_an_expert_names_and_nothing_false(p: dict[str, Any]) -> None:
    hand, view, scores = position(p)
    explanation = explain(view, p["seed"])
    held = sum(pips_of(h) for h in hand.held)
    for weighed in explanation.moves:
        move = str(weighed.move)
        said = [r.to_dict() for r in weighed.reasons]
        assert named(said) == named(p["facts"][move]), move
        assert false_claims(hand, weighed.move, said, scores, p["target"]) == []
        assert missed_risks(hand, weighed.move, said) == []
        if explanation.kind == "points":  # the hand's points: never more than the pips held
            assert -held / 3 <= weighed.estimate <= held, move


@pytest.mark.parametrize("p", POSITIONS, ids=IDS)
def test_the_suggestion_and_every_as_good_stand_up_to_ten_times_the_deals(
    p: dict[str, Any],
) -> None:
    """The suggestion is not worse than the deeper weighing's best beyond the noise of the two
    weighings (each a walk of deals of its own); a move called as good is, with the deeper
    weighing's noise, within the margin "as good" means (``explain.AS_GOOD``) of the
    suggestion and of the best."""
    _, view, _ = position(p)
    deep = Deeper.of(p["deeper"])
    explanation = explain(view, p["seed"])
    assert explanation.kind == deep.kind
    suggested = str(explanation.suggested)
    gap, error = deep.gap(suggested)
    best = next(m for m in explanation.moves if str(m.move) == deep.best)
    mine = paired_error(list(explanation.moves[0].values), list(best.values))
    assert gap <= NOISE * math.hypot(error, mine) + SHOWN, (suggested, deep.best, gap, error, mine)
    margin = AS_GOOD[deep.kind]
    for weighed in explanation.moves[1:]:
        if weighed.equal:
            move = str(weighed.move)
            for than in (suggested, deep.best):
                gap, error = deep.gap(move, than)
                assert abs(gap) - NOISE * error <= margin, (move, than, gap, error)


@pytest.mark.parametrize("p", POSITIONS, ids=IDS)
def test_the_sizes_agree_with_the_deeper_weighing(p: dict[str, Any]) -> None:
    """How often a seat goes out, a race is won, a seat must pass, a hand ends first or
    blocks: within the noise of the coach's fewer deals of what the deeper weighing's every
    deal says; a block it foresees often is named, one it hardly ever sees is not."""
    _, view, _ = position(p)
    explanation = explain(view, p["seed"])
    deep = Deeper.of(p["deeper"])
    for weighed in explanation.moves:
        move = str(weighed.move)
        mine = {_size_key(r.code, r.params): r.params for r in weighed.reasons}
        theirs = {_size_key(r["code"], r["params"]): r["params"] for r in p["sizes"][move]}
        for key, params in theirs.items():
            if key in mine:
                for name in ("chance", "ends"):
                    if name in params:
                        close = _close(mine[key][name], params[name], weighed.deals)
                        assert close, (move, key, name, mine[key], params)
        blocked = deep.blocked[move]
        if blocked >= LIKELY + 15 and not any(r.code == "block" for r in weighed.reasons):
            assert ("likely-block",) in mine, (move, blocked)
        if blocked < LIKELY - 15:
            assert ("likely-block",) not in mine, (move, blocked)
        for key, params in mine.items():  # a two-tile seat named: the deeper weighing sees it
            if key[0] == "go-out-risk" and params.get("turns") == 2:
                assert key in theirs, (move, key)


def _size_key(code: str, params: dict[str, Any]) -> tuple[Any, ...]:
    if code == "go-out-risk":
        return code, params["seat"], params.get("number"), params.get("turns")
    return (code,)


def _close(mine: int, theirs: int, deals: int) -> bool:
    """Two percentages alike within three standard errors of the coach's fewer deals, and a
    few points for rounding. A deal of the walk is near the one before: which tile a seat
    with one or two left holds changes about every fourth deal (docs/players.md), so the
    deals count as a quarter of their number."""
    share = max(theirs, 5) / 100
    error = 100 * math.sqrt(share * (1 - share) / (deals / 4))
    return abs(mine - theirs) <= 3 * error + 5


@pytest.mark.parametrize("p", POSITIONS, ids=IDS)
def test_the_reviews_grade_stands_up_to_the_deeper_weighing(p: dict[str, Any]) -> None:
    """The review's grade of the move ``played`` (the seat's, or the deeper weighing's worst)
    is the grade of a cost the deeper weighing allows, give or take both weighings' noise."""
    hand, view, _ = position(p)
    played = Move.parse(p["played"])
    judged = judgement(hand, view, Decision(0, len(hand.history), view.seat, played), p["seed"])
    deep = Deeper.of(p["deeper"])
    gap, error = deep.gap(p["played"])
    slack = NOISE * (error + judged["error"]) + SHOWN
    low, high = _band(judged["grade"], judged["kind"])
    assert low - slack <= gap <= high + slack, (judged["grade"], gap, error, judged["error"])


def _band(grade: str, kind: str) -> tuple[float, float]:
    """The costs a grade stands for (best and good: below the first threshold)."""
    edges = (0.0, *THRESHOLDS[kind], math.inf)
    index = max(0, GRADES.index(grade) - 1)
    return (0.0 if index == 0 else edges[index]), edges[index + 1]


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
    for kind in (
        "go-out-risk",
        "closed-risk",
        "way-out",
        "race",
        "match-point",
        "match-risks",
        "block",
        "likely-block",
        "control",
        "stuck",
    ):
        assert kinds.count(kind) >= 3, kind
    seats = {len(p["record"]["moves"]) % 4 for p in POSITIONS}
    assert len(POSITIONS) >= 50 and len(seats) == 4
    # a closed-branch risk: the expert names only the double where only the double may go
    closed = [p for p in POSITIONS if p["kind"] == "closed-risk"]
    assert all(
        any(
            f["params"]["tiles"] == [f"{f['params']['number']}-{f['params']['number']}"]
            for said in p["facts"].values()
            for f in said
            if f["code"] == "go-out-risk"
        )
        for p in closed
    )
