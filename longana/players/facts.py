"""What a seat's view shows about each of its legal moves: reasons as codes and plain
parameters (the page words them), worked out from the :class:`~longana.rules.view.SeatView`
alone — the seat's tiles, the board, the tile counts, every pass, the scores — and, for the
few facts that are chances, from the deals ``hard`` drew for that view (which agree with it).

The decisive facts come first (:data:`RANK` orders every list):

``domino`` {``match``} — the move empties the hand: it wins the hand (and, when ``match``,
the match: the fewest pips the others can hold already make the seat's total);
``block`` {``pips``, ``chance``, ``match``} — after it no hand can hold a tile that fits: the
hand ends blocked, the seat keeps ``pips``, has the lowest count (which wins) in ``chance`` %
of the deals (0 or 100 only when certain), and when ``match``, whoever wins it wins the match;
``go-out-risk`` {``seat``, ``number``} — ``seat`` holds one tile, and on the board the move
leaves it may go out at once on ``number``: its passes and the tiles seen do not rule it out;
``way-out`` {``turns``} — the seat's tiles then follow one another on its own branch, which
only it can change (it stays closed while it plays; a double laid on it changes no end): it
goes out in ``turns`` turns unless someone goes out sooner;
``control`` {``numbers``} — every other seat has passed on every number showing: they cannot
play until the seat changes an end;
``stuck`` {``chance``} — no tile of the seat's fits the board the move leaves; in ``chance`` %
of the deals it still has none at its next turn and must pass (and open its branch);
``match-point`` {``seat``, ``needs``} — a seat (the seat itself included, leading or not) is
within :data:`STAKE` points of the target and can reach it in this hand (the pips still held
are enough);
``blocks`` / ``feeds`` / ``leader`` {``seat``, ``number`` (, ``was``)} — sets a branch to a
number its owner's passes prove it lacks, takes it off one, or gives the leader near the
target a number it may hold;
``keeps-own`` {``number``, ``tiles``} — tiles kept that follow one another on the seat's own
branch, in the order they can be laid; ``no-own`` {``number``} — none is kept for it;
``priority`` {``branch``, ``over``, ``number``} — the equal-ends rule sends the tile there;
``closes-own`` — the seat's branch is open and any play closes it again;
``sheds`` {``pips``}; ``double`` {``number``}; ``pass`` {``opens``}.

A reason that no longer applies once the move is made is not given: after a move that ends
the hand only the ending, the tile's pips, its double and where it must go are said.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules.board import OTHERS, Board
from ..rules.errors import PriorityError
from ..rules.tiles import MATCH_MASK, SEAT_NAMES, Move, Tile, pips_of, tiles_of
from ..rules.view import SeatView
from .normal import lacking, leader, smart
from .sampler import Knowledge, position, sample_deals

STAKE = 50  # points: a seat this near the target can win the match in one hand
PASS_DEALS = 40  # deals played on to the seat's next turn for the chance that it must pass
#: every code, the most decisive first (each move's reasons come in this order)
RANK = (
    "pass",
    "domino",
    "block",
    "go-out-risk",
    "way-out",
    "control",
    "stuck",
    "match-point",
    "ends-match",
    "blocks",
    "feeds",
    "leader",
    "keeps-own",
    "no-own",
    "priority",
    "closes-own",
    "sheds",
    "double",
)


@dataclass(frozen=True)
class Reason:
    """One reason, for the page to word: ``code`` and plain ``params`` (seat letters, tile
    texts, numbers)."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params)}


def ranked(reasons: list[Reason]) -> list[Reason]:
    """``reasons`` in :data:`RANK`'s order (the order within one code kept)."""
    return sorted(reasons, key=lambda r: RANK.index(r.code))


def chain(held: int, end: int) -> list[Tile]:
    """The longest run of the tiles in ``held`` that can be laid one after another from
    ``end`` (each on the one before), trying heavier tiles first: the first longest run found."""
    best: list[Tile] = []
    path: list[Tile] = []
    size = bin(held).count("1")

    def walk(mask: int, end: int) -> bool:
        nonlocal best
        if len(path) > len(best):
            best = path[:]
        if len(best) == size:
            return True
        for tile in sorted(tiles_of(mask & MATCH_MASK[end]), key=lambda t: -t.pips):
            path.append(tile)
            if walk(mask ^ tile.bit, tile.other(end)):
                return True
            path.pop()
        return False

    walk(held, end)
    return best


