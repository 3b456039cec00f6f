"""The page's clock in the stand-in browser: scenes run on an event loop whose time jumps to the
next timer whenever nothing is ready, so the page's pauses (the computer's pace, a notice's
life, a review's wait) cost no wall-clock time, and a test waits on the page's turns, never on
how busy the machine is: a scene takes the same steps, and the same time on this clock, on a
loaded machine as on an idle one."""

from __future__ import annotations

import asyncio
import selectors
from collections.abc import Awaitable, Callable
from typing import Any


class Jumps(selectors.DefaultSelector):
    """Never waits for a timer: when nothing is ready, the loop's clock moves on to it."""

    def __init__(self) -> None:
        super().__init__()
        self.loop: PageLoop | None = None

    def select(self, timeout: float | None = None) -> list[Any]:
        if timeout is None:  # no timer at all: only another thread can wake the loop
            return super().select(None)
        ready = super().select(0)
        if not ready and self.loop is not None:
            self.loop.now += timeout
        return ready


class PageLoop(asyncio.SelectorEventLoop):
    def __init__(self) -> None:
        jumps = Jumps()
        super().__init__(jumps)
        jumps.loop = self
        self.now = 0.0

    def time(self) -> float:
        return self.now


def run(scene: Callable[[], Awaitable[Any]]) -> Any:
    """``scene()`` to its end on the page's clock."""
    with asyncio.Runner(loop_factory=PageLoop) as runner:
        return runner.run(scene())


async def until(test: Callable[[], bool], seconds: float = 20.0) -> None:
    """Turns go by until ``test()`` holds, which it must within ``seconds`` of the page's clock
    (its own pauses: the same however busy the machine is)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not test():
        assert loop.time() < end, "it did not come"
        await asyncio.sleep(0.001)
