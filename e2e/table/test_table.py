"""One table, several devices (issue 35), in Chromium inside the test's own network namespace:
a host and three guests, each in a browser context of its own (a device of its own), paired
through the code fields; a whole hand played by four people on four pages, each move seen on
every other device; no hidden tile in any guest's DOM, storage or received messages; a guest
that reloads and comes back, the host that reloads and resumes, a seat given to the computer,
malformed and forged messages refused while the table goes on. The figures measured are
printed (pairing, a move seen everywhere, a guest's start and its bytes on the wire)."""

from __future__ import annotations

import json
import os
import statistics

import pytest

from ..browsers import Browsers
from ..game import Game, artifact
from ..netns import Namespace
from .conftest import SENT
from .peers import (
    Table,
    accept,
    answer_of,
    board_tiles,
    guest_page,
    hidden_tiles,
    leaks,
    moves,
    offer,
    open_host,
    open_pairing,
    pair,
    play_one,
    seen_after_confirm,
    seen_everywhere,
    to_move,
    where_the_time_went,
)

# one namespace and one namespaced Chromium for the run: on one xdist worker (conftest.py)
pytestmark = pytest.mark.xdist_group("table")

DEAL = "35"
KIND_AWAY = """() => document.querySelector('[data-seat="E"] .plate .kind')
    ?.textContent === 'device away'"""


def plate_kind(game: Game, seat: str) -> str:
    """What ``seat``'s plate says of it (you, person, computer, on their device...)."""
    return game.page.locator(f'[data-seat="{seat}"] .plate .kind').inner_text()


def report(table: Table) -> None:
    for name, values in table.figures.items():
        if not values:
            continue
        shown = ", ".join(f"{v:.2f}" for v in values)
        if len(values) > 12:
            shown = f"median {statistics.median(values):.2f} of {len(values)}"
        print(f"\n  {name}: {shown} (max {max(values):.2f})")


def test_four_devices_play_a_hand(table_ns: Namespace, peers: Browsers) -> None:
    table = open_host(peers, f"?deal={DEAL}")
    host = table.host
    open_pairing(host)
    for seat in "ENW":
        SENT.clear()
        guest = pair(table, peers, seat)
        if seat == "E":  # a first visit's bytes, before and after its table was drawn
            table.measured("a guest's first visit on the wire (MB)", sum(SENT.values()) / 1e6)
            assert not any("pyodide" in url for url in guest.guard.requests), "Pyodide loaded"
        ready = guest.mark("longana:join-shown")
        assert ready is not None
        table.measured("a guest's answer on screen after navigation (s)", ready / 1000)
    assert host.page.evaluate("() => document.body.dataset.peers") == "3"
    host.close_panel("table")
    for seat, guest in table.guests.items():
        assert guest.page.evaluate("() => document.body.dataset.table") == "guest"
        assert guest.state()["hands"][seat]["tiles"], f"{seat} sees no hand of its own"
        assert guest.page.locator('[data-action="undo"]').is_disabled()

    played = 0
    while host.page.evaluate("() => document.body.dataset.handOver") != "true":
        mover = to_move(host.page)
        assert mover is not None
        device = table.device(mover)
        play_one(device, mover)
        played += 1
        seen_everywhere(table, played)
        table.measured("confirm to every device (s)", seen_after_confirm(table, device, played))
        if played == 8:  # mid-hand: nothing hidden reached a guest
            on_board = board_tiles(host)
            for other, guest in table.guests.items():
                assert leaks(guest, hidden_tiles(DEAL, other, on_board)) == []
    if os.environ.get("LONGANA_TABLE_PROFILE"):  # every device's timeline, for a look
        devices = {"S": host, **table.guests}
        timeline = {
            seat: game.page.evaluate(
                "() => ({events: window.__events, moves: window.__movesAt,"
                " confirmed: window.__confirmedAt})"
            )
            for seat, game in devices.items()
        }
        artifact("table-profile.json").write_text(json.dumps(timeline))
        for name, values in where_the_time_went(timeline).items():
            table.figures[f"{name} (ms)"] = values
    for game in [host, *table.guests.values()]:
        game.dialog("hand-end").wait_for(timeout=10_000)
    east = table.guests["E"]  # any device deals the next hand: every device goes on to it
    east.action("next-hand", within=east.dialog("hand-end")).click()
    for game in [host, *table.guests.values()]:
        game.page.wait_for_function("() => document.body.dataset.handNumber === '2'")
        game.dialog("hand-end").wait_for(state="hidden")
    report(table)


