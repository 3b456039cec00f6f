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

from longana import Move
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


def seed_where(predicate: Callable[[Any], bool], limit: int = 5000) -> str:
    """The first deal number whose match satisfies ``predicate(match)``."""
    from longana.rules.match import Match

    for n in range(1, limit):
        if predicate(Match(str(n))):
            return str(n)
    raise AssertionError("no deal number found")


def first_hand_wins_the_match() -> str:
    """A deal number whose first hand wins the match when South plays its first legal move
    each turn and the computers play at the device's level (normal), as ``Game.play_hand``
    does."""
    from longana.players.levels import choose

    for n in range(1, 3000):
        session = Session(str(n), seats=SOUTH_PERSON)
        hand = session.match.hand
        while hand.outcome is None:
            if hand.to_move == 0:
                session.play(hand.legal_moves()[0])
            else:
                view = session.view(hand.to_move)
                session.play(choose(view, "normal", session.decision_seed()))
        if session.match.is_over:
            return str(n)
    raise AssertionError("no deal found for first_hand_wins_the_match")


def south_opens_seed() -> str:
    """A deal number whose first hand is opened by South (holding the highest double)."""
    return seed_where(lambda m: m.hand.opener == 0)


@functools.cache
def long_branch_save(min_longest: int = 9) -> dict[str, Any]:
    """A saved session in the middle of a first hand with long branches, South (a person)
    to move with a legal play; the computer at E, N and W. Found by random play-outs."""
    import random

    from longana.device.session import COMPUTER, PERSON, Session

    best: tuple[int, str, list[str]] | None = None
    for n in range(1, 400):
        seed = str(n)
        session = Session(seed, seats=(PERSON, COMPUTER, COMPUTER, COMPUTER))
        rng = random.Random(n)
        moves: list[str] = []
        hand = session.match.hand
        while hand.outcome is None:
            legal = hand.legal_moves()
            if (
                hand.to_move == 0
                and hand.is_opened
                and legal[0].tile is not None
                and len(hand.tiles(0)) >= 2
            ):
                lines = hand.board.branches
                score = min(len(line) for line in lines) * 100 + sum(len(x) for x in lines)
                if best is None or score > best[0]:
                    best = (score, seed, moves[:])
            move = rng.choice(legal)
            session.play(move)
            moves.append(str(move))
        if best is not None and best[0] >= min_longest * 100:
            break
    assert best is not None
    _, seed, moves = best
    session = Session(seed, seats=(PERSON, COMPUTER, COMPUTER, COMPUTER))
    for text in moves:
        session.play(Move.parse(text))
    return session.to_dict()
