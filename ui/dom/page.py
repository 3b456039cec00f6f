"""The page's one game manager (MicroPython, main thread): what a reply does, what comes next,
and the person's acts on the game.

Every intent (built by :mod:`ui.intents`) goes to the game through the door the start opened
(:mod:`ui.door`; the local worker, :class:`~ui.dom.link.Link`, first) by :meth:`Page.ask`.
Every reply that changes the game, asked for or pushed by the door, is applied by
:meth:`Page.apply`: each part by ``on_reply`` (a socket's handler table), the table drawn,
then the next step, decided there by :func:`ui.steps.next_step` (its one caller) and carried
out by :meth:`Page.go_on` once the move has landed: the hand's end, the handoff, the person's
turn, the computer's move (:mod:`ui.dom.pace`). Every ``data-action`` has its handler in one
table, :meth:`Page.actions` (the panels' part: :meth:`~ui.dom.rooms.Rooms.actions`). Answers
to questions (``record``, ``replay``, class codes and results) are read by whoever asked.

The rooms, one job each, never hold the page: each gets one record of what it may ask of it
(:class:`~ui.dom.host.Host`) and what is its own: the screen, dialogs, notices, motion, saves
(ui/dom/saves.py: this device's save and settings), the game's clock (pace), the input, and the
panels' rooms, made when first opened (:mod:`ui.dom.rooms`). A lesson is played on this table,
the game under it kept as it was (ui/dom/lessons.py). The page never decides a rule: the frame
says what may be played, the game plays it.
"""

import asyncio

import js

from .. import intents
from ..controller import Controller
from ..door import DoorHooks, doing, refusal
from ..steps import COMPUTER, HAND_END, HANDOFF, LESSON, MATCH_END, TURN, WAIT, next_step
from ..storage import CORRUPT_SET_ASIDE
from ..words import outcome_words, why
from .browser import q, warn
from .dialogs import Dialogs
from .host import Host
from .input import Input
from .keys import mark_fields
from .motion import Motion
from .notices import Notices
from .pace import Pace
from .rooms import Rooms
from .saves import Saves
from .screen import Screen
from .taps import Taps

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Callable

    from js import Element, Rect

    from longana.device.frame import Frame
    from longana.intents import Intent, Start
    from longana.replies import Reply

    from ..door import Door, Made
    from ..i18n import Catalog
    from ..settings import Settings
    from ..steps import Step
    from ..storage import Store
    from .input import Handler


