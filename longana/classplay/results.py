"""Result codes and result files: what one student scored in a class match, checked.

A result code is one line a student reads out or types
(``7B-PCCC-N100-2ZQ/S/Ana María/12+0+0+35=47/4XDM``: the class code, the seat, the name, the
points of each finished hand, four check characters); a result file carries the code and the
hand records, which :meth:`Result.from_json` replays through the engine. ``docs/classplay.md``
describes both formats.

>>> code = ClassCode.make("7b", ("person", "computer", "computer", "computer"), "normal")
>>> Result(code, 0, "Ana María", (12, 0, 0, 35), True).text
'7B-PCCC-N100-2ZQ/S/Ana María/12+0+0+35=47/4XDM'
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..device.session import PERSON, Session
from ..rules.errors import LonganaError
from ..rules.records import hand_record, match_from_dict
from ..rules.tiles import SEAT_NAMES
from .code import (
    CLASS_VERSION,
    DIGITS,
    MAX_TEXT,
    ClassCode,
    ClassError,
    checksum,
    class_of,
    code_check,
    code_letters,
    envelope,
)

KIND = "longana-class-result"
RESULT_PRIME = 65537  # > every key (the basic plane); 2 * 65537 <= 31 ** 4
RESULT_CHECK = 4  # check characters
MAX_NAME = 16


def _key(char: str) -> int:
    capital = char.upper()
    return ord(capital) if len(capital) == 1 and ord(capital) < RESULT_PRIME else ord(char)


def result_check(payload: str) -> str:
    """The four check characters of a result code's tidied fields joined by ``/``."""
    return checksum([_key(c) for c in payload], RESULT_PRIME, RESULT_CHECK)


def _name_char(char: str) -> bool:
    return char == " " or (
        ord(char) < RESULT_PRIME and (char.isalnum() or unicodedata.category(char).startswith("M"))
    )


def tidy_name(text: object) -> str | None:
    """The name as a result code holds it (NFC, single spaces), or None when it is not
    1–16 letters, digits and spaces."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        return None
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not 1 <= len(name) <= MAX_NAME or not all(_name_char(c) for c in name):
        return None
    return name


def _result_payload(code: str, seat: str, name: str, points: str) -> str:
    """What a result code's check covers: its fields without spaces, joined by ``/``."""
    return "/".join((code, seat, "".join(name.split()), points))


def _points_text(hands: Sequence[int], finished: bool) -> str:
    text = "+".join(str(p) for p in hands)
    return f"{text}={sum(hands)}" if finished else text


_POINTS = re.compile(r"((?:0|[1-9]\d{0,3})(?:\+(?:0|[1-9]\d{0,3}))*)?(=(?:0|[1-9]\d{0,5}))?")


