"""``hard``: deal the unseen tiles many times and play every legal move out on each deal.

Deals agree with what the seat knows (tile counts, every pass, how the opener was found, see
:mod:`longana.players.sampler`), each drawn in proportion to how likely it makes the other
seats' plays (:mod:`longana.players.inference`). Every legal move is played out on each deal
with ``smart`` (:mod:`longana.players.normal`) at every seat, and the move with the best
average change in the seat's chance of winning the match, plus a little of ``normal``'s
rating, is taken. The budget is a fixed number of play-outs, so the choice is repeatable.
With ``refine``, the moves the play-outs cannot yet tell from the best are played out on more
deals, round by round, until they part or the extra budget is spent (:class:`Weighing`).
:class:`HardConfig` holds the knobs; the search variants the tournaments compared (successive
halving, ISMCTS) live in :mod:`longana.lab.searches` (docs/players.md has the figures).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from ..rules.hand import Hand, Outcome, outcome_of
from ..rules.tiles import MATCH_MASK, Move
from ..rules.view import SeatView
from .inference import PlayModel, float_sum, weighted_deals
from .normal import normal_ratings, smart_keys
from .sampler import position, sample_deals

MIX = 20  # swaps tried between two deals of the walk
MATCH_BONUS = 100.0  # a hand that ends the match counts this much more
OTHER_WEIGHT = 0.5  # another seat's points hurt us, but less than ours help
PRIOR = 1.5  # weight of normal's rating, added to the play-outs' average


def play_out(hand: Hand, marks: list[int] | None = None) -> Outcome:
    """The end of ``hand`` with every seat playing ``smart``. The hand is used up: its tiles
    and board move on, but not its history (only the outcome counts, and this is the hot loop
    of ``hard``: the same steps as :meth:`Hand.apply`, without the record). With ``marks``,
    the list is set to ``[turns, passes]``: how many turns were taken to the end (the one
    that ended it included, passes too; 0 when the hand was over already) and, for the turns
    1 to 8, a bit ``1 << turn`` for each that was a pass."""
    if hand.outcome is not None:
        if marks is not None:
            marks[:] = [0, 0]
        return hand.outcome
    board = hand.board
    ends, order = board.ends, board.order
    held = hand.held
    seat = hand.to_move
    plays_for = board.plays_for
    reach = MATCH_MASK[ends[0]] | MATCH_MASK[ends[1]] | MATCH_MASK[ends[2]] | MATCH_MASK[ends[3]]
    turn = passes = 0
    while True:
        turn += 1
        mine = held[seat]
        moves = plays_for(seat, mine) if mine & reach else None  # no match: a pass
        if not moves:  # a pass opens the seat's branch
            if not order[seat]:
                order[seat] = board.next_order
                board.next_order += 1
            if turn <= 8:
                passes |= 1 << turn
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
            if marks is not None:
                marks[:] = [turn, passes]
            return outcome_of("domino", held, seat)
        reach = (
            MATCH_MASK[ends[0]] | MATCH_MASK[ends[1]] | MATCH_MASK[ends[2]] | MATCH_MASK[ends[3]]
        )
        if not (held[0] | held[1] | held[2] | held[3]) & reach:
            if marks is not None:
                marks[:] = [turn, passes]
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
EXP_ROOM = 600  # exp(-x) stays a normal float well past x = 600


def equity(scores: Sequence[int], target: int, seat: int, strength: float = 1.0) -> float:
    """``seat``'s chance of winning the match from ``scores`` (between hands): 1 or 0 once a
    seat has reached the target, else a softmax of the points each seat still needs (the
    scale fitted to the matches of four ``normal`` players, see docs/players.md). With
    ``strength`` s, ``seat`` counts as s times as likely to win from equal scores as each other
    seat (s / (s + 3) at the start of a match)."""
    best = max(range(4), key=lambda s: scores[s])
    if scores[best] >= target:
        return 1.0 if best == seat else 0.0
    # every need less the least changes no ratio, and keeps exp() off zero in a long match
    # (a target of 33,600 made every weight 0); below that the needs are taken as they are,
    # so the choices of a match to 100 stay the same to the last bit
    least = target - scores[best]
    shift = least if least > EQUITY_SCALE * EXP_ROOM else 0
    weights = [math.exp(-(target - s - shift) / EQUITY_SCALE) for s in scores]
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
    deal_cost: int = 0  # what drawing a deal costs, in play-outs (see deals_for)
    top: int = 20  # with more legal moves, only normal's favourites are played out
    pressing: bool = False  # the others' plays read with normal's blocking and pressing terms
    strength: float = 1.0  # the equity counts our seat this many times as strong as another
    refine: float = 0.0  # extra budget (x playouts) for the moves not yet told apart
    walk: int = 0  # deals drawn by one walk before a new one starts (0: one walk for all)


NOISE = 2.0  # standard errors of a paired difference within which two moves are not told apart
#: the deals come from walks, each deal near the one before: two weighings' means differ by
#: more than the standard error the deals give as if drawn apart — with walks of 8 deals (the
#: hint's, the review's, the deeper weighing's) about 1.15-1.3 times (30 positions, 5
#: weighings of 200 deals: median 1.14, root mean square 1.31; one walk of 200: 1.49, 1.77;
#: docs/players.md), so errors are that much wider
WALK = 1.25


def make_hard(config: HardConfig) -> Callable[[SeatView, list[Move], random.Random], Move]:
    """The player ``config`` describes (``hard`` is ``make_hard(HARD)``)."""

    def hard(view: SeatView, legal: list[Move], rng: random.Random) -> Move:
        weighing = Weighing(view, legal, rng, config)
        return weighing.moves[weighing.best]

    return hard


class Weighing:
    """The play-outs of one decision, kept for the explained hint and the review
    (:mod:`longana.players.explain`): the moves weighed (``normal``'s ``config.top``
    favourites when there are more), their ``prior`` (normal's rating), each move's value on
    each deal it was played out on (``values[k]``: the first ``len(values[k])`` of ``deals``,
    every move on the first ``first``), and ``best``, the index of the move ``hard`` plays.
    With ``keep``, each play-out's result too (``outcomes``, and ``marks``: the turns it took
    and its first passes; the explanation's points, chances and sizes — they change nothing
    of the choice).

    The choice is the best :meth:`score`: a move's average value plus ``prior`` times its
    rating, the rating counting as much as the first deals' worth (it weighs less once a move
    has been played out on more). With ``config.refine``, the moves the paired play-outs
    cannot tell from the best (:meth:`contenders`) are played out on as many deals again, round
    after round, while the extra budget lasts and more than one is left."""

    def __init__(
        self,
        view: SeatView,
        legal: list[Move],
        rng: random.Random,
        config: HardConfig,
        keep: bool = False,
    ) -> None:
        self.view = view
        self.config = config
        self.value = value_of(config)
        self.worths: dict[tuple[int | None, int], float] = {}
        self.outcomes: dict[Move, list[Outcome]] | None = {} if keep else None
        #: with ``keep``, each play-out's turns and passes (:func:`play_out`'s ``marks``)
        self.marks: dict[Move, list[tuple[int, int]]] = {}
        prior = normal_ratings(view, legal)
        if len(legal) > config.top:  # keep the budget: weigh only normal's favourites
            ranked = sorted(range(len(legal)), key=lambda k: -prior[k])[: config.top]
            legal = [legal[k] for k in ranked]
            prior = [prior[k] for k in ranked]
        count = deals_for(config, len(legal))
        self.draw = _walk(view, rng, config)
        self.moves = legal
        self.prior = prior
        self.first = count
        self.deals = list(islice(self.draw, count))
        self.values: list[list[float]] = [[] for _ in legal]
        self.extend(range(len(legal)), count)
        self.best = self.choose(range(len(legal)))
        self.alive = [self.best]  # the moves not told apart from the best (see refine)
        if config.refine:
            self.refine(int(config.refine * config.playouts))

    def add(self, moves: list[Move]) -> None:
        """Weigh ``moves`` too, on the first deals (for the list: the choice is made)."""
        start = len(self.moves)
        self.moves = self.moves + moves
        self.prior = self.prior + normal_ratings(self.view, moves)
        self.values += [[] for _ in moves]
        self.extend(range(start, len(self.moves)), self.first)

    def extend(self, ks: Sequence[int], total: int) -> None:
        """Play the moves ``ks`` out on the deals up to the ``total``-th (drawing more deals
        from the same walk when needed), each on the deals it has not been played out on."""
        while len(self.deals) < total:
            self.deals.append(next(self.draw))
        keep, marks = self.outcomes, self.marks
        view, value, worths = self.view, self.value, self.worths
        low = min(len(self.values[k]) for k in ks)
        for d in range(low, total):
            start = position(view, self.deals[d])
            for k in ks:
                if len(self.values[k]) != d:
                    continue
                hand = start.copy()
                move = self.moves[k]
                hand.apply(move)
                mark = [0, 0] if keep is not None else None
                outcome = play_out(hand, mark)
                key = (outcome.winner, outcome.points)  # all a result's worth depends on
                if key not in worths:
                    worths[key] = value(outcome, view)
                self.values[k].append(worths[key])
                if keep is not None and mark is not None:
                    keep.setdefault(move, []).append(outcome)
                    marks.setdefault(move, []).append((mark[0], mark[1]))

    def score(self, k: int) -> float:
        """What the choice weighs move ``k`` by: its average plus its rating's share."""
        values = self.values[k]
        n = len(values)
        return added(values) / n + self.config.prior * self.prior[k] * (self.first / n)

    def choose(self, ks: Sequence[int]) -> int:
        """The best-scored of ``ks`` (the first of equals)."""
        scores = [self.score(k) for k in ks]
        return ks[scores.index(max(scores))]

    def contenders(self, ks: Sequence[int]) -> list[int]:
        """The best of ``ks`` and those the paired play-outs cannot tell from it (all of them
        weighed on the same deals)."""
        best = self.choose(ks)
        top = self.score(best)
        out = [best]
        for k in ks:
            if k != best:
                gap = top - self.score(k)
                error = paired_error(self.values[best], self.values[k])
                if error > 0 and gap <= NOISE * error:
                    out.append(k)
        return sorted(out)

    def refine(self, budget: int) -> None:
        """Play the moves not yet told apart from the best out on more deals, each round on as
        many again, until one is left or the ``budget`` (play-outs, a deal costing
        ``config.deal_cost``) is spent; the best of them is then the choice."""
        alive = self.contenders(range(len(self.moves)))
        cost = self.config.deal_cost
        while len(alive) > 1:
            have = len(self.values[alive[0]])
            more = min(have, budget // (len(alive) + cost))
            if more < self.config.min_deals:
                break
            budget -= more * (len(alive) + cost)
            self.extend(alive, have + more)
            alive = self.contenders(alive)
        self.best = self.choose(alive)
        self.alive = alive


def _walk(view: SeatView, rng: random.Random, config: HardConfig) -> Iterator[list[int]]:
    """The deals ``config`` draws for ``view``, as many as the weighing asks: one walk, or
    (``config.walk``) walk after walk of that many deals, each from a deal of its own (a walk
    stays a while where it is: the deals of several tell more than as many of one)."""
    count = config.walk or 1 << 40
    model = PlayModel(view, pressing=True) if config.weighted and config.pressing else None
    while True:
        if config.weighted:
            yield from weighted_deals(view, rng, count, config.mix, model)
        else:
            yield from sample_deals(view, rng, count)


def paired_error(a: list[float], b: list[float]) -> float:
    """The standard error of the mean difference of ``a`` and ``b`` on the deals both were
    played out on (their common first ones), widened for the walk (:data:`WALK`); 0 with
    fewer than two."""
    n = min(len(a), len(b))
    return standard_error([x - y for x, y in zip(a[:n], b[:n], strict=True)])


def standard_error(values: list[float]) -> float:
    """The standard error of the mean of ``values`` (values on a walk's deals, so widened by
    :data:`WALK`); 0 with fewer than two."""
    n = len(values)
    if n < 2:
        return 0.0
    mean = added(values) / n
    return WALK * math.sqrt(added([(v - mean) ** 2 for v in values]) / (n - 1) / n)


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
