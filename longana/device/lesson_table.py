"""A lesson played at the worker (:mod:`longana.device.lessons` holds the lessons as data).

:class:`LessonTable` plays one lesson: the person's move is checked by the engine (a move that
does the task is played and praised; a legal move the task does not ask for is answered and not
played; anything else gets the engine's own refusal ``{code, params}``, as the game's page words
it), the computer's fixed replies are played one at a time, and the page gets frames exactly
like the game's (:func:`longana.device.frame.frame_of`). A lesson is its own object: it never
touches the game's session or its save.

>>> from longana.device.lessons import lesson
>>> table = LessonTable(lesson("own-branch"))
>>> table.status()["line"], table.frame()["turn"]["moves"]
('lesson.own-branch.first', ['9-4@S'])
>>> table.play("9-4@E")["refused"]
{'code': 'closed', 'params': {'branch': 'E'}}
"""

from __future__ import annotations

from typing import Any

from ..rules.errors import IllegalMoveError, InvalidMoveError
from ..rules.hand import Hand
from ..rules.match import Match
from ..rules.tiles import SEATS, Move, Tile
from .frame import Frame, Refusal, frame_of, letter, refusal, turn_map
from .lessons import Lesson, LessonError, Position, Task
from .session import COMPUTER, PERSON, Action, Session

#: A lesson's states: the person's move is awaited; the computer's fixed replies are being
#: played; the task is done and the next one starts on a new table when the person asks; every
#: task is done.
TASK, REPLIES, NEXT, DONE = "task", "replies", "next", "done"


class LessonMatch(Match):
    """The one hand of a lesson's table, with the scores before it (a match's scores are those
    of its finished hands)."""

    def __init__(self, name: str, position: Position, hand: Hand) -> None:
        self.seed = f"lesson:{name}"
        self.rules = position.rules
        self.hands = [hand]
        self.before = position.scores

    @property
    def scores(self) -> tuple[int, int, int, int]:
        won = list(self.before)
        outcome = self.hand.outcome
        if outcome is not None and outcome.winner is not None:
            won[outcome.winner] += outcome.points
        return (won[0], won[1], won[2], won[3])


class LessonSession(Session):
    """A session the frame can be made of: the person at ``seat``, the computer elsewhere; no
    undo, redo or restart (a task is tried again instead), no save."""

    def __init__(self, match: Match, seat: int) -> None:
        self.match = match
        self.seats = tuple(PERSON if s == seat else COMPUTER for s in SEATS)
        self.level = "normal"
        self.class_code = None
        self.log: list[Action] = []
        self.redo_stack: list[list[Action]] = []

    @property
    def can_undo(self) -> bool:
        return False

    @property
    def can_redo(self) -> bool:
        return False

    @property
    def can_restart(self) -> bool:
        return False


