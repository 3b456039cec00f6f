"""The result code a student reads out or types: the class code, a ``/``, then one number in
base 32, in groups of four, that holds the seat, the name, how many hands were finished, a digest
of the moves and every decision a person made (``docs/classplay.md`` has the format).

>>> code = ClassCode.make("7b", ("person", "computer", "computer", "computer"), "easy", 10)
>>> claim = Claim(code, 0, "Jean-Luc", 1, 300, 5)
>>> claim.text
'7B-PCCC-E10-3W5/31DE-ZGWC-1CK8-54J4-AAK'
>>> Claim.parse(claim.text.lower()) == claim
True
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from dataclasses import dataclass

from ..device.session import PERSON
from .code import (
    CLASS_VERSION,
    DIGITS,
    MAX_TEXT,
    SEPARATORS,
    ClassCode,
    ClassError,
    code_letters,
    envelope,
)
from .names import MAX_NAME, PLAIN_NAME, tidy_name

RESULT_VERSION = "3"  # 2: the points as typed, with a public check (could be forged)
BASE32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's: no I, L, O, U
READ_ALIKE = {"O": "0", "I": "1", "L": "1"}
_WRITTEN = frozenset(BASE32 + "-")  # a result code's second part as the game writes it
_TO_PYTHON = str.maketrans(BASE32, "0123456789ABCDEFGHIJKLMNOPQRSTUV")
RESULT_PRIME = 16381  # > every key and every length; 2 * 16381 + 1 < 32 ** 3
RESULT_CHECK = 3
SEATS = 4
MAX_HANDS = 999
NAME_BYTES = 4 * MAX_NAME + 1  # the name's length in bytes is a digit of this base
DIGEST = 1024  # the played moves' digest: a replay that differs from the student's game
GROUP = 4


# -- the number a result code writes ---------------------------------------------------------


class Digits:
    """A whole number as digits of bases that vary (mixed radix), the first digit lowest:
    a decision among ``n`` moves takes exactly the room of ``n`` choices."""

    def __init__(self, value: int = 0) -> None:
        self.value = value
        self.written: list[tuple[int, int]] = []

    def put(self, digit: int, base: int) -> None:
        assert 0 <= digit < base
        self.written.append((digit, base))

    def take(self, base: int) -> int:
        self.value, digit = divmod(self.value, base)
        return digit

    def put_count(self, count: int) -> None:
        """A count of any size: three bits a digit, the fourth says more follow."""
        while True:
            count, low = divmod(count, 8)
            self.put(low + (8 if count else 0), 16)
            if not count:
                return

    def take_count(self) -> int:
        count, scale = 0, 1
        while True:
            digit = self.take(16)
            count += (digit % 8) * scale
            scale *= 8
            if digit < 8 or scale > 8**6:
                return count

    def number(self) -> int:
        value = 0
        for digit, base in reversed(self.written):
            value = value * base + digit
        return value


def _put_name(digits: Digits, name: str) -> None:
    """A name in few bits: its letters among :data:`PLAIN_NAME` when it has no others, else
    its UTF-8 bytes."""
    if all(c in PLAIN_NAME for c in name):
        digits.put(1, 2)
        digits.put(len(name), MAX_NAME + 1)
        for char in name:
            digits.put(PLAIN_NAME.index(char), len(PLAIN_NAME))
        return
    raw = name.encode()
    digits.put(0, 2)
    digits.put(len(raw), NAME_BYTES)
    for byte in raw:
        digits.put(byte, 256)


def _take_name(digits: Digits) -> str | None:
    if digits.take(2):
        count = digits.take(MAX_NAME + 1)
        text = "".join(PLAIN_NAME[digits.take(len(PLAIN_NAME))] for _ in range(count))
    else:
        try:
            text = bytes(digits.take(256) for _ in range(digits.take(NAME_BYTES))).decode()
        except UnicodeDecodeError:
            return None
    return text if tidy_name(text) == text else None


def _base32(value: int) -> str:
    out = []
    while value:
        value, digit = divmod(value, 32)
        out.append(BASE32[digit])
    return "".join(reversed(out))


def result_check(keys: list[int]) -> str:
    """Three check characters: the keys weighed by their places, mod a prime larger than any
    key or length, doubled, plus the parity of their number (docs/classplay.md says why
    every single change and every swap of neighbours is caught)."""
    total = sum(i * k for i, k in enumerate(keys, 1)) % RESULT_PRIME
    value = 2 * total + len(keys) % 2
    return "".join(BASE32[(value >> (5 * i)) % 32] for i in reversed(range(RESULT_CHECK)))


def check_keys(compact_code: str, body: str) -> list[int]:
    """What a result code's check covers: the class code's letters and digits (its check
    included), the ``/``, and the result's letters before its check."""
    return [DIGITS.index(c) for c in compact_code] + [36] + [BASE32.index(c) for c in body]


