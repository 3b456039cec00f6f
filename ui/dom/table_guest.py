"""A guest's side of a table across several devices (issue 35; MicroPython, main thread).

A page opened with ``#join=<code>`` (the link a host's QR code carries) is a guest: it starts
no game worker (ui/boot.js) and plays through its line to the host instead.
:class:`GuestLink` is the page's second door to a game (ui/door.py; the first is the local
worker's :class:`~ui.dom.link.Link`): the same ``ask(intent) -> reply`` over the data channel
(the host's worker answers for this seat only, one question at a time), and the frames the host
sends unasked (another seat moved) handed to the page through its hooks' ``pushed``.
:class:`TableGuest` joins (its answer shown as a QR code and a code for the host to take), puts
the table on once the host's first frame came, says when the host has gone and takes a new
code (a scanned link changes the address's ``#join=``; the join field) to come back. Once
joined, the address keeps ``#join=`` without the code: a reload is a guest still, told in words
to scan its seat's new code (the old one was answered already).
"""

import asyncio
import json

import js

from ..door import Made
from ..table_panels import join_again_html, join_html, refusal
from .browser import listen, proxy_of, q

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from longana.intents import Intent
    from longana.replies import Reply

    from ..door import DoorHooks
    from ..i18n import Catalog
    from .host import Host

JOIN = "#join="
HOST_ONLY: "Reply" = {"refused": {"code": "guest-host-only", "params": {}}}


class Waiting:
    """A question sent to the host: set once its answer came (None: the line closed)."""

    __slots__ = ("event", "reply")

    def __init__(self) -> None:
        self.event = asyncio.Event()
        self.reply: Reply | None = None


class GuestLink:
    """The guest's door to the host's game (:class:`ui.door.Door`)."""

    def __init__(self, hooks: "DoorHooks") -> None:
        self.hooks = hooks  # the page's: a frame pushed, the host gone (a lasting notice)
        self.line: Any = None  # window.longanaTable (TableGuest gives it)
        self.seat: str | None = None
        self.open = False
        self.fresh = False  # joined, and the host's first frame has not come yet
        self.asked = 0
        self.turn = asyncio.Lock()  # one question at a time: the host answers in order
        self.queued = 0  # questions waiting for the one being answered
        self.waiting: dict[int, Waiting] = {}
        self.joined: Callable[[], None] = lambda: None  # the first frame of a join came
        self.rejoin: Callable[[], None] = lambda: None  # Try again, once the host has gone
        self.let_go: Callable[[str], None] = lambda code: None  # the host let this device go

    def idle(self) -> bool:
        return not self.turn.locked() and not self.queued

    async def ask(self, intent: "Intent | Made") -> "Reply | None":
        """The host's answer for this seat; None while the host is away (said by the lasting
        notice). A file is read at the host's device only."""
        if isinstance(intent, Made) or intent["do"] == "import":
            return HOST_ONLY
        self.queued += 1
        try:
            await self.turn.acquire()
        finally:
            self.queued -= 1
        try:
            return await self.sent(intent)
        finally:
            self.turn.release()

    async def sent(self, intent: "Intent") -> "Reply | None":
        if not self.open or self.seat is None:
            return None
        self.asked += 1
        asked, box = self.asked, Waiting()
        self.waiting[asked] = box
        if not self.line.send(self.seat, json.dumps({"id": asked, "intent": intent})):
            self.waiting.pop(asked, None)
            return None
        await box.event.wait()
        return box.reply

    def heard(self, text: str) -> None:
        """A message from the host: an answer, a frame pushed, or this device let go."""
        try:
            message = json.loads(text)
        except (ValueError, RuntimeError, MemoryError):
            return
        if not isinstance(message, dict):
            return
        if isinstance(message.get("reply"), dict):
            asked = message.get("id")
            box = self.waiting.pop(asked, None) if isinstance(asked, int) else None
            if box is None and asked is None and self.waiting:  # the host could not read it
                box = self.waiting.pop(min(self.waiting))
            if box is not None:
                box.reply = message["reply"]
                box.event.set()
        elif isinstance(message.get("push"), dict) and "frame" in message["push"]:
            self.hooks.pushed(message["push"], None)
            if self.fresh:
                self.fresh = False
                self.joined()
        elif isinstance(message.get("refused"), dict):
            self.let_go(str(message["refused"].get("code", "failed")))

    def opened(self) -> None:
        self.open = self.fresh = True

    def closed(self, said: bool = True) -> None:
        """The line closed: every question waiting is answered None, and (``said``) the page
        says the host has gone until this device joins again."""
        was = self.open
        self.open = self.fresh = False
        waiting, self.waiting = self.waiting, {}
        for box in waiting.values():
            box.event.set()
        if said and was:
            self.hooks.lasting("devices.notice.host_gone", "host-gone", self.rejoin)


