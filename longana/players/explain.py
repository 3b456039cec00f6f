"""Hints that teach: every legal move of the seat to move, with the computer's estimate and
its noise and the reasons the position shows, from that seat's
:class:`~longana.rules.view.SeatView` alone.

:func:`explain` runs the hint's weighing (:class:`~longana.players.hard.Weighing` with
:data:`HINT`: ``hard``'s deals, generator and seed, and the moves not yet told apart played
out on more deals), so the move it suggests first is the move ``hard`` plays. Each move gets:

- an **estimate**, the average of its play-outs, in the player's terms (never ``normal``'s
  rating, which ``hard`` adds to its choice as a rule of thumb):

  - ``"win"``, the chance in percent of winning the match after this move, once some seat is
    within :data:`~longana.players.facts.STAKE` points of the target (one hand may then
    decide the match, and a point is no longer worth a point);
  - ``"points"``, earlier: the points the hand brings the seat, a rival's points counting
    :data:`RIVAL` against it (so a figure is never more than the pips still held, nor less
    than a third of them below zero); a move whose play-outs end the match in some deals says
    how often (``ends-match``).

  Whole numbers, unless the play-outs' standard error is below a quarter (then tenths);
  ``error`` is that standard error (one, in the same unit) and ``deals`` how many deals the
  move was played out on (the moves near the top on more).
- **equal** ("as good"): true when the paired play-outs show the move within
  :data:`AS_GOOD` of the suggestion (1 % of the match, or 2 points) even allowing
  :data:`SURE` (3) standard errors of their mean difference on the same deals — not merely a
  difference they cannot tell from zero, which ten times the deals would often show. The
  other moves are listed by estimate; only the first of them that are equal are marked, so
  equal moves stand together right after the suggestion and a move below an unequal one is
  never equal.
- **reasons**: codes and parameters, never sentences (the page words them, as it words
  refusals): see :mod:`longana.players.facts`; those every move states are marked ``common``
  (:mod:`longana.players.telling`: the page says them once, above the list).

With ``depth`` (the review, :mod:`longana.device.review`) the moves near the top and the
move ``played`` are played out on ``depth`` times the first deals, and the first of the list
is the best of them by those play-outs alone (no rule of thumb).

The explanation sees what ``hard`` sees and nothing more: a test exchanges the other hands'
and the unused tiles and checks that it does not change.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, NotRequired, TypedDict

from ..rules.errors import LonganaError
from ..rules.hand import Outcome
from ..rules.tiles import SEAT_NAMES, Move
from ..rules.view import SeatView
from .facts import STAKE, Facts, Reason, ranked, reasons_for
from .hard import HARD, NOISE, HardConfig, Weighing, added, equity, paired_error, standard_error
from .telling import common_reasons, said

__all__ = ["Explanation", "Reason", "STAKE", "Weighed", "explain", "reasons_for"]

KINDS = ("win", "points")
RIVAL = 1 / 3  # a point a rival wins, against the seat, in "points" (equity's slope early on)
#: the hint's weighing: hard's budget, deals drawn by walks of 8 (closer to independent than
#: hard's one walk), no rule of thumb, and the moves the play-outs cannot yet tell apart
#: played out on more deals (up to twice hard's budget more)
HINT = replace(HARD, prior=0.0, refine=2.0, walk=8)
#: "as good": the difference from the suggestion is, with SURE standard errors, within this
AS_GOOD = {"win": 1.0, "points": 2.0}
SURE = 3.0


class ReasonShown(TypedDict):
    """A reason on the wire: its code and parameters; ``common`` when every move states it
    (the page says it once, above the list)."""

    code: str
    params: dict[str, Any]
    common: NotRequired[bool]


class MoveShown(TypedDict):
    move: str  # notation: "7-3@N", "9-9", "pass"
    estimate: float  # in the explanation's kind
    error: float  # one standard error of the estimate, same unit
    deals: int  # the deals the move was played out on
    equal: bool  # as good as the suggestion (within AS_GOOD, noise included)
    reasons: list[ReasonShown]


class ExplanationShown(TypedDict):
    """:meth:`Explanation.to_dict`: the worker's ``explanation`` and the ``explain`` command's
    answer."""

    seat: str
    kind: str  # "win" or "points"
    chance: float  # the seat's chance of the match (percent) with the suggestion
    start: float  # ... when the hand began
    deals: int  # the first deals, on which every move was played out
    moves: list[MoveShown]


@dataclass(frozen=True)
class Weighed:
    """One legal move with its estimate (in the explanation's kind) and its standard error,
    the deals it was played out on, whether the play-outs cannot tell it from the suggested
    move, its reasons, and its chance (percent) of the match after it."""

    move: Move
    estimate: float
    equal: bool
    reasons: tuple[Reason, ...]
    error: float = 0.0
    deals: int = 0
    chance: float = 0.0
    values: tuple[float, ...] = ()  # each deal's value in the explanation's kind

    def to_dict(self, common: frozenset[str] = frozenset()) -> MoveShown:
        reasons: list[ReasonShown] = []
        for r in self.reasons:
            shown: ReasonShown = {"code": r.code, "params": dict(r.params)}
            if said(r) in common:
                shown["common"] = True
            reasons.append(shown)
        return {
            "move": str(self.move),
            "estimate": self.estimate,
            "error": self.error,
            "deals": self.deals,
            "equal": self.equal,
            "reasons": reasons,
        }


@dataclass(frozen=True)
class Explanation:
    """Every legal move of ``seat``, the move ``hard`` plays first, then those equal to it,
    then the rest by estimate."""

    seat: int
    kind: str  # "win" or "points"
    chance: float  # the seat's chance of the match (percent) with the suggested move
    deals: int  # the deals every move was played out on
    moves: tuple[Weighed, ...]
    start: float = 0.0  # the seat's chance of the match (percent) at the hand's start

    @property
    def suggested(self) -> Move:
        return self.moves[0].move

    @property
    def common(self) -> frozenset[str]:
        """The reasons every move states (:func:`~longana.players.telling.common_reasons`)."""
        return frozenset(said(r) for r in common_reasons([m.reasons for m in self.moves]))

    def weighed(self, move: Move) -> Weighed:
        return next(m for m in self.moves if m.move == move)

    def to_dict(self) -> ExplanationShown:
        common = self.common
        return {
            "seat": SEAT_NAMES[self.seat],
            "kind": self.kind,
            "chance": self.chance,
            "start": self.start,
            "deals": self.deals,
            "moves": [m.to_dict(common) for m in self.moves],
        }


def explain(
    view: SeatView,
    seed: int = 0,
    config: HardConfig = HINT,
    depth: int = 1,
    played: Move | None = None,
) -> Explanation:
    """Every legal move of ``view.seat`` (which must be to move) with its estimate, the move
    ``hard`` plays with this view and seed first; with ``depth`` > 1, the moves near the top
    and ``played`` weighed on ``depth`` times the deals, the best of them by their play-outs
    first."""
    legal = view.legal_moves()
    if not legal:
        if view.outcome is not None:
            raise LonganaError("the hand is over: there is no move to explain")
        raise LonganaError("it is not this seat's turn")
    # the generator hard gets from choose(view, "hard", seed)
    rng = random.Random(f"longana:hard:{seed}:{view.seat}:{len(view.history)}")
    weighing = Weighing(view, legal, rng, config, keep=True)
    rest = [m for m in legal if m not in weighing.moves]
    if rest:  # hard weighed only normal's favourites: the others on the same deals, for show
        weighing.add(rest)
    kind = "win" if max(view.scores) >= view.target - STAKE else "points"
    units = _Units(view, kind, weighing)
    best = 0 if len(legal) == 1 else weighing.best
    if depth > 1:
        best = _deeper(weighing, units, depth, played)
    others = sorted(
        (k for k in range(len(weighing.moves)) if k != best), key=lambda k: -units.mean(k)
    )
    equal = set()
    for k in others:  # the equal ones right after the suggestion, none below an unequal one
        if not as_good(units.of(best), units.of(k), AS_GOOD[kind]):
            break
        equal.add(k)
    facts = Facts(view, weighing.deals, weighing.outcomes, weighing.marks)
    out = []
    for k in [best] + others:
        move = weighing.moves[k]
        reasons = facts.reasons(move)
        if kind == "points":
            reasons += units.worth.ends(units.outcomes(k))
        same = k in equal or (k == best and bool(equal))
        values = units.of(k)
        mean = units.mean(k)
        weighed = Weighed(
            move,
            _shown(mean, values),
            same,
            tuple(ranked(reasons)),
            round(standard_error(values), 1),
            len(values),
            _shown(units.chance(k), units.chances(k)),
            tuple(values),
        )
        out.append(weighed)
    chance = out[0].chance
    start = round(100 * equity(view.scores, view.target, view.seat), 1)
    return Explanation(view.seat, kind, chance, weighing.first, tuple(out), start)


def _deeper(weighing: Weighing, units: _Units, depth: int, played: Move | None) -> int:
    """Play the moves the hint's play-outs cannot tell from the best of them (and hard's
    choice, and ``played``) out on ``depth`` times the first deals; the best of those by
    their play-outs alone."""
    ks = range(len(weighing.moves))
    top = max(ks, key=units.mean)
    near = {top, weighing.best} | {k for k in ks if _same(units.of(top), units.of(k))}
    if played is not None and played in weighing.moves:
        near.add(weighing.moves.index(played))
    chosen = sorted(near)
    weighing.extend(chosen, depth * weighing.first)
    return max(chosen, key=units.mean)


class _Units:
    """Each move's play-outs in the explanation's kind (and as chances of the match)."""

    def __init__(self, view: SeatView, kind: str, weighing: Weighing) -> None:
        self.worth = _Worth(view)
        self.kind = kind
        self.weighing = weighing

    def outcomes(self, k: int) -> list[Outcome]:
        kept = self.weighing.outcomes
        assert kept is not None
        return kept[self.weighing.moves[k]]

    def chances(self, k: int) -> list[float]:
        return [self.worth.chance(o) for o in self.outcomes(k)]

    def of(self, k: int) -> list[float]:
        if self.kind == "win":
            return self.chances(k)
        return [self.worth.points(o) for o in self.outcomes(k)]

    def mean(self, k: int) -> float:
        values = self.of(k)
        return added(values) / len(values)

    def chance(self, k: int) -> float:
        values = self.chances(k)
        return added(values) / len(values)


class _Worth:
    """A hand's result in the list's terms, for ``view.seat``."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.cache: dict[tuple[int | None, int], float] = {}

    def chance(self, outcome: Outcome) -> float:
        """The seat's chance (percent) of winning the match after ``outcome``."""
        key = (outcome.winner, outcome.points)
        if key not in self.cache:
            scores = list(self.view.scores)
            if outcome.winner is not None:
                scores[outcome.winner] += outcome.points
            self.cache[key] = 100 * equity(scores, self.view.target, self.view.seat)
        return self.cache[key]

    def points(self, outcome: Outcome) -> float:
        """The hand's points for the seat: its own, less a third of a rival's."""
        if outcome.winner is None:
            return 0.0
        return outcome.points if outcome.winner == self.view.seat else -RIVAL * outcome.points

    def ends(self, outcomes: list[Outcome]) -> list[Reason]:
        """``ends-match`` {``chance``, ``yours``}: how often (percent of the deals) the hand
        ends the match after the move, and how often with the seat as the winner."""
        view = self.view
        done = [
            o.winner
            for o in outcomes
            if o.winner is not None and view.scores[o.winner] + o.points >= view.target
        ]
        chance = round(100 * len(done) / len(outcomes))
        if not chance:
            return []
        yours = round(100 * done.count(view.seat) / len(outcomes))
        return [Reason("ends-match", {"chance": chance, "yours": yours})]


