"""A table across devices as the e2e tests drive it (issue 35): a host's page and its guests'
pages, each in a browser context of its own (separate devices: separate storage and caches),
paired through the code fields, and what each guest heard on its channel captured.

Every page here is opened in the namespaced Chromium of ``conftest.py``: never outside it.
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page

from longana.rules.match import Match

from ..browsers import Browsers
from ..game import Game

PHONE = {"width": 360, "height": 640}
LAPTOP = {"width": 1366, "height": 768}
JOIN_MS = 30_000
TILE = re.compile(r"\b\d-\d\b")

# Every message a guest's channel delivers, kept in window.__heard (the page's own listener
# gets the same events): what crossed the wire, to check for hidden tiles.
CAPTURE = """(() => {
  window.__heard = [];
  const make = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = make.apply(this, args);
    channel.addEventListener("message", (e) => window.__heard.push(String(e.data)));
    return channel;
  };
})();"""


# When each device showed each move (data-moves), and when Confirm was pressed on it: a move's
# time from its confirm to every device (one machine, one clock: Date.now()).
TIMING = """(() => {
  window.__movesAt = {};
  window.__confirmedAt = [];
  document.addEventListener("click", (e) => {
    if (e.target.closest && e.target.closest('[data-action="confirm"]'))
      window.__confirmedAt.push(Date.now());
  }, true);
  new MutationObserver(() => {
    const n = document.body && document.body.dataset.moves;
    if (n && !(n in window.__movesAt)) window.__movesAt[n] = Date.now();
  }).observe(document, {attributes: true, subtree: true,
                                        attributeFilter: ["data-moves"]});
})();"""


# Where a move's time goes (LONGANA_TABLE_PROFILE=1): every text a data channel sent or
# delivered, every intent posted to the game worker and its answer, each a [Date.now(), what,
# characters, its first characters] in window.__events.
PROFILE = """(() => {
  window.__events = [];
  const note = (what, text) => window.__events.push(
    [Date.now(), what, String(text).length, String(text).slice(0, 48)]);
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (text) {
    note("sent", text);
    return send.call(this, text);
  };
  const make = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = make.apply(this, args);
    channel.addEventListener("message", (e) => note("heard", e.data));
    return channel;
  };
  let table; // the page's handling of each event of its line, in ms (synchronous part)
  Object.defineProperty(window, "longanaTable", {
    configurable: true,
    get: () => table,
    set: (line) => {
      const listen = line.listen;
      line.listen = (fn) => listen((event, seat, text) => {
        const began = performance.now();
        fn(event, seat, text);
        window.__events.push([Date.now(), "handled " + event, performance.now() - began, ""]);
      });
      table = line;
    },
  });
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (m) {
    if (m && m.text) note("asked", m.text);
    return post.call(this, m);
  };
  const listen = Worker.prototype.addEventListener;
  Worker.prototype.addEventListener = function (kind, fn, ...rest) {
    if (kind === "message") {
      const inner = fn;
      fn = (e) => { if (e.data && e.data.text) note("answered", e.data.text); return inner(e); };
    }
    return listen.call(this, kind, fn, ...rest);
  };
})();"""


@dataclass
class Table:
    """The host's game and the guests' games by seat, with what was measured."""

    host: Game
    guests: dict[str, Game] = field(default_factory=dict)
    figures: dict[str, list[float]] = field(default_factory=dict)

    def device(self, seat: str) -> Game:
        return self.guests.get(seat, self.host)

    def measured(self, name: str, value: float) -> None:
        self.figures.setdefault(name, []).append(value)


def open_host(peers: Browsers, query: str = "?deal=35", seats: str | None = None) -> Table:
    """The host's page, ready (a laptop's screen), seats set first if asked ("PCCC")."""
    context, guard = peers.context(viewport=LAPTOP, service_workers="block")
    context.add_init_script(TIMING)
    if os.environ.get("LONGANA_TABLE_PROFILE"):
        context.add_init_script(PROFILE)
    host = Game(context.new_page(), guard, peers.base_url).open(query)
    if seats is not None:
        host.settings(seats, new_match=False)
    return Table(host)


def open_pairing(host: Game) -> None:
    """Settings, then "host a table": the pairing dialog with its codes."""
    host.action("settings").click()
    host.dialog("settings").wait_for()
    host.action("table-host").click()
    host.dialog("table").wait_for()


def offer(host: Game, seat: str) -> tuple[str, str]:
    """The code and the link the host shows for ``seat``."""
    section = host.page.locator(f'[data-pair-seat="{seat}"]')
    section.locator("[data-pair-code]").wait_for(timeout=JOIN_MS)
    code = section.locator("[data-pair-code]").inner_text().strip()
    link = str(section.locator("a[data-pair-link]").get_attribute("href"))
    return code, link


def guest_page(peers: Browsers) -> Game:
    """A new device (a phone's screen) whose channel messages are captured."""
    context, guard = peers.context(viewport=PHONE, service_workers="block")
    context.add_init_script(CAPTURE)
    context.add_init_script(TIMING)
    if os.environ.get("LONGANA_TABLE_PROFILE"):
        context.add_init_script(PROFILE)
    return Game(context.new_page(), guard, peers.base_url)


def answer_of(guest: Game) -> str:
    guest.page.locator("[data-join-code]").wait_for(timeout=JOIN_MS)
    return guest.page.locator("[data-join-code]").inner_text().strip()


def accept(host: Game, seat: str, answer: str) -> None:
    host.page.fill(f'[data-pair-answer][data-seat="{seat}"]', answer)
    host.page.click(f'[data-action="pair-accept"][data-seat="{seat}"]')


def pair(table: Table, peers: Browsers, seat: str, guest: Game | None = None) -> Game:
    """``seat`` paired through the code fields: the guest opens the host's link, the host
    takes its answer; the guest's table is drawn. Measured: the guest's page from the link to
    its answer on screen, and from the answer taken to the guest's table drawn."""
    host = table.host
    _, link = offer(host, seat)
    guest = guest or guest_page(peers)
    began = time.perf_counter()
    if guest.page.url.split("#")[0] == link.split("#")[0]:
        guest.page.goto(link)  # the same page: only the address's #join= changes
    else:
        guest.page.goto(link, wait_until="commit")
    answer = answer_of(guest)
    table.measured("answer shown (s)", time.perf_counter() - began)
    began = time.perf_counter()
    accept(host, seat, answer)
    guest.wait_ready()
    table.measured("paired: answer taken to table drawn (s)", time.perf_counter() - began)
    table.guests[seat] = guest
    return guest


def to_move(page: Page) -> str | None:
    value = page.evaluate("() => document.body.dataset.toMove ?? null")
    return None if value is None else str(value)


def moves(page: Page) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.moves || 0)"))