def body_letters(text: str) -> str:
    """The letters of a result code's second part in capitals, read-alikes read (O as 0, I and
    L as 1), separators dropped (raises ``format`` for anything else)."""
    if _WRITTEN.issuperset(text):  # as the game writes it: a teacher's table reads thousands
        return text.replace("-", "")
    out = []
    for char in text:
        if char in SEPARATORS:
            continue
        upper = READ_ALIKE.get(char.upper(), char.upper()) if char.isascii() else char
        if upper not in BASE32:
            raise ClassError("format", f"{char!r} is not part of a result code")
        out.append(upper)
    return "".join(out)


@dataclass(frozen=True)
class Claim:
    """What a result code says before it is replayed: the class, the seat, the name, how many
    hands were finished, the digest of the moves played and the decisions as one number."""

    code: ClassCode
    seat: int
    name: str
    hands: int
    digest: int
    choices: int

    @property
    def text(self) -> str:
        digits = Digits()
        digits.put(self.seat, SEATS)
        digits.put_count(self.hands)
        _put_name(digits, self.name)
        digits.put(self.digest, DIGEST)
        number = digits.number()
        scale = 1
        for _, base in digits.written:
            scale *= base
        body = RESULT_VERSION + _base32(number + scale * self.choices)
        compact = self.code.payload + self.code.text[-2:]
        body += result_check(check_keys(compact, body))
        return (
            self.code.text + "/" + "-".join(body[i : i + GROUP] for i in range(0, len(body), GROUP))
        )

    @classmethod
    def parse(cls, text: object, expected: ClassCode | None = None) -> Claim:
        """Read a result code (any case, spaces and hyphens anywhere); ``expected``: refuse one
        of another class code (``class``) before anything is replayed."""
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise ClassError("format", "a result code is a line of text")
        parts = text.strip().split("/")
        try:  # a class code of another release: say so before anything else
            version = envelope(code_letters(parts[0]))
        except ClassError:
            version = None
        if version is not None and version != CLASS_VERSION:
            raise ClassError(
                "version", "the result was made by another release of the game", version=version
            )
        if len(parts) == 5 and version is not None:
            raise ClassError(
                "unproven",
                "a result code of the earlier release carries the points, not the moves: "
                "it cannot be checked (its result file can)",
                version="2",
            )
        if len(parts) != 2:
            raise ClassError("format", "a result code is a class code, a /, and the result")
        compact, body = code_letters(parts[0]), body_letters(parts[1])
        if len(body) < 1 + RESULT_CHECK:
            raise ClassError("format", "too short for a result code")
        if result_check(check_keys(compact, body[:-RESULT_CHECK])) != body[-RESULT_CHECK:]:
            raise ClassError("check", "the result code's check does not agree: mistyped or altered")
        if body[0] != RESULT_VERSION:
            raise ClassError(
                "version", "the result was made by another release of the game", version=body[0]
            )
        code = ClassCode.parse(parts[0])
        if expected is not None and code != expected:
            raise ClassError(
                "class",
                "the result is of another class code",
                code=code.text,
                expected=expected.text,
            )
        digits_text = body[1:-RESULT_CHECK]
        digits = Digits(int(digits_text.translate(_TO_PYTHON), 32) if digits_text else 0)
        seat = digits.take(SEATS)
        hands = digits.take_count()
        name = _take_name(digits)
        digest = digits.take(DIGEST)
        if name is None:
            raise ClassError("format", "the result code holds no name")
        if code.seats[seat] != PERSON:
            raise ClassError("seat", "the seat is not a person's in this class code", seat=seat)
        if hands > MAX_HANDS:
            raise ClassError("format", f"more than {MAX_HANDS} hands")
        return cls(code, seat, name, hands, digest, digits.value)


def digest(plays: Iterable[int]) -> int:
    """The digest a result code carries: ten bits of its hands' play keys."""
    return zlib.crc32(",".join(str(p) for p in plays).encode()) % DIGEST
