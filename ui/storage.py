"""Saving and resuming the match, and the device's settings, through a storage object.

The storage is passed in: ``js.localStorage`` in the browser (see :func:`browser_storage`),
a dict-backed fake in the tests. Nothing here imports ``js`` or ``pyscript`` at the top, so
CPython can import and test it.

The two keys of interfaces.md, and the one extra key for a broken save:

- ``longana:save`` holds the whole session (``Session.to_json``: deal number, every action,
  the redo steps, seats, level).
- ``longana:save:corrupt`` holds a save that could not be used. :meth:`SaveSlot.load` moves an
  unusable save there *at once* and removes it from ``longana:save``, so saving the new game
  afterwards overwrites nothing. The corrupt key keeps the most recent broken save (the person
  was shown the older one when it was set aside); :meth:`SaveSlot.broken_save` gives it for
  download and :meth:`SaveSlot.forget_broken` deletes it when the person says so.
  If the broken save cannot be set aside (storage full), it stays where it is and the slot
  refuses to save until the person chooses "start fresh" (:meth:`SaveSlot.start_fresh`).
- ``longana:settings`` holds :class:`Settings`; anything unreadable in it falls back to the
  default for that field (and :func:`load_settings` says so).

Every storage error (full, unavailable, forbidden) is caught: the game goes on in memory and
the page shows the :class:`Notice` it gets back. Notice codes are message keys of the page's
catalog; ``detail`` is the engine's own explanation (English), for the curious.
"""

from __future__ import annotations

import json
import re
import zlib
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol
from urllib.parse import parse_qs

from longana.session import COMPUTER, KINDS, LEVELS, PERSON, Session

SAVE_KEY = "longana:save"
CORRUPT_KEY = "longana:save:corrupt"
SETTINGS_KEY = "longana:settings"

# Message keys of the notices, as dotted paths into the page's catalog.
CORRUPT = "save.corrupt"  # set aside; the person may download it or just play on
CORRUPT_KEPT = "save.corrupt_kept"  # could not be set aside: download, then start fresh
FULL = "save.full"  # this game is not being saved: storage is full
UNAVAILABLE = "save.unavailable"  # this browser does not let the game save
SETTINGS_UNREADABLE = "notice.settings_unreadable"  # the defaults are used
SETTINGS_UNAVAILABLE = "notice.storage_unavailable"  # settings last until the page closes


class Storage(Protocol):
    """The part of the Web Storage API the game uses (``getItem`` gives None for a missing key)."""

    def getItem(self, key: str) -> str | None: ...  # noqa: N802 - the browser's names
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802


