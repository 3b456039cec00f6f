"""The one protocol between the page and the game worker: intents in, replies out, JSON text.

The worker (``ui/game-worker.mjs``) holds one :class:`Game` and hands it every intent the page
sends; the page (MicroPython) and the worker (Pyodide) share no Python objects, only these texts.
An intent's keys are typed in :mod:`longana.intents`, a reply's parts in :mod:`longana.replies`
(the page is checked against both). What the types cannot say:

- :meth:`Game.handle` never raises. An intent that makes no sense is answered ``error``; one
  longer than ``MAX_INTENT`` characters or nested deeper than ``MAX_JSON_DEPTH`` levels gets
  ``too-large`` or ``too-deep`` before it is parsed (deep nesting would overflow the browser's
  stack), and so do the texts inside one (saves, imports, result files: up to
  ``MAX_JSON_TEXT``, 8 MiB). Only ``start`` and the intents that need no game (class codes,
  the teacher's table, lessons) come before the first ``start``.
- ``at`` is the frame's ``log`` the page acted on: an intent made for a position that has
  changed since is answered with the current frame and ``stale``, and changes nothing.
- ``frame`` and ``save`` come after anything that may change the game; ``refused`` carries the
  engine's reason (``hint`` is refused ``hands-hidden`` while a handoff hides every hand).
- In a class match (:mod:`longana.classplay`) ``undo``, ``redo``, ``restart``, ``hint`` and
  ``seats`` are refused ``class-locked`` (the frame's ``can`` is all false), and the review
  ``class-not-over`` until it is over; class refusals are ``class-`` + the ClassError's code.
- ``start`` and ``new-match`` take the match's length as ``target`` (the card's rules played
  to it, :mod:`longana.rules.variant`): missing, the card's 100; out of bounds, ``bad-target``.
- ``review`` judges and grades one decision a step (a few hints' time: the deeper weighing of
  :mod:`longana.device.review`), with the summary of every decision judged so far
  (:mod:`longana.device.review_summary`): the page asks for the next when it has the last, so
  it says how far it is and stops by not asking.
- ``import`` refuses a damaged saved game ``import-save``, text that is no JSON (nor JSON
  lines) ``import-not-records``, a line that is no JSON ``import-line`` (``line``), a hand
  record that does not replay ``import-hand`` (``line`` or ``hand``, or neither: the file's
  only record), one that looks like nothing (spaces of any kind, line separators)
  ``import-empty``; every refusal's ``params`` also hold the engine's English ``detail``.
  An import never shows what the live game would not (``longana.device.history.shown``): only
  the file's finished hands are stepped through (``left_out``: how many were not), one with
  none is refused ``import-unfinished`` (still ``saved_game`` when it plays on), one holding a
  deal of the live match not ended here ``import-live`` (``{"class": bool}``); ``replay``
  refuses any hand not ended, imported or not.
- ``new-match`` and ``start`` refuse a deal that is no deal number (the page's rule: letters,
  digits, ``-``, ``_``, up to 32) ``bad-deal``.
- Lessons (:mod:`longana.device.lessons`) are played beside the game and never touch it: their
  replies carry ``lesson`` and a frame of the lesson's table, never ``save``. ``lesson-start``
  with ``task`` (from 0) resumes a lesson on that task (after a reload); one that is none is
  ignored.
- The teacher's table (``class-table``) without ``kept`` is the page of the release before:
  its kept results come among ``texts`` with ``proofs``, answered ``table``, ``refused``,
  ``accepted`` only. A kept entry may be its JSON text, read on its own within bounds (one
  nested too deep is set aside alone). With ``page`` (this release's page, which never holds a
  table of a MB at once), ``keep`` names a kept entry that stays as sent by its place, ``aside``
  gives ``kept`` (its place) instead of the entry, ``accepted`` ``name`` instead of ``proof``,
  and ``table`` its first ``page`` rows (``count``: all) and their CSV lines; ``class-rows``
  (``start``, ``count``) hands over the others (``{"rows", "csv", "from", "count"}``).
- A table across devices (issue 35, :mod:`longana.device.guests`): ``table`` sets the seats
  played on devices of their own, ``guest`` answers a guest device's intent for its seat only
  (``guest``: the guest's reply; ``host``: the host's frame and save when the guest changed
  the game), ``frame`` is the frame as it stands; every reply after a change carries
  ``guests``, each remote seat's frame.

>>> game = Game()
>>> reply = json.loads(game.handle('{"do": "start", "save": null, "deal": "7"}'))
>>> reply["frame"]["deal"], sorted(reply)
('7', ['frame', 'save'])
>>> json.loads(game.handle('{"do": "fly"}'))["error"]["code"]
'unknown-intent'
"""

