"""Which reasons tell: decided here, once, for the hint and the review (the page words every
reason it is given, in this order, and decides nothing).

- :func:`common_reasons`: the facts every move of a hint states alike (a seat near the
  target, a risk whatever is played), said once above the list — when there are two moves or
  more and each move still has a reason of its own.
- :func:`telling`: the reasons that tell a decision of the review: for a costly move, the facts
  that set the move played and the best apart (a fact for the best move or against the move
  played first, then by :data:`~longana.players.facts.RANK`), up to :data:`TOLD`; for a move as
  good as the best, the first fact of the move played that not every move states (sizes such
  as chances aside: a risk whatever is played tells nothing of the choice).

>>> a, b = Reason("match-point", {"seat": "N", "needs": 9}), Reason("sheds", {"pips": 7})
>>> [r.code for r in common_reasons([(a, b), (a, Reason("sheds", {"pips": 3}))])]
['match-point']
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from .facts import RANK, Reason

TOLD = 2  # reasons that tell a costly decision, at most
MINOR = 10  # percent: an ``ends-match`` chance below this decides nothing
GOOD = frozenset({"domino", "way-out", "control", "blocks", "keeps-own"})  # for the move
BAD = frozenset({"go-out-risk", "stuck", "feeds", "leader", "no-own", "likely-block"})  # against
#: parameters that are sizes, not facts: two moves stating the same fact may differ in them
SIZES = ("chance", "yours", "ends")


def said(reason: Reason) -> str:
    """A reason as one comparable text (its code and every parameter)."""
    return reason.code + json.dumps(reason.params, sort_keys=True)


def fact(reason: Reason) -> str:
    """A reason as the fact it states, its sizes aside (chances differ by the deals)."""
    plain = {k: v for k, v in reason.params.items() if k not in SIZES}
    return reason.code + json.dumps(plain, sort_keys=True)


def common_reasons(moves: Sequence[Sequence[Reason]]) -> list[Reason]:
    """The reasons every move states alike, when there are two moves or more and each of
    them has a reason of its own besides (in the first move's order)."""
    if len(moves) < 2:
        return []
    lists = [[said(r) for r in m] for m in moves]
    shared = [r for r in moves[0] if all(said(r) in texts for texts in lists[1:])]
    if any(len(texts) <= len(shared) for texts in lists):
        return []
    return shared


def telling(
    played: Sequence[Reason],
    best: Sequence[Reason],
    costly: bool,
    moves: Sequence[Sequence[Reason]] = (),
) -> list[tuple[Reason, str]]:
    """The reasons that tell the decision, each with the move it belongs to (``"move"``,
    the move played, or ``"best"``; ``moves``: every legal move's reasons): see the
    module's list."""
    if not costly:
        facts = [{fact(r) for r in m} for m in moves]
        own = [r for r in played if not all(fact(r) in f for f in facts)]
        return [(own[0], "move")] if own else []
    theirs, ours = {fact(r) for r in best}, {fact(r) for r in played}
    apart = [(r, "move") for r in played if fact(r) not in theirs]
    apart += [(r, "best") for r in best if fact(r) not in ours]
    apart = [(r, of) for r, of in apart if r.code != "ends-match" or r.params["chance"] >= MINOR]

    def order(pair: tuple[Reason, str]) -> tuple[bool, int, bool]:
        reason, of = pair
        good = reason.code in GOOD or reason.code == "block" and reason.params["chance"] >= 50
        bad = reason.code in BAD or reason.code == "block" and not good
        return not (good if of == "best" else bad), RANK.index(reason.code), of != "best"

    return sorted(apart, key=order)[:TOLD]
