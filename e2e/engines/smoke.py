"""The game page in another engine, driven only through the names of
``../shared/spec/interfaces.md`` and ``docs/page-automation.md`` (as the Chromium suite does).

The expected legal moves come from the ``longana`` engine and what the page shows (branch ends,
open flags and order, South's tiles), with the Chromium suite's helpers.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from longana import SEAT_NAMES, Move

from ..game import artifact
from ..shown import STATE_JS, board_from_state, mask
from .drivers import Driver, WaitTimeout

FIRST_LOAD_S = 240.0  # a cold WebKit start took 17-39 s by hand; the machine is shared
TURN_S = 90.0  # computer seats, a few moves in a row
ACT_S = 15.0  # the page's answer to a tap or a key
TABLE = ":not([data-dialog] *)"  # outside every dialog (the hand-end one repeats the hands)

READY_JS = """() => {
  if (document.body && document.body.dataset.ready === 'true') return 'ready';
  for (const d of document.querySelectorAll('[data-dialog="error"]'))
    if (d.offsetWidth || d.offsetHeight || d.getClientRects().length)
      return 'error: ' + d.innerText;
  return null;
}"""

TURN_JS = """(seat) => {
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length)
      && getComputedStyle(el).visibility !== 'hidden';
  for (const name of ['match-end', 'hand-end', 'error', 'handoff'])
    for (const d of document.querySelectorAll(`[data-dialog="${name}"]`))
      if (visible(d)) return name;
  if (document.body.dataset.toMove !== seat || document.body.dataset.handOver === 'true')
    return null;
  if ([...document.querySelectorAll('[data-dialog]')].some(visible)) return null;
  const hand = document.querySelector(`[data-hand="${seat}"]`);
  return hand && hand.querySelector('[data-tile]') ? 'turn' : null;
}"""

MARKS_JS = """() => {
  const at = (n) => {
    const e = performance.getEntriesByName(n);
    return e.length ? e[0].startTime : null;
  };
  return {shown: at('longana:shown'), interactive: at('longana:interactive'),
          worker: at('longana:worker-ready')};
}"""

TARGETS_JS = """() => [...document.querySelectorAll('[data-target]')]
  .filter(t => !t.closest('[data-dialog]')).map(t => t.dataset.target).sort()"""

ATTR_JS = """([css, name]) => {
  const el = [...document.querySelectorAll(css)].find(e => e.offsetWidth || e.offsetHeight
      || e.getClientRects().length);
  return el ? el.getAttribute(name) : null;
}"""

LOG_LENGTH_JS = (
    """() => (JSON.parse(localStorage.getItem('longana:save') || '{}').log || []).length"""
)

# the person's view is readable: nothing wider than the window, South's tiles all in view
LAYOUT_JS = """() => {
  const width = document.documentElement.clientWidth;
  const problems = [];
  if (document.documentElement.scrollWidth > width + 1)
    problems.push(`the page is ${document.documentElement.scrollWidth} px wide in ${width}`);
  for (const t of document.querySelectorAll('[data-hand="S"]:not([data-dialog] *) [data-tile]')) {
    const r = t.getBoundingClientRect();
    if (r.width < 8 || r.height < 8)
      problems.push(`tile ${t.dataset.tile} is ${r.width}x${r.height}`);
    if (r.left < -1 || r.right > width + 1) problems.push(`tile ${t.dataset.tile} is cut off`);
  }
  return problems;
}"""

SIZES = {"phone": (360, 640), "desktop": (1366, 768)}


class Smoke:
    """One engine's tab with the game, plus its server and the run's figures."""

    def __init__(self, driver: Driver, server: Any, figures: dict[str, Any]) -> None:
        self.driver = driver
        self.server = server
        self.figures = figures
        self.seen_errors: list[str] = []
        self.seen_persist: list[dict[str, Any]] = []  # storage.persist() calls (capture.js)
        self.size = "desktop"

    @property
    def name(self) -> str:
        return self.driver.name

    @property
    def url(self) -> str:
        return str(self.server.url)

    # -- loading -----------------------------------------------------------------------------
    def open(
        self,
        query: str = "",
        *,
        settings: dict[str, Any] | None = None,
        save: dict[str, Any] | None = None,
        clear: bool = True,
    ) -> float:
        """The game with empty storage (settings and a save put in first when given), ready
        to play; returns the seconds it took from the address to ``data-ready``."""
        self.settle()
        if clear:
            self.driver.goto(self.url + "smoke-blank.html")
            self.collect()
            items = {}
            if settings is not None:
                items["longana:settings"] = json.dumps(settings)
            if save is not None:
                items["longana:save"] = json.dumps(save)
            self.driver.js(
                # empty, but for the notices this device has already shown (Safari's)
                """(items) => {
                     for (const k of Object.keys(localStorage))
                       if (!k.startsWith('longana:notice:')) localStorage.removeItem(k);
                     sessionStorage.clear();
                     for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }""",
                items,
            )
        started = time.monotonic()
        self.driver.goto(self.url + query)
        self.wait_ready()
        return time.monotonic() - started

    def reload(self) -> float:
        self.settle()
        self.collect()
        started = time.monotonic()
        self.driver.reload()
        self.wait_ready()
        return time.monotonic() - started

    def settle(self) -> None:
        """Before the tab leaves a game that is on screen: its worker has loaded. (A later
        visit is played before its worker answers; a worker script cut off by leaving, under
        the service worker, is logged by Firefox as an error of the page.)"""
        on_screen = "() => document.body !== null && document.body.dataset.ready === 'true'"
        if self.driver.js(on_screen):
            self.driver.wait(
                "() => performance.getEntriesByName('longana:worker-ready').length > 0",
                timeout=TURN_S,
                what="the worker before leaving the page",
            )

    def wait_ready(self, timeout: float = FIRST_LOAD_S) -> None:
        started = time.monotonic()
        result = self.driver.wait(READY_JS, timeout=timeout, what="data-ready")
        if result != "ready":  # what the loading screen said on the way (capture.js)
            shown = [t for t in self.driver.kept("smoke:boot") if " MB" not in t]
            raise AssertionError(
                f"{self.name}: the page did not start in {time.monotonic() - started:.0f} s: "
                f"{result}; the loading screen said {shown}"
            )

    def marks(self) -> dict[str, float | None]:
        """The page's timing marks (ms from the navigation's start)."""
        # the worker's mark may come after data-ready on a later visit (the saved table)
        self.driver.wait(
            "() => (" + MARKS_JS + ")().worker !== null", timeout=TURN_S, what="worker-ready"
        )
        return dict(self.driver.js(MARKS_JS))

    def collect(self) -> None:
        """Take what the capture script kept in this tab before it is cleared or left."""
        self.seen_errors += self.driver.errors()
        self.seen_persist += [dict(c) for c in self.driver.kept("smoke:persist")]

    def errors(self) -> list[str]:
        """Every error since the last call (this tab's, kept across reloads)."""
        self.collect()
        seen, self.seen_errors = self.seen_errors, []
        return seen

    def persist_calls(self) -> list[dict[str, Any]]:
        """Every ``navigator.storage.persist()`` call since the last call: was the player
        acting (``acting``), had the browser already granted it (``granted``)."""
        self.collect()
        seen, self.seen_persist = self.seen_persist, []
        return seen

    # -- reading -----------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return dict(self.driver.js(STATE_JS))

    def body(self, name: str) -> str | None:
        value = self.driver.js("(n) => document.body.getAttribute(n)", name)
        return None if value is None else str(value)

    def log_length(self) -> int:
        return int(self.driver.js(LOG_LENGTH_JS))

    def visible(self, css: str) -> bool:
        return bool(self.driver.js("(c) => !!(" + _VISIBLE_FIRST + ")(c)", css))

    def attr(self, css: str, name: str) -> str | None:
        value = self.driver.js(ATTR_JS, [css, name])
        return None if value is None else str(value)

    def wait_turn(self, seat: str = "S", timeout: float = TURN_S) -> str:
        """ "turn" (``seat`` to move, no dialog), "hand-end", "match-end" or "handoff"."""
        result = str(self.driver.wait(TURN_JS, seat, timeout=timeout, what=f"{seat}'s turn"))
        assert result != "error", f"{self.name}: the page shows an error"
        return result

    def wait_visible(self, css: str, timeout: float = ACT_S) -> None:
        self.driver.wait("(c) => !!(" + _VISIBLE_FIRST + ")(c)", css, timeout=timeout, what=css)

    def wait_gone(self, css: str, timeout: float = ACT_S) -> None:
        self.driver.wait(
            "(c) => !document.querySelector(c)", css, timeout=timeout, what=f"no {css}"
        )

    def wait_targets(self, expected: list[str]) -> None:
        want = sorted(expected)
        try:
            self.driver.wait(
                "(want) => JSON.stringify((" + TARGETS_JS + ")()) === JSON.stringify(want)",
                want,
                timeout=ACT_S,
            )
        except AssertionError:
            got = self.driver.js(TARGETS_JS)
            raise AssertionError(f"{self.name}: lit targets {got}, legal ones {want}") from None

    def legal(self, state: dict[str, Any]) -> list[Move]:
        board = board_from_state(state)
        return board.plays_for(0, mask(state["hands"]["S"]["tiles"]))

    @staticmethod
    def opened(state: dict[str, Any]) -> bool:
        return all(b["end"] not in (None, "") for b in state["branches"].values())

    # -- acting ------------------------------------------------------------------------------
    def play_turn(self, by: str, turn: int) -> str:
        """One turn of South, by ``"taps"`` or by ``"keys"`` (the keys each element declares
        in ``aria-keyshortcuts``); returns the move. The lit targets must be the legal ones,
        Pass offered only when nothing else is."""
        tap = by == "taps"
        state = self.state()
        moves_before = self.log_length()
        confirm = f'[data-action="confirm"]{TABLE}'
        if not self.opened(state):
            # South opens: its forced double is already previewed in the centre
            self.wait_visible(f"[data-preview]{TABLE}")
            double = str(self.attr(f"[data-preview]{TABLE}", "data-preview"))
            self.until(
                lambda: self.press(confirm, tap),
                lambda t: self.wait_gone(f'[data-hand="S"]{TABLE} [data-tile="{double}"]', t),
                again=tap,  # a key goes to the page, not to an element a redraw replaces
            )
            return double
        legal = self.legal(state)
        if not legal:
            self.press(f'[data-action="pass"]{TABLE}', tap)
            self.driver.wait(
                "(c) => { const b = document.querySelector(c); return b && !b.disabled; }",
                confirm,
                timeout=ACT_S,
                what="Confirm enabled after Pass",
            )
            self.press(confirm, tap)
            self.driver.wait(
                "(n) => (" + LOG_LENGTH_JS + ")() > n", moves_before, timeout=TURN_S, what="pass"
            )
            return "pass"
        assert not self.visible(f'[data-action="pass"]{TABLE}'), (
            f"{self.name}: Pass is offered although a tile can be played"
        )
        move = legal[turn % len(legal)]
        assert move.tile is not None and move.branch is not None
        tile, branch = str(move.tile), SEAT_NAMES[move.branch]
        self.press(f'[data-hand="S"]{TABLE} [data-tile="{tile}"]', tap)
        self.wait_visible(f'[data-hand="S"]{TABLE} [data-tile="{tile}"][aria-pressed="true"]')
        self.wait_targets(
            [SEAT_NAMES[m.branch] for m in legal if m.tile is move.tile and m.branch is not None]
        )
        self.press(f'[data-target="{branch}"]{TABLE}', tap)
        self.wait_visible(f'[data-branch="{branch}"]{TABLE} [data-preview="{tile}"]')
        self.until(
            lambda: self.press(confirm, tap),
            lambda t: self.wait_gone(f'[data-hand="S"]{TABLE} [data-tile="{tile}"]', t),
            again=tap,
        )
        return str(move)

    def press(self, css: str, tap: bool) -> None:
        """Tap the element, or press the first key it declares."""
        if tap:
            self.driver.click(css)
            return
        keys = self.attr(css, "aria-keyshortcuts")
        assert keys, f"{self.name}: {css} declares no key (aria-keyshortcuts)"
        self.driver.key(keys.split()[0])

    def play_hand(self, by: str, each_turn: Callable[[int], None] | None = None) -> list[str]:
        """South's turns until the hand ends; returns the moves."""
        made: list[str] = []
        while self.wait_turn("S") == "turn":
            if each_turn is not None:
                each_turn(len(made))
            made.append(self.play_turn(by, len(made)))
        return made

    def until(
        self, press: Callable[[], None], done: Callable[[float], None], again: bool = True
    ) -> None:
        """``press``, then ``done(timeout)`` waits for what it does. A press that the page's
        redraw swallowed (the element was replaced while the driver clicked it: the fast
        computer redraws the bars every 100-200 ms) is made again, up to three times."""
        for attempt in range(3):
            press()
            try:
                done(5.0 if attempt < 2 and again else ACT_S)
                return
            except WaitTimeout:
                if attempt == 2 or not again:
                    raise

    def open_panel(self, name: str) -> None:
        self.until(
            lambda: self.driver.click(f'[data-action="{name}"]{TABLE}'),
            lambda t: self.wait_visible(f'[data-dialog="{name}"]', timeout=t),
        )

    def close_panel(self, name: str) -> None:
        self.driver.click(f'[data-dialog="{name}"] [data-action="close"]')
        self.driver.wait(
            "(c) => !(" + _VISIBLE_FIRST + ")(c)",
            f'[data-dialog="{name}"]',
            timeout=ACT_S,
            what=f"{name} closed",
        )

    # -- looking -----------------------------------------------------------------------------
    def resize(self, size: str) -> None:
        width, height = SIZES[size]
        self.driver.viewport(width, height)
        self.driver.wait(
            "([w, h]) => innerWidth === w && innerHeight === h",
            [width, height],
            timeout=ACT_S,
            what=f"a {width}x{height} viewport",
        )
        # drawn at the new size before anyone looks (two frames)
        self.driver.js(
            "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        self.size = size

    def layout_problems(self) -> list[str]:
        """What does not fit, once the page has had a moment to fit itself to the window
        (the table is laid out again after a resize); [] when all fits."""
        with contextlib.suppress(AssertionError):
            self.driver.wait(
                "() => (" + LAYOUT_JS + ")().length === 0", timeout=ACT_S, what="the layout"
            )
        return [str(p) for p in self.driver.js(LAYOUT_JS)]

    def screenshot(self, what: str) -> Path:
        path = artifact(f"engines-{self.name}-{what}-{self.size}.png")
        self.driver.screenshot(path)
        return path


def table(state: dict[str, Any]) -> dict[str, Any]:
    """The public table and South's hand, for comparing two moments."""
    return {
        "to_move": state["toMove"],
        "south": sorted(state["hands"]["S"]["tiles"]),
        "branches": {
            s: (b["end"], b["open"], b["order"], b["tiles"]) for s, b in state["branches"].items()
        },
        "scores": state["scores"],
    }


_VISIBLE_FIRST = """(css) => [...document.querySelectorAll(css)].find(el =>
  (el.offsetWidth || el.offsetHeight || el.getClientRects().length)
  && getComputedStyle(el).visibility !== 'hidden')"""
