"""Issue 23's two corrections, behind HardConfig's knobs: the others' plays read with normal's
blocking and pressing terms, and a match equity that knows our seat is the stronger."""

from __future__ import annotations

import math
import random

import pytest
from conftest import any_hand, play_randomly
from hypothesis import given, settings
from hypothesis import strategies as st

from longana.players.hard import EQUITY_UNIT, HARD, HardConfig, equity, make_hard, match_worth
from longana.players.inference import PlayModel
from longana.players.levels import decide
from longana.players.normal import BLOCKER, lacking, leader, smart_keys
from longana.players.sampler import Knowledge
from longana.rules.hand import Outcome
from longana.rules.tiles import tiles_of
from longana.rules.view import SeatView


def pressing_reference(view: SeatView, seat: int, held: int, model: PlayModel) -> float:
    """The pressing model's log-likelihood the slow way: at each of ``seat``'s plays, its own
    view then (its tiles: ``held`` plus what it laid since), rated by ``smart_keys`` plus
    normal's own blocking and pressing term from normal's ``lacking`` and ``leader``."""
    total = 0.0
    laid_after = 0
    events = list(view.replay())
    for index in range(len(events) - 1, -1, -1):
        mover, move, board = events[index]
        if mover != seat or move.tile is None:
            continue
        laid_after |= move.tile.bit
        if board.opening is None:
            continue
        hand = held | laid_after
        moves = board.plays_for(seat, hand)
        if len(moves) < 2:
            continue
        then = SeatView(
            seat=seat,
            tiles=tuple(tiles_of(hand)),
            opening=board.opening,
            branches=tuple(board.branches),
            ends=tuple(board.ends),
            order=tuple(board.order),
            next_order=board.next_order,
            counts=view.counts,
            history=view.history[:index],
            to_move=seat,
            opener=view.opener,
            scores=view.scores,
            rules=view.rules,
            first_hand=view.first_hand,
            search_from=view.search_from,
        )
        lacks = lacking(Knowledge.of(then))
        pressed = leader(then)
        keys = smart_keys(board, seat, hand, moves)
        for k, m in enumerate(moves):
            tile, branch = m.tile, m.branch
            assert tile is not None and branch is not None
            if branch == seat or tile.is_double or not hand ^ tile.bit:
                continue
            after = board.copy()
            after.apply(seat, m)
            if lacks[branch] >> after.ends[branch] & 1:
                keys[k] += BLOCKER * (2 if branch == pressed else 1)
            elif branch == pressed:
                keys[k] -= BLOCKER
        mine = keys[moves.index(move)]
        top = max(keys)
        soft = math.exp(model.beta * (mine - top)) / sum(
            math.exp(model.beta * (k - top)) for k in keys
        )
        total += math.log((1 - model.slip) * soft + model.slip / len(keys))
    return total


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    moves=st.integers(4, 44),
    watcher=st.integers(0, 3),
    scores=st.sampled_from([(0, 0, 0, 0), (20, 80, 70, 10), (90, 30, 75, 72)]),
)
def test_the_pressing_model_is_normals_blocking_and_pressing(
    seed: int, moves: int, watcher: int, scores: tuple[int, ...]
) -> None:
    hand = play_randomly(any_hand(seed), random.Random(seed), moves)
    if hand.outcome is not None:
        return
    view = SeatView.of(hand, watcher, scores)
    model = PlayModel(view, pressing=True)
    for s in range(4):
        if s == watcher or any(d[0] < 0 for d in model.decisions[s]):
            continue  # (the opening's likelihood is checked with the plain model)
        expected = pressing_reference(view, s, hand.held[s], model)
        assert model.loglik(s, hand.held[s]) == pytest.approx(expected)


def test_the_pressing_model_reads_passes() -> None:
    """Somewhere in random hands with passes the terms change the likelihood."""
    differ = 0
    for seed in range(60):
        hand = play_randomly(any_hand(seed), random.Random(seed), 30)
        if hand.outcome is not None:
            continue
        view = SeatView.of(hand, 0, (10, 80, 40, 20))
        plain, pressing = PlayModel(view), PlayModel(view, pressing=True)
        differ += any(
            plain.loglik(s, hand.held[s]) != pressing.loglik(s, hand.held[s]) for s in (1, 2, 3)
        )
    assert differ > 5


def test_equity_with_a_stronger_seat() -> None:
    assert equity((0, 0, 0, 0), 100, 2) == pytest.approx(0.25)
    assert equity((0, 0, 0, 0), 100, 2, strength=2.28) == pytest.approx(2.28 / 5.28)
    assert equity((100, 0, 0, 0), 100, 0, strength=0.5) == 1.0
    assert sum(equity((10, 50, 30, 70), 100, s) for s in range(4)) == pytest.approx(1.0)
    view = SeatView.of(any_hand(1), 0, (10, 50, 30, 70))
    won = Outcome("domino", 0, 25, (0, 9, 8, 8))
    assert match_worth(won, view) == pytest.approx(
        EQUITY_UNIT * (equity((35, 50, 30, 70), 100, 0) - equity((10, 50, 30, 70), 100, 0))
    )
    assert match_worth(won, view, 2.28) != match_worth(won, view)


@pytest.mark.parametrize("change", [{"pressing": True}, {"strength": 2.28}])
def test_the_corrected_hards_play_legally_and_repeat(change: dict[str, object]) -> None:
    player = make_hard(HardConfig(**{**HARD.__dict__, **change}))  # type: ignore[arg-type]
    for seed in range(6):
        hand = play_randomly(any_hand(seed), random.Random(seed), 12)
        if hand.outcome is not None:
            continue
        view = SeatView.of(hand, hand.to_move, (60, 70, 20, 90))
        move = decide(player, view, "hard", seed)
        assert move in view.legal_moves()
        assert decide(player, view, "hard", seed) == move
