"""The page's storage: the save text the worker hands over, the device's settings, and the
last table shown (a cache, so a later visit shows the table before the worker is ready).

The storage object is passed in: ``localStorage`` in the browser, a dict-backed fake in the
tests. Runs under MicroPython and CPython. The keys are those of interfaces.md:

- ``longana:save`` holds the worker's save text (the action log, ``{"schema": N, …}``);
- ``longana:save:corrupt`` holds a save the worker could not use: :meth:`Store.set_aside`
  moves it there at once, so saving the new game overwrites nothing. If it cannot be moved
  (storage full), it stays where it is and the store refuses to save until the person chooses
  to start fresh (:meth:`Store.start_fresh`);
- ``longana:settings`` holds :class:`Settings` (anything unreadable takes its default);
- ``longana:frame`` holds the last frame shown (derived from the save; losing it loses nothing),
  as ``{"schema": FRAME_SCHEMA, "frame": …}``: a frame of another shape (an earlier release's,
  whose seats were numbers) is no cache.

A copy served under a sub-path keeps its own keys: the same names followed by ``@`` and the
copy's path (``longana:save@/class/7b/``); a copy at the origin's root keeps the plain names.

Every storage error (full, unavailable, forbidden) is caught: the game goes on in memory and
the page shows the notice it gets back (a message key of the catalog).
"""

import json

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from .i18n import LANGUAGES

TYPE_CHECKING = False  # mypy takes it as true: the frame's types, never imported at runtime
if TYPE_CHECKING:
    from longana.device.frame import Frame

SAVE, CORRUPT, SETTINGS, FRAME = (
    "longana:save",
    "longana:save:corrupt",
    "longana:settings",
    "longana:frame",
)
FRAME_SCHEMA = 2  # the frame's shape: seats as letters (1: the first releases, seats as numbers)
HISTORY = "longana:history"  # the matches finished on this device (deletable by the person)

# Message keys of the notices.
CORRUPT_SET_ASIDE = "save.corrupt"  # set aside; the person may download it or just play on
CORRUPT_KEPT = "save.corrupt_kept"  # could not be set aside: download, then start fresh
FULL = "save.full"  # this game is not being saved: storage is full
UNAVAILABLE = "save.unavailable"  # this browser does not let the game save
SETTINGS_UNREADABLE = "notice.settings_unreadable"  # the defaults are used
SETTINGS_UNAVAILABLE = "notice.storage_unavailable"  # settings last until the page closes

KINDS = ("person", "computer")
LEVELS = ("easy", "normal", "hard")
SPEEDS = ("normal", "fast")


def copy_key(name: str, path: str) -> str:
    """The key of ``name`` for the copy served at ``path`` (the page's folder)."""
    folder = path[: path.rfind("/") + 1] if "/" in path else "/"
    return name if folder in ("", "/") else name + "@" + folder


def failure(error: Any) -> str:
    """A full storage or an unavailable one, told apart by the browser's error."""
    words = (str(getattr(error, "name", "")) + " " + str(error)).lower()
    return FULL if "quota" in words or "full" in words else UNAVAILABLE


