"""Class play on the page: joining a class match by its code, making a code, the student's result
at a hand's end, and the teacher's table. The worker checks every code and computes every score
(longana/classplay/); this only asks and shows."""

import js

from .. import class_panels
from ..notation import SEATS
from ..words import class_why
from .browser import q, q_all


class ClassActions:
    def __init__(self, page, ctl, panels):
        self.page = page
        self.ctl = ctl
        self.panels = panels  # Settings, where a class code is made and joined
        self.texts = []  # what the teacher has added: result codes and files' texts
        self.standings = None  # the teacher's table, as the worker ranked it

    # -- starting a class match -------------------------------------------------------------

    def code_field(self):
        field = q('[data-dialog="settings"] [data-setting="class"]')
        return str(field.value).strip() if field is not None else ""

    def refuse(self, where, refusal):
        el = q('[data-setting-error="' + where + '"]')
        if el is not None:
            el.textContent = class_why(refusal, self.ctl.cat)
            el.hidden = False

    async def join(self, code=None):
        page = self.page
        text = code or self.code_field()
        if not text:
            return
        if self.ctl.interaction.dialog == "settings":
            self.panels.read_settings()
        reply = await page.ask({"do": "class-start", "code": text})
        if reply is None:
            return
        if "refused" in reply:
            self.refuse("class", reply["refused"])
            return
        code = reply["frame"].get("class") or text
        page.join(reply, self.ctl.cat.t("class.banner", code=code))

    async def make(self):
        page = self.page
        self.panels.read_settings()
        s = page.settings
        deal = q('[data-dialog="settings"] [data-setting="deal"]')
        wanted = str(deal.value).strip().upper() if deal is not None else ""
        intent = {
            "do": "class-code",
            "deal": wanted or None,
            "seats": s.seats,
            "level": s.level,
            "target": 100,
        }
        reply = await page.ask(intent)
        if reply is None:
            return
        if "refused" in reply:
            self.refuse("class", reply["refused"])
            return
        self.panels.made = reply["class_code"]
        self.panels.open_settings()

    # -- a student's result -------------------------------------------------------------------

    async def show_result(self, dialog):
        """At a hand's end (or the match's) of a class match: the result code and file."""
        page, frame, cat = self.page, self.ctl.frame, self.ctl.cat
        seat = frame["viewer"]
        if seat is None:
            people = [s for s in SEATS if frame["seats"][s] == "person"]
            seat = people[0] if people else SEATS[0]
        name = page.settings.name or cat.seat(seat)
        reply = await page.ask({"do": "class-result", "seat": seat, "name": name})
        if (
            reply is None
            or "result" not in reply
            or self.ctl.interaction.dialog not in ("hand-end", "match-end")
        ):
            return
        result = reply["result"]
        href = page.url(result["file"], "application/json")
        box = js.document.createElement("div")
        box.innerHTML = class_panels.result_html(cat, result, href)
        buttons = dialog.querySelector(".dlg-buttons")
        dialog.insertBefore(box.firstElementChild, buttons)

    # -- the teacher's table ------------------------------------------------------------------

    def open_results(self):
        # the dialog first: opening it closes Settings, which revokes the page's download links
        dialog = self.page.open_dialog("class-results", "", cls="wide")
        dialog.innerHTML = self.results_html()

    def results_html(self, errors=None):
        standings = self.standings
        href = (
            self.page.url(standings["csv"], "text/csv") if standings and standings["rows"] else None
        )
        return class_panels.results_html(self.ctl.cat, standings, errors or [], href)

    async def add(self):
        page, cat = self.page, self.ctl.cat
        new = []
        area = q("[data-results-input]")
        if area is not None:
            new += [line.strip() for line in str(area.value).split("\n") if line.strip()]
        files = q("[data-results-files]")
        if files is not None and files.files is not None:
            for i in range(files.files.length):
                new.append(str(await files.files.item(i).text()))
        if not new:
            return
        texts = self.texts + new
        reply = await page.ask({"do": "class-table", "texts": texts})
        if reply is None:
            return
        errors = []
        refused = {r["input"] for r in reply.get("refused", [])}
        for r in reply.get("refused", []):
            n = r["input"] + 1 - len(self.texts)
            errors.append(cat.t("class.refused", n=n, why=class_why(r, cat)))
        self.texts = [t for i, t in enumerate(texts) if i not in refused]
        if "table" in reply:
            self.standings = reply["table"]
        dialog = q('[data-dialog="class-results"]')
        if dialog is not None:
            dialog.innerHTML = self.results_html(errors)
            kept = q("[data-results-input]")
            if kept is not None and errors:  # what was refused stays to be corrected
                kept.value = "\n".join(
                    t for i, t in enumerate(texts) if i in refused and "\n" not in t
                )


def print_page():
    for el in q_all("details"):
        el.open = True
    js.window.print()
