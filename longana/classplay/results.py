"""Class play: a class plays the same deals, hands in results without a server, and the teacher
ranks them by duplicate scoring.

Class code
----------
Everything that makes a match fair, short enough to read out and type::

    7B-PCCC-N100-2ZQ
    deal seats level+target version+check

- ``deal``: 1–12 letters A–Z and digits (a random one has 4, without 0/O, 1/I/L);
- ``seats``: four letters, South East North West, ``P`` a person, ``C`` the computer (at least
  one ``P``);
- the computer's level, ``E`` easy, ``N`` normal, ``H`` hard, then the target (10–999, no
  leading zero);
- the version of this format (:data:`CLASS_VERSION`, one character, never a check digit: a
  later release takes ``0``, ``I``, ``L`` or ``O``) and two check characters.

Reading is case-insensitive, and spaces and hyphens (and the dashes phones put for them) are
ignored wherever they are: ``7b pccc n100 2zq`` and ``7BPCCCN1002ZQ`` are the same code. The
fields are read from the end (check, version, target digits, level letter, four seats; the
deal is the rest), so the deal may hold any letters and digits.

The check: with the alphabet ``0-9A-Z`` numbered 0–35, the payload ``c_1 … c_n`` (the code's
letters and digits before the check, version included) gives
``V = 2 * (sum(i * value(c_i)) mod 479) + (n mod 2)``, written as two digits in base 31 with
the digits ``23456789ABCDEFGHJKMNPQRSTUVWXYZ`` (no 0, 1, I, L, O to misread; ``V`` ≤ 957 < 31²).
Changing one character to another letter or digit changes the sum by ``i * d`` with
``0 < i ≤ n < 479`` and ``0 < |d| ≤ 35``: neither is a multiple of the prime 479, so neither is
their product and the sum mod 479 changes; changing a check character changes the number the
check spells. Any other character is refused as not a code at all. A character turned into a
space or hyphen is dropped: in the payload, its length changes by one and so does the parity
bit; in the check, the version character moves into the check, and it is never a check digit.
So every single-character change is refused. Swapping two neighbours changes the sum by their
difference: caught too.

Result code
-----------
One line a student reads out or types; its fields are separated by ``/``::

    7B-PCCC-N100-2ZQ/S/Ana María/12+0+0+35=47/4XDM
    class code      seat name   hand points      check

- the class code as above; the seat letter (S, E, N, W: a person's seat in that code);
- the name as the student typed it: 1–16 letters, digits and spaces (accented letters and
  other scripts' letters too, Unicode's basic plane; NFC), runs of spaces read as one;
- the points the seat scored in each finished hand, in order, ``+`` between them (0 when
  another seat won the hand; empty before the first hand ends), then ``=`` and their sum
  when the match is over (no ``=`` while it goes on);
- four check characters.

The check covers the four fields without any spaces (and the class code without hyphens, in
capitals), joined by ``/``: ``7BPCCCN1002ZQ/S/AnaMaría/12+0+0+35=47``. Each character ``c``
counts as the code point of its capital, ``k(c)`` (``c`` itself when its capital is not one
character): ``V = 2 * (sum(i * k(c_i)) mod 65537) + (n mod 2)``, four base-31 digits as above.
Every key is below the prime 65537, so, as above, changing a character to another one (not
merely the same letter in the other case) changes the sum; a character turned into a space or
a space into a character changes the length and the parity bit; a ``/`` more or less leaves
no five parts; a check character changed spells another number or is no check digit. Case is
free, as everywhere in the codes (the name keeps the case it was typed in), and so are where
spaces go in the name.

A result code from another release is refused as such when its class code says so; the check
envelope (the last group of a class code, the last field of a result code) stays the same in
every release so that this can be told.

Result file
-----------
``{"kind": "longana-class-result", "version": "1", "code": <result code>, "records": [hand
records of the finished hands]}``: :meth:`Result.from_json` replays every record from the class
code's deals through the engine and checks that it agrees with the code's points.

Duplicate scoring
-----------------
:func:`table` sets each student's points in a hand against the average of everyone at the same
seat who finished that hand (at the same seat, everyone held the same tiles: the deals are
the same on every device); the sum of those differences ranks the students. A hand a student
did not finish is missing, not 0: it counts neither in the average nor in their total.

>>> code = ClassCode.make("7b", ("person", "computer", "computer", "computer"), "normal")
>>> code.text, ClassCode.parse("7b pccc n100 2zq") == code
('7B-PCCC-N100-2ZQ', True)
>>> Result(code, 0, "Ana María", (12, 0, 0, 35), True).text
'7B-PCCC-N100-2ZQ/S/Ana María/12+0+0+35=47/4XDM'
"""

from __future__ import annotations

