"""The yardstick: a paired test of a change to a computer player, on the true deals.

Tournaments need thousands of matches to see a point of win rate. The yardstick looks at single
decisions instead. It records the decisions ``hard`` meets at one seat against three ``normal``
players (seeded matches, the seat rotated each match), keeping each position's *true* deal —
for the yardstick only: no player is ever given it. Then, for a variant of ``hard``:

1. the variant decides every recorded position from the seat's view, with the same seed and
   the same generator as ``hard`` (so a variant that only changes how moves are valued sees
   the very same deals);
2. every legal move is played out on the true deal, every seat continuing alike (``smart``,
   the cheap ``normal`` of hard's own play-outs), and valued as ``hard`` values a hand's end
   (:func:`~longana.players.hard.match_worth`: the change in the seat's chance of winning the
   match, 240 units the whole match, about a point early on);
3. the figure is the mean over the decisions of *the variant's move's worth minus hard's
   move's*, with its standard error. Where both choose the same move the difference is 0.

A variant worse by more than two standard errors is not worth a tournament. The figure sees
what a decision does on the deal that was really dealt, which the play-outs' own estimates
cannot (they share the variant's model); it does not see what later decisions make of it.

``python -m longana.lab.bench_players --yardstick [--matches 250] [--variants a,b]`` runs it
(``VARIANTS`` names the variants), and ``--explain`` checks the explained hint against the
same recorded decisions.
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..players.hard import (
    HARD,
    HardConfig,
    Weighing,
    deals_for,
    make_hard,
    match_worth,
    paired_error,
    play_out,
)
from ..players.levels import PLAYERS, Player, decide
from ..players.sampler import position
from ..rules.hand import Outcome
from ..rules.match import Match
from ..rules.tiles import Move
from ..rules.view import SeatView

SEED = 23  # the recorded matches' deals: yardstick:SEED:i
STRENGTH = 2.28  # hard's strength against one normal seat (43.2 % of matches against three)


@dataclass(frozen=True)
class Decision:
    """A position ``hard`` met with a choice: the seat's view, the seed it decided with, the
    move it made, and the true holdings (the yardstick's alone)."""

    view: SeatView
    seed: int
    move: Move
    held: tuple[int, int, int, int]


def record_match(number: int, seed: int = SEED) -> list[Decision]:
    """The decisions with a choice that ``hard`` meets in match ``number`` (at seat
    ``number % 4``, three ``normal`` players round it)."""
    match = Match(f"yardstick:{seed}:{number}")
    hard_seat = number % 4
    out = []
    while True:
        hand = match.hand
        while hand.outcome is None:
            seat = hand.to_move
            view = SeatView.of(hand, seat, match.scores, match.target)
            if seat == hard_seat:
                move = decide(PLAYERS["hard"], view, "hard", number)
                if len(view.legal_moves()) > 1:
                    held = (hand.held[0], hand.held[1], hand.held[2], hand.held[3])
                    out.append(Decision(view, number, move, held))
            else:
                move = decide(PLAYERS["normal"], view, "normal", number)
            match.push(move)
        if match.is_over:
            return out
        match.next_hand()


def record(matches: int, seed: int = SEED, jobs: int = 1) -> list[Decision]:
    """The decisions of matches 0 … ``matches`` - 1 (the same with any ``jobs``)."""
    numbers = range(matches)
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            parts = pool.starmap(record_match, [(n, seed) for n in numbers])
    else:
        parts = [record_match(n, seed) for n in numbers]
    return [d for part in parts for d in part]


Value = Callable[[Outcome, SeatView], float]


def true_worth(decision: Decision, move: Move, value: Value = match_worth) -> float:
    """What ``move`` is worth on the true deal, every seat then playing ``smart``."""
    hand = position(decision.view, decision.held)
    hand.apply(move)
    return value(play_out(hand), decision.view)


@dataclass(frozen=True)
class Figures:
    """A variant against ``hard`` on the recorded decisions, in hard's units per decision."""

    decisions: int
    mean: float  # variant's move minus hard's move, on the true deals
    standard_error: float
    changed: float  # share of decisions where the variant chose another move
    cpu_ms: float  # the variant's median decision time

    def to_dict(self) -> dict[str, float]:
        return {
            "decisions": self.decisions,
            "mean": round(self.mean, 3),
            "standard_error": round(self.standard_error, 3),
            "changed": round(self.changed, 3),
            "cpu_ms_median": round(self.cpu_ms, 2),
        }


def _variant_moves(args: tuple[str, list[Decision]]) -> list[tuple[Move, float]]:
    name, decisions = args
    player = VARIANTS[name]()
    out = []
    for d in decisions:
        start = time.process_time()
        move = decide(player, d.view, "hard", d.seed)
        out.append((move, 1000 * (time.process_time() - start)))
    return out


def compare(
    decisions: list[Decision], variant: str, jobs: int = 1, value: Value = match_worth
) -> Figures:
    """The paired test of ``VARIANTS[variant]`` against the moves ``hard`` made."""
    return figures(decisions, variant_moves(decisions, variant, jobs), value)


def variant_moves(
    decisions: list[Decision], variant: str, jobs: int = 1
) -> list[tuple[Move, float]]:
    """``VARIANTS[variant]``'s move for each decision, and its CPU time in ms."""
    chunks = [decisions[i::jobs] for i in range(jobs)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            parts = pool.map(_variant_moves, [(variant, c) for c in chunks])
    else:
        parts = [_variant_moves((variant, chunks[0]))]
    out: list[tuple[Move, float]] = [(decisions[0].move, 0.0)] * len(decisions)
    for i, part in enumerate(parts):
        out[i::jobs] = part
    return out


def figures(
    decisions: list[Decision], moves: list[tuple[Move, float]], value: Value = match_worth
) -> Figures:
    """Mean and standard error of the moves' true worth minus hard's, decision by decision."""
    diffs, cpu, changed = [], [], 0
    for d, (move, ms) in zip(decisions, moves, strict=True):
        cpu.append(ms)
        if move == d.move:
            diffs.append(0.0)
            continue
        changed += 1
        diffs.append(true_worth(d, move, value) - true_worth(d, d.move, value))
    n = len(diffs)
    return Figures(
        n,
        statistics.mean(diffs),
        statistics.stdev(diffs) / math.sqrt(n),
        changed / n,
        statistics.median(cpu),
    )


def _hard_with(config: HardConfig) -> Callable[[], Player]:
    return lambda: make_hard(config)


def _tuned(**change: object) -> Callable[[], Player]:
    return _hard_with(HardConfig(**{**HARD.__dict__, **change}))


# The variants the yardstick knows, by name (each a factory: worker processes build their own).
VARIANTS: dict[str, Callable[[], Player]] = {
    "hard": _hard_with(HARD),  # itself: 0 ± 0, the yardstick's own check
    "hard-4x": _tuned(playouts=4 * HARD.playouts, max_deals=4 * HARD.max_deals),
    "hard-prior-0": _tuned(prior=0.0),
    "hard-uniform": _tuned(weighted=False),
    "normal": lambda: PLAYERS["normal"],
    # issue 23's corrections: the others' plays read without normal's blocking and pressing
    # terms (as before); an equity that counts our seat as strong as hard is against three
    # normal (43.2 % of matches from equal scores: 2.28 = 3 x 0.432 / 0.568), not shipped
    # (hard reads the others' plays so since issue 23; "hard-plain" is hard before that)
    "hard-plain": _tuned(pressing=False),
    "hard-strength": _tuned(strength=STRENGTH),
    # issue 36: the hint's weighing (no rule of thumb; the moves not told apart on more deals)
    "hard-hint": _tuned(prior=0.0, refine=2.0),
    "hard-refine": _tuned(refine=2.0),
}


def suggested_agree(decisions: list[Decision]) -> dict[str, float]:
    """Whether the explained hint suggests the move hard made, decision by decision, and the
    time the explanation takes beyond hard's own decision (CPython, CPU time)."""
    from ..players.explain import explain

    agree, cpu = 0, []
    for d in decisions:
        start = time.process_time()
        explanation = explain(d.view, d.seed)
        cpu.append(1000 * (time.process_time() - start))
        agree += explanation.suggested == d.move
    ordered = sorted(cpu)
    return {
        "decisions": len(decisions),
        "agree": agree,
        "share": round(agree / len(decisions), 4),
        "cpu_ms_median": round(statistics.median(ordered), 2),
        "cpu_ms_p99": round(ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)], 2),
    }


