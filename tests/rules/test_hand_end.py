"""The match: scores carried from hand to hand, the next hand's opener, 100 wins, restart."""

from __future__ import annotations

import pytest

from longana import HandOverError, LonganaError, Move
from longana.rules.hand import Hand
from longana.rules.match import Match, MatchOverError
from longana.rules.tiles import DOUBLES_MASK
from longana.rules.variant import CARD


def play_out(hand: Hand) -> None:
    """Finish a hand by always playing the first legal move."""
    while not hand.is_over:
        hand.push(hand.legal_moves()[0])


def expected_opener(hand: Hand, start: int) -> int:
    return next(s % 4 for s in range(start, start + 4) if hand.start[s % 4] & DOUBLES_MASK)


# seed "39" has a tied block in its third hand (first-legal-move play)
@pytest.mark.parametrize("seed", ["7", "42", "match-3", "11", "39"])
def test_a_match_runs_to_100_with_the_opener_rules_between_hands(seed: str) -> None:
    match = Match(seed)
    totals = [0, 0, 0, 0]
    while True:
        hand = match.hand
        play_out(hand)
        outcome = hand.outcome
        assert outcome is not None
        if outcome.winner is not None:
            totals[outcome.winner] += outcome.points
        assert list(match.scores) == totals
        if max(totals) >= 100:
            break
        assert match.winner is None and not match.is_over
        nxt = match.next_hand()
        assert nxt is match.hand and not nxt.first_hand
        if outcome.winner is not None:
            assert nxt.opener == expected_opener(nxt, outcome.winner)
            assert nxt.winner_before == outcome.winner
        else:
            assert nxt.opener == expected_opener(nxt, hand.opener + 1)
            assert nxt.opener_before == hand.opener
        # the later-hand opener may choose any of its doubles
        assert {m.tile for m in nxt.legal_moves()} == {
            t for t in nxt.tiles(nxt.opener) if t.is_double
        }
    assert match.is_over
    assert match.winner == totals.index(max(totals))
    assert sorted(totals)[-2] < 100, "only one seat scores per hand, so only one reaches 100"
    assert max(match.scores_before(len(match.hands) - 1)) < 100
    with pytest.raises(MatchOverError, match="the match is over"):
        match.next_hand()
    with pytest.raises(HandOverError):
        match.push(Move.parse("pass"))


def test_seed_39_goes_through_a_tied_block() -> None:
    match = Match("39")
    for _ in range(2):
        play_out(match.hand)
        match.next_hand()
    play_out(match.hand)
    outcome = match.hand.outcome
    assert outcome is not None and outcome.reason == "block" and outcome.winner is None
    before = match.scores
    nxt = match.next_hand()
    assert match.scores == before
    assert nxt.opener_before == match.hands[-2].opener and nxt.winner_before is None


def test_the_first_hand_of_a_match_is_a_first_hand() -> None:
    hand = Match("7").hand
    assert hand.first_hand
    best = max(t for s in range(4) for t in hand.tiles(s) if t.is_double)
    assert [m.tile for m in hand.legal_moves()] == [best]


def test_a_smaller_target() -> None:
    match = Match("5", CARD.with_target(10))
    while not match.is_over:
        play_out(match.hand)
        if not match.is_over:
            match.next_hand()
    assert max(match.scores) >= 10
    assert match.winner == match.scores.index(max(match.scores))


def test_the_next_hand_waits_for_the_end_of_this_one() -> None:
    match = Match("7")
    with pytest.raises(LonganaError, match="still being played"):
        match.next_hand()


def test_deals_are_reproducible_from_the_deal_number() -> None:
    assert Match("abc").hand.start == Match("abc").hand.start
    assert Match("abc").hand.start != Match("abd").hand.start
    assert Match(12).seed == "12"


@pytest.mark.parametrize("seed", ["7", "8"])
def test_restart_replays_the_hand_from_its_deal_keeping_earlier_scores(seed: str) -> None:
    match = Match(seed)
    play_out(match.hand)
    match.next_hand()
    before = match.scores
    hand = match.hand
    for _ in range(5):
        hand.push(hand.legal_moves()[-1])
    again = match.restart_hand()
    assert again is match.hand and again is not hand
    assert again.start == hand.start
    assert again.history == [] and again.board.opening is None
    assert (again.opener, again.first_hand, again.winner_before, again.opener_before) == (
        hand.opener,
        hand.first_hand,
        hand.winner_before,
        hand.opener_before,
    )
    assert match.scores == before
    # restarting a finished hand takes its points back
    play_out(again)
    match.restart_hand()
    assert match.scores == before
    assert len(match.hands) == 2
