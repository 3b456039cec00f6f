"""The device's settings (``longana:settings``, kept by :mod:`ui.storage`): the language, the
computer's speed and level, the seats, the student's name and the match's length (its target),
and what reads back of them (a field out of bounds or unreadable takes its default). Runs under
MicroPython and CPython."""

import json

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from .i18n import LANGUAGES
from .notation import DEFAULT_TARGET, KINDS, LEVELS, TARGETS

SPEEDS = ("normal", "fast")
MAX_NAME = 96  # characters of the student's name kept in settings (a name has up to 24)


class Settings:
    """The device's preferences. ``level``, ``seats`` and ``target`` are used when a new match
    starts (a match in progress keeps its own, saved with it); the level and seats also apply
    to the match in progress, the target never does."""

    __slots__ = ("lang", "speed", "level", "seats", "name", "target")

    def __init__(
        self,
        lang: Any = None,
        speed: str = "normal",
        level: str = "normal",
        seats: Any = None,
        name: str = "",
        target: int = DEFAULT_TARGET,
    ) -> None:
        self.lang = lang  # None: not chosen (the browser's languages decide)
        self.speed = speed
        self.level = level
        self.seats = list(seats or ("person", "computer", "computer", "computer"))
        self.name = name  # the student's name on class results
        self.target = target  # a new match's and a class code's length

    def to_json(self) -> str:
        return json.dumps(
            {
                "lang": self.lang,
                "speed": self.speed,
                "level": self.level,
                "seats": self.seats,
                "name": self.name,
                "target": self.target,
            }
        )

    @classmethod
    def read(cls, text: Any) -> "tuple[Settings, bool]":
        """The settings in ``text`` and whether any of it had to be replaced by a default
        (a missing field or an unknown extra one is fine: an older or newer page)."""
        default = cls()
        if text is None:
            return default, False
        try:
            data = json.loads(text)
        except Exception:  # noqa: BLE001 - no JSON, too deep (MicroPython: its own errors)
            return default, True
        if not isinstance(data, dict):
            return default, True
        seats = data.get("seats", default.seats)
        good = (
            isinstance(seats, list)
            and len(seats) == 4
            and all(isinstance(k, str) and k in KINDS for k in seats)
        )
        lang = data.get("lang")
        name = data.get("name", "")
        target = data.get("target", default.target)
        settings = cls(
            lang=lang if lang in LANGUAGES else None,
            speed=_pick(data.get("speed"), SPEEDS, default.speed),
            level=_pick(data.get("level"), LEVELS, default.level),
            seats=seats if good else default.seats,
            name=name if isinstance(name, str) and len(name) <= MAX_NAME else "",
            target=target if _offered(target) else default.target,
        )  # the worker says whether the name is one
        replaced = not good or (lang is not None and settings.lang != lang)
        replaced = replaced or settings.name != name or settings.target != target
        for key in ("speed", "level"):
            if key in data and data[key] != getattr(settings, key):
                replaced = True
        return settings, replaced


def read_settings(text: Any) -> "tuple[Settings, Any]":
    """The settings in ``text`` and, when any of it had to be replaced, the text to keep
    instead (for :meth:`ui.storage.Store.read_bounded`)."""
    settings, replaced = Settings.read(text)
    return settings, settings.to_json() if replaced else None


def _offered(target: Any) -> bool:
    """Whether ``target`` is a length the page offers (a whole number, not a truth value)."""
    return isinstance(target, int) and not isinstance(target, bool) and target in TARGETS


def _pick(value: Any, allowed: "tuple[str, ...]", default: str) -> str:
    return value if isinstance(value, str) and value in allowed else default
