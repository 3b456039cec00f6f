"""Students' names: any name a person has, how a result code carries it, and which names the
teacher's table should show side by side because they are the same or look the same.

>>> tidy_name("  Jean-Luc   O'Brien ")
"Jean-Luc O'Brien"
>>> same_name("Ana", "ANA"), look_alike("Ana", "\\u0410na"), look_alike("Zoë", "Zoe")
(True, True, True)
>>> look_alike("Cy", "\\ua4da\\u0443"), tidy_name("Cy\\u3164")  # Lisu and Cyrillic; a filler
(True, None)
"""

from __future__ import annotations

import base64
import unicodedata
import zlib

from . import confusables
from .code import ClassError

MAX_NAME = 24  # characters (code points once composed, NFC)
#: what most names in Latin letters are made of: a result code writes these in fewer bits
PLAIN_NAME = " abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-'."
#: the invisible characters some scripts need inside a word: the joiners (Persian, the scripts
#: of India) and Mongolian's variation selectors; only between two letters of such a script
JOINERS = frozenset("\u200c\u200d\u180b\u180c\u180d\u180f")
#: Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): characters that show
#: nothing wherever they are (Hangul fillers, zero-width spaces, bidi controls, variation
#: selectors, tags...). Refused in names, joiners in place aside; dropped by the skeleton.
IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
MAX_MARKS = 4  # marks on one letter: Vietnamese needs two; a pile of them hides the name
OWN_SCRIPTS = "\u0530"  # below: Latin, Greek, Cyrillic, whose accents the skeleton drops


_IGNORABLE = frozenset(chr(p) for low, high in IGNORABLE for p in range(low, high + 1))


def ignorable(char: str) -> bool:
    return char in _IGNORABLE


def _allowed(char: str) -> bool:
    kind = unicodedata.category(char)
    return (kind[0] in "LMNP" or char == " ") and not ignorable(char)


def _joined(name: str, at: int) -> bool:
    """Whether the joiner at ``at`` stands between two letters (or marks) of a script that
    needs it."""
    if not 0 < at < len(name) - 1:
        return False
    return all(
        unicodedata.category(c)[0] in "LM" and c >= OWN_SCRIPTS and not ignorable(c)
        for c in (name[at - 1], name[at + 1])
    )


def _visible(name: str) -> bool:
    """Every character shows (joiners in place aside), no letter carries a pile of marks, and
    one at least is a letter or digit."""
    marks = 0
    for at, char in enumerate(name):
        if char in JOINERS and _joined(name, at):
            continue
        if not _allowed(char):
            return False
        marks = marks + 1 if unicodedata.category(char)[0] == "M" else 0
        if marks > MAX_MARKS:
            return False
    return any(unicodedata.category(c)[0] in "LN" and not ignorable(c) for c in name)


def tidy_name(text: object) -> str | None:
    """The name as a result holds it (composed, NFC; runs of spaces as one), or None when it
    is not a name: 1 to 24 letters, marks, digits, punctuation (hyphens, apostrophes, dots)
    and spaces, with at least one letter or digit. Symbols, emoji and every invisible
    character (Hangul fillers, zero-width spaces, bidi controls: they could make one name look
    like another, or a name of nothing) are refused; the joiners some scripts need are kept
    between their letters."""
    if not isinstance(text, str) or len(text) > 16 * MAX_NAME:
        return None
    try:
        name = " ".join(unicodedata.normalize("NFC", text).split())
    except UnicodeError:  # lone surrogates
        return None
    if not 1 <= len(name) <= MAX_NAME or not _visible(name):
        return None
    return name


def name_key(name: str) -> str:
    """Names that are the same for the teacher's table: compatibility forms (NFKC), any case,
    any spacing."""
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


_PROTOTYPES: dict[str, str] = {}


def prototypes() -> dict[str, str]:
    """Unicode's confusables: each character that looks like another, and what it looks like
    (read once from :mod:`.confusables`)."""
    if not _PROTOTYPES:
        text = zlib.decompress(base64.b85decode("".join(confusables.DATA))).decode()
        point = 0
        for line in text.split("\n"):
            step, *target = (int(p, 16) for p in line.split())
            point += step
            _PROTOTYPES[chr(point)] = "".join(chr(p) for p in target)
    return _PROTOTYPES


def uts39(text: str) -> str:
    """The skeleton of UTS #39: decomposed, invisible characters dropped, each character that
    looks like another read as that one, decomposed again."""
    table = prototypes()
    mapped = (table.get(c, c) for c in unicodedata.normalize("NFD", text) if not ignorable(c))
    return unicodedata.normalize("NFD", "".join(mapped))


def skeletons(name: str) -> tuple[str, ...]:
    """What a name looks like, read two ways: the UTS #39 skeleton of the name as written and
    of the name in small letters (a capital I looks like an l, a small н like a small capital
    H), each then case-folded and skeletonised again, without punctuation and spaces and
    without the accents of Latin, Greek and Cyrillic letters (the marks of other scripts are
    part of their letters); both of the name's compatibility form (NFKC: full-width letters)
    and, when that differs, of the name as given (NFKC reads a lunate sigma "Ϲ" as "Σ", which
    no longer looks like the "C" it looks like). "ꓚу", "ᏟᎩ", "Ϲу" and "CY" all look like
    "Cy"."""
    out: list[str] = []
    for text in dict.fromkeys((unicodedata.normalize("NFKC", name), name)):
        out.append(_plain(uts39(uts39(text).casefold())) or name_key(name))
        out.append(_plain(uts39(uts39(text.casefold()).casefold())) or name_key(name))
    return tuple(out)


def _plain(text: str) -> str:
    plain, base = [], " "
    for char in text:
        kind = unicodedata.category(char)
        if kind[0] in "LNS" or kind == "Cn":  # Cn: a prototype newer than this Python
            plain.append(char)
            base = char
        elif kind[0] == "M" and base >= OWN_SCRIPTS:  # marks are letters' own in other scripts
            plain.append(char)
    return unicodedata.normalize("NFC", "".join(plain))


def same_name(one: str, other: str) -> bool:
    return name_key(one) == name_key(other)


def look_alike(one: str, other: str) -> bool:
    return not set(skeletons(one)).isdisjoint(skeletons(other))


def name_error() -> ClassError:
    """The refusal of a name that is none (``name``)."""
    return ClassError(
        "name",
        f"a name is 1 to {MAX_NAME} letters, digits, spaces, hyphens and apostrophes",
        min=1,
        max=MAX_NAME,
    )
