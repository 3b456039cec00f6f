"""Decision times, sampler figures and regret of the computer levels:
``python -m longana.lab.bench_players``.

The same code runs inside Pyodide under node (``tools/bench_pyodide_players.mjs``), which is
how the browser runs the computer. Positions are those met by the level at one seat against
three ``normal`` players in seeded matches; only decisions with two or more legal moves are
timed (forced moves are answered at once). Times are CPU time (``process_time``) and wall
clock; on a machine shared with other work the CPU times are the ones to compare.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import random
import statistics
import time
from typing import Any

from ..players.hard import HARD, HardConfig, make_hard, match_worth, play_out
from ..players.inference import PlayModel, weighted_deals
from ..players.levels import decide
from ..players.sampler import position, sample_deals
from ..rules.match import Match
from ..rules.view import SeatView
from . import yardstick
from .tournament import choose


def decisions(level: str, matches: int, seed: int = 5) -> list[SeatView]:
    """Views where ``level`` (at a rotating seat, three ``normal`` around it) had a choice."""
    views: list[SeatView] = []
    for i in range(matches):
        match = Match(f"bench:{seed}:{i}")
        seat_of_level = i % 4
        while True:
            hand = match.hand
            while hand.outcome is None:
                seat = hand.to_move
                view = SeatView.of(hand, seat, match.scores, match.target)
                who = level if seat == seat_of_level else "normal"
                if who == level and len(view.legal_moves()) > 1:
                    views.append(view)
                match.push(choose(view, who, i))
            if match.is_over:
                break
            match.next_hand()
    return views


def timings(level: str, views: list[SeatView]) -> dict[str, Any]:
    """Each decision's CPU time (``process_time``) and wall-clock time, in ms."""
    cpu, wall = [], []
    for k, view in enumerate(views):
        start, started = time.process_time(), time.perf_counter()
        choose(view, level, k)
        cpu.append(1000 * (time.process_time() - start))
        wall.append(1000 * (time.perf_counter() - started))
    return {"level": level, "decisions": len(views), "cpu": _stats(cpu), "wall": _stats(wall)}


def _stats(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "median_ms": round(statistics.median(ordered), 2),
        "p99_ms": round(ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)], 2),
        "max_ms": round(ordered[-1], 2),
    }


