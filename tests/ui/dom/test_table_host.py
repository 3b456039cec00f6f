"""The host's room of a table across devices (issue 35: ui/dom/table_host.py) in the stand-in
browser, over a real worker (``longana.protocol.Game``) and a stand-in line: the pairing dialog,
a guest joined (its seat played on its device, its frame sent before the host's table is drawn,
then every change of the table), a guest's move answered for its seat only, a second question
while the first is answered refused, a guest gone (said, its plate says so, a new code), its
seat given to the computer, and a guest let go when Settings give its seat away."""

from __future__ import annotations

import json
from typing import Any

from ui import intents

from .clock import run, until

SOLO = ["person", "computer", "computer", "computer"]


class Line:
    """``window.longanaTable`` on the host's page: codes made up, what is sent kept by seat."""

    def __init__(self) -> None:
        self.tell: Any = None
        self.sent: dict[str, list[dict[str, Any]]] = {}
        self.dropped: list[str] = []
        self.offers = 0

    def supported(self) -> bool:
        return True

    def listen(self, fn: Any) -> None:
        self.tell = fn

    async def offer(self, seat: str, title: str) -> str:
        self.offers += 1
        code = f"CODE-{seat}-{self.offers}"
        return json.dumps({"code": code, "link": "/#join=" + code, "svg": "<svg></svg>"})

    async def accept(self, seat: str, text: str) -> str:
        return json.dumps({})

    def send(self, seat: str, text: str) -> bool:
        self.sent.setdefault(seat, []).append(json.loads(text))
        return True

    def drop(self, seat: str) -> None:
        self.dropped.append(seat)

    def pushed(self, seat: str) -> list[dict[str, Any]]:
        return [m["push"]["frame"] for m in self.sent.get(seat, []) if "push" in m]


async def hosting(js: Any, page: Any) -> tuple[Line, Any]:
    """The page live on a match of one person and three computers, its pairing dialog open."""
    line = Line()

    async def table() -> Line:
        return line

    js.longanaBoot.table = table
    reply = await page.ask(intents.start(None, SOLO, "normal", "35"))
    page.started.set()
    page.apply(reply)
    room = page.rooms.table()
    await room.open()
    return line, room


def test_a_guest_joins_plays_its_seat_only_leaves_and_its_seat_goes_to_the_computer(
    js: Any, dom_page: Any
) -> None:
    page = dom_page
    page.settings.speed = "fast"
    worker = js.longanaBoot.worker.table

    async def scene() -> None:
        line, room = await hosting(js, page)
        sections = js.document.querySelectorAll('[data-dialog="table"] [data-pair-seat]')
        assert [s.dataset.pairSeat for s in sections] == ["E", "N", "W"]
        assert js.document.body.dataset.table == "host"

        line.tell("open", "E", "")  # East's guest joined: its seat is played on its device
        joined = '[data-pair-seat="E"][data-pair-state="joined"]'
        await until(lambda: js.document.querySelector(joined) is not None)
        assert len(line.pushed("E")) == 1, "its frame came with the reply that seated it"
        assert worker.session.remote == frozenset({1})
        assert page.ctl.frame["remote"] == ["E"] and js.document.body.dataset.peers == "1"
        first = line.pushed("E")[0]
        assert first["guest"] and first["viewer"] == "E" and first["deal"] == ""
        page.dialogs.close()
        await until(lambda: page.ctl.frame["to_move"] == "E" or page.ctl.frame["to_move"] == "S")
        if page.ctl.frame["to_move"] == "S":  # the host's person opens: East is next
            frame = page.ctl.frame
            await page.act(intents.play(frame["turn"]["moves"][0], frame["log"]))
            await until(lambda: page.ctl.frame["to_move"] == "E")
        assert line.pushed("E")[-1]["log"] == page.ctl.frame["log"], "every change sent on"

        mine = line.pushed("E")[-1]
        play = {"do": "play", "move": mine["turn"]["moves"][0], "at": mine["log"]}
        line.tell("message", "E", json.dumps({"id": 7, "intent": play}))
        line.tell("message", "E", json.dumps({"id": 8, "intent": {"do": "frame"}}))
        await until(lambda: len([m for m in line.sent["E"] if "id" in m]) == 2)
        answers = {m["id"]: m["reply"] for m in line.sent["E"] if "id" in m}
        assert answers[8]["error"]["code"] == "busy", "one question at a time"
        assert answers[7]["frame"]["log"] == mine["log"] + 1 and "save" not in answers[7]
        assert page.ctl.frame["log"] >= mine["log"] + 1, "the host's table took the move"

        line.tell("closed", "E", "")  # East's device goes: said, its plate says so
        await until(lambda: page.ctl.interaction.away == ["E"])
        assert js.document.querySelector('#toasts [data-notice="peer-left"]') is not None
        kind = js.document.querySelector('[data-seat="E"] .plate .kind').textContent
        assert kind == page.ctl.cat.t("kind.away")
        await room.open()
        section = js.document.querySelector('[data-pair-seat="E"]')
        assert section.dataset.pairState == "left"
        js.document.querySelector('[data-action="pair-computer"][data-seat="E"]').click()
        await until(lambda: worker.session.remote == frozenset())
        assert worker.session.seats[1] == "computer" and "E" in line.dropped
        assert js.document.body.dataset.peers == "0"

    run(scene)


def test_a_guest_whose_seat_settings_give_away_is_let_go(js: Any, dom_page: Any) -> None:
    page = dom_page

    async def scene() -> None:
        line, _ = await hosting(js, page)
        line.tell("open", "N", "")
        await until(lambda: bool(line.pushed("N")))
        page.dialogs.close()
        await page.act(intents.seats(SOLO, "normal"))  # North is the computer's again
        assert line.sent["N"][-1] == {"refused": {"code": "seat-given"}}
        assert "N" in line.dropped and js.document.body.dataset.peers == "0"

    run(scene)
