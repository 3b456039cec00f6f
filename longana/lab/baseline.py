"""The frozen yardstick ``hard-2025``: ``hard`` as it stood before issue 12, kept for tournaments.

It is the determinization player of commit 51b977d: 96 play-outs per decision, 8-24 uniformly
sampled deals that agree with the counts, the passes and how the opener was found, every legal
move played out on each with ``smart`` at all four seats, the best average plus 1.5 x
``normal``'s rating. Every change to ``hard`` is measured against it (``make tournament``).

Frozen by a copy, not by a git tag: everything it decides with — what a seat knows, the first
deal and the walk of the sampler, ``normal``'s ratings, ``smart`` and the worth of a result — is
written out again below, so tuning :mod:`longana.players` can never move it, and a tournament
needs nothing but this module (no checkout of an old commit, no git at all: it runs wherever the
engine runs, in a process pool too). It leans only on :mod:`longana.rules` (legality, the hand,
the seat's view), which says what the game is and is not tuned. ``tests/lab/test_tournament.py``
holds its choices as first recorded. It is not offered to players (``players.LEVELS``); the
tournament finds it in ``tournament.TOURNAMENT_LEVELS``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..rules.board import OTHERS, Board
from ..rules.hand import Hand, Outcome
from ..rules.tiles import (
    ALL_MASK,
    DOUBLE_INDEX,
    DOUBLE_OF,
    DOUBLES_MASK,
    HIGHEST,
    MATCH_MASK,
    PASS,
    SEATS,
    Move,
    tiles_of,
)
from ..rules.view import SeatView

PLAYOUTS = 96
MIN_DEALS, MAX_DEALS = 8, 24
MIX = 60  # swaps tried between two deals of the walk
PRIOR = 1.5
MATCH_BONUS = 100.0
OTHER_WEIGHT = 0.5
DOUBLE_BONUS, OWN_END, OWN_CAP, SPREAD, STUCK, BLOCKER, LEADER_NEAR = 4, 8, 1, 1, 7, 3, 35
UNUSED = 4  # the owner of tiles in no hand
DOUBLE_BIT = tuple(1 << i for i in DOUBLE_INDEX)


def hard_2025(view: SeatView, legal: list[Move], rng: random.Random) -> Move:
    """``hard`` as of commit 51b977d (see the module's docstring)."""
    prior = _normal_ratings(view, legal)
    if len(legal) > PLAYOUTS // MIN_DEALS:
        ranked = sorted(range(len(legal)), key=lambda k: -prior[k])[: PLAYOUTS // MIN_DEALS]
        legal = [legal[k] for k in ranked]
        prior = [prior[k] for k in ranked]
    deals = max(MIN_DEALS, min(MAX_DEALS, PLAYOUTS // len(legal)))
    totals = [0.0] * len(legal)
    for held in _sample_deals(view, rng, deals):
        start = _position(view, held)
        for k, move in enumerate(legal):
            hand = start.copy()
            hand.apply(move)
            while hand.outcome is None:
                hand.apply(_smart(hand))
            totals[k] += _worth(hand.outcome, view)
    scores = [t / deals + PRIOR * p for t, p in zip(totals, prior, strict=True)]
    return legal[scores.index(max(scores))]


def _worth(outcome: Outcome, view: SeatView) -> float:
    winner = outcome.winner
    if winner is None:
        return 0.0
    points = outcome.points
    reaches = view.scores[winner] + points >= view.target
    if winner == view.seat:
        return points + (MATCH_BONUS if reaches else 0.0)
    return -OTHER_WEIGHT * points - (MATCH_BONUS if reaches else 0.0)


# -- normal's ratings (the prior) -----------------------------------------------------------------


def _normal_ratings(view: SeatView, legal: list[Move]) -> list[float]:
    know = _Knowledge.of(view)
    lacks = []
    for s in range(4):
        room = know.unseen & ~know.barred[s]
        lacks.append(sum(1 << v for v in range(HIGHEST + 1) if not room & MATCH_MASK[v]))
    board = view.board()
    if view.opening is None:
        return [_rate_opening(view.held, m) for m in legal]
    others = [s for s in range(4) if s != view.seat]
    top = max(others, key=lambda s: view.scores[s])
    ahead = view.scores[top] > view.scores[view.seat]
    pressed = top if ahead and view.scores[top] >= view.target - LEADER_NEAR else None
    return [_rate(board, view.seat, view.held, m, lacks, pressed) for m in legal]


def _rate_opening(held: int, move: Move) -> float:
    assert move.tile is not None
    rest = held ^ move.tile.bit
    return move.tile.pips + OWN_END * min(3, bin(rest & MATCH_MASK[move.tile.high]).count("1"))


def _rate(
    board: Board, seat: int, held: int, move: Move, lacks: list[int], pressed: int | None
) -> float:
    tile = move.tile
    if tile is None:
        return 0.0
    rest = held ^ tile.bit
    if not rest:
        return 1000.0
    score = float(tile.pips)
    if tile.is_double:
        score += DOUBLE_BONUS
    after = board.copy()
    after.apply(seat, move)
    score += OWN_END * min(OWN_CAP, bin(rest & MATCH_MASK[after.ends[seat]]).count("1"))
    score += SPREAD * sum(1 for v in range(HIGHEST + 1) if rest & MATCH_MASK[v])
    if not after.plays_for(seat, rest):
        score -= STUCK
    branch = move.branch
    if branch is not None and branch != seat and not tile.is_double:
        if lacks[branch] >> after.ends[branch] & 1:
            score += BLOCKER * (2 if branch == pressed else 1)
        elif branch == pressed:
            score -= BLOCKER
    return score


# -- smart: the play-out policy -------------------------------------------------------------------


def _smart(hand: Hand) -> Move:
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


# -- what the seat knows, and deals that agree with it ------------------------------------------


@dataclass(frozen=True)
class _Knowledge:
    """``barred[s]``: tiles seat ``s`` cannot hold now; ``needs``: masks of which some other
    hand must hold a tile (or the hand would have ended blocked earlier)."""

    seat: int
    held: int
    unseen: int
    counts: tuple[int, ...]
    barred: tuple[int, ...]
    needs: tuple[int, ...]

    @classmethod
    def of(cls, view: SeatView) -> _Knowledge:
        barred = list(_opener_proves(view))
        history = list(view.replay())
        for mover, move, board in history:
            if move.is_pass and mover != view.seat:
                for play in board.plays_for(mover, ALL_MASK):
                    assert play.tile is not None
                    barred[mover] |= play.tile.bit
        needs = []
        later = 0
        board = view.board()
        for _, move, before in reversed(history):
            if move.tile is not None:
                ends = board.ends
                ends_mask = (
                    MATCH_MASK[ends[0]]
                    | MATCH_MASK[ends[1]]
                    | MATCH_MASK[ends[2]]
                    | MATCH_MASK[ends[3]]
                )
                if not (later | view.held) & ends_mask:
                    needs.append(ends_mask)
                later |= move.tile.bit
            board = before
        unseen = view.unseen()
        return cls(
            view.seat,
            view.held,
            unseen,
            tuple(view.counts),
            tuple(b & unseen for b in barred),
            tuple(needs),
        )


def _opener_proves(view: SeatView) -> tuple[int, int, int, int]:
    barred = [0, 0, 0, 0]
    if view.first_hand and view.opening is not None:
        higher = sum(d.bit for d in DOUBLE_OF[view.opening.high + 1 :])
        barred = [higher] * 4
    elif view.first_hand is False and view.search_from is not None:
        s = view.search_from
        while s != view.opener:
            barred[s] = DOUBLES_MASK
            s = (s + 1) % 4
    barred[view.seat] = 0
    return barred[0], barred[1], barred[2], barred[3]


def _first_deal(know: _Knowledge, tiles: list[int], rng: random.Random) -> list[int] | None:
    """Owners for ``tiles`` giving each other seat its count (Kuhn's augmenting paths)."""
    owner = [UNUSED] * len(tiles)
    order = list(range(len(tiles)))
    seats = [s for s in SEATS if s != know.seat]
    seats.sort(key=lambda s: bin(know.unseen & ~know.barred[s]).count("1") - know.counts[s])

    def place(seat: int, seen: list[bool]) -> bool:
        rng.shuffle(order)
        for i in order[:]:
            if seen[i] or know.barred[seat] & (1 << tiles[i]):
                continue
            seen[i] = True
            other = owner[i]
            if other == UNUSED or place(other, seen):
                owner[i] = seat
                return True
        return False

    for seat in seats:
        for _ in range(know.counts[seat]):
            if not place(seat, [False] * len(tiles)):
                return None
    return owner


def _sample_deals(view: SeatView, rng: random.Random, count: int) -> Iterator[list[int]]:
    """The uniform walk of the sampler as it stood."""
    know = _Knowledge.of(view)
    tiles = [t.index for t in tiles_of(know.unseen)]
    owner = _first_deal(know, tiles, rng)
    if owner is None:
        know = _Knowledge(know.seat, know.held, know.unseen, know.counts, (0, 0, 0, 0), ())
        owner = _first_deal(know, tiles, rng)
        if owner is None:
            raise ValueError("the tile counts do not fit the unseen tiles")
    size = len(tiles)
    barred = know.barred + (0,)
    bits = [1 << i for i in tiles]
    needs = know.needs
    holdings = _holdings(know, owner, bits)
    ok = all(_other_union(holdings, know.seat) & n for n in needs)
    steps = MIX if ok else MIX * 10
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
        steps = MIX
        yield _holdings(know, owner, bits)


def _holdings(know: _Knowledge, owner: list[int], bits: list[int]) -> list[int]:
    held = [0, 0, 0, 0, 0]
    for o, bit in zip(owner, bits, strict=True):
        held[o] |= bit
    held[know.seat] = know.held
    return held[:4]


def _other_union(held: list[int], seat: int) -> int:
    return (held[0] | held[1] | held[2] | held[3]) & ~held[seat]


def _position(view: SeatView, held: Sequence[int]) -> Hand:
    """A full hand at the view's position with the given current holdings."""
    hand = Hand.__new__(Hand)
    played = [0, 0, 0, 0]
    for mover, move in view.history:
        if move.tile is not None:
            played[mover] |= move.tile.bit
    hand.rules = view.rules
    hand.held = list(held)
    hand.start = tuple(h | p for h, p in zip(held, played, strict=True))
    hand.opener = view.opener
    hand.openings = list(view.openings)
    hand.first_hand = True
    hand.winner_before = None
    hand.opener_before = None
    hand.board = view.board()
    hand.to_move = view.to_move
    hand.history = list(view.history)
    hand.outcome = view.outcome
    return hand
