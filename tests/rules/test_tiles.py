"""Tiles, seats and moves: the double-nine set and the one text form of each value."""

from __future__ import annotations

import pickle

import pytest

from longana import ALL_TILES, PASS, InvalidMoveError, Move, Tile, parse_seat, seat_name
from longana.rules.tiles import DOUBLES, MATCH_MASK, mask_of, pips_of, tiles_of


def test_the_double_nine_set_has_55_tiles_and_ten_doubles() -> None:
    assert len(ALL_TILES) == 55
    assert len({(t.high, t.low) for t in ALL_TILES}) == 55
    assert [str(d) for d in DOUBLES] == [f"{v}-{v}" for v in range(10)]
    assert all(0 <= t.low <= t.high <= 9 for t in ALL_TILES)
    assert sum(t.pips for t in ALL_TILES) == 495


@pytest.mark.parametrize(
    "text, shown",
    [("7-3", "7-3"), ("3-7", "7-3"), ("0-0", "0-0"), ("9-9", "9-9"), (" 4-5 ", "5-4")],
)
def test_tiles_read_either_way_round_and_print_high_first(text: str, shown: str) -> None:
    tile = Tile.parse(text)
    assert str(tile) == shown
    assert Tile.parse(shown) is tile
    assert eval(repr(tile)) is tile  # noqa: S307 - repr is the parse call


@pytest.mark.parametrize(
    "text",
    [
        "10-3",
        "3-10",
        "7",
        "7-",
        "-3",
        "7-3-1",
        "a-b",
        "",
        "7_3",
        "²-1",
        "٣-1",
        "+1-2",
        None,
        73,
        ["7", "3"],
    ],
)
def test_not_a_tile(text: object) -> None:
    with pytest.raises(InvalidMoveError, match="not a tile"):
        Tile.parse(text)


def test_tile_numbers_outside_the_set() -> None:
    with pytest.raises(InvalidMoveError, match="double-nine"):
        Tile(10, 3)
    with pytest.raises(InvalidMoveError):
        Tile(-1, 3)


def test_tiles_are_immutable_and_interned() -> None:
    tile = Tile(3, 7)
    assert tile is Tile(7, 3)
    with pytest.raises(AttributeError):
        tile.high = 9  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(tile)) is tile


def test_other_end_and_matching() -> None:
    tile = Tile(7, 3)
    assert tile.other(7) == 3 and tile.other(3) == 7
    assert tile.matches(3) and tile.matches(7) and not tile.matches(5)
    assert Tile(4, 4).other(4) == 4


def test_masks() -> None:
    some = [Tile(9, 9), Tile(7, 3), Tile(0, 0)]
    mask = mask_of(some)
    assert tiles_of(mask) == sorted(some)
    assert pips_of(mask) == 28
    for v in range(10):
        assert {t for t in tiles_of(MATCH_MASK[v])} == {t for t in ALL_TILES if t.matches(v)}
        assert len(tiles_of(MATCH_MASK[v])) == 10


@pytest.mark.parametrize("letter, number", [("S", 0), ("E", 1), ("N", 2), ("W", 3), ("n", 2)])
def test_seats(letter: str, number: int) -> None:
    assert parse_seat(letter) == number
    assert seat_name(number) == letter.upper()


@pytest.mark.parametrize("text", ["Q", "", "SE", "North", None, 0, "ß"])
def test_unknown_seat(text: object) -> None:
    with pytest.raises(InvalidMoveError, match="unknown seat"):
        parse_seat(text)


@pytest.mark.parametrize(
    "text, shown",
    [
        ("7-3@N", "7-3@N"),
        ("3-7@n", "7-3@N"),
        ("9-9", "9-9"),
        ("pass", "pass"),
        ("PASS", "pass"),
        ("0-0@W", "0-0@W"),
    ],
)
def test_moves_have_one_text_form(text: str, shown: str) -> None:
    move = Move.parse(text)
    assert str(move) == shown
    assert Move.parse(shown) is move
    assert pickle.loads(pickle.dumps(move)) is move


def test_move_parts() -> None:
    play = Move.parse("7-3@N")
    assert (play.tile, play.branch, play.is_pass, play.is_opening) == (Tile(7, 3), 2, False, False)
    opening = Move.parse("9-9")
    assert opening.is_opening and opening.branch is None
    assert PASS.is_pass and PASS.tile is None
    assert Move(Tile(7, 3), 2) is play and Move(None) is PASS
    assert sorted([Move.parse("pass"), play, opening]) == [play, opening, PASS]


@pytest.mark.parametrize(
    "text, message",
    [
        ("7-3", "not a move"),  # only a double can stand alone (the opening)
        ("7-3@Q", "unknown seat"),
        ("7-3@", "unknown seat"),
        ("10-3@N", "not a tile"),
        ("@N", "not a tile"),
        ("", "not a move"),
        (None, "not a move"),
        (7, "not a move"),
    ],
)
def test_not_a_move(text: object, message: str) -> None:
    with pytest.raises(InvalidMoveError, match=message):
        Move.parse(text)


def test_move_constructor_checks() -> None:
    with pytest.raises(InvalidMoveError, match="a pass names no branch"):
        Move(None, 1)
    with pytest.raises(InvalidMoveError, match="opening tile is a double"):
        Move(Tile(7, 3))
    with pytest.raises(InvalidMoveError, match="unknown branch"):
        Move(Tile(7, 3), 4)