from __future__ import annotations

import dataclasses
import functools
import json
import pkgutil
import string
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

from . import classplay
from .classplay.table import Table, blank
from .classplay.table import refusal as class_refusal
from .device.frame import HandRecordShown, Refusal, frame_of, position_of, refusal
from .device.guests import GuestError, guest_frames, guest_reply, remote_seats
from .device.handoff import explained_hint
from .device.history import (
    HandSummary,
    HiddenHandsError,
    Imported,
    can_export,
    export_filename,
    export_text,
    hand_after,
    history,
    import_text,
    shown,
    summarize,
)
from .device.lesson_table import LessonTable
from .device.lessons import ORDER, lesson
from .device.review import decisions, identity, judge
from .device.review_summary import summary as review_summary
from .device.session import COMPUTER, KINDS, PERSON, Session
from .intents import (
    ClassCode,
    ClassName,
    ClassResult,
    ClassRows,
    ClassStart,
    ClassTable,
    Computer,
    Hint,
    Import,
    LessonAt,
    LessonPlay,
    LessonRetry,
    LessonStart,
    NewMatch,
    Plain,
    Play,
    Replay,
    Review,
    Seats,
    Start,
    TakeDevice,
)
from .intents import Table as TableAcross
from .players.levels import LEVELS, choose
from .replies import Decision, Reply
from .rules.errors import IllegalMoveError, LonganaError, RecordError
from .rules.hand import Hand
from .rules.records import MAX_JSON_TEXT, JsonLimitError, check_json, read_json
from .rules.tiles import SEATS, Move, parse_seat
from .rules.variant import CARD, Rules, RulesError

#: the longest intent read: a file of MAX_JSON_TEXT characters, escaped, with room to spare
MAX_INTENT = 3 * MAX_JSON_TEXT


