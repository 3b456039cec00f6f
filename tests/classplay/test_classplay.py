"""Class play (longana/classplay/): class codes and result codes that refuse every mistyped
character, the same deals and computer answers on every device, results replayed from the
people's decisions, result files checked against the engine, duplicate scoring, the CSV, and
the worker's class intents (the forgeries: test_forgeries.py)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from longana.classplay import Claim, ClassCode, ClassError, Result, csv_text, standings
from longana.classplay import replay as replay_module
from longana.classplay.code import CHECK_DIGITS, CLASS_VERSION, DIGITS, code_check
from longana.classplay.names import MAX_NAME, tidy_name
from longana.classplay.replay import legal_order, play_class
from longana.classplay.result_code import (
    READ_ALIKE,
    RESULT_VERSION,
    body_letters,
    check_keys,
    result_check,
)
from longana.classplay.standings import FORMULA_START
from longana.device.frame import frame_of
from longana.device.session import COMPUTER, PERSON, Session
from longana.players.levels import choose
from longana.protocol import Game
from longana.rules.errors import LonganaError
from longana.rules.tiles import Move
from ui.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]

P, C = PERSON, COMPUTER
SOLO = (P, C, C, C)

# -- strategies --------------------------------------------------------------------------------

deals = st.text(alphabet=DIGITS, min_size=1, max_size=12)
seatings = st.tuples(*[st.sampled_from((P, C))] * 4).filter(lambda s: P in s)
codes = st.builds(
    ClassCode, deals, seatings, st.sampled_from(("easy", "normal", "hard")), st.integers(10, 999)
)
name_chars = "abcXYZ09 -'.éñüßçøÅĲжΩ李ễ"
names = (
    st.text(alphabet=name_chars, min_size=1, max_size=MAX_NAME)
    .map(lambda s: " ".join(s.split()))
    .filter(lambda s: 1 <= len(s) <= MAX_NAME and any(c.isalnum() for c in s))
)


@st.composite
def claims(draw: st.DrawFn) -> Claim:
    code = draw(codes)
    seat = draw(st.sampled_from([s for s in range(4) if code.seats[s] == P]))
    return Claim(
        code,
        seat,
        draw(names),
        draw(st.integers(0, 999)),
        draw(st.integers(0, 1023)),
        draw(st.integers(0, 2**200)),
    )


#: characters a typist might put instead of another: every letter and digit in both cases,
#: separators, the result code's punctuation, and some that belong in no code
OTHERS = DIGITS + DIGITS.lower() + " -–/+=#.,'éÉßж"


def key(char: str, body: bool = False) -> str:
    upper = char.upper()
    upper = upper if len(upper) == 1 else char
    return READ_ALIKE.get(upper, upper) if body else upper


def changes(text: str) -> list[str]:
    """Every text with one character of ``text`` changed into another character (the same
    letter in the other case is no change; nor is one separator for another, nor, after the
    ``/`` of a result code, a read-alike: O for 0, I or L for 1)."""
    separators = " -–"
    body = text.find("/") if "/" in text else len(text)
    out = []
    for index, old in enumerate(text):
        for new in OTHERS:
            after = index > body
            if key(new, after) == key(old, after) or (old in separators and new in separators):
                continue
            out.append(text[:index] + new + text[index + 1 :])
    return out


# -- class codes -------------------------------------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(codes)
def test_class_codes_round_trip_in_any_case_and_spacing(code: ClassCode) -> None:
    text = code.text
    assert ClassCode.parse(text) == code and str(code) == text
    assert ClassCode.parse(text.lower().replace("-", " ")) == code
    assert ClassCode.parse(text.replace("-", "")) == code
    assert ClassCode.parse(" - ".join(text)) == code
    assert ClassCode.make(code.deal.lower(), list(code.seats), code.level, code.target) == code


def test_class_code_format() -> None:
    code = ClassCode.make("7b", (P, C, C, C), "normal")
    assert code.text == "7B-PCCC-N100-32H"
    assert ClassCode.make("class12", (P, P, C, P), "hard", 250).text.startswith(
        "CLASS12-PPCP-H250-3"
    )
    assert ClassCode.parse("7b pccc n100 32h") == code
    assert code.session().seed == "class:7B" and CLASS_VERSION == "3"


def test_a_random_deal_has_four_plain_characters() -> None:
    made = {ClassCode.make(None, SOLO, "easy").deal for _ in range(20)}
    assert all(len(d) == 4 and set(d) <= set(CHECK_DIGITS) for d in made)
    assert len(made) > 1


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("", SOLO, "easy", 100), "deal"),
        (("ABCDEFGHIJKLM", SOLO, "easy", 100), "deal"),
        (("A.B", SOLO, "easy", 100), "deal"),
        (("7", (C, C, C, C), "easy", 100), "seat"),
        (("7", (P, C, C), "easy", 100), "seat"),
        (("7", (P, C, C, "robot"), "easy", 100), "seat"),
        (("7", SOLO, "expert", 100), "level"),
        (("7", SOLO, "easy", 9), "target"),
        (("7", SOLO, "easy", 1000), "target"),
    ],
)
def test_bad_settings_are_refused_with_their_code(args: tuple[Any, ...], code: str) -> None:
    with pytest.raises(ClassError) as caught:
        ClassCode.make(*args)
    assert caught.value.code == code


def forged(body: str, version: str = CLASS_VERSION) -> str:
    """A code with a correct check around any body (as another release might make)."""
    payload = body + version
    return payload + code_check(payload)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "format"),
        ("hello", "format"),
        ("7B-PCCC-N100-1Y#", "format"),
        (None, "format"),
        ("7B-PCCC-N100-32H/S/Ana/1/XXXX", "format"),
        ("7B-PCCC-N100-32J", "check"),
        ("7C-PCCC-N100-32H", "check"),
        ("7B-PCCC-N100-1YZ", "version"),  # a good code of the first release
        ("7B-PCCC-N100-2ZQ", "version"),  # and of the second (hard played otherwise)
        (forged("7BPCCCN100", "O"), "version"),
        (forged("7BPXCCN100"), "seat"),
        (forged("7BCCCCN100"), "seat"),
        (forged("7BPCCCX100"), "level"),
        (forged("7BPCCCN5"), "target"),
        (forged("7BPCCCN0100"), "target"),
        (forged("7BPCCCN1000"), "target"),
        (forged("ABCDEFGHIJKLMPCCCN100"), "deal"),
    ],
)
def test_class_code_refusals(text: Any, code: str) -> None:
    with pytest.raises(ClassError) as caught:
        ClassCode.parse(text)
    assert caught.value.code == code


def accepted(read: Callable[[str], object], texts: list[str]) -> list[str]:
    """The texts ``read`` does not refuse with a ClassError."""
    out = []
    for text in texts:
        try:
            read(text)
        except ClassError:
            continue
        out.append(text)
    return out


@settings(max_examples=30, deadline=None)
@given(codes)
def test_every_single_character_change_of_a_class_code_is_refused(code: ClassCode) -> None:
    assert accepted(ClassCode.parse, changes(code.text)) == []


# -- result codes ------------------------------------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(claims())
def test_result_codes_round_trip(claim: Claim) -> None:
    text = claim.text
    assert Claim.parse(text) == claim and Claim.parse(text, expected=claim.code) == claim
    head, body = text.split("/")
    loose = head.lower() + " / " + body.lower().replace("0", "o").replace("1", "l")
    assert Claim.parse(loose) == claim
    assert Claim.parse(text.replace("-", "")) == claim
    assert text.isascii() and text.split("/")[0] == claim.code.text


@settings(max_examples=12, deadline=None)
@given(claims())
def test_every_single_character_change_of_a_result_code_is_refused(claim: Claim) -> None:
    assert accepted(Claim.parse, changes(claim.text)) == []


@pytest.mark.parametrize(
    ("name", "hands", "choices"),
    [
        ("A B", 0, 0),
        ("x", 1, 1),
        ("Ölçü Şahin Ñ 9 ж", 3, 2**70 + 5),
        ("Jean-Luc O'Brien", 2, 7),
        ("李 雷", 1, 12345),
    ],
)
def test_single_character_changes_of_awkward_result_codes(
    name: str, hands: int, choices: int
) -> None:
    code = ClassCode.make("Q", (P, P, P, P), "easy", 100)
    for seat in range(4):
        claim = Claim(code, seat, name, hands, 517, choices)
        assert accepted(Claim.parse, changes(claim.text)) == []


def test_result_code_format_and_refusals() -> None:
    code = ClassCode.parse("7B-PCCC-N100-32H")
    claim = Claim(code, 0, "Ana María", 4, 300, 123456)
    text = claim.text
    assert text.startswith("7B-PCCC-N100-32H/" + RESULT_VERSION)
    assert all(len(g) <= 4 for g in text.split("/")[1].split("-"))
    other = ClassCode.make("7C", SOLO, "normal")
    cases = {
        "class": lambda: Claim.parse(text, expected=other),
        "format": lambda: Claim.parse("7B-PCCC-N100-32H"),
        "check": lambda: Claim.parse(text[:-1] + ("2" if text[-1] != "2" else "3")),
        "seat": lambda: Claim.parse(Claim(code, 1, "Ana", 1, 0, 0).text),  # the computer's
        "name": lambda: Result(code, 0, "Ana \U0001f600", (), False),
        "unproven": lambda: Claim.parse("7B-PCCC-N100-32H/S/Ana María/12+0+0+35=47/4XDM"),
    }
    for expected, call in cases.items():
        with pytest.raises(ClassError) as caught:
            call()
        assert caught.value.code == expected, expected
    with pytest.raises(ClassError) as caught:
        Result(code, 1, "Ana", (), False)
    assert caught.value.code == "seat"
    newer = forged("7BPCCCN100", "O")
    with pytest.raises(ClassError) as caught:
        Claim.parse(f"{newer}/3ABC-DEF")
    assert caught.value.code == "version"
    body = "4" + body_letters(text.split("/")[1])[1:-3]  # a later release's result, checked
    later = f"{code.text}/{body}{result_check(check_keys(code.payload + code.text[-2:], body))}"
    with pytest.raises(ClassError) as caught:
        Claim.parse(later)
    assert caught.value.code == "version" and caught.value.params == {"version": "4"}


# -- the class match ---------------------------------------------------------------------------

Chooser = Callable[[Session], Move]


def first_move(game: Session) -> Move:
    return game.match.hand.legal_moves()[0]


def last_move(game: Session) -> Move:
    return game.match.hand.legal_moves()[-1]


def play(game: Session, person: Chooser, hands: int = 99) -> Session:
    """People play ``person``'s move, computers answer as the worker does (their level, the
    position's decision seed), hand after hand, until ``hands`` have ended or the match."""
    match = game.match
    while True:
        hand = match.hand
        if hand.outcome is not None:
            if match.is_over or len(match.hands) >= hands:
                return game
            game.next_hand()
        elif game.is_person(hand.to_move):
            game.play(person(game))
        else:
            game.play(choose(game.view(hand.to_move), game.level, game.decision_seed()))


