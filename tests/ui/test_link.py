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


def run(link_module: Any, make: Any, intents: list[dict[str, Any]], shown: bool = True) -> Any:
    boot = Boot(make)
    boot.shown = shown
    link_module.js.longanaBoot = boot
    notices: list[str] = []

    async def wait_retry() -> None:
        notices.append("worker-unreachable: Try again")

    link = link_module.Link(lambda: RESTORE, notices.append, wait_retry)

    async def asks() -> list[Any]:
        return [await link.ask(intent) for intent in intents]

    return asyncio.run(asks()), boot, notices


def healthy(intent: dict[str, Any]) -> dict[str, Any]:
    return {**FRAME, "did": intent["do"]}


def test_an_intent_that_kills_the_worker_is_not_sent_to_the_new_one(link_module: Any) -> None:
    def poisoned(_n: int) -> Any:
        return lambda intent: "answering" if intent["do"] == "hint" else healthy(intent)

    replies, boot, notices = run(link_module, poisoned, [RESTORE, {"do": "hint"}, {"do": "pass"}])
    assert replies[1] == {link_module.LOST: {**FRAME, "did": "start"}}
    assert replies[2]["did"] == "pass"
    first, second = boot.workers
    assert [i["do"] for i in first.got] == ["start", "hint"] and first.ended
    assert [i["do"] for i in second.got] == ["start", "pass"], "the hint was sent again"
    assert notices == []  # the page says action-lost instead


def test_a_worker_that_died_idle_is_replaced_and_asked_again(link_module: Any) -> None:
    def idle_death(n: int) -> Any:
        def answer(intent: dict[str, Any]) -> Any:
            if n == 0 and intent["do"] == "pass":
                return ""  # it had died before the intent came
            return healthy(intent)

        return answer

    replies, boot, notices = run(link_module, idle_death, [RESTORE, {"do": "pass"}])
    assert replies[1]["did"] == "pass"
    assert [i["do"] for i in boot.workers[1].got] == ["start", "pass"]
    assert notices == ["notice.worker_restarted"]


def test_unreachable_files_are_not_tried_over_and_over(link_module: Any) -> None:
    def gone(n: int) -> Any:
        if n == 0:
            return lambda intent: "" if intent["do"] == "pass" else healthy(intent)
        return lambda intent: "unreachable"

    replies, boot, notices = run(link_module, gone, [RESTORE, {"do": "pass"}, {"do": "pass"}])
    assert replies[1] == {link_module.UNREACHABLE: True}
    assert replies[2] == {link_module.UNREACHABLE: True}
    assert len(boot.workers) == 3  # one new worker per move asked, no loop
    assert notices == []


def test_before_the_table_shows_the_failure_box_retries_a_new_worker(link_module: Any) -> None:
    def first_unreachable(n: int) -> Any:
        return (lambda intent: "unreachable") if n == 0 else healthy

    replies, boot, _ = run(link_module, first_unreachable, [RESTORE], shown=False)
    assert replies[0]["did"] == "start"
    assert boot.boxes == ["failed_files"] and len(boot.workers) == 2


def test_a_start_that_kills_every_worker_ends_after_the_restarts(link_module: Any) -> None:
    replies, boot, _ = run(link_module, lambda n: lambda intent: "answering", [RESTORE])
    assert replies == [None]
    assert len(boot.workers) == link_module.MAX_RESTARTS + 1


def test_over_a_cached_table_the_notice_retries_a_new_worker(link_module: Any) -> None:
    def first_unreachable(n: int) -> Any:
        return (lambda intent: "unreachable") if n == 0 else healthy

    replies, boot, notices = run(link_module, first_unreachable, [RESTORE], shown=True)
    assert replies[0]["did"] == "start"
    assert notices == ["worker-unreachable: Try again"] and len(boot.workers) == 2


def test_an_intent_made_in_javascript_is_sent_as_it_was_made(link_module: Any) -> None:
    """A file's text goes to the worker inside the text JavaScript made (MADE), never through
    the page's json.dumps (ui/dom/link.py file_intent)."""
    made = json.dumps({"do": "import", "text": "the file's text"})
    intent = {"do": "import", link_module.MADE: made}
    replies, boot, _ = run(link_module, lambda _n: healthy, [RESTORE, intent])
    assert replies[1]["did"] == "import"
    assert boot.workers[0].got[1] == {"do": "import", "text": "the file's text"}
