"""A review of the match graded like an analysis: each decision of the people at this device,
judged from that seat's view at the time by a deeper weighing than the hint's, with a grade,
a summary per person, the match's course (luck apart from the cost of decisions) and each
costly decision's position to practise on.

A *decision* is a person's move in a finished hand where two or more moves were legal (a
forced move or pass is none), in the order they were made; the computer's moves are never
judged. Only finished hands are reviewed: with several people at one device, a hand still in
play must not show anyone's tiles (its decisions join once it has ended).

:func:`decisions` lists them (cheap: the hands are replayed, nothing is weighed);
:func:`judge` weighs one with :func:`~longana.players.explain.explain` at :data:`DEPTH`: the
hint's weighing (the same seed and deals as the hint that person would have got), then the
moves near the top and the move played on :data:`DEPTH` times the hint's deals; the best is
the best of those by their play-outs alone. It gives the move played, the best, the **cost**
(the best's estimate less the move played's, on the same deals: in points of the hand early
in the match, in percent of the chance to win it once some seat is within ``STAKE`` of the
target) with its standard ``error``, and a **grade** (:func:`grade`):

============  ==========================================================================
``best``      the best move itself
``good``      worse by less than :data:`THRESHOLDS`' first figure (1 % of the match, or 2
              points), or by no more than :data:`~longana.players.hard.NOISE` standard
              errors (the play-outs cannot tell it from the best): cost 0
``inaccuracy`` worse by less than the second figure (2.5 %, or 5 points)
``mistake``   worse by less than the third (5 %, or 10 points)
``blunder``   worse by that or more
============  ==========================================================================

``reasons`` are the facts that tell (:func:`~longana.players.telling.telling`, decided here
for the page, which words each of them), ``chance`` the seat's chance of the match before
the decision (with the best move) and after it (with the move played: the same for a best or
good one), and ``practice`` a costly decision's position as that seat saw it (its own tiles,
the others' counts), its legal moves and those that count as better (graded best or good).

:mod:`longana.device.review_summary` adds up what has been judged, per person (accuracy,
grades, the costliest first, the match's course with the luck of the deals apart).

One judgement takes a few hints' time, so the game worker answers the review one decision
at a time (the ``review`` intent) and a move is never kept waiting long.

>>> from longana.device.session import PERSON, COMPUTER, Session
>>> game = Session("3", seats=(PERSON, COMPUTER, COMPUTER, COMPUTER))
>>> decisions(game)  # nothing is finished yet
[]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any, Literal, TypedDict

from ..players.explain import Explanation, ExplanationShown, Weighed, explain
from ..players.hard import NOISE, added, paired_error
from ..players.telling import telling
from ..rules.hand import Hand
from ..rules.match import Match
from ..rules.tiles import SEAT_NAMES, SEATS, Move
from ..rules.view import SeatView
from .frame import Position, Turn, board_to_dict, hand_shown, last_move, letter, per_seat, turn_map
from .history import hand_after
from .session import NEXT, Session, decision_seed

# -- the shapes on the wire (the worker's ``review`` reply; ``python -m longana review``) ------


class ReasonTold(TypedDict):
    """A reason that tells the decision, and the move it belongs to."""

    code: str
    params: dict[str, Any]
    of: Literal["move", "best"]


class Chances(TypedDict):
    """The seat's chance of the match (percent): with the best move, with the move played
    (the same for a best or good one)."""

    before: float
    after: float


class Practice(TypedDict):
    """A costly decision's position to find a better move in: as the seat saw it (its own
    tiles face up, the others' counted), its legal map, each legal move's grade, and the moves
    that count as better (best or good)."""

    seat: str
    position: Position
    turn: Turn
    grades: dict[str, str]
    better: list[str]


class Judged(TypedDict):
    """One decision judged (:func:`judgement`)."""

    hand: int  # from 0
    number: int  # hand + 1, as the page names it
    turn: int  # the moves of the hand made before it (0: the opening)
    seat: str
    move: str  # played
    best: str  # by the deeper weighing
    kind: str  # "win" (percent of the match) or "points" (of the hand): cost's unit
    cost: float  # 0 for best and good
    error: float  # one standard error of the difference, same unit
    grade: str  # one of GRADES
    costly: bool  # inaccuracy, mistake or blunder
    reasons: list[ReasonTold]  # what tells, the engine's order (the page words each)
    reason: ReasonTold | None  # the first of them (the release before gave one)
    reason_of: str
    chance: Chances
    explanation: ExplanationShown  # every move, on the deeper weighing, the best first
    practice: Practice | None  # for a costly decision


DEPTH = 5  # the moves near the top and the move played: on this many times the hint's deals
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
#: the least cost of an inaccuracy, a mistake and a blunder, in each kind's unit
THRESHOLDS = {"win": (1.0, 2.5, 5.0), "points": (2.0, 5.0, 10.0)}


@dataclass(frozen=True)
class Decision:
    """Where a person decided: hand ``hand`` (from 0) after ``turn`` of its moves, at
    ``seat``, who played ``move``."""

    hand: int
    turn: int
    seat: int
    move: Move


def decisions(
    session: Session, hand: int | None = None, seats: Collection[int] | None = None
) -> list[Decision]:
    """The people's decisions in the match's finished hands (only hand ``hand``, if given;
    only those of ``seats``, if given)."""
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
            mine = seats is None or seat in seats
            if action.by_person and mine and len(position.legal_moves()) > 1:
                out.append(Decision(index, turn, seat, move))
            position.apply(move)
        turn += 1
    return out


def seat_decisions(match: Match, seats: Iterable[int]) -> list[Decision]:
    """The decisions of ``seats`` in the match's finished hands (a record names no person:
    every move of those seats where two or more were legal)."""
    wanted = set(seats)
    out = []
    for index, played in enumerate(match.hands):
        if played.outcome is None:
            continue
        position = hand_after(played, 0)
        for turn, (seat, move) in enumerate(played.history):
            if seat in wanted and len(position.legal_moves()) > 1:
                out.append(Decision(index, turn, seat, move))
            position.apply(move)
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
    """The seat's view when it decided, and the decision seed of that position (the hint's)."""
    match = session.match
    position = hand_after(match.hands[decision.hand], decision.turn)
    view = SeatView.of(position, decision.seat, match.scores_before(decision.hand))
    return view, decision_seed(session.seed, decision.hand + 1, decision.turn)


def judge(session: Session, decision: Decision) -> Judged:
    """One decision of the session judged, with the seed of the hint it had then."""
    return judged(
        session.match, decision, decision_seed(session.seed, decision.hand + 1, decision.turn)
    )


def judged(match: Match, decision: Decision, seed: int) -> Judged:
    """One decision of ``match`` judged (:func:`judgement`)."""
    position = hand_after(match.hands[decision.hand], decision.turn)
    scores = match.scores_before(decision.hand)
    return judgement(position, SeatView.of(position, decision.seat, scores), decision, seed)


def judgement(position: Hand, view: SeatView, decision: Decision, seed: int) -> Judged:
    """The decision at ``position`` (the hand then; only ``view``, the seat's, is weighed)
    judged: ``{"hand", "number", "turn", "seat", "move", "best", "kind", "cost", "error",
    "grade", "costly", "reasons", "reason", "reason_of", "chance", "explanation",
    "practice"}`` (the module says what each is; ``reason`` and ``reason_of`` are the first
    of ``reasons``, or null, as the review of the release before gave them)."""
    explanation = explain(view, seed, depth=DEPTH, played=decision.move)
    best = explanation.moves[0]
    played = explanation.weighed(decision.move)
    kind = explanation.kind
    gap, error = cost_of(best, played)
    grade = grade_of(kind, gap, error) if played.move != best.move else "best"
    costly = GRADES.index(grade) > 1
    told = telling(played.reasons, best.reasons, costly, [m.reasons for m in explanation.moves])
    reasons: list[ReasonTold] = [
        {"code": r.code, "params": dict(r.params), "of": "move" if of == "move" else "best"}
        for r, of in told
    ]
    before = best.chance
    return {
        "hand": decision.hand,
        "number": decision.hand + 1,
        "turn": decision.turn,
        "seat": SEAT_NAMES[decision.seat],
        "move": str(decision.move),
        "best": str(best.move),
        "kind": kind,
        "cost": _number(gap) if costly else 0,
        "error": round(error, 1),
        "grade": grade,
        "costly": costly,
        "reasons": reasons,
        "reason": reasons[0] if reasons else None,
        "reason_of": told[0][1] if told else ("best" if costly else "move"),
        "chance": {"before": before, "after": min(before, played.chance) if costly else before},
        "explanation": explanation.to_dict(),
        "practice": practice(position, view, explanation) if costly else None,
    }


def cost_of(best: Weighed, played: Weighed) -> tuple[float, float]:
    """How much worse ``played`` is than ``best`` on the deals both were played out on (never
    below 0), and the standard error of that difference."""
    if played.move == best.move:
        return 0.0, 0.0
    a, b = list(best.values), list(played.values)
    n = min(len(a), len(b))
    gap = added([x - y for x, y in zip(a[:n], b[:n], strict=True)]) / n
    return max(0.0, gap), paired_error(a, b)


def grade_of(kind: str, cost: float, error: float) -> str:
    """The grade of a move that is not the best, by what it cost and the noise of that."""
    if cost <= NOISE * error:
        return "good"
    worse = sum(1 for least in THRESHOLDS[kind] if cost >= least)
    return GRADES[1 + worse]


def practice(hand: Hand, view: SeatView, explanation: Explanation) -> Practice:
    """A costly decision's position (``hand``, at that point) as the seat saw it (``view``) —
    its own tiles face up, the others' counted, the board, the scores before the hand — its
    legal map, and the moves that count as better (those graded best or good)."""
    best = explanation.moves[0]
    grades = {}
    for weighed in explanation.moves:
        gap, error = cost_of(best, weighed)
        grades[str(weighed.move)] = (
            "best" if weighed.move == best.move else grade_of(explanation.kind, gap, error)
        )
    position: Position = {
        "board": board_to_dict(hand.board),
        "hands": {letter(s): hand_shown(hand, s, s == view.seat) for s in SEATS},
        "last": last_move(hand),
        "scores": per_seat(view.scores),
        "moves": len(hand.history),
    }
    turn: Turn = turn_map(hand, view.seat)
    return {
        "seat": SEAT_NAMES[view.seat],
        "position": position,
        "turn": turn,
        "grades": grades,
        "better": [m for m, g in grades.items() if g in ("best", "good")],
    }


def _number(value: float) -> float | int:
    """``value`` in tenths, a whole number without its ``.0``."""
    rounded = round(value, 1)
    return int(rounded) if rounded == int(rounded) else rounded
