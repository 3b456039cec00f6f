"""The last table shown, as a cache (``longana:frame``, kept by :mod:`ui.storage`): what of a
frame may be cached (:func:`cacheable`), whether the person may play on it before the worker
answers (:func:`playable`), and whether a cache read back has this release's shape down to every
text it puts on screen (:func:`frame_shape`): a cache written by someone else is never drawn.
Runs under MicroPython and CPython."""

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from .notation import KINDS, LEVELS

TYPE_CHECKING = False  # mypy takes it as true: the frame's types, never imported at runtime
if TYPE_CHECKING:
    from longana.device.frame import Frame


def cacheable(frame: "Frame") -> "Frame":
    """The frame as it may be shown on a later visit before the worker answers: the tiles of
    the seats the engine names (``cache_tiles``: the one person's at the device, or all four
    once the hand is over; nobody's while several people share it). With one person at the
    device it is the frame itself: that person may play on it at once (the move waits for the
    worker, which checks it). While several share the device, no legal map either: a reload
    shows none before someone confirms holding it."""
    shown = frame.get("cache_tiles") or []
    out = frame.copy()
    hands = frame["hands"].items()
    out["hands"] = {s: h if s in shown else {"count": h["count"], "tiles": None} for s, h in hands}
    if frame["viewer"] not in shown:
        out["viewer"] = None
    turn = frame["turn"]
    if frame.get("people", 1) > 1 or (turn is not None and turn["seat"] not in shown):
        out["turn"] = None
        out["can"] = {"undo": False, "redo": False, "restart": False, "hint": False}
    return out


def playable(frame: "Frame") -> bool:
    """Whether the table cached on the last visit can be played before the worker answers: at
    most one person at the device, and on a person's turn the legal map is there."""
    seat = frame["to_move"]
    if frame["people"] > 1:
        return False
    return seat is None or frame["seats"][seat] != "person" or frame["turn"] is not None


FRAME_LIMIT = 256 * 1024  # a cached frame is a few kB: anything far larger is no cache
SEAT_KEYS = ("S", "E", "N", "W")
FRAME_FIELDS = {
    "log": int,
    "deal": str,
    "target": int,
    "level": str,
    "hand_number": int,
    "people": int,
    "moves": int,
    "match_over": bool,
}


def frame_shape(frame: Any) -> bool:
    """Whether a frame read back from storage has this release's shape, down to every text it
    puts on screen (tiles as ``"a-b"``, scores and counts as numbers, seats as letters): a
    cache of another shape or release, or one written by someone else, is never drawn."""
    try:
        return _frame_shape(frame)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return False


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value: Any, none: bool = False) -> bool:
    return (none and value is None) or (isinstance(value, str) and value in SEAT_KEYS)


def _per_seat(value: Any) -> bool:
    return isinstance(value, dict) and sorted(value) == sorted(SEAT_KEYS)


def plain(value: Any) -> bool:
    """A short text with nothing HTML would read as markup."""
    if not isinstance(value, str) or len(value) > 200:
        return False
    return all(c not in "<>&\"'`" for c in value)


def _tile(value: Any) -> bool:
    if not isinstance(value, str) or len(value) > 5 or value.count("-") != 1:
        return False
    a, b = value.split("-")
    return a.isdigit() and b.isdigit()


def _frame_shape(frame: Any) -> bool:
    if not (isinstance(frame, dict) and _fields_ok(frame) and _seats_ok(frame)):
        return False
    board, last, outcome = frame["board"], frame["last"], frame["outcome"]
    cls, can, turn = frame.get("class"), frame["can"], frame["turn"]
    return (
        _board_ok(board)
        and (turn is None or _turn_ok(turn))
        and (last is None or _last_ok(last))
        and (cls is None or plain(cls))
        and (outcome is None or _outcome_ok(outcome))
        and isinstance(can, dict)
        and all(isinstance(v, bool) for v in can.values())
    )


def _fields_ok(frame: Any) -> bool:
    for name, kind in FRAME_FIELDS.items():
        value = frame[name]
        if kind is int and not is_int(value):
            return False
        if not isinstance(value, kind):
            return False
    return plain(frame["deal"]) and frame["level"] in LEVELS


def _seats_ok(frame: Any) -> bool:
    seats, scores, hands = frame["seats"], frame["scores"], frame["hands"]
    if not (_per_seat(seats) and _per_seat(scores) and _per_seat(hands)):
        return False
    if not all(seats[s] in KINDS and is_int(scores[s]) for s in SEAT_KEYS):
        return False
    for s in SEAT_KEYS:
        tiles = hands[s]["tiles"]
        if not is_int(hands[s]["count"]) or not (tiles is None or isinstance(tiles, list)):
            return False
        if tiles is not None and not all(_tile(t) for t in tiles):
            return False
    named = all(_seat(frame[n], none=True) for n in ("to_move", "viewer", "handoff", "winner"))
    return named and _seat(frame["opener"])


def _turn_ok(turn: Any) -> bool:
    """The legal map: tiles, seats and refusals that draw as plain text."""
    tiles = turn["tiles"]
    if not (
        _seat(turn["seat"]) and isinstance(turn["must_pass"], bool) and isinstance(tiles, dict)
    ):
        return False
    moves, openings = turn["moves"], turn["openings"]
    if not (isinstance(moves, list) and isinstance(openings, list)):
        return False
    if not (all(plain(m) for m in moves) and all(_tile(t) for t in openings)):
        return False
    for tile, choice in tiles.items():
        why, targets = choice["why"], choice["targets"]
        if not (_tile(tile) and isinstance(targets, list) and isinstance(why, dict)):
            return False
        if not all(_seat(s) for s in targets):
            return False
        if not all(_seat(s) and _refusal_ok(r) for s, r in why.items()):
            return False
        if "refusal" in choice and not _refusal_ok(choice["refusal"]):
            return False
        if not isinstance(choice.get("open", False), bool):
            return False
    return True


def _refusal_ok(refusal: Any) -> bool:
    params = refusal["params"]
    if not (plain(refusal["code"]) and isinstance(params, dict)):
        return False
    for name, value in params.items():
        values = value if isinstance(value, list) else [value]
        if not (plain(name) and all(is_int(v) or plain(v) for v in values)):
            return False
    return True


def _board_ok(board: Any) -> bool:
    if not (board["opening"] is None or _tile(board["opening"])):
        return False
    if not all(_per_seat(board[part]) for part in ("ends", "order", "branches")):
        return False
    for s in SEAT_KEYS:
        if not (is_int(board["ends"][s]) and is_int(board["order"][s])):
            return False
        for tile, face in board["branches"][s]:
            if not (_tile(tile) and is_int(face)):
                return False
    return True


def _last_ok(last: Any) -> bool:
    move = last["move"]
    return _seat(last["seat"]) and isinstance(move, str) and plain(move) and len(move) <= 12


def _outcome_ok(outcome: Any) -> bool:
    if not (outcome["reason"] in ("domino", "block") and is_int(outcome["points"])):
        return False
    if not (_seat(outcome["winner"], none=True) and _per_seat(outcome["pips"])):
        return False
    return all(is_int(outcome["pips"][s]) for s in SEAT_KEYS)