def test_the_same_class_code_gives_the_same_deals_and_the_same_answers() -> None:
    code = ClassCode.make("9Q", (P, C, P, C), "normal", 150)
    one, two = play(code.session(), first_move), play(code.session(), first_move)
    assert [(a.text, a.by_person) for a in one.log] == [(a.text, a.by_person) for a in two.log]
    assert one.match.is_over and one.class_code == code.text
    other = play(ClassCode.parse(code.text).session(), last_move, hands=len(one.match.hands))
    assert [h.starting_tiles for h in other.match.hands] == [
        h.starting_tiles for h in one.match.hands
    ][: len(other.match.hands)]


def test_the_hard_computer_answers_the_same_too() -> None:
    code = ClassCode.make("H1", (P, C, C, C), "hard", 100)

    def opening(game: Session) -> list[str]:
        while len(game.log) < 6:
            hand = game.match.hand
            game.play(
                first_move(game)
                if game.is_person(hand.to_move)
                else choose(game.view(hand.to_move), game.level, game.decision_seed())
            )
        return [a.text for a in game.log]

    assert opening(code.session()) == opening(code.session())


def test_a_class_match_saves_and_resumes_with_its_code() -> None:
    code = ClassCode.make("S1", SOLO, "easy", 10)
    game = play(code.session(), first_move, hands=1)
    back = Session.from_json(game.to_json())
    assert back.class_code == code.text and code.is_of(back)
    assert json.loads(game.to_json())["class"] == code.text
    assert (
        "class" not in Session("5").to_dict()
        and Session.from_json(Session("5").to_json()).class_code is None
    )
    data = game.to_dict()
    data["class"] = 7
    with pytest.raises(LonganaError):
        Session.from_dict(data)