def _extreme(room: int, count: int, heavy: bool) -> int:
    """The fewest (or most) pips ``count`` tiles from ``room`` can hold."""
    pips = sorted((t.pips for t in tiles_of(room)), reverse=heavy)
    return sum(pips[:count])


class Facts:
    """Everything each move's reasons are read from: the seat's view, what it knows of the
    other hands (their passes, how the opener was found), bounds on their pips, the seats
    that can win the match this hand, and ``deals`` agreeing with the view (for chances)."""

    def __init__(self, view: SeatView, deals: Sequence[Sequence[int]]) -> None:
        self.view = view
        self.seat = seat = view.seat
        self.board = view.board()
        self.know = know = Knowledge.of(view)
        self.lacks = lacking(know)
        self.pressed = leader(view)
        self.deals = list(deals)
        self.room = [know.unseen & ~know.barred[s] for s in range(4)]
        counts = view.counts
        self.fewest = [_extreme(self.room[s], counts[s], False) for s in range(4)]
        self.most = [_extreme(self.room[s], counts[s], True) for s in range(4)]
        others = OTHERS[seat]
        self.deal_pips = [[pips_of(held[s]) for s in others] for held in self.deals]
        held_now = pips_of(view.held) + sum(self.most[s] for s in others)
        near = [
            (view.target - view.scores[s], s)
            for s in range(4)
            if view.target - view.scores[s] <= min(STAKE, held_now)
        ]
        self.racing = [
            Reason("match-point", {"seat": SEAT_NAMES[s], "needs": needs})
            # the seat itself first, then by what they need, then round the table from it
            for needs, s in sorted(near, key=lambda n: (n[1] != seat, n[0], (n[1] - seat) % 4))
        ]

    def reasons(self, move: Move) -> list[Reason]:
        """Why ``move`` is good or bad, the most decisive first (see the module's list)."""
        view, board, seat = self.view, self.board, self.seat
        tile = move.tile
        after = board.copy()
        after.apply(seat, move)
        if tile is None:
            return ranked(
                [Reason("pass", {"opens": not board.order[seat]})] + self.risks(after) + self.racing
            )
        rest = view.held ^ tile.bit
        if not rest:
            return [Reason("domino", {"match": self.wins_match(0)})]
        ends = after.ends
        out = self.where(move, after)
        out.append(Reason("sheds", {"pips": tile.pips}))
        if tile.is_double:
            out.append(Reason("double", {"number": tile.high}))
        reach = (
            MATCH_MASK[ends[0]] | MATCH_MASK[ends[1]] | MATCH_MASK[ends[2]] | MATCH_MASK[ends[3]]
        )
        if not rest & reach and not any(self.room[s] & reach for s in OTHERS[seat]):
            # the hand is over: where the tile must go still says why, nothing else applies
            out = [r for r in out if r.code in ("priority", "sheds", "double")]
            return ranked([self.blocked(rest)] + out)
        out += self.risks(after) + self.racing
        own = ends[seat]
        run = chain(rest, own)
        if len(run) == bin(rest).count("1"):
            out.append(Reason("way-out", {"turns": len(run)}))
        elif run:
            out.append(Reason("keeps-own", {"number": own, "tiles": [str(t) for t in run]}))
        else:
            out.append(Reason("no-own", {"number": own}))
        showing = sum(1 << e for e in set(ends))
        if rest & reach and all(self.lacks[s] & showing == showing for s in OTHERS[seat]):
            out.append(Reason("control", {"numbers": sorted(set(ends))}))
        if not after.plays_for(seat, rest):
            out.append(Reason("stuck", {"chance": self.must_pass(move)}))
        if board.order[seat]:
            out.append(Reason("closes-own"))
        return ranked(out)

    def where(self, move: Move, after: Board) -> list[Reason]:
        """What laying the tile on another seat's branch does there: ``blocks``, ``feeds``
        or ``leader``, and ``priority`` when the equal-ends rule chose the branch."""
        tile, branch, seat, board = move.tile, move.branch, self.seat, self.board
        out: list[Reason] = []
        if tile is None or branch is None or branch == seat:
            return out
        letter = SEAT_NAMES[branch]
        if not tile.is_double:
            was, now = board.ends[branch], after.ends[branch]
            if self.lacks[branch] >> now & 1:
                out.append(Reason("blocks", {"seat": letter, "number": now}))
            elif self.lacks[branch] >> was & 1:
                out.append(Reason("feeds", {"seat": letter, "number": now, "was": was}))
            elif branch == self.pressed:
                out.append(Reason("leader", {"seat": letter, "number": now}))
        over = [
            SEAT_NAMES[c]
            for c in OTHERS[seat]
            if c != branch
            and isinstance(board.reason(seat, tile, c), PriorityError)
            and board.earlier_branch(seat, c) == branch
        ]
        if over:
            params = {"branch": letter, "over": over, "number": board.ends[branch]}
            out.append(Reason("priority", params))
        return out

    def risks(self, after: Board) -> list[Reason]:
        """``go-out-risk`` for each other seat with one tile and each number it may go out on
        at its turn on the board ``after`` (from the seat after this one round the table)."""
        out = []
        for k in (1, 2, 3):
            s = (self.seat + k) % 4
            if self.view.counts[s] != 1:
                continue
            plays = after.plays_for(s, self.room[s])
            numbers = {after.ends[m.branch] for m in plays if m.branch is not None}
            out += [
                Reason("go-out-risk", {"seat": SEAT_NAMES[s], "number": n}) for n in sorted(numbers)
            ]
        return out

    def blocked(self, rest: int) -> Reason:
        """The block the move causes: the seat's pips, its chance of the lowest count (which
        wins), whether whoever wins it wins the match."""
        mine = pips_of(rest)
        others = OTHERS[self.seat]
        if mine < min(self.fewest[s] for s in others):
            chance = 100
        elif any(self.most[s] <= mine for s in others):
            chance = 0
        else:
            wins = sum(1 for pips in self.deal_pips if mine < min(pips))
            chance = min(99, max(1, round(100 * wins / max(1, len(self.deals)))))
        least = mine + sum(self.fewest[s] for s in others)
        winners = ([self.seat] if chance else []) + [s for s in others if self.fewest[s] < mine]
        scores, target = self.view.scores, self.view.target
        match = bool(winners) and all(scores[w] + least >= target for w in winners)
        return Reason("block", {"pips": mine, "chance": chance, "match": match})

    def wins_match(self, mine: int) -> bool:
        """Whether winning the hand now certainly wins the match (the fewest pips the others
        can hold, and ``mine`` after a block, reach the target)."""
        least = mine + sum(self.fewest[s] for s in OTHERS[self.seat])
        return self.view.scores[self.seat] + least >= self.view.target

    def must_pass(self, move: Move) -> int:
        """In how many of the first :data:`PASS_DEALS` deals (percent) the seat has no play at
        its next turn after ``move``, the others playing as ``hard``'s play-outs have them."""
        deals = self.deals[:PASS_DEALS]
        if not deals:
            return 100
        seat = self.seat
        passes = 0
        for held in deals:
            hand = position(self.view, held)
            hand.apply(move)
            while hand.outcome is None and hand.to_move != seat:
                hand.apply(smart(hand))
            if hand.outcome is None and not hand.board.plays_for(seat, hand.held[seat]):
                passes += 1
        return round(100 * passes / len(deals))


FACT_DEALS = 32  # deals drawn when no deals are given (reasons_for)


def reasons_for(
    view: SeatView, deals: Sequence[Sequence[int]] | None = None
) -> dict[Move, list[Reason]]:
    """The reasons of each legal move of ``view.seat``; without ``deals``, a few uniform
    deals are drawn (by a generator fixed by the position) for the chances."""
    if deals is None:
        rng = random.Random(f"longana:facts:{view.seat}:{len(view.history)}")
        deals = list(sample_deals(view, rng, FACT_DEALS))
    facts = Facts(view, deals)
    return {m: facts.reasons(m) for m in view.legal_moves()}
