"""Issue 10: playing without a mouse, with a screen reader's checker, zoomed in, on every screen
shape, and with the holder of the device at the bottom.

- a whole hand by the declared shortcuts alone (``aria-keyshortcuts`` read from the DOM; no
  mouse or touch call), and another by Tab / arrow keys / Enter only; key presses per play are
  printed, focus is never on ``<body>`` at the person's turn;
- axe-core (``node_modules/axe-core``, injected by the test, never served) finds no violation
  on the table, a preview, every panel and dialog, at a desktop and a phone size;
- at each screen shape, with long branches: end caps, seat plates, board tiles and the
  holder's hand tiles do not cover one another, every hand tile is what a tap at its centre
  hits, no sideways scrolling; screenshots ``artifacts/shape-WxH.png`` to be looked at;
- a hand by taps on a landscape phone and at 320x256 (400 % zoom on a desktop);
- two people at one device: the one holding it sits at the bottom, seat names stay true.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from longana import SEAT_NAMES
from ui.i18n import LANGUAGES

from .browsers import Browsers
from .game import ACT_MS, Game
from .game import OUTSIDE_DIALOGS as TABLE
from .keyboard import (
    Keys,
    arrow_to,
    every_tile_key,
    focus_at_turn,
    focus_on,
    keyed_moves,
    open_by,
    play,
    report,
    shortcut,
    wait_passed,
    wait_played,
    wait_preview,
    wait_selected,
)
from .positions import long_branch_save, south_opens_seed
from .screens import AXE_SIZES, BOXES_JS, HITS_JS, PLACES_JS, SHAPES, axe, overlaps, set_size
from .shown import session_of

FAST = {"speed": "fast"}


# -- 1. a hand by the declared shortcuts ----------------------------------------------------------


def test_a_hand_by_the_declared_shortcuts(browsers: Browsers) -> None:
    """South opens (the forced double is preselected: Enter), then every play is the tile's
    key, the branch's key, Enter; a pass is P (the declared key), Enter. Keys are read from
    aria-keyshortcuts; no mouse or touch call."""
    game = browsers.game(f"?deal={south_opens_seed()}", settings=FAST)
    problems: list[str] = []
    keys = Keys(game, problems)
    plays: list[tuple[str, int, list[str]]] = []
    turn = 0
    checked_keys = False
    while game.wait_turn("S") == "turn":
        turn += 1
        focus_at_turn(game, problems, f"turn {turn}")
        state = game.state()
        before = game.hand_moves()
        if not game.opened(state):
            plays.append(open_by(game, keys, shortcut(game, f'[data-action="confirm"]{TABLE}')))
            continue
        legal = game.legal_for("S", state)
        if not legal:
            keys.press(shortcut(game, f'[data-action="pass"]{TABLE}'))
            game.action("confirm").and_(game.page.locator(":enabled")).wait_for(timeout=ACT_MS)
            keys.press(shortcut(game, f'[data-action="confirm"]{TABLE}'), check_focus=False)
            try:
                wait_passed(game, before, keys.log)
            except AssertionError as error:
                problems.append(str(error))
                focus_on(game, keys, '[data-action="confirm"]')  # go on: Tab to Confirm
                keys.press("Enter", check_focus=False)
                wait_passed(game, before, keys.log)
            plays.append(("pass", keys.count, keys.reset()))
            continue
        if not checked_keys:
            checked_keys = True
            problems += every_tile_key(game, keys)
        keyed = keyed_moves(game, legal)
        assert keyed, f"no playable tile declares a key: {legal}"
        move, key = keyed[turn % len(keyed)]  # not always the first: every place gets a go
        tile, branch = str(move.tile), SEAT_NAMES[move.branch or 0]
        keys.press(key)
        wait_selected(game, tile, keys.log)
        game.wait_targets(
            [SEAT_NAMES[m.branch] for m in legal if m.tile is move.tile and m.branch is not None]
        )
        keys.press(shortcut(game, f'[data-target="{branch}"]{TABLE}'))
        wait_preview(game, move, keys.log)
        keys.press(shortcut(game, f'[data-action="confirm"]{TABLE}'), check_focus=False)
        wait_played(game, tile, keys.log)
        plays.append((str(move), keys.count, keys.reset()))
    report("shortcuts", plays)
    assert plays, "South never had a turn"
    tile_plays = [n for m, n, _ in plays if "@" in m]
    assert tile_plays and all(n == 3 for n in tile_plays), plays
    assert not problems, problems


# -- 2. a hand by Tab, arrow keys and Enter -------------------------------------------------------


def test_a_hand_by_tab_arrows_and_enter(browsers: Browsers) -> None:
    """No shortcut letter or digit: arrow keys walk the hand (one tab stop), Enter selects,
    Tab reaches the lit branch, Enter previews, Tab reaches Confirm, Enter plays. Passes are
    Tab to Pass, Enter, Enter. The focus is never on <body> at South's turn."""
    game = browsers.game(f"?deal={south_opens_seed()}", settings=FAST)
    problems: list[str] = []
    keys = Keys(game, problems)
    plays: list[tuple[str, int, list[str]]] = []
    turn = 0
    while game.wait_turn("S") == "turn":
        turn += 1
        focus_at_turn(game, problems, f"turn {turn}")
        state = game.state()
        before = game.hand_moves()
        if not game.opened(state):
            plays.append(open_by(game, keys, "Enter"))
            continue
        legal = game.legal_for("S", state)
        if not legal:
            focus_on(game, keys, f'[data-action="pass"]{TABLE}')
            keys.press("Enter")
            game.action("confirm").and_(game.page.locator(":enabled")).wait_for(timeout=ACT_MS)
            focus_on(game, keys, f'[data-action="confirm"]{TABLE}')
            keys.press("Enter", check_focus=False)
            wait_passed(game, before, keys.log)
            plays.append(("pass", keys.count, keys.reset()))
            continue
        move = legal[turn % len(legal)]
        tile, branch = str(move.tile), SEAT_NAMES[move.branch or 0]
        arrow_to(game, keys, tile)
        keys.press("Enter")
        wait_selected(game, tile, keys.log)
        game.wait_targets(
            [SEAT_NAMES[m.branch] for m in legal if m.tile is move.tile and m.branch is not None]
        )
        focus_on(game, keys, f'[data-target="{branch}"]{TABLE}')
        keys.press("Enter")
        wait_preview(game, move, keys.log)
        focus_on(game, keys, f'[data-action="confirm"]{TABLE}, [data-preview]{TABLE}')
        keys.press("Enter", check_focus=False)
        wait_played(game, tile, keys.log)
        plays.append((str(move), keys.count, keys.reset()))
    report("Tab / arrows / Enter", plays)
    assert plays, "South never had a turn"
    assert all(
        k in ("Tab", "Enter", "ArrowLeft", "ArrowRight") for _, _, ks in plays for k in ks
    ), plays
    assert not problems, problems


