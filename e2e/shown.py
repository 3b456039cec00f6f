"""What the page shows, read in one round trip, and compared with the engine: the hands, the
branches, the scores, whose turn; a snapshot to wait for a change; no face-down tile leaking a
number. The expected legal moves and refusals are computed with the ``longana`` engine from
what the page shows (branch ends, open flags and order, South's tiles), so the tests do not
depend on how the page stores its state.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from longana import SEAT_NAMES, Tile
from longana.rules.board import Board

ROOT = Path(__file__).resolve().parent.parent
SEATS = tuple(SEAT_NAMES)  # ("S", "E", "N", "W")


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
  for (const a of document.body.attributes)  // not the page's counters: the table itself
    if (!['data-renders', 'data-board-area'].includes(a.name)) parts.push(a.name + '=' + a.value);
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


def session_of(state: dict[str, Any]) -> Any:
    """The engine's session replayed from the save captured with ``state``."""
    from longana.device.session import Session

    assert state.get("save"), "nothing saved under longana:save"
    return Session.from_json(state["save"])


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
