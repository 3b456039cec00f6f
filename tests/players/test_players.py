"""The computer players: legal, repeatable, and blind to every tile their seat cannot see."""

from __future__ import annotations

import random

import pytest
from conftest import EVERY_RULES, other_deals, random_position

from longana.players.hard import worth
from longana.players.levels import LEVELS, choose
from longana.players.normal import lacking
from longana.players.sampler import Knowledge
from longana.rules.errors import LonganaError
from longana.rules.hand import Hand
from longana.rules.match import Match
from longana.rules.tiles import SEATS, Move, Tile, tiles_of
from longana.rules.variant import CARD, Rules
from longana.rules.view import SeatView


@pytest.mark.parametrize("rules", EVERY_RULES.values(), ids=list(EVERY_RULES))
@pytest.mark.parametrize("later, tied", [(False, False), (True, False), (True, True)])
def test_no_peeking_other_hidden_tiles_same_decision(later: bool, tied: bool, rules: Rules) -> None:
    """Exchanging what the seat cannot see (keeping the record legal, and so the opener and
    how it was found) never changes a decision, in every preset and in another set."""
    rng = random.Random(later + 2 * tied)
    checked = 0
    seeds = 40 if rules is CARD else 15  # the card's game as before; the others lighter
    for seed in range(seeds):
        hand = random_position(seed, later, tied, rules)
        seat = hand.to_move
        top = rules.target
        scores = (rng.randrange(top), rng.randrange(top), rng.randrange(top), rng.randrange(top))
        view = SeatView.of(hand, seat, scores)
        expected = {level: choose(view, level, seed) for level in LEVELS}
        for other in other_deals(hand, seat, rng, 3):
            assert other.held[seat] == hand.held[seat] and other.held != hand.held
            seen = SeatView.of(other, seat, scores)
            assert seen == view
            for level in LEVELS:
                assert choose(seen, level, seed) == expected[level], (seed, level)
            checked += 1
    assert checked > (60 if rules is CARD else 20)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_only_legal_moves_from_every_seat(level: str) -> None:
    for seed in range(12 if level == "hard" else 60):
        rng = random.Random(seed)
        hand = Hand.deal(rng, first_hand=bool(seed % 2), winner=seed % 4)
        while hand.outcome is None:
            seat = hand.to_move
            # this level at one rotating seat, the other levels elsewhere
            mover = level if seat == seed % 4 else rng.choice(LEVELS[:2])
            move = choose(SeatView.of(hand, seat), mover, seed)
            assert move in hand.legal_moves()
            hand.push(move)


def test_every_level_plays_whole_matches_legally() -> None:
    for seed in range(3):
        match = Match(f"legal:{seed}")
        levels = [LEVELS[(seed + s) % 3] for s in SEATS]
        while not match.is_over:
            hand = match.hand
            while hand.outcome is None:
                view = SeatView.of(hand, hand.to_move, match.scores, match.target)
                match.push(choose(view, levels[hand.to_move], seed))
            if not match.is_over:
                match.next_hand()


def test_same_view_level_and_seed_same_move() -> None:
    for seed in range(25):
        hand = random_position(seed, later=True)
        view = SeatView.of(hand, hand.to_move)
        for level in LEVELS:
            move = choose(view, level, seed)
            assert choose(view, level, seed) == move


def test_seeds_change_easy_choices() -> None:
    hand = Hand.deal(random.Random(2))
    hand.apply(hand.legal_moves()[0])
    while len(hand.legal_moves()) < 2:
        hand.apply(hand.legal_moves()[0])
    view = SeatView.of(hand, hand.to_move)
    assert len({choose(view, "easy", seed) for seed in range(40)}) > 1


def test_the_opener_opens_with_a_double_it_holds() -> None:
    hand = Hand.deal(random.Random(8), first_hand=False, winner=2)
    view = SeatView.of(hand, hand.opener)
    for level in LEVELS:
        move = choose(view, level, 1)
        assert move.is_opening and move in hand.openings


def test_nothing_to_choose_when_not_to_move_or_over() -> None:
    hand = Hand.deal(random.Random(4))
    with pytest.raises(LonganaError):
        choose(SeatView.of(hand, (hand.to_move + 1) % 4))
    with pytest.raises(LonganaError, match="unknown level"):
        choose(SeatView.of(hand, hand.to_move), "expert")


def test_normal_sheds_the_heavier_tile() -> None:
    tiles = [
        [
            Tile(9, 9),
            Tile(9, 8),
            Tile(9, 1),
            Tile(1, 0),
            Tile(2, 0),
            Tile(3, 0),
            Tile(4, 0),
            Tile(5, 0),
        ]
    ]
    rest = [t for t in tiles_of((1 << 55) - 1) if t not in tiles[0]]
    hands = tiles + [rest[0:8], rest[8:16], rest[16:24]]
    hand = Hand(hands)
    assert hand.opener == 0
    hand.push(Move.parse("9-9"))
    while hand.to_move != 0:
        hand.push(hand.legal_moves()[0])
    view = SeatView.of(hand, 0)
    assert {Move.parse("9-8@S"), Move.parse("9-1@S")} <= set(view.legal_moves())
    assert choose(view, "normal").tile == Tile(9, 8)


