"""The lessons on the page (made when first needed: a lesson asked for, the list opened, the
offer to a newcomer). A lesson is played on the game's own table, with its controller, input
and motion: the game's frame, its holder and any computer move that came meanwhile are kept
aside while it is on (:class:`Kept`) and put back exactly as they were when the person goes
back to the game, which then goes on (its computer waits meanwhile: no game intent is sent).

While a lesson is on, ``Interaction.lesson`` holds the worker's lesson status (ui/lessons.py);
the screen draws the lesson's bar and top bar from it, :func:`ui.steps.next_step` says what
comes next by its state, and the page sends the controller's moves and the computer's turns
as the lesson's intents (:func:`ui.lessons.lesson_intent`). Every reply is applied by the page
(``Page.apply``); the lesson's part of it comes here (:meth:`Lessons.take`): what was said is
read out, a task begun is read out, a lesson done is kept under ``longana:lessons`` (a storage
that cannot keep it is said once, and the lessons play all the same).
"""

import asyncio

import js

from .. import intents
from ..door import refusal
from ..lesson_panels import dialog_html, offer_html, said_words, title
from ..lessons import (
    DONE,
    LESSONS,
    REPLIES,
    TASK,
    lesson_name,
    mark_at,
    mark_done,
    read_progress,
)
from ..storage import CORRUPT_SET_ASIDE, UNAVAILABLE
from .browser import q

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from typing import Any

    from longana.device.frame import Frame, Seat
    from longana.replies import Reply

    from ..i18n import Catalog
    from .host import Host
    from .pace import Pace

UNKEPT = "lessons-unkept"  # the notice: progress cannot be kept on this device


class Kept:
    """The game as it was when a lesson took the table: its frame, who held the device, the
    message line, and a computer move that came (or comes) while the lesson is on."""

    __slots__ = ("frame", "holder", "message", "held")

    def __init__(
        self, frame: "Frame | None", holder: "Seat", message: str, held: "Reply | None"
    ) -> None:
        self.frame, self.holder, self.message, self.held = frame, holder, message, held


