"""The decisive facts (longana.players.facts): each on a hand-built position for every seat,
then all of them on positions met in random play, checked against the true hands."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from typing import Any

from conftest import dealt, every_seat, play, rotated, turn, turn_move
from test_explain import reasons_of
from truth import false_claims, follows, missed_risks

from longana.players.facts import FACT_DEALS, LIKELY, chain, reasons_for
from longana.players.hard import play_out
from longana.players.normal import smart
from longana.players.sampler import position as position_of
from longana.players.sampler import sample_deals
from longana.players.telling import SIZES
from longana.rules.hand import Hand
from longana.rules.records import hand_from_record, hand_record
from longana.rules.tiles import SEAT_NAMES, Move, Tile, mask_of, tiles_of
from longana.rules.view import SeatView


def mask(text: str) -> int:
    return mask_of(Tile.parse(t) for t in text.split())


def names(tiles: list[Tile]) -> list[str]:
    return [str(t) for t in tiles]


def test_a_run_counts_only_tiles_that_follow_one_another() -> None:
    assert len(chain(mask("5-4 9-4"), 4)) == 1  # both fit 4, but not one after the other
    assert names(chain(mask("5-4 9-4"), 4)) == ["9-4"]  # the heavier first among equals
    assert names(chain(mask("9-5 5-4"), 4)) == ["5-4", "9-5"]
    assert names(chain(mask("4-4 4-2 2-2 7-1"), 4)) == ["4-4", "4-2", "2-2"]
    assert chain(mask("7-1 8-2"), 4) == []
    # a run that first goes the wrong way is not taken when another lays every tile
    assert names(chain(mask("6-4 6-3 4-1 3-1"), 4)) == ["6-4", "6-3", "3-1", "4-1"]


def first_legal_until(hand: Hand, seat: int) -> Hand:
    """The other seats play their first legal move until ``seat`` is to move."""
    while hand.outcome is None and hand.to_move != seat:
        hand.apply(hand.legal_moves()[0])
    return hand


@every_seat
def test_a_sure_way_out_is_named_and_really_goes_out(k: int) -> None:
    # South opens 5-5 and holds a run of all its tiles from 5: after 5-3 on its own branch the
    # rest follow one another there, where only South can change the end.
    hand = dealt(k, {"S": "5-5 5-3 3-1 1-0 2-0 4-2 6-4 7-6"}, winner="S")
    play(hand, ["5-5"], k)
    first_legal_until(hand, k)
    reasons = reasons_of(hand, k)
    # every other seat holds eight tiles: nobody can go out in six turns, so it is sure
    assert reasons["5-3@S"]["way-out"] == {"turns": 6, "sure": True, "chance": 100}
    assert "keeps-own" not in reasons["5-3@S"]
    assert list(reasons["5-3@S"])[0] == "way-out"  # decisive: first
    assert all("way-out" not in r for m, r in reasons.items() if m != "5-3@S")
    hand.apply(Move.parse(turn_move("5-3@S", k)))
    for tile in ("3-1", "1-0", "2-0", "4-2", "6-4", "7-6"):  # never a pass, whatever the others do
        first_legal_until(hand, k)
        assert hand.outcome is None, "another seat went out first"
        hand.apply(Move.parse(turn_move(f"{tile}@S", k)))
    assert hand.outcome is not None and hand.outcome.reason == "domino"
    assert hand.outcome.winner == k, "the way out was another seat's"


@every_seat
def test_control_every_other_seat_has_passed_on_every_number_showing(k: int) -> None:
    # The others passed on 5, then on the 3 South set East's open branch to: after 3-3 there
    # only 3s and 5s show, and South keeps 3-1 to play on; after 3-1 a 1 shows, which the
    # others may hold. (Passing while a 3 shows on a closed branch would prove nothing: a
    # closed branch takes only its double.)
    hand = dealt(k, {"S": "5-5 5-3 3-3 3-1"}, ends="35", winner="S")
    play(hand, ["5-5", "pass", "pass", "pass", "5-3@E", "pass", "pass", "pass"], k)
    reasons = reasons_of(hand, k)
    assert reasons["3-3@E"]["control"] == {"numbers": [3, 5]}
    assert "control" not in reasons["3-1@E"]
    play(hand, ["3-3@E"], k)  # then the others can only pass
    first_legal_until(hand, k)
    assert [str(m) for _, m in hand.history[-3:]] == ["pass", "pass", "pass"]


@every_seat
def test_a_seat_that_can_win_the_match_this_hand_is_named_leading_or_not(k: int) -> None:
    hand = dealt(k, {"S": "5-5 2-2 5-3 8-6 9-7 9-8 7-6 4-1"}, ends="25", winner="S")
    scores = [0, 0, 0, 0]
    for letter, points in {"S": 55, "E": 94, "N": 60, "W": 20}.items():
        scores[SEAT_NAMES.index(turn(letter, k))] = points
    view = SeatView.of(hand, hand.to_move, tuple(scores))
    said = reasons_for(view)
    assert len(said) == len(view.legal_moves()) > 1
    for move, reasons in said.items():
        points = [(r.params["seat"], r.params["needs"]) for r in reasons if r.code == "match-point"]
        # South itself first (45 to go), then the others by what they need: West (80) is too far
        assert [(turn(s, -k % 4), n) for s, n in points] == [("S", 45), ("E", 6), ("N", 40)], move


@every_seat
def test_a_block_says_who_wins_it_and_whether_it_ends_the_match(k: int) -> None:
    hand = dealt(k, {"S": "5-5 5-3 3-3 9-9 9-8 9-7 8-7"}, ends="35", winner="S")
    play(hand, ["5-5", "pass", "pass", "pass", "5-3@E", "pass", "pass", "pass"], k)
    # South keeps 67 pips: each other hand may hold fewer or more, so it is a chance
    block = reasons_of(hand, k)["3-3@E"]["block"]
    assert block["pips"] == 67 and 0 < block["chance"] < 50
    assert block["match"] is True  # 24 tiles in the others' hands: whoever wins, wins the match
    light = dealt(k, {"S": "5-5 5-3 3-3 1-0"}, ends="35", winner="S")
    play(light, ["5-5", "pass", "pass", "pass", "5-3@E", "pass", "pass", "pass"], k)
    # South keeps its lightest pads: no hand of eight tiles without 3s and 5s holds fewer
    assert reasons_of(light, k)["3-3@E"]["block"]["chance"] == 100


# -- positions from random play, every seat --------------------------------------------------


def positions(count: int, seed: int = 1) -> Iterator[tuple[Hand, tuple[int, ...]]]:
    """Positions of random hands (``smart`` at every seat, so hands run long), with scores
    near and far from the target, the seat to move holding a tile."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        hand = Hand.deal(rng)
        scores = tuple(rng.choice((0, 30, 60, 80, 92, 97)) for _ in range(4))
        while hand.outcome is None and found < count:
            opened = hand.board.opening is not None
            if opened and rng.random() < 0.3:
                found += 1
                yield hand.copy(), scores
            smartly = opened and rng.random() < 0.8
            hand.apply(smart(hand) if smartly else rng.choice(hand.legal_moves()))


