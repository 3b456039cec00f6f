"""A game at one device: the match, who sits where, and an action log with undo and redo.

Every action (a move, or dealing the next hand) is logged with whether a person made it.
Undo takes back the last person's action together with everything the computer did after
it, so it lands on that person's turn again; redo puts back exactly what was undone. The
match is always the replay of the log from the deal number, so undo is a truncation and a
save is the log: nothing else to keep consistent.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..players.levels import LEVELS
from ..rules.errors import LonganaError, RecordError
from ..rules.match import Match
from ..rules.records import match_from_dict, match_to_dict, read_json
from ..rules.tiles import SEATS, Move
from ..rules.variant import CARD, Rules
from ..rules.view import SeatView

#: The save's schema. 2: the action log is the game (replayed once on load); the match record
#: beside it is for people and tools that read saves (the hands, the deal), never read back.
#: 1: the match record had to agree with the log. Both are read.
SAVE_SCHEMA = 2
PERSON, COMPUTER = "person", "computer"
KINDS = (PERSON, COMPUTER)
NEXT = "next"  # the action that deals the next hand
#: the longest save read: a saved match is a few kB (the page keeps none over this either)
MAX_SAVE = 1024 * 1024


@dataclass(frozen=True)
class Action:
    text: str  # a move ("7-3@N", "9-9", "pass") or NEXT
    by_person: bool


class Session:
    """One match played at one device.

    >>> game = Session("42")
    >>> game.match.hand.opener == game.match.hand.to_move
    True
    """

    def __init__(
        self,
        seed: str | int | None = None,
        seats: tuple[str, ...] = (PERSON, COMPUTER, COMPUTER, COMPUTER),
        level: str = "normal",
        rules: Rules = CARD,
        class_code: str | None = None,
    ) -> None:
        self.match = Match(seed, rules)
        self.seats = _check_seats(seats)
        self.level = _check_level(level)
        #: the class code (longana.classplay) when this is a class match: undo, redo, restart
        #: and hints are off, and the deals and settings come from the code
        self.class_code = class_code
        self.log: list[Action] = []
        self.redo_stack: list[list[Action]] = []

    # -- who and what -----------------------------------------------------------------------

    @property
    def seed(self) -> str:
        return self.match.seed

    def is_person(self, seat: int) -> bool:
        return self.seats[seat] == PERSON

    @property
    def people(self) -> list[int]:
        return [s for s in SEATS if self.is_person(s)]

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see now: the only input of the computer and the hints."""
        match = self.match
        return SeatView.of(match.hand, seat, match.scores)

    def decision_seed(self) -> int:
        """A seed for the computer's next decision, fixed by the position: a replayed or
        redone position gets the same decision."""
        return decision_seed(self.seed, len(self.match.hands), len(self.match.hand.history))

    # -- actions ----------------------------------------------------------------------------

    def play(self, move: Move) -> None:
        """The seat to move plays ``move`` (raises ``IllegalMoveError`` saying why not)."""
        seat = self.match.hand.to_move
        self.match.push(move)
        self._record(Action(str(move), self.is_person(seat)), new=True)

    def next_hand(self) -> None:
        """Deal the next hand once the current one is over.

        Dealing is nobody's move: undo walks past it to the last person's move before it.
        """
        self.match.next_hand()
        self._record(Action(NEXT, False), new=True)

    def _record(self, action: Action, new: bool) -> None:
        self.log.append(action)
        if new:
            self.redo_stack.clear()

    def set_seats(self, seats: tuple[str, ...]) -> None:
        """Change who sits where; actions already made keep who made them."""
        self.seats = _check_seats(seats)

    # -- undo, redo, restart ----------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return any(a.by_person for a in self.log)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    @property
    def can_restart(self) -> bool:
        return bool(self.match.hand.history)

    def undo(self) -> None:
        """Take back the last person's action and the computer's whole response to it."""
        if not self.can_undo:
            raise LonganaError("there is nothing to undo")
        cut = max(i for i, a in enumerate(self.log) if a.by_person)
        self.redo_stack.append(self.log[cut:])
        self._rebuild(self.log[:cut])

    def redo(self) -> None:
        """Put back exactly what the last undo took back."""
        if not self.redo_stack:
            raise LonganaError("there is nothing to redo")
        for action in self.redo_stack.pop():
            self._apply(action)
            self.log.append(action)

    def restart(self) -> None:
        """Replay the current hand from its starting deal, with the scores from before it."""
        if not self.can_restart:
            raise LonganaError("the hand has not started: there is nothing to restart")
        moves = len(self.match.hand.history)
        self.redo_stack.clear()
        self._rebuild(self.log[: len(self.log) - moves])

    def _rebuild(self, log: list[Action]) -> None:
        self.match = replay(Match(self.seed, self.match.rules), log)
        self.log = list(log)

    def _apply(self, action: Action) -> None:
        replay(self.match, [action])

    # -- save and load ----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data = self._to_dict()
        if self.class_code is not None:
            data["class"] = self.class_code
        return data

    def _to_dict(self) -> dict[str, Any]:
        return {
            "schema": SAVE_SCHEMA,
            "deal": self.seed,
            **self.match.rules.to_dict(),
            "seats": list(self.seats),
            "level": self.level,
            "match": match_to_dict(self.match),
            "log": [_action_to_list(a) for a in self.log],
            "redo": [[_action_to_list(a) for a in group] for group in self.redo_stack],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: object) -> Session:
        """Rebuild a session, replaying every action and every redo group through the engine.

        Anything inconsistent raises ``RecordError``: a session is never half-loaded.
        """
        if not isinstance(data, dict):
            raise RecordError("the save is not a JSON object")
        schema = data.get("schema")
        if isinstance(schema, int) and not isinstance(schema, bool) and schema > SAVE_SCHEMA:
            raise RecordError(
                f"the save is from a newer version (schema {schema}; this game "
                f"reads up to {SAVE_SCHEMA})"
            )
        if schema == 1:
            recorded = match_from_dict(data.get("match"))
            seed, rules = recorded.seed, recorded.rules
        elif schema == SAVE_SCHEMA:
            seed, rules = _deal(data.get("deal")), Rules.read(data)  # out of bounds: said
        else:
            raise RecordError("the save has no valid schema number")
        game = cls.__new__(cls)
        game.seats = _check_seats(tuple(_list(data, "seats")))
        game.level = _check_level(data.get("level"))
        game.class_code = _class_code(data.get("class"))
        game.log = [_action_from(a) for a in _list(data, "log")]
        game.redo_stack = [
            [_action_from(a) for a in _list({"step": g}, "step")] for g in _list(data, "redo")
        ]
        try:
            game.match = replay(Match(seed, rules), game.log)
        except LonganaError as error:
            raise RecordError(f"the action log does not replay: {error}") from None
        if schema == 1 and match_to_dict(game.match) != match_to_dict(recorded):
            raise RecordError("the action log and the recorded match disagree")
        try:  # every redo group must replay, newest last, from the saved position
            replay(
                Match(seed, rules),
                game.log + [a for group in reversed(game.redo_stack) for a in group],
            )
        except LonganaError as error:
            raise RecordError(f"the redo steps do not replay: {error}") from None
        return game

    @classmethod
    def from_json(cls, text: object) -> Session:
        """The session of a save text; anything that keeps it from loading, whatever it is (too
        large or deep, no JSON, a number of 5,000 digits, a deal that is no text a computer
        can write), raises ``RecordError``: a save is set aside, never half-loaded or fatal."""
        if not isinstance(text, str):
            raise RecordError("the save is not text")
        try:
            data = read_json(text, MAX_SAVE)
        except LonganaError as error:
            raise RecordError(f"the save cannot be read: {error}") from None
        except (ValueError, RecursionError):
            raise RecordError("the save is not valid JSON") from None
        try:
            return cls.from_dict(data)
        except LonganaError:
            raise
        except Exception as error:  # noqa: BLE001 - any other fault of the text is the save's
            raise RecordError(f"the save does not load: {type(error).__name__}") from None


