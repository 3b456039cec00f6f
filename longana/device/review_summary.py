"""The review added up, per person (:mod:`longana.device.review` judges each decision): an
accuracy (the mean over the decisions of 100 × e^(−cost / the kind's mistake threshold): 100 for
best and good moves, 37 for a cost at the mistake threshold), the count of each grade, the
costliest decisions first, and the match's course — the seat's chance at each hand's start (from
the scores), before and after each of its decisions, and at each hand's end. **Luck** is the
change of that chance over a hand that the seat's decisions do not account for: the chance at
the hand's end less the chance at its start, plus what the seat's decisions cost (in chance of
the match) — the deal, and what the other seats did with it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypedDict

from ..players.hard import added, equity
from ..rules.match import Match
from ..rules.tiles import SEAT_NAMES
from .review import GRADES, THRESHOLDS, Judged


class CoursePoint(TypedDict):
    turn: int
    before: float
    after: float


class HandCourse(TypedDict):
    """The seat's chance over one finished hand: at its start and end (from the scores), at
    each of its decisions judged so far, what they cost and the hand's luck."""

    hand: int  # from 1
    start: float
    end: float
    points: list[CoursePoint]
    cost: float
    luck: float


class PersonSummary(TypedDict):
    decisions: int
    accuracy: int  # 0-100
    grades: dict[str, int]  # every grade, in GRADES' order
    costliest: list[int]  # the steps of the costly decisions, costliest first
    luck: float  # percent of the match, over the finished hands
    cost: float
    hands: list[HandCourse]


class ReviewStep(TypedDict):
    """The worker's ``{"review": …}``: step ``step`` of ``count`` (of hand ``hand``, from 0,
    or of the match), its decision (null past the last), and the summary of every decision
    judged so far, per seat letter."""

    step: int
    count: int
    hand: int | None
    decision: Judged | None
    summary: dict[str, PersonSummary]


def summary(match: Match, judged_steps: Sequence[tuple[int, Judged]]) -> dict[str, PersonSummary]:
    """Per person (seat letter) of ``judged_steps`` (each ``(step, decision)``): how many
    decisions, the accuracy, each grade's count, the costly steps costliest first, the luck
    and the cost of the whole, and the match's course hand by hand (:func:`course`)."""
    seats = sorted({d["seat"] for _, d in judged_steps}, key=SEAT_NAMES.index)
    out: dict[str, PersonSummary] = {}
    for letter_ in seats:
        mine = [(k, d) for k, d in judged_steps if d["seat"] == letter_]
        grades = dict.fromkeys(GRADES, 0)
        for _, d in mine:
            grades[d["grade"]] += 1
        costly = sorted(
            (k for k, d in mine if d["costly"]), key=lambda k: _cost_key(judged_steps, k)
        )
        hands = course(match, SEAT_NAMES.index(letter_), [d for _, d in mine])
        out[letter_] = {
            "decisions": len(mine),
            "accuracy": round(added([accuracy(d) for _, d in mine]) / len(mine)),
            "grades": grades,
            "costliest": costly,
            "luck": round(added([h["luck"] for h in hands]), 1),
            "cost": round(added([h["cost"] for h in hands]), 1),
            "hands": hands,
        }
    return out


def _cost_key(steps: Sequence[tuple[int, Judged]], k: int) -> tuple[float, int]:
    decision = next(d for s, d in steps if s == k)
    return -(decision["chance"]["before"] - decision["chance"]["after"]), k


def accuracy(decision: Judged) -> float:
    """A decision's accuracy, 0–100: 100 × e^(−cost / the kind's mistake threshold)."""
    return 100 * math.exp(-decision["cost"] / THRESHOLDS[decision["kind"]][1])


def course(match: Match, seat: int, judged_: Sequence[Judged]) -> list[HandCourse]:
    """``seat``'s chance of the match (percent) over its finished hands: each hand's
    ``start`` and ``end`` (from the scores), its decisions judged so far (``points``: turn,
    chance before and after), what they cost (``cost``, in chance of the match) and the
    ``luck`` of the hand (the change of the chance less what the decisions cost)."""
    out: list[HandCourse] = []
    for index, hand in enumerate(match.hands):
        if hand.outcome is None:
            break
        start = _chance(match.scores_before(index), match.target, seat)
        end = _chance(match.scores_before(index + 1), match.target, seat)
        points: list[CoursePoint] = [
            {"turn": d["turn"], "before": d["chance"]["before"], "after": d["chance"]["after"]}
            for d in judged_
            if d["hand"] == index
        ]
        cost = added([p["before"] - p["after"] for p in points])
        out.append(
            {
                "hand": index + 1,
                "start": start,
                "end": end,
                "points": points,
                "cost": round(cost, 1),
                "luck": round(end - start + cost, 1),
            }
        )
    return out


def _chance(scores: Sequence[int], target: int, seat: int) -> float:
    return round(100 * equity(scores, target, seat), 1)
