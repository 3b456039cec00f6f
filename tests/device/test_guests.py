"""One table, several devices (issue 35): the host's worker answers each guest for its seat
only. Every seat is tried as a guest's; the honesty test holds across devices (the hidden
tiles exchanged, nothing a guest is sent changes); a guest never gets a save, nor the deal
number while the match is in play; what acts for the whole table is the host's; a message for
another seat, a stale, large or malformed one is refused and the table goes on."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from conftest import ask, other_deals, start
from hypothesis import given, settings
from hypothesis import strategies as st

from longana import SEAT_NAMES, SEATS
from longana.device.guests import HOST_ONLY, MAX_GUEST_INTENT
from longana.device.session import Session
from longana.protocol import Game

PEOPLE = ("person", "person", "person", "person")
SOLO = ("person", "computer", "computer", "computer")


def hosted(remote: str, deal: str = "21", seats: tuple[str, ...] = SOLO) -> tuple[Game, Any]:
    """A game whose ``remote`` seats (letters) play on devices of their own."""
    game, _ = start(deal, seats)
    return game, ask(game, do="table", remote=list(remote))


def guest(game: Game, seat: str, **intent: Any) -> Any:
    return ask(game, do="guest", seat=seat, intent=intent)


def frame_for(game: Game, seat: str) -> Any:
    return guest(game, seat, do="frame")["guest"]["frame"]


# -- the seats on other devices ------------------------------------------------------------


def test_a_remote_seat_is_a_person_and_stays_in_the_save() -> None:
    game, reply = hosted("EW")
    frame = reply["frame"]
    assert frame["remote"] == ["E", "W"]
    assert [frame["seats"][s] for s in "SENW"] == ["person", "person", "computer", "person"]
    saved = json.loads(reply["save"])
    assert saved["remote"] == ["E", "W"]
    again = Session.from_json(reply["save"])
    assert again.remote == frozenset({1, 3}) and again.local_people == [0]


def test_a_save_of_one_device_has_no_remote_seats() -> None:
    _, reply = start("21", SOLO)
    assert "remote" not in json.loads(reply["save"])
    assert Session.from_json(reply["save"]).remote == frozenset()


@pytest.mark.parametrize("bad", [["X"], "E", [1], ["SE"], None])
def test_remote_seats_that_are_no_seats_are_refused(bad: Any) -> None:
    game, _ = start("21", SOLO)
    assert ask(game, do="table", remote=bad)["error"]["code"] == "bad-seats"


def test_a_save_whose_remote_seat_is_a_computer_is_refused() -> None:
    _, reply = hosted("E")
    saved = json.loads(reply["save"])
    saved["seats"][1] = "computer"
    game = Game()
    started = ask(game, do="start", save=json.dumps(saved), or_new=False)
    assert started["refused"]["code"] == "save-unreadable"


def test_a_seat_given_back_goes_to_the_computer() -> None:
    game, _ = hosted("EN")
    frame = ask(game, do="table", remote=["N"])["frame"]
    assert frame["remote"] == ["N"] and frame["seats"]["E"] == "computer"
    refused = guest(game, "E", do="frame")["guest"]["error"]
    assert refused["code"] == "guest-seat"


def test_a_new_match_keeps_the_guests_whose_seats_are_still_peoples() -> None:
    game, _ = hosted("EN", seats=PEOPLE)
    seats = ["person", "person", "computer", "person"]  # North goes to the computer
    frame = ask(game, do="new-match", seats=seats, level="easy", deal="9")["frame"]
    assert frame["remote"] == ["E"] and frame["deal"] == "9"
    assert frame_for(game, "E")["viewer"] == "E"
    assert guest(game, "N", do="frame")["guest"]["error"]["code"] == "guest-seat"


def test_a_class_match_is_never_hosted() -> None:
    game, _ = start("21", SOLO)
    code = ask(game, do="class-code", deal="4", seats=list(SOLO), level="easy", target=100)
    started = ask(game, do="class-start", code=code["class_code"], save=None, holder=None)
    assert started["frame"]["class"] is not None
    refused = ask(game, do="table", remote=["E"])
    assert refused["refused"]["code"] == "class-locked" and refused["frame"]["remote"] == []


@pytest.mark.parametrize("seat", "ENW")
def test_the_host_waits_for_a_remote_seat(seat: str) -> None:
    """The host's own frame: its person's tiles, no handoff and no turn of the remote seat
    (the page waits: "East plays on their device"), nor any of its tiles."""
    game, reply = hosted("ENW", seats=PEOPLE)
    for frame in _frames_of_a_hand(game, reply):
        assert frame["handoff"] is None
        assert frame["hands"][seat]["tiles"] is None or frame["outcome"] is not None
        if frame["to_move"] != "S":
            assert frame["turn"] is None
        assert frame["hands"]["S"]["tiles"] is not None
        assert frame["people"] == 1


def test_the_host_cannot_play_for_a_remote_seat() -> None:
    game, reply = hosted("ENW", seats=PEOPLE)
    frame = reply["frame"]
    to_move = frame["to_move"]
    if to_move == "S":  # the host opens: then East is to move
        frame = ask(game, do="play", move=frame["turn"]["moves"][0], at=frame["log"])["frame"]
    move = frame_for(game, frame["to_move"])["turn"]["moves"][0]
    refused = ask(game, do="play", move=move, at=frame["log"])
    assert refused["error"]["code"] == "not-a-person"


def _frames_of_a_hand(game: Game, reply: Any) -> list[Any]:
    """The host's frames through one hand played by all four people (the guests' moves sent
    as guests), the first legal move each time."""
    frames = [reply["frame"]]
    while frames[-1]["outcome"] is None:
        frame = frames[-1]
        seat = frame["to_move"]
        if seat == "S":
            reply = ask(game, do="play", move=frame["turn"]["moves"][0], at=frame["log"])
        else:
            mine = frame_for(game, seat)
            answer = guest(game, seat, do="play", move=mine["turn"]["moves"][0], at=mine["log"])
            reply = answer["host"]
        frames.append(reply["frame"])
    return frames


# -- a guest's frame -----------------------------------------------------------------------


@pytest.mark.parametrize("seat", "SENW")
def test_a_guest_sees_its_own_seat_only(seat: str) -> None:
    game, _ = hosted("SENW", seats=PEOPLE)
    frame = frame_for(game, seat)
    assert frame["hands"][seat]["tiles"] is not None
    assert all(frame["hands"][s]["tiles"] is None for s in "SENW" if s != seat)
    assert frame["viewer"] == seat and frame["handoff"] is None
    assert frame["remote"] == [s for s in "SENW" if s != seat]
    assert frame["can"] == {
        "undo": False,
        "redo": False,
        "restart": False,
        "hint": bool(frame["turn"]),
    }
    assert (frame["turn"] is not None) == (frame["to_move"] == seat)
    assert frame["deal"] == ""  # the deal number would give every hand
    assert frame["people"] == 1


@pytest.mark.parametrize("seat", "SENW")
def test_a_guest_plays_its_turn_and_the_host_is_told(seat: str) -> None:
    game, _ = hosted("SENW", seats=PEOPLE)
    for _ in range(8):  # until it is this seat's turn
        frame = frame_for(game, seat)
        if frame["to_move"] == seat:
            break
        mover = frame_for(game, frame["to_move"])
        guest(game, frame["to_move"], do="play", move=mover["turn"]["moves"][0], at=mover["log"])
    assert frame["to_move"] == seat
    move = frame["turn"]["moves"][0]
    reply = guest(game, seat, do="play", move=move, at=frame["log"])
    assert "save" not in reply["guest"] and reply["guest"]["frame"]["log"] == frame["log"] + 1
    assert reply["host"]["frame"]["last"]["move"] == move and "save" in reply["host"]
    assert reply["guest"]["frame"]["last"] == reply["host"]["frame"]["last"]


@pytest.mark.parametrize("seat", "SENW")
def test_a_guest_may_not_act_for_another_seat(seat: str) -> None:
    game, reply = hosted("SENW", seats=PEOPLE)
    to_move = reply["frame"]["to_move"]
    mover = frame_for(game, to_move)
    move, at = mover["turn"]["moves"][0], mover["log"]
    other = next(s for s in "SENW" if s != to_move)
    refused = guest(game, other, do="play", move=move, at=at)["guest"]
    assert refused["refused"] == {"code": "not-your-turn", "params": {"to_move": to_move}}
    assert frame_for(game, to_move)["log"] == at  # nothing changed; the table goes on
    assert "host" not in guest(game, other, do="play", move=move, at=at)
    assert guest(game, to_move, do="play", move=move, at=at)["host"]["frame"]["log"] == at + 1


def test_a_repeated_move_is_stale() -> None:
    game, reply = hosted("SENW", seats=PEOPLE)
    seat = reply["frame"]["to_move"]
    mine = frame_for(game, seat)
    first = guest(game, seat, do="play", move=mine["turn"]["moves"][0], at=mine["log"])
    again = guest(game, seat, do="play", move=mine["turn"]["moves"][0], at=mine["log"])
    assert "host" in first and again["guest"]["stale"] is True and "host" not in again


@pytest.mark.parametrize("name", sorted(HOST_ONLY))
def test_what_acts_for_the_table_is_the_hosts(name: str) -> None:
    game, reply = hosted("E")
    before = reply["save"]
    answer = guest(game, "E", do=name, seats=list(PEOPLE), level="hard", deal="9", save=None)
    assert answer["guest"]["refused"] == {"code": "guest-host-only", "params": {"intent": name}}
    assert "host" not in answer and "save" not in answer["guest"]
    assert ask(game, do="record")  # the game is as it was
    assert json.loads(ask(game, do="table", remote=["E"])["save"]) == json.loads(before)


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"do": "guest", "seat": "E", "intent": "play"}, "bad-intent"),
        ({"do": "guest", "seat": "E", "intent": {"move": "9-9"}}, "bad-intent"),
        ({"do": "guest", "seat": "Q", "intent": {"do": "frame"}}, "guest-seat"),
        ({"do": "guest", "seat": "N", "intent": {"do": "frame"}}, "guest-seat"),
        (
            {"do": "guest", "seat": "E", "intent": {"do": "play", "x": "y" * MAX_GUEST_INTENT}},
            "too-large",
        ),
    ],
)
def test_a_malformed_message_is_refused_and_the_table_goes_on(message: Any, code: str) -> None:
    game, reply = hosted("E")
    answer = json.loads(game.handle(json.dumps(message)))
    assert answer["guest"]["error"]["code"] == code
    assert frame_for(game, "E")["log"] == reply["frame"]["log"]


def test_an_unknown_intent_is_refused() -> None:
    game, _ = hosted("E")
    assert guest(game, "E", do="fly")["guest"]["refused"]["code"] == "guest-unknown"


# -- honesty across devices ----------------------------------------------------------------


def _swapped(game: Game, seat: int, rng: random.Random) -> list[Game]:
    """Copies of ``game`` whose current hand's hidden tiles (to ``seat``) are exchanged."""
    copies = []
    for hand in other_deals(game.current_session.match.hand, seat, rng, 2):
        other = Game()
        other.session = Session.from_json(game.current_session.to_json())
        other.session.match.hands[-1] = hand
        copies.append(other)
    return copies