# -- 3. axe-core on the table, a preview, every panel and dialog ----------------------------------


def test_axe_finds_no_violation_with_a_preview(browsers: Browsers) -> None:
    # (bypass_csp: axe-core is injected into the page, which the site's policy forbids)
    game = browsers.game(settings=FAST, save=long_branch_save(), bypass_csp=True)
    found: dict[str, list[str]] = {}
    for width, height in AXE_SIZES:
        set_size(game, width, height)
        assert game.wait_turn("S") == "turn"
        legal = game.legal_for("S", game.state())
        game.show_preview(legal[0], legal)
        slot = game.target(SEAT_NAMES[legal[0].branch or 0])
        print(
            f"\nthe lit end cap: aria-label {slot.get_attribute('aria-label')!r}, "
            f"shows {slot.inner_text()!r}"
        )
        axe(game, f"preview of {legal[0]}", found)
        game.action("cancel").click()
        game.preview().wait_for(state="detached")
    for label, violations in found.items():
        print(f"\n{label}:\n  " + "\n  ".join(violations))
    assert not found, json.dumps(found, indent=1)


def test_axe_finds_no_violation(browsers: Browsers) -> None:
    # (bypass_csp: axe-core is injected into the page, which the site's policy forbids)
    game = browsers.game(settings=FAST, save=long_branch_save(), bypass_csp=True)
    found: dict[str, list[str]] = {}
    for width, height in AXE_SIZES:
        set_size(game, width, height)
        assert game.wait_turn("S") == "turn"
        axe(game, "table at South's turn", found)
        for name in ("rules", "record", "settings"):
            game.open_panel(name)
            axe(game, f"{name} panel", found)
            game.close_panel(name)
        game.action("restart").click()
        game.dialog("restart").wait_for()
        axe(game, "restart question", found)
        game.close_panel("restart")
    # the hand's end: South plays on (a few moves from this position)
    while (result := game.wait_turn("S")) == "turn":
        play(game, "S")
    assert result == "hand-end", result
    for width, height in AXE_SIZES:
        set_size(game, width, height)
        axe(game, "hand-end dialog", found)
    # two people at one device (North a person from the next hand on): the handoff screen
    game.action("next-hand", within=game.dialog("hand-end")).click()
    game.dialog("hand-end").wait_for(state="hidden")
    game.settings(seats="PCPC", new_match=False)
    for width, height in AXE_SIZES:
        set_size(game, width, height)
        while (result := game.wait_turn("S")) == "turn":
            play(game, "S")
        assert result == "handoff", result
        axe(game, "handoff screen", found)
    for label, violations in found.items():
        print(f"\n{label}:\n  " + "\n  ".join(violations))
    assert not found, json.dumps(found, indent=1)