class Page:
    def __init__(
        self,
        cat: "Catalog",
        store: "Store",
        settings: "Settings",
        names: "dict[str, str]",
        door: "Callable[[DoorHooks], Door]",
    ) -> None:
        """The page over the game behind ``door`` (opened here with the page's hooks: the
        local worker's :class:`~ui.dom.link.Link`, or another door to a game)."""
        ctl = self.ctl = Controller(cat)
        self.store = store
        self.settings = settings
        self.started = asyncio.Event()  # the door has answered: the game is live
        self.holder: str | None = None  # who last confirmed holding the device (the game's)
        self.broken: tuple[str, str | None] | None = None  # (notice key, text) of a bad save
        self.door_notice: str | None = None  # the door's lasting notice while it is up
        self.screen = Screen(ctl)
        self.notices = Notices(lambda: self.ctl.cat, self.started)
        self.motion = Motion(lambda: self.settings.speed)
        self.saves = Saves(store, self.screen, self.notices, self.follow)
        self.dialogs = Dialogs(ctl, self.dialog_shown, self.resume)
        self.door = door(
            DoorHooks(self.restore, self.pushed, self.notice, self.lasting, self.dialogs.show_fatal)
        )
        self.host = host = self.hosting()
        self.pace = Pace(
            host,
            lambda reply, source: self.apply(reply, source=source),
            self.keep,
            self.motion.source,
            lambda: self.settings.speed,
        )
        self.taps = Taps(ctl, self.render, self.screen.alert, self.confirm)
        self.rooms = rooms = Rooms(host, names, self.pace)  # made when first opened
        self.input = Input(
            ctl, self.taps, self.actions(), rooms.fields(), rooms.keys(), self.screen
        )
        # What each part of a reply does, in this order (a socket's handler table). The parts
        # that answer a question (record, replay, ...) are read by whoever asked.
        self.on_reply = (
            ("corrupt", self.set_aside),  # set aside before the new game is saved over it
            ("save", self.keep),  # stored, the frame as a cache (or another tab's followed)
            ("frame", self.receive),  # what happened said, or why not; the selection cleared
            ("lesson", lambda reply: rooms.lessons().take(reply)),  # its state, said out
        )

    def hosting(self) -> "Host":
        """What the rooms may ask of the page (ui/dom/host.py), made once."""
        host = Host(self.ctl, self.dialogs, self.store)
        host.ask, host.act, host.apply, host.replace = self.ask, self.act, self.apply, self.replace
        host.restore, host.current = lambda: self.ask(self.restore()), lambda: self.saves.text
        host.settings, host.keep_settings = lambda: self.settings, self.keep_settings
        host.notice, host.alert, host.redraw = self.notice, self.screen.alert, self.render
        host.speak, host.pause = self.screen.speak, self.pause
        # the game leaves the door to the review now (it asks its next step only then)
        host.free = lambda: self.live and self.door.idle() and self.pace.quiet()
        host.hint, host.new_match = self.hint, self.new_match
        return host

    @property
    def live(self) -> bool:
        """Whether the door has answered (the game is on the table)."""
        return self.started.is_set()

    # -- the door -------------------------------------------------------------------------------

    async def ask(self, intent: "Intent | Made") -> "Reply | None":
        """The one call to the game: its reply, or None when none came (the door has said why:
        a notice, or the fatal dialog with a reload)."""
        if self.ctl.interaction.lesson is not None:  # a lesson on the table: its moves
            from ..lessons import lesson_intent

            intent = lesson_intent(intent)
        reply = await self.door.ask(intent)
        if reply is not None:
            self.heard()
            if "error" in reply:
                warn("the game refused " + doing(intent) + ": " + str(reply["error"]))
        return reply

    def heard(self) -> None:
        """The door answered: its lasting notice (it could not reach its game) goes."""
        if self.door_notice is not None:
            self.notices.drop(self.door_notice)
            self.door_notice = None

    def pushed(self, reply: "Reply", words: "str | None") -> None:
        """A reply nobody asked for (the door's): applied as any."""
        self.heard()
        self.apply(reply, words)

    def lasting(self, key: str, name: str, retry: "Callable[[], None]") -> None:
        """The door cannot reach its game: said until its Try again (``retry``); before the
        game is live, nothing may be played on the table cached meanwhile."""
        if not self.live:
            self.screen.close_play()
        self.door_notice = name
        self.notices.lasting(key, name, retry)

    def restore(self) -> "Start":
        """The intent that gives a (new) game this tab's game, as it is held."""
        s = self.settings
        return intents.start(self.saves.text, s.seats, s.level, None, self.holder, target=s.target)

    # -- a reply, and what comes next ---------------------------------------------------------

    def apply(
        self,
        reply: "Reply",
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
        table (the game's while a lesson is on, and back) goes to the lessons' room, a game's
        save stored first."""
        lesson = self.ctl.interaction.lesson
        if ("frame" in reply and ("lesson" in reply) != (lesson is not None)) or (
            lesson is not None and "error" in reply
        ):
            self.keep(reply)
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
        corrupt = reply.get("corrupt")
        if corrupt is not None and self.broken is not None:
            code, text = self.broken
            self.dialogs.show_corrupt(code, corrupt["detail"], text)
            return
        step = next_step(frame, self.ctl.interaction)  # what comes next: decided here only
        settle = self.motion.settle() if source is not None and not answer else 0.0
        self.pace.later(settle, lambda gen: self.go_on(step, gen, answer))

    def set_aside(self, reply: "Reply") -> None:
        text = self.saves.text
        self.broken = (self.saves.set_aside(text), text)

    def keep(self, reply: "Reply") -> None:
        save = reply.get("save")
        if save is None:
            return
        other = self.saves.keep(save, reply.get("frame"))
        if other is not None:  # another tab saved a newer game since: that one is shown
            asyncio.create_task(self.follow(other))

    def receive(self, reply: "Reply") -> None:
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
        else:
            html = panels.hand_end_html(frame, cat, step.auto)
        dialog = self.dialogs.open(step.kind, html, cancellable=False)
        self.rooms.ended(dialog, frame, step)
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
        """What each ``data-action`` does when pressed (or its key is): the one table, the
        game's part here and the panels' with their rooms. Each handler gets the element
        pressed; tests/ui/dom/test_actions.py holds the table against every action the page
        and its scripts render."""
        taps = self.taps
        table: dict[str, Handler] = {
            # the table and the bars
            "confirm": lambda el: self.confirm(),
            "cancel": lambda el: taps.cancel(),
            "pass": lambda el: taps.pass_turn(),
            "hint": lambda el: self.hint(),
            "undo": lambda el: self.undo(),
            "redo": lambda el: self.redo(),
            "restart": lambda el: self.open_restart(),
            "restart-confirm": lambda el: self.restart(),
            "take-device": lambda el: self.take_device(str(el.dataset.seat)),
            "next-hand": lambda el: self.next_hand(),
            "start-fresh": lambda el: self.start_fresh(),
            # notices, and the loading script's (ui/boot.js)
            "retry": self.notices.retry,
            "dismiss": self.notices.dismiss,
            "save-file": self.notices.save_file,
            "reload": lambda el: js.longanaBoot.reload(),
            "install": lambda el: js.longanaBoot.install(),
        }
        table.update(self.rooms.actions())
        return table

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

    def keep_settings(self, settings: "Settings") -> None:
        """The device's settings from now on, saved."""
        self.settings = settings
        self.saves.keep_settings(settings)

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

    def replace(self, reply: "Reply", words: "str | None" = None) -> None:
        """A game the door started or resumed (a class match, a kept match, a file) takes
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
        if "refused" in reply:  # the game kept this tab's game: the other save is set aside
            aside = self.saves.set_aside(save)
            said = "tabs.other_unreadable" if aside == CORRUPT_SET_ASIDE else aside
            self.notice(said, "other-tab-unreadable")
            again: Reply = {} if self.ctl.frame is None else {"frame": self.ctl.frame}
            if self.saves.text is not None:  # saved again, over the other
                again["save"] = self.saves.text
            self.keep(again)
            self.apply({})
            return
        self.saves.text = save
        reply.pop("save", None)  # it is stored already: the other tab wrote it
        self.apply(reply)
        self.notice("notice.other_tab", "other-tab")

    # -- acting on the game ------------------------------------------------------------------------

    async def act(
        self, intent: "Intent", words: "str | None" = None, close: bool = False
    ) -> "Reply | None":
        """Ask the game for a change and apply its reply; a move of the person travels from
        their hand. ``close``: the open dialog closes when the new frame is there."""
        self.pause()
        frame = self.ctl.frame
        if not self.live:  # made on the table of the last visit: asked once the worker has
            self.screen.say(self.ctl.cat.t("notice.getting_ready"))  # resumed that game,
            await self.started.wait()  # unless it is not that position
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
        shown = reply.get("frame")
        played = intent["do"] == "play" and shown is not None and shown["log"] != before
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
        hint = reply.get("hint")
        if hint is None:  # refused (every hand hidden), the worker failed, or none
            refused = refusal(reply)
            none = "hint.failed" if "error" in reply else "hint.none"
            self.screen.say(why(refused, ctl.cat) if refused else ctl.cat.t(none))
            return
        self.rooms.explained().hold(ctl.frame, reply.get("explanation"))
        ctl.show_hint(hint)
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

    def open_lessons(self, lesson: "str | None", newcomer: bool) -> None:
        """The lesson the address names, or the newcomer's offer (its room made only then)."""
        if self.live:
            self.rooms.lessons().opening(lesson, newcomer)


def same_position(now: "Frame | None", then: "Frame | None") -> bool:
    """Whether the worker's first frame is the position a move was made on (the last visit's
    table)."""
    return (
        now is not None
        and then is not None
        and (now["log"], now["deal"]) == (then["log"], then["deal"])
    )
