"""The lessons on the page (ui/lessons.py, ui/lesson_panels.py): the list with each lesson's
progress, progress kept under longana:lessons and checked when read back (never the save), the
address ?lesson=, and the lesson's bar in words from the worker's replies — under CPython and
the page's MicroPython."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from tags import tags
from test_storage import FakeStorage, QuotaExceededError
from test_storage_faults import run_case

from longana.device.lessons import ORDER
from longana.protocol import Game
from ui.address import Address
from ui.i18n import LANGUAGES, Catalog
from ui.lesson_panels import lessons_html, said_words, task_html
from ui.lessons import (
    LESSONS,
    MOST_KEPT,
    PROGRESS,
    PROGRESS_LIMIT,
    Progress,
    lesson_intent,
    lesson_name,
    mark_done,
    next_lesson,
    read_progress,
)
from ui.storage import CORRUPT_SET_ASIDE, FULL, SAVE, UNAVAILABLE, Store


def catalog(lang: str = "en") -> Catalog:
    from conftest import catalog as words

    return Catalog(words(lang))


def ask(game: Game, **intent: Any) -> dict[str, Any]:
    return dict(json.loads(game.handle(json.dumps(intent))))


def text_of(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


# -- the lessons and the address -------------------------------------------------------------------


def test_the_page_lists_the_engines_lessons_in_its_order() -> None:
    assert LESSONS == ORDER
    assert [next_lesson(n) for n in LESSONS] == [*LESSONS[1:], None]
    assert next_lesson("chess") is None


@pytest.mark.parametrize(
    "query, lesson",
    [
        ("?lesson=priority", "priority"),
        ("?lang=de&lesson=must-play", "must-play"),
        ("?lesson=own%2Dbranch", "own-branch"),
        ("?lesson=chess", None),
        ("?lesson=PRIORITY", None),
        ("?lesson=", None),
        ("?deal=7", None),
        ("", None),
    ],
)
def test_the_address_names_a_lesson_or_none(query: str, lesson: str | None) -> None:
    assert lesson_name(Address(query).lesson) == lesson


def test_the_controllers_intents_become_the_lessons() -> None:
    assert lesson_intent({"do": "play", "move": "9-4@S", "at": 3}) == {
        "do": "lesson-play",
        "move": "9-4@S",
        "at": 3,
    }
    assert lesson_intent({"do": "computer", "at": 4}) == {"do": "lesson-computer", "at": 4}
    assert lesson_intent({"do": "hint"}) == {"do": "hint"} and lesson_intent(None) is None


# -- progress --------------------------------------------------------------------------------------


def test_progress_is_kept_under_its_own_key_and_read_back() -> None:
    storage = FakeStorage({SAVE: '{"schema": 2}'})
    store = Store(storage, "/")
    progress = read_progress(store)
    assert progress.done == [] and progress.first_not_done() == "own-branch"
    assert mark_done(store, progress, "priority") is None
    assert mark_done(store, progress, "own-branch") is None
    assert mark_done(store, progress, "chess") is None  # no lesson: nothing written
    assert json.loads(storage.items[PROGRESS]) == {"schema": 1, "done": ["own-branch", "priority"]}
    assert storage.items[SAVE] == '{"schema": 2}'  # a lesson never touches the save
    again = read_progress(store)
    assert again.done == ["own-branch", "priority"] and again.first_not_done() == "doubles"
    for name in LESSONS:
        mark_done(store, again, name)
    assert read_progress(store).first_not_done() is None


def test_a_copy_under_a_sub_path_keeps_its_own_progress() -> None:
    storage = FakeStorage()
    mark_done(Store(storage, "/class/7b/"), Progress(), "block")
    assert list(storage.items) == [PROGRESS + "@/class/7b/"]
    assert read_progress(Store(storage, "/")).done == []


@pytest.mark.parametrize(
    "text, done, kept, set_aside",
    [
        (None, [], [], 0),
        ('{"schema": 1, "done": ["block", "own-branch"]}', ["own-branch", "block"], [], 0),
        ('{"schema": 2, "done": ["points", "fractions"]}', ["points"], ["fractions"], 0),
        ('{"done": ["points", 7, null, "<b>", "points", "x" ]}', ["points"], ["x"], 3),
        ('{"done": "all"}', [], [], 1),
        ("[1, 2]", [], [], 1),
        ("not json", [], [], 1),
        ('{"done": ["' + "a" * 41 + '"]}', [], [], 1),
        ('{"done": [' + ",".join(f'"l{n}"' for n in range(99)) + "]}", [], None, 99 - MOST_KEPT),
        ('{"done": ["points"]}' + " " * PROGRESS_LIMIT, [], [], 1),
    ],
)
def test_progress_read_back_is_checked_and_bad_entries_set_aside(
    text: str | None, done: list[str], kept: list[str] | None, set_aside: int
) -> None:
    progress = Progress.read(text)
    assert progress.done == done and progress.set_aside == set_aside
    if kept is None:  # a newer release's many lessons: a bounded number kept
        assert len(progress.kept) == MOST_KEPT
    else:
        assert progress.kept == kept
    assert Progress.read(progress.to_json()).done == done


def test_a_newer_releases_lessons_are_kept_when_progress_is_written() -> None:
    storage = FakeStorage({PROGRESS: '{"schema": 1, "done": ["fractions", "doubles"]}'})
    store = Store(storage, "/")
    mark_done(store, read_progress(store), "block")
    assert json.loads(storage.items[PROGRESS])["done"] == ["doubles", "block", "fractions"]


def test_full_or_missing_storage_loses_no_lesson_played() -> None:
    storage = FakeStorage()
    storage.full = True
    progress = read_progress(Store(storage, "/"))
    assert mark_done(Store(storage, "/"), progress, "doubles") == FULL
    assert progress.done == ["doubles"]  # kept for this visit
    assert read_progress(Store(None, "/")).done == []
    assert mark_done(Store(None, "/"), progress, "block") == UNAVAILABLE
    storage.full, storage.refuse = False, True
    assert read_progress(Store(storage, "/")).done == []
    assert issubclass(QuotaExceededError, Exception)


def test_a_huge_progress_is_never_read_into_the_page() -> None:
    class Measured(FakeStorage):
        def size(self, key: str) -> int:
            value = self.items.get(key)
            return -1 if value is None else len(value)

        def getItem(self, key: str) -> str | None:  # noqa: N802
            raise AssertionError("read")

    storage = Measured({PROGRESS: "x" * (PROGRESS_LIMIT + 1)})
    assert read_progress(Store(storage, "/")).set_aside == 1


def test_progress_under_micropython_with_storage_that_fails() -> None:
    """Under the page's MicroPython, with the guard over a stand-in localStorage that throws
    what browsers throw: progress is read back checked, a full storage says so, a blocked one
    gives none, and nothing escapes."""
    got = run_case(
        """
