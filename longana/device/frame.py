"""The frame: what the person at the device may see now, as plain JSON-able data.

The game worker sends the page a frame after every change. It is decided here, once, like a
:class:`~longana.rules.view.SeatView` for the computer: a hand's tiles are in it only when they may
be face up (:func:`longana.device.handoff.face_up`), and the legal map is there only on the turn of
the person holding the device. For each of that person's tiles the frame lists the branches it may
go on and, for every other branch, the engine's refusal as ``{"code", "params"}``, so the page can
select, light targets, preview and explain without asking again; the page turns codes into words of
the language shown. Seats are letters (``"S"``, ``"E"``, ``"N"``, ``"W"``) in a frame as in the
notation, the records and the refusals; what a frame says per seat is keyed by them. Its shape is
:data:`Frame` (typed dictionaries: the page is checked against them too).

>>> from longana.device.session import Session
>>> frame = frame_of(Session("7"), holder=None)
>>> frame["to_move"] == frame["opener"], frame["hands"]["E"]["tiles"] is None
(True, True)
>>> sorted(frame["scores"].items())
[('E', 0), ('N', 0), ('S', 0), ('W', 0)]
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, cast

from ..rules.board import Board
from ..rules.errors import IllegalMoveError
from ..rules.hand import Hand, Outcome
from ..rules.tiles import SEAT_NAMES, SEATS, Move
from ..rules.variant import Rules
from .handoff import face_up, handoff_to
from .history import steps
from .session import Session

# -- the frame's shape (what the page may rely on; mypy checks both floors against it) --------
# A seat is its letter everywhere on the wire, as in the notation; whatever a frame says per
# seat is an object keyed by the letters. The page imports these names only under
# ``TYPE_CHECKING`` (MicroPython has no typing module).

Seat = Literal["S", "E", "N", "W"]
Kind = Literal["person", "computer"]


class Refusal(TypedDict):
    """Why a move may not be made: the engine's code and its parameters (seats as letters)."""

    code: str
    params: dict[str, Any]


class BoardShown(TypedDict):
    """The board: the opening double (None before it), and per branch its end, its opening
    order (0: closed) and its tiles from the centre out, each as ``[tile, the number that
    faces the centre]``."""

    opening: str | None
    ends: dict[Seat, int]
    order: dict[Seat, int]
    branches: dict[Seat, list[tuple[str, int]]]


class HandShown(TypedDict):
    """A seat's hand: how many tiles, and which (None while it is face down)."""

    count: int
    tiles: list[str] | None


class LastMove(TypedDict):
    seat: Seat
    move: str  # notation: "7-3@N", "9-9", "pass"
    opened: bool  # a pass that opened the passer's branch


class TileChoice(TypedDict):
    """One tile of the person to move: the branches it may go on and, for every other one,
    why not; before the opening, whether it may open (else ``refusal``)."""

    targets: list[Seat]
    why: dict[Seat, Refusal]
    open: NotRequired[bool]
    refusal: NotRequired[Refusal]


class Turn(TypedDict):
    """The legal map of the person holding the device, on their turn."""

    seat: Seat
    moves: list[str]
    tiles: dict[str, TileChoice]
    must_pass: bool
    openings: list[str]


class Can(TypedDict):
    undo: bool
    redo: bool
    restart: bool
    hint: bool


class RulesShown(TypedDict):
    """The match's rules (:class:`longana.rules.variant.Rules`): the page reads its bounds from
    them (the cache's check, the history's chart), never from copies of its own."""

    highest: int  # the set: 0-0 to highest-highest
    hand_size: int  # tiles dealt to each seat
    target: int  # the first to this many points wins the match


class OutcomeShown(TypedDict):
    reason: str  # "domino" or "block"
    winner: Seat | None  # None: a tied block
    points: int
    pips: dict[Seat, int]


