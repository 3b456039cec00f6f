"""Playing through the page by keys and watching the focus (issue 10): the key an element
declares (``aria-keyshortcuts``), key presses counted, where the focus is, Tab and the arrow
keys walked to an element, and each step of a play waited out (the tile selected, the preview
shown, the tile played, the pass made) with the keys pressed and the focus in the failure
message; a turn through the page waited out until the move is made.
"""

from __future__ import annotations

import contextlib
from typing import Any

from longana import SEAT_NAMES, Move

from .game import ACT_MS, Game
from .game import OUTSIDE_DIALOGS as TABLE

# What has the focus: enough to say where it is in a failure message.
ACTIVE_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return {body: true};
  const hand = el.closest('[data-hand]');
  return {body: false, tag: el.tagName.toLowerCase(), tile: el.dataset.tile ?? null,
          target: el.dataset.target ?? null, action: el.dataset.action ?? null,
          preview: el.dataset.preview ?? null, hand: hand ? hand.dataset.hand : null,
          command: el.hasAttribute('data-command'),
          text: (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40)};
}"""


def active(game: Game) -> dict[str, Any]:
    return dict(game.page.evaluate(ACTIVE_JS))


def shortcut(game: Game, selector: str) -> str:
    """The first key ``aria-keyshortcuts`` declares on the (one, visible) element."""
    loc = game.page.locator(selector).locator("visible=true")
    assert loc.count() == 1, f"{selector}: {loc.count()} visible elements"
    keys = loc.get_attribute("aria-keyshortcuts")
    assert keys, f"{selector} declares no aria-keyshortcuts"
    return keys.split()[0]


def leaves_body(game: Game) -> None:
    """Wait (a while) until the focus is on an element, not on <body>: the page has handled
    what was pressed."""
    with contextlib.suppress(Exception):
        game.page.wait_for_function(
            "() => document.activeElement && document.activeElement !== document.body",
            timeout=ACT_MS,
        )


def focus_at_turn(game: Game, problems: list[str], where: str) -> None:
    """At the person's turn the focus is somewhere (it lands on a playable tile or Pass)."""
    leaves_body(game)
    if active(game)["body"]:
        problems.append(f"{where}: focus on <body> at South's turn")


class Keys:
    """Presses keys (page.keyboard only) and counts them; after each one, while it is still
    South's turn, the focus must not be on <body>."""

    def __init__(self, game: Game, problems: list[str]) -> None:
        self.game = game
        self.problems = problems
        self.count = 0
        self.log: list[str] = []

    def press(self, key: str, check_focus: bool = True) -> None:
        self.game.page.keyboard.press(key)
        self.count += 1
        self.log.append(key)
        if check_focus:
            leaves_body(self.game)
            if active(self.game)["body"]:
                self.problems.append(f"focus on <body> after {'+'.join(self.log)}")

    def reset(self) -> list[str]:
        log, self.log, self.count = self.log, [], 0
        return log


def wait_selected(game: Game, tile: str, keys: list[str]) -> None:
    try:
        game.tile("S", tile).and_(game.page.locator('[aria-pressed="true"]')).wait_for(
            timeout=ACT_MS
        )
    except Exception:
        raise AssertionError(f"{tile} is not selected after {keys}; focus {active(game)}") from None


def wait_preview(game: Game, move: Move, keys: list[str]) -> None:
    assert move.tile is not None and move.branch is not None
    try:
        game.branch(SEAT_NAMES[move.branch]).locator(f'[data-preview="{move.tile}"]').wait_for(
            state="visible", timeout=ACT_MS
        )
    except Exception:
        raise AssertionError(
            f"no preview of {move} after {keys}; message {game.message()!r}; focus {active(game)}"
        ) from None


def wait_played(game: Game, tile: str, keys: list[str]) -> None:
    try:
        game.tile("S", tile).wait_for(state="detached", timeout=ACT_MS)
    except Exception:
        raise AssertionError(
            f"{tile} not played after {keys}; message {game.message()!r}; focus {active(game)}"
        ) from None