def decision_seed(deal: str, hands: int, moves: int) -> int:
    """The decision seed of the position after ``moves`` moves of the match's hand number
    ``hands`` (counted from 1) with deal number ``deal`` (the hint and the review use it too)."""
    text = f"{deal}:{hands}:{moves}"
    return sum((i + 1) * ord(c) for i, c in enumerate(text)) % 1_000_003


def replay(match: Match, actions: list[Action]) -> Match:
    """Apply logged actions to ``match`` through the engine's checks."""
    for action in actions:
        if action.text == NEXT:
            match.next_hand()
        else:
            match.push(Move.parse(action.text))
    return match


def _deal(value: object) -> str:
    if not isinstance(value, str) or not value:
        raise RecordError(f"the save has no deal number: {value!r}")
    return value


def _class_code(value: object) -> str | None:
    """A save's class code (none in saves of ordinary matches and of older releases)."""
    if value is not None and (not isinstance(value, str) or not value):
        raise RecordError(f"the save's class code is not a code: {value!r}")
    return value


def _check_seats(seats: tuple[Any, ...]) -> tuple[str, ...]:
    if len(seats) != 4 or any(kind not in KINDS for kind in seats):
        raise RecordError(f"seats must be four of {KINDS}, not {list(seats)!r}")
    return tuple(seats)


def _check_level(level: object) -> str:
    if level not in LEVELS:
        raise RecordError(f"level must be one of {LEVELS}, not {level!r}")
    assert isinstance(level, str)
    return level


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise RecordError(f"the save's {key!r} is not a list")
    return value


def _action_to_list(action: Action) -> list[str]:
    return [action.text, PERSON if action.by_person else COMPUTER]


def _action_from(item: object) -> Action:
    if (
        not isinstance(item, list)
        or len(item) != 2
        or not isinstance(item[0], str)
        or item[1] not in KINDS
    ):
        raise RecordError(f"not an action: {item!r}")
    return Action(item[0], item[1] == PERSON)
