"""Engine speed on one core: ``python -m longana.lab.bench`` (or ``make bench``).

Prints random complete hands per second (a seeded deal, then uniformly random legal moves to
the end, through :meth:`Hand.legal_moves` and :meth:`Hand.apply`) and legal-move queries per
second (``legal_moves()`` on positions met in random play). The computer player's strength
within its time budget depends on the first figure; the aim is 10,000 hands per second.
Times are this process's CPU time (one core), so other work on the machine skews them less.
"""

from __future__ import annotations

import argparse
import random
import time

from ..rules.hand import Hand


def random_hands(seconds: float, seed: int = 1) -> tuple[int, int, float]:
    """Play random complete hands for about ``seconds``; (hands, moves, elapsed)."""
    rng = random.Random(seed)
    pick = rng.random
    hands = moves = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(100):
            hand = Hand.deal(rng)
            while hand.outcome is None:
                legal = hand.legal_moves()
                hand.apply(legal[int(pick() * len(legal))])
                moves += 1
            hands += 1
        now = time.process_time()
        if now >= deadline:
            return hands, moves, now - start


def positions(count: int, seed: int = 2) -> list[Hand]:
    """Live positions met in random play (a copy of every position of each hand)."""
    rng = random.Random(seed)
    out: list[Hand] = []
    while len(out) < count:
        hand = Hand.deal(rng)
        while hand.outcome is None and len(out) < count:
            out.append(hand.copy())
            legal = hand.legal_moves()
            hand.apply(legal[rng.randrange(len(legal))])
    return out


def legal_queries(seconds: float) -> tuple[int, float]:
    hands = positions(2000)
    queries = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for hand in hands:
            hand.legal_moves()
        queries += len(hands)
        now = time.process_time()
        if now >= deadline:
            return queries, now - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m longana.lab.bench", description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    args = parser.parse_args(argv)
    hands, moves, elapsed = random_hands(args.seconds)
    print(
        f"random complete hands: {hands / elapsed:10,.0f} per second "
        f"({hands:,} hands, {moves / hands:.1f} moves each, {elapsed:.1f} s)"
    )
    queries, elapsed = legal_queries(args.seconds)
    print(
        f"legal-move queries:    {queries / elapsed:10,.0f} per second "
        f"({queries:,} queries, {elapsed:.1f} s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
