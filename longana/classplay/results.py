"""Results that prove themselves: what one student scored in a class match, replayed.

A result carries the class code, the seat, the name and each decision a person made (its place
among the legal moves of that turn, when there were two or more: :mod:`.result_code`); the
deals, the level and the computer's answers come from the class code, so :func:`replay` plays
the whole match again (:mod:`.replay`) and computes the points itself. A result file adds the
hand records, whose computer moves are made again. ``docs/classplay.md`` has the formats.

>>> code = ClassCode.make("7b", ("person", "computer", "computer", "computer"), "easy", 10)
>>> game = play_class(code, 99, lambda game, legal: legal[0])  # South takes the first move
>>> result = Result.of(game, 0, "Zoë")
>>> result.text, result.hands, result.finished
('7B-PCCC-E10-3W5/34YM-HA39-H3R4-7ZD', (0,), True)
>>> read_result(result.text) == result
True
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..device.session import PERSON, Session
from ..rules.errors import LonganaError
from ..rules.records import JsonLimitError, hand_record, match_from_dict, read_json
from ..rules.tiles import SEAT_NAMES, Move
from .code import MAX_TEXT, ClassCode, ClassError, class_of
from .names import name_error, tidy_name
from .replay import computer_answer, decisions, finished_hands, play_class
from .result_code import MAX_HANDS, RESULT_VERSION, Claim, Digits, digest

KIND = "longana-class-result"
BOM = "\ufeff"  # a text file saved by some editors begins with it


def _result(game: Session, seat: int, name: str) -> Result:
    """The result of ``seat`` over the finished hands of a class match."""
    code = class_of(game)
    done = game.match.hands[: finished_hands(game)]
    points = tuple(
        h.outcome.points if h.outcome is not None and h.outcome.winner == seat else 0 for h in done
    )
    choices, plays = decisions(game)
    records = tuple(json.dumps(hand_record(h), separators=(",", ":")) for h in done)
    return Result(
        code, seat, name, points, game.match.is_over, tuple(choices), tuple(plays), records
    )


def replay(claim: Claim) -> Result:
    """The match of a result code played again from its class code with its decisions;
    refused (``moves``) when they do not fit the match, or (``replay``) when they give
    another game than the one the student played."""
    choices = Digits(claim.choices)

    def person(game: Session, legal: list[Move]) -> Move:
        return legal[choices.take(len(legal))]

    game = play_class(claim.code, claim.hands, person)
    if finished_hands(game) < claim.hands:
        raise ClassError(
            "moves", f"the match ended after {finished_hands(game)} hands", hands=claim.hands
        )
    if choices.value:
        raise ClassError("moves", "the code holds more decisions than the match had")
    result = _result(game, claim.seat, claim.name)
    if result.digest != claim.digest:
        raise ClassError(
            "replay",
            "the decisions replay another game than the one played: "
            "altered, or played on another release of the game",
        )
    return result


# -- the result ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """One seat's result in a class match, as played (:meth:`of`) or replayed: its points in
    each finished hand, whether the match is over, the people's decisions (``(index, of)``:
    the move's place among ``of`` legal moves), each finished hand's :func:`play_key`, and
    the finished hands' records as JSON texts (when the result was played or replayed)."""

    code: ClassCode
    seat: int
    name: str
    hands: tuple[int, ...]
    finished: bool
    choices: tuple[tuple[int, int], ...] = ()
    plays: tuple[int, ...] = ()
    records: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if (
            not isinstance(self.seat, int)
            or not 0 <= self.seat < len(SEAT_NAMES)
            or self.code.seats[self.seat] != PERSON
        ):
            raise ClassError(
                "seat", "the seat is not a person's in this class code", seat=self.seat
            )
        if tidy_name(self.name) != self.name:
            raise name_error()

    @property
    def seat_letter(self) -> str:
        return SEAT_NAMES[self.seat]

    @property
    def total(self) -> int:
        return sum(self.hands)

    @classmethod
    def of(cls, session: Session, seat: int, name: object) -> Result:
        """The result of ``seat`` in a class match, over its finished hands."""
        class_of(session)
        tidy = tidy_name(name)
        if tidy is None:
            raise name_error()
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in range(4):
            raise ClassError("seat", f"no such seat: {seat!r}", seat=str(seat))
        return _result(session, seat, tidy)

    @cached_property
    def claim(self) -> Claim:
        number = 0  # the decisions as one number, the first the lowest digit (as Digits)
        for index, of in reversed(self.choices):
            number = number * of + index
        return Claim(self.code, self.seat, self.name, len(self.hands), self.digest, number)

    @property
    def digest(self) -> int:
        return digest(self.plays)

    @property
    def proof(self) -> dict[str, Any]:
        """What the teacher's device keeps of a result it replayed, so as not to replay it
        again (:meth:`proven`): JSON."""
        return {
            "hands": list(self.hands),
            "finished": self.finished,
            "choices": [list(c) for c in self.choices],
            "plays": list(self.plays),
        }

    @classmethod
    def proven(cls, text: object, proof: object, expected: ClassCode | None = None) -> Result:
        """A result code with the proof this device kept when it replayed it: no replay, but
        the proof must be the code's (else ``format``)."""
        claim = Claim.parse(text, expected)
        try:
            assert isinstance(proof, dict)
            result = cls(
                claim.code,
                claim.seat,
                claim.name,
                tuple(_number(p) for p in _list(proof["hands"], MAX_HANDS)),
                proof["finished"] is True,
                tuple(_choice(c) for c in _list(proof["choices"], MAX_DECISIONS)),
                tuple(_number(p) for p in _list(proof["plays"], MAX_HANDS)),
            )
        except (AssertionError, KeyError, TypeError, ValueError):
            raise ClassError("format", "not a proof of a result") from None
        if result.claim != claim or len(result.plays) != len(result.hands):
            raise ClassError("format", "the proof is not this result's")
        return result

    @cached_property
    def text(self) -> str:
        """The result code: the class code, ``/``, then the rest in groups of four."""
        return self.claim.text

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: object, expected: ClassCode | None = None) -> Result:
        """Read a result code and replay it."""
        return replay(Claim.parse(text, expected))

    # -- the file a student hands in ----------------------------------------------------------

    def to_json(self) -> str:
        """The result file: the code and the finished hands' records, one JSON object."""
        if len(self.records) != len(self.hands):
            raise ClassError("records", "this result has no hand records to write")
        data = {
            "kind": KIND,
            "version": RESULT_VERSION,
            "code": self.text,
            "records": [json.loads(r) for r in self.records],
        }
        return json.dumps(data, indent=1) + "\n"

    @property
    def filename(self) -> str:
        plain = unicodedata.normalize("NFKD", self.name).encode("ascii", "ignore").decode()
        safe = re.sub(r"[^A-Za-z0-9]+", "-", plain).strip("-") or "student"
        return f"longana-class-{self.code.deal}-{self.seat_letter}-{safe}.json"

    @classmethod
    def from_json(cls, text: object, expected: ClassCode | None = None) -> Result:
        """Read a result file: its hand records are replayed with the computer's moves made
        again (``computer`` when one differs) and must be what its code says."""
        if not isinstance(text, str):
            raise ClassError("format", "a result file is JSON text")
        try:
            data = read_json(text.removeprefix(BOM))
        except JsonLimitError as error:
            raise ClassError(error.code, str(error), max=error.limit) from None
        except ValueError:
            raise ClassError("format", "the file is not JSON: not a result file") from None
        if not isinstance(data, dict) or data.get("kind") != KIND:
            raise ClassError("format", "not a Longana class result file")
        records = data.get("records")
        if data.get("version") == "2":  # the earlier release's file: its moves prove it
            return _earlier(data.get("code"), records, expected)
        if data.get("version") != RESULT_VERSION:
            raise ClassError(
                "version",
                "the file was made by another release of the game",
                version=str(data.get("version")),
            )
        claim = Claim.parse(data.get("code"), expected)
        played = from_records(claim.code, records, claim.seat, claim.name)
        if played.claim != claim:
            raise ClassError("records", "the file's hands are not the ones its code says")
        return played