# -- 4. every screen shape with long branches -----------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_shape(browsers: Browsers, lang: str) -> None:
    """At every shape, in every language (a resumed game: its longest message is on the
    bar), nothing covers anything else, the page never scrolls sideways and the board keeps
    room of its own."""
    # (bypass_csp: axe-core is injected into the page, which the site's policy forbids)
    game = browsers.game(f"?lang={lang}", settings=FAST, save=long_branch_save(), bypass_csp=True)
    assert game.wait_turn("S") == "turn"
    problems: dict[str, list[str]] = {}
    for width, height in SHAPES:
        set_size(game, width, height)
        shape = f"{width}x{height}"
        game.screenshot(f"shape-{lang}-{shape}")
        area = game.page.evaluate(
            "() => { const a = document.getElementById('board-area');"
            " return [a.clientWidth, a.clientHeight]; }"
        )
        boxes = dict(game.page.evaluate(BOXES_JS))
        bad = overlaps(boxes)
        if boxes["holder"] != "S":
            bad.append(f"the hand at the bottom is {boxes['holder']}, not South's")
        if len(boxes["hand"]) != len(game.state()["hands"]["S"]["tiles"]) or not boxes["caps"]:
            bad.append(f"{len(boxes['hand'])} hand tiles, {len(boxes['caps'])} end caps drawn")
        bad += game.page.evaluate(HITS_JS)
        if boxes["scrollW"] > boxes["vw"] + 1:
            bad.append(f"the page scrolls sideways: {boxes['scrollW']} > {boxes['vw']}")
        short = min((min(b["w"], b["h"]) for b in boxes["board"]), default=0)
        print(
            f"{shape}: {len(boxes['board'])} board tiles (short side {short:.0f} px), "
            f"{len(boxes['hand'])} hand tiles, page {boxes['scrollW']} wide"
        )
        if (width, height) == (1366, 768) and short < 36:
            bad.append(f"board tiles {short:.1f} CSS px on the short side (< 36)")
        if area[1] < height / 3 or area[0] < width / 2:
            bad.append(f"the board's area is {area[0]}x{area[1]} of {shape}")
        if bad:
            problems[shape] = bad
    assert not problems, json.dumps(problems, indent=1)


# -- 5. a hand by taps on a landscape phone and at 320x256 ----------------------------------------


