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
``go-out-risk`` {``seat``, ``number``, ``tiles``, ``chance``} — ``seat`` holds one tile, and on
the board the move leaves it may go out at once on ``number``: ``tiles`` are exactly the tiles it
may hold (its passes and the tiles seen do not rule them out) that it could lay there — on a
branch closed to it only the double; ``chance`` is how often (percent of the deals) it goes out
at its next turn after the move, everyone playing as the play-outs do. ``go-out-risk``
{``seat``, ``turns``: 2, ``chance``} — ``seat`` holds two tiles and goes out within its next two
turns in ``chance`` % of the deals (said when that is at least :data:`RARE` %);
``way-out`` {``turns``, ``sure``, ``chance``} — the seat's tiles then follow one another on its own
branch, which only it can change (it stays closed while it plays; a double laid on it changes no
end): it goes out in ``turns`` turns, for ``sure`` when every other seat holds more tiles than
that, else in a race it wins in ``chance`` % of the deals (laying its run, the others playing as
the play-outs do);
``likely-block`` {``chance``, ``winner``} — the hand ends blocked in ``chance`` % of the move's
play-outs (said from :data:`LIKELY` % on), most often won by ``winner`` (a seat, or ``None``:
most often tied);
``control`` {``numbers``} — every other seat has passed on every number showing: they cannot
play until the seat changes an end;
``stuck`` {``chance``, ``ends``} — no tile of the seat's fits the board the move leaves; in
``chance`` % of the deals it still has none at its next turn and must pass (and open its branch),
and in ``ends`` % the hand is over before that turn;
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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules.board import OTHERS, Board
from ..rules.errors import PriorityError
from ..rules.hand import Outcome
from ..rules.tiles import MATCH_MASK, SEAT_NAMES, Move, Tile, pips_of, tiles_of
from ..rules.view import SeatView
from .hard import play_out
from .normal import lacking, leader
from .sampler import Knowledge, position, sample_deals

