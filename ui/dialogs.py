"""The page's dialogs: opening one (the computer waits while it is open, the focus goes back
where it was when it closes), the hand's and the match's end, the handoff screen, the broken
save. A part of :class:`ui.page.Page` (MicroPython in the browser)."""

import asyncio

import js

from . import panels, render
from .dom import blob_url, q, q_all

NEXT_HAND_AUTO = {"normal": 2.5, "fast": 0.25}  # table of computers only


class Dialogs:
    def open_dialog(self, name, html, cancellable=True, labelled_by="dlg-title", cls=""):
        self.close_dialog(resume=False)
        if self.look.dialog is None:
            self.opener = self.focus_key()
        dialog = js.document.createElement("dialog")
        dialog.className = ("dlg dlg-" + name + " " + cls).strip()
        dialog.dataset.dialog = name
        dialog.setAttribute("aria-labelledby", labelled_by)
        dialog.innerHTML = html
        q("#dialogs").append(dialog)
        dialog.dataset.cancellable = "true" if cancellable else "false"
        self.look.dialog = name
        dialog.showModal()
        self.show_prompt()
        if self.frame is not None:
            q("#buttons").innerHTML = render.action_buttons(self.frame, self.cat, self.look)
        return dialog

    def close_dialog(self, resume=True):
        name = self.look.dialog
        if name is None:
            return
        for el in q_all("#dialogs dialog"):
            el.close()
            el.remove()
        self.look.dialog = None
        self.replay = None
        for url in self.urls:
            js.URL.revokeObjectURL(url)
        self.urls = []
        opener, self.opener = self.opener, None
        if opener:
            el = q("#app " + opener)
            if el is not None:
                el.focus()
        if resume:
            held, self.held = self.held, None
            if held is not None:
                self.ctl.receive(held)
            elif not self.look.hint:
                self.ctl.clear()
            self.render()
            self.schedule()

    def url(self, text, mime):
        url = blob_url(text, mime)
        self.urls.append(url)
        return url

    def show_end(self):
        frame = self.frame
        if frame["match_over"] and frame["winner"] is not None:
            dialog = self.open_dialog(
                "match-end", panels.match_end_html(frame, self.cat), cancellable=False
            )
            asyncio.create_task(self.classes.remember())
            if frame.get("class"):
                asyncio.create_task(self.classes.show_result(dialog))
        elif frame.get("class"):
            dialog = self.open_dialog(
                "hand-end", panels.hand_end_html(frame, self.cat, False), cancellable=False
            )
            asyncio.create_task(self.classes.show_result(dialog))
        else:
            auto = "person" not in frame["seats"]
            self.open_dialog(
                "hand-end", panels.hand_end_html(frame, self.cat, auto), cancellable=False
            )
            if auto:
                self.auto_next(self.gen)
        self.say(render.outcome_words(frame["outcome"], self.cat))

    def auto_next(self, gen):
        async def later():
            await asyncio.sleep(NEXT_HAND_AUTO[self.settings.speed])
            if gen == self.gen and self.look.dialog == "hand-end":
                self.next_hand()

        asyncio.create_task(later())

    def show_handoff(self, seat):
        self.ctl.clear()
        self.render()  # every hand face down: the frame shows nobody's while a handoff is due
        self.open_dialog(
            "handoff", panels.handoff_html(seat, self.cat), cancellable=False, cls="screen"
        )

    def show_corrupt(self, code, detail, text):
        href = self.url(text, "application/json") if text else None
        dialog = self.open_dialog(
            "error",
            panels.corrupt_html(code, detail, self.cat, href, "longana-broken-save.json"),
            cancellable=False,
        )
        dialog.dataset.error = "corrupt-save"
