"""``CLASS_VERSION`` moves with the computer's moves. A class match is replayed from its code by
every student's device and by the teacher's table: if the computer answered differently, the
same code would make another match and results would not compare. So the version is pinned
together with a digest of each level's moves on fixed positions; changing a player without
moving the version fails here, and says what to do."""

from __future__ import annotations

import hashlib

from conftest import random_position

from longana.classplay.code import CLASS_VERSION
from longana.players.levels import LEVELS, choose
from longana.rules.view import SeatView

#: the version of this release's class codes, and the digest of each level's moves with it
PINNED = {
    "version": "3",
    "easy": "f6561c202c2a91b6",
    "normal": "7a18b818efead922",
    "hard": "2d552d4bc68dc345",
}
POSITIONS = 48


def digest(level: str) -> str:
    """A digest of ``level``'s moves on fixed positions (first hands, later hands after a
    win and after a tied block; scores far from and near the target)."""
    moves = []
    for seed in range(POSITIONS):
        hand = random_position(seed, later=bool(seed % 2), tied=seed % 6 == 5)
        scores = (seed % 100, (7 * seed) % 100, (13 * seed) % 97, 90 - seed % 30)
        view = SeatView.of(hand, hand.to_move, scores)
        moves.append(str(choose(view, level, seed)))
    return hashlib.sha256(" ".join(moves).encode()).hexdigest()[:16]


def test_the_class_version_moves_with_the_computers_moves() -> None:
    got = {level: digest(level) for level in LEVELS}
    pinned = {level: PINNED[level] for level in LEVELS}
    assert PINNED["version"] == CLASS_VERSION, (
        "CLASS_VERSION changed: pin the new version here together with the digests "
        f"of the computer's moves it stands for: {got}"
    )
    changed = [level for level in LEVELS if got[level] != pinned[level]]
    assert not changed, (
        f"the computer's moves changed ({', '.join(changed)}) but CLASS_VERSION is still "
        f"{CLASS_VERSION}: a class code of this release would replay another match. Bump "
        "CLASS_VERSION in longana/classplay/code.py (codes and result codes of the release "
        "before are then refused in words, as another release's: class-version), say so in "
        f"docs/classplay.md, and pin the new version here with these digests: {got}"
    )