def test_a_class_match_frame_says_so_and_offers_no_undo_redo_restart_or_hint() -> None:
    code = ClassCode.make("F2", (P, P, P, P), "easy", 10)
    game = code.session()
    game.play(first_move(game))
    frame = frame_of(game, game.match.hand.to_move)
    assert frame["class"] == code.text and frame["turn"] is not None
    assert frame["can"] == {"undo": False, "redo": False, "restart": False, "hint": False}
    plain = Session("F2", seats=(P, P, P, P))
    plain.play(first_move(plain))
    assert frame_of(plain, None)["class"] is None and frame_of(plain, None)["can"]["undo"]


# -- results of a match, and files ------------------------------------------------------------


@pytest.fixture(scope="module")
def finished() -> Session:
    return play(ClassCode.make("R5", (P, C, P, C), "easy", 40).session(), first_move)


def test_the_result_of_a_match(finished: Session) -> None:
    result = Result.of(finished, 2, "  Zoë   van Dijk ")
    assert result.name == "Zoë van Dijk" and result.finished and result.seat_letter == "N"
    outcomes = [h.outcome for h in finished.match.hands]
    assert result.hands == tuple(
        o.points if o is not None and o.winner == 2 else 0 for o in outcomes
    )
    assert len(result.plays) == len(result.hands) == len(result.records)
    back = Result.parse(result.text)  # replayed from the class code and the decisions
    assert back == result and back.records == result.records
    partial = play(ClassCode.make("R5", (P, C, P, C), "easy", 40).session(), first_move, 1)
    early = Result.of(partial, 0, "Al")
    assert not early.finished and len(early.hands) == 1 and Result.parse(early.text) == early
    for seat, name, code in ((1, "Al", "seat"), (0, "", "name"), (0, "x" * 25, "name")):
        with pytest.raises(ClassError) as caught:
            Result.of(finished, seat, name)
        assert caught.value.code == code
    with pytest.raises(ClassError) as caught:
        Result.of(Session("5"), 0, "Al")
    assert caught.value.code == "none"


