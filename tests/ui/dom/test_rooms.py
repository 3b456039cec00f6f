"""The page's small rooms in the stand-in browser: saving (another tab's newer save is to be
followed, a failure told as it changes), notices and their buttons, the game's clock, the
screen's ``data-ready``."""

from __future__ import annotations

import asyncio
import json
import types
from typing import Any

from ui.storage import Store

from .conftest import Storage


def test_a_save_is_stored_unless_another_tab_saved_a_newer_game(js: Any, cat: Any) -> None:
    from ui.controller import Controller
    from ui.dom.notices import Notices
    from ui.dom.saves import Saves
    from ui.dom.screen import Screen

    async def scene() -> None:
        told: list[str | None] = []
        storage = Storage()
        screen = Screen(Controller(cat))
        screen.mount()

        async def follow(save: str) -> None:
            raise AssertionError("nothing to follow here")

        saves = Saves(Store(storage, "/"), screen, Notices(lambda: cat, asyncio.Event()), follow)
        tell = saves.told

        def spied(problem: str | None) -> None:
            told.append(problem)
            tell(problem)

        saves.told = spied  # type: ignore[method-assign]
        assert saves.keep("one", None) is None and storage.getItem("longana:save") == "one"
        assert saves.keep("two", None) is None and storage.getItem("longana:save") == "two"
        storage.setItem("longana:save", "another tab's")
        assert saves.keep("three", None) == "another tab's", "to follow, not written over"
        assert storage.getItem("longana:save") == "another tab's" and told == []
        saves.text = "another tab's"
        storage.setItem = lambda key, value: (_ for _ in ()).throw(OSError("full"))  # type: ignore[method-assign]
        assert saves.keep("four", None) is None and told == ["save.full"]
        assert screen.problem == "save.full", "the top bar's chip says so"
        assert js.document.querySelector('[data-notice="storage"]') is not None
        saves.keep("five", None)
        assert told == ["save.full"], "told once"

    asyncio.run(scene())


def test_a_lasting_notice_stays_until_its_button_and_its_act_runs_once(js: Any, cat: Any) -> None:
    from ui.dom.notices import Notices

    acts: list[str] = []

    async def scene() -> None:
        live = asyncio.Event()
        live.set()
        notices = Notices(lambda: cat, live)
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
        host = types.SimpleNamespace(ctl=None, ask=None, redraw=None)
        pace = Pace(host, None, None, None, lambda: "fast")  # type: ignore[arg-type]
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


def test_the_host_record_is_filled_and_every_room_is_made_of_it(js: Any, dom_page: Any) -> None:
    """The page sets every field of the one record the rooms get (ui/dom/host.py), and each
    panel's room is made from it and what is its own."""
    from ui.dom.host import Host

    page = dom_page
    assert all(hasattr(page.host, name) for name in Host.__slots__)
    rooms = page.rooms
    made = [
        rooms.record(),
        rooms.tools(),
        rooms.kept(),
        rooms.classes(),
        rooms.results(),
        rooms.history(),
        rooms.explained(),
        rooms.review(),
        rooms.lessons(),
    ]
    assert all(room.ctl is page.ctl for room in made)


def test_another_door_plugs_in_and_a_reply_it_pushes_takes_the_table(js: Any, cat: Any) -> None:
    """The page over a door that is not the worker (as a guest's link to a host device will
    be): it asks the same way, and a reply nobody asked for (another seat moved at the host,
    here another match begun there) is applied as any: drawn, saved, the next step taken."""
    from longana.protocol import Game
    from ui import intents
    from ui.dom.page import Page
    from ui.settings import Settings

    class Near:
        """A door to a game in this process, which can push what happens there."""

        def __init__(self, hooks: Any) -> None:
            self.hooks, self.game, self.asked = hooks, Game(), 0

        async def ask(self, intent: Any) -> Any:
            self.asked += 1
            return json.loads(self.game.handle(json.dumps(intent)))

        def idle(self) -> bool:
            return True

        def push(self, intent: Any) -> None:
            self.hooks.pushed(json.loads(self.game.handle(json.dumps(intent))), None)

    doors: list[Near] = []

    def opened(hooks: Any) -> Near:
        doors.append(Near(hooks))
        return doors[-1]

    storage = Storage()
    page = Page(cat, Store(storage, "/"), Settings(), {"en": "English"}, opened)
    page.screen.mount()

    async def scene() -> None:
        (door,) = doors
        reply = await page.ask(intents.start(None, ["person"] * 4, "normal", "7"))
        page.started.set()
        page.apply(reply)
        assert page.ctl.frame["deal"] == "7" and door.asked == 1
        door.push(intents.new_match(["person"] * 4, "normal", "9", 100))
        assert door.asked == 1, "nobody asked"
        assert page.ctl.frame["deal"] == "9" and js.document.body.dataset.handNumber == "1"
        assert storage.getItem("longana:save") == door.game.session.to_json(), "saved"
        for _ in range(1000):  # the next step, a few turns on: the device goes round
            if page.ctl.interaction.dialog == "handoff":
                break
            await asyncio.sleep(0)
        assert page.ctl.interaction.dialog == "handoff"

    asyncio.run(scene())
