"""Helpers every test folder shares (import them: ``from conftest import dealt, ask``).

- Hands built by hand, from South's point of view, for every seat: a scenario is written as if
  South were the seat of interest; ``turn`` rotates it by ``k`` seats (South→East→North→West),
  so every test can run the same story for all four seats: the tiles of South go to seat ``k``,
  a move ``6-4@E`` becomes ``6-4@{E+k}``, and so on (``dealt``, ``play``, ``every_seat``).
- Positions met in random play, and other deals that keep a record legal (for the players).
- The game worker's door: ``ask`` one intent, ``start`` a game, ``play_on`` a match (every
  reply as computers move, people take the device and play, hands are dealt) and
  ``played_until`` a frame says stop. Every reply of every test is of its type
  (``longana/replies.py``, checked part by part: tests/shapes.py).
- The words of a language as the page loads them (``catalog``).
- A lesson's table at the start of one of its tasks (``lesson_at``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from shapes import problems

from longana import SEAT_NAMES, SEATS, Hand, LonganaError, Move, Tile
from longana.device.lesson_table import LessonTable
from longana.device.lessons import Lesson
from longana.players.sampler import sample_deals
from longana.protocol import Game
from longana.replies import Reply as ReplyShape
from longana.rules.records import hand_from_record, hand_record
from longana.rules.tiles import ALL_TILES, tiles_of
from longana.rules.variant import CARD, PRESETS, Rules
from longana.rules.view import SeatView

ROOT = Path(__file__).resolve().parents[1]

# No example is timed (Hypothesis would fail one that takes over 200 ms on a busy machine): a
# test waits on the work, never on a clock.
settings.register_profile("no-clock", deadline=None)
settings.load_profile("no-clock")


@pytest.fixture(autouse=True)
def replies_of_their_type(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every reply the game worker gives, in any test, is of the type the page is checked
    against (the worker builds some parts with code typed more loosely)."""
    handle = Game.handle

    def checked(game: Game, text: str) -> str:
        answer = handle(game, text)
        found = problems(json.loads(answer), ReplyShape)
        assert not found, f"a reply not of its type (longana/replies.py): {found[:5]}"
        return answer

    monkeypatch.setattr(Game, "handle", checked)


LONG = ("South", "East", "North", "West")

#: Parametrize a test over the four ways to seat a scenario.
every_seat = pytest.mark.parametrize("k", range(4), ids=lambda k: f"as-{SEAT_NAMES[k]}")


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]


def turn(letter: str, k: int) -> str:
    """The seat letter ``letter`` seen ``k`` seats further counterclockwise."""
    return SEAT_NAMES[(SEAT_NAMES.index(letter) + k) % 4]


def seat(letter: str, k: int) -> int:
    return SEAT_NAMES.index(turn(letter, k))


def long(letter: str, k: int) -> str:
    """'South', 'East', ... of the rotated seat (as error messages spell it)."""
    return LONG[seat(letter, k)]


def turn_move(text: str, k: int) -> str:
    """The move ``text`` rotated by ``k`` seats, in its one text form (high number first)."""
    if "@" in text:
        tile, _, branch = text.partition("@")
        text = f"{tile}@{turn(branch, k)}"
    return str(Move.parse(text))


def moves(texts: Iterable[str], k: int) -> set[str]:
    return {turn_move(t, k) for t in texts}


def padding(used: set[Tile], ends: str, doubles: bool) -> list[Tile]:
    """Tiles that hold none of the numbers in ``ends``: they can never be played in the
    scenario, so they only fill the hands up to eight tiles. Non-doubles first."""
    busy = {int(c) for c in ends}
    free = [t for t in ALL_TILES if t not in used and t.high not in busy and t.low not in busy]
    plain = [t for t in free if not t.is_double]
    return plain + ([t for t in free if t.is_double] if doubles else [])


