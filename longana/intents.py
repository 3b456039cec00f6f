"""The intents the game worker takes (:class:`longana.protocol.Game`), one typed dictionary each:
what the page may send, key by key. :mod:`longana.protocol` reads them under these types and
the page's builders (``ui/intents.py``) are checked against them by mypy, so a key the one
writes and the other never reads (or reads and is never sent) shows. Plain shapes, no code;
the replies are typed beside them (:mod:`longana.replies`).

``seats`` are four kinds (``"person"``, ``"computer"``) in seat order S, E, N, W; a seat is its
letter; ``at`` is the frame's ``log`` the page acted on.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from .replies import Proof


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
    """The person's move (``"7-3@N"``, ``"9-9"``, ``"pass"``)."""

    do: Literal["play"]
    move: str
    at: int


class Computer(TypedDict):
    """The computer seat to move makes one move."""

    do: Literal["computer"]
    at: int


class Hint(TypedDict):
    """The hint and its explanation for the person to move."""

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
    """Who sits where in the match being played, and the computer's level."""

    do: Literal["seats"]
    seats: list[str]
    level: str


class TakeDevice(TypedDict):
    """The person at ``seat`` now holds the device."""

    do: Literal["take-device"]
    seat: str


class Replay(TypedDict):
    """A finished (or ``imported``) hand at a step."""

    do: Literal["replay"]
    hand: int
    step: int
    imported: bool


class Import(TypedDict):
    """Hand records (or a saved game) as text, which the page's JavaScript puts in."""

    do: Literal["import"]
    text: str


class ClassStart(TypedDict):
    """Resume ``save`` if it is the class match of ``code``, else start that match."""

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
    """The result code and file of ``seat`` in the class match being played."""

    do: Literal["class-result"]
    seat: str
    name: str


class ClassName(TypedDict):
    """The name as results hold it, or refused (``class-name``) when it is no name."""

    do: Literal["class-name"]
    name: str


# The teacher's table of the class: the table kept (``kept``, each entry taken by its proof)
# and the ``texts`` added now, replayed. "class" is a word of Python: written the other way.
ClassTable = TypedDict(
    "ClassTable",
    {
        "do": Literal["class-table"],
        "class": str | None,
        "kept": NotRequired[list[list[str | Proof]] | list[str]],  # or each entry as its text
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
    """Lesson ``id`` from its first task (an unknown one is refused ``lesson-unknown``)."""

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
    """The task at hand (or the one just done) again from its start."""

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
