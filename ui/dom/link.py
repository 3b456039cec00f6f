"""The page's line to the game worker: one plain module worker (``ui/game-worker.mjs``) running
the engine, the session and the computer on Pyodide. Intents go as JSON text, replies come back
as JSON text.

The first worker is started by ``ui/boot.js`` as the page opens (Pyodide loads while the page's
MicroPython starts); ``longanaBoot.game()`` hands it over, then a new one each time. Its calls
resolve to the reply's text, or to an empty text when the worker failed, did not start in time
or did not answer in time; never to a JavaScript error. Such a worker is ended and replaced, and
the new one is fed the last save (``restore()``):

- a worker that died while starting, or while idle, is replaced and the intent is asked again;
- a worker that died (or hung) while answering an intent is replaced, but that intent is not
  sent again, since it would kill the new one too: the answer is :data:`LOST` with the new
  worker's reply to the last save (the game as it was before that intent);
- a worker whose files cannot be fetched (no network, no server) is not replaced over and over:
  before the game has started the loading screen's failure box says so (or, over the table
  cached on the last visit, ``wait_retry``), and its Try again starts a new worker; once the game
  has started the answer is :data:`UNREACHABLE` at once, and the next intent tries a new worker.
"""

import asyncio
import json

import js

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable
    from typing import Any

    from js import Worker

MAX_RESTARTS = 3
LOST = "lost"  # {"lost": the reply to the last save}: the intent killed the worker
UNREACHABLE = "unreachable"  # {"unreachable": true}: no worker can start now
MADE = "made"  # in an intent: its whole text, made in JavaScript (see Link.ask)

# Files are read up to the worker's limit (MAX_JSON_TEXT, 8 MiB characters; a file of that
# many bytes has no more characters). Their text never enters the page's MicroPython, whose
# heap failed at 1.5 MB (a MemoryError where no except catches it): JavaScript reads the file
# and puts it into the intent's text (file_intent).
MAX_FILE = 8 * 1024 * 1024


async def file_intent(head: "Any", field: str, file: "Any") -> "Any":
    """The intent ``head`` with ``file``'s text in its ``field`` (added to it when a list),
    made in JavaScript and sent as it is (``MADE``, see :meth:`Link.ask`); None when the file
    cannot be read. ``head`` may be made so already: files are added one after another."""
    text = head[MADE] if MADE in head else json.dumps(head)
    made = await js.longanaBoot.withFile(text, field, file)
    if made is None:
        return None
    intent = dict(head)
    intent[MADE] = made
    return intent


class Link:
    def __init__(
        self,
        restore: "Callable[[], Any]",
        on_restart: "Callable[[str], None]",
        wait_retry: "Callable[[], Awaitable[None]] | None" = None,
    ) -> None:
        self.restore = restore  # () -> the start intent that resumes the game
        self.on_restart = on_restart  # called with the notice key when a worker is replaced
        self.wait_retry = wait_retry  # async: says the files cannot be fetched, until Try again
        self.worker: Worker | None = None  # the worker's calls (ui/boot.js), once asked for
        self.restarts = 0
        self.busy = False
        self.waiting = 0  # intents waiting for the one being answered
        self.answered = False

    def idle(self) -> bool:
        """Nothing is being answered and nothing waits: the review may ask its next step
        (anything the game asks then waits at most for that one)."""
        return not self.busy and not self.waiting

    async def ask(self, intent: "Any") -> "Any":
        """The worker's reply to ``intent`` (a dict); ``{LOST: reply}`` or ``{UNREACHABLE:
        True}`` (see the module's text); or None when no worker could answer."""
        self.waiting += 1
        while self.busy:  # one intent at a time: replies come in the order asked
            await asyncio.sleep(0.01)
        self.waiting -= 1
        self.busy = True
        try:
            # MADE: the intent's text as JavaScript made it with a file's text inside
            # (longanaBoot.withFile), sent as it is: megabytes never enter MicroPython's heap
            made = intent.get(MADE)
            text = json.dumps(intent) if made is None else made
            return await self._ask(text, intent.get("do") == "start")
        finally:
            self.busy = False

    async def _ask(self, text: str, starting: bool) -> "Any":
        replaced = False  # said once the new worker answers
        while True:
            fed = True
            if self.worker is None:
                self.worker = js.longanaBoot.game()
                if not starting:  # a new worker for a game under way: its save first
                    fed = bool(await self._call(json.dumps(self.restore())))
            answer = await self._call(text) if fed else ""
            if answer:
                if replaced:
                    self.on_restart("notice.worker_restarted")
                return json.loads(answer)
            why = str(self.worker.why() or "")
            self.worker.end()
            self.worker = None
            js.console.warn("longana: the game worker did not answer (" + (why or "failed") + ")")
            if why == UNREACHABLE:
                if not await self._retried("failed_files"):
                    return {UNREACHABLE: True}
                continue
            if self.restarts >= MAX_RESTARTS:
                if await self._retried("failed_script"):
                    continue
                return None
            self.restarts += 1
            if why == "answering" and fed and not starting:
                # this intent killed the worker: the new one gets the last save, not the intent
                reply = await self._ask(json.dumps(self.restore()), True)
                return reply if reply is None or UNREACHABLE in reply else {LOST: reply}
            replaced = True

    async def _retried(self, key: str) -> bool:
        """Before the game has started: the loading screen's failure box says ``key`` (over
        a cached table, ``wait_retry`` says the files cannot be fetched), and the answer is
        True when the person presses Try again (a new worker then); False at once otherwise."""
        if self.answered:
            return False
        if js.longanaBoot.fail(key):
            await js.longanaBoot.retried()
        elif key == "failed_files" and self.wait_retry is not None:
            await self.wait_retry()
        else:
            return False
        self.restarts = 0
        return True

    async def _call(self, text: str) -> str:
        if self.worker is None:
            return ""
        answer = str(await self.worker.call(text) or "")
        if answer and not self.answered:
            self.answered = True
            js.performance.mark("longana:worker-ready")
        return answer
