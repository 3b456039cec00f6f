"""Tournaments between the computer levels: seeded matches, seats rotated, plain figures.

Match ``i`` of a tournament with seed ``S`` is dealt from deal number ``tournament:S:i`` and
the levels sit one seat further round each match, so every level opens and follows from
every seat equally often. Everything is repeatable except the decision times, which are the
CPU time of this process (so other work on a shared machine inflates them less than it would
wall-clock times). ``jobs`` > 1 plays the matches in that many processes (same results:
each match depends only on its number).
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..players.explain import HINT
from ..players.hard import make_hard
from ..players.levels import LEVELS, PLAYERS, Player, decide
from ..rules.match import Match
from ..rules.tiles import Move
from ..rules.variant import CARD, Rules
from ..rules.view import SeatView
from .baseline import hard_2025

# the levels, and the frozen baselines each change is measured against (tournaments only: the
# page and the hints offer LEVELS)
TOURNAMENT_PLAYERS: dict[str, Player] = {
    **PLAYERS,
    "hard-2025": hard_2025,
    "hard-hint": make_hard(HINT),  # the hint's weighing as a player (issue 36: not shipped)
}
TOURNAMENT_LEVELS = LEVELS + tuple(k for k in TOURNAMENT_PLAYERS if k not in LEVELS)


def choose(view: SeatView, level: str, seed: int) -> Move:
    """A level's or a baseline's move (see :func:`longana.players.levels.choose`)."""
    return decide(TOURNAMENT_PLAYERS[level], view, level, seed)


@dataclass
class Tally:
    """One level's figures over a tournament (all the seats it sat in together)."""

    seats: int = 0
    wins: int = 0
    points: int = 0
    seat_hands: int = 0
    times: list[float] = field(default_factory=list)
    choice_times: list[float] = field(default_factory=list)


def play_match(
    levels: Sequence[str],
    deal: str,
    seed: int,
    tallies: dict[str, Tally] | None = None,
    rules: Rules = CARD,
) -> Match:
    """Play one match of ``rules`` with ``levels[s]`` at seat ``s``; record decision times in
    tallies."""
    match = Match(deal, rules)
    while True:
        hand = match.hand
        number = len(match.hands)
        scores = match.scores
        while hand.outcome is None:
            seat = hand.to_move
            view = SeatView.of(hand, seat, scores)
            started = time.process_time()
            move = choose(view, levels[seat], seed * 64 + number)
            spent = time.process_time() - started
            if tallies is not None:
                tally = tallies[levels[seat]]
                tally.times.append(spent)
                if len(view.legal_moves()) > 1:
                    tally.choice_times.append(spent)
            hand.push(move)
        if match.is_over:
            return match
        match.next_hand()


MatchResult = tuple[list[str], int, list[tuple[int, int]], dict[str, Tally]]


def _one(args: tuple[tuple[str, ...], int, int]) -> MatchResult:
    """Match ``i`` of a tournament: the seating, the winner, (hands, points) per seat and
    the decision times by level."""
    levels, seed, i = args
    turn = i % 4
    seated = [levels[(s + turn) % 4] for s in range(4)]
    tallies = {level: Tally() for level in seated}
    match = play_match(seated, f"tournament:{seed}:{i}", seed * 1_000_003 + i, tallies)
    winner = match.winner
    assert winner is not None
    per_seat = [(len(match.hands), 0) for _ in range(4)]
    for hand in match.hands:
        outcome = hand.outcome
        if outcome is not None and outcome.winner is not None:
            hands, points = per_seat[outcome.winner]
            per_seat[outcome.winner] = (hands, points + outcome.points)
    return seated, winner, per_seat, tallies


def run(levels: Sequence[str], matches: int, seed: int = 0, jobs: int = 1) -> dict[str, Tally]:
    """``matches`` seeded matches, the levels one seat further round each match; ``jobs``
    processes (1: this one)."""
    if len(levels) != 4 or any(level not in TOURNAMENT_LEVELS for level in levels):
        raise ValueError(f"give four levels, one per seat, from {', '.join(TOURNAMENT_LEVELS)}")
    tallies = {level: Tally() for level in levels}
    for level in levels:
        tallies[level].seats += 1
    work = [(tuple(levels), seed, i) for i in range(matches)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            for result in pool.imap(_one, work, chunksize=2):
                _add(tallies, result)
    else:
        for result in map(_one, work):
            _add(tallies, result)
    return tallies


def _add(tallies: dict[str, Tally], result: MatchResult) -> None:
    seated, winner, per_seat, times = result
    tallies[seated[winner]].wins += 1
    for s, (hands, points) in enumerate(per_seat):
        tallies[seated[s]].seat_hands += hands
        tallies[seated[s]].points += points
    for level, t in times.items():
        tallies[level].times += t.times
        tallies[level].choice_times += t.choice_times


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) for a proportion ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _ms(times: list[float], q: float) -> float:
    if not times:
        return 0.0
    ordered = sorted(times)
    if q == 0.5:
        return 1000 * statistics.median(ordered)
    return 1000 * ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def report(tallies: dict[str, Tally], matches: int) -> str:
    lines = [
        f"{matches} matches, seats rotated each match",
        f"{'level':<10}{'seats':>6}{'wins':>6}{'win rate':>10}{'95% CI':>17}{'fair':>6}"
        f"{'pts/hand':>10}{'decisions':>11}{'median ms':>11}{'p99 ms':>8}"
        f"{'choices':>9}{'median ms':>11}{'p99 ms':>8}",
    ]
    for level, t in tallies.items():
        low, high = wilson(t.wins, matches)
        rate = t.wins / matches if matches else 0.0
        per_hand = t.points / t.seat_hands if t.seat_hands else 0.0
        lines.append(
            f"{level:<10}{t.seats:>6}{t.wins:>6}{rate:>10.1%}{f'{low:.1%}-{high:.1%}':>17}"
            f"{t.seats / 4:>6.0%}{per_hand:>10.1f}{len(t.times):>11}{_ms(t.times, 0.5):>11.2f}"
            f"{_ms(t.times, 0.99):>8.1f}{len(t.choice_times):>9}"
            f"{_ms(t.choice_times, 0.5):>11.2f}{_ms(t.choice_times, 0.99):>8.1f}"
        )
    lines.append(
        "win rate: share of matches won by the seats at that level (fair = its share of "
        "seats); pts/hand: points per seat per hand; choices: decisions with more than "
        "one legal move; times are CPU time per decision"
    )
    return "\n".join(lines)
