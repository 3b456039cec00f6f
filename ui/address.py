"""The page's address, read tolerantly: what ``?lang=``, ``?deal=``, ``?class=`` and ``?lesson=``
ask for.

A value that cannot be read (not UTF-8 once percent-decoded, or far too long) or that is no
language of the game, no deal number, is left out and said (:attr:`Address.notices`, message
keys of the catalog with their notices' names); the game starts whatever the address holds. A
class code is checked by the engine (a refused one is said by the page when the worker answers).
Runs under MicroPython and CPython.
"""

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from .i18n import LANGUAGES

DEAL_CHARACTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"
LONGEST = 256  # characters of one value, encoded: far beyond any code, deal or language

# (message key, notice name) of what is said about the address
UNREADABLE = ("address.unreadable", "address-unreadable")
LANG_UNKNOWN = ("address.lang_unknown", "lang-unknown")
DEAL_INVALID = ("notice.deal_invalid", "deal-invalid")


def deal_number(text: Any) -> Any:
    """A deal number typed in settings or given as ``?deal=`` (letters, digits, ``-``, ``_``,
    up to 32), or ``None`` when it is not one."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not 1 <= len(text) <= 32:
        return None
    for c in text:
        if c not in DEAL_CHARACTERS:
            return None
    return text


def query_values(query: str, name: str) -> "list[str]":
    """Every value of ``name`` in an address's query string (``"?deal=7b&x=1"``), still
    percent-encoded; a name without ``=`` has the value ``""``."""
    found = []
    for part in query.lstrip("?").split("&"):
        key, _, value = part.partition("=")
        if key == name:
            found.append(value)
    return found


def unquote(text: str) -> Any:
    """A percent-encoded value decoded (``+`` is a space), or ``None`` when its bytes are not
    UTF-8. A ``%`` not followed by two hexadecimal digits stands for itself."""
    out = bytearray()
    raw = text.replace("+", " ").encode()
    i = 0
    while i < len(raw):
        if raw[i] == 37 and i + 2 < len(raw) and _hex(raw[i + 1]) and _hex(raw[i + 2]):
            out.append(int(raw[i + 1 : i + 3].decode(), 16))
            i += 3
            continue
        out.append(raw[i])
        i += 1
    try:
        return bytes(out).decode("utf-8")
    except UnicodeError:  # MicroPython raises UnicodeError, CPython its UnicodeDecodeError
        return None


def _hex(byte: int) -> bool:
    return 48 <= byte <= 57 or 65 <= byte <= 70 or 97 <= byte <= 102


class Address:
    """What the address asks for: ``lang`` (one of the game's languages), ``deal`` (a deal
    number), ``class_code`` (a text for the engine to check) and ``lesson`` (a text: the lessons
    say whether it names one), each ``None`` when it does not ask or asks for something
    unreadable; ``notices``: what to say about the rest, once each."""

    __slots__ = ("lang", "deal", "class_code", "lesson", "notices")

    def __init__(self, query: str) -> None:
        self.notices: list[tuple[str, str]] = []
        lang = self.value(query, "lang")
        self.lang = lang if lang in LANGUAGES else None
        if lang is not None and self.lang is None:
            self.say(LANG_UNKNOWN)
        deal = self.value(query, "deal", DEAL_INVALID)
        self.deal = deal_number(deal)
        if deal is not None and self.deal is None:  # said, not silently random
            self.say(DEAL_INVALID)
        self.class_code = self.value(query, "class") or None
        self.lesson = self.value(query, "lesson") or None

    def value(self, query: str, name: str, unreadable: "tuple[str, str]" = UNREADABLE) -> Any:
        """The first value of ``name``, decoded; ``None`` (and ``unreadable`` said) when it
        cannot be read."""
        values = query_values(query, name)
        if not values or not values[0]:  # (an empty value asks for nothing)
            return None
        text = unquote(values[0]) if len(values[0]) <= LONGEST else None
        if text is None:
            self.say(unreadable)
        return text

    def say(self, notice: "tuple[str, str]") -> None:
        if notice not in self.notices:
            self.notices.append(notice)