def play_one(game: Game, seat: str) -> None:
    """``seat`` (the person at ``game``'s bottom) makes a legal move through the page: the
    opening double, else the first play the engine allows, else a pass."""
    game.wait_turn(seat)
    before = moves(game.page)
    state = game.state()
    if not game.opened(state):
        game.preview().wait_for(state="visible")
        game.action("confirm").click()
    else:
        legal = game.legal_for(seat, state)
        if legal:
            game.show_preview(legal[0], legal, seat)
        else:
            game.action("pass").click()
        game.action("confirm").click()
    game.wait_moves(before)


def seen_after_confirm(table: Table, actor: Game, count: int) -> float:
    """Seconds from the last Confirm on ``actor`` until every device showed move ``count``."""
    confirmed = float(actor.page.evaluate("() => window.__confirmedAt.at(-1)"))
    shown = [
        float(
            g.page.evaluate(
                """(n) => Math.min(...Object.entries(window.__movesAt)
                     .filter(([k]) => Number(k) >= n).map(([, t]) => t))""",
                count,
            )
        )
        for g in [table.host, *table.guests.values()]
    ]
    if os.environ.get("LONGANA_TABLE_DETAIL"):
        print(
            "   ", [round((t - confirmed) / 1000, 2) for t in shown], "actor", actor is table.host
        )
    return (max(shown) - confirmed) / 1000


