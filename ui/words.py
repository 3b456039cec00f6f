"""What the worker says in codes, in words of the language shown: a move, a refusal, a hand's
outcome. The worker never sends sentences (``{"code", "params"}`` and moves in notation); the
words are all here and in the catalogs. Runs under MicroPython and CPython.
"""

try:
    from typing import Any
except ImportError:  # MicroPython: no typing module; annotations are not evaluated there
    pass

from .html import escape
from .notation import SEATS, split

TYPE_CHECKING = False  # mypy takes it as true: the frame's types, never imported at runtime
if TYPE_CHECKING:
    from longana.device.frame import LastMove, OutcomeShown, Refusal

    from .i18n import Catalog


def phrase(cat: "Catalog", key: str, **params: Any) -> str:
    """The catalog's words for ``key``, made safe for HTML."""
    return escape(cat.t(key, **params))


def describe(last: "LastMove", cat: "Catalog") -> str:
    """A move in words: "East plays 7-3 on North's branch."."""
    seat = last["seat"]
    move = last["move"]
    if move == "pass":
        key = "played.pass_opens" if last["opened"] else "played.pass"
        return cat.t(key, seat=cat.seat(seat), branch=cat.branch(seat))
    tile, branch = split(move)
    if branch is None:
        return cat.t("played.open", seat=cat.seat(seat), tile=tile)
    return cat.t("played.play", seat=cat.seat(seat), tile=tile, branch=cat.branch(branch))


def why(refusal: "Refusal", cat: "Catalog") -> str:
    """The engine's refusal ``{"code", "params"}`` in words of the language shown."""
    given = dict(refusal.get("params") or {})
    # the doubles to open with: a list in the frame's tile map, "9-9 or 8-8" in the engine's error
    doubles = given.pop("doubles", None)
    if isinstance(doubles, str):
        doubles = [d.strip() for d in doubles.replace(" or ", ",").split(",") if d.strip()]
    params = worded(given, cat)
    code = refusal.get("code", "illegal")
    key = "why." + str(code)
    if isinstance(doubles, list) and doubles:
        text = cat.listed(key, "doubles", [str(d) for d in doubles], "or", **params)
    else:
        text = cat.t(key, **params)
    return text if text != key and not unfilled(text) else cat.t("why.illegal")


def worded(given: Any, cat: "Catalog") -> "dict[str, Any]":
    """The worker's parameters (seats as letters, lists) as the words that fill a message: a
    branch as the branch's name and its owner's, seats by name, lists joined."""
    params = dict(given or {})
    branch = params.get("branch")
    if isinstance(branch, str):
        params["owner"] = cat.seat(branch)
        params["branch"] = cat.branch(branch)
    if isinstance(params.get("earlier"), str):
        params["earlier"] = cat.branch(params["earlier"])
    for key in ("seat", "to_move"):
        if isinstance(params.get(key), str):
            params[key] = cat.seat(params[key])
    for key in list(params):
        if isinstance(params[key], list):
            params[key] = cat.join([str(x) for x in params[key]])
    return params


def unfilled(text: str) -> bool:
    """Whether ``text`` still holds a ``{placeholder}`` (the refusal lacked a parameter)."""
    j = text.find("{")
    return j >= 0 and text.find("}", j) > j


def class_why(refusal: "Refusal", cat: "Catalog") -> str:
    """A class refusal ``{"code": "class-check", ...}`` in words."""
    code = str(refusal.get("code", "")).replace("class-", "", 1)
    params = dict(refusal.get("params") or {})
    if isinstance(params.get("seat"), str):
        params["seat"] = cat.seat(params["seat"])
    text = cat.t("class.why." + code, **params)
    return text if text != "class.why." + code else cat.t("why.illegal")


# the worker's codes for a file it cannot import (or cannot take: too large, too deep), in words
IMPORT_REFUSED = {
    "too-large": "record.import_too_large",
    "too-deep": "record.import_too_deep",
    "import-save": "record.save_damaged",
    "import-not-records": "record.not_records",
    "import-line": "record.import_line",
    "import-hand": "record.import_hand",
    "import-unfinished": "record.import_unfinished",  # issue 37: never a hand not ended
    "import-empty": "record.import_empty",
}


def import_why(refusal: "Refusal", cat: "Catalog") -> str:
    """An import's refusal ``{"code", "params"}`` in words of the language shown; the engine's
    English ``detail`` among the params is never in them (the page folds it away)."""
    params = dict(refusal.get("params") or {})
    key = IMPORT_REFUSED.get(str(refusal.get("code")), "record.import_error")
    if key == "record.import_hand" and "line" in params:
        key = "record.import_hand_line"  # where it stands in the file
    elif key == "record.import_hand" and "hand" in params:
        key = "record.import_hand_at"
    return cat.t(key, line=str(params.get("line", "")), hand=str(params.get("hand", "")))


def outcome_words(out: "OutcomeShown | None", cat: "Catalog") -> str:
    """A hand's end in words (a frame's ``outcome`` or a record's ``result``)."""
    if out is None:
        return ""
    winner = out["winner"]
    if out["reason"] == "domino":
        return cat.t("hand_end.domino", winner=cat.seat(winner or "S"), points=out["points"])
    low = min(out["pips"][s] for s in SEATS)
    if winner is None:
        tied = [cat.seat(s) for s in SEATS if out["pips"][s] == low]
        return cat.listed("hand_end.block_tie", "tied", tied, low=low)
    return cat.t("hand_end.block_win", winner=cat.seat(winner), low=low, points=out["points"])
