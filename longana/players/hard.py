"""``hard``: deal the unseen tiles many times and play every legal move out on each deal.

Deals agree with what the seat knows (tile counts, every pass, how the opener was found, see
:mod:`longana.players.sampler`), each drawn in proportion to how likely it makes the other
seats' plays (:mod:`longana.players.inference`). Every legal move is played out on each deal
with ``smart`` (:mod:`longana.players.normal`) at every seat, and the move with the best
average change in the seat's chance of winning the match, plus a little of ``normal``'s
rating, is taken. The budget is a fixed number of play-outs, so the choice is repeatable.
:class:`HardConfig` holds the knobs; the variants the tournaments compared (successive
halving, ISMCTS) are here too (docs/players.md has the figures).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..rules.hand import Hand, Outcome, outcome_of
from ..rules.tiles import MATCH_MASK, PASS, Move
from ..rules.view import SeatView
from .inference import PlayModel, float_sum, weighted_deals
from .normal import normal_ratings, smart, smart_keys
from .sampler import position, sample_deals

MIX = 20  # swaps tried between two deals of the walk
MATCH_BONUS = 100.0  # a hand that ends the match counts this much more
OTHER_WEIGHT = 0.5  # another seat's points hurt us, but less than ours help
PRIOR = 1.5  # weight of normal's rating, added to the play-outs' average


def play_out(hand: Hand) -> Outcome:
    """The end of ``hand`` with every seat playing ``smart``. The hand is used up: its tiles
    and board move on, but not its history (only the outcome counts, and this is the hot loop
    of ``hard``: the same steps as :meth:`Hand.apply`, without the record)."""
    if hand.outcome is not None:
        return hand.outcome
    board = hand.board
    ends, order = board.ends, board.order
    held = hand.held
    seat = hand.to_move
    plays_for = board.plays_for
    reach = MATCH_MASK[ends[0]] | MATCH_MASK[ends[1]] | MATCH_MASK[ends[2]] | MATCH_MASK[ends[3]]
    while True:
        mine = held[seat]
        moves = plays_for(seat, mine) if mine & reach else None  # no match: a pass
        if not moves:  # a pass opens the seat's branch
            if not order[seat]:
                order[seat] = board.next_order
                board.next_order += 1
            seat = (seat + 1) & 3
            continue
        if len(moves) == 1:
            move = moves[0]
        else:
            keys = smart_keys(board, seat, mine, moves)
            move = moves[keys.index(max(keys))]
        tile = move.tile
        branch = move.branch
        assert tile is not None and branch is not None
        mine ^= tile.bit
        held[seat] = mine
        end = ends[branch]
        ends[branch] = tile.low if tile.high == end else tile.high
        order[seat] = 0
        if not mine:
            return outcome_of("domino", held, seat)
        reach = (
            MATCH_MASK[ends[0]] | MATCH_MASK[ends[1]] | MATCH_MASK[ends[2]] | MATCH_MASK[ends[3]]
        )
        if not (held[0] | held[1] | held[2] | held[3]) & reach:
            return outcome_of("block", held, seat)
        seat = (seat + 1) & 3


def worth(outcome: Outcome, view: SeatView) -> float:
    """What a hand's result is worth to ``view.seat`` in this match."""
    winner = outcome.winner
    if winner is None:
        return 0.0
    points = outcome.points
    reaches = view.scores[winner] + points >= view.target
    if winner == view.seat:
        return points + (MATCH_BONUS if reaches else 0.0)
    return -OTHER_WEIGHT * points - (MATCH_BONUS if reaches else 0.0)


EQUITY_SCALE = 45.0  # points: a seat's chance of the match ~ exp(-(target - score) / 45)
EQUITY_UNIT = 240.0  # equity x this ~ points early in a match (so PRIOR keeps its meaning)


def equity(scores: Sequence[int], target: int, seat: int, strength: float = 1.0) -> float:
    """``seat``'s chance of winning the match from ``scores`` (between hands): 1 or 0 once a
    seat has reached the target, else a softmax of the points each seat still needs (the
    scale fitted to the matches of four ``normal`` players, see docs/players.md). With
    ``strength`` s, ``seat`` counts as s times as likely to win from equal scores as each other
    seat (s / (s + 3) at the start of a match)."""
    best = max(range(4), key=lambda s: scores[s])
    if scores[best] >= target:
        return 1.0 if best == seat else 0.0
    weights = [math.exp(-(target - s) / EQUITY_SCALE) for s in scores]
    weights[seat] *= strength
    return weights[seat] / float_sum(weights)


