"""The rules of a match as one value (longana/rules/variant.py): its bounds said in words, the
card's game as the default and written as before, every preset playable, and a set that is not
the card's (double-six) dealt, played, scored, recorded and loaded by the engine alone."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from conftest import DOUBLE_SIX, EVERY_RULES, every_rules

from longana.players.levels import LEVELS, choose
from longana.rules.errors import RecordError
from longana.rules.hand import Hand, deal
from longana.rules.match import Match
from longana.rules.records import hand_from_record, hand_record, match_from_dict, match_to_dict
from longana.rules.tiles import ALL_MASK, ALL_TILES, Tile
from longana.rules.variant import (
    CARD,
    DEFAULT,
    MAX_TARGET,
    MIN_TARGET,
    PRESETS,
    Rules,
    RulesError,
    preset,
)
from longana.rules.view import SeatView


def test_the_cards_game_is_the_default_and_writes_only_its_target() -> None:
    assert preset(DEFAULT) is CARD == Rules() == Rules(highest=9, hand_size=8, target=100)
    assert (CARD.tiles, CARD.unused, CARD.mask) == (55, 23, ALL_MASK)
    assert CARD.to_dict() == {"target": 100}
    assert Match("7").rules is CARD and Hand.deal(random.Random(1)).rules is CARD


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_reads_back_and_plays_the_cards_set(name: str) -> None:
    rules = preset(name)
    assert Rules.read(json.loads(json.dumps(rules.to_dict()))) == rules
    assert (rules.highest, rules.hand_size) == (CARD.highest, CARD.hand_size)  # the page offers
    assert MIN_TARGET <= rules.target <= MAX_TARGET  # lengths only: the class code holds them


def test_the_presets_run_from_short_to_long() -> None:
    assert [r.target for r in PRESETS.values()] == sorted(r.target for r in PRESETS.values())


@pytest.mark.parametrize(
    "fields, code, words",
    [
        ({"target": MIN_TARGET - 1}, "target", "target is 10 to 999 points, not 9"),
        ({"target": MAX_TARGET + 1}, "target", "target is 10 to 999 points, not 1000"),
        ({"target": 33_500}, "target", "not 33500"),  # issue 37: the coach divided by zero
        ({"target": True}, "target", "target is a whole number, not True"),
        ({"target": 100.0}, "target", "target is a whole number, not 100.0"),
        ({"highest": 10}, "set", "up to double-9 at most, not 10"),
        ({"highest": -1}, "set", "not -1"),
        ({"highest": "9"}, "set", "highest is a whole number"),
        ({"hand_size": 0}, "hand", "dealt 1 to 13 tiles of the double-9 set, not 0"),
        ({"hand_size": 14}, "hand", "not 14"),
        ({"highest": 6, "hand_size": 8}, "hand", "1 to 7 tiles of the double-6 set, not 8"),
        ({"highest": 1}, "set", "the 3 tiles of double-1 do not go round four seats"),
    ],
)
def test_rules_out_of_bounds_are_refused_in_words(
    fields: dict[str, Any], code: str, words: str
) -> None:
    with pytest.raises(RulesError, match=words) as refused:
        Rules.read(fields)
    assert refused.value.code == code
    assert isinstance(refused.value, RecordError)  # a save that names them is a damaged save


def test_an_unknown_preset_is_refused() -> None:
    with pytest.raises(RulesError, match="the presets are " + ", ".join(PRESETS)):
        preset("blitz")


# -- another set: double-six, six tiles each ----------------------------------------------------


@every_rules
def test_the_deal_draws_what_random_sample_draws_from_the_set(rules: Rules) -> None:
    """Any set is dealt as ``rng.sample(range(tiles), 4 * hand_size)``, as the card's is."""
    size = rules.hand_size
    for seed in range(200):
        ours, reference = random.Random(seed), random.Random(seed)
        order = reference.sample(range(rules.tiles), 4 * size)
        expected = [sum(1 << i for i in order[s * size : (s + 1) * size]) for s in range(4)]
        assert deal(ours, rules) == expected
        assert ours.random() == reference.random()


def test_a_double_six_hand_deals_from_the_first_28_tiles() -> None:
    assert (DOUBLE_SIX.tiles, DOUBLE_SIX.unused) == (28, 4)
    assert [str(t) for t in ALL_TILES[: DOUBLE_SIX.tiles]][-3:] == ["6-4", "6-5", "6-6"]
    hand = Match("six", DOUBLE_SIX).hand
    assert all(len(hand.tiles(s)) == 6 for s in range(4))
    assert all(t.high <= 6 for s in range(4) for t in hand.tiles(s))
    assert hand.legal_moves()[0].tile == max(t for s in range(4) for t in hand.tiles(s))


def test_a_double_six_record_names_its_set_and_refuses_tiles_from_outside_it() -> None:
    hand = Match("six", DOUBLE_SIX).hand
    record = json.loads(json.dumps(hand_record(hand)))
    assert (record["highest"], record["hand_size"]) == (6, 6)
    assert hand_from_record(record) == hand
    record["hands"]["S"][0] = "7-0"
    with pytest.raises(RecordError, match="7-0 is not in the double-6 set"):
        hand_from_record(record)
    del record["highest"], record["hand_size"]
    with pytest.raises(RecordError, match="S holds 6 tiles: each seat is dealt 8"):
        hand_from_record(record)  # read as the card's


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_double_six_matches_legally_and_they_score(level: str) -> None:
    """Whole double-six matches, this level at one seat and normal at the others: every move
    legal, every hand scored by its pips, the first to the target wins, and the match saves
    and loads with its rules."""
    for seed in range(2 if level == "hard" else 6):
        match = Match(f"six:{level}:{seed}", DOUBLE_SIX.with_target(50))
        while True:
            hand = match.hand
            while hand.outcome is None:
                view = SeatView.of(hand, hand.to_move, match.scores)
                assert view.rules == match.rules and not view.unseen() & ~DOUBLE_SIX.mask
                mover = level if hand.to_move == seed % 4 else "normal"
                move = choose(view, mover, seed)
                assert move in hand.legal_moves()
                hand.push(move)
            outcome = hand.outcome
            assert outcome.pips == tuple(hand.pips(s) for s in range(4))
            if match.is_over:
                break
            match.next_hand()
        assert max(match.scores) >= 50 and match.winner == match.scores.index(max(match.scores))
        data = json.loads(json.dumps(match_to_dict(match)))
        assert (data["target"], data["highest"], data["hand_size"]) == (50, 6, 6)
        loaded = match_from_dict(data)
        assert loaded.rules == match.rules and loaded.hands == match.hands


def test_a_view_of_a_lone_hand_may_name_its_target() -> None:
    hand = Hand.deal(random.Random(3), rules=DOUBLE_SIX)
    view = SeatView.of(hand, 0, (0, 30, 0, 0), target=40)
    assert view.rules == DOUBLE_SIX.with_target(40) and view.target == 40
    assert SeatView.of(hand, 0).rules is DOUBLE_SIX


def test_the_tiles_of_every_set_are_the_first_of_double_nine() -> None:
    for rules in EVERY_RULES.values():
        assert [t.index for t in ALL_TILES[: rules.tiles]] == list(range(rules.tiles))
        assert all(t.high <= rules.highest for t in ALL_TILES[: rules.tiles])
        assert Tile(rules.highest, rules.highest).index == rules.tiles - 1
