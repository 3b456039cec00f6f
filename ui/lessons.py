"""Lessons on the page: which there are, their progress, and the game's intents as a lesson's
(their HTML is :mod:`ui.lesson_panels`'). Runs under MicroPython and CPython.

The lessons themselves (positions, tasks, the moves that do them) live with the engine
(``longana/lessons/*.json``) and are played by the game worker (the ``lesson-*`` intents of
``longana/protocol.py``), which sends frames like the game's and, beside them, the lesson's
state: ``{"id", "title", "task", "tasks", "seat", "line", "state", "said"}``. The page only
words it. Progress is kept under ``longana:lessons`` (:data:`PROGRESS`) as
``{"schema": 1, "done": [ids], "at": {"id", "task"}}`` (``at``: the lesson on the table and its
task, resumed there after a reload): read back bounded and checked like every other store
(:meth:`ui.storage.Store.read_bounded`): a text with an entry that is no lesson's name is set
aside as it was (to download) and said, what reads of it is kept, never an exception; a lesson
of a newer release is kept as it is. A lesson never touches ``longana:save``.
"""

import json

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from . import intents
from .door import Made
from .storage import CORRUPT_KEPT, CORRUPT_SET_ASIDE, Refused

TYPE_CHECKING = False  # mypy takes it as true: the store's type, never imported at runtime
if TYPE_CHECKING:
    from longana.intents import Intent

    from .storage import Store

#: The lessons in the card's order: the engine's ``longana.device.lessons.ORDER`` (a test keeps
#: the two equal), here so that the list is drawn before the worker is ready.
LESSONS = (
    "own-branch",
    "doubles",
    "must-play",
    "passing",
    "priority",
    "opening",
    "points",
    "block",
)
PROGRESS = "longana:lessons"
PROGRESS_SCHEMA = 1
PROGRESS_LIMIT = 4096  # characters: a few dozen lesson names; anything longer is no progress
MOST_KEPT = 64  # names of lessons this release does not know (a newer one's), kept as they are
MOST_TASKS = 64  # a lesson's tasks (the worker starts a lesson at none it does not have)
NAME_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789-"

#: The lesson's states, as the worker says them (``longana.device.lesson_table``).
TASK, REPLIES, NEXT, DONE = "task", "replies", "next", "done"


def lesson_name(text: Any) -> Any:
    """``text`` when it names a lesson of this release, else None."""
    return text if isinstance(text, str) and text in LESSONS else None


def next_lesson(name: str) -> Any:
    """The lesson after ``name``, or None after the last."""
    if name not in LESSONS:
        return None
    at = LESSONS.index(name) + 1
    return LESSONS[at] if at < len(LESSONS) else None


# -- progress --------------------------------------------------------------------------------------


class Progress:
    """Which lessons are done: ``done`` (this release's, in the card's order), ``kept`` (names
    of lessons this release does not know, written back as they were), ``set_aside`` (how
    many entries read back were no lesson's name), ``at`` (the lesson on the table and its
    task, ``(id, task)``, or None) and ``said`` (what the store did with a text that did not
    all read: :data:`ui.storage.CORRUPT_SET_ASIDE`, or None)."""

    __slots__ = ("done", "kept", "set_aside", "at", "said")

    def __init__(self, done: Any = (), kept: Any = (), set_aside: int = 0, at: Any = None) -> None:
        self.done = [name for name in LESSONS if name in done]
        self.kept = list(kept)
        self.set_aside = set_aside
        self.at = at
        self.said: Any = None

    def is_done(self, name: str) -> bool:
        return name in self.done

    def first_not_done(self) -> Any:
        """The lesson to suggest: the first not done yet (None when all are)."""
        for name in LESSONS:
            if name not in self.done:
                return name
        return None

    def to_json(self) -> str:
        data: dict[str, Any] = {"schema": PROGRESS_SCHEMA, "done": self.done + self.kept}
        if self.at is not None:
            data["at"] = {"id": self.at[0], "task": self.at[1]}
        return json.dumps(data)

    @classmethod
    def read(cls, text: Any) -> "Progress":
        """The progress in ``text`` (None: nothing kept yet), checked: anything unreadable is
        no progress, with what was set aside counted."""
        if text is None:
            return cls()
        try:
            data = json.loads(text) if len(text) <= PROGRESS_LIMIT else None
        except (ValueError, TypeError):
            data = None
        entries = data.get("done") if isinstance(data, dict) else None
        if not isinstance(entries, list):
            return cls(set_aside=1)
        done: list[str] = []
        kept: list[str] = []
        bad = 0
        for entry in entries:
            if lesson_name(entry) is not None:
                done.append(entry)
            elif well_formed(entry) and len(kept) < MOST_KEPT and entry not in kept:
                kept.append(entry)
            else:
                bad += 1
        at = data.get("at") if isinstance(data, dict) else None
        if at is not None:
            at = lesson_at(at)
            bad += 1 if at is None else 0
        return cls(done, kept, bad, at)


