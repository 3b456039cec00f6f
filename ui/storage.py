"""The page's storage: the one guard between the page and ``localStorage`` (:class:`Store`),
the game's keys, and the save text the worker hands over; the device's settings
(:mod:`ui.settings`) and the last table shown (:mod:`ui.frame_cache`: a cache, so a later visit
shows the table before the worker is ready) are read and written through it.

The storage object is passed in: ``localStorage`` in the browser, a dict-backed fake in the
tests. Runs under MicroPython and CPython. The keys are those of interfaces.md:

- ``longana:save`` holds the worker's save text (the action log, ``{"schema": N, …}``);
- ``longana:save:corrupt`` holds a save the worker could not use: :meth:`Store.set_aside`
  moves it there at once, so saving the new game overwrites nothing. If it cannot be moved
  (storage full), it stays where it is and the store refuses to save until the person chooses
  to start fresh (:meth:`Store.start_fresh`);
- ``longana:settings`` holds :class:`ui.settings.Settings` (anything unreadable takes its
  default);
- ``longana:frame`` holds the last frame shown (derived from the save; losing it loses nothing),
  as ``{"schema": FRAME_SCHEMA, "frame": …, "playable": …}`` (:mod:`ui.frame_cache`;
  ``playable``: whether a later visit plays on it before the worker answers, which ui/boot.js
  reads too): a frame of another shape (an earlier release's, whose seats were numbers) is no
  cache.

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

from .frame_cache import FRAME_LIMIT, cache_text, cached_frame
from .settings import Settings, read_settings

TYPE_CHECKING = False  # mypy takes it as true: the frame's types, never imported at runtime
if TYPE_CHECKING:
    from longana.device.frame import Frame

SAVE, CORRUPT, SETTINGS, FRAME = (
    "longana:save",
    "longana:save:corrupt",
    "longana:settings",
    "longana:frame",
)
HISTORY = "longana:history"  # the matches finished on this device (deletable by the person)
CLASS_RESULTS = "longana:class-results"  # the teacher's table: its class code and results
KEPT = "longana:kept-match"  # a match kept while a class match is played (ui/kept_match.py)

# Message keys of the notices.
CORRUPT_SET_ASIDE = "save.corrupt"  # set aside; the person may download it or just play on
CORRUPT_KEPT = "save.corrupt_kept"  # could not be set aside: download, then start fresh
FULL = "save.full"  # this game is not being saved: storage is full
UNAVAILABLE = "save.unavailable"  # this browser does not let the game save
SETTINGS_UNREADABLE = "notice.settings_unreadable"  # the defaults are used
SETTINGS_UNAVAILABLE = "notice.storage_unavailable"  # settings last until the page closes


def copy_key(name: str, path: str) -> str:
    """The key of ``name`` for the copy served at ``path`` (the page's folder)."""
    folder = path[: path.rfind("/") + 1] if "/" in path else "/"
    return name if folder in ("", "/") else name + "@" + folder


def failure(error: Any) -> str:
    """A full storage or an unavailable one, told apart by the browser's error."""
    words = (str(getattr(error, "name", "")) + " " + str(error)).lower()
    return FULL if "quota" in words or "full" in words else UNAVAILABLE


def split_text(text: str, field: str) -> "tuple[Any, list[str], int]":
    """:meth:`Store.split` here, for a stand-in storage (ui/storage.js's ``split``)."""
    try:
        data = json.loads(text)
    except Exception:  # noqa: BLE001 - no JSON (MicroPython raises ValueError, or its own)
        return None, [], -1
    if not isinstance(data, dict) or not isinstance(data.get(field), list):
        return None, [], -1
    items = []
    for item in data.pop(field):
        try:
            items.append(json.dumps(item))
        except Exception:  # noqa: BLE001 - nested too deep to write back
            items.append("")
    return json.dumps(data), items, len(items)


class Refused(Exception):
    """Storage refused a call; ``args[0]`` is the notice key (:data:`FULL` or
    :data:`UNAVAILABLE`)."""


SAVE_LIMIT = 1024 * 1024  # a saved match is a few kB; one over 1 MiB is no save of this game
CORRUPT_SLOTS = 20  # saves set aside side by side: longana:save:corrupt, …:corrupt:2, …


class Store:
    """The game's keys in one storage (``None``: this browser gives the page none).

    Every call to the storage goes through :meth:`call`, the one place that catches what the
    browser throws. In the browser the storage is the guard of ``ui/storage.js``, which
    returns instead of throwing and says in ``failed`` what the browser threw (under
    MicroPython a JavaScript error passes through every ``except``); a stand-in that raises
    (the tests' fakes) is caught here the same way."""

    def __init__(self, storage: Any, path: str = "/") -> None:
        self.storage = storage
        self.path = path
        self.keys = {
            name: copy_key(name, path)
            for name in (SAVE, CORRUPT, SETTINGS, FRAME, HISTORY, CLASS_RESULTS, KEPT)
        }
        self.blocked = False  # a broken save still sits under the save key: never write over it
        self.aside: Any = None  # the key the last broken text was set aside under
        self.set_aside_keys: dict[str, str] = {}  # where each store's text was set aside
        self.aside_names: dict[str, str] = {}  # the same, as names of this copy (for url)

    def call(self, method: str, name: str, text: Any = None) -> Any:
        """``getItem``/``setItem``/``removeItem`` on the key of ``name``; raises
        :class:`Refused` with the notice key when storage refuses (full, blocked, throwing)."""
        storage = self.storage
        if storage is None:
            raise Refused(UNAVAILABLE)
        key = self.keys[name] if name in self.keys else copy_key(name, self.path)
        try:
            if method == "getItem":
                value = storage.getItem(key)
            elif method == "setItem":
                value = storage.setItem(key, text)
            elif method == "size":
                value = storage.size(key)
            elif method == "move":
                value = storage.move(key, text)
            elif method == "split":
                value = storage.split(key, text)
            elif method == "url":
                value = storage.url(key, text)
            else:
                value = storage.removeItem(key)
            trouble = getattr(storage, "failed", "")  # the guard's word instead of a throw
        except Exception as error:  # noqa: BLE001 - a stand-in that raises
            raise Refused(failure(error)) from None
        if trouble:
            raise Refused(failure(trouble))
        return value

    def get(self, name: str) -> Any:
        """The text under ``name``, None when missing; raises :class:`Refused`."""
        value = self.call("getItem", name)
        return None if value is None else str(value)

    # -- the save --------------------------------------------------------------------------

    def read_save(self) -> "tuple[str | None, str | None]":
        """(save text or None, notice key or None). A save longer than :data:`SAVE_LIMIT`
        is no save of this game, and is never read into the page's runtime (MicroPython's
        heap cannot hold a text of a few MB): the guard sets it aside where it is."""
        try:
            if self.size(SAVE) > SAVE_LIMIT:
                return None, self.set_aside_unread()
            return self.get(SAVE), None
        except Refused as refused:  # play in memory
            return None, refused.args[0]

    def size(self, name: str) -> int:
        """The length of the text under ``name`` (-1: none); 0 where the storage cannot say
        without handing the text over (the tests' fakes)."""
        measure = getattr(self.storage, "size", None)
        if measure is None:
            return 0
        value = self.call("size", name)
        return int(value) if value is not None else -1

    def set_aside_unread(self, name: str = SAVE) -> str:
        """Set the text under ``name`` aside without reading it (see :meth:`set_aside`)."""
        self.aside = None
        try:
            for aside in self.corrupt_names(name):
                if self.size(aside) < 0:
                    break
            else:
                raise Refused(FULL)
            if not self.call("move", name, copy_key(aside, self.path)):
                raise Refused(FULL)
        except Refused:
            self.blocked = self.blocked or name == SAVE
            return CORRUPT_KEPT
        return self._aside(name, aside)

    def _aside(self, name: str, aside: str) -> str:
        self.aside = copy_key(aside, self.path)
        self.set_aside_keys[name] = self.aside
        self.aside_names[name] = aside
        if name == SAVE:
            self.forget(FRAME)  # the cache of a save set aside
        return CORRUPT_SET_ASIDE

    def write_save(self, text: str, frame: Any = None) -> Any:
        """Store the save (and the frame shown, as a cache); a notice key when it failed."""
        if self.storage is None:
            return UNAVAILABLE
        if self.blocked:
            return CORRUPT_KEPT
        try:
            self.call("setItem", SAVE, text)
        except Refused as refused:  # full or blocked: the game goes on in memory
            self.forget(FRAME)  # a cache of an older position would mislead the next visit
            return refused.args[0]
        if frame is not None and not self.put(FRAME, cache_text(frame)):
            self.forget(FRAME)  # a cache: losing it loses nothing
        return None

    def corrupt_names(self, name: str = SAVE) -> "list[str]":
        """The names a broken text of ``name`` may be set aside under, in order:
        ``longana:save:corrupt``, ``…:corrupt:2``… (``longana:history:corrupt``…)."""
        first = name + ":corrupt"
        return [first] + [first + ":" + str(n) for n in range(2, CORRUPT_SLOTS + 1)]

    def set_aside(self, text: Any, name: str = SAVE, remove: bool = True) -> str:
        """Move a text that cannot be used (a save the worker could not load, a store out of
        bounds) to the first free corrupt key of ``name`` (never over one set aside before),
        then remove it from ``name`` (unless ``remove`` is false: a part of a store set aside
        beside what stays); the notice to show. Nothing new is written until this is done: if
        it cannot be moved (storage full or blocked), it stays where it is, and a save waits
        until the person chooses to start fresh."""
        self.aside = None
        try:
            for aside in self.corrupt_names(name):
                kept = self.get(aside)
                if kept is None or kept == text:
                    break
            else:
                raise Refused(FULL)
            if text is not None:
                self.call("setItem", aside, text)
            if remove:
                self.call("removeItem", name)
        except Refused:  # cannot set it aside: leave it untouched
            self.blocked = self.blocked or name == SAVE
            return CORRUPT_KEPT
        return self._aside(name, aside)

    def read_bounded(self, name: str, read: Any, limit: int = SAVE_LIMIT) -> "tuple[Any, Any]":
        """What ``read(text)`` makes of the text under ``name`` (``read`` returns the value and,
        when the text is out of bounds, the tidy text to keep instead: ``""`` for nothing), and
        what happened to the text: None (as it was), :data:`CORRUPT_SET_ASIDE` (set aside once,
        under :attr:`set_aside_keys`, the tidy text in its place), :data:`CORRUPT_KEPT` (out of
        bounds, but no room to set it aside: left as it is) or the notice of a storage that
        refused. A text longer than ``limit`` is set aside unread (MicroPython's heap cannot
        hold a text of a few MB). The one function for every store read back."""
        try:
            if self.size(name) > limit:
                return read(None)[0], self.set_aside_unread(name)
            text = self.get(name)
        except Refused as refused:
            return read(None)[0], refused.args[0]
        value, tidy = read(text)
        if tidy is None:
            return value, None
        said = self.set_aside(text, name)
        if said == CORRUPT_SET_ASIDE and tidy:
            self.put(name, tidy)
        return value, said

    # -- a store read and written item by item (the teacher's table) --------------------------

    def split(self, name: str, field: str) -> "tuple[Any, list[str], int] | None":
        """The JSON object under ``name`` item by item: (the object without ``field`` as JSON
        text, or None when the text is no such object; each item of its list ``field`` as its
        own JSON text, "" for one that cannot be; how many items, -1 when unknown); None when
        there is none. In the browser the guard splits it (``ui/storage.js``): the whole text
        never enters the page's runtime. Raises :class:`Refused`."""
        if getattr(self.storage, "split", None) is None:  # a stand-in: split here
            text = self.get(name)
            return None if text is None else split_text(text, field)
        value = self.call("split", name, field)
        if value is None:
            return None
        head = value.head
        return (
            None if head is None else str(head),
            [str(t) for t in value.items],
            int(value.count),
        )

    def read_split(
        self, name: str, field: str, read: Any, limit: int = SAVE_LIMIT
    ) -> "tuple[Any, Any]":
        """What ``read(split)`` makes of the store under ``name`` item by item (:meth:`split`;
        ``read(None)``: nothing there), as :meth:`read_bounded` says it; ``read`` returns the
        value and, when an item does not read, the pieces of the tidy text to keep instead
        (``[]`` for nothing). The text as it was is set aside unread (moved), the tidy one made
        of the pieces (:meth:`joined`); one longer than ``limit`` is set aside unread whole."""
        try:
            if self.size(name) > limit:
                return read(None)[0], self.set_aside_unread(name)
            split = self.split(name, field)
        except Refused as refused:
            return read(None)[0], refused.args[0]
        value, tidy = read(split)
        if tidy is None:
            return value, None
        said = self.set_aside_unread(name)
        if said == CORRUPT_SET_ASIDE and tidy:
            self.put(name, self.joined(tidy))
        return value, said

    def joined(self, pieces: "list[str]") -> Any:
        """``pieces`` as one text, joined by the guard in the browser (what it gives passes to
        :meth:`put`, to the worker and to a download without entering the page's runtime)."""
        make = getattr(self.storage, "pieces", None)
        if make is None:
            return "".join(pieces)
        made = make()
        for piece in pieces:
            made.add(piece)
        return made.made()

    def free(self, name: str) -> bool:
        """Whether nothing is stored under ``name`` (measured, never read, by the guard)."""
        if getattr(self.storage, "size", None) is None:
            return self.get(name) is None
        return self.size(name) < 0

    def url(self, name: str, mime: str) -> Any:
        """A download address of the text under ``name`` (a key of this copy), made by the
        guard without the page holding it; None when there is none or no guard to make it."""
        if getattr(self.storage, "url", None) is None:
            return None
        try:
            value = self.call("url", name, mime)
        except Refused:
            return None
        return None if value is None else str(value)

    def set_aside_made(self, made: Any, name: str) -> str:
        """A text made of pieces (:meth:`joined`) set aside beside ``name``, at its first free
        corrupt key, never over one there: :data:`CORRUPT_SET_ASIDE` (its key in
        :attr:`set_aside_keys`), or :data:`CORRUPT_KEPT` when there is no room."""
        try:
            for aside in self.corrupt_names(name):
                if self.free(aside):
                    break
            else:
                raise Refused(FULL)
            self.call("setItem", aside, made)
        except Refused:
            return CORRUPT_KEPT
        self.set_aside_keys[name] = copy_key(aside, self.path)
        self.aside_names[name] = aside
        return CORRUPT_SET_ASIDE

    def start_fresh(self) -> None:
        """The person chose to start fresh over a broken save that could not be set aside:
        from now on saving may replace it."""
        self.blocked = False

    def broken(self) -> Any:
        """The save set aside last, if any."""
        try:
            return self.get(self.aside or CORRUPT)
        except Refused:
            return None

    def put(self, name: str, text: str) -> bool:
        """Store ``text`` under ``name``; False when storage refused (full, blocked)."""
        try:
            self.call("setItem", name, text)
        except Refused:
            return False
        return True

    def forget(self, name: str) -> None:
        try:
            self.call("removeItem", name)
        except Refused:
            pass

    # -- the last table shown ----------------------------------------------------------------

    def read_frame(self) -> "Frame | None":
        """The last frame shown, if it is there and of this release's shape and bounds
        (:func:`ui.frame_cache.cached_frame`); anything else is no cache, and is removed."""
        try:
            if self.size(FRAME) > FRAME_LIMIT:
                self.forget(FRAME)
                return None
            text = self.get(FRAME)
        except Refused:
            return None
        frame = cached_frame(text)
        if frame is None and text is not None:
            self.forget(FRAME)  # a cache: derived from the save, losing it loses nothing
        return frame

    # -- settings ------------------------------------------------------------------------------

    def read_settings(self) -> "tuple[Settings, str | None]":
        """(settings, notice key or None): the defaults where there are none; settings out of
        bounds are set aside once, and what reads of them is kept."""
        settings, said = self.read_bounded(SETTINGS, read_settings, 64 * 1024)
        if said in (FULL, UNAVAILABLE):
            return settings, SETTINGS_UNAVAILABLE
        return settings, SETTINGS_UNREADABLE if said is not None else None

    def write_settings(self, settings: Settings) -> Any:
        return None if self.put(SETTINGS, settings.to_json()) else SETTINGS_UNAVAILABLE