from ui.lessons import read_progress, mark_done, PROGRESS
js.localStorage.setItem(PROGRESS, '{"done": ["priority", 3, "own-branch"]}')
store = Store(guard(), '/')
progress = read_progress(store)
out['read'] = [progress.done, progress.set_aside]
out['marked'] = mark_done(store, progress, 'block')
out['kept'] = js.localStorage.getItem(PROGRESS)
js.storageMode = 'full'
js.localStorage.room = 10
out['full'] = [mark_done(Store(guard(), '/'), progress, 'doubles'), progress.done]
js.storageMode = 'throwing'
out['throwing'] = [read_progress(Store(js.longanaStorage, '/')).done,
                   mark_done(Store(js.longanaStorage, '/'), progress, 'points')]
"""
    )
    assert got["read"] == [["own-branch", "priority"], 1]
    assert got["marked"] is None
    assert json.loads(got["kept"])["done"] == ["own-branch", "priority", "block"]
    assert got["full"] == [FULL, ["own-branch", "doubles", "priority", "block"]]
    assert got["throwing"] == [[], UNAVAILABLE]


# -- the list and the bar --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_list_shows_every_lesson_with_its_progress_in_words(lang: str) -> None:
    cat = catalog(lang)
    markup = lessons_html(cat, Progress(["doubles", "block"]), current="priority")
    found = [(a["data-lesson"], a["data-done"]) for _, a in tags(markup) if "data-lesson" in a]
    assert found == [(n, str(n in ("doubles", "block")).lower()) for n in LESSONS]
    words = text_of(markup)
    assert cat.t("lesson.priority.title") in words and cat.t("lesson.title") in words
    assert words.count(cat.t("lesson.done")) >= 2 and cat.t("lesson.not_done") in words
    assert cat.t("lesson.progress", done=2, count=8) in words
    assert 'aria-current="true"' in markup and "{" not in words


def play_to_end(game: Game, name: str) -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
    """Every (lesson state, refusal) of lesson ``name`` played through the worker, a wrong move
    first at each task."""
    seen = []
    reply = ask(game, do="lesson-start", id=name)
    while True:
        status = reply["lesson"]
        seen.append((status, reply.get("refused")))
        frame = reply["frame"]
        if status["state"] == "done":
            return seen
        if status["state"] == "next":
            reply = ask(game, do="lesson-next", at=frame["log"])
        elif status["state"] == "replies":
            reply = ask(game, do="lesson-computer", at=frame["log"])
        elif reply.get("refused") is None and status["said"] is None:
            wrong = ask(game, do="lesson-play", move="pass", at=frame["log"])
            if "refused" not in wrong:
                wrong = ask(game, do="lesson-play", move="9-9@S", at=frame["log"])
            reply = wrong if "refused" in wrong else reply | {"refused": {"code": "x"}}
        else:
            reply = ask(game, do="lesson-play", move=frame["turn"]["moves"][0], at=frame["log"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_state_of_every_lesson_is_said_in_words(lang: str) -> None:
    """The bar of each state the worker sends: the heading, the task line (while it waits),
    what was said (the engine's reason and "try again", the praise with the outcome's numbers)
    with its mark, and the buttons of that state; never a key or a placeholder."""
    cat, game = catalog(lang), Game()
    for name in LESSONS:
        for status, refused in play_to_end(game, name):
            markup = task_html(cat, status, refused)
            words = text_of(markup)
            assert "lesson." not in words and "{" not in words, (name, status, words)
            assert f'data-lesson-state="{status["state"]}"' in markup
            assert (cat.t(status["line"]) in words) == (status["state"] == "task")
            if refused is not None and refused.get("code") != "x":
                assert cat.t("lesson.try_again") in words
                assert 'data-lesson-said="refused"' in markup and "\u2717" in words
            said = said_words(cat, status, refused)
            old_praise = status["state"] == "task" and refused is None  # the task's before
            assert (said != "" and html.unescape(html.escape(said)) in words) == (
                said != "" and not old_praise
            )
            assert "role=" not in markup, "read out through the page's live region"
            actions = re.findall(r'data-action="([^"]+)"', markup)
            next_ones = ["lesson-next", "lesson-retry"]
            assert (actions == next_ones) == (status["state"] == "next")
            assert actions == [] or status["state"] in ("next", "done")
            if status["state"] == "done":
                assert cat.t("lesson.finished") in words and "lesson-again" in actions
                following = next_lesson(name)
                assert (f'data-next-lesson="{following}"' in markup) == (following is not None)


def test_a_task_on_the_table_of_the_one_before_waits_until_its_praise_is_read() -> None:
    """The page holds such a task (``held``): the bar shows the praise and Next task as if the
    next task had a table of its own, until the person asks for it or plays on at once."""
    cat, game = catalog("en"), Game()
    reply = ask(game, do="lesson-start", id="own-branch")
    reply = ask(game, do="lesson-play", move="9-4@S", at=reply["frame"]["log"])
    while reply["lesson"]["state"] == "replies":
        reply = ask(game, do="lesson-computer", at=reply["frame"]["log"])
    status = dict(reply["lesson"], held=True)
    assert status["state"] == "task" and status["task"] == 1
    held, busy = task_html(cat, status), task_html(cat, status, busy=True)
    praise = said_words(cat, status)
    assert 'data-lesson-state="next"' in held and praise in text_of(held)
    assert re.findall(r'data-action="([^"]+)"', held) == ["lesson-next"]
    assert cat.t(status["line"]) not in text_of(held)
    assert 'data-lesson-state="task"' in busy and praise not in text_of(busy)
    assert cat.t(status["line"]) in text_of(busy) and "data-action" not in busy


def test_the_praise_says_why_with_the_hands_numbers() -> None:
    cat, game = catalog("en"), Game()
    reply = ask(game, do="lesson-start", id="block")
    reply = ask(game, do="lesson-play", move="8-5@S", at=reply["frame"]["log"])
    said = said_words(cat, reply["lesson"])
    assert said.startswith("Right! Now the hand is blocked")
    assert "lowest total, 8" in said and "all 45 pips" in said
    reply = ask(game, do="lesson-start", id="own-branch")
    refused = ask(game, do="lesson-play", move="9-4@E", at=reply["frame"]["log"])
    assert said_words(cat, refused["lesson"], refused["refused"]) == (
        "East's branch is closed: East has not passed, so only a double may go there. Try again."
    )


def test_the_bars_and_the_list_are_the_same_under_micropython() -> None:
    from test_micropython import micropython

    game = Game()
    states = [s for name in LESSONS for s in play_to_end(game, name)]
    cat = catalog("de")
    progress = Progress(["doubles", "block"], ["fractions"])
    expected = [task_html(cat, s, r) for s, r in states] + [lessons_html(cat, progress, "block")]
    code = (
        "STATES = " + repr(json.dumps(states)) + "\n"
        "import json\n"
        "from ui.i18n import Catalog\n"
        "from ui.lessons import Progress\n"
        "from ui.lesson_panels import task_html, lessons_html\n"
        "cat = Catalog(json.load(open('/lib/locales/de.json')))\n"
        "out = [task_html(cat, s, r) for s, r in json.loads(STATES)]\n"
        "out.append(lessons_html(cat, Progress(['doubles', 'block'], ['fractions']), 'block'))\n"
        "with open('/out.txt', 'wb') as f:\n"
        "    f.write(('@@' + json.dumps(out)).encode())\n"
    )
    got = json.loads(micropython(code).split("@@")[-1])
    assert len(got) == len(expected) > 40
    assert got == expected


# -- issue 37: progress like every other store; the lesson on the table kept --------------------


def test_progress_with_one_unreadable_entry_is_set_aside_as_every_store_is() -> None:
    text = '{"schema": 1, "done": ["doubles", 7, "block"]}'
    storage = FakeStorage({PROGRESS: text})
    progress = read_progress(Store(storage, "/"))
    assert progress.done == ["doubles", "block"] and progress.said == CORRUPT_SET_ASIDE
    assert storage.items[PROGRESS + ":corrupt"] == text, "set aside as it was, to download"
    assert json.loads(storage.items[PROGRESS])["done"] == ["doubles", "block"]
    again = read_progress(Store(storage, "/"))
    assert again.said is None and again.done == ["doubles", "block"], "said once"


def test_the_lesson_on_the_table_is_kept_and_read_back_within_bounds() -> None:
    from ui.lessons import lesson_on_table, mark_at

    storage = FakeStorage()
    store = Store(storage, "/")
    progress = read_progress(store)
    assert mark_at(store, progress, ("points", 2)) is None
    assert json.loads(storage.items[PROGRESS])["at"] == {"id": "points", "task": 2}
    assert lesson_on_table(store) == "points" and read_progress(store).at == ("points", 2)
    mark_done(store, progress, "points")  # done: nothing to resume
    assert lesson_on_table(store) is None
    for at in ({"id": "chess", "task": 0}, {"id": "points", "task": -1}, {"id": "points"}, 7):
        read = Progress.read(json.dumps({"schema": 1, "done": ["block"], "at": at}))
        assert read.at is None and read.set_aside == 1 and read.done == ["block"]