def autocorrelation_ess(values: list[float]) -> float:
    """Effective sample size of a chain's values (Geyer's initial positive sequence)."""
    n = len(values)
    mean = sum(values) / n
    dev = [v - mean for v in values]
    var = sum(d * d for d in dev) / n
    if var == 0:
        return float(n)
    rho_sum = 0.0
    for lag in range(1, n // 2):
        rho = sum(dev[i] * dev[i + lag] for i in range(n - lag)) / (n * var)
        if rho <= 0:
            break
        rho_sum += rho
    return n / (1 + 2 * rho_sum)


def sampler_figures(views: list[SeatView], deals: int = 24) -> dict[str, float]:
    """How the weighted walk behaves on ``views`` (positions of real matches):

    - ``importance_ess``: the effective sample size (sum w)^2 / sum w^2 if ``deals`` uniform
      deals were weighted by the plays' likelihood instead (why plain weighting collapses);
    - ``walk_ess``: autocorrelation ESS of the walk's ``deals`` deals, on the log-likelihood;
    - ``distinct``: distinct deals among them; ``acceptance``: share of swaps accepted.
    """
    imp, walk, distinct, accept = [], [], [], []
    for k, view in enumerate(views):
        model = PlayModel(view)
        others = [s for s in range(4) if s != view.seat]
        weights = [
            math.exp(sum(model.loglik(s, held[s]) for s in others))
            for held in sample_deals(view, random.Random(k), deals)
        ]
        total = sum(weights)
        imp.append(total * total / sum(w * w for w in weights) if total > 0 else 1.0)
        stats: list[int] = []
        drawn = list(weighted_deals(view, random.Random(k), deals, model=model, stats=stats))
        lls = [sum(model.loglik(s, held[s]) for s in others) for held in drawn]
        walk.append(autocorrelation_ess(lls))
        distinct.append(len({tuple(h) for h in drawn}))
        accept.append(stats[1] / stats[0] if stats[0] else 1.0)
    return {
        "positions": len(views),
        "deals": deals,
        "importance_ess_median": statistics.median(imp),
        "walk_ess_median": statistics.median(walk),
        "distinct_median": statistics.median(distinct),
        "acceptance_mean": round(statistics.mean(accept), 3),
    }


def oracle(view: SeatView, playouts: int, seed: int) -> dict[str, float]:
    """Each legal move's worth (as hard values results: match equity) averaged over about
    ``playouts`` play-outs, on deals drawn as hard draws them: what hard would conclude with
    a budget far beyond its own."""
    legal = view.legal_moves()
    deals = playouts // len(legal) + 60
    totals = [0.0] * len(legal)
    for held in weighted_deals(view, random.Random(f"oracle:{seed}"), deals):
        start = position(view, held)
        for k, move in enumerate(legal):
            hand = start.copy()
            hand.apply(move)
            totals[k] += match_worth(play_out(hand), view)
    return {str(m): t / deals for m, t in zip(legal, totals, strict=True)}


def regret(
    views: list[SeatView], configs: dict[str, HardConfig], playouts: int = 5000, seeds: int = 2
) -> dict[str, dict[str, float]]:
    """How far each variant of hard falls short of the oracle's best move, per decision, in
    hard's units (about a point early in a match; 240 is the whole match), averaged over
    ``seeds`` seeds of the variant; with CPU times. Noise and budget show here with far
    fewer games than a tournament needs; what the play-outs get wrong does not."""
    worths = [oracle(view, playouts, k) for k, view in enumerate(views)]
    out = {}
    for name, config in configs.items():
        player = make_hard(config)
        lost, cpu = [], []
        for seed in range(seeds):
            for k, view in enumerate(views):
                start = time.process_time()
                move = decide(player, view, "hard", 1000 * seed + k)
                cpu.append(1000 * (time.process_time() - start))
                lost.append(max(worths[k].values()) - worths[k][str(move)])
        out[name] = {
            "regret": round(statistics.mean(lost), 3),
            "standard_error": round(statistics.stdev(lost) / math.sqrt(len(lost)), 3),
            "best_share": round(sum(x == 0 for x in lost) / len(lost), 3),
            **_stats(cpu),
        }
    return out


REGRET_CONFIGS = {
    "hard": HARD,
    "hard at 320 (issue 12's first round)": HardConfig(
        playouts=320, min_deals=16, max_deals=80, prior=0.5, equity=True
    ),
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m longana.lab.bench_players")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--matches", type=int, default=12)
    parser.add_argument("--sampler", action="store_true", help="sampler figures too")
    parser.add_argument(
        "--regret", action="store_true", help="regret of hard against an oracle of 5,000 play-outs"
    )
    parser.add_argument(
        "--yardstick",
        action="store_true",
        help="the paired real-deal test of each of --variants against hard, on the decisions "
        "hard meets in --matches matches (longana.lab.yardstick)",
    )
    parser.add_argument("--variants", default="hard-4x", help="comma-separated; see --list")
    parser.add_argument("--list", action="store_true", help="the yardstick's variants")
    parser.add_argument(
        "--explain", action="store_true", help="the explained hint against hard's recorded moves"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes for --yardstick")
    parser.add_argument(
        "--score-strength",
        default="1",
        help="the yardstick values results by an equity that counts our seat this strong; "
        "comma-separated for several (default 1: hard's own equity)",
    )
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(yardstick.VARIANTS))
        return
    for name in args.variants.split(","):
        if args.yardstick and name not in yardstick.VARIANTS:
            parser.error(f"no variant {name!r}: see --list")
    if args.yardstick or args.explain:
        recorded = yardstick.record(args.matches, jobs=args.jobs)
        if args.explain:
            print(json.dumps({"explain": yardstick.suggested_agree(recorded)}), flush=True)
        if args.yardstick:
            for name in args.variants.split(","):
                moves = yardstick.variant_moves(recorded, name, args.jobs)
                for strength in args.score_strength.split(","):
                    value = functools.partial(match_worth, strength=float(strength))
                    figures = yardstick.figures(recorded, moves, value)
                    row = {"variant": name, "score_strength": float(strength)}
                    print(json.dumps({**row, **figures.to_dict()}), flush=True)
        return
    views = decisions(args.level, args.matches)
    print(json.dumps(timings(args.level, views)))
    if args.sampler:
        print(json.dumps(sampler_figures([v for v in views if v.opening is not None])))
    if args.regret:
        print(json.dumps(regret(views, REGRET_CONFIGS)))


if __name__ == "__main__":
    main()
