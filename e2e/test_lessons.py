"""Issue 29, "How it is checked": every lesson completed by pointer, in one page load and in
German, each task's wrong move answered with the engine's reason in words; the game under the
lessons untouched and back as it was; progress surviving a reload; one lesson played by keys
alone from its address (``?lesson=``) with the browser offline, and an unknown lesson said.

The lessons are driven through the data attributes of docs/page-automation.md (the bar's
``data-lesson-state``/``data-lesson-task``, ``[data-lesson-said]``); what the page must say is
computed from the engine's own lesson table (``longana.device.lesson_table``) and the catalogs.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page

from longana.device.lesson_table import LessonTable
from longana.device.lessons import ORDER, Task, lesson
from ui.i18n import Catalog
from ui.lesson_panels import said_words

from .browsers import Browsers
from .game import ACT_MS, TURN_MS, WORKER_MS, Game
from .offline import wait_controlled
from .positions import south_opens_seed
from .shown import ROOT

FAST = {"speed": "fast"}


def catalog(lang: str) -> Catalog:
    def words(name: str) -> Any:
        return json.loads((ROOT / "locales" / f"{name}.json").read_text(encoding="utf-8"))

    return Catalog(words(lang), words("en"))


def bar(page: Page, name: str, state: str, task: int) -> None:
    """Wait until lesson ``name``'s bar shows ``state`` at task ``task``."""
    page.locator(
        f'#lesson .lesson-bar[data-lesson-id="{name}"][data-lesson-state="{state}"]'
        f'[data-lesson-task="{task}"]'
    ).wait_for(timeout=TURN_MS)


def said(page: Page, kind: str) -> str:
    found = page.locator(f'#lesson [data-lesson-said="{kind}"]')
    found.wait_for(timeout=ACT_MS)
    return found.inner_text().strip()


def expected_refusal(table: LessonTable, move: str, cat: Catalog) -> str | None:
    """What the lesson says to ``move`` on the table as it stands (the engine's reason and
    "try again"), or None when the move is not refused."""
    reply = table.play(move, len(table.session.log))
    if "refused" not in reply:
        return None
    return "\u2717 " + said_words(cat, table.status(), reply["refused"])


def tap_wrong(page: Page, move: str) -> None:
    """A wrong move as a person tries it: the tile and an unlit branch, or Pass and Confirm, or
    a tile that may not open the hand."""
    if move == "pass":
        page.click('#buttons [data-action="pass"]')
        page.click('#buttons [data-action="confirm"]')
        return
    tile, _, branch = move.partition("@")
    page.click(f'#app [data-hand] [data-tile="{tile}"]')
    if branch:
        page.click(f'#app [data-branch="{branch}"] [data-end-marker]')


def tap_right(page: Page, move: str) -> None:
    tile, _, branch = move.partition("@")
    if move == "pass":
        page.click('#buttons [data-action="pass"]')
    else:
        chosen = page.locator(f'#app [data-hand] [data-tile="{tile}"]')
        if chosen.get_attribute("aria-pressed") != "true":
            chosen.click()
        if branch:
            page.click(f'#app [data-target="{branch}"]')
        else:
            page.locator("#app [data-preview]").wait_for(timeout=ACT_MS)
    page.click('#buttons [data-action="confirm"]')


def after_right_move(page: Page, table: LessonTable, name: str, task: Task) -> str:
    """Play the engine's table on (the computer's fixed replies) and wait until the page is
    there too: the next task held or on its own table (``next``), or the lesson ``done``."""
    while table.state == "replies":
        table.computer(len(table.session.log))
    index = table.index
    state = "next" if table.state in ("next", "task") else "done"
    bar(page, name, state, index)
    return state


def play_lesson_by_pointer(page: Page, name: str, cat: Catalog) -> None:
    """Lesson ``name`` from its first task to done, each task's wrong moves first."""
    table = LessonTable(lesson(name))
    for number, task in enumerate(lesson(name).tasks):
        bar(page, name, "task", number)
        line = page.locator("#lesson [data-lesson-line]").inner_text()
        assert line.strip() == cat.t(task.line), (name, number)
        held = table.frame()["hands"][table.status()["seat"]]["tiles"] or []
        for wrong in task.wrong:
            expected = expected_refusal(table, wrong, cat)
            if expected is None or (wrong != "pass" and wrong.partition("@")[0] not in held):
                continue  # (a tile the person does not hold cannot be tapped)
            tap_wrong(page, wrong)
            assert said(page, "refused") == expected, (name, number, wrong)
            page.keyboard.press("Escape")
        move = str(task.passing[0])
        tap_right(page, move)
        table.play(move, len(table.session.log))
        praise = said(page, "right")
        assert praise == "\u2713 " + said_words(cat, table.status()), (name, number)
        if after_right_move(page, table, name, task) == "next":
            page.click('#lesson [data-action="lesson-next"]')
            if table.state == "next":
                table.next(len(table.session.log))