def as_good(best: list[float], other: list[float], margin: float) -> bool:
    """Whether the paired play-outs show the two moves within ``margin`` of each other: the
    mean difference on the deals both were played out on, give or take :data:`SURE`
    standard errors, stays within it (a difference the play-outs cannot tell from zero is
    not enough: more deals could still show it; and "as good" is a claim, so it asks for
    more than the noise within which two moves are not told apart)."""
    n = min(len(best), len(other))
    diffs = [b - o for b, o in zip(best[:n], other[:n], strict=True)]
    gap = abs(added(diffs) / n)
    return gap + SURE * paired_error(best, other) <= margin


def _same(best: list[float], other: list[float]) -> bool:
    """Whether the paired play-outs cannot tell two moves apart: the mean difference of
    their values on the deals both were played out on is within :data:`NOISE` standard
    errors of zero."""
    n = min(len(best), len(other))
    diffs = [b - o for b, o in zip(best[:n], other[:n], strict=True)]
    mean = added(diffs) / n
    if n < 2:
        return mean == 0
    return abs(mean) <= NOISE * paired_error(best, other)


def _shown(mean: float, values: list[float]) -> float:
    """``mean`` as the list shows it: whole, or in tenths when the noise allows."""
    if standard_error(values) < 0.25:
        return round(mean, 1)
    return round(mean)


def hint_config(refine: float) -> HardConfig:
    """The hint's weighing with ``refine`` times hard's budget for the moves near the top."""
    return replace(HARD, refine=refine)
