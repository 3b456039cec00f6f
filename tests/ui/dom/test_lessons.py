"""The lessons on the page (ui/dom/lessons.py, with ui/dom/page.py) in the stand-in browser,
over a real worker (``longana.protocol.Game``): a lesson taken from the list and played on the
game's own table by taps, a wrong move answered with the engine's reason, Pass offered and
refused in words, the praise, the next task, the lesson done and kept; the game under it
waits (no game intent is sent, its save is never written) and comes back exactly as it was,
then goes on; the address's lesson, an unknown one said; the newcomer's offer; a storage that
cannot keep progress said once; a lesson the worker lost started again."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

from longana.device.lessons import lesson
from ui.lesson_panels import said_words
from ui.lessons import PROGRESS
from ui.words import why

from .test_page import started, until

SOLO = ["person", "computer", "computer", "computer"]
COMPUTERS = ["computer"] * 4


def run(scene: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(scene())


def q(js: Any, selector: str) -> Any:
    return js.document.querySelector(selector)


def press(js: Any, selector: str) -> None:
    el = q(js, selector)
    assert el is not None, selector
    el.click()


def bar(js: Any) -> Any:
    return q(js, "#lesson .lesson-bar")


def state(js: Any) -> tuple[str, str] | None:
    found = bar(js)
    if found is None:
        return None
    return str(found.getAttribute("data-lesson-state")), str(found.getAttribute("data-lesson-task"))


def game_intents(worker: Any, since: int) -> list[str]:
    """What the page asked of the game (not of a lesson) since the ``since``-th intent."""
    return [i["do"] for i in worker.got[since:] if not i["do"].startswith("lesson-")]


async def play_by_taps(js: Any, move: str) -> None:
    """A move as a person makes it: the tile, the lit branch (or Pass), Confirm."""
    if move == "pass":
        press(js, '#buttons [data-action="pass"]')
    else:
        tile, _, branch = move.partition("@")
        chosen = q(js, f'#app [data-hand] [data-tile="{tile}"]')
        if chosen is None or chosen.getAttribute("aria-pressed") != "true":
            press(js, f'#app [data-hand] [data-tile="{tile}"]')
        if branch:
            press(js, f'#app [data-target="{branch}"]')
    press(js, '#buttons [data-action="confirm"]')


def test_a_lesson_from_the_list_is_played_by_taps_and_the_game_comes_back_as_it_was(
    js: Any, dom_page: Any
) -> None:
    page = dom_page
    page.settings.speed = "fast"
    worker = js.longanaBoot.worker
    storage = page.store.storage
    cat = page.ctl.cat

    async def scene() -> None:
        await started(page, COMPUTERS, deal="3")
        await until(lambda: page.ctl.frame["log"] >= 2)  # the computers are playing
        page.pause()  # (as the lessons' button does)
        await page.rooms.lessons().open()
        listed = js.document.querySelectorAll('[data-dialog="lessons"] [data-lesson]')
        assert [el.getAttribute("data-done") for el in listed] == ["false"] * 8
        kept_frame, kept_save = page.ctl.frame, storage.getItem("longana:save")
        since = len(worker.got)
        press(js, '[data-dialog="lessons"] [data-lesson="own-branch"]')
        await until(lambda: state(js) == ("task", "0"))
        assert page.ctl.interaction.dialog is None and js.document.body.dataset.lesson
        assert q(js, "#top [data-action='undo']") is None, "the game's tools wait"
        assert q(js, "#top [data-action='lesson-end']") is not None
        assert q(js, "#buttons [data-action='pass']") is not None, "Pass is offered in lessons"
        assert q(js, "#buttons [data-action='hint']") is None
        assert cat.t("lesson.own-branch.first") in q(js, "[data-lesson-line]").textContent

        # a wrong move: 9-4 on East's closed branch is answered with the engine's reason
        press(js, '#app [data-hand] [data-tile="9-4"]')
        press(js, '#app [data-branch="E"]')
        said = q(js, '[data-lesson-said="refused"]')
        reason = why({"code": "closed", "params": {"branch": "E"}}, cat)
        assert said is not None and reason in said.textContent
        assert cat.t("lesson.try_again") in said.textContent
        assert q(js, "#alert").textContent == reason, "read out at once"
        assert q(js, "#msg").textContent == "", "said once, in the bar"

        # the right move: praised, the computer's fixed replies, then the next task waits
        await play_by_taps(js, "9-4@S")
        await until(lambda: q(js, '[data-lesson-said="right"]') is not None)
        praise = said_words(cat, page.ctl.interaction.lesson)
        assert praise.startswith("Well done!") and praise in q(js, "#alert").textContent
        await until(lambda: state(js) == ("next", "1"))  # on the same table, held: read first
        assert praise in bar(js).textContent
        press(js, '#lesson [data-action="lesson-next"]')
        await until(lambda: state(js) == ("task", "1"))
        assert cat.t("lesson.own-branch.second") in q(js, "#alert").textContent
        await play_by_taps(js, str(lesson("own-branch").tasks[1].passing[0]))
        await until(lambda: state(js) == ("done", "1"))
        assert json.loads(storage.getItem(PROGRESS))["done"] == ["own-branch"]
        assert q(js, '#lesson [data-action="next-lesson"][data-next-lesson="doubles"]')
        assert cat.t("lesson.finished") in q(js, "#alert").textContent

        # meanwhile the game waited, its save untouched
        assert game_intents(worker, since) == []
        assert storage.getItem("longana:save") == kept_save

        # back to the game: as it was, and it goes on
        press(js, '#top [data-action="lesson-end"]')
        assert page.ctl.frame is kept_frame and page.ctl.interaction.lesson is None
        assert bar(js) is None and q(js, "#lesson").hidden
        assert "data-lesson" not in js.document.body.attrs
        assert q(js, "#top [data-action='undo']") is not None
        assert q(js, "#msg").textContent == cat.t("lesson.resumed")
        await until(lambda: game_intents(worker, since) == ["computer"])
        await until(lambda: page.ctl.frame["log"] == kept_frame["log"] + 1)

    run(scene)


def test_pass_is_answered_with_the_must_play_rule(js: Any, dom_page: Any) -> None:
    page = dom_page
    cat = page.ctl.cat

    async def scene() -> None:
        await started(page, SOLO)
        await page.rooms.lessons().start("must-play")
        assert state(js) == ("task", "0")
        await play_by_taps(js, "pass")
        await until(lambda: q(js, '[data-lesson-said="refused"]') is not None)
        must = why({"code": "must-play", "params": {}}, cat)
        assert must in q(js, '[data-lesson-said="refused"]').textContent
        assert must in q(js, "#alert").textContent
        assert state(js) == ("task", "0") and page.ctl.interaction.preview is None

    run(scene)


def test_an_opening_task_is_not_given_away(js: Any, dom_page: Any) -> None:
    """The game previews a forced opening and names it in the prompt; the lesson whose task
    is to find the highest double does neither."""
    page = dom_page
    cat = page.ctl.cat

    async def scene() -> None:
        await started(page, SOLO)
        await page.rooms.lessons().start("opening")
        await until(lambda: state(js) == ("task", "0"))
        await asyncio.sleep(0.05)  # the person's turn is prepared
        frame = page.ctl.frame
        assert len(frame["turn"]["openings"]) == 1
        assert page.ctl.interaction.preview is None and q(js, "[data-preview]") is None
        forced = cat.t("turn.open_forced", tile=frame["turn"]["openings"][0])
        assert q(js, "#prompt").textContent != forced
        wrong = next(t for t in frame["hands"]["S"]["tiles"] if t[0] == t[-1] and t != "8-8")
        press(js, f'#app [data-hand] [data-tile="{wrong}"]')
        assert q(js, '[data-lesson-said="refused"]') is not None
        assert q(js, "#alert").textContent == page.ctl.message != ""

    run(scene)


def test_a_lessons_address_and_a_newcomers_offer(js: Any, dom_page: Any) -> None:
    page = dom_page

    async def scene() -> None:
        await started(page, SOLO)
        room = page.rooms.lessons()
        room.opening("chess", newcomer=True)  # a teacher's typo: said above the list
        unknown = q(js, '[data-dialog="lessons"] [data-lessons-unknown]')
        assert unknown is not None and "“chess”" in unknown.textContent
        assert q(js, '#lesson [data-notice="lessons"]') is None
        page.dialogs.close(resume=False)
        room.opening(None, newcomer=True)
        offer = q(js, '#lesson [data-notice="lessons"]')
        assert offer is not None and offer.querySelector('[data-action="dismiss"]')
        press(js, '#lesson [data-notice="lessons"] [data-action="lessons"]')
        await until(lambda: page.ctl.interaction.dialog == "lessons")
        assert q(js, '#lesson [data-notice="lessons"]') is None
        page.dialogs.close(resume=False)
        room.opening("block", newcomer=False)
        await until(lambda: state(js) == ("task", "0"))
        assert page.ctl.interaction.lesson["id"] == "block"

    run(scene)


def test_progress_that_cannot_be_kept_is_said_once_and_the_lessons_play_on(
    js: Any, dom_page: Any
) -> None:
    page = dom_page
    storage = page.store.storage

    def refuse(key: str, value: str) -> None:
        if key == PROGRESS:
            raise QuotaError("full")
        storage.items[key] = value

    storage.setItem = refuse

    async def scene() -> None:
        await started(page, SOLO)
        room = page.rooms.lessons()
        for name in ("points", "points"):
            await room.start(name)
            for n, task in enumerate(lesson(name).tasks):
                await until(lambda n=n: state(js) == ("task", str(n)))
                await play_by_taps(js, str(task.passing[0]))
                await until(lambda n=n: state(js) in (("next", str(n)), ("done", str(n))))
                if state(js)[0] == "next":
                    press(js, '#lesson [data-action="lesson-next"]')
        notices = js.document.querySelectorAll('#toasts [data-notice="lessons-unkept"]')
        assert notices.length == 1 and room.progress.done == ["points"]
        await room.open()
        assert (
            q(js, '[data-dialog="lessons"] [data-lesson="points"]').getAttribute("data-done")
            == "true"
        )
        assert q(js, '[data-dialog="lessons"] [data-lessons-kept="false"]') is not None

    run(scene)


class QuotaError(Exception):
    """What a full localStorage throws (caught by the store's guard)."""


def test_a_lesson_a_new_worker_does_not_know_starts_again(js: Any, dom_page: Any) -> None:
    page = dom_page
    worker = js.longanaBoot.worker

    async def scene() -> None:
        await started(page, SOLO)
        room = page.rooms.lessons()
        await room.start("doubles")
        worker.table.lesson = None  # a new worker: it was fed the game's save only
        await play_by_taps(js, str(lesson("doubles").tasks[0].passing[0]))
        await until(lambda: [i["do"] for i in worker.got[-2:]] == ["lesson-play", "lesson-start"])
        await until(lambda: state(js) == ("task", "0"))
        assert page.ctl.interaction.lesson["id"] == "doubles"

    run(scene)


def test_a_game_move_that_lands_during_a_lesson_waits_for_the_game(js: Any, dom_page: Any) -> None:
    """A computer's move of the game asked just before the lesson began is saved at once and
    shown when the game comes back, never on the lesson's table."""
    page = dom_page
    worker = js.longanaBoot.worker

    async def scene() -> None:
        reply = await started(page, COMPUTERS, deal="5")
        page.pause()
        room = page.rooms.lessons()
        await room.start("passing")
        lesson_frame = page.ctl.frame
        late = await page.ask({"do": "computer", "at": reply["frame"]["log"]})  # (as sent)
        assert "lesson" in late, "asked during a lesson, it is the lesson's"
        game = json.loads(worker.table.handle(json.dumps({"do": "computer", "at": 0})))
        page.apply(game)
        assert page.ctl.frame is lesson_frame, "not drawn on the lesson's table"
        assert page.store.storage.getItem("longana:save") == game["save"], "saved at once"
        room.leave()
        assert page.ctl.frame["log"] == game["frame"]["log"]

    run(scene)


# -- issue 37: lessons like every other store ------------------------------------------------------


def test_progress_with_an_unreadable_entry_is_set_aside_and_said(js: Any, dom_page: Any) -> None:
    page = dom_page
    storage = page.store.storage
    text = '{"schema": 1, "done": ["doubles", {"x": 1}, "points"]}'
    storage.setItem(PROGRESS, text)

    async def scene() -> None:
        await started(page, SOLO)
        room = page.rooms.lessons()
        assert room.progress.done == ["doubles", "points"], "what reads is kept"
        assert storage.getItem(PROGRESS + ":corrupt") == text, "set aside as it was"
        assert json.loads(storage.getItem(PROGRESS))["done"] == ["doubles", "points"]
        said = js.document.querySelectorAll('#toasts [data-notice="lessons-set-aside"]')
        assert said.length == 1
        assert said.item(0).textContent == page.ctl.cat.t("lesson.progress_set_aside")

    run(scene)


def test_a_lesson_in_progress_resumes_after_a_reload_on_its_task(js: Any, dom_page: Any) -> None:
    page = dom_page
    storage = page.store.storage
    worker = js.longanaBoot.worker
    first = lesson("own-branch").tasks[0]

    async def scene() -> None:
        await started(page, SOLO)
        room = page.rooms.lessons()
        await room.start("own-branch")
        await play_by_taps(js, str(first.passing[0]))
        await until(lambda: state(js) == ("next", "1"))
        press(js, '#lesson [data-action="lesson-next"]')
        await until(lambda: state(js) == ("task", "1"))
        assert json.loads(storage.getItem(PROGRESS))["at"] == {"id": "own-branch", "task": 1}
        # a reload: a new page over the same storage, its worker a new one
        from longana.protocol import Game
        from ui.dom.link import Link
        from ui.dom.page import Page
        from ui.lessons import lesson_on_table

        worker.table = Game()
        again = Page(page.ctl.cat, page.store, page.settings, {"en": "English"}, Link)
        again.screen.mount()
        again.input.bind()
        await started(again, SOLO)
        since = len(worker.got)
        again.open_lessons(lesson_on_table(page.store), False)
        await until(lambda: again.ctl.interaction.lesson is not None)
        asked = [i for i in worker.got[since:] if i["do"] == "lesson-start"]
        assert asked == [{"do": "lesson-start", "id": "own-branch", "task": 1}]
        assert again.ctl.interaction.lesson["task"] == 1 and state(js) == ("task", "1")
        # back to the game: nothing to resume after the next reload
        press(js, '#top [data-action="lesson-end"]')
        assert "at" not in json.loads(storage.getItem(PROGRESS))
        assert lesson_on_table(page.store) is None

    run(scene)


def test_a_lesson_a_worker_of_another_release_cannot_start_is_said(js: Any, dom_page: Any) -> None:
    """Issue 37: an old release's worker under a new page knows no lessons: choosing one is
    said, never nothing."""
    page = dom_page
    worker = js.longanaBoot.worker
    answer = worker.call

    async def old(text: str) -> str:
        if json.loads(text)["do"].startswith("lesson-"):
            return json.dumps({"error": {"code": "unknown-intent", "detail": "no such intent"}})
        return str(await answer(text))

    worker.call = old

    async def scene() -> None:
        await started(page, SOLO)
        await page.rooms.lessons().start("doubles")
        said = js.document.querySelectorAll('#toasts [data-notice="lesson-failed"]')
        assert said.length == 1
        assert said.item(0).textContent == page.ctl.cat.t("lesson.failed")
        assert page.ctl.interaction.lesson is None, "the game stays on the table"

    run(scene)