def test_a_result_holds_each_decision_of_the_people_and_nothing_else(finished: Session) -> None:
    result = Result.of(finished, 0, "Al")
    taken = iter(result.choices)

    def person(game: Session, legal: list[Move]) -> Move:
        index, of = next(taken)
        assert of == len(legal) > 1
        return legal[index]

    again = play_class(result.code, len(result.hands), person)
    assert next(taken, None) is None
    assert [a.text for a in again.log] == [a.text for a in finished.log]
    assert legal_order(again.match.hands[0]) == []  # a finished hand has no moves left


def test_result_files_are_checked_against_the_engine(finished: Session) -> None:
    result = Result.of(finished, 0, "Ana")
    text = result.to_json()
    data = json.loads(text)
    assert data["kind"] == "longana-class-result" and data["version"] == RESULT_VERSION
    assert data["code"] == result.text and len(data["records"]) == len(result.hands)
    back = Result.from_json(text)
    assert back == result and back.records == result.records
    assert result.filename == "longana-class-R5-S-Ana.json"
    assert Result.of(finished, 0, "Алёна").filename == "longana-class-R5-S-student.json"

    def refused(change: Callable[[dict[str, Any]], object]) -> str:
        altered = json.loads(text)
        change(altered)
        with pytest.raises(ClassError) as caught:
            Result.from_json(json.dumps(altered))
        return caught.value.code

    def swap_move(d: dict[str, Any]) -> None:  # a move that is not legal there
        moves = d["records"][0]["moves"]
        moves[1], moves[2] = moves[2], moves[1]

    def other_deal(d: dict[str, Any]) -> None:
        hands = d["records"][0]["hands"]
        hands["S"], hands["E"] = hands["E"], hands["S"]

    def other_play(d: dict[str, Any]) -> None:  # the code of another play of the same class
        other = play(ClassCode.parse(data["code"].split("/")[0]).session(), last_move)
        d["code"] = Result.of(other, 0, "Ana").text

    assert refused(swap_move) == "records"
    assert refused(other_deal) == "records"
    assert refused(other_play) == "records"
    assert refused(lambda d: d["records"].pop()) == "records"
    assert refused(lambda d: d.update(code=d["code"][:-1] + "2")) == "check"
    assert refused(lambda d: d.update(kind="longana-save")) == "format"
    assert refused(lambda d: d.update(version="4")) == "version"
    assert refused(lambda d: d.update(records="none")) == "format"
    for junk in ("", "{", "[]", "null"):
        with pytest.raises(ClassError) as caught:
            Result.from_json(junk)
        assert caught.value.code == "format"


def test_a_file_of_the_earlier_release_is_proved_by_its_moves(finished: Session) -> None:
    """Version 2 files carried every move: replayed, with the computer's made again, they
    prove themselves and count; their typed codes carried only points and are refused."""
    result = Result.of(finished, 2, "Bo")
    points = "+".join(map(str, result.hands)) + f"={result.total}"
    old_code = f"{result.code.text}/N/Bo/{points}/ABCD"  # its check is not read: the moves are
    old = {"kind": "longana-class-result", "version": "2", "code": old_code}
    old["records"] = [json.loads(r) for r in result.records]
    assert Result.from_json(json.dumps(old)) == result
    lied = dict(old, code=old_code.replace(f"={result.total}", f"={result.total + 1}"))
    with pytest.raises(ClassError) as caught:
        Result.from_json(json.dumps(lied))
    assert caught.value.code == "records"
    with pytest.raises(ClassError) as caught:
        Result.parse(old_code)
    assert caught.value.code == "unproven"


