"""A guest's page of a table across devices (issue 35) in the stand-in browser: its door to the
game is its line to the host (``ui.dom.table_guest.GuestLink``, the page's second door), here a
line to a host whose worker is a ``longana.protocol.Game`` in this process. The join dialog,
the first frame pushed (the table drawn, play open), a move asked of the host, a frame pushed
unasked, the host gone (said until a new code; nothing answered meanwhile), a page reloaded
with its code answered already, and the host letting the device go."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from longana.protocol import Game
from ui import intents
from ui.settings import Settings
from ui.storage import Store

from .clock import run, until
from .conftest import Storage

SEAT = "E"


class Line:
    """``window.longanaTable`` on the guest's page: it joins with any code, and its channel
    reaches a host whose page sends each intent on to its worker (``host``) for this seat
    and sends back the guest's part, as ui/dom/table_host.py does."""

    def __init__(self, host: Game) -> None:
        self.host = host
        self.tell: Any = None
        self.up = False
        self.joined: list[str] = []
        self.sent: list[dict[str, Any]] = []

    def supported(self) -> bool:
        return True

    def listen(self, fn: Any) -> None:
        self.tell = fn

    async def join(self, text: str, title: str) -> str:
        self.joined.append(text)
        return json.dumps({"seat": SEAT, "code": "ANSWER-OF-E", "svg": "<svg></svg>"})

    def send(self, seat: str, text: str) -> bool:
        if not self.up:
            return False
        message = json.loads(text)
        self.sent.append(message)
        asked = {"do": "guest", "seat": seat, "intent": message["intent"]}
        reply = json.loads(self.host.handle(json.dumps(asked)))
        answer = json.dumps({"id": message["id"], "reply": reply["guest"]})
        asyncio.get_event_loop().call_soon(self.tell, "message", seat, answer)
        return True

    def drop(self, seat: str) -> None:
        self.up = False

    def push(self) -> None:
        """The host sends this seat its frame (as after any change of the game)."""
        asked = {"do": "guest", "seat": SEAT, "intent": {"do": "frame"}}
        frame = json.loads(self.host.handle(json.dumps(asked)))["guest"]["frame"]
        self.tell("message", SEAT, json.dumps({"push": {"frame": frame}}))

    def open(self) -> None:
        self.up = True
        self.tell("open", SEAT, "")
        self.push()

    def close(self) -> None:
        self.up = False
        self.tell("closed", SEAT, "")


def hosting() -> Game:
    """The host's worker: four people, each on a device of their own."""
    host = Game()
    host.handle(json.dumps(intents.start(None, ["person"] * 4, "normal", "21")))
    host.handle(json.dumps(intents.table(["S", "E", "N", "W"])))
    return host


async def as_guest(js: Any, cat: Any, host: Game, address: str) -> tuple[Line, Any]:
    """The page started as a guest with ``address``'s fragment; its line and its page."""
    from ui.dom import start

    line = Line(host)
    js.location.hash = address
    made: list[Any] = []

    async def table() -> Line:
        return line

    js.longanaBoot.table = table
    js.history.replaceState = lambda state, title, url: made.append(url)
    js.longanaBoot.made = made
    pages: list[Any] = []
    page_class = start.Page

    def page(*args: Any) -> Any:
        pages.append(page_class(*args))
        return pages[-1]

    start.Page = page  # type: ignore[misc,assignment]
    try:
        await start.guest_start(cat, Store(Storage(), "/"), Settings(), [])
    finally:
        start.Page = page_class  # type: ignore[misc]
    return line, pages[0]


def play_until_mine(host: Game, line: Line) -> None:
    """The other seats (each on a device of its own) play until it is this seat's turn; the
    guest is pushed each new frame."""
    while True:
        asked = {"do": "guest", "seat": SEAT, "intent": {"do": "frame"}}
        frame = json.loads(host.handle(json.dumps(asked)))["guest"]["frame"]
        if frame["to_move"] == SEAT:
            return
        mover = frame["to_move"]
        theirs = {"do": "guest", "seat": mover, "intent": {"do": "frame"}}
        shown = json.loads(host.handle(json.dumps(theirs)))["guest"]["frame"]
        move = {"do": "play", "move": shown["turn"]["moves"][0], "at": shown["log"]}
        host.handle(json.dumps({"do": "guest", "seat": mover, "intent": move}))
        line.push()


