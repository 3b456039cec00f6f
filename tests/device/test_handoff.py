"""Handoff at one device and whose tiles may show; hints from the seat's view alone."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest
from conftest import every_rules, other_deals

from longana import LonganaError
from longana.device.frame import frame_of
from longana.device.handoff import ALL, NOBODY, explained_hint, face_up, handoff_to, hint
from longana.device.session import COMPUTER, PERSON, Session
from longana.players.levels import choose
from longana.rules.tiles import SEATS, E, N, S, W
from longana.rules.variant import Rules
from longana.rules.view import SeatView


def seats_for(people: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(PERSON if s in people else COMPUTER for s in SEATS)


class Device:
    """What the page does: one holder; a handoff screen, confirmed, whenever one is due."""

    def __init__(self, game: Session) -> None:
        self.game = game
        self.holder: int | None = None
        self.handoffs: list[int] = []
        self.shown: list[frozenset[int]] = []

    def settle(self) -> None:
        seat = handoff_to(self.game, self.holder)
        self.look()
        if seat is not None:
            assert face_up(self.game, self.holder) == NOBODY, "hands hidden during a handoff"
            self.handoffs.append(seat)
            self.holder = seat  # the person confirms they hold the device
            self.look()

    def look(self) -> None:
        """The invariant of rules.md, checked at every moment."""
        game, hand = self.game, self.game.match.hand
        up = face_up(game, self.holder)
        self.shown.append(up)
        if hand.outcome is not None:
            assert up == ALL
            return
        assert len(up) <= 1 and all(game.is_person(s) for s in up), "never a computer's hand"
        if len(game.people) > 1:
            assert up <= {self.holder}, "only the person holding the device"
        if up and game.is_person(hand.to_move) and handoff_to(game, self.holder) is None:
            assert up == {hand.to_move}, "the person to move sees their own tiles"

    def move(self, rng: random.Random) -> None:
        self.settle()
        self.game.play(rng.choice(self.game.match.hand.legal_moves()))
        self.settle()


def play_hand(device: Device, rng: random.Random) -> None:
    while device.game.match.hand.outcome is None:
        device.move(rng)


@pytest.mark.parametrize(
    "people",
    [p for k in range(5) for p in combinations(SEATS, k)],
    ids=lambda p: "".join("SENW"[s] for s in p) or "none",
)
def test_handoffs_and_hidden_hands_for_every_table(people: tuple[int, ...]) -> None:
    game = Session("17", seats=seats_for(people))
    device = Device(game)
    rng = random.Random(len(people))
    play_hand(device, rng)
    assert device.shown[-1] == ALL, "all four at the hand's end"
    turns = [seat for seat, _ in game.match.hand.history]
    if len(people) < 2:
        assert device.handoffs == []
    else:
        # a handoff exactly when the next person to move is not the one holding the device
        expected, holder = [], None
        for seat in turns:
            if seat in people and seat != holder:
                expected.append(seat)
                holder = seat
        assert device.handoffs == expected
    if len(people) == 1:
        assert set(device.shown[:-1]) == {frozenset(people)}, "a lone person always sees theirs"
    if not people:
        assert set(device.shown[:-1]) == {NOBODY}, "computers' hands are never shown"
    if len(people) == 4:
        assert len(device.handoffs) == len(turns), "every turn is another person's"


def test_the_next_hand_hands_the_device_to_its_opener() -> None:
    game = Session("17", seats=seats_for((S, N)))
    device = Device(game)
    rng = random.Random(2)
    play_hand(device, rng)
    assert handoff_to(game, device.holder) is None and face_up(game, device.holder) == ALL
    game.next_hand()
    hand = game.match.hand
    due = handoff_to(game, device.holder)
    if game.is_person(hand.to_move) and hand.to_move != device.holder:
        assert due == hand.to_move and face_up(game, device.holder) == NOBODY
    else:
        assert due is None


def test_undo_onto_another_person_goes_through_the_handoff() -> None:
    game = Session("3", seats=seats_for((S, N)))
    device = Device(game)
    rng = random.Random(5)
    # play until North has moved and South is to move again
    while True:
        device.move(rng)
        hand = game.match.hand
        assert hand.outcome is None, "pick a seed where the hand lasts"
        if hand.to_move == S and any(seat == N for seat, _ in hand.history):
            break
    assert device.holder == S
    game.undo()  # takes back North's last move and the computers' answer to it
    assert game.match.hand.to_move == N
    assert handoff_to(game, device.holder) == N
    assert face_up(game, device.holder) == NOBODY, "South's undo must not show North's tiles"
    device.settle()
    assert device.holder == N and face_up(game, N) == {N}


def test_undo_onto_the_same_person_needs_no_handoff() -> None:
    game = Session("3", seats=seats_for((S, N)))
    device = Device(game)
    rng = random.Random(5)
    device.settle()
    while not (game.match.hand.to_move == S and device.holder == S):
        device.move(rng)
    game.play(rng.choice(game.match.hand.legal_moves()))  # South moves; East may answer
    while not game.is_person(game.match.hand.to_move):
        game.play(game.match.hand.legal_moves()[0])
    assert game.match.hand.to_move == N and handoff_to(game, S) == N
    game.undo()  # South takes it back before handing over
    assert game.match.hand.to_move == S
    assert handoff_to(game, S) is None and face_up(game, S) == {S}

    alone = Session("3")
    computer = alone.match.hand
    while not alone.is_person(computer.to_move):
        alone.play(computer.legal_moves()[0])
    alone.play(computer.legal_moves()[0])
    alone.undo()
    assert handoff_to(alone, None) is None and face_up(alone, None) == {S}


def test_a_reload_or_a_seat_change_shows_nothing_until_someone_confirms() -> None:
    game = Session("9", seats=seats_for((E, W)))
    first = game.match.hand.to_move
    reloaded = Session.from_json(game.to_json())
    assert face_up(reloaded, None) == NOBODY
    assert handoff_to(reloaded, None) == (first if first in (E, W) else None)
    game.set_seats(seats_for((S, N, W)))  # East, who held the device, is a computer now
    assert face_up(game, E) == NOBODY


# -- hints --------------------------------------------------------------------------------


def to_person(game: Session) -> None:
    hand = game.match.hand
    while hand.outcome is None and not game.is_person(hand.to_move):
        game.play(hand.legal_moves()[0])


def test_a_hint_is_a_legal_move_for_the_person_and_stays_the_same() -> None:
    for seed in range(6):
        game = Session(str(seed), seats=seats_for((S, N)))
        for _ in range(6):
            to_person(game)
            if game.match.hand.outcome is not None:
                break
            move = hint(game)
            assert game.match.hand.is_legal(move)
            assert hint(game) is move
            game.play(move)


def test_a_hint_looks_only_at_the_seats_view(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []

    def spy(view: object, level: str, seed: int) -> object:
        seen.append((view, level, seed))
        assert isinstance(view, SeatView)
        return choose(view, level, seed)

    monkeypatch.setattr("longana.device.handoff.choose", spy)
    game = Session("4", seats=seats_for((W,)))
    to_person(game)
    hint(game, "normal")
    ((view, level, seed),) = seen
    assert view == game.view(W) and view.seat == W and level == "normal"
    assert seed == game.decision_seed()


def test_no_hint_on_a_computers_turn_or_after_the_hand() -> None:
    game = Session("4", seats=seats_for((W,)))
    if not game.is_person(game.match.hand.to_move):
        with pytest.raises(LonganaError, match="person"):
            hint(game)
    hand = game.match.hand
    while hand.outcome is None:
        game.play(hand.legal_moves()[0])
    with pytest.raises(LonganaError, match="over"):
        hint(game)


@every_rules
def test_no_peeking_the_frame_and_the_hint_ignore_every_hidden_tile(rules: Rules) -> None:
    """The frame shown to the person at the device and the hint for that person stay the same
    whatever the other hands and the unused tiles hold (exchanged so that the record stays
    legal), in every preset and in another set."""
    rng = random.Random(11)
    checked = 0
    for seed in range(8):
        game = Session(f"peek:{seed}", rules=rules)
        hand = game.match.hand
        for _ in range(rng.randrange(4, 20)):  # the computers' moves and the person's
            if hand.outcome is not None or (hand.to_move == S and hand.is_opened):
                break
            game.play(rng.choice(hand.legal_moves()))
        if hand.outcome is not None:
            continue
        frame, advice = frame_of(game, S), advised(game)
        for other in other_deals(hand, S, rng, 2):
            game.match.hands[-1] = other
            assert frame_of(game, S) == frame
            assert advised(game) == advice
            checked += 1
        game.match.hands[-1] = hand
    assert checked >= 8


def advised(game: Session) -> Any:
    """The explained hint for South when South is to move (else None)."""
    if game.match.hand.to_move != S:
        return None
    return explained_hint(game, S).to_dict()
