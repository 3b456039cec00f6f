"""The page's dialogs: opening one (the computer waits while it is open, the focus goes back
where it was when it closes), the hand's and the match's end, the handoff screen, the broken
save, the worker that cannot answer."""

import asyncio

import js

from .. import panels
from ..html import escape
from ..words import outcome_words
from .browser import blob_url, q, q_all

NEXT_HAND_AUTO = {"normal": 2.5, "fast": 0.25}  # seconds, at a table of computers only


class Dialogs:
    def __init__(self, page):
        self.page = page
        self.ctl = page.ctl
        self.opener = None  # what had focus when the open dialog opened
        self.urls = []  # blob: addresses to revoke when the dialog closes

    def open(self, name, html, cancellable=True, labelled_by="dlg-title", cls=""):
        """A modal ``<dialog data-dialog="name">`` with ``html`` in it (one at a time)."""
        screen = self.page.screen
        self.close(resume=False)
        now = self.ctl.interaction
        if now.dialog is None:
            self.opener = screen.focus_key()
        dialog = js.document.createElement("dialog")
        dialog.className = ("dlg dlg-" + name + " " + cls).strip()
        dialog.dataset.dialog = name
        dialog.setAttribute("aria-labelledby", labelled_by)
        dialog.innerHTML = html
        q("#dialogs").append(dialog)
        dialog.dataset.cancellable = "true" if cancellable else "false"
        now.dialog = name
        dialog.showModal()
        screen.show_prompt()
        screen.buttons()
        return dialog

    def close(self, resume=True):
        """Close the open dialog; ``resume``: the game goes on (a computer move that arrived
        meanwhile lands now)."""
        now = self.ctl.interaction
        if now.dialog is None:
            return
        for el in q_all("#dialogs dialog"):
            el.close()
            el.remove()
        now.dialog = None
        for url in self.urls:
            js.URL.revokeObjectURL(url)
        self.urls = []
        opener, self.opener = self.opener, None
        if opener:
            el = q("#app " + opener)
            if el is not None:
                el.focus()
        if resume:
            self.page.resume()

    def url(self, text, mime):
        """A download address of ``text``, revoked when the dialog closes."""
        url = blob_url(text, mime)
        self.urls.append(url)
        return url

    def show_end(self):
        """The hand's end (the next hand follows by itself at a table of computers), or the
        match's; in a class match with the student's result."""
        page, frame, cat = self.page, self.ctl.frame, self.ctl.cat
        if frame["match_over"] and frame["winner"] is not None:
            dialog = self.open("match-end", panels.match_end_html(frame, cat), cancellable=False)
            asyncio.create_task(page.history.remember())
            if frame.get("class"):
                asyncio.create_task(page.classes.show_result(dialog))
        elif frame.get("class"):
            dialog = self.open(
                "hand-end", panels.hand_end_html(frame, cat, False), cancellable=False
            )
            asyncio.create_task(page.classes.show_result(dialog))
        else:
            auto = "person" not in [frame["seats"][s] for s in frame["seats"]]
            self.open("hand-end", panels.hand_end_html(frame, cat, auto), cancellable=False)
            if auto:
                asyncio.create_task(self.next_hand_soon(page.pace.gen))
        page.say(outcome_words(frame["outcome"], cat))

    async def next_hand_soon(self, gen):
        await asyncio.sleep(NEXT_HAND_AUTO[self.page.settings.speed])
        if gen == self.page.pace.gen and self.ctl.interaction.dialog == "hand-end":
            self.page.next_hand()

    def show_handoff(self, seat):
        """Every hand face down until the person at ``seat`` confirms holding the device."""
        self.ctl.clear()
        self.page.render()  # the frame shows nobody's tiles while a handoff is due
        html = panels.handoff_html(seat, self.ctl.cat)
        self.open("handoff", html, cancellable=False, cls="screen")

    def show_corrupt(self, code, detail, text):
        """The save could not be used: what happened, the engine's reason, download it."""
        href = self.url(text, "application/json") if text else None
        html = panels.corrupt_html(code, detail, self.ctl.cat, href, "longana-broken-save.json")
        dialog = self.open("error", html, cancellable=False)
        dialog.dataset.error = "corrupt-save"

    def show_fatal(self):
        """No worker could answer: the last table stays, with a reload."""
        t = self.ctl.cat.t
        self.open(
            "error",
            '<h2 id="dlg-title">'
            + escape(t("boot.failed_title"))
            + "</h2><p>"
            + escape(t("notice.worker_dead"))
            + "</p>"
            + '<div class="dlg-buttons"><button type="button" class="btn primary" '
            'data-action="reload" autofocus>' + escape(t("boot.retry")) + "</button></div>",
            cancellable=False,
        )