class BrowserStorage:
    """``localStorage`` as :class:`Storage`: Pyodide gives JavaScript's ``null`` for a missing
    key as its own ``jsnull`` object, which this turns into ``None`` (and values into ``str``)."""

    def __init__(self, storage: Any) -> None:
        self.storage = storage

    def getItem(self, key: str) -> str | None:  # noqa: N802 - the browser's names
        value = self.storage.getItem(key)
        if value is None or type(value).__name__ in ("JsNull", "JsUndefined"):
            return None
        return str(value)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.storage.setItem(key, value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.storage.removeItem(key)


def browser_storage() -> Storage | None:
    """``window.localStorage``, or ``None`` where the browser refuses it (private modes,
    blocked cookies, a worker). Call it on the main thread only."""
    try:
        import js  # type: ignore[import-not-found]  # only in the browser

        storage = BrowserStorage(js.localStorage)
        storage.getItem(SETTINGS_KEY)  # some browsers only refuse on first use
        return storage
    except Exception:  # noqa: BLE001 - any refusal means: play in memory
        return None


@dataclass(frozen=True)
class Notice:
    """Something the person should know about saving; ``code`` is a message key."""

    code: str
    detail: str = ""


@dataclass(frozen=True)
class Download:
    """A broken save as a file the person can keep: the page makes the blob link."""

    text: str
    filename: str
    mime: str


@dataclass(frozen=True)
class Loaded:
    """What :meth:`SaveSlot.load` found.

    ``status`` is ``"resumed"`` (``session`` is the saved game), ``"fresh"`` (no save),
    ``"corrupt"`` (the save was unusable; ``notice`` says so, ``broken`` is the file to offer)
    or ``"unavailable"`` (no storage at all; ``notice`` says so). Only ``"resumed"`` carries
    a session: for the others the page starts a new one.
    """

    status: str
    session: Session | None = None
    notice: Notice | None = None
    broken: Download | None = None


def _failure(error: BaseException) -> Notice:
    """A full storage or an unavailable one, told apart by the browser's error name."""
    name = f"{getattr(error, 'name', '')} {type(error).__name__} {error}".lower()
    code = FULL if "quota" in name or "full" in name else UNAVAILABLE
    return Notice(code, str(error))


def _download(text: str) -> Download:
    try:
        json.loads(text)
        mime, extension = "application/json", "json"
    except (ValueError, RecursionError):
        mime, extension = "text/plain", "txt"
    tag = f"{zlib.crc32(text.encode('utf-8', 'replace')):08x}"
    return Download(text, f"longana-broken-save-{tag}.{extension}", mime)


class SaveSlot:
    """The saved match of one device, with the rule that protects a broken save.

    The page makes one at start-up, calls :meth:`load` once, then :meth:`save` after every
    action (a move, undo, redo, restart, next hand, new match)::

        slot = SaveSlot(browser_storage())
        loaded = slot.load()
        game = loaded.session or Session(...)
        ...
        notice = slot.save(game)   # None when saved; else show the notice, keep playing
    """

    def __init__(self, storage: Storage | None) -> None:
        self.storage = storage
        self.held = False  # a broken save still sits under SAVE_KEY: never write over it

    def load(self) -> Loaded:
        storage = self.storage
        if storage is None:
            return Loaded("unavailable", notice=Notice(UNAVAILABLE))
        try:
            text = storage.getItem(SAVE_KEY)
        except Exception as error:  # noqa: BLE001 - storage refused: play in memory
            return Loaded("unavailable", notice=_failure(error))
        if text is None:
            return Loaded("fresh")
        try:
            return Loaded("resumed", session=Session.from_json(str(text)))
        except Exception as error:  # noqa: BLE001 - whatever breaks the loader, the save is unusable
            problem = str(error) or type(error).__name__
        text = str(text)
        try:
            storage.setItem(CORRUPT_KEY, text)
            storage.removeItem(SAVE_KEY)
        except Exception:  # noqa: BLE001 - cannot set it aside: leave it untouched
            self.held = True
            return Loaded("corrupt", notice=Notice(CORRUPT_KEPT, problem), broken=_download(text))
        return Loaded("corrupt", notice=Notice(CORRUPT, problem), broken=_download(text))

    def save(self, session: Session) -> Notice | None:
        """Write the whole session; on failure say why (the game plays on in memory)."""
        if self.storage is None:
            return Notice(UNAVAILABLE)
        if self.held:
            return Notice(CORRUPT_KEPT)
        try:
            self.storage.setItem(SAVE_KEY, session.to_json())
        except Exception as error:  # noqa: BLE001 - full or refused
            return _failure(error)
        return None

    def start_fresh(self) -> None:
        """The person chose to start fresh over a broken save that could not be set aside:
        from now on saving may replace it."""
        self.held = False

    def broken_save(self) -> Download | None:
        """The save set aside under the corrupt key, if any, ready for download."""
        if self.storage is None:
            return None
        try:
            text = self.storage.getItem(CORRUPT_KEY)
        except Exception:  # noqa: BLE001
            return None
        return None if text is None else _download(str(text))

    def forget_broken(self) -> Notice | None:
        """Delete the set-aside broken save (only when the person asks)."""
        if self.storage is None:
            return Notice(UNAVAILABLE)
        try:
            self.storage.removeItem(CORRUPT_KEY)
        except Exception as error:  # noqa: BLE001
            return _failure(error)
        return None


# -- settings --------------------------------------------------------------------------------

LANGUAGES = ("en", "de", "ms", "es")  # the languages of the rule cards
SPEEDS = ("normal", "fast")


@dataclass(frozen=True)
class Settings:
    """The device's preferences. ``level`` and ``seats`` are used when a new match starts
    (a match in progress keeps its own, saved with it)."""

    lang: str = "en"  # the same field names as the page has stored since it began
    speed: str = "normal"
    level: str = "normal"
    seats: tuple[str, ...] = field(default=(PERSON, COMPUTER, COMPUTER, COMPUTER))

    def to_json(self) -> str:
        data = asdict(self)
        data["seats"] = list(self.seats)
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | None) -> Settings:
        """Read settings; each missing or unusable field takes its default."""
        return cls.read(text)[0]

    @classmethod
    def read(cls, text: str | None) -> tuple[Settings, bool]:
        """The settings in ``text`` and whether any of it had to be replaced by a default
        (a missing field or an unknown extra one is fine: that is an older or newer page)."""
        if text is None:
            return cls(), False
        try:
            data: Any = json.loads(text)
        except (ValueError, RecursionError):
            return cls(), True
        if not isinstance(data, dict):
            return cls(), True
        default = cls()
        seats = data.get("seats", list(default.seats))
        good_seats = (isinstance(seats, list) and len(seats) == 4
                      and all(isinstance(k, str) and k in KINDS for k in seats))
        settings = cls(
            lang=_pick(data.get("lang"), LANGUAGES, default.lang),
            speed=_pick(data.get("speed"), SPEEDS, default.speed),
            level=_pick(data.get("level"), LEVELS, default.level),
            seats=tuple(seats) if good_seats else default.seats,
        )
        replaced = not good_seats or any(
            key in data and data[key] != getattr(settings, key)
            for key in ("lang", "speed", "level"))
        return settings, replaced


