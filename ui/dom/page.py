"""The page's one game manager (MicroPython, main thread): what a reply does, what comes next,
what each button does, and the person's acts on the game.

Every intent (built by :mod:`ui.intents`) goes to the game worker through :meth:`Page.ask`
(when no worker can answer, the page says so, once, with a reload). Every reply that changes
the game is applied by :meth:`Page.apply`: each part by ``on_reply`` (a socket's handler
table), the table drawn, then the next step, decided there by :func:`ui.steps.next_step` (its
one caller) and carried out by :meth:`Page.go_on` once the move has landed: the hand's end, the
handoff, the person's turn, the computer's move (:mod:`ui.dom.pace`). Every ``data-action`` has
its handler in one table, :meth:`Page.actions`.
Answers to questions (``record``, ``replay``, class codes and results) are read by whoever
asked.

The rooms, one job each, get only the callables and values they need, never the page:
:class:`~ui.dom.screen.Screen` (frames to the DOM), :class:`~ui.dom.dialogs.Dialogs`,
:class:`~ui.dom.notices.Notices`, :class:`~ui.dom.motion.Motion` (a tile travels),
:class:`~ui.dom.saves.Saves`, :class:`~ui.dom.pace.Pace` (the game's clock),
:class:`~ui.dom.input.Input` (taps, keys, drags), and the panels' rooms, made (and their
modules imported) when first opened: the record, settings and rules, class play, the teacher's
table, the history, the explained hint, the review of the match, the lessons (a lesson is
played on this table: its replies are told from the game's by their ``lesson`` part, and the
game under it waits, kept as it was: ui/dom/lessons.py). The interaction state is the
controller's (:mod:`ui.controller`). The page never decides a rule: the frame says what may be
played, the worker plays it.

Why this room is longer than 400 lines: it is the one place where a reply's effects, the next
step and every button's handler are read together; its parts (the worker, a reply and what
comes next, the action table, the panels' rooms, the acts, the start) are marked below.
"""

import asyncio

import js

from .. import intents
from ..controller import Controller
from ..frame_cache import playable
from ..steps import COMPUTER, HAND_END, HANDOFF, LESSON, MATCH_END, TURN, WAIT, next_step
from ..storage import CORRUPT_KEPT, CORRUPT_SET_ASIDE
from ..words import outcome_words, why
from .browser import q, warn
from .dialogs import Dialogs
from .input import Input
from .keys import mark_fields
from .link import LOST, UNREACHABLE, Link
from .motion import Motion
from .notices import Notices
from .pace import Pace
from .rooms import Rooms
from .saves import Saves
from .screen import Screen
from .taps import Taps

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from typing import Any

    from js import Element, Rect

    from longana.device.frame import Frame

    from ..i18n import Catalog
    from ..settings import Settings
    from ..steps import Step
    from ..storage import Store
    from .input import Handler


