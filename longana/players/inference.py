"""Inference from plays: how likely each other seat's choices make a guess at its tiles.

A seat that laid a tile when it could have laid others tells something about what it kept.
We model every other seat as choosing softly among its legal moves: a softmax over the cheap
copy of ``normal``'s ratings (:func:`longana.players.normal.smart_keys`'s rules: shed pips and
doubles, keep a tile for your own branch, keep your numbers, don't leave yourself without a
play) with temperature :data:`TEMPERATURE` (fitted by maximum likelihood to the choices of
``normal`` and ``hard`` players in tournaments, see ``docs/players.md``).

For a guess ``h`` at a seat's current tiles, its tiles when it made an earlier play were
``h`` plus every tile it has laid since (tiles only leave hands), so the record gives a
likelihood ``L_s(h)``: the product, over the seat's plays that had alternatives, of the
model's probability of the move it made. The opener's choice of double in a later hand
counts too. :class:`PlayModel` precomputes what does not depend on the guess, so a
likelihood costs a few bit operations per legal move.

:func:`weighted_deals` draws deals with probability proportional to the product of the
three other seats' likelihoods, by a Metropolis walk of swaps (each swap changes at most two
seats' terms), started from a deal that satisfies every hard constraint of
:mod:`longana.players.sampler`. It never leaves the agreeing deals.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import replace

from ..rules.board import OTHERS, Board
from ..rules.tiles import DOUBLE_BIT, DOUBLE_OF, DOUBLES_MASK, MATCH_MASK, Move
from ..rules.view import SeatView
from .normal import BLOCKER, DOMINO, DOUBLE_BONUS, OWN_END, SPREAD, STUCK, leader_of, opening_key
from .sampler import opener_proves, playable_mask, walk

TEMPERATURE = 0.5  # of the softmax over the cheap ratings (fitted, see docs/players.md)
SLIP = 0.02  # and the chance of a move the ratings do not explain (any legal move)
SPAN = DOMINO + 2 * SPREAD + STUCK + 1  # every difference between two keys is below this

# One legal move of a past decision: (tile bit, base key (an int), high mask, low mask or -1 for a
# double, mask matching the mover's own end after it, mask of tiles playable after it)
Option = tuple[int, int, int, int, int, int]
# normal's blocking and leader-pressing term of one option (see PlayModel's ``pressing``): (mask of
# tiles that, all in the mover's hand, prove the branch's owner lacks the new end, or -1 for no
# term; the key's change then; the key's change otherwise)
Term = tuple[int, int, int]
# One past decision: (index of the move made, its options, tiles the mover laid since then, the
# options' terms or None)
Decision = tuple[int, tuple[Option, ...], int, tuple[Term, ...] | None]
OPENING = -1  # marks the opener's choice among its doubles (rated like normal's opening)


class PlayModel:
    """The decisions of every other seat, precomputed; :meth:`loglik` of a guessed holding."""

    def __init__(
        self,
        view: SeatView,
        temperature: float = TEMPERATURE,
        slip: float = SLIP,
        pressing: bool = False,
    ) -> None:
        self.beta = 1.0 / temperature
        self.slip = slip
        # keys are whole numbers, so the softmax's weights come from a table
        span = SPAN + 3 * BLOCKER if pressing else SPAN
        self.weight = [math.exp(-self.beta * d) for d in range(span)]
        decisions: list[list[Decision]] = [[], [], [], []]
        laid = [0, 0, 0, 0]  # tiles laid from here on, filled in backwards
        events = list(view.replay())
        unseen = view.unseen()
        bars = _bars_before(view, events) if pressing else []
        pressed = [leader_of(view.scores, view.target, s) for s in range(4)]
        for index in range(len(events) - 1, -1, -1):
            mover, move, board = events[index]
            tile = move.tile
            if tile is None or mover == view.seat:
                continue
            laid[mover] |= tile.bit
            if board.opening is None:
                if view.first_hand is False:  # a later hand: the opener chose its double
                    decisions[mover].append(
                        (OPENING, ((tile.bit, 0, 0, 0, 0, 0),), laid[mover], None)
                    )
                continue
            options: list[Option] = []
            terms: list[Term] = []
            chosen = -1
            ends, order = board.ends, board.order
            own = ends[mover]
            left = view.rules.mask & ~_placed(board)
            for alt in board.plays_for(mover, unseen | laid[mover]):
                t = alt.tile
                b = alt.branch
                assert t is not None and b is not None
                high, low = t.high, t.low
                new = low if ends[b] == high else high
                after = new if b == mover else own
                reach = MATCH_MASK[after]
                for x in OTHERS[mover]:
                    end = new if x == b else ends[x]
                    reach |= MATCH_MASK[end] if order[x] else DOUBLE_BIT[end]
                base = t.pips + (DOUBLE_BONUS if high == low else 0)
                if alt == move:
                    chosen = len(options)
                options.append(
                    (
                        t.bit,
                        base,
                        MATCH_MASK[high],
                        -1 if high == low else MATCH_MASK[low],
                        MATCH_MASK[after],
                        reach,
                    )
                )
                if pressing:
                    terms.append(_term(mover, b, high == low, new, left, bars[index], pressed))
            assert chosen >= 0
            decisions[mover].append(
                (chosen, tuple(options), laid[mover], tuple(terms) if pressing else None)
            )
        self.decisions = [tuple(d) for d in decisions]
        self._cache: dict[tuple[int, int], float] = {}

    def loglik(self, seat: int, held: int) -> float:
        """Log of the likelihood of ``seat``'s recorded choices if it now holds ``held``."""
        key = (seat, held)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        weight = self.weight
        slip = self.slip
        total = 0.0
        for chosen, options, since, terms in self.decisions[seat]:
            hand = held | since
            if chosen == OPENING:
                total += _opening_loglik(hand, options[0][0], weight, slip)
                continue
            keys = []
            mine = 0
            for k, (bit, base, mh, ml, ma, reach) in enumerate(options):
                if not hand & bit:
                    continue
                rest = hand ^ bit
                if not rest:
                    key_ = DOMINO
                else:
                    key_ = base
                    if not rest & mh:
                        key_ -= SPREAD
                    if not rest & ml:
                        key_ -= SPREAD
                    if rest & ma:
                        key_ += OWN_END
                    if not rest & reach:
                        key_ -= STUCK
                    if terms is not None:
                        need, lacks, holds = terms[k]
                        if need >= 0:
                            key_ += holds if need & ~hand else lacks
                if k == chosen:
                    mine = key_
                keys.append(key_)
            if len(keys) > 1:
                total += _log_choice(keys, mine, weight, slip)
        self._cache[key] = total
        return total