def lesson_at(value: Any) -> Any:
    """``(id, task)`` of a lesson on the table as progress keeps it, or None when it is none."""
    if not isinstance(value, dict) or lesson_name(value.get("id")) is None:
        return None
    task = value.get("task")
    if type(task) is not int or not 0 <= task < MOST_TASKS:
        return None
    return (value["id"], task)


def well_formed(name: Any) -> bool:
    """Whether ``name`` could be a lesson's name (of another release): a short word of
    lowercase letters, digits and hyphens."""
    if not isinstance(name, str) or not 1 <= len(name) <= 40:
        return False
    return all(c in NAME_CHARACTERS for c in name)


def read_progress(store: "Store") -> Progress:
    """The progress kept on this device, as every store is read back: a text that does not all
    read is set aside as it was (to download) and what reads of it written in its place, said
    by ``said``; one longer than :data:`PROGRESS_LIMIT` is set aside unread (never read into
    the page's small heap). None where storage cannot give it (the lessons are played all the
    same)."""

    def read(text: Any) -> "tuple[Progress, Any]":
        progress = Progress.read(text)
        if not progress.set_aside:
            return progress, None
        kept = progress.done or progress.kept or progress.at is not None
        return progress, (progress.to_json() if kept else "")

    got, said = store.read_bounded(PROGRESS, read, PROGRESS_LIMIT)
    progress: Progress = got
    if said in (CORRUPT_SET_ASIDE, CORRUPT_KEPT):
        progress.said = said
        progress.set_aside = max(progress.set_aside, 1)
    return progress


def lesson_on_table(store: "Store") -> Any:
    """The lesson that was on the table when the page closed (to resume on its task), or None;
    read without setting anything aside (the lessons' room reads the progress as a store)."""
    try:
        if store.size(PROGRESS) > PROGRESS_LIMIT:
            return None
        at = Progress.read(store.get(PROGRESS)).at
    except Refused:
        return None
    return at[0] if at is not None else None


def mark_done(store: "Store", progress: Progress, name: str) -> Any:
    """Note lesson ``name`` done, in ``progress`` and on the device; the notice key when it
    could not be kept (storage full or blocked), else None."""
    if lesson_name(name) is None:
        return None
    if name not in progress.done:
        progress.done = [n for n in LESSONS if n in progress.done or n == name]
    if progress.at is not None and progress.at[0] == name:
        progress.at = None  # done: nothing to resume
    return write_progress(store, progress)


def write_progress(store: "Store", progress: Progress) -> Any:
    """``progress`` kept on the device; the notice key when it could not be, else None."""
    if progress.said == CORRUPT_KEPT:
        return CORRUPT_KEPT  # the text that did not read could not be set aside: kept as it is
    try:
        store.call("setItem", PROGRESS, progress.to_json())
    except Refused as refused:
        return refused.args[0]
    return None


def mark_at(store: "Store", progress: Progress, at: Any) -> Any:
    """Note the lesson on the table and its task (``(id, task)``, or None: none), so that a
    reload resumes it there; the notice key when it could not be kept, else None."""
    if at == progress.at:
        return None
    progress.at = at
    return write_progress(store, progress)


def lesson_intent(intent: "Intent | Made") -> "Intent | Made":
    """The controller's intent (``play`` from a tap and Confirm, ``computer`` from the pace) as
    the lesson's: a lesson is played with the game's own table and controls."""
    if isinstance(intent, Made) or not isinstance(intent, dict):
        return intent  # (a text made in JavaScript, or no intent at all)
    if intent["do"] == "play":
        return intents.lesson_play(intent["move"], intent["at"])
    if intent["do"] == "computer":
        return intents.lesson_computer(intent["at"])
    return intent
