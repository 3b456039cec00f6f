"""The page's start (MicroPython, main thread; ``ui/dom/main.py`` runs it): what the page starts
from — the device's storage and settings, the language, the address's deal and class code, the
save and the table cached with it — read here; the page (:mod:`ui.dom.page`) made over its door
to the game (the local worker, :class:`~ui.dom.link.Link`); then the opening: the last table at
once (one person plays on it at once), the game's first reply, what needs saying; then the
lesson the address names, or on a first visit the offer of the lessons."""

import js

from .. import intents
from ..address import Address
from ..door import refusal
from ..frame_cache import playable
from ..i18n import NAMES, pick_language
from ..lessons import lesson_on_table
from ..storage import CORRUPT_KEPT, CORRUPT_SET_ASIDE, Store
from .browser import load_catalog
from .link import Link
from .page import Page

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from longana.device.frame import Frame
    from longana.replies import Reply


def browser_storage() -> "object | None":
    """The guard of ui/storage.js around localStorage (it returns instead of throwing: a
    JavaScript error passes through every ``except`` here), or None where the browser gives
    the page no storage: the game lasts until the page closes."""
    guard = js.longanaStorage
    return guard if guard and guard.usable() else None


async def start() -> None:
    store = Store(browser_storage(), str(js.location.pathname))
    settings, settings_notice = store.read_settings()
    address = Address(str(js.location.search))
    languages = str(js.navigator.languages.join(",")) if js.navigator.languages else ""
    lang = pick_language(address.lang, settings.lang, languages.split(","))
    cat, failed = await load_catalog(lang)
    notices = []
    if failed:
        notices.append(("notice.catalog_failed", "catalog-failed"))
    notices.extend(address.notices)  # what the address asks for that cannot be had
    deal = address.deal
    save, save_problem = store.read_save()
    if settings_notice is not None and save_problem is None:
        notices.append((settings_notice, "settings"))
    cached = store.read_frame() if save is not None else None
    if cached is not None and deal is not None and cached.get("deal") != deal:
        cached = None  # the address asks for another deal
    class_code = address.class_code
    page = Page(cat, store, settings, NAMES, Link)  # the game: the local worker
    page.screen.mount()
    page.input.bind()
    page.saves.watch()
    for key, name in notices:
        page.notice(key, name)
    await opening(page, save, cached, deal, class_code, save_problem)
    newcomer = save is None and save_problem is None
    lesson = address.lesson or lesson_on_table(store)  # one in progress resumes on its task
    if not class_code and (lesson is not None or newcomer):
        page.open_lessons(lesson, newcomer)


async def opening(
    page: "Page",
    save: "str | None",
    cached: "Frame | None",
    deal: "str | None",
    class_code: "str | None",
    save_problem: "str | None",
) -> None:
    """The game on the table: the last visit's table at once (one person plays on it before
    the game answers, unless a class link may first ask about it; moves made on it wait for
    the game: ``Page.act``), then the game's first reply (the class match of the address, the
    saved game, or a new match), with what needs saying."""
    if cached is not None:
        try:
            page.ctl.take(cached)
            page.render()
            js.performance.mark("longana:shown")
            js.longanaBoot.ready()
            if playable(cached) and not class_code:
                page.screen.open_play()
        except Exception:  # noqa: BLE001 - a cache that does not draw is no cache
            page.store.forget("longana:frame")
            cached = None
            page.ctl.frame = None
    page.saves.text = save  # what this tab read: another tab's newer save is never lost
    reply = await first_reply(page, save, deal, class_code)
    if reply is None:
        return  # no game could answer: the page says so
    page.started.set()
    cat = page.ctl.cat
    words = ""
    if reply.get("resumed"):
        words = cat.t("undone.resumed")
    if reply.get("replaced"):
        words = cat.t("undone.deal_from_address", deal=deal)
    page.apply(reply, words)
    page.rooms.opened(reply, class_code)
    if cached is None:
        js.performance.mark("longana:shown")
    page.screen.open_play()
    js.longanaBoot.ready()
    if save_problem in (CORRUPT_SET_ASIDE, CORRUPT_KEPT):  # a save too long to be one
        page.notice(str(save_problem), "save-corrupt")
    elif save_problem is not None:
        page.saves.problem = save_problem
        page.saves.told(save_problem)
        page.render()
    js.longanaBoot.offline()


async def first_reply(
    page: "Page", save: "str | None", deal: "str | None", class_code: "str | None"
) -> "Reply | None":
    """The class match given by the address (its own deals; a save of it resumes instead,
    and over a match in progress the player is asked first: ui/dom/kept_match.py), else the
    saved game, else a new match."""
    if class_code:
        reply = await page.rooms.class_link(class_code, save)
        refused = None if reply is None else refusal(reply)
        if refused is None:
            return reply
        code = refused["code"].replace("class-", "", 1)
        page.notice("class.why." + code, "class-refused")
    s = page.settings
    return await page.ask(intents.start(save, s.seats, s.level, deal, target=s.target))