# -- duplicate scoring -------------------------------------------------------------------------

CODE = ClassCode.make("T1", (P, C, P, C), "normal", 100)


def res(
    name: str, hands: tuple[int, ...], seat: int = 0, finished: bool = False, code: ClassCode = CODE
) -> Result:
    return Result(code, seat, name, hands, finished)


def test_duplicate_scoring_against_the_average_of_the_same_seat_and_hand() -> None:
    ana = res("Ana", (10, 0, 30))
    bo = res("Bo", (20, 0, 0))
    cy = res("Cy", (0, 30))  # did not finish hand 3: missing, not 0
    dee = res("Dee", (40,), seat=2)  # North: compared with North only
    t = standings([ana, bo, cy, dee, ana])  # Ana's result twice: counted once
    # hand 1 at South: (10 + 20 + 0) / 3 = 10; hand 2: (0 + 0 + 30) / 3 = 10;
    # hand 3: (30 + 0) / 2 = 15 (Cy has no hand 3)
    rows = {r.name: r for r in t.rows}
    assert rows["Ana"].diffs == (0.0, -10.0, 15.0) and rows["Ana"].total == 5.0
    assert rows["Bo"].diffs == (10.0, -10.0, -15.0) and rows["Bo"].total == -15.0
    assert rows["Cy"].diffs == (-10.0, 20.0) and rows["Cy"].total == 10.0
    assert rows["Dee"].diffs == (0.0,) and rows["Dee"].played == 1
    # Cy and Dee finished fewer hands than others while their matches are not over: after
    # every complete result, whatever their totals, and flagged
    assert [(r.name, r.rank) for r in t.rows] == [("Ana", 1), ("Bo", 2), ("Cy", 3), ("Dee", 4)]
    assert [(r.name, r.partial, r.flags) for r in t.rows if r.partial] == [
        ("Cy", True, ("partial",)),
        ("Dee", True, ("partial",)),
    ]
    assert t.duplicates == ("Ana",) and t.hands == 3
    assert rows["Ana"].points == (10, 0, 30) and rows["Ana"].seat == "S"


def test_an_early_code_cannot_hide_the_hands_lost_after_it() -> None:
    """The audit's forgery: a student whose whole match ranks last hands in her code of hand 2
    instead (she did well there): it is flagged partial and ranked after every complete
    result; her whole match, handed in too, counts instead of it."""
    ana = res("Ana", (20, 0, 0), finished=True)
    bo = res("Bo", (10, 5, 0), finished=True)
    cy = res("Cy", (5, 10, 0), finished=True)
    dee_early = Result(CODE, 0, "Dee", (30, 10), False, plays=(1, 2))
    t = standings([ana, bo, cy, dee_early])
    assert [(r.name, r.rank, r.partial) for r in t.rows] == [
        ("Ana", 1, False),
        ("Bo", 2, False),
        ("Cy", 2, False),
        ("Dee", 4, True),
    ]
    assert t.rows[-1].total > t.rows[0].total  # her best total does not rank her first
    dee_whole = Result(CODE, 0, "Dee", (30, 10, 0, 0), True, plays=(1, 2, 3, 4))
    both = standings([ana, bo, cy, dee_early, dee_whole])
    dee = [r for r in both.rows if r.name == "Dee"]
    assert len(dee) == 1 and dee[0].played == 4 and not dee[0].partial
    assert both.duplicates == ("Dee",)
    # nobody finished, everybody stopped after hand 2 (the teacher's word): none is partial
    stopped = standings([res("Al", (3, 0)), res("Bea", (0, 9)), res("Cas", (1,))])
    assert [(r.name, r.partial) for r in stopped.rows] == [
        ("Bea", False),
        ("Al", False),
        ("Cas", True),
    ]


def test_ties_share_a_rank_and_thirds_stay_exact() -> None:
    t = standings([res("Al", (1,)), res("Bea", (0,)), res("Cas", (2,)), res("Dan", (0,))])
    # average 3/4: Cas +1.25, Al +0.25, Bea and Dan -0.75 (tied: both 3rd)
    assert [(r.name, r.rank, r.total) for r in t.rows] == [
        ("Cas", 1, 1.25),
        ("Al", 2, 0.25),
        ("Bea", 3, -0.75),
        ("Dan", 3, -0.75),
    ]
    thirds = standings([res("A", (1, 1)), res("B", (0, 1)), res("C", (0, 1))])
    # hand 1 average 1/3: B and C -1/3 each; hand 2 all equal: exactly tied, not by rounding
    assert [r.rank for r in thirds.rows] == [1, 2, 2]
    assert thirds.rows[1].total == pytest.approx(-1 / 3)


