"""Tournaments: a small seeded run as a smoke test, and the statistics they print."""

from __future__ import annotations

import io
import sys

import pytest
from conftest import random_position

from longana.cli import main
from longana.lab.tournament import Tally, play_match, report, run, wilson


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
    assert (
        main(["tournament", "--matches", "4", "--seed", "3", "--levels", "normal,easy,easy,easy"])
        == 0
    )
    text = out.getvalue()
    assert text.startswith("4 matches") and "normal" in text and "easy" in text


@pytest.mark.parametrize("levels", ["normal,easy,easy", "normal,easy,easy,expert"])
def test_tournament_command_refuses_bad_levels(levels: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["tournament", "--matches", "2", "--levels", levels])
    assert stop.value.code == 2


def test_the_baseline_is_frozen() -> None:
    """``hard-2025`` (today's hard before issue 12) keeps making the same moves: it is the
    yardstick of every change to ``hard``. These are its choices as first recorded."""
    from longana.lab.tournament import TOURNAMENT_LEVELS, choose
    from longana.players.levels import LEVELS
    from longana.rules.view import SeatView

    assert "hard-2025" in TOURNAMENT_LEVELS and "hard-2025" not in LEVELS
    moves = []
    for seed in range(40):
        hand = random_position(seed, later=bool(seed % 2))
        view = SeatView.of(hand, hand.to_move, (seed % 100, (7 * seed) % 100, 50, 90))
        if len(view.legal_moves()) > 1:
            moves.append(str(choose(view, "hard-2025", seed)))
    assert moves == [
        "9-0@W",
        "8-6@W",
        "8-0@S",
        "9-3@S",
        "7-1@E",
        "3-3@E",
        "6-4@W",
        "7-7@S",
        "6-0@S",
        "4-4@S",
        "8-1@N",
        "0-0@E",
        "6-0@W",
        "7-0@S",
        "8-4@S",
        "6-2@E",
        "8-7@E",
        "6-6@E",
    ]


def test_matches_add_up_the_same_one_by_one() -> None:
    """A tournament is the sum of its matches, each a function of its number alone (which is
    what lets ``--jobs`` play them in other processes)."""
    from longana.lab.tournament import _add, _one

    levels = ("hard-2025", "normal", "easy", "easy")
    whole = run(levels, 3, seed=2)
    parts = {level: Tally() for level in levels}
    for level in levels:
        parts[level].seats += 1
    for i in reversed(range(3)):
        _add(parts, _one((levels, 2, i)))
    for level in levels:
        a, b = whole[level], parts[level]
        assert (a.wins, a.points, a.seat_hands, len(a.times)) == (
            b.wins,
            b.points,
            b.seat_hands,
            len(b.times),
        )


def test_tournament_command_takes_jobs_and_the_baseline(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert (
        main(
            [
                "tournament",
                "--matches",
                "2",
                "--seed",
                "3",
                "--jobs",
                "1",
                "--levels",
                "hard-2025,easy,easy,easy",
            ]
        )
        == 0
    )
    assert "hard-2025" in out.getvalue()
    with pytest.raises(SystemExit):
        main(["tournament", "--matches", "2", "--jobs", "0"])