def seen_everywhere(table: Table, count: int, timeout: float = 10_000) -> None:
    """Every device shows at least ``count`` moves of the hand (or its end)."""
    for game in [table.host, *table.guests.values()]:
        game.wait_moves(count - 1, timeout=timeout)


def hidden_tiles(deal: str, seat: str, played: set[str]) -> set[str]:
    """The tiles ``seat`` may not see in the first hand of ``deal``: the others' and the
    unused ones, less those on the board."""
    match = Match(deal)
    hand = match.hands[0]
    mine = {str(t) for t in hand.starting_tiles["SENW".index(seat)]}
    every = {str(t) for tiles in hand.starting_tiles for t in tiles}
    return every - mine - played


def board_tiles(game: Game) -> set[str]:
    """The tiles on the board (the opening double in the centre too)."""
    return set(
        game.page.evaluate(
            """() => [...document.querySelectorAll('[data-tile], [data-replay-tile]')]
                 .filter((t) => !t.closest('[data-hand], [data-dialog]'))
                 .map((t) => t.dataset.tile)"""
        )
    )


def leaks(guest: Game, hidden: set[str]) -> list[str]:
    """Hidden tiles found in the guest's DOM (a face-up tile or visible text), storage, or any
    message its channel delivered while the hand was in play."""
    page = guest.page
    found = []
    shown = set(
        page.evaluate(
            "() => [...document.querySelectorAll('[data-tile]')].map(t => t.dataset.tile)"
        )
    )
    found += [f"DOM data-tile {t}" for t in shown & hidden]
    text = str(page.evaluate("() => document.body.innerText"))
    found += [f"DOM text {t}" for t in set(TILE.findall(text)) & hidden]
    stored = str(page.evaluate("() => JSON.stringify({...localStorage, ...sessionStorage})"))
    found += [f"storage {t}" for t in set(TILE.findall(stored)) & hidden]
    for text in page.evaluate("() => window.__heard || []"):
        message = json.loads(text)
        frame = _frame_of(message)
        if frame is not None and frame.get("outcome") is not None:
            continue  # the hand is over: every hand is shown
        if frame is not None:
            for seat, shown_hand in frame["hands"].items():
                if seat != frame["viewer"] and shown_hand["tiles"] is not None:
                    found.append(f"message shows {seat}'s tiles")
        plain = json.dumps(_without(message, "explanation"))
        found += [f"message {t}" for t in set(TILE.findall(plain)) & hidden]
    return found


def _frame_of(message: dict[str, Any]) -> dict[str, Any] | None:
    for part in ("push", "reply"):
        inside = message.get(part)
        if isinstance(inside, dict) and isinstance(inside.get("frame"), dict):
            return dict(inside["frame"])
    return None


def _without(node: Any, key: str) -> Any:
    """``node`` without any ``key`` (a hint's explanation names tiles a seat might hold: the
    worker's honesty test covers it)."""
    if isinstance(node, dict):
        return {k: _without(v, key) for k, v in node.items() if k != key}
    if isinstance(node, list):
        return [_without(v, key) for v in node]
    return node


def where_the_time_went(timeline: dict[str, Any]) -> dict[str, list[float]]:
    """From every device's ``PROFILE`` timeline: ms of the host's worker per answer, from its
    answer to the last frame sent on, and each device's handling of a message (its page's
    synchronous work: the frame read and the table drawn)."""
    host = timeline["S"]["events"]
    found: dict[str, list[float]] = {"worker": [], "answer to last frame sent": []}
    asked = None
    for at, what, _size, _ in host:
        if what == "asked":
            asked = at
        elif what == "answered" and asked is not None:
            found["worker"].append(at - asked)
            sends = [e[0] for e in host if e[1] == "sent" and at <= e[0] <= at + 250]
            if sends:
                found["answer to last frame sent"].append(max(sends) - at)
            asked = None
    for seat, shown in timeline.items():
        found[f"{seat}: a message handled"] = [
            e[2] for e in shown["events"] if e[1] == "handled message"
        ]
    return found
