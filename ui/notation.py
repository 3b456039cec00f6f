"""The notation on the page: seats, tiles and moves as the worker writes them, and the names of
the seats' kinds, the computer's levels and the match's lengths.

A seat is its letter (``"S"``, ``"E"``, ``"N"``, ``"W"``) everywhere the page meets one: in frames,
refusals, records and intents. A tile is ``"7-3"`` (high first), a move ``"7-3@N"`` (a play on
North's branch), ``"9-9"`` (the opening) or ``"pass"``. Runs under MicroPython and CPython.
"""

try:
    from typing import Any
except ImportError:  # MicroPython: no typing module; annotations are not evaluated there
    pass

TYPE_CHECKING = False  # mypy takes it as true: the frame's types, never imported at runtime
if TYPE_CHECKING:
    from longana.device.frame import Seat

SEATS: "tuple[Seat, ...]" = ("S", "E", "N", "W")  # the seats in turn order
# a seat's kind and the computer's levels, named as the engine names them (its definitions:
# longana.device.session and longana.players.levels; tests/ui/test_boot_rules.py holds them equal)
KINDS = ("person", "computer")
LEVELS = ("easy", "normal", "hard")
# the match's lengths the game offers, as the engine's presets name them (longana.rules.variant;
# tests/ui/test_boot_rules.py holds them equal): each a name (its words: settings.lengths.<name>)
# and its target, shortest first (a tuple: MicroPython's dicts keep no order)
LENGTHS = (("short", 50), ("card", 100), ("long", 500))
TARGETS = tuple(target for _, target in LENGTHS)
DEFAULT_TARGET = 100  # the card's, the engine's default preset (held equal too)


def seat_of(text: Any) -> "Seat | None":
    """``text`` as a seat when it is one's letter, else None."""
    for seat in SEATS:
        if seat == text:
            return seat
    return None


def pips(tile: str) -> "tuple[int, int]":
    """``"7-3"`` → ``(7, 3)``, the higher number first."""
    a, b = int(tile[0]), int(tile[-1])
    return (a, b) if a >= b else (b, a)


def is_double(tile: str) -> bool:
    return tile[0] == tile[-1]


def other(tile: str, end: int) -> int:
    """The number of ``tile`` that is not ``end``: a branch's new end once it is laid there."""
    high, low = pips(tile)
    return low if high == end else high


def split(move: "str | None") -> "tuple[str | None, str | None]":
    """A move as (tile, branch): ``"7-3@N"`` → ("7-3", "N"); ``"9-9"`` → ("9-9", None);
    ``"pass"`` → (None, None)."""
    if move is None or move == "pass":
        return None, None
    if "@" in move:
        tile, branch = move.split("@")
        return tile, branch
    return move, None


def tile_of(text: Any) -> Any:
    """``"3-7"`` or ``"7-3"`` → ``"7-3"`` (high first); None when it is not a tile."""
    if (
        not text
        or len(text) != 3
        or text[1] != "-"
        or not text[0].isdigit()
        or not text[2].isdigit()
    ):
        return None
    high, low = pips(text)
    return str(high) + "-" + str(low)
