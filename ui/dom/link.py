"""The page's first door to a game (ui/door.py): one plain module worker
(``ui/game-worker.mjs``) running the engine, the session and the computer on Pyodide. Intents
go as JSON text, replies come back as JSON text, one intent at a time (a lock: replies come in
the order asked).

The first worker is started by ``ui/boot.js`` as the page opens (Pyodide loads while the page's
MicroPython starts); ``longanaBoot.game()`` hands it over, then a new one each time. Its calls
resolve to the reply's text, or to an empty text when the worker failed, did not start in time
or did not answer in time; never to a JavaScript error. Such a worker is ended and replaced, and
the new one is fed the last save (the hooks' ``restore()``):

- a worker that died while starting, or while idle, is replaced and the intent is asked again;
- a worker that died (or hung) while answering an intent is replaced, but that intent is not
  sent again, since it would kill the new one too: it is answered None, and the new worker's
  reply to the last save (the game as it was before that intent) is pushed to the page, with
  the notice ``action-lost``;
- a worker whose files cannot be fetched (no network, no server) is not replaced over and over:
  before the game has started the loading screen's failure box says so (or, over the table
  cached on the last visit, a lasting notice), and its Try again starts a new worker; once the
  game has started the intent is answered None at once with the lasting notice
  ``worker-unreachable``, whose Try again gives a new worker the game on the table;
- when no worker can answer at all, the fatal dialog says so, with a reload.
"""

import asyncio
import json

import js

from ..door import Made, doing

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from typing import Any

    from js import MadeText, Worker

    from longana.intents import Intent
    from longana.replies import Reply

    from ..door import DoorHooks

MAX_RESTARTS = 3
UNREACHABLE = "unreachable"  # a worker's why(): its files could not be fetched
LOST = "answering"  # a worker's why(): it died (or hung) answering

# Files are read up to the worker's limit (MAX_JSON_TEXT, 8 MiB characters; a file of that
# many bytes has no more characters). Their text never enters the page's MicroPython, whose
# heap failed at 1.5 MB (a MemoryError where no except catches it): JavaScript reads the file
# and puts it into the intent's text (file_intent).
MAX_FILE = 8 * 1024 * 1024


def text_of(intent: "Intent | Made") -> "str | MadeText":
    """The text sent for ``intent``: its JSON, or the text JavaScript made."""
    return intent.text if isinstance(intent, Made) else json.dumps(intent)


async def file_intent(head: "Intent | Made", field: str, file: "Any") -> "Made | None":
    """The intent ``head`` with ``file``'s text in its ``field`` (added to it when a list),
    made in JavaScript and sent as it is (:class:`ui.door.Made`); None when the file cannot be
    read. ``head`` may be made so already: files are added one after another."""
    made = await js.longanaBoot.withFile(text_of(head), field, file)
    return None if made is None else Made(doing(head), made)


def patient(intent: "Intent | Made", ms: int) -> Made:
    """``intent`` as a text the worker may take ``ms`` to answer (the teacher's table replays
    every result added)."""
    return Made(doing(intent), js.longanaBoot.patient(text_of(intent), ms))


class Link:
    def __init__(self, hooks: "DoorHooks") -> None:
        self.hooks = hooks  # what the page is told unasked, and the game on its table
        self.worker: Worker | None = None  # the worker's calls (ui/boot.js), once asked for
        self.restarts = 0
        self.turn = asyncio.Lock()  # one intent at a time: replies come in the order asked
        self.waiting = 0  # intents waiting for the one being answered
        self.answered = False

    def idle(self) -> bool:
        """Nothing is being answered and nothing waits: the review may ask its next step
        (anything the game asks then waits at most for that one)."""
        return not self.turn.locked() and not self.waiting

    async def ask(self, intent: "Intent | Made") -> "Reply | None":
        """The worker's reply to ``intent``; None when none came (see the module's text)."""
        self.waiting += 1
        try:
            await self.turn.acquire()
        finally:
            self.waiting -= 1
        try:
            return await self._ask(text_of(intent), doing(intent) == "start")
        finally:
            self.turn.release()

    async def _ask(self, text: "str | MadeText", starting: bool) -> "Reply | None":
        replaced = False  # said once the new worker answers
        while True:
            fed = True
            if self.worker is None:
                self.worker = js.longanaBoot.game()
                if not starting:  # a new worker for a game under way: its save first
                    fed = bool(await self._call(json.dumps(self.hooks.restore())))
            answer = await self._call(text) if fed else ""
            if answer:
                if replaced:
                    self.hooks.notice("notice.worker_restarted", "worker-restarted")
                reply: Reply = json.loads(answer)
                return reply
            why = str(self.worker.why() or "")
            self.worker.end()
            self.worker = None
            js.console.warn("longana: the game worker did not answer (" + (why or "failed") + ")")
            if why == UNREACHABLE:
                if await self._retried("failed_files"):
                    continue
                key, name = "notice.worker_unreachable", "worker-unreachable"
                self.hooks.lasting(key, name, self.reconnect)
                return None
            if self.restarts >= MAX_RESTARTS:
                if await self._retried("failed_script"):
                    continue
                self.hooks.fatal()
                return None
            self.restarts += 1
            if why == LOST and fed and not starting:
                # this intent killed the worker: the new one gets the last save, not the intent
                before = await self._ask(json.dumps(self.hooks.restore()), True)
                if before is not None:  # (else the page was told why already)
                    self.hooks.notice("notice.action_lost", "action-lost")
                    self.hooks.pushed(before, "")  # the message of what was lost goes
                return None
            replaced = True

    def reconnect(self) -> None:
        """Try again after the worker's files could not be fetched: a new worker given the game
        on the table, its reply pushed to the page (the next intent would try as well)."""

        async def again() -> None:
            reply = await self.ask(self.hooks.restore())
            if reply is not None:
                self.hooks.pushed(reply, None)

        asyncio.create_task(again())

    async def _retried(self, key: str) -> bool:
        """Before the game has started: the loading screen's failure box says ``key`` (over
        a cached table, a lasting notice says the files cannot be fetched), and the answer is
        True when the person presses Try again (a new worker then); False at once otherwise."""
        if self.answered:
            return False
        if js.longanaBoot.fail(key):
            await js.longanaBoot.retried()
        elif key == "failed_files":
            pressed = asyncio.Event()
            self.hooks.lasting("notice.worker_unreachable", "worker-unreachable", pressed.set)
            await pressed.wait()
        else:
            return False
        self.restarts = 0
        return True

    async def _call(self, text: "str | MadeText") -> str:
        if self.worker is None:
            return ""
        answer = str(await self.worker.call(text) or "")
        if answer and not self.answered:
            self.answered = True
            js.performance.mark("longana:worker-ready")
        return answer
