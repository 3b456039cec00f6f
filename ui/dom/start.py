"""The page's start (MicroPython, main thread; ``ui/dom/main.py`` runs it): what the page starts
from — the device's storage and settings, the language, the address's deal and class code, the
save and the table cached with it — read here and handed to the page (:mod:`ui.dom.page`), which
shows the last table at once (one person plays on it at once), then starts the game worker and
plays; then the lesson the address names, or on a first visit the offer of the lessons."""

import js

from ..address import Address
from ..i18n import NAMES, pick_language
from ..lessons import lesson_on_table
from ..storage import Store
from .browser import load_catalog
from .page import Page


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
    page = Page(cat, store, settings, NAMES)
    await page.start(save, cached, deal, class_code, notices, save_problem)
    newcomer = save is None and save_problem is None
    lesson = address.lesson or lesson_on_table(store)  # one in progress resumes on its task
    if not class_code and (lesson is not None or newcomer):
        page.open_lessons(lesson, newcomer)