def dealt(
    k: int,
    hands: dict[str, str],
    *,
    ends: str = "",
    first_hand: bool = False,
    winner: str | None = None,
    previous_opener: str | None = None,
    pad_doubles: bool = True,
) -> Hand:
    """A hand whose named tiles are given per seat (South's point of view), each seat padded
    to eight tiles with tiles that match none of the numbers in ``ends``, rotated by ``k``."""
    given = {s: tiles(hands.get(s, "")) for s in SEAT_NAMES}
    used = {t for ts in given.values() for t in ts}
    assert len(used) == sum(len(ts) for ts in given.values()), "a tile is named twice"
    pads = padding(used, ends, pad_doubles)
    deal: list[list[Tile]] = [[], [], [], []]
    for letter in SEAT_NAMES:
        mine = given[letter]
        need = 8 - len(mine)
        assert len(pads) >= need, "not enough padding tiles: name more tiles or fewer ends"
        deal[seat(letter, k)] = mine + pads[:need]
        pads = pads[need:]
    return Hand(
        deal,
        first_hand=first_hand,
        winner=None if winner is None else seat(winner, k),
        previous_opener=None if previous_opener is None else seat(previous_opener, k),
    )


def play(hand: Hand, texts: Iterable[str], k: int) -> Hand:
    """Push the moves (South's point of view) rotated by ``k``; each must be legal."""
    for text in texts:
        hand.push(Move.parse(turn_move(text, k)))
    return hand


def rotated(record: dict[str, Any], k: int) -> dict[str, Any]:
    """A hand record with every seat turned ``k`` seats on (the same game, seated otherwise)."""

    def seat_or_none(letter: str | None) -> str | None:
        return None if letter is None else turn(letter, k)

    return {
        "hands": {turn(s, k): tiles for s, tiles in record["hands"].items()},
        "first_hand": record.get("first_hand", True),
        "winner": seat_or_none(record.get("winner")),
        "previous_opener": seat_or_none(record.get("previous_opener")),
        "moves": [turn_move(m, k) for m in record["moves"]],
    }


def legal(hand: Hand) -> set[str]:
    return {str(m) for m in hand.legal_moves()}


# -- positions for the players ---------------------------------------------------------------------

#: Every preset the game offers and a value of another set (double-six, six tiles each, four left
#: unused): a test parametrized by ``every_rules`` runs once for each, a new preset with no edit.
DOUBLE_SIX = Rules(highest=6, hand_size=6)
EVERY_RULES = {**PRESETS, "double-six": DOUBLE_SIX}
every_rules = pytest.mark.parametrize("rules", EVERY_RULES.values(), ids=list(EVERY_RULES))


def random_position(seed: int, later: bool, tied: bool = False, rules: Rules = CARD) -> Hand:
    """A hand (first, later after a win, or later after a tied block) after some random
    moves, still in play."""
    rng = random.Random(seed)
    hand = Hand.deal(rng, rules=rules)
    if later:
        hand = Hand(hand.starting_tiles, first_hand=False, winner=rng.randrange(4), rules=rules)
    if tied:
        hand = Hand(
            hand.starting_tiles, first_hand=False, previous_opener=rng.randrange(4), rules=rules
        )
    for _ in range(rng.randrange(40)):
        before = hand.copy()
        hand.apply(rng.choice(hand.legal_moves()))
        if hand.outcome is not None:
            return before
    return hand


def any_hand(seed: int) -> Hand:
    """A first hand, a later hand after a win, or a later hand after a tied block."""
    rng = random.Random(seed)
    kind = seed % 3
    if kind == 0:
        return Hand.deal(rng)
    if kind == 1:
        return Hand.deal(rng, first_hand=False, winner=rng.randrange(4))
    return Hand.deal(rng, first_hand=False, previous_opener=rng.randrange(4))


def play_randomly(hand: Hand, rng: random.Random, moves: int) -> Hand:
    for _ in range(moves):
        if hand.outcome is not None:
            break
        hand.apply(rng.choice(hand.legal_moves()))
    return hand


def record_with(hand: Hand, held: list[int]) -> dict[str, object]:
    """The hand's record with the current holdings replaced by ``held``."""
    played = [0, 0, 0, 0]
    for mover, move in hand.history:
        if move.tile is not None:
            played[mover] |= move.tile.bit
    record = hand_record(hand)
    record["hands"] = {
        SEAT_NAMES[s]: [str(t) for t in tiles_of(held[s] | played[s])] for s in SEATS
    }
    return record


