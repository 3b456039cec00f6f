"""ui/dom/link.py under CPython, with stand-ins for the browser (``js``) and for the game workers
that ui/boot.js hands over: which intent goes to which worker when one dies."""

from __future__ import annotations

import asyncio
import importlib
import json
import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest


class Worker:
    """A game worker: answers each intent by ``answer(intent)`` (a reply dict), or dies the
    way ``answer`` says: "answering" (it died, or hung, working on the intent), "unreachable"
    (its files could not be fetched) or "" (it had died before, while idle)."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer
        self.got: list[dict[str, Any]] = []
        self.how = ""
        self.ended = False

    async def call(self, text: str) -> str:
        intent = json.loads(text)
        self.got.append(intent)
        reply = self.answer(intent)
        if isinstance(reply, str):
            self.how = reply
            return ""
        return json.dumps(reply)

    def why(self) -> str:
        return self.how

    def end(self) -> None:
        self.ended = True


class Boot:
    """longanaBoot: hands over the workers made by ``make`` in turn; the failure box is up
    while the table is not (``shown``) and Try again is pressed at once."""

    def __init__(self, make: Any) -> None:
        self.make = make
        self.workers: list[Worker] = []
        self.shown = True  # the table is on screen (no failure box then)
        self.boxes: list[str] = []

    def game(self) -> Worker:
        worker = Worker(self.make(len(self.workers)))
        self.workers.append(worker)
        return worker

    def fail(self, key: str) -> bool:
        self.boxes.append(key)
        return not self.shown

    async def retried(self) -> bool:
        return True


@pytest.fixture
def link_module(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    js = types.ModuleType("js")
    js.console = types.SimpleNamespace(warn=lambda *a: None)  # type: ignore[attr-defined]
    js.performance = types.SimpleNamespace(mark=lambda *a: None)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.delitem(sys.modules, "ui.dom.link", raising=False)
    module = importlib.import_module("ui.dom.link")
    module.js = js
    yield module
    sys.modules.pop("ui.dom.link", None)


RESTORE = {"do": "start", "save": "the last save"}
FRAME = {"frame": {"log": []}, "save": "the last save"}


class Hooks:
    """What the link tells the page (ui/door.py's DoorHooks), written down; a lasting notice's
    Try again is pressed at once unless ``press`` is False (then it is kept in ``retries``)."""

    def __init__(self, press: bool = True) -> None:
        self.press = press
        self.notices: list[str] = []
        self.pushed: list[tuple[Any, str | None]] = []
        self.retries: list[Any] = []
        self.fatal = 0

    def hooks(self) -> Any:
        from ui.door import DoorHooks

        def lasting(key: str, name: str, retry: Any) -> None:
            self.notices.append(name + ": Try again")
            if self.press:
                retry()
            else:
                self.retries.append(retry)

        def fatal() -> None:
            self.fatal += 1

        return DoorHooks(
            lambda: RESTORE,
            lambda reply, words: self.pushed.append((reply, words)),
            lambda key, name: self.notices.append(key),
            lasting,
            fatal,
        )


def run(
    link_module: Any, make: Any, intents: list[Any], shown: bool = True, press: bool = True
) -> Any:
    boot = Boot(make)
    boot.shown = shown
    link_module.js.longanaBoot = boot
    told = Hooks(press)
    link = link_module.Link(told.hooks())

    async def asks() -> list[Any]:
        return [await link.ask(intent) for intent in intents]

    return asyncio.run(asks()), boot, told


def healthy(intent: dict[str, Any]) -> dict[str, Any]:
    return {**FRAME, "did": intent["do"]}


def test_an_intent_that_kills_the_worker_is_not_sent_to_the_new_one(link_module: Any) -> None:
    def poisoned(_n: int) -> Any:
        return lambda intent: "answering" if intent["do"] == "hint" else healthy(intent)

    replies, boot, told = run(link_module, poisoned, [RESTORE, {"do": "hint"}, {"do": "pass"}])
    assert replies[1] is None, "not answered: the game as it was is pushed instead"
    assert told.pushed == [({**FRAME, "did": "start"}, "")]
    assert replies[2]["did"] == "pass"
    first, second = boot.workers
    assert [i["do"] for i in first.got] == ["start", "hint"] and first.ended
    assert [i["do"] for i in second.got] == ["start", "pass"], "the hint was sent again"
    assert told.notices == ["notice.action_lost"] and told.fatal == 0


def test_a_worker_that_died_idle_is_replaced_and_asked_again(link_module: Any) -> None:
    def idle_death(n: int) -> Any:
        def answer(intent: dict[str, Any]) -> Any:
            if n == 0 and intent["do"] == "pass":
                return ""  # it had died before the intent came
            return healthy(intent)

        return answer

    replies, boot, told = run(link_module, idle_death, [RESTORE, {"do": "pass"}])
    assert replies[1]["did"] == "pass"
    assert [i["do"] for i in boot.workers[1].got] == ["start", "pass"]
    assert told.notices == ["notice.worker_restarted"] and told.pushed == []


def test_unreachable_files_are_not_tried_over_and_over(link_module: Any) -> None:
    def gone(n: int) -> Any:
        if n == 0:
            return lambda intent: "" if intent["do"] == "pass" else healthy(intent)
        return lambda intent: "unreachable"

    intents = [RESTORE, {"do": "pass"}, {"do": "pass"}]
    replies, boot, told = run(link_module, gone, intents, press=False)
    assert replies[1] is None and replies[2] is None
    assert len(boot.workers) == 3  # one new worker per move asked, no loop
    assert told.notices == ["worker-unreachable: Try again"] * 2 and told.fatal == 0


def test_try_again_gives_a_new_worker_the_game_on_the_table(link_module: Any) -> None:
    """Once the game has started, the unreachable notice's Try again feeds a new worker the
    game as it is held, and its reply is pushed to the page (nobody asked for it)."""

    def back_later(n: int) -> Any:
        if n == 1:
            return lambda intent: "unreachable"
        return healthy

    boot = Boot(back_later)
    link_module.js.longanaBoot = boot
    told = Hooks(press=False)
    link = link_module.Link(told.hooks())

    async def scene() -> None:
        await link.ask(RESTORE)
        boot.workers[0].how = "x"
        boot.workers[0].answer = lambda intent: ""  # it dies idle; the next cannot start
        assert await link.ask({"do": "pass"}) is None
        (retry,) = told.retries
        retry()
        while not told.pushed:  # the retry's turn
            await asyncio.sleep(0)
        assert told.pushed == [({**FRAME, "did": "start"}, None)]

    asyncio.run(scene())
    assert [i["do"] for i in boot.workers[2].got] == ["start"]


def test_before_the_table_shows_the_failure_box_retries_a_new_worker(link_module: Any) -> None:
    def first_unreachable(n: int) -> Any:
        return (lambda intent: "unreachable") if n == 0 else healthy

    replies, boot, _ = run(link_module, first_unreachable, [RESTORE], shown=False)
    assert replies[0]["did"] == "start"
    assert boot.boxes == ["failed_files"] and len(boot.workers) == 2


def test_a_start_that_kills_every_worker_ends_after_the_restarts(link_module: Any) -> None:
    replies, boot, told = run(link_module, lambda n: lambda intent: "answering", [RESTORE])
    assert replies == [None] and told.fatal == 1, "no worker can answer: said once"
    assert len(boot.workers) == link_module.MAX_RESTARTS + 1


def test_over_a_cached_table_the_notice_retries_a_new_worker(link_module: Any) -> None:
    def first_unreachable(n: int) -> Any:
        return (lambda intent: "unreachable") if n == 0 else healthy

    replies, boot, told = run(link_module, first_unreachable, [RESTORE], shown=True)
    assert replies[0]["did"] == "start"
    assert told.notices == ["worker-unreachable: Try again"] and len(boot.workers) == 2


def test_an_intent_made_in_javascript_is_sent_as_it_was_made(link_module: Any) -> None:
    """A file's text goes to the worker inside the text JavaScript made (ui/door.py's Made),
    never through the page's json.dumps (ui/dom/link.py file_intent)."""
    from ui.door import Made

    made = json.dumps({"do": "import", "text": "the file's text"})
    replies, boot, _ = run(link_module, lambda _n: healthy, [RESTORE, Made("import", made)])
    assert replies[1]["did"] == "import"
    assert boot.workers[0].got[1] == {"do": "import", "text": "the file's text"}


