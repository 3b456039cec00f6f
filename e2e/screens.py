"""The table at a screen size (issue 10): the viewport set and the board re-laid for it; axe-core
run on the page as it is (injected from ``node_modules``, never served); the shapes of screen
checked and the boxes read from the page that must not cover one another (end caps, seat
plates, board tiles, the holder's hand), what a tap at each hand tile's centre hits, where each
seat's hand sits.
"""

from __future__ import annotations

import time
from typing import Any

from .game import Game
from .shown import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

# axe-core's violations, each with (up to 8 of) the elements it found them on.
AXE_JS = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map(v => ({id: v.id, impact: v.impact,
      targets: v.nodes.map(n => n.target.join(' ')).slice(0, 8), nodes: v.nodes.length}));
}"""
AXE_SIZES = [(1366, 768), (360, 640)]  # a desktop and a phone


def axe(game: Game, where: str, found: dict[str, list[str]]) -> None:
    """Run axe-core on the page as it is (injected from node_modules, never served)."""
    assert AXE.is_file(), f"{AXE} is missing: run `npm ci`"
    if not game.page.evaluate("() => typeof window.axe !== 'undefined'"):
        game.page.add_script_tag(path=str(AXE))
    game.wait_laid()  # the re-laid table settles
    start = time.monotonic()
    violations = game.page.evaluate(AXE_JS)
    size = game.page.viewport_size
    label = f"{where} at {size['width']}x{size['height']}" if size else where
    print(f"axe {label}: {len(violations)} violations ({time.monotonic() - start:.1f} s)")
    if violations:
        found[label] = [
            f"{v['id']} ({v['impact']}, {v['nodes']} nodes): {v['targets']}" for v in violations
        ]


def set_size(game: Game, width: int, height: int) -> None:
    """A new viewport; wait until the page has re-laid the table for it."""
    game.page.set_viewport_size({"width": width, "height": height})
    game.page.wait_for_function(
        "([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height]
    )
    game.wait_laid()


# Every shape of screen the table is checked at: phones held both ways, tablets, desktops.
SHAPES = [
    (360, 640),
    (390, 844),
    (640, 360),
    (740, 360),
    (844, 390),
    (768, 1024),
    (1024, 768),
    (1180, 820),
    (1366, 768),
    (1920, 1080),
]

# Boxes (in page coordinates) of the four kinds that must not cover one another, and the
# page's width; the holder's hand is the seat drawn at the bottom.
BOXES_JS = """() => {
  const table = (el) => !el.closest('[data-dialog]');
  const box = (el) => { const r = el.getBoundingClientRect();
    return {x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height,
            name: el.dataset.tile || el.dataset.endMarker || el.dataset.preview
                  || (el.closest('[data-seat]') || {dataset: {}}).dataset.seat
                  || el.className}; };
  const all = (s) => [...document.querySelectorAll(s)].filter(table).map(box);
  return {caps: all('#app [data-end-marker]'),
          plates: all('#app .seat .plate'),
          board: all('#app [data-branch] [data-tile], #app [data-branch] .fold, '
                     + '#app .centre .tile, #app [data-preview]'),
          hand: all('#app .at-bottom [data-hand] [data-tile]'),
          holder: (document.querySelector('#app .at-bottom [data-hand]') || {dataset: {}})
                  .dataset.hand,
          vw: innerWidth, vh: innerHeight,
          scrollW: document.scrollingElement.scrollWidth};
}"""

# Each of the holder's hand tiles, scrolled into view if it must be: what a tap at its centre
# hits.
HITS_JS = """() => {
  const out = [];
  for (const t of document.querySelectorAll('#app .at-bottom [data-hand] [data-tile]')) {
    t.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const r = t.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || hit.closest('[data-tile]') !== t) {
      const c = (s) => hit && hit.closest(s);
      const what = !hit ? 'nothing' : `<${hit.tagName.toLowerCase()} class="${hit.className}"`
          + (c('[data-tile]') ? ` in tile ${c('[data-tile]').dataset.tile}` : '')
          + (c('[data-branch]') ? ` in branch ${c('[data-branch]').dataset.branch}` : '')
          + (c('[data-seat]') ? ` in seat ${c('[data-seat]').dataset.seat}` : '') + '>';
      out.push(`${t.dataset.tile} at (${Math.round(r.left + r.width / 2)}, `
               + `${Math.round(r.top + r.height / 2)}) hits ${what}`);
    }
  }
  scrollTo(0, 0);
  return out;
}"""


def overlaps(boxes: dict[str, Any]) -> list[str]:
    """Pairs of boxes of different kinds that cover one another (by more than 1 px)."""
    kinds = ("caps", "plates", "board", "hand")
    out = []
    for i, first in enumerate(kinds):
        for second in kinds[i + 1 :]:
            for p in boxes[first]:
                for q in boxes[second]:
                    dx = min(p["x"] + p["w"], q["x"] + q["w"]) - max(p["x"], q["x"])
                    dy = min(p["y"] + p["h"], q["y"] + q["h"]) - max(p["y"], q["y"])
                    if dx > 1 and dy > 1:
                        out.append(
                            f"{first[:-1] if first != 'board' else 'board tile'} "
                            f"{p['name']} and {second.rstrip('s')} {q['name']} "
                            f"({dx:.0f}x{dy:.0f} px)"
                        )
    return out


# Where each seat's hand sits (the holder's at the bottom), face up or down, how wide.
PLACES_JS = """() => {
  const out = {vh: innerHeight};
  for (const s of document.querySelectorAll('#app section.seat')) {
    const hand = s.querySelector('[data-hand]');
    const r = hand.getBoundingClientRect();
    out[s.dataset.seat] = {cls: s.className, hand: hand.dataset.hand,
        up: hand.classList.contains('up'),
        tiles: [...hand.querySelectorAll('[data-tile]')].map(t => t.dataset.tile),
        backs: hand.querySelectorAll('.back').length,
        top: r.top, bottom: r.bottom, width: r.width,
        tileW: (hand.querySelector('.tile') || hand).getBoundingClientRect().width};
  }
  return out;
}"""
