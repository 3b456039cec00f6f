"""The record of a match for people: every hand, every move and pass, every result.

:func:`history` gives the record panel's content as plain data; :func:`export_text` writes
the finished hands as hand records, one JSON object per line, exactly what
``python -m longana legal`` reads; :func:`import_text` reads such a file back (or a JSON list
of hand records, one hand record, a saved match or a whole saved game), replaying every move
through the engine, and :func:`hand_after` gives a hand as it stood after its first ``k``
moves, so a teacher can step through it.

>>> from longana.rules.match import Match
>>> match = Match("7")
>>> match.push(match.hand.legal_moves()[0])
>>> record = history(match)[0]
>>> (record.number, record.deal, record.steps[0].kind, record.steps[0].notation)
(1, '7', 'opening', '8-8')
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..rules.board import Board
from ..rules.errors import LonganaError, RecordError
from ..rules.hand import Hand, Outcome
from ..rules.match import Match, hand_rng
from ..rules.records import hand_from_record, hand_record, match_from_dict
from ..rules.tiles import SEAT_NAMES, Move, Tile
from .session import Session


@dataclass(frozen=True)
class Step:
    """One move of a hand as the record shows it.

    ``end`` is the branch's end after a play (the double's number after the opening);
    ``closed`` says a play closed the mover's own open branch; for a pass, ``order`` is the
    passer's branch's number in the opening order afterwards and ``opened`` says this pass
    opened it.
    """

    number: int  # 1 for the opening
    seat: int
    move: Move
    end: int | None = None
    closed: bool = False
    order: int = 0
    opened: bool = False

    @property
    def kind(self) -> str:
        return "pass" if self.move.is_pass else "opening" if self.move.is_opening else "play"

    @property
    def tile(self) -> Tile | None:
        return self.move.tile

    @property
    def branch(self) -> int | None:
        return self.move.branch

    @property
    def notation(self) -> str:
        return str(self.move)

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seat": SEAT_NAMES[self.seat],
            "move": self.notation,
            "kind": self.kind,
            "tile": None if self.tile is None else str(self.tile),
            "branch": None if self.branch is None else SEAT_NAMES[self.branch],
            "end": self.end,
            "closed": self.closed,
            "order": self.order,
            "opened": self.opened,
        }


Scores = tuple[int, int, int, int]


@dataclass(frozen=True)
class HandSummary:
    """One hand of the record: who opened with what, every step, the result and the totals.

    ``dealt`` (the four starting hands) is filled in only once the hand is over, when all
    four hands are shown anyway; ``scores_after`` equals ``scores_before`` until then.
    """

    number: int  # 1 for the first hand
    deal: str | None  # the match's deal number (None for imported loose hand records)
    opener: int
    opening: Tile | None
    steps: tuple[Step, ...]
    outcome: Outcome | None
    scores_before: Scores
    scores_after: Scores
    dealt: tuple[tuple[Tile, ...], ...] | None

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def to_dict(self) -> dict[str, Any]:
        outcome = self.outcome
        return {
            "number": self.number,
            "deal": self.deal,
            "opener": SEAT_NAMES[self.opener],
            "opening": None if self.opening is None else str(self.opening),
            "steps": [s.to_dict() for s in self.steps],
            "result": None
            if outcome is None
            else {
                "reason": outcome.reason,
                "points": outcome.points,
                "winner": None if outcome.winner is None else SEAT_NAMES[outcome.winner],
                "pips": dict(zip(SEAT_NAMES, outcome.pips, strict=True)),
            },
            "scores_before": dict(zip(SEAT_NAMES, self.scores_before, strict=True)),
            "scores_after": dict(zip(SEAT_NAMES, self.scores_after, strict=True)),
            "dealt": None
            if self.dealt is None
            else {SEAT_NAMES[s]: [str(t) for t in tiles] for s, tiles in enumerate(self.dealt)},
        }


def steps(hand: Hand) -> tuple[Step, ...]:
    """Every move of ``hand`` so far, in order, with what it did to the board."""
    board = Board()
    out = []
    for number, (seat, move) in enumerate(hand.history, 1):
        was_open = board.is_open(seat)
        board.apply(seat, move)
        if move.is_pass:
            out.append(Step(number, seat, move, order=board.order[seat], opened=not was_open))
        elif move.branch is None:
            out.append(Step(number, seat, move, end=board.ends[seat]))
        else:
            out.append(Step(number, seat, move, end=board.ends[move.branch], closed=was_open))
    return tuple(out)


def summarize(
    hands: Sequence[Hand], deal: str | None = None, scores: Scores = (0, 0, 0, 0)
) -> list[HandSummary]:
    """The record of consecutive hands, totals running on from ``scores``."""
    out = []
    for number, hand in enumerate(hands, 1):
        before = scores
        outcome = hand.outcome
        if outcome is not None and outcome.winner is not None:
            totals = list(scores)
            totals[outcome.winner] += outcome.points
            scores = (totals[0], totals[1], totals[2], totals[3])
        out.append(
            HandSummary(
                number=number,
                deal=deal,
                opener=hand.opener,
                opening=hand.board.opening,
                steps=steps(hand),
                outcome=outcome,
                scores_before=before,
                scores_after=scores,
                dealt=None if outcome is None else tuple(tuple(t) for t in hand.starting_tiles),
            )
        )
    return out


def history(match: Match) -> list[HandSummary]:
    """The record panel's content: every hand of the match so far, the current one last."""
    return summarize(match.hands, match.seed)


# -- export ----------------------------------------------------------------------------------


def finished_hands(match: Match) -> list[Hand]:
    """The hands that have ended. Only these are exported: a hand record holds all four
    starting hands, which nobody may see before the hand is over."""
    return [h for h in match.hands if h.outcome is not None]