def test_intents_asked_at_once_are_answered_one_at_a_time_in_order(link_module: Any) -> None:
    """The link's lock: a second intent waits while the first is answered (the door is not
    idle meanwhile), and the replies come in the order asked; no clock in between."""
    gate: asyncio.Event | None = None

    class Slow(Worker):
        async def call(self, text: str) -> str:
            if json.loads(text)["do"] == "hint":
                assert gate is not None
                await gate.wait()  # the worker is thinking
            return await super().call(text)

    boot = Boot(lambda n: healthy)
    boot.game = lambda: boot.workers.append(Slow(healthy)) or boot.workers[-1]  # type: ignore[method-assign]
    link_module.js.longanaBoot = boot
    link = link_module.Link(Hooks().hooks())

    async def scene() -> None:
        nonlocal gate
        gate = asyncio.Event()
        await link.ask(RESTORE)
        assert link.idle()
        hint = asyncio.create_task(link.ask({"do": "hint"}))
        move = asyncio.create_task(link.ask({"do": "pass"}))
        await asyncio.sleep(0)
        assert not link.idle() and link.waiting == 1, "the move waits for the hint"
        assert [i["do"] for i in boot.workers[0].got] == ["start"], "nothing sent past it"
        gate.set()
        assert (await hint)["did"] == "hint" and (await move)["did"] == "pass"
        assert link.idle() and [i["do"] for i in boot.workers[0].got] == ["start", "hint", "pass"]

    asyncio.run(scene())