Frame = TypedDict(
    "Frame",
    {
        "log": int,  # actions in the session: the position an intent is made for ("at")
        "deal": str,
        "rules": RulesShown,
        "level": str,
        "hand_number": int,
        "seats": dict[Seat, Kind],
        "people": int,
        "scores": dict[Seat, int],
        "to_move": Seat | None,  # None once the hand is over
        "opener": Seat,
        "moves": int,
        "last": LastMove | None,
        "board": BoardShown,
        "hands": dict[Seat, HandShown],
        "viewer": Seat | None,  # whose tiles are face up (the holder), if anybody's
        # whose tiles a later visit may show before anyone confirms holding the device (the
        # page's cached table): those face up with nobody holding it
        "cache_tiles": list[Seat],
        "handoff": Seat | None,  # the person who must take the device first
        "turn": Turn | None,
        "can": Can,
        "class": str | None,  # the class code of a class match
        "outcome": OutcomeShown | None,
        "match_over": bool,
        "winner": Seat | None,
    },
)


class Position(TypedDict):
    """A finished or imported hand at some step (the record's step-through)."""

    board: BoardShown
    hands: dict[Seat, HandShown]
    last: LastMove | None
    scores: dict[Seat, int]
    moves: int


class StepShown(TypedDict):
    """One move of the record (:meth:`longana.device.history.Step.to_dict`)."""

    number: int
    seat: Seat
    move: str
    kind: str  # "opening", "play" or "pass"
    tile: str | None
    branch: Seat | None
    end: int | None  # the branch's end after the play
    closed: bool  # the play closed the player's own open branch
    order: int  # a pass: the branch's opening order
    opened: bool  # a pass that opened the branch


class HandRecordShown(TypedDict):
    """One hand of the record (:meth:`longana.device.history.HandSummary.to_dict`)."""

    number: int
    deal: str | None
    opener: Seat
    opening: str | None
    steps: list[StepShown]
    result: OutcomeShown | None
    scores_before: dict[Seat, int]
    scores_after: dict[Seat, int]
    dealt: dict[Seat, list[str]] | None


class Replay(TypedDict):
    """A finished (or imported) hand at a step: the ``replay`` intent's answer."""

    hand: int
    step: int
    count: int
    imported: bool
    summary: HandRecordShown
    position: Position


def letter(seat: int) -> Seat:
    """A seat number as its letter on the wire."""
    return cast(Seat, SEAT_NAMES[seat])


def per_seat(values: Any) -> dict[Seat, Any]:
    """Four values in seat order as an object keyed by the seats' letters."""
    return {letter(s): v for s, v in zip(SEATS, values, strict=True)}


def board_to_dict(board: Board) -> BoardShown:
    """Ends, open flags (as opening order, 0 = closed) and every branch's tiles, each with
    the number that faces the centre."""
    return {
        "opening": None if board.opening is None else str(board.opening),
        "ends": per_seat(board.ends),
        "order": per_seat(board.order),
        "branches": {
            letter(b): [(str(tile), inner) for tile, inner, _outer in board.placed(b)]
            for b in SEATS
        },
    }


def refusal(error: IllegalMoveError) -> Refusal:
    return {"code": error.code, "params": dict(error.params)}


def outcome_to_dict(outcome: Outcome | None) -> OutcomeShown | None:
    if outcome is None:
        return None
    return {
        "reason": outcome.reason,
        "winner": None if outcome.winner is None else letter(outcome.winner),
        "points": outcome.points,
        "pips": per_seat(outcome.pips),
    }


def last_move(hand: Hand) -> LastMove | None:
    """The hand's last move, and whether it was a pass that opened the passer's branch."""
    if not hand.history:
        return None
    step = steps(hand)[-1]
    return {"seat": letter(step.seat), "move": step.notation, "opened": step.opened}


