"""Short notices (toasts) with ``data-notice``: a worker replaced, saving off, an update, another
tab's move... Read once the game is on screen, gone after a few seconds; a lasting one stays
until its button is pressed (``retry``, ``dismiss``: the page's action table sends those
presses here, ``save-file`` too, whose link is made as it is pressed)."""

import asyncio

import js

from .browser import blob_url, closest

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Callable

    from js import Element

    from ..i18n import Catalog

SHOWN = 8  # seconds a notice stays


class Notices:
    def __init__(self, words: "Callable[[], Catalog]", live: "asyncio.Event") -> None:
        self.words = words  # the catalog of the language shown
        self.live = live  # set once the game is on screen (a notice's time starts then)
        self.acts: dict[str, Callable[[], None]] = {}  # a lasting notice's Try again, by name
        self.save: Callable[[], str | None] = lambda: None  # the game as a file (storage)

    def notice(self, key: str, name: "str | None" = None) -> "Element":
        """A notice of the catalog's ``key``, named ``name`` (by default from the key); the
        same news once, its time starting again. (One toast for every runtime: ui/toasts.js.)"""
        notice_id = name or key.split(".")[-1].replace("_", "-")
        item = js.longanaToasts.show(notice_id, self.words().t(key))
        asyncio.create_task(self.later(item))
        return item

    async def later(self, item: "Element") -> None:
        await self.live.wait()  # read once the game is on screen, not while it loads
        await asyncio.sleep(SHOWN)
        # a lasting notice stays until its button is pressed (an attribute the item lacks is
        # no property MicroPython may read: ask for the attribute)
        if item.getAttribute("data-lasting") != "true":
            item.remove()

    def lasting(self, key: str, name: str, act: "Callable[[], None]") -> None:
        """A notice of ``key`` that stays until its Try again (``data-action="retry"``) is
        pressed, which calls ``act``."""
        item = self.notice(key, name)
        self.acts[name] = act
        item.dataset.lasting = "true"
        js.longanaToasts.act(item, "retry", self.words().t("boot.retry"))

    def drop(self, name: str) -> None:
        """The notice ``name`` goes, if it is up."""
        js.longanaToasts.drop(name)

    def storage(self, key: str, save: "Callable[[], str | None]") -> None:
        """The game cannot be saved on this device now (``key``: full, blocked or failing):
        ``data-notice="storage"`` says so and stays until dismissed, with the game as a file
        (``data-action="save-file"``, the save as it is when pressed: the Record panel's
        import opens it again)."""
        toasts = js.longanaToasts
        if toasts.shown("storage"):
            return
        self.save = save
        item = self.notice(key, "storage")
        item.dataset.lasting = "true"
        cat = self.words()
        day = str(js.Date.new().toISOString())[:10]
        toasts.act(item, "save-file", cat.t("boot.evict_save"), "longana-game-" + day + ".json")
        toasts.act(item, "dismiss", cat.t("boot.evict_ok"))

    # -- the buttons of notices (the page's action table) -----------------------------------

    def retry(self, el: "Element") -> None:
        """``data-action="retry"``: the notice goes and what it offered is tried again (the
        loading screen's own Try again is ui/boot.js's)."""
        item = closest(el, "[data-notice]")
        if item is None:
            return
        act = self.acts.pop(str(item.dataset.notice), None)
        item.remove()
        if act is not None:
            act()

    def dismiss(self, el: "Element") -> None:
        """``data-action="dismiss"``: the notice goes (what else its script remembers, it
        does itself: ui/boot.js, ui/keep.js)."""
        item = closest(el, "[data-notice]")
        if item is not None:
            item.remove()

    def save_file(self, el: "Element") -> None:
        """``a[data-action="save-file"]`` of the storage notice: its address made as it is
        pressed, of the save as it is now (the eviction notice's is ui/keep.js's)."""
        if closest(el, '[data-notice="storage"]') is None:
            return
        if str(el.href).startswith("blob:"):
            js.URL.revokeObjectURL(str(el.href))
        el.href = blob_url(self.save() or "", "application/json")
