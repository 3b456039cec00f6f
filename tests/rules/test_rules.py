"""One test (or a few) per rule of rules.md, on hand-built positions, run for every seat.

Each scenario is told from South's point of view and rotated by ``k`` seats (see conftest),
so "South" below means "the seat k places counterclockwise from South".
"""

from __future__ import annotations

import random

import pytest
from conftest import dealt, every_seat, legal, long, moves, play, seat, tiles, turn, turn_move

import longana.rules.hand
from longana import (
    Board,
    BranchClosedError,
    Hand,
    Move,
    MustPlayError,
    NoDoubleError,
    NoMatchError,
    NotYourTileError,
    NotYourTurnError,
    OpeningError,
    PriorityError,
    Tile,
)
from longana.rules.hand import find_opener
from longana.rules.tiles import SEATS, mask_of

# -- who opens ---------------------------------------------------------------------------------


@every_seat
def test_first_hand_the_highest_double_opens_and_only_with_it(k: int) -> None:
    # East holds 8-8 and 5-5, North 7-7: nobody has 9-9, so East opens with 8-8 only.
    hand = dealt(k, {"E": "8-8 5-5", "N": "7-7"}, first_hand=True, pad_doubles=False)
    assert hand.opener == seat("E", k)
    assert hand.to_move == seat("E", k)
    assert legal(hand) == {"8-8"}
    with pytest.raises(OpeningError, match="opens the hand with 8-8") as error:
        hand.push(Move.parse("5-5"))
    assert long("E", k) in str(error.value)
    with pytest.raises(OpeningError):
        hand.push(Move.parse("pass"))


@every_seat
def test_later_hand_the_winner_chooses_any_of_its_doubles(k: int) -> None:
    # South won the last hand and holds 2-2 and 5-5; East's 9-9 does not matter.
    hand = dealt(k, {"S": "2-2 5-5", "E": "9-9"}, winner="S", pad_doubles=False)
    assert hand.opener == seat("S", k)
    assert legal(hand) == {"2-2", "5-5"}
    hand.push(Move.parse("2-2"))  # the lower one is fine
    assert hand.board.ends == [2, 2, 2, 2]
    assert hand.to_move == seat("E", k)


@every_seat
def test_winner_without_a_double_next_holder_counterclockwise_opens(k: int) -> None:
    # South won but holds no double; East neither; North holds 1-1, West 9-9: North opens.
    hand = dealt(k, {"N": "1-1", "W": "9-9"}, winner="S", pad_doubles=False)
    assert hand.opener == seat("N", k)
    assert legal(hand) == {"1-1"}
    # ...and the search wraps round: West won, holds none, South holds one.
    hand = dealt(k, {"S": "3-3", "E": "9-9"}, winner="W", pad_doubles=False)
    assert hand.opener == seat("S", k)


@every_seat
def test_after_a_tied_block_the_search_starts_right_of_the_previous_opener(k: int) -> None:
    # North opened the tied hand. West (North + 1) has no double, South has 3-3: South opens,
    # although North itself holds 9-9.
    hand = dealt(k, {"S": "3-3", "N": "9-9", "E": "8-8"}, previous_opener="N", pad_doubles=False)
    assert hand.opener == seat("S", k)
    assert legal(hand) == {"3-3"}
    # If North + 1 holds a double, it opens with any of them.
    hand = dealt(k, {"W": "1-1 4-4", "N": "9-9"}, previous_opener="N", pad_doubles=False)
    assert hand.opener == seat("W", k)
    assert legal(hand) == {"1-1", "4-4"}


def test_find_opener_needs_the_previous_result_for_a_later_hand() -> None:
    deal = [mask_of(tiles("9-9"))] * 4
    with pytest.raises(longana.RecordError, match="previous hand's winner"):
        find_opener(deal, False, None, None)


# -- redeal ------------------------------------------------------------------------------------


def test_nobody_holds_a_double_means_a_redeal() -> None:
    plain = [t for t in longana.ALL_TILES if not t.is_double][:32]
    with pytest.raises(NoDoubleError, match="redealt"):
        Hand([plain[0:8], plain[8:16], plain[16:24], plain[24:32]])
    with pytest.raises(NoDoubleError):
        Hand([plain[0:8], plain[8:16], plain[16:24], plain[24:32]], first_hand=False, winner=0)


