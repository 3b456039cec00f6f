"""A match: hands one after another, scores carried over, first to the target wins (the card's
game: 100; the match's :class:`~longana.rules.variant.Rules` say).

Deals are reproducible: hand ``k`` of the match with deal number ``seed`` is dealt from
``random.Random(f"longana:{seed}:{k}")`` (string seeds hash the same on every Python), so the
same deal number gives every device the same sequence of deals.
"""

from __future__ import annotations

import random

from .errors import HandOverError, LonganaError
from .hand import Hand
from .tiles import Move
from .variant import CARD, Rules


def hand_rng(seed: str, number: int) -> random.Random:
    return random.Random(f"longana:{seed}:{number}")


class MatchOverError(HandOverError):
    code = "match-over"


class Match:
    """Scores and hands of one match. ``hands[-1]`` is the hand being played (or just ended).

    >>> match = Match("7")
    >>> match.hand.legal_moves()  # deal number 7: the highest double dealt is 8-8
    [Move.parse('8-8')]
    """

    def __init__(self, seed: str | int | None = None, rules: Rules = CARD) -> None:
        self.seed = str(random.SystemRandom().randrange(10**6) if seed is None else seed)
        self.rules = rules
        self.hands: list[Hand] = [Hand.deal(hand_rng(self.seed, 0), rules=rules)]

    @property
    def target(self) -> int:
        return self.rules.target

    @property
    def hand(self) -> Hand:
        return self.hands[-1]

    @property
    def scores(self) -> tuple[int, int, int, int]:
        """Each seat's total over every finished hand."""
        totals = [0, 0, 0, 0]
        for hand in self.hands:
            if hand.outcome is not None and hand.outcome.winner is not None:
                totals[hand.outcome.winner] += hand.outcome.points
        return (totals[0], totals[1], totals[2], totals[3])

    def scores_before(self, number: int) -> tuple[int, int, int, int]:
        """The totals as they stood when hand ``number`` began."""
        totals = [0, 0, 0, 0]
        for hand in self.hands[:number]:
            if hand.outcome is not None and hand.outcome.winner is not None:
                totals[hand.outcome.winner] += hand.outcome.points
        return (totals[0], totals[1], totals[2], totals[3])

    @property
    def winner(self) -> int | None:
        """The seat that reached the target, once the hand that got it there has ended."""
        scores = self.scores
        best = max(scores)
        return scores.index(best) if best >= self.target else None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def push(self, move: Move) -> None:
        """Play a move in the current hand (raises an ``IllegalMoveError`` saying why not)."""
        if self.is_over:
            raise MatchOverError("the match is over")
        self.hand.push(move)

    def next_hand(self) -> Hand:
        """Deal the next hand once the current one has ended; its opener follows the rules."""
        last = self.hand
        if last.outcome is None:
            raise LonganaError("the current hand is still being played")
        if self.is_over:
            raise MatchOverError("the match is over")
        hand = Hand.deal(
            hand_rng(self.seed, len(self.hands)),
            first_hand=False,
            winner=last.outcome.winner,
            previous_opener=last.opener,
            rules=self.rules,
        )
        self.hands.append(hand)
        return hand

    def restart_hand(self) -> Hand:
        """Replay the current hand from its starting deal (scores before it are kept)."""
        last = self.hand
        hand = Hand(
            last.starting_tiles,
            first_hand=last.first_hand,
            winner=last.winner_before,
            previous_opener=last.opener_before,
            rules=self.rules,
        )
        self.hands[-1] = hand
        return hand
