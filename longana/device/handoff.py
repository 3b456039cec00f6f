"""Who may see what at one device, and the hint: small pure rules the page asks every time.

The page keeps one number besides the session: ``holder``, the seat of the person who last
confirmed they hold the device (``None`` at start-up and after a reload, so a reload never
shows anybody's tiles before someone confirms). Then:

- :func:`handoff_to` says whether a handoff screen must hide every hand now, and for whom;
  when that person confirms, the page sets ``holder`` to that seat.
- :func:`face_up` says whose tiles may be face up now.

Both follow the rules of rules.md: no hand other than the current person's is ever shown
before the hand ends, a computer's hand never is, and all four are shown once it is over.

>>> from longana.device.session import PERSON, Session
>>> game = Session("3", seats=(PERSON, PERSON, PERSON, PERSON))
>>> handoff_to(game, holder=None) == game.match.hand.to_move, face_up(game, None)
(True, frozenset())
"""

from __future__ import annotations

from collections.abc import Sequence

from ..players.explain import Explanation, explain
from ..players.levels import choose
from ..rules.errors import IllegalMoveError, LonganaError
from ..rules.tiles import SEAT_NAMES, SEATS, Move
from .session import Session

ALL = frozenset(SEATS)
NOBODY: frozenset[int] = frozenset()


def handoff_to(
    session: Session, holder: int | None, people: Sequence[int] | None = None
) -> int | None:
    """The seat the device must pass to before any tile is shown, or ``None``.

    A handoff is needed when a person is to move, more than one person shares the device,
    and the one holding it (``holder``) is someone else — after an ordinary turn, after the
    computers' turns in between, after an undo that lands on another person, and at the
    start of a match or after a reload (``holder`` is ``None``). With one person at the
    device there is never a handoff; once the hand is over all hands are shown anyway.
    ``people``: the people at this device (by default the session's, less those who play on
    devices of their own; a guest's device has one, its own seat).
    """
    hand = session.match.hand
    seat = hand.to_move
    here = session.local_people if people is None else people
    if hand.outcome is not None or len(here) < 2 or seat not in here:
        return None
    return None if holder == seat else seat


def face_up(
    session: Session, holder: int | None, people: Sequence[int] | None = None
) -> frozenset[int]:
    """The seats whose tiles may be face up on the screen right now.

    All four once the hand is over; otherwise only the person at the device: the only person
    when there is one, else the holder — and nobody while a handoff is due or when nobody
    has confirmed yet. A computer's tiles never, nor those of a person at another device.
    """
    if session.match.hand.outcome is not None:
        return ALL
    here = session.local_people if people is None else people
    if len(here) == 1:
        return frozenset(here)
    if handoff_to(session, holder, here) is not None or holder is None or holder not in here:
        return NOBODY
    return frozenset((holder,))


# -- hints -----------------------------------------------------------------------------------

HINT_LEVEL = "hard"  # the best the computer knows; it sees only the seat's view anyway


def _hint_seat(session: Session, people: Sequence[int] | None = None) -> int:
    hand = session.match.hand
    if hand.outcome is not None:
        raise LonganaError("the hand is over: there is no move to suggest")
    here = session.local_people if people is None else people
    if hand.to_move not in here:
        raise LonganaError("hints are for the turn of a person at this device")
    return hand.to_move


def hint(session: Session, level: str = HINT_LEVEL) -> Move:
    """The move suggested to the person to move: the computer player's choice from that
    seat's view alone (``session.view``), with the position's decision seed, so asking
    again gives the same answer. Show it as a preview; the person confirms or not."""
    seat = _hint_seat(session)
    return choose(session.view(seat), level, session.decision_seed())


class HandsHiddenError(IllegalMoveError):
    """A hint asked while the handoff screen hides every hand: it would show the tiles of the
    person about to take the device to whoever holds it now (``seat``: that person)."""

    code = "hands-hidden"


def explained_hint(
    session: Session, holder: int | None, people: Sequence[int] | None = None
) -> Explanation:
    """The hint with its reasons: every legal move of the person to move with the hint's
    estimate and its noise, the best of the hint's weighing first (``hard``'s deals, the same
    view and seed as :func:`hint`; :mod:`longana.players.explain`). Refused
    (:class:`HandsHiddenError`) while a handoff is due: ``holder`` holds the device
    (``people``: the people at the device, as for :func:`handoff_to`)."""
    seat = _hint_seat(session, people)
    due = handoff_to(session, holder, people)
    if due is not None:
        raise HandsHiddenError(
            "every hand is hidden until the next person takes the device", seat=SEAT_NAMES[due]
        )
    return explain(session.view(seat), session.decision_seed())