def test_the_same_student_twice() -> None:
    first = res("Ana", (10,))
    later = res("ana", (10, 5), finished=False)  # the same play, further on: it counts
    other = res("Ana", (0, 0))  # another play: ranked too, and flagged beside the first
    t = standings([first, later, other, res("Bo", (0, 0))])
    assert t.duplicates == ("Ana",) and len(t.rows) == 3
    anas = [r for r in t.rows if r.name.lower() == "ana"]
    assert sorted(r.points for r in anas) == [(0, 0), (10, 5)]
    merged = next(r for r in anas if r.points == (10, 5))
    assert merged.index == 1 and merged.also == (0,)
    assert [(f.code, [t.rows[k].points for k in f.rows]) for f in t.flagged] == [
        ("same-name", [r.points for r in t.rows if r.name.lower() == "ana"])
    ]
    assert all(r.flags == ("same-name",) for r in anas)
    assert next(r for r in t.rows if r.name == "Bo").flags == ()
    kept = standings([res("Ana", (10, 0)), res("Ana", (0, 0)), res("Ana", (10, 0))])
    assert sorted(r.points for r in kept.rows) == [(0, 0), (10, 0)]
    assert kept.duplicates == ("Ana",) and kept.flagged[0].code == "same-name"
    two_seats = standings([res("Ana", (10,)), res("Ana", (3,), seat=2)])
    assert len(two_seats.rows) == 2 and two_seats.duplicates == ()


def test_results_of_another_class_are_refused_by_name() -> None:
    odd = res("Zed", (1,), code=ClassCode.make("T2", (P, C, P, C), "normal"))
    with pytest.raises(ClassError) as caught:
        standings([res("Ana", (1,)), odd, res("Bo", (2,))])
    assert caught.value.code == "class" and caught.value.params["name"] == "Zed"
    assert standings([]).rows == () and standings([]).hands == 0


def test_csv() -> None:
    t = standings([res("Ana", (10, 0, 30)), res("Bo", (20, 0, 0)), res("Cy", (0, 30))])
    # names are letters, digits and spaces; the CSV would quote anything else all the same
    t = replace(
        t, rows=tuple(replace(r, name='Ana, "the" first') if r.name == "Ana" else r for r in t.rows)
    )
    text = csv_text(t)
    lines = list(csv.reader(io.StringIO(text)))
    assert lines[0] == ["rank", "name", "seat", "total", "hands"] + [
        "hand 1",
        "hand 2",
        "hand 3",
        "flags",
    ]
    ana = ["1", 'Ana, "the" first', "S", "+5", "3", "10 (0)", "0 (-10)", "30 (+15)", ""]
    assert lines[1] == ana
    assert lines[2] == ["2", "Bo", "S", "-15", "3", "20 (+10)", "0 (-10)", "0 (-15)", ""]
    assert lines[3] == ["3", "Cy", "S", "+10", "2", "0 (-10)", "30 (+20)", "", "partial"]
    assert '"Ana, ""the"" first"' in text
    thirds = csv_text(standings([res("A", (1,)), res("B", (0,)), res("C", (0,))]))
    assert "1 (+0.67)" in thirds and "0 (-0.33)" in thirds


FORMULAS = ["@SUM(1,2)", "-2*3", "+1", "=1+1", "\tx", "\rx", "-", "@"]
FORMULAS += ["＠SUM(1,2)", "－1", "﹣1", "＝1", "−1"]  # full-width and small forms (issue 30 audit)


@pytest.mark.parametrize("name", FORMULAS)
def test_no_cell_of_the_csv_is_a_formula(name: str) -> None:
    """OWASP's CSV injection: a text cell that begins with =, +, -, @, a tab or a carriage
    return is written with an apostrophe first; read back with the csv module, no cell but a
    number begins with them. Names the game accepts (tidy_name) and names it would not."""
    t = standings([res("Ana", (1,)), res("Bo", (0,))])
    t = replace(t, rows=tuple(replace(r, name=name) if r.name == "Bo" else r for r in t.rows))
    lines = list(csv.reader(io.StringIO(csv_text(t), newline="")))
    assert [row[1] for row in lines[1:]] == ["Ana", "'" + name]
    for row in lines:
        for cell in row:
            number = cell.lstrip("+-").replace(".", "", 1).isdigit()
            assert number or not cell.startswith(FORMULA_START), cell


