"""Random play with invariants checked after every step (Hypothesis stateful testing).

A machine plays whole matches with random legal moves, deals the next hands, restarts hands
now and then, and after every step checks what must always hold: every tile of the set, the
branch ends, open/closed flags and opening numbers, blocks, scores, and save → load. It runs
once per preset the game offers and once for a double-six set (``conftest.EVERY_RULES``): the
engine takes the set, the hand size and the target from the match's rules.
"""

from __future__ import annotations

import json

from conftest import EVERY_RULES
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from longana.rules.hand import Hand
from longana.rules.match import Match
from longana.rules.records import match_from_dict, match_to_dict
from longana.rules.tiles import MATCH_MASK, PASS, SEATS
from longana.rules.variant import CARD, Rules
from longana.rules.view import SeatView


def placed_mask(hand: Hand) -> int:
    board = hand.board
    mask = 0 if board.opening is None else board.opening.bit
    for branch in board.branches:
        for tile in branch:
            assert not mask & tile.bit, f"{tile} placed twice"
            mask |= tile.bit
    return mask


def anyone_could_play_with_every_branch_open(hand: Hand) -> bool:
    board = hand.board.copy()
    for seat in SEATS:
        board.pass_turn(seat)
    return any(board.plays_for(seat, hand.held[seat]) for seat in SEATS)


class RandomMatch(RuleBasedStateMachine):
    # each subclass below: one of EVERY_RULES (not ``rules``: the machine's own method)
    match_rules: Rules = CARD
    match: Match
    highest_order: int

    @initialize(seed=st.integers(0, 10**9))
    def deal(self, seed: int) -> None:
        self.match = Match(str(seed), self.match_rules)
        self.highest_order = 0

    @property
    def hand(self) -> Hand:
        return self.match.hand

    @precondition(lambda self: not self.hand.is_over)
    @rule(pick=st.integers(0, 2**16))
    def play(self, pick: int) -> None:
        hand = self.hand
        legal = hand.legal_moves()
        assert len(set(legal)) == len(legal), "a legal move listed twice"
        move = legal[pick % len(legal)]
        seat = hand.to_move
        scores = self.match.scores
        order_before = hand.board.order[:]
        self.match.push(move)
        order = hand.board.order
        if move is PASS:
            assert order[seat] > 0
            if order_before[seat]:
                assert order[seat] == order_before[seat], "passing again keeps the number"
            else:
                assert order[seat] > self.highest_order, "a new number is later than all"
                assert order[seat] == hand.board.next_order - 1
                self.highest_order = order[seat]
        elif move.branch is not None:
            assert order[seat] == 0, "a play closes the player's own branch"
        for other in SEATS:
            if other != seat:
                assert order[other] == order_before[other], "only the mover's flag changes"
        if hand.outcome is None:
            assert self.match.scores == scores, "scores change only at a hand's end"
            assert hand.to_move == (seat + 1) % 4
        else:
            gained = [
                after - before for after, before in zip(self.match.scores, scores, strict=True)
            ]
            winner = hand.outcome.winner
            assert gained == [hand.outcome.points if s == winner else 0 for s in SEATS]

    @precondition(lambda self: self.hand.is_over and not self.match.is_over)
    @rule()
    def next_hand(self) -> None:
        self.match.next_hand()
        self.highest_order = 0

    @precondition(lambda self: len(self.hand.history) > 3)
    @rule()
    def restart(self) -> None:
        scores = self.match.scores_before(len(self.match.hands) - 1)
        hand = self.match.restart_hand()
        assert hand.history == [] and self.match.scores == scores
        self.highest_order = 0

    # -- invariants, checked after every step --------------------------------------------------

    @invariant()
    def every_tile_is_accounted_for(self) -> None:
        hand = self.hand
        held = 0
        for mask in hand.held:
            assert not held & mask, "a tile in two hands"
            held |= mask
        placed = placed_mask(hand)
        assert not held & placed, "a tile both held and placed"
        dealt = hand.start[0] | hand.start[1] | hand.start[2] | hand.start[3]
        assert held | placed == dealt
        rules = self.match_rules
        assert hand.rules is rules and not dealt & ~rules.mask, "a tile from outside the set"
        assert [m.bit_count() for m in hand.start] == [rules.hand_size] * 4
        unused = rules.mask & ~dealt
        assert held.bit_count() + placed.bit_count() + unused.bit_count() == rules.tiles
        assert unused.bit_count() == rules.unused

    @invariant()
    def ends_follow_the_tiles_placed(self) -> None:
        board = self.hand.board
        if board.opening is None:
            assert board.branches == [(), (), (), ()]
            return
        for branch in SEATS:
            end = board.opening.high
            for tile, inner, outer in board.placed(branch):
                assert inner == end and tile.matches(inner)
                assert {inner, outer} == {tile.high, tile.low}
                end = outer
            assert board.ends[branch] == end

    @invariant()
    def opening_numbers_are_distinct_and_below_the_next(self) -> None:
        board = self.hand.board
        numbers = [o for o in board.order if o]
        assert len(numbers) == len(set(numbers))
        assert all(0 < o < board.next_order for o in numbers)

    @invariant()
    def a_live_hand_always_has_a_move_and_a_block_is_exact(self) -> None:
        hand = self.hand
        if hand.outcome is None:
            assert hand.legal_moves(), "a live hand without a legal move (not even pass)"
            if hand.is_opened:
                assert anyone_could_play_with_every_branch_open(hand), "an undeclared block"
        elif hand.outcome.reason == "block":
            assert not anyone_could_play_with_every_branch_open(hand)
            ends = 0
            for end in hand.board.ends:
                ends |= MATCH_MASK[end]
            assert not (hand.held[0] | hand.held[1] | hand.held[2] | hand.held[3]) & ends
            low = min(hand.outcome.pips)
            if hand.outcome.pips.count(low) == 1:
                assert hand.outcome.points == sum(hand.outcome.pips)
            else:
                assert (hand.outcome.winner, hand.outcome.points) == (None, 0)
        else:
            assert hand.held[hand.outcome.winner or 0] == 0
            assert hand.outcome.pips == tuple(hand.pips(s) for s in SEATS)

    @invariant()
    def save_and_load_give_an_equal_state(self) -> None:
        data = json.loads(json.dumps(match_to_dict(self.match)))
        loaded = match_from_dict(data)
        assert loaded.hands == self.match.hands
        assert (loaded.seed, loaded.rules, loaded.scores) == (
            self.match.seed,
            self.match_rules,
            self.match.scores,
        )
        assert match_to_dict(loaded) == data
        assert self.hand.copy() == self.hand

    @invariant()
    def seat_views_agree_with_the_hand(self) -> None:
        hand = self.hand
        for seat in SEATS:
            view = SeatView.of(hand, seat, self.match.scores)
            assert view.rules is self.match_rules and view.target == self.match.target
            hidden = view.unseen()
            assert hidden == self.match_rules.mask & ~placed_mask(hand) & ~hand.held[seat]
            if seat == hand.to_move and not hand.is_over:
                assert view.legal_moves() == hand.legal_moves()


def cases() -> dict[str, type]:
    """One test case per rules value: ``TestRandomMatch_card``, ``…_double-six`` …"""
    out = {}
    for name, rules in EVERY_RULES.items():
        machine = type(f"RandomMatch_{name}", (RandomMatch,), {"match_rules": rules})
        machine.TestCase.settings = settings(
            max_examples=25,
            stateful_step_count=80,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        )
        out["TestRandomMatch_" + name.replace("-", "_")] = machine.TestCase
    return out


globals().update(cases())
