"""A JSON value held to a type of the protocol (``longana/replies.py``, ``longana/intents.py``,
``longana/device/frame.py``) at run time: every key a typed dictionary requires is there,
none it does not know, each value of its type, all the way down. The worker builds some parts
with code typed more loosely (``dict[str, Any]``); this is what holds them to the types the
page is checked against (tests/conftest.py checks every reply of every test with it)."""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin


def problems(value: Any, kind: Any, where: str = "reply") -> list[str]:
    """What in ``value`` is not of ``kind`` (empty: it is)."""
    if kind is Any:
        return []
    if kind is None or kind is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    origin = get_origin(kind)
    if origin in (Union, types.UnionType):
        kinds = [k for k in get_args(kind) if (value is None) == (k in (None, type(None)))]
        found = [problems(value, k, where) for k in kinds] or [[f"{where}: {value!r} is None"]]
        return [] if any(not f for f in found) else min(found, key=len)
    if origin is Literal:
        return [] if value in get_args(kind) else [f"{where}: {value!r} not in {get_args(kind)}"]
    if origin in (Required, NotRequired):
        return problems(value, get_args(kind)[0], where)
    if typing.is_typeddict(kind):
        return _typed_dict(value, kind, where)
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__} is not a list"]
        (item,) = get_args(kind)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{where}[{i}]")]
    if origin is tuple:  # JSON has no tuples: a list of these
        args = get_args(kind)
        if not isinstance(value, list) or len(value) != len(args):
            return [f"{where}: {value!r} is not a list of {len(args)}"]
        found = [
            problems(v, k, f"{where}[{i}]")
            for i, (v, k) in enumerate(zip(value, args, strict=True))
        ]
        return [p for f in found for p in f]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__} is not an object"]
        key, item = get_args(kind)
        return [
            p
            for k, v in value.items()
            for p in problems(k, key, f"{where} key") + problems(v, item, f"{where}[{k!r}]")
        ]
    if kind is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r} is not a number"]
    if kind is int and isinstance(value, bool):
        return [f"{where}: {value!r} is not an int"]
    return [] if isinstance(value, kind) else [f"{where}: {value!r} is not {kind.__name__}"]


def _typed_dict(value: Any, kind: Any, where: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{where}: {type(value).__name__} is not a {kind.__name__}"]
    hints = typing.get_type_hints(kind, include_extras=True)
    # (under postponed annotations __required_keys__ misses NotRequired: read from the hints)
    required = {k for k in kind.__required_keys__ if get_origin(hints[k]) is not NotRequired}
    found = [f"{where}: {k!r} is no part of {kind.__name__}" for k in value if k not in hints]
    found += [f"{where}: {kind.__name__} lacks {k!r}" for k in required - set(value)]
    for k, v in value.items():
        if k in hints:
            found += problems(v, hints[k], f"{where}[{k!r}]")
    return found