def test_no_reason_is_false_and_no_risk_is_missed_in_real_play() -> None:
    checked: dict[str, int] = {}
    for hand, scores in positions(300):
        view = SeatView.of(hand, hand.to_move, scores)
        for move, reasons in reasons_for(view).items():
            said = [r.to_dict() for r in reasons]
            assert false_claims(hand, move, said, scores) == []
            assert missed_risks(hand, move, said) == []
            for r in said:
                checked[r["code"]] = checked.get(r["code"], 0) + 1
    for code in ("go-out-risk", "way-out", "stuck", "match-point", "closes-own", "domino"):
        assert checked.get(code, 0) >= 3, (code, checked)


def test_every_seat_gets_the_same_facts_turned_with_the_table() -> None:
    """A position turned by k seats gives the same reasons, seat letters turned."""
    compared = 0
    for hand, scores in positions(40, seed=2):
        record = hand_record(hand)
        view = SeatView.of(hand, hand.to_move, scores)
        want = _letters(reasons_for(view), 0)
        for k in (1, 2, 3):
            again = hand_from_record(rotated(record, k))
            turned = tuple(scores[(s - k) % 4] for s in range(4))
            got = _letters(reasons_for(SeatView.of(again, again.to_move, turned)), k)
            assert _stable(got) == _stable(want)
        compared += sum(len(said) for said in want.values())
    assert compared >= 200, compared  # reasons compared, not empty lists


def _letters(reasons: dict[Move, Any], k: int) -> dict[str, list[dict[str, Any]]]:
    """The reasons by move, seat letters turned back by ``k``."""
    out = {}
    for move, said in reasons.items():
        back = []
        for r in said:
            p = dict(r.params)
            for key in ("seat", "branch"):
                if key in p:
                    p[key] = turn(p[key], -k % 4)
            if "over" in p:
                p["over"] = sorted(turn(s, -k % 4) for s in p["over"])
            back.append({"code": r.code, "params": p})
        out[turn_move(str(move), -k % 4)] = back
    return out


def _stable(reasons: dict[str, list[dict[str, Any]]]) -> dict[str, list[Any]]:
    """Everything but the chances and the reasons only a chance decides (drawn deals differ
    with the seat numbers)."""
    return {
        m: [
            (r["code"], {k: v for k, v in r["params"].items() if k not in SIZES})
            for r in said
            if r["code"] != "likely-block" and r["params"].get("turns") != 2
        ]
        for m, said in reasons.items()
    }


def test_the_runs_kept_follow_one_another() -> None:
    kept = 0
    for hand, scores in positions(60, seed=3):
        view = SeatView.of(hand, hand.to_move, scores)
        for move, reasons in reasons_for(view).items():
            for r in reasons:
                if r.code == "keeps-own":
                    tiles = [Tile.parse(t) for t in r.params["tiles"]]
                    assert follows(tiles, r.params["number"])
                    rest = view.held ^ (move.tile.bit if move.tile else 0)
                    assert len(tiles) == len(chain(rest, r.params["number"]))
                    assert len(tiles) < len(tiles_of(rest))  # else it is a way out
                    kept += 1
    assert kept >= 10, kept


