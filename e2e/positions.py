"""Saved games prepared with the engine (``longana.device.session``), put into a fresh profile's
``longana:save`` so that a test starts where it needs to be instead of playing there.

Every position is found by seeded random play-outs, so it is the same on every run; the page
must accept it like any save of its own (it is the engine's own ``Session.to_dict``).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from longana.device.session import COMPUTER, PERSON, Session

SOUTH_PERSON = (PERSON, COMPUTER, COMPUTER, COMPUTER)


def _play_until(session: Session, rng: random.Random, stop: Callable[[Session], bool]) -> bool:
    """Random legal moves in the current hand until ``stop(session)`` or the hand's end."""
    hand = session.match.hand
    while hand.outcome is None:
        if stop(session):
            return True
        session.play(rng.choice(hand.legal_moves()))
    return stop(session)


def _south_to_play(session: Session) -> bool:
    hand = session.match.hand
    return (
        hand.outcome is None
        and hand.to_move == 0
        and hand.is_opened
        and hand.legal_moves()[0].tile is not None
    )


@functools.cache
def second_hand_save(opener: int = 3, south_moves: int = 1) -> dict[str, Any]:
    """A person at South, the computer elsewhere: hand 1 is over with somebody scoring,
    hand 2 is opened by seat ``opener`` and South has already played ``south_moves`` tiles
    and is to move again with a tile to play."""
    for n in range(1, 3000):
        rng = random.Random(n)
        session = Session(f"e2e-{n}", seats=SOUTH_PERSON)
        _play_until(session, rng, lambda s: False)
        first = session.match.hand.outcome
        if first is None or first.winner is None or first.points <= 0:
            continue
        if session.match.is_over:
            continue
        session.next_hand()
        if session.match.hand.opener != opener:
            continue
        played = 0
        hand = session.match.hand
        while hand.outcome is None:
            if played >= south_moves and _south_to_play(session):
                return session.to_dict()
            south = hand.to_move == 0 and hand.is_opened
            move = rng.choice(hand.legal_moves())
            session.play(move)
            if south and move.tile is not None:
                played += 1
    raise AssertionError("no deal found for second_hand_save")


@functools.cache
def domino_save() -> dict[str, Any]:
    """A person at South holding one last tile that can be played: playing it ends the hand
    with South's domino. In hand 2, so that the scores before it are not all zero."""
    for n in range(1, 3000):
        rng = random.Random(1000 + n)
        session = Session(f"e2e-domino-{n}", seats=SOUTH_PERSON)
        _play_until(session, rng, lambda s: False)
        first = session.match.hand.outcome
        if first is None or first.winner is None or first.points <= 0 or session.match.is_over:
            continue
        session.next_hand()

        def last_tile(s: Session) -> bool:
            hand = s.match.hand
            return _south_to_play(s) and len(hand.tiles(0)) == 1

        if _play_until(session, rng, last_tile) and session.match.hand.outcome is None:
            return session.to_dict()
    raise AssertionError("no deal found for domino_save")
