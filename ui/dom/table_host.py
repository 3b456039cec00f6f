"""The host's side of a table across several devices (issue 35; MicroPython, main thread).

Settings' ``table-host`` opens the pairing dialog (``data-dialog="table"``): for each seat that
may be paired, an offer from the table's line (``ui/peer/table.mjs``, ``window.longanaTable``)
shown as a QR code, a link and a code; the guest's answer is pasted (``pair-accept``) or read
by the camera (``pair-scan``). Once a guest's channel opens, its seat is played on its device
(the worker's ``table`` intent) and the guest is sent its frame.

A guest's message (``{"id", "intent"}``) goes to the worker as a ``guest`` intent for the seat
of the line it came on, never for what it says; the answer goes back (``{"id", "reply"}``), and
when the guest changed the game the host's own table takes the host's part. Whenever the host's
table changes (its own move, the computer's, an undo, a guest's), each guest is sent its frame
(``{"push": reply}``). A guest that drops: its seat waits (said: ``peer-left``) and a new code
for it is shown; it may be given to the computer (``pair-computer``). A malformed or forged
message is refused (said: ``peer-refused``) and the table goes on.
"""

import asyncio
import json

import js

from .. import intents
from ..table_panels import (
    CONNECTING,
    JOINED,
    LEFT,
    WAITING,
    host_html,
    pairable,
    refusal,
    seat_section,
)
from .browser import proxy_of, q

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable
    from typing import Any

    from ..controller import Controller
    from .dialogs import Dialogs
    from .notices import Notices

ENDS = ("hand-end", "match-end")  # dialogs that go when another device deals the next hand
FORGED = ("not-your-turn", "guest-host-only", "guest-unknown", "guest-seat")


