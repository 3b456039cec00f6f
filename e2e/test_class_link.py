"""Issue 22 through the page: a class link (``?class=CODE``) opened over an ordinary match in
progress asks first (``data-dialog="class-link"``). Joining keeps the match under
``longana:kept-match``; the class match is played and resumes on a reload without asking again;
Settings take the player back to the kept match at the very position it was left (the class
match then kept in its place). Keeping playing leaves the match untouched and the address
without ``?class=``. A device that cannot keep the match asks for the file first or leaves it.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Locator

from longana.classplay import ClassCode

from .browsers import Browsers
from .game import Game
from .screens import axe
from .shown import english

CODE = ClassCode.make("LINK22", ("person", "computer", "computer", "computer"), "normal", 100)
PLAYER = {"speed": "fast", "name": "Ana"}  # a name: the class match asks none first
KEPT = "longana:kept-match"
WORDS = english()["kept"]


def kept(game: Game) -> str | None:
    value = game.page.evaluate("(k) => localStorage.getItem(k)", KEPT)
    return None if value is None else str(value)


def match_in_progress(game: Game) -> tuple[str, dict[str, Any]]:
    """South plays a move of an ordinary match; its save and the position once South is to
    move again."""
    assert game.wait_turn("S") == "turn"
    game.play_turn("S")
    assert game.wait_turn("S") == "turn"
    save = game.raw_save()
    assert save is not None and "class" not in json.loads(save)
    return save, game.position()


def open_link(game: Game) -> Locator:
    """The class link opened in the same tab: the question, over the match resumed."""
    game.open(f"?class={CODE.text}")
    question = game.dialog("class-link")
    question.wait_for()
    return question


def wait_class(game: Game, on: bool) -> None:
    game.page.wait_for_function(
        "(code) => (document.body.dataset.class || null) === code",
        arg=CODE.text if on else None,
    )


def test_joining_keeps_the_match_and_the_way_back_resumes_it(browsers: Browsers) -> None:
    game = browsers.game(settings=PLAYER)
    mine, shown = match_in_progress(game)
    question = open_link(game)
    text = question.inner_text()
    assert CODE.text in text and WORDS["join"] in text and WORDS["stay"] in text
    assert game.raw_save() == mine, "the match was replaced before the player said a word"
    assert game.page.evaluate("document.body.dataset.class") is None
    game.screenshot("class-link-question")

    game.action("class-link-join", within=question).click()
    wait_class(game, True)
    assert kept(game) == mine, "the match was not kept before the class match replaced it"
    assert game.wait_turn("S") == "turn"
    game.play_turn("S")
    assert game.wait_turn("S") == "turn"
    class_save = game.raw_save()
    assert class_save is not None and json.loads(class_save)["class"] == CODE.text
    assert json.loads(class_save)["log"], "no move of the class match was saved"
    class_shown = game.position()

    game.reload()  # the same class match: it resumes, no question
    assert game.wait_turn("S") == "turn"
    assert game.page.locator('[data-dialog="class-link"]').count() == 0
    assert game.raw_save() == class_save and game.position() == class_shown
    assert kept(game) == mine

    settings = game.open_panel("settings")
    back = settings.locator("[data-kept-match]")
    assert WORDS["kept"] in back.inner_text()
    game.screenshot("class-link-back-in-settings")
    game.action("kept-match", within=back).click()
    settings.wait_for(state="hidden")
    wait_class(game, False)
    assert game.wait_turn("S") == "turn"
    assert game.raw_save() == mine, "the kept match did not come back as it was saved"
    assert game.position() == shown
    assert "class=" not in game.page.url, "the address still opens the class match"
    assert kept(game) == class_save, "the class match left was not kept in its place"

    game.reload()  # the match, without a question; the class match is offered back
    assert game.wait_turn("S") == "turn"
    assert game.page.locator('[data-dialog="class-link"]').count() == 0
    assert game.raw_save() == mine and game.position() == shown
    back = game.open_panel("settings").locator("[data-kept-match]")
    assert CODE.text in back.inner_text()
    game.close_panel("settings")

    # the class link again: the class match kept comes back where it was, the match is kept
    question = open_link(game)
    game.action("class-link-join", within=question).click()
    wait_class(game, True)
    assert game.wait_turn("S") == "turn"
    assert game.raw_save() == class_save and game.position() == class_shown
    assert kept(game) == mine


def test_keep_playing_leaves_the_match_untouched(browsers: Browsers) -> None:
    game = browsers.game(settings=PLAYER)
    mine, shown = match_in_progress(game)
    question = open_link(game)
    game.action("class-link-stay", within=question).click()
    question.wait_for(state="hidden")
    assert "class=" not in game.page.url
    assert game.wait_turn("S") == "turn"
    assert game.raw_save() == mine and game.position() == shown
    assert kept(game) is None
    assert game.page.evaluate("document.body.dataset.class") is None
    game.reload()
    assert game.wait_turn("S") == "turn"
    assert game.page.locator('[data-dialog="class-link"]').count() == 0
    assert game.raw_save() == mine
    game.play_turn("S")  # and it plays on
    assert game.wait_turn("S") in ("turn", "hand-end", "match-end")
    assert len(json.loads(str(game.raw_save()))["log"]) > len(json.loads(mine)["log"])


REFUSE_KEPT = """(() => {
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (String(key).startsWith('longana:kept-match'))
      throw new DOMException('the quota has been exceeded', 'QuotaExceededError');
    return set.call(this, key, value);
  };
})();"""


def test_a_match_the_device_cannot_keep_is_saved_as_a_file_first(browsers: Browsers) -> None:
    # (bypass_csp: axe-core is injected into the page, which the site's policy forbids)
    game = browsers.game(settings=PLAYER, bypass_csp=True)
    game.page.context.add_init_script(REFUSE_KEPT)
    mine, _ = match_in_progress(game)
    question = open_link(game)
    found: dict[str, list[str]] = {}
    axe(game, "the class link's question", found)
    game.action("class-link-join", within=question).click()
    refused = question.locator("[data-kept-refused]")
    refused.wait_for()
    axe(game, "the class link's question when the match cannot be kept", found)
    assert not found, json.dumps(found, indent=1)
    assert WORDS["refused"] in refused.inner_text()
    assert game.action("class-link-join", within=question).is_disabled()
    assert game.raw_save() == mine
    game.screenshot("class-link-refused")

    # keep playing: the match goes on (the worker holds it again, not the class match)
    game.action("class-link-stay", within=question).click()
    question.wait_for(state="hidden")
    assert game.wait_turn("S") == "turn"
    game.play_turn("S")
    assert game.wait_turn("S") in ("turn", "hand-end", "match-end")
    save = json.loads(str(game.raw_save()))
    assert (
        "class" not in save
        and save["log"][: len(json.loads(mine)["log"])] == (json.loads(mine)["log"])
    )
    mine = str(game.raw_save())

    # or save it as a file, then join without keeping it
    question = open_link(game)
    game.action("class-link-join", within=question).click()
    question.locator("[data-kept-refused]").wait_for()
    with game.page.expect_download() as info:
        game.action("kept-file", within=question).click()
    assert info.value.path().read_text(encoding="utf-8") == mine
    join = game.action("class-link-join", within=question)
    assert not join.is_disabled()
    join.click()
    wait_class(game, True)
    assert game.wait_turn("S") == "turn"
    assert kept(game) is None


SHORT = ClassCode.make("E2E7", ("person", "computer", "computer", "computer"), "normal", 20)
MATCH_MS = 150_000  # a short class match on the fast setting, 2 busy cores


def test_joining_from_settings_keeps_the_match_and_the_class_matchs_end_leads_back(
    browsers: Browsers,
) -> None:
    game = browsers.game(settings=PLAYER)
    mine, shown = match_in_progress(game)
    settings = game.open_panel("settings")
    settings.locator('[data-setting="class"]').fill(SHORT.text)
    game.action("class-join", within=settings).click()
    settings.wait_for(state="hidden")
    game.page.wait_for_function("(c) => document.body.dataset.class === c", arg=SHORT.text)
    assert kept(game) == mine, "joining from Settings replaced the match without keeping it"
    while (end := game.wait_turn("S", timeout=MATCH_MS)) != "match-end":
        if end == "turn":
            game.play_turn("S")
            continue
        assert end == "hand-end", end
        dialog = game.dialog(end)
        dialog.locator("[data-result-code]").wait_for(timeout=30_000)
        game.action("next-hand", within=dialog).click()
        dialog.wait_for(state="hidden")
    dialog = game.dialog("match-end")
    back = dialog.locator("[data-kept-match]")
    assert WORDS["back"] in back.inner_text()
    game.action("kept-match", within=back).click()
    dialog.wait_for(state="hidden")
    wait_class(game, False)
    assert game.wait_turn("S") == "turn"
    assert game.raw_save() == mine and game.position() == shown
    assert kept(game) is None, "the finished class match was kept"


def test_another_match_kept_already_is_saved_as_a_file_before_it_is_replaced(
    browsers: Browsers,
) -> None:
    game = browsers.game(settings=PLAYER)
    first, _ = match_in_progress(game)
    game.action("class-link-join", within=open_link(game)).click()
    wait_class(game, True)
    assert kept(game) == first
    # a new match from Settings, while the first one is kept
    game.settings()
    wait_class(game, False)
    second, shown = match_in_progress(game)
    question = open_link(game)
    game.action("class-link-join", within=question).click()
    refused = question.locator("[data-kept-refused]")
    refused.wait_for()
    assert WORDS["replaces"] in refused.inner_text()
    join = game.action("class-link-join", within=question)
    assert join.is_disabled() and kept(game) == first and game.raw_save() == second
    game.screenshot("class-link-replaces")
    with game.page.expect_download() as info:
        game.action("kept-file", within=question).click()
    assert info.value.path().read_text(encoding="utf-8") == first
    join.click()
    wait_class(game, True)
    assert kept(game) == second, "the match on the table was not kept in the other's place"
    settings = game.open_panel("settings")
    game.action("kept-match", within=settings.locator("[data-kept-match]")).click()
    settings.wait_for(state="hidden")
    wait_class(game, False)
    assert game.wait_turn("S") == "turn"
    assert game.raw_save() == second and game.position() == shown
