"""A guest's side of a table across several devices (issue 35; MicroPython, main thread).

A page opened with ``#join=<code>`` (the link a host's QR code carries) is a guest: it starts
no game worker (ui/boot.js) and plays through its line to the host instead.
:class:`GuestLink` is the page's door to a game as :class:`~ui.dom.link.Link` is, the same
``ask(intent) -> reply`` over the data channel (the host's worker answers for this seat
only), plus the frames the host sends unasked (``push``: another seat moved). :class:`TableGuest`
joins (its answer shown as a QR code and a code for the host to take), draws the first frame
once the line is open, says when the host has gone and takes a new code (a scanned link
changes the address's ``#join=``; the join field) to come back.
"""

import asyncio
import json

import js

from .. import intents
from ..table_panels import join_again_html, join_html, refusal
from .browser import listen, proxy_of, q
from .link import MADE

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from .page import Page

JOIN = "#join="
ENDS = ("hand-end", "match-end", "join")  # dialogs a new hand (or the first frame) closes
GONE = {"refused": {"code": "host-gone", "params": {}}}  # the answer while the host is away
GUEST: "TableGuest | None" = None  # this page's, when it is a guest


class GuestLink:
    """The guest's door to the host's game: ``ask(intent) -> reply`` as :class:`Link`'s."""

    def __init__(self, pushed: "Callable[[Any], None]", refused: "Callable[[str], None]") -> None:
        self.pushed = pushed  # a frame the host sent unasked
        self.refused = refused  # the host refused this device (seat taken, given away)
        self.line: Any = None  # window.longanaTable
        self.seat: str | None = None
        self.open = False
        self.asked = 0
        self.waiting: dict[int, list[Any]] = {}  # id -> [its event, the reply]

    def idle(self) -> bool:
        return not self.waiting

    async def ask(self, intent: "Any") -> "Any":
        if MADE in intent or intent.get("do") == "import":  # a file is read at the host's
            return {"refused": {"code": "guest-host-only", "params": {}}}
        if not self.open or self.seat is None:
            return GONE
        self.asked += 1
        box: list[Any] = [asyncio.Event(), GONE]
        self.waiting[self.asked] = box
        if not self.line.send(self.seat, json.dumps({"id": self.asked, "intent": intent})):
            self.waiting.pop(self.asked, None)
            return GONE
        await box[0].wait()
        return box[1]

    def heard(self, text: str) -> None:
        """A message from the host: an answer, a push, or a refusal."""
        try:
            message = json.loads(text)
        except (ValueError, RuntimeError, MemoryError):
            return
        if not isinstance(message, dict):
            return
        if "reply" in message:
            asked = message.get("id")
            box = self.waiting.pop(asked, None) if isinstance(asked, int) else None
            if box is None and asked is None and self.waiting:  # the host could not read it
                box = self.waiting.pop(min(self.waiting))
            if box is not None:
                box[1] = message["reply"] if isinstance(message["reply"], dict) else {}
                box[0].set()
        elif isinstance(message.get("push"), dict):
            self.pushed(message["push"])
        elif isinstance(message.get("refused"), dict):
            self.refused(str(message["refused"].get("code", "failed")))

    def closed(self) -> None:
        """The line closed: every question waiting gets the host's absence for an answer."""
        self.open = False
        waiting, self.waiting = self.waiting, {}
        for box in waiting.values():
            box[0].set()


