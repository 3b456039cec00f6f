"""The page (MicroPython, main thread): its rooms, the one path of a worker's reply, and the
person's acts on the game.

Every intent goes to the game worker through :meth:`Page.ask` (when no worker can answer, the
page says so, once, with a reload). Every reply that changes the game is applied by
:meth:`Page.apply`, whose table (``on_reply``) says what each part of a reply does — the one
place to learn it; then the table is drawn and the computer goes on. Answers to questions
(``hint``, ``record``, ``replay``, class codes and results) are read by whoever asked.

The rooms, one job each: :class:`~ui.dom.screen.Screen` (frames to the DOM, the message line,
the focus), :class:`~ui.dom.dialogs.Dialogs`, :class:`~ui.dom.notices.Notices`,
:class:`~ui.dom.motion.Motion` (a tile travels), :class:`~ui.dom.saves.Saves` (saving, other
tabs), :class:`~ui.dom.pace.Pace` (the computer's moves, one at a time), and the panels'
actions (:mod:`ui.dom.panel_actions`, :mod:`ui.dom.class_actions`, :mod:`ui.dom.history`).
The interaction state is the controller's (:mod:`ui.controller`). The page never decides a
rule: the frame says what may be played, the worker plays it.
"""

import asyncio

import js

from .. import panels
from ..controller import Controller
from .browser import warn
from .class_actions import ClassActions
from .dialogs import Dialogs
from .explain import Explained
from .history import History
from .link import LOST, UNREACHABLE, Link
from .motion import Motion
from .notices import Notices
from .pace import Pace
from .panel_actions import PanelActions
from .saves import Saves
from .screen import Screen


