"""Golden data: exact deals, perft-style move-tree counts and complete hands for fixed seeds.

The files in tests/rules/golden/ were written by the engine and checked by hand on small cases (see
``test_perft_by_hand``). If a rule is changed on purpose, regenerate them and review the diff:

    .venv/bin/python tests/rules/test_golden.py --regen
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from longana.rules.hand import Hand, deal
from longana.rules.match import hand_rng
from longana.rules.records import hand_from_record, hand_record
from longana.rules.tiles import Move

GOLDEN = Path(__file__).parent / "golden"
DEAL_SEEDS = ["1", "7", "42", "longana", "1393"]
PERFT = [  # (deal number, hand number in the match, later-hand winner or None, depth)
    ("1", 0, None, 16),
    ("7", 0, None, 14),
    ("42", 0, None, 14),
    ("11", 1, "N", 14),
    ("12", 2, "W", 13),
]
GAME_SEEDS = [1, 2, 3, 4, 5, 6]


def perft(hand: Hand, depth: int) -> list[int]:
    """Leaves of the legal-move tree 1, 2, ... ``depth`` moves deep, in one walk. A finished
    hand has no moves, so it counts at its own depth and adds nothing deeper."""
    counts = [0] * depth

    def walk(node: Hand, level: int) -> None:
        for move in node.legal_moves():
            counts[level] += 1
            if level + 1 < depth:
                child = node.copy()
                child.apply(move)
                walk(child, level + 1)

    walk(hand, 0)
    return counts


def perft_hand(seed: str, number: int, winner: str | None) -> Hand:
    first = winner is None
    return Hand.deal(
        hand_rng(seed, number),
        first_hand=first,
        winner=None if first else "SENW".index(winner or "S"),
    )


def play(hand: Hand, policy: str, seed: int) -> Hand:
    """Play to the end: ``first`` takes the smallest legal move as a string, ``random`` a
    seeded random one from the sorted list (so neither depends on the engine's move order)."""
    rng = random.Random(seed)
    while not hand.is_over:
        legal = sorted(hand.legal_moves(), key=str)
        hand.push(legal[0] if policy == "first" else legal[rng.randrange(len(legal))])
    return hand


def outcome_of(hand: Hand) -> dict[str, Any]:
    outcome = hand.outcome
    assert outcome is not None
    return {
        "reason": outcome.reason,
        "winner": None if outcome.winner is None else "SENW"[outcome.winner],
        "points": outcome.points,
        "pips": list(outcome.pips),
    }


def compute_deals() -> list[dict[str, Any]]:
    out = []
    for seed in DEAL_SEEDS:
        hands = [
            hand_record(
                Hand.deal(hand_rng(seed, n), first_hand=n == 0, winner=None if n == 0 else 0)
            )["hands"]
            for n in range(3)
        ]
        out.append({"seed": seed, "hands": hands})
    return out


def compute_perft() -> list[dict[str, Any]]:
    out = []
    for seed, number, winner, depth in PERFT:
        hand = perft_hand(seed, number, winner)
        out.append({"record": hand_record(hand), "counts": perft(hand, depth)})
    return out


def compute_games() -> list[dict[str, Any]]:
    out = []
    for seed in GAME_SEEDS:
        for policy in ("first", "random"):
            start = Hand.deal(
                random.Random(seed),
                first_hand=seed % 2 == 1,
                winner=None if seed % 2 == 1 else seed % 4,
            )
            hand = play(start, policy, seed)
            out.append(
                {
                    "policy": policy,
                    "seed": seed,
                    "record": hand_record(hand),
                    "outcome": outcome_of(hand),
                }
            )
    return out


FILES = {"deals.json": compute_deals, "perft.json": compute_perft, "games.json": compute_games}


def load(name: str) -> Any:
    return json.loads((GOLDEN / name).read_text())


def test_deals_are_exactly_as_recorded() -> None:
    assert compute_deals() == load("deals.json")


def test_deal_draws_exactly_what_random_sample_draws() -> None:
    for seed in [*range(500), "longana:7:0", "x"]:
        ours, reference = random.Random(seed), random.Random(seed)
        order = reference.sample(range(55), 32)
        expected = [sum(1 << i for i in order[s * 8 : (s + 1) * 8]) for s in range(4)]
        assert deal(ours) == expected
        assert ours.random() == reference.random(), "the stream goes on in step (redeals)"


def test_perft_counts() -> None:
    golden = load("perft.json")
    assert len(golden) == len(PERFT)
    for entry, (seed, number, winner, depth) in zip(golden, PERFT, strict=True):
        hand = hand_from_record(entry["record"])
        assert hand == perft_hand(seed, number, winner)
        assert perft(hand, depth) == entry["counts"]


def test_complete_hands() -> None:
    for entry in load("games.json"):
        hand = hand_from_record({**entry["record"], "moves": []})
        play(hand, entry["policy"], entry["seed"])
        assert [str(m) for m in hand.played] == entry["record"]["moves"]
        assert outcome_of(hand) == entry["outcome"]
        # and the record alone replays to the same result
        assert outcome_of(hand_from_record(entry["record"])) == entry["outcome"]


def test_perft_by_hand() -> None:
    """The first two levels of every perft entry, counted straight from the rules.

    Depth 1 is the opener's choice: in a first hand only the highest double, in a later hand
    each of the opener's doubles. Depth 2: after a double d-d every branch ends at d and is
    closed, so the next seat may play any of its tiles holding a d on its own branch (a
    double on another closed branch would have to be d-d itself, which is down), or must pass.
    """
    for entry in load("perft.json"):
        record = entry["record"]
        hand = hand_from_record(record)
        opener = hand.opener
        doubles = [t for t in hand.tiles(opener) if t.is_double]
        if record["first_hand"]:
            assert entry["counts"][0] == 1
        else:
            assert entry["counts"][0] == len(doubles)
        nxt = hand.tiles((opener + 1) % 4)
        choices = doubles[-1:] if record["first_hand"] else doubles
        assert entry["counts"][1] == sum(
            max(1, sum(1 for t in nxt if t.matches(d.high))) for d in choices
        )


def test_a_hand_checked_by_hand() -> None:
    # Deal "1", hand 0, written out so the first levels can be followed by eye.
    entry = load("perft.json")[0]
    assert entry["record"]["hands"] == {
        "S": ["2-1", "5-2", "7-0", "7-1", "7-2", "8-4", "9-0", "9-2"],
        "E": ["1-0", "4-0", "5-1", "6-3", "6-6", "7-6", "8-0", "8-5"],
        "N": ["0-0", "4-3", "5-3", "6-1", "6-2", "6-5", "8-8", "9-5"],
        "W": ["1-1", "2-0", "2-2", "4-2", "5-4", "7-4", "7-5", "9-3"],
    }
    # 1: nobody holds 9-9, North opens with 8-8.
    # 1: West has no 8, it passes (its branch opens, number 1).
    # 2: South: 8-4 on its own branch or on West's open one.
    # 7: after 8-4@S, East plays 8-0 or 8-5 on its own or West's open branch (4);
    #    after 8-4@W (West's end is now 4), 8-0@E, 8-5@E or 4-0@W (3).
    assert entry["counts"][:4] == [1, 1, 2, 7]
    hand = hand_from_record(entry["record"])
    for text in ["8-8", "pass"]:
        hand.push(Move.parse(text))
    assert sorted(str(m) for m in hand.legal_moves()) == ["8-4@S", "8-4@W"]
    hand.push(Move.parse("8-4@W"))
    assert sorted(str(m) for m in hand.legal_moves()) == ["4-0@W", "8-0@E", "8-5@E"]


if __name__ == "__main__":
    if sys.argv[1:] != ["--regen"]:
        sys.exit(f"usage: {sys.argv[0]} --regen   (rewrites {GOLDEN}/*.json)")
    GOLDEN.mkdir(exist_ok=True)
    for name, compute in FILES.items():
        (GOLDEN / name).write_text(json.dumps(compute(), indent=1) + "\n")
        print("wrote", GOLDEN / name)
