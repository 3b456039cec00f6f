"""Which reasons tell (longana.players.telling): decided by the engine, once, for the hint's
facts said above its list and for each decision of the review."""

from __future__ import annotations

from longana.players.facts import Reason
from longana.players.telling import TOLD, common_reasons, telling

NEAR = Reason("match-point", {"seat": "W", "needs": 29})
KEEPS = Reason("keeps-own", {"number": 9, "tiles": ["9-4"]})
SHEDS = Reason("sheds", {"pips": 7})
RISK = Reason("go-out-risk", {"seat": "E", "number": 3, "tiles": ["3-1"], "chance": 30})
STUCK = Reason("stuck", {"chance": 40, "ends": 0})


def test_a_fact_every_move_states_is_said_once_while_each_move_keeps_one_of_its_own() -> None:
    assert common_reasons([(NEAR, KEEPS), (NEAR, SHEDS)]) == [NEAR]
    assert common_reasons([(NEAR, KEEPS), (NEAR,)]) == []  # the second would be left bare
    assert common_reasons([(NEAR, KEEPS)]) == []  # one move: nothing to say once
    # a risk whose size differs by the move is no common fact: each move says its own size
    other = Reason("go-out-risk", {**RISK.params, "chance": 10})
    assert common_reasons([(RISK, KEEPS), (other, SHEDS)]) == []


def test_a_move_as_good_tells_what_set_it_apart_not_a_fact_of_the_position() -> None:
    """A rival near the target is a fact of every move: the first reason of the move played
    that not every move states tells instead."""
    moves = [(NEAR, KEEPS, SHEDS), (NEAR, SHEDS)]
    assert telling(moves[0], moves[0], False, moves) == [(KEEPS, "move")]
    assert telling((NEAR,), (NEAR,), False, [(NEAR,), (NEAR,)]) == []
    # a risk whatever is played, with other sizes under each move, tells nothing either
    bigger = Reason("go-out-risk", {**RISK.params, "chance": 60})
    assert telling((RISK, SHEDS), (bigger,), False, [(RISK, SHEDS), (bigger,)]) == [(SHEDS, "move")]


def test_a_costly_move_tells_the_facts_that_set_it_apart_for_the_best_or_against_it() -> None:
    played = (NEAR, RISK, STUCK, SHEDS)
    best = (NEAR, KEEPS, Reason("sheds", {"pips": 3}))
    told = telling(played, best, True, [played, best])
    assert len(told) == TOLD
    # facts for the best move or against the move played, the most decisive first
    assert told == [(RISK, "move"), (STUCK, "move")]
    assert telling((NEAR, SHEDS), best, True, [played, best])[0] == (KEEPS, "best")
    assert all(r != NEAR for r, _ in told)  # both state it: it sets nothing apart
    small = Reason("ends-match", {"chance": 4, "yours": 1})
    assert telling((small,), (), True, [(small,), ()]) == []  # a rare ending decides nothing
