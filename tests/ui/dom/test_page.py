"""The page's game manager (ui/dom/page.py) in the stand-in browser, over a real worker
(``longana.protocol.Game`` here): another tab's save followed or set aside, never swapped for a
game it did not read; the steps after a reply (the handoff, a hand's end, the computer's move
held while a dialog is open); the hint refused while every hand is hidden, in words."""

from __future__ import annotations

import json
from typing import Any

import pytest

from longana.protocol import Game
from ui import intents
from ui.i18n import LANGUAGES, Catalog
from ui.words import why

from .clock import run, until
from .conftest import ROOT

PEOPLE = ["person", "computer", "person", "computer"]


async def started(page: Any, seats: list[str], deal: str = "7") -> dict[str, Any]:
    """The page live on a new match (as its start would leave it)."""
    reply = await page.ask(intents.start(None, seats, "normal", deal))
    page.started.set()
    page.apply(reply)
    return dict(reply)


def test_another_tabs_save_that_does_not_read_never_replaces_this_tabs_game(
    js: Any, dom_page: Any
) -> None:
    page = dom_page
    worker = js.longanaBoot.worker.table

    async def scene() -> None:
        await started(page, PEOPLE)
        mine = page.saves.text
        broken = '{"schema": 3, "broken": tru'
        page.store.storage.setItem("longana:save", broken)  # the other tab wrote it
        await page.follow(broken)
        assert worker.session.to_json() == mine, "the worker's game is this tab's still"
        assert page.ctl.frame["deal"] == "7" and page.saves.text == mine
        assert page.store.storage.getItem("longana:save") == mine, "saved again"
        assert page.store.storage.getItem("longana:save:corrupt") == broken, "set aside"
        said = js.document.querySelector('[data-notice="other-tab-unreadable"]')
        assert said.textContent == page.ctl.cat.t("tabs.other_unreadable")
        other = json.loads(Game().handle(json.dumps(intents.start(None, PEOPLE, "easy", "9"))))
        await page.follow(other["save"])
        assert page.ctl.frame["deal"] == "9" and worker.session.to_json() == other["save"]
        assert js.document.querySelector('[data-notice="other-tab"]') is not None

    run(scene)


def test_the_handoff_then_the_holders_tiles(js: Any, dom_page: Any) -> None:
    page = dom_page
    page.settings.speed = "fast"

    async def scene() -> None:
        await started(page, ["person"] * 4)
        await until(lambda: page.ctl.interaction.dialog == "handoff")
        seat = page.ctl.frame["handoff"]
        assert js.document.querySelector("#app [data-tile]") is None, "every hand hidden"
        js.document.querySelector('[data-action="take-device"]').click()
        await until(
            lambda: page.ctl.frame["viewer"] == seat and page.ctl.interaction.dialog is None
        )
        tiles = js.document.querySelectorAll('#app [data-hand="' + seat + '"] [data-tile]')
        assert tiles.length > 0 and page.holder == seat
        assert js.document.querySelectorAll("#app [data-tile]").length == tiles.length

    run(scene)


def test_a_computers_move_that_comes_while_a_dialog_is_open_lands_when_it_closes(
    js: Any, dom_page: Any
) -> None:
    page = dom_page
    page.settings.speed = "fast"
    worker = js.longanaBoot.worker

    answer = worker.call

    async def call(text: str) -> str:
        if json.loads(text)["do"] == "computer" and page.ctl.interaction.dialog is None:
            page.dialogs.open("rules", "<p>the rules</p>")  # opened while the worker answers
        return await answer(text)

    worker.call = call

    async def scene() -> None:
        reply = await started(page, ["computer"] * 4)
        before = reply["frame"]["log"]
        await until(lambda: page.pace.held is not None)
        assert page.ctl.frame["log"] == before, "held, not shown"
        page.dialogs.close()
        assert page.ctl.frame["log"] == before + 1 and page.pace.held is None

    run(scene)


def test_a_hand_of_computers_ends_and_the_next_is_dealt_by_itself(js: Any, dom_page: Any) -> None:
    page = dom_page
    page.settings.speed = "fast"

    async def scene() -> None:
        await started(page, ["computer"] * 4, deal="3")
        await until(lambda: page.ctl.interaction.dialog == "hand-end")
        assert js.document.querySelector('[data-dialog="hand-end"]') is not None
        await until(lambda: page.ctl.frame["hand_number"] == 2)

    run(scene)


def test_a_hint_refused_while_every_hand_is_hidden_is_said(js: Any, dom_page: Any) -> None:
    """The page greys Hint while the handoff screen is up; should it ask all the same (a
    worker that lost who holds the device), the worker's refusal is said in words."""
    page = dom_page
    worker = js.longanaBoot.worker.table

    async def scene() -> None:
        reply = await started(page, ["person"] * 4)
        seat = reply["frame"]["handoff"]
        page.dialogs.close(resume=False)
        taken = await page.ask(intents.take_device(seat))
        page.apply(taken, close=True)
        worker.holder = None  # the worker no longer knows who holds the device
        await page.hint()
        expected = why({"code": "hands-hidden", "params": {"seat": seat}}, page.ctl.cat)
        assert js.document.querySelector("#msg").textContent == expected

    run(scene)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hint_refusal_is_worded_in_every_language(lang: str) -> None:
    english = json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))
    words = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
    cat = Catalog(words, english)
    said = why({"code": "hands-hidden", "params": {"seat": "E"}}, cat)
    assert said != why({"code": "no-such-code", "params": {}}, cat)
    assert cat.seat("E") in said
