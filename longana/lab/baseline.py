"""Frozen baselines for tournaments: today's ``hard`` as it stood before issue 12.

``hard-2025`` is the determinization player of commit 51b977d, kept unchanged here (with its
own copy of the sampler's walk) so every change to ``hard`` can be measured against it:
96 play-outs per decision, 8-24 uniformly sampled deals that agree with the counts, the
passes and how the opener was found, every legal move played out on each with ``smart`` at
all four seats, the best average plus 1.5 x normal's rating. It is not offered to players
(``players.LEVELS``); the tournament finds it in ``tournament.TOURNAMENT_LEVELS``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..players.levels import normal_ratings  # normal itself is unchanged
from ..players.sampler import Knowledge, _first_deal, _holdings, _other_union, position
from ..rules.board import OTHERS, Board
from ..rules.hand import Hand, Outcome
from ..rules.tiles import DOUBLE_INDEX, MATCH_MASK, PASS, Move, tiles_of
from ..rules.view import SeatView

PLAYOUTS = 96
MIN_DEALS, MAX_DEALS = 8, 24
PRIOR = 1.5
MATCH_BONUS = 100.0
OTHER_WEIGHT = 0.5
DOUBLE_BONUS, OWN_END, SPREAD, STUCK = 4.0, 8.0, 1.0, 7.0
DOUBLE_BIT = tuple(1 << i for i in DOUBLE_INDEX)


def smart_2025(hand: Hand) -> Move:
    """The play-out policy as it stood (frozen copy of ``players.smart``)."""
    seat = hand.to_move
    held = hand.held[seat]
    moves = hand.board.plays_for(seat, held)
    if not moves:
        return PASS
    if len(moves) == 1:
        return moves[0]
    keys = _smart_keys(hand.board, seat, held, moves)
    return moves[keys.index(max(keys))]


def _smart_keys(board: Board, seat: int, held: int, moves: list[Move]) -> list[float]:
    ends, order = board.ends, board.order
    own = ends[seat]
    others = OTHERS[seat]
    keys = []
    for move in moves:
        tile = move.tile
        branch = move.branch
        assert tile is not None and branch is not None
        rest = held ^ tile.bit
        if not rest:
            keys.append(1000.0)
            continue
        high, low = tile.high, tile.low
        new = low if ends[branch] == high else high
        after = new if branch == seat else own
        key = float(tile.pips)
        if high == low:
            key += DOUBLE_BONUS
            if not rest & MATCH_MASK[high]:
                key -= SPREAD
        else:
            if not rest & MATCH_MASK[high]:
                key -= SPREAD
            if not rest & MATCH_MASK[low]:
                key -= SPREAD
        if rest & MATCH_MASK[after]:
            key += OWN_END
        reach = MATCH_MASK[after]
        for x in others:
            end = new if x == branch else ends[x]
            reach |= MATCH_MASK[end] if order[x] else DOUBLE_BIT[end]
        if not rest & reach:
            key -= STUCK
        keys.append(key)
    return keys


def _worth(outcome: Outcome, view: SeatView) -> float:
    winner = outcome.winner
    if winner is None:
        return 0.0
    points = outcome.points
    reaches = view.scores[winner] + points >= view.target
    if winner == view.seat:
        return points + (MATCH_BONUS if reaches else 0.0)
    return -OTHER_WEIGHT * points - (MATCH_BONUS if reaches else 0.0)


def sample_deals_2025(
    view: SeatView, rng: random.Random, count: int, mix: int = 60
) -> Iterator[list[int]]:
    """The uniform walk of ``sampler.sample_deals`` as it stood (frozen copy)."""
    know = Knowledge.of(view)
    tiles = [t.index for t in tiles_of(know.unseen)]
    owner = _first_deal(know, tiles, rng)
    if owner is None:
        know = Knowledge(know.seat, know.held, know.unseen, know.counts, (0, 0, 0, 0), ())
        owner = _first_deal(know, tiles, rng)
        if owner is None:
            raise ValueError("the tile counts do not fit the unseen tiles")
    size = len(tiles)
    barred = know.barred + (0,)
    bits = [1 << i for i in tiles]
    needs = know.needs
    holdings = _holdings(know, owner, bits)
    ok = all(_other_union(holdings, know.seat) & n for n in needs)
    steps = mix if ok else mix * 10
    for _ in range(count):
        for _ in range(steps):
            i = rng.randrange(size)
            j = rng.randrange(size)
            a, b = owner[i], owner[j]
            if a == b or barred[a] & bits[j] or barred[b] & bits[i]:
                continue
            owner[i], owner[j] = b, a
            if needs:
                holdings = _holdings(know, owner, bits)
                good = all(_other_union(holdings, know.seat) & n for n in needs)
                if ok and not good:
                    owner[i], owner[j] = a, b
                ok = ok or good
        steps = mix
        yield _holdings(know, owner, bits)


def hard_2025(view: SeatView, legal: list[Move], rng: random.Random) -> Move:
    """``hard`` as of commit 51b977d (see the module's docstring)."""
    prior = normal_ratings(view, legal)
    if len(legal) > PLAYOUTS // MIN_DEALS:
        ranked = sorted(range(len(legal)), key=lambda k: -prior[k])[: PLAYOUTS // MIN_DEALS]
        legal = [legal[k] for k in ranked]
        prior = [prior[k] for k in ranked]
    deals = max(MIN_DEALS, min(MAX_DEALS, PLAYOUTS // len(legal)))
    totals = [0.0] * len(legal)
    for held in sample_deals_2025(view, rng, deals):
        start = position(view, held)
        for k, move in enumerate(legal):
            hand = start.copy()
            hand.apply(move)
            while hand.outcome is None:
                hand.apply(smart_2025(hand))
            totals[k] += _worth(hand.outcome, view)
    scores = [t / deals + PRIOR * p for t, p in zip(totals, prior, strict=True)]
    return legal[scores.index(max(scores))]
