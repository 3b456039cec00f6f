"""What happens after a reply: the game's next step, decided from the frame and the interaction
alone. The page (``ui/dom/page.py``) asks :func:`next_step` in one place, after every reply it
applies, and carries the step out: the hand's or the match's end is shown, the device is
handed on, a person's turn is prepared (a forced opening previewed, the focus), or a computer
seat thinks and moves; on a lesson's table, the lesson's state says which (:func:`lesson_step`).
Nothing here waits, draws or asks the worker; it runs under MicroPython and CPython alike.
"""

from .controller import person_turn

TYPE_CHECKING = False  # mypy takes it as true: the frame's types, never imported at runtime
if TYPE_CHECKING:
    from typing import Any

    from longana.device.frame import Frame, Seat

    from .controller import Interaction

WAIT = "wait"  # nothing now: no frame yet, or a dialog is open (the step comes when it closes)
MATCH_END = "match-end"  # the match is won: its dialog
HAND_END = "hand-end"  # the hand is over: its dialog, the next hand after it
HANDOFF = "handoff"  # every hand hidden until the person to move takes the device
TURN = "turn"  # the person at the device is to move
COMPUTER = "computer"  # a computer seat is to move: it thinks, then moves
LESSON = "lesson"  # a lesson's task (or the lesson) is done: its bar offers what comes next
REMOTE = "remote"  # a seat played elsewhere is to move (issue 35): its move will come

KINDS = (WAIT, MATCH_END, HAND_END, HANDOFF, TURN, COMPUTER, LESSON, REMOTE)


class Step:
    """The next step: its ``kind`` (one of :data:`KINDS`); the ``seat`` to move or to take the
    device; the ``opening`` to preview at once (the one double the person may open with);
    at a hand's end whether the next hand follows by itself (``auto``, a table of computers
    only) and whether the student's ``result`` is shown (a class match)."""

    __slots__ = ("kind", "seat", "opening", "auto", "result")

    def __init__(
        self,
        kind: str,
        seat: "Seat | None" = None,
        opening: "str | None" = None,
        auto: bool = False,
        result: bool = False,
    ) -> None:
        self.kind, self.seat, self.opening, self.auto, self.result = (
            kind,
            seat,
            opening,
            auto,
            result,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Step) and all(
            getattr(self, k) == getattr(other, k) for k in Step.__slots__
        )

    def __repr__(self) -> str:
        return "Step(" + ", ".join(k + "=" + repr(getattr(self, k)) for k in Step.__slots__) + ")"


def next_step(frame: "Frame | None", interaction: "Interaction") -> Step:
    """What comes next on the table ``frame`` with the page's ``interaction``."""
    if frame is None or interaction.dialog is not None:
        return Step(WAIT)
    if interaction.lesson is not None:
        return lesson_step(frame, interaction.lesson)
    seat = frame["to_move"]
    if frame["outcome"] is not None or seat is None:
        result = bool(frame.get("class"))
        if frame["match_over"] and frame["winner"] is not None:
            return Step(MATCH_END, result=result)
        computers = "person" not in [frame["seats"][s] for s in frame["seats"]]
        return Step(HAND_END, auto=computers and not result, result=result)
    if seat in (frame.get("remote") or []):
        return Step(REMOTE, seat=seat)
    if frame["seats"][seat] == "person":
        if frame["handoff"] is not None:
            return Step(HANDOFF, seat=frame["handoff"])
        return Step(TURN, seat=seat, opening=forced_opening(frame, interaction))
    return Step(COMPUTER, seat=seat)


def forced_opening(frame: "Frame", interaction: "Interaction") -> "str | None":
    """The one double the person at the device may open the hand with, when nothing is
    previewed yet: it is previewed at once (the prompt says why)."""
    turn = frame.get("turn")
    if (
        turn is None
        or not person_turn(frame, interaction)
        or frame["board"]["opening"] is not None
        or interaction.preview is not None
        or len(turn["openings"]) != 1
    ):
        return None
    return turn["openings"][0]


def lesson_step(frame: "Frame", lesson: "dict[str, Any]") -> Step:
    """What comes next on a lesson's table, by the lesson's state (``ui/lessons.py``): the
    person's task (no opening previewed: finding it may be the task), the computer's fixed
    replies, else what the lesson's bar offers (the next task, held until asked for; the next
    lesson)."""
    state, seat = lesson.get("state"), frame["to_move"]
    if state == "task" and frame.get("turn") is not None and not lesson.get("held"):
        return Step(TURN, seat=seat)
    if state == "replies" and seat is not None:
        return Step(COMPUTER, seat=seat)
    return Step(LESSON)


def dealt_past(before: "Frame | None", reply: "Any", interaction: "Interaction") -> bool:
    """Whether ``reply`` deals past the hand's (or the match's) end on screen: another device
    of a table across devices dealt the next hand (issue 35), and that dialog goes."""
    frame = reply.get("frame")
    return (
        interaction.dialog in (HAND_END, MATCH_END)
        and before is not None
        and frame is not None
        and frame["hand_number"] != before["hand_number"]
    )