@pytest.mark.parametrize("seat", "SENW")
def test_nothing_a_guest_is_sent_depends_on_a_hidden_tile(seat: str) -> None:
    rng = random.Random(35)
    checked = 0
    for deal in ("3", "8", "13"):
        game, reply = hosted("SENW", deal=deal, seats=PEOPLE)
        for _ in range(6):  # into the hand: some moves played
            frame = frame_for(game, reply["frame"]["to_move"])
            mover = frame["viewer"]
            reply = guest(game, mover, do="play", move=frame["turn"]["moves"][0], at=frame["log"])[
                "host"
            ]
        index = SEAT_NAMES.index(seat)
        mine = frame_for(game, seat)
        sent = _sent(game, seat, mine)
        for other in _swapped(game, index, rng):
            assert _sent(other, seat, mine) == sent
            checked += 1
    assert checked >= 3


def _sent(game: Game, seat: str, mine: Any) -> list[Any]:
    """Everything a guest at ``seat`` may ask now, as it is sent (the hint when its turn)."""
    asks = [{"do": "frame"}, {"do": "record"}, {"do": "review", "step": 0}]
    if mine["turn"] is not None:
        asks.append({"do": "hint", "at": mine["log"]})
    return [guest(game, seat, **a)["guest"] for a in asks]