class TableGuest:
    def __init__(
        self,
        host: "Host",
        link: GuestLink,
        began: "Callable[[], None]",
        stopped: "Callable[[], None]",
    ) -> None:
        self.ctl, self.dialogs, self.say = host.ctl, host.dialogs, host.notice
        self.link = link
        link.joined, link.rejoin, link.let_go = self.first_frame, self.rejoin, self.let_go
        self.began = began  # the host's frame is on the table: play may start
        self.stopped = stopped  # nothing can be played (the host has gone)
        self.joins = 0  # the times this page joined

    async def start(self, text: str) -> None:
        """The page as a guest: the table's line, then joining with the code in ``text``."""
        line = await js.longanaBoot.table()
        if line is None or not line.supported():
            self.again(self.ctl.cat.t("devices.unsupported"))
            return
        line.listen(proxy_of(self.heard))
        self.link.line = line
        listen(js.window, "hashchange", lambda event: self.address_changed())
        await self.join(text)

    def address_changed(self) -> None:
        """A new ``#join=`` (the host's code scanned again): join with it."""
        text = str(js.location.hash)
        if text.startswith(JOIN) and len(text) > len(JOIN):
            asyncio.create_task(self.join(text))

    async def join(self, text: str) -> None:
        """Join with a table's code (``#join=`` and the code); none: this page was at a table
        and its code was answered already (said: scan the seat's new code)."""
        cat = self.ctl.cat
        if not text.startswith(JOIN) or len(text) == len(JOIN):
            self.again(cat.t("devices.join_again"))
            return
        self.link.closed(said=False)
        answer = json.loads(str(await self.link.line.join(text, cat.t("devices.answer_code"))))
        if "refused" in answer:
            why = refusal(cat, str(answer["refused"]))
            self.say("devices.notice.join_refused", "join-refused", why=why)
            self.again(why)
            return
        self.link.seat = str(answer["seat"])
        html = join_html(cat, self.link.seat, str(answer["code"]), str(answer["svg"]))
        self.dialogs.open("join", html, cancellable=False)
        js.performance.mark("longana:join-shown")

    def rejoin(self) -> None:
        """Try again of the notice that the host has gone: the field for the seat's new code."""
        self.again(self.ctl.cat.t("devices.join_again"))

    def again(self, why: str) -> None:
        """The join dialog with ``why`` and the field for another code."""
        self.dialogs.open("join", join_again_html(self.ctl.cat, why), cancellable=False)

    # -- the line ---------------------------------------------------------------------------

    def heard(self, event: str, seat: str, text: str) -> None:
        event = str(event)
        if event == "message":
            self.link.heard(str(text))
        elif event == "open":
            self.link.opened()
            # the code is answered: a reload must not offer it again (the address keeps
            # #join= alone: the page is a guest still, and says to scan the new code)
            js.history.replaceState(js.history.state, "", address() + JOIN)
        elif event == "closed":
            self.link.closed()
            self.stopped()
        elif event == "apart":
            words = self.ctl.cat.t("devices.notice.network_apart")
            self.say("devices.notice.network_apart", "network-apart")
            status = q("[data-join-status]")
            if status is not None:
                status.textContent = words

    def first_frame(self) -> None:
        """The host's first frame for this seat is on the table: play may start."""
        self.joins += 1
        if self.joins == 1:
            js.performance.mark("longana:joined")
        self.began()

    def let_go(self, code: str) -> None:
        """The host let this device go (its seat given to the computer, or taken): said, with
        the field for another code."""
        why = refusal(self.ctl.cat, code)
        self.link.closed(said=False)
        self.link.line.drop(self.link.seat)
        self.stopped()
        self.say("devices.notice.join_refused", "join-refused", why=why)
        self.again(why)


def address() -> str:
    """This page's address without its fragment."""
    return str(js.location.pathname) + str(js.location.search)


async def join_pressed(guest: "TableGuest | None", cat: "Catalog") -> None:
    """``table-join``: the code (or link) in the join field. A guest joins with it at once;
    any other page becomes a guest (the address's ``#join=``, then a new start without the
    game worker)."""
    field = q("[data-join-input]")
    text = str(field.value).strip() if field is not None else ""
    code = text[text.find(JOIN) + len(JOIN) :] if JOIN in text else text
    if not code:
        error = q("[data-join-error]")
        if error is not None:
            error.textContent = cat.t("devices.refused.empty")
            error.hidden = False
        return
    if guest is not None:
        await guest.join(JOIN + code)
        return
    js.location.hash = JOIN + code
    js.location.reload()
