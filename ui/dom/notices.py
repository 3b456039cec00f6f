"""Short notices (toasts) with ``data-notice``: a worker replaced, saving off, an update, another
tab's move... Read once the game is on screen, gone after a few seconds."""

import asyncio

import js

from .browser import q, q_all

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
        item.remove()
