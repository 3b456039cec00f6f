"""The intents the game worker takes (:class:`longana.protocol.Game`), one typed dictionary each:
what the page may send, key by key. :mod:`longana.protocol` reads them under these types and
the page's builders (``ui/intents.py``) are checked against them by mypy, so a key the one
writes and the other never reads (or reads and is never sent) shows. Plain shapes, no code.

``seats`` are four kinds (``"person"``, ``"computer"``) in seat order S, E, N, W; a seat is its
letter; ``at`` is the frame's ``log`` the page acted on.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict


class Start(TypedDict):
    """Resume ``save`` (unless ``deal`` asks for another deal) or start a new match; with
    ``or_new`` false, the save or nothing: a save that cannot be used is refused
    (``save-unreadable``) and the game in the worker stays as it was. A new match's rules are
    the card's played to ``target`` (the match's length, 10 to 999; missing: 100)."""

    do: Literal["start"]
    save: str | None
    seats: NotRequired[list[str]]
    level: NotRequired[str]
    deal: NotRequired[str | None]
    holder: NotRequired[str | None]
    or_new: NotRequired[bool]
    target: NotRequired[int]


class Play(TypedDict):
    do: Literal["play"]
    move: str
    at: int


class Computer(TypedDict):
    do: Literal["computer"]
    at: int


class Hint(TypedDict):
    do: Literal["hint"]
    at: int


class Plain(TypedDict):
    """An intent that takes nothing but its name."""

    do: Literal["undo", "redo", "restart", "next-hand", "record"]


class NewMatch(TypedDict):
    """A new match of the card's rules played to ``target`` (missing: 100)."""

    do: Literal["new-match"]
    seats: list[str]
    level: str
    deal: str | None
    target: NotRequired[int]


class Seats(TypedDict):
    do: Literal["seats"]
    seats: list[str]
    level: str


class TakeDevice(TypedDict):
    do: Literal["take-device"]
    seat: str


class Replay(TypedDict):
    do: Literal["replay"]
    hand: int
    step: int
    imported: bool


class Import(TypedDict):
    """Hand records (or a saved game) as text, which the page's JavaScript puts in."""

    do: Literal["import"]
    text: str


class ClassStart(TypedDict):
    do: Literal["class-start"]
    code: str
    save: str | None
    holder: str | None


class ClassCode(TypedDict):
    """The code of a class match: ``target`` is its length, written in the code."""

    do: Literal["class-code"]
    deal: str | None
    seats: list[str]
    level: str
    target: int


class ClassResult(TypedDict):
    do: Literal["class-result"]
    seat: str
    name: str


class ClassName(TypedDict):
    do: Literal["class-name"]
    name: str


# "class" is a word of Python: this one is written the other way
ClassTable = TypedDict(
    "ClassTable",
    {
        "do": Literal["class-table"],
        "class": str | None,
        "kept": NotRequired[list[list[str]] | list[str]],
        "texts": list[str],
        "proofs": NotRequired[dict[str, str]],
        "page": NotRequired[int],
    },
)


class ClassRows(TypedDict):
    """Rows of the teacher's table answered last, from ``from`` (a page at a time)."""

    do: Literal["class-rows"]
    start: int
    count: int


class Review(TypedDict):
    """One step of the review of the match (``hand``: of that hand only)."""

    do: Literal["review"]
    step: int
    hand: NotRequired[int | None]


class LessonStart(TypedDict):
    do: Literal["lesson-start"]
    id: str
    task: NotRequired[int]


class LessonPlay(TypedDict):
    do: Literal["lesson-play"]
    move: str
    at: int


class LessonAt(TypedDict):
    """The lesson goes on from the table the page shows (``at``: its frame's ``log``)."""

    do: Literal["lesson-computer", "lesson-next"]
    at: int


class LessonRetry(TypedDict):
    do: Literal["lesson-retry"]


Intent = (
    Start
    | Play
    | Computer
    | Hint
    | Plain
    | NewMatch
    | Seats
    | TakeDevice
    | Replay
    | Import
    | ClassStart
    | ClassCode
    | ClassResult
    | ClassName
    | ClassTable
    | ClassRows
    | Review
    | LessonStart
    | LessonPlay
    | LessonAt
    | LessonRetry
)
