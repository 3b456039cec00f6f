"""Helpers for building hands by hand, from South's point of view, for every seat.

A scenario is written as if South were the seat of interest. ``turn`` rotates it by ``k``
seats (South→East→North→West), so every test can run the same story for all four seats:
the tiles of South go to seat ``k``, a move ``6-4@E`` becomes ``6-4@{E+k}``, and so on.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from longana import SEAT_NAMES, Hand, Move, Tile
from longana.rules.tiles import ALL_TILES

LONG = ("South", "East", "North", "West")

#: Parametrize a test over the four ways to seat a scenario.
every_seat = pytest.mark.parametrize("k", range(4), ids=lambda k: f"as-{SEAT_NAMES[k]}")


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]


def turn(letter: str, k: int) -> str:
    """The seat letter ``letter`` seen ``k`` seats further counterclockwise."""
    return SEAT_NAMES[(SEAT_NAMES.index(letter) + k) % 4]


def seat(letter: str, k: int) -> int:
    return SEAT_NAMES.index(turn(letter, k))


def long(letter: str, k: int) -> str:
    """'South', 'East', ... of the rotated seat (as error messages spell it)."""
    return LONG[seat(letter, k)]


def turn_move(text: str, k: int) -> str:
    """The move ``text`` rotated by ``k`` seats, in its one text form (high number first)."""
    if "@" in text:
        tile, _, branch = text.partition("@")
        text = f"{tile}@{turn(branch, k)}"
    return str(Move.parse(text))


def moves(texts: Iterable[str], k: int) -> set[str]:
    return {turn_move(t, k) for t in texts}


def padding(used: set[Tile], ends: str, doubles: bool) -> list[Tile]:
    """Tiles that hold none of the numbers in ``ends``: they can never be played in the
    scenario, so they only fill the hands up to eight tiles. Non-doubles first."""
    busy = {int(c) for c in ends}
    free = [t for t in ALL_TILES if t not in used and t.high not in busy and t.low not in busy]
    plain = [t for t in free if not t.is_double]
    return plain + ([t for t in free if t.is_double] if doubles else [])


def dealt(
    k: int,
    hands: dict[str, str],
    *,
    ends: str = "",
    first_hand: bool = False,
    winner: str | None = None,
    previous_opener: str | None = None,
    pad_doubles: bool = True,
) -> Hand:
    """A hand whose named tiles are given per seat (South's point of view), each seat padded
    to eight tiles with tiles that match none of the numbers in ``ends``, rotated by ``k``."""
    given = {s: tiles(hands.get(s, "")) for s in SEAT_NAMES}
    used = {t for ts in given.values() for t in ts}
    assert len(used) == sum(len(ts) for ts in given.values()), "a tile is named twice"
    pads = padding(used, ends, pad_doubles)
    deal: list[list[Tile]] = [[], [], [], []]
    for letter in SEAT_NAMES:
        mine = given[letter]
        need = 8 - len(mine)
        assert len(pads) >= need, "not enough padding tiles: name more tiles or fewer ends"
        deal[seat(letter, k)] = mine + pads[:need]
        pads = pads[need:]
    return Hand(
        deal,
        first_hand=first_hand,
        winner=None if winner is None else seat(winner, k),
        previous_opener=None if previous_opener is None else seat(previous_opener, k),
    )


def play(hand: Hand, texts: Iterable[str], k: int) -> Hand:
    """Push the moves (South's point of view) rotated by ``k``; each must be legal."""
    for text in texts:
        hand.push(Move.parse(turn_move(text, k)))
    return hand


def legal(hand: Hand) -> set[str]:
    return {str(m) for m in hand.legal_moves()}
