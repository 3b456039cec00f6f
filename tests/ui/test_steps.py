"""What happens after a reply (ui/steps.py): the next step decided from the frame and the
interaction alone, for every kind of step and every seat, from the worker's own frames; the
same under MicroPython as under CPython."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from test_micropython import micropython

from longana.classplay import ClassCode
from longana.device.lessons import ORDER
from longana.protocol import Game
from ui.controller import Interaction
from ui.steps import (
    COMPUTER,
    HAND_END,
    HANDOFF,
    KINDS,
    LESSON,
    MATCH_END,
    REMOTE,
    TURN,
    WAIT,
    Step,
    forced_opening,
    next_step,
)

SEATS = "SENW"


def ask(table: Game, **intent: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(table.handle(json.dumps(intent)))
    return reply


def frames(
    seats: list[str], deal: str, hands: int = 1, remote: tuple[str, ...] = ()
) -> Iterator[dict[str, Any]]:
    """Every frame of ``hands`` hands (people take the device and play their first move; the
    ``remote`` seats on devices of their own, whose moves come as guests')."""
    table = Game()
    frame = ask(table, do="start", save=None, deal=deal, seats=seats)["frame"]
    if remote:
        frame = ask(table, do="table", remote=list(remote))["frame"]
    while True:
        yield frame
        if frame["outcome"] is None and frame["to_move"] in remote:
            mine = ask(table, do="guest", seat=frame["to_move"], intent={"do": "frame"})
            theirs = mine["guest"]["frame"]
            move = theirs["turn"]["moves"][0]
            intent = {"do": "play", "move": move, "at": theirs["log"]}
            frame = ask(table, do="guest", seat=frame["to_move"], intent=intent)["host"]["frame"]
            continue
        if frame["outcome"] is not None:
            if frame["match_over"] or frame["hand_number"] >= hands:
                return
            frame = ask(table, do="next-hand")["frame"]
        elif frame["handoff"] is not None:
            frame = ask(table, do="take-device", seat=frame["handoff"])["frame"]
        elif frame["turn"] is not None:
            move = frame["turn"]["moves"][0]
            frame = ask(table, do="play", move=move, at=frame["log"])["frame"]
        else:
            frame = ask(table, do="computer", at=frame["log"])["frame"]


@pytest.mark.parametrize("person", range(4))
def test_each_seat_to_move_gets_its_step(person: int) -> None:
    """A person's turn (a forced opening previewed at once), the computer's, and the
    handoff to each person when two share the device."""
    seats = ["computer"] * 4
    seats[person] = "person"
    seats[(person + 2) % 4] = "person"
    seen = set()
    for frame in frames(seats, str(11 + person), hands=3):
        step = next_step(frame, Interaction())  # type: ignore[arg-type]
        seat = frame["to_move"]
        if frame["outcome"] is not None:
            assert step == Step(MATCH_END if frame["match_over"] else HAND_END)
        elif frame["handoff"] is not None:
            assert step == Step(HANDOFF, seat=frame["handoff"])
        elif frame["seats"][seat] == "person":
            openings = frame["turn"]["openings"] if frame["board"]["opening"] is None else []
            forced = openings[0] if len(openings) == 1 else None
            assert step == Step(TURN, seat=seat, opening=forced)
        else:
            assert step == Step(COMPUTER, seat=seat)
        seen.add((step.kind, step.seat, step.opening is not None))
    assert (HANDOFF, SEATS[person], False) in seen and (TURN, SEATS[person], False) in seen
    assert any(kind == COMPUTER for kind, _, _ in seen)


def test_a_forced_opening_is_previewed_once_and_only_for_the_person_at_the_device() -> None:
    forced = [
        f
        for deal in range(1, 40)
        for f in frames(["person"] + ["computer"] * 3, str(deal))
        if f["turn"] is not None and f["board"]["opening"] is None
    ]
    one = [f for f in forced if len(f["turn"]["openings"]) == 1]
    assert one, "a deal where South must open with the one double"
    frame = one[0]
    assert next_step(frame, Interaction()).opening == frame["turn"]["openings"][0]  # type: ignore[arg-type]
    shown = Interaction()
    shown.preview = frame["turn"]["openings"][0]
    assert next_step(frame, shown).opening is None, "previewed already"  # type: ignore[arg-type]
    assert forced_opening(frame, shown) is None  # type: ignore[arg-type]


def test_nothing_comes_while_a_dialog_is_open_or_before_a_frame() -> None:
    frame = next(frames(["computer"] * 4, "3"))
    open_ = Interaction()
    open_.dialog = "rules"
    assert next_step(frame, open_) == Step(WAIT)  # type: ignore[arg-type]
    assert next_step(None, Interaction()) == Step(WAIT)


def test_a_hand_of_computers_deals_the_next_by_itself_and_a_won_match_ends() -> None:
    last = list(frames(["computer"] * 4, "33", hands=99))
    hand_ends = [f for f in last if f["outcome"] is not None]
    for frame in hand_ends[:-1]:
        assert next_step(frame, Interaction()) == Step(HAND_END, auto=True)  # type: ignore[arg-type]
    assert hand_ends[-1]["match_over"]
    assert next_step(hand_ends[-1], Interaction()) == Step(MATCH_END)  # type: ignore[arg-type]


def test_a_class_matchs_hand_end_shows_the_result_and_waits() -> None:
    code = ClassCode.make("P1", ("person",) + ("computer",) * 3, "easy", 100)
    table = Game()
    frame = ask(table, do="class-start", code=code.text, save=None, holder=None)["frame"]
    while frame["outcome"] is None:
        if frame["turn"] is not None:
            move = frame["turn"]["moves"][0]
            frame = ask(table, do="play", move=move, at=frame["log"])["frame"]
        else:
            frame = ask(table, do="computer", at=frame["log"])["frame"]
    assert next_step(frame, Interaction()) == Step(HAND_END, result=True)  # type: ignore[arg-type]


def lesson_frames() -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """Every (frame, lesson status) of every lesson played through, its passing moves."""
    table = Game()
    for name in ORDER:
        reply = ask(table, do="lesson-start", id=name)
        while True:
            frame, status = reply["frame"], reply["lesson"]
            yield frame, status
            if status["state"] == "done":
                break
            at = frame["log"]
            if status["state"] == "task":
                reply = ask(table, do="lesson-play", move=frame["turn"]["moves"][0], at=at)
            elif status["state"] == "replies":
                reply = ask(table, do="lesson-computer", at=at)
            else:
                reply = ask(table, do="lesson-next", at=at)


@pytest.mark.parametrize("seat", "ENW")
def test_a_seat_on_another_device_is_waited_for(seat: str) -> None:
    """Issue 35: the host waits for the move of a seat played on another device (no handoff,
    no computer), and takes its own turns as ever."""
    kinds = ["person", "computer", "computer", "computer"]
    kinds["SENW".index(seat)] = "person"
    seen = set()
    for frame in frames(kinds, "9", remote=(seat,)):
        step = next_step(frame, Interaction())  # type: ignore[arg-type]
        if frame["outcome"] is None and frame["to_move"] == seat:
            assert step == Step(REMOTE, seat=seat)
        seen.add(step.kind)
    assert {REMOTE, TURN, COMPUTER} <= seen


def test_a_lessons_table_goes_by_the_lessons_state() -> None:
    """The person's task (its opening never previewed: finding it is the task), the computer's
    fixed replies, then the lesson's bar: never a hand's end or a handoff, though a lesson's
    hand may end."""
    seen = set()
    for frame, status in lesson_frames():
        now = Interaction()
        now.lesson = status
        step = next_step(frame, now)  # type: ignore[arg-type]
        expected = {"task": Step(TURN, seat=status["seat"]), "replies": Step(COMPUTER)}
        want = expected.get(status["state"], Step(LESSON))
        if want.kind == COMPUTER:
            want = Step(COMPUTER, seat=frame["to_move"])
        assert step == want, (status, frame["to_move"])
        seen.add((step.kind, frame["outcome"] is not None, frame["board"]["opening"] is None))
        now.dialog = "rules"
        assert next_step(frame, now) == Step(WAIT)  # type: ignore[arg-type]
    assert (LESSON, True, False) in seen and (TURN, False, True) in seen


SCENE = """
import json
from ui.controller import Interaction
from ui.steps import next_step
out = []
for frame, dialog, preview, lesson in json.loads(CASES):
    now = Interaction()
    now.dialog, now.preview, now.lesson = dialog, preview, lesson
    step = next_step(frame, now)
    out.append([step.kind, step.seat, step.opening, step.auto, step.result])
with open("/out.txt", "wb") as f:
    f.write(("@@" + json.dumps(out)).encode())
"""


def test_the_same_steps_under_micropython() -> None:
    cases: list[Any] = []
    for frame in frames(["person", "computer", "person", "computer"], "8", hands=2):
        cases += [[frame, None, None, None], [frame, "rules", None, None]]
    cases += [[f, None, None, None] for f in frames(["computer"] * 4, "5")]
    cases += [[f, None, None, None] for f in frames(["person"] * 4, "6", remote=("E", "W"))]
    cases += [[f, None, None, status] for f, status in lesson_frames()]
    cases.append([None, None, None, None])
    expected = []
    for frame, dialog, preview, lesson in cases:
        now = Interaction()
        now.dialog, now.preview, now.lesson = dialog, preview, lesson
        step = next_step(frame, now)
        expected.append([step.kind, step.seat, step.opening, step.auto, step.result])
    assert {kind for kind, *_ in expected} >= set(KINDS) - {MATCH_END}
    code = "CASES = " + repr(json.dumps(cases)) + "\n" + SCENE
    got = json.loads(micropython(code).split("@@")[-1])
    assert got == expected
