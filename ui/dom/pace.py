"""The computer's pace: the page asks the worker for one computer move at a time and shows each
before the next ("thinking" first, then the tile travels); the first answer to a person's move
is never instant. While a dialog is open no computer move lands: one that arrives meanwhile is
saved and waits until the dialog closes."""

import asyncio

import js

from ..steps import forced_opening

PAUSE = {"normal": 0.75, "fast": 0.0}  # seconds a computer "thinks" at least
ANSWER = {"normal": 0.75, "fast": 0.3}  # ... when it answers a person's move


class Pace:
    def __init__(self, page):
        self.page = page
        self.ctl = page.ctl
        self.gen = 0  # bumped by every change: a stale step stops
        self.waiting = None  # a computer move that arrived while a dialog was open

    def stop(self):
        """Whatever step is under way or scheduled stops (a change, or a panel opened)."""
        self.gen += 1

    def schedule(self, answer=False, after=0.0):
        """The next step, ``after`` seconds from now (a move still landing)."""
        self.gen += 1
        asyncio.create_task(self.step(self.gen, answer, after))

    async def step(self, gen, answer, after):
        """One step: the hand's end is shown; a person's turn is prepared (the handoff, a
        forced opening, the focus); or a computer seat thinks, then makes its move."""
        await asyncio.sleep(after)
        page, ctl = self.page, self.ctl
        now = ctl.interaction
        if gen != self.gen or now.dialog is not None or not page.live:
            return
        frame = ctl.frame
        if frame["outcome"] is not None:
            now.thinking = None
            page.render()
            page.dialogs.show_end()
            return
        seat = frame["to_move"]
        if frame["seats"][seat] == "person":
            if now.thinking is not None:
                now.thinking = None
                page.render()
            if frame["handoff"] is not None:
                page.dialogs.show_handoff(frame["handoff"])
            elif forced_opening(frame, now) is not None:
                ctl.open_with(forced_opening(frame, now))
                page.render()
            page.screen.focus_turn()
            return
        now.thinking = seat
        page.render()
        await asyncio.sleep((ANSWER if answer else PAUSE)[page.settings.speed])
        while js.document.hidden and gen == self.gen:  # the tab in view plays (other tabs
            await asyncio.sleep(0.5)  # follow its saves)
        if gen != self.gen or now.dialog is not None:
            return
        source = page.motion.source(seat)
        reply = await page.ask({"do": "computer", "at": frame["log"]})
        if reply is None:
            return
        if now.dialog is not None:
            if "save" in reply:
                page.saves.keep(reply["save"], reply.get("frame"))
            self.waiting = reply  # shown when the dialog closes
            return
        now.thinking = None
        page.apply(reply, source=source)
