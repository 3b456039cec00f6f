"""What one seat can infer about the hidden tiles, and deals drawn to agree with it.

From a :class:`~longana.rules.view.SeatView` alone we know the *unseen* tiles (the other hands'
and the unused ones of the view's set: 23 in the card's game), how many tiles each other seat
holds, and what every pass proves: the passer then held no tile it could legally have played on
the board of that moment.
Since tiles only ever leave a hand, that rules those tiles out of its hand now, too. How the
opener was found rules out doubles: in a first hand nobody held one higher than the opening
double; in a later hand the seats the search passed over held none.

:func:`sample_deals` draws deals of the unseen tiles that respect all of it. It never
rejects blindly (heavy pass constraints would make that slow): a first deal is built by
bipartite matching (seats' places against the tiles each seat may hold), then a random walk
of swaps that keep every constraint mixes it towards a uniform draw. Each further deal
continues the walk. So drawing always terminates quickly, and only ever yields deals that
agree with the counts and the passes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ..rules.board import Board
from ..rules.hand import Hand
from ..rules.tiles import ALL_MASK, DOUBLE_OF, DOUBLES_MASK, MATCH_MASK, SEATS, tiles_of
from ..rules.view import SeatView

UNUSED = 4  # the owner of tiles in no hand


def playable_mask(board: Board, seat: int) -> int:
    """Every tile ``seat`` could legally lay on ``board`` (whoever holds it)."""
    mask = 0
    for move in board.plays_for(seat, ALL_MASK):
        assert move.tile is not None
        mask |= move.tile.bit
    return mask


@dataclass(frozen=True)
class Knowledge:
    """What ``seat`` knows about the hidden tiles.

    ``barred[s]`` holds the tiles seat ``s`` cannot hold now (proved by its passes and by
    how the opener was found, see :func:`opener_proves`);
    ``needs`` holds masks of which some other hand must hold at least one tile, or the
    engine would have ended the hand as blocked earlier.
    """

    seat: int
    held: int
    unseen: int
    counts: tuple[int, ...]
    barred: tuple[int, ...]
    needs: tuple[int, ...]
    #: before the opening: the seat that must hold the opening double (when it is not ours),
    #: and whether it must be the highest double dealt (a first hand)
    opener: int | None = None
    highest: bool = False

    @classmethod
    def of(cls, view: SeatView) -> Knowledge:
        barred = list(opener_proves(view))
        history = list(view.replay())
        for mover, move, board in history:
            if move.is_pass and mover != view.seat:
                barred[mover] |= playable_mask(board, mover)
        # the hand was checked for a block after every tile laid: someone then held a match
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
            view.opener if view.opening is None and view.opener != view.seat else None,
            bool(view.first_hand),
        )

    def agrees(self, held: Sequence[int]) -> bool:
        """Whether a full deal (four current holdings) agrees with everything known."""
        if held[self.seat] != self.held:
            return False
        others = 0
        for s in SEATS:
            if s == self.seat:
                continue
            if bin(held[s]).count("1") != self.counts[s] or held[s] & ~self.unseen:
                return False
            if held[s] & self.barred[s] or held[s] & others:
                return False
            others |= held[s]
        return all(others & need for need in self.needs) and self.opener_can_open(held)

    def opener_can_open(self, held: Sequence[int]) -> bool:
        """Before the opening, the opener holds a double (in a first hand, the highest one)."""
        if self.opener is None:
            return True
        own = held[self.opener] & DOUBLES_MASK
        if not own or not self.highest:
            return bool(own)
        rest = (held[0] | held[1] | held[2] | held[3]) & DOUBLES_MASK & ~own
        return not rest or _top_double(rest) < _top_double(own)


def _top_double(mask: int) -> int:
    return max(t.high for t in tiles_of(mask))


def opener_proves(view: SeatView) -> tuple[int, int, int, int]:
    """For each seat, the doubles that finding the opener proves it did not hold when dealt
    (and so does not hold now): in a first hand nobody held a double higher than the opening
    one; in a later hand the seats the search passed over before the opener held none."""
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


def _first_deal(know: Knowledge, tiles: list[int], rng: random.Random) -> list[int] | None:
    """Owners (seat or UNUSED) for ``tiles`` giving each other seat its count: Kuhn's
    augmenting paths over the seats' places, trying tiles in random order."""
    owner = [UNUSED] * len(tiles)
    order = list(range(len(tiles)))
    seats = [s for s in SEATS if s != know.seat]
    # most constrained seats first
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


def first_deal(view: SeatView, rng: random.Random) -> tuple[Knowledge, list[int], list[int]]:
    """What the view proves, its unseen tiles (indexes) and a first agreeing deal (each
    tile's owner). A view that contradicts itself (no deal agrees) loses its pass
    constraints rather than failing; a view from a real hand always has an agreeing deal."""
    know = Knowledge.of(view)
    tiles = [t.index for t in tiles_of(know.unseen)]
    owner = _first_deal(know, tiles, rng)
    if owner is None:
        know = Knowledge(know.seat, know.held, know.unseen, know.counts, (0, 0, 0, 0), ())
        owner = _first_deal(know, tiles, rng)
        if owner is None:
            raise ValueError("the tile counts do not fit the unseen tiles")
    return know, tiles, owner