def wait_passed(game: Game, moves_before: int, keys: list[str], timeout: float = ACT_MS) -> None:
    """The pass is made: the hand holds one more move (the pass's preview alone changes the
    table too, so a changed table is not enough)."""
    try:
        game.wait_moves(moves_before, timeout)
    except Exception:
        raise AssertionError(
            f"the pass was not made after {keys}; message {game.message()!r}; focus {active(game)}"
        ) from None


def focus_on(game: Game, keys: Keys, selector: str, limit: int = 40) -> None:
    """Tab (forwards) until the element matching ``selector`` has the focus."""
    for _ in range(limit):
        if game.page.evaluate("(s) => !!document.activeElement?.matches(s)", selector):
            return
        keys.press("Tab")
    raise AssertionError(
        f"{selector} never got the focus by Tab ({limit} presses); focus {active(game)}"
    )


def report(title: str, plays: list[tuple[str, int, list[str]]]) -> None:
    print(f"\n{title}: key presses per play")
    for move, n, keys in plays:
        print(f"  {move:>8}: {n:2d}  {' '.join(keys)}")


def keyed_moves(game: Game, legal: list[Move]) -> list[tuple[Move, str]]:
    """The legal plays whose tile declares a key."""
    out = []
    for m in legal:
        key = game.tile("S", str(m.tile)).get_attribute("aria-keyshortcuts")
        if key:
            out.append((m, key.split()[0]))
    return out


def every_tile_key(game: Game, keys: Keys) -> list[str]:
    """Each key a hand tile declares selects that tile (Escape in between); not counted."""
    problems = []
    declared = game.page.evaluate(
        """() => [...document.querySelectorAll('[data-hand="S"] [data-tile]')]
             .filter(t => !t.closest('[data-dialog]'))
             .map(t => [t.dataset.tile, t.getAttribute('aria-keyshortcuts')])"""
    )
    print(f"\nSouth's hand and its declared keys: {declared}")
    for tile, key in declared:
        if not key:
            problems.append(f"hand tile {tile} declares no key ({len(declared)} tiles)")
            continue
        keys.press(key.split()[0])
        try:
            wait_selected(game, tile, keys.log)
        except AssertionError as error:
            problems.append(f"declared key {key!r} of {tile}: {error}")
        keys.press("Escape")
    keys.reset()
    return problems


def open_by(game: Game, keys: Keys, key: str) -> tuple[str, int, list[str]]:
    """South opens: the forced double is already previewed, ``key`` confirms it. Returns the
    play as the tests list them (the move, how many keys, which)."""
    preview = game.preview()
    preview.wait_for(state="visible")
    double = str(preview.get_attribute("data-preview"))
    keys.press(key, check_focus=False)
    wait_played(game, double, keys.log)
    return double, keys.count, keys.reset()


HAND_TILES = f'[data-hand="S"]{TABLE} [data-tile]'


def arrow_to(game: Game, keys: Keys, tile: str) -> None:
    """Arrow keys inside the hand (the focus is on one of its tiles) until ``tile`` has it."""
    order = [
        str(t)
        for t in game.page.evaluate(
            "(s) => [...document.querySelectorAll(s)].map(t => t.dataset.tile)", HAND_TILES
        )
    ]
    now = active(game)
    assert now.get("hand") == "S" and now.get("tile") in order, (
        f"the focus is not in South's hand at South's turn: {now}"
    )
    step = (order.index(tile) - order.index(str(now["tile"]))) % len(order)
    key, count = (
        ("ArrowRight", step) if step <= len(order) - step else ("ArrowLeft", len(order) - step)
    )
    for _ in range(count):
        keys.press(key)
    assert active(game).get("tile") == tile, (
        f"{key} x{count} did not reach {tile} in {order}: focus {active(game)}"
    )


def play(game: Game, seat: str) -> None:
    """One turn through the page (Game.play_turn), then wait until the move is made (a pass's
    preview changes the table before the pass itself)."""
    before = game.hand_moves()
    game.play_turn(seat)
    wait_passed(game, before, [])
