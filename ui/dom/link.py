"""The page's line to the game worker: one plain module worker (``ui/game-worker.mjs``) running
the engine, the session and the computer on Pyodide. Intents go as JSON text, replies come back
as JSON text.

The first worker is started by ``ui/boot.js`` as the page opens (Pyodide loads while the page's
MicroPython starts); ``longanaBoot.game()`` hands it over, then a new one each time. Its calls
resolve to the reply's text, or to an empty text when the worker failed, did not start in time
or did not answer in time; never to a JavaScript error. Such a worker is ended and replaced; the
new one is fed the last save (``restore()``), and the intent that failed is asked again, so the
game goes on.
"""

import asyncio
import json

import js

MAX_RESTARTS = 3


class Link:
    def __init__(self, restore, on_restart):
        self.restore = restore  # () -> the start intent that resumes the game
        self.on_restart = on_restart  # called with the notice key when a worker is replaced
        self.game = None  # the worker's calls (ui/boot.js), once asked for
        self.restarts = 0
        self.busy = False
        self.answered = False

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
            fed = True
            if self.game is None:
                self.game = js.longanaBoot.game()
                if not starting:  # a new worker for a game under way: its save first
                    fed = bool(await self._call(json.dumps(self.restore())))
            answer = await self._call(text) if fed else ""
            if answer:
                return json.loads(answer)
            js.console.warn("longana: the game worker did not answer; starting a new one")
            if self.restarts >= MAX_RESTARTS:
                return None
            self.restarts += 1
            self.game.end()
            self.game = None
            self.on_restart("notice.worker_restarted")

    async def _call(self, text):
        answer = str(await self.game.call(text) or "")
        if answer and not self.answered:
            self.answered = True
            js.performance.mark("longana:worker-ready")
        return answer
