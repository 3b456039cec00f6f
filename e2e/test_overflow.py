"""No words spill out of their boxes, in any language, at 320, 360, 390, 768 and 1366 px wide
(issue 20).

One page per language, the viewport resized through the five widths, in three scenes: the
table with South to pass (an open branch's cap beside closed ones, the plates, the bars), the
rules panel and the record panel over it, and a blocked hand's end (its table of tiles and
points). At each width, every visible one of these is measured:

- boxes whose content is wider or taller than the box (``scrollWidth > clientWidth``, the same
  for heights): buttons, plates, table cells, the record's columns (number, seat, move), the top
  bar's line (which also must keep the deal number in sight), the message bar's lines; a dialog
  that scrolls sideways;
- parts that must lie inside their box: an end cap's number and state (OPEN, ABIERTA,
  CERRADA …), a plate's words;
- boxes that must not overlap: the message bar's lines and its buttons, the top bar's line and
  its tools;
- tile names in running text that could break at their hyphen ("9-" at a line's end, "9" on
  the next): a tile name is written with a non-breaking hyphen or sits where lines never wrap.

The page's description (``<meta name="description">``) is the language's own. The message bar
must not say one sentence twice: with South to pass, a tap on a tile says why it cannot go
anywhere, not the pass prompt again (it was shown twice at 1366x768).
Screenshots ``artifacts/overflow-<lang>-<width>-<scene>.png`` are left to be looked at.
"""

from __future__ import annotations

import functools
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from longana.device.session import COMPUTER, PERSON, Session
from ui.i18n import LANGUAGES

from .browsers import Browsers
from .game import ACT_MS, Game

ROOT = Path(__file__).resolve().parent.parent

LANGS = LANGUAGES
SIZES = ((320, 568), (360, 640), (390, 844), (768, 1024), (1366, 768))
FAST = {"speed": "fast"}

MEASURE_JS = r"""() => {
  const out = [];
  const seen = (el) => el.getClientRects().length > 0 && !el.closest('.sr-only, [hidden]')
      && getComputedStyle(el).visibility !== 'hidden';
  const name = (el) => {
    const data = [...el.attributes].filter(a => a.name.startsWith('data-'))
        .map(a => `[${a.name}="${a.value}"]`).join('');
    const cls = [...el.classList].map(c => '.' + c).join('');
    const text = (el.innerText || el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${cls}${data} "${text}"`;
  };
  const rect = (el) => el.getBoundingClientRect();
  // boxes whose content does not fit them
  const boxes = '.btn, .plate, .top .info, .msg, .prompt, th, td, .rec-step > *';
  for (const el of document.querySelectorAll(boxes)) {
    if (!seen(el) || getComputedStyle(el).display === 'inline') continue;
    const dx = el.scrollWidth - el.clientWidth, dy = el.scrollHeight - el.clientHeight;
    if (dx > 1) out.push(`${name(el)}: ${dx}px wider than its box`);
    if (dy > 1) out.push(`${name(el)}: ${dy}px taller than its box`);
  }
  for (const el of document.querySelectorAll('dialog[open]')) {
    const dx = el.scrollWidth - el.clientWidth;
    if (seen(el) && dx > 1) out.push(`${name(el)}: scrolls sideways by ${dx}px`);
  }
  // parts that must lie inside their box
  for (const [part, box] of [['.cap .end', '.cap'], ['.cap .state', '.cap'],
                             ['.plate > *', '.plate']]) {
    for (const el of document.querySelectorAll(part)) {
      if (!seen(el)) continue;
      const r = rect(el), b = rect(el.closest(box));
      if (r.left < b.left - 0.5 || r.right > b.right + 0.5
          || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5)
        out.push(`${name(el)} spills out of ${name(el.closest(box))}`);
    }
  }
  // boxes that must not overlap
  for (const [one, two] of [['.msg', '.buttons'], ['.prompt', '.buttons'],
                            ['.top .info', '.top .tools']]) {
    for (const a of document.querySelectorAll(one))
    for (const b of document.querySelectorAll(two)) {
      if (!seen(a) || !seen(b) || !a.textContent.trim()) continue;
      const r = rect(a), s = rect(b);
      if (r.left < s.right - 0.5 && s.left < r.right - 0.5
          && r.top < s.bottom - 0.5 && s.top < r.bottom - 0.5)
        out.push(`${name(a)} overlaps ${name(b)}`);
    }
  }
  // the top bar keeps the deal number in sight
  for (const deal of document.querySelectorAll('#app [data-deal]')) {
    if (!seen(deal)) { out.push('the deal number is hidden'); continue; }
    const r = rect(deal), info = rect(deal.closest('.info'));
    if (r.right > info.right + 0.5 || r.bottom > info.bottom + 0.5)
      out.push(`the deal number is cut off: ${name(deal)}`);
  }
  // tile names that could break at their hyphen
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('svg, script, style, textarea, noscript') || !seen(el)) continue;
    if (!/\d-\d/.test(node.textContent)) continue;
    const ws = getComputedStyle(el).whiteSpace;
    if (ws !== 'nowrap' && ws !== 'pre') out.push(`${name(el)}: a tile name may break at "-"`);
  }
  return out;
}"""

