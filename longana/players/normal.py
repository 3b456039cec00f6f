"""``normal``: rules of thumb, and ``smart``, the same rules made cheap for ``hard``'s play-outs.

``normal`` rates each legal move and plays the best: shed heavy pips and doubles, keep a tile
for your own branch's end and a spread of numbers, don't leave yourself without a play, set
other branches to numbers their owners are known to lack, press the leader. Its weights live
here and only here: ``smart`` (every seat's policy in ``hard``'s play-outs) and the model of
the other seats' choices (:mod:`longana.players.inference`) use the same ones.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..rules.board import OTHERS, Board
from ..rules.hand import Hand
from ..rules.tiles import DOUBLE_BIT, HIGHEST, MATCH_MASK, PASS, Move, Tile
from ..rules.view import SeatView
from .sampler import Knowledge

DOUBLE_BONUS = 4  # a double fits only one number: get rid of it while you can
OWN_END = 8  # for keeping a tile that continues your own branch (counted up to OWN_CAP)
OWN_CAP = 1
OPENING_CAP = 3  # ... and up to three of them when choosing the double to open with
SPREAD = 1  # per different number left in your hand
STUCK = 7  # when you would have no play on the board you leave
BLOCKER = 3  # for setting another's branch to a number its owner is known to lack
LEADER_NEAR = 35  # how close to the target a leader must be before we press it
DOMINO = 1000  # a move that empties the hand wins it: nothing rates higher


def lacking(know: Knowledge) -> list[int]:
    """For each seat, a bit set of the numbers it cannot hold (its passes rule out every
    unseen tile with that number)."""
    out = []
    for s in range(4):
        room = know.unseen & ~know.barred[s]
        out.append(sum(1 << v for v in range(HIGHEST + 1) if not room & MATCH_MASK[v]))
    return out


def rate(
    board: Board, seat: int, held: int, move: Move, lacks: list[int], pressed: int | None
) -> float:
    """How much ``normal`` likes ``move``: higher is better."""
    tile = move.tile
    if tile is None:
        return 0.0
    rest = held ^ tile.bit
    if not rest:
        return float(DOMINO)
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
            score -= BLOCKER  # don't hand the leader a number it may well hold
    return score


def opening_key(held: int, double: Tile) -> int:
    """How much ``normal`` likes opening with ``double``: heavy, and tiles left to follow it."""
    rest = held ^ double.bit
    return double.pips + OWN_END * min(OPENING_CAP, bin(rest & MATCH_MASK[double.high]).count("1"))


def _opening_rating(held: int, move: Move) -> float:
    assert move.tile is not None
    return float(opening_key(held, move.tile))


def leader(view: SeatView) -> int | None:
    """The other seat to press: the top scorer when it is near the target and ahead of us."""
    return leader_of(view.scores, view.target, view.seat)


def leader_of(scores: Sequence[int], target: int, seat: int) -> int | None:
    """The seat ``seat`` would press with these scores (see :func:`leader`)."""
    others = [s for s in range(4) if s != seat]
    top = max(others, key=lambda s: scores[s])
    ahead = scores[top] > scores[seat]
    return top if ahead and scores[top] >= target - LEADER_NEAR else None


def normal_ratings(view: SeatView, legal: list[Move]) -> list[float]:
    """``normal``'s rating of each legal move (also ``hard``'s prior)."""
    lacks = lacking(Knowledge.of(view))
    board = view.board()
    if view.opening is None:
        # choosing which double to open with: shed it and keep tiles that follow it
        return [_opening_rating(view.held, m) for m in legal]
    pressed = leader(view)
    return [rate(board, view.seat, view.held, m, lacks, pressed) for m in legal]


def normal(view: SeatView, legal: list[Move], rng: random.Random) -> Move:
    """The best-rated move, ties broken by the seeded generator."""
    ratings = normal_ratings(view, legal)
    best = max(ratings)
    return rng.choice([m for m, r in zip(legal, ratings, strict=True) if r == best])


# -- smart: normal made cheap --------------------------------------------------------------------


def smart(hand: Hand) -> Move:
    """The play-out policy: ``normal``'s rules of thumb, made cheap (see :func:`smart_keys`)."""
    seat = hand.to_move
    held = hand.held[seat]
    moves = hand.board.plays_for(seat, held)
    if not moves:
        return PASS
    if len(moves) == 1:
        return moves[0]
    keys = smart_keys(hand.board, seat, held, moves)
    return moves[keys.index(max(keys))]


def smart_keys(board: Board, seat: int, held: int, moves: list[Move]) -> list[float]:
    """``normal``'s rating of each of ``moves`` without board copies: shed pips and doubles,
    keep a tile for your own branch, keep your numbers, don't leave yourself without a play
    (priority between equal ends is not considered here, nor passes, nor the scores)."""
    ends, order = board.ends, board.order
    own = ends[seat]
    x, y, z = OTHERS[seat]
    # what each other branch takes (all matching tiles when open, only its double when
    # closed), and what two of them take without the third
    rx, ry, rz = (MATCH_MASK[ends[s]] if order[s] else DOUBLE_BIT[ends[s]] for s in (x, y, z))
    without = [0, 0, 0, 0]
    without[x], without[y], without[z] = ry | rz, rx | rz, rx | ry
    keys: list[float] = []
    for move in moves:
        tile = move.tile
        branch = move.branch
        assert tile is not None and branch is not None
        rest = held ^ tile.bit
        if not rest:
            keys.append(DOMINO)
            continue
        high, low = tile.high, tile.low
        new = low if ends[branch] == high else high
        key = tile.pips
        if high == low:
            key += DOUBLE_BONUS
            if not rest & MATCH_MASK[high]:
                key -= SPREAD
        else:
            if not rest & MATCH_MASK[high]:
                key -= SPREAD
            if not rest & MATCH_MASK[low]:
                key -= SPREAD
        if branch == seat:
            own_after = MATCH_MASK[new]
            reach = own_after | rx | ry | rz
        else:
            own_after = MATCH_MASK[own]
            reach = (
                own_after
                | without[branch]
                | (MATCH_MASK[new] if order[branch] else DOUBLE_BIT[new])
            )
        if rest & own_after:
            key += OWN_END
        if not rest & reach:
            key -= STUCK
        keys.append(key)
    return keys
