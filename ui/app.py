"""The page's controller: one :class:`~longana.session.Session` is the game's state; this module
renders it (through :mod:`ui.render`) and turns taps, drags and keys into engine calls.

Nothing here decides a rule: legality, the opener, scoring and undo all come from ``longana``.
The computer seats are answered by a PyScript web worker (``ui/worker.py``) that receives only
the view of the seat to move; a worker that fails or does not answer in time is restarted and
the same computer player, run here on the main thread, makes that one move so the game goes on.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import time
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from longana import PASS, SEAT_NAMES, IllegalMoveError, LonganaError, Move, Tile
from longana.history import (
    can_export,
    export_filename,
    export_text,
    hand_after,
    history,
    import_text,
    summarize,
)
from longana.players import choose
from longana.session import COMPUTER, LEVELS, PERSON, Session
from longana.table import face_up, handoff_to, hint, hint_request, read_hint
from longana.view import view_to_dict

from . import layout, panels, render
from .i18n import Catalog
from .rules_panel import rules_html
from .storage import (
    CORRUPT_KEPT,
    SPEEDS,
    Loaded,
    Notice,
    SaveSlot,
    Settings,
    Storage,
    browser_storage,
    deal_from_query,
    deal_number,
    load_settings,
    new_session,
    save_settings,
)

PAUSE = {"normal": 0.75, "fast": 0.0}              # seconds a computer "thinks" at least
TRAVEL = {"normal": 420, "fast": 0}                # ms a computer's tile travels
NEXT_HAND_AUTO = {"normal": 2.5, "fast": 0.25}     # table of computers only
CALL_TIMEOUT = 6.0                                 # s for one answer of a ready worker
START_TIMEOUT = 60.0                               # s for the worker to start at all
FIRST_MOVE_WAIT = 20.0                             # s a move waits for a starting worker
MAX_RESTARTS = 3                                   # then the built-in player moves
PANELS = ("rules", "record", "settings", "restart", "error")  # the computer waits meanwhile


def obj(value: Any) -> Any:
    return to_js(value, dict_converter=js.Object.fromEntries)


def nn(value: Any) -> Any:
    """JavaScript null and undefined as None (Pyodide gives null its own type)."""
    return None if value is None or type(value).__name__ in ("JsNull", "JsUndefined") else value


def q(selector: str) -> Any:
    return nn(js.document.querySelector(selector))


def blob_url(text: str, mime: str) -> str:
    """A ``blob:`` address of ``text`` for a download link (revoked when replaced)."""
    blob = js.Blob.new(to_js([text]), obj({"type": mime}))
    return str(js.URL.createObjectURL(blob))


# -- the computer's worker ------------------------------------------------------------------------

class Brain:
    """The PyScript worker that runs ``longana.players``; restarted when it fails."""

    def __init__(self, on_notice: Any) -> None:
        self.count = 0
        self.script: Any = None
        self.proxy: Any = None
        self.starting: asyncio.Future[Any] | None = None
        self.answered = False
        self.failures = 0
        self.on_notice = on_notice

    def start(self) -> asyncio.Future[Any]:
        if self.starting is None:
            self.starting = asyncio.ensure_future(self._start())
        return self.starting

    async def _start(self) -> Any:
        from pyscript import workers

        self.count += 1
        name = "ai" if self.count == 1 else f"ai-{self.count}"
        script = js.document.createElement("script")
        script.type = "py"
        script.setAttribute("worker", "")
        script.setAttribute("name", name)
        script.setAttribute("config", "./worker.toml")
        script.src = "./ui/worker.py"
        js.document.body.append(script)
        self.script = script
        proxy = await asyncio.wait_for(_future(workers[name]), START_TIMEOUT)
        answer = await asyncio.wait_for(_future(proxy.ping()), CALL_TIMEOUT)
        if str(answer) != "ready":
            raise RuntimeError(f"the worker answered {answer!r}")
        if not self.answered:
            self.answered = True
            js.performance.mark("longana:worker-ready")
        self.proxy = proxy
        return proxy

    def restart(self) -> None:
        self.failures += 1
        old = self.script
        self.script = self.proxy = self.starting = None
        if old is not None:
            try:
                xworker = nn(getattr(old, "xworker", None))
                if xworker is not None:
                    xworker.terminate()
            except Exception:  # noqa: BLE001 - it is being replaced anyway
                pass
            old.remove()
        if self.failures <= MAX_RESTARTS:
            self.start()

    async def choose(self, view_json: str, level: str, seed: int,
                     quiet: bool = False) -> str | None:
        """The worker's move text, or None if it could not answer (it is then restarted).
        ``quiet``: only ask a worker that is already running (a hint does not wait)."""
        if self.failures > MAX_RESTARTS:
            return None  # the built-in player moves from now on
        if quiet and (self.starting is None or not self.starting.done()
                      or self.proxy is None):
            return None
        try:
            starting = self.start()
            wait = CALL_TIMEOUT if starting.done() else FIRST_MOVE_WAIT
            proxy = await asyncio.wait_for(asyncio.shield(starting), wait)
            answer = await asyncio.wait_for(_future(proxy.choose(view_json, level, seed)),
                                            CALL_TIMEOUT)
            data = json.loads(str(answer))
            move = data.get("move")
            return move if isinstance(move, str) else None
        except TimeoutError:
            if self.starting is not None and not self.starting.done():
                self.on_notice("notice.worker_slow")
                return None
            self.on_notice("notice.worker_restarted")
            self.restart()
            return None
        except Exception as error:  # noqa: BLE001 - a crashed worker: restart, game goes on
            js.console.warn(f"computer player failed: {error}")
            self.on_notice("notice.worker_restarted")
            self.restart()
            return None


async def _future(value: Any) -> Any:
    return await value


# -- the app --------------------------------------------------------------------------------------

class App:
    def __init__(self, cat: Catalog, storage: Storage | None, settings: Settings,
                 session: Session, slot: SaveSlot) -> None:
        self.cat = cat
        self.storage = storage
        self.settings = settings
        self.slot = slot
        self.session = session
        self.holder: int | None = None  # the person who last confirmed holding the device
        self.selected: Tile | None = None
        self.preview: Move | None = None
        self.hinted = False
        self.thinking: int | None = None
        self.gen = 0
        self.dialog: str | None = None
        self.capacity: tuple[tuple[int, int], ...] = ((99, 99),) * 4
        self.tile_px = 20
        self.area: tuple[float, float] | None = None
        self.message = ""
        self.drag: dict[str, Any] | None = None
        self.suppress_click_until = 0.0
        self.task: asyncio.Future[Any] | None = None
        self.brain = Brain(self.notice)
        self.reduced_motion = bool(js.matchMedia("(prefers-reduced-motion: reduce)").matches)
        self.proxies: list[Any] = []
        self.save_problem: str | None = None  # the notice code while saving fails
        self.urls: list[str] = []             # blob: addresses to revoke
        self.replay: dict[str, Any] | None = None  # the hand being stepped through

    # -- state questions --------------------------------------------------------------------

    @property
    def hand(self) -> Any:
        return self.session.match.hand

    def face_up(self) -> frozenset[int]:
        return face_up(self.session, self.holder)

    def viewer(self) -> int | None:
        """The person at the device now, whose tiles are face up (None: nobody confirmed)."""
        people = self.session.people
        if len(people) == 1:
            return people[0]
        holder = self.holder
        if holder is None or not self.session.is_person(holder):
            return None
        if self.hand.is_over or handoff_to(self.session, holder) is None:
            return holder
        return None

    def person_turn(self) -> bool:
        hand = self.hand
        viewer = self.viewer()
        return (viewer is not None and not hand.is_over and hand.to_move == viewer
                and self.session.is_person(viewer) and self.dialog is None
                and viewer in self.face_up() and not self.session.match.is_over)

    def legal(self) -> list[Move]:
        return list(self.hand.legal_moves()) if self.person_turn() else []

    def targets(self) -> tuple[int, ...]:
        if self.selected is None:
            return ()
        return tuple(m.branch for m in self.legal()
                     if m.tile is self.selected and m.branch is not None)

    def frame(self) -> render.Frame:
        match = self.session.match
        hand = match.hand
        session = self.session
        return render.Frame(
            hand=hand, seats=session.seats, scores=match.scores, viewer=self.viewer(),
            reveal=hand.is_over, legal=self.legal(), selected=self.selected,
            targets=self.targets(), preview=self.preview, thinking=self.thinking,
            capacity=self.capacity, hand_number=len(match.hands), deal=match.seed,
            target=match.target, can_undo=session.can_undo, can_redo=session.can_redo,
            can_restart=session.can_restart, face_up=self.face_up(),
            hint=self.hinted and self.preview is not None, area=self.area)

    # -- rendering --------------------------------------------------------------------------

    def mount(self) -> None:
        t = self.cat.t
        js.document.title = t("app.title")
        js.document.documentElement.lang = self.cat.lang
        js.document.body.dataset.lang = self.cat.lang
        app = q("#app")
        app.innerHTML = (
            f'<header class="top" id="top"></header>'
            f'<main class="table" id="table" aria-label="{render.a(t("app.table"))}"></main>'
            f'<footer class="bar"><p class="msg" id="msg" data-message role="status" '
            f'aria-live="polite"></p><p class="prompt" id="prompt"></p>'
            f'<div class="buttons" id="buttons" role="group" '
            f'aria-label="{render.a(t("app.actions"))}"></div></footer>'
            f'<div class="drag-layer" id="drag-layer" aria-hidden="true"></div>')
        app.hidden = False

    def measure(self) -> bool:
        """Fit the board to its area: the tile size at which the branches fold least (where
        each tile lies follows from it, see ui.layout)."""
        area = q("#board-area")
        if area is None:
            return False
        w, h = float(area.clientWidth), float(area.clientHeight)
        if w <= 0 or h <= 0:
            return False
        lines = [[t.is_double for t in line] for line in self.hand.board.lines]
        tile = layout.tile_size(lines, w, h)
        changed = (w, h) != self.area or tile != self.tile_px
        self.area, self.tile_px = (w, h), tile
        return changed

    def render(self) -> None:
        focus = self._focus_key()
        first = q("#board-area") is None
        self.measure()
        f = self.frame()
        q("#top").innerHTML = self.top_html(f)
        q("#table").innerHTML = render.table_html(f, self.cat, self.tile_px)
        if first and self.measure():
            f = self.frame()
            q("#board-area").innerHTML = render.board_html(f, self.cat, self.tile_px)
        person = self.person_turn()
        q("#buttons").innerHTML = render.action_buttons(f, self.cat, person)
        q("#prompt").textContent = self.prompt(f, person)
        body = js.document.body.dataset
        hand = self.hand
        if hand.is_over:  # nobody is to move once a hand is over (data-hand-over says so)
            js.document.body.removeAttribute("data-to-move")
        else:
            body.toMove = SEAT_NAMES[hand.to_move]
        body.busy = "true" if (self.thinking is not None) else "false"
        body.handNumber = str(len(self.session.match.hands))
        body.moves = str(len(hand.history))
        body.handOver = "true" if hand.is_over else "false"
        self._restore_focus(focus)

    def top_html(self, f: render.Frame) -> str:
        t = self.cat.t
        chip = ""
        if self.save_problem is not None:
            chip = (f'<span class="save-off" data-save="off" role="status" '
                    f'title="{render.a(t(self.save_problem))}">'
                    f'{render.a(t("app.not_saved"))}</span>')
        return (f'<h1 class="title">{render.a(t("app.title"))}</h1>'
                f'<span class="info"><span>{render.a(t("app.hand_number", n=f.hand_number))}'
                f'</span> <span class="target">· {render.a(t("app.target", target=f.target))}'
                f'</span> <span class="deal" data-deal="{render.a(f.deal)}">· '
                f'{render.a(t("app.deal", deal=f.deal))}</span>{chip}</span>'
                + render.toolbar_html(f, self.cat))

    def prompt(self, f: render.Frame, person: bool) -> str:
        hand = self.hand
        t = self.cat.t
        if hand.is_over:
            return ""
        if person:
            if not hand.is_opened:
                if len(hand.openings) == 1:
                    return t("turn.open_forced", tile=str(hand.openings[0]))
                return t("turn.open_choose")
            if f.legal == [PASS]:
                return t("turn.must_pass")
            if len(self.session.people) > 1:
                return t("turn.yours_seat", seat=self.cat.seat(hand.to_move))
            return t("turn.yours")
        if self.session.is_person(hand.to_move):
            return t("turn.waiting", seat=self.cat.seat(hand.to_move))
        if self.dialog in PANELS:
            return t("turn.paused", seat=self.cat.seat(hand.to_move))
        return t("turn.thinking", seat=self.cat.seat(hand.to_move))

    def say(self, text: str) -> None:
        self.message = text
        el = q("#msg")
        if el is not None:
            el.textContent = text

    def notice(self, key: str) -> None:
        self.toast(self.cat.t(key))

    def toast(self, text: str) -> None:
        layer = q("#toasts")
        if layer is None:
            layer = js.document.createElement("div")
            layer.id = "toasts"
            layer.className = "toasts"
            layer.setAttribute("role", "status")
            layer.setAttribute("aria-live", "polite")
            js.document.body.append(layer)
        item = js.document.createElement("p")
        item.className = "toast"
        item.textContent = text
        layer.append(item)

        async def later() -> None:
            await asyncio.sleep(6)
            item.remove()

        asyncio.ensure_future(later())

    def _focus_key(self) -> str | None:
        el = nn(js.document.activeElement)
        if el is None or el is js.document.body:
            return None
        for name in ("data-tile", "data-target", "data-action", "data-preview"):
            value = el.getAttribute(name) if hasattr(el, "getAttribute") else None
            if value:
                return f'[{name}="{value}"]'
        return None

    def _restore_focus(self, key: str | None) -> None:
        if key and self.dialog is None:
            el = q(f"#app {key}")
            if el is not None:
                el.focus(obj({"preventScroll": True}))

    # -- moves and words --------------------------------------------------------------------

    def describe(self, seat: int, move: Move, opened_now: bool) -> str:
        c = self.cat
        if move.is_pass:
            key = "played.pass_opens" if opened_now else "played.pass"
            return c.t(key, seat=c.seat(seat), branch=c.branch(seat))
        if move.is_opening:
            return c.t("played.open", seat=c.seat(seat), tile=str(move.tile))
        return c.t("played.play", seat=c.seat(seat), tile=str(move.tile),
                   branch=c.branch(move.branch or 0))

    def why(self, error: IllegalMoveError) -> str:
        c = self.cat
        params: dict[str, Any] = dict(error.params)
        branch = params.get("branch")
        if isinstance(branch, str):
            params["owner"] = c.seat(branch)
            params["branch"] = c.branch(branch)
        if isinstance(params.get("earlier"), str):
            params["earlier"] = c.branch(params["earlier"])
        for key in ("seat", "to_move"):
            if isinstance(params.get(key), str):
                params[key] = c.seat(params[key])
        text = c.t(f"why.{error.code}", **params)
        return text if text != f"why.{error.code}" else c.t("why.illegal")

    def apply(self, move: Move) -> None:
        """Play ``move`` for the seat to move (checked by the engine), announce and animate."""
        hand = self.hand
        seat = hand.to_move
        was_open = bool(hand.board.order[seat])
        source = self._rect(f'[data-hand="{SEAT_NAMES[seat]}"]')
        self.session.play(move)
        self.selected = self.preview = None
        self.hinted = False
        self.persist()
        opened_now = move.is_pass and not was_open
        self.say(self.describe(seat, move, opened_now))
        self.render()
        if move.tile is not None and source is not None:
            self._travel(move, source)

    def _rect(self, selector: str) -> Any:
        el = q(selector)
        return el.getBoundingClientRect() if el is not None else None

    def _travel(self, move: Move, source: Any) -> None:
        """The tile moves from its seat's hand to where it now lies."""
        if self.reduced_motion or TRAVEL[self.settings.speed] == 0:
            return
        if move.branch is None:
            el = q(".centre .tile")
        else:
            el = q(f'#app [data-branch="{SEAT_NAMES[move.branch]}"] .tile.last')
        if el is None:
            return
        to = el.getBoundingClientRect()
        dx = (source.left + source.width / 2) - (to.left + to.width / 2)
        dy = (source.top + source.height / 2) - (to.top + to.height / 2)
        el.animate(obj([{"transform": f"translate({dx}px, {dy}px) scale(1.3)", "opacity": 0.4},
                        {"transform": "translate(0, 0) scale(1)", "opacity": 1}]),
                   obj({"duration": TRAVEL[self.settings.speed], "easing": "ease-out"}))

    # -- the person's input -----------------------------------------------------------------

    def select(self, tile: Tile) -> None:
        c = self.cat
        hand = self.hand
        if hand.is_over or self.session.match.is_over:
            return
        if not self.person_turn():
            self.say(c.t("select.not_your_turn", seat=c.seat(hand.to_move)))
            return
        legal = self.legal()
        if legal == [PASS]:
            self.say(c.t("turn.must_pass"))
            return
        if not hand.is_opened:
            move = Move(tile) if tile.is_double else None
            if move is not None and move in legal:
                self.selected, self.preview = tile, move
                self.say(c.t("select.preview_open", tile=str(tile)))
            else:
                doubles = c.t("list_sep").join(str(m) for m in hand.openings)
                self.say(c.t("why.opening", doubles=doubles))
            self.render()
            return
        if self.selected is tile and self.preview is None:
            self.selected = None
            self.say("")
            self.render()
            return
        self.selected, self.preview = tile, None
        self.render()
        if not self.targets():
            self.say(c.t("select.no_place", tile=str(tile)))
        else:
            self.say(c.t("select.chosen", tile=str(tile)))

    def aim(self, branch: int) -> None:
        """The person taps (or drops on) a branch with a tile selected."""
        c = self.cat
        if not self.person_turn() or not self.hand.is_opened:
            return
        if self.selected is None:
            self.say(c.t("select.pick_first"))
            return
        if branch in self.targets():
            self.preview = Move(self.selected, branch)
            end = self.hand.board.ends[branch]
            self.render()
            self.say(c.t("select.preview", tile=str(self.selected), branch=c.branch(branch),
                         end=self.selected.other(end)))
            return
        viewer = self.viewer()
        assert viewer is not None
        verdict = self.hand.explain(viewer, self.selected)[branch]
        if verdict.error is not None:
            self.say(self.why(verdict.error))

    def confirm(self) -> None:
        move = self.preview
        if move is None or not self.person_turn():
            return
        try:
            self.hand.check(move)
            self.apply(move)
        except IllegalMoveError as error:
            self.selected = self.preview = None
            self.say(self.why(error))
            self.render()
            return
        self.schedule()

    def cancel(self) -> None:
        if self.selected is None and self.preview is None:
            return
        self.selected = self.preview = None
        self.say(self.cat.t("select.cancelled"))
        self.render()

    def pass_turn(self) -> None:
        if self.person_turn() and self.legal() == [PASS]:
            self.selected, self.preview = None, PASS
            self.say(self.cat.t("select.preview_pass"))
            self.render()

    # -- events -----------------------------------------------------------------------------

    def bind(self) -> None:
        doc = js.document
        for name, fn in (("click", self.on_click), ("keydown", self.on_key),
                         ("pointerdown", self.on_down), ("pointermove", self.on_move),
                         ("pointerup", self.on_up), ("pointercancel", self.on_cancel),
                         ("change", self.on_change)):
            proxy = create_proxy(self._guard(fn))
            self.proxies.append(proxy)
            doc.addEventListener(name, proxy)
        resize = create_proxy(self._guard(self.on_resize))
        self.proxies.append(resize)
        js.window.addEventListener("resize", resize)
        # the table's area also changes when the message bar grows or shrinks (a long hint)
        observed = create_proxy(lambda *_args: self._refit_soon())
        self.proxies.append(observed)
        table = q("#table")
        if table is not None and hasattr(js, "ResizeObserver"):
            js.ResizeObserver.new(observed).observe(table)

    def _refit_soon(self) -> None:
        async def later() -> None:
            try:
                if self.measure():
                    self.render()
            except Exception as error:  # noqa: BLE001 - report, keep the page alive
                js.console.warn(f"longana: {type(error).__name__}: {error}")
        asyncio.ensure_future(later())

    def _guard(self, fn: Any) -> Any:
        def handler(event: Any) -> None:
            try:
                fn(event)
            except Exception as error:  # noqa: BLE001 - report, keep the page alive
                js.console.warn(f"longana: {type(error).__name__}: {error}")
        return handler

    def on_click(self, event: Any) -> None:
        target = event.target
        if not hasattr(target, "closest"):
            return
        el = nn(target.closest("[data-action]"))
        if el is not None:
            if not el.hasAttribute("disabled"):
                self.action(str(el.dataset.action), el)
            return
        if time.monotonic() < self.suppress_click_until:
            return  # the click a browser sends after a drag is not a tap on the table
        if self.dialog is not None:
            return
        el = nn(target.closest("[data-preview]"))
        if el is not None:
            self.confirm()
            return
        el = nn(target.closest("[data-target]"))
        if el is not None:
            self.aim(SEAT_NAMES.index(str(el.dataset.target)))
            return
        el = nn(target.closest("#app [data-hand] [data-tile]"))
        if el is not None:
            hand_el = el.closest("[data-hand]")
            if SEAT_NAMES.index(str(hand_el.dataset.hand)) == self.viewer():
                self.select(Tile.parse(str(el.dataset.tile)))
            return
        el = nn(target.closest("#app [data-branch]"))
        if el is not None:
            self.aim(SEAT_NAMES.index(str(el.dataset.branch)))

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        if key == "Escape" and self.dialog is None:
            self.cancel()
        elif key in ("Enter", " ") and self.dialog is None:
            el = event.target
            if hasattr(el, "closest") and nn(el.closest("[data-preview]")) is not None:
                event.preventDefault()
                self.confirm()

    def on_change(self, event: Any) -> None:
        """Settings are read when their dialog closes; here: the record's file and hand."""
        target = event.target
        if not hasattr(target, "hasAttribute"):
            return
        if target.hasAttribute("data-import"):
            files = nn(target.files)
            if files is not None and files.length:
                asyncio.ensure_future(self._read_import(files.item(0)))
        elif target.hasAttribute("data-replay-select") and self.replay is not None:
            self.replay["index"] = int(str(target.value))
            self.replay["k"] = 0
            self.show_replay()

    async def _read_import(self, file: Any) -> None:
        text = str(await file.text())
        if self.dialog == "record":
            self.open_replay_imported(text)

    def on_resize(self, _event: Any) -> None:
        if self.measure():
            self.render()

    # dragging: a tile from the person's hand onto a branch ends in a preview to confirm
    def on_down(self, event: Any) -> None:
        target = event.target
        if not hasattr(target, "closest") or self.dialog is not None:
            return
        el = nn(target.closest("#app [data-hand] [data-tile]"))
        if el is None or not self.person_turn() or not self.hand.is_opened:
            return
        hand_el = el.closest("[data-hand]")
        if SEAT_NAMES.index(str(hand_el.dataset.hand)) != self.viewer():
            return
        self.drag = {"tile": Tile.parse(str(el.dataset.tile)), "x": float(event.clientX),
                     "y": float(event.clientY), "id": event.pointerId, "ghost": None,
                     "el": el}

    def on_move(self, event: Any) -> None:
        drag = self.drag
        if drag is None or event.pointerId != drag["id"]:
            return
        x, y = float(event.clientX), float(event.clientY)
        if drag["ghost"] is None:
            if abs(x - drag["x"]) + abs(y - drag["y"]) < 10:
                return
            if self.selected is not drag["tile"]:
                self.selected, self.preview = drag["tile"], None
                self.render()
            ghost = js.document.createElement("div")
            ghost.className = "ghost-tile"
            source = q(f'#app [data-hand] [data-tile="{drag["tile"]}"]')
            if source is not None:
                ghost.innerHTML = source.outerHTML
                ghost.firstElementChild.removeAttribute("data-tile")
                source.classList.add("dragging")
            q("#drag-layer").append(ghost)
            drag["ghost"] = ghost
        drag["ghost"].style.transform = f"translate({x - 22}px, {y - 44}px)"
        over = self._lane_at(x, y)
        for lane in js.document.querySelectorAll(".lane.drop-over"):
            lane.classList.remove("drop-over")
        if over is not None:
            over.classList.add("drop-over")

    def _lane_at(self, x: float, y: float) -> Any:
        el = nn(js.document.elementFromPoint(x, y))
        if el is None or not hasattr(el, "closest"):
            return None
        return nn(el.closest("#app [data-branch]"))

    def on_up(self, event: Any) -> None:
        drag = self.drag
        if drag is None or event.pointerId != drag["id"]:
            return
        self.drag = None
        if drag["ghost"] is None:
            return  # a tap: the click handler selects
        drag["ghost"].remove()
        self.suppress_click_until = time.monotonic() + 0.35
        lane = self._lane_at(float(event.clientX), float(event.clientY))
        if lane is None:
            self.render()
            return
        self.aim(SEAT_NAMES.index(str(lane.dataset.branch)))

    def on_cancel(self, _event: Any) -> None:
        if self.drag is not None and self.drag["ghost"] is not None:
            self.drag["ghost"].remove()
            self.render()
        self.drag = None

    # -- buttons ----------------------------------------------------------------------------

    def action(self, name: str, el: Any = None) -> None:
        if name == "replay":
            if el is not None:
                self.open_replay_live(int(str(el.dataset.replayIndex)))
            return
        handler = {
            "confirm": self.confirm, "cancel": self.cancel, "pass": self.pass_turn,
            "hint": self.ask_hint, "undo": self.undo, "redo": self.redo,
            "restart": self.ask_restart, "restart-confirm": self.restart,
            "rules": self.open_rules, "record": self.open_record,
            "step-back": lambda: self.step_replay(-1), "step-forward": lambda: self.step_replay(1),
            "take-device": self.take_device, "start-fresh": self.start_fresh,
            "settings": self.open_settings, "close": lambda: self.close_dialog(apply=True),
            "new-match": self.new_match_from_settings, "next-hand": self.next_hand,
        }.get(name)
        if handler is not None:
            handler()

    # -- saving -----------------------------------------------------------------------------

    def persist(self) -> None:
        """Save the whole session after an action; a failure shows once and the game goes on."""
        notice = self.slot.save(self.session)
        code = None if notice is None else notice.code
        if code == self.save_problem:
            return
        self.save_problem = code
        if notice is not None and notice.code != CORRUPT_KEPT:
            self.show_notice(notice)
        if q("#top") is not None:
            self.render_top()

    def show_notice(self, notice: Notice) -> None:
        self.toast(self.cat.t(notice.code))

    def render_top(self) -> None:
        top = q("#top")
        if top is not None:
            top.innerHTML = self.top_html(self.frame())

    # -- undo, redo, restart ----------------------------------------------------------------

    def _after_history_change(self, words: str) -> None:
        self.gen += 1  # a computer move or hint being computed is for a position now gone
        self.thinking = None
        self.selected = self.preview = None
        self.hinted = False
        self.persist()
        self.close_dialog(apply=False, resume=False)
        self.say(words)
        self.render()
        self.schedule()

    def undo(self) -> None:
        if not self.session.can_undo:
            return
        self.session.undo()
        seat = self.hand.to_move
        self._after_history_change(self.cat.t("undone.undo", seat=self.cat.seat(seat)))

    def redo(self) -> None:
        if not self.session.can_redo:
            return
        self.session.redo()
        self._after_history_change(self.cat.t("undone.redo"))

    def ask_restart(self) -> None:
        if not self.session.can_restart:
            return
        self.pause()
        self.open_dialog("restart", panels.restart_html(len(self.session.match.hands), self.cat),
                         cancellable=True)

    def restart(self) -> None:
        if not self.session.can_restart:
            self.close_dialog(apply=False)
            return
        self.session.restart()
        self._after_history_change(
            self.cat.t("undone.restart", n=len(self.session.match.hands)))

    # -- hints ------------------------------------------------------------------------------

    def ask_hint(self) -> None:
        if not self.person_turn():
            return
        self.say(self.cat.t("hint.thinking"))
        gen = self.gen
        session = self.session
        asyncio.ensure_future(self._hint(gen, session))

    async def _hint(self, gen: int, session: Session) -> None:
        try:
            view_json, level, seed = hint_request(session)
        except LonganaError:
            return
        text = await self.brain.choose(view_json, level, seed, quiet=True)
        if gen != self.gen or session is not self.session or not self.person_turn():
            return  # the position changed, or a panel opened: the hint is stale
        move = None
        if text is not None:
            move = read_hint(session, json.dumps({"move": text}), seed)
        if move is None:
            try:
                move = hint(session)  # in-process: the worker could not answer
            except LonganaError:
                self.say(self.cat.t("hint.none"))
                return
        self.show_hint(move)

    def show_hint(self, move: Move) -> None:
        c = self.cat
        self.preview = move
        self.selected = move.tile
        self.hinted = True
        if move.is_pass:
            words = c.t("hint.suggest_pass")
        elif move.is_opening:
            words = c.t("hint.suggest_open", tile=str(move.tile))
        else:
            words = c.t("hint.suggest_play", tile=str(move.tile),
                        branch=c.branch(move.branch or 0))
        self.render()
        self.say(words)

    # -- dialogs ----------------------------------------------------------------------------

    def pause(self) -> None:
        """The computer stops: a move it is computing will not land (it is asked again)."""
        self.gen += 1
        if self.thinking is not None:
            self.thinking = None
            self.render()

    def open_dialog(self, name: str, html: str, *, cancellable: bool,
                    labelled_by: str = "dlg-title", cls: str = "") -> None:
        self.close_dialog(apply=False, resume=False)
        holder = q("#dialogs")
        dialog = js.document.createElement("dialog")
        dialog.className = f"dlg dlg-{name} {cls}".strip()
        dialog.dataset.dialog = name
        dialog.setAttribute("aria-labelledby", labelled_by)
        dialog.innerHTML = html
        holder.append(dialog)

        def on_cancel(event: Any) -> None:
            event.preventDefault()
            if cancellable:
                self.close_dialog(apply=True)

        proxy = create_proxy(self._guard(on_cancel))
        self.proxies.append(proxy)
        dialog.addEventListener("cancel", proxy)
        self.dialog = name
        dialog.showModal()
        prompt = q("#prompt")
        if prompt is not None:
            prompt.textContent = self.prompt(self.frame(), False)

    def close_dialog(self, apply: bool, resume: bool = True) -> None:
        name = self.dialog
        if name is None:
            return
        if name == "settings" and apply:
            self.read_settings()
            self.session.set_seats(self.settings.seats)
            self.session.level = self.settings.level
            self.persist()
        for el in js.document.querySelectorAll("#dialogs dialog"):
            el.close()
            el.remove()
        self.dialog = None
        self.replay = None
        self._revoke()
        if resume:
            if not self.hinted:
                self.selected = self.preview = None
            self.render()
            self.schedule()

    def _revoke(self) -> None:
        for url in self.urls:
            js.URL.revokeObjectURL(url)
        self.urls = []

    def _url(self, text: str, mime: str) -> str:
        url = blob_url(text, mime)
        self.urls.append(url)
        return url

    # rules and record: the computer waits while they are open
    def open_rules(self) -> None:
        self.pause()
        messages = self.cat.messages if "rules" in self.cat.messages else self.cat.fallback
        html = (rules_html(messages) + '<div class="dlg-buttons"><button type="button" '
                f'class="btn primary" data-action="close" autofocus>'
                f'{render.a(self.cat.t("actions.close"))}</button></div>')
        self.open_dialog("rules", html, cancellable=True, labelled_by="rules-heading")

    def open_record(self) -> None:
        self.pause()
        self.close_dialog(apply=False, resume=False)
        match = self.session.match
        href = None
        if can_export(match):
            href = self._url(export_text(match), "application/x-ndjson")
        self.open_dialog("record", panels.record_html(
            history(match), self.cat, deal=match.seed, export_href=href,
            export_name=export_filename(match)), cancellable=True)
        # the newest hand open and in view
        last = q('[data-dialog="record"] .rec-hand[open]')
        if last is not None:
            last.scrollIntoView(obj({"block": "nearest"}))

    def open_replay_live(self, index: int) -> None:
        match = self.session.match
        hands = list(match.hands)
        if not 0 <= index < len(hands) or hands[index].outcome is None:
            return
        self.replay = {"hands": hands, "summaries": history(match), "index": index,
                       "k": 0, "imported": False}
        self.show_replay()

    def open_replay_imported(self, text: str) -> None:
        try:
            imported = import_text(text)
        except LonganaError as error:
            el = q("[data-import-error]")
            if el is not None:
                el.textContent = self.cat.t("record.import_error", detail=str(error))
                el.hidden = False
            return
        hands = list(imported.hands)
        self.replay = {"hands": hands, "summaries": summarize(hands, imported.deal),
                       "index": 0, "k": 0, "imported": True}
        self.show_replay()

    def show_replay(self) -> None:
        replay = self.replay
        if replay is None:
            return
        index, k = replay["index"], replay["k"]
        summary = replay["summaries"][index]
        hand = replay["hands"][index]
        position = hand_after(hand, k)
        count = len(replay["hands"])
        if replay["imported"]:
            title = self.cat.t("record.imported", n=index + 1, count=count)
        else:
            title = self.cat.t("record.finished", n=index + 1)
        width = min(860.0, float(js.window.innerWidth) * 0.96) - 36
        height = 220.0 if float(js.window.innerWidth) < 600 else 260.0  # as in ui/style.css
        lines = [[t.is_double for t in line] for line in position.board.lines]
        tile = layout.tile_size(lines, width, height)
        html = panels.replay_html(summary, position, k, self.cat, tile_px=tile,
                                  capacity=((99, 99),) * 4, title=title, count=count,
                                  index=index, area=(width, height))
        dialog = q('[data-dialog="record"]')
        if dialog is None:
            self.open_dialog("record", html, cancellable=True)
            dialog = q('[data-dialog="record"]')
            self.replay = replay
        else:
            dialog.innerHTML = html
        dialog.dataset.view = "replay"

    def step_replay(self, delta: int) -> None:
        replay = self.replay
        if replay is None:
            return
        n = len(replay["summaries"][replay["index"]].steps)
        replay["k"] = max(0, min(n, replay["k"] + delta))
        self.show_replay()
        way = "back" if delta < 0 else "forward"
        focus = q(f'[data-dialog="record"] [data-action="step-{way}"]')
        if focus is not None and not focus.hasAttribute("disabled"):
            focus.focus()

    # the handoff screen
    def show_handoff(self, seat: int) -> None:
        self.selected = self.preview = None
        self.hinted = False
        self.render()  # every hand face down (face_up gives nobody while a handoff is due)
        self.open_dialog("handoff", panels.handoff_html(seat, self.cat), cancellable=False,
                         cls="screen")

    def take_device(self) -> None:
        seat = handoff_to(self.session, self.holder)
        if self.dialog == "handoff":
            self.holder = seat if seat is not None else self.holder
            self.close_dialog(apply=False)

    # a save that could not be used
    def show_corrupt(self, loaded: Loaded) -> None:
        notice = loaded.notice
        broken = loaded.broken or self.slot.broken_save()
        self.close_dialog(apply=False, resume=False)
        href = self._url(broken.text, broken.mime) if broken is not None else None
        self.open_dialog("error", panels.corrupt_html(
            notice.code if notice else "save.corrupt", notice.detail if notice else "",
            self.cat, href=href, filename=broken.filename if broken else ""),
            cancellable=False)
        dialog = q('#dialogs [data-dialog="error"]')
        if dialog is not None:
            dialog.dataset.error = "corrupt-save"

    def start_fresh(self) -> None:
        self.slot.start_fresh()
        self.save_problem = None
        self.close_dialog(apply=False, resume=False)
        self.persist()
        self.render()
        self.schedule()

    # settings and new matches
    def open_settings(self) -> None:
        s = self.settings
        self.pause()
        self.open_dialog("settings", render.settings_html(
            self.session.seats, s.speed, self.session.level, self.session.seed, self.cat),
            cancellable=True)

    def read_settings(self) -> None:
        if self.dialog != "settings":
            return
        seats = []
        for letter in SEAT_NAMES:
            el = q(f'[data-seat-kind="{letter}"]')
            seats.append(str(el.value) if el is not None else PERSON)
        speed = q('[data-setting="speed"]')
        level = q('[data-setting="level"]')
        s = self.settings
        kinds = tuple(k if k in (PERSON, COMPUTER) else PERSON for k in seats)
        speed_value = str(speed.value) if speed is not None else s.speed
        level_value = str(level.value) if level is not None else s.level
        self.settings = dataclasses.replace(
            s, seats=kinds, speed=speed_value if speed_value in SPEEDS else s.speed,
            level=level_value if level_value in LEVELS else s.level)
        notice = save_settings(self.storage, self.settings)
        if notice is not None and self.save_problem is None:
            self.show_notice(notice)

    def new_match_from_settings(self) -> None:
        deal: str | None = None
        field = q('[data-dialog="settings"] [data-setting="deal"]')
        if field is not None and str(field.value).strip():
            deal = deal_number(str(field.value))
            if deal is None:
                error = q('[data-setting-error="deal"]')
                if error is not None:
                    error.textContent = self.cat.t("settings.deal_bad")
                    error.hidden = False
                field.focus()
                return
        self.read_settings()
        self.close_dialog(apply=False, resume=False)
        self.new_match(deal)

    def new_match(self, deal: str | None = None) -> None:
        self.gen += 1
        self.session = new_session(self.settings, deal)
        self.holder = None
        self.selected = self.preview = None
        self.hinted = False
        self.thinking = None
        self.persist()
        self.say("")
        self.render()
        self.schedule()

    def next_hand(self) -> None:
        match = self.session.match
        self.close_dialog(apply=False, resume=False)
        if match.is_over:
            return
        if self.hand.is_over:
            self.session.next_hand()
            self.persist()
        self.selected = self.preview = None
        self.hinted = False
        self.say("")
        self.render()
        self.schedule()

    def show_end(self) -> None:
        match = self.session.match
        hand = match.hand
        can_undo = self.session.can_undo
        if match.is_over and match.winner is not None:
            self.open_dialog("match-end", render.match_end_html(
                hand, match.scores, match.winner, match.target, self.cat, can_undo),
                cancellable=False)
        else:
            auto = not self.session.people
            self.open_dialog("hand-end", render.hand_end_html(
                hand, len(match.hands), match.scores, self.cat, auto, can_undo),
                cancellable=False)
            if auto:
                self._auto_next(self.gen)
        self.say(render.outcome_text(hand, self.cat))

    def _auto_next(self, gen: int) -> None:
        async def later() -> None:
            await asyncio.sleep(NEXT_HAND_AUTO[self.settings.speed])
            if gen == self.gen and self.dialog == "hand-end":
                self.next_hand()
        asyncio.ensure_future(later())

    # -- the computer seats -----------------------------------------------------------------

    def schedule(self) -> None:
        """After any change: let the computer move, or show the hand's end."""
        self.gen += 1
        gen = self.gen
        self.task = asyncio.ensure_future(self._play_computers(gen))

    async def _play_computers(self, gen: int) -> None:
        await asyncio.sleep(0)
        while gen == self.gen and self.dialog is None:
            session = self.session
            hand = session.match.hand
            if hand.is_over:
                self.thinking = None
                self.render()
                self.show_end()
                return
            seat = hand.to_move
            if session.is_person(seat):
                if self.thinking is not None:
                    self.thinking = None
                    self.render()
                due = handoff_to(session, self.holder)
                if due is not None:
                    self.show_handoff(due)
                    return
                self._preselect_forced_opening()
                return
            self.thinking = seat
            self.render()
            started = time.monotonic()
            moves_before = len(hand.history)
            view = json.dumps(view_to_dict(session.view(seat)), separators=(",", ":"))
            text = await self.brain.choose(view, session.level, session.decision_seed())
            if gen != self.gen or self.session is not session or hand is not self.hand \
                    or len(hand.history) != moves_before:
                return
            move = self._checked(text)
            rest = PAUSE[self.settings.speed] - (time.monotonic() - started)
            if rest > 0:
                await asyncio.sleep(rest)
                if gen != self.gen or self.dialog is not None:
                    return
            self.thinking = None
            self.apply(move)
            travel = TRAVEL[self.settings.speed]
            await asyncio.sleep(travel / 1000 + (0.15 if travel else 0.01))

    def _checked(self, text: str | None) -> Move:
        legal = self.hand.legal_moves()
        if text is not None:
            try:
                move = Move.parse(text)
                if move in legal:
                    return move
            except LonganaError:
                pass
            js.console.warn(f"longana: the computer player answered {text!r}; "
                            "it moves from the main thread instead")
        session = self.session
        return choose(session.view(self.hand.to_move), session.level, session.decision_seed())

    def _preselect_forced_opening(self) -> None:
        hand = self.hand
        if (self.person_turn() and not hand.is_opened and len(hand.openings) == 1
                and self.preview is None):
            self.preview = hand.openings[0]
            self.selected = hand.openings[0].tile
            self.render()

    # -- start ------------------------------------------------------------------------------

    def start(self, loaded: Loaded, settings_notice: Notice | None, note: str = "") -> None:
        self.mount()
        self.bind()
        self.render()
        if settings_notice is not None and loaded.status != "unavailable":
            self.show_notice(settings_notice)
        if loaded.status == "corrupt":
            self.show_corrupt(loaded)
            self.save_problem = CORRUPT_KEPT if self.slot.held else None
            if not self.slot.held:
                self.persist()
            self.render_top()
            return  # the computer waits until the person has read the message
        if loaded.status == "unavailable" and loaded.notice is not None:
            self.save_problem = loaded.notice.code
            self.show_notice(loaded.notice)
            self.render_top()
        else:
            self.persist()
        if note:
            self.say(note)
        self.schedule()