class TableHost:
    def __init__(
        self,
        ctl: "Controller",
        dialogs: "Dialogs",
        ask: "Callable[[Any], Awaitable[Any]]",
        apply: "Callable[..., None]",
        notices: "Notices",
    ) -> None:
        self.ctl, self.dialogs, self.ask, self.apply = ctl, dialogs, ask, apply
        self.notices = notices
        self.line: Any = None  # window.longanaTable, once loaded
        self.seats: dict[str, dict[str, Any]] = {}  # what each seat's section shows
        self.sent: dict[str, Any] = {}  # the position each guest was last sent
        self.gone: set[str] = set()  # seats whose guest has left (and may come back)
        self.pushing = False
        self.again = False

    # -- the line ---------------------------------------------------------------------------

    async def ready(self) -> bool:
        """The table's line, loaded once; False (and said) where this browser cannot connect
        devices directly."""
        if self.line is None:
            line = await js.longanaBoot.table()
            if line is None or not line.supported():
                self.say_unsupported()
                return False
            line.listen(proxy_of(self.heard))
            self.line = line
        return True

    def say_unsupported(self) -> None:
        cat = self.ctl.cat
        item = js.longanaToasts.show("table-unsupported", cat.t("devices.unsupported"))
        asyncio.create_task(self.notices.later(item))

    def send(self, seat: str, message: "Any") -> None:
        if self.line is not None:
            self.line.send(seat, json.dumps(message))

    def joined(self) -> "list[str]":
        return [s for s, shown in self.seats.items() if shown["state"] == JOINED]

    # -- the dialog -------------------------------------------------------------------------

    async def open(self) -> None:
        """``table-host``: this device hosts the table; its pairing dialog, a code per seat."""
        if self.ctl.frame is None or not await self.ready():
            return
        js.document.body.dataset.table = "host"
        self.count()
        frame = self.ctl.frame
        remote = frame.get("remote") or []
        for seat in pairable(frame):
            shown = self.seats.get(seat)
            if shown is None or (shown["state"] != JOINED and not shown.get("code")):
                await self.offer(seat, LEFT if seat in remote else WAITING)
        seats = [self.seats[s] for s in pairable(frame)]
        self.dialogs.open("table", host_html(self.ctl.cat, seats))

    def draw(self, seat: str) -> None:
        """A seat's section again, if the dialog is open."""
        el = q('[data-dialog="table"] [data-pair-seat="' + seat + '"]')
        if el is not None and seat in self.seats:
            el.outerHTML = seat_section(self.ctl.cat, self.seats[seat])
            dialog = q('[data-dialog="table"]')
            if dialog is not None:
                self.dialogs.grew(dialog)

    async def offer(self, seat: str, state: str) -> None:
        """A new code for ``seat`` (its earlier one is no longer taken)."""
        title = self.ctl.cat.t("devices.qr_title", seat=self.ctl.cat.seat(seat))
        made = json.loads(str(await self.line.offer(seat, title)))
        shown = {"seat": seat, "state": state, "code": made.get("code"), "error": ""}
        shown["link"], shown["svg"] = made.get("link", ""), made.get("svg", "")
        if "refused" in made:
            shown["error"] = refusal(self.ctl.cat, str(made["refused"]))
        self.seats[seat] = shown
        self.draw(seat)

    async def accept(self, el: "Any") -> None:
        """``pair-accept``: the guest's answer typed or pasted into its seat's field."""
        seat = str(el.dataset.seat)
        field = q('[data-pair-answer][data-seat="' + seat + '"]')
        if field is not None and seat in self.seats:
            await self.take_answer(seat, str(field.value))

    async def take_answer(self, seat: str, text: str) -> None:
        answer = json.loads(str(await self.line.accept(seat, text)))
        shown = self.seats[seat]
        if "refused" in answer:
            shown["error"] = refusal(self.ctl.cat, str(answer["refused"]))
            self.draw(seat)
            field = q('[data-pair-answer][data-seat="' + seat + '"]')
            if field is not None:
                field.value = text
                field.focus()
            return
        shown["state"], shown["error"] = CONNECTING, ""
        self.draw(seat)

    async def scan(self, el: "Any") -> None:
        """``pair-scan``: the camera reads the guest's answer (its QR code)."""
        seat = str(el.dataset.seat)
        video = q('[data-pair-video="' + seat + '"]')
        if video is None or self.line is None:
            return
        video.hidden = False
        el.disabled = True
        text = str(await self.line.scan(video))
        video.hidden = True
        el.disabled = False
        if text == "camera:":
            self.seats[seat]["error"] = self.ctl.cat.t("devices.camera_failed")
            self.draw(seat)
        elif text:
            await self.take_answer(seat, text)

    def closed(self) -> None:
        """The dialog closed: the camera stops."""
        if self.line is not None:
            self.line.stopScan()

    async def to_computer(self, el: "Any") -> None:
        """``pair-computer``: a seat whose guest has left is played by the computer."""
        seat = str(el.dataset.seat)
        frame = self.ctl.frame
        if frame is None:
            return
        remote: list[str] = [s for s in (frame.get("remote") or []) if s != seat]
        reply = await self.ask(intents.table(remote))
        if reply is not None and "frame" in reply:
            self.apply(reply)
        self.line.drop(seat)
        self.sent.pop(seat, None)
        await self.offer(seat, WAITING)
        self.count()

    def count(self) -> None:
        js.document.body.dataset.peers = str(len(self.joined()))

    # -- what the line says -----------------------------------------------------------------

    def heard(self, event: str, seat: str, text: str) -> None:
        asyncio.create_task(self.on_event(str(event), str(seat), str(text)))

    async def on_event(self, event: str, seat: str, text: str) -> None:
        if event == "message":
            await self.handle(seat, text)
        elif event == "too-large":
            self.refused(seat, None, "too-large")
        elif event == "open":
            await self.opened(seat)
        elif event == "closed":
            await self.left(seat)
        elif event == "apart":
            self.notice("network-apart", "devices.notice.network_apart")
            was = self.seats.get(seat, {}).get("state")
            await self.offer(seat, LEFT if was == LEFT else WAITING)
            self.seats[seat]["error"] = self.ctl.cat.t("devices.notice.network_apart")
            self.draw(seat)

    async def opened(self, seat: str) -> None:
        """A guest joined at ``seat``: its seat is played on its device from now on."""
        back = seat in self.gone
        self.gone.discard(seat)
        frame = self.ctl.frame
        remote = list(frame.get("remote") or []) if frame is not None else []
        if seat not in remote:
            reply = await self.ask(intents.table(remote + [seat]))
            if reply is not None and "frame" in reply:
                self.apply(reply)
        self.seats[seat] = {"seat": seat, "state": JOINED, "error": ""}
        self.sent.pop(seat, None)
        await self.push(seat)
        if back:
            self.notice("peer-back", "devices.notice.peer_back", seat)
        self.draw(seat)
        self.count()

    async def left(self, seat: str) -> None:
        """A guest's line closed: its seat waits (said), and a new code for it is shown."""
        if self.seats.get(seat, {}).get("state") != JOINED:
            return
        self.sent.pop(seat, None)
        self.gone.add(seat)
        self.notice("peer-left", "devices.notice.peer_left", seat)
        await self.offer(seat, LEFT)
        self.count()

    async def handle(self, seat: str, text: str) -> None:
        """A guest's message: its intent answered for its seat only."""
        try:
            message = json.loads(text)
        except (ValueError, RuntimeError, MemoryError):  # no JSON, or nested too deep
            message = None
        if (
            not isinstance(message, dict)
            or not isinstance(message.get("id"), int)
            or not isinstance(message.get("intent"), dict)
        ):
            asked = message.get("id") if isinstance(message, dict) else None
            self.refused(seat, asked if isinstance(asked, int) else None, "bad-message")
            return
        reply = await self.ask(intents.guest(seat, message["intent"]))
        if reply is None:
            return  # no worker could answer: the page says so
        answer = reply.get("guest", reply)
        why = answer.get("error", answer.get("refused") or {}).get("code")
        if why is not None and ("error" in answer or why in FORGED):
            self.notice("peer-refused", "devices.notice.peer_refused", seat)
        self.send(seat, {"id": message["id"], "reply": answer})
        if "frame" in answer:
            self.sent[seat] = position(answer["frame"])
        if "host" in reply:
            self.take(reply["host"])

    def refused(self, seat: str, at: "int | None", code: str) -> None:
        self.notice("peer-refused", "devices.notice.peer_refused", seat)
        self.send(seat, {"id": at, "reply": {"error": {"code": code, "detail": code}}})

    def take(self, reply: "Any") -> None:
        """A guest changed the game: the host's table takes it (a hand's end shown here goes
        when the next hand was dealt there)."""
        frame, now = self.ctl.frame, self.ctl.interaction
        dealt = frame is not None and reply["frame"]["hand_number"] != frame["hand_number"]
        self.apply(reply, close=dealt and now.dialog in ENDS)

    # -- every guest sees the table as it is ---------------------------------------------------

    def seen(self) -> None:
        """The host's table was drawn: the guests whose position is older are sent theirs;
        a guest whose seat is no longer played on its device is let go."""
        frame = self.ctl.frame
        if frame is None or not self.seats:
            return
        remote = frame.get("remote") or []
        for seat in self.joined():
            if seat not in remote:
                self.send(seat, {"refused": {"code": "seat-given"}})
                self.line.drop(seat)
                self.seats[seat]["state"] = WAITING
                asyncio.create_task(self.offer(seat, WAITING))
        if self.pushing:
            self.again = True
        elif any(self.sent.get(s) != position(frame) for s in self.joined()):
            asyncio.create_task(self.push_all())

    def pushed(self, frames: "Any") -> None:
        """The guests' frames that came with the worker's reply: each guest whose position is
        older is sent its own at once."""
        for seat in self.joined():
            frame = frames.get(seat)
            if frame is not None and self.sent.get(seat) != position(frame):
                self.sent[seat] = position(frame)
                self.send(seat, {"push": {"frame": frame}})

    async def push_all(self) -> None:
        self.pushing = True
        try:
            self.again = True
            while self.again:
                self.again = False
                for seat in self.joined():
                    await self.push(seat)
        finally:
            self.pushing = False

    async def push(self, seat: str) -> None:
        frame = self.ctl.frame
        if frame is None or self.sent.get(seat) == position(frame):
            return
        reply = await self.ask(intents.guest(seat, intents.frame()))
        answer = reply.get("guest") if reply is not None else None
        if answer is not None and "frame" in answer:
            self.sent[seat] = position(answer["frame"])
            self.send(seat, {"push": answer})

    # -- words ------------------------------------------------------------------------------

    def notice(self, name: str, key: str, seat: "str | None" = None) -> None:
        cat = self.ctl.cat
        text = cat.t(key, seat=cat.seat(seat)) if seat is not None else cat.t(key)
        item = js.longanaToasts.show(name, text)
        asyncio.create_task(self.notices.later(item))


def position(frame: "Any") -> "tuple[int, int]":
    """What tells two positions apart: the actions so far and the hand."""
    return (frame["log"], frame["hand_number"])
