"""What one seat may see: its own tiles and the board, and nothing else.

A :class:`SeatView` is built from a hand by copying out only public facts and the seat's own
tiles; it holds no reference to the hand. The computer players and the hints take a
``SeatView`` and nothing else, so they cannot look at another hand or at the unused tiles.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from .board import Board
from .hand import Hand, Outcome, Verdict
from .tiles import PASS, SEATS, Move, Tile, mask_of, tiles_of
from .variant import CARD, Rules


@dataclass(frozen=True)
class SeatView:
    seat: int
    tiles: tuple[Tile, ...]
    opening: Tile | None
    branches: tuple[tuple[Tile, ...], ...]
    ends: tuple[int, ...]
    order: tuple[int, ...]
    next_order: int
    counts: tuple[int, ...]
    history: tuple[tuple[int, Move], ...]
    to_move: int
    opener: int
    openings: tuple[Move, ...] = ()
    scores: tuple[int, ...] = (0, 0, 0, 0)
    rules: Rules = CARD  # the match's: its set (what is unseen) and its target
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
        cls,
        hand: Hand,
        seat: int,
        scores: tuple[int, ...] = (0, 0, 0, 0),
        target: int | None = None,
    ) -> SeatView:
        """The view of ``seat`` in ``hand``: copies, never references, of what it may see. The
        rules are the hand's (its match's); ``target`` plays a hand built alone (a lesson's, a
        record's) to another target."""
        board = hand.board
        return cls(
            seat=seat,
            tiles=tuple(hand.tiles(seat)),
            opening=board.opening,
            branches=tuple(board.branches),
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
            rules=hand.rules if target is None else hand.rules.with_target(target),
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

    @property
    def target(self) -> int:
        return self.rules.target

    def board(self) -> Board:
        """A fresh board as this view sees it (the board is public)."""
        board = Board()
        board.opening = self.opening
        board.branches = list(self.branches)
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
        """Mask of tiles this seat cannot see: other hands' tiles and the unused ones (23 in
        the card's game)."""
        placed = mask_of(t for branch in self.branches for t in branch)
        if self.opening is not None:
            placed |= self.opening.bit
        return self.rules.mask & ~placed & ~self.held

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