# -- the coach's yardstick: a deeper weighing to check the hint and the review against --------

DEEPER = 10  # the deeper weighing plays every move out on this many times the hint's deals
SHOWN = 0.5  # a difference below half the unit the list shows (a point, a percent) shows not


@dataclass(frozen=True)
class Deeper:
    """Every legal move of a position played out on ``deals`` deals of a walk of its own
    (not the hint's), the same deals for all, valued in the hint's kind: each move's mean,
    each pair's mean difference with its paired standard error (``pairs["a|b"]``: a less b),
    and how often each move's play-outs end blocked (percent). What the hint's suggestion,
    its "as good" marks and the review's grades are checked against."""

    kind: str
    deals: int
    mean: dict[str, float]
    pairs: dict[str, tuple[float, float]]
    blocked: dict[str, float]

    @property
    def best(self) -> str:
        return max(self.mean, key=lambda m: self.mean[m])

    def gap(self, move: str, than: str | None = None) -> tuple[float, float]:
        """How much worse ``move`` is than ``than`` (the best) and the standard error."""
        top = self.best if than is None else than
        if top == move:
            return 0.0, 0.0
        diff, error = self.pairs[f"{top}|{move}"]
        return diff, error

    def within(self, move: str, than: str | None = None, noise: float = 2.0) -> bool:
        """Whether ``move`` is not worse than ``than`` (the best) beyond ``noise`` standard
        errors, a difference the list would not show aside (:data:`SHOWN`)."""
        gap, error = self.gap(move, than)
        return gap <= noise * error + SHOWN

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "deals": self.deals,
            "mean": {m: round(v, 3) for m, v in self.mean.items()},
            "pairs": {k: [round(d, 3), round(e, 3)] for k, (d, e) in self.pairs.items()},
            "blocked": self.blocked,
        }

    @classmethod
    def of(cls, data: dict[str, Any]) -> Deeper:
        pairs = {k: (float(d), float(e)) for k, (d, e) in data["pairs"].items()}
        return cls(data["kind"], data["deals"], dict(data["mean"]), pairs, dict(data["blocked"]))


