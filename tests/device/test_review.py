"""The review of a match (longana/device/review.py and the worker's ``review`` intent): each
decision of the people at the device, judged from that seat's view by the hint's weighing."""

from __future__ import annotations

import random
from typing import Any

from conftest import ask, person_to_move, play_on, record_with, start

from longana import classplay
from longana.device.review import (
    DEPTH,
    GRADES,
    THRESHOLDS,
    Decision,
    decisions,
    judge,
    judgement,
    view_at,
)
from longana.device.session import COMPUTER, PERSON, Session
from longana.players.explain import KINDS, explain
from longana.players.facts import RANK
from longana.players.hard import NOISE
from longana.players.levels import choose
from longana.rules.errors import LonganaError
from longana.rules.records import hand_from_record, hand_record
from longana.rules.tiles import SEATS, tiles_of
from longana.rules.view import SeatView

TWO = (PERSON, COMPUTER, PERSON, COMPUTER)


def played(deal: str, seats: tuple[str, ...] = TWO, hands: int = 1) -> Session:
    """A match of ``deal`` played for ``hands`` hands: the people pick at random (seeded),
    so some of their moves cost something; the computer plays normal."""
    game = Session(deal, seats=seats)
    rng = random.Random(deal)
    while True:
        hand = game.match.hand
        if hand.outcome is not None:
            if game.match.is_over or len(game.match.hands) >= hands:
                return game
            game.next_hand()
            continue
        seat = hand.to_move
        if game.is_person(seat):
            game.play(rng.choice(hand.legal_moves()))
        else:
            game.play(choose(game.view(seat), "normal", game.decision_seed()))


def check(game: Session, found: list[Decision], judged: list[dict[str, Any]]) -> None:
    """Every judgement as the module promises it: the deeper weighing's best first, the cost
    and its noise on the same deals, a grade by the thresholds, the reasons that tell among
    the moves' own, and a costly decision's position to practise on from the seat's view."""
    for decision, j in zip(found, judged, strict=True):
        assert game.is_person(decision.seat)
        view, seed = view_at(game, decision)
        assert len(view.legal_moves()) > 1
        assert j["move"] == str(decision.move) and j["seat"] == "SENW"[decision.seat]
        assert j["kind"] in KINDS and j["explanation"]["kind"] == j["kind"]
        explanation = j["explanation"]
        assert explanation["deals"] == explain(view, seed).deals  # the hint's weighing, deeper
        moves = {m["move"]: m for m in explanation["moves"]}
        assert explanation["moves"][0]["move"] == j["best"]
        deep = [m for m in explanation["moves"] if m["deals"] >= DEPTH * explanation["deals"]]
        assert moves[j["best"]] in deep and moves[j["move"]] in deep
        assert j["best"] == max(deep, key=lambda m: m["estimate"])["move"] or any(
            m["estimate"] == moves[j["best"]]["estimate"] for m in deep
        )
        assert j["grade"] in GRADES and j["error"] >= 0
        assert j["costly"] == (j["grade"] in ("inaccuracy", "mistake", "blunder"))
        assert (j["grade"] == "best") == (j["move"] == j["best"])
        assert (j["cost"] > 0) == j["costly"]
        if j["costly"]:
            worse = sum(1 for least in THRESHOLDS[j["kind"]] if j["cost"] >= least)
            assert GRADES[1 + worse] == j["grade"] and j["cost"] > NOISE * j["error"]
            assert not moves[j["move"]]["equal"]
        assert j["chance"]["before"] == explanation["chance"]
        assert (j["chance"]["after"] < j["chance"]["before"]) <= j["costly"]
        assert len(j["reasons"]) <= 2 and j["reason"] == (j["reasons"] or [None])[0]
        for r in j["reasons"]:
            assert r["code"] in RANK and r["of"] in ("move", "best")
            owner = j["move"] if r["of"] == "move" else j["best"]
            said = [{"code": x["code"], "params": x["params"]} for x in moves[owner]["reasons"]]
            assert {"code": r["code"], "params": r["params"]} in said
        practice = j["practice"]
        assert (practice is not None) == j["costly"]
        if practice is not None:
            hands = practice["position"]["hands"]
            assert [s for s in hands if hands[s]["tiles"] is not None] == [j["seat"]]
            assert sorted(practice["turn"]["moves"]) == sorted(str(m) for m in view.legal_moves())
            assert j["best"] in practice["better"] and j["move"] not in practice["better"]
            assert set(practice["grades"]) == set(moves)