class Page:
    def __init__(
        self, cat: "Catalog", store: "Store", settings: "Settings", names: "dict[str, str]"
    ) -> None:
        ctl = self.ctl = Controller(cat)
        self.store = store
        self.settings = settings
        self.live = False  # the worker has answered
        self.holder: str | None = None  # who last confirmed holding the device (the worker's)
        self.broken: tuple[str, str | None] | None = None  # (notice key, text) of a bad save
        self.link = Link(self.restore, self.notice, self.wait_retry)
        self.screen = Screen(ctl)
        self.notices = Notices(lambda: self.ctl.cat, lambda: self.live)
        self.motion = Motion(lambda: self.settings.speed)
        self.saves = Saves(store, self.saving)
        self.dialogs = Dialogs(ctl, self.dialog_shown, self.resume)
        self.pace = Pace(
            ctl,
            self.ask,
            lambda reply, source: self.apply(reply, source=source),
            self.keep,
            self.render,
            self.motion.source,
            lambda: self.settings.speed,
        )
        self.taps = Taps(ctl, self.render, self.screen.alert, self.confirm)
        self.rooms = rooms = Rooms(  # the panels' rooms, made when first opened
            ctl,
            store,
            self.dialogs,
            names,
            ask=self.ask,
            act=self.act,
            restore=self.restore_game,
            replace=self.replace,
            current=lambda: self.saves.text,
            settings=lambda: self.settings,
            keep_settings=self.keep_settings,
            new_match=self.new_match,
            open_settings=self.open_settings,
            hint=self.hint,
            free=self.worker_free,
            redraw=self.render,
            speak=self.screen.speak,
            alert=self.screen.alert,
            notice=self.notice,
            pace=self.pace,
            notices=self.notices,
            apply=self.apply,
            keep=self.keep,
            resume=self.resume,
        )
        self.input = Input(
            ctl,
            self.taps,
            self.actions(),
            {  # a form field's change (by its attribute)
                "data-import": lambda el: rooms.record().read_import(el),
                "data-replay-select": lambda el: rooms.record().choose(el),
            },
            {  # the keys of a dialog with its own
                "hint-explain": lambda event, key: rooms.explained().on_key(event, key),
                "review": lambda event, key: rooms.review().on_key(event, key),
            },
            self.screen,
            self.follow,
            store.keys["longana:save"],
        )
        # What each part of a reply does, in this order (a socket's handler table). The parts
        # that answer a question (record, replay, ...) are read by whoever asked.
        self.on_reply = (
            # the save sent could not be used: set aside before the new game is saved over it
            ("corrupt", self.set_aside),
            # stored after every change, with the frame as a cache (another tab's newer game
            # is followed instead)
            ("save", self.keep),
            # the controller takes the frame: a new position clears the selection and says
            # what happened; a refusal says why
            ("frame", self.receive),
            # a lesson's state, what it says read out (ui/dom/lessons.py)
            ("lesson", lambda reply: rooms.lessons().take(reply)),
        )

    # -- the worker ---------------------------------------------------------------------------

    async def ask(self, intent: "Any") -> "Any":
        """The one call to the worker: its reply, or None when no worker could answer (the page
        then says so, with a reload)."""
        if self.ctl.interaction.lesson is not None:  # a lesson on the table: its moves
            from ..lessons import lesson_intent

            intent = lesson_intent(intent)
        reply = await self.link.ask(intent)
        if reply is None:
            self.dialogs.show_fatal()
            return None
        if LOST in reply:  # the intent killed the worker: not done, the game as it was
            self.notice("notice.action_lost", "action-lost")
            self.apply(reply[LOST], "")
            return None
        if UNREACHABLE in reply:  # no worker can start now: refused, said, nothing lost
            self.notices.lasting("notice.worker_unreachable", "worker-unreachable", self.reconnect)
            return None
        self.notices.drop("worker-unreachable")
        if "error" in reply:
            warn("the worker refused " + str(intent.get("do", "?")) + ": " + str(reply["error"]))
        return reply

    def restore(self) -> "Any":
        """The intent that resumes this tab's game in a (new) worker, as it is held."""
        s = self.settings
        return intents.start(self.saves.text, s.seats, s.level, None, self.holder, target=s.target)

    async def restore_game(self) -> "Any":
        """The worker takes this tab's game again (after it was asked to try another)."""
        return await self.ask(self.restore())

    async def until_live(self) -> None:
        while not self.live:
            await asyncio.sleep(0.02)

    async def wait_retry(self) -> None:
        """The table cached on the last visit is on screen but no worker can start: said,
        until Try again is pressed."""
        self.screen.close_play()
        pressed = asyncio.Event()
        self.notices.lasting("notice.worker_unreachable", "worker-unreachable", pressed.set)
        await pressed.wait()

    def reconnect(self) -> None:
        """Try again after the worker's files could not be fetched: a new worker fed the save
        (the next move would try as well)."""

        async def again() -> None:
            reply = await self.restore_game()
            if reply is not None:
                self.apply(reply)

        asyncio.create_task(again())

    # -- a reply, and what comes next ---------------------------------------------------------

    def apply(
        self,
        reply: "Any",
        words: "str | None" = None,
        close: bool = False,
        source: "Rect | None" = None,
        answer: bool = False,
    ) -> None:
        """What a reply that may change the game does: ``close`` the open dialog (only now, so
        that nothing half-changed is ever on screen), each part by ``on_reply``, ``words`` on
        the message line (unless refused), the table drawn, the tile of a move travels from
        ``source``; then the next step (``answer``: after the person's own move) — or, when
        the save sent could not be used, the person reads why first. A reply for the other
        table (the game's while a lesson is on, and back) goes to the lessons' room."""
        lesson = self.ctl.interaction.lesson
        if ("frame" in reply and ("lesson" in reply) != (lesson is not None)) or (
            lesson is not None and "error" in reply
        ):
            self.rooms.lessons().stray(reply)
            return
        if close:
            self.dialogs.close(resume=False)
        for part, handle in self.on_reply:
            if part in reply:
                handle(reply)
        if words is not None and "refused" not in reply:
            self.screen.say(words)
        self.render()
        frame = self.ctl.frame
        self.motion.travel(frame["last"] if frame else None, source)
        if "corrupt" in reply and self.broken is not None:
            code, text = self.broken
            self.dialogs.show_corrupt(code, reply["corrupt"]["detail"], text)
            return
        step = next_step(frame, self.ctl.interaction)  # what comes next: decided here only
        settle = self.motion.settle() if source is not None and not answer else 0.0
        self.pace.later(settle, lambda gen: self.go_on(step, gen, answer))

    def set_aside(self, reply: "Any") -> None:
        text = self.saves.text
        self.broken = (self.saves.set_aside(text), text)

    def keep(self, reply: "Any") -> None:
        if "save" not in reply:
            return
        other = self.saves.keep(reply["save"], reply.get("frame"))
        if other is not None:  # another tab saved a newer game since: that one is shown
            asyncio.create_task(self.follow(other))

    def receive(self, reply: "Any") -> None:
        if "lesson" not in reply:  # a game's computer move held while a dialog was open is
            self.pace.held = None  # older now
        self.ctl.receive(reply)

    def go_on(self, step: "Step", gen: int, answer: bool) -> None:
        """The next step, carried out (unless a dialog opened meanwhile): the hand's or the
        match's end, the handoff, the person's turn prepared, or the computer's move."""
        now = self.ctl.interaction
        if not self.live or now.dialog is not None or step.kind == WAIT:
            return
        if step.kind != COMPUTER and now.thinking is not None:
            now.thinking = None
            self.render()
        if step.kind in (HAND_END, MATCH_END):
            self.show_end(step)
        elif step.kind == HANDOFF:
            self.show_handoff(str(step.seat))
        elif step.kind == LESSON:
            self.rooms.lessons().settled()
        elif step.kind == TURN:
            if step.opening is not None:
                self.ctl.open_with(step.opening)
                self.render()
            self.screen.focus_turn()
        elif step.seat is not None:
            asyncio.create_task(self.pace.computer(gen, step.seat, answer))

    def show_end(self, step: "Step") -> None:
        """The hand's end (the next hand follows by itself at a table of computers), or the
        match's; in a class match with the student's result."""
        from .. import panels

        frame, cat = self.ctl.frame, self.ctl.cat
        if frame is None:
            return
        if step.kind == MATCH_END:
            html = panels.match_end_html(frame, cat)
            asyncio.create_task(self.rooms.history().remember(frame))
        else:
            html = panels.hand_end_html(frame, cat, step.auto)
        dialog = self.dialogs.open(step.kind, html, cancellable=False)
        if frame["people"]:  # what the people's decisions cost, and their review
            self.rooms.review().offer(dialog, frame)
        if step.result:
            asyncio.create_task(self.rooms.classes().show_result(dialog))
        if step.auto:
            self.pace.later(self.pace.next_hand(), lambda gen: self.next_hand_auto())
        self.screen.say(outcome_words(frame["outcome"], cat))

    def next_hand_auto(self) -> None:
        if self.ctl.interaction.dialog == HAND_END:
            self.next_hand()

    def show_handoff(self, seat: str) -> None:
        """Every hand face down until the person at ``seat`` confirms holding the device."""
        from ..panels import handoff_html

        self.ctl.clear()
        self.render()  # the frame shows nobody's tiles while a handoff is due
        html = handoff_html(seat, self.ctl.cat)  # type: ignore[arg-type]
        self.dialogs.open("handoff", html, cancellable=False, cls="screen")

    # -- the action table --------------------------------------------------------------------

    def actions(self) -> "dict[str, Handler]":
        """What each ``data-action`` does when pressed (or its key is): the one table. Each
        handler gets the element pressed; tests/ui/dom/test_actions.py holds the table against
        every action the page and its scripts render."""
        taps, rooms = self.taps, self.rooms
        return {
            # the table and the bars
            "confirm": lambda el: self.confirm(),
            "cancel": lambda el: taps.cancel(),
            "pass": lambda el: taps.pass_turn(),
            "hint": lambda el: self.hint(),
            "hint-explain": lambda el: rooms.explained().open(),
            "hint-move": lambda el: rooms.explained().preview(str(el.dataset.hintMove)),
            "undo": lambda el: self.undo(),
            "redo": lambda el: self.redo(),
            "restart": lambda el: self.open_restart(),
            "restart-confirm": lambda el: self.restart(),
            "take-device": lambda el: self.take_device(str(el.dataset.seat)),
            "next-hand": lambda el: self.next_hand(),
            "new-match": lambda el: self.new_match_pressed(),
            "start-fresh": lambda el: self.start_fresh(),
            "close": lambda el: self.close_pressed(),
            # the panels
            "rules": lambda el: self.paused(rooms.tools().open_rules()),
            "settings": lambda el: self.open_settings(),
            "record": lambda el: self.paused(rooms.record().open()),
            "replay": lambda el: rooms.record().replay_hand(el),
            "step-back": lambda el: rooms.record().step(-1),
            "step-forward": lambda el: rooms.record().step(1),
            "play-file": lambda el: rooms.record().play_file(),
            "play-file-confirm": lambda el: self.paused(rooms.record().play_file_confirmed()),
            "history": lambda el: rooms.history().open(),
            "history-delete": lambda el: rooms.history().delete(),
            "review": lambda el: self.paused(rooms.review().open(el)),
            "review-stop": lambda el: rooms.review().stop(),
            "review-go": lambda el: rooms.review().go_on(),
            "review-show": lambda el: rooms.review().show(el),
            "review-back": lambda el: rooms.review().back(),
            # the lessons (ui/dom/lessons.py)
            "lessons": lambda el: self.paused(rooms.lessons().open()),
            "lesson": lambda el: rooms.lessons().start(str(el.dataset.lesson)),
            "next-lesson": lambda el: rooms.lessons().start(str(el.dataset.nextLesson)),
            "lesson-again": lambda el: rooms.lessons().again(),
            "lesson-next": lambda el: rooms.lessons().next_task(),
            "lesson-retry": lambda el: rooms.lessons().retry(),
            "lesson-end": lambda el: rooms.lessons().leave(),
            # class play
            "class-join": lambda el: rooms.classes().join(),
            "class-start": lambda el: rooms.classes().make(),
            "class-name": lambda el: rooms.classes().give_name(),
            "class-link-join": lambda el: rooms.classes().link_join(),
            "class-link-stay": lambda el: rooms.kept().stay(),
            "kept-match": lambda el: rooms.kept().back(),
            "kept-file": lambda el: rooms.kept().file_saved(),  # a download that enables join
            "class-results": lambda el: rooms.results().open(),
            "results-class": lambda el: rooms.results().start(),
            "add-results": lambda el: rooms.results().add(),
            "remove-result": lambda el: rooms.results().remove(el),
            "clear-results": lambda el: rooms.results().clear(),
            "print": lambda el: print_page(),
            # notices, and the loading script's (ui/boot.js)
            "retry": self.notices.retry,
            "dismiss": self.notices.dismiss,
            "save-file": self.notices.save_file,
            "reload": lambda el: js.longanaBoot.reload(),
            "install": lambda el: js.longanaBoot.install(),
            # links that only download: the browser follows them (their names are promised)
            "export": download,
            "download-save": download,
            "result-file": download,
            "export-csv": download,
        }

    def close_pressed(self) -> "Any":
        """``close`` (or Escape): Settings apply as they close; any other dialog just goes."""
        if self.ctl.interaction.dialog == "settings":
            return self.rooms.tools().close()
        self.dialogs.close()
        return None

    def new_match_pressed(self) -> "Any":
        """``new-match``: from Settings, of what they say (and the deal typed); from the
        match's end, of the settings kept."""
        if self.ctl.interaction.dialog == "settings":
            return self.rooms.tools().start_new()
        return self.new_match()

    def open_settings(self) -> None:
        self.pause()
        classes = self.rooms.classes()
        self.rooms.tools().open(classes.settings_html())
        classes.settings_opened()

    def paused(self, opening: "Any") -> "Any":
        """A panel opens: the computer stops thinking first."""
        self.pause()
        return opening

    # -- what the rooms are given -------------------------------------------------------------

    def render(self) -> None:
        self.screen.render()

    def notice(self, key: str, name: "str | None" = None) -> None:
        self.notices.notice(key, name)

    def dialog_shown(self, dialog: "Element | None") -> None:
        """A dialog opened (or closed, None): the bars again, its one-line fields marked."""
        self.screen.bars()
        if dialog is not None:
            mark_fields(dialog)

    def saving(self, problem: "str | None") -> None:
        """Saving failed (``problem``, its notice key) or works again (None)."""
        self.screen.problem = problem
        if problem is not None and problem != CORRUPT_KEPT:
            self.notices.storage(problem, lambda: self.saves.text)
        elif problem is None:  # saving works again: the notice that it did not goes
            self.notices.drop("storage")
        self.screen.top()

    def worker_free(self) -> bool:
        """Whether the game leaves the worker to the review now: nothing asked or waiting, no
        computer move thinking or due (the review asks its next step only then)."""
        frame, now = self.ctl.frame, self.ctl.interaction
        due = False  # a computer seat is to move on the table
        if frame is not None and frame["outcome"] is None and now.dialog is None:
            seat = frame["to_move"]
            due = seat is not None and frame["seats"][seat] == "computer"
        return self.live and self.link.idle() and now.thinking is None and not due

    def keep_settings(self, settings: "Settings") -> None:
        """The device's settings from now on, saved (a failure is noticed unless saving the
        game already failed)."""
        self.settings = settings
        problem = self.store.write_settings(settings)
        if problem is not None and self.saves.problem is None:
            self.notice(problem, "storage")

    def pause(self) -> None:
        """The computer stops thinking (a panel opens, or the game changes)."""
        self.pace.stop()
        self.ctl.interaction.thinking = None

    def resume(self) -> None:
        """A dialog closed: a computer move that arrived meanwhile lands now; the game goes on."""
        held, self.pace.held = self.pace.held, None
        if held is None and not self.ctl.interaction.hint:
            self.ctl.clear()
        self.apply(held or {})

    def replace(self, reply: "Any", words: "str | None" = None) -> None:
        """A game the worker started or resumed (a class match, a kept match, a file) takes
        the table: nobody holds the device yet."""
        self.holder = None
        self.apply(reply, words, close=True)

    async def follow(self, save: str) -> None:
        """Another tab saved a newer game: this tab shows that one, never writes over it. A
        save it cannot read is set aside (as at start-up) and this tab's game goes on."""
        if save == self.saves.text or not self.live:
            return
        self.pause()
        self.dialogs.close(resume=False)
        s = self.settings
        reply = await self.ask(intents.start(save, s.seats, s.level, None, self.holder, False))
        if reply is None:
            return
        if "refused" in reply:  # the worker kept this tab's game: the other save is set aside
            aside = self.saves.set_aside(save)
            said = "tabs.other_unreadable" if aside == CORRUPT_SET_ASIDE else aside
            self.notice(said, "other-tab-unreadable")
            self.keep({"save": self.saves.text, "frame": self.ctl.frame})
            self.apply({})
            return
        self.saves.text = save
        reply.pop("save", None)  # it is stored already: the other tab wrote it
        self.apply(reply)
        self.notice("notice.other_tab", "other-tab")

    # -- acting on the game ------------------------------------------------------------------------

    async def act(self, intent: "Any", words: "str | None" = None, close: bool = False) -> "Any":
        """Ask the worker for a change and apply its reply; a move of the person travels from
        their hand. ``close``: the open dialog closes when the new frame is there."""
        self.pause()
        frame = self.ctl.frame
        if not self.live:  # made on the table of the last visit: asked once the worker has
            self.screen.say(self.ctl.cat.t("notice.getting_ready"))  # resumed that game,
            await self.until_live()  # unless it is not that position
            now = self.ctl.frame
            if not same_position(now, frame):
                self.screen.say("")
                return None
            frame = now
        before = frame["log"] if frame else None
        source = self.motion.source(frame["to_move"] if frame else None)
        reply = await self.ask(intent)
        if reply is None:
            return None
        played = intent["do"] == "play" and "frame" in reply and reply["frame"]["log"] != before
        self.apply(reply, words, close, source if played else None, answer=played)
        return reply

    async def take_device(self, seat: str) -> None:
        self.holder = seat
        await self.act(intents.take_device(seat), close=True)

    async def confirm(self) -> None:
        offer = q('#lesson [data-notice="lessons"]')  # the newcomer's offer: not needed now
        if offer is not None:
            offer.remove()
        move = self.ctl.confirm()
        if move is not None and self.ctl.frame is not None:
            await self.act(intents.play(move, self.ctl.frame["log"]))

    async def undo(self) -> None:
        frame = self.ctl.frame
        if frame is not None and frame["can"]["undo"]:
            reply = await self.act(intents.undo(), close=True)
            frame = self.ctl.frame
            if reply is not None and frame is not None and frame["to_move"] is not None:
                cat = self.ctl.cat
                self.screen.say(cat.t("undone.undo", seat=cat.seat(frame["to_move"])))

    async def redo(self) -> None:
        frame = self.ctl.frame
        if frame is not None and frame["can"]["redo"]:
            await self.act(intents.redo(), self.ctl.cat.t("undone.redo"), close=True)

    def open_restart(self) -> None:
        from ..panels import restart_html

        frame = self.ctl.frame
        if frame is not None and frame["can"]["restart"]:
            self.dialogs.open("restart", restart_html(frame["hand_number"], self.ctl.cat))

    async def restart(self) -> None:
        frame = self.ctl.frame
        if frame is not None and frame["can"]["restart"]:
            words = self.ctl.cat.t("undone.restart", n=frame["hand_number"])
            await self.act(intents.restart(), words, close=True)
        else:
            self.dialogs.close()

    def next_hand(self) -> None:
        # the dialog goes at once (within the tap); the finished hand stays on the table until
        # the next one is dealt
        self.dialogs.close(resume=False)
        asyncio.create_task(self.act(intents.next_hand()))

    async def hint(self) -> None:
        ctl = self.ctl
        if not ctl.my_turn() or ctl.frame is None:
            return
        self.screen.say(ctl.cat.t("hint.thinking"))
        at = ctl.frame["log"]
        reply = await self.ask(intents.hint(at))
        if reply is None or ctl.frame is None or ctl.frame["log"] != at or not ctl.my_turn():
            return  # the position changed, or a panel opened: the hint is stale
        if "hint" not in reply:  # refused (every hand hidden), the worker failed, or none
            refused = reply.get("refused")
            none = "hint.failed" if "error" in reply else "hint.none"
            self.screen.say(why(refused, ctl.cat) if refused else ctl.cat.t(none))
            return
        self.rooms.explained().hold(ctl.frame, reply.get("explanation"))
        ctl.show_hint(reply["hint"])
        self.render()

    async def start_fresh(self) -> None:
        self.dialogs.close(resume=False)
        self.saves.start_fresh(self.ctl.frame)
        self.apply({})

    async def new_match(self, deal: "str | None" = None) -> None:
        self.holder = None
        s = self.settings
        await self.act(intents.new_match(s.seats, s.level, deal, s.target), close=True)
        self.screen.say("")

    # -- the start ---------------------------------------------------------------------------------

    def show_cached(self, frame: "Frame") -> None:
        """The table cached on the last visit, shown before the worker answers (moves made on
        it wait for the worker: :meth:`act`)."""
        self.ctl.take(frame)
        self.render()

    def open_lessons(self, lesson: "str | None", newcomer: bool) -> None:
        """The lesson the address names, or the newcomer's offer (its room made only then)."""
        if self.live:
            self.rooms.lessons().opening(lesson, newcomer)

    async def start(
        self,
        save: "str | None",
        cached: "Frame | None",
        deal: "str | None",
        class_code: "str | None",
        notices: "list[tuple[str, str]]",
        save_problem: "str | None",
    ) -> None:
        """The game on the table: the last visit's table at once (one person plays on it
        before the worker answers, unless a class link may first ask about it), then the
        worker's first reply (the class match of the address, the saved game, or a new
        match), with what needs saying."""
        self.screen.mount()
        self.input.bind()
        for key, name in notices:
            self.notice(key, name)
        if cached is not None:
            try:
                self.show_cached(cached)
                js.performance.mark("longana:shown")
                js.longanaBoot.ready()
                if playable(cached) and not class_code:
                    self.screen.open_play()
            except Exception:  # noqa: BLE001 - a cache that does not draw is no cache
                self.store.forget("longana:frame")
                cached = None
                self.ctl.frame = None
        self.saves.text = save  # what this tab read: another tab's newer save is never lost
        reply = await self.first_reply(save, deal, class_code)
        if reply is None:
            return  # no worker could answer: the page says so
        self.live = True
        cat = self.ctl.cat
        words = ""
        if reply.get("resumed"):
            words = cat.t("undone.resumed")
        if reply.get("replaced"):
            words = cat.t("undone.deal_from_address", deal=deal)
        self.apply(reply, words)
        if "class" in reply:  # a class match from the address: the student's name first
            self.rooms.classes().started()
        elif class_code:  # over a match in progress: the player says first
            self.rooms.kept().open_question()
        if cached is None:
            js.performance.mark("longana:shown")
        self.screen.open_play()
        js.longanaBoot.ready()
        if save_problem in (CORRUPT_SET_ASIDE, CORRUPT_KEPT):  # a save too long to be one
            self.notice(str(save_problem), "save-corrupt")
        elif save_problem is not None:
            self.saves.problem = save_problem
            self.saving(save_problem)
            self.render()
        js.longanaBoot.offline()

    async def first_reply(
        self, save: "str | None", deal: "str | None", class_code: "str | None"
    ) -> "Any":
        """The class match given by the address (its own deals; a save of it resumes instead,
        and over a match in progress the player is asked first: ui/dom/kept_match.py), else
        the saved game, else a new match."""
        if class_code:
            reply = await self.rooms.kept().first_reply(class_code, save)
            if reply is None or "refused" not in reply:
                return reply
            code = reply["refused"]["code"].replace("class-", "", 1)
            self.notice("class.why." + code, "class-refused")
        s = self.settings
        return await self.ask(intents.start(save, s.seats, s.level, deal, target=s.target))


def download(el: "Element") -> None:
    """A link that only downloads: its own ``href`` and ``download`` do it."""


def print_page() -> None:
    """``print``: the teacher's table printed (ui/dom/class_results.py)."""
    from .class_results import print_page as printed

    printed()


def same_position(now: "Frame | None", then: "Frame | None") -> bool:
    """Whether the worker's first frame is the position a move was made on (the last visit's
    table)."""
    return (
        now is not None
        and then is not None
        and (now["log"], now["deal"]) == (then["log"], then["deal"])
    )