def sample_deals(
    view: SeatView, rng: random.Random, count: int, mix: int = 60
) -> Iterator[list[int]]:
    """``count`` deals (each the four current holdings as masks) agreeing with ``view``,
    every agreeing deal about equally likely: :func:`walk` with no weights.

    If the view contradicts itself (no deal agrees), pass constraints are dropped rather
    than failing; a view from a real hand always has an agreeing deal.
    """
    return walk(view, rng, count, mix, mix)


#: The log-likelihood of a seat's recorded choices if it now held the tiles of a mask.
LogLik = Callable[[int, int], float]


def _pick(
    rng: random.Random, owner: list[int], barred: Sequence[int], bits: list[int]
) -> tuple[int, int, int, int] | None:
    """A proposal of the walk: two tiles of different owners that may trade places (their
    indexes and owners), or None when the draw may not."""
    i = rng.randrange(len(owner))
    j = rng.randrange(len(owner))
    a, b = owner[i], owner[j]
    if a == b or barred[a] & bits[j] or barred[b] & bits[i]:
        return None
    return i, j, a, b


def walk(
    view: SeatView,
    rng: random.Random,
    count: int,
    mix: int,
    first: int,
    loglik: LogLik | None = None,
    stats: list[int] | None = None,
) -> Iterator[list[int]]:
    """The walk every deal is drawn by: ``count`` deals (four current holdings) agreeing with
    ``view``, ``mix`` swaps tried between two deals (``first`` before the first one, to walk
    away from the matching's deal).

    A swap exchanges the owners (two seats, or a seat and the unused tiles) of two tiles
    and is only tried when neither seat is barred from its new tile. Without ``loglik``
    every such swap is taken (the walk tends to the uniform law over agreeing deals); with
    it, a Metropolis walk takes a swap with the chance ``min(1, L(after) / L(before))``, so
    deals come in proportion to the product of the other seats' likelihoods. Either way a
    swap that would undo every tile some hand must hold (``Knowledge.needs``) is refused
    once the walk has met them, so it never leaves the agreeing deals. ``stats``, if given,
    gets [swaps tried, swaps taken].
    """
    know, tiles, owner = first_deal(view, rng)
    size = len(tiles)
    barred = know.barred + (0,)
    bits = [1 << i for i in tiles]
    needs = know.needs
    seat = know.seat
    held = _holdings(know, owner, bits)
    held.append(know.unseen & ~_other_union(held, seat))

    def meets(held: list[int]) -> bool:
        return all(_other_union(held, seat) & n for n in needs) and know.opener_can_open(held)

    constrained = bool(needs) or know.opener is not None
    ok = meets(held)
    tries = 0
    while loglik is not None and constrained and not ok and tries < 2000:
        tries += 1  # reach a deal that meets them, then weigh
        picked = _pick(rng, owner, barred, bits)
        if picked is None:
            continue
        i, j, a, b = picked
        flip = bits[i] | bits[j]
        owner[i], owner[j] = b, a
        held[a] ^= flip
        held[b] ^= flip
        ok = meets(held)
    if loglik is None and not ok:
        first = mix * 10  # a longer walk to find a deal that meets them
    ll = [0.0 if loglik is None or s == seat else loglik(s, held[s]) for s in range(4)] + [0.0]
    steps = first
    proposals = accepted = 0

    def swap() -> None:
        nonlocal ok, proposals, accepted
        picked = _pick(rng, owner, barred, bits)
        if picked is None:
            return
        i, j, a, b = picked
        flip = bits[i] | bits[j]
        ha, hb = held[a] ^ flip, held[b] ^ flip
        proposals += 1
        la = lb = 0.0
        if loglik is not None:
            la = 0.0 if a == UNUSED else loglik(a, ha)
            lb = 0.0 if b == UNUSED else loglik(b, hb)
            delta = la + lb - ll[a] - ll[b]
            if delta < 0 and rng.random() >= math.exp(delta):
                return
        if constrained:
            trial = held[:]
            trial[a], trial[b] = ha, hb
            good = meets(trial)
            if ok and not good:
                return  # the walk stays among agreeing deals
            ok = ok or good
        owner[i], owner[j] = b, a
        held[a], held[b] = ha, hb
        ll[a], ll[b] = la, lb
        accepted += 1

    for _ in range(count):
        for _ in range(steps):
            swap()
        extra = 0
        while constrained and not ok and extra < 100 * size:
            extra += 1  # not there yet (rare: a constraint the matching could not see)
            swap()
        steps = mix
        yield held[:4]
    if stats is not None:
        stats[:] = [proposals, accepted]


def _holdings(know: Knowledge, owner: list[int], bits: list[int]) -> list[int]:
    """The four current holdings of the deal that gives each tile its owner."""
    held = [0, 0, 0, 0, 0]
    for o, bit in zip(owner, bits, strict=True):
        held[o] |= bit
    held[know.seat] = know.held
    return held[:4]


def _other_union(held: list[int], seat: int) -> int:
    """Every tile the other seats hold (``held``'s first four entries are the seats)."""
    return (held[0] | held[1] | held[2] | held[3]) & ~held[seat]


def position(view: SeatView, held: Sequence[int]) -> Hand:
    """A full :class:`Hand` at the view's position with the given current holdings, ready
    to be played on with :meth:`Hand.apply` (for playing sampled deals out)."""
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
