"""The board's layout (ui/layout.py): long branches bend inside the board, nothing overlaps,
every end cap is on the board, and tiles fold only when they must."""

from __future__ import annotations

import random

import pytest

from longana.device.session import COMPUTER, Session
from ui.layout import CAP, TILE_MIN, Box, Geometry, branch_layout, tile_size

SIZES = [(352, 290), (540, 690), (1000, 480), (600, 260), (300, 220)]


def boards(count: int = 40) -> list[list[list[bool]]]:
    """Which tiles are doubles, per branch, along random hands at many moments."""
    out = []
    for n in range(count):
        session = Session(str(n + 1), seats=(COMPUTER,) * 4)
        hand = session.match.hand
        rng = random.Random(n)
        while hand.outcome is None:
            session.play(rng.choice(hand.legal_moves()))
            if hand.is_opened and rng.random() < 0.3:
                out.append([[t.is_double for t in branch] for branch in hand.board.branches])
    return out


def overlap(a: Box, b: Box) -> bool:
    return (
        a.x < b.x + b.w - 0.01
        and b.x < a.x + a.w - 0.01
        and a.y < b.y + b.h - 0.01
        and b.y < a.y + a.h - 0.01
    )


@pytest.mark.parametrize("size", SIZES)
def test_branches_stay_on_the_board_and_apart(size: tuple[int, int]) -> None:
    w, h = size
    for lines in boards():
        tile = tile_size(lines, w, h)
        assert tile >= TILE_MIN
        g = Geometry(w, h, tile)
        for preview in (None, False, True):
            laid = [branch_layout(g, b, lines[b], preview if b == 0 else None) for b in range(4)]
            boxes = [box for branch in laid for box in branch.boxes]
            for branch, d in zip(laid, lines, strict=True):
                cap = branch.boxes[-1]
                assert cap.kind == "cap"
                assert cap.x >= 0 and cap.x + g.cap <= w and cap.y >= 0 and cap.y + g.cap <= h
                assert (branch.shown < len(d)) == any(b.kind == "fold" for b in branch.boxes)
            if min(w, h) < 280:
                continue  # smaller than any page's board: only the caps are promised
            for box in boxes:
                assert box.x >= -0.01 and box.x + box.w <= w + 0.01, box
                assert box.y >= -0.01 and box.y + box.h <= h + 0.01, box
            for i, a in enumerate(boxes):
                for b in boxes[i + 1 :]:
                    assert not overlap(a, b), (size, lines, a, b)


def test_a_roomy_board_folds_nothing_and_uses_big_tiles() -> None:
    lines = [[False] * 7, [False, True] + [False] * 4, [True] + [False] * 5, [False] * 6]
    for w, h in ((540, 690), (1000, 480)):
        g = Geometry(w, h, tile_size(lines, w, h))
        assert g.tile >= 24
        assert [branch_layout(g, b, d).shown for b, d in enumerate(lines)] == [7, 6, 6, 6]


def test_a_phone_shows_more_than_a_straight_cross() -> None:
    lines = [[False] * 7, [False, True] + [False] * 4, [True] + [False] * 5, [False] * 6]
    g = Geometry(352, 290, tile_size(lines, 352, 290))
    assert sum(branch_layout(g, b, d).shown for b, d in enumerate(lines)) >= 16


@pytest.mark.parametrize("size", [(312, 129), (312, 148), (352, 160), (426, 150)])
def test_a_small_phones_caps_lie_apart(size: tuple[int, int]) -> None:
    """The boards of a 320x568 phone and of phones held sideways: too low for the full end
    cap beside the middle row, they get the small one, and the four caps never overlap."""
    w, h = size
    for lines in boards(12):
        g = Geometry(w, h, tile_size(lines, w, h))
        assert g.cap < CAP
        caps = [branch_layout(g, b, lines[b]).boxes[-1] for b in range(4)]
        for i, a in enumerate(caps):
            for b in caps[i + 1 :]:
                assert not overlap(a, b), (size, a, b)


def test_a_roomy_board_keeps_the_full_cap() -> None:
    assert Geometry(540, 690, 24).cap == CAP == Geometry(1000, 480, 30).cap