@dataclass(frozen=True)
class Result:
    """What one student scored in a class match: the points of their seat in each finished hand.

    ``records`` (the finished hands' hand records as JSON texts) are known when the result
    comes from a match or a result file, not from a typed code.
    """

    code: ClassCode
    seat: int
    name: str
    hands: tuple[int, ...]
    finished: bool
    records: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if (
            not isinstance(self.seat, int)
            or not 0 <= self.seat < len(SEAT_NAMES)
            or self.code.seats[self.seat] != PERSON
        ):
            raise ClassError(
                "seat", "the seat is not a person's in this class code", seat=str(self.seat)
            )
        if tidy_name(self.name) != self.name:
            raise ClassError(
                "name", f"a name is 1 to {MAX_NAME} letters, digits and spaces", min=1, max=MAX_NAME
            )
        if any(not isinstance(p, int) or isinstance(p, bool) or p < 0 for p in self.hands):
            raise ClassError("format", "hand points are whole numbers, 0 or more")
        if self.finished and not self.hands:
            raise ClassError("format", "a finished match has at least one hand")

    @property
    def seat_letter(self) -> str:
        return SEAT_NAMES[self.seat]

    @property
    def total(self) -> int:
        return sum(self.hands)

    @classmethod
    def of(cls, session: Session, seat: int, name: str) -> Result:
        """The result of ``seat`` in a class match, over its finished hands."""
        code = class_of(session)
        tidy = tidy_name(name)
        if tidy is None:
            raise ClassError(
                "name", f"a name is 1 to {MAX_NAME} letters, digits and spaces", min=1, max=MAX_NAME
            )
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in range(4):
            raise ClassError("seat", f"no such seat: {seat!r}", seat=str(seat))
        match = session.match
        done = [h for h in match.hands if h.outcome is not None]
        points = tuple(
            h.outcome.points if h.outcome is not None and h.outcome.winner == seat else 0
            for h in done
        )
        records = tuple(json.dumps(hand_record(h), separators=(",", ":")) for h in done)
        return cls(code, seat, tidy, points, match.is_over, records)

    def _payload(self) -> str:
        return _result_payload(
            self.code.payload + code_check(self.code.payload),
            self.seat_letter,
            self.name,
            _points_text(self.hands, self.finished),
        )

    @property
    def text(self) -> str:
        return (
            f"{self.code.text}/{self.seat_letter}/{self.name}/"
            f"{_points_text(self.hands, self.finished)}/{result_check(self._payload())}"
        )

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: object, expected: ClassCode | None = None) -> Result:
        """Read a result code; ``expected``: refuse one of another class code (``class``)."""
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise ClassError("format", "a result code is a line of text")
        fields = text.strip().split("/")
        try:  # a class code of another release: say so before anything else
            version = envelope(code_letters(fields[0]))
        except ClassError:
            version = None
        if version is not None and version != CLASS_VERSION:
            raise ClassError(
                "version", "the result was made by another release of the game", version=version
            )
        if len(fields) != 5:
            raise ClassError("format", "a result code has five parts separated by /")
        compact = code_letters(fields[0])
        seat_text = fields[1].strip().upper()
        name = tidy_name(fields[2])
        points = "".join(fields[3].split())
        check = fields[4].strip().upper()
        if seat_text not in SEAT_NAMES:
            raise ClassError("format", "the seat is S, E, N or W")
        if name is None:
            raise ClassError("format", "the name is 1 to 16 letters, digits and spaces")
        found = _POINTS.fullmatch(points)
        if found is None:
            raise ClassError("format", "hand points are numbers joined by +")
        if len(check) != RESULT_CHECK or any(c not in DIGITS for c in check):
            raise ClassError("format", "a result code ends with four check characters")
        if result_check(_result_payload(compact, seat_text, name, points)) != check:
            raise ClassError("check", "the result code's check does not agree: mistyped or altered")
        code = ClassCode.parse(fields[0])
        if expected is not None and code != expected:
            raise ClassError(
                "class",
                "the result is of another class code",
                code=code.text,
                expected=expected.text,
            )
        hands = tuple(int(p) for p in found.group(1).split("+")) if found.group(1) else ()
        finished = found.group(2) is not None
        if finished and (not hands or int(found.group(2)[1:]) != sum(hands)):
            raise ClassError("format", "the sum after = is not the sum of the hands")
        if sum(hands) >= code.target and not finished:
            raise ClassError("format", "the seat reached the target but the match goes on")
        return cls(code, SEAT_NAMES.index(seat_text), name, hands, finished)

    # -- the file a student hands in ----------------------------------------------------------

    def to_json(self) -> str:
        """The result file: the code and the finished hands' records, one JSON object."""
        if len(self.records) != len(self.hands):
            raise ClassError("records", "this result has no hand records to write")
        data = {
            "kind": KIND,
            "version": CLASS_VERSION,
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
        """Read a result file; every hand record is replayed from the class code's deals and
        must agree with the points in the code."""
        if not isinstance(text, str):
            raise ClassError("format", "a result file is JSON text")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise ClassError("format", "the file is not JSON: not a result file") from None
        if not isinstance(data, dict) or data.get("kind") != KIND:
            raise ClassError("format", "not a Longana class result file")
        if data.get("version") != CLASS_VERSION:
            raise ClassError(
                "version",
                "the file was made by another release of the game",
                version=str(data.get("version")),
            )
        result = cls.parse(data.get("code"), expected)
        records = data.get("records")
        if not isinstance(records, list):
            raise ClassError("format", "the file has no list of hand records")
        return result.verified(records)

    def verified(self, records: list[Any]) -> Result:
        """This result with ``records`` once they replay and agree with its points."""
        if len(records) != len(self.hands):
            raise ClassError(
                "records",
                f"the code has {len(self.hands)} hands, the file {len(records)}",
                hands=len(self.hands),
                records=len(records),
            )
        if not records:
            return self
        code = self.code
        try:
            match = match_from_dict(
                {"schema": 1, "seed": code.seed, "target": code.target, "hands": records}
            )
        except LonganaError as error:
            raise ClassError(
                "records", f"the hand records do not replay: {error}", detail=str(error)
            ) from None
        for number, hand in enumerate(match.hands, 1):
            outcome = hand.outcome
            if outcome is None:
                raise ClassError("records", f"hand {number} is not finished", hand=number)
            points = outcome.points if outcome.winner == self.seat else 0
            if points != self.hands[number - 1]:
                raise ClassError(
                    "records",
                    f"hand {number}: the records give {points} points, "
                    f"the code {self.hands[number - 1]}",
                    hand=number,
                )
        if match.is_over != self.finished:
            raise ClassError("records", "the records and the code disagree on the match's end")
        texts = tuple(json.dumps(hand_record(h), separators=(",", ":")) for h in match.hands)
        return Result(code, self.seat, self.name, self.hands, self.finished, texts)


def read_result(text: object, expected: ClassCode | None = None) -> Result:
    """A result code line or a result file's text."""
    if isinstance(text, str) and text.lstrip().startswith("{"):
        return Result.from_json(text, expected)
    return Result.parse(text, expected)