def test_names_that_look_like_formulas_are_names() -> None:
    """Such names are accepted (the teacher sees them as typed), and written safely."""
    assert tidy_name("@SUM(1,2)") == "@SUM(1,2)" and tidy_name("-2*3") == "-2*3"


# -- the worker's intents ----------------------------------------------------------------------


def ask(table: Game, **intent: Any) -> dict[str, Any]:
    reply = json.loads(table.handle(json.dumps(intent)))
    assert isinstance(reply, dict) and "error" not in reply, reply
    return dict(reply)


def to_end(table: Game, reply: dict[str, Any], hands: int = 99) -> dict[str, Any]:
    """Play the match at the worker: people take their first legal move."""
    while True:
        frame = reply["frame"]
        if frame["outcome"] is not None:
            if frame["match_over"] or frame["hand_number"] >= hands:
                return reply
            reply = ask(table, do="next-hand")
        elif frame["seats"][frame["to_move"]] == "person":
            if frame["handoff"] is not None:
                reply = ask(table, do="take-device", seat=frame["handoff"])
                continue
            reply = ask(table, do="play", move=frame["turn"]["moves"][0], at=frame["log"])
        else:
            reply = ask(table, do="computer", at=frame["log"])


def test_class_intents_from_code_to_table(monkeypatch: pytest.MonkeyPatch) -> None:
    made = ask(
        Game(),
        do="class-code",
        deal="w9",
        seats=["person", "computer", "person", "computer"],
        level="easy",
        target=20,
    )
    text = made["class_code"]
    assert text.startswith("W9-PCPC-E20-3")
    random_code = ask(
        Game(), do="class-code", deal=None, seats=["person"] * 4, level="hard", target=100
    )["class_code"]
    assert ClassCode.parse(random_code).seats == (P, P, P, P)

    table = Game()
    reply = ask(table, do="class-start", code=text.lower())
    assert reply["class"] == {"code": text, "deal": "W9"}
    assert reply["frame"]["class"] == text and reply["frame"]["deal"] == "class:W9"
    assert set(reply) >= {"frame", "save", "class"}
    reply = to_end(table, reply, hands=1)
    for locked in ("undo", "redo", "restart", "hint"):
        refused = ask(table, do=locked, at=reply["frame"]["log"])
        assert refused["refused"] == {"code": "class-locked", "params": {}}
        assert refused["frame"] == reply["frame"]
    assert (
        ask(table, do="seats", seats=["person"] * 4, level="hard")["refused"]["code"]
        == "class-locked"
    )
    assert table.undo({})["refused"]["code"] == "class-locked"  # called directly too

    # a reload resumes the class match from the save; another class code starts its own
    again = ask(Game(), do="class-start", code=text, save=reply["save"])
    assert again["resumed"] and again["frame"]["log"] == reply["frame"]["log"]
    fresh = ask(
        Game(),
        do="class-start",
        code=ClassCode.make("W8", SOLO, "easy", 20).text,
        save=reply["save"],
    )
    assert fresh["replaced"] and fresh["frame"]["log"] == 0

    first = ask(table, do="class-result", seat="S", name="Ana")["result"]
    assert first["text"].startswith(text + "/3") and first["filename"].endswith("-S-Ana.json")
    assert Result.parse(first["text"]).name == "Ana"
    assert Result.from_json(first["file"]).text == first["text"]
    second = ask(table, do="class-result", seat="N", name="Bo")["result"]
    second_points = list(Result.parse(second["text"]).hands)
    other_class = ask(
        Game(), do="class-code", deal="X", seats=["person"] * 4, level="easy", target=20
    )["class_code"]
    teacher = Game()
    replied = ask(
        teacher,
        do="class-table",
        texts=[
            first["text"],
            second["file"],
            "garbage",
            first["text"] + "\n\n",
            f"{first['text']}\n\n{other_class}/3ABC-DEF\n{first['text'][:-1]}",
        ],
        **{"class": text.lower()},
    )
    board = replied["table"]
    assert board["code"] == text
    assert [r["name"] for r in board["rows"]] == sorted(
        ["Ana", "Bo"], key=lambda n: -next(r["total"] for r in board["rows"] if r["name"] == n)
    )
    # the same code given three times is one result (replayed each time, the last kept)
    assert board["hands"] == 1 and board["duplicates"] == [] and board["flagged"] == []
    assert board["csv"].startswith("rank,name,seat,total,hands,hand 1")
    ana = next(r for r in board["rows"] if r["name"] == "Ana")
    assert (ana["input"], ana["line"], ana["text"]) == (4, 1, first["text"])
    assert ana["also"] == []
    assert all(
        set(r) >= {"name", "seat", "rank", "points", "diffs", "total", "played", "flags"}
        for r in board["rows"]
    )
    # true places: which text, and which line of it (blank lines count)
    assert [(r["input"], r["line"], r["code"]) for r in replied["refused"]] == [
        (2, 1, "class-format"),
        (4, 3, "class-check"),
        (4, 4, "class-check"),
    ]
    accepted = replied["accepted"]
    assert [(a["input"], a["line"], a.get("again")) for a in accepted] == [
        (0, 1, None),
        (1, 1, None),
        (3, 1, True),
        (4, 1, True),
    ]
    assert accepted[1]["text"] == second["text"]  # a file is kept as its code and proof

    # a reloaded page hands back the codes with their proofs: nothing is replayed again
    proofs = {a["text"]: a["proof"] for a in accepted}

    def no_replay(game: Session, path: int) -> Move:
        raise AssertionError("replayed")

    with monkeypatch.context() as patched:
        patched.setattr(replay_module, "computer_answer", no_replay)
        again = ask(Game(), do="class-table", texts=list(proofs), proofs=proofs, **{"class": text})
        with pytest.raises(AssertionError):
            ask(Game(), do="class-table", texts=list(proofs), **{"class": text})

    def shown(reply: dict[str, Any]) -> list[tuple[Any, ...]]:
        return [(r["name"], r["points"], r["total"]) for r in reply["table"]["rows"]]

    assert shown(again) == shown(replied)
    bad = {second["text"]: {**proofs[second["text"]], "choices": [[0, 0]]}}
    replayed = ask(Game(), do="class-table", texts=[second["text"]], proofs=bad, **{"class": text})
    assert shown(replayed) == [("Bo", second_points, 0.0)]  # a proof that is not one: replayed


