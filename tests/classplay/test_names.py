"""Any name a person has works in class play (longana/classplay/names.py): hyphens, apostrophes,
accents, other scripts; a result code carries it in letters and digits anyone can type; names
that are the same or look the same are told apart for the teacher's table."""

from __future__ import annotations

import json

import pytest

from longana.classplay import ClassCode, ClassError, Result, look_alike, same_name, tidy_name
from longana.classplay.names import IGNORABLE, JOINERS, MAX_NAME, skeletons
from longana.classplay.replay import play_class
from longana.classplay.result_code import BASE32
from longana.device.session import COMPUTER, PERSON, Session
from longana.protocol import Game

CLASS = ClassCode.make("N4", (PERSON, COMPUTER, PERSON, COMPUTER), "easy", 10)
NAMES = [
    "Jean-Luc",
    "O'Brien",
    "O’Brien",
    "Zoë",
    "Nguyễn Thị Minh Khai",
    "Алёна",
    "李雷",
    "Nurul Aisyah binti Ahmad",
    "José María",
    "Ngũgĩ wa Thiong'o",
    "محمد",
    "नेहा",
    "지민",
    "Mary Jo St. Clair",
    "x" * MAX_NAME,
]


@pytest.fixture(scope="module")
def game() -> Session:
    return play_class(CLASS, 1, lambda game, legal: legal[0])


@pytest.mark.parametrize("name", NAMES)
def test_every_name_works_and_its_code_can_be_typed(game: Session, name: str) -> None:
    result = Result.of(game, 2, name)
    assert result.name == name
    head, body = result.text.split("/")
    assert head == CLASS.text and set(body) <= set(BASE32 + "-")  # letters and digits only
    back = Result.parse(result.text.lower())
    assert back.name == name and back == result
    assert Result.from_json(result.to_json()).name == name


def test_how_long_a_code_is() -> None:
    """The class code, a slash, then four-character groups: the name takes most of them."""
    game = play_class(CLASS, 1, lambda game, legal: legal[0])
    lengths = {name: len(Result.of(game, 0, name).text) for name in ("Ana", "李雷", "Алёна")}
    assert lengths["Ana"] <= len(CLASS.text) + 1 + 16
    assert lengths["Ana"] < lengths["李雷"] < lengths["Алёна"] <= len(CLASS.text) + 1 + 32


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "---",
        "Ana 😀",
        "Ana\u202eanA",  # a right-to-left override makes one name look like another
        "Ana\u200b",  # an invisible space
        "Ana\x07",
        "x" * (MAX_NAME + 1),
        "Ana ♥",
        "\u3164",  # a Hangul filler: a letter that shows nothing
        "\u115f\u1160",
        "\uffa0",
        "Cy\u3164",
        "C\u3164y",
        "Cy\u200d",  # a joiner outside a word that needs it
        "C\u200dy",  # a joiner between Latin letters
        "\ufeffAna",  # a byte-order mark
        "Ana\u2066x",  # a bidi isolate
        "An\u00ada",  # a soft hyphen
        "Ana\ufe0f",  # a variation selector
        "Ana\U000e0041",  # a tag
        "A\u0301\u0302\u0303\u0304\u0305\u0306na",  # a pile of marks
        "\ud800Ana",  # a lone surrogate
        None,
        42,
    ],
)
def test_what_is_no_name(game: Session, text: object) -> None:
    assert tidy_name(text) is None
    with pytest.raises(ClassError) as caught:
        Result.of(game, 0, text)
    assert caught.value.code == "name"
    assert caught.value.params == {"min": 1, "max": MAX_NAME}


def test_no_invisible_character_passes_for_part_of_a_name() -> None:
    """Every default-ignorable character is refused at the start, the end and inside a name,
    the joiners too, but between two letters of a script that needs them."""
    for low, high in IGNORABLE:
        for point in sorted({low, (low + high) // 2, high}):
            char = chr(point)
            for name in (char + "Ana", "Ana" + char, "An" + char + "a", "\u0645" + char):
                assert tidy_name(name) is None, hex(point)
            inside = tidy_name("\u0645" + char + "\u0646")
            assert (inside is not None) is (char in JOINERS), hex(point)
    assert tidy_name("\u1828\u180b\u1822") is not None  # Mongolian: a variation selector


def test_names_are_tidied_once() -> None:
    assert tidy_name("  Zoe\u0308   van  Dijk ") == "Zoë van Dijk"  # composed, one space
    assert tidy_name("Ana\tMaría\n") == "Ana María"
    assert tidy_name("\u0645\u200c\u0646") == "\u0645\u200c\u0646"  # a joiner some scripts need


@pytest.mark.parametrize(
    ("one", "other", "same", "alike"),
    [
        ("Ana", "ana", True, True),
        ("Ana", "A na", True, True),
        ("Ana", "ＡＮＡ", True, True),  # full-width letters: NFKC
        ("Ana", "\u0410na", False, True),  # a Cyrillic А
        ("Ana", "Аnа", False, True),  # two of them
        ("Paco", "Рaсо", False, True),  # Cyrillic Р, с, о
        ("Zoë", "Zoe", False, True),
        ("Jean-Luc", "Jean Luc", False, True),
        ("O'Brien", "OBrien", False, True),
        ("Алёна", "Алена", False, True),
        ("Ana", "Anna", False, False),
        ("Bo", "Bob", False, False),
        ("지민", "지만", False, False),  # Hangul keeps its vowels
        ("नेहा", "नहा", False, False),  # and Devanagari its marks
        # Unicode's own confusables (UTS #39), whatever the script (issue 30's payloads)
        ("Cy", "\ua4da\u0443", False, True),  # Lisu CA, Cyrillic u
        ("Cy", "\u13df\u13a9", False, True),  # Cherokee TLI, GI
        ("Cy", "\u13df\u13a9".lower(), False, True),
        ("Cy", "\u03f9\u0443", False, True),  # Greek lunate sigma (NFKC makes it a Σ), Cyrillic u
        ("Cy", "\u03f9y", False, True),
        ("Ian", "lan", False, True),  # a capital I, a small l
        ("Kim", "Kirn", False, True),  # rn looks like m
        ("Paula", "\U0001d40faula", True, True),  # mathematical bold P: NFKC, the same name
        ("Ana", "\u0391\u03bd\u03b1", False, False),  # Greek ν is no n
        ("Oğuz", "Oguz", False, True),
        ("Łukasz", "Lukasz", False, True),
    ],
)
def test_same_and_look_alike_names(one: str, other: str, same: bool, alike: bool) -> None:
    assert same_name(one, other) is same
    assert look_alike(one, other) is alike
    assert look_alike(one, one.upper()) and skeletons(one)[1] == skeletons(one.upper())[1]


def test_the_worker_checks_a_name_before_the_first_move() -> None:
    """The page asks (``class-name``) before a class match's first move and in Settings."""

    def ask(**intent: object) -> object:
        return json.loads(Game().handle(json.dumps({"do": "class-name", **intent})))

    assert ask(name="  Jean-Luc  O'Brien ") == {"name": "Jean-Luc O'Brien"}
    refused = {"refused": {"code": "class-name", "params": {"min": 1, "max": MAX_NAME}}}
    for wrong in ("😀", "", None, "x" * (MAX_NAME + 1)):
        assert ask(name=wrong) == refused