def _pick(value: object, allowed: tuple[str, ...], default: str) -> str:
    return value if isinstance(value, str) and value in allowed else default


def load_settings(storage: Storage | None) -> tuple[Settings, Notice | None]:
    """The saved settings (the defaults where there are none), never failing; the notice
    says when stored settings could not be read or storage is not available."""
    if storage is None:
        return Settings(), Notice(SETTINGS_UNAVAILABLE)
    try:
        text = storage.getItem(SETTINGS_KEY)
    except Exception as error:  # noqa: BLE001
        return Settings(), Notice(SETTINGS_UNAVAILABLE, str(error))
    settings, replaced = Settings.read(None if text is None else str(text))
    return settings, Notice(SETTINGS_UNREADABLE) if replaced else None


def save_settings(storage: Storage | None, settings: Settings) -> Notice | None:
    """Store the settings; ``None`` when stored, else a notice (they last in memory)."""
    if storage is None:
        return Notice(SETTINGS_UNAVAILABLE)
    try:
        storage.setItem(SETTINGS_KEY, settings.to_json())
    except Exception as error:  # noqa: BLE001
        return Notice(SETTINGS_UNAVAILABLE, str(error))
    return None


# -- starting a match ------------------------------------------------------------------------

DEAL_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")


def deal_number(text: object) -> str | None:
    """A deal number typed in settings or given as ``?deal=`` (letters, digits, ``-``, ``_``,
    up to 32), or ``None`` when it is not one."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    return text if DEAL_PATTERN.fullmatch(text) else None


def deal_from_query(query: str) -> str | None:
    """The ``deal`` of an address's query string (``"?deal=7b&x=1"``), if it is valid."""
    values = parse_qs(query.lstrip("?")).get("deal", [])
    return deal_number(values[0]) if values else None


def new_session(settings: Settings, deal: str | None = None) -> Session:
    """A new match with the device's seats and level; a random deal number unless given."""
    return Session(deal, seats=settings.seats, level=settings.level)
