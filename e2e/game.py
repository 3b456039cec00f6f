"""The game page as the end-to-end tests drive it: through the data attributes of
``../shared/spec/interfaces.md`` (and a few more the page offers, docs/page-automation.md), and
waiting on the page's signals (the body's data attributes, the dialogs), never on a sleep.
What the page shows is read by :mod:`e2e.shown`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from longana import SEAT_NAMES, Move

if TYPE_CHECKING:
    from .guard import Guard

from .shown import (
    CHANGED_JS,
    LEAKS_JS,
    ROOT,
    SEATS,
    SNAPSHOT_JS,
    STATE_JS,
    board_from_state,
    mask,
)

FIRST_LOAD_MS = 120_000  # Pyodide + PyScript start on 2 slow cores, cold cache
WORKER_MS = 120_000  # the computer's worker answers its first call
TURN_MS = 60_000  # computer seats at normal speed, a few moves in a row
ACT_MS = 10_000  # the page's answer to the person's own tap
OUTSIDE_DIALOGS = ":not([data-dialog] *)"
ARTIFACTS = ROOT / "artifacts"


def artifact(name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / re.sub(r"[^A-Za-z0-9_.-]+", "_", name)


class Game:
    """One browser page with the game, driven through the data attributes of interfaces.md
    (and a few more the page offers: ``data-preview`` on a previewed tile, ``data-moves`` on
    the body, ``data-seat-kind``/``data-setting`` in the settings dialog)."""

    def __init__(self, page: Page, guard: Guard, base_url: str) -> None:
        self.page = page
        self.guard = guard
        self.base_url = base_url
        self.south_left: list[str] | None = None  # South's tiles after its last turn here
        self.ended = ""  # how play_hand's hand ended: "hand-end", "match-end" or "handoff"

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

    def renders(self) -> int:
        """How many times the page has drawn the table (``<body data-renders>``)."""
        return int(self.page.evaluate("() => Number(document.body.dataset.renders || 0)"))

    def wait_render(self, after: int, timeout: float = TURN_MS) -> None:
        """Wait until the page has drawn the table again since it had drawn it ``after``
        times."""
        self.page.wait_for_function(
            "(n) => Number(document.body.dataset.renders || 0) > n", arg=after, timeout=timeout
        )

    def wait_laid(self, timeout: float = ACT_MS) -> None:
        """Wait until the board is laid out for the area it has now (``<body
        data-board-area>``): after a resize, or after the bars took other room."""
        try:
            self.page.wait_for_function(
                """() => { const a = document.getElementById('board-area');
                           return !a || document.body.dataset.boardArea
                             === a.clientWidth + 'x' + a.clientHeight; }""",
                timeout=timeout,
            )
        except PlaywrightTimeout:
            seen = self.page.evaluate(
                """() => { const a = document.getElementById('board-area');
                           return [document.body.dataset.boardArea,
                                   a.clientWidth + 'x' + a.clientHeight,
                                   document.body.dataset.renders]; }"""
            )
            raise AssertionError(
                f"the board was laid out for {seen[0]}, its area is {seen[1]} "
                f"(after {seen[2]} drawings)"
            ) from None

    def next_frame(self) -> None:
        """Wait until the browser has drawn the next frame (a scroll or a style shows)."""
        self.page.evaluate(
            "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )

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
        """Play ``seat``'s turns until the hand ends; returns the moves made. How it ended is
        kept in ``ended``: a first hand may also win the match (about 1 deal in 65 when
        South plays its first legal move)."""
        made = []
        while (result := self.wait_turn(seat)) == "turn":
            if each_turn is not None:
                each_turn(self)
            tiles = self.state()["hands"][seat]["tiles"]
            move = self.play_turn(seat, choose)
            made.append(move)
            self.south_left = [t for t in tiles if move.tile is None or t != str(move.tile)]
        self.ended = result
        return made

    def deal_on(self, ended: str) -> None:
        """After a hand's end or a match's end (``wait_turn``'s answer): its next hand, or a
        new match, as a person would go on from that dialog."""
        dialog = self.dialog(ended)
        self.action("next-hand" if ended == "hand-end" else "new-match", within=dialog).click()
        dialog.wait_for(state="hidden")

    def settings(
        self,
        seats: str | None = None,
        speed: str | None = None,
        new_match: bool = True,
        target: int | None = None,
    ) -> None:
        """Through the settings dialog: seats as "PCCC" (person/computer for S, E, N, W), the
        match's length as its target."""
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
        if target is not None:
            dialog.locator('select[data-setting="target"]').select_option(str(target))
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

    def hand_moves(self) -> int:
        """How many moves the hand holds (``data-moves`` on the body; 0 while it has none),
        where :meth:`moves_made` counts the whole match's actions in the save."""
        return int(self.page.evaluate("() => Number(document.body.dataset.moves || 0)"))

    def wait_moves(self, before: int, timeout: float = ACT_MS) -> None:
        """Wait until the hand holds more than ``before`` moves, or has ended."""
        self.page.wait_for_function(
            "(n) => Number(document.body.dataset.moves || 0) > n"
            " || document.body.dataset.handOver === 'true'",
            arg=before,
            timeout=timeout,
        )

    def position(self) -> dict[str, Any]:
        """The public position (whose turn, each branch, the scores) and South's hand as the
        page shows them, for comparing two moments."""
        state = self.state()
        return {
            "to_move": state["toMove"],
            "south": sorted(state["hands"]["S"]["tiles"]),
            "branches": {
                s: (b["end"], b["open"], b["order"], b["tiles"])
                for s, b in state["branches"].items()
            },
            "scores": state["scores"],
        }

    def screenshot(self, name: str) -> Path:
        path = artifact(name if name.endswith(".png") else name + ".png")
        self.page.screenshot(path=str(path))
        return path