import csv
import io
import json
import random
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..device.session import COMPUTER, PERSON, Session
from ..players.levels import LEVELS
from ..rules.errors import LonganaError
from ..rules.records import hand_record, match_from_dict
from ..rules.tiles import SEAT_NAMES

CLASS_VERSION = "2"
KIND = "longana-class-result"
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
PLAIN = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # none of 0 O 1 I L: read out without doubt
RANDOM_DEAL = CHECK_DIGITS = PLAIN
CODE_PRIME = 479  # > 35, the largest value of a character; 2 * 479 <= 31 ** 2
RESULT_PRIME = 65537  # > every key (the basic plane); 2 * 65537 <= 31 ** 4
CODE_CHECK, RESULT_CHECK = 2, 4  # check characters
LEVEL_LETTERS = {"easy": "E", "normal": "N", "hard": "H"}
SEAT_LETTERS = {PERSON: "P", COMPUTER: "C"}
MIN_TARGET, MAX_TARGET = 10, 999
MAX_DEAL, MAX_NAME = 12, 16
MAX_TEXT = 4000  # longer than any result code
SEPARATORS = frozenset(" \t\r\n-\u2010\u2011\u2012\u2013\u2014\u2212\u00a0")


class ClassError(LonganaError):
    """A class code, result code or result file that cannot be used, with a stable ``code``:

    ``format`` (not a class or result code at all), ``check`` (mistyped or altered),
    ``version`` (made by another release), ``class`` (of another class code than expected),
    ``seat``, ``level``, ``target``, ``deal`` (a field out of range), ``name`` (a name that is
    not 1–16 letters, digits and spaces), ``none`` (the match is not a class match), and for
    result files ``records`` (the hand records do not replay or disagree with the code).
    ``params`` are plain strings and numbers for the page's words.
    """

    def __init__(self, code: str, message: str, /, **params: str | int) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, str | int] = dict(params)


# -- checks ------------------------------------------------------------------------------------


def _digits(value: int, width: int) -> str:
    out = ""
    for _ in range(width):
        value, digit = divmod(value, len(CHECK_DIGITS))
        out = CHECK_DIGITS[digit] + out
    assert value == 0
    return out


def _check(keys: Sequence[int], prime: int, width: int) -> str:
    total = sum(i * k for i, k in enumerate(keys, 1)) % prime
    return _digits(2 * total + len(keys) % 2, width)


def code_check(payload: str) -> str:
    """The two check characters of a class code's payload (letters and digits, capitals)."""
    return _check([DIGITS.index(c) for c in payload], CODE_PRIME, CODE_CHECK)


def _key(char: str) -> int:
    capital = char.upper()
    return ord(capital) if len(capital) == 1 and ord(capital) < RESULT_PRIME else ord(char)


def result_check(payload: str) -> str:
    """The four check characters of a result code's tidied fields joined by ``/``."""
    return _check([_key(c) for c in payload], RESULT_PRIME, RESULT_CHECK)


def _compact(text: str) -> str:
    """A class code's letters and digits in capitals (raises ``format`` for anything else)."""
    out = []
    for char in text:
        if char in SEPARATORS:
            continue
        if not (char.isascii() and char.isalnum()):
            raise ClassError("format", f"{char!r} is not part of a class code")
        out.append(char.upper())
    return "".join(out)


def _envelope(compact: str) -> str | None:
    """The version of a compact class code whose check holds (in any release), else None."""
    if len(compact) < 1 + CODE_CHECK or code_check(compact[:-CODE_CHECK]) != compact[-CODE_CHECK:]:
        return None
    return compact[-CODE_CHECK - 1]


