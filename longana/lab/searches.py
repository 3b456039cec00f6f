"""The search variants the tournaments compared with ``hard``'s flat play-outs (issue 12;
docs/players.md has the figures): successive halving and open-loop ISMCTS. Lab only: the
game worker ships :mod:`longana.players.hard` without them (``tools/build_site.py`` traces
the worker's modules from ``longana.protocol``, which never imports ``longana.lab``).

>>> from longana.players.hard import HardConfig
>>> player = make_search(HardConfig(playouts=48, min_deals=4), Search("halving"))
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from ..players.hard import HardConfig, make_hard, play_out, value_of
from ..players.inference import weighted_deals
from ..players.levels import Player
from ..players.normal import normal_ratings, smart
from ..players.sampler import position, sample_deals
from ..rules.hand import Outcome
from ..rules.tiles import PASS, Move
from ..rules.view import SeatView


@dataclass(frozen=True)
class Search:
    """Which search, and its own knobs (the rest are ``HardConfig``'s)."""

    kind: str  # "halving" (play-outs go to the moves still in contention) or "ismcts"
    explore: float = 40.0  # UCB's exploration constant, in points
    pool: int = 32  # deals the ISMCTS iterations cycle through


def make_search(config: HardConfig, search: Search | None = None) -> Player:
    """The player ``config`` and ``search`` describe (no search: ``hard``'s flat one)."""
    if search is None:
        return make_hard(config)
    value = value_of(config)

    def player(view: SeatView, legal: list[Move], rng: random.Random) -> Move:
        if search.kind == "halving":
            return halving(view, legal, rng, config, value)
        return ismcts(view, legal, rng, config, value, search)

    return player


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
    search: Search,
) -> Move:
    """Open-loop single-observer ISMCTS over our own decisions: each iteration takes the next
    of ``search.pool`` deals drawn for the view, descends the tree of our moves by UCB (with
    availability counts: a move is only there if our tiles and that deal's board allow it),
    lets the other seats play ``smart``, adds one node and plays out to the end. The root's
    choice is the best average plus ``prior`` x normal's rating, as in the flat version."""
    me = view.seat
    prior_of = dict(zip(legal, normal_ratings(view, legal), strict=True))
    deals = list(
        weighted_deals(view, rng, search.pool, config.mix)
        if config.weighted
        else sample_deals(view, rng, search.pool)
    )
    root = _Node()
    explore = search.explore
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
