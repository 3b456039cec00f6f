"""Hand records and whole-match saves: round trips, and a clear RecordError for anything broken."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from longana import RecordError
from longana.rules.hand import Hand
from longana.rules.match import Match
from longana.rules.records import (
    SCHEMA,
    hand_from_record,
    hand_record,
    match_from_dict,
    match_to_dict,
)
from longana.rules.variant import CARD, Rules


def play_out(hand: Hand) -> None:
    while not hand.is_over:
        hand.push(hand.legal_moves()[0])


def finished_match(seed: str = "11", rules: Rules = CARD) -> Match:
    match = Match(seed, rules)
    while True:
        play_out(match.hand)
        if match.is_over:
            return match
        match.next_hand()


def through_json(data: object) -> Any:
    return json.loads(json.dumps(data))


def same_match(a: Match, b: Match) -> bool:
    return (a.seed, a.rules, a.scores) == (b.seed, b.rules, b.scores) and a.hands == b.hands


def test_a_finished_match_round_trips() -> None:
    match = finished_match()
    assert len(match.hands) == 3
    assert [h["winner"] for h in match_to_dict(match)["hands"]] == [None, "N", "E"]
    loaded = match_from_dict(through_json(match_to_dict(match)))
    assert same_match(loaded, match)
    assert loaded.winner == match.winner


def test_a_match_in_the_middle_of_a_hand_round_trips() -> None:
    match = Match("11")
    play_out(match.hand)
    match.next_hand()
    for _ in range(7):
        match.push(match.hand.legal_moves()[-1])
    loaded = match_from_dict(through_json(match_to_dict(match)))
    assert same_match(loaded, match)
    assert loaded.hand.to_move == match.hand.to_move
    loaded.push(loaded.hand.legal_moves()[0])  # and play goes on
    assert loaded.hand != match.hand


def test_hand_records_round_trip() -> None:
    match = finished_match()
    for hand in match.hands:
        record = through_json(hand_record(hand))
        assert set(record) == {"hands", "first_hand", "winner", "previous_opener", "moves"}
        assert hand_from_record(record) == hand


def broken(change: Any) -> dict[str, Any]:
    data = match_to_dict(finished_match())
    change(data)
    return data


def set_key(key: str, value: object) -> Any:
    return lambda d: d.__setitem__(key, value)


@pytest.mark.parametrize(
    "data, message",
    [
        ([], "a saved match is a JSON object"),
        (broken(lambda d: d.pop("schema")), "no schema number"),
        (broken(set_key("schema", SCHEMA + 1)), "newer version"),
        (broken(set_key("schema", 0)), "unknown schema"),
        (broken(set_key("schema", True)), "no schema number"),
        (broken(set_key("schema", "1")), "no schema number"),
        (broken(set_key("seed", "")), "no deal number"),
        (broken(set_key("seed", 11)), "no deal number"),
        (broken(set_key("target", 0)), "target is 10 to 999 points, not 0"),
        (broken(set_key("target", 5000)), "target is 10 to 999 points, not 5000"),
        (broken(set_key("target", "100")), "target is a whole number, not '100'"),
        (broken(set_key("target", True)), "target is a whole number, not True"),
        (broken(set_key("highest", 10)), "a set runs up to double-9 at most, not 10"),
        (broken(set_key("hand_size", 14)), "dealt 1 to 13 tiles of the double-9 set, not 14"),
        (broken(set_key("hand_size", 7)), "hand 1: S holds 8 tiles: each seat is dealt 7"),
        (broken(set_key("hands", [])), "no hands"),
        (broken(set_key("hands", {})), "no hands"),
        (broken(set_key("seed", "12")), "hand 1: the deal does not match deal number 12"),
        (broken(lambda d: d["hands"][1]["moves"].__setitem__(3, "pass")), "hand 2: move 3"),
        (broken(lambda d: d["hands"][0]["moves"].append("pass")), "hand 1: move"),
        (broken(lambda d: d["hands"][0]["moves"].pop()), "hand 1 is unfinished but more hands"),
        (
            broken(lambda d: d["hands"].append(copy.deepcopy(d["hands"][-1]))),
            "already won after hand 3",
        ),
        (
            broken(lambda d: d["hands"][1].__setitem__("first_hand", True)),
            "hand 2: the record's opener rule does not follow",
        ),
        (
            broken(lambda d: d["hands"][1].__setitem__("winner", "S")),  # North won hand 1
            "hand 2: the record's opener rule does not follow",
        ),
        (broken(lambda d: d["hands"][0]["hands"]["S"].pop()), "hand 1: S holds 7 tiles"),
        (broken(lambda d: d["hands"][0]["hands"].__setitem__("Q", [])), "unknown seat 'Q'"),
        (broken(lambda d: d["hands"][0].__setitem__("moves", "9-9")), '"moves" must be a list'),
        (broken(lambda d: d["hands"].__setitem__(0, "hand")), "hand 1: a hand record is"),
    ],
)
def test_every_kind_of_broken_save_is_refused_clearly(data: object, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        match_from_dict(data)


def test_the_opener_rule_must_follow_from_the_previous_hand() -> None:
    data = match_to_dict(finished_match())
    second = data["hands"][1]
    # Same deal, but claim the previous hand was a tied block opened by someone.
    second["winner"] = None
    second["previous_opener"] = "S"
    second["moves"] = []
    data["hands"] = data["hands"][:2]
    with pytest.raises(RecordError, match="opener rule does not follow"):
        match_from_dict(data)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda r: r["hands"].__setitem__("S", r["hands"]["S"][:7]), "S holds 7 tiles"),
        (lambda r: r["hands"]["E"].__setitem__(0, r["hands"]["S"][0]), "dealt twice"),
        (lambda r: r["hands"]["N"].__setitem__(0, "10-3"), "N's hand: '10-3' is not a tile"),
        (lambda r: r["hands"].pop("W"), "no list of tiles for W"),
        (lambda r: r.__setitem__("hands", []), '"hands" must be an object'),
        (lambda r: r.__setitem__("first_hand", "yes"), '"first_hand" must be true or false'),
        (lambda r: r.__setitem__("winner", "X"), '"winner" must be a seat'),
        (lambda r: r.__setitem__("first_hand", False), 'needs "winner"'),
        (lambda r: r["moves"].__setitem__(1, "7-3@Q"), "move 1 \\('7-3@Q'\\): unknown seat"),
        (lambda r: r["moves"].__setitem__(0, 99), "move 0 \\(99\\)"),
    ],
)
def test_broken_hand_records(change: Any, message: str) -> None:
    record = hand_record(finished_match().hands[0])
    change(record)
    with pytest.raises(RecordError, match=message):
        hand_from_record(record)
