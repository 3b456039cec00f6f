"""Lessons on the page: which there are, their progress, and the game's intents as a lesson's
(their HTML is :mod:`ui.lesson_panels`'). Runs under MicroPython and CPython.

The lessons themselves (positions, tasks, the moves that do them) live with the engine
(``longana/lessons/*.json``) and are played by the game worker (the ``lesson-*`` intents of
``longana/protocol.py``), which sends frames like the game's and, beside them, the lesson's
state: ``{"id", "title", "task", "tasks", "seat", "line", "state", "said"}``. The page only
words it. Progress is kept under ``longana:lessons`` (:data:`PROGRESS`) as
``{"schema": 1, "done": [ids]}``: read back bounded and checked, an entry that is no lesson's
name set aside, never an exception; a lesson of a newer release is kept as it is. A lesson
never touches ``longana:save``.
"""

import json

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from . import intents
from .door import Made
from .storage import Refused

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
    of lessons this release does not know, written back as they were) and ``set_aside`` (how
    many entries read back were no lesson's name)."""

    __slots__ = ("done", "kept", "set_aside")

    def __init__(self, done: Any = (), kept: Any = (), set_aside: int = 0) -> None:
        self.done = [name for name in LESSONS if name in done]
        self.kept = list(kept)
        self.set_aside = set_aside

    def is_done(self, name: str) -> bool:
        return name in self.done

    def first_not_done(self) -> Any:
        """The lesson to suggest: the first not done yet (None when all are)."""
        for name in LESSONS:
            if name not in self.done:
                return name
        return None

    def to_json(self) -> str:
        return json.dumps({"schema": PROGRESS_SCHEMA, "done": self.done + self.kept})

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
        return cls(done, kept, bad)


def well_formed(name: Any) -> bool:
    """Whether ``name`` could be a lesson's name (of another release): a short word of
    lowercase letters, digits and hyphens."""
    if not isinstance(name, str) or not 1 <= len(name) <= 40:
        return False
    return all(c in NAME_CHARACTERS for c in name)


def read_progress(store: "Store") -> Progress:
    """The progress kept on this device; none where storage cannot give it (the lessons are
    played all the same)."""
    try:
        if store.size(PROGRESS) > PROGRESS_LIMIT:  # never read into the page's small heap
            return Progress(set_aside=1)
        return Progress.read(store.get(PROGRESS))
    except Refused:
        return Progress()


def mark_done(store: "Store", progress: Progress, name: str) -> Any:
    """Note lesson ``name`` done, in ``progress`` and on the device; the notice key when it
    could not be kept (storage full or blocked), else None."""
    if lesson_name(name) is None:
        return None
    if name not in progress.done:
        progress.done = [n for n in LESSONS if n in progress.done or n == name]
    try:
        store.call("setItem", PROGRESS, progress.to_json())
    except Refused as refused:
        return refused.args[0]
    return None


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