def _placed(board: Board) -> int:
    placed = 0 if board.opening is None else board.opening.bit
    for branch in board.branches:
        for tile in branch:
            placed |= tile.bit
    return placed


def _bars_before(
    view: SeatView, events: list[tuple[int, Move, Board]]
) -> list[tuple[int, int, int, int]]:
    """For each event of the record, the tiles each seat was then proved not to hold, as any
    other seat could tell: how the opener was found, and every pass before it."""
    bars = list(opener_proves(view))
    # opener_proves leaves out the facts about the viewing seat (it knows its own tiles);
    # another seat reasoning about it has them
    bars[view.seat] = opener_proves(replace(view, seat=(view.seat + 1) % 4, tiles=()))[view.seat]
    out = []
    for mover, move, board in events:
        out.append((bars[0], bars[1], bars[2], bars[3]))
        if move.is_pass:
            bars[mover] |= playable_mask(board, mover)
    return out


def _term(
    mover: int,
    branch: int,
    double: bool,
    new: int,
    left: int,
    bars: tuple[int, int, int, int],
    pressed: list[int | None],
) -> Term:
    """normal's blocking and pressing term for ``mover`` laying a tile on ``branch`` whose end
    becomes ``new``: the owner lacks ``new`` (in the mover's eyes) when every tile with it
    that is not on the table and not barred from the owner is in the mover's own hand."""
    if branch == mover or double:
        return (-1, 0, 0)
    press = branch == pressed[mover]
    need = left & ~bars[branch] & MATCH_MASK[new]
    return (need, BLOCKER * (2 if press else 1), -BLOCKER if press else 0)


def float_sum(values: list[float]) -> float:
    """``sum(values)`` of floats as Python 3.12 and later add them, in any Python: Neumaier's
    compensated summation (the browser's Pyodide runs 3.13, the tests and tools may run 3.11,
    whose ``sum`` adds them one by one; the computer's choices must not depend on the runtime,
    and the browser's are the ones results were played with).

    >>> float_sum([0.1] * 10), float_sum([1e100, 1.0, -1e100, 1.0])
    (1.0, 2.0)
    """
    total = compensation = 0.0
    for x in values:
        t = total + x
        if abs(total) >= abs(x):
            compensation += (total - t) + x
        else:
            compensation += (x - t) + total
        total = t
    if compensation and math.isfinite(compensation):
        total += compensation
    return total


def _log_choice(keys: list[int], mine: int, weight: list[float], slip: float) -> float:
    """log of (1 - slip) x softmax(beta x keys)[mine] + slip / len(keys), where
    ``weight[d]`` is exp(-beta x d)."""
    top = max(keys)
    soft = weight[top - mine] / float_sum([weight[top - x] for x in keys])
    return math.log((1.0 - slip) * soft + slip / len(keys))


def _opening_loglik(hand: int, chosen_bit: int, weight: list[float], slip: float) -> float:
    """The opener's choice among the doubles it held, rated like ``normal``'s opening."""
    keys = []
    mine = 0
    doubles = hand & DOUBLES_MASK
    for double in DOUBLE_OF:
        bit = double.bit
        if doubles & bit:
            key_ = opening_key(hand, double)
            if bit == chosen_bit:
                mine = key_
            keys.append(key_)
    if len(keys) < 2:
        return 0.0
    return _log_choice(keys, mine, weight, slip)


def weighted_deals(
    view: SeatView,
    rng: random.Random,
    count: int,
    mix: int = 20,
    model: PlayModel | None = None,
    stats: list[int] | None = None,
) -> Iterator[list[int]]:
    """``count`` deals (four current holdings) agreeing with ``view``, drawn by a Metropolis
    walk (:func:`~longana.players.sampler.walk`) whose stationary law weighs each agreeing
    deal by the likelihood of the other seats' recorded choices. ``stats``, if given, gets
    [proposals, accepted]."""
    if model is None:
        model = PlayModel(view)
    return walk(view, rng, count, mix, mix * 3, model.loglik, stats)