# -- class code --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ClassCode:
    """The settings of a class match; every device that enters it plays the same deals."""

    deal: str
    seats: tuple[str, ...]
    level: str
    target: int = 100

    def __post_init__(self) -> None:
        deal = self.deal
        if (
            not isinstance(deal, str)
            or not 1 <= len(deal) <= MAX_DEAL
            or any(c not in DIGITS for c in deal)
        ):
            raise ClassError(
                "deal",
                f"a class deal is 1 to {MAX_DEAL} capital letters and digits, not {deal!r}",
                max=MAX_DEAL,
            )
        if (
            not isinstance(self.seats, tuple)
            or len(self.seats) != len(SEAT_NAMES)
            or any(not isinstance(k, str) or k not in SEAT_LETTERS for k in self.seats)
            or PERSON not in self.seats
        ):
            raise ClassError("seat", "a class match has four seats, at least one a person's")
        if self.level not in LEVELS:
            raise ClassError("level", f"the level is one of {', '.join(LEVELS)}")
        target = self.target
        if (
            not isinstance(target, int)
            or isinstance(target, bool)
            or not (MIN_TARGET <= target <= MAX_TARGET)
        ):
            raise ClassError(
                "target",
                f"the target is {MIN_TARGET} to {MAX_TARGET}",
                min=MIN_TARGET,
                max=MAX_TARGET,
            )

    @classmethod
    def make(
        cls, deal: str | None, seats: Sequence[str], level: str, target: int = 100
    ) -> ClassCode:
        """The class code of these settings; a random 4-character deal when ``deal`` is None."""
        if deal is None:
            pick = random.SystemRandom()
            deal = "".join(pick.choice(RANDOM_DEAL) for _ in range(4))
        elif isinstance(deal, str):
            deal = "".join(c for c in deal if c not in SEPARATORS).upper()
        if not isinstance(seats, (list, tuple)):
            raise ClassError("seat", "seats are four of 'person' and 'computer'")
        return cls(deal, tuple(seats), level, target)

    @property
    def payload(self) -> str:
        """The letters and digits the check covers: deal, seats, level, target, version."""
        seats = "".join(SEAT_LETTERS[k] for k in self.seats)
        return f"{self.deal}{seats}{LEVEL_LETTERS[self.level]}{self.target}{CLASS_VERSION}"

    @property
    def text(self) -> str:
        seats = "".join(SEAT_LETTERS[k] for k in self.seats)
        return (
            f"{self.deal}-{seats}-{LEVEL_LETTERS[self.level]}{self.target}-"
            f"{CLASS_VERSION}{code_check(self.payload)}"
        )

    def __str__(self) -> str:
        return self.text

    @property
    def seed(self) -> str:
        """The class match's deal number: the same deals on every device."""
        return f"class:{self.deal}"

    @classmethod
    def parse(cls, text: object) -> ClassCode:
        """Read a class code typed in any case, with or without spaces and hyphens."""
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise ClassError("format", "a class code is a line of text")
        compact = _compact(text)
        if len(compact) < 11:
            raise ClassError("format", "too short for a class code")
        version = _envelope(compact)
        if version is None:
            raise ClassError("check", "the class code's check does not agree: mistyped or altered")
        if version != CLASS_VERSION:
            raise ClassError(
                "version", "the class code was made by another release of the game", version=version
            )
        body = compact[: -CODE_CHECK - 1]
        digits = body.rstrip("0123456789")
        target_text = body[len(digits) :]
        if not target_text or len(digits) < 6:
            raise ClassError("format", "not a class code: deal, seats, level and target")
        deal, seats_text, letter = digits[:-5], digits[-5:-1], digits[-1]
        kinds = {v: k for k, v in SEAT_LETTERS.items()}
        if any(c not in kinds for c in seats_text):
            raise ClassError("seat", "seats are written P (a person) and C (the computer)")
        levels = {v: k for k, v in LEVEL_LETTERS.items()}
        if letter not in levels:
            raise ClassError("level", "the level is written E, N or H")
        if target_text.startswith("0") or len(target_text) > 3:
            raise ClassError(
                "target",
                f"the target is {MIN_TARGET} to {MAX_TARGET}",
                min=MIN_TARGET,
                max=MAX_TARGET,
            )
        return cls(deal, tuple(kinds[c] for c in seats_text), levels[letter], int(target_text))

    def session(self) -> Session:
        """The class match, from its start (the same on every device)."""
        return Session(
            self.seed, seats=self.seats, level=self.level, target=self.target, class_code=self.text
        )

    def is_of(self, session: Session) -> bool:
        """Whether ``session`` is this class match with its settings untouched."""
        return (
            session.class_code == self.text
            and session.seed == self.seed
            and tuple(session.seats) == self.seats
            and session.level == self.level
            and session.match.target == self.target
        )


def class_of(session: Session) -> ClassCode:
    """The class code of a class match (``none`` when it is not one, ``class`` when its
    settings no longer agree with its code)."""
    if session.class_code is None:
        raise ClassError("none", "this match is not a class match")
    code = ClassCode.parse(session.class_code)
    if not code.is_of(session):
        raise ClassError("class", "the match's settings differ from its class code", code=code.text)
    return code


# -- result ------------------------------------------------------------------------------------


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
            version = _envelope(_compact(fields[0]))
        except ClassError:
            version = None
        if version is not None and version != CLASS_VERSION:
            raise ClassError(
                "version", "the result was made by another release of the game", version=version
            )
        if len(fields) != 5:
            raise ClassError("format", "a result code has five parts separated by /")
        compact = _compact(fields[0])
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


