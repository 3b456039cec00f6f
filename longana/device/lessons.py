"""Lessons as data: one idea of the rules at a time, taught by tasks on a real table.

A lesson is data, ``longana/lessons/<id>.json`` (shipped in the game worker's zip, so lessons
work offline with no fetch of their own), in the card's order (:data:`ORDER`)::

    {"id": "priority", "title": "lesson.priority.title",
     "tasks": [{"position": {<a hand record, as rules.md writes it>, "scores": {"S": 0, ...}},
                "seat": "S", "line": "lesson.priority.example",
                "pass": ["4-2@E"], "reason": "priority", "wrong": ["4-2@N"],
                "praise": "lesson.priority.example_right", "other": null,
                "replies": ["2-1@E"], "card": [["rules.priority.0", "rules.priority.1"]]}]}

- ``position``: where the task starts; the first task has one, a later task without one goes on
  from the table the task before it left (after its ``replies``). ``scores`` (before the hand,
  default 0) and ``target`` (default 100) are optional.
- ``seat``: the person's seat, to move when the task starts; the other three are the computer.
- ``line``, ``praise``, ``other``: catalog keys of the words (the task in one line; the praise
  with why, said after a passing move; the answer to a legal move the task does not ask for).
- ``pass``: the moves that do the task; ``reason``: the refusal code the wrong moves teach, and
  ``wrong``: such moves (the tests check that the engine refuses each with that code, or, for
  the reason ``lesson``, that it is legal but not asked for); ``replies``: the computer's moves
  after a passing move, fixed; ``card``: the rule card's sentences the task teaches, by the
  catalog keys that say them (``tests/ui/test_card.py``).

A lesson is played by :mod:`longana.device.lesson_table`.

>>> [len(item.tasks) for item in lessons()]
[2, 2, 2, 2, 3, 3, 2, 3]
"""

from __future__ import annotations

import functools
import json
import pkgutil
from dataclasses import dataclass
from typing import Any

from ..rules.errors import LonganaError, RecordError
from ..rules.hand import Hand
from ..rules.records import hand_from_record
from ..rules.tiles import SEAT_NAMES, Move, Tile, parse_seat
from ..rules.variant import Rules

#: The lessons in the card's order (each is ``longana/lessons/<id>.json``).
ORDER = ("own-branch", "doubles", "must-play", "passing", "priority", "opening", "points", "block")
#: What a task's wrong moves may teach: the engine's refusal codes, or ``lesson`` (legal, but
#: not what the task asks).
REASONS = ("no-match", "closed", "priority", "must-play", "opening", "lesson")
#: The page's answer to a legal move a task does not ask for, when the task has none of its own.
OTHER = "lesson.other"


class LessonError(RecordError):
    """A lesson file that cannot be used as it stands."""


@dataclass(frozen=True)
class Position:
    """A table to start from: a hand record, the scores before that hand and the rules."""

    record: dict[str, Any]
    scores: tuple[int, int, int, int]
    rules: Rules

    def hand(self) -> Hand:
        return hand_from_record(self.record, self.rules)


@dataclass(frozen=True)
class Task:
    seat: int
    line: str
    passing: tuple[Move, ...]
    reason: str
    wrong: tuple[str, ...]
    praise: str
    other: str
    replies: tuple[Move, ...]
    position: Position | None  # None: the table the task before left
    card: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    tasks: tuple[Task, ...]


# -- reading ----------------------------------------------------------------------------------


@functools.cache
def lesson(name: str) -> Lesson:
    """The lesson ``name`` (one of :data:`ORDER`), read from the engine's package (a folder
    under CPython, the zip in the worker); raises :class:`LessonError`."""
    if name not in ORDER:
        raise LessonError(f"no lesson {name!r}: the lessons are {', '.join(ORDER)}")
    try:
        data = pkgutil.get_data("longana", f"lessons/{name}.json")
    except OSError:
        data = None
    if data is None:
        raise LessonError(f"the lesson {name!r} is missing")
    try:
        return read_lesson(json.loads(data.decode("utf-8")), name)
    except ValueError as error:  # LessonError is one too: said with the lesson's name
        raise LessonError(f"lesson {name}: {error}") from None


