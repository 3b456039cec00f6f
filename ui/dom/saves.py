"""Saving and other tabs: the worker's save text goes to ``localStorage`` after every change
(:class:`ui.storage.Store`, with the frame as a cache); a newer game saved by another tab of
this copy is followed, never written over."""

import asyncio

from ..storage import CORRUPT_KEPT


class Saves:
    def __init__(self, page, store):
        self.page = page
        self.store = store
        self.text = None  # the save this tab last read or wrote (fed to a new worker)
        self.problem = None  # the notice key while saving fails
        self.written = None  # the save this tab last stored (stays in storage while it fails)

    def keep(self, save, frame):
        """Store a reply's save (unless another tab saved a newer game since: then that one is
        followed); a failure shows the notice and the top bar's chip."""
        stored, _ = self.store.read_save()
        mine = (self.text, save, self.written)
        if stored is not None and self.text is not None and stored not in mine:
            asyncio.create_task(self.follow(stored))
            return
        self.text = save
        problem = self.store.write_save(save, frame)
        if problem is None:
            self.written = save
        if problem == self.problem:
            return
        self.problem = problem
        if problem is not None and problem != CORRUPT_KEPT:
            self.page.notices.storage(problem, lambda: self.text)
        self.page.screen.top()

    async def follow(self, save):
        """Another tab saved a newer game: show that one (never write over it)."""
        page = self.page
        if save == self.text or not page.live:
            return
        page.pause()
        page.close_dialog(resume=False)
        reply = await page.ask({"do": "start", "save": save, "deal": None, "holder": page.holder})
        if reply is None or "corrupt" in reply:
            return
        self.text = save
        reply.pop("save", None)  # it is stored already: the other tab wrote it
        page.apply(reply)
        page.notice("notice.other_tab", "other-tab")

    def start_fresh(self):
        """Over a broken save that could not be set aside: from now on saving may replace it,
        and the game on screen is saved at once."""
        self.store.start_fresh()
        if self.text is not None:
            self.keep(self.text, self.page.ctl.frame)