# -- the sizes and the rules behind the risks (issue 36) ---------------------------------------


@functools.cache
def late_positions() -> list[tuple[SeatView, dict[Move, list[Any]]]]:
    """Positions late in random hands (some other seat holds one or two tiles, or the seat
    itself four or fewer), with every legal move's reasons: where risks, races and blocks are."""
    out = []
    for hand, scores in positions(1200, seed=11):
        view = SeatView.of(hand, hand.to_move, scores)
        if min(view.counts) <= 2 or view.counts[view.seat] <= 4:
            out.append((view, reasons_for(view)))
        if len(out) == 250:
            break
    return out


def test_on_a_branch_closed_to_a_seat_only_the_double_is_named_for_it() -> None:
    """The rule card: another seat's closed branch takes only its double. A one-tile seat is
    never said to go out with any other tile on a number that shows only there."""
    found = set()
    for view, reasons in late_positions():
        board = view.board()
        for move, said in reasons.items():
            after = board.copy()
            after.apply(view.seat, move)
            for r in said:
                p = r.params
                if r.code != "go-out-risk" or "number" not in p:
                    continue
                s = SEAT_NAMES.index(p["seat"])
                shows = [b for b in range(4) if after.ends[b] == p["number"]]
                if all(b != s and not after.order[b] for b in shows):  # only closed to it
                    assert p["tiles"] == [f"{p['number']}-{p['number']}"], (move, p)
                    found.add(s)
    assert len(found) >= 2, found


def test_the_next_seat_goes_out_in_the_deals_that_give_it_a_tile_named() -> None:
    """How often a one-tile seat goes out is counted in the deals: the seat right after the
    mover goes out exactly in the deals that give it one of the tiles named."""
    checked = 0
    for view, reasons in late_positions():
        nxt = (view.seat + 1) % 4
        if view.counts[nxt] != 1:
            continue
        rng = random.Random(f"longana:facts:{view.seat}:{len(view.history)}")
        deals = list(sample_deals(view, rng, FACT_DEALS))  # the deals reasons_for drew
        for move, said in reasons.items():
            risks = [r for r in said if r.code == "go-out-risk" and r.params["seat"] == "SENW"[nxt]]
            if not risks or move.tile is not None and view.held == move.tile.bit:
                continue
            named = {Tile.parse(t).bit for r in risks for t in r.params["tiles"]}
            share = round(100 * sum(held[nxt] in named for held in deals) / len(deals))
            assert {r.params["chance"] for r in risks} == {share}, (move, risks)
            checked += 1
    assert checked >= 5


def test_a_way_out_is_sure_only_when_nobody_else_can_go_out_sooner() -> None:
    sure = race = 0
    for view, reasons in late_positions():
        fewest = min(c for s, c in enumerate(view.counts) if s != view.seat)
        for said in reasons.values():
            for r in said:
                if r.code != "way-out":
                    continue
                assert r.params["sure"] == (fewest > r.params["turns"])
                if r.params["sure"]:
                    assert r.params["chance"] == 100
                    sure += 1
                else:
                    assert 0 <= r.params["chance"] <= 100
                    race += 1
    assert sure >= 2 and race >= 2, (sure, race)


def test_a_likely_block_is_the_share_of_the_play_outs_that_end_blocked() -> None:
    """``likely-block`` says how often the move's play-outs end blocked (from LIKELY % on) and
    who most often wins then; a move whose play-outs seldom block says nothing of it."""
    said = 0
    for view, reasons in late_positions()[:120]:
        rng = random.Random(f"longana:facts:{view.seat}:{len(view.history)}")
        deals = list(sample_deals(view, rng, FACT_DEALS))
        for move, given in reasons.items():
            outcomes = []
            for held in deals:
                hand = position_of(view, held)
                hand.apply(move)
                outcomes.append(play_out(hand))
            blocked = [o.winner for o in outcomes if o.reason == "block"]
            found = {r.code: r.params for r in given}
            share = round(100 * len(blocked) / len(outcomes))
            if "likely-block" in found:
                assert found["likely-block"]["chance"] == share >= LIKELY
                winner = found["likely-block"]["winner"]
                most = max(blocked.count(w) for w in set(blocked))
                assert blocked.count(None if winner is None else SEAT_NAMES.index(winner)) == most
                said += 1
            elif "block" not in found and "domino" not in found:
                assert 100 * len(blocked) < LIKELY * len(outcomes)
    assert said >= 3


def test_a_hand_over_before_your_turn_is_counted_apart_from_a_pass() -> None:
    """``stuck``: the deals where the seat must pass at its next turn, and apart those where
    the hand ends before it (they are no pass, and no play either)."""
    ended = 0
    for _, reasons in late_positions():
        for said in reasons.values():
            for r in said:
                if r.code == "stuck":
                    assert r.params["chance"] + r.params["ends"] <= 100
                    ended += r.params["ends"] > 0
    assert ended >= 2