class TableGuest:
    def __init__(self, page: "Page") -> None:
        self.page = page
        self.link = GuestLink(self.pushed, self.refused)
        self.joined = False  # the table is on screen
        self.code = ""  # the code this page joined with

    async def start(self, text: str) -> None:
        """The page as a guest: the table's line, then joining with the code ``text``."""
        page = self.page
        page.screen.mount()
        page.input.bind()
        # issue 35: the guest's door to the game is its line to the host (the same ask as
        # Link's: a second implementation of the page's door, issue 34)
        page.link = self.link  # type: ignore[assignment]
        js.document.body.dataset.table = "guest"
        js.longanaBoot.ready()  # the loading screen goes: the join dialog is what is shown
        line = await js.longanaBoot.table()
        if line is None or not line.supported():
            self.dialog_again(page.ctl.cat.t("devices.unsupported"))
            return
        line.listen(proxy_of(self.heard))
        self.link.line = line
        listen(js.window, "hashchange", lambda event: self.address_changed())
        await self.join(text)

    def address_changed(self) -> None:
        """A new ``#join=`` (the host's code scanned again): join with it."""
        text = str(js.location.hash)
        if text.startswith(JOIN) and text != self.code:
            asyncio.create_task(self.join(text))

    async def join(self, text: str) -> None:
        page, cat = self.page, self.page.ctl.cat
        self.code = text
        self.link.closed()
        answer = json.loads(str(await self.link.line.join(text, cat.t("devices.answer_code"))))
        if "refused" in answer:
            why = refusal(cat, str(answer["refused"]))
            self.notice("join-refused", cat.t("devices.notice.join_refused", why=why))
            self.dialog_again(why)
            return
        self.link.seat = str(answer["seat"])
        html = join_html(cat, self.link.seat, str(answer["code"]), str(answer["svg"]))
        page.dialogs.open("join", html, cancellable=False)
        js.performance.mark("longana:join-shown")

    def dialog_again(self, why: str) -> None:
        self.page.dialogs.open("join", join_again_html(self.page.ctl.cat, why), cancellable=False)

    # -- the line ---------------------------------------------------------------------------

    def heard(self, event: str, seat: str, text: str) -> None:
        event = str(event)
        if event == "message":
            self.link.heard(str(text))
        elif event == "open":
            self.link.open = True
            asyncio.create_task(self.first_frame())
        elif event == "closed":
            self.link.closed()
            self.page.screen.close_play()
            self.notice("host-gone", self.page.ctl.cat.t("devices.notice.host_gone"), True)
        elif event == "apart":
            cat = self.page.ctl.cat
            self.notice("network-apart", cat.t("devices.notice.network_apart"))
            status = q("[data-join-status]")
            if status is not None:
                status.textContent = cat.t("devices.notice.network_apart")

    async def first_frame(self) -> None:
        """The line is open: the host's frame for this seat, drawn; play may start."""
        page = self.page
        reply = await page.ask(intents.frame())
        if reply is None or "frame" not in reply:
            return
        js.longanaToasts.drop("host-gone")
        page.live = True
        page.apply(reply, close=page.ctl.interaction.dialog is not None)
        page.screen.open_play()
        if not self.joined:
            self.joined = True
            js.performance.mark("longana:joined")
            js.longanaBoot.offline()  # the rest may be fetched now, for play on its own

    def pushed(self, reply: "Any") -> None:
        """A frame the host sent unasked (another seat moved, a hand was dealt)."""
        if "frame" not in reply or not self.page.live:
            return
        frame, now = self.page.ctl.frame, self.page.ctl.interaction
        dealt = frame is not None and reply["frame"]["hand_number"] != frame["hand_number"]
        self.page.apply(reply, close=dealt and now.dialog in ENDS)

    def refused(self, code: str) -> None:
        """The host let this device go (its seat was taken, or given to the computer)."""
        cat = self.page.ctl.cat
        why = refusal(cat, code)
        self.link.closed()
        self.link.line.drop(self.link.seat)
        self.page.screen.close_play()
        self.notice("join-refused", cat.t("devices.notice.join_refused", why=why), True)

    def notice(self, name: str, text: str, lasting: bool = False) -> None:
        item = js.longanaToasts.show(name, text)
        if lasting:
            item.dataset.lasting = "true"
        asyncio.create_task(self.page.notices.later(item))


async def join_pressed(page: "Page") -> None:
    """``table-join``: the code (or link) in the join field. A guest joins with it at once;
    any other page becomes a guest (the address's ``#join=``, then a new start without the
    game worker)."""
    field = q("[data-join-input]")
    text = str(field.value).strip() if field is not None else ""
    code = text[text.find(JOIN) + len(JOIN) :] if JOIN in text else text
    if not code:
        error = q("[data-join-error]")
        if error is not None:
            error.textContent = page.ctl.cat.t("devices.refused.empty")
            error.hidden = False
        return
    if GUEST is not None:
        await GUEST.join(JOIN + code)
        return
    js.location.hash = JOIN + code
    js.location.reload()


async def start_guest(page: "Page", text: str) -> None:
    """The page starts as a guest with the code in ``text`` (ui/dom/start.py)."""
    global GUEST
    GUEST = TableGuest(page)
    await GUEST.start(text)
