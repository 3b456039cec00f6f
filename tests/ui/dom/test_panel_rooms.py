"""The panels' rooms (ui/dom/rooms.py and the rooms it makes) in the stand-in browser: each made
when first needed; a match in progress kept before a class match replaces it, never lost
silently; Settings refuse a deal number that is none; a finished match remembered once; the
explained hint's moves shown on the table."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from longana.protocol import Game
from ui import intents
from ui.notation import TARGETS

LONGEST = TARGETS[-1]

SOLO = ["person", "computer", "computer", "computer"]


def played(frame_log: int = 5, cls: str | None = None) -> dict[str, Any]:
    """A frame of a match in progress (``frame_log`` actions in), or of a class match."""
    table = Game()
    frame = json.loads(table.handle(json.dumps(intents.start(None, SOLO, "normal", "7"))))["frame"]
    return dict(frame, log=frame_log, **({"class": cls} if cls else {}))


def test_the_panels_rooms_and_their_modules_come_when_first_needed(dom_page: Any) -> None:
    rooms = dom_page.rooms
    assert "ui.dom.class_results" not in sys.modules and "ui.dom.record_actions" not in sys.modules
    results = rooms.results()
    assert rooms.results() is results and "ui.dom.class_results" in sys.modules
    assert "ui.dom.record_actions" not in sys.modules


def test_a_match_in_progress_is_kept_before_a_class_match_takes_the_table(
    js: Any, dom_page: Any
) -> None:
    page = dom_page
    kept = page.rooms.kept()
    storage = page.store.storage

    async def scene() -> None:
        page.ctl.frame = played(frame_log=0)
        page.saves.text = "nothing played"
        assert kept.keep("CODE", {}) and storage.getItem("longana:kept-match") is None
        page.ctl.frame = played()
        page.saves.text = "mine"
        assert kept.keep("CODE", {}) and storage.getItem("longana:kept-match") == "mine"
        another = '{"schema": 3, "log": ["another match"]}'
        storage.setItem("longana:kept-match", another)  # one is kept at a time
        page.saves.text = "mine again"
        assert not kept.keep("CODE", {"frame": {}})
        question = js.document.querySelector('[data-dialog="class-link"]')
        assert question.querySelector('[data-action="kept-file"]') is not None
        assert storage.getItem("longana:kept-match") == another, "not lost"
        assert kept.joining() is not None, "after its file is saved, this one is kept instead"
        assert storage.getItem("longana:kept-match") == "mine again"

    asyncio.run(scene())


def test_settings_refuse_a_deal_number_that_is_none(js: Any, dom_page: Any) -> None:
    page = dom_page
    worker = js.longanaBoot.worker

    async def scene() -> None:
        reply = await page.ask(intents.start(None, SOLO, "normal", "7"))
        page.ctl.receive(reply)
        page.rooms.open_settings()
        field = js.document.querySelector('[data-dialog="settings"] [data-setting="deal"]')
        field.value = "not a deal!"
        sent = len(worker.got)
        await page.rooms.tools().start_new()
        error = js.document.querySelector('[data-setting-error="deal"]')
        assert not error.hidden and error.textContent == page.ctl.cat.t("settings.deal_bad")
        assert len(worker.got) == sent and page.ctl.interaction.dialog == "settings"

    asyncio.run(scene())


def test_a_finished_match_is_remembered_once(js: Any, dom_page: Any) -> None:
    page = dom_page
    table = js.longanaBoot.worker.table

    async def scene() -> None:
        frame = json.loads(
            table.handle(json.dumps(intents.start(None, ["computer"] * 4, "easy", "33")))
        )
        frame = frame["frame"]
        while not frame["match_over"]:
            step = intents.next_hand() if frame["outcome"] else intents.computer(frame["log"])
            frame = json.loads(table.handle(json.dumps(step)))["frame"]
        history = page.rooms.history()
        await history.remember(frame)
        await history.remember(frame)
        entries = json.loads(page.store.storage.getItem("longana:history"))
        assert len(entries) == 1 and entries[0]["deal"] == "33"
        assert entries[0]["winner"] == "SENW".index(frame["winner"])

    asyncio.run(scene())


def test_a_match_the_history_cannot_keep_is_said(js: Any, dom_page: Any) -> None:
    """Issue 37: storage that refuses the history is said (not only a console warning)."""
    page = dom_page
    table = js.longanaBoot.worker.table
    storage = page.store.storage
    kept = storage.setItem

    def refuse(key: str, value: str) -> None:
        if key == "longana:history":
            raise OSError("QuotaExceededError: the storage is full")
        kept(key, value)

    storage.setItem = refuse

    async def scene() -> None:
        reply = json.loads(
            table.handle(json.dumps(intents.start(None, ["computer"] * 4, "easy", "33")))
        )
        frame = reply["frame"]
        while not frame["match_over"]:
            step = intents.next_hand() if frame["outcome"] else intents.computer(frame["log"])
            frame = json.loads(table.handle(json.dumps(step)))["frame"]
        page.started.set()
        await page.rooms.history().remember(frame)
        said = js.document.querySelectorAll('#toasts [data-notice="history-not-kept"]')
        assert said.length == 1
        assert said.item(0).textContent == page.ctl.cat.t("history.not_kept")

    asyncio.run(scene())


def test_a_move_of_the_explained_hint_is_shown_on_the_table(js: Any, dom_page: Any) -> None:
    page = dom_page

    async def scene() -> None:
        reply = await page.ask(intents.start(None, SOLO, "normal", "23"))
        while reply["frame"]["to_move"] != "S":
            reply = await page.ask(intents.computer(reply["frame"]["log"]))
        page.started.set()
        page.ctl.receive(reply)
        page.render()
        await page.hint()
        explained = page.rooms.explained()
        moves = [m["move"] for m in explained.explanation["moves"]]
        assert explained.fresh() and page.ctl.interaction.hint
        await explained.open()
        assert page.ctl.interaction.dialog == "hint-explain"
        explained.preview(moves[-1])
        assert page.ctl.interaction.dialog is None
        assert page.ctl.interaction.preview == moves[-1] or page.ctl.interaction.selected
        explained.preview(moves[0])
        assert page.ctl.interaction.preview == moves[0] and page.ctl.interaction.hint

    asyncio.run(scene())


def test_settings_offer_the_matchs_length_for_new_matches_and_class_codes(
    js: Any, dom_page: Any
) -> None:
    """``select[data-setting="target"]`` beside the others: each length named by its target,
    the match in progress keeping its own (said under it), a new match and a class code made
    from Settings taking the one chosen."""
    page = dom_page

    async def scene() -> None:
        page.started.set()
        page.ctl.receive(await page.ask(intents.start(None, SOLO, "normal", "7")))
        page.rooms.open_settings()
        select = js.document.querySelector('[data-dialog="settings"] select[data-setting="target"]')
        options = select.querySelectorAll("option")
        assert [o.getAttribute("value") for o in options] == [str(t) for t in TARGETS]
        assert [o.hasAttribute("selected") for o in options] == [t == 100 for t in TARGETS]
        assert str(LONGEST) in options.item(len(TARGETS) - 1).textContent
        assert "100" in js.document.querySelector("#length-note").textContent
        select.value = str(LONGEST)
        await page.rooms.tools().close()
        assert page.settings.target == LONGEST
        assert page.ctl.frame["rules"]["target"] == 100, "the match in progress keeps its own"
        page.rooms.open_settings()
        chosen = js.document.querySelector('[data-setting="target"] option[selected]')
        assert chosen.getAttribute("value") == str(LONGEST)
        note = js.document.querySelector("#length-note").textContent
        assert note == page.ctl.cat.t("settings.length_note", target=100)
        js.document.querySelector('[data-setting="target"]').value = str(
            LONGEST
        )  # as a browser reads it
        await page.rooms.classes().make()
        code = js.document.querySelector("[data-class-code]").textContent
        assert f"-N{LONGEST}-" in code
        page.rooms.open_settings()
        js.document.querySelector('[data-setting="target"]').value = str(LONGEST)
        await page.rooms.tools().start_new()
        assert page.ctl.frame["rules"]["target"] == LONGEST
        assert json.loads(page.saves.text)["target"] == LONGEST
        page.dialogs.close()
        await page.rooms.tools().open_rules()  # the card's sentence, then this match's length
        said = js.document.querySelector('[data-rules-section="match"] [data-match-length]')
        assert said.textContent == page.ctl.cat.t("app.match_length", target=LONGEST)

    asyncio.run(scene())
