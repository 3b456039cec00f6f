"""The host's side of a table across several devices (issue 35; MicroPython, main thread).

Settings' ``table-host`` opens the pairing dialog (``data-dialog="table"``): for each seat that
may be paired, an offer from the table's line (``ui/peer/table.mjs``, ``window.longanaTable``)
shown as a QR code, a link and a code; the guest's answer is pasted (``pair-accept``) or read
by the camera (``pair-scan``). Once a guest's channel opens, its seat is played on its device
(the worker's ``table`` intent) and the guest is sent its frame. A class match is never hosted
(Settings say why instead of offering it).

A guest's message (``{"id", "intent"}``) goes to the worker as a ``guest`` intent for the seat
of the line it came on, never for what it says, one at a time a seat; the answer goes back
(``{"id", "reply"}``), and when the guest changed the game the host's own table takes the
host's part. Every reply of the worker that changes the game carries each guest's frame
(``guests``), sent on (``{"push": reply}``) before the host draws its own table. A guest that
drops: its seat waits (said: ``peer-left``, its plate says its device is away) and a new code
for it is shown; it may be given to the computer (``pair-computer``). A malformed or forged
message is refused (said: ``peer-refused``) and the table goes on, whatever a guest sends.
"""

import asyncio
import json

import js

from .. import intents
from ..steps import dealt_past
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
    from typing import Any

    from js import Element

    from longana.device.frame import Frame, Seat
    from longana.replies import Reply

    from .host import Host

FORGED = ("not-your-turn", "guest-host-only", "guest-unknown", "guest-seat")
TOO_LARGE = "too-large"  # the line's own refusal of a message over its size (ui/peer/table.mjs)