class BadIntent(LonganaError):
    """An intent the game cannot act on (the page's bug, or a stale or forged message)."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code


IntentT = TypeVar("IntentT", bound=Mapping[str, Any])


def unless_class(act: Callable[[Game, IntentT], Reply]) -> Callable[[Game, IntentT], Reply]:
    """``act``, refused in a class match (``class-locked``): its results must stay comparable."""

    @functools.wraps(act)
    def guarded(game: Game, intent: IntentT) -> Reply:
        if game.session is not None and game.session.class_code is not None:
            return {
                "frame": frame_of(game.session, game.holder),
                "refused": {"code": "class-locked", "params": {}},
            }
        return act(game, intent)

    return guarded


class Game:
    """The game at one device, as the worker holds it: the session and who holds the device."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.holder: int | None = None  # the person who last confirmed holding the device
        self.imported: Imported | None = None
        self.table = Table()  # what the teacher's tables replayed, remembered
        self.lesson: LessonTable | None = None  # the lesson being played, beside the game
        #: decisions of the review already judged: by the game and the decision
        self.reviewed: dict[tuple[Any, ...], Decision] = {}
        # each handler takes its intent's type (longana/intents.py): the JSON read is trusted
        # that far, and every handler checks the values it uses
        self.intents: dict[str, Callable[[Any], Reply]] = {
            "start": self.start,
            "play": self.play,
            "computer": self.computer,
            "undo": self.undo,
            "redo": self.redo,
            "restart": self.restart,
            "next-hand": self.next_hand,
            "hint": self.hint,
            "new-match": self.new_match,
            "seats": self.seats,
            "take-device": self.take_device,
            "record": self.record,
            "replay": self.replay,
            "review": self.review,
            "import": self.import_records,
            "class-start": self.class_start,
            "class-code": self.class_code,
            "class-result": self.class_result,
            "class-name": self.class_name,
            "class-table": self.class_table,
            "class-rows": self.class_rows,
            "lesson-start": self.lesson_start,
            "lesson-play": self.lesson_play,
            "lesson-computer": self.lesson_computer,
            "lesson-next": self.lesson_next,
            "lesson-retry": self.lesson_retry,
            # one table, several devices (issue 35; longana.device.guests)
            "frame": lambda intent: {"frame": frame_of(self.current_session, self.holder)},
            "table": self.table_across,
            "guest": lambda intent: cast(Reply, guest_reply(self, intent)),
        }

    # -- the door ---------------------------------------------------------------------------

    def handle(self, text: str) -> str:
        """One intent (JSON text) in, one reply (JSON text) out; never raises."""
        try:
            intent = read_json(text, MAX_INTENT)
        except JsonLimitError as error:
            return _dump({"error": {"code": error.code, "detail": str(error)}})
        except (ValueError, RecursionError, TypeError):
            return _dump({"error": {"code": "bad-json", "detail": "the intent is not JSON"}})
        try:
            if not isinstance(intent, dict) or not isinstance(intent.get("do"), str):
                raise BadIntent("bad-intent", 'an intent is an object with "do"')
            act = self.intents.get(intent["do"])
            if act is None:
                raise BadIntent("unknown-intent", f"no such intent: {intent['do']!r}")
            if intent["do"] not in NO_GAME_NEEDED and self.session is None:
                raise BadIntent("not-started", "no game has started yet: send start first")
            return _dump(act(intent))
        except BadIntent as error:
            return _dump({"error": {"code": error.code, "detail": str(error)}})
        except LonganaError as error:
            return _dump({"error": {"code": "refused", "detail": str(error)}})
        except Exception as error:  # noqa: BLE001 - reported to the page, which recovers
            return _dump(
                {"error": {"code": "internal", "detail": f"{type(error).__name__}: {error}"}}
            )

    # -- helpers ------------------------------------------------------------------------------

    @property
    def current_session(self) -> Session:
        """The session being played (``handle`` checks that one has started)."""
        assert self.session is not None
        return self.session

    def changed(self, extra: Reply | None = None) -> Reply:
        """The frame and the save of the session as it is now, and ``extra``; at a table
        across devices each guest's frame too (``guests``: the host's page sends them on)."""
        session = self.current_session
        reply: Reply = {"frame": frame_of(session, self.holder), "save": session.to_json()}
        if session.remote:
            reply["guests"] = guest_frames(self)
        reply.update(extra or {})
        return reply

    def fresh(self, intent: Mapping[str, Any]) -> bool:
        """Whether the intent was made for the position the game is at now."""
        at = intent.get("at")
        return at is None or at == len(self.current_session.log)

    # -- intents ----------------------------------------------------------------------------

    def start(self, intent: Start) -> Reply:
        seats, level, deal, rules = _seats(intent), _level(intent), _deal(intent), _rules(intent)
        extra: Reply = {}
        holder = self.holder
        loaded = self.saved(intent, extra, lambda s: deal is None or s.seed == deal)
        if loaded is not None:
            self.session = loaded
            return self.changed({"resumed": bool(loaded.log)})
        if intent.get("or_new") is False:  # the save or nothing: the game stays as it was
            self.holder = holder
            corrupt = extra.get("corrupt")
            detail = corrupt["detail"] if corrupt else "not a save"
            return {"refused": {"code": "save-unreadable", "params": {"detail": detail}}}
        self.session = Session(deal, seats=seats, level=level, rules=rules)
        return self.changed(extra)

    def saved(
        self, intent: Start | ClassStart, extra: Reply, fits: Callable[[Session], bool]
    ) -> Session | None:
        """The saved game the page sent, if it reads and ``fits``; else ``None``, with
        ``corrupt`` or ``replaced`` said in ``extra``. Takes the device's holder too: after a
        reload nobody's tiles show before a confirm, while a new worker for the same page (the
        old one died) keeps who holds the device."""
        self.holder = _seat_or_none(intent.get("holder"))
        save = intent.get("save")
        if not isinstance(save, str):
            return None
        try:
            loaded = Session.from_json(save)  # any fault: set aside, a new match starts
            _class_agrees(loaded)
        except LonganaError as error:
            extra["corrupt"] = {"detail": str(error)}
            return None
        if fits(loaded):
            return loaded
        extra["replaced"] = True
        return None

    def play(self, intent: Play) -> Reply:
        game = self.current_session
        if not self.fresh(intent):
            return self.changed({"stale": True})
        hand = game.match.hand
        if hand.outcome is not None or hand.to_move not in game.local_people:
            raise BadIntent("not-a-person", "it is not the turn of a person at this device")
        try:
            move = Move.parse(intent.get("move"))
            game.play(move)
        except IllegalMoveError as error:
            return {"frame": frame_of(game, self.holder), "refused": refusal(error)}
        return self.changed()

    def computer(self, intent: Computer) -> Reply:
        game = self.current_session
        hand = game.match.hand
        if not self.fresh(intent) or hand.outcome is not None or game.is_person(hand.to_move):
            return self.changed({"stale": True})
        seat = hand.to_move
        game.play(choose(game.view(seat), game.level, game.decision_seed()))
        return self.changed()

    @unless_class
    def undo(self, intent: Plain) -> Reply:
        if self.current_session.can_undo:
            self.current_session.undo()
        return self.changed()

    @unless_class
    def redo(self, intent: Plain) -> Reply:
        if self.current_session.can_redo:
            self.current_session.redo()
        return self.changed()

    @unless_class
    def restart(self, intent: Plain) -> Reply:
        if self.current_session.can_restart:
            self.current_session.restart()
        return self.changed()

    def next_hand(self, intent: Plain) -> Reply:
        match = self.current_session.match
        if match.hand.outcome is not None and not match.is_over:
            self.current_session.next_hand()
        return self.changed()

    @unless_class
    def hint(self, intent: Hint) -> Reply:
        if not self.fresh(intent):
            return self.changed({"stale": True})
        try:  # the hint, every move's estimate, error and reasons
            explanation = explained_hint(self.current_session, self.holder)
        except IllegalMoveError as error:  # the hands are hidden: a hint would show one
            return {"frame": frame_of(self.current_session, self.holder), "refused": refusal(error)}
        return {
            "frame": frame_of(self.current_session, self.holder),
            "hint": str(explanation.suggested),
            "explanation": explanation.to_dict(),
        }

    def new_match(self, intent: NewMatch) -> Reply:
        """A new match; at a table across devices the guests whose seats are still people's
        stay at it (issue 35)."""
        was = self.session.remote if self.session is not None else frozenset()
        self.session = Session(
            _deal(intent), seats=_seats(intent), level=_level(intent), rules=_rules(intent)
        )
        self.session.set_remote(frozenset(s for s in was if self.session.is_person(s)))
        self.holder = None
        return self.changed()

    @unless_class
    def seats(self, intent: Seats) -> Reply:
        self.current_session.set_seats(_seats(intent))
        self.current_session.level = _level(intent)
        return self.changed()

    def take_device(self, intent: TakeDevice) -> Reply:
        try:
            seat = parse_seat(intent.get("seat"))
        except LonganaError:
            raise BadIntent("bad-seat", f"no such seat: {intent.get('seat')!r}") from None
        if seat in self.current_session.local_people:
            self.holder = seat
        return self.changed()

    def record(self, intent: Plain) -> Reply:
        match = self.current_session.match
        reply: Reply = {"record": [_record(s) for s in history(match)], "export": None}
        if can_export(match):
            reply["export"] = {"text": export_text(match), "name": export_filename(match)}
        return reply

    def replay(self, intent: Replay) -> Reply:
        imported = bool(intent.get("imported"))
        if imported:
            if self.imported is None:
                raise BadIntent("nothing-imported", "no hand records have been imported")
            hands, deal = self.imported.hands, self.imported.deal
        else:
            hands, deal = tuple(self.current_session.match.hands), self.current_session.match.seed
        index, step = intent.get("hand", 0), intent.get("step", 0)
        if not isinstance(index, int) or not 0 <= index < len(hands):
            raise BadIntent("bad-hand", f"there is no hand {index!r}")
        if hands[index].outcome is None:  # never face up before its end, imported or not
            raise BadIntent("hand-not-over", "only a finished hand can be stepped through")
        summary = _summary(hands, index, deal)
        if not isinstance(step, int):
            raise BadIntent("bad-step", f"not a step: {step!r}")
        step = max(0, min(len(summary.steps), step))
        position = position_of(hand_after(hands[index], step), summary.scores_before)
        return {
            "replay": {
                "hand": index,
                "step": step,
                "count": len(hands),
                "imported": imported,
                "summary": _record(summary),
                "position": position,
            }
        }

    def review(self, intent: Review, seats: list[int] | None = None) -> Reply:
        """One step of the review of the decisions of ``seats`` (by default the people at
        this device, not those at devices of their own)."""
        game = self.current_session
        if seats is None and game.remote:
            seats = [s for s in SEATS if s not in game.remote]
        if game.class_code is not None and not game.match.is_over:
            return {"refused": {"code": "class-not-over", "params": {}}}
        hand, step = intent.get("hand"), intent.get("step", 0)
        if hand is not None and (not isinstance(hand, int) or isinstance(hand, bool)):
            raise BadIntent("bad-hand", f"there is no hand {hand!r}")
        found = decisions(game, hand, seats)
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= len(found):
            raise BadIntent("bad-step", f"not a step of the review: {step!r}")
        decision: Decision | None = None
        if step < len(found):
            key = identity(game, found[step])
            decision = self.reviewed.get(key)
            if decision is None:
                decision = judge(game, found[step])
                if len(self.reviewed) >= MAX_CHECKED:
                    self.reviewed.clear()
                self.reviewed[key] = decision
        kept = [(k, self.reviewed.get(identity(game, d))) for k, d in enumerate(found)]
        judged = [(k, d) for k, d in kept if d is not None]
        return {
            "review": {
                "step": step,
                "count": len(found),
                "hand": hand,
                "decision": decision,
                "summary": review_summary(game.match, judged),
            }
        }

    def import_records(self, intent: Import) -> Reply:
        text = intent.get("text")
        if not isinstance(text, str):
            raise BadIntent("bad-import", "nothing to import")
        try:
            check_json(text)
        except JsonLimitError as error:
            params = {"max": error.limit, "detail": str(error)}
            return {"refused": {"code": error.code, "params": params}}
        if blank(text):  # nothing but spaces, no-break spaces, line separators: empty
            return {"refused": {"code": "import-empty", "params": {}}}
        if not text.lstrip().startswith(("{", "[")):  # no JSON: a photo, a letter
            return {"refused": {"code": "import-not-records", "params": {}}}
        try:
            read = import_text(text)
        except LonganaError as error:
            return {"refused": _import_refusal(error, '"schema"' in text[:100])}
        game = self.current_session
        saved = read.deal is not None and _saved_game(text)
        try:  # the live game's rule: finished hands only, none of its own not yet ended
            self.imported = shown(read, game.match, game.class_code is not None)
        except HiddenHandsError as error:
            self.imported = None
            refused: Reply = {"refused": _import_refusal(error, False)}
            if saved and error.code == "import-unfinished":
                refused["saved_game"] = True  # nothing to step through, but it plays on
            return refused
        reply = self.replay({"do": "replay", "imported": True, "hand": 0, "step": 0})
        if saved:
            reply["saved_game"] = True  # the page offers to play on from it (start)
        if self.imported.left_out:
            reply["left_out"] = self.imported.left_out  # hands not shown: not ended
        return reply

    def class_rows(self, intent: ClassRows) -> Reply:
        start, count = intent.get("start"), intent.get("count")
        for value in (start, count):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise BadIntent("bad-rows", f"not a place in the table: {value!r}")
        return cast(Reply, self.table.rows(int(start), int(count)))

    @unless_class
    def table_across(self, intent: TableAcross) -> Reply:
        """The seats played on devices of their own from now on (issue 35)."""
        try:
            self.current_session.set_remote(remote_seats(intent.get("remote")))
        except GuestError as error:
            raise BadIntent(error.code, str(error)) from None
        return self.changed()

    # -- lessons ----------------------------------------------------------------------------

    @property
    def lessons(self) -> LessonTable:
        if self.lesson is None:
            raise BadIntent("no-lesson", "no lesson has started: send lesson-start first")
        return self.lesson

    # the lesson's table makes its replies (longana/device/lesson_table.py): a frame and
    # ``lesson`` (LessonStatus), with ``refused``, ``stale`` as a game's
    def lesson_play(self, intent: LessonPlay) -> Reply:
        return cast(Reply, self.lessons.play(intent.get("move"), intent.get("at")))

    def lesson_computer(self, intent: LessonAt) -> Reply:
        return cast(Reply, self.lessons.computer(intent.get("at")))

    def lesson_next(self, intent: LessonAt) -> Reply:
        return cast(Reply, self.lessons.next(intent.get("at")))

    def lesson_retry(self, intent: LessonRetry) -> Reply:
        return cast(Reply, self.lessons.retry())

    def lesson_start(self, intent: LessonStart) -> Reply:
        name = intent.get("id")
        if name not in ORDER:  # a lesson the address named, say: the page lists them all
            return {"refused": {"code": "lesson-unknown", "params": {"lesson": str(name)}}}
        self.lesson = LessonTable(lesson(str(name)))
        task = intent.get("task")
        if type(task) is int:  # a lesson resumed on its task (after a reload)
            self.lesson.skip_to(task)
        return cast(Reply, self.lesson.reply())

    # -- class play -------------------------------------------------------------------------

    def class_start(self, intent: ClassStart) -> Reply:
        try:
            code = classplay.ClassCode.parse(intent.get("code"))
        except classplay.ClassError as error:
            return {"refused": _class_refusal(error)}
        extra: Reply = {"class": {"code": code.text, "deal": code.deal}}
        loaded = self.saved(intent, extra, code.is_of)
        if loaded is not None:
            self.session = loaded
            extra["resumed"] = bool(loaded.log)
        elif self.session is None or not code.is_of(self.session):
            self.session = code.session()
        return self.changed(extra)

    def class_code(self, intent: ClassCode) -> Reply:
        try:
            code = classplay.ClassCode.make(
                intent.get("deal"),
                intent.get("seats", ()),
                intent.get("level", "normal"),
                intent.get("target", CARD.target),
            )
        except classplay.ClassError as error:
            return {"refused": _class_refusal(error)}
        return {"class_code": code.text}

    def class_result(self, intent: ClassResult) -> Reply:
        seat = _seat_or_none(intent.get("seat"))
        try:
            result = classplay.Result.of(
                self.current_session, -1 if seat is None else seat, intent.get("name", "")
            )
        except classplay.ClassError as error:
            return {"refused": _class_refusal(error)}
        return {
            "result": {
                "text": result.text,
                "file": result.to_json(),
                "filename": result.filename,
                "hands": len(result.hands),  # the finished hands it covers
                "final": result.finished,  # the match is over: the code to hand in
            }
        }

    def class_name(self, intent: ClassName) -> Reply:
        name = classplay.tidy_name(intent.get("name"))
        if name is None:
            return {"refused": _class_refusal(classplay.name_error())}
        return {"name": name}

    def class_table(self, intent: ClassTable) -> Reply:
        texts, kept, proofs = intent.get("texts", []), intent.get("kept"), intent.get("proofs")
        if not isinstance(texts, list) or not isinstance(kept, (list, type(None))):
            raise BadIntent("bad-texts", "texts and kept are lists of result codes and files")
        try:
            code = classplay.ClassCode.parse(intent.get("class"))
        except classplay.ClassError as error:
            return {"class_refused": _class_refusal(error)}
        # the table makes the reply (longana/classplay/table.py): table, keep, aside, refused
        # (each with where), accepted
        if kept is not None:
            page = intent.get("page")
            if page is not None and (type(page) is not int or page < 1):
                raise BadIntent("bad-page", f"not a number of rows: {page!r}")
            return cast(Reply, self.table.answer(code, kept, texts, page=page))
        # the page of the release before: its kept results among the texts, by their proofs
        reply = self.table.answer(code, [], texts, proofs if isinstance(proofs, dict) else {})
        return cast(Reply, {k: reply[k] for k in ("table", "refused", "accepted")})


