"""The last table shown, as a cache (``longana:frame``, kept by :mod:`ui.storage`): what of a
frame may be cached (:func:`cacheable`), whether the person may play on it before the worker
answers (:func:`playable`), the cache's text (:func:`cache_text`) and what reads back of it
(:func:`cached_frame`): only a frame of this release's shape down to every text it puts on
screen (:func:`frame_shape`), so that a cache written by someone else is never drawn. Runs under
MicroPython and CPython."""

import json

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


def cache_text(frame: "Frame") -> str:
    """The text kept under ``longana:frame`` for ``frame`` shown: what of it may be cached, and
    whether it is played before the worker answers (``playable``, which ui/boot.js reads)."""
    shown = cacheable(frame)
    return json.dumps({"schema": FRAME_SCHEMA, "frame": shown, "playable": playable(shown)})


def cached_frame(text: Any) -> "Frame | None":
    """The frame of a cache text when it is of this release's shape and within the game's
    bounds (:func:`frame_shape`), else None."""
    if text is None or len(text) > FRAME_LIMIT:
        return None
    try:
        cache = json.loads(text)
    except Exception:  # noqa: BLE001 - no JSON (MicroPython raises ValueError, or its own)
        return None
    if not isinstance(cache, dict) or cache.get("schema") != FRAME_SCHEMA:
        return None
    frame: Frame | None = cache.get("frame")
    return frame if frame_shape(frame) else None


# the frame's shape: 3, the match's rules in it; 2, seats as letters; 1, seats as numbers
FRAME_SCHEMA = 3
FRAME_LIMIT = 256 * 1024  # a cached frame is a few kB: anything far larger is no cache
SEAT_KEYS = ("S", "E", "N", "W")
CAN = ("undo", "redo", "restart", "hint")
# A cache read back is drawn before the worker answers, so a count of ten million face-down
# tiles would freeze the page. The tiles in a hand, on the board and a tile's numbers are
# bounded by the frame's own rules (``rules``: the set and the hand size, themselves bounded by
# the notation: a number is one digit, and four hands fit in the set); the rest by ranges far
# enough above any real match that no true frame is refused, near enough that a frame within
# them draws at once.
MAX_SCORE = 10_000  # a score, a target, a hand's points
MAX_COUNT = 1_000_000  # the log's length, hands, moves
MAX_TEXT = 64  # a deal number, a class code, a move, a refusal's code or parameter
FRAME_FIELDS = {
    "log": (int, MAX_COUNT),
    "deal": (str, MAX_TEXT),
    "level": (str, MAX_TEXT),
    "hand_number": (int, MAX_COUNT),
    "people": (int, len(SEAT_KEYS)),
    "moves": (int, MAX_COUNT),
    "match_over": (bool, 1),
}


def frame_shape(frame: Any) -> bool:
    """Whether a frame read back from storage has this release's shape, down to every text it
    puts on screen (tiles as ``"a-b"``, scores and counts as numbers, seats as letters), and
    every size and number within the frame's rules and the game's range (:func:`rules_ok`,
    :data:`MAX_SCORE`…): a cache of another shape or release, or one written by someone else,
    is never drawn."""
    try:
        return _frame_shape(frame)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return False


