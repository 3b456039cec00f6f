"""The frame: what the person at the device may see now, as plain JSON-able data.

The game worker sends the page a frame after every change. It is decided here, once, like a
:class:`~longana.rules.view.SeatView` for the computer: a hand's tiles are in it only when they may
be face up (:func:`longana.device.handoff.face_up`), and the legal map is there only on the turn of
the person holding the device. For each of that person's tiles the frame lists the branches it may
go on and, for every other branch, the engine's refusal as ``{"code", "params"}``, so the page can
select, light targets, preview and explain without asking again; the page turns codes into words of
the language shown.

>>> from longana.device.session import Session
>>> frame = frame_of(Session("7"), holder=None)
>>> frame["to_move"] == frame["opener"], frame["hands"][1]["tiles"] is None
(True, True)
"""

from __future__ import annotations

from typing import Any

from ..rules.board import Board
from ..rules.errors import IllegalMoveError
from ..rules.hand import Hand, Outcome
from ..rules.tiles import SEAT_NAMES, SEATS, Move
from .handoff import face_up, handoff_to
from .history import steps
from .session import Session


def board_to_dict(board: Board) -> dict[str, Any]:
    """Ends, open flags (as opening order, 0 = closed) and every branch's tiles, each with
    the number that faces the centre."""
    return {
        "opening": None if board.opening is None else str(board.opening),
        "ends": list(board.ends),
        "order": list(board.order),
        "lines": [[[str(tile), inner] for tile, inner, _outer in board.placed(b)] for b in SEATS],
    }


def refusal(error: IllegalMoveError) -> dict[str, Any]:
    return {"code": error.code, "params": dict(error.params)}


def outcome_to_dict(outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {
        "reason": outcome.reason,
        "winner": outcome.winner,
        "points": outcome.points,
        "pips": list(outcome.pips),
    }


def last_move(hand: Hand) -> dict[str, Any] | None:
    """The hand's last move, and whether it was a pass that opened the passer's branch."""
    if not hand.history:
        return None
    step = steps(hand)[-1]
    return {"seat": step.seat, "move": step.notation, "opened": step.opened}


def turn_map(hand: Hand, seat: int) -> dict[str, Any]:
    """The legal moves of ``seat`` (to move) and, per tile, where it may go and why not."""
    legal = hand.legal_moves()
    tiles: dict[str, Any] = {}
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
            targets, why = [], {}
            for verdict in hand.explain(seat, tile):
                letter = SEAT_NAMES[verdict.branch]
                if verdict.error is None:
                    targets.append(letter)
                else:
                    why[letter] = refusal(verdict.error)
            tiles[str(tile)] = {"targets": targets, "why": why}
    return {
        "seat": seat,
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


def frame_of(session: Session, holder: int | None) -> dict[str, Any]:
    """Everything the page shows until the next change, for the person holding the device."""
    match = session.match
    hand = match.hand
    up = face_up(session, holder)
    viewer = viewer_of(session, holder)
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
        "target": match.target,
        "level": session.level,
        "hand_number": len(match.hands),
        "seats": list(session.seats),
        "people": len(session.people),
        "scores": list(match.scores),
        "to_move": None if over else hand.to_move,
        "opener": hand.opener,
        "moves": len(hand.history),
        "last": last_move(hand),
        "board": board_to_dict(hand.board),
        "hands": [
            {
                "count": len(hand.tiles(s)),
                "tiles": [str(t) for t in hand.tiles(s)] if s in up else None,
            }
            for s in SEATS
        ],
        "viewer": viewer,
        "handoff": handoff_to(session, holder),
        "turn": turn_map(hand, hand.to_move) if person_turn else None,
        "can": can_of(session, person_turn),
        "class": session.class_code,
        "outcome": outcome_to_dict(hand.outcome),
        "match_over": match.is_over,
        "winner": match.winner,
    }


def can_of(session: Session, person_turn: bool) -> dict[str, bool]:
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


def position_of(hand: Hand, scores: tuple[int, ...]) -> dict[str, Any]:
    """A finished or imported hand as it stood at some step: everything face up (nothing in
    it is secret any more), for the record panel's step-through."""
    return {
        "board": board_to_dict(hand.board),
        "hands": [
            {"count": len(hand.tiles(s)), "tiles": [str(t) for t in hand.tiles(s)]} for s in SEATS
        ],
        "last": last_move(hand),
        "scores": list(scores),
        "moves": len(hand.history),
    }
