"""One hand of Longana: the deal, the opener, the moves and the end with its scoring."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .board import SEAT_NAMES_LONG, Board
from .errors import (
    HandOverError,
    IllegalMoveError,
    MustPlayError,
    NotYourTileError,
    NotYourTurnError,
    OpeningError,
    RecordError,
)
from .tiles import (
    DOUBLES_MASK,
    MATCH_MASK,
    OPENINGS,
    PASS,
    SEAT_NAMES,
    SEATS,
    Move,
    Tile,
    pips_of,
    tiles_of,
)
from .variant import CARD, Rules


class NoDoubleError(RecordError):
    """Nobody holds a double: the rules call for a redeal."""


@dataclass(frozen=True)
class Outcome:
    """How a hand ended. ``winner`` is ``None`` after a block with a tied lowest total."""

    reason: str  # "domino" or "block"
    winner: int | None
    points: int
    pips: tuple[int, int, int, int]

    def describe(self) -> str:
        if self.reason == "domino":
            return (
                f"Domino: {SEAT_NAMES_LONG[self.winner or 0]} played out and scores "
                f"{self.points}, the pips left in the other hands."
            )
        if self.winner is None:
            low = min(self.pips)
            tied = [SEAT_NAMES_LONG[s] for s in SEATS if self.pips[s] == low]
            return f"Blocked: nobody can play. {' and '.join(tied)} tie at {low}: nobody scores."
        return (
            f"Blocked: nobody can play. {SEAT_NAMES_LONG[self.winner]} has the lowest total "
            f"({self.pips[self.winner]}) and scores all {self.points} pips."
        )


@dataclass(frozen=True)
class Verdict:
    """Whether a tile may go on one branch; ``error`` names the rule that forbids it."""

    branch: int
    error: IllegalMoveError | None

    @property
    def allowed(self) -> bool:
        return self.error is None


def deal(rng: random.Random, rules: Rules = CARD) -> list[int]:
    """The rules' hand size to each seat from their shuffled set, as four bit masks (the card's
    game: eight each from the 55 tiles of double-nine).

    The draws are exactly those of ``rng.sample(range(55), 32)`` (South gets the first eight,
    then East, North, West), written out with ``getrandbits`` so that deals do not depend on
    the library's internals and cost half as much. The tests compare the two.
    """
    getrandbits = rng.getrandbits
    pool = list(range(rules.tiles))
    size = rules.hand_size
    masks = [0, 0, 0, 0]
    left = len(pool)
    for i in range(4 * size):
        bits = left.bit_length()
        j = getrandbits(bits)  # uniform below ``left`` by rejection, as Random._randbelow
        while j >= left:
            j = getrandbits(bits)
        masks[i // size] |= 1 << pool[j]
        left -= 1
        pool[j] = pool[left]
    return masks


def find_opener(
    held: Sequence[int], first_hand: bool, winner: int | None, previous_opener: int | None
) -> tuple[int, list[Move]] | None:
    """The seat that opens and the doubles it may open with; ``None`` if nobody has a double."""
    if first_hand:
        for double in reversed(OPENINGS):
            assert double.tile is not None
            for s in SEATS:
                if held[s] & double.tile.bit:
                    return s, [double]
        return None
    if winner is not None:
        start = winner
    elif previous_opener is not None:
        start = (previous_opener + 1) % 4
    else:
        raise RecordError(
            "a later hand needs the previous hand's winner or, after a tied block, "
            "the previous opener"
        )
    for k in range(4):
        s = (start + k) % 4
        if held[s] & DOUBLES_MASK:
            return s, [OPENINGS[t.high] for t in reversed(tiles_of(held[s] & DOUBLES_MASK))]
    return None


class Hand:
    """The full state of one hand: every seat's tiles, the board, whose turn, the outcome.

    >>> hand = Hand.deal(random.Random(1))
    >>> hand.legal_moves()  # the highest double dealt opens the first hand
    [Move.parse('8-8')]
    """

    __slots__ = (
        "held",
        "board",
        "to_move",
        "opener",
        "openings",
        "history",
        "outcome",
        "first_hand",
        "winner_before",
        "opener_before",
        "start",
        "rules",
    )

    def __init__(
        self,
        holdings: Sequence[Iterable[Tile]],
        *,
        first_hand: bool = True,
        winner: int | None = None,
        previous_opener: int | None = None,
        rules: Rules = CARD,
    ) -> None:
        self._setup(_check_deal(holdings, rules), first_hand, winner, previous_opener, rules)

    def _setup(
        self,
        held: list[int],
        first_hand: bool,
        winner: int | None,
        previous_opener: int | None,
        rules: Rules,
    ) -> None:
        found = find_opener(held, first_hand, winner, previous_opener)
        if found is None:
            raise NoDoubleError("nobody holds a double: the hand is redealt")
        self.rules = rules
        self.held = held
        self.start = tuple(held)
        self.opener, self.openings = found
        self.first_hand = first_hand
        self.winner_before = None if first_hand else winner
        self.opener_before = None if first_hand or winner is not None else previous_opener
        self.board = Board()
        self.to_move = self.opener
        self.history: list[tuple[int, Move]] = []
        self.outcome: Outcome | None = None

    @classmethod
    def deal(
        cls,
        rng: random.Random,
        *,
        first_hand: bool = True,
        winner: int | None = None,
        previous_opener: int | None = None,
        rules: Rules = CARD,
    ) -> Hand:
        """Deal from ``rng`` by ``rules``, dealing again (same hand) while nobody holds a double."""
        hand = cls.__new__(cls)
        while True:
            try:
                hand._setup(deal(rng, rules), first_hand, winner, previous_opener, rules)
                return hand
            except NoDoubleError:
                continue

    @property
    def starting_tiles(self) -> list[list[Tile]]:
        """Each seat's tiles as dealt."""
        return [tiles_of(m) for m in self.start]

    def copy(self) -> Hand:
        hand = Hand.__new__(Hand)
        for name in Hand.__slots__:
            setattr(hand, name, getattr(self, name))
        hand.held = self.held[:]
        hand.board = self.board.copy()
        hand.history = self.history[:]
        return hand

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and all(
            getattr(self, k) == getattr(other, k) for k in Hand.__slots__
        )

    __hash__ = None  # type: ignore[assignment]

    # -- queries -----------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def is_opened(self) -> bool:
        return self.board.opening is not None

    def tiles(self, seat: int) -> list[Tile]:
        return tiles_of(self.held[seat])

    def pips(self, seat: int) -> int:
        return pips_of(self.held[seat])

    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move: the opening doubles, the plays, or ``[pass]``."""
        if self.outcome is not None:
            return []
        if self.board.opening is None:
            return list(self.openings)
        return self.board.plays_for(self.to_move, self.held[self.to_move]) or [PASS]

    def is_legal(self, move: Move) -> bool:
        return move in self.legal_moves()

    def check(self, move: Move, seat: int | None = None) -> None:
        """Raise the error that names why ``move`` (by ``seat``, default: the seat to move)
        is illegal now; return quietly if it is legal."""
        mover = self.to_move if seat is None else seat
        if self.outcome is not None:
            raise HandOverError("the hand is over")
        if mover != self.to_move:
            raise NotYourTurnError(
                f"it is {SEAT_NAMES_LONG[self.to_move]}'s turn, not {SEAT_NAMES_LONG[mover]}'s",
                seat=SEAT_NAMES[mover],
                to_move=SEAT_NAMES[self.to_move],
            )
        legal = self.legal_moves()
        if move in legal:
            return
        if self.board.opening is None:
            names = " or ".join(str(m) for m in self.openings)
            raise OpeningError(
                f"{SEAT_NAMES_LONG[mover]} opens the hand with {names}",
                seat=SEAT_NAMES[mover],
                doubles=names,
            )
        if move.tile is None:
            raise MustPlayError(
                f"{SEAT_NAMES_LONG[mover]} cannot pass: you must play when you "
                f"can ({', '.join(str(m) for m in legal)})",
                seat=SEAT_NAMES[mover],
            )
        if not self.held[mover] & move.tile.bit:
            raise NotYourTileError(
                f"{move.tile} is not in {SEAT_NAMES_LONG[mover]}'s hand",
                tile=str(move.tile),
                seat=SEAT_NAMES[mover],
            )
        if move.branch is None:
            raise OpeningError(
                "the hand is already open: say which branch the tile goes on, "
                f"like {move.tile}@{SEAT_NAMES[mover]}"
            )
        error = self.board.reason(mover, move.tile, move.branch)
        assert error is not None, f"{move} refused by legal_moves but allowed by reason"
        raise error

    def explain(self, seat: int, tile: Tile) -> list[Verdict]:
        """For each branch, whether ``seat`` may lay ``tile`` there and, if not, why.

        Whose turn it is does not matter here: this says what the tile could do for that seat.
        """
        verdicts = []
        for branch in SEATS:
            error: IllegalMoveError | None
            if self.outcome is not None:
                error = HandOverError("the hand is over")
            elif not self.held[seat] & tile.bit:
                error = NotYourTileError(
                    f"{tile} is not in {SEAT_NAMES_LONG[seat]}'s hand",
                    tile=str(tile),
                    seat=SEAT_NAMES[seat],
                )
            else:
                error = self.board.reason(seat, tile, branch)
            verdicts.append(Verdict(branch, error))
        return verdicts

    # -- changes -----------------------------------------------------------------------------

    def push(self, move: Move) -> None:
        """Play ``move`` for the seat to move, or raise an :class:`IllegalMoveError` saying why."""
        self.check(move)
        self.apply(move)

    def apply(self, move: Move) -> None:
        """Play a move known to be legal (from :meth:`legal_moves`) without checking it."""
        seat = self.to_move
        self.history.append((seat, move))
        tile = move.tile
        board = self.board
        if tile is None:
            board.pass_turn(seat)
            self.to_move = (seat + 1) % 4
            return
        self.held[seat] ^= tile.bit
        if move.branch is None:
            board.open_with(tile)
        else:
            board.place(seat, tile, move.branch)
        held = self.held
        if not held[seat]:
            self._finish("domino")
            return
        ends = board.ends
        if not (
            (held[0] | held[1] | held[2] | held[3])
            & (
                MATCH_MASK[ends[0]]
                | MATCH_MASK[ends[1]]
                | MATCH_MASK[ends[2]]
                | MATCH_MASK[ends[3]]
            )
        ):
            self._finish("block")
            return
        self.to_move = (seat + 1) % 4

    def _finish(self, reason: str) -> None:
        self.outcome = outcome_of(reason, self.held, self.to_move)

    @property
    def played(self) -> list[Move]:
        return [move for _, move in self.history]


def outcome_of(reason: str, held: Sequence[int], mover: int) -> Outcome:
    """How a hand ends by ``reason`` ("domino": ``mover`` played out; "block") with ``held``
    left in the hands: who scores and how much."""
    pips = (pips_of(held[0]), pips_of(held[1]), pips_of(held[2]), pips_of(held[3]))
    if reason == "domino":
        return Outcome(reason, mover, sum(pips), pips)
    low = min(pips)
    winner = pips.index(low) if pips.count(low) == 1 else None
    return Outcome(reason, winner, sum(pips) if winner is not None else 0, pips)


def _check_deal(holdings: Sequence[Iterable[Tile]], rules: Rules) -> list[int]:
    hands = [list(h) for h in holdings]
    if len(hands) != 4:
        raise RecordError(f"a deal has four hands (S, E, N, W), not {len(hands)}")
    seen = 0
    masks = []
    for s, tiles in enumerate(hands):
        if len(tiles) != rules.hand_size:
            raise RecordError(
                f"{SEAT_NAMES[s]} holds {len(tiles)} tiles: each seat is dealt {rules.hand_size}"
            )
        mask = 0
        for t in tiles:
            if t.high > rules.highest:
                raise RecordError(f"{t} is not in the double-{rules.highest} set")
            if seen & t.bit:
                raise RecordError(f"{t} is dealt twice (found again in {SEAT_NAMES[s]}'s hand)")
            seen |= t.bit
            mask |= t.bit
        masks.append(mask)
    return masks
