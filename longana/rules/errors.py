"""The engine's error family. Every message says what is wrong in words a player understands.

Each illegal-move error also carries a stable ``code`` and its ``params`` (plain strings and
numbers), so the page can say the same thing in the player's language.
"""

from __future__ import annotations

from typing import ClassVar


class LonganaError(ValueError):
    """Base of every error the engine raises on bad input."""


class InvalidMoveError(LonganaError):
    """Text that is not a tile, a seat or a move at all (``10-3``, ``7-3@Q``)."""


class RecordError(LonganaError):
    """A hand record, match record or save that cannot be used as it stands.

    ``code`` and ``params`` say it for the page, which words it in the player's language (an
    import's refusal, :meth:`longana.protocol.Game.import_records`): ``record`` when nothing
    more is known than the English message.
    """

    def __init__(self, message: str, code: str = "record", **params: str | int) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class IllegalMoveError(LonganaError):
    """A well-formed move that the rules do not allow here."""

    code: ClassVar[str] = "illegal"

    def __init__(self, message: str, **params: str | int) -> None:
        super().__init__(message)
        self.params = params


class HandOverError(IllegalMoveError):
    code = "hand-over"


class NotYourTurnError(IllegalMoveError):
    code = "not-your-turn"


class NotYourTileError(IllegalMoveError):
    code = "not-your-tile"


class OpeningError(IllegalMoveError):
    """The opening must be a double of the opener's, and only the opening is one."""

    code = "opening"


class NoMatchError(IllegalMoveError):
    code = "no-match"


class BranchClosedError(IllegalMoveError):
    code = "closed"


class PriorityError(IllegalMoveError):
    code = "priority"


class MustPlayError(IllegalMoveError):
    code = "must-play"
