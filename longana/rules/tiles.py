"""Tiles, seats and moves: small immutable values with exactly one text form.

Every tile and every move is interned, so values compare by identity as well as by
equality and the engine can hand out the same objects without allocating.

>>> Tile.parse("3-7")
Tile.parse('7-3')
>>> str(Move.parse("7-3@N"))
'7-3@N'
>>> Move.parse("pass") is PASS
True
"""

from __future__ import annotations

from typing import Final

from .errors import InvalidMoveError

SEAT_NAMES: Final = "SENW"
S, E, N, W = 0, 1, 2, 3
SEATS: Final = (S, E, N, W)
#: the largest set the notation writes (a number is one digit): every set a match may use
#: (longana.rules.variant) is the first tiles of this one
HIGHEST: Final = 9


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat]


def parse_seat(text: object) -> int:
    """'S', 'E', 'N' or 'W' (any case) to a seat number."""
    if isinstance(text, str) and len(text) == 1 and text.upper() in SEAT_NAMES:
        return SEAT_NAMES.index(text.upper())
    raise InvalidMoveError(f"unknown seat {text!r}: seats are S, E, N and W")


class Tile:
    """A domino, written high number first: ``7-3`` (any tile up to double-nine; which of them
    a match deals is its rules' set, :class:`longana.rules.variant.Rules`)."""

    __slots__ = ("high", "low", "index", "bit", "pips", "is_double")
    high: int
    low: int
    index: int
    bit: int
    pips: int
    is_double: bool

    def __new__(cls, a: int, b: int) -> Tile:
        if not (0 <= a <= HIGHEST and 0 <= b <= HIGHEST):
            raise InvalidMoveError(f"no tile {a}-{b} in the double-nine set: numbers run 0 to 9")
        high, low = (a, b) if a >= b else (b, a)
        return _TILES[high * (high + 1) // 2 + low]

    @classmethod
    def _make(cls, high: int, low: int) -> Tile:
        tile = object.__new__(cls)
        index = high * (high + 1) // 2 + low
        for name, value in (
            ("high", high),
            ("low", low),
            ("index", index),
            ("bit", 1 << index),
            ("pips", high + low),
            ("is_double", high == low),
        ):
            object.__setattr__(tile, name, value)
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("tiles are immutable")

    @classmethod
    def parse(cls, text: object) -> Tile:
        """``"7-3"`` or ``"3-7"`` to the tile 7-3."""
        if isinstance(text, str):
            parts = text.strip().split("-")
            # ASCII digits only: "²".isdigit() is true, but int("²") fails
            if len(parts) == 2 and all(len(p) == 1 and p in "0123456789" for p in parts):
                return cls(int(parts[0]), int(parts[1]))
        raise InvalidMoveError(f"{text!r} is not a tile: write it as two numbers 0-9, like 7-3")

    def other(self, end: int) -> int:
        """The number that faces out once this tile is laid against ``end``."""
        return self.low if end == self.high else self.high

    def matches(self, end: int) -> bool:
        return self.high == end or self.low == end

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile.parse('{self}')"

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.high, self.low))

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index


_TILES: list[Tile] = [Tile._make(h, lo) for h in range(HIGHEST + 1) for lo in range(h + 1)]
ALL_TILES: Final[tuple[Tile, ...]] = tuple(_TILES)
DOUBLES: Final[tuple[Tile, ...]] = tuple(t for t in ALL_TILES if t.is_double)
DOUBLE_OF: Final[tuple[Tile, ...]] = tuple(Tile(v, v) for v in range(HIGHEST + 1))
DOUBLE_INDEX: Final[tuple[int, ...]] = tuple(d.index for d in DOUBLE_OF)
DOUBLE_BIT: Final[tuple[int, ...]] = tuple(d.bit for d in DOUBLE_OF)

#: Bit masks over tile indexes: every tile holding a number, and every double.
MATCH_MASK: Final[tuple[int, ...]] = tuple(
    sum(t.bit for t in ALL_TILES if t.matches(v)) for v in range(HIGHEST + 1)
)
DOUBLES_MASK: Final = sum(t.bit for t in DOUBLES)
ALL_MASK: Final = (1 << len(ALL_TILES)) - 1


def tiles_of(mask: int) -> list[Tile]:
    """The tiles in a bit mask, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_TILES[low.bit_length() - 1])
        mask ^= low
    return out


def mask_of(tiles: object) -> int:
    mask = 0
    for t in tiles:  # type: ignore[attr-defined]
        mask |= t.bit
    return mask


def pips_of(mask: int) -> int:
    return sum(t.pips for t in tiles_of(mask))


class Move:
    """One action: an opening (a double alone), a play (``tile@SEAT``) or ``pass``.

    ``branch`` is the seat whose branch the tile goes on; ``None`` for an opening and a pass.
    """

    __slots__ = ("tile", "branch", "text")
    tile: Tile | None
    branch: int | None
    text: str

    def __new__(cls, tile: Tile | None, branch: int | None = None) -> Move:
        if tile is None:
            if branch is not None:
                raise InvalidMoveError("a pass names no branch")
            return PASS
        if branch is None:
            if not tile.is_double:
                raise InvalidMoveError(f"{tile} cannot open a hand: the opening tile is a double")
            return _OPENINGS[tile.high]
        if branch not in SEATS:
            raise InvalidMoveError(f"unknown branch {branch!r}")
        return _PLAYS[tile.index][branch]

    @classmethod
    def _make(cls, tile: Tile | None, branch: int | None) -> Move:
        move = object.__new__(cls)
        if tile is None:
            text = "pass"
        elif branch is None:
            text = str(tile)
        else:
            text = f"{tile}@{SEAT_NAMES[branch]}"
        object.__setattr__(move, "tile", tile)
        object.__setattr__(move, "branch", branch)
        object.__setattr__(move, "text", text)
        return move

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    @classmethod
    def parse(cls, text: object) -> Move:
        """``"7-3@N"``, ``"9-9"`` (an opening) or ``"pass"``."""
        if not isinstance(text, str):
            raise InvalidMoveError(f"{text!r} is not a move: write 7-3@N, 9-9 or pass")
        body = text.strip()
        if body.lower() == "pass":
            return PASS
        if "@" in body:
            tile_text, _, seat_text = body.partition("@")
            return cls(Tile.parse(tile_text), parse_seat(seat_text))
        try:
            return cls(Tile.parse(body))
        except InvalidMoveError as error:
            raise InvalidMoveError(
                f"{text!r} is not a move: write 7-3@N, 9-9 (an opening) or pass"
            ) from error

    @property
    def is_pass(self) -> bool:
        return self.tile is None

    @property
    def is_opening(self) -> bool:
        return self.tile is not None and self.branch is None

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move.parse('{self.text}')"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Move.parse, (self.text,))

    def __lt__(self, other: Move) -> bool:
        return self.text < other.text


PASS: Final = Move._make(None, None)
_OPENINGS: list[Move] = [Move._make(d, None) for d in DOUBLE_OF]
_PLAYS: list[list[Move]] = [[Move._make(t, b) for b in SEATS] for t in ALL_TILES]
PLAYS: Final = _PLAYS
OPENINGS: Final = _OPENINGS