def game_now(page: Page) -> tuple[Any, Any]:
    """The game's save and where the table shows it is (hand, moves, whose turn)."""
    save = page.evaluate("() => localStorage.getItem('longana:save')")
    where = page.evaluate(
        "() => [document.body.dataset.handNumber, document.body.dataset.moves,"
        " document.body.dataset.toMove]"
    )
    return save, where


def test_every_lesson_by_pointer_in_german_and_progress_survives_a_reload(
    browsers: Browsers,
) -> None:
    de = catalog("de")
    south_opens = south_opens_seed()  # the game waits for South
    game = browsers.game(f"?lang=de&deal={south_opens}", settings=FAST)
    page = game.page
    offer = page.locator('#lesson [data-notice="lessons"]')
    offer.wait_for(timeout=ACT_MS)  # a first visit: offered, never in the way
    assert de.t("lesson.offer") in offer.inner_text()
    offer.locator('[data-action="lessons"]').click()
    listed = game.dialog("lessons")
    listed.wait_for()
    assert listed.locator("[data-lesson]").evaluate_all(
        "els => els.map(e => [e.dataset.lesson, e.dataset.done])"
    ) == [[name, "false"] for name in ORDER]
    assert listed.locator(".lesson-state").all_inner_texts() == [de.t("lesson.not_done")] * 8
    before = game_now(page)
    listed.locator('[data-lesson="own-branch"]').click()
    for name in ORDER:
        play_lesson_by_pointer(page, name, de)
        bar(page, name, "done", len(lesson(name).tasks) - 1)
        following = page.locator('#lesson [data-action="next-lesson"]')
        if name != ORDER[-1]:
            assert following.get_attribute("data-next-lesson") == ORDER[ORDER.index(name) + 1]
            following.click()
    assert de.t("lesson.all_done") in page.locator("#lesson").inner_text()
    done = json.loads(page.evaluate("() => localStorage.getItem('longana:lessons')"))
    assert done["done"] == list(ORDER)
    assert game_now(page)[0] == before[0], "the game's save is never touched by a lesson"
    page.click('#lesson [data-action="lesson-end"]')  # "Eine Partie spielen": the game
    page.wait_for_function("() => !document.body.dataset.lesson", timeout=ACT_MS)
    assert game_now(page) == before, "the game comes back as it was"
    assert game.message() == de.t("lesson.resumed")

    game.reload()
    assert page.locator('#lesson [data-notice="lessons"]').count() == 0, "offered once"
    rules = game.open_panel("rules")
    rules.locator('[data-action="lessons"]').click()
    listed = game.dialog("lessons")
    listed.wait_for()
    assert listed.locator('[data-lesson][data-done="true"]').count() == len(ORDER)
    assert listed.locator(".lessons-progress").inner_text() == de.t(
        "lesson.progress", done=8, count=8
    )


def test_a_lesson_by_keys_from_its_address_offline(browsers: Browsers) -> None:
    """The lesson a teacher puts on the board (``?lesson=priority``), opened with the browser
    offline, played with the keys alone: the tile's number, the branch's letter, Enter (and
    Enter on the bar's next step, which has the focus); a wrong one answered with its reason,
    read out at once. An address naming no lesson is said, over the list and the game."""
    en = catalog("en")
    context, guard = browsers.context(service_workers="allow")
    game = Game(context.new_page(), guard, browsers.base_url).open()
    page = game.page
    wait_controlled(page)
    game.wait_worker()
    context.set_offline(True)
    game.open("?lesson=priority")
    table = LessonTable(lesson("priority"))

    def key_of(tile: str) -> str:
        return str(page.get_attribute(f'#app [data-hand="S"] [data-tile="{tile}"]', "data-key"))

    for number, task in enumerate(lesson("priority").tasks):
        bar(page, "priority", "task", number)
        page.wait_for_function(
            "() => document.activeElement && document.activeElement.dataset.tile",
            timeout=ACT_MS,
        )  # the person's turn: the focus is on a tile
        tile, _, branch = str(task.passing[0]).partition("@")
        page.keyboard.press(key_of(tile))
        if number == 0:  # first the wrong branch, then the right one
            wrong = task.wrong[0]
            page.keyboard.press(wrong.partition("@")[2])
            expected = expected_refusal(table, wrong, en)
            assert expected is not None and said(page, "refused") == expected
            assert page.locator("#alert").inner_text() in expected
        page.keyboard.press(branch)
        page.locator(f'#app [data-branch="{branch}"] [data-preview]').wait_for(timeout=ACT_MS)
        page.keyboard.press("Enter")
        table.play(str(task.passing[0]), len(table.session.log))
        said(page, "right")
        assert said_words(en, table.status()) in page.locator("#alert").inner_text()
        state = "next" if number + 1 < len(table.lesson.tasks) else "done"
        bar(page, "priority", state, number)
        focused = page.evaluate("() => document.activeElement.dataset.action")
        assert focused == ("lesson-next" if state == "next" else "next-lesson")
        page.keyboard.press("Enter")
        if state == "next":
            table.next(len(table.session.log))
    bar(page, "opening", "task", 0)  # Enter on "Next lesson"

    game.open("?lesson=chess")
    unknown = game.dialog("lessons").locator("[data-lessons-unknown]")
    unknown.wait_for(timeout=WORKER_MS)
    assert unknown.inner_text() == en.t("lesson.unknown", lesson="chess")
    game.action("close", within=game.dialog("lessons")).click()
    game.dialog("lessons").wait_for(state="hidden")
    assert page.evaluate("() => document.body.dataset.lesson") is None


