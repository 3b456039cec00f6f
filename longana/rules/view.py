"""What one seat may see: its own tiles and the public table, and nothing else.

A :class:`SeatView` is built from a hand by copying out only public facts and the seat's own
tiles; it holds no reference to the hand. The computer players and the hints take a
``SeatView`` and nothing else, so they cannot look at another hand or at the unused tiles.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .board import Board
from .errors import RecordError
from .hand import Hand, Outcome, Verdict
from .tiles import ALL_MASK, PASS, SEAT_NAMES, SEATS, Move, Tile, mask_of, parse_seat, tiles_of


@dataclass(frozen=True)
class SeatView:
    seat: int
    tiles: tuple[Tile, ...]
    opening: Tile | None
    lines: tuple[tuple[Tile, ...], ...]
    ends: tuple[int, ...]
    order: tuple[int, ...]
    next_order: int
    counts: tuple[int, ...]
    history: tuple[tuple[int, Move], ...]
    to_move: int
    opener: int
    openings: tuple[Move, ...] = ()
    scores: tuple[int, ...] = (0, 0, 0, 0)
    target: int = 100
    outcome: Outcome | None = None
    # How the opener was found (public): a first hand opens with the highest double dealt;
    # a later hand's search starts at ``search_from`` (the previous winner, or the seat after
    # the previous opener), so the seats it passed over held no double. ``None``: not known.
    first_hand: bool | None = None
    search_from: int | None = None
    held: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "held", mask_of(self.tiles))

    @classmethod
    def of(
        cls, hand: Hand, seat: int, scores: tuple[int, ...] = (0, 0, 0, 0), target: int = 100
    ) -> SeatView:
        """The view of ``seat`` in ``hand``: copies, never references, of what it may see."""
        board = hand.board
        return cls(
            seat=seat,
            tiles=tuple(hand.tiles(seat)),
            opening=board.opening,
            lines=tuple(board.lines),
            ends=tuple(board.ends),
            order=tuple(board.order),
            next_order=board.next_order,
            counts=tuple(bin(m).count("1") for m in hand.held),
            history=tuple(hand.history),
            to_move=hand.to_move,
            opener=hand.opener,
            # the opener's choice of doubles is its own business until it is made
            openings=tuple(hand.openings) if seat == hand.opener else (),
            scores=tuple(scores),
            target=target,
            outcome=hand.outcome,
            first_hand=hand.first_hand,
            search_from=None
            if hand.first_hand
            else (
                hand.winner_before
                if hand.winner_before is not None
                else None
                if hand.opener_before is None
                else (hand.opener_before + 1) % 4
            ),
        )

    def board(self) -> Board:
        """A fresh board with the public table of this view."""
        board = Board()
        board.opening = self.opening
        board.lines = list(self.lines)
        board.ends = list(self.ends)
        board.order = list(self.order)
        board.next_order = self.next_order
        return board

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves if it is to move (else none): same rules as the hand."""
        if self.outcome is not None or self.to_move != self.seat:
            return []
        if self.opening is None:
            return list(self.openings)
        return self.board().plays_for(self.seat, self.held) or [PASS]

    def explain(self, tile: Tile) -> list[Verdict]:
        """For each branch, whether this seat may lay ``tile`` there, and if not, why."""
        board = self.board()
        return [Verdict(b, board.reason(self.seat, tile, b)) for b in SEATS]

    def unseen(self) -> int:
        """Mask of tiles this seat cannot see: other hands' tiles and the 23 unused ones."""
        placed = mask_of(t for line in self.lines for t in line)
        if self.opening is not None:
            placed |= self.opening.bit
        return ALL_MASK & ~placed & ~self.held

    def unseen_tiles(self) -> list[Tile]:
        return tiles_of(self.unseen())

    def replay(self) -> Iterator[tuple[int, Move, Board]]:
        """The public history move by move, each with the board as it stood *before* it.

        A pass proves the passer then held nothing in :meth:`Board.plays_for` of that board.
        """
        board = Board()
        for seat, move in self.history:
            yield seat, move, board.copy()
            board.apply(seat, move)


def view_to_dict(view: SeatView) -> dict[str, Any]:
    """Plain JSON for a view (what the page sends to the computer's worker)."""
    outcome = view.outcome
    return {
        "seat": SEAT_NAMES[view.seat],
        "tiles": [str(t) for t in view.tiles],
        "opening": None if view.opening is None else str(view.opening),
        "lines": {SEAT_NAMES[b]: [str(t) for t in view.lines[b]] for b in SEATS},
        "ends": list(view.ends),
        "order": list(view.order),
        "next_order": view.next_order,
        "counts": list(view.counts),
        "history": [[SEAT_NAMES[s], str(m)] for s, m in view.history],
        "to_move": SEAT_NAMES[view.to_move],
        "opener": SEAT_NAMES[view.opener],
        "openings": [str(m) for m in view.openings],
        "scores": list(view.scores),
        "target": view.target,
        "outcome": None
        if outcome is None
        else {
            "reason": outcome.reason,
            "points": outcome.points,
            "pips": list(outcome.pips),
            "winner": None if outcome.winner is None else SEAT_NAMES[outcome.winner],
        },
        "first_hand": view.first_hand,
        "search_from": None if view.search_from is None else SEAT_NAMES[view.search_from],
    }


def view_from_dict(data: Any) -> SeatView:
    """Read a view back. The public history is replayed to check that the table agrees."""
    try:
        seat = parse_seat(data["seat"])
        result = data["outcome"]
        view = SeatView(
            seat=seat,
            tiles=tuple(Tile.parse(t) for t in data["tiles"]),
            opening=None if data["opening"] is None else Tile.parse(data["opening"]),
            lines=tuple(tuple(Tile.parse(t) for t in data["lines"][n]) for n in SEAT_NAMES),
            ends=tuple(int(e) for e in data["ends"]),
            order=tuple(int(o) for o in data["order"]),
            next_order=int(data["next_order"]),
            counts=tuple(int(c) for c in data["counts"]),
            history=tuple((parse_seat(s), Move.parse(m)) for s, m in data["history"]),
            to_move=parse_seat(data["to_move"]),
            opener=parse_seat(data["opener"]),
            openings=tuple(Move.parse(m) for m in data["openings"]),
            scores=tuple(int(x) for x in data["scores"]),
            target=int(data["target"]),
            outcome=None
            if result is None
            else Outcome(
                str(result["reason"]),
                None if result["winner"] is None else parse_seat(result["winner"]),
                int(result["points"]),
                tuple(int(p) for p in result["pips"]),  # type: ignore[arg-type]
            ),
            first_hand=_flag(data.get("first_hand")),
            search_from=(
                None if data.get("search_from") is None else parse_seat(data["search_from"])
            ),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise RecordError(f"not a seat view: {error}") from None
    board = Board()
    for mover, move in view.history:
        board.apply(mover, move)
    if (
        board.opening,
        tuple(board.lines),
        tuple(board.ends),
        tuple(board.order),
        board.next_order,
    ) != (view.opening, view.lines, view.ends, view.order, view.next_order):
        raise RecordError("not a seat view: the table does not follow from the history")
    return view


def _flag(value: Any) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    raise ValueError(f"first_hand must be true, false or null, not {value!r}")
