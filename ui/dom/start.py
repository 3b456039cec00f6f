"""The page's start (MicroPython, main thread; ``ui/dom/main.py`` runs it): picks the language,
shows the last table at once if there is one (one person plays on it at once), then starts the
game worker and plays."""

import js

from ui.address import Address
from ui.dom.browser import load_catalog
from ui.dom.input import Input
from ui.dom.page import Page
from ui.frame_cache import playable
from ui.i18n import pick_language
from ui.storage import CORRUPT_KEPT, CORRUPT_SET_ASIDE, Store

NAMES = {"de": "Deutsch", "en": "English", "es": "Español", "ms": "Bahasa Melayu"}


def browser_storage():
    """The guard of ui/storage.js around localStorage (it returns instead of throwing: a
    JavaScript error passes through every ``except`` here), or None where the browser gives
    the page no storage: the game lasts until the page closes."""
    guard = js.longanaStorage
    return guard if guard and guard.usable() else None


async def start():
    store = Store(browser_storage(), str(js.location.pathname))
    settings, settings_notice = store.read_settings()
    address = Address(str(js.location.search))
    languages = str(js.navigator.languages.join(",")) if js.navigator.languages else ""
    lang = pick_language(address.lang, settings.lang, languages.split(","))
    cat, failed = await load_catalog(lang)
    page = Page(cat, store, settings, NAMES)
    page.screen.mount()
    inputs = Input(page, page.ctl, page.panels, page.classes, page.history)
    kept = page.classes.kept_match  # a class link over a match in progress (issue 22)
    inputs.actions["class-link-join"] = kept.join
    inputs.actions["class-link-stay"] = kept.stay
    inputs.actions["kept-match"] = kept.back
    inputs.actions["kept-file"] = kept.file_saved
    inputs.bind()
    if failed:
        page.notice("notice.catalog_failed", "catalog-failed")
    for key, name in address.notices:  # what the address asks for that cannot be had
        page.notice(key, name)
    deal = address.deal
    save, save_notice = store.read_save()
    cached = store.read_frame() if save is not None else None
    class_code = address.class_code
    if cached is not None and (deal is None or cached.get("deal") == deal):
        try:
            page.show_cached(cached)
            js.performance.mark("longana:shown")
            js.longanaBoot.ready()
            # played at once, unless a class link may first ask what to do with this match
            if playable(cached) and not class_code:
                page.open_play()
        except Exception:  # noqa: BLE001 - a cache that does not draw is no cache
            store.forget("longana:frame")
            cached = None
            page.ctl.frame = None
    page.saves.text = save  # what this tab read: a newer save of another tab is never overwritten
    reply = await first_reply(page, save, deal, class_code)
    if reply is None:
        return  # no worker could answer: the page says so
    page.live = True
    words = ""
    if reply.get("resumed"):
        words = cat.t("undone.resumed")
    if reply.get("replaced"):
        words = cat.t("undone.deal_from_address", deal=deal)
    page.apply(reply, words)
    if "class" in reply:  # a class match from the address: the student's name first
        page.classes.class_started()
    elif kept.asking:  # over a match in progress: the player says first
        kept.ask()
    if cached is None:
        js.performance.mark("longana:shown")
    page.open_play()
    js.longanaBoot.ready()
    if settings_notice is not None and save_notice is None:
        page.notice(settings_notice, "settings")
    if save_notice in (CORRUPT_SET_ASIDE, CORRUPT_KEPT):  # a save too long to be one
        page.notice(save_notice, "save-corrupt")
    elif save_notice is not None:
        page.saves.problem = save_notice
        page.notices.storage(save_notice, lambda: page.saves.text)
        page.render()
    js.longanaBoot.offline()


async def first_reply(page, save, deal, class_code):
    """The class match given by the address (its own deals; a save of it resumes instead, and
    over a match in progress the player is asked first: ui/dom/kept_match.py), else the saved
    game, else a new match."""
    if class_code:
        reply = await page.classes.kept_match.first_reply(class_code, save)
        if reply is None:
            return None
        if "refused" not in reply:
            return reply
        code = reply["refused"]["code"].replace("class-", "", 1)
        page.notice("class.why." + code, "class-refused")
    s = page.settings
    return await page.ask(
        {"do": "start", "save": save, "seats": s.seats, "level": s.level, "deal": deal}
    )