MAX_CHECKED = 2000  # decisions of the review the worker remembers
NO_GAME_NEEDED = frozenset(
    {"start", "class-start", "class-code", "class-name", "class-table", "class-rows"}
    | {"lesson-start", "lesson-play", "lesson-computer", "lesson-next", "lesson-retry"}
)


def engine_release() -> str:
    """The release the engine was built in (tools/build_site.py writes it into app.zip, beside
    the modules), or "" where it was not built (a checkout): the page compares it with its own,
    and a page of one release never talks on with an engine of another unsaid."""
    try:
        data = pkgutil.get_data("longana", "release.txt")
    except OSError:
        return ""
    return data.decode("ascii", "replace").strip() if data else ""


def _class_refusal(error: classplay.ClassError) -> Refusal:
    return cast(Refusal, class_refusal(error))


def _record(summary: HandSummary) -> HandRecordShown:
    """A hand's record as the page gets it (its shape: longana/device/frame.py)."""
    return cast(HandRecordShown, summary.to_dict())


def _seat_or_none(text: Any) -> int | None:
    """A seat's letter from an intent as the seat's number; None when it is none."""
    try:
        return parse_seat(text)
    except LonganaError:
        return None


def _summary(hands: tuple[Hand, ...], index: int, deal: str | None) -> HandSummary:
    """The record of hand ``index`` alone, its totals running on from the hands before it
    (a file of thousands of hands: one hand's moves are worked out at each step, not all)."""
    scores = [0, 0, 0, 0]
    for hand in hands[:index]:
        outcome = hand.outcome
        if outcome is not None and outcome.winner is not None:
            scores[outcome.winner] += outcome.points
    (summary,) = summarize([hands[index]], deal, (scores[0], scores[1], scores[2], scores[3]))
    return dataclasses.replace(summary, number=index + 1)


