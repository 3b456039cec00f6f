"""The yardstick: recorded decisions with their true deals, and the paired test of a variant."""

from __future__ import annotations

import pytest

from longana.lab import yardstick
from longana.lab.bench_players import main
from longana.lab.yardstick import VARIANTS, compare, record, record_match, true_worth
from longana.players.hard import match_worth, play_out
from longana.players.levels import choose
from longana.players.sampler import position


@pytest.fixture(scope="module")
def decisions() -> list[yardstick.Decision]:
    return record(2)


def test_recorded_decisions_are_hards_with_their_true_deals(
    decisions: list[yardstick.Decision],
) -> None:
    assert len(decisions) > 10
    for d in decisions:
        assert len(d.view.legal_moves()) > 1
        assert d.move == choose(d.view, "hard", d.seed)
        assert d.held[d.view.seat] == d.view.held
        # the true holdings agree with the view: the counts, and no tile seen on the table
        assert [bin(h).count("1") for h in d.held] == list(d.view.counts)
        others = 0
        for s, h in enumerate(d.held):
            if s != d.view.seat:
                assert not h & ~d.view.unseen()
                assert not h & others
                others |= h


def test_the_same_recording_with_any_number_of_processes(
    decisions: list[yardstick.Decision],
) -> None:
    assert record(2, jobs=2) == decisions
    assert record_match(1) == [d for d in decisions if d.seed == 1]


def test_a_moves_true_worth_is_its_play_out_on_the_true_deal(
    decisions: list[yardstick.Decision],
) -> None:
    d = decisions[3]
    for move in d.view.legal_moves():
        hand = position(d.view, d.held)
        hand.apply(move)
        assert true_worth(d, move) == match_worth(play_out(hand), d.view)


def test_hard_against_itself_is_zero_and_another_player_is_not(
    decisions: list[yardstick.Decision],
) -> None:
    same = compare(decisions, "hard")
    assert (same.mean, same.standard_error, same.changed) == (0.0, 0.0, 0.0)
    other = compare(decisions, "normal")
    assert other.changed > 0 and other.standard_error > 0
    assert other.decisions == same.decisions == len(decisions)


def test_bench_players_runs_the_yardstick(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--yardstick", "--matches", "1", "--variants", "hard"])
    out = capsys.readouterr().out
    assert '"variant": "hard"' in out and '"mean": 0.0' in out
    main(["--list"])
    assert set(capsys.readouterr().out.split("\n")) >= set(VARIANTS)
    with pytest.raises(SystemExit):
        main(["--yardstick", "--matches", "1", "--variants", "nobody"])