def test_hand_deal_keeps_dealing_until_someone_holds_a_double(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plain = [t for t in longana.ALL_TILES if not t.is_double][:32]
    no_double = [mask_of(plain[s * 8 : (s + 1) * 8]) for s in SEATS]
    good = longana.rules.hand.deal(random.Random(5))
    dealt = iter([no_double, no_double, good])
    monkeypatch.setattr(longana.rules.hand, "deal", lambda rng, rules: next(dealt))
    hand = Hand.deal(random.Random(0), first_hand=False, winner=2)
    assert list(hand.start) == good
    assert hand.winner_before == 2  # the same hand: the opener rule is unchanged


def test_a_match_whose_first_deal_has_no_double_is_redealt_from_the_same_stream() -> None:
    # Deal number "1393" was found by search: its first shuffle gives nobody a double.
    from longana.rules.match import Match, hand_rng
    from longana.rules.tiles import DOUBLES_MASK

    rng = hand_rng("1393", 0)
    first = longana.rules.hand.deal(rng)
    assert not any(m & DOUBLES_MASK for m in first)
    second = longana.rules.hand.deal(rng)
    assert Match("1393").hand.start == tuple(second)


# -- turns, passing, closing ---------------------------------------------------------------------

# West won the last hand and opens with 6-6. South, East and North pass and open their branches
# in that order; West plays 6-1 on South's open branch; East lays 1-1 across it (closing East);
# West turns its own end to 5; East passes again and goes to the back of the opening order.
REOPEN = {"W": "6-6 6-1 6-4 6-5", "E": "1-1"}
REOPEN_MOVES = [
    "6-6",
    "pass",
    "pass",
    "pass",
    "6-1@S",
    "pass",
    "1-1@S",
    "pass",
    "6-5@W",
    "pass",
    "pass",
    "pass",
]


@every_seat
def test_turns_go_counterclockwise_from_the_opener(k: int) -> None:
    hand = dealt(k, REOPEN, ends="615", winner="W")
    play(hand, REOPEN_MOVES, k)
    assert [s for s, _ in hand.history] == [seat(c, k) for c in "WSENWSENWSEN"]
    assert hand.to_move == seat("W", k)
    with pytest.raises(NotYourTurnError, match=f"it is {long('W', k)}'s turn"):
        hand.check(Move.parse("pass"), seat("S", k))


@every_seat
def test_passing_opens_and_reopening_goes_to_the_back_of_the_order(k: int) -> None:
    hand = dealt(k, REOPEN, ends="615", winner="W")
    order = hand.board.order
    play(hand, REOPEN_MOVES[:4], k)
    assert [order[seat(c, k)] for c in "SENW"] == [1, 2, 3, 0]
    # West may play a 6 on its own branch or on the earliest open one, South's, only.
    assert legal(hand) == moves(["6-1@S", "6-1@W", "6-4@S", "6-4@W", "6-5@S", "6-5@W"], k)
    play(hand, REOPEN_MOVES[4:6], k)
    assert order[seat("S", k)] == 1, "passing again keeps the branch's number"
    assert hand.board.ends[seat("S", k)] == 1, "a tile on an open branch moves its end..."
    play(hand, REOPEN_MOVES[6:7], k)  # East: 1-1 across South's branch
    assert order[seat("E", k)] == 0, "a double anywhere closes the player's own branch"
    assert order[seat("S", k)] == 1, "...and leaves that branch open"
    play(hand, REOPEN_MOVES[7:8], k)  # North passes again
    # West: East's branch is closed now, so 6-4 may go on North's (open) or West's own.
    assert legal(hand) == moves(["6-4@N", "6-4@W", "6-5@N", "6-5@W"], k)
    play(hand, REOPEN_MOVES[8:], k)
    assert [order[seat(c, k)] for c in "SENW"] == [1, 4, 3, 0]
    assert hand.board.next_order == 5
    # East and North are both open at 6, but East opened again after North: North first.
    assert legal(hand) == moves(["6-4@N"], k)
    with pytest.raises(PriorityError) as error:
        hand.push(Move.parse(turn_move("6-4@E", k)))
    assert f"{long('N', k)}'s branch opened before {long('E', k)}'s" in str(error.value)


@every_seat
def test_playing_on_your_own_branch_closes_it(k: int) -> None:
    hand = dealt(k, {"W": "6-6 5-0", "E": "6-2", "S": "2-5"}, ends="625", winner="W")
    play(hand, ["6-6", "pass", "6-2@S"], k)
    s = seat("S", k)
    assert hand.board.order[s] == 1 and hand.board.ends[s] == 2
    play(hand, ["pass", "pass"], k)
    assert legal(hand) == moves(["2-5@S"], k)
    play(hand, ["2-5@S"], k)
    assert hand.board.order[s] == 0
    assert hand.board.ends[s] == 5


@every_seat
def test_playing_on_another_open_branch_closes_your_own(k: int) -> None:
    hand = dealt(k, {"W": "6-6 5-0", "N": "6-2", "E": "2-5"}, ends="625", winner="W")
    play(hand, ["6-6", "pass", "pass"], k)
    # North: South (1st) and East (2nd) are open at 6, so 6-2 goes on South's or North's own.
    assert legal(hand) == moves(["6-2@S", "6-2@N"], k)
    play(hand, ["6-2@S", "pass", "pass"], k)
    assert hand.board.order[seat("E", k)] == 2
    play(hand, ["2-5@S"], k)
    assert hand.board.order[seat("E", k)] == 0
    assert hand.board.order[seat("S", k)] == 1
    assert hand.board.next_order == 4


@every_seat
def test_you_cannot_pass_while_you_have_a_move(k: int) -> None:
    hand = dealt(k, {"W": "6-6 5-0", "E": "6-2", "S": "2-5"}, ends="625", winner="W")
    play(hand, ["6-6", "pass", "6-2@S", "pass", "pass"], k)
    with pytest.raises(MustPlayError, match="must play when you can") as error:
        hand.push(Move.parse("pass"))
    assert turn_move("2-5@S", k) in str(error.value)
    assert long("S", k) in str(error.value)


# -- equal-end priority --------------------------------------------------------------------------

# The example of rules.md: West opens 6-6, South turns its end to 3, East then North pass at 6,
# West plays on its own branch. South holds 6-4 and 3-0.
EXAMPLE = {"W": "6-6 6-0", "S": "6-3 6-4 3-0"}
EXAMPLE_MOVES = ["6-6", "6-3@S", "pass", "pass", "6-0@W"]


@every_seat
def test_the_worked_priority_example(k: int) -> None:
    hand = dealt(k, EXAMPLE, ends="630", winner="W")
    play(hand, EXAMPLE_MOVES, k)
    assert hand.to_move == seat("S", k)
    assert legal(hand) == moves(["6-4@E", "3-0@S"], k)
    with pytest.raises(PriorityError) as error:
        hand.push(Move.parse(turn_move("6-4@N", k)))
    assert f"{long('E', k)}'s branch opened before {long('N', k)}'s" in str(error.value)
    assert error.value.code == "priority"
    assert error.value.params == {"branch": turn("N", k), "earlier": turn("E", k), "end": 6}
    with pytest.raises(NoMatchError, match="its end is 3"):
        hand.push(Move.parse(turn_move("6-4@S", k)))
    with pytest.raises(BranchClosedError, match="is closed"):
        hand.push(Move.parse(turn_move("3-0@W", k)))
    with pytest.raises(NotYourTileError, match="not in"):
        hand.push(Move.parse(turn_move("6-5@E", k)))
    hand.push(Move.parse(turn_move("6-4@E", k)))
    assert hand.board.ends[seat("E", k)] == 4


@every_seat
def test_your_own_branch_is_exempt_from_priority(k: int) -> None:
    # South opens 6-6 itself; East and North pass; South's own branch (closed, at 6) stays
    # allowed besides East's, and North's is refused.
    hand = dealt(k, {"S": "6-6 6-4 6-2", "W": "6-0"}, ends="60", winner="S")
    play(hand, ["6-6", "pass", "pass", "6-0@W"], k)
    assert legal(hand) == moves(["6-4@S", "6-4@E", "6-2@S", "6-2@E"], k)


def open_board(k: int, ends: list[int], opened: str) -> Board:
    """A board with the given ends (South's point of view) whose branches in ``opened``
    opened in that order."""
    board = Board()
    board.open_with(Tile(9, 9))
    for s in SEATS:
        board.ends[seat("SENW"[s], k)] = ends[s]
    for letter in opened:
        board.pass_turn(seat(letter, k))
    return board


def plays(board: Board, k: int, held: str) -> set[str]:
    return {str(m) for m in board.plays_for(seat("S", k), mask_of(tiles(held)))}


@every_seat
def test_own_branch_opened_first_is_not_counted_among_the_several(k: int) -> None:
    # South's own branch opened first, then East's, then North's, all at 6: East's is the
    # earliest *other* branch, so 6-4 goes on South's own or East's, never North's.
    board = open_board(k, [6, 6, 6, 6], "SEN")
    assert plays(board, k, "6-4") == moves(["6-4@S", "6-4@E"], k)


@every_seat
def test_doubles_on_closed_branches_are_free_on_open_ones_obey_priority(k: int) -> None:
    # East opened before North, both at 3; West is closed at 3; South's own end is 1.
    board = open_board(k, [1, 3, 3, 3], "EN")
    assert plays(board, k, "3-3") == moves(["3-3@E", "3-3@W"], k)
    error = board.reason(seat("S", k), Tile(3, 3), seat("N", k))
    assert isinstance(error, PriorityError)
    assert f"{long('E', k)}'s branch opened before {long('N', k)}'s" in str(error)
    # A plain tile may not go on the closed branch at all.
    assert plays(board, k, "3-2") == moves(["3-2@E"], k)
    assert isinstance(board.reason(seat("S", k), Tile(3, 2), seat("W", k)), BranchClosedError)


@every_seat
def test_a_tile_matching_two_open_branches_with_different_ends_may_go_on_either(k: int) -> None:
    board = open_board(k, [1, 6, 4, 6], "WEN")
    # 6-4: West's is the earliest at 6 (East's loses to it); North's is alone at 4.
    assert plays(board, k, "6-4") == moves(["6-4@W", "6-4@N"], k)


@every_seat
def test_a_double_is_laid_across_it_keeps_the_end_and_gives_no_extra_turn(k: int) -> None:
    # East opens 6-6; North turns its end to 3; West passes; South lays 3-3 across North's
    # closed branch. (East keeps 3-0, so the hand is not blocked.)
    hand = dealt(k, {"E": "6-6 3-0", "N": "6-3", "S": "3-3"}, ends="63", winner="E")
    play(hand, ["6-6", "6-3@N", "pass"], k)
    assert legal(hand) == moves(["3-3@N"], k)
    play(hand, ["3-3@N"], k)
    n = seat("N", k)
    assert hand.board.ends[n] == 3
    assert hand.board.branches[n] == tuple(tiles("6-3 3-3"))
    assert [(inner, outer) for _, inner, outer in hand.board.placed(n)] == [(6, 3), (3, 3)]
    assert not hand.is_over
    assert hand.to_move == seat("E", k)


# -- the end of a hand -------------------------------------------------------------------------

DOMINO = {
    "S": "6-6 6-5 5-4 4-3 3-2 2-1 1-0 9-0",
    "E": "5-0 5-1 5-2 5-3 4-0 4-1 4-2 3-0",  # 44 pips
    "N": "3-1 2-0 7-0 7-1 7-2 7-3 7-4 7-5",  # 63 pips
    "W": "8-0 8-1 8-2 8-3 8-4 8-5 9-1 9-2",  # 84 pips
}


@every_seat
def test_domino_scores_the_pips_left_in_the_other_hands(k: int) -> None:
    hand = dealt(k, DOMINO, winner="S")
    chain = ["6-5@S", "5-4@S", "4-3@S", "3-2@S", "2-1@S", "1-0@S", "9-0@S"]
    play(hand, ["6-6"], k)
    for move in chain:
        assert not hand.is_over
        play(hand, ["pass", "pass", "pass", move], k)
    outcome = hand.outcome
    assert outcome is not None
    assert (outcome.reason, outcome.winner, outcome.points) == ("domino", seat("S", k), 191)
    assert outcome.pips[seat("S", k)] == 0
    assert outcome.pips[seat("W", k)] == 84
    assert "scores 191" in outcome.describe()
    assert hand.legal_moves() == []
    with pytest.raises(longana.HandOverError, match="the hand is over"):
        hand.push(Move.parse("pass"))


BLOCKED = {
    "S": "9-9 8-7 8-6 8-5 8-4 8-3 8-2 8-1",  # 84 once 9-9 is down
    "E": "7-6 7-5 7-4 7-3 7-2 7-1 7-0 6-5",  # 81
    "N": "6-4 6-3 6-2 6-1 6-0 5-4 5-3 5-2",  # 64
    "W": "5-1 5-0 4-3 4-2 4-1 4-0 3-2 3-1",  # 42
}


@every_seat
def test_block_right_after_the_opening_unique_low_takes_all_pips(k: int) -> None:
    hand = dealt(k, BLOCKED, first_hand=True)
    assert not hand.is_over
    play(hand, ["9-9"], k)  # nobody else holds a 9: nobody can ever play
    outcome = hand.outcome
    assert outcome is not None
    assert outcome.reason == "block"
    assert outcome.winner == seat("W", k)
    assert outcome.points == 84 + 81 + 64 + 42  # its own 42 included
    assert [outcome.pips[seat(c, k)] for c in "SENW"] == [84, 81, 64, 42]


TIED = {
    "S": "9-9 8-8 7-7 6-6 5-5 4-4 3-3 2-2",  # 70 once 9-9 is down
    "E": "8-7 8-6 8-5 8-4 8-3 8-2 8-1 8-0",  # 92
    "N": "7-6 7-5 7-4 5-3 7-2 7-1 7-0 4-3",  # 75
    "W": "6-5 6-4 6-3 6-2 6-1 6-0 5-4 7-3",  # 70
}


@every_seat
def test_tied_block_nobody_scores(k: int) -> None:
    hand = dealt(k, TIED, first_hand=True)
    play(hand, ["9-9"], k)
    outcome = hand.outcome
    assert outcome is not None
    assert (outcome.reason, outcome.winner, outcome.points) == ("block", None, 0)
    assert [outcome.pips[seat(c, k)] for c in "SENW"] == [70, 92, 75, 70]
    assert "nobody scores" in outcome.describe()


@every_seat
def test_block_is_found_right_after_the_play_that_causes_it(k: int) -> None:
    # West opens 5-5; South's 5-0 is the last tile holding a 5 or a 0 anywhere.
    hand = dealt(k, {"W": "5-5", "S": "5-0 1-1"}, ends="50", winner="W")
    play(hand, ["5-5"], k)
    assert not hand.is_over
    assert legal(hand) == moves(["5-0@S"], k)
    play(hand, ["5-0@S"], k)
    outcome = hand.outcome
    assert outcome is not None and outcome.reason == "block"
    assert len(hand.history) == 2, "nobody had to pass round the table first"
    low = min(outcome.pips)
    assert outcome.winner == outcome.pips.index(low)
    assert outcome.points == sum(outcome.pips)


def test_explain_names_the_rule_for_every_branch() -> None:
    hand = dealt(0, EXAMPLE, ends="630", winner="W")
    play(hand, EXAMPLE_MOVES, 0)
    verdicts = hand.explain(0, Tile(6, 4))
    assert [v.allowed for v in verdicts] == [False, True, False, False]
    assert [type(v.error) for v in verdicts] == [
        NoMatchError,
        type(None),
        PriorityError,
        NoMatchError,
    ]
    assert all(isinstance(v.error, NotYourTileError) for v in hand.explain(1, Tile(6, 4)))