# the measurement, taken once the page has laid itself out anew for the viewport's size
SETTLED_JS = (
    "([w, h]) => { if (innerWidth !== w || innerHeight !== h) return null;"
    " const found = (" + MEASURE_JS + ")(); return found.length ? null : found; }"
)


def measure(game: Game, size: tuple[int, int]) -> list[str]:
    """What spills at ``size``, once the page has laid the board out for it: at once when
    nothing does, else after the page has had a while to fit the rest to the new size."""
    game.page.set_viewport_size({"width": size[0], "height": size[1]})
    game.wait_laid()
    try:
        game.page.wait_for_function(SETTLED_JS, arg=list(size), timeout=ACT_MS)
        return []
    except Exception:  # noqa: BLE001 - still spilling: say what
        return list(game.page.evaluate(MEASURE_JS))


def walk(game: Game, lang: str, scene: str, found: dict[str, list[str]]) -> None:
    for size in SIZES:
        problems = measure(game, size)
        game.screenshot(f"overflow-{lang}-{size[0]}-{scene}")
        if problems:
            found[f"{lang} {size[0]}x{size[1]} {scene}"] = problems


# -- positions ---------------------------------------------------------------------------------


def _random_hand(n: int) -> Session:
    session = Session(str(100000 + n), seats=(PERSON, COMPUTER, COMPUTER, COMPUTER))
    rng = random.Random(n)
    hand = session.match.hand
    while hand.outcome is None:
        if (
            hand.to_move == 0
            and hand.is_opened
            and str(hand.legal_moves()[0]) == "pass"
            and hand.board.order[0] == 0
            and any(hand.board.order[1:])
        ):
            return session
        session.play(rng.choice(hand.legal_moves()))
    return session


@functools.cache
def must_pass_save() -> dict[str, Any]:
    """South (a person) must pass, its branch closed, another branch open."""
    for n in range(1, 3000):
        session = _random_hand(n)
        if session.match.hand.outcome is None:
            return session.to_dict()
    raise AssertionError("no position where South must pass")


@functools.cache
def blocked_save() -> dict[str, Any]:
    """A hand just blocked with a winner, one seat left with five tiles or more (the widest
    rows of the hand's end), the match not over."""
    for n in range(1, 3000):
        session = _random_hand(n)
        hand = session.match.hand
        rng = random.Random(-n)
        while hand.outcome is None:
            session.play(rng.choice(hand.legal_moves()))
        out = hand.outcome
        widest = max(len(hand.tiles(s)) for s in range(4))
        if out.reason == "block" and out.winner is not None and widest >= 5:
            if session.match.is_over:  # a block may take a seat past 100: no match end here
                continue
            return session.to_dict()
    raise AssertionError("no blocked hand")


# -- the test ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_no_words_spill_at_any_width(browsers: Browsers, lang: str) -> None:
    game = browsers.game(f"?lang={lang}", settings=FAST, save=must_pass_save())
    assert game.wait_turn("S") == "turn"
    found: dict[str, list[str]] = {}
    words = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
    described = game.page.evaluate(
        "() => document.querySelector('meta[name=\"description\"]').content"
    )
    assert described == words["app"]["description"], "the page describes itself in its language"

    # the message bar says one thing once: a tile tapped when none fits says so
    game.page.set_viewport_size({"width": 1366, "height": 768})
    before = game.message()
    game.tile("S", game.state()["hands"]["S"]["tiles"][0]).click()
    game.page.wait_for_function(
        "(before) => document.querySelector('#msg').textContent.trim() !== before", arg=before
    )
    bar = game.page.evaluate(
        "() => [document.querySelector('#msg').textContent, "
        "document.querySelector('#prompt').textContent]"
    )
    said = [s for line in bar for s in re.split(r"(?<=[.!?])\s+", line.strip()) if s]
    assert len(said) == len(set(said)), f"the message bar says a sentence twice: {bar}"

    walk(game, lang, "table", found)
    for panel in ("rules", "record"):
        game.page.set_viewport_size({"width": 1366, "height": 768})
        game.open_panel(panel)
        walk(game, lang, panel, found)
        game.close_panel(panel)

    game.page.evaluate(
        "(save) => localStorage.setItem('longana:save', save)", json.dumps(blocked_save())
    )
    game.reload()
    game.dialog("hand-end").wait_for()
    walk(game, lang, "hand-end", found)
    assert not found, "words spill out of their boxes:\n" + "\n".join(
        f"  {where}:\n    " + "\n    ".join(problems) for where, problems in found.items()
    )