class Lessons:
    def __init__(self, host: "Host", pace: "Pace") -> None:
        self.ctl, self.store, self.dialogs = host.ctl, host.store, host.dialogs
        self.pace = pace  # the game's clock: a computer move it held waits with the game
        self.pause = host.pause  # the computer stops thinking (a lesson starts or ends)
        self.notice = host.notice
        self.ask = host.ask  # the one call to the game (the page's)
        self.act = host.act  # a change asked and applied (the page's)
        self.apply = host.apply  # a reply applied, and the step after it (the page's)
        self.alert = host.alert  # said at once by a screen reader
        self.progress = read_progress(self.store)
        self.unkept: str | None = UNAVAILABLE if self.store.storage is None else None
        if self.progress.said == CORRUPT_SET_ASIDE:  # as every store: set aside, and said
            self.notice("lesson.progress_set_aside", "lessons-set-aside")
        self.game: Kept | None = None  # the game, while a lesson is on the table
        self.begun = False  # a lesson (re)started: its first task is read out

    # -- the list, the offer, the address ---------------------------------------------------------

    async def open(self) -> None:
        """``data-action="lessons"``: the list, each lesson done or not yet (the one on the
        table marked), with the way back to the game while a lesson is on."""
        drop_offer()
        self.show_list()

    def show_list(self, unknown: "str | None" = None) -> None:
        lesson = self.ctl.interaction.lesson
        current = lesson.get("id") if lesson is not None else None
        html = dialog_html(self.ctl.cat, self.progress, current, self.unkept, unknown)
        self.dialogs.open("lessons", html)

    def opening(self, asked: "str | None", newcomer: bool) -> None:
        """At the start: the lesson the address names (``?lesson=``; one that is none is said
        above the list), or, on a first visit, the offer of the lessons above the table (it
        stays until it is answered or the person plays, and covers nothing of the game)."""
        if asked is not None:
            name = lesson_name(asked)
            at = self.progress.at
            if name is None:
                self.show_list(asked)
            elif at is not None and at[0] == name:  # in progress before the reload: its task
                asyncio.create_task(self.start(name, at[1]))
            else:
                asyncio.create_task(self.start(name))
        elif newcomer and not self.progress.done:
            slot = q("#lesson")
            if slot is not None and self.ctl.interaction.lesson is None:
                slot.innerHTML = offer_html(self.ctl.cat)
                slot.hidden = False

    # -- a lesson on the table --------------------------------------------------------------------

    async def start(self, name: str, task: "int | None" = None) -> None:
        """``data-action="lesson"`` (and the next lesson, the lesson again, the address's):
        lesson ``name`` from its first task (or from ``task``: resumed after a reload) on the
        table; the game is kept aside the first time."""
        if lesson_name(name) is None:
            return
        js.performance.mark("longana:lesson-start")
        self.pause()
        reply = await self.ask(intents.lesson_start(name, task))
        if reply is not None and "error" in reply:  # a worker that does not know it: said
            self.notice("lesson.failed", "lesson-failed")
            return
        status = None if reply is None else reply.get("lesson")
        if reply is None or status is None:
            return  # no game could answer (the page says so); no such lesson: never sent
        now = self.ctl.interaction
        if now.lesson is None:  # the game as it is now, to come back to
            self.game = Kept(self.ctl.frame, now.holder, self.ctl.message, self.pace.held)
            self.pace.held = None
            self.ctl.clear()
            drop_offer()
        now.lesson = status  # (the page takes the replies of a lesson on the table)
        self.begun = True
        self.apply(reply, close=True)
        js.performance.mark("longana:lesson-shown")

    def take(self, reply: "Reply") -> None:
        """A lesson's reply (the page's handler of its ``lesson`` part): its state on the
        table, what it says read out (the answer to the person's move, the task begun, the
        lesson done), a lesson done kept."""
        now, cat = self.ctl.interaction, self.ctl.cat
        before = now.lesson or {}
        lesson = reply.get("lesson")
        if lesson is None:
            return
        status: dict[str, Any] = dict(lesson)  # the page's: its own marks (held, all_done) too
        now.lesson = status
        state, said = status.get("state"), status.get("said")
        same = before.get("id") == status.get("id")
        words = []
        refused = refusal(reply)
        if refused is not None:  # (the controller took the engine's reason: the bar says it)
            words.append(said_words(cat, status, refused))
        elif said and same and before.get("state") == TASK and not reply.get("stale"):
            words.append(said_words(cat, status))  # the answer to the person's move
            if said.get("kind") == "other":
                self.ctl.clear()  # not played: the person tries another move
        if state == TASK and same and before.get("state") == REPLIES:
            status["held"] = True  # on the same table: once the praise is read (next_task)
        began = self.begun or not same or before.get("task") != status.get("task")
        if state == TASK and not status.get("held") and (began or before.get("state") != TASK):
            words.append(task_words(cat, status))
        self.begun = False
        if state != DONE:  # where a reload resumes it
            self.kept(mark_at(self.store, self.progress, (status.get("id"), status.get("task"))))
        if state == DONE and before.get("state") != DONE:
            self.done(str(status.get("id")))
            status["all_done"] = len(self.progress.done) == len(LESSONS)
            words.append(cat.t("lesson.all_done" if status["all_done"] else "lesson.finished"))
        if words:
            self.alert(" ".join(words))

    def done(self, name: str) -> None:
        """Lesson ``name`` is done: kept on this device (said once when it cannot be)."""
        self.kept(mark_done(self.store, self.progress, name))

    def kept(self, problem: "str | None") -> None:
        """Progress written, or ``problem`` (its notice key): said once."""
        if problem is not None and self.unkept is None:
            self.unkept = problem
            self.notice("lesson.not_kept", UNKEPT)

    def settled(self) -> None:
        """The task (or the lesson) is done and the bar offers what comes next: its first
        button takes the focus (unless the person has put it somewhere)."""
        active = js.document.activeElement
        button = q("#lesson .lesson-actions .primary")
        if button is not None and (active is None or active == js.document.body):
            button.focus()

    async def next_task(self) -> None:
        """``lesson-next``: the next task, on its own table (or, held on this one, shown)."""
        lesson, frame = self.ctl.interaction.lesson, self.ctl.frame
        if lesson is None or frame is None:
            return
        if lesson.get("held"):
            lesson["held"] = False
            self.alert(task_words(self.ctl.cat, lesson))
            self.apply({})  # drawn, then the person's turn
            return
        await self.act(intents.lesson_next(frame["log"]))

    async def retry(self) -> None:
        """``lesson-retry``: the task just done again, from its start."""
        if self.ctl.interaction.lesson is not None:
            await self.act(intents.lesson_retry())

    async def again(self) -> None:
        """``lesson-again``: the lesson on the table from its first task."""
        lesson = self.ctl.interaction.lesson
        if lesson is not None:
            await self.start(str(lesson.get("id")))

    def stray(self, reply: "Reply") -> None:
        """A reply that is not for the table shown: the game's, come while a lesson is on (a
        computer move asked before it began, another tab's game; the page has saved it), is
        kept for when the game comes back; a lesson's after it ended goes; a lesson the
        worker no longer knows (a new worker: the game's save was all it got) starts again,
        on its task."""
        if "error" in reply:
            lesson = self.ctl.interaction.lesson
            if lesson is not None and "frame" not in reply:  # again, on its task
                task = lesson.get("task")
                asyncio.create_task(self.start(str(lesson.get("id")), task))
        elif "lesson" not in reply and self.game is not None:
            self.game.held = reply

    def leave(self) -> None:
        """``lesson-end``: back to the game, exactly as it was (its frame, who holds the
        device, a computer move that came meanwhile); then it goes on."""
        now, kept = self.ctl.interaction, self.game
        if now.lesson is None or kept is None:
            self.dialogs.close()
            return
        self.game = None
        self.pause()
        now.lesson = None
        self.kept(mark_at(self.store, self.progress, None))  # a reload resumes the game
        self.ctl.refused = None
        self.ctl.frame = kept.frame
        now.holder = kept.holder
        self.ctl.clear()
        self.ctl.message = self.ctl.cat.t("lesson.resumed")
        self.pace.held = None  # (a lesson's move it held is the lesson's)
        self.dialogs.close(resume=False)
        self.apply(kept.held or {})  # a computer move that came meanwhile lands now
        self.alert(self.ctl.message)


def task_words(cat: "Catalog", status: "Any") -> str:
    """A task begun, as it is read out: the lesson, the task's number, the task."""
    name = str(status.get("id", ""))
    number = LESSONS.index(name) + 1 if name in LESSONS else 0
    return str(
        cat.t("lesson.heading", n=number, title=title(cat, name))
        + ". "
        + cat.t("lesson.task", n=int(status.get("task", 0)) + 1, count=status.get("tasks", 1))
        + ". "
        + cat.t(str(status.get("line", "")))
    )


def drop_offer() -> None:
    """The newcomer's offer goes (answered, or the person plays: ui/dom/page.py)."""
    offer = q('#lesson [data-notice="lessons"]')
    if offer is not None:
        offer.remove()