def turn_map(hand: Hand, seat: int) -> Turn:
    """The legal moves of ``seat`` (to move) and, per tile, where it may go and why not."""
    legal = hand.legal_moves()
    tiles: dict[str, TileChoice] = {}
    if not hand.is_opened:
        doubles = [str(m) for m in hand.openings]
        for tile in hand.tiles(seat):
            if tile.is_double and Move(tile) in legal:
                tiles[str(tile)] = {"open": True, "targets": [], "why": {}}
            else:
                tiles[str(tile)] = {
                    "open": False,
                    "targets": [],
                    "why": {},
                    "refusal": {"code": "opening", "params": {"doubles": doubles}},
                }
    else:
        for tile in hand.tiles(seat):
            targets: list[Seat] = []
            why: dict[Seat, Refusal] = {}
            for verdict in hand.explain(seat, tile):
                branch = letter(verdict.branch)
                if verdict.error is None:
                    targets.append(branch)
                else:
                    why[branch] = refusal(verdict.error)
            tiles[str(tile)] = {"targets": targets, "why": why}
    return {
        "seat": letter(seat),
        "moves": [str(m) for m in legal],
        "tiles": tiles,
        "must_pass": [str(m) for m in legal] == ["pass"],
        "openings": [str(m) for m in hand.openings] if not hand.is_opened else [],
    }


def viewer_of(session: Session, holder: int | None) -> int | None:
    """The person at the device now, whose tiles are face up (None: nobody confirmed)."""
    people = session.people
    if len(people) == 1:
        return people[0]
    if holder is None or not session.is_person(holder):
        return None
    hand = session.match.hand
    if hand.is_over or handoff_to(session, holder) is None:
        return holder
    return None


def frame_of(session: Session, holder: int | None) -> Frame:
    """Everything the page shows until the next change, for the person holding the device
    (``holder``: a seat number, or None when nobody has confirmed holding it)."""
    match = session.match
    hand = match.hand
    up = face_up(session, holder)
    viewer = viewer_of(session, holder)
    handoff = handoff_to(session, holder)
    over = hand.outcome is not None
    person_turn = (
        not over
        and viewer is not None
        and hand.to_move == viewer
        and session.is_person(viewer)
        and viewer in up
        and not match.is_over
    )
    return {
        "log": len(session.log),
        "deal": session.seed,
        "rules": rules_shown(match.rules),
        "level": session.level,
        "hand_number": len(match.hands),
        "seats": per_seat(session.seats),
        "people": len(session.people),
        "scores": per_seat(match.scores),
        "to_move": None if over else letter(hand.to_move),
        "opener": letter(hand.opener),
        "moves": len(hand.history),
        "last": last_move(hand),
        "board": board_to_dict(hand.board),
        "hands": {letter(s): hand_shown(hand, s, s in up) for s in SEATS},
        "viewer": None if viewer is None else letter(viewer),
        "cache_tiles": [letter(s) for s in SEATS if s in face_up(session, None)],
        "handoff": None if handoff is None else letter(handoff),
        "turn": turn_map(hand, hand.to_move) if person_turn else None,
        "can": can_of(session, person_turn),
        "class": session.class_code,
        "outcome": outcome_to_dict(hand.outcome),
        "match_over": match.is_over,
        "winner": None if match.winner is None else letter(match.winner),
    }


def rules_shown(rules: Rules) -> RulesShown:
    return {"highest": rules.highest, "hand_size": rules.hand_size, "target": rules.target}


def hand_shown(hand: Hand, seat: int, up: bool) -> HandShown:
    tiles = hand.tiles(seat)
    return {"count": len(tiles), "tiles": [str(t) for t in tiles] if up else None}


def can_of(session: Session, person_turn: bool) -> Can:
    """Which of undo, redo, restart and hint the page may offer: none in a class match
    (results must be comparable; the page shows them off with the reason)."""
    if session.class_code is not None:
        return {"undo": False, "redo": False, "restart": False, "hint": False}
    return {
        "undo": session.can_undo,
        "redo": session.can_redo,
        "restart": session.can_restart,
        "hint": person_turn,
    }


def position_of(hand: Hand, scores: tuple[int, ...]) -> Position:
    """A finished or imported hand as it stood at some step: everything face up (nothing in
    it is secret any more), for the record panel's step-through."""
    return {
        "board": board_to_dict(hand.board),
        "hands": {letter(s): hand_shown(hand, s, True) for s in SEATS},
        "last": last_move(hand),
        "scores": per_seat(scores),
        "moves": len(hand.history),
    }
