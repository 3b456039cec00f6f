"""Hints that teach: every legal move of the seat to move, with ``hard``'s estimate and the
reasons the position shows, from that seat's :class:`~longana.rules.view.SeatView` alone.

:func:`explain` runs ``hard``'s own decision (the same deals, the same play-outs, the same
generator as :func:`longana.players.levels.choose` with level ``"hard"`` and the same seed), so
the move it suggests first is the move ``hard`` plays. Each move gets:

- an **estimate** in the player's terms. ``hard`` values a result by the change it makes to
  the seat's chance of winning the match (:func:`~longana.players.hard.match_worth`, in units
  that early in a match are about one point) and adds half of ``normal``'s rating of the move;
  the explanation shows that same judgement, with the rating centred on the legal moves' mean
  (so it orders the moves as ``hard`` does without shifting the position's value):

  - ``"win"``, the chance in percent of winning the match after this move, once some seat is
    within :data:`STAKE` points of the target (one hand may then decide the match, and a point
    is no longer worth a point);
  - ``"points"``, what the hand is worth to the seat in points, earlier (every seat far from
    the target: each move's chance would differ only in its first decimal, while its points
    read plainly; a point a rival wins costs about a third of one the seat wins, as the
    match's equity says).

- **equal**: true when the move's estimate is within :data:`NOISE` standard errors of the best
  (the paired difference over the same deals): equal moves are not ranked against each other.
- **reasons**: codes and parameters, never sentences (the page words them, as it words
  refusals): see :func:`reasons`.

The explanation sees what ``hard`` sees and nothing more: a test exchanges the other hands'
and the unused tiles and checks that it does not change.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from ..rules.board import OTHERS, Board
from ..rules.errors import LonganaError, PriorityError
from ..rules.tiles import MATCH_MASK, SEAT_NAMES, Move, pips_of, tiles_of
from ..rules.view import SeatView
from .hard import EQUITY_UNIT, HARD, HardConfig, Weighing, added, equity
from .normal import lacking, leader, normal_ratings
from .sampler import Knowledge

KINDS = ("win", "points")
STAKE = 50  # points: once a seat is this near the target, the estimate is the match's chance
NOISE = 2.0  # standard errors of the paired difference within which two moves are equal


@dataclass(frozen=True)
class Reason:
    """One reason, for the page to word: ``code`` and plain ``params`` (seat letters, tile
    texts, numbers)."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params)}


@dataclass(frozen=True)
class Weighed:
    """One legal move with ``hard``'s estimate (in the explanation's kind), whether it is equal
    to the best within the noise, and its reasons."""

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
    """Every legal move of ``seat``, the move ``hard`` plays first, then by estimate."""

    seat: int
    kind: str  # "win" or "points"
    chance: float  # the seat's chance of the match (percent) at the hand's start
    deals: int  # the deals every move was played out on
    moves: tuple[Weighed, ...]

    @property
    def suggested(self) -> Move:
        return self.moves[0].move

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": SEAT_NAMES[self.seat],
            "kind": self.kind,
            "chance": self.chance,
            "deals": self.deals,
            "moves": [m.to_dict() for m in self.moves],
        }


def explain(view: SeatView, seed: int = 0, config: HardConfig = HARD) -> Explanation:
    """Every legal move of ``view.seat`` (which must be to move) with ``hard``'s estimate, the
    move ``hard`` plays with this view and seed first."""
    legal = view.legal_moves()
    if not legal:
        if view.outcome is not None:
            raise LonganaError("the hand is over: there is no move to explain")
        raise LonganaError("it is not this seat's turn")
    # the generator hard gets from choose(view, "hard", seed)
    rng = random.Random(f"longana:hard:{seed}:{view.seat}:{len(view.history)}")
    weighing = Weighing(view, legal, rng, config)
    moves = weighing.moves
    values = weighing.values
    prior = weighing.prior
    rest = [m for m in legal if m not in moves]
    if rest:  # hard weighed only normal's favourites: the others on the same deals, for show
        moves = moves + rest
        values = values + weighing.play(rest)
        prior = prior + normal_ratings(view, rest)
    count = len(weighing.deals)
    centre = sum(prior) / len(prior)
    score = [
        added(v) / count + config.prior * (p - centre) for v, p in zip(values, prior, strict=True)
    ]
    best = 0 if len(legal) == 1 else weighing.best
    order = [best] + sorted((k for k in range(len(moves)) if k != best), key=lambda k: -score[k])
    equal = [_within_noise(values[best], values[k], score[best] - score[k]) for k in order]
    equal[0] = any(equal[1:])
    start = equity(view.scores, view.target, view.seat)
    kind = "win" if max(view.scores) >= view.target - STAKE else "points"
    context = _Context(view)
    out = []
    for k, same in zip(order, equal, strict=True):
        if kind == "win":
            estimate = 100 * min(1.0, max(0.0, start + score[k] / EQUITY_UNIT))
        else:
            estimate = score[k]
        out.append(Weighed(moves[k], round(estimate, 1), same, tuple(context.reasons(moves[k]))))
    return Explanation(view.seat, kind, round(100 * start, 1), count, tuple(out))


