"""Issue 37, item 1: an import never shows what the live game would not.

An imported save or record is stepped through its finished hands only: a hand that has not ended
is never shown face up, whatever the file says (a hand-written save of a deal number and an empty
log, a match's own save mid-hand, a record cut short). And no hand the live match has not finished
comes out of a file: not the hand in play (played to its end elsewhere), not a later hand of the
class match being played (a classmate's export). Every seat as the person, and two people at one
device; then any text at all (Hypothesis): the game on the table goes on, nothing hidden comes out.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from conftest import SOLO, Reply, ask, catalog, every_seat, play_on, played_until, start
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from longana.classplay import ClassCode
from longana.device.frame import frame_of
from longana.protocol import Game
from longana.rules.match import Match
from longana.rules.records import hand_record
from longana.rules.tiles import SEAT_NAMES, Tile
from ui import record_panels
from ui.i18n import Catalog

P, C = "person", "computer"


def seats_of(k: int, two: bool) -> list[str]:
    """The person at seat ``k`` (and, with ``two``, another across the table), computers else."""
    seats = [C, C, C, C]
    seats[k] = P
    if two:
        seats[(k + 2) % 4] = P
    return seats


def dealt_tiles(game: Game) -> dict[str, set[str]]:
    """The live hand in play's starting tiles by seat (what nobody sees before its end)."""
    hand = game.current_session.match.hand
    return {SEAT_NAMES[s]: {str(t) for t in tiles} for s, tiles in enumerate(hand.starting_tiles)}


def shown_tiles(reply: Reply) -> list[set[str]]:
    """Every seat's tiles shown face up by a replay reply (empty when there is none)."""
    replay = reply.get("replay")
    if not replay:
        return []
    hands = replay["position"]["hands"]
    shown = [set(hands[s]["tiles"] or []) for s in SEAT_NAMES]
    dealt = replay["summary"]["dealt"] or {}
    return shown + [set(tiles) for tiles in dealt.values()]


def nothing_hidden(game: Game, reply: Reply) -> None:
    """No tile of the live hand in play (unfinished) comes out of ``reply`` but the holder's
    own, and every hand it steps through (every index of the import) has ended."""
    live = game.current_session.match.hand
    if live.outcome is None:
        seen = frame_of(game.current_session, game.holder)["hands"]  # what the live table shows
        secret = {s: t for s, t in dealt_tiles(game).items() if seen[s]["tiles"] is None}
        for tiles in shown_tiles(reply):
            for seat, theirs in secret.items():
                assert not theirs <= tiles, f"{seat}'s dealt hand shown by an import"
    replay = reply.get("replay")
    if replay is None:
        return
    assert replay["summary"]["result"] is not None, "an unfinished hand stepped through"
    for index in range(replay["count"]):
        again = ask(game, do="replay", hand=index, step=0, imported=replay["imported"])
        assert again["replay"]["summary"]["result"] is not None, f"hand {index} not over"


def live(reply: Reply) -> tuple[object, str]:
    """Whether a refusal says a class match, and its code."""
    refused = reply["refused"]
    return refused["params"].get("class"), refused["code"]


def hand_written_save(deal: str, seats: list[str], log: list[Any] | None = None) -> str:
    """A saved game as one could write it by hand: a deal number, an empty log."""
    save = {"schema": 2, "deal": deal, "seats": seats, "level": "normal", "match": {}}
    return json.dumps(save | {"log": log or [], "redo": []})


@every_seat
@pytest.mark.parametrize("two", [False, True], ids=["alone", "two-people"])
def test_a_hand_written_save_of_the_deal_on_the_table_shows_no_hand(k: int, two: bool) -> None:
    seats = seats_of(k, two)
    game, first = start("7", seats)
    reply = ask(game, do="import", text=hand_written_save("7", seats))
    nothing_hidden(game, reply)
    assert "replay" not in reply
    assert reply["refused"]["code"] == "import-unfinished"
    assert reply.get("saved_game") is True, "a saved game is still offered to play on"
    assert ask(game, do="replay", imported=True, hand=0, step=0)["error"]["code"] in (
        "nothing-imported",
        "hand-not-over",
    )


@every_seat
@pytest.mark.parametrize("two", [False, True], ids=["alone", "two-people"])
def test_a_class_matchs_own_save_mid_hand_steps_through_its_finished_hands_only(
    k: int, two: bool
) -> None:
    code = ClassCode.make("IH" + str(k), tuple(seats_of(k, two)), "easy", 100)
    game = Game()
    reply = ask(game, do="class-start", code=code.text, save=None, holder=None)
    reply = played_until(game, reply, lambda f: f["hand_number"] == 2 and f["log"] > 4)
    assert reply["frame"]["outcome"] is None, "the second hand is being played"
    imported = ask(game, do="import", text=reply["save"])
    nothing_hidden(game, imported)
    assert imported["replay"]["count"] == 1, "the first hand only: it has ended"
    assert imported.get("left_out") == 1
    refused = ask(game, do="replay", imported=True, hand=1, step=0)
    assert refused["error"]["code"] == "bad-hand"


@functools.cache
def records_of(deal: str, hands: int) -> str:
    """The hand records (the Record panel's export) of ``hands`` finished hands of ``deal``,
    played by four computers on another device."""
    other, first = start(deal, [C, C, C, C])
    played_until(other, first, lambda f: f["outcome"] is not None and f["hand_number"] == hands)
    return str(ask(other, do="record")["export"]["text"])


