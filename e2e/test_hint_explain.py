"""Issue 23 through the page: the explained hint lists every legal move of the person to move,
the suggested one first, each with its estimate and reasons in words; opened by pointer and by
its key (interfaces.md, "Hints and their reasons"), in two languages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator

from .browsers import Browsers
from .game import Game
from .screens import axe

FAST = {"speed": "fast"}
LOCALES = Path(__file__).resolve().parents[1] / "locales"


def words(lang: str) -> Any:
    return json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))["explain"]


def south_turn_with_choice(game: Game) -> list[str]:
    """Play on (South plays its first legal move, a hand that ends before is dealt on) until
    South is to move with a choice; South's legal moves then."""
    while True:
        if (ended := game.wait_turn("S")) != "turn":
            game.deal_on(ended)
            continue
        legal = game.legal_for("S")
        if game.opened() and len(legal) > 1:
            return sorted(str(m) for m in legal)
        game.play_turn("S")


def check_list(game: Game, legal: list[str], lang: str) -> Locator:
    """The open list: every legal move once, numbers for estimates, reasons in words."""
    dialog = game.dialog("hint-explain")
    dialog.wait_for(state="visible")
    listed = dialog.locator("[data-hint-explain]")
    assert listed.get_attribute("data-estimate-kind") in ("win", "points")
    items = listed.locator("[data-hint-move]")
    moves = items.evaluate_all("els => els.map(e => e.dataset.hintMove)")
    assert sorted(moves) == legal
    for i in range(items.count()):
        item = items.nth(i)
        float(str(item.get_attribute("data-estimate")))  # a number
        assert item.get_attribute("data-equal") in (None, "true")
        assert item.locator(".explain-reasons li").count() >= 1
    assert dialog.locator("h2").inner_text().strip() == words(lang)["title"]
    assert words(lang)["suggested"] in items.first.inner_text()
    return items


def test_opened_by_pointer_in_english_then_a_move_is_shown(browsers: Browsers) -> None:
    # (bypass_csp: axe-core is injected into the page, which the site's policy forbids)
    game = browsers.game(settings=FAST, bypass_csp=True)
    legal = south_turn_with_choice(game)
    button = game.action("hint-explain")
    assert button.get_attribute("aria-keyshortcuts") == "X"
    button.click()
    items = check_list(game, legal, "en")
    found: dict[str, list[str]] = {}
    axe(game, "the explained hint", found)
    assert not found, json.dumps(found, indent=1)
    # the first item is the hint: the hint previews the same move
    first = str(items.first.get_attribute("data-hint-move"))
    tile = first.partition("@")[0]
    preview = game.preview()
    preview.wait_for(state="visible")
    assert preview.get_attribute("data-preview") == tile
    # a tap on another move shows that one instead, and the list closes
    other = str(items.nth(1).get_attribute("data-hint-move"))
    items.nth(1).click()
    game.dialog("hint-explain").wait_for(state="hidden")
    o_tile, _, o_branch = other.partition("@")
    assert o_branch, f"a play, not an opening: {other}"
    shown = game.branch(o_branch).locator(f'[data-preview="{o_tile}"]')
    shown.wait_for(state="visible")
    game.action("confirm").click()
    game.tile("S", o_tile).wait_for(state="detached")


def test_opened_by_its_key_in_german_and_moved_through_by_arrows(browsers: Browsers) -> None:
    game = browsers.game("?lang=de", settings=FAST)
    legal = south_turn_with_choice(game)
    assert game.page.locator("html").get_attribute("lang") == "de"
    game.page.locator("body").press("x")
    items = check_list(game, legal, "de")
    focused = "() => document.activeElement?.dataset?.hintMove || null"
    assert game.page.evaluate(focused) == items.first.get_attribute("data-hint-move")
    game.page.keyboard.press("ArrowDown")
    second = str(items.nth(1).get_attribute("data-hint-move"))
    assert game.page.evaluate(focused) == second
    assert items.nth(1).get_attribute("tabindex") == "0"
    game.page.keyboard.press("ArrowUp")
    assert game.page.evaluate(focused) == items.first.get_attribute("data-hint-move")
    game.page.keyboard.press("End")
    last = str(items.last.get_attribute("data-hint-move"))
    assert game.page.evaluate(focused) == last
    game.page.keyboard.press("Enter")  # the last move, shown on the table
    game.dialog("hint-explain").wait_for(state="hidden")
    tile, _, branch = last.partition("@")
    game.branch(branch).locator(f'[data-preview="{tile}"]').wait_for(state="visible")
    # opened again by its key, Escape closes it and the move stays shown
    game.page.locator("body").press("x")
    game.dialog("hint-explain").wait_for(state="visible")
    game.page.keyboard.press("Escape")
    game.dialog("hint-explain").wait_for(state="hidden")
