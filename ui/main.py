# The page's entry point (PyScript on MicroPython, main thread): picks the language, shows the
# last table at once if there is one, then starts the game worker and plays. If starting fails,
# it tells the loading screen (ui/boot.js), which offers to retry.
import asyncio

import js

from ui.dom import load_catalog
from ui.i18n import pick_language
from ui.input import Input
from ui.page import Page
from ui.storage import Store, deal_number, query_value

NAMES = {"de": "Deutsch", "en": "English", "es": "Español", "ms": "Bahasa Melayu"}


def browser_storage():
    try:
        storage = js.localStorage
        storage.getItem("longana:probe")
        return storage
    except Exception:  # noqa: BLE001 - no storage at all: the game lasts until the page closes
        return None


async def start():
    store = Store(browser_storage(), str(js.location.pathname))
    settings, settings_notice = store.read_settings()
    query = str(js.location.search)
    languages = str(js.navigator.languages.join(",")) if js.navigator.languages else ""
    lang = pick_language(query_value(query, "lang"), settings.lang, languages.split(","))
    cat, failed = await load_catalog(lang)
    page = Page(cat, store, settings, NAMES)
    page.mount()
    Input(page).bind()
    if failed:
        page.notice("notice.catalog_failed", "catalog-failed")
    deal = deal_number(query_value(query, "deal"))
    save, save_notice = store.read_save()
    cached = store.read_frame() if save is not None else None
    if cached is not None and (deal is None or cached.get("deal") == deal):
        page.ctl.frame = cached
        page.render()
        js.performance.mark("longana:shown")
        js.longanaBoot.ready()
    s = settings
    page.save_text = save  # what this tab read: a newer save of another tab is never overwritten
    class_code = query_value(query, "class")
    if class_code and (cached is None or cached.get("class") != class_code):
        # a class match given by the address: its own deals (a save of it resumes instead)
        reply = await page.link.ask({"do": "class-start", "code": class_code})
        if reply is not None and "refused" in reply:
            page.notice(
                "class.why." + reply["refused"]["code"].replace("class-", "", 1), "class-refused"
            )
            reply = None
        if reply is None:
            class_code = None
    if not class_code or reply is None:
        reply = await page.link.ask(
            {"do": "start", "save": save, "seats": s.seats, "level": s.level, "deal": deal}
        )
    if reply is None:
        page.fatal()
        return
    corrupt = "corrupt" in reply
    if corrupt:
        kept = store.set_aside(save)  # before the new game is saved over it
    page.persist(reply["save"], reply["frame"])
    page.live = True
    page.ctl.receive(reply)
    page.say("")
    if reply.get("resumed"):
        page.say(cat.t("undone.resumed"))
    if reply.get("replaced"):
        page.say(cat.t("undone.deal_from_address", deal=deal))
    page.render()
    if cached is None:
        js.performance.mark("longana:shown")
    js.document.body.dataset.ready = "true"
    js.performance.mark("longana:interactive")
    js.longanaBoot.ready()
    if settings_notice is not None and save_notice is None:
        page.notice(settings_notice, "settings")
    if save_notice is not None:
        page.save_problem = save_notice
        page.notice(save_notice, "save-off")
        page.render()
    js.longanaBoot.offline()
    if corrupt:
        page.show_corrupt(kept, reply["corrupt"]["detail"], save)
        page.render()
        return  # the computer waits until the person has read the message
    page.schedule()


async def main():
    try:
        await start()
    except Exception as error:  # noqa: BLE001 - shown to the person with a retry button
        import sys

        sys.print_exception(error)
        js.longanaBoot.fail("failed_script", type(error).__name__ + ": " + str(error))


asyncio.create_task(main())
