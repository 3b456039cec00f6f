"""Tournaments: a small seeded run as a smoke test, and the statistics they print."""

from __future__ import annotations

import io
import sys

import pytest

from longana.cli import main
from longana.tournament import play_match, report, run, wilson


def test_a_small_tournament_runs_and_adds_up() -> None:
    tallies = run(["hard", "normal", "easy", "easy"], 4, seed=1)
    assert set(tallies) == {"hard", "normal", "easy"}
    assert sum(t.wins for t in tallies.values()) == 4
    assert [tallies[k].seats for k in ("hard", "normal", "easy")] == [1, 1, 2]
    assert all(t.times and t.seat_hands for t in tallies.values())
    text = report(tallies, 4)
    assert "hard" in text and "95% CI" in text and "median" in text


def test_matches_repeat_from_their_seed() -> None:
    one = play_match(["normal", "easy", "hard", "easy"], "t:1", 5)
    two = play_match(["normal", "easy", "hard", "easy"], "t:1", 5)
    assert one.scores == two.scores and one.winner == two.winner
    assert [h.played for h in one.hands] == [h.played for h in two.hands]


def test_wilson_interval() -> None:
    low, high = wilson(45, 100)
    assert low == pytest.approx(0.3561, abs=1e-3) and high == pytest.approx(0.5475, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_tournament_command(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["tournament", "--matches", "4", "--seed", "3",
                 "--levels", "normal,easy,easy,easy"]) == 0
    text = out.getvalue()
    assert text.startswith("4 matches") and "normal" in text and "easy" in text


@pytest.mark.parametrize("levels", ["normal,easy,easy", "normal,easy,easy,expert"])
def test_tournament_command_refuses_bad_levels(levels: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["tournament", "--matches", "2", "--levels", levels])
    assert stop.value.code == 2
