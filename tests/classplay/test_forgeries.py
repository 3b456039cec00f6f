"""Forged class results, one kind a test, as issue 22 tried them: each is refused with its reason
(or, for names, shown side by side and flagged), because the teacher's table replays every
result from the class code and the people's own decisions and computes the score itself."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from longana.classplay import Claim, ClassCode, ClassError, Result, read_result, standings
from longana.classplay.code import checksum
from longana.classplay.replay import legal_order, play_class
from longana.device.session import COMPUTER, PERSON, Session
from longana.players.levels import choose
from longana.protocol import Game
from longana.rules.tiles import Move
from longana.rules.variant import CARD

P, C = PERSON, COMPUTER
Pick = Callable[[Session, list[Move]], Move]


def first(game: Session, legal: list[Move]) -> Move:
    return legal[0]


def varied(seed: int) -> Pick:
    """Another student's way of playing: a choice fixed by ``seed`` and the position."""
    return lambda game, legal: random.Random(f"{seed}:{len(game.log)}").choice(legal)


def played(code: ClassCode, pick: Pick = first, hands: int = 99) -> Session:
    return play_class(code, hands, pick)


def relabelled(game: Session, code: ClassCode) -> Session:
    """``game``'s moves as if played in the class match of ``code`` (a session takes any
    legal move for a computer seat: this is what a forger's copy of the game can do)."""
    forged = code.session()
    for action in game.log:
        if action.text == "next":
            forged.next_hand()
        else:
            forged.play(Move.parse(action.text))
    return forged


def refused(read: Callable[[], object]) -> ClassError:
    with pytest.raises(ClassError) as caught:
        read()
    return caught.value


def ask(table: Game, **intent: Any) -> dict[str, Any]:
    reply = json.loads(table.handle(json.dumps(intent)))
    assert isinstance(reply, dict) and "error" not in reply, reply
    return dict(reply)


CLASS = ClassCode.make("F7", (P, C, C, C), "normal", 60)


@pytest.fixture(scope="module")
def honest() -> Result:
    return Result.of(played(CLASS), 0, "Ana")


def test_a_typed_code_cannot_claim_a_score(honest: Result) -> None:
    """Last release's code was a public checksum over the points typed: a forger wrote 120 and
    ranked first. Such codes are refused; today's carry no points to claim, only decisions."""
    payload = f"{CLASS.payload}{CLASS.text[-2:]}/S/Mallory/120=120"  # the old public check
    keys = [ord(c.upper()) for c in payload.replace(" ", "")]
    forged_old = f"{CLASS.text}/S/Mallory/120=120/{checksum(keys, 65537, 4)}"
    assert refused(lambda: read_result(forged_old)).code == "unproven"
    # today's code holds decisions: altered (its check is public), they replay another game
    # than the one its digest names, or do not fit the match at all
    claim = honest.claim
    for choices in (claim.choices + 1, claim.choices * 7 + 3, claim.choices + 10**40):
        other = Claim(claim.code, 0, "Mallory", claim.hands, claim.digest, choices)
        assert refused(lambda other=other: read_result(other.text)).code in ("replay", "moves")
    # and whatever decisions a forger writes, the points are those the replay gives them
    mallory = Result.of(played(CLASS, varied(5)), 0, "Mallory")
    assert read_result(mallory.text).hands == mallory.hands != honest.hands
    reply = ask(Game(), do="class-table", texts=[forged_old, honest.text], **{"class": CLASS.text})
    assert [r["name"] for r in reply["table"]["rows"]] == ["Ana"]
    assert [(r["input"], r["code"]) for r in reply["refused"]] == [(0, "class-unproven")]


def test_a_file_where_the_student_chose_every_seats_moves_is_refused() -> None:
    free = Session(CLASS.seed, seats=(P, P, P, P), level="normal", rules=CARD.with_target(30))
    while not free.match.is_over:  # South plays its best; the others feed South
        hand = free.match.hand
        if hand.outcome is not None:
            free.next_hand()
            continue
        legal = legal_order(hand)
        free.play(legal[-1] if hand.to_move == 0 else legal[0])
    forged = Result.of(relabelled(free, CLASS), 0, "Mallory")
    error = refused(lambda: Result.from_json(forged.to_json(), CLASS))
    assert error.code == "computer" and set(error.params) == {
        "hand",
        "move",
        "seat",
        "played",
        "computer",
    }
    assert error.params["seat"] in ("E", "N", "W")
    assert refused(lambda: read_result(forged.text, CLASS)).code in ("replay", "moves")