def test_a_guest_comes_back_and_the_host_resumes(table_ns: Namespace, peers: Browsers) -> None:
    table = open_host(peers, f"?deal={DEAL}")
    host = table.host
    open_pairing(host)
    east = pair(table, peers, "E")
    host.close_panel("table")
    for _ in range(3):  # a few moves: the host's and East's, the computer's
        seat = to_move(host.page)
        if seat in ("S", "E"):
            play_one(table.device(str(seat)), str(seat))
        else:
            host.wait_moves(moves(host.page))
    hand = sorted(east.state()["hands"]["E"]["tiles"])

    assert plate_kind(host, "E") == "on their device"

    # East reloads: its seat waits, the host shows a new code (East's plate says its device
    # is away); East's address no longer holds its answered code: it says to scan the new one
    east.page.reload(wait_until="commit")
    host.page.locator('#toasts [data-notice="peer-left"]').wait_for()
    host.page.wait_for_function(KIND_AWAY)
    assert east.page.url.endswith("#join=")
    east.dialog("join").locator("p.note[role=alert]").wait_for()
    assert "new code" in east.dialog("join").inner_text()
    open_pairing(host)
    pair(table, peers, "E", east)
    host.page.locator('#toasts [data-notice="peer-back"]').wait_for()
    assert sorted(east.state()["hands"]["E"]["tiles"]) == hand
    assert plate_kind(host, "E") == "on their device"

    # the host reloads: it resumes from its save and shows East's code again; East is told
    host.page.reload(wait_until="commit")
    host.wait_ready()
    host.dialog("table").wait_for()
    east.page.locator('#toasts [data-notice="host-gone"]').wait_for()
    pair(table, peers, "E", east)
    assert sorted(east.state()["hands"]["E"]["tiles"]) == hand

    # East's device goes for good: its seat is given to the computer, which plays it
    east.page.context.close()
    table.guests.pop("E")
    host.page.locator('#toasts [data-notice="peer-left"]').wait_for()
    host.close_panel("table")
    open_pairing(host)
    host.page.click('[data-action="pair-computer"][data-seat="E"]')
    host.page.locator('[data-pair-seat="E"][data-pair-state="waiting"]').wait_for()
    host.close_panel("table")
    host.action("settings").click()
    assert host.dialog("settings").locator('[data-seat-kind="E"]').input_value() == "computer"
    host.close_panel("settings")


def test_malformed_and_forged_messages_are_refused(table_ns: Namespace, peers: Browsers) -> None:
    table = open_host(peers, f"?deal={DEAL}")
    host = table.host
    open_pairing(host)
    east = pair(table, peers, "E")
    host.close_panel("table")
    before = moves(host.page)
    sent = [
        "not json at all",
        "[" * 1500 + "]" * 1500,  # nested deeper than the page's JSON reader goes
        "x" * 5000,  # too large: dropped before it is read
        '{"id": 90, "intent": {"do": "undo"}}',  # the host's alone
        '{"id": 91, "intent": {"do": "new-match", "seats": ["person","person","person",'
        '"person"], "level": "easy", "deal": "1"}}',
        '{"id": 92, "intent": {"do": "play", "move": "9-9", "at": 0}}',  # for another seat
        '{"id": 93, "intent": "play"}',
    ]
    for text in sent:
        east.page.evaluate("(t) => window.longanaTable.send('E', t)", text)
        host.page.locator('#toasts [data-notice="peer-refused"]').wait_for()
        host.page.evaluate("() => window.longanaToasts.drop('peer-refused')")
    replies = east.page.evaluate(
        "() => window.__heard.map((t) => JSON.parse(t)).filter((m) => m.id >= 90 || m.id === null)"
    )
    refused = {m["id"]: m["reply"] for m in replies}
    assert refused[90]["refused"]["code"] == "guest-host-only"
    assert refused[91]["refused"]["code"] == "guest-host-only"
    assert refused[92].get("refused", {}).get("code") in ("not-your-turn",) or refused[92].get(
        "stale"
    )
    assert refused[93]["error"]["code"] == "bad-message"
    assert [m["reply"]["error"]["code"] for m in replies if m["id"] is None] == [
        "bad-message",
        "bad-message",
        "too-large",
    ]
    flood = [f'{{"id": {200 + n}, "intent": {{"do": "frame"}}}}' for n in range(30)]
    east.page.evaluate("(all) => all.forEach((t) => window.longanaTable.send('E', t))", flood)
    east.page.wait_for_function(
        "() => window.__heard.map((t) => JSON.parse(t)).filter((m) => m.id >= 200).length == 30"
    )
    answered = east.page.evaluate(
        "() => window.__heard.map((t) => JSON.parse(t)).filter((m) => m.id >= 200)"
    )
    busy = [m for m in answered if m["reply"].get("error", {}).get("code") == "busy"]
    assert busy and len(busy) < 30, "one question at a time: the others refused"
    assert moves(host.page) >= before  # nothing undone, no new match: the table goes on
    seat = to_move(host.page)
    if seat in ("S", "E"):
        play_one(table.device(str(seat)), str(seat))
        seen_everywhere(table, moves(host.page))


def test_codes_refused_in_words(table_ns: Namespace, peers: Browsers) -> None:
    """A garbled answer and an answer to another seat are refused at the host, in words, and
    so is a second device's answer to a seat already taken; a garbled table's code at the
    guest."""
    table = open_host(peers, f"?deal={DEAL}")
    host = table.host
    open_pairing(host)
    code, link = offer(host, "E")
    guest = guest_page(peers)
    guest.page.goto(link, wait_until="commit")
    answer = answer_of(guest)
    garbled = answer[:20] + ("A" if answer[20] != "A" else "B") + answer[21:]
    accept(host, "E", garbled)
    error = host.page.locator('[data-pair-seat="E"] [data-pair-error]')
    error.wait_for()
    assert "damaged" in error.inner_text()
    accept(host, "N", answer)
    error = host.page.locator('[data-pair-seat="N"] [data-pair-error]')
    error.wait_for()
    assert "another seat" in error.inner_text()
    accept(host, "E", answer)
    guest.wait_ready()
    second = guest_page(peers)  # a second device scans the seat's code once it is taken
    second.page.goto(link, wait_until="commit")
    late = answer_of(second)
    taken = host.page.evaluate("(t) => window.longanaTable.accept('E', t)", late)
    assert json.loads(taken) == {"refused": "seat-taken"}
    other = guest_page(peers)
    other.page.goto(peers.base_url + "#join=" + code[:-2] + "AA", wait_until="commit")
    other.page.locator('#toasts [data-notice="join-refused"]').wait_for(timeout=60_000)
    assert other.page.locator("[data-join-input]").count() == 1