def test_class_intents_refuse_bad_input() -> None:
    assert ask(Game(), do="class-start", code="7B-PCCC-N100-32J")["refused"] == {
        "code": "class-check",
        "params": {},
    }
    assert ask(Game(), do="class-start", code=42)["refused"]["code"] == "class-format"
    bad = ask(Game(), do="class-code", deal="7", seats=["computer"] * 4, level="easy", target=100)
    assert bad["refused"]["code"] == "class-seat"
    assert ask(Game(), do="class-code", deal="7", seats=["person"] * 4, level="easy", target=5)[
        "refused"
    ] == {"code": "class-target", "params": {"min": 10, "max": 999}}
    table = Game()
    ask(table, do="start", save=None, deal="7")
    assert ask(table, do="class-result", seat="S", name="Al")["refused"]["code"] == "class-none"
    assert "refused" not in ask(table, do="undo")  # an ordinary match still has undo
    error = json.loads(table.handle(json.dumps({"do": "class-table", "texts": "x"})))
    assert error["error"]["code"] == "bad-texts"
    mine = ClassCode.make("7", SOLO, "easy").text
    assert ask(Game(), do="class-table", texts=[], **{"class": mine})["table"]["rows"] == []
    for teacher, code in ((None, "class-format"), ("7B-PCCC-N100-32J", "class-check")):
        reply = ask(Game(), do="class-table", texts=[], **{"class": teacher})
        assert reply == {"class_refused": {"code": code, "params": {}}}
    odd = ask(Game(), do="class-table", texts=[5, None, "", "{}"], **{"class": mine})
    assert [(r["input"], r["code"]) for r in odd["refused"]] == [
        (0, "class-format"),
        (1, "class-format"),
        (2, "class-empty"),  # an empty file is said
        (3, "class-format"),
    ]
    for wrong, code in (
        ({"seats": None}, "class-seat"),
        ({"seats": "PPPP"}, "class-seat"),
        ({"level": 3}, "class-level"),
        ({"target": "100"}, "class-target"),
        ({"deal": 7}, "class-deal"),
    ):
        intent = {"deal": "7", "seats": ["person"] * 4, "level": "easy", "target": 50, **wrong}
        assert ask(Game(), do="class-code", **intent)["refused"]["code"] == code


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_code_a_field_shows_as_an_example_is_one_of_this_release(lang: str) -> None:
    """The class-code field's placeholder ("e.g. 7B-PCCC-N100-…") is a code this release reads:
    a teacher who types it gets a class, not a refusal."""
    words = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
    example = words["class"]["code_placeholder"].split()[-1]
    assert ClassCode.parse(example).text == example
