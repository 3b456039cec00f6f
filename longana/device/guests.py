"""The host's worker answering its guests (issue 35): one table, several devices, no server.

The host's page receives a guest device's intent on that guest's line and sends it on as
``{"do": "guest", "seat": "E", "intent": {...}}``: the seat is the line's, never what the
message says. The answer is for that seat only, as a one-device table answers the person at the
bottom: the frame made for that holder (:func:`~longana.device.frame.frame_of` with
``guest``), refusals, the hint and its explanation from that seat's view, the review of that
seat's decisions, the records of finished hands. Never a save, and never the deal number while
the match is in play (a deal number gives every hand of the match: a guest could deal it
again on its own device and see them all).

A guest may ask ``frame``, ``play``, ``hint``, ``next-hand``, ``record``, ``replay`` (a finished
hand of this match) and ``review``. What acts for the whole table (undo, redo, restart, a new
match, the seats, ...) is the host's: refused ``guest-host-only`` with the intent's name. An
intent for a seat not on another device is refused (``guest-seat``), a stale one (its ``at``)
answered with the frame and ``stale``, one too large or malformed refused with an error; the
table goes on.

The reply is ``{"guest": what the guest is sent, "host": the host's own frame and save}``, the
second only when the guest changed the game (the host's page draws it and tells the others).
Every reply of the host's worker that may change the game carries ``guests`` too, each remote
seat's frame (:func:`guest_frames`), which the host's page sends on at once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ..rules.errors import IllegalMoveError, LonganaError
from ..rules.tiles import SEATS, Move, parse_seat
from .frame import Frame, Seat, frame_of, letter, refusal
from .handoff import explained_hint
from .session import Session

#: a reply as this floor builds it; the protocol (a floor up) holds it to
#: :data:`longana.replies.Reply` (and every test's replies are checked against that)
Reply = dict[str, Any]


class Game(Protocol):
    """What of the host's worker (:class:`longana.protocol.Game`) a guest's answer uses."""

    @property
    def current_session(self) -> Session: ...

    def changed(self, extra: Any = None) -> Any: ...

    def record(self, intent: Any) -> Any: ...

    def replay(self, intent: Any) -> Any: ...

    def review(self, intent: Any, seats: list[int] | None = None) -> Any: ...


MAX_GUEST_INTENT = 2048  # characters of a guest's intent: its largest is a few dozen
ASKED = ("frame", "play", "hint", "next-hand", "record", "replay", "review")
HOST_ONLY = frozenset(
    {"undo", "redo", "restart", "new-match", "seats", "take-device", "start", "import"}
    | {"computer", "table", "guest", "class-start", "class-code", "class-result"}
    | {"class-name", "class-table", "lesson-start", "lesson-play", "lesson-computer"}
    | {"lesson-next", "lesson-retry"}
)


class GuestError(LonganaError):
    """A guest's message the host does not act on: ``code`` says why."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code


def guest_reply(game: Game, intent: Mapping[str, Any]) -> Reply:
    """What ``intent`` (a guest's, for its seat) gets: ``{"guest": ..., "host"?: ...}``."""
    try:
        seat, asked = _read(game, intent)
    except GuestError as error:
        return {"guest": {"error": {"code": error.code, "detail": str(error)}}}
    answer = Answer(game, seat)
    name = asked.get("do")
    act = answer.acts.get(str(name))
    if act is None:
        code = "guest-host-only" if name in HOST_ONLY else "guest-unknown"
        return answer.refused(code, intent=str(name)[:40])
    return act(asked)


