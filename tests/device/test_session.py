"""The session model: undo and redo across computer responses and hand ends, restart, saves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from longana import RecordError
from longana.device.session import COMPUTER, PERSON, Session
from longana.rules.errors import LonganaError
from longana.rules.records import match_to_dict
from longana.rules.tiles import E, N, S, W


def computer_turns(game: Session) -> None:
    """Let computer seats move (first legal move) until a person is to move or the hand ends."""
    hand = game.match.hand
    while hand.outcome is None and not game.is_person(hand.to_move):
        game.play(hand.legal_moves()[0])


def person_moves(game: Session, choice: int = -1) -> None:
    moves = game.match.hand.legal_moves()
    game.play(moves[choice % len(moves)])


def snapshot(game: Session) -> dict[str, object]:
    return {
        "match": match_to_dict(game.match),
        "to_move": game.match.hand.to_move,
        "scores": game.match.scores,
    }


def play_to_hand_end(game: Session) -> None:
    computer_turns(game)
    while game.match.hand.outcome is None:
        person_moves(game)
        computer_turns(game)


def test_undo_takes_back_the_person_move_and_the_whole_computer_response() -> None:
    game = Session("5")
    computer_turns(game)
    assert game.match.hand.to_move == S
    before = snapshot(game)
    log_before = len(game.log)
    person_moves(game)
    computer_turns(game)
    assert len(game.log) > log_before + 1, "the computer answered"
    game.undo()
    assert snapshot(game) == before
    assert len(game.log) == log_before
    assert game.match.hand.to_move == S


def test_redo_restores_exactly_the_same_computer_moves() -> None:
    game = Session("5")
    computer_turns(game)
    person_moves(game)
    computer_turns(game)
    after = snapshot(game)
    game.undo()
    assert game.can_redo
    game.redo()
    assert snapshot(game) == after
    assert not game.can_redo


def test_a_new_move_after_undo_clears_redo() -> None:
    game = Session("5")
    computer_turns(game)
    person_moves(game)
    computer_turns(game)
    game.undo()
    person_moves(game, 0)
    assert not game.can_redo
    with pytest.raises(LonganaError):
        game.redo()


def test_undo_walks_back_across_a_hand_end_and_undoes_its_scoring() -> None:
    game = Session("11")
    play_to_hand_end(game)
    scored = game.match.scores
    outcome = game.match.hand.outcome
    assert outcome is not None
    game.next_hand()
    computer_turns(game)
    assert len(game.match.hands) == 2
    game.undo()
    assert len(game.match.hands) == 1
    assert game.match.hand.outcome is None
    assert game.match.scores == (0, 0, 0, 0)
    assert game.match.hand.to_move == S
    game.redo()
    assert game.match.scores == scored
    assert len(game.match.hands) == 2


def test_undo_again_walks_further_back_to_the_start() -> None:
    game = Session("8")
    computer_turns(game)
    start = snapshot(game)
    for _ in range(3):
        if game.match.hand.outcome is None:
            person_moves(game)
            computer_turns(game)
    while game.can_undo:
        game.undo()
    assert snapshot(game) == start
    assert len(game.redo_stack) >= 1


def test_with_two_people_undo_returns_to_the_previous_person() -> None:
    game = Session("3", seats=(PERSON, COMPUTER, PERSON, COMPUTER))
    computer_turns(game)
    first = game.match.hand.to_move
    assert first in (S, N)
    person_moves(game)
    computer_turns(game)
    second = game.match.hand.to_move
    if game.match.hand.outcome is None:
        assert second != first or game.match.hand.history[-1][0] == first
        before_second = snapshot(game)
        person_moves(game)
        computer_turns(game)
        game.undo()
        assert snapshot(game) == before_second
        assert game.match.hand.to_move == second


def test_undo_redo_restart_unavailable_when_they_would_do_nothing() -> None:
    game = Session("5", seats=(COMPUTER, COMPUTER, COMPUTER, COMPUTER))
    assert not game.can_undo and not game.can_redo and not game.can_restart
    with pytest.raises(LonganaError):
        game.undo()
    with pytest.raises(LonganaError):
        game.restart()
    game.play(game.match.hand.legal_moves()[0])
    assert not game.can_undo, "only computers have moved"
    assert game.can_restart


def test_restart_replays_the_hand_from_its_deal_with_the_scores_before_it() -> None:
    game = Session("11")
    play_to_hand_end(game)
    game.next_hand()
    scores = game.match.scores
    dealt = game.match.hand.start
    computer_turns(game)
    if game.match.hand.outcome is None:
        person_moves(game)
    assert game.can_restart
    game.restart()
    assert game.match.scores == scores
    assert game.match.hand.start == dealt
    assert game.match.hand.history == []
    assert len(game.match.hands) == 2
    assert not game.can_restart


def test_save_and_load_round_trip_with_undo_and_redo_working() -> None:
    game = Session("21", seats=(PERSON, COMPUTER, PERSON, COMPUTER), level="hard")
    for _ in range(4):
        computer_turns(game)
        if game.match.hand.outcome is not None:
            break
        person_moves(game)
    computer_turns(game)
    game.undo()
    loaded = Session.from_json(game.to_json())
    assert loaded.to_dict() == game.to_dict()
    assert (loaded.seats, loaded.level) == (game.seats, "hard")
    loaded.redo()
    game.redo()
    assert snapshot(loaded) == snapshot(game)
    loaded.undo()
    game.undo()
    assert loaded.to_dict() == game.to_dict()


def saved(**changes: object) -> str:
    game = Session("21")
    computer_turns(game)
    person_moves(game)
    computer_turns(game)
    game.undo()
    data = game.to_dict()
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    "text, words",
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "not a JSON object"),
        (saved(schema=99), "newer version"),
        (saved(schema="one"), "schema"),
        (saved(seats=["person", "robot", "computer", "computer"]), "seats"),
        (saved(level="grandmaster"), "level"),
        (saved(log=[["9-9", "person"], ["1-0@S", "computer"]]), "does not replay"),
        (saved(log="all of it"), "not a list"),
        (saved(redo=[[["0-0@W", "person"]]]), "redo"),
        (saved(deal=None), "deal number"),
        (saved(target=0), "target"),
    ],
)
def test_every_kind_of_broken_save_is_refused_with_a_reason(text: str, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        Session.from_json(text)


FIXTURE = Path(__file__).parent / "fixtures" / "save-schema1.json"


def test_a_save_of_the_first_release_still_loads() -> None:
    """Schema 1 held the whole match beside the log; it loads and saves as schema 2."""
    old = json.loads(FIXTURE.read_text(encoding="utf-8"))
    game = Session.from_dict(old)
    assert game.seed == "fixture-1" and len(game.log) == 38 and game.can_redo
    assert match_to_dict(game.match) == old["match"]
    again = Session.from_json(game.to_json())
    assert again.to_dict()["schema"] == 2
    assert match_to_dict(again.match) == old["match"]


def test_a_log_that_disagrees_with_the_recorded_match_is_refused() -> None:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["log"] = data["log"][:-1]
    with pytest.raises(RecordError, match="disagree"):
        Session.from_dict(data)


def test_the_same_deal_number_gives_the_same_deals() -> None:
    a, b = Session("class-7b"), Session("class-7b")
    assert a.match.hand.start == b.match.hand.start
    assert Session("class-7c").match.hand.start != a.match.hand.start


def test_the_view_is_the_seats_own() -> None:
    game = Session("5")
    for seat in (S, E, N, W):
        view = game.view(seat)
        assert view.seat == seat
        assert set(view.tiles) == set(game.match.hand.tiles(seat))