def _class_agrees(session: Session) -> None:
    """A class match's save must still be that class match (raises ``RecordError``): one whose
    settings were changed under its code is no class match, and its results would be refused
    at every hand's end. A class code of an earlier release is played on as it was saved."""
    if session.class_code is None:
        return
    try:
        classplay.class_of(session)
    except classplay.ClassError as error:
        if error.code != "version":
            raise RecordError(f"the class match was changed: {error}") from None


def _saved_game(text: str) -> bool:
    """Whether ``text`` is a saved game (the device's save, or its file) that ``start`` resumes."""
    try:
        Session.from_json(text)
    except LonganaError:
        return False
    return True


def _import_refusal(error: LonganaError, save: bool) -> Refusal:
    """An import's refusal: the error's code and params, which the page words (a damaged save,
    ``save``: ``import-save``; an error with no code of its own: ``import``), and the engine's
    English ``detail``, which it shows only folded away."""
    params: dict[str, Any] = {}
    if save:
        code = "import-save"
    elif isinstance(error, RecordError) and error.code != "record":
        code, params = error.code, dict(error.params)
    else:
        code = "import"
    return {"code": code, "params": {**params, "detail": str(error)}}


def _dump(reply: Reply) -> str:
    return json.dumps(reply, separators=(",", ":"))