@pytest.mark.parametrize("seat", "SENW")
def test_the_record_hides_the_deal_until_the_match_is_over(seat: str) -> None:
    game, _ = hosted("SENW", seats=PEOPLE)
    record = guest(game, seat, do="record")["guest"]
    assert record["export"] is None and all(h["deal"] is None for h in record["record"])


# -- a whole match through the guests' doors --------------------------------------------------


@settings(max_examples=4, deadline=None)
@given(st.sampled_from(["1", "2", "5", "34", "55"]), st.sets(st.sampled_from("SENW"), min_size=1))
def test_a_match_played_by_guests(deal: str, remote: set[str]) -> None:
    """Random deals and sets of remote seats; every reply a guest gets holds its own tiles
    only while a hand is in play, no save, and no deal before the match's end."""
    letters = sorted(remote, key="SENW".index)
    kinds = tuple("person" if s in remote or s == "S" else "computer" for s in "SENW")
    game, reply = hosted("".join(letters), deal=deal, seats=kinds)
    for _ in range(400):
        frame = reply["frame"]
        if frame["match_over"]:
            break
        if frame["outcome"] is not None:
            reply = ask(game, do="next-hand")
            continue
        seat = frame["to_move"]
        if seat in remote:
            mine = frame_for(game, seat)
            _check_guest_frame(mine, seat)
            answer = guest(game, seat, do="play", move=mine["turn"]["moves"][0], at=mine["log"])
            assert "save" not in answer["guest"]
            _check_guest_frame(answer["guest"]["frame"], seat)
            reply = answer["host"]
        elif frame["seats"][seat] == "computer":
            reply = ask(game, do="computer", at=frame["log"])
        else:
            reply = ask(game, do="play", move=frame["turn"]["moves"][0], at=frame["log"])
    for seat in remote:
        over = frame_for(game, seat)
        assert over["deal"] == deal or not over["match_over"]