STAKE = 50  # points: a seat this near the target can win the match in one hand
PLAY_DEALS = 64  # deals played out for the sizes when no weighing gives its play-outs
RARE = 5  # percent: a two-tile seat going out this rarely is not named
LIKELY = 25  # percent of the play-outs ending blocked from which a block is foreseen
#: every code, the most decisive first (each move's reasons come in this order)
RANK = (
    "pass",
    "domino",
    "block",
    "go-out-risk",
    "way-out",
    "likely-block",
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
    that can win the match this hand, and ``deals`` agreeing with the view (for chances),
    with each move's play-outs on them when the weighing kept them (``outcomes``)."""

    def __init__(
        self,
        view: SeatView,
        deals: Sequence[Sequence[int]],
        outcomes: dict[Move, list[Outcome]] | None = None,
        marks: dict[Move, list[tuple[int, int]]] | None = None,
    ) -> None:
        self.view = view
        self.seat = seat = view.seat
        self.board = view.board()
        self.know = know = Knowledge.of(view)
        self.lacks = lacking(know)
        self.pressed = leader(view)
        self.deals = list(deals)
        self.outcomes = dict(outcomes or {})
        self.marks = dict(marks or {})
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
                [Reason("pass", {"opens": not board.order[seat]})]
                + self.risks(move, after)
                + self.blocking(move)
                + self.racing
            )
        rest = view.held ^ tile.bit
        if not rest:
            return [Reason("domino", {"match": self.wins_match(0)})]
        ends = after.ends
        out = self.where(move, after)
        if tile.pips:  # shedding the 0-0 says nothing
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
        out += self.risks(move, after) + self.blocking(move) + self.racing
        own = ends[seat]
        run = chain(rest, own)
        if len(run) == bin(rest).count("1"):
            out.append(self.way_out(move, run))
        elif run:
            out.append(Reason("keeps-own", {"number": own, "tiles": [str(t) for t in run]}))
        else:
            out.append(Reason("no-own", {"number": own}))
        showing = sum(1 << e for e in set(ends))
        if rest & reach and all(self.lacks[s] & showing == showing for s in OTHERS[seat]):
            out.append(Reason("control", {"numbers": sorted(set(ends))}))
        if not after.plays_for(seat, rest):
            ended = self.share(move, lambda o, turns, passes: turns < 4)
            passed = self.share(move, lambda o, turns, passes: turns >= 4 and passes >> 4 & 1)
            out.append(Reason("stuck", {"chance": passed, "ends": ended}))
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

    def risks(self, move: Move, after: Board) -> list[Reason]:
        """``go-out-risk`` for each other seat with one tile and each number it may go out on
        at its turn on the board ``after`` (from the seat after this one round the table),
        with the very tiles and how often it does; and for each seat with two tiles that goes
        out within two turns in :data:`RARE` % of the deals or more."""
        out = []
        for k in (1, 2, 3):
            s = (self.seat + k) % 4
            count = self.view.counts[s]
            if count == 2:
                chance = self.out_within(move, s, 8)
                if chance >= RARE:
                    params = {"seat": SEAT_NAMES[s], "turns": 2, "chance": chance}
                    out.append(Reason("go-out-risk", params))
            if count != 1:
                continue
            by_number: dict[int, list[Tile]] = {}
            for play in after.plays_for(s, self.room[s]):
                assert play.tile is not None and play.branch is not None
                tiles = by_number.setdefault(after.ends[play.branch], [])
                if play.tile not in tiles:
                    tiles.append(play.tile)
            if not by_number:
                continue
            chance = self.out_within(move, s, 4)
            for number in sorted(by_number):
                tiles = sorted(by_number[number], key=lambda t: (-t.high, -t.low))
                params = {
                    "seat": SEAT_NAMES[s],
                    "number": number,
                    "tiles": [str(t) for t in tiles],
                    "chance": chance,
                }
                out.append(Reason("go-out-risk", params))
        return out

    def out_within(self, move: Move, seat: int, turns: int) -> int:
        """How often (percent of the play-outs) ``seat`` goes out before the seat to move has
        had ``turns`` more turns' worth of the table (4: one round, its next turn; 8: two)."""
        return self.share(
            move, lambda o, n, passes: o.reason == "domino" and o.winner == seat and n < turns
        )

    def way_out(self, move: Move, run: list[Tile]) -> Reason:
        """The seat's run to the end of the hand: sure when every other seat holds more
        tiles than the run has, else a race, and how often the play-outs win it."""
        seat, counts = self.seat, self.view.counts
        turns = len(run)
        sure = all(counts[s] > turns for s in OTHERS[seat])
        chance = 100
        if not sure:
            chance = self.share(
                move, lambda o, n, passes: o.winner == seat and o.reason == "domino"
            )
        return Reason("way-out", {"turns": turns, "sure": sure, "chance": chance})

    def blocking(self, move: Move) -> list[Reason]:
        """``likely-block`` when the move's play-outs end blocked in :data:`LIKELY` % or
        more, with the seat that most often wins the block (``None``: most often tied)."""
        outcomes = self.played_out(move)[0]
        blocked = [o.winner for o in outcomes if o.reason == "block"]
        if not outcomes or 100 * len(blocked) < LIKELY * len(outcomes):
            return []
        tally = {w: blocked.count(w) for w in set(blocked)}
        most = max(tally.values())
        # the most frequent winner; among equals the seat itself, then round the table
        order = [self.seat, (self.seat + 1) % 4, (self.seat + 2) % 4, (self.seat + 3) % 4, None]
        winner = next(w for w in order if tally.get(w) == most)
        chance = round(100 * len(blocked) / len(outcomes))
        params = {"chance": chance, "winner": None if winner is None else SEAT_NAMES[winner]}
        return [Reason("likely-block", params)]

    def share(self, move: Move, counted: Callable[[Outcome, int, int], object]) -> int:
        """In how many of the move's play-outs (percent, rounded) ``counted`` holds, given
        each one's outcome, the turns it took and its first passes (see ``hard.play_out``)."""
        outcomes, marks = self.played_out(move)
        hits = sum(1 for o, (n, p) in zip(outcomes, marks, strict=True) if counted(o, n, p))
        return round(100 * hits / len(outcomes)) if outcomes else 0

    def played_out(self, move: Move) -> tuple[list[Outcome], list[tuple[int, int]]]:
        """The move's play-outs and their marks: the weighing's, or played here on the
        first :data:`PLAY_DEALS` deals."""
        if move not in self.outcomes or move not in self.marks:
            found, marks = [], []
            for held in self.deals[:PLAY_DEALS]:
                hand = position(self.view, held)
                hand.apply(move)
                mark = [0, 0]
                found.append(play_out(hand, mark))
                marks.append((mark[0], mark[1]))
            self.outcomes[move], self.marks[move] = found, marks
        return self.outcomes[move], self.marks[move]

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
