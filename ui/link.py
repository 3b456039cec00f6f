"""The page's line to the game worker: one Pyodide worker (``ui/worker.py``) running the engine,
the session and the computer. Intents go as JSON text, replies come back as JSON text.

A worker that fails to start, throws, or does not answer in time is ended and replaced; the new
one is fed the last save (``restore()``), and the intent that failed is asked again, so the game
goes on. The first worker is declared in ``index.html`` (it starts loading with the page).
"""

import asyncio
import json

import js
from pyscript import workers

START_MS = 120000  # a worker's first answer (Pyodide starting on a slow device)
CALL_MS = 15000  # any later answer
MAX_RESTARTS = 3


class Link:
    def __init__(self, restore, on_restart):
        self.restore = restore  # () -> the start intent that resumes the game
        self.on_restart = on_restart  # called with the notice key when a worker is replaced
        self.count = 1
        self.proxy = None
        self.restarts = 0
        self.busy = False
        self.answered = False

    def name(self):
        return "ai" if self.count == 1 else "ai-" + str(self.count)

    async def ask(self, intent):
        """The worker's reply to ``intent`` (a dict), or None when no worker could answer."""
        while self.busy:  # one intent at a time: replies come in the order asked
            await asyncio.sleep(0.01)
        self.busy = True
        try:
            return await self._ask(json.dumps(intent), intent.get("do") == "start")
        finally:
            self.busy = False

    async def _ask(self, text, starting):
        while True:
            try:
                if self.proxy is None:
                    await self._connect()
                    if not starting:
                        await self._call(json.dumps(self.restore()), START_MS)
                reply = await self._call(text, START_MS if not self.answered else CALL_MS)
                return reply
            except Exception as error:  # noqa: BLE001 - a dead or hung worker: replace it
                js.console.warn("longana: the game worker failed: " + str(error))
                if self.restarts >= MAX_RESTARTS:
                    return None
                self.restarts += 1
                self._replace()
                self.on_restart("notice.worker_restarted")

    async def _connect(self):
        self.proxy = await js.longanaBoot.within(workers[self.name()], START_MS)

    async def _call(self, text, ms):
        answer = await js.longanaBoot.within(self.proxy.call(text), ms)
        reply = json.loads(str(answer))
        if not self.answered:
            self.answered = True
            js.performance.mark("longana:worker-ready")
        return reply

    def _replace(self):
        old = js.document.querySelector('script[name="' + self.name() + '"]')
        if old is not None:
            try:
                old.xworker.terminate()
            except Exception:  # noqa: BLE001 - it is being replaced anyway
                pass
            old.remove()
        self.proxy = None
        self.count += 1
        script = js.document.createElement("script")
        script.type = "py"
        script.setAttribute("worker", "")
        script.setAttribute("name", self.name())
        script.setAttribute("config", "./worker.toml")
        script.src = "./ui/worker.py"
        js.document.body.append(script)