def test_every_decision_of_the_people_and_none_of_the_computer() -> None:
    game = played("31", hands=2)
    found = decisions(game)
    assert found and all(game.is_person(d.seat) for d in found)
    assert {d.seat for d in found} == {0, 2}  # both people at the device
    assert [d.hand for d in found] == sorted(d.hand for d in found)
    by_hand = decisions(game, 0) + decisions(game, 1)
    assert by_hand == found
    judged = [judge(game, d) for d in found]
    check(game, found, judged)
    assert any(j["costly"] for j in judged)  # random moves: some cost something
    assert {j["grade"] for j in judged} >= {"best", "blunder"}


def test_a_hand_still_in_play_is_not_reviewed() -> None:
    game = Session("8", seats=TWO)
    hand = game.match.hand
    for _ in range(12):
        game.play(hand.legal_moves()[0])
    assert hand.outcome is None and decisions(game) == []


def test_the_review_sees_only_what_the_seat_saw() -> None:
    """The others' tiles still unplayed at the hand's end and the unused ones exchanged in
    every way tried that keeps the record legal: every judgement is the same."""
    game = played("12", seats=(PERSON, COMPUTER, COMPUTER, COMPUTER))
    hand = game.match.hands[0]
    found = decisions(game)
    want = [judge(game, d) for d in found]
    assert found
    rng = random.Random(5)
    hidden = [t for t in tiles_of(view_at(game, found[-1])[0].unseen())]
    record = hand_record(hand)
    tried = 0
    for _ in range(300):
        rng.shuffle(hidden)
        held, at = list(hand.held), 0
        for s in SEATS[1:]:
            count = bin(hand.held[s]).count("1")
            held[s] = sum(t.bit for t in hidden[at : at + count])
            at += count
        try:
            again = hand_from_record(record_with(hand, held))
        except LonganaError:
            continue
        if again.played != hand.played or again.outcome is None:
            continue
        game.match.hands[0] = again
        assert [judge(game, d) for d in decisions(game)] == want
        tried += 1
        if tried == 3:
            break
    assert tried >= 2, record


# -- through the worker -----------------------------------------------------------------------


def test_the_worker_answers_one_decision_a_step() -> None:
    game, reply = start("31", seats=TWO)
    assert ask(game, do="review", step=0)["review"] == {
        "step": 0,
        "count": 0,
        "hand": None,
        "decision": None,
        "summary": {},
    }
    *_, last = play_on(game, reply, hands=1)
    assert last["frame"]["outcome"] is not None
    first = ask(game, do="review", step=0)["review"]
    count = first["count"]
    assert count == len(decisions(game.current_session)) > 0
    steps = [first["decision"]] + [
        ask(game, do="review", step=k)["review"]["decision"] for k in range(1, count)
    ]
    check(game.current_session, decisions(game.current_session), steps)
    assert ask(game, do="review", step=count)["review"]["decision"] is None
    assert ask(game, do="review", step=0, hand=0)["review"]["count"] == count
    assert ask(game, do="review", step=0, hand=1)["review"]["count"] == 0
    for bad in (-1, count + 1, "1", True, 1.5):
        assert ask(game, do="review", step=bad)["error"]["code"] == "bad-step"
    assert ask(game, do="review", step=0, hand="0")["error"]["code"] == "bad-hand"
    again = ask(game, do="review", step=count - 1)["review"]  # kept, not weighed
    assert again["decision"] == steps[-1]
    check_summary(game.current_session, steps, again["summary"])


