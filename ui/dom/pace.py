"""The game's pace: steps land one at a time, each after its pause, and any change stops the
steps scheduled before it (each carries the generation it was made in). The computer's moves
come one at a time: "thinking" first (the first answer to a person's move is never instant),
then the move, shown before the next; while a dialog is open no computer move lands (one that
arrives meanwhile is held until it closes). The tab in view plays; another tab waits (it
follows the saves of the one in view)."""

import asyncio

import js

from .. import intents

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Callable

    from js import Rect

    from longana.device.frame import Seat
    from longana.replies import Reply

    from .host import Host

PAUSE = {"normal": 0.75, "fast": 0.0}  # seconds a computer "thinks" at least
ANSWER = {"normal": 0.75, "fast": 0.3}  # ... when it answers a person's move
NEXT_HAND = {"normal": 2.5, "fast": 0.25}  # seconds before the next hand, at a table of computers


class Pace:
    def __init__(
        self,
        host: "Host",
        landed: "Callable[[Reply, Rect | None], None]",
        held_save: "Callable[[Reply], None]",
        source: "Callable[[str], Rect | None]",
        speed: "Callable[[], str]",
    ) -> None:
        self.ctl = host.ctl
        self.ask = host.ask
        self.redraw = host.redraw
        self.landed = landed  # a computer's move is applied (its tile travels from there)
        self.held_save = held_save  # the save of a move held while a dialog is open, stored
        self.source = source  # where a seat's hand is on screen
        self.speed = speed  # the device's speed setting
        self.gen = 0  # bumped by every change: a stale step stops
        self.held: Reply | None = None  # a computer move that arrived while a dialog was open

    def stop(self) -> None:
        """Whatever step is under way or scheduled stops (a change, or a panel opened)."""
        self.gen += 1

    def later(self, seconds: float, step: "Callable[[int], None]") -> None:
        """``step`` in ``seconds``, unless something changed meanwhile (it gets its
        generation: a move asked later is dropped if the game changed since)."""
        self.gen += 1
        asyncio.create_task(self._later(self.gen, seconds, step))

    async def _later(self, gen: int, seconds: float, step: "Callable[[int], None]") -> None:
        await asyncio.sleep(seconds)
        if gen == self.gen:
            step(gen)

    def quiet(self) -> bool:
        """No computer move thinking or due on the table (a dialog open holds it)."""
        frame, now = self.ctl.frame, self.ctl.interaction
        due = False  # a computer seat is to move on the table
        if frame is not None and frame["outcome"] is None and now.dialog is None:
            seat = frame["to_move"]
            due = seat is not None and frame["seats"][seat] == "computer"
        return now.thinking is None and not due

    def next_hand(self) -> float:
        """Seconds before the next hand is dealt at a table of computers."""
        return NEXT_HAND[self.speed()]

    async def computer(self, gen: int, seat: "Seat", answer: bool) -> None:
        """The computer at ``seat`` thinks (``answer``: it answers a person's move), then
        makes its move."""
        now, frame = self.ctl.interaction, self.ctl.frame
        if frame is None:
            return
        now.thinking = seat
        self.redraw()
        await asyncio.sleep((ANSWER if answer else PAUSE)[self.speed()])
        while js.document.hidden and gen == self.gen:  # the tab in view plays
            await asyncio.sleep(0.5)
        if gen != self.gen or now.dialog is not None:
            return
        source = self.source(seat)
        reply = await self.ask(intents.computer(frame["log"]))
        if reply is None:
            return
        if now.dialog is not None:
            self.held_save(reply)
            self.held = reply  # shown when the dialog closes
            return
        now.thinking = None
        self.landed(reply, source)