class Settings:
    """The device's preferences. ``level`` and ``seats`` are used when a new match starts
    (a match in progress keeps its own, saved with it)."""

    __slots__ = ("lang", "speed", "level", "seats", "name")

    def __init__(
        self,
        lang: Any = None,
        speed: str = "normal",
        level: str = "normal",
        seats: Any = None,
        name: str = "",
    ) -> None:
        self.lang = lang  # None: not chosen (the browser's languages decide)
        self.speed = speed
        self.level = level
        self.seats = list(seats or ("person", "computer", "computer", "computer"))
        self.name = name  # the student's name on class results

    def to_json(self) -> str:
        return json.dumps(
            {
                "lang": self.lang,
                "speed": self.speed,
                "level": self.level,
                "seats": self.seats,
                "name": self.name,
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
        except (ValueError, TypeError):
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
        settings = cls(
            lang=lang if lang in LANGUAGES else None,
            speed=_pick(data.get("speed"), SPEEDS, default.speed),
            level=_pick(data.get("level"), LEVELS, default.level),
            seats=seats if good else default.seats,
            name=name[:16] if isinstance(name, str) else "",
        )
        replaced = not good or (lang is not None and settings.lang != lang)
        for key in ("speed", "level"):
            if key in data and data[key] != getattr(settings, key):
                replaced = True
        return settings, replaced


def _pick(value: Any, allowed: "tuple[str, ...]", default: str) -> str:
    return value if isinstance(value, str) and value in allowed else default


class Store:
    """The game's keys in one storage (``None``: this browser gives the page none)."""

    def __init__(self, storage: Any, path: str = "/") -> None:
        self.storage = storage
        self.keys = {
            name: copy_key(name, path) for name in (SAVE, CORRUPT, SETTINGS, FRAME, HISTORY)
        }
        self.held = False  # a broken save still sits under the save key: never write over it

    def get(self, name: str) -> Any:
        """The text under ``name``, None when missing; raises when storage refuses."""
        value = self.storage.getItem(self.keys[name])
        return None if value is None else str(value)

    # -- the save --------------------------------------------------------------------------

    def read_save(self) -> "tuple[str | None, str | None]":
        """(save text or None, notice key or None)."""
        if self.storage is None:
            return None, UNAVAILABLE
        try:
            return self.get(SAVE), None
        except Exception as error:  # noqa: BLE001 - storage refused: play in memory
            return None, failure(error)

    def write_save(self, text: str, frame: Any = None) -> Any:
        """Store the save (and the frame shown, as a cache); a notice key when it failed."""
        if self.storage is None:
            return UNAVAILABLE
        if self.held:
            return CORRUPT_KEPT
        try:
            self.storage.setItem(self.keys[SAVE], text)
        except Exception as error:  # noqa: BLE001 - full or refused
            return failure(error)
        if frame is not None:
            try:
                cache = {"schema": FRAME_SCHEMA, "frame": cacheable(frame)}
                self.storage.setItem(self.keys[FRAME], json.dumps(cache))
            except Exception:  # noqa: BLE001 - a cache: losing it loses nothing
                self.forget(FRAME)
        return None

    def set_aside(self, text: str) -> str:
        """Move a save the worker could not use to the corrupt key; the notice to show."""
        try:
            self.storage.setItem(self.keys[CORRUPT], text)
            self.storage.removeItem(self.keys[SAVE])
        except Exception:  # noqa: BLE001 - cannot set it aside: leave it untouched
            self.held = True
            return CORRUPT_KEPT
        self.forget(FRAME)
        return CORRUPT_SET_ASIDE

    def start_fresh(self) -> None:
        """The person chose to start fresh over a broken save that could not be set aside:
        from now on saving may replace it."""
        self.held = False

    def broken(self) -> Any:
        """The save set aside under the corrupt key, if any."""
        try:
            return self.get(CORRUPT)
        except Exception:  # noqa: BLE001
            return None

    def put(self, name: str, text: str) -> bool:
        """Store ``text`` under ``name``; False when storage refused (full, blocked)."""
        try:
            self.storage.setItem(self.keys[name], text)
        except Exception:  # noqa: BLE001 - full or refused
            return False
        return True

    def forget(self, name: str) -> None:
        try:
            self.storage.removeItem(self.keys[name])
        except Exception:  # noqa: BLE001
            pass

    # -- the last table shown ----------------------------------------------------------------

    def read_frame(self) -> "Frame | None":
        """The last frame shown, if it is there and of this release's shape."""
        try:
            text = self.get(FRAME)
            cache = json.loads(text) if text is not None else None
        except Exception:  # noqa: BLE001 - a broken cache is no cache
            return None
        if not isinstance(cache, dict) or cache.get("schema") != FRAME_SCHEMA:
            return None
        frame: Frame | None = cache.get("frame")
        return frame if isinstance(frame, dict) and "board" in frame else None

    # -- settings ------------------------------------------------------------------------------

    def read_settings(self) -> "tuple[Settings, str | None]":
        """(settings, notice key or None): the defaults where there are none."""
        if self.storage is None:
            return Settings(), SETTINGS_UNAVAILABLE
        try:
            text = self.get(SETTINGS)
        except Exception:  # noqa: BLE001
            return Settings(), SETTINGS_UNAVAILABLE
        settings, replaced = Settings.read(text)
        return settings, SETTINGS_UNREADABLE if replaced else None

    def write_settings(self, settings: Settings) -> Any:
        if self.storage is None:
            return SETTINGS_UNAVAILABLE
        try:
            self.storage.setItem(self.keys[SETTINGS], settings.to_json())
        except Exception:  # noqa: BLE001
            return SETTINGS_UNAVAILABLE
        return None


def cacheable(frame: "Frame") -> "Frame":
    """The frame as it may be shown on a later visit before the worker answers: nobody's tiles
    while several people share the device (a reload shows none before someone confirms), and
    no legal map (nothing can be played until the worker is there)."""
    out = frame.copy()
    out["turn"] = None
    out["can"] = {"undo": False, "redo": False, "restart": False, "hint": False}
    if frame.get("people", 1) > 1 and frame.get("outcome") is None:
        out["hands"] = {s: {"count": h["count"], "tiles": None} for s, h in frame["hands"].items()}
        out["viewer"] = None
    return out


DEAL_CHARACTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"


def deal_number(text: Any) -> Any:
    """A deal number typed in settings or given as ``?deal=`` (letters, digits, ``-``, ``_``,
    up to 32), or ``None`` when it is not one."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not 1 <= len(text) <= 32:
        return None
    for c in text:
        if c not in DEAL_CHARACTERS:
            return None
    return text


def query_value(query: str, name: str) -> Any:
    """The value of ``name`` in an address's query string (``"?deal=7b&x=1"``)."""
    for part in query.lstrip("?").split("&"):
        if "=" in part:
            key, value = part.split("=", 1)
            if key == name:
                return unquote(value)
    return None


def unquote(text: str) -> str:
    """Percent-decoding for the few characters a deal number or language code may carry."""
    out = bytearray()
    i = 0
    raw = text.replace("+", " ").encode()
    while i < len(raw):
        if raw[i] == 37 and i + 2 < len(raw):
            try:
                out.append(int(raw[i + 1 : i + 3].decode(), 16))
                i += 3
                continue
            except ValueError:
                pass
        out.append(raw[i])
        i += 1
    return out.decode()