def replays_legally(hand: Hand, held: list[int]) -> bool:
    try:
        again = hand_from_record(record_with(hand, held), hand.rules)
    except LonganaError:
        return False
    return again.held == held and again.board == hand.board and again.outcome is None


def other_deals(hand: Hand, seat: int, rng: random.Random, wanted: int) -> list[Hand]:
    """Hands with the same record except for the unseen tiles: the other seats' unplayed
    tiles and the unused ones exchanged at random, kept only when the record still replays
    legally. Random shuffles, plus deals from the sampler where passes make shuffles fail."""
    view = SeatView.of(hand, seat)
    unseen = tiles_of(view.unseen())
    candidates: list[list[int]] = []
    for _ in range(300):
        rng.shuffle(unseen)
        held, at = [0, 0, 0, 0], 0
        for s in SEATS:
            if s == seat:
                held[s] = hand.held[s]
                continue
            for t in unseen[at : at + view.counts[s]]:
                held[s] |= t.bit
            at += view.counts[s]
        candidates.append(held)
    candidates += list(sample_deals(view, rng, 20))
    found: list[Hand] = []
    for held in candidates:
        if held == hand.held:
            continue
        try:
            again = hand_from_record(record_with(hand, held), hand.rules)
        except LonganaError:
            continue
        if again.outcome is None:
            found.append(again)
            if len(found) == wanted:
                break
    return found


# -- words -----------------------------------------------------------------------------------------


def catalog(lang: str = "en") -> dict[str, Any]:
    """The words of ``lang`` as the page loads them (``locales/<lang>.json``), a fresh copy."""
    words = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
    assert isinstance(words, dict)
    return words


def page_catalog(lang: str = "en") -> Any:
    """The page's catalog of ``lang`` (``ui.i18n.Catalog``), English behind it as the page has."""
    from ui.i18n import Catalog

    return Catalog(catalog(lang), catalog("en"))


# -- the game worker's door ------------------------------------------------------------------------

Reply = dict[str, Any]
SOLO = ("person", "computer", "computer", "computer")


def ask(game: Game, **intent: Any) -> Reply:
    """One intent through the worker's door, as JSON text both ways (as the page sends it)."""
    reply = json.loads(game.handle(json.dumps(intent)))
    assert isinstance(reply, dict), reply
    return reply


def start(deal: str = "21", seats: Sequence[str] = SOLO) -> tuple[Game, Reply]:
    """A new game at the worker, started with ``deal`` and ``seats``, and its first reply."""
    game = Game()
    return game, ask(game, do="start", save=None, deal=deal, seats=list(seats))


def person_to_move(frame: dict[str, Any]) -> bool:
    """Whether a person is to move in ``frame`` (the hand goes on)."""
    return frame["outcome"] is None and frame["seats"][frame["to_move"]] == "person"


def play_on(game: Game, reply: Reply, hands: int = 99) -> Iterator[Reply]:
    """Every reply as the match is played on at the worker, ``reply`` first: the computer
    moves, a person takes the device when a handoff is due and plays their first legal move,
    the next hand is dealt; until the match is over or ``hands`` hands have ended."""
    while True:
        yield reply
        frame = reply["frame"]
        if frame["outcome"] is not None:
            if frame["match_over"] or frame["hand_number"] >= hands:
                return
            reply = ask(game, do="next-hand")
        elif not person_to_move(frame):
            reply = ask(game, do="computer", at=frame["log"])
        elif frame["handoff"] is not None:
            reply = ask(game, do="take-device", seat=frame["handoff"])
        else:
            reply = ask(game, do="play", move=frame["turn"]["moves"][0], at=frame["log"])
        assert "frame" in reply, reply


def played_until(
    game: Game, reply: Reply, stop: Callable[[dict[str, Any]], bool], hands: int = 99
) -> Reply:
    """The first reply of :func:`play_on` whose frame ``stop`` takes (else the last one)."""
    last = reply
    for last in play_on(game, reply, hands):
        if stop(last["frame"]):
            break
    return last


# -- lessons ---------------------------------------------------------------------------------------


def lesson_at(lesson: Lesson, number: int) -> LessonTable:
    """The lesson's table at the start of task ``number``, each task before it done with its
    first passing move."""
    table = LessonTable(lesson)
    table.skip_to(number)  # as a lesson resumed after a reload
    return table