class TableHost:
    def __init__(self, host: "Host") -> None:
        self.ctl, self.dialogs = host.ctl, host.dialogs
        self.ask, self.apply, self.say = host.ask, host.apply, host.notice
        self.redraw = host.redraw  # the seats' plates say which devices are away
        self.line: Any = None  # window.longanaTable, once loaded
        self.seats: dict[str, dict[str, Any]] = {}  # what each seat's section shows
        self.sent: dict[str, Any] = {}  # the position each guest was last sent
        self.gone: set[str] = set()  # seats whose guest has left (and may come back)
        self.busy: set[str] = set()  # seats whose guest's intent is being answered

    # -- the line ---------------------------------------------------------------------------

    async def ready(self) -> bool:
        """The table's line, loaded once; False (and said) where this browser cannot connect
        devices directly."""
        if self.line is None:
            line = await js.longanaBoot.table()
            if line is None or not line.supported():
                self.say("devices.unsupported", "table-unsupported")
                return False
            line.listen(proxy_of(self.heard))
            self.line = line
        return True

    def send(self, seat: str, message: "Any") -> None:
        if self.line is not None:
            self.line.send(seat, json.dumps(message))

    def joined(self) -> "list[str]":
        return [s for s, shown in self.seats.items() if shown["state"] == JOINED]

    # -- the dialog -------------------------------------------------------------------------

    async def open(self) -> None:
        """``table-host``: this device hosts the table; its pairing dialog, a code per seat
        (none in a class match: its results must stay comparable, said in words)."""
        frame = self.ctl.frame
        if frame is None or frame["class"] is not None:
            if frame is not None:
                self.say("devices.class_locked", "table-class")
            return
        if not await self.ready():
            return
        js.document.body.dataset.table = "host"
        remote = frame.get("remote") or []
        for seat in pairable(frame):
            shown = self.seats.get(seat)
            if shown is None or (shown["state"] != JOINED and not shown.get("code")):
                await self.offer(seat, LEFT if seat in remote else WAITING)
        self.count()
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

    async def accept(self, el: "Element") -> None:
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
        if shown["state"] != JOINED:  # (the channel may have opened meanwhile)
            shown["state"], shown["error"] = CONNECTING, ""
            self.draw(seat)

    async def scan(self, el: "Element") -> None:
        """``pair-scan``: the camera reads the guest's answer (its QR code); it stops when
        the dialog closes (its video leaves the page)."""
        seat = str(el.dataset.seat)
        video = q('[data-pair-video="' + seat + '"]')
        if video is None or self.line is None:
            return
        video.hidden = False
        el.setAttribute("disabled", "")
        text = str(await self.line.scan(video))
        video.hidden = True
        el.removeAttribute("disabled")
        if text == "camera:":
            self.seats[seat]["error"] = self.ctl.cat.t("devices.camera_failed")
            self.draw(seat)
        elif text:
            await self.take_answer(seat, text)

    async def to_computer(self, el: "Element") -> None:
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
        self.gone.discard(seat)
        await self.offer(seat, WAITING)
        self.count()

    def count(self) -> None:
        """``data-peers``: the devices connected; the seats' plates: which are away."""
        joined = self.joined()
        js.document.body.dataset.peers = str(len(joined))
        frame = self.ctl.frame
        remote: list[Seat] = (frame.get("remote") or []) if frame is not None else []
        away = [s for s in remote if s not in joined]
        if away != self.ctl.interaction.away:
            self.ctl.interaction.away = away
            self.redraw()

    # -- what the line says -----------------------------------------------------------------

    def heard(self, event: str, seat: str, text: str) -> None:
        asyncio.create_task(self.on_event(str(event), str(seat), str(text)))

    async def on_event(self, event: str, seat: str, text: str) -> None:
        if event == "message":
            await self.handle(seat, text)
        elif event == TOO_LARGE:
            self.refused(seat, None, TOO_LARGE)
        elif event == "open":
            await self.opened(seat)
        elif event == "closed":
            await self.left(seat)
        elif event == "apart":
            self.say("devices.notice.network_apart", "network-apart")
            was = self.seats.get(seat, {}).get("state")
            await self.offer(seat, LEFT if was == LEFT else WAITING)
            self.seats[seat]["error"] = self.ctl.cat.t("devices.notice.network_apart")
            self.draw(seat)

    async def opened(self, seat: str) -> None:
        """A guest joined at ``seat``: its seat is played on its device from now on, and the
        guest is sent its frame (with the worker's reply that made the seat remote, or asked
        for it when the seat was remote already: a guest back)."""
        back = seat in self.gone
        self.gone.discard(seat)
        self.seats[seat] = {"seat": seat, "state": JOINED, "error": ""}
        self.sent.pop(seat, None)
        self.count()
        frame = self.ctl.frame
        remote = list(frame.get("remote") or []) if frame is not None else []
        if seat not in remote:
            reply = await self.ask(intents.table(remote + [seat]))
            if reply is not None and "frame" in reply:
                self.apply(reply)  # (its guests' frames are sent on first: this one's too)
        if seat not in self.sent:
            reply = await self.ask(intents.guest(seat, intents.frame()))
            answer = None if reply is None else reply.get("guest")
            if answer is not None and "frame" in answer:
                self.sent[seat] = position(answer["frame"])
                self.send(seat, {"push": answer})
        if back:
            self.say("devices.notice.peer_back", "peer-back", seat=self.ctl.cat.seat(seat))
        self.draw(seat)
        self.count()

    async def left(self, seat: str) -> None:
        """A guest's line closed: its seat waits (said), and a new code for it is shown."""
        if self.seats.get(seat, {}).get("state") != JOINED:
            return
        self.sent.pop(seat, None)
        self.gone.add(seat)
        self.say("devices.notice.peer_left", "peer-left", seat=self.ctl.cat.seat(seat))
        await self.offer(seat, LEFT)
        self.count()

    async def handle(self, seat: str, text: str) -> None:
        """A guest's message: its intent answered for its seat only, one at a time (a second
        while the first is answered is refused: a guest's page never sends one)."""
        message = read(text)
        asked = message.get("id") if isinstance(message, dict) else None
        if (
            not isinstance(message, dict)
            or not isinstance(asked, int)
            or not isinstance(message.get("intent"), dict)
        ):
            self.refused(seat, asked if isinstance(asked, int) else None, "bad-message")
            return
        if seat in self.busy or seat not in self.joined():
            self.refused(seat, asked, "busy")
            return
        self.busy.add(seat)
        try:
            reply = await self.ask(intents.guest(seat, message["intent"]))
        finally:
            self.busy.discard(seat)
        if reply is None:
            return  # no worker could answer: the page says so
        answer = reply.get("guest", reply)
        self.told(seat, answer)
        self.send(seat, {"id": asked, "reply": answer})
        shown = answer.get("frame")
        if shown is not None:
            self.sent[seat] = position(shown)
        changed = reply.get("host")
        if changed is not None:  # the others first (even while a lesson holds the host's
            self.frame_seen(changed)  # table), then the host's (a hand's end it dealt past goes)
            self.apply(changed, close=dealt_past(self.ctl.frame, changed, self.ctl.interaction))

    def told(self, seat: str, answer: "Reply") -> None:
        """A guest's intent the host does not act on (malformed, forged): said here."""
        error = answer.get("error")
        refused = answer.get("refused")
        code = refused.get("code") if isinstance(refused, dict) else None
        if error is not None or code in FORGED:
            self.say("devices.notice.peer_refused", "peer-refused", seat=self.ctl.cat.seat(seat))

    def refused(self, seat: str, at: "int | None", code: str) -> None:
        self.say("devices.notice.peer_refused", "peer-refused", seat=self.ctl.cat.seat(seat))
        self.send(seat, {"id": at, "reply": {"error": {"code": code, "detail": code}}})

    # -- every guest sees the table as it is ---------------------------------------------------

    def frame_seen(self, reply: "Reply") -> None:
        """A reply with a frame (the page's first handler of it, before the host's table is
        drawn): each joined guest whose position is older is sent its own frame from the
        reply's ``guests``; a guest whose seat is no longer played on its device is let go."""
        frame = reply.get("frame")
        if frame is None or "lesson" in reply or not self.seats:
            return
        remote = frame.get("remote") or []
        joined = [s for s in self.joined() if s in remote]
        for seat in self.joined():
            if seat not in remote:
                self.let_go(seat)
        for seat, shown in (reply.get("guests") or {}).items():
            if seat in joined and self.sent.get(seat) != position(shown):
                self.sent[seat] = position(shown)
                self.send(seat, {"push": {"frame": shown}})
        if any(s not in remote for s in self.gone):
            self.gone = set(s for s in self.gone if s in remote)
            self.count()

    def let_go(self, seat: str) -> None:
        """``seat`` is no longer played on its device (given to the computer in Settings, a new
        match of other seats, a class match): its guest is told and its line closed."""
        self.send(seat, {"refused": {"code": "seat-given"}})
        self.line.drop(seat)
        self.sent.pop(seat, None)
        self.seats[seat]["state"] = WAITING
        asyncio.create_task(self.offer(seat, WAITING))
        self.count()


def read(text: str) -> "Any":
    """A guest's message as JSON (None when it is none, or nested too deep for the page's
    reader)."""
    try:
        return json.loads(text)
    except (ValueError, RuntimeError, MemoryError):
        return None


def position(frame: "Frame") -> "tuple[int, int]":
    """What tells two positions apart: the actions so far and the hand."""
    return (frame["log"], frame["hand_number"])