class LessonTable:
    """One lesson being played: its table, the task at hand and what was said last."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.index = 0  # the task at hand (or, once it is done, the task just done)
        self.state = TASK
        self.said: dict[str, Any] | None = None
        self.replied = 0  # the fixed replies played so far
        self.start: Hand | None = None  # the task's hand as it began
        self.session = self.table(lesson.tasks[0], [])
        self.begin(0)

    @property
    def task(self) -> Task:
        return self.lesson.tasks[self.index]

    def table(self, task: Task, log: list[Action]) -> Session:
        """A new table at ``task``'s position; ``log`` runs on from the table before (a frame
        of a new table is a new position for the page)."""
        position = task.position
        assert position is not None
        table = LessonSession(LessonMatch(self.lesson.id, position, position.hand()), task.seat)
        table.log = log
        return table

    def begin(self, index: int) -> None:
        """Start task ``index`` on its table."""
        task = self.lesson.tasks[index]
        self.index = index
        if index and task.position is not None:
            self.session = self.table(task, self.session.log + [Action("lesson", False)])
        hand = self.session.match.hand
        if hand.outcome is not None or hand.to_move != task.seat:
            raise LessonError(
                f"lesson {self.lesson.id}, task {index}: {letter(task.seat)} is not to move"
            )
        self.start = hand.copy()
        self.state, self.replied = TASK, 0

    # -- what the page gets -----------------------------------------------------------------------

    def frame(self) -> Frame:
        """The table as the game's frame shows it; a legal map only while the task waits for
        the person's move, and no hint."""
        frame = frame_of(self.session, self.task.seat)
        if self.state != TASK:
            frame["turn"] = None
        frame["can"]["hint"] = False
        return frame

    def status(self) -> dict[str, Any]:
        """The lesson's part of a reply: which task, its line, the state and what was said."""
        return {
            "id": self.lesson.id,
            "title": self.lesson.title,
            "task": self.index,
            "tasks": len(self.lesson.tasks),
            "seat": letter(self.task.seat),
            "line": self.task.line,
            "state": self.state,
            "said": self.said,
        }

    def reply(self, **extra: Any) -> dict[str, Any]:
        return {"frame": self.frame(), "lesson": self.status(), **extra}

    def fresh(self, at: object) -> bool:
        return at is None or at == len(self.session.log)

    # -- the person and the computer ------------------------------------------------------------

    def play(self, text: object, at: object = None) -> dict[str, Any]:
        """The person's move: played and praised when it does the task; answered and not played
        when it is legal but not asked for; else refused with the engine's reason."""
        if self.state != TASK or not self.fresh(at):
            return self.reply(stale=True)
        task, hand = self.task, self.session.match.hand
        wrong = self.wrong_opening(text)
        if wrong is not None:
            self.said = None
            return self.reply(refused=wrong)
        move = Move.parse(text)
        try:
            hand.check(move)
        except IllegalMoveError as error:
            self.said = None
            return self.reply(refused=refusal(error))
        if move not in task.passing:
            self.said = {"kind": "other", "key": task.other, "params": {}}
            return self.reply()
        self.session.play(move)
        self.said = {"kind": "right", "key": task.praise, "params": self.praise_params(move)}
        self.state = REPLIES
        self.after_move()
        return self.reply()

    def wrong_opening(self, text: object) -> Refusal | None:
        """Before the opening, a tile that is no double (``7-3``, as the page may send it) gets
        the refusal the frame gives that tile."""
        hand = self.session.match.hand
        if hand.is_opened or not isinstance(text, str) or "@" in text:
            return None
        try:
            Move.parse(text)
            return None
        except InvalidMoveError:
            tile = Tile.parse(text)
        choice = turn_map(hand, self.task.seat)["tiles"].get(str(tile))
        if choice is not None and "refusal" in choice:
            return choice["refusal"]
        return {"code": "opening", "params": {"doubles": [str(m) for m in hand.openings]}}

    def praise_params(self, move: Move) -> dict[str, Any]:
        """What the praise may say: the tile and branch played, and once the hand is over its
        points, the lowest total and the person's score."""
        params: dict[str, Any] = {}
        if move.tile is not None:
            params["tile"] = str(move.tile)
        if move.branch is not None:
            params["branch"] = letter(move.branch)
        outcome = self.session.match.hand.outcome
        if outcome is not None:
            params["points"] = outcome.points
            params["low"] = min(outcome.pips)
            params["score"] = self.session.match.scores[self.task.seat]
        return params

    def computer(self, at: object = None) -> dict[str, Any]:
        """The next of the computer's fixed replies."""
        if self.state != REPLIES or not self.fresh(at):
            return self.reply(stale=True)
        self.session.play(self.task.replies[self.replied])
        self.replied += 1
        self.after_move()
        return self.reply()

    def after_move(self) -> None:
        """Once every reply is played: the next task on this table starts at once; one with a
        table of its own waits for the person (:meth:`next`); after the last, the lesson is done."""
        if self.replied < len(self.task.replies):
            return
        if self.index + 1 == len(self.lesson.tasks):
            self.state = DONE
        elif self.lesson.tasks[self.index + 1].position is not None:
            self.state = NEXT
        else:
            self.begin(self.index + 1)

    def next(self, at: object = None) -> dict[str, Any]:
        """The next task, on its own table."""
        if self.state != NEXT or not self.fresh(at):
            return self.reply(stale=True)
        self.said = None
        self.begin(self.index + 1)
        return self.reply()

    def skip_to(self, index: int) -> None:
        """Task ``index`` at hand, on its table as the tasks before it leave it (each done
        with its first passing move and the computer's replies): a lesson resumed after a
        reload, on its task. One that is no task of the lesson leaves the table as it is."""
        if not 0 <= index < len(self.lesson.tasks):
            return
        while self.index < index:
            self.play(str(self.task.passing[0]))
            while self.state == REPLIES:
                self.computer()
            if self.state == NEXT:
                self.next()
            elif self.state == DONE:
                return
        self.said = None

    def retry(self) -> dict[str, Any]:
        """The task at hand (or the one just done) again, from its start."""
        assert self.start is not None
        self.session.match.hands[-1] = self.start.copy()
        self.session.log.append(Action("lesson", False))
        self.said = None
        self.state, self.replied = TASK, 0
        return self.reply()
