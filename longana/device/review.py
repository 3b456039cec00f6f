"""A review of the match: each decision of the people at this device, judged from that seat's
view at the time by the hint's own weighing (:func:`longana.players.explain.explain`).

A *decision* is a person's move in a finished hand where two or more moves were legal (a
forced move or pass is none), in the order they were made; the computer's moves are never
judged. Only finished hands are reviewed: with several people at one device, a hand still in
play must not show anyone's tiles (its decisions join once it has ended).

:func:`decisions` lists them (cheap: the hands are replayed, nothing is weighed);
:func:`judge` weighs one — the move played, the best move (``hard``'s: the hint that person
would have got, with the same decision seed), what the move played cost (in the hand's
points or in chance of the match, 0 when it was as good: the same move, or one the play-outs
cannot tell from it) and the decisive reason, the most decisive fact that tells the two moves
apart. One judgement takes about as long as one hint, so the game worker answers the review
one decision at a time (the ``review`` intent) and a move is never kept waiting long.

>>> from longana.device.session import PERSON, COMPUTER, Session
>>> game = Session("3", seats=(PERSON, COMPUTER, COMPUTER, COMPUTER))
>>> decisions(game)  # nothing is finished yet
[]
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..players.explain import explain
from ..players.facts import RANK, Reason
from ..rules.tiles import SEAT_NAMES, Move
from ..rules.view import SeatView
from .history import hand_after
from .session import NEXT, Session, decision_seed


@dataclass(frozen=True)
class Decision:
    """Where a person decided: hand ``hand`` (from 0) after ``turn`` of its moves, at
    ``seat``, who played ``move``."""

    hand: int
    turn: int
    seat: int
    move: Move


def decisions(session: Session, hand: int | None = None) -> list[Decision]:
    """The people's decisions in the match's finished hands (only hand ``hand``, if given)."""
    match = session.match
    out: list[Decision] = []
    index = turn = 0
    position = None
    for action in session.log:
        if action.text == NEXT:
            index, turn, position = index + 1, 0, None
            continue
        played = match.hands[index]
        if played.outcome is not None and (hand is None or hand == index):
            if position is None:
                position = hand_after(played, 0)
            seat, move = played.history[turn]
            if action.by_person and len(position.legal_moves()) > 1:
                out.append(Decision(index, turn, seat, move))
            position.apply(move)
        turn += 1
    return out


def identity(session: Session, decision: Decision) -> tuple[object, ...]:
    """What a judgement depends on (to keep it while the match goes on, or after an undo
    elsewhere): the deal, the rules, the hand's start and scores, its moves up to the
    decision, and the move made."""
    match = session.match
    hand = match.hands[decision.hand]
    return (
        session.seed,
        match.rules,
        decision.hand,
        hand.winner_before,
        hand.opener_before,
        match.scores_before(decision.hand),
        tuple(str(m) for m in hand.played[: decision.turn]),
        str(decision.move),
    )


def view_at(session: Session, decision: Decision) -> tuple[SeatView, int]:
    """The seat's view when it decided, and the decision seed of that position."""
    match = session.match
    position = hand_after(match.hands[decision.hand], decision.turn)
    scores = match.scores_before(decision.hand)
    view = SeatView.of(position, decision.seat, scores)
    return view, decision_seed(session.seed, decision.hand + 1, decision.turn)


def judge(session: Session, decision: Decision) -> dict[str, Any]:
    """One decision judged: ``{"hand", "number", "turn", "seat", "move", "best", "kind",
    "cost", "costly", "reason", "reason_of", "explanation"}`` — ``cost`` is what the move
    cost against the best (``kind`` "points": points of the hand; "win": points of percent of
    the chance to win the match), 0 when it was as good; ``reason`` the decisive reason
    (``{"code", "params"}``, or null) and ``reason_of`` the move it belongs to ("move" or
    "best"); ``explanation`` is the hint's whole list for that position."""
    view, seed = view_at(session, decision)
    explanation = explain(view, seed)
    best = explanation.moves[0]
    played = next(m for m in explanation.moves if m.move == decision.move)
    cost: float = 0
    if played.move != best.move and not played.equal:
        cost = max(0, round(best.estimate - played.estimate, 1))
        cost = int(cost) if cost == int(cost) else cost
    reason, of = decisive(list(played.reasons), list(best.reasons), cost > 0)
    return {
        "hand": decision.hand,
        "number": decision.hand + 1,
        "turn": decision.turn,
        "seat": SEAT_NAMES[decision.seat],
        "move": str(decision.move),
        "best": str(best.move),
        "kind": explanation.kind,
        "cost": cost,
        "costly": cost > 0,
        "reason": None if reason is None else reason.to_dict(),
        "reason_of": of,
        "explanation": explanation.to_dict(),
    }


MINOR = 10  # percent: an ``ends-match`` chance below this decides nothing
GOOD = frozenset({"domino", "way-out", "control", "blocks", "keeps-own"})  # for the move
BAD = frozenset({"go-out-risk", "stuck", "feeds", "leader", "no-own"})  # against it


def decisive(played: list[Reason], best: list[Reason], costly: bool) -> tuple[Reason | None, str]:
    """The reason that decides between the move played and the best: for a costly move, the
    most decisive fact (:data:`~longana.players.facts.RANK`) that one of them states and the
    other does not (chances aside, which differ by the deals alone) — a fact in the best
    move's favour or against the move played before any other; otherwise the move played's
    first reason."""
    if not costly:
        return (played[0] if played else None), "move"
    theirs, ours = {_said(r) for r in best}, {_said(r) for r in played}
    apart = [(r, "move") for r in played if _said(r) not in theirs]
    apart += [(r, "best") for r in best if _said(r) not in ours]
    apart = [(r, of) for r, of in apart if r.code != "ends-match" or r.params["chance"] >= MINOR]
    if not apart:
        return None, "best"

    def order(pair: tuple[Reason, str]) -> tuple[bool, int, bool]:
        reason, of = pair
        good = reason.code in GOOD or reason.code == "block" and reason.params["chance"] >= 50
        telling = (
            good if of == "best" else reason.code in BAD or reason.code == "block" and not good
        )
        return not telling, RANK.index(reason.code), of != "best"

    return min(apart, key=order)


def _said(reason: Reason) -> str:
    plain = {k: v for k, v in reason.params.items() if k not in ("chance", "yours")}
    return reason.code + json.dumps(plain, sort_keys=True)