def lessons() -> list[Lesson]:
    return [lesson(name) for name in ORDER]


def read_lesson(data: object, name: str) -> Lesson:
    """A lesson from its JSON, its shape checked (whether its moves are legal is checked when
    it is played, and by the tests)."""
    if not isinstance(data, dict) or data.get("id") != name:
        raise LessonError(f'a lesson is an object whose "id" is its file name ({name})')
    tasks = data.get("tasks")
    if not isinstance(tasks, list) or not tasks:
        raise LessonError('"tasks" is a list of at least one task')
    read = tuple(read_task(t, n) for n, t in enumerate(tasks))
    if read[0].position is None:
        raise LessonError('the first task has a "position"')
    for number, (before, task) in enumerate(zip(read, read[1:], strict=False), 1):
        if task.position is None and task.seat != before.seat:
            raise LessonError(f"task {number} goes on at the table of another seat's task")
    return Lesson(name, _key(data, "title"), read)


def read_task(data: object, number: int) -> Task:
    if not isinstance(data, dict):
        raise LessonError(f"task {number} is not an object")
    try:
        reason = data.get("reason")
        if reason not in REASONS:
            raise LessonError(f'"reason" is one of {", ".join(REASONS)}, not {reason!r}')
        passing = _moves(data, "pass")
        if not passing:
            raise LessonError('"pass" names at least one move')
        card = data.get("card", [])
        if not isinstance(card, list) or not all(_texts(keys) for keys in card):
            raise LessonError('"card" is a list of lists of catalog keys')
        return Task(
            seat=parse_seat(data.get("seat")),
            line=_key(data, "line"),
            passing=passing,
            reason=str(reason),
            wrong=_wrong(data),
            praise=_key(data, "praise"),
            other=_key(data, "other") if data.get("other") is not None else OTHER,
            replies=_moves(data, "replies"),
            position=_position(data.get("position")),
            card=tuple(tuple(keys) for keys in card),
        )
    except LonganaError as error:
        raise LessonError(f"task {number}: {error}") from None


def _key(data: dict[str, Any], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value.startswith("lesson."):
        raise LessonError(f'"{name}" is a catalog key under "lesson.", not {value!r}')
    return value


def _texts(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) for v in value)


def _moves(data: dict[str, Any], name: str) -> tuple[Move, ...]:
    """A list of moves in the notation."""
    value = data.get(name, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise LessonError(f'"{name}" is a list of moves like "7-3@N", "9-9" or "pass"')
    return tuple(Move.parse(v) for v in value)


def _wrong(data: dict[str, Any]) -> tuple[str, ...]:
    """The wrong moves: moves in the notation, or before the opening a bare tile that is no
    double (``7-3``, which the page may send as an opening)."""
    value = data.get("wrong", [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise LessonError('"wrong" is a list of moves like "7-3@N", "9-9" or "pass"')
    for text in value:
        if "@" in text or text == "pass":
            Move.parse(text)
        else:
            Tile.parse(text)
    return tuple(value)


def _position(data: object) -> Position | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise LessonError('"position" is a hand record')
    scores = data.get("scores", {})
    if (
        not isinstance(scores, dict)
        or not set(scores) <= set(SEAT_NAMES)
        or not all(type(v) is int and v >= 0 for v in scores.values())
    ):
        raise LessonError('"scores" gives seats (S, E, N, W) their points before the hand')
    try:
        rules = Rules.read(data)  # the card's, unless the position names a target or a set
    except RecordError as error:
        raise LessonError(str(error)) from None
    before = tuple(int(scores.get(name, 0)) for name in SEAT_NAMES)
    record = {k: v for k, v in data.items() if k not in ("scores", "target")}
    return Position(record, (before[0], before[1], before[2], before[3]), rules)
