"""Short notices (toasts) with ``data-notice``: a worker replaced, saving off, an update, another
tab's move... Read once the game is on screen, gone after a few seconds."""

import asyncio

import js

from .browser import blob_url, listen, q

SHOWN = 8  # seconds a notice stays


class Notices:
    def __init__(self, page):
        self.page = page

    def notice(self, key, name=None):
        """A notice of the catalog's ``key``, named ``name`` (by default from the key); the
        same news once, its time starting again. (One toast for every runtime: ui/toasts.js.)"""
        notice_id = name or key.split(".")[-1].replace("_", "-")
        item = js.longanaToasts.show(notice_id, self.page.ctl.cat.t(key))
        asyncio.create_task(self.later(item))
        return item

    async def later(self, item):
        while not self.page.live:  # read once the game is on screen, not while it loads
            await asyncio.sleep(0.5)
        await asyncio.sleep(SHOWN)
        # a storage notice stays until dismissed (an attribute the item lacks is no property
        # MicroPython may read: ask for the attribute)
        if item.getAttribute("data-lasting") != "true":
            item.remove()

    def lasting(self, key, name, act):
        """A notice of ``key`` that stays until its Try again (``data-action="retry"``) is
        pressed, which calls ``act``."""
        item = self.notice(key, name)
        item.dataset.lasting = "true"
        button = js.longanaToasts.act(item, "retry", self.page.ctl.cat.t("boot.retry"))

        def press(_event):
            item.remove()
            act()

        listen(button, "click", press)

    def drop(self, name):
        """The notice ``name`` goes, if it is up."""
        js.longanaToasts.drop(name)

    def storage(self, key, save):
        """The game cannot be saved on this device now (``key``: full, blocked or failing):
        ``data-notice="storage"`` says so and stays until dismissed, with the game as a file
        (``data-action="save-file"``, the save as it is when pressed: the Record panel's
        import opens it again)."""
        item = q('#toasts [data-notice="storage"]')
        if item is not None:
            return
        item = self.notice(key, "storage")
        item.dataset.lasting = "true"
        cat = self.page.ctl.cat
        day = str(js.Date.new().toISOString())[:10]
        toasts = js.longanaToasts
        link = toasts.act(item, "save-file", cat.t("boot.evict_save"), f"longana-game-{day}.json")

        def fresh(_event):
            if str(link.href).startswith("blob:"):
                js.URL.revokeObjectURL(link.href)
            link.href = blob_url(save() or "", "application/json")

        listen(link, "click", fresh)
        ok = toasts.act(item, "dismiss", cat.t("boot.evict_ok"))
        listen(ok, "click", lambda _event: item.remove())
