"""End-to-end fixtures: serve ``_site``, drive Debian's Chromium, watch every request and error.

Every page opened through these fixtures is guarded: a request to anything but 127.0.0.1
(``data:`` and ``blob:`` are fine), a console error or an uncaught page error fails the test
at teardown, with the list of what went wrong. Each test gets empty storage: ``browsers.game()``
reuses one warm profile (its HTTP cache kept, its storage, pages and routes cleared) unless
the test asks for a fresh one; ``browsers.context()`` is always a new, empty profile.

The page is driven only through the attributes of ``../shared/spec/interfaces.md``; the
expected legal moves and refusals are computed with the ``longana`` engine from what the page
shows (branch ends, open flags and order, South's tiles), so the tests do not depend on how
the page stores its state.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page

from longana import SEAT_NAMES, Move, Tile
from longana.rules.board import Board
from tools.serve import serve

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("LONGANA_SITE", ROOT / "_site"))
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = "/usr/bin/chromium"

FIRST_LOAD_MS = 120_000  # Pyodide + PyScript start on 2 slow cores, cold cache
WORKER_MS = 120_000  # the computer's worker answers its first call
TURN_MS = 60_000  # computer seats at normal speed, a few moves in a row
ACT_MS = 10_000  # the page's answer to the person's own tap
SEATS = tuple(SEAT_NAMES)  # ("S", "E", "N", "W")

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


# -- the static server ------------------------------------------------------------------------


# one static server for the whole project (tools/serve.py), with the types a PyScript site needs
@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    if not (SITE / "index.html").is_file():
        pytest.fail(
            f"{SITE} has no index.html: build the site first with `make site`", pytrace=False
        )
    with serve(SITE) as url:
        yield url


# -- the browser --------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    args = list(browser_type_launch_args.get("args", []))
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": args + [a for a in CHROMIUM_ARGS if a not in args],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_context_args,
        "service_workers": "block",
        "viewport": {"width": 1366, "height": 768},
    }


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"rep_{report.when}", report)


def artifact(name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / re.sub(r"[^A-Za-z0-9_.-]+", "_", name)


class Guard:
    """Everything a context asked for and every error it reported."""

    def __init__(self, context: BrowserContext, label: str) -> None:
        self.label = label
        self.requests: list[str] = []
        self.off_origin: list[str] = []
        self.errors: list[str] = []
        self.allowed: list[re.Pattern[str]] = []
        # the context's console event carries the page's and its workers' messages
        self.handlers: list[tuple[str, Callable[[Any], None]]] = [
            ("request", self._request),
            ("console", self._console),
            ("weberror", self._weberror),
        ]
        for event, handler in self.handlers:
            context.on(event, handler)  # type: ignore[call-overload]

    def detach(self, context: BrowserContext) -> None:
        """Stop listening (a shared context goes on to the next test with a guard of its own)."""
        for event, handler in self.handlers:
            context.remove_listener(event, handler)

    def _weberror(self, error: Any) -> None:
        self.errors.append(f"page error: {error.error}")

    def _request(self, request: Any) -> None:
        url = request.url
        self.requests.append(url)
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            return
        if parts.scheme not in ("http", "https") or parts.hostname != "127.0.0.1":
            self.off_origin.append(url)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            location = message.location or {}
            where = location.get("url", "")
            self.errors.append(f"console error: {message.text} ({where})")

    def allow(self, pattern: str) -> None:
        """Accept console errors matching ``pattern`` (for tests that provoke one on purpose)."""
        self.allowed.append(re.compile(pattern))

    def problems(self) -> list[str]:
        errors = [e for e in self.errors if not any(p.search(e) for p in self.allowed)]
        return [f"request off 127.0.0.1: {u}" for u in self.off_origin] + errors

    def check(self) -> None:
        problems = self.problems()
        assert not problems, f"{self.label}:\n  " + "\n  ".join(problems)


# -- the game page ------------------------------------------------------------------------------

# One round trip for everything the tests compare: hands, branches, scores, whose turn.
STATE_JS = """() => {
  const attrs = (el) => Object.fromEntries([...el.attributes]
      .filter(a => a.name.startsWith('data-')).map(a => [a.name, a.value]));
  const hands = {}, branches = {}, scores = {};
  for (const h of document.querySelectorAll('[data-hand]')) {
    if (h.closest('[data-dialog]')) continue;
    hands[h.dataset.hand] = {
      tiles: [...h.querySelectorAll('[data-tile]')].map(t => t.dataset.tile),
      html: h.outerHTML};
  }
  for (const b of document.querySelectorAll('[data-branch]')) {
    if (b.closest('[data-dialog]')) continue;
    branches[b.dataset.branch] = {
      end: b.dataset.end ?? null, open: b.dataset.open ?? null,
      order: b.dataset.openOrder ?? null,
      markers: [...b.querySelectorAll('[data-end-marker]')].map(m => m.dataset.endMarker),
      tiles: [...b.querySelectorAll('[data-tile]')].map(t => t.dataset.tile),
      html: b.outerHTML};
  }
  for (const s of document.querySelectorAll('[data-score]')) {
    if (s.closest('[data-dialog]')) continue;
    scores[s.dataset.score] = s.textContent.trim();
  }
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length)
      && getComputedStyle(el).visibility !== 'hidden';
  const dialogs = [...document.querySelectorAll('[data-dialog]')]
      .filter(visible).map(d => d.dataset.dialog);
  const targets = [...document.querySelectorAll('[data-target]')]
      .filter(t => !t.closest('[data-dialog]')).map(t => t.dataset.target).sort();
  return {save: localStorage.getItem('longana:save'),
          ready: document.body.dataset.ready ?? null, toMove: document.body.dataset.toMove ?? null,
          hands, branches, scores, dialogs, targets, body: attrs(document.body)};
}"""

# Every element of a hand or the board that shows no data-tile (face down or decoration)
# must carry no digit in its text, title, aria-label or data attributes.
LEAKS_JS = r"""() => {
  const leaks = [];
  const digit = /[0-9]/;
  const check = (el, where) => {
    const bits = [];
    for (const a of el.attributes) {
      if ((a.name.startsWith('data-') && !['data-hand'].includes(a.name))
          || a.name === 'title' || a.name === 'aria-label' || a.name === 'alt') {
        if (digit.test(a.value)) bits.push(`${a.name}="${a.value}"`);
      }
    }
    if (bits.length) leaks.push(`${where}: <${el.tagName.toLowerCase()} ${bits.join(' ')}>`);
  };
  for (const hand of document.querySelectorAll('[data-hand]')) {
    const seat = hand.dataset.hand;
    const faceUp = hand.querySelectorAll('[data-tile]');
    // everything in the hand that is not a face-up tile nor inside one
    const walker = document.createTreeWalker(hand, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    let node = walker.currentNode;
    while (node) {
      const insideFaceUp = [...faceUp].some(t => t.contains(node));
      if (!insideFaceUp) {
        if (node.nodeType === Node.TEXT_NODE) {
          if (digit.test(node.textContent)) leaks.push(`${seat}: text "${node.textContent}"`);
        } else if (node !== hand) {
          check(node, seat);
        }
      }
      node = walker.nextNode();
    }
  }
  return leaks;
}"""

SNAPSHOT_BODY = """
  const parts = [];
  for (const el of document.querySelectorAll('[data-hand], [data-branch], [data-score]')) {
    if (el.closest('[data-dialog]')) continue;
    parts.push(el.outerHTML);
  }
  for (const a of document.body.attributes) parts.push(a.name + '=' + a.value);
  const snapshot = parts.join('\\n');
"""
SNAPSHOT_JS = "() => {" + SNAPSHOT_BODY + "return snapshot; }"
CHANGED_JS = (
    "([before, saveBefore]) => {" + SNAPSHOT_BODY + "return snapshot !== before"
    " || localStorage.getItem('longana:save') !== saveBefore; }"
)


def board_from_state(state: dict[str, Any]) -> Board:
    """The engine's board rebuilt from the branch attributes the page shows."""
    board = Board()
    branches = state["branches"]
    ends = [branches[s]["end"] for s in SEATS]
    if any(e in (None, "") for e in ends):
        return board  # not opened yet
    board.ends = [int(e) for e in ends]
    board.order = [
        int(branches[s]["order"] or 0) if branches[s]["open"] == "true" else 0 for s in SEATS
    ]
    board.next_order = max(board.order) + 1
    board.opening = Tile(board.ends[0], board.ends[0])  # any double: marks the hand as opened
    return board


def mask(tiles: list[str]) -> int:
    m = 0
    for t in tiles:
        m |= Tile.parse(t).bit
    return m


OUTSIDE_DIALOGS = ":not([data-dialog] *)"


class Game:
    """One browser page with the game, driven through the data attributes of interfaces.md
    (and a few more the page offers: ``data-preview`` on a previewed tile, ``data-moves`` on
    the body, ``data-seat-kind``/``data-setting`` in the settings dialog)."""

    def __init__(self, page: Page, guard: Guard, base_url: str) -> None:
        self.page = page
        self.guard = guard
        self.base_url = base_url
        self.south_left: list[str] | None = None  # South's tiles after its last turn here

    # -- loading ---------------------------------------------------------------------------
    def open(self, query: str = "", *, ready: bool = True) -> Game:
        self.page.goto(self.base_url + query, wait_until="commit", timeout=FIRST_LOAD_MS)
        if ready:
            self.wait_ready()
        return self

    def wait_ready(self) -> None:
        """Wait for ``data-ready``; fail at once (with its words) if the page reports an error."""
        handle = self.page.wait_for_function(
            """() => {
              if (document.body && document.body.dataset.ready === 'true') return 'ready';
              for (const d of document.querySelectorAll('[data-dialog="error"]'))
                if (d.offsetWidth || d.offsetHeight || d.getClientRects().length)
                  return 'error: ' + d.innerText;
              return null;
            }""",
            timeout=FIRST_LOAD_MS,
        )
        result = str(handle.json_value())
        assert result == "ready", f"the page did not start: {result}"

    def wait_worker(self) -> float:
        handle = self.page.wait_for_function(
            """() => { const e = performance.getEntriesByName('longana:worker-ready');
                       return e.length ? e[0].startTime : null; }""",
            timeout=WORKER_MS,
        )
        return float(handle.json_value())

    def mark(self, name: str) -> float | None:
        value = self.page.evaluate(
            "(n) => { const e = performance.getEntriesByName(n); "
            "return e.length ? e[0].startTime : null; }",
            name,
        )
        return None if value is None else float(value)

    # -- reading ---------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return dict(self.page.evaluate(STATE_JS))

    def snapshot(self) -> str:
        return str(self.page.evaluate(SNAPSHOT_JS))

    def leaks(self) -> list[str]:
        return list(self.page.evaluate(LEAKS_JS))

    def raw_save(self) -> str | None:
        value = self.page.evaluate("() => localStorage.getItem('longana:save')")
        return None if value is None else str(value)

    def save(self) -> dict[str, Any] | None:
        text = self.raw_save()
        return None if text is None else dict(json.loads(text))

    def message(self) -> str:
        """The page's status line (where refusals are explained)."""
        loc = self.page.locator(f"[data-message]{OUTSIDE_DIALOGS}, #msg")
        return loc.first.inner_text().strip() if loc.count() else ""

    def hand(self, seat: str) -> Locator:
        return self.page.locator(f'[data-hand="{seat}"]{OUTSIDE_DIALOGS}')

    def tile(self, seat: str, tile: str) -> Locator:
        return self.hand(seat).locator(f'[data-tile="{tile}"]')

    def branch(self, seat: str) -> Locator:
        return self.page.locator(f'[data-branch="{seat}"]{OUTSIDE_DIALOGS}')

    def target(self, seat: str) -> Locator:
        return self.page.locator(f'[data-target="{seat}"]{OUTSIDE_DIALOGS}')

    def preview(self) -> Locator:
        return self.page.locator(f"[data-preview]{OUTSIDE_DIALOGS}")

    def action(self, name: str, within: Locator | None = None) -> Locator:
        scope: Page | Locator = within if within is not None else self.page
        return scope.locator(f'[data-action="{name}"]').locator("visible=true")

    def dialog(self, name: str) -> Locator:
        return self.page.locator(f'[data-dialog="{name}"]').locator("visible=true")

    # -- the engine's view of what the page shows ------------------------------------------
    def legal_for(self, seat: str, state: dict[str, Any] | None = None) -> list[Move]:
        """Legal plays for ``seat`` on the board the page shows, from its face-up tiles."""
        state = state or self.state()
        board = board_from_state(state)
        return board.plays_for(SEATS.index(seat), mask(state["hands"][seat]["tiles"]))

    # -- waiting ---------------------------------------------------------------------------
    def wait_turn(self, seat: str = "S", timeout: float = TURN_MS) -> str:
        """Wait until ``seat`` is to move with no dialog open, or a hand or match has ended.

        Returns "turn", "hand-end", "match-end" or "handoff" (the handoff screen is up).
        """
        handle = self.page.wait_for_function(
            """(seat) => {
              const visible = (el) => !!(el.offsetWidth || el.offsetHeight
                  || el.getClientRects().length) && getComputedStyle(el).visibility !== 'hidden';
              for (const name of ['match-end', 'hand-end', 'error', 'handoff']) {
                for (const d of document.querySelectorAll(`[data-dialog="${name}"]`))
                  if (visible(d)) return name;
              }
              // no data-to-move once a hand is over (data-hand-over="true" says so too)
              if (document.body.dataset.toMove !== seat) return null;
              if (document.body.dataset.handOver === 'true') return null;
              if ([...document.querySelectorAll('[data-dialog]')].some(visible)) return null;
              const hand = document.querySelector(`[data-hand="${seat}"]`);
              return hand && hand.querySelector('[data-tile]') ? 'turn' : null;
            }""",
            arg=seat,
            timeout=timeout,
        )
        result = str(handle.json_value())
        assert result != "error", f"the page shows an error: {self.dialog('error').inner_text()}"
        return result

    def wait_change(self, before: str, save_before: str | None, timeout: float = TURN_MS) -> None:
        """Wait until the table (hands, board, scores, body attributes) or the save differ."""
        self.page.wait_for_function(CHANGED_JS, arg=[before, save_before], timeout=timeout)

    def wait_targets(self, expected: list[str], timeout: float = 10_000) -> None:
        """Wait until exactly ``expected`` branches are highlighted as targets."""
        try:
            self.page.wait_for_function(
                """(expected) => {
                  const got = [...document.querySelectorAll('[data-target]')]
                    .filter(t => !t.closest('[data-dialog]')).map(t => t.dataset.target).sort();
                  return JSON.stringify(got) === JSON.stringify(expected);
                }""",
                arg=sorted(expected),
                timeout=timeout,
            )
        except Exception:
            got = self.state()["targets"]
            raise AssertionError(
                f"highlighted targets {got}, legal ones {sorted(expected)}"
            ) from None

    # -- acting ----------------------------------------------------------------------------
    def take_device(self) -> str:
        """On the handoff screen: check no tile is face up, confirm; returns the seat."""
        dialog = self.dialog("handoff")
        dialog.wait_for()
        button = self.action("take-device", within=dialog)
        seat = str(button.get_attribute("data-seat"))
        face_up = self.page.evaluate(
            "() => [...document.querySelectorAll('[data-hand] [data-tile]')]"
            ".map(t => t.closest('[data-hand]').dataset.hand + ':' + t.dataset.tile)"
        )
        assert face_up == [], f"tiles face up behind the handoff screen: {face_up}"
        button.click()
        dialog.wait_for(state="hidden")
        return seat

    def opened(self, state: dict[str, Any] | None = None) -> bool:
        state = state or self.state()
        return all(b["end"] not in (None, "") for b in state["branches"].values())

    def show_preview(self, move: Move, legal: list[Move], seat: str = "S") -> None:
        """Select the tile, check the lit targets, tap the target: a preview appears."""
        assert move.tile is not None and move.branch is not None
        self.tile(seat, str(move.tile)).click()
        self.wait_targets(
            [SEAT_NAMES[m.branch] for m in legal if m.tile is move.tile and m.branch is not None]
        )
        self.target(SEAT_NAMES[move.branch]).click()
        self.branch(SEAT_NAMES[move.branch]).locator(f'[data-preview="{move.tile}"]').wait_for(
            state="visible"
        )

    def play_turn(
        self, seat: str = "S", choose: Callable[[list[Move]], Move] | None = None
    ) -> Move:
        """Play one turn for ``seat`` through the page, as a person would, and check that the
        page lights exactly the targets the engine allows and offers Pass only when it must."""
        state = self.state()
        before, save_before = self.snapshot(), self.raw_save()
        if not self.opened(state):
            # the opener: its double is previewed in the centre (pre-selected when forced)
            preview = self.preview()
            preview.wait_for(state="visible")
            double = str(preview.get_attribute("data-preview"))
            self.action("confirm").click()
            self.tile(seat, double).wait_for(state="detached", timeout=ACT_MS)
            return Move.parse(double)
        legal = self.legal_for(seat, state)
        if not legal:
            assert self.action("confirm").is_disabled()
            self.action("pass").click()
            self.action("confirm").click()
            self.wait_change(before, save_before)
            # the pass has landed when the saved game holds it (the preview alone may already
            # change the table's markup)
            self.page.wait_for_function(
                "(n) => (JSON.parse(localStorage.getItem('longana:save') || '{}').log || [])"
                ".length > n",
                arg=len(json.loads(save_before).get("log", [])) if save_before else 0,
                timeout=TURN_MS,
            )
            return Move.parse("pass")
        assert self.action("pass").count() == 0, "Pass is offered although a tile can be played"
        move = (choose or (lambda ms: ms[0]))(legal)
        self.show_preview(move, legal, seat)
        self.action("confirm").click()
        self.tile(seat, str(move.tile)).wait_for(state="detached", timeout=ACT_MS)
        return move

    def play_hand(
        self,
        seat: str = "S",
        each_turn: Callable[[Game], None] | None = None,
        choose: Callable[[list[Move]], Move] | None = None,
    ) -> list[Move]:
        """Play ``seat``'s turns until the hand ends; returns the moves made."""
        made = []
        while self.wait_turn(seat) == "turn":
            if each_turn is not None:
                each_turn(self)
            tiles = self.state()["hands"][seat]["tiles"]
            move = self.play_turn(seat, choose)
            made.append(move)
            self.south_left = [t for t in tiles if move.tile is None or t != str(move.tile)]
        return made

    def settings(
        self, seats: str | None = None, speed: str | None = None, new_match: bool = True
    ) -> None:
        """Through the settings dialog: seats as "PCCC" (person/computer for S, E, N, W)."""
        self.action("settings").click()
        dialog = self.dialog("settings")
        dialog.wait_for()
        if seats is not None:
            for letter, kind in zip(SEATS, seats, strict=True):
                dialog.locator(f'[data-seat-kind="{letter}"]').select_option(
                    "person" if kind == "P" else "computer"
                )
        if speed is not None:
            dialog.locator('[data-setting="speed"]').select_option(speed)
        self.action("new-match" if new_match else "close", within=dialog).click()
        dialog.wait_for(state="hidden")

    # -- issue 4: undo/redo, reload, panels, hints -----------------------------------------
    def tool(self, name: str) -> None:
        """Press a tool (undo, redo, hint, ...) and wait until the table or the save changed."""
        before, save_before = self.snapshot(), self.raw_save()
        self.action(name).click()
        self.wait_change(before, save_before)

    def reload(self) -> None:
        """Reload the page in the same profile (localStorage kept) and wait until ready."""
        self.page.reload(wait_until="commit", timeout=FIRST_LOAD_MS)
        self.wait_ready()

    def open_panel(self, name: str) -> Locator:
        """Open the rules, record or settings panel; returns the dialog."""
        self.action(name).click()
        dialog = self.dialog(name)
        dialog.wait_for()
        return dialog

    def close_panel(self, name: str) -> None:
        dialog = self.dialog(name)
        self.action("close", within=dialog).first.click()
        dialog.wait_for(state="hidden")

    def moves_made(self) -> int:
        """How many actions the saved game holds (the page saves after every one)."""
        save = self.save()
        return 0 if save is None else len(save.get("log", []))

    def screenshot(self, name: str) -> Path:
        path = artifact(name if name.endswith(".png") else name + ".png")
        self.page.screenshot(path=str(path))
        return path


class Browsers:
    """Opens guarded contexts and game pages; closes them and checks their guards.

    ``game()`` opens the page in the session's warm profile (``warm_context``) when the test
    asks for nothing special: its HTTP cache holds the runtime already, which saves seconds
    per test, and it is handed over with empty storage, no pages, no routes, online, so the
    game inside starts exactly as in a new profile. ``fresh=True``, any context option, or
    a second game in the same test get a new profile; ``context()`` always does.
    """

    def __init__(
        self,
        browser: Browser,
        context_args: dict[str, Any],
        base_url: str,
        label: str,
        warm: BrowserContext | None = None,
    ) -> None:
        self.browser = browser
        self.context_args = context_args
        self.base_url = base_url
        self.label = label
        self.opened: list[tuple[BrowserContext, Guard]] = []
        self.warm = warm
        self.warm_guard: Guard | None = None

    def context(self, **kwargs: Any) -> tuple[BrowserContext, Guard]:
        """A fresh profile: its own cache and empty storage."""
        args = {**self.context_args, **kwargs}
        context = self.browser.new_context(**args)
        context.set_default_timeout(30_000)
        guard = Guard(context, self.label)
        self.opened.append((context, guard))
        return context, guard

    def game(
        self,
        query: str = "",
        *,
        ready: bool = True,
        settings: dict[str, Any] | None = None,
        save: dict[str, Any] | str | None = None,
        fresh: bool = False,
        **kwargs: Any,
    ) -> Game:
        """The page in an empty profile (optionally with settings and a save put in first):
        the warm one unless ``fresh`` or context options are asked for, or it is in use."""
        if not fresh and not kwargs and self.warm is not None and self.warm_guard is None:
            return self._warm_game(query, ready, settings, save)
        context, guard = self.context(**kwargs)
        if settings is not None or save is not None:
            preseed(context, settings=settings, save=save)
        game = Game(context.new_page(), guard, self.base_url)
        return game.open(query, ready=ready)

    def _warm_game(
        self,
        query: str,
        ready: bool,
        settings: dict[str, Any] | None,
        save: dict[str, Any] | str | None,
    ) -> Game:
        warm = self.warm
        assert warm is not None
        guard = Guard(warm, self.label)
        self.warm_guard = guard
        page = warm.new_page()
        # empty storage, then what the test puts in: on a blank page of the same origin
        # (answered here, with an icon so that the browser asks for no favicon.ico), before
        # the game's page is loaded in this tab
        blank = self.base_url + "e2e-blank.html"
        warm.route(
            blank,
            lambda route: route.fulfill(
                status=200,
                content_type="text/html",
                body='<!doctype html><link rel="icon" href="data:,"><title>e2e</title>',
            ),
        )
        page.goto(blank, wait_until="load")
        warm.unroute(blank)
        page.evaluate(
            """(items) => { localStorage.clear(); sessionStorage.clear();
                 for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }""",
            preseed_items(settings, save),
        )
        return Game(page, guard, self.base_url).open(query, ready=ready)

    def _release_warm(self, failed: bool) -> list[str]:
        warm, guard = self.warm, self.warm_guard
        if warm is None or guard is None:
            return []
        for k, page in enumerate(warm.pages):
            if failed:
                with contextlib.suppress(Exception):
                    page.screenshot(path=str(artifact(f"FAILED-{self.label}-warm-{k}.png")))
            with contextlib.suppress(Exception):
                page.close()
        guard.detach(warm)
        warm.unroute_all()
        warm.set_offline(False)
        self.warm_guard = None
        return guard.problems()

    def close(self, failed: bool) -> None:
        problems: list[str] = self._release_warm(failed)
        for n, (context, guard) in enumerate(self.opened):
            if failed:
                for k, page in enumerate(context.pages):
                    with contextlib.suppress(Exception):
                        page.screenshot(path=str(artifact(f"FAILED-{self.label}-{n}-{k}.png")))
            problems += guard.problems()
            with contextlib.suppress(Exception):
                context.close()
        self.opened.clear()
        assert not problems, f"{self.label}:\n  " + "\n  ".join(problems)


def _failed(item: pytest.Item) -> bool:
    report = getattr(item, "rep_call", None)
    return bool(report is not None and report.failed)


@pytest.fixture(scope="session")
def warm_context(
    browser: Browser, browser_context_args: dict[str, Any]
) -> Iterator[BrowserContext]:
    """One profile for the whole run whose HTTP cache stays warm (see :class:`Browsers`)."""
    context = browser.new_context(**browser_context_args)
    context.set_default_timeout(30_000)
    yield context
    with contextlib.suppress(Exception):
        context.close()


@pytest.fixture
def browsers(
    browser: Browser,
    browser_context_args: dict[str, Any],
    site_url: str,
    warm_context: BrowserContext,
    request: pytest.FixtureRequest,
) -> Iterator[Browsers]:
    """Per test: guarded empty profiles. ``browsers.game()`` opens the page and waits for it."""
    # LONGANA_E2E_FRESH=1: every game in a new profile (to compare, or to rule the warm one out)
    fresh = os.environ.get("LONGANA_E2E_FRESH") == "1"
    opened = Browsers(
        browser,
        browser_context_args,
        site_url,
        request.node.name,
        warm=None if fresh else warm_context,
    )
    yield opened
    opened.close(_failed(request.node))


@pytest.fixture
def game(browsers: Browsers) -> Game:
    """The page in a new profile (a cold HTTP cache), loaded and ready (default seats: a
    person at South)."""
    return browsers.game(fresh=True)


@pytest.fixture(scope="module")
def module_browsers(
    browser: Browser,
    browser_context_args: dict[str, Any],
    site_url: str,
    request: pytest.FixtureRequest,
) -> Iterator[Browsers]:
    """One set of guarded contexts shared by a module's tests (saves page loads)."""
    opened = Browsers(browser, browser_context_args, site_url, request.node.name)
    yield opened
    opened.close(False)


# -- positions prepared with the engine ---------------------------------------------------------


def preseed_items(
    settings: dict[str, Any] | None, save: dict[str, Any] | str | None
) -> dict[str, str]:
    """The localStorage items for ``settings`` and a save (a dict, or text for a broken one)."""
    items = {}
    if settings is not None:
        items["longana:settings"] = json.dumps(settings)
    if save is not None:
        items["longana:save"] = save if isinstance(save, str) else json.dumps(save)
    return items


def preseed(
    context: BrowserContext,
    *,
    settings: dict[str, Any] | None = None,
    save: dict[str, Any] | str | None = None,
) -> None:
    """Put settings and/or a saved game (a dict, or any text for a broken save) into the
    profile before the page's first load in each tab (and only into empty keys)."""
    items = preseed_items(settings, save)
    # once per tab (a reload must see what the page did with it, e.g. set a broken save aside)
    context.add_init_script(
        "(() => { if (!location.protocol.startsWith('http')) return;"
        " if (sessionStorage.getItem('e2e:preseeded')) return;"
        " sessionStorage.setItem('e2e:preseeded', '1');"
        " const items = " + json.dumps(items) + ";"
        " for (const [k, v] of Object.entries(items))"
        "   if (localStorage.getItem(k) === null) localStorage.setItem(k, v); })();"
    )


def seed_where(predicate: Callable[[Any], bool], limit: int = 5000) -> str:
    """The first deal number whose match satisfies ``predicate(match)``."""
    from longana.rules.match import Match

    for n in range(1, limit):
        if predicate(Match(str(n))):
            return str(n)
    raise AssertionError("no deal number found")


def south_opens_seed() -> str:
    """A deal number whose first hand is opened by South (holding the highest double)."""
    return seed_where(lambda m: m.hand.opener == 0)


@functools.cache
def long_branch_save(min_longest: int = 9) -> dict[str, Any]:
    """A saved session in the middle of a first hand with long branches, South (a person)
    to move with a legal play; the computer at E, N and W. Found by random play-outs."""
    import random

    from longana.device.session import COMPUTER, PERSON, Session

    best: tuple[int, str, list[str]] | None = None
    for n in range(1, 400):
        seed = str(n)
        session = Session(seed, seats=(PERSON, COMPUTER, COMPUTER, COMPUTER))
        rng = random.Random(n)
        moves: list[str] = []
        hand = session.match.hand
        while hand.outcome is None:
            legal = hand.legal_moves()
            if (
                hand.to_move == 0
                and hand.is_opened
                and legal[0].tile is not None
                and len(hand.tiles(0)) >= 2
            ):
                lines = hand.board.branches
                score = min(len(line) for line in lines) * 100 + sum(len(x) for x in lines)
                if best is None or score > best[0]:
                    best = (score, seed, moves[:])
            move = rng.choice(legal)
            session.play(move)
            moves.append(str(move))
        if best is not None and best[0] >= min_longest * 100:
            break
    assert best is not None
    _, seed, moves = best
    session = Session(seed, seats=(PERSON, COMPUTER, COMPUTER, COMPUTER))
    for text in moves:
        session.play(Move.parse(text))
    return session.to_dict()


def session_of(state: dict[str, Any]) -> Any:
    """The engine's session replayed from the save captured with ``state``."""
    from longana.device.session import Session

    assert state.get("save"), "nothing saved under longana:save"
    return Session.from_json(state["save"])


def table(game: Game) -> dict[str, Any]:
    """The public table and South's hand, for comparing two moments."""
    state = game.state()
    return {
        "to_move": state["toMove"],
        "south": sorted(state["hands"]["S"]["tiles"]),
        "branches": {
            s: (b["end"], b["open"], b["order"], b["tiles"]) for s, b in state["branches"].items()
        },
        "scores": state["scores"],
    }


def english() -> dict[str, Any]:
    """The English message catalog, for the words the page must show."""
    return dict(json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8")))


def check_against_save(state: dict[str, Any], people: str = "S") -> Any:
    """The table the page shows is the engine's replay of the saved game: whose turn, every
    branch (end, open flag, order, tiles), the people's hands, the scores."""
    session = session_of(state)
    hand = session.match.hand
    board = hand.board
    if hand.outcome is None:
        assert state["toMove"] == SEATS[hand.to_move], (
            f"page says {state['toMove']} to move, the saved game says {SEATS[hand.to_move]}"
        )
    else:
        assert state["toMove"] is None, f"data-to-move={state['toMove']} after the hand's end"
    for b, seat in enumerate(SEATS):
        shown = state["branches"][seat]
        if board.opening is not None:
            assert shown["end"] == str(board.ends[b]), (
                f"branch {seat}: page end {shown['end']}, engine {board.ends[b]}"
            )
            assert shown["markers"] == [seat], (
                f"branch {seat}: end markers {shown['markers']} (one data-end-marker expected)"
            )
        assert shown["open"] == ("true" if board.order[b] else "false"), (
            f"branch {seat}: page open={shown['open']}, engine order {board.order[b]}"
        )
        if board.order[b]:
            assert shown["order"] == str(board.order[b]), (
                f"branch {seat}: page order {shown['order']}, engine {board.order[b]}"
            )
        line = [str(t) for t in board.branches[b]]
        # long branches may fold their oldest tiles: the page shows the outer ones, in order
        assert shown["tiles"] == line[len(line) - len(shown["tiles"]) :], (
            f"branch {seat}: page shows {shown['tiles']}, engine has {line}"
        )
        assert not line or shown["tiles"], f"branch {seat} shows none of its tiles {line}"
    for seat in people:
        s = SEATS.index(seat)
        if hand.outcome is None and hand.to_move == s:
            assert sorted(state["hands"][seat]["tiles"]) == sorted(str(t) for t in hand.tiles(s))
    if state["scores"]:
        assert {k: int(v) for k, v in state["scores"].items()} == dict(
            zip(SEATS, session.match.scores, strict=True)
        )
    return session
