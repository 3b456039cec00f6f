"""Inference from plays: the model of the other seats' choices, and the weighted walk."""

from __future__ import annotations

import math
import random
import sys

import pytest
from conftest import any_hand, play_randomly, replays_legally
from hypothesis import given, settings
from hypothesis import strategies as st

from longana.players.inference import PlayModel, float_sum, weighted_deals
from longana.players.levels import choose
from longana.players.normal import smart_keys
from longana.players.sampler import Knowledge, sample_deals
from longana.rules.match import Match
from longana.rules.view import SeatView


def reference_loglik(view: SeatView, seat: int, held: int, model: PlayModel) -> float:
    """The model's log-likelihood computed the slow way: replay the record, rebuild the seat's
    tiles at each of its plays and rate its legal moves with ``smart_keys``."""
    total = 0.0
    laid_after = 0
    events = list(view.replay())
    for mover, move, board in reversed(events):
        if mover != seat or move.tile is None:
            continue
        laid_after |= move.tile.bit
        if board.opening is None:
            continue  # the opening (checked on its own below)
        hand = held | laid_after
        moves = board.plays_for(seat, hand)
        if len(moves) < 2:
            continue
        keys = smart_keys(board, seat, hand, moves)
        mine = keys[moves.index(move)]
        top = max(keys)
        soft = math.exp(model.beta * (mine - top)) / sum(
            math.exp(model.beta * (k - top)) for k in keys
        )
        total += math.log((1 - model.slip) * soft + model.slip / len(keys))
    return total


def normal_positions(matches: int) -> list[tuple[SeatView, list[int]]]:
    """Positions (seat 0's view, the true holdings) from matches of four normal players."""
    found = []
    for i in range(matches):
        match = Match(f"inference:{i}")
        while True:
            hand = match.hand
            while hand.outcome is None:
                view = SeatView.of(hand, hand.to_move, match.scores, match.target)
                if hand.to_move == 0 and len(view.history) > 8:
                    found.append((view, list(hand.held)))
                match.push(choose(view, "normal", i))
            if match.is_over:
                break
            match.next_hand()
    return found


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(4, 40), watcher=st.integers(0, 3))
def test_the_fast_likelihood_is_the_model(seed: int, moves: int, watcher: int) -> None:
    """With the true tiles (and so every earlier hand known), the precomputed options give
    the same likelihood as rating each past decision from scratch."""
    hand = play_randomly(any_hand(seed), random.Random(seed), moves)
    if hand.outcome is not None:
        return
    view = SeatView.of(hand, watcher)
    model = PlayModel(view)
    for s in range(4):
        if s == watcher:
            continue
        expected = reference_loglik(view, s, hand.held[s], model)
        opening = [d for d in model.decisions[s] if d[0] < 0]
        if not opening:
            assert model.loglik(s, hand.held[s]) == pytest.approx(expected)
        assert model.loglik(s, hand.held[s]) <= 0.0


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    moves=st.integers(0, 40),
    watcher=st.integers(0, 3),
    draw=st.integers(0, 10**6),
)
def test_weighted_deals_agree_with_everything_known(
    seed: int, moves: int, watcher: int, draw: int
) -> None:
    hand = play_randomly(any_hand(seed), random.Random(seed), moves)
    if hand.outcome is not None:
        return
    view = SeatView.of(hand, watcher)
    know = Knowledge.of(view)
    deals = list(weighted_deals(view, random.Random(draw), 5, mix=10))
    assert len(deals) == 5
    for held in deals:
        assert know.agrees(held)
        assert replays_legally(hand, held)


def test_same_seed_same_deals() -> None:
    hand = play_randomly(any_hand(5), random.Random(5), 20)
    view = SeatView.of(hand, hand.to_move)
    one = list(weighted_deals(view, random.Random(3), 8))
    two = list(weighted_deals(view, random.Random(3), 8))
    assert one == two


def test_the_record_points_at_the_true_tiles() -> None:
    """Against normal players, deals drawn by the plays' likelihood give the other seats more
    of their true tiles than uniform deals do, and the walk keeps moving (many different
    deals), so its draws do not collapse onto one guess."""
    uniform = weighted = 0.0
    distinct = []
    positions = normal_positions(6)[::3]
    assert len(positions) > 30
    for k, (view, true) in enumerate(positions):
        for name, draw in (
            ("u", sample_deals(view, random.Random(k), 12)),
            ("w", weighted_deals(view, random.Random(k), 12)),
        ):
            deals = list(draw)
            share = sum(
                bin(held[s] & true[s]).count("1") / view.counts[s]
                for held in deals
                for s in range(1, 4)
                if view.counts[s]
            )
            if name == "u":
                uniform += share
            else:
                weighted += share
                distinct.append(len({tuple(h) for h in deals}))
    assert weighted > 1.15 * uniform, (weighted, uniform)
    assert sorted(distinct)[len(distinct) // 2] >= 10


# Pyodide's sum (Python 3.13, the browser) of these: the computer's choices add floats as it does
BROWSER_SUMS = [
    "-0x1.5e50f62b33213p+26",
    "0x1.40cbf07169e26p+18",
    "0x1.d64bb6f25bcf8p+25",
    "0x1.028a0cc6d32c4p+26",
    "0x1.27bf62c2084a6p+25",
    "0x1.7ad51b681dc09p+25",
]


def test_floats_are_added_as_the_browser_adds_them() -> None:
    """Issue 30's audit: a hard class's result played under CPython 3.11 was refused in the
    browser (``sum`` of floats rounds otherwise from 3.12 on, and the hard computer's equity
    used it): ``float_sum`` adds as Python 3.12 and later do, in any Python."""
    for k, want in enumerate(BROWSER_SUMS):
        r = random.Random(k)
        values = [r.uniform(-1, 1) * 10.0 ** r.randint(-8, 8) for _ in range(4 + 3 * k)]
        assert float_sum(values).hex() == want
        if sys.version_info >= (3, 12):
            assert float_sum(values) == sum(values)