def _read(game: Game, intent: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
    try:
        seat = parse_seat(intent.get("seat"))
    except LonganaError:
        raise GuestError("guest-seat", "no such seat") from None
    asked = intent.get("intent")
    if not isinstance(asked, dict) or not isinstance(asked.get("do"), str):
        raise GuestError("bad-intent", 'an intent is an object with "do"')
    if len(json.dumps(asked)) > MAX_GUEST_INTENT:
        raise GuestError("too-large", f"a guest's intent is at most {MAX_GUEST_INTENT} characters")
    if seat not in game.current_session.remote:
        raise GuestError("guest-seat", "that seat is not played on another device")
    return seat, asked


class Answer:
    """The answers to one guest's intent, for its ``seat``."""

    def __init__(self, game: Game, seat: int) -> None:
        self.game, self.seat = game, seat
        self.session = game.current_session
        self.acts: dict[str, Callable[[Mapping[str, Any]], Reply]] = {
            "frame": lambda asked: self.said(),
            "play": self.play,
            "hint": self.hint,
            "next-hand": self.next_hand,
            "record": self.record,
            "replay": self.replay,
            "review": self.review,
        }

    @property
    def over(self) -> bool:
        return self.session.match.is_over

    def frame(self) -> Frame:
        frame = frame_of(self.session, None, guest=self.seat)
        if not self.over:
            frame["deal"] = ""  # the deal gives every hand: not before the match is over
        return frame

    def said(self, extra: Reply | None = None) -> Reply:
        """The guest's frame, and ``extra``."""
        answer: Reply = {"frame": self.frame()}
        answer.update(extra or {})
        return {"guest": answer}

    def changed(self) -> Reply:
        return {"guest": {"frame": self.frame()}, "host": self.game.changed()}

    def fresh(self, asked: Mapping[str, Any]) -> bool:
        at = asked.get("at")
        return isinstance(at, int) and at == len(self.session.log)

    def refused(self, code: str, **params: Any) -> Reply:
        return self.said({"refused": {"code": code, "params": params}})

    def play(self, asked: Mapping[str, Any]) -> Reply:
        if not self.fresh(asked):
            return self.said({"stale": True})
        hand = self.session.match.hand
        if hand.outcome is not None:
            return self.refused("hand-over")
        if hand.to_move != self.seat:
            return self.refused("not-your-turn", to_move=letter(hand.to_move))
        try:
            self.session.play(Move.parse(asked.get("move")))
        except IllegalMoveError as error:
            return self.said({"refused": refusal(error)})
        return self.changed()

    def hint(self, asked: Mapping[str, Any]) -> Reply:
        if not self.fresh(asked):
            return self.said({"stale": True})
        if self.session.class_code is not None:
            return self.refused("class-locked")
        try:
            explanation = explained_hint(self.session, self.seat, [self.seat])
        except IllegalMoveError as error:
            return self.said({"refused": refusal(error)})
        except LonganaError:  # not this seat's turn: no hint to give
            return self.said()
        shown = explanation.to_dict()
        return self.said({"hint": str(explanation.suggested), "explanation": shown})

    def next_hand(self, asked: Mapping[str, Any]) -> Reply:
        """The next hand, dealt from any device once the hand is over (a second press, from
        another device, finds it dealt: stale)."""
        match = self.session.match
        late = "at" in asked and not self.fresh(asked)
        if late or match.hand.outcome is None or match.is_over:
            return self.said({"stale": True})
        self.session.next_hand()
        return self.changed()

    def record(self, asked: Mapping[str, Any]) -> Reply:
        reply = self.game.record({"do": "record"})
        if not self.over:
            reply["export"] = None
            for hand in reply.get("record", []):
                hand["deal"] = None
        return {"guest": reply}

    def replay(self, asked: Mapping[str, Any]) -> Reply:
        hand, step = asked.get("hand", 0), asked.get("step", 0)
        reply = self.game.replay({"do": "replay", "hand": hand, "step": step, "imported": False})
        shown = reply.get("replay")
        if shown is not None and not self.over:
            shown["summary"]["deal"] = None
        return {"guest": reply}

    def review(self, asked: Mapping[str, Any]) -> Reply:
        step, hand = asked.get("step", 0), asked.get("hand")
        intent = {"do": "review", "step": step, "hand": hand}
        return {"guest": self.game.review(intent, [self.seat])}


def guest_frames(game: Game) -> dict[Seat, Frame]:
    """Each remote seat's frame as its guest is sent it (the host's page sends them on as the
    table changes, with no question more to the worker)."""
    return {letter(s): Answer(game, s).frame() for s in sorted(game.current_session.remote)}


def remote_seats(letters: Any) -> frozenset[int]:
    """The seats of a ``table`` intent (seat letters); raises ``GuestError`` for anything else."""
    if not isinstance(letters, list) or len(letters) > len(SEATS):
        raise GuestError("bad-seats", "remote seats are a list of seat letters")
    try:
        return frozenset(parse_seat(name) for name in letters)
    except LonganaError:
        raise GuestError("bad-seats", f"not seats: {letters!r}") from None
