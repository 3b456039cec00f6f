"""Hints that teach: every legal move of the seat to move, with ``hard``'s estimate and the
reasons the position shows, from that seat's :class:`~longana.rules.view.SeatView` alone.

:func:`explain` runs ``hard``'s own decision (the same deals, the same play-outs, the same
generator as :func:`longana.players.levels.choose` with level ``"hard"`` and the same seed), so
the move it suggests first is the move ``hard`` plays. Each move gets:

- an **estimate**, the average of its play-outs on those deals, in the player's terms (never
  ``normal``'s rating, which ``hard`` adds to its choice as a rule of thumb):

  - ``"win"``, the chance in percent of winning the match after this move, once some seat is
    within :data:`~longana.players.facts.STAKE` points of the target (one hand may then
    decide the match, and a point is no longer worth a point);
  - ``"points"``, earlier: the points the hand brings the seat, a rival's points counting
    :data:`RIVAL` against it (so a figure is never more than the pips still held, nor less
    than a third of them below zero); a move whose play-outs end the match in some deals says
    how often (``ends-match``).

  Whole numbers, unless the play-outs' standard error is below a quarter (then tenths).
- **equal**: true when the paired play-outs cannot tell the move from the suggested one (the
  mean difference on the same deals is within :data:`NOISE` standard errors). The other moves
  are listed by estimate; only the first of them that are equal are marked, so equal moves
  stand together right after the suggestion and a move below an unequal one is never equal.
- **reasons**: codes and parameters, never sentences (the page words them, as it words
  refusals): see :mod:`longana.players.facts`.

The explanation sees what ``hard`` sees and nothing more: a test exchanges the other hands'
and the unused tiles and checks that it does not change.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from ..rules.errors import LonganaError
from ..rules.hand import Outcome
from ..rules.tiles import SEAT_NAMES, Move
from ..rules.view import SeatView
from .facts import STAKE, Facts, Reason, ranked, reasons_for
from .hard import HARD, HardConfig, Weighing, added, equity

__all__ = ["Explanation", "Reason", "STAKE", "Weighed", "explain", "reasons_for"]

KINDS = ("win", "points")
NOISE = 2.0  # standard errors of the paired difference within which two moves are equal
RIVAL = 1 / 3  # a point a rival wins, against the seat, in "points" (equity's slope early on)


@dataclass(frozen=True)
class Weighed:
    """One legal move with its estimate (in the explanation's kind), whether the play-outs
    cannot tell it from the suggested move, and its reasons."""

    move: Move
    estimate: float
    equal: bool
    reasons: tuple[Reason, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "move": str(self.move),
            "estimate": self.estimate,
            "equal": self.equal,
            "reasons": [r.to_dict() for r in self.reasons],
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

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": SEAT_NAMES[self.seat],
            "kind": self.kind,
            "chance": self.chance,
            "start": self.start,
            "deals": self.deals,
            "moves": [m.to_dict() for m in self.moves],
        }


def explain(view: SeatView, seed: int = 0, config: HardConfig = HARD) -> Explanation:
    """Every legal move of ``view.seat`` (which must be to move) with its estimate, the move
    ``hard`` plays with this view and seed first."""
    legal = view.legal_moves()
    if not legal:
        if view.outcome is not None:
            raise LonganaError("the hand is over: there is no move to explain")
        raise LonganaError("it is not this seat's turn")
    # the generator hard gets from choose(view, "hard", seed)
    rng = random.Random(f"longana:hard:{seed}:{view.seat}:{len(view.history)}")
    weighing = Weighing(view, legal, rng, config, keep=True)
    moves = weighing.moves
    rest = [m for m in legal if m not in moves]
    if rest:  # hard weighed only normal's favourites: the others on the same deals, for show
        weighing.play(rest)
        moves = moves + rest
    assert weighing.outcomes is not None
    ended = [weighing.outcomes[m] for m in moves]
    count = len(weighing.deals)
    kind = "win" if max(view.scores) >= view.target - STAKE else "points"
    worth = _Worth(view)
    chances = [[worth.chance(o) for o in outs] for outs in ended]
    units = chances if kind == "win" else [[worth.points(o) for o in outs] for outs in ended]
    means = [added(u) / count for u in units]
    best = 0 if len(legal) == 1 else weighing.best
    others = sorted((k for k in range(len(moves)) if k != best), key=lambda k: -means[k])
    equal = set()
    for k in others:  # the equal ones right after the suggestion, none below an unequal one
        if not _same(units[best], units[k]):
            break
        equal.add(k)
    facts = Facts(view, weighing.deals)
    out = []
    for k in [best] + others:
        reasons = facts.reasons(moves[k])
        if kind == "points":
            reasons += worth.ends(ended[k])
        same = k in equal or (k == best and bool(equal))
        out.append(Weighed(moves[k], _shown(means[k], units[k]), same, tuple(ranked(reasons))))
    chance = _shown(added(chances[best]) / count, chances[best])
    start = round(100 * equity(view.scores, view.target, view.seat), 1)
    return Explanation(view.seat, kind, chance, count, tuple(out), start)


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


def _same(best: list[float], other: list[float]) -> bool:
    """Whether the paired play-outs cannot tell two moves apart: the mean difference of
    their values on the same deals is within :data:`NOISE` standard errors of zero."""
    n = len(best)
    diffs = [b - o for b, o in zip(best, other, strict=True)]
    mean = added(diffs) / n
    if n < 2:
        return mean == 0
    var = added([(d - mean) ** 2 for d in diffs]) / (n - 1)
    return abs(mean) <= NOISE * math.sqrt(var / n)


def _shown(mean: float, values: list[float]) -> float:
    """``mean`` as the list shows it: whole, or in tenths when the noise allows."""
    n = len(values)
    var = added([(v - mean) ** 2 for v in values]) / max(1, n - 1)
    if math.sqrt(var / max(1, n)) < 0.25:
        return round(mean, 1)
    return round(mean)