def load_catalog(lang: str) -> Catalog:
    english = "./locales/en.json"
    try:
        return Catalog.from_file(f"./locales/{lang}.json", english)
    except (OSError, ValueError):
        return Catalog.from_file(english)


async def start() -> App:
    storage = browser_storage()
    settings, settings_notice = load_settings(storage)
    cat = load_catalog(settings.lang)
    slot = SaveSlot(storage)
    loaded = slot.load()
    deal = deal_from_query(str(js.location.search))
    note = ""
    if loaded.session is not None and (deal is None or loaded.session.seed == deal):
        session = loaded.session
        note = cat.t("undone.resumed") if session.log else ""
    else:
        session = new_session(settings, deal)
        if loaded.session is not None:
            note = cat.t("undone.deal_from_address", deal=deal)
    app = App(cat, storage, settings, session, slot)
    app.start(loaded, settings_notice, note)
    # interactive: the first hand is on screen and can be played
    js.document.body.dataset.ready = "true"
    js.performance.mark("longana:interactive")
    js.longanaBoot.ready()
    # after the page is interactive: the computer's worker and the offline cache
    app.brain.start()
    register_service_worker()
    return app


def register_service_worker() -> None:
    try:
        nav = js.navigator
        if not hasattr(nav, "serviceWorker") or js.location.protocol not in ("http:", "https:"):
            return
        nav.serviceWorker.register("./sw.js").catch(
            create_proxy(lambda e: js.console.warn(f"offline cache not installed: {e}")))
    except Exception as error:  # noqa: BLE001 - the game works without it
        js.console.warn(f"offline cache not installed: {error}")