def test_a_lesson_in_progress_resumes_after_a_reload_and_unreadable_progress_is_said(
    browsers: Browsers,
) -> None:
    """Issue 37: lessons like every other store. Progress holding an entry that does not read
    is set aside (as it was) and said once; a lesson on the table comes back after a reload,
    on its task."""
    en = catalog("en")
    text = '{"schema": 1, "done": ["doubles", {"x": 1}]}'
    game = browsers.game(settings=FAST)
    page = game.page
    page.evaluate("(t) => localStorage.setItem('longana:lessons', t)", text)
    game.reload()
    rules = game.open_panel("rules")
    rules.locator('[data-action="lessons"]').click()
    notice = page.locator('#toasts [data-notice="lessons-set-aside"]')
    notice.wait_for(timeout=ACT_MS)
    assert notice.inner_text().strip().startswith(en.t("lesson.progress_set_aside"))
    aside = page.evaluate("() => localStorage.getItem('longana:lessons:corrupt')")
    assert aside == text, "set aside as it was"
    listed = game.dialog("lessons")
    assert listed.locator('[data-lesson="doubles"]').get_attribute("data-done") == "true"
    listed.locator('[data-lesson="own-branch"]').click()
    task = lesson("own-branch").tasks[0]
    bar(page, "own-branch", "task", 0)
    tap_right(page, str(task.passing[0]))
    bar(page, "own-branch", "next", 1)
    page.click('#lesson [data-action="lesson-next"]')
    bar(page, "own-branch", "task", 1)
    line = en.t(lesson("own-branch").tasks[1].line)

    game.reload()  # the lesson comes back on its task, said once only
    bar(page, "own-branch", "task", 1)
    assert page.locator("#lesson [data-lesson-line]").inner_text().strip() == line
    assert page.locator('#toasts [data-notice="lessons-set-aside"]').count() == 0
    page.click('#top [data-action="lesson-end"]')
    page.wait_for_function("() => !document.body.dataset.lesson", timeout=ACT_MS)
    game.reload()  # back in the game: nothing to resume
    assert page.locator("#lesson .lesson-bar").count() == 0


def test_a_lesson_name_from_the_address_is_shown_escaped_and_wrapped(browsers: Browsers) -> None:
    """Issue 37: a name with a NUL cut the sentence short; one of 256 characters ran the dialog
    sideways. Both are said whole, the name's control character written as its escape, long
    names cut with "…", and the dialog never wider than the screen (phone and desktop)."""
    en = catalog("en")
    for asked, shown in (("own%00branch", "own\\x00branch"), ("x" * 256, "x" * 48 + "…")):
        game = browsers.game(f"?lesson={asked}")
        for width, height in ((360, 640), (1366, 768)):
            game.page.set_viewport_size({"width": width, "height": height})
            note = game.dialog("lessons").locator("[data-lessons-unknown]")
            note.wait_for(timeout=ACT_MS)
            assert note.inner_text().strip() == en.t("lesson.unknown", lesson=shown)
            wide = game.dialog("lessons").evaluate("(d) => d.scrollWidth - d.clientWidth")
            assert wide <= 0, f"the dialog runs {wide} px sideways at {width}"
        game.screenshot(f"lesson-unknown-{len(asked)}")