def test_lacking_numbers_follow_from_passes() -> None:
    """What a seat is known to lack it never holds, and passes make it known often."""
    known = 0
    for seed in range(30):
        hand = random_position(seed, later=True)
        know = Knowledge.of(SeatView.of(hand, hand.to_move))
        lacks = lacking(know)
        for s in SEATS:
            if s != hand.to_move:
                held_numbers = {n for t in hand.tiles(s) for n in (t.high, t.low)}
                assert not any(lacks[s] >> n & 1 for n in held_numbers)
                known += lacks[s] != 0
    assert known >= 30, known


def test_worth_counts_match_wins() -> None:
    hand = Hand.deal(random.Random(0))
    view = SeatView.of(hand, 0, (90, 0, 0, 0))
    from longana.rules.hand import Outcome

    assert worth(Outcome("domino", 0, 20, (0, 5, 5, 10)), view) > 100
    assert worth(Outcome("domino", 1, 20, (5, 0, 5, 10)), view) < 0
    assert worth(Outcome("block", None, 0, (5, 5, 5, 5)), view) == 0


def test_the_play_out_policy_is_a_cheap_normal() -> None:
    """hard's play-outs rate moves like normal without copying boards; where passes, the
    scores and priority do not come in, both like the same moves best."""
    from longana.players.normal import normal_ratings, smart_keys

    same = compared = 0
    for seed in range(3000):
        hand = random_position(seed, later=True)
        view = SeatView.of(hand, hand.to_move)
        legal = view.legal_moves()
        if len(legal) < 2 or view.opening is None or any(m.is_pass for _, m in view.history):
            continue
        keys = smart_keys(view.board(), view.seat, view.held, legal)
        ratings = normal_ratings(view, legal)
        compared += 1
        same += ratings[keys.index(max(keys))] == max(ratings)
    assert compared > 100 and same >= 0.9 * compared, (same, compared)


def test_the_play_out_ends_as_the_hand_would() -> None:
    """hard's play-out loop takes the engine's steps without the record: from every kind of
    position (first and later hands, after passes, near blocks) it ends exactly as playing
    ``smart`` move by move through :meth:`Hand.apply` does, for every seat to move."""
    from longana.players.hard import play_out
    from longana.players.normal import smart

    ended = {"domino": 0, "block": 0}
    movers = set()
    for seed in range(1500):
        hand = random_position(seed, later=seed % 3 > 0, tied=seed % 3 == 2)
        if hand.board.opening is None:
            continue
        slow = hand.copy()
        while slow.outcome is None:
            slow.apply(smart(slow))
        assert play_out(hand.copy()) == slow.outcome, seed
        ended[slow.outcome.reason] += 1
        movers.add(hand.to_move)
    assert min(ended.values()) > 20 and movers == set(SEATS), ended


def test_match_equity_and_worth() -> None:
    from longana.players.hard import equity, match_worth
    from longana.rules.hand import Outcome

    assert sum(equity((10, 50, 90, 0), 100, s) for s in SEATS) == pytest.approx(1.0)
    assert equity((0, 0, 0, 0), 100, 2) == pytest.approx(0.25)
    assert equity((99, 0, 0, 0), 100, 0) > equity((60, 0, 0, 0), 100, 0) > 0.25
    assert equity((100, 0, 0, 0), 100, 0) == 1.0 and equity((0, 120, 0, 0), 100, 0) == 0.0
    near = SeatView.of(Hand.deal(random.Random(0)), 0, (80, 0, 0, 90))
    far = SeatView.of(Hand.deal(random.Random(0)), 0, (0, 0, 0, 0))
    win = Outcome("domino", 0, 20, (0, 5, 5, 10))
    assert match_worth(win, near) > match_worth(win, far) > 0  # 20 points end the match
    loss = Outcome("domino", 3, 10, (5, 0, 5, 10))  # West reaches 100: we lose the match
    assert match_worth(loss, near) == pytest.approx(-240 * equity((80, 0, 0, 90), 100, 0))
    assert match_worth(loss, near) < 10 * match_worth(loss, far) < 0
    assert match_worth(Outcome("block", None, 0, (5, 5, 5, 5)), near) == 0


@pytest.mark.parametrize("config", ["flat-uniform", "refined", "halving", "ismcts"])
def test_hard_variants_play_legally_and_repeat(config: str) -> None:
    """The variants the tournaments compared (see docs/players.md) stay legal and seeded."""
    from longana.lab.searches import Search, make_search
    from longana.players.hard import HardConfig

    settings, search = {
        "flat-uniform": (HardConfig(playouts=32, weighted=False), None),
        "refined": (HardConfig(playouts=48, min_deals=4, refine=2.0), None),
        "halving": (HardConfig(playouts=48, min_deals=4), Search("halving")),
        "ismcts": (HardConfig(playouts=48), Search("ismcts", pool=8)),
    }[config]
    player = make_search(settings, search)
    chosen = 0
    for seed in range(40):
        hand = random_position(seed, later=True)
        view = SeatView.of(hand, hand.to_move, (seed, 90, 0, 40))
        legal = view.legal_moves()
        if len(legal) < 2:
            continue
        move = player(view, legal, random.Random(seed))
        assert move in legal and player(view, legal, random.Random(seed)) == move
        chosen += 1
    assert chosen >= 8, chosen  # real choices, not forced moves