def is_int(value: Any, low: int = -MAX_SCORE, high: int = MAX_COUNT) -> bool:
    """A whole number (not a truth value) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _count(value: Any, high: int) -> bool:
    return is_int(value, 0, high)


def _list(value: Any, most: int) -> bool:
    return isinstance(value, list) and len(value) <= most


def _seat(value: Any, none: bool = False) -> bool:
    return (none and value is None) or (isinstance(value, str) and value in SEAT_KEYS)


def _per_seat(value: Any) -> bool:
    return isinstance(value, dict) and sorted(value) == sorted(SEAT_KEYS)


def plain(value: Any, most: int = 200) -> bool:
    """A short text with nothing HTML would read as markup."""
    if not isinstance(value, str) or len(value) > most:
        return False
    return all(c not in "<>&\"'`" for c in value)


def _tile(value: Any) -> bool:
    """A tile of the double-nine set: ``"a-b"``, each end a digit."""
    return (
        isinstance(value, str)
        and len(value) == 3
        and value[1] == "-"
        and value[0] in "0123456789"
        and value[2] in "0123456789"
    )


def set_size(highest: int) -> int:
    """The tiles of the set up to double-``highest`` (55 for double-nine)."""
    return (highest + 1) * (highest + 2) // 2


def rules_ok(rules: Any) -> bool:
    """The match's rules as a frame carries them (``{"highest", "hand_size", "target"}``)."""
    if not (isinstance(rules, dict) and sorted(rules) == ["hand_size", "highest", "target"]):
        return False
    highest, size = rules["highest"], rules["hand_size"]
    return (
        is_int(highest, 0, 9)  # a tile's number is one digit: the notation's bound
        and is_int(size, 1, set_size(highest) // 4)
        and _count(rules["target"], MAX_SCORE)
    )


def _frame_shape(frame: Any) -> bool:
    if not (isinstance(frame, dict) and rules_ok(frame["rules"]) and _fields_ok(frame)):
        return False
    rules = frame["rules"]
    if not _seats_ok(frame, rules["hand_size"]):
        return False
    board, last, outcome = frame["board"], frame["last"], frame["outcome"]
    cls, can, turn = frame.get("class"), frame["can"], frame["turn"]
    return (
        _board_ok(board, rules["highest"])
        and (turn is None or _turn_ok(turn, rules["hand_size"]))
        and (last is None or _last_ok(last))
        and (cls is None or plain(cls, MAX_TEXT))
        and _remote_ok(frame.get("remote"), frame.get("guest"))
        and (outcome is None or _outcome_ok(outcome))
        and isinstance(can, dict)
        and sorted(can) == sorted(CAN)
        and all(isinstance(can[k], bool) for k in CAN)
    )


def _remote_ok(remote: Any, guest: Any) -> bool:
    """The seats played on other devices (issue 35): absent, or distinct seat letters."""
    if guest is not None and not isinstance(guest, bool):
        return False
    if remote is None:
        return True
    return (
        _list(remote, len(SEAT_KEYS))
        and all(_seat(s) for s in remote)
        and len(set(remote)) == len(remote)
    )


def _fields_ok(frame: Any) -> bool:
    for name in FRAME_FIELDS:
        kind, most = FRAME_FIELDS[name]
        value = frame[name]
        if kind is int and not _count(value, most):
            return False
        if not isinstance(value, kind) or (isinstance(value, str) and len(value) > most):
            return False
    return plain(frame["deal"]) and frame["level"] in LEVELS


def _seats_ok(frame: Any, hand_size: int) -> bool:
    seats, scores, hands = frame["seats"], frame["scores"], frame["hands"]
    if not (_per_seat(seats) and _per_seat(scores) and _per_seat(hands)):
        return False
    if not all(seats[s] in KINDS and _count(scores[s], MAX_SCORE) for s in SEAT_KEYS):
        return False
    for s in SEAT_KEYS:
        tiles, count = hands[s]["tiles"], hands[s]["count"]
        if not _count(count, hand_size) or not (tiles is None or _list(tiles, hand_size)):
            return False
        if tiles is not None and (len(tiles) != count or not all(_tile(t) for t in tiles)):
            return False
    named = all(_seat(frame[n], none=True) for n in ("to_move", "viewer", "handoff", "winner"))
    return named and _seat(frame["opener"])


def _turn_ok(turn: Any, hand_size: int) -> bool:
    """The legal map: tiles, seats and refusals that draw as plain text."""
    tiles = turn["tiles"]
    if not (
        _seat(turn["seat"])
        and isinstance(turn["must_pass"], bool)
        and isinstance(tiles, dict)
        and len(tiles) <= hand_size
    ):
        return False
    moves, openings = turn["moves"], turn["openings"]
    if not (_list(moves, hand_size * len(SEAT_KEYS) + 1) and _list(openings, hand_size)):
        return False
    if not (all(plain(m, MAX_TEXT) for m in moves) and all(_tile(t) for t in openings)):
        return False
    for tile, choice in tiles.items():
        why, targets = choice["why"], choice["targets"]
        if not (_tile(tile) and _list(targets, 4) and isinstance(why, dict) and len(why) <= 4):
            return False
        if not all(_seat(s) for s in targets):
            return False
        if not all(_seat(s) and _refusal_ok(r, hand_size) for s, r in why.items()):
            return False
        if "refusal" in choice and not _refusal_ok(choice["refusal"], hand_size):
            return False
        if not isinstance(choice.get("open", False), bool):
            return False
    return True


def _refusal_ok(refusal: Any, hand_size: int) -> bool:
    params = refusal["params"]
    if not (plain(refusal["code"], MAX_TEXT) and isinstance(params, dict) and len(params) <= 8):
        return False
    for name, value in params.items():
        values = value if _list(value, hand_size) else [value]
        if not (plain(name, MAX_TEXT) and all(is_int(v) or plain(v, MAX_TEXT) for v in values)):
            return False
    return True


def _board_ok(board: Any, highest: int) -> bool:
    if not (board["opening"] is None or _tile(board["opening"])):
        return False
    if not all(_per_seat(board[part]) for part in ("ends", "order", "branches")):
        return False
    placed, most = 0, set_size(highest)
    for s in SEAT_KEYS:
        branch = board["branches"][s]
        if not (_count(board["ends"][s], highest) and _count(board["order"][s], MAX_COUNT)):
            return False
        if not _list(branch, most):
            return False
        placed += len(branch)
        for tile, face in branch:
            if not (_tile(tile) and _count(face, highest)):
                return False
    return placed <= most


def _last_ok(last: Any) -> bool:
    move = last["move"]
    return _seat(last["seat"]) and plain(move, 12)


def _outcome_ok(outcome: Any) -> bool:
    if not (outcome["reason"] in ("domino", "block") and _count(outcome["points"], MAX_SCORE)):
        return False
    if not (_seat(outcome["winner"], none=True) and _per_seat(outcome["pips"])):
        return False
    return all(_count(outcome["pips"][s], MAX_SCORE) for s in SEAT_KEYS)