@every_seat
@pytest.mark.parametrize("two", [False, True], ids=["alone", "two-people"])
def test_the_hand_in_play_finished_on_another_device_is_refused_in_words(k: int, two: bool) -> None:
    game, first = start("7", seats_of(k, two))
    for text in (records_of("7", 1), records_of("7", 2)):
        reply = ask(game, do="import", text=text)
        nothing_hidden(game, reply)
        assert live(reply) == (False, "import-live")


def test_a_classmates_export_is_refused_until_the_class_match_is_over() -> None:
    code = ClassCode.make("IH9", SOLO, "easy", 60)
    mate = Game()
    reply = ask(mate, do="class-start", code=code.text, save=None, holder=None)
    *_, last = play_on(mate, reply)
    assert last["frame"]["match_over"]
    export = str(ask(mate, do="record")["export"]["text"])
    game = Game()
    reply = ask(game, do="class-start", code=code.text, save=None, holder=None)
    # each hand the student has not finished: the one in play and every later one
    for hand in (1, 2):
        reply = played_until(game, reply, lambda f, h=hand: f["hand_number"] == h)
        refused = ask(game, do="import", text=export)
        nothing_hidden(game, refused)
        assert live(refused) == (True, "import-live")
        later = "".join(line + "\n" for line in export.splitlines()[hand:])
        assert later, "the classmate's match has a hand after this one"
        assert ask(game, do="import", text=later)["refused"]["code"] == "import-live"
        reply = played_until(game, reply, lambda f: f["outcome"] is not None)
        reply = ask(game, do="next-hand")
    *_, last = play_on(game, reply)
    assert last["frame"]["match_over"]
    opened = ask(game, do="import", text=export)  # over: every hand of it may be seen
    assert opened["replay"]["count"] == len(export.splitlines())


def test_a_record_cut_short_is_never_shown_face_up() -> None:
    game, first = start("7")
    other, begun = start("9", [C, C, C, C])
    played_until(other, begun, lambda f: f["log"] == 6)
    cut = hand_record(other.current_session.match.hand)
    assert other.current_session.match.hand.outcome is None
    for text in (json.dumps(cut), json.dumps([cut]), json.dumps(cut) + "\n"):
        reply = ask(game, do="import", text=text)
        assert "replay" not in reply
        assert reply["refused"]["code"] == "import-unfinished"
        assert "saved_game" not in reply


def test_a_file_of_finished_and_unfinished_hands_shows_the_finished_ones() -> None:
    game, _ = start("7")
    done = records_of("12", 1)
    other, begun = start("9", [C, C, C, C])
    played_until(other, begun, lambda f: f["log"] == 6)
    cut = json.dumps(hand_record(other.current_session.match.hand))
    reply = ask(game, do="import", text=cut + "\n" + done)
    nothing_hidden(game, reply)
    assert reply["replay"]["count"] == 1 and reply["left_out"] == 1


# -- any text in ---------------------------------------------------------------------------------

LIVE = [start("7", seats_of(k, two)) for k in range(4) for two in (False, True)]


def texts_about(game: Game) -> st.SearchStrategy[str]:
    """Files made from the live game: its save, hand-written saves of its deal, records of
    its deal finished elsewhere, all cut and changed at random; and any text at all."""
    save = game.current_session.to_json()
    seats = list(game.current_session.seats)
    records = records_of(game.current_session.seed, 2)
    bases = [save, hand_written_save(game.current_session.seed, seats), records]
    based = st.sampled_from(bases)
    cut = st.tuples(based, st.integers(0, 4000)).map(lambda t: t[0][: t[1]])
    edited = st.tuples(based, st.integers(0, 4000), st.text(max_size=8)).map(
        lambda t: t[0][: t[1]] + t[2] + t[0][t[1] + len(t[2]) :]
    )
    lines = st.lists(st.sampled_from(records.splitlines() + ["", "{}", "x"]), max_size=4)
    return st.one_of(based, cut, edited, lines.map("\n".join), st.text(max_size=200))


@pytest.mark.parametrize("index", range(len(LIVE)), ids=lambda i: f"live-{i}")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_text_imported_leaves_the_game_as_it_was_and_shows_nothing_hidden(
    index: int, data: st.DataObject
) -> None:
    game, first = LIVE[index]
    text = data.draw(texts_about(game))
    before = game.current_session.to_json()
    reply = ask(game, do="import", text=text)
    assert "error" not in reply or reply["error"]["code"] in ("too-large", "too-deep"), reply
    nothing_hidden(game, reply)
    assert game.current_session.to_json() == before, "an import changed the game on the table"
    frame = first["frame"]
    go_on = ask(game, do="record")
    assert "record" in go_on and frame["deal"] == game.current_session.seed


def test_the_tiles_helper_sees_every_dealt_tile() -> None:
    game, _ = start("7")
    assert sum(len(v) for v in dealt_tiles(game).values()) == 32
    assert all(Tile.parse(t) for v in dealt_tiles(game).values() for t in v)


@pytest.mark.parametrize("lang", ["de", "en", "es", "ms"])
def test_the_replay_says_how_many_hands_were_not_shown(lang: str) -> None:
    cat = Catalog(catalog(lang))
    game, _ = start("7")
    text = records_of("12", 1) + json.dumps(hand_record(Match("9").hand))  # one not begun
    reply = ask(game, do="import", text=text)
    html = record_panels.replay_html(reply["replay"], cat, (600.0, 260.0), 20, False, 1)
    assert "data-left-out" in html and cat.plural("record.left_out", 1) in html
    assert "data-left-out" not in record_panels.replay_html(
        reply["replay"], cat, (600.0, 260.0), 20
    )