# -- the teacher's table -----------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One student in the table. ``points`` and ``diffs`` have one entry per hand the student
    finished (``played``); ``diffs`` are the points minus the average at that seat and hand.
    ``index``: where the result was in the list given to :func:`table`."""

    name: str
    seat: str
    rank: int
    points: tuple[int, ...]
    diffs: tuple[float, ...]
    total: float
    played: int
    finished: bool = False
    index: int = 0


@dataclass(frozen=True)
class Table:
    rows: tuple[Row, ...]
    duplicates: tuple[str, ...]
    hands: int


def reference_code(results: Sequence[Result]) -> ClassCode | None:
    """The class code most results have (the earliest of equally common ones)."""
    if not results:
        return None
    counts = Counter(r.code for r in results)
    best = max(counts.values())
    return next(r.code for r in results if counts[r.code] == best)


def table(results: Sequence[Result]) -> Table:
    """Duplicate scoring of one class's results, best first.

    The same result given twice counts once; the same name at the same seat with another
    result keeps the first one, unless the later one carries on from it (the same hands and
    more, or the same hands and the match over): then the later one counts. Both are listed
    in ``duplicates``.
    """
    code = reference_code(results)
    for index, result in enumerate(results):
        if result.code != code:
            assert code is not None
            raise ClassError(
                "class",
                f"{result.name} ({result.seat_letter}) played another class code",
                name=result.name,
                seat=result.seat_letter,
                index=index,
                code=result.code.text,
                expected=code.text,
            )
    kept: dict[tuple[str, int], tuple[int, Result]] = {}
    twice: dict[tuple[str, int], str] = {}  # the name as first given
    for index, result in enumerate(results):
        key = ("".join(result.name.split()).casefold(), result.seat)
        if key not in kept:
            kept[key] = (index, result)
            continue
        first = kept[key][1]
        twice.setdefault(key, first.name)
        if _carries_on(first, result):
            kept[key] = (index, result)
    chosen = sorted(kept.values(), key=lambda pair: pair[0])
    average: dict[tuple[int, int], Fraction] = {}
    for seat in {r.seat for _, r in chosen}:
        at_seat = [r for _, r in chosen if r.seat == seat]
        for number in range(max(len(r.hands) for r in at_seat)):
            had = [r.hands[number] for r in at_seat if len(r.hands) > number]
            average[seat, number] = Fraction(sum(had), len(had))
    scored = []
    for index, result in chosen:
        diffs = [p - average[result.seat, n] for n, p in enumerate(result.hands)]
        scored.append((sum(diffs, Fraction(0)), diffs, index, result))
    scored.sort(key=lambda s: (-s[0], s[3].name.casefold(), s[3].seat, s[2]))
    rows: list[Row] = []
    for place, (total, diffs, index, result) in enumerate(scored):
        rank = rows[-1].rank if rows and total == scored[place - 1][0] else place + 1
        rows.append(
            Row(
                result.name,
                result.seat_letter,
                rank,
                result.hands,
                tuple(float(d) for d in diffs),
                float(total),
                len(result.hands),
                result.finished,
                index,
            )
        )
    return Table(
        tuple(rows), tuple(twice.values()), max((len(r.hands) for _, r in chosen), default=0)
    )


def _carries_on(first: Result, later: Result) -> bool:
    if later.hands[: len(first.hands)] != first.hands:
        return False
    return len(later.hands) > len(first.hands) or (later.finished and not first.finished)


def signed(value: float) -> str:
    """``+3.5``, ``-0.33``, ``0``: a difference with at most two decimals."""
    rounded = round(value, 2)
    if rounded == 0:
        return "0"
    return f"{rounded:+.2f}".rstrip("0").rstrip(".")


def csv_text(t: Table) -> str:
    """The table for a spreadsheet: ``rank,name,seat,total,hand 1,…``; a hand's cell is its
    points and difference, ``12 (+3.5)``; empty for a hand the student did not finish."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(
        ["rank", "name", "seat", "total"] + [f"hand {n}" for n in range(1, t.hands + 1)]
    )
    for row in t.rows:
        cells = [f"{p} ({signed(d)})" for p, d in zip(row.points, row.diffs, strict=True)]
        writer.writerow(
            [str(row.rank), row.name, row.seat, signed(row.total)]
            + cells
            + [""] * (t.hands - row.played)
        )
    return out.getvalue()


def table_to_dict(t: Table) -> dict[str, Any]:
    """The table as the worker sends it (differences rounded to two decimals)."""
    return {
        "rows": [
            {
                "name": r.name,
                "seat": r.seat,
                "rank": r.rank,
                "points": list(r.points),
                "diffs": [round(d, 2) for d in r.diffs],
                "total": round(r.total, 2),
                "played": r.played,
                "finished": r.finished,
                "index": r.index,
            }
            for r in t.rows
        ],
        "hands": t.hands,
        "duplicates": list(t.duplicates),
        "csv": csv_text(t),
    }


def read_result(text: object, expected: ClassCode | None = None) -> Result:
    """A result code line or a result file's text."""
    if isinstance(text, str) and text.lstrip().startswith("{"):
        return Result.from_json(text, expected)
    return Result.parse(text, expected)