def _within_noise(best: list[float], other: list[float], gap: float) -> bool:
    """Whether ``gap`` (best's estimate minus the other's) is within the noise of the paired
    difference of their values on the same deals."""
    n = len(best)
    if n < 2:
        return gap <= 0
    diffs = [b - o for b, o in zip(best, other, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return gap <= NOISE * math.sqrt(var / n)


# -- reasons -----------------------------------------------------------------------------------


def reasons_for(view: SeatView) -> dict[Move, list[Reason]]:
    """The reasons of each legal move of ``view.seat`` (no play-outs: cheap)."""
    context = _Context(view)
    return {m: context.reasons(m) for m in view.legal_moves()}


class _Context:
    """What every move's reasons are read from: the seat's view, what it knows of the others
    (from their passes and from how the opener was found) and the leader it would press."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.board = view.board()
        self.know = Knowledge.of(view)
        self.lacks = lacking(self.know)
        self.pressed = leader(view)

    def reasons(self, move: Move) -> list[Reason]:
        return reasons(self.view, move, self.board, self.know, self.lacks, self.pressed)


def reasons(
    view: SeatView,
    move: Move,
    board: Board,
    know: Knowledge,
    lacks: list[int],
    pressed: int | None,
) -> list[Reason]:
    """Why ``move`` is good or bad, in codes the page words (most decisive first):

    ``pass`` {``opens``: whether the branch opens now} — no tile fits;
    ``domino`` — the move empties the hand: it wins the hand;
    ``block`` {``pips``} — after it no hand can hold a tile that fits (from the seat's own
    tiles and the others' passes): the hand ends blocked, lowest pips win;
    ``keeps-own`` {``number``, ``tiles``} — tiles kept that continue the seat's own branch;
    ``no-own`` {``number``} — none is kept for it;
    ``blocks`` {``seat``, ``number``} — sets that seat's branch to a number its passes show it
    lacks; ``feeds`` {``seat``, ``number``, ``was``} — moves that seat's branch off such a
    number; ``leader`` {``seat``, ``number``} — gives the leader, near the target, a number it
    may hold;
    ``priority`` {``branch``, ``over``, ``number``} — the equal-ends rule sends the tile onto
    ``branch``, not the later-opened ``over`` (seat letters);
    ``stuck`` — on the board it leaves, no tile of the seat's would fit: it would pass and
    open its branch;
    ``sheds`` {``pips``}; ``double`` {``number``} — a double, which fits only one number.
    """
    seat = view.seat
    tile = move.tile
    if tile is None:
        return [Reason("pass", {"opens": not board.order[seat]})]
    held = view.held
    rest = held ^ tile.bit
    if not rest:
        return [Reason("domino")]
    after = board.copy()
    after.apply(seat, move)
    ends = after.ends
    out: list[Reason] = []
    reach = MATCH_MASK[ends[0]] | MATCH_MASK[ends[1]] | MATCH_MASK[ends[2]] | MATCH_MASK[ends[3]]
    if not rest & reach and not any(know.unseen & reach & ~know.barred[s] for s in OTHERS[seat]):
        out.append(Reason("block", {"pips": pips_of(rest)}))
    own = ends[seat]
    kept = rest & MATCH_MASK[own]
    if kept:
        out.append(Reason("keeps-own", {"number": own, "tiles": [str(t) for t in tiles_of(kept)]}))
    else:
        out.append(Reason("no-own", {"number": own}))
    branch = move.branch
    if branch is not None and branch != seat and not tile.is_double:
        letter = SEAT_NAMES[branch]
        was, now = board.ends[branch], ends[branch]
        if lacks[branch] >> now & 1:
            out.append(Reason("blocks", {"seat": letter, "number": now}))
        elif lacks[branch] >> was & 1:
            out.append(Reason("feeds", {"seat": letter, "number": now, "was": was}))
        elif branch == pressed:
            out.append(Reason("leader", {"seat": letter, "number": now}))
    if branch is not None and branch != seat:
        over = [
            SEAT_NAMES[c]
            for c in OTHERS[seat]
            if c != branch
            and isinstance(board.reason(seat, tile, c), PriorityError)
            and board.earlier_branch(seat, c) == branch
        ]
        if over:
            out.append(
                Reason(
                    "priority",
                    {"branch": SEAT_NAMES[branch], "over": over, "number": board.ends[branch]},
                )
            )
    if not after.plays_for(seat, rest):
        out.append(Reason("stuck"))
    out.append(Reason("sheds", {"pips": tile.pips}))
    if tile.is_double:
        out.append(Reason("double", {"number": tile.high}))
    return out
