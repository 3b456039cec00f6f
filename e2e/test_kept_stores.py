"""Issue 30 through the page: what the device keeps is read back within bounds and never lost.

The teacher's table with an entry out of bounds (a proof holding a 5000-digit number) opens with
the entries that read, the rest set aside and offered as a file; a thousand pasted lines of a
class of thirty go in one intent (the time they take is printed, not asserted); settings out of
bounds are said once; a table of another release is offered as a file before the new class's
starts. A class link over another class match in progress asks first and keeps it; a kept match
the worker cannot load is set aside before anything is written over it; the history opens
whatever it holds (a total of 10^400, 20,000 entries).
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from longana.classplay import ClassCode, Result
from longana.lab.bench_table import results as class_of_thirty
from longana.protocol import Game as Worker

from .browsers import Browsers
from .classroom import add, error_text, open_table, rows
from .game import TURN_MS, Game
from .shown import english

# one xdist worker runs the module (make test-browser): its class of thirty is made once
pytestmark = pytest.mark.xdist_group("test_kept_stores")

TABLE = "longana:class-results"
WORDS = english()
HUGE = "9" * 5000  # the audit's number: more digits than CPython reads, MicroPython reads it


def seeded(browsers: Browsers, items: dict[str, str], query: str = "") -> Game:
    """The game opened with ``items`` (and nothing else) in its storage (the warm profile)."""
    game = browsers.game()
    game.page.evaluate(
        """(items) => { localStorage.clear();
             for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }""",
        items,
    )
    return game.open(query)


def stored(game: Game, key: str) -> Any:
    return game.page.evaluate("(k) => localStorage.getItem(k)", key)


def fetched(game: Game, link: Any) -> str:
    href = str(link.get_attribute("href"))
    return str(game.page.evaluate("async (u) => await (await fetch(u)).text()", href))


@pytest.fixture(scope="module")
def thirty() -> tuple[ClassCode, list[Result]]:
    return class_of_thirty(30, "normal")


def test_the_teachers_table_keeps_what_reads_and_adds_a_thousand_lines(
    browsers: Browsers, thirty: tuple[ClassCode, list[Result]]
) -> None:
    code, made = thirty
    entries = [[r.text, r.proof] for r in made[:3]]
    text = json.dumps({"schema": 1, "class": code.text, "results": entries})
    original = text.replace(json.dumps(made[1].proof["hands"]), "[" + HUGE + "]", 1)
    assert original != text
    settings = json.dumps({"speed": "fast", "name": "x" * 500})  # a name out of bounds
    game = seeded(browsers, {TABLE: original, "longana:settings": settings})
    page = game.page
    page.locator('[data-notice="settings"]').wait_for(state="visible", timeout=TURN_MS)

    # one entry out of bounds: the others shown, the table as it was set aside and offered
    dialog = open_table(game)
    page.wait_for_function("() => document.querySelectorAll('[data-student]').length === 2")
    assert sorted(r["name"] for r in rows(game)) == ["Student 1", "Student 3"]
    aside = dialog.locator("[data-results-aside]")
    assert aside.is_visible() and "1 result" in aside.inner_text()
    assert fetched(game, aside.locator('[data-download="table-aside"]')) == original
    assert stored(game, TABLE + ":corrupt") == original

    # a thousand lines of a class of thirty, in one intent, none refused, none lost
    lines = [made[k % len(made)].text for k in range(1000)]
    start = time.perf_counter()
    dialog = add(game, lines)
    took = time.perf_counter() - start
    print(f"\n1000 pasted lines (30 students) added in {took:.1f} s in Chromium")
    assert error_text(dialog) == "", error_text(dialog)
    assert len(rows(game)) == 30
    kept = json.loads(stored(game, TABLE))["results"]
    assert sorted(e[0] for e in kept) == sorted(r.text for r in made), "one entry a result"

    # a reload: nothing said again (the settings and the table were set aside once)
    game.reload()
    open_table(game)
    page.wait_for_function("() => document.querySelectorAll('[data-student]').length === 30")
    assert page.locator('[data-notice="settings"]').count() == 0, "the settings said twice"
    assert game.dialog("class-results").locator("[data-results-aside]").count() == 0

    # a table of another release: said, offered as a file, then the new class's table starts
    old = json.dumps({"schema": 1, "class": "7B-PCCC-N100-2ZQ", "results": entries[:1]})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [TABLE, old])
    game.reload()
    dialog = open_table(game)
    note = dialog.locator("[data-results-old]")
    note.wait_for(timeout=TURN_MS)
    assert "7B-PCCC-N100-2ZQ" in note.inner_text()
    assert fetched(game, note.locator('[data-download="old-table"]')) == old
    dialog.locator("[data-results-class]").fill(code.text)
    game.action("results-class", within=dialog).click()
    dialog.locator("textarea[data-results-input]").wait_for(timeout=TURN_MS)
    assert json.loads(stored(game, TABLE))["class"] == code.text
    assert old in [stored(game, TABLE + ":corrupt" + n) for n in ("", ":2")], "old table lost"


SOLO = ("person", "computer", "computer", "computer")
CLASS = ClassCode.make("E2E30", SOLO, "easy", 100)
OTHER = ClassCode.make("E2E31", SOLO, "easy", 100)
GOOD = {"key": "7:40", "date": "2026-12-01", "deal": "7", "level": "hard", "winner": 0}
GOOD.update({"people": [0], "totals": [[101, 0, 0, 5]]})


def class_save(code: ClassCode, actions: int) -> str:
    """The save of the class match ``code`` a few actions in (a person takes the first move)."""
    worker = Worker()
    reply = json.loads(worker.handle(json.dumps({"do": "class-start", "code": code.text})))
    while reply["frame"]["log"] < actions:
        frame = reply["frame"]
        turn = frame["turn"]
        intent = (
            {"do": "play", "move": turn["moves"][0], "at": frame["log"]}
            if turn
            else {"do": "computer", "at": frame["log"]}
        )
        reply = json.loads(worker.handle(json.dumps(intent)))
    return str(reply["save"])


def test_a_class_link_over_another_class_match_asks_and_keeps_it(browsers: Browsers) -> None:
    mine = class_save(OTHER, 6)
    # the match kept before: a class match of the link's code that the worker cannot load
    broken = json.dumps({"schema": 3, "class": CLASS.text, "log": ["7-7"] * 3})
    broken = broken.replace('"7-7"', HUGE, 1)
    total = "1" + "0" * 400  # 10^400
    history = json.dumps([GOOD, {**GOOD, "totals": [[2]]}]).replace(
        "[[2]]", f"[[{total}, 0, 0, 0]]"
    )
    items = {
        "longana:save": mine,
        "longana:kept-match": broken,
        "longana:settings": json.dumps({"speed": "fast", "name": "Ana"}),
        "longana:history": history,
    }
    game = seeded(browsers, items, f"?class={CLASS.text}")
    page = game.page

    # the match on the table is another class's, in progress: asked first
    question = game.dialog("class-link")
    question.wait_for(timeout=TURN_MS)
    assert page.evaluate("() => document.body.dataset.class") == OTHER.text
    game.action("class-link-join", within=question).click()
    page.wait_for_function("(c) => document.body.dataset.class === c", arg=CLASS.text)
    page.locator('[data-notice="kept-unreadable"]').wait_for(state="visible", timeout=TURN_MS)
    assert stored(game, "longana:kept-match:corrupt") == broken, "set aside before written over"
    assert stored(game, "longana:kept-match") == mine, "the class match left is kept"

    # the way back: the other class match exactly as it was left
    dialog = game.open_panel("settings")
    back = game.action("kept-match", within=dialog)
    assert OTHER.text in back.inner_text()
    back.click()
    page.wait_for_function("(c) => document.body.dataset.class === c", arg=OTHER.text)
    assert json.loads(stored(game, "longana:save"))["log"] == json.loads(mine)["log"]

    # the history opens with a total of 10^400, then with 20,000 entries; said each time
    for payload in (None, json.dumps([GOOD] * 20_000)):
        if payload is not None:
            page.evaluate("(v) => localStorage.setItem('longana:history', v)", payload)
        page.evaluate("() => document.querySelector('[data-notice=history-skipped]')?.remove()")
        dialog = game.open_panel("record")
        game.action("history", within=dialog).click()
        history_dialog = game.dialog("history")
        history_dialog.wait_for(timeout=TURN_MS)
        page.locator('[data-notice="history-skipped"]').wait_for(state="visible", timeout=TURN_MS)
        assert WORDS["history"]["title"] in history_dialog.inner_text()
        game.close_panel("history")
