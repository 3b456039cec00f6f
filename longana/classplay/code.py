"""The class code: everything that makes a class match fair, short enough to read out and type.

``7B-PCCC-N100-32H`` is the deal, the seats (``P`` a person, ``C`` the computer), the computer's
level and the target, then the format's version and two check characters that refuse every
mistyped character. ``docs/classplay.md`` describes the format and why the check catches what
it catches.

>>> code = ClassCode.make("7b", ("person", "computer", "computer", "computer"), "normal")
>>> code.text, ClassCode.parse("7b pccc n100 32h") == code
('7B-PCCC-N100-32H', True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..device.session import COMPUTER, PERSON, Session
from ..players.levels import LEVELS
from ..rules.errors import LonganaError
from ..rules.tiles import SEAT_NAMES
from ..rules.variant import CARD, MAX_TARGET, MIN_TARGET, Rules, RulesError

CLASS_VERSION = "3"
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
PLAIN = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # none of 0 O 1 I L: read out without doubt
RANDOM_DEAL = CHECK_DIGITS = PLAIN
CODE_PRIME = 479  # > 35, the largest value of a character; 2 * 479 <= 31 ** 2
CODE_CHECK = 2  # check characters
LEVEL_LETTERS = {"easy": "E", "normal": "N", "hard": "H"}
SEAT_LETTERS = {PERSON: "P", COMPUTER: "C"}
MAX_DEAL = 12
MAX_TEXT = 4000  # longer than any class or result code
#: ignored in codes: spaces, hyphens and the dashes phones put for them, and what a copy may
#: bring along unseen (a byte-order mark, a zero-width space)
_WRITTEN = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-")  # a class code as written
SEPARATORS = frozenset(" \t\r\n-\u2010\u2011\u2012\u2013\u2014\u2212\u00a0\ufeff\u200b")


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


def checksum(keys: Sequence[int], prime: int, width: int) -> str:
    """``keys`` weighed by their places, mod ``prime``, doubled, plus the parity of their
    number: ``width`` check characters."""
    total = sum(i * k for i, k in enumerate(keys, 1)) % prime
    return _digits(2 * total + len(keys) % 2, width)


def code_check(payload: str) -> str:
    """The two check characters of a class code's payload (letters and digits, capitals)."""
    return checksum([DIGITS.index(c) for c in payload], CODE_PRIME, CODE_CHECK)


def code_letters(text: str) -> str:
    """A class code's letters and digits in capitals (raises ``format`` for anything else)."""
    if _WRITTEN.issuperset(text):  # as the game writes it
        return text.replace("-", "")
    out = []
    for char in text:
        if char in SEPARATORS:
            continue
        if not (char.isascii() and char.isalnum()):
            raise ClassError("format", f"{char!r} is not part of a class code")
        out.append(char.upper())
    return "".join(out)


def envelope(compact: str) -> str | None:
    """The version of a compact class code whose check holds (in any release), else None."""
    if len(compact) < 1 + CODE_CHECK or code_check(compact[:-CODE_CHECK]) != compact[-CODE_CHECK:]:
        return None
    return compact[-CODE_CHECK - 1]


# -- class code --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ClassCode:
    """The settings of a class match; every device that enters it plays the same deals. Its
    rules are the card's played to ``target`` (the code writes the target; the set is the
    card's in every code of this format)."""

    deal: str
    seats: tuple[str, ...]
    level: str
    target: int = CARD.target

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
        try:
            CARD.with_target(self.target)  # the rules' own bounds
        except RulesError:
            raise ClassError(
                "target",
                f"the target is {MIN_TARGET} to {MAX_TARGET}",
                min=MIN_TARGET,
                max=MAX_TARGET,
            ) from None

    @property
    def rules(self) -> Rules:
        """The class match's rules: the card's, played to the code's target."""
        return CARD.with_target(self.target)

    @classmethod
    def make(
        cls, deal: str | None, seats: Sequence[str], level: str, target: int = CARD.target
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
        compact = code_letters(text)
        if len(compact) < 11:
            raise ClassError("format", "too short for a class code")
        version = envelope(compact)
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
            self.seed, seats=self.seats, level=self.level, rules=self.rules, class_code=self.text
        )

    def is_of(self, session: Session) -> bool:
        """Whether ``session`` is this class match with its settings untouched."""
        return (
            session.class_code == self.text
            and session.seed == self.seed
            and tuple(session.seats) == self.seats
            and session.level == self.level
            and session.match.rules == self.rules
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