def match_worth(outcome: Outcome, view: SeatView, strength: float = 1.0) -> float:
    """What a hand's result is worth to ``view.seat``: the change in its chance of winning
    the match, in units of about a point early on."""
    winner = outcome.winner
    if winner is None:
        return 0.0
    after = list(view.scores)
    after[winner] += outcome.points
    return EQUITY_UNIT * (
        equity(after, view.target, view.seat, strength)
        - equity(view.scores, view.target, view.seat, strength)
    )


def value_of(config: HardConfig) -> Callable[[Outcome, SeatView], float]:
    """How ``config`` values the end of a hand."""
    if not config.equity:
        return worth
    if config.strength == 1.0:
        return match_worth
    return functools.partial(match_worth, strength=config.strength)


@dataclass(frozen=True)
class HardConfig:
    """The knobs of ``hard`` (tournaments compare variants; see docs/players.md)."""

    playouts: int = 96  # play-outs per decision, shared among the legal moves
    min_deals: int = 8
    max_deals: int = 24
    prior: float = PRIOR
    weighted: bool = True  # deals weighed by the other seats' plays (longana.players.inference)
    mix: int = MIX
    equity: bool = False  # worth: the change in the chance of winning the match
    halving: bool = False  # play-outs go to the moves still in contention (successive halving)
    ismcts: bool = False  # open-loop information-set MCTS over our own moves (see ismcts)
    explore: float = 40.0  # UCB's exploration constant, in points
    pool: int = 32  # deals the ISMCTS iterations cycle through
    deal_cost: int = 0  # what drawing a deal costs, in play-outs (see deals_for)
    top: int = 20  # with more legal moves, only normal's favourites are played out
    pressing: bool = False  # the others' plays read with normal's blocking and pressing terms
    strength: float = 1.0  # the equity counts our seat this many times as strong as another


def make_hard(config: HardConfig) -> Callable[[SeatView, list[Move], random.Random], Move]:
    """The player ``config`` describes (``hard`` is ``make_hard(HARD)``)."""
    value = value_of(config)

    def hard(view: SeatView, legal: list[Move], rng: random.Random) -> Move:
        if config.halving:
            return halving(view, legal, rng, config, value)
        if config.ismcts:
            return ismcts(view, legal, rng, config, value)
        weighing = Weighing(view, legal, rng, config)
        return weighing.moves[weighing.best]

    return hard


class Weighing:
    """The flat ``hard``'s play-outs of one decision, kept for the explained hint
    (:mod:`longana.players.explain`): the moves weighed (``normal``'s ``config.top``
    favourites when there are more), their ``prior`` (normal's rating), each move's value on
    each of the same ``deals``, and ``best``, the index of the move ``hard`` plays. With
    ``keep``, each move's play-outs' results too (``outcomes``: the explanation's points and
    how often a move ends the match; they change nothing of the choice)."""

    def __init__(
        self,
        view: SeatView,
        legal: list[Move],
        rng: random.Random,
        config: HardConfig,
        keep: bool = False,
    ) -> None:
        self.view = view
        self.value = value_of(config)
        self.outcomes: dict[Move, list[Outcome]] | None = {} if keep else None
        prior = normal_ratings(view, legal)
        if len(legal) > config.top:  # keep the budget: weigh only normal's favourites
            ranked = sorted(range(len(legal)), key=lambda k: -prior[k])[: config.top]
            legal = [legal[k] for k in ranked]
            prior = [prior[k] for k in ranked]
        count = deals_for(config, len(legal))
        draw = (
            weighted_deals(view, rng, count, config.mix, PlayModel(view, pressing=True))
            if config.weighted and config.pressing
            else weighted_deals(view, rng, count, config.mix)
            if config.weighted
            else sample_deals(view, rng, count)
        )
        self.moves = legal
        self.prior = prior
        self.deals = list(draw)
        self.values = self.play(legal)
        scores = [
            added(v) / count + config.prior * p for v, p in zip(self.values, prior, strict=True)
        ]
        self.best = scores.index(max(scores))

    def play(self, moves: list[Move]) -> list[list[float]]:
        """Each of ``moves``' value on each deal (other moves can be played out on the same
        deals afterwards: the play-outs use no random numbers)."""
        values: list[list[float]] = [[] for _ in moves]
        kept: list[list[Outcome]] = [[] for _ in moves]
        keep = self.outcomes is not None
        for held in self.deals:
            start = position(self.view, held)
            for k, move in enumerate(moves):
                hand = start.copy()
                hand.apply(move)
                outcome = play_out(hand)
                values[k].append(self.value(outcome, self.view))
                if keep:
                    kept[k].append(outcome)
        if self.outcomes is not None:
            self.outcomes.update(zip(moves, kept, strict=True))
        return values


def added(values: list[float]) -> float:
    """``values`` added one by one (``sum`` of floats rounds differently from Python 3.12
    on, and Pyodide runs 3.13: hard's choice must not depend on the runtime)."""
    total = 0.0
    for v in values:
        total += v
    return total


