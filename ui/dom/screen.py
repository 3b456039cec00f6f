"""The screen: the controller's frame and interaction to the DOM (with :mod:`ui.render`; a
lesson's bars with :mod:`ui.lesson_panels`), the body's data attributes (``data-ready`` among them),
the message line, what a screen reader is told at once, and the focus. It draws what it is
given and decides nothing.
"""

import json

import js

from .. import render
from ..board import tile_size
from ..html import fragment, h
from ..words import describe
from .browser import focus_key, q

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from js import Element, Observer

    from ..controller import Controller
    from ..i18n import Catalog

# panels the person opened: the computer waits meanwhile (and the prompt says so)
PANELS = (
    "rules",
    "record",
    "settings",
    "restart",
    "error",
    "history",
    "class-results",
    "lessons",
)


class Screen:
    def __init__(self, ctl: "Controller") -> None:
        self.ctl = ctl
        self.playable = False  # moves can be made (data-ready; before the worker answers too)
        self.problem: str | None = None  # the notice key while the game cannot be saved
        self.turn_said: int | None = None  # the position whose "your turn" was announced
        self.renders = 0  # how many times the table was drawn (<body data-renders>)
        self.observer: Observer | None = None  # refits the board (ui/dom/input.py)
        self.watched: Element | None = None  # the board area it watches (new at every drawing)
        self.lesson_drawn = ""  # the lesson's bar as last drawn (drawn again only when it changed)

    def mount(self) -> None:
        """The page's frame: bars, table, message line, command field (words only, when it is
        there already)."""
        t = self.ctl.cat.t
        js.document.title = t("app.title")
        js.document.documentElement.lang = self.ctl.cat.lang
        js.document.body.dataset.lang = self.ctl.cat.lang
        described = q('meta[name="description"]')
        if described is not None:
            described.setAttribute("content", t("app.description"))
        table, app = q("#table"), q("#app")
        if table is not None:  # already built: only its words change
            words(table, "aria-label", t("app.table"))
            words(q("#buttons"), "aria-label", t("app.actions"))
            words(q("#command-label"), "", t("keys.field"))
            words(q("[data-command]"), "placeholder", t("keys.field_example"))
            words(q("[data-command]"), "aria-description", t("keys.field_hint"))
            return
        if app is None:
            return
        command = {
            "type": "text",
            "data-command": True,
            "aria-keyshortcuts": "/",
            "autocomplete": "off",
            "autocapitalize": "off",
            "spellcheck": "false",
            "enterkeyhint": "go",
            "placeholder": t("keys.field_example"),
            "aria-description": t("keys.field_hint"),
        }
        message = {"class": "msg", "id": "msg", "data-message": True, "role": "status"}
        message["aria-live"] = "polite"
        bar = h(
            "footer",
            {"class": "bar"},
            h("p", message),
            h("p", {"class": "prompt", "id": "prompt"}),
            h(
                "div",
                {
                    "class": "buttons",
                    "id": "buttons",
                    "role": "group",
                    "aria-label": t("app.actions"),
                },
            ),
            h(
                "label",
                {"class": "command"},
                h("span", {"class": "sr-only", "id": "command-label"}, t("keys.field")),
                h("input", command),
            ),
        )
        app.innerHTML = fragment(
            h("header", {"class": "top", "id": "top"}),
            h("div", {"class": "lesson-slot", "id": "lesson", "hidden": True}),
            h("main", {"class": "table", "id": "table", "aria-label": t("app.table")}),
            bar,
            h("p", {"class": "sr-only", "id": "alert", "role": "alert"}),
            h("div", {"class": "drag-layer", "id": "drag-layer", "aria-hidden": "true"}),
        )
        app.hidden = False

    def speak(self, cat: "Catalog") -> None:
        """Show the page in another language: same game, same selection and preview."""
        self.ctl.cat = cat
        js.longanaBoot.setWords(json.dumps(cat.raw("boot")))
        frame = self.ctl.frame
        last = frame["last"] if frame else None  # the message line, in new words
        self.ctl.message = describe(last, cat) if last is not None else ""
        self.alert("")
        self.mount()
        self.render()

    def measure(self) -> bool:
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

    def watch_board(self) -> None:
        """The board's own area is watched as well as the table: it can change while the
        table keeps its size (the seats' plates grow at a hand's end, a scroll bar comes)."""
        area = q("#board-area")
        if self.observer is None or area is None:
            return
        if self.watched is not None:
            self.observer.unobserve(self.watched)
        self.observer.observe(area)
        self.watched = area

    def relay(self) -> None:
        """Lay the board out again when its area changed (a resize; the bars or the seats took
        other room): only the board is drawn again. The bars, the seats and the hand stay the
        elements they are, so a tap on them is never lost to a redraw."""
        frame, now = self.ctl.frame, self.ctl.interaction
        if frame is None or not self.measure():
            return
        focus = focus_key()
        area = q("#board-area")
        if area is not None:
            area.innerHTML = render.frame_board_html(frame, self.ctl.cat, now)
        if focus:
            el = q("#board-area " + focus)
            if el is not None and now.dialog is None:
                el.focus()

    def render(self) -> None:
        frame = self.ctl.frame
        table = q("#table")
        if frame is None or table is None:
            return
        cat, now = self.ctl.cat, self.ctl.interaction
        focus = focus_key()
        self.top()
        self.lesson_bar()
        self.bars()
        first = q("#board-area") is None  # its size is known only once the seats are there
        self.measure()
        table.innerHTML = render.table_html(frame, cat, now, board=not first)
        self.watch_board()
        area = q("#board-area")
        if area is not None and (self.measure() or first):  # the bars or the seats took
            area.innerHTML = render.frame_board_html(frame, cat, now)  # other room than before
        body = js.document.body
        if frame["to_move"] is None:  # nobody is to move once a hand is over
            body.removeAttribute("data-to-move")
        else:
            body.dataset.toMove = frame["to_move"]
        body.dataset.busy = "true" if now.thinking is not None else "false"
        body.dataset.handNumber = str(frame["hand_number"])
        body.dataset.moves = str(frame["moves"])
        body.dataset.handOver = "true" if frame["outcome"] is not None else "false"
        code = frame.get("class")
        if code:
            body.setAttribute("data-class", code)
        else:
            body.removeAttribute("data-class")
        self.say(self.ctl.message)
        msg = q("#msg")
        if msg is not None and now.lesson is not None and self.ctl.refused is not None:
            msg.textContent = ""  # a lesson's bar says the refusal: the line does not repeat it
        self.renders += 1
        body.dataset.renders = str(self.renders)
        if focus:
            el = q("#app " + focus)
            if el is not None and now.dialog is None:
                el.focus()

    def top(self) -> None:
        """The top bar: title, hand, deal, the save's state, the tools."""
        top = q("#top")
        if top is None or self.ctl.frame is None:
            return
        if self.ctl.interaction.lesson is not None:  # the game's tools wait meanwhile
            from ..lesson_panels import top_html

            top.innerHTML = top_html(self.ctl.cat)
        else:
            top.innerHTML = render.top_html(self.ctl.frame, self.ctl.cat, self.problem)

    def lesson_bar(self) -> None:
        """The lesson's bar above the table (its task, what was said to the last move, what
        comes next) and ``<body data-lesson data-lesson-state>``, while a lesson is on the
        table."""
        slot, lesson = q("#lesson"), self.ctl.interaction.lesson
        if slot is None:
            return
        html = ""
        body = js.document.body
        if lesson is not None:
            from ..lesson_panels import shown_state, task_html

            now, refused = self.ctl.interaction, self.ctl.refused
            busy = now.selected is not None or now.preview is not None
            html = task_html(self.ctl.cat, lesson, refused, bool(lesson.get("all_done")), busy)
            body.dataset.lesson = str(lesson.get("id"))
            body.dataset.lessonState = shown_state(lesson, busy)
        else:
            body.removeAttribute("data-lesson")
            body.removeAttribute("data-lesson-state")
        if html != self.lesson_drawn:  # (a button of the bar keeps its focus)
            self.lesson_drawn = html
            slot.innerHTML = html
            slot.hidden = not html

    def bars(self) -> None:
        """The bottom bar: the prompt and the buttons (hint, pass, cancel, confirm, as the
        interaction allows); drawn again when a dialog opens or closes."""
        frame = self.ctl.frame
        if frame is None:
            return
        now, cat = self.ctl.interaction, self.ctl.cat
        buttons = q("#buttons")
        if buttons is not None:
            buttons.innerHTML = render.action_buttons(frame, cat, now)
        self.show_prompt()

    def show_prompt(self) -> None:
        el = q("#prompt")
        frame = self.ctl.frame
        if el is not None and frame is not None:
            now = self.ctl.interaction
            words = render.prompt(frame, self.ctl.cat, now, now.dialog in PANELS)
            if not self.playable:
                words = self.ctl.cat.t("notice.getting_ready")
            el.textContent = words

    def open_play(self) -> None:
        """Moves can be made from now on (``data-ready``, once ``longana:interactive``)."""
        if not self.playable:
            self.playable = True
            js.document.body.dataset.ready = "true"
            if not js.performance.getEntriesByName("longana:interactive").length:
                js.performance.mark("longana:interactive")
            self.show_prompt()

    def close_play(self) -> None:
        """Nothing can be played until a worker answers (its files cannot be fetched)."""
        self.playable = False
        js.document.body.dataset.ready = "false"
        self.show_prompt()

    def say(self, text: str) -> None:
        """The message line: what happened, why not."""
        self.ctl.message = text
        el = q("#msg")
        if el is not None:
            el.textContent = text

    def alert(self, text: str) -> None:
        """Said at once by a screen reader: the person's turn, a refusal."""
        el = q("#alert")
        if el is not None:
            el.textContent = ""
            el.textContent = text

    def focus_turn(self) -> None:
        """At the person's turn, focus lands on a playable tile (or Pass), and a screen reader
        hears that it is their turn."""
        frame, now, cat = self.ctl.frame, self.ctl.interaction, self.ctl.cat
        if frame is None or now.dialog is not None or frame["to_move"] is None:
            return
        if frame.get("turn") is None:
            return
        if self.turn_said != frame["log"] and now.lesson is None:  # (a lesson reads its task)
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


def words(el: "Element | None", name: str, text: str) -> None:
    """``text`` in the attribute ``name`` of ``el`` (its text when ``name`` is "")."""
    if el is None:
        return
    if name:
        el.setAttribute(name, text)
    else:
        el.textContent = text
