"""The replies the game worker gives (:class:`longana.protocol.Game`), part by part: what the
page may read, as :mod:`longana.intents` is what it may send. One typed dictionary,
:data:`Reply`, every part optional: a reply carries the parts of what changed and of what was
asked, nothing else. mypy holds the worker (``longana/protocol.py``) and the page (``ui/``,
which imports these names only under ``TYPE_CHECKING``) to them, and every reply of every
test is checked against them, part by part (``tests/shapes.py``, ``tests/conftest.py``).

A part is a plain JSON object, seats as letters (``"S"``, ``"E"``, ``"N"``, ``"W"``) as in the
notation. Shapes no code here makes are typed where they are made: the frame and the record
in :mod:`longana.device.frame`.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from .device.frame import Frame, HandRecordShown, Refusal, Replay, Seat
from .device.review import Judged
from .device.review_summary import ReviewStep
from .players.explain import ExplanationShown, MoveShown

#: what proves a result of the teacher's table without replaying it (its code's moves, digested:
#: :meth:`longana.classplay.results.Result.proof`); the page keeps it and never reads it
Proof = dict[str, Any]
#: a reason of the coach (:class:`longana.players.facts.Reason`): a catalog code and its values
Reason = Refusal


class Error(TypedDict):
    """An intent that makes no sense (the page's bug, a forged or stale message), or a worker
    that failed on it: ``too-large``, ``too-deep``, ``bad-json``, ``unknown-intent``,
    ``not-started``, ``bad-…`` (a field), ``refused``, ``internal``."""

    code: str
    detail: str


class Corrupt(TypedDict):
    """The save sent could not be used (a new match started instead): the engine's reason."""

    detail: str


class Export(TypedDict):
    """The match's hand records as a file: its text (JSON lines) and its name."""

    text: str
    name: str


#: the explained hint and the review's parts are typed where they are made: one legal move of
#: the hint (estimate, error, deals, as good, reasons), the whole hint, one decision judged and
#: graded, one step of the review with the summary so far (issue 36)
Weighed = MoveShown
Explanation = ExplanationShown
Decision = Judged


class Said(TypedDict):
    """What a lesson said to the person's move: ``right`` (the task done: its praise) or
    ``other`` (a legal move the task does not ask for)."""

    kind: str
    key: str
    params: dict[str, Any]


class LessonStatus(TypedDict):
    """The lesson on its own table (:mod:`longana.device.lessons`): the task at hand and its
    line's catalog key; ``state`` ``task`` (the person's move is awaited), ``replies`` (the
    page sends ``lesson-computer``), ``next`` (the next task waits for ``lesson-next``) or
    ``done``."""

    id: str
    title: str
    task: int
    tasks: int
    seat: Seat
    line: str
    state: Literal["task", "replies", "next", "done"]
    said: Said | None


class ClassShown(TypedDict):
    """The class match a ``class-start`` resumed or started."""

    code: str
    deal: str


class ResultShown(TypedDict):
    """A seat's result in the class match being played: its code, its file, how many finished
    hands it covers, and whether the match is over (else the code is partial)."""

    text: str
    file: str
    filename: str
    hands: int
    final: bool


class Row(TypedDict):
    """One student of the teacher's table (:mod:`longana.classplay.standings`), with the text of
    their result and where it came from: ``kept`` (its place in the table kept) or ``input``
    and ``line``; ``also``: the texts of earlier results of the same play."""

    name: str
    seat: str
    rank: int
    points: list[int]
    diffs: list[float]
    total: float
    played: int
    finished: bool
    also: list[str]
    flags: list[str]
    partial: bool
    text: str
    kept: NotRequired[int]
    input: NotRequired[int]
    line: NotRequired[int]


class Member(TypedDict):
    """A row of a flagged group as it is drawn there (a page drawing the table a part at a
    time has it at once)."""

    name: str
    seat: str
    total: float
    rank: int
    text: str


class Flagged(TypedDict):
    """Rows to look at side by side (their places), and why (``same-name``, ...)."""

    code: str
    rows: list[int]
    members: NotRequired[list[Member]]


class Standings(TypedDict):
    """The teacher's table of the class ``code``."""

    code: str
    rows: list[Row]
    hands: int
    duplicates: list[str]
    flagged: list[Flagged]
    csv: str  # with ``page``: the head and those rows' lines only
    count: NotRequired[int]  # with ``page``: every row's, the others by ``class-rows``


class Placed(TypedDict):
    """A result of the teacher's table refused, and where it was: ``kept`` (its place in the
    table kept) or ``input`` and ``line`` (the text added, its line)."""

    code: str
    params: dict[str, Any]
    kept: NotRequired[int]
    input: NotRequired[int]
    line: NotRequired[int]


class Aside(TypedDict):
    """A kept entry of the teacher's table that does not read (set aside, never dropped): the
    entry, or with ``page`` its place in the table kept (``kept``)."""

    entry: NotRequired[Any]  # as the page kept it: whatever it was
    kept: NotRequired[int]
    code: str
    params: dict[str, Any]


class Accepted(TypedDict):
    """A result added to the teacher's table, where it was (``again``: its code was in the
    table already)."""

    input: int
    line: int
    text: str
    proof: NotRequired[Proof]  # (with ``page``: ``name`` instead; the page has the entry)
    name: NotRequired[str]
    again: NotRequired[bool]


Reply = TypedDict(
    "Reply",
    {
        # -- after anything that may change the game (or a lesson's table) --------------------
        "frame": Frame,  # what the person at the device may see now
        "save": str,  # the game as the page stores it (never after a lesson's intent)
        "resumed": bool,  # the save sent was resumed (a game under way)
        "replaced": bool,  # the save sent was not that deal's (or class match's): a new one
        "corrupt": Corrupt,  # the save sent could not be used: a new match started
        "stale": bool,  # made for a position that has changed since: nothing changed
        # -- nothing done, and why -------------------------------------------------------------
        # the rule that forbids it; the teacher's table: every result refused, with where
        "refused": Refusal | list[Placed],
        "error": Error,
        # -- answers to questions ---------------------------------------------------------------
        "hint": str,  # the move hard suggests, with its ``explanation``
        "explanation": Explanation,
        "record": list[HandRecordShown],  # every hand of the match
        "export": Export | None,  # once a hand has finished
        "replay": Replay,  # a finished or imported hand at a step
        "saved_game": bool,  # the file imported is a saved game ``start`` resumes
        "left_out": int,  # hands of the file imported not stepped through: not ended
        "review": ReviewStep,
        "lesson": LessonStatus,  # a lesson's reply (its ``frame`` is the lesson's table)
        "class": ClassShown,
        "class_code": str,
        "result": ResultShown,
        "name": str,  # the student's name as results hold it
        # -- the teacher's table ----------------------------------------------------------------
        "table": Standings,
        # the entries to keep: [result code, proof]; with ``page``, a kept one that stays by
        # its place in the table kept
        "keep": list[int | list[str | Proof]],
        "aside": list[Aside],
        "accepted": list[Accepted],
        "class_refused": Refusal,  # a bad class code (``class-version``: of another release)
        # -- rows of the teacher's table answered last (``class-rows``) ------------------------
        "rows": list[Row],
        "csv": str,
        "from": int,
        "count": int,
        # -- a table across devices (issue 35: longana.device.guests) --------------------------
        "guests": dict[Seat, Frame],  # each remote seat's frame: the host's page sends them on
        "guest": "Reply",  # the answer to a guest's intent, made for its seat only
        "host": "Reply",  # the host's frame and save, when a guest's intent changed the game
    },
    total=False,
)