def test_a_file_played_against_easy_computers_relabelled_to_the_hard_class_is_refused() -> None:
    hard = ClassCode.make("F8", (P, C, C, C), "hard", 10)
    easy = ClassCode.make("F8", (P, C, C, C), "easy", 10)
    game = played(easy, first, hands=1)
    assert Result.from_json(Result.of(game, 0, "Bo").to_json(), easy).hands  # honest at easy
    forged = Result.of(relabelled(game, hard), 0, "Bo")
    assert forged.code == hard and forged.text.startswith(hard.text + "/")
    error = refused(lambda: Result.from_json(forged.to_json(), hard))
    assert error.code == "computer"
    computer = Move.parse(str(error.params["computer"]))
    assert str(error.params["played"]) != str(computer)
    assert refused(lambda: read_result(forged.text, hard)).code in ("replay", "moves")


def test_results_of_another_class_are_refused_on_their_true_lines(honest: Result) -> None:
    """Three forged codes of another class outnumber two honest ones: the table stays the
    teacher's class and names each refused line by its true number."""
    other = ClassCode.make("F9", (P, C, C, C), "normal", 30)
    bo = Result.of(played(CLASS, varied(4)), 0, "Bo")
    stranger = Result.of(played(other), 0, "Xi")
    pasted = "\n".join([stranger.text, honest.text, "", stranger.text, bo.text, stranger.text])
    reply = ask(Game(), do="class-table", texts=[pasted], **{"class": CLASS.text})
    assert reply["table"]["code"] == CLASS.text
    assert sorted(r["name"] for r in reply["table"]["rows"]) == ["Ana", "Bo"]
    assert [(r["input"], r["line"], r["code"]) for r in reply["refused"]] == [
        (0, 1, "class-class"),
        (0, 4, "class-class"),
        (0, 6, "class-class"),
    ]
    assert reply["refused"][0]["params"] == {"code": other.text, "expected": CLASS.text}
    files = [stranger.to_json()] * 3 + [honest.to_json()]
    reply = ask(Game(), do="class-table", texts=files, **{"class": CLASS.text})
    assert [r["input"] for r in reply["refused"]] == [0, 1, 2]
    assert [r["name"] for r in reply["table"]["rows"]] == ["Ana"]


def test_look_alike_names_are_shown_side_by_side_and_flagged(honest: Result) -> None:
    cyrillic = Result.of(played(CLASS, varied(1)), 0, "\u0410na")  # a Cyrillic А
    wide = Result.of(played(CLASS, varied(2)), 0, "ＡＮＡ")
    assert len({honest.plays, cyrillic.plays, wide.plays}) == 3  # three plays
    table = standings([honest, cyrillic, wide], CLASS)
    assert len(table.rows) == 3  # nothing dropped
    reasons = {f.code: sorted(table.rows[k].name for k in f.rows) for f in table.flagged}
    assert reasons == {
        "same-name": sorted(["Ana", "ＡＮＡ"]),  # NFKC and case: one name
        "look-alike": sorted(["Ana", "\u0410na", "ＡＮＡ"]),  # a letter of another script
    }
    for row in table.rows:
        assert row.flags, row.name


def test_one_name_with_two_plays_keeps_both_flagged_whoever_handed_in_first(
    honest: Result,
) -> None:
    impostor = Result.of(played(CLASS, varied(3)), 0, "Ana")  # handed in first as Ana
    assert impostor.plays != honest.plays
    for order in ([impostor, honest], [honest, impostor]):
        table = standings(order, CLASS)
        assert sorted(r.points for r in table.rows) == sorted([honest.hands, impostor.hands])
        assert [f.code for f in table.flagged] == ["same-name"]
        assert all(r.flags == ("same-name",) for r in table.rows)
    # the same play handed in after more hands counts once, unflagged
    early = Result.of(played(CLASS, first, hands=1), 0, "Ana")
    if len(honest.hands) > 1:
        table = standings([early, honest], CLASS)
        assert len(table.rows) == 1 and table.flagged == () and table.duplicates == ("Ana",)


def test_one_play_under_two_names_is_flagged(honest: Result) -> None:
    copied = Result.of(played(CLASS), 0, "Cy")  # a friend's moves handed in as one's own
    table = standings([honest, copied], CLASS)
    assert len(table.rows) == 2 and [f.code for f in table.flagged] == ["same-play"]
    # two people at two seats of one device share a play: not flagged
    two = ClassCode.make("F7", (P, C, P, C), "easy", 10)
    both = played(two)
    table = standings([Result.of(both, 0, "Di"), Result.of(both, 2, "Ed")], two)
    assert table.flagged == ()


def test_the_computer_the_table_replays_is_the_one_every_device_plays(honest: Result) -> None:
    game = CLASS.session()
    while len(game.log) < 12 and game.match.hand.outcome is None:
        hand = game.match.hand
        view = game.view(hand.to_move)
        game.play(
            legal_order(hand)[0]
            if game.is_person(hand.to_move)
            else choose(view, game.level, game.decision_seed())
        )
    assert [a.text for a in game.log] == [a.text for a in played(CLASS).log][: len(game.log)]
