"""Cuban Longana (Perez/Cytro): the rules engine. Standard library only."""

from .board import Board
from .errors import (
    BranchClosedError,
    HandOverError,
    IllegalMoveError,
    InvalidMoveError,
    LonganaError,
    MustPlayError,
    NoMatchError,
    NotYourTileError,
    NotYourTurnError,
    OpeningError,
    PriorityError,
    RecordError,
)
from .hand import Hand, NoDoubleError, Outcome, Verdict, deal, find_opener
from .tiles import ALL_TILES, PASS, SEAT_NAMES, SEATS, E, Move, N, S, Tile, W, parse_seat, seat_name

__all__ = [
    "ALL_TILES", "PASS", "SEAT_NAMES", "SEATS", "E", "N", "S", "W", "Board", "BranchClosedError",
    "Hand", "HandOverError", "IllegalMoveError", "InvalidMoveError", "LonganaError", "Move",
    "MustPlayError", "NoDoubleError", "NoMatchError", "NotYourTileError", "NotYourTurnError",
    "OpeningError", "Outcome", "PriorityError", "RecordError", "Tile", "Verdict", "deal",
    "find_opener", "parse_seat", "seat_name",
]
