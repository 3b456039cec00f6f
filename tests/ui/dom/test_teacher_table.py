"""Issue 30 on the page, in the stand-in browser over a real worker: the teacher's table never
shrinks by accident (a kept entry out of bounds or unreadable set aside and offered, an error
reply or one that keeps less leaves it as it was, a table of another release offered as a file),
all lines and files go in one intent, refusals and results added again are said; a student's
result refused for another reason than the name does not blame it; the history opens whatever
it holds; a kept match the worker cannot load is set aside before anything is written over it;
a class link over another class match in progress asks first; the storage notice goes once
saving works again."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from longana.classplay import ClassCode, Result
from longana.classplay.replay import play_class
from longana.protocol import Game
from ui import intents

from .conftest import Storage

SOLO = ("person", "computer", "computer", "computer")
CODE = ClassCode.make("UT30", SOLO, "easy", 10)
TABLE = "longana:class-results"


def run(scene: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(scene())


def result(k: int, name: str, hands: int = 99) -> Result:
    return Result.of(play_class(CODE, hands, lambda game, legal: legal[k % len(legal)]), 0, name)


@pytest.fixture(scope="module")
def three() -> list[Result]:
    made = [result(k, name) for k, name in ((0, "Ana"), (1, "Bo"), (2, "Cy"))]
    assert len({r.plays for r in made}) == 3, "three different plays"
    return made


class Guarded(Storage):
    """localStorage behind the guard of ui/storage.js, which measures a text, moves one from
    key to key and makes a download of one without handing it over."""

    def size(self, key: str) -> int:
        return len(self.items[key]) if key in self.items else -1

    def move(self, key: str, to: str) -> bool:
        if key not in self.items or to in self.items:
            return False
        self.items[to] = self.items.pop(key)
        return True

    def url(self, key: str, mime: str) -> str | None:
        return "blob:stored:" + key if key in self.items else None


@pytest.fixture
def table_page(dom_page: Any) -> Any:
    """The page over storage behind the guard (the teacher's table reads it so)."""
    dom_page.store.storage = Guarded()
    return dom_page


def kept_text(entries: list[Any], code: str = CODE.text) -> str:
    return json.dumps({"schema": 1, "class": code, "results": entries})


def entries(results: Any) -> list[Any]:
    """The entries the page holds, read back from their texts."""
    return [json.loads(text) for _, text in results.kept]


def stored(page: Any) -> list[Any]:
    return list(json.loads(page.store.storage.getItem(TABLE))["results"])


def shown(js: Any) -> list[str]:
    rows = js.document.querySelectorAll('[data-dialog="class-results"] [data-student]')
    return [str(row.getAttribute("data-student")) for row in rows]


def said(js: Any, what: str) -> str:
    el = js.document.querySelector(f'[data-dialog="class-results"] [{what}]')
    return "" if el is None else str(el.textContent)


async def turns(n: int = 40) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


async def opened(page: Any) -> Any:
    """The teacher's table opened, and what the worker answered drawn."""
    results = page.rooms.results()
    results.open()
    await turns()
    return results


async def add(js: Any, results: Any, text: str, files: list[Any] = ()) -> None:  # type: ignore[assignment]
    js.document.querySelector("[data-results-input]").value = text
    js.document.querySelector("[data-results-files]").files = Files(list(files))
    await results.add()


class File(str):
    """A chosen file: its text (the stand-in's withFile puts it into the intent) and name."""

    name: str
    size: int

    def __new__(cls, name: str, text: str) -> File:
        made = super().__new__(cls, text)
        made.name, made.size = name, len(text)
        return made


class Files:
    def __init__(self, items: list[File]) -> None:
        self.items, self.length = items, len(items)

    def item(self, i: int) -> File:
        return self.items[i]


class Failing(Game):
    """A worker whose answer to the teacher's table is ``answer`` (an error, a short table)."""

    def __init__(self, answer: Callable[[dict[str, Any]], Any], every: bool = False) -> None:
        super().__init__()
        self.answer = answer
        self.every = every  # every class-table intent, not only those that add results

    def handle(self, text: str) -> str:
        intent = json.loads(text)
        if intent.get("do") == "class-table" and (self.every or intent.get("texts")):
            return json.dumps(self.answer(json.loads(super().handle(text))))
        return str(super().handle(text))


# -- the teacher's table ---------------------------------------------------------------------------


def test_one_entry_out_of_bounds_never_empties_the_table(
    js: Any, table_page: Any, three: list[Result]
) -> None:
    page = table_page
    ana, bo, cy = three
    huge = json.loads(json.dumps(bo.proof))
    huge["hands"] = [10**400]  # out of range (the audit had 5000 digits: CPython reads 4300)
    original = kept_text([[ana.text, ana.proof], [bo.text, huge], [cy.text, cy.proof]])
    page.store.storage.setItem(TABLE, original)

    async def scene() -> None:
        results = await opened(page)
        assert sorted(shown(js)) == ["Ana", "Cy"], "the entries that read are shown"
        assert page.store.storage.getItem(TABLE + ":corrupt") == original, "set aside as it was"
        note = js.document.querySelector("[data-results-aside]")
        assert note is not None and page.ctl.cat.plural("table.aside", 1) in note.textContent
        assert note.querySelector('[data-download="table-aside"]') is not None
        await add(js, results, bo.text)
        assert sorted(shown(js)) == ["Ana", "Bo", "Cy"]
        assert [e[0] for e in stored(page)] == [ana.text, cy.text, bo.text], "3 kept, not 1"

    run(scene)


def test_lines_and_files_go_in_one_intent_and_refusals_say_where(
    js: Any, table_page: Any, three: list[Result]
) -> None:
    page = table_page
    ana, bo, cy = three
    worker = js.longanaBoot.worker

    async def scene() -> None:
        page.store.storage.setItem(TABLE, kept_text([[ana.text, ana.proof]]))
        results = await opened(page)
        sent = len(worker.got)
        lines = "\n".join([bo.text, "", "not a code", ana.text] + [cy.text] * 200)
        files = [File("cy.json", cy.to_json()), File("empty.txt", ""), File("x.png", "\x89PNG\x00")]
        await add(js, results, lines, files)
        asked = [i for i in worker.got[sent:] if i["do"] == "class-table"]
        assert len(asked) == 1, "one intent for every line and file"
        kept = [json.loads(entry) for entry in asked[0]["kept"]]  # each entry its own text
        assert kept == [[ana.text, ana.proof]] and "proofs" not in asked[0]
        assert js.longanaBoot.waits[-1] > 15000, "the worker may take its time to replay"
        cat = page.ctl.cat
        errors = said(js, "data-results-error")
        assert cat.t("class.refused", n=3, why=cat.t("class.why.format")) in errors
        assert cat.t("class.refused_file", file="empty.txt", why=cat.t("class.why.empty")) in errors
        assert cat.t("class.refused_file", file="x.png", why=cat.t("class.why.not-text")) in errors
        assert errors.count("x.png") == 1, "a binary file is refused once"
        area = js.document.querySelector("[data-results-input]")
        assert area.value == "not a code", "what was refused stays to be corrected"
        assert cat.t("table.again", name="Ana") in said(js, "data-results-told")
        assert sorted(shown(js)) == ["Ana", "Bo", "Cy"]
        assert [e[0] for e in stored(page)] == [ana.text, bo.text, cy.text]

    run(scene)


def test_a_paste_too_long_for_the_page_is_said_and_sends_nothing(
    js: Any, table_page: Any, three: list[Result]
) -> None:
    page = table_page
    ana = three[0]
    page.store.storage.setItem(TABLE, kept_text([[ana.text, ana.proof]]))

    async def scene() -> None:
        from ui.dom.class_results import MAX_PASTED

        results = await opened(page)
        sent = len(js.longanaBoot.worker.got)
        pasted = (ana.text + "\n") * (MAX_PASTED // len(ana.text))
        await add(js, results, pasted)
        assert len(js.longanaBoot.worker.got) == sent, "nothing sent"
        assert js.document.querySelector("[data-results-input]").value == pasted, "kept"
        cat = page.ctl.cat
        assert cat.t("table.too_long", n=cat.number(MAX_PASTED)) in said(js, "data-results-error")
        assert shown(js) == ["Ana"] and [e[0] for e in stored(page)] == [ana.text]

    run(scene)


@pytest.mark.parametrize(
    "answer",
    [
        lambda reply: {"error": {"code": "too-large", "detail": "…"}},
        lambda reply: {k: v for k, v in reply.items() if k != "table"},
        lambda reply: {**reply, "keep": reply["keep"][:1]},  # fewer than were sent
    ],
    ids=["error", "no-table", "fewer"],
)
def test_a_reply_that_is_no_whole_table_leaves_the_kept_one(
    js: Any, table_page: Any, three: list[Result], answer: Callable[[dict[str, Any]], Any]
) -> None:
    page = table_page
    ana, bo, cy = three
    js.longanaBoot.worker.table = Failing(answer)
    original = kept_text([[ana.text, ana.proof], [bo.text, bo.proof]])
    page.store.storage.setItem(TABLE, original)

    async def scene() -> None:
        results = await opened(page)
        await add(js, results, cy.text)
        assert page.store.storage.getItem(TABLE) == original, "the kept table as it was"
        assert page.ctl.cat.t("table.unchanged") in said(js, "data-results-error")
        assert js.document.querySelector("[data-results-input]").value == cy.text
        assert entries(results) == [[ana.text, ana.proof], [bo.text, bo.proof]]

    run(scene)


def test_a_kept_entry_the_worker_cannot_read_is_set_aside_beside_the_table(
    js: Any, table_page: Any, three: list[Result]
) -> None:
    page = table_page
    ana, bo, _ = three
    last = bo.text[-1]
    altered = bo.text[:-1] + ("2" if last != "2" else "3")  # in bounds, but its check fails
    page.store.storage.setItem(TABLE, kept_text([[ana.text, ana.proof], [altered, bo.proof]]))

    async def scene() -> None:
        await opened(page)
        assert shown(js) == ["Ana"]
        assert [e[0] for e in stored(page)] == [ana.text]
        aside = json.loads(page.store.storage.getItem(TABLE + ":corrupt"))
        assert aside["results"] == [[altered, bo.proof]], "kept beside the table, not dropped"
        cat = page.ctl.cat
        why = cat.t("class.why.check")
        assert cat.t("class.refused_kept", why=why) in said(js, "data-results-error")
        assert js.document.querySelector('[data-download="table-aside"]') is not None

    run(scene)


def test_a_table_of_another_release_is_offered_as_a_file_then_the_new_class_starts(
    js: Any, table_page: Any, three: list[Result]
) -> None:
    page = table_page
    ana = three[0]
    old = kept_text([[ana.text, ana.proof]], "7B-PCCC-N100-2ZQ")  # a class code of release 2
    page.store.storage.setItem(TABLE, old)

    async def scene() -> None:
        results = await opened(page)
        note = js.document.querySelector("[data-results-old]")
        assert note is not None and "7B-PCCC-N100-2ZQ" in note.textContent
        assert note.querySelector('[data-download="old-table"]') is not None
        assert page.store.storage.getItem(TABLE + ":corrupt") == old, "kept beside, not lost"
        js.document.querySelector("[data-results-class]").value = CODE.text
        await results.start()
        assert js.document.querySelector("[data-results-input]") is not None
        assert json.loads(page.store.storage.getItem(TABLE))["class"] == CODE.text
        assert page.store.storage.getItem(TABLE + ":corrupt") == old

    run(scene)


def test_a_students_result_refused_for_its_class_does_not_blame_the_name(
    js: Any, table_page: Any
) -> None:
    page = table_page

    class Tampered(Game):
        def handle(self, text: str) -> str:
            if json.loads(text).get("do") == "class-result":
                refused = {"code": "class-version", "params": {"version": "2"}}
                return json.dumps({"refused": refused})
            return str(super().handle(text))

    js.longanaBoot.worker.table = Tampered()

    async def scene() -> None:
        reply = await page.ask(intents.class_start(CODE.text, None))
        page.started.set()
        page.apply(reply)
        page.settings.name = "Ana"
        dialog = page.dialogs.open("hand-end", '<div class="dlg-buttons"></div>')
        await page.rooms.classes().show_result(dialog)
        box = js.document.querySelector("[data-result-refused]")
        assert box is not None and box.getAttribute("data-result-refused") == "class-version"
        assert js.document.querySelector("[data-class-name]") is None, "the name is not asked"
        assert page.ctl.cat.t("class.why.version") in box.textContent

    run(scene)


# -- history, the kept match, the storage notice ---------------------------------------------------


async def in_progress(page: Any, intent: Any) -> Any:
    """The worker's reply to ``intent``, then to moves until three are made (the person's
    first legal move, the computer's)."""
    reply = await page.ask(intent)
    while reply["frame"]["log"] < 3:
        frame = reply["frame"]
        move = frame["turn"]["moves"][0] if frame["turn"] else None
        step = intents.play(move, frame["log"]) if move else intents.computer(frame["log"])
        reply = await page.ask(step)
    return reply


GOOD = {"key": "7:40", "date": "2026-12-01", "deal": "7", "level": "hard", "winner": 0}
GOOD.update({"people": [0], "totals": [[101, 0, 0, 5]]})


@pytest.mark.parametrize(
    "history",
    [
        [GOOD, {**GOOD, "totals": [[10**400, 0, 0, 0]]}],
        [GOOD] * 20_000,
    ],
    ids=["10^400", "20000-entries"],
)
def test_the_history_opens_whatever_it_holds_and_says_so_once(
    js: Any, dom_page: Any, history: list[Any]
) -> None:
    page = dom_page
    page.store.storage.setItem("longana:history", json.dumps(history))
    rooms = page.rooms
    notice = '[data-notice="history-skipped"]'

    async def scene() -> None:
        rooms.history().open()
        dialog = js.document.querySelector('[data-dialog="history"]')
        assert dialog is not None and "2026-12-01" in dialog.textContent
        assert js.document.querySelector(notice) is not None
        assert len(json.loads(page.store.storage.getItem("longana:history"))) <= 100
        page.dialogs.close()
        js.document.querySelector(notice).remove()
        rooms.history().open()
        assert js.document.querySelector(notice) is None, "said once"

    run(scene)


def test_a_kept_match_the_worker_cannot_load_is_set_aside_before_it_is_written_over(
    js: Any, dom_page: Any
) -> None:
    page = dom_page
    storage = page.store.storage
    broken = json.dumps({"schema": 3, "class": CODE.text, "log": [10**400]})

    async def scene() -> None:
        reply = await in_progress(page, intents.start(None, list(SOLO), "normal", "7"))
        page.started.set()
        page.apply(reply)
        mine = page.saves.text
        storage.setItem("longana:kept-match", broken)
        await page.rooms.classes().join(CODE.text)
        assert storage.getItem("longana:kept-match:corrupt") == broken, "set aside first"
        assert storage.getItem("longana:kept-match") == mine, "then this match kept"
        assert js.document.querySelector('[data-notice="kept-unreadable"]') is not None

    run(scene)


def test_a_kept_match_that_is_no_save_is_set_aside_and_said(js: Any, dom_page: Any) -> None:
    page = dom_page
    page.store.storage.setItem("longana:kept-match", "{not json")

    async def scene() -> None:
        assert page.rooms.kept().read() is None
        assert page.store.storage.getItem("longana:kept-match:corrupt") == "{not json"
        assert js.document.querySelector('[data-notice="kept-unreadable"]') is not None

    run(scene)


def test_a_class_link_over_another_class_match_in_progress_asks_first(
    js: Any, dom_page: Any
) -> None:
    page = dom_page
    other = ClassCode.make("UT31", SOLO, "easy", 10)

    async def scene() -> None:
        reply = await in_progress(page, intents.class_start(other.text, None))
        save = reply["save"]
        first = await page.rooms.kept().first_reply(CODE.text, save)
        assert first["frame"]["class"] == other.text, "the match in progress stays on the table"
        page.ctl.receive(first)
        page.rooms.kept().open_question()
        assert page.ctl.interaction.dialog == "class-link"
        # the same class's link resumes it, asking nothing
        again = await page.rooms.kept().first_reply(other.text, save)
        assert again.get("resumed") and page.rooms.kept().question is None

    run(scene)


def test_the_storage_notice_goes_once_saving_works_again(js: Any, dom_page: Any) -> None:
    page = dom_page
    page.started.set()

    async def scene() -> None:
        page.saves.told("save.full")
        assert js.document.querySelector('[data-notice="storage"]') is not None
        page.saves.told(None)
        assert js.document.querySelector('[data-notice="storage"]') is None

    run(scene)


def test_only_the_teacher_removes_a_result_and_a_failed_reply_keeps_it(
    js: Any, table_page: Any, three: list[Result]
) -> None:
    page = table_page
    ana, bo, _ = three
    original = kept_text([[ana.text, ana.proof], [bo.text, bo.proof]])
    page.store.storage.setItem(TABLE, original)

    async def scene() -> None:
        results = await opened(page)
        place = shown(js).index("Bo")
        button = js.document.querySelectorAll('[data-action="remove-result"]').item(place)
        js.longanaBoot.worker.table = Failing(lambda reply: {"error": {"code": "x"}}, every=True)
        await results.remove(button)
        assert page.store.storage.getItem(TABLE) == original and len(results.kept) == 2
        js.longanaBoot.worker.table = Game()
        button = js.document.querySelectorAll('[data-action="remove-result"]').item(place)
        await results.remove(button)
        assert shown(js) == ["Ana"] and [e[0] for e in stored(page)] == [ana.text]

    run(scene)


def test_a_table_of_more_rows_than_a_page_comes_and_is_drawn_in_parts(
    js: Any, table_page: Any
) -> None:
    """Issue 37: the page never holds a table of a MB at once: its rows come a page at a time
    (``class-rows``) after the first, and the CSV's link waits for all of them."""
    from ui.dom.class_results import PAGE

    page = table_page
    made = [result(k, f"Student {k}") for k in range(PAGE + 30)]
    page.store.storage.setItem(TABLE, kept_text([[r.text, r.proof] for r in made]))
    worker = js.longanaBoot.worker

    async def scene() -> None:
        results = page.rooms.results()
        results.open()
        await turns(200)
        asked = [i["do"] for i in worker.got if i["do"].startswith("class-")]
        assert asked == ["class-table", "class-rows"], "the first rows, then the others"
        assert len(shown(js)) == len(made) == len(set(shown(js))), "every row drawn once"
        link = js.document.querySelector('[data-action="export-csv"]')
        assert link is not None and link.getAttribute("href"), "the CSV once all rows came"
        places = [
            b.getAttribute("data-row")
            for b in js.document.querySelectorAll('[data-action="remove-result"]')
        ]
        assert places == [str(k) for k in range(len(made))]
        assert len(stored(page)) == len(made) and results.fetching is False

    run(scene)