def check_summary(game: Session, steps: list[dict[str, Any]], summary: dict[str, Any]) -> None:
    """Per person: the decisions judged, their grades and accuracy, the costly ones costliest
    first, and the match's course hand by hand, whose luck and cost add up to the change of
    the person's chance."""
    assert set(summary) == {d["seat"] for d in steps}
    finished = [h for h in game.match.hands if h.outcome is not None]
    for seat, mine in summary.items():
        own = [(k, d) for k, d in enumerate(steps) if d["seat"] == seat]
        assert mine["decisions"] == len(own) == sum(mine["grades"].values())
        assert list(mine["grades"]) == list(GRADES)
        for grade, n in mine["grades"].items():
            assert n == sum(1 for _, d in own if d["grade"] == grade)
        assert 0 <= mine["accuracy"] <= 100
        assert (mine["accuracy"] == 100) == all(not d["costly"] for _, d in own)
        drops = [d["chance"]["before"] - d["chance"]["after"] for d in steps]
        assert sorted(mine["costliest"]) == sorted(k for k, d in own if d["costly"])
        assert [drops[k] for k in mine["costliest"]] == sorted(
            (drops[k] for k in mine["costliest"]), reverse=True
        )
        hands = mine["hands"]
        assert [h["hand"] for h in hands] == list(range(1, len(finished) + 1))
        for h, after in zip(hands, hands[1:], strict=False):
            assert after["start"] == h["end"]
        for h in hands:
            assert len(h["points"]) == sum(1 for _, d in own if d["hand"] + 1 == h["hand"])
            cost = sum(p["before"] - p["after"] for p in h["points"])
            assert h["cost"] == round(cost, 1) and h["cost"] >= 0
            assert h["luck"] == round(h["end"] - h["start"] + cost, 1)
        assert mine["luck"] == round(sum(h["luck"] for h in hands), 1)


def test_a_class_match_is_reviewed_once_it_is_over() -> None:
    code = classplay.ClassCode.make("RV1", [PERSON] + [COMPUTER] * 3, "normal", 25)
    game, reply = start()
    first = ask(game, do="class-start", code=code.text, save=None, holder=None)
    assert ask(game, do="review", step=0)["refused"]["code"] == "class-not-over"
    last = first
    for last in play_on(game, first):
        frame = last["frame"]
        if frame["outcome"] is not None and not frame["match_over"]:
            assert ask(game, do="review", step=0)["refused"]["code"] == "class-not-over"
    assert last["frame"]["match_over"] and not person_to_move(last["frame"])
    review = ask(game, do="review", step=0)["review"]
    assert review["count"] == len(decisions(game.current_session)) > 0
    check(game.current_session, decisions(game.current_session)[:1], [review["decision"]])


def test_a_match_to_any_target_is_weighed_hinted_and_reviewed() -> None:
    """Issue 37: a save with a target above ~33,500 made every hint and review step fail (the
    equity's weights all underflowed to 0). The match's rules now bound the target
    (longana.rules.variant); the coach's equity is safe for any target all the same (the
    chances still add up to the whole match), and at the highest target the rules allow a hint
    and a review step are weighed."""
    from longana.players.hard import equity
    from longana.rules.match import Match
    from longana.rules.variant import MAX_TARGET, MIN_TARGET

    for target in (100, 33_600, 40_000, 10**9):
        scores = (5, 0, 60, 40)
        chances = [equity(scores, target, s) for s in SEATS]
        assert abs(sum(chances) - 1) < 1e-9 and all(0 <= c <= 1 for c in chances)
        assert chances[2] > chances[3] > chances[0] > chances[1]
    hand = Match("37").hand
    rng = random.Random(37)
    while len(hand.legal_moves()) < 2 or not hand.is_opened:
        hand.apply(rng.choice(hand.legal_moves()))
    for target in (MIN_TARGET, MAX_TARGET):
        view = SeatView.of(hand, hand.to_move, (5, 0, 6, 4), target)
        explanation = explain(view, 3)
        assert explanation.kind == ("win" if target == MIN_TARGET else "points")
        assert 0 <= explanation.chance <= 100
        decision = Decision(0, len(hand.history), hand.to_move, hand.legal_moves()[0])
        judged = judgement(hand, view, decision, 3)
        assert judged["grade"] in GRADES and 0 <= judged["chance"]["before"] <= 100