def test_a_guest_plays_through_its_line_to_the_host(js: Any, cat: Any) -> None:
    host = hosting()

    async def scene() -> None:
        line, page = await as_guest(js, cat, host, "#join=CODE-OF-E")
        assert line.joined == ["#join=CODE-OF-E"]
        assert js.document.querySelector("[data-join-code]").textContent == "ANSWER-OF-E"
        assert js.document.body.dataset.table == "guest" and not page.live
        line.open()
        await until(lambda: page.live and page.ctl.interaction.dialog is None)
        assert js.longanaBoot.made == ["/#join="], "the code answered leaves the address"
        assert page.ctl.frame["guest"] and page.ctl.frame["viewer"] == SEAT
        shown = {t.dataset.tile for t in js.document.querySelectorAll("#app [data-tile]")}
        assert shown == set(page.ctl.frame["hands"][SEAT]["tiles"])
        play_until_mine(host, line)
        await until(lambda: page.ctl.frame["to_move"] == SEAT)
        before = len(host.current_session.log)
        frame = page.ctl.frame
        await page.act(intents.play(frame["turn"]["moves"][0], frame["log"]))
        assert len(host.current_session.log) == before + 1, "the host's game took the move"
        assert page.ctl.frame["log"] == before + 1
        assert all("save" not in m for m in line.sent)

        line.close()  # the host has gone: said until a new code; nothing is answered
        notice = js.document.querySelector('#toasts [data-notice="host-gone"]')
        assert notice.textContent.startswith(cat.t("devices.notice.host_gone"))
        assert js.document.body.dataset.ready == "false"
        assert await page.ask(intents.hint(page.ctl.frame["log"])) is None
        notice.querySelector('[data-action="retry"]').click()
        await until(lambda: page.ctl.interaction.dialog == "join")
        said = js.document.querySelector('[data-dialog="join"] [role="alert"]').textContent
        assert said == cat.t("devices.join_again")

        line.open()  # the seat's new code scanned: the hand as it was, the notice gone
        await until(lambda: page.ctl.interaction.dialog is None)
        assert js.document.querySelector('#toasts [data-notice="host-gone"]') is None
        assert page.ctl.frame["log"] == before + 1
        assert js.document.body.dataset.ready == "true"

    run(scene)


def test_a_guest_reloaded_after_joining_is_told_to_scan_its_seats_new_code(
    js: Any, cat: Any
) -> None:
    async def scene() -> None:
        line, page = await as_guest(js, cat, hosting(), "#join=")
        assert line.joined == [], "no code to answer: the one it had was answered already"
        said = js.document.querySelector('[data-dialog="join"] [role="alert"]').textContent
        assert said == cat.t("devices.join_again")
        assert js.document.querySelector("[data-join-input]") is not None and not page.live

    run(scene)


def test_a_guest_the_host_lets_go_is_told_why(js: Any, cat: Any) -> None:
    async def scene() -> None:
        line, page = await as_guest(js, cat, hosting(), "#join=CODE-OF-E")
        line.open()
        await until(lambda: page.live and page.ctl.interaction.dialog is None)
        line.tell("message", SEAT, json.dumps({"refused": {"code": "seat-given"}}))
        await until(lambda: page.ctl.interaction.dialog == "join")
        said = js.document.querySelector('[data-dialog="join"] [role="alert"]').textContent
        assert said == cat.t("devices.refused.seat-given")
        assert js.document.body.dataset.ready == "false" and not line.up

    run(scene)


def test_a_guest_reads_no_file_and_asks_nothing_while_no_host_answers(js: Any, cat: Any) -> None:
    async def scene() -> None:
        line, page = await as_guest(js, cat, hosting(), "#join=CODE-OF-E")
        refused = await page.ask(intents.import_records())
        assert refused == {"refused": {"code": "guest-host-only", "params": {}}}
        assert await page.ask(intents.frame()) is None, "not joined yet: no answer"
        assert line.sent == []

    run(scene)


def test_a_lesson_asked_on_a_guest_is_refused_by_the_hosts_worker_in_words(
    js: Any, cat: Any
) -> None:
    """A guest's lessons button is hidden; should a lesson be asked all the same, the host's
    worker refuses it (a lesson would be played in the host's worker) and the page says so."""
    host = hosting()

    async def scene() -> None:
        line, page = await as_guest(js, cat, host, "#join=CODE-OF-E")
        line.open()
        await until(lambda: page.live and page.ctl.interaction.dialog is None)
        frame = page.ctl.frame
        await page.rooms.lessons().start("own-branch")
        assert line.sent[-1]["intent"]["do"] == "lesson-start"
        said = js.document.querySelector('#toasts [data-notice="lesson-refused"]')
        assert said.textContent == cat.t("why.guest-host-only")
        assert page.ctl.interaction.lesson is None and page.ctl.frame == frame
        assert host.lesson is None, "no lesson was begun in the host's worker"

    run(scene)
