"""Short notices (toasts) with ``data-notice``: a worker replaced, saving off, an update, another
tab's move... Read once the game is on screen, gone after a few seconds."""

import asyncio

import js

from .browser import blob_url, listen, q, q_all

SHOWN = 8  # seconds a notice stays


class Notices:
    def __init__(self, page):
        self.page = page

    def notice(self, key, name=None):
        """A notice of the catalog's ``key``, named ``name`` (by default from the key); the
        same news once, its time starting again."""
        layer = q("#toasts")
        if layer is None:
            layer = js.document.createElement("div")
            layer.id = "toasts"
            layer.className = "toasts"
            layer.setAttribute("role", "status")
            layer.setAttribute("aria-live", "polite")
            js.document.body.append(layer)
        notice_id = name or key.split(".")[-1].replace("_", "-")
        for old in q_all('#toasts [data-notice="' + notice_id + '"]'):
            old.remove()
        item = js.document.createElement("p")
        item.className = "toast"
        item.dataset.notice = notice_id
        item.textContent = self.page.ctl.cat.t(key)
        layer.append(item)
        asyncio.create_task(self.later(item))

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
        self.notice(key, name)
        item = q('#toasts [data-notice="' + name + '"]')
        item.className = "toast with-action"
        item.dataset.lasting = "true"
        button = js.document.createElement("button")
        button.type = "button"
        button.className = "btn small"
        button.dataset.action = "retry"
        button.textContent = self.page.ctl.cat.t("boot.retry")

        def press(_event):
            item.remove()
            act()

        listen(button, "click", press)
        item.append(" ", button)

    def drop(self, name):
        """The notice ``name`` goes, if it is up."""
        for item in q_all('#toasts [data-notice="' + name + '"]'):
            item.remove()

    def storage(self, key, save):
        """The game cannot be saved on this device now (``key``: full, blocked or failing):
        ``data-notice="storage"`` says so and stays until dismissed, with the game as a file
        (``data-action="save-file"``, the save as it is when pressed: the Record panel's
        import opens it again)."""
        item = q('#toasts [data-notice="storage"]')
        if item is not None:
            return
        self.notice(key, "storage")
        item = q('#toasts [data-notice="storage"]')
        item.className = "toast with-action"
        item.dataset.lasting = "true"
        cat = self.page.ctl.cat
        link = js.document.createElement("a")
        link.className = "btn small"
        link.dataset.action = "save-file"
        link.textContent = cat.t("boot.evict_save")
        link.href = "#"
        link.setAttribute(
            "download", "longana-game-" + str(js.Date.new().toISOString())[:10] + ".json"
        )

        def fresh(_event):
            if str(link.href).startswith("blob:"):
                js.URL.revokeObjectURL(link.href)
            link.href = blob_url(save() or "", "application/json")

        listen(link, "click", fresh)
        ok = js.document.createElement("button")
        ok.type = "button"
        ok.className = "btn small"
        ok.dataset.action = "dismiss"
        ok.textContent = cat.t("boot.evict_ok")
        listen(ok, "click", lambda _event: item.remove())
        item.append(" ", link, " ", ok)