def _check_guest_frame(frame: Any, seat: str) -> None:
    assert frame["deal"] == "" or frame["match_over"]
    for other in SEATS:
        letter = SEAT_NAMES[other]
        if letter != seat and frame["outcome"] is None:
            assert frame["hands"][letter]["tiles"] is None


# -- the review of a seat ------------------------------------------------------------------


def test_each_device_reviews_its_own_seat() -> None:
    game, reply = hosted("E", seats=("person", "person", "computer", "computer"))
    while reply["frame"]["outcome"] is None:
        frame = reply["frame"]
        if frame["to_move"] == "E":
            mine = frame_for(game, "E")
            reply = guest(game, "E", do="play", move=mine["turn"]["moves"][-1], at=mine["log"])[
                "host"
            ]
        elif frame["to_move"] == "S":
            reply = ask(game, do="play", move=frame["turn"]["moves"][-1], at=frame["log"])
        else:
            reply = ask(game, do="computer", at=frame["log"])
    host = ask(game, do="review", step=0)["review"]
    theirs = guest(game, "E", do="review", step=0)["guest"]["review"]
    assert host["count"] + theirs["count"] > 0
    if host["decision"]:
        assert host["decision"]["seat"] == "S"
    if theirs["decision"]:
        assert theirs["decision"]["seat"] == "E"


def test_the_hosts_replies_carry_each_guests_frame() -> None:
    """What the host's page sends on at once is what each guest would be answered."""
    game, reply = hosted("EW", seats=("person", "person", "computer", "person"))
    for _ in range(5):
        assert sorted(reply["guests"]) == ["E", "W"]
        for seat, frame in reply["guests"].items():
            assert frame == frame_for(game, seat)
        frame = reply["frame"]
        seat = frame["to_move"]
        if seat == "S":
            reply = ask(game, do="play", move=frame["turn"]["moves"][0], at=frame["log"])
        elif seat == "N":
            reply = ask(game, do="computer", at=frame["log"])
        else:
            mine = frame_for(game, seat)
            answer = guest(game, seat, do="play", move=mine["turn"]["moves"][0], at=mine["log"])
            reply = answer["host"]
    assert "guests" not in start("21", SOLO)[1]


@pytest.mark.parametrize("seat", "ENW")
def test_any_device_deals_the_next_hand_once(seat: str) -> None:
    game, reply = hosted("ENW", seats=PEOPLE)
    frames = _frames_of_a_hand(game, reply)
    assert frames[-1]["outcome"] is not None
    dealt = guest(game, seat, do="next-hand")
    assert dealt["host"]["frame"]["hand_number"] == 2
    again = guest(game, "ENW"[("ENW".index(seat) + 1) % 3], do="next-hand")
    assert again["guest"]["stale"] is True and "host" not in again