MAX_PROOF_NUMBER = 2**32  # a proof's numbers: points, play keys (CRC-32), decisions
MAX_DECISIONS = 100_000  # far more than a match of 999 hands has


def _number(value: object) -> int:
    if type(value) is not int or not 0 <= value < MAX_PROOF_NUMBER:  # a truth value is none
        raise ValueError("not a proof's number")
    return value


def _list(value: object, most: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > most:
        raise ValueError("not a proof's list")
    return value


def _choice(value: object) -> tuple[int, int]:
    if type(value) is not list or len(value) != 2:
        raise ValueError(value)
    index, of = value
    if type(index) is not int or type(of) is not int or not 0 <= index < of < MAX_PROOF_NUMBER:
        raise ValueError(value)
    return index, of


def from_records(code: ClassCode, records: object, seat: int, name: str) -> Result:
    """The result that hand records give once they replay from the class code, every
    computer move made again."""
    if not isinstance(records, list):
        raise ClassError("format", "the file has no list of hand records")
    if not records:
        return _result(code.session(), seat, name)
    try:
        match = match_from_dict(
            {"schema": 1, "seed": code.seed, "target": code.target, "hands": records}
        )
    except LonganaError as error:
        raise ClassError(
            "records", f"the hand records do not replay: {error}", detail=str(error)
        ) from None
    if match.hand.outcome is None:
        raise ClassError("records", f"hand {len(match.hands)} is not finished", hand=len(records))
    game = code.session()
    path = 0
    for number, hand in enumerate(match.hands, 1):
        if number > 1:
            game.next_hand()
            path = hash((path, "next"))
        for step, move in enumerate(hand.played, 1):
            mover = game.match.hand.to_move
            if not game.is_person(mover) and len(game.match.hand.legal_moves()) > 1:
                answer = computer_answer(game, path)
                if answer != move:
                    raise ClassError(
                        "computer",
                        f"hand {number}, move {step}: the computer at {SEAT_NAMES[mover]} "
                        f"plays {answer}, the file says {move}",
                        hand=number,
                        move=step,
                        seat=SEAT_NAMES[mover],
                        played=str(move),
                        computer=str(answer),
                    )
            game.play(move)
            path = hash((path, str(move)))
    return _result(game, seat, name)


def _earlier(text: object, records: object, expected: ClassCode | None) -> Result:
    """A result file of the earlier release (version 2): its code's class, seat, name and
    points (``7B-PCCC-N100-2ZQ/S/Ana/12+0=12/4XDM``), proved by its records."""
    parts = text.split("/") if isinstance(text, str) and len(text) <= MAX_TEXT else []
    if len(parts) != 5:
        raise ClassError("format", "the file's result code is not one")
    code = ClassCode.parse(parts[0])
    if expected is not None and code != expected:
        raise ClassError(
            "class", "the result is of another class code", code=code.text, expected=expected.text
        )
    seat_letter, name = parts[1].strip().upper(), tidy_name(parts[2])
    if seat_letter not in SEAT_NAMES or code.seats[SEAT_NAMES.index(seat_letter)] != PERSON:
        raise ClassError("seat", "the seat is not a person's in this class code", seat=seat_letter)
    if name is None:
        raise name_error()
    result = from_records(code, records, SEAT_NAMES.index(seat_letter), name)
    points = "+".join(str(p) for p in result.hands) + (
        f"={result.total}" if result.finished else ""
    )
    if "".join(parts[3].split()) != points:
        raise ClassError("records", "the file's hands do not give the points its code says")
    return result


def is_file(text: object) -> bool:
    """Whether ``text`` is a result file's (JSON: an object), not result codes."""
    return isinstance(text, str) and text.lstrip(BOM + " \t\r\n").startswith("{")


def read_result(text: object, expected: ClassCode | None = None) -> Result:
    """A result code line or a result file's text, replayed."""
    if is_file(text):
        return Result.from_json(text, expected)
    return Result.parse(text, expected)
