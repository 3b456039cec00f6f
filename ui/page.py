"""The page (MicroPython, main thread): frames to the DOM, dialogs, the computer's pace, saving.

It holds the last frame and what the person has selected (:mod:`ui.controller`), renders with
:mod:`ui.render` and :mod:`ui.panels`, stores the worker's save text (:mod:`ui.storage`) and
talks to the game worker through :mod:`ui.link`. Input events are bound in :mod:`ui.input`.
It never decides a rule: the frame says what may be played, the worker plays it.
"""

import asyncio
import json

import js

from . import panels, render
from .class_actions import ClassActions
from .controller import Controller
from .dialogs import Dialogs
from .dom import q, q_all, warn
from .html import a
from .i18n import SEATS
from .link import Link
from .panel_actions import PanelActions
from .storage import CORRUPT_KEPT

PAUSE = {"normal": 0.75, "fast": 0.0}  # seconds a computer "thinks" at least
ANSWER = {"normal": 0.75, "fast": 0.3}  # ... when it answers a person's move
TRAVEL = {"normal": 420, "fast": 0}  # ms a computer's tile travels
# panels the person opened: the computer waits meanwhile (and the prompt says so)
PANELS = ("rules", "record", "settings", "restart", "error", "history", "class-results")


class Page(Dialogs):
    def __init__(self, cat, store, settings, names):
        self.cat = cat
        self.store = store
        self.settings = settings
        self.names = names  # language code -> its name in itself
        self.ctl = Controller(cat)
        self.link = Link(self.restore, self.notice)
        self.panels = PanelActions(self)
        self.classes = ClassActions(self)
        self.save_text = None  # the worker's last save (fed to a new worker)
        self.save_problem = None  # the notice key while saving fails
        self.holder = None  # the person who last confirmed holding the device
        self.gen = 0  # bumped by every change: a stale loop stops
        self.held = None  # a computer move that arrived while a panel was open
        self.replay = None  # the hand being stepped through (worker's answer)
        self.urls = []  # blob: addresses to revoke
        self.live = False  # the worker has answered: moves can be made
        self.turn_said = None  # the position whose "your turn" was announced
        self.opener = None  # what had focus when the open dialog opened
        self.reduced_motion = bool(js.matchMedia("(prefers-reduced-motion: reduce)").matches)

    @property
    def frame(self):
        return self.ctl.frame

    @property
    def look(self):
        return self.ctl.look

    # -- the worker ---------------------------------------------------------------------------

    def restore(self):
        """The intent that resumes the game in a new worker."""
        s = self.settings
        return {
            "do": "start",
            "save": self.save_text,
            "seats": s.seats,
            "level": s.level,
            "deal": None,
            "holder": self.holder,
        }

    async def ask(self, intent):
        """Send an intent; take the reply's frame and save. None if no worker could answer."""
        reply = await self.link.ask(intent)
        if reply is None:
            self.fatal()
            return None
        if "error" in reply:
            warn("the worker refused " + intent.get("do", "?") + ": " + str(reply["error"]))
        if "save" in reply:
            self.persist(reply["save"], reply.get("frame"))
        return reply

    def fatal(self):
        self.open_dialog(
            "error",
            '<h2 id="dlg-title">'
            + a(self.cat.t("boot.failed_title"))
            + "</h2><p>"
            + a(self.cat.t("notice.worker_dead"))
            + "</p>"
            + '<div class="dlg-buttons"><button type="button" class="btn primary" '
            'data-action="reload" autofocus>' + a(self.cat.t("boot.retry")) + "</button></div>",
            cancellable=False,
        )

    # -- rendering ------------------------------------------------------------------------------

    def speak(self, cat):
        """Show the page in another language: same game, same selection and preview."""
        self.cat = self.ctl.cat = cat
        js.longanaBoot.setWords(json.dumps(cat.raw("boot")))
        last = self.frame["last"] if self.frame else None  # the message line, in new words
        self.ctl.message = render.describe(last, cat) if last is not None else ""
        self.alert("")
        self.mount()
        self.render()

    def mount(self):
        t = self.cat.t
        js.document.title = t("app.title")
        js.document.documentElement.lang = self.cat.lang
        js.document.body.dataset.lang = self.cat.lang
        if q("#table") is not None:  # already built: only its words change
            q("#table").setAttribute("aria-label", t("app.table"))
            q("#buttons").setAttribute("aria-label", t("app.actions"))
            q("#command-label").textContent = t("keys.field")
            q("[data-command]").setAttribute("placeholder", t("keys.field_example"))
            q("[data-command]").setAttribute("aria-description", t("keys.field_hint"))
            return
        app = q("#app")
        app.innerHTML = (
            '<header class="top" id="top"></header>'
            '<main class="table" id="table" aria-label="' + a(t("app.table")) + '"></main>'
            '<footer class="bar"><p class="msg" id="msg" data-message role="status" '
            'aria-live="polite"></p><p class="prompt" id="prompt"></p>'
            '<div class="buttons" id="buttons" role="group" aria-label="'
            + a(t("app.actions"))
            + '"></div><label class="command"><span class="sr-only" id="command-label">'
            + a(t("keys.field"))
            + '</span><input type="text" data-command '
            'aria-keyshortcuts="/" autocomplete="off" autocapitalize="off" spellcheck="false" '
            'enterkeyhint="go" placeholder="' + a(t("keys.field_example")) + '" '
            'aria-description="' + a(t("keys.field_hint")) + '"></label>'
            '</footer><p class="sr-only" id="alert" role="alert"></p>'
            '<div class="drag-layer" id="drag-layer" aria-hidden="true"></div>'
        )
        app.hidden = False

    def measure(self):
        """Fit the board to its area: the tile size at which the branches fold least."""
        from .layout import tile_size

        area = q("#board-area")
        if area is None or self.frame is None:
            return False
        w, h = float(area.clientWidth), float(area.clientHeight)
        if w <= 0 or h <= 0:
            return False
        lines = [[t[0] == t[-1] for t, _ in line] for line in self.frame["board"]["lines"]]
        tile = tile_size(lines, w, h)
        changed = (w, h) != self.look.area or tile != self.look.tile_px
        self.look.area, self.look.tile_px = (w, h), tile
        return changed

    def render(self):
        frame = self.frame
        if frame is None:
            return
        focus = self.focus_key()
        if frame["viewer"] is not None:  # the table turns: the holder sits at the bottom
            self.look.bottom = frame["viewer"]
        q("#top").innerHTML = render.top_html(frame, self.cat, self.save_problem)
        q("#buttons").innerHTML = render.action_buttons(frame, self.cat, self.look)
        self.show_prompt()
        self.measure()
        q("#table").innerHTML = render.table_html(frame, self.cat, self.look)
        if self.measure():  # the bars or the seats took other room than before
            q("#board-area").innerHTML = render.board_html(frame, self.cat, self.look)
        body = js.document.body
        if frame["to_move"] is None:  # nobody is to move once a hand is over
            body.removeAttribute("data-to-move")
        else:
            body.dataset.toMove = SEATS[frame["to_move"]]
        body.dataset.busy = "true" if self.look.thinking is not None else "false"
        body.dataset.handNumber = str(frame["hand_number"])
        body.dataset.moves = str(frame["moves"])
        body.dataset.handOver = "true" if frame["outcome"] is not None else "false"
        if frame.get("class"):
            body.setAttribute("data-class", frame["class"])
        else:
            body.removeAttribute("data-class")
        q("#msg").textContent = self.ctl.message
        if focus:
            el = q("#app " + focus)
            if el is not None and self.look.dialog is None:
                el.focus()

    def show_prompt(self):
        el = q("#prompt")
        if el is not None and self.frame is not None:
            paused = self.look.dialog in PANELS
            words = render.prompt(self.frame, self.cat, self.look, paused)
            if not self.live:
                words = self.cat.t("notice.getting_ready")
            el.textContent = words

    def say(self, text):
        self.ctl.message = text
        el = q("#msg")
        if el is not None:
            el.textContent = text

    def alert(self, text):
        """Said at once by a screen reader: the person's turn, a refusal."""
        el = q("#alert")
        if el is not None:
            el.textContent = ""
            el.textContent = text

    def focus_key(self):
        el = js.document.activeElement
        if el is None or el == js.document.body or not hasattr(el, "getAttribute"):
            return None
        for name in ("data-tile", "data-target", "data-action", "data-preview"):
            value = el.getAttribute(name)
            if value:
                return "[" + name + '="' + str(value) + '"]'
        return None

    def notice(self, key, name=None):
        """A short notice (a toast) with ``data-notice``; ``key`` is a catalog key."""
        layer = q("#toasts")
        if layer is None:
            layer = js.document.createElement("div")
            layer.id = "toasts"
            layer.className = "toasts"
            layer.setAttribute("role", "status")
            layer.setAttribute("aria-live", "polite")
            js.document.body.append(layer)
        notice_id = name or key.split(".")[-1].replace("_", "-")
        for old in q_all('#toasts [data-notice="' + notice_id + '"]'):
            old.remove()  # the same news once, its time starting again
        item = js.document.createElement("p")
        item.className = "toast"
        item.dataset.notice = notice_id
        item.textContent = self.cat.t(key)
        layer.append(item)

        async def later():
            while not self.live:  # read once the game is on screen, not while it loads
                await asyncio.sleep(0.5)
            await asyncio.sleep(8)
            item.remove()

        asyncio.create_task(later())

    def travel(self, last, source):
        """The tile moves from its seat's hand to where it now lies."""
        speed = TRAVEL[self.settings.speed]
        if self.reduced_motion or speed == 0 or source is None:
            return
        tile, branch = render.split(last["move"])
        if tile is None:
            return
        el = (
            q(".centre .tile")
            if branch is None
            else q('#app [data-branch="' + branch + '"] .tile.last')
        )
        if el is None:
            return
        to = el.getBoundingClientRect()
        dx = (source.left + source.width / 2) - (to.left + to.width / 2)
        dy = (source.top + source.height / 2) - (to.top + to.height / 2)
        frames = js.JSON.parse(
            json.dumps(
                [
                    {
                        "transform": "translate(" + str(dx) + "px, " + str(dy) + "px) scale(1.3)",
                        "opacity": 0.4,
                    },
                    {"transform": "translate(0, 0) scale(1)", "opacity": 1},
                ]
            )
        )
        el.animate(frames, js.JSON.parse(json.dumps({"duration": speed, "easing": "ease-out"})))

    # -- saving ---------------------------------------------------------------------------------

    def persist(self, save, frame):
        stored, _ = self.store.read_save()
        if (
            stored is not None
            and self.save_text is not None
            and stored not in (self.save_text, save)
        ):
            # another tab saved since this one last did: its game is newer, follow it
            asyncio.create_task(self.follow(stored))
            return
        self.save_text = save
        problem = self.store.write_save(save, frame)
        if problem == self.save_problem:
            return
        self.save_problem = problem
        if problem is not None and problem != CORRUPT_KEPT:
            self.notice(problem, "save-off")
        top = q("#top")
        if top is not None and self.frame is not None:
            top.innerHTML = render.top_html(self.frame, self.cat, self.save_problem)

    async def follow(self, save):
        """Another tab saved a newer game: show that one (never write over it)."""
        if save == self.save_text or not self.live:
            return
        self.gen += 1
        self.close_dialog(resume=False)
        reply = await self.link.ask(
            {"do": "start", "save": save, "deal": None, "holder": self.holder}
        )
        if reply is None or "corrupt" in reply:
            return
        self.save_text = save
        self.ctl.receive(reply)
        self.render()
        self.notice("notice.other_tab", "other-tab")
        self.schedule()

    # -- acting on the game ----------------------------------------------------------------------

    async def act(self, intent, words=None, close=False):
        """Ask the worker for a change; show the new frame; the computer goes on from there.
        ``close``: the open dialog closes when the new frame is there (not before: nothing
        half-changed is ever on screen)."""
        self.gen += 1
        self.look.thinking = None
        mover = self.frame["to_move"] if self.frame else None
        hand = q('[data-hand="' + SEATS[mover] + '"]') if mover is not None else None
        rect = hand.getBoundingClientRect() if hand is not None else None
        before = self.frame["log"] if self.frame else None
        reply = await self.ask(intent)
        if reply is None:
            return None
        if close:
            self.close_dialog(resume=False)
        self.ctl.receive(reply)
        if words is not None and "refused" not in reply:
            self.say(words)
        self.render()
        played = intent["do"] == "play" and self.frame["log"] != before
        if played and self.frame["last"] is not None:
            self.travel(self.frame["last"], rect)
        self.schedule(answer=played)
        return reply

    def schedule(self, answer=False):
        self.gen += 1
        asyncio.create_task(self.play_computers(self.gen, answer))

    async def play_computers(self, gen, answer=False):
        """The computer seats move one at a time, each shown before the next; the first
        answer to a person's move is never instant (the person sees their own move land)."""
        await asyncio.sleep(0)
        pause = ANSWER if answer else PAUSE
        while gen == self.gen and self.look.dialog is None and self.live:
            frame = self.frame
            if frame["outcome"] is not None:
                self.look.thinking = None
                self.render()
                self.show_end()
                return
            seat = frame["to_move"]
            if frame["seats"][seat] == "person":
                if self.look.thinking is not None:
                    self.look.thinking = None
                    self.render()
                if frame["handoff"] is not None:
                    self.show_handoff(frame["handoff"])
                elif self.ctl.preselect_forced_opening():
                    self.render()
                self.focus_turn()
                return
            self.look.thinking = seat
            self.render()
            await asyncio.sleep(pause[self.settings.speed])
            while js.document.hidden and gen == self.gen:  # the tab in view plays (other tabs
                await asyncio.sleep(0.5)  # follow its saves)
            pause = PAUSE
            if gen != self.gen or self.look.dialog is not None:
                return
            source = q('[data-hand="' + SEATS[seat] + '"]')
            rect = source.getBoundingClientRect() if source is not None else None
            reply = await self.ask({"do": "computer", "at": frame["log"]})
            if reply is None:
                return
            if self.look.dialog is not None:
                self.held = reply  # shown when the panel closes: no move lands meanwhile
                return
            self.look.thinking = None
            self.ctl.receive(reply)
            self.render()
            if self.frame["last"] is not None:
                self.travel(self.frame["last"], rect)
            travel = TRAVEL[self.settings.speed]
            await asyncio.sleep(travel / 1000 + (0.15 if travel else 0.01))

    def focus_turn(self):
        """At the person's turn, focus lands on a playable tile (or Pass), and a screen reader
        hears that it is their turn."""
        if self.look.dialog is not None or self.frame.get("turn") is None:
            return
        if self.turn_said != self.frame["log"]:
            self.turn_said = self.frame["log"]
            self.alert(
                self.cat.t("turn.your_turn_alert", seat=self.cat.seat(self.frame["to_move"]))
                + " "
                + render.prompt(self.frame, self.cat, self.look, False)
            )
        el = (
            q("#app [data-tile].selected")
            or q("#app .hand.up [data-tile]:not(.dim)")
            or q('#app [data-action="pass"]')
        )
        active = js.document.activeElement
        if el is not None and (active is None or active == js.document.body):
            el.focus()

    # -- actions (buttons, keys) -----------------------------------------------------------------

    async def take_device(self, seat):
        self.holder = SEATS.index(seat)
        await self.act({"do": "take-device", "seat": seat}, close=True)

    async def confirm(self):
        intent = self.ctl.confirm()
        if intent is not None:
            await self.act(intent)

    async def undo(self):
        if self.frame["can"]["undo"]:
            reply = await self.act({"do": "undo"}, close=True)
            if reply is not None and self.frame["to_move"] is not None:
                self.say(self.cat.t("undone.undo", seat=self.cat.seat(self.frame["to_move"])))

    async def redo(self):
        if self.frame["can"]["redo"]:
            await self.act({"do": "redo"}, self.cat.t("undone.redo"), close=True)

    def ask_restart(self):
        if self.frame["can"]["restart"]:
            self.open_dialog("restart", panels.restart_html(self.frame["hand_number"], self.cat))

    async def restart(self):
        if self.frame["can"]["restart"]:
            await self.act(
                {"do": "restart"},
                self.cat.t("undone.restart", n=self.frame["hand_number"]),
                close=True,
            )
        else:
            self.close_dialog()

    def next_hand(self):
        # the dialog goes at once (within the tap); the finished hand stays on the table until
        # the next one is dealt
        self.close_dialog(resume=False)
        asyncio.create_task(self.act({"do": "next-hand"}))

    async def hint(self):
        if not self.ctl.my_turn():
            return
        self.say(self.cat.t("hint.thinking"))
        at = self.frame["log"]
        reply = await self.link.ask({"do": "hint", "at": at})
        if reply is None or self.frame["log"] != at or not self.ctl.my_turn():
            return  # the position changed, or a panel opened: the hint is stale
        if "hint" not in reply:
            self.say(self.cat.t("hint.none"))
            return
        self.ctl.show_hint(reply["hint"])
        self.render()

    async def start_fresh(self):
        self.store.start_fresh()
        self.close_dialog(resume=False)
        if self.save_text is not None:
            self.persist(self.save_text, self.frame)
        self.render()
        self.schedule()

    async def new_match(self, deal=None):
        self.holder = None
        s = self.settings
        await self.act(
            {"do": "new-match", "seats": s.seats, "level": s.level, "deal": deal}, close=True
        )
        self.say("")
