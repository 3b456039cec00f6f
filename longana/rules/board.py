"""The board everyone sees: the opening double and the four branches.

Everything here is visible to every seat, so the same class serves the full hand state and
a seat's view. Legality lives in one place: :meth:`Board.plays_for` generates the legal
plays and :meth:`Board.reason` names the rule behind each refusal; the tests check that the
two always agree.
"""

from __future__ import annotations

from .errors import BranchClosedError, IllegalMoveError, NoMatchError, OpeningError, PriorityError
from .tiles import DOUBLE_INDEX, MATCH_MASK, PLAYS, SEAT_NAMES, SEATS, Move, Tile

# For each seat, the other three seats.
OTHERS: tuple[tuple[int, ...], ...] = tuple(tuple(b for b in SEATS if b != s) for s in SEATS)


def branch_name(seat: int) -> str:
    return f"{('South', 'East', 'North', 'West')[seat]}'s branch"


class Board:
    """Branch ends, open flags with their opening order, and the tiles laid on each branch.

    ``order[b]`` is 0 while branch ``b`` is closed, else its number in the opening order.
    """

    __slots__ = ("opening", "branches", "ends", "order", "next_order")

    def __init__(self) -> None:
        self.opening: Tile | None = None
        self.branches: list[tuple[Tile, ...]] = [(), (), (), ()]
        self.ends: list[int] = [0, 0, 0, 0]
        self.order: list[int] = [0, 0, 0, 0]
        self.next_order = 1

    def copy(self) -> Board:
        board = Board.__new__(Board)
        board.opening = self.opening
        board.branches = self.branches[:]
        board.ends = self.ends[:]
        board.order = self.order[:]
        board.next_order = self.next_order
        return board

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and all(
            getattr(self, k) == getattr(other, k) for k in Board.__slots__
        )

    __hash__ = None  # type: ignore[assignment]

    def is_open(self, branch: int) -> bool:
        return self.order[branch] > 0

    # -- legality ----------------------------------------------------------------------------

    def plays_for(self, seat: int, held: int) -> list[Move]:
        """Every legal play for ``seat`` holding the tiles in mask ``held`` (no pass)."""
        ends, order = self.ends, self.order
        moves: list[Move] = []
        mask = held & MATCH_MASK[ends[seat]]  # 1. anything matching on the seat's own branch
        while mask:
            low = mask & -mask
            moves.append(PLAYS[low.bit_length() - 1][seat])
            mask ^= low
        others = OTHERS[seat]
        for x in others:
            end, ox = ends[x], order[x]
            if not ox:  # 2. a closed branch of another seat takes only its double
                if held >> DOUBLE_INDEX[end] & 1:
                    moves.append(PLAYS[DOUBLE_INDEX[end]][x])
                continue
            mask = held & MATCH_MASK[end]  # 3. another seat's open branch...
            if not mask:
                continue
            for y in others:
                oy = order[y]
                if oy and oy < ox and ends[y] == end:
                    break  # ...unless an earlier-opened open branch has the same end
            else:
                while mask:
                    low = mask & -mask
                    moves.append(PLAYS[low.bit_length() - 1][x])
                    mask ^= low
        return moves

    def reason(self, seat: int, tile: Tile, branch: int) -> IllegalMoveError | None:
        """Why ``seat`` may not put ``tile`` on ``branch`` (``None`` if it may).

        Only the board is considered here: whether the seat holds the tile, whose turn it is
        and whether the hand is over are the hand's business.
        """
        if self.opening is None:
            return OpeningError("the hand has not been opened yet: the opener lays a double first")
        end = self.ends[branch]
        if not tile.matches(end):
            return NoMatchError(
                f"{tile} does not match {branch_name(branch)}: its end is {end}",
                tile=str(tile),
                branch=SEAT_NAMES[branch],
                end=end,
            )
        if branch == seat:
            return None
        if not self.order[branch]:
            if tile.is_double:
                return None
            return BranchClosedError(
                f"{branch_name(branch)} is closed: {SEAT_NAMES_LONG[branch]} has not passed, "
                "so only a double may go there",
                branch=SEAT_NAMES[branch],
            )
        earlier = self.earlier_branch(seat, branch)
        if earlier is not None:
            return PriorityError(
                f"equal ends: {branch_name(earlier)} opened before {branch_name(branch)}, "
                f"so a {end} must go on {branch_name(earlier)}",
                branch=SEAT_NAMES[branch],
                earlier=SEAT_NAMES[earlier],
                end=end,
            )
        return None

    def earlier_branch(self, seat: int, branch: int) -> int | None:
        """The earliest-opened other open branch with the same end as ``branch``, if earlier."""
        ends, order = self.ends, self.order
        best = None
        for c in OTHERS[seat]:
            if (
                c != branch
                and order[c]
                and ends[c] == ends[branch]
                and order[c] < order[branch]
                and (best is None or order[c] < order[best])
            ):
                best = c
        return best

    # -- changes -----------------------------------------------------------------------------

    def open_with(self, double: Tile) -> None:
        self.opening = double
        self.ends = [double.high] * 4

    def place(self, seat: int, tile: Tile, branch: int) -> None:
        """Lay ``tile`` on ``branch`` for ``seat`` (already known legal); close seat's branch."""
        self.branches[branch] = self.branches[branch] + (tile,)
        end = self.ends[branch]
        self.ends[branch] = tile.low if tile.high == end else tile.high
        self.order[seat] = 0

    def pass_turn(self, seat: int) -> None:
        """A pass opens the seat's branch; passing again while open keeps its number."""
        if not self.order[seat]:
            self.order[seat] = self.next_order
            self.next_order += 1

    def apply(self, seat: int, move: Move) -> None:
        """Apply a move already known legal to the public board."""
        if move.tile is None:
            self.pass_turn(seat)
        elif move.branch is None:
            self.open_with(move.tile)
        else:
            self.place(seat, move.tile, move.branch)

    def placed(self, branch: int) -> list[tuple[Tile, int, int]]:
        """The tiles of a branch from the centre out, each with (inner, outer) numbers."""
        out: list[tuple[Tile, int, int]] = []
        if self.opening is None:
            return out
        end = self.opening.high
        for tile in self.branches[branch]:
            outer = tile.other(end)
            out.append((tile, end, outer))
            end = outer
        return out


SEAT_NAMES_LONG = ("South", "East", "North", "West")
