"""The rules panel's drawn example: a small board as SVG, with where a tile may and may not go.

The page draws it (``ui/diagram.py``) from :func:`example`; the build writes that data to the
site (``rules-example.json``) so the rules panel needs no worker. The position is real engine
state: :data:`EXAMPLE` is a hand record replayed through the
engine (the cards' worked example: your tile is 6-4; East's branch is open at 6, opened first;
North's is open at 6, opened second; your own branch ends at 3, so 6-4 may go only on East's
branch). :func:`marks` asks the board, for each branch, whether the tile may go there and why
not.

>>> hand = example_hand()
>>> [m.verdict for m in marks(hand.board, hand.to_move, EXAMPLE_TILE)]
['no-match', 'legal', 'priority', 'no-match']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules.board import Board
from ..rules.errors import BranchClosedError, IllegalMoveError, NoMatchError, PriorityError
from ..rules.hand import Hand
from ..rules.records import hand_from_record
from ..rules.tiles import SEAT_NAMES, SEATS, S, Tile
from .frame import board_to_dict

#: The worked example as a hand record: South opens 6-6 (the only double dealt), East and
#: North pass (their branches open, East's first), West and South play on their own branches,
#: East and North pass again, West plays, and South is to move holding 6-4.
EXAMPLE: dict[str, Any] = {
    "hands": {
        "S": ["6-6", "6-3", "6-4", "9-8", "9-7", "8-7", "9-5", "8-5"],
        "E": ["9-4", "8-4", "7-4", "5-4", "9-2", "8-2", "7-2", "5-2"],
        "N": ["9-3", "8-3", "7-3", "5-3", "9-0", "8-0", "7-0", "5-0"],
        "W": ["6-1", "1-0", "9-1", "8-1", "7-1", "5-1", "4-1", "2-1"],
    },
    "moves": ["6-6", "pass", "pass", "6-1@W", "6-3@S", "pass", "pass", "1-0@W"],
}
EXAMPLE_TILE = Tile(6, 4)


def example_hand() -> Hand:
    """The worked example's position, South to move (checked by the engine on every move)."""
    return hand_from_record(EXAMPLE)


@dataclass(frozen=True)
class Mark:
    """What the drawing says about one branch for the tile: ``legal``, ``priority`` (matches
    but an earlier-opened branch with the same end comes first), ``closed`` (matches but is
    closed to this tile) or ``no-match``."""

    branch: int
    verdict: str
    error: IllegalMoveError | None

    @property
    def earlier(self) -> int | None:
        """For ``priority``: the branch the tile must go on instead."""
        if isinstance(self.error, PriorityError):
            return SEAT_NAMES.index(str(self.error.params["earlier"]))
        return None


def marks(board: Board, seat: int, tile: Tile) -> list[Mark]:
    """For each branch, from the engine's own rule check, whether ``seat`` may lay ``tile``."""
    out = []
    for branch in SEATS:
        error = board.reason(seat, tile, branch)
        if error is None:
            verdict = "legal"
        elif isinstance(error, PriorityError):
            verdict = "priority"
        elif isinstance(error, BranchClosedError):
            verdict = "closed"
        elif isinstance(error, NoMatchError):
            verdict = "no-match"
        else:
            raise error
        out.append(Mark(branch, verdict, error))
    return out


def example_of(board: Board, seat: int, tile: Tile) -> dict[str, Any]:
    """A position as data for the page's drawing (``ui/diagram.py``): the board, the seat,
    its tile and, per branch, the engine's verdict (and for ``priority`` the branch the tile
    must go on instead)."""
    return {
        "seat": SEAT_NAMES[seat],
        "tile": str(tile),
        "board": board_to_dict(board),
        "marks": [
            {
                "branch": SEAT_NAMES[m.branch],
                "verdict": m.verdict,
                "earlier": None if m.earlier is None else SEAT_NAMES[m.earlier],
            }
            for m in marks(board, seat, tile)
        ],
    }


def example() -> dict[str, Any]:
    """The cards' worked example, South holding 6-4 (``rules-example.json`` of the site)."""
    hand = example_hand()
    assert hand.to_move == S
    return example_of(hand.board, S, EXAMPLE_TILE)
