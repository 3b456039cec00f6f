"""How long a match of each preset lasts: ``python -m longana.lab.bench_lengths``.

Plays seeded matches of every preset (:data:`longana.rules.variant.PRESETS`) with four
``normal`` computers (the levels sit one seat further round each match, as in a tournament) and
prints, per preset, the hands a match takes (mean, median, the 90th percentile, the most), the
moves of a hand and, for the person at South, the decisions (two legal moves or more) and the
forced moves (one, or a pass). From those it estimates the minutes a match takes at the page's
normal speed: each computer move waits :data:`COMPUTER_MOVE` seconds (the page's pause and the
tile's travel), the person spends :data:`DECISION` seconds on a decision and :data:`FORCED` on a
forced move, and a hand's end is read in :data:`HAND_END`. Those four are assumptions, said so
in the output; the hands are measured. The presets' names and comments in
``longana/rules/variant.py`` are chosen by these figures.
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import dataclass, field

from ..rules.hand import Hand
from ..rules.variant import PRESETS, Rules
from .tournament import play_match

#: seconds: the page's pause before a computer move (ui/dom/pace.py, normal) and the tile's
#: travel (ui/dom/motion.py), then a person's decision, a forced move and a hand's end read
COMPUTER_MOVE = 0.75 + 0.57
DECISION, FORCED, HAND_END = 6.0, 2.0, 8.0


@dataclass
class Length:
    """The figures of one preset's matches."""

    hands: list[int] = field(default_factory=list)
    moves: int = 0
    decisions: int = 0
    forced: int = 0

    @property
    def played(self) -> int:
        return sum(self.hands)

    def seconds_per_hand(self) -> float:
        """A hand's estimated length at the page's normal speed (see the module's notes)."""
        hands = self.played
        person = self.decisions * DECISION + self.forced * FORCED
        computer = (self.moves - self.decisions - self.forced) * COMPUTER_MOVE
        return (person + computer) / hands + HAND_END


def measure(rules: Rules, matches: int, seed: int = 0) -> Length:
    """``matches`` seeded matches of ``rules`` between four ``normal`` computers."""
    out = Length()
    for i in range(matches):
        match = play_match(["normal"] * 4, f"lengths:{seed}:{i}", seed * 1_000_003 + i, rules=rules)
        out.hands.append(len(match.hands))
        for hand in match.hands:
            out.moves += len(hand.history)
            replayed = Hand(
                hand.starting_tiles,
                first_hand=hand.first_hand,
                winner=hand.winner_before,
                previous_opener=hand.opener_before,
                rules=rules,
            )
            for seat, move in hand.history:
                if seat == 0:
                    if len(replayed.legal_moves()) > 1:
                        out.decisions += 1
                    else:
                        out.forced += 1
                replayed.apply(move)
    return out


def report(name: str, rules: Rules, length: Length) -> str:
    hands = length.hands
    tenth = statistics.quantiles(hands, n=10)[-1] if len(hands) > 1 else hands[0]
    per_hand = length.seconds_per_hand()
    mean = statistics.mean(hands)
    return (
        f"{name:>6} (to {rules.target}): {mean:.1f} hands a match (median "
        f"{statistics.median(hands):g}, 90% within {tenth:g}, most {max(hands)}); "
        f"{length.moves / length.played:.1f} moves a hand, the person's "
        f"{length.decisions / length.played:.1f} decisions and {length.forced / length.played:.1f}"
        f" forced; about {per_hand / 60:.1f} min a hand, {mean * per_hand / 60:.0f} min a match "
        f"({tenth * per_hand / 60:.0f} min for 90%)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=300, help="matches per preset")
    args = parser.parse_args(argv)
    print(
        f"normal x4, {args.matches} matches a preset; minutes assume {COMPUTER_MOVE:.2f} s a "
        f"computer move, {DECISION:g} s a decision, {FORCED:g} s a forced move, "
        f"{HAND_END:g} s a hand's end"
    )
    for name, rules in PRESETS.items():
        print(report(name, rules, measure(rules, args.matches)), flush=True)


if __name__ == "__main__":
    main()
