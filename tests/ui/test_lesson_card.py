"""Every rule sentence of the card is taught by at least one lesson task (issue 29).

The card's sentences are ``tests/ui/test_card.py``'s :data:`CARD`, each named by the catalog keys
that say it. A task names the sentences it teaches in its ``card``; each such claim is checked
on the table with the engine (:data:`EVIDENCE`: a task that claims to teach equal-end priority
refuses a move for that reason; one that claims the domino's points ends its hand by a domino;
...), or, for the few sentences a table cannot show (the deal, a redeal), in the task's words.
The sentences about the program rather than the game (:data:`NOT_RULES`) are not taught.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from conftest import catalog, lesson_at
from test_card import CARD

from longana.device.lesson_table import LessonTable
from longana.device.lessons import Lesson, Task, lessons
from longana.rules.hand import Hand
from longana.rules.tiles import SEAT_NAMES, Move

Keys = tuple[str, ...]

#: The card's sentences about the program, not the game's rules: said in the rules panel and
#: by the page itself, not taught on a table.
NOT_RULES: set[Keys] = {
    ("rules.title",),
    ("about.source",),
    ("about.handoff",),
    ("about.fair",),
    ("about.pause", "turn.paused"),
    ("about.undo", "actions.undo", "actions.redo"),
    ("about.restart", "actions.restart", "restart.text"),
    ("about.limits",),
    ("keys.title",),
    ("keys.direct",),
    ("keys.intro",),
}


class Shown:
    """A task as played: the hand at its start, the move that does it and the hand after."""

    def __init__(self, lesson: Lesson, number: int, move: Move) -> None:
        self.lesson, self.number, self.move = lesson, number, move
        self.task: Task = lesson.tasks[number]
        table = lesson_at(lesson, number)
        self.before: Hand = table.session.match.hand.copy()
        self.reply = table.play(str(move))
        self.after: Hand = table.session.match.hand
        self.table: LessonTable = table

    @property
    def seat(self) -> int:
        return self.task.seat

    def words(self, lang: str) -> str:
        words = catalog(lang)
        return " ".join(resolve(words, k) for k in (self.task.line, self.task.praise))


def resolve(words: dict[str, Any], key: str) -> str:
    node: Any = words
    for part in key.split("."):
        node = node[part]
    return str(node)


def opened_again(hand: Hand) -> bool:
    """Whether a seat passed again while its branch was open (its number kept)."""
    replay = Hand(hand.starting_tiles, first_hand=hand.first_hand, winner=hand.winner_before)
    for seat, move in hand.history:
        if move.is_pass and replay.board.is_open(seat):
            return True
        replay.push(move)
    return False


def on_other_closed_or_open(s: Shown) -> bool:
    m = s.move
    assert m.branch is not None and m.tile is not None
    return m.branch != s.seat and (m.tile.is_double or s.before.board.is_open(m.branch))


def in_words(*terms: str) -> Callable[[Shown], bool]:
    """The task's line and praise say it, in English (every catalog has the same keys, and
    ``tests/device/test_lessons.py`` checks that each says something)."""
    return lambda s: all(t in s.words("en") for t in terms)


#: For each rule sentence, what a task that claims to teach it must show.
EVIDENCE: dict[Keys, Callable[[Shown], bool]] = {
    ("about.agreement",): lambda s: in_words("original rules")(s) and block_won(s),
    ("about.agreement", "rules.end.1"): lambda s: block_won(s),
    ("about.agreement", "rules.end.2", "rules.opener.2"): lambda s: (
        (s.after.outcome is not None and s.after.outcome.winner is None)
        or (s.before.opener_before is not None and s.move.branch is None)
    ),
    ("rules.branches.2",): lambda s: opened_again(s.before) and s.task.reason == "priority",
    ("rules.priority.1", "rules.doubles.0"): lambda s: (
        s.task.reason == "priority"
        and any(m.branch == s.seat or (m.tile and m.tile.is_double) for m in s.task.passing)
    ),
    ("rules.opener.3",): lambda s: s.move.branch is None and in_words("shuffled")(s),
    ("about.preview",): lambda s: in_words("Confirm")(s) and s.number == 0,
    ("rules.deal.0", "rules.deal.1"): in_words("8 tiles", "nobody draws"),
    ("rules.deal.1",): lambda s: s.move.is_pass and in_words("do not draw")(s),
    ("rules.opener.0",): lambda s: s.before.first_hand and s.move.branch is None,
    ("rules.opener.1",): lambda s: (
        not s.before.first_hand and s.before.winner_before is not None and s.move.branch is None
    ),
    ("rules.turns.0",): lambda s: bool(s.task.replies) and s.after.to_move == (s.seat + 1) % 4,
    ("rules.branches.1",): lambda s: (
        not s.move.is_pass
        and s.move.branch is not None
        and (s.move.branch == s.seat or on_other_closed_or_open(s))
    ),
    ("rules.turns.1", "why.must-play"): lambda s: (
        s.task.reason == "must-play" and "pass" in s.task.wrong
    ),
    ("rules.branches.2", "rules.branches.3", "turn.must_pass"): lambda s: (
        (s.move.is_pass and s.after.board.is_open(s.seat))
        or (
            s.before.board.is_open(s.seat)
            and not s.after.board.is_open(s.seat)
            and s.move.branch != s.seat
        )
    ),
    ("rules.priority.0", "rules.priority.1"): lambda s: s.task.reason == "priority",
    ("rules.doubles.1",): lambda s: (
        s.move.tile is not None
        and s.move.tile.is_double
        and s.move.branch is not None
        and s.after.board.ends[s.move.branch] == s.before.board.ends[s.move.branch]
    ),
    ("rules.end.0", "hand_end.domino"): lambda s: (
        s.after.outcome is not None and s.after.outcome.reason == "domino"
    ),
    ("rules.match.0",): lambda s: s.table.session.match.is_over,
    ("rules.priority.2",): lambda s: s.task.reason == "priority",
    ("rules.branches.0",): lambda s: s.move.branch == s.seat,
    ("rules.priority.0", "rules.priority.2"): lambda s: (
        s.task.reason == "priority" and len(s.task.passing) == 1
    ),
}


def block_won(s: Shown) -> bool:
    out = s.after.outcome
    return out is not None and out.reason == "block" and out.winner == s.seat


def claims() -> list[tuple[Keys, Lesson, int]]:
    return [
        (tuple(keys), item, number)
        for item in lessons()
        for number, task in enumerate(item.tasks)
        for keys in task.card
    ]


def taught(card: list[Any]) -> dict[Keys, list[str]]:
    """Each rule sentence of ``card`` and the tasks (``lesson/number``) that teach it."""
    found: dict[Keys, list[str]] = {keys: [] for keys, _ in card if keys not in NOT_RULES}
    for keys, item, number in claims():
        if keys in found:
            found[keys].append(f"{item.id}/{number}")
    return found


def test_every_rule_sentence_of_the_card_is_taught_by_a_task() -> None:
    found = taught(CARD)
    untaught = [keys for keys, tasks in found.items() if not tasks]
    assert not untaught, f"no lesson teaches {untaught}"
    rules = [keys for keys, _ in CARD if keys not in NOT_RULES]
    assert len(rules) == 23 and set(found) == set(rules)  # two sentences share their keys


def test_the_program_sentences_are_the_cards_and_the_map_finds_a_gap() -> None:
    keys = {k for k, _ in CARD}
    assert keys >= NOT_RULES
    card = copy.deepcopy(CARD)
    card.append((("rules.new",), {"en": ("A new rule.", ())}))
    assert taught(card)[("rules.new",)] == []


@pytest.mark.parametrize("keys, item, number", claims(), ids=lambda v: getattr(v, "id", None))
def test_a_task_shows_on_the_table_the_sentence_it_claims(
    keys: Keys, item: Lesson, number: int
) -> None:
    """Each claim, for every move that does the task."""
    assert keys in {k for k, _ in CARD}, f"{item.id}/{number}: {keys} is no sentence of the card"
    assert keys not in NOT_RULES
    check = EVIDENCE[keys]
    for move in item.tasks[number].passing:
        shown = Shown(item, number, move)
        assert check(shown), f"{item.id}/{number} ({move}) does not show {keys}"


def test_the_evidence_can_fail() -> None:
    """A task that claims what it does not show is caught: the first task of the first lesson
    shows no block, no domino and no priority."""
    first = lessons()[0]
    shown = Shown(first, 0, first.tasks[0].passing[0])
    for keys in (
        ("about.agreement", "rules.end.1"),
        ("rules.end.0", "hand_end.domino"),
        ("rules.priority.0", "rules.priority.1"),
        ("rules.doubles.1",),
        ("rules.opener.0",),
    ):
        assert not EVIDENCE[keys](shown), keys
    assert SEAT_NAMES[shown.seat] == "S"


def test_the_map_as_the_report_gives_it() -> None:
    """Which tasks teach which sentence (printed with -s): the English sentence, the tasks."""
    found = taught(CARD)
    lines = [
        f"{said['en'][0][:64]:64} {' '.join(found[keys])}" for keys, said in CARD if keys in found
    ]
    print("\n".join(lines))
    assert len(lines) == 23
