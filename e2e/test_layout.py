"""Long branches on a phone, a tablet and a desktop: all four branch ends stay on screen.

Screenshots go to ``artifacts/layout-<width>x<height>.png`` to be looked at.
"""

from __future__ import annotations

import contextlib
from typing import Any

from .browsers import Browsers
from .game import ACT_MS, TURN_MS, Game
from .positions import long_branch_save
from .shown import SEATS, check_against_save

SIZES = [(360, 640), (568, 320), (640, 360), (768, 1024), (1366, 768)]
LONG = 15  # tiles on the board, besides the opening double, for "long branches"
SHOWN = 4  # tiles (or folds) each branch shows at least, when it has that many
PIP = 3  # px: the least size of a pip in the hand (a squashed tile once lost them all)

# For each branch: its end marker (the element showing the end value and open state) and its
# outermost tile, with their boxes; plus the page's overflow.
GEOMETRY_JS = """() => {
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
            width: r.width, height: r.height}; };
  const out = {vw: innerWidth, vh: innerHeight,
               scrollW: document.scrollingElement.scrollWidth,
               scrollH: document.scrollingElement.scrollHeight, branches: {}};
  for (const b of document.querySelectorAll('[data-branch]')) {
    if (b.closest('[data-dialog]')) continue;
    const tiles = b.querySelectorAll('[data-tile]');
    const marker = b.querySelector('[data-end-marker], .cap, .end');
    out.branches[b.dataset.branch] = {marker: box(marker), last: box(tiles[tiles.length - 1]),
                                      count: tiles.length, end: b.dataset.end};
  }
  return out;
}"""


def off_screen(geometry: dict[str, Any]) -> list[str]:
    """What is not wholly inside the viewport (or has no size)."""
    vw, vh = geometry["vw"], geometry["vh"]
    problems = []
    for seat in SEATS:
        branch = geometry["branches"].get(seat)
        if branch is None:
            problems.append(f"no branch {seat}")
            continue
        for name in ("marker", "last"):
            b = branch[name]
            if b is None:
                problems.append(f"branch {seat}: no {name}")
            elif b["width"] <= 0 or b["height"] <= 0:
                problems.append(f"branch {seat}: {name} has no size")
            elif (
                b["left"] < -0.5
                or b["top"] < -0.5
                or b["right"] > vw + 0.5
                or b["bottom"] > vh + 0.5
            ):
                problems.append(f"branch {seat}: {name} at {b} outside {vw}x{vh}")
    if geometry["scrollW"] > vw + 1:
        problems.append(f"the page scrolls sideways: {geometry['scrollW']} > {vw}")
    return problems


def long_position(browsers: Browsers) -> Game:
    """South to move in a hand with long branches: the saved position from the engine if the
    page resumes saves; otherwise fast computers and South's plays until the board is long."""
    save = long_branch_save()
    game = browsers.game(settings={"speed": "fast"}, save=save)
    assert game.wait_turn("S") == "turn"
    from longana.device.session import Session

    wanted = Session.from_dict(save).match.hand
    state = game.state()
    if sorted(state["hands"]["S"]["tiles"]) == sorted(str(t) for t in wanted.tiles(0)):
        check_against_save(state)  # the resumed table is the saved one
        return game
    print("the page did not resume the saved game: playing to long branches instead")
    for _ in range(400):
        result = game.wait_turn("S")
        if result != "turn":
            game.deal_on(result)
            continue
        state = game.state()
        placed = sum(len(b["tiles"]) for b in state["branches"].values())
        if game.opened(state) and placed >= LONG and game.legal_for("S", state):
            return game
        # keep the hand going: play the lightest tile (keeps options), prefer own branch
        game.play_turn(
            "S",
            choose=lambda ms: min(ms, key=lambda m: (m.tile.pips if m.tile else 0, m.branch != 0)),
        )
    raise AssertionError("no hand with long branches came up")


def test_long_branches_stay_on_screen_at_every_size(browsers: Browsers) -> None:
    game = long_position(browsers)
    problems: dict[str, list[str]] = {}
    shown: dict[str, dict[str, int]] = {}
    for width, height in SIZES:
        game.page.set_viewport_size({"width": width, "height": height})
        # the page re-fits the board on resize
        geometry = wait_fitted(game, width, height)
        game.screenshot(f"layout-{width}x{height}.png")
        bad = off_screen(geometry)
        if bad:
            problems[f"{width}x{height}"] = bad
        counts = {s: geometry["branches"][s]["count"] for s in SEATS}
        print(f"{width}x{height}: tiles shown per branch {counts}")
        shown[f"{width}x{height}"] = counts
        pips = game.page.evaluate(
            "() => [...document.querySelectorAll('[data-hand=S] [data-tile] .d')]"
            ".map(d => Math.min(d.getBoundingClientRect().width,"
            " d.getBoundingClientRect().height))"
        )
        if not pips or min(pips) < PIP:
            problems[f"{width}x{height}: South's pips"] = [f"smallest {min(pips or [0]):.1f} px"]
    # the same board at every size: each branch shows at least SHOWN tiles (or folds), or all
    # it shows anywhere (a phone held sideways once folded every branch down to two)
    most = {s: max(c[s] for c in shown.values()) for s in SEATS}
    for size, counts in shown.items():
        cramped = {s: n for s, n in counts.items() if n < min(SHOWN, most[s])}
        if cramped:
            problems[f"{size} shows too few tiles"] = [str(cramped)]
    assert not problems, problems


def wait_fitted(game: Game, width: int, height: int) -> dict[str, Any]:
    """Wait until the viewport has its new size and every end is on screen (a while), then
    return the geometry (the assertion is the caller's: a layout that never fits fails)."""
    check = (
        "() => { const g = (" + GEOMETRY_JS + ")();"
        " if (g.vw !== %d || g.vh !== %d) return false;"
        " for (const b of Object.values(g.branches)) for (const k of ['marker', 'last']) {"
        "   const r = b[k]; if (!r) continue;"
        "   if (r.left < 0 || r.top < 0 || r.right > g.vw || r.bottom > g.vh) return false; }"
        " return true; }"
    ) % (width, height)
    with contextlib.suppress(Exception):  # a layout that never fits is reported by the caller
        game.page.wait_for_function(check, timeout=ACT_MS)
    return dict(game.page.evaluate(GEOMETRY_JS))


def test_a_hands_end_fits_a_phone_held_sideways(browsers: Browsers) -> None:
    """At 568x320 the hand's end shows its title, the table, the offer of its review and its
    buttons without scrolling (the button's focus once scrolled the title away; the offer once
    pushed the buttons down)."""
    game = long_position(browsers)
    game.page.set_viewport_size({"width": 568, "height": 320})
    game.play_hand("S", choose=lambda ms: ms[0])
    dialog = game.dialog("hand-end")
    dialog.wait_for()
    # the hand's decisions weighed: the line that offers their review is the tallest it gets
    dialog.locator('[data-review-offer] [data-action="review"]').wait_for(timeout=TURN_MS)
    fit = game.page.evaluate(
        """() => {
          const d = [...document.querySelectorAll('[data-dialog="hand-end"]')]
            .find(e => e.offsetHeight);
          const inside = (e) => { const r = e.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= innerHeight; };
          return {scrolls: d.scrollHeight > d.clientHeight + 1,
                  title: inside(d.querySelector('h2')),
                  next: inside(d.querySelector('[data-action="next-hand"]'))};
        }"""
    )
    game.screenshot("hand-end-568x320.png")
    assert fit == {"scrolls": False, "title": True, "next": True}, fit
