"""The computer's levels and the one way to ask one for a move: :func:`choose`.

Every player is a function of a :class:`~longana.rules.view.SeatView` (never a ``Hand``), so it
cannot look at another hand or at the unused tiles: there is nothing else to look at.

- ``easy`` plays like a beginner: any legal move, picked at random.
- ``normal`` rates each legal move by a few rules of thumb (:mod:`longana.players.normal`).
- ``hard`` plays every legal move out on many deals of the unseen tiles that agree with what
  the seat knows and what the other seats' plays suggest (:mod:`longana.players.hard`).

``LEVELS`` are what the page, the hints, saves and class codes offer; the tournaments add the
frozen baseline ``hard-2025`` (:mod:`longana.lab.baseline`, ``lab.tournament.TOURNAMENT_LEVELS``).

The same view, level and seed always give the same move::

    >>> from longana.rules.hand import Hand
    >>> hand = Hand.deal(random.Random(1))
    >>> view = SeatView.of(hand, hand.to_move)
    >>> move = choose(view, "hard", seed=3)
    >>> move in view.legal_moves() and move == choose(view, "hard", seed=3)
    True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..rules.errors import LonganaError
from ..rules.tiles import Move
from ..rules.view import SeatView
from .hard import hard
from .normal import normal

LEVELS = ("easy", "normal", "hard")

#: A level: the view of the seat to move, its legal moves (two or more) and a seeded generator
#: in, the move out.
Player = Callable[[SeatView, list[Move], random.Random], Move]


def easy(view: SeatView, legal: list[Move], rng: random.Random) -> Move:
    """A beginner: any tile that fits, anywhere it fits."""
    return rng.choice(legal)


PLAYERS: dict[str, Player] = {"easy": easy, "normal": normal, "hard": hard}


def choose(view: SeatView, level: str = "normal", seed: int = 0) -> Move:
    """The move the computer at ``level`` makes for ``view.seat`` (which must be to move)."""
    player = PLAYERS.get(level)
    if player is None:
        raise LonganaError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    return decide(player, view, level, seed)


def decide(player: Player, view: SeatView, level: str, seed: int) -> Move:
    """``player``'s move for the view: forced moves at once, else with the generator fixed by
    the level, the seed and the position (same view, level and seed: same move)."""
    legal = view.legal_moves()
    if not legal:
        if view.outcome is not None:
            raise LonganaError("the hand is over: there is no move to make")
        raise LonganaError("it is not this seat's turn")
    if len(legal) == 1:
        return legal[0]
    rng = random.Random(f"longana:{level}:{seed}:{view.seat}:{len(view.history)}")
    return player(view, legal, rng)
