"""Students' names: any name a person has, how a result code carries it, and which names the
teacher's table should show side by side because they are the same or look the same.

>>> tidy_name("  Jean-Luc   O'Brien ")
"Jean-Luc O'Brien"
>>> same_name("Ana", "ANA"), look_alike("Ana", "\\u0410na"), look_alike("Zoë", "Zoe")
(True, True, True)
"""

from __future__ import annotations

import unicodedata

from .code import ClassError

MAX_NAME = 24  # characters (code points once composed, NFC)
#: what most names in Latin letters are made of: a result code writes these in fewer bits
PLAIN_NAME = " abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-'."
#: what joins letters inside names of some scripts (Persian, the scripts of India)
JOINERS = frozenset("\u200c\u200d")

#: letters of other scripts that look like Latin ones, lower case (names are compared
#: case-folded): Cyrillic, Greek, and Latin letters whose marks are part of the letter
CONFUSABLES = str.maketrans(
    {
        **dict(zip("авекмнорстухіјѕһԁԛԝѵӏ", "abekmhopctyxijshdqwvl", strict=True)),
        **dict(zip("αβεζηικμνορτυχϲϳ", "abezhikmnoptyxcj", strict=True)),
        **dict(zip("ıłøđħŀɡ", "ilodhlg", strict=True)),
        "0": "o",
        "1": "l",
    }
)


def _allowed(char: str) -> bool:
    kind = unicodedata.category(char)
    return kind[0] in "LMNP" or char == " " or char in JOINERS


def tidy_name(text: object) -> str | None:
    """The name as a result holds it (composed, NFC; runs of spaces as one), or None when it
    is not a name: 1 to 24 letters, marks, digits, punctuation (hyphens, apostrophes, dots)
    and spaces, with at least one letter or digit. Symbols, emoji and invisible controls
    (which could make one name look like another) are refused."""
    if not isinstance(text, str) or len(text) > 16 * MAX_NAME:
        return None
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not 1 <= len(name) <= MAX_NAME or not all(_allowed(c) for c in name):
        return None
    if not any(unicodedata.category(c)[0] in "LN" for c in name):
        return None
    return name


def name_key(name: str) -> str:
    """Names that are the same for the teacher's table: compatibility forms (NFKC), any case,
    any spacing."""
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


def skeleton(name: str) -> str:
    """What a name looks like: the same key without punctuation and spaces, without the
    accents of Latin, Greek and Cyrillic letters (the marks of other scripts are part of their
    letters), with look-alike letters of other scripts read as Latin (a Cyrillic "А" is an
    "A")."""
    plain, base = [], " "
    for char in unicodedata.normalize("NFD", name_key(name)):
        kind = unicodedata.category(char)[0]
        if kind in "LN":
            plain.append(char)
            base = char
        elif kind == "M" and base >= "\u0530":  # marks are letters' own in other scripts
            plain.append(char)
    return unicodedata.normalize("NFC", "".join(plain)).translate(CONFUSABLES) or name_key(name)


def same_name(one: str, other: str) -> bool:
    return name_key(one) == name_key(other)


def look_alike(one: str, other: str) -> bool:
    return skeleton(one) == skeleton(other)


def name_error() -> ClassError:
    """The refusal of a name that is none (``name``)."""
    return ClassError(
        "name",
        f"a name is 1 to {MAX_NAME} letters, digits, spaces, hyphens and apostrophes",
        min=1,
        max=MAX_NAME,
    )
