"""What one seat may see, and the explanation query that teaches the rules."""

from __future__ import annotations

import random

import pytest

from longana import PASS
from longana.rules.hand import Hand
from longana.rules.tiles import ALL_TILES, PLAYS, SEATS
from longana.rules.view import SeatView


def random_positions(seed: int, count: int) -> list[Hand]:
    """Positions met in seeded random play, openings and finished hands included."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        hand = Hand.deal(rng, first_hand=rng.random() < 0.5, winner=rng.randrange(4))
        out.append(hand.copy())
        while not hand.is_over:
            moves = hand.legal_moves()
            hand.apply(moves[rng.randrange(len(moves))])
            if rng.random() < 0.3:
                out.append(hand.copy())
        out.append(hand)
    return out


POSITIONS = random_positions(2024, 300)


def test_explain_agrees_with_the_legal_moves_for_every_seat_tile_and_branch() -> None:
    checked = allowed = 0
    for hand in POSITIONS:
        for seat in SEATS:
            held = hand.held[seat]
            # the plays this seat would have if it were its turn now
            plays = set(hand.board.plays_for(seat, held)) if hand.is_opened else set()
            for tile in ALL_TILES:
                for verdict in hand.explain(seat, tile):
                    checked += 1
                    legal = (
                        not hand.is_over
                        and bool(held & tile.bit)
                        and PLAYS[tile.index][verdict.branch] in plays
                    )
                    assert verdict.allowed == legal, (hand.played, seat, tile, verdict)
                    allowed += verdict.allowed
                    if not verdict.allowed:
                        assert verdict.error is not None and str(verdict.error)
            if hand.to_move == seat and hand.is_opened and not hand.is_over:
                assert set(hand.legal_moves()) == (plays or {PASS})
    assert checked > 100_000 and allowed > 1000


def test_pushing_any_refused_play_raises_the_error_explain_gives() -> None:
    for hand in POSITIONS[:120]:
        if hand.is_over or not hand.is_opened:
            continue
        seat = hand.to_move
        for tile in hand.tiles(seat):
            for verdict in hand.explain(seat, tile):
                move = PLAYS[tile.index][verdict.branch]
                if verdict.allowed:
                    assert move in hand.legal_moves()
                    continue
                with pytest.raises(type(verdict.error)) as raised:
                    hand.check(move)
                assert str(raised.value) == str(verdict.error)


def test_seat_view_explain_and_legal_moves_agree_with_the_hand() -> None:
    for hand in POSITIONS[:150]:
        for seat in SEATS:
            view = SeatView.of(hand, seat)
            if hand.is_over:
                assert view.legal_moves() == []
            elif seat == hand.to_move:
                assert view.legal_moves() == hand.legal_moves()
            else:
                assert view.legal_moves() == []
            if hand.is_over:
                continue
            for tile in view.tiles:
                assert [(v.branch, v.allowed) for v in view.explain(tile)] == [
                    (v.branch, v.allowed) for v in hand.explain(seat, tile)
                ]


def test_a_view_shows_only_the_seats_own_tiles() -> None:
    for hand in POSITIONS[:60]:
        for seat in SEATS:
            view = SeatView.of(hand, seat)
            assert list(view.tiles) == hand.tiles(seat)
            assert view.counts == tuple(len(hand.tiles(s)) for s in SEATS)
            unseen = set(view.unseen_tiles())
            placed = {t for branch in hand.board.branches for t in branch}
            if hand.board.opening is not None:
                placed.add(hand.board.opening)
            assert unseen == set(ALL_TILES) - placed - set(hand.tiles(seat))
            assert len(unseen) == 55 - len(placed) - len(view.tiles)
            text = repr(view)
            for other in SEATS:
                if other != seat:
                    assert all(f"'{t}'" not in text for t in hand.tiles(other) if t not in placed)
            if seat != hand.opener:
                assert view.openings == ()


def test_the_opener_alone_sees_its_choice_of_doubles() -> None:
    hand = next(h for h in POSITIONS if not h.is_opened and len(h.openings) > 1)
    assert SeatView.of(hand, hand.opener).legal_moves() == hand.legal_moves()
    assert all(SeatView.of(hand, s).openings == () for s in SEATS if s != hand.opener)


def test_views_say_how_the_opener_was_found() -> None:
    first = Hand.deal(random.Random(1))
    later = Hand.deal(random.Random(1), first_hand=False, winner=2)
    tied = Hand.deal(random.Random(1), first_hand=False, previous_opener=3)
    facts = [
        (SeatView.of(h, 1).first_hand, SeatView.of(h, 1).search_from) for h in (first, later, tied)
    ]
    assert facts == [(True, None), (False, 2), (False, 0)]


def test_view_replay_gives_the_board_before_each_move() -> None:
    passes = 0
    for hand in [h for h in POSITIONS if h.is_over][:30]:
        view = SeatView.of(hand, 0)
        replayed = list(view.replay())
        assert [(s, m) for s, m, _ in replayed] == hand.history
        assert replayed[0][2].opening is None
        for seat, move, board in replayed:
            if move.is_pass:  # a pass proves the passer had nothing to play on that board
                passes += 1
                assert board.plays_for(seat, hand.start[seat] & ~_played_before(board)) == []
    assert passes > 10


def _played_before(board: object) -> int:
    from longana.rules.board import Board

    assert isinstance(board, Board)
    mask = 0 if board.opening is None else board.opening.bit
    for branch in board.branches:
        for tile in branch:
            mask |= tile.bit
    return mask