def deals_for(config: HardConfig, moves: int) -> int:
    """How many deals to play ``moves`` moves out on: the play-outs and the deals' draws
    (``deal_cost`` play-outs each) fit the budget."""
    wanted = config.playouts // (moves + config.deal_cost)
    return max(config.min_deals, min(config.max_deals, wanted))


def halving(
    view: SeatView,
    legal: list[Move],
    rng: random.Random,
    config: HardConfig,
    value: Callable[[Outcome, SeatView], float],
) -> Move:
    """Successive halving: every move is played out on the first deals, then the better half
    (by average plus prior) on more deals, and so on; every move still in contention has been
    played out on the same deals, and the play-outs spent never exceed ``config.playouts``."""
    prior = normal_ratings(view, legal)
    alive = sorted(range(len(legal)), key=lambda k: -prior[k])[
        : config.playouts // config.min_deals
    ]
    rounds = max(1, math.ceil(math.log2(len(alive))))
    per_round = config.playouts // rounds
    plan = []
    count = len(alive)
    for _ in range(rounds):
        plan.append(max(1, per_round // count))
        count = max(2, (count + 1) // 2) if count > 2 else count
    draw = (
        weighted_deals(view, rng, sum(plan), config.mix)
        if config.weighted
        else sample_deals(view, rng, sum(plan))
    )
    totals = [0.0] * len(legal)
    seen = 0
    for step in plan:
        for _ in range(step):
            start = position(view, next(draw))
            for k in alive:
                hand = start.copy()
                hand.apply(legal[k])
                totals[k] += value(play_out(hand), view)
        seen += step
        alive.sort(key=lambda k: -(totals[k] / seen + config.prior * prior[k]))
        if len(alive) > 2:
            alive = alive[: max(2, (len(alive) + 1) // 2)]
    return legal[alive[0]]


class _Node:
    __slots__ = ("children", "visits", "total", "avail")

    def __init__(self) -> None:
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


def ismcts(
    view: SeatView,
    legal: list[Move],
    rng: random.Random,
    config: HardConfig,
    value: Callable[[Outcome, SeatView], float],
) -> Move:
    """Open-loop single-observer ISMCTS over our own decisions: each iteration takes the next
    of ``config.pool`` deals drawn for the view, descends the tree of our moves by UCB (with
    availability counts: a move is only there if our tiles and that deal's board allow it),
    lets the other seats play ``smart``, adds one node and plays out to the end. The root's
    choice is the best average plus ``prior`` x normal's rating, as in the flat version."""
    me = view.seat
    prior_of = dict(zip(legal, normal_ratings(view, legal), strict=True))
    deals = list(
        weighted_deals(view, rng, config.pool, config.mix)
        if config.weighted
        else sample_deals(view, rng, config.pool)
    )
    root = _Node()
    explore = config.explore
    for i in range(config.playouts):
        hand = position(view, deals[i % len(deals)])
        node = root
        path = [root]
        expanded = False
        while hand.outcome is None:
            if hand.to_move != me:
                hand.apply(smart(hand))
                continue
            moves = hand.board.plays_for(me, hand.held[me]) if node is not root else legal
            if not moves:
                hand.apply(PASS)
                continue
            if len(moves) == 1 or expanded:
                hand.apply(moves[0] if len(moves) == 1 else smart(hand))
                continue
            for move in moves:
                node.children.setdefault(move, _Node()).avail += 1
            fresh = [m for m in moves if not node.children[m].visits]
            if fresh:
                move = fresh[0] if node is not root else max(fresh, key=prior_of.__getitem__)
                expanded = True
            else:

                def ucb(m: Move, node: _Node = node) -> float:
                    child = node.children[m]
                    bias = config.prior * prior_of[m] if node is root else 0.0
                    return (
                        child.total / child.visits
                        + bias
                        + explore * math.sqrt(math.log(child.avail) / child.visits)
                    )

                move = max(moves, key=ucb)
            node = node.children[move]
            path.append(node)
            hand.apply(move)
        assert hand.outcome is not None
        result = value(hand.outcome, view)
        for n in path:
            n.visits += 1
            n.total += result

    def final(m: Move) -> float:
        child = root.children.get(m)
        if child is None or not child.visits:
            return -math.inf
        return child.total / child.visits + config.prior * prior_of[m]

    return max(legal, key=final)


# issue 23: the others' plays read with normal's blocking and pressing terms (the yardstick:
# +0.13 ± 0.12 units a decision, not worse; docs/players.md)
HARD = HardConfig(
    playouts=480,
    min_deals=16,
    max_deals=240,
    prior=0.5,
    equity=True,
    deal_cost=2,
    pressing=True,
)
hard = make_hard(HARD)