class Page:
    def __init__(self, cat, store, settings, names):
        self.ctl = Controller(cat)
        self.store = store
        self.settings = settings
        self.names = names  # language code -> its name in itself
        self.live = False  # the worker has answered
        self.playable = False  # moves can be made (on a later visit before the worker answers)
        self.holder = None  # the seat of the person who last confirmed holding the device
        self.broken = None  # (notice key, text) of a save the worker could not use
        self.link = Link(self.restore, self.notice, self.wait_retry)
        self.screen = Screen(self)
        self.notices = Notices(self)
        self.motion = Motion(self)
        self.saves = Saves(self, store)
        self.dialogs = Dialogs(self)
        self.pace = Pace(self)
        self.panels = PanelActions(self, self.ctl)
        self.classes = ClassActions(self, self.ctl, self.panels)
        self.history = History(self, self.ctl)
        self.explained = Explained(self)  # the last hint's explanation (ui/dom/explain.py)
        # What each part of a reply does, in this order (a socket's handler table). The parts
        # that answer a question (hint, record, replay, ...) are read by whoever asked.
        self.on_reply = (
            # the save sent could not be used: set aside before the new game is saved over it
            ("corrupt", self.set_aside),
            # stored after every change, with the frame as a cache (another tab's newer game
            # is followed instead)
            ("save", self.keep),
            # the controller takes the frame: a new position clears the selection and says
            # what happened; a refusal says why
            ("frame", self.take),
        )

    # -- the worker ---------------------------------------------------------------------------

    def restore(self):
        """The intent that resumes the game in a new worker."""
        s = self.settings
        return {
            "do": "start",
            "save": self.saves.text,
            "seats": s.seats,
            "level": s.level,
            "deal": None,
            "holder": self.holder,
        }

    def open_play(self):
        """Moves can be made from now on (``data-ready``, once ``longana:interactive``). Over
        the table of the last visit this comes before the worker has answered: a move made
        then waits for it (:meth:`act`)."""
        if not self.playable:
            self.playable = True
            js.document.body.dataset.ready = "true"
            if not js.performance.getEntriesByName("longana:interactive").length:
                js.performance.mark("longana:interactive")
            self.screen.show_prompt()

    def close_play(self):
        """Nothing can be played until a worker answers (its files cannot be fetched)."""
        self.playable = False
        js.document.body.dataset.ready = "false"
        self.screen.show_prompt()

    async def until_live(self):
        while not self.live:
            await asyncio.sleep(0.02)

    async def wait_retry(self):
        """The table cached on the last visit is on screen but no worker can start: said,
        until Try again is pressed."""
        self.close_play()
        pressed = asyncio.Event()
        self.notices.lasting("notice.worker_unreachable", "worker-unreachable", pressed.set)
        await pressed.wait()

    def reconnect(self):
        """Try again after the worker's files could not be fetched: a new worker fed the save
        (the next move would try as well)."""

        async def again():
            reply = await self.ask(self.restore())
            if reply is not None:
                self.apply(reply)

        asyncio.create_task(again())

    async def ask(self, intent):
        """The one call to the worker: its reply, or None when no worker could answer (the page
        then says so, with a reload)."""
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
            warn("the worker refused " + intent.get("do", "?") + ": " + str(reply["error"]))
        return reply

    def apply(self, reply, words=None, close=False, source=None, answer=False):
        """What a reply that may change the game does: ``close`` the open dialog (only now, so
        that nothing half-changed is ever on screen), each part by ``on_reply``, ``words`` on
        the message line (unless refused), the table drawn, the tile of a move travels from
        ``source``; then the computer goes on (``answer``: after the person's own move) — or,
        when the save sent could not be used, the person reads why first."""
        if close:
            self.dialogs.close(resume=False)
        for part, handle in self.on_reply:
            if part in reply:
                handle(reply)
        if words is not None and "refused" not in reply:
            self.say(words)
        self.render()
        frame = self.ctl.frame
        self.motion.travel(frame["last"] if frame else None, source)
        if "corrupt" in reply and self.broken is not None:
            code, text = self.broken
            self.dialogs.show_corrupt(code, reply["corrupt"]["detail"], text)
            return
        computer = source is not None and not answer
        self.pace.schedule(answer, self.motion.settle() if computer else 0.0)

    def set_aside(self, reply):
        text = self.saves.text
        self.broken = (self.store.set_aside(text), text)

    def keep(self, reply):
        self.saves.keep(reply["save"], reply.get("frame"))

    def take(self, reply):
        self.pace.waiting = None  # a computer move held back while a dialog was open is older
        self.ctl.receive(reply)

    def show_cached(self, frame):
        """The table cached on the last visit, shown before the worker answers (moves made on
        it wait for the worker: :meth:`act`)."""
        self.ctl.take(frame)
        self.render()

    # -- what the rooms offer each other ----------------------------------------------------------

    def render(self):
        self.screen.render()

    def say(self, text):
        self.screen.say(text)

    def alert(self, text):
        self.screen.alert(text)

    def notice(self, key, name=None):
        self.notices.notice(key, name)

    def open_dialog(self, name, html, cancellable=True, labelled_by="dlg-title", cls=""):
        return self.dialogs.open(name, html, cancellable, labelled_by, cls)

    def close_dialog(self, resume=True):
        self.dialogs.close(resume)

    def url(self, text, mime):
        return self.dialogs.url(text, mime)

    def relay(self):
        """The board laid out again if its area changed (only the board is drawn again)."""
        self.screen.relay()

    async def follow(self, save):
        await self.saves.follow(save)

    def speak(self, cat):
        self.screen.speak(cat)

    def keep_settings(self, settings):
        """The device's settings from now on, saved (a failure is noticed unless saving the
        game already failed)."""
        self.settings = settings
        problem = self.store.write_settings(settings)
        if problem is not None and self.saves.problem is None:
            self.notice(problem, "storage")

    def pause(self):
        """The computer stops thinking (a panel opens, or the game changes)."""
        self.pace.stop()
        self.ctl.interaction.thinking = None

    def resume(self):
        """A dialog closed: a computer move that arrived meanwhile lands now; the game goes on."""
        waiting, self.pace.waiting = self.pace.waiting, None
        if waiting is not None:
            self.apply(waiting)
            return
        if not self.ctl.interaction.hint:
            self.ctl.clear()
        self.render()
        self.pace.schedule()

    # -- acting on the game ------------------------------------------------------------------------

    async def act(self, intent, words=None, close=False):
        """Ask the worker for a change and apply its reply; a move of the person travels from
        their hand. ``close``: the open dialog closes when the new frame is there."""
        self.pause()
        frame = self.ctl.frame
        if not self.live:  # made on the table of the last visit: asked once the worker has
            self.say(self.ctl.cat.t("notice.getting_ready"))  # resumed that game, unless it
            await self.until_live()  # is not that position
            now = self.ctl.frame
            if (
                now is None
                or frame is None
                or (now["log"], now["deal"]) != (frame["log"], frame["deal"])
            ):
                self.say("")
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

    async def take_device(self, seat):
        self.holder = seat
        await self.act({"do": "take-device", "seat": seat}, close=True)

    async def confirm(self):
        intent = self.ctl.confirm()
        if intent is not None:
            await self.act(intent)

    async def undo(self):
        if self.ctl.frame["can"]["undo"]:
            reply = await self.act({"do": "undo"}, close=True)
            frame = self.ctl.frame
            if reply is not None and frame["to_move"] is not None:
                self.say(self.ctl.cat.t("undone.undo", seat=self.ctl.cat.seat(frame["to_move"])))

    async def redo(self):
        if self.ctl.frame["can"]["redo"]:
            await self.act({"do": "redo"}, self.ctl.cat.t("undone.redo"), close=True)

    def ask_restart(self):
        frame = self.ctl.frame
        if frame["can"]["restart"]:
            self.open_dialog("restart", panels.restart_html(frame["hand_number"], self.ctl.cat))

    async def restart(self):
        frame = self.ctl.frame
        if frame["can"]["restart"]:
            words = self.ctl.cat.t("undone.restart", n=frame["hand_number"])
            await self.act({"do": "restart"}, words, close=True)
        else:
            self.close_dialog()

    def next_hand(self):
        # the dialog goes at once (within the tap); the finished hand stays on the table until
        # the next one is dealt
        self.close_dialog(resume=False)
        asyncio.create_task(self.act({"do": "next-hand"}))

    async def hint(self):
        ctl = self.ctl
        if not ctl.my_turn():
            return
        self.say(ctl.cat.t("hint.thinking"))
        at = ctl.frame["log"]
        reply = await self.ask({"do": "hint", "at": at})
        if reply is None or ctl.frame["log"] != at or not ctl.my_turn():
            return  # the position changed, or a panel opened: the hint is stale
        if "hint" not in reply:
            self.say(ctl.cat.t("hint.none"))
            return
        self.explained.keep(reply)
        ctl.show_hint(reply["hint"])
        self.render()

    async def start_fresh(self):
        self.close_dialog(resume=False)
        self.saves.start_fresh()
        self.render()
        self.pace.schedule()

    async def new_match(self, deal=None):
        self.holder = None
        s = self.settings
        intent = {"do": "new-match", "seats": s.seats, "level": s.level, "deal": deal}
        await self.act(intent, close=True)
        self.say("")

    def join(self, reply, words):
        """A class match the worker started (``reply`` to ``class-start``): nobody holds the
        device yet."""
        self.holder = None
        self.apply(reply, words, close=True)
