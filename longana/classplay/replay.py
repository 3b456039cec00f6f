"""A class match played from its class code: every device's deals and computer answers, the
people's moves chosen by whoever replays it (a student's device, or the teacher's table reading
the decisions a result code holds).

>>> code = ClassCode.make("7b", ("person", "computer", "computer", "computer"), "easy", 10)
>>> game = play_class(code, 1, lambda game, legal: legal[0])
>>> finished_hands(game), decisions(game)[0]
(1, [(0, 2), (0, 2), (0, 2)])
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable

from ..device.session import PERSON, Session
from ..players.levels import choose
from ..rules.hand import Hand
from ..rules.tiles import Move
from .code import ClassCode, class_of


def legal_order(hand: Hand) -> list[Move]:
    """A turn's legal moves in the order a decision counts them (by their text)."""
    return sorted(hand.legal_moves(), key=str)


def finished_hands(game: Session) -> int:
    """How many hands of the match are over."""
    match = game.match
    return len(match.hands) - (match.hand.outcome is None)


#: the computer's answers already worked out, by class code and the moves that led there: the
#: teacher's table replays many plays of one class, which often begin alike
_ANSWERS: dict[tuple[str, int], Move] = {}
MAX_ANSWERS = 100_000


def computer_answer(game: Session, path: int) -> Move:
    """The computer's move for the seat to move, as on every device (``path``: a number for
    the moves that led here, the same for the same moves)."""
    key = (str(game.class_code), path)
    answer = _ANSWERS.get(key)
    if answer is None:
        if len(_ANSWERS) >= MAX_ANSWERS:
            _ANSWERS.clear()
        answer = choose(game.view(game.match.hand.to_move), game.level, game.decision_seed())
        _ANSWERS[key] = answer
    return answer


Person = Callable[[Session, list[Move]], Move]


def play_class(code: ClassCode, hands: int, person: Person) -> Session:
    """The class match of ``code`` until ``hands`` hands are finished or the match is over:
    every device's deals and computer answers, ``person(game, legal)`` choosing when a person
    has two moves or more (``legal`` in :func:`legal_order`)."""
    game = code.session()
    path = 0
    while finished_hands(game) < hands and not game.match.is_over:
        hand = game.match.hand
        if hand.outcome is not None:
            game.next_hand()
            path = hash((path, "next"))
            continue
        legal = legal_order(hand)
        if not game.is_person(hand.to_move):
            move = legal[0] if len(legal) == 1 else computer_answer(game, path)
        else:
            move = legal[0] if len(legal) == 1 else person(game, legal)
        game.play(move)
        path = hash((path, str(move)))
    return game


def play_key(moves: Iterable[object]) -> int:
    """A hand's moves as one number (CRC-32): the same play, the same number."""
    return zlib.crc32(" ".join(str(m) for m in moves).encode())


def decisions(game: Session) -> tuple[list[tuple[int, int]], list[int]]:
    """A class match's finished hands as its people chose them: each decision among two or
    more legal moves (``(index, of)`` in :func:`legal_order`), and each hand's :func:`play_key`."""
    code = class_of(game)
    done = game.match.hands[: finished_hands(game)]
    choices: list[tuple[int, int]] = []
    for played in done:
        hand = Hand(
            played.starting_tiles,
            first_hand=played.first_hand,
            winner=played.winner_before,
            previous_opener=played.opener_before,
            rules=played.rules,
        )
        for move in played.played:
            legal = legal_order(hand)
            if code.seats[hand.to_move] == PERSON and len(legal) > 1:
                choices.append((legal.index(move), len(legal)))
            hand.push(move)
    return choices, [play_key(h.played) for h in done]