def can_export(match: Match) -> bool:
    return bool(finished_hands(match))


def export_records(match: Match) -> list[dict[str, Any]]:
    """The finished hands as hand records (rules.md), in order."""
    return [hand_record(h) for h in finished_hands(match)]


def export_text(match: Match) -> str:
    """One hand record per line: feed it straight to ``python -m longana legal``."""
    return "".join(json.dumps(r) + "\n" for r in export_records(match))


def export_filename(match: Match) -> str:
    safe = re.sub(r"[^A-Za-z0-9_-]", "_", match.seed)[:32]
    return f"longana-deal-{safe}.jsonl"


# -- import ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Imported:
    """Hands read back from a file, each replayed through the engine to where it stopped."""

    hands: tuple[Hand, ...]
    deal: str | None = None  # known when a whole saved match was read
    left_out: int = 0  # hands of the file not shown: they had not ended

    def summaries(self) -> list[HandSummary]:
        return summarize(self.hands, self.deal)


def import_text(text: str) -> Imported:
    """Read hand records back: JSON lines, a JSON list, one hand record, a saved match
    (``{"schema": …, "hands": […]}``) or a saved game (``{"schema": …, "match": …}``).

    Every hand is replayed move by move; anything that does not follow the rules raises a
    :class:`RecordError` saying which hand (or line) and which move.
    """
    if not text.strip():
        raise RecordError("the file is empty: it should hold hand records", "import-not-records")
    try:
        data: Any = json.loads(text)
    except RecursionError:
        raise RecordError("the JSON is nested too deeply", "too-deep") from None
    except ValueError:
        return Imported(tuple(_lines(text)))
    if isinstance(data, dict) and "schema" in data:
        match = Session.from_dict(data).match if "match" in data else match_from_dict(data)
        return Imported(tuple(match.hands), match.seed)
    if isinstance(data, dict):
        return Imported((_hand(data, "the hand record"),))
    if isinstance(data, list):
        if not data:
            raise RecordError("the list holds no hand records", "import-not-records")
        return Imported(tuple(_hand(r, f"hand {k}", hand=k) for k, r in enumerate(data, 1)))
    raise RecordError(
        'not hand records: expected JSON objects like {"hands": {…}, "moves": […]}',
        "import-not-records",
    )


class HiddenHandsError(RecordError):
    """An import that would show what the live game does not: ``code`` ``import-unfinished``
    (no hand of the file has ended) or ``import-live`` (a deal of the live match that has not
    ended there; ``params["class"]``: a class match)."""

    def __init__(self, code: str, message: str, in_class: bool = False) -> None:
        if code == "import-live":
            super().__init__(message, code, **{"class": in_class})
        else:
            super().__init__(message, code)


#: later hands of the live match's deal an import is checked against (a match lasts tens)
LOOKAHEAD = 400


def shown(imported: Imported, live: Match | None, in_class: bool = False) -> Imported:
    """What of ``imported`` may be stepped through beside the ``live`` match: its finished
    hands only (a hand that has not ended is never shown face up, whatever the file says), and
    none that is a deal of the live match it has not finished (the hand in play, played to its
    end elsewhere; a later one, from a classmate's record): those raise
    :class:`HiddenHandsError`. The one rule for every replay of a file, at any device."""
    hands = tuple(h for h in imported.hands if h.outcome is not None)
    if not hands:
        raise HiddenHandsError("import-unfinished", "no hand of the file has ended")
    if live is not None and not live.is_over:
        unseen = unfinished_deals(live.seed, sum(h.outcome is not None for h in live.hands))
        if any(h.start in unseen for h in hands):
            raise HiddenHandsError(
                "import-live", "the file holds hands of the match being played", in_class
            )
    return Imported(hands, imported.deal, len(imported.hands) - len(hands))


@functools.lru_cache(maxsize=4)
def unfinished_deals(seed: str, done: int) -> frozenset[tuple[int, ...]]:
    """The starting deals of the hands of ``seed`` from hand ``done`` (from 0) on."""
    return frozenset(
        Hand.deal(hand_rng(seed, k), first_hand=k == 0, winner=0).start
        for k in range(done, done + LOOKAHEAD)
    )


def _lines(text: str) -> list[Hand]:
    hands = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            raise RecordError(
                f"line {number}: not JSON (one hand record per line)", "import-line", line=number
            ) from None
        hands.append(_hand(record, f"line {number}", line=number))
    return hands


def _hand(record: object, where: str, **at: int) -> Hand:
    """The hand ``record`` replays to; else a ``RecordError`` coded ``import-hand`` with where
    it stands (``at``: its ``line`` or ``hand`` number in the file, or nothing: the only one)."""
    try:
        return hand_from_record(record)
    except LonganaError as error:
        raise RecordError(f"{where}: {error}", "import-hand", **at) from None


# -- stepping through a hand -----------------------------------------------------------------


def hand_after(hand: Hand, moves: int) -> Hand:
    """``hand`` as it stood after its first ``moves`` moves (0: as dealt, before the opening).

    >>> from longana.rules.match import Match
    >>> hand = Match("7").hand
    >>> hand.push(hand.legal_moves()[0])
    >>> hand_after(hand, 0).is_opened, hand_after(hand, 1) == hand
    (False, True)
    """
    played = hand.played
    if not 0 <= moves <= len(played):
        raise LonganaError(f"the hand has {len(played)} moves: there is no position after {moves}")
    start = Hand(
        hand.starting_tiles,
        first_hand=hand.first_hand,
        winner=hand.winner_before,
        previous_opener=hand.opener_before,
        rules=hand.rules,
    )
    for move in played[:moves]:
        start.apply(move)
    return start