def tap_hand(game: Game, touch: bool) -> list[str]:
    """South's turns until the hand ends, each a tap on the tile, a tap on the branch's end
    cap and a tap on Confirm (touch taps, or mouse clicks at the element's centre). Playwright
    scrolls each element into view and fails if something else is at its centre."""

    def tap(loc: Any) -> None:
        (loc.tap if touch else loc.click)(timeout=ACT_MS)

    made = []
    while game.wait_turn("S") == "turn":
        state = game.state()
        before = game.hand_moves()
        if not game.opened(state):
            game.preview().wait_for(state="visible")
            double = str(game.preview().get_attribute("data-preview"))
            tap(game.action("confirm"))
            game.tile("S", double).wait_for(state="detached", timeout=ACT_MS)
            made.append(double)
            continue
        legal = game.legal_for("S", state)
        if not legal:
            try:
                game.action("pass").wait_for(timeout=ACT_MS)
            except Exception:
                raise AssertionError(
                    f"no Pass although South cannot play: hand {state['hands']['S']['tiles']}, "
                    f"branches { {s: b['end'] for s, b in state['branches'].items()} }, "
                    f"save {state['save']}"
                ) from None
            tap(game.action("pass"))
            tap(game.action("confirm").and_(game.page.locator(":enabled")))
            wait_passed(game, before, [])
            made.append("pass")
            continue
        move = legal[len(made) % len(legal)]
        tile, branch = str(move.tile), SEAT_NAMES[move.branch or 0]
        tap(game.tile("S", tile))
        game.wait_targets(
            [SEAT_NAMES[m.branch] for m in legal if m.tile is move.tile and m.branch is not None]
        )
        tap(game.target(branch))
        wait_preview(game, move, [])
        tap(game.action("confirm"))
        game.tile("S", tile).wait_for(state="detached", timeout=ACT_MS)
        made.append(str(move))
    return made


@pytest.mark.parametrize(("width", "height", "touch"), [(640, 360, True), (320, 256, False)])
def test_a_hand_by_taps(browsers: Browsers, width: int, height: int, touch: bool) -> None:
    """640x360: a phone held sideways (touch taps); 320x256: a desktop at 400 % (clicks)."""
    query = f"?deal={south_opens_seed()}"
    if touch:
        game = browsers.game(
            query, settings=FAST, viewport={"width": width, "height": height}, has_touch=True
        )
    else:
        game = browsers.game(query, settings=FAST)
        set_size(game, width, height)
    made = tap_hand(game, touch)
    print(f"\n{width}x{height}: {' '.join(made)}")
    assert any("@" in m for m in made), made
    assert game.wait_turn("S") in ("hand-end", "match-end")


# -- 6. the person holding the device sits at the bottom ------------------------------------------

TWO_PEOPLE = {"speed": "fast", "seats": ["person", "computer", "person", "computer"]}


def test_the_holder_sits_at_the_bottom(browsers: Browsers) -> None:
    game = browsers.game(settings=TWO_PEOPLE)
    problems: list[str] = []
    for _ in range(40):
        result = game.wait_turn("N")
        if result == "handoff":
            if game.take_device() == "N":
                break
            assert game.wait_turn("S") == "turn"
            play(game, "S")
            continue
        assert result == "turn", result
        break
    else:
        raise AssertionError("North never got the device")
    assert game.wait_turn("N") == "turn"
    places = game.page.evaluate(PLACES_JS)
    state = game.state()
    north, south = places["N"], places["S"]
    print(f"\nNorth holds the device: N {north}\nS {south}")
    if "at-bottom" not in north["cls"].split():
        problems.append(f"North's section is {north['cls']!r}, not at-bottom")
    if north["hand"] != "N" or not north["up"] or not north["tiles"]:
        problems.append(f"North's section shows hand {north['hand']} up={north['up']}")
    if north["top"] < places["vh"] / 2:
        problems.append(f"North's hand starts at y={north['top']:.0f} of {places['vh']}")
    if north["tileW"] < 44:
        problems.append(f"North's hand tiles are {north['tileW']:.0f} px wide (< 44)")
    if "at-top" not in south["cls"].split():
        problems.append(f"South's section is {south['cls']!r}, not at-top")
    if south["tiles"] or not south["backs"]:
        problems.append(f"South's hand is not face down: {south['tiles']}, {south['backs']} backs")
    if south["bottom"] > places["vh"] / 2:
        problems.append(f"South's hand ends at y={south['bottom']:.0f} of {places['vh']}")
    session = session_of(state)
    wanted = sorted(str(t) for t in session.match.hand.tiles(2))
    if sorted(state["hands"]["N"]["tiles"]) != wanted:
        problems.append(f"data-hand=N shows {state['hands']['N']['tiles']}, North has {wanted}")
    assert not game.leaks(), game.leaks()
    # North plays through the page like South would; the table stays turned
    play(game, "N")
    assert not problems, problems
