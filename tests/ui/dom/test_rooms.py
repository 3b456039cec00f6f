"""The page's small rooms in the stand-in browser: saving (another tab's newer save is to be
followed, a failure told as it changes), notices and their buttons, the game's clock, the
screen's ``data-ready``."""

from __future__ import annotations

import asyncio
from typing import Any

from ui.storage import Store

from .conftest import Storage


def test_a_save_is_stored_unless_another_tab_saved_a_newer_game(js: Any) -> None:
    from ui.dom.saves import Saves

    told: list[str | None] = []
    storage = Storage()
    saves = Saves(Store(storage, "/"), told.append)
    assert saves.keep("one", None) is None and storage.getItem("longana:save") == "one"
    assert saves.keep("two", None) is None and storage.getItem("longana:save") == "two"
    storage.setItem("longana:save", "another tab's")
    assert saves.keep("three", None) == "another tab's", "to follow, not written over"
    assert storage.getItem("longana:save") == "another tab's" and told == []
    saves.text = "another tab's"
    storage.setItem = lambda key, value: (_ for _ in ()).throw(OSError("full"))  # type: ignore[method-assign]
    assert saves.keep("four", None) is None and told == ["save.full"]
    saves.keep("five", None)
    assert told == ["save.full"], "told once"


def test_a_lasting_notice_stays_until_its_button_and_its_act_runs_once(js: Any, cat: Any) -> None:
    from ui.dom.notices import Notices

    acts: list[str] = []

    async def scene() -> None:
        notices = Notices(lambda: cat, lambda: True)
        notices.lasting("notice.worker_unreachable", "worker-unreachable", lambda: acts.append("x"))
        button = js.document.querySelector(
            '[data-notice="worker-unreachable"] [data-action="retry"]'
        )
        notices.retry(button)
        notices.retry(button)
        assert acts == ["x"]
        assert js.document.querySelector('[data-notice="worker-unreachable"]') is None
        notices.storage("save.full", lambda: "the save")
        link = js.document.querySelector('[data-notice="storage"] [data-action="save-file"]')
        notices.save_file(link)
        assert link.href.startswith("blob:") and link.hasAttribute("download")
        notices.dismiss(
            js.document.querySelector('[data-notice="storage"] [data-action="dismiss"]')
        )
        assert js.document.querySelector('[data-notice="storage"]') is None

    asyncio.run(scene())


def test_a_step_scheduled_before_a_change_does_not_come(js: Any) -> None:
    from ui.dom.pace import Pace

    came: list[int] = []

    async def scene() -> None:
        pace = Pace(None, None, None, None, None, None, lambda: "fast")  # type: ignore[arg-type]
        pace.later(0.001, came.append)
        pace.stop()  # a change (a panel opened)
        pace.later(0.001, came.append)
        await asyncio.sleep(0.01)
        assert came == [pace.gen]

    asyncio.run(scene())


def test_the_page_may_be_played_once_and_says_so_once(js: Any, cat: Any) -> None:
    from ui.controller import Controller
    from ui.dom.screen import Screen

    screen = Screen(Controller(cat))
    screen.mount()
    screen.open_play()
    screen.close_play()
    screen.open_play()
    assert js.document.body.dataset.ready == "true"
    assert js.performance.marks.count("longana:interactive") == 1