def deep_weighing(view: SeatView, seed: int, factor: int = DEEPER) -> Weighing:
    """Every legal move of ``view``'s decision on ``factor`` times the hint's first deals,
    drawn as the hint draws them (walks of 8) with a seed of its own (the play-outs kept)."""
    import random

    from ..players.explain import HINT

    legal = view.legal_moves()
    count = factor * deals_for(HARD, min(len(legal), HARD.top))
    config = replace(HINT, min_deals=count, max_deals=count, top=99, refine=0.0)
    rng = random.Random(f"longana:deeper:{seed}:{view.seat}:{len(view.history)}")
    return Weighing(view, legal, rng, config, keep=True)


def deeper(view: SeatView, seed: int, weighing: Weighing | None = None) -> Deeper:
    """The deeper weighing of ``view``'s decision (:func:`deep_weighing`), valued in the
    hint's kind."""
    from ..players.explain import _Units
    from ..players.facts import STAKE

    if weighing is None:
        weighing = deep_weighing(view, seed)
    kind = "win" if max(view.scores) >= view.target - STAKE else "points"
    units = _Units(view, kind, weighing)
    values = {str(m): units.of(k) for k, m in enumerate(weighing.moves)}
    mean = {m: sum(v) / len(v) for m, v in values.items()}
    pairs = {
        f"{a}|{b}": (mean[a] - mean[b], paired_error(values[a], values[b]))
        for a in values
        for b in values
        if a != b
    }
    kept = weighing.outcomes or {}
    blocked = {
        str(m): round(100 * sum(o.reason == "block" for o in outs) / len(outs), 1)
        for m, outs in kept.items()
    }
    return Deeper(kind, weighing.first, mean, pairs, blocked)
