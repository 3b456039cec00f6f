"""The screen: the controller's frame and interaction to the DOM (with :mod:`ui.render`), the
body's data attributes, the message line, what a screen reader is told at once, and the focus.
"""

import json

import js

from .. import render
from ..board import tile_size
from ..html import escape
from ..words import describe
from .browser import q

# panels the person opened: the computer waits meanwhile (and the prompt says so)
PANELS = ("rules", "record", "settings", "restart", "error", "history", "class-results")


class Screen:
    def __init__(self, page):
        self.page = page
        self.ctl = page.ctl
        self.turn_said = None  # the position whose "your turn" was announced
        self.renders = 0  # how many times the table was drawn (<body data-renders>)
        self.observer = None  # the ResizeObserver that refits the board (ui/dom/input.py)
        self.watched = None  # the board area it watches (a new element at every drawing)

    def mount(self):
        """The page's frame: bars, table, message line, command field (words only, when it is
        there already)."""
        t = self.ctl.cat.t
        js.document.title = t("app.title")
        js.document.documentElement.lang = self.ctl.cat.lang
        js.document.body.dataset.lang = self.ctl.cat.lang
        described = q('meta[name="description"]')
        if described is not None:
            described.setAttribute("content", t("app.description"))
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
            '<main class="table" id="table" aria-label="' + escape(t("app.table")) + '"></main>'
            '<footer class="bar"><p class="msg" id="msg" data-message role="status" '
            'aria-live="polite"></p><p class="prompt" id="prompt"></p>'
            '<div class="buttons" id="buttons" role="group" aria-label="'
            + escape(t("app.actions"))
            + '"></div><label class="command"><span class="sr-only" id="command-label">'
            + escape(t("keys.field"))
            + '</span><input type="text" data-command '
            'aria-keyshortcuts="/" autocomplete="off" autocapitalize="off" spellcheck="false" '
            'enterkeyhint="go" placeholder="' + escape(t("keys.field_example")) + '" '
            'aria-description="' + escape(t("keys.field_hint")) + '"></label>'
            '</footer><p class="sr-only" id="alert" role="alert"></p>'
            '<div class="drag-layer" id="drag-layer" aria-hidden="true"></div>'
        )
        app.hidden = False

    def speak(self, cat):
        """Show the page in another language: same game, same selection and preview."""
        self.ctl.cat = cat
        js.longanaBoot.setWords(json.dumps(cat.raw("boot")))
        frame = self.ctl.frame
        last = frame["last"] if frame else None  # the message line, in new words
        self.ctl.message = describe(last, cat) if last is not None else ""
        self.alert("")
        self.mount()
        self.render()

    def measure(self):
        """Fit the board to its area: the tile size at which the branches fold least."""
        area = q("#board-area")
        frame = self.ctl.frame
        if area is None or frame is None:
            return False
        w, h = float(area.clientWidth), float(area.clientHeight)
        # what the board is laid out for (a signal for automation: the table has settled),
        # an area with no room included (the seats' hands took it all: nothing to lay out)
        js.document.body.dataset.boardArea = str(int(w)) + "x" + str(int(h))
        if w <= 0 or h <= 0:
            return False
        now = self.ctl.interaction
        tile = tile_size(frame["board"], now, w, h)
        changed = (w, h) != now.area or tile != now.tile_px
        now.area, now.tile_px = (w, h), tile
        return changed

    def watch_board(self):
        """The board's own area is watched as well as the table: it can change while the
        table keeps its size (the seats' plates grow at a hand's end, a scroll bar comes)."""
        area = q("#board-area")
        if self.observer is None or area is None:
            return
        if self.watched is not None:
            self.observer.unobserve(self.watched)
        self.observer.observe(area)
        self.watched = area

    def relay(self):
        """Lay the board out again when its area changed (a resize; the bars or the seats took
        other room): only the board is drawn again. The bars, the seats and the hand stay the
        elements they are, so a tap on them is never lost to a redraw."""
        frame, now = self.ctl.frame, self.ctl.interaction
        if frame is None or not self.measure():
            return
        focus = self.focus_key()
        q("#board-area").innerHTML = render.frame_board_html(frame, self.ctl.cat, now)
        if focus:
            el = q("#board-area " + focus)
            if el is not None and now.dialog is None:
                el.focus()

    def render(self):
        frame = self.ctl.frame
        if frame is None:
            return
        cat, now = self.ctl.cat, self.ctl.interaction
        focus = self.focus_key()
        self.top()
        self.buttons()
        self.show_prompt()
        first = q("#board-area") is None  # its size is known only once the seats are there
        self.measure()
        q("#table").innerHTML = render.table_html(frame, cat, now, board=not first)
        self.watch_board()
        if self.measure() or first:  # the bars or the seats took other room than before
            q("#board-area").innerHTML = render.frame_board_html(frame, cat, now)
        body = js.document.body
        if frame["to_move"] is None:  # nobody is to move once a hand is over
            body.removeAttribute("data-to-move")
        else:
            body.dataset.toMove = frame["to_move"]
        body.dataset.busy = "true" if now.thinking is not None else "false"
        body.dataset.handNumber = str(frame["hand_number"])
        body.dataset.moves = str(frame["moves"])
        body.dataset.handOver = "true" if frame["outcome"] is not None else "false"
        if frame.get("class"):
            body.setAttribute("data-class", frame["class"])
        else:
            body.removeAttribute("data-class")
        q("#msg").textContent = self.ctl.message
        self.renders += 1
        body.dataset.renders = str(self.renders)
        if focus:
            el = q("#app " + focus)
            if el is not None and now.dialog is None:
                el.focus()

    def top(self):
        """The top bar: title, hand, deal, the save's state, the tools."""
        top = q("#top")
        if top is not None and self.ctl.frame is not None:
            top.innerHTML = render.top_html(self.ctl.frame, self.ctl.cat, self.page.saves.problem)

    def buttons(self):
        """The bar's buttons: hint, pass, cancel, confirm (as the interaction allows)."""
        if self.ctl.frame is not None:
            q("#buttons").innerHTML = render.action_buttons(
                self.ctl.frame, self.ctl.cat, self.ctl.interaction
            )

    def show_prompt(self):
        el = q("#prompt")
        frame = self.ctl.frame
        if el is not None and frame is not None:
            now = self.ctl.interaction
            words = render.prompt(frame, self.ctl.cat, now, now.dialog in PANELS)
            if not self.page.playable:
                words = self.ctl.cat.t("notice.getting_ready")
            el.textContent = words

    def say(self, text):
        """The message line: what happened, why not."""
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
        """A selector for what has the focus, to give it back after the table is redrawn."""
        el = js.document.activeElement
        if el is None or el == js.document.body or not hasattr(el, "getAttribute"):
            return None
        for name in ("data-tile", "data-target", "data-action", "data-preview"):
            value = el.getAttribute(name)
            if value:
                return "[" + name + '="' + str(value) + '"]'
        return None

    def focus_turn(self):
        """At the person's turn, focus lands on a playable tile (or Pass), and a screen reader
        hears that it is their turn."""
        frame, now, cat = self.ctl.frame, self.ctl.interaction, self.ctl.cat
        if now.dialog is not None or frame.get("turn") is None:
            return
        if self.turn_said != frame["log"]:
            self.turn_said = frame["log"]
            self.alert(
                cat.t("turn.your_turn_alert", seat=cat.seat(frame["to_move"]))
                + " "
                + render.prompt(frame, cat, now, False)
            )
        el = (
            q("#app [data-tile].selected")
            or q("#app .hand.up [data-tile]:not(.dim)")
            or q('#app [data-action="pass"]')
        )
        active = js.document.activeElement
        if el is not None and (active is None or active == js.document.body):
            el.focus()