def _seats(intent: Mapping[str, Any]) -> tuple[str, ...]:
    seats = intent.get("seats", [PERSON, COMPUTER, COMPUTER, COMPUTER])
    if (
        not isinstance(seats, list)
        or len(seats) != len(SEATS)
        or any(k not in KINDS for k in seats)
    ):
        raise BadIntent("bad-seats", f"seats are four of {KINDS}, not {seats!r}")
    return tuple(seats)


def _level(intent: Mapping[str, Any]) -> str:
    level = intent.get("level", "normal")
    if level not in LEVELS:
        raise BadIntent("bad-level", f"the level is one of {LEVELS}, not {level!r}")
    return str(level)


def _rules(intent: Mapping[str, Any]) -> Rules:
    """The rules of a new match: the card's, played to the intent's ``target`` if it has one."""
    try:
        return CARD.with_target(intent.get("target", CARD.target))
    except RulesError as error:
        raise BadIntent("bad-target", str(error)) from None


#: a deal number asked for (settings, the address: ui/address.py's rule, the same characters)
DEAL_CHARACTERS = frozenset(string.ascii_letters + string.digits + "-_")
MAX_DEAL = 32


def _deal(intent: Mapping[str, Any]) -> str | None:
    """The deal number an intent asks for (None: a random one); anything that is no deal
    number (a lone surrogate, a control character, 100,000 characters) is ``bad-deal``."""
    deal = intent.get("deal")
    if deal is None:
        return None
    if not isinstance(deal, str) or not 1 <= len(deal) <= MAX_DEAL:
        raise BadIntent("bad-deal", f"not a deal number: {repr(deal)[:40]}")
    if not DEAL_CHARACTERS.issuperset(deal):
        raise BadIntent("bad-deal", f"not a deal number: {ascii(deal)[:40]}")
    return deal
