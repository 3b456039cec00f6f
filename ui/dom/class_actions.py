"""Class play on the page: joining a class match by its code, making a code, the student's name
(asked before the first move) and result at a hand's end, and the teacher's table. The worker
checks every code and name and replays every result (longana/classplay/); this only asks,
shows, and keeps the teacher's table on the device (``longana:class-results``)."""

import asyncio

import js

from .. import class_panels
from ..notation import SEATS
from ..storage import CLASS_RESULTS
from ..words import class_why
from .browser import q, q_all
from .kept_match import KeptMatch
from .panel_actions import MAX_FILE, file_intent  # files up to the worker's limit


class ClassActions:
    def __init__(self, page, ctl, panels):
        self.page = page
        self.ctl = ctl
        self.panels = panels  # Settings, where a class code is made and joined
        self.code = None  # the teacher's class code: the table is for that class only
        self.kept = []  # [result code, proof] of every result added, in order
        self.standings = None  # the teacher's table, as the worker ranked it
        self.loaded = False  # the table kept on the device has been read
        self.stored = True  # the table is kept on the device (False: storage refused)
        self.progress = ""  # "Checking 3 of 12…" while results are replayed
        self.errors = []
        self.kept_match = KeptMatch(page, ctl)  # the match kept while a class match is on

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
        """The class match of ``code`` (or of Settings' field) on the table: an ordinary match
        in progress is kept first (ui/dom/kept_match.py), never replaced silently."""
        page = self.page
        text = code or self.code_field()
        if not text:
            return
        if self.ctl.interaction.dialog == "settings":
            self.panels.read_settings()
        reply = await page.ask(self.kept_match.class_start(text))
        if reply is None:
            return
        if "refused" in reply:
            self.refuse("class", reply["refused"])
            return
        if self.kept_match.keep(text, reply):
            await self.joined(text, reply)

    async def joined(self, text, reply):
        """The class match the worker started (``reply``) on the table; the name first."""
        code = reply["frame"].get("class") or text
        self.page.join(reply, self.ctl.cat.t("class.banner", code=code))
        await self.ask_name()

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

    # -- the student's name -------------------------------------------------------------------

    async def name_refusal(self, name):
        """Why the worker refuses ``name`` for results, in words; "" when it takes it."""
        reply = await self.page.ask({"do": "class-name", "name": name})
        if reply is None or "name" in reply:
            return ""
        return class_why(reply.get("refused") or {}, self.ctl.cat)

    async def ask_name(self):
        """Before a class match's first move: the student's name, unless the one in Settings
        can be used."""
        name = self.page.settings.name
        why = await self.name_refusal(name) if name else ""
        if name and not why:
            return
        said = self.ctl.cat.t("class.name_refused", why=why) if why else ""
        html = class_panels.name_html(self.ctl.cat, name, said)
        self.page.open_dialog("class-name", html, cancellable=False)
        field = q("[data-class-name]")
        if field is not None:
            field.focus()

    async def give_name(self):
        """``data-action="class-name"``: the name typed, kept in Settings once the worker
        takes it; at a hand's end the result follows."""
        page = self.page
        field = q("[data-class-name]")
        if field is None:
            return
        name = str(field.value).strip()
        reply = await page.ask({"do": "class-name", "name": name})
        if reply is None:
            return
        if "name" not in reply:
            error = q("[data-class-name-error]")
            if error is not None:
                why = class_why(reply.get("refused") or {}, self.ctl.cat)
                error.textContent = self.ctl.cat.t("class.name_refused", why=why)
                error.hidden = False
            return
        settings = page.settings
        settings.name = reply["name"]
        page.keep_settings(settings)
        dialog = self.ctl.interaction.dialog
        if dialog in ("hand-end", "match-end"):
            box = q("[data-result-refused]")
            if box is not None:
                box.remove()
            await self.show_result(q('[data-dialog="' + dialog + '"]'))
        else:
            page.close_dialog()

    def class_started(self):
        """A class match was started or resumed from the address: the name, if none."""
        asyncio.create_task(self.ask_name())

    def settings_opened(self):
        """Settings opened: the way back to a kept match, and why the name cannot be used,
        if it cannot."""
        self.kept_match.offer(q('[data-dialog="settings"] #dlg-title'))
        asyncio.create_task(self.settings_name_error())

    async def settings_name_error(self):
        """Settings say why the name in them cannot be on a result, if it cannot."""
        name = self.page.settings.name
        why = await self.name_refusal(name) if name else ""
        el = q('[data-setting-error="name"]')
        if why and el is not None:
            el.textContent = self.ctl.cat.t("class.name_refused", why=why)
            el.hidden = False

    # -- a student's result -------------------------------------------------------------------

    async def show_result(self, dialog):
        """At a hand's end (or the match's) of a class match: the result code and file, or
        why the name given cannot be on it and the name again."""
        page, frame, cat = self.page, self.ctl.frame, self.ctl.cat
        seat = frame["viewer"]
        if seat is None:
            people = [s for s in SEATS if frame["seats"][s] == "person"]
            seat = people[0] if people else SEATS[0]
        name = page.settings.name
        reply = await page.ask({"do": "class-result", "seat": seat, "name": name})
        if (
            reply is None
            or dialog is None
            or self.ctl.interaction.dialog not in ("hand-end", "match-end")
        ):
            return
        box = js.document.createElement("div")
        if "result" in reply:
            result = reply["result"]
            href = page.url(result["file"], "application/json")
            box.innerHTML = class_panels.result_html(cat, result, href)
        else:
            why = class_why(reply.get("refused") or {}, cat)
            box.innerHTML = class_panels.result_refused_html(cat, name, why)
        buttons = dialog.querySelector(".dlg-buttons")
        dialog.insertBefore(box.firstElementChild, buttons)
        if frame["match_over"]:  # the class match is over: the way back to a kept match
            self.kept_match.offer(buttons, "beforebegin", "btn")

    # -- the teacher's table ------------------------------------------------------------------

    def load(self):
        """The table kept on this device, read once."""
        if self.loaded:
            return
        self.loaded = True
        try:
            text = self.page.store.get(CLASS_RESULTS)
        except Exception:  # noqa: BLE001 - storage refused: the table lives in memory
            text = None
        self.code, self.kept = class_panels.read_kept(text)

    def keep(self):
        """The table on this device until the teacher clears it."""
        text = class_panels.kept_text(self.code, self.kept)
        self.stored = self.page.store.put(CLASS_RESULTS, text)

    def open_results(self):
        self.load()
        # the dialog first: opening it closes Settings, which revokes the page's download links
        suggested = self.panels.made or self.code_field() or (self.ctl.frame or {}).get("class")
        dialog = self.page.open_dialog("class-results", "", cls="wide")
        self.errors = []
        if self.code is None:
            dialog.innerHTML = class_panels.results_class_html(self.ctl.cat, suggested or "", "")
            return
        dialog.innerHTML = self.results_html()
        if self.standings is None or self.standings.get("code") != self.code:
            asyncio.create_task(self.check([]))

    def results_html(self):
        standings = self.standings
        href = (
            self.page.url(standings["csv"], "text/csv") if standings and standings["rows"] else None
        )
        if standings is None and self.code is not None:
            standings = {"code": self.code, "rows": [], "hands": 0}
        return class_panels.results_html(
            self.ctl.cat, standings, self.errors, href, self.stored, self.progress
        )

    def draw(self):
        dialog = q('[data-dialog="class-results"]')
        if dialog is None:
            return None
        kept = q("[data-results-input]")
        typed = str(kept.value) if kept is not None else ""
        dialog.innerHTML = self.results_html()
        area = q("[data-results-input]")
        if area is not None:
            area.value = typed
        return area

    async def start_table(self):
        """``data-action="results-class"``: the table starts from the teacher's class code."""
        field = q("[data-results-class]")
        text = str(field.value).strip() if field is not None else ""
        reply = await self.page.ask({"do": "class-table", "class": text, "texts": [], "proofs": {}})
        if reply is None:
            return
        dialog = q('[data-dialog="class-results"]')
        if "class_refused" in reply:
            if dialog is not None:
                why = class_why(reply["class_refused"], self.ctl.cat)
                dialog.innerHTML = class_panels.results_class_html(self.ctl.cat, text, why)
            return
        self.code, self.kept, self.standings = reply["table"]["code"], [], reply["table"]
        self.keep()
        if dialog is not None:
            dialog.innerHTML = self.results_html()

    async def ask_table(self, texts):
        """The worker's table of the kept results and ``texts`` (replayed; the kept ones by
        their proofs)."""
        proofs = {}
        for text, proof in self.kept:
            proofs[text] = proof
        intent = {
            "do": "class-table",
            "class": self.code,
            "texts": [t for t, _ in self.kept] + texts,
            "proofs": proofs,
        }
        return await self.page.ask(intent)

    async def check(self, items):
        """Replay ``items`` (``(where, text)``: a line of the codes typed, or a file) one at a
        time, saying how far it got; each refusal is said with where it was."""
        cat = self.ctl.cat
        refused_lines = []
        self.errors = []
        for number, (where, text) in enumerate(items or [(None, None)]):
            if items:
                self.progress = cat.t("class.checking", n=number + 1, count=len(items))
                shown = q("[data-results-progress]")
                if shown is not None:
                    shown.textContent = self.progress
            reply = await self.ask_table([] if text is None else [text])
            if reply is None:
                break
            if "class_refused" in reply:  # a kept class code this release cannot read
                self.code, self.kept, self.standings = None, [], None
                break
            count = len(self.kept)
            for refusal in reply.get("refused", []):
                why = class_why(refusal, cat)
                if refusal["input"] < count:
                    self.errors.append(cat.t("class.refused_kept", why=why))
                elif isinstance(where, int):
                    self.errors.append(cat.t("class.refused", n=where, why=why))
                    refused_lines.append(text)
                else:
                    self.errors.append(cat.t("class.refused_file", file=where, why=why))
            self.kept = [[a["text"], a["proof"]] for a in reply.get("accepted", [])]
            self.standings = reply["table"]
            self.keep()
        self.progress = ""
        area = self.draw()
        if area is not None and refused_lines:  # what was refused stays to be corrected
            area.value = "\n".join(refused_lines)
        elif area is not None:
            area.value = ""

    async def add(self):
        if self.progress or self.code is None:
            return
        self.errors = []  # what was said about the last results added
        items = []
        late = []
        area = q("[data-results-input]")
        if area is not None:
            items += class_panels.result_lines(str(area.value))
        files = q("[data-results-files]")
        if files is not None and files.files is not None:
            for i in range(files.files.length):
                file = files.files.item(i)
                name = str(file.name)
                if int(file.size) > MAX_FILE:
                    why = class_why({"code": "class-too-large"}, self.ctl.cat)
                    self.errors.append(self.ctl.cat.t("class.refused_file", file=name, why=why))
                    continue
                found, refused = await self.file_results(name, file)
                items += found
                late += refused
        if items:
            before = self.errors
            await self.check(items)
            self.errors = before + self.errors
        self.errors += late  # a file's refusals after the lines typed, as the files come
        self.draw()

    async def file_results(self, name, file):
        """A result file (or a file of result codes) replayed by the worker on its own, its
        text read by JavaScript straight into the intent (never into the page's heap): the
        result codes of what it holds, as ``(name, code)`` items to add (replayed once more
        with the table, quickly), and what it refuses, in words."""
        cat = self.ctl.cat
        self.progress = cat.t("record.import_reading")
        shown = q("[data-results-progress]")
        if shown is not None:
            shown.textContent = self.progress
        head = {"do": "class-table", "class": self.code, "texts": [], "proofs": {}}
        intent = await file_intent(head, "texts", file)
        reply = await self.page.ask(intent) if intent is not None else None
        self.progress = ""
        if reply is None or "table" not in reply:
            return [], [cat.t("class.refused_file", file=name, why=cat.t("record.import_failed"))]
        refused = []
        for refusal in reply.get("refused", []):
            why = class_why(refusal, cat)
            refused.append(cat.t("class.refused_file", file=name, why=why))
        return [(name, a["text"]) for a in reply.get("accepted", [])], refused

    async def remove(self, row):
        """``data-action="remove-result"``: a row of the table (and the same play given
        earlier under that name) leaves it, at the teacher's word."""
        standings = self.standings
        if standings is None or not 0 <= row < len(standings["rows"]):
            return
        gone = [standings["rows"][row]["text"]] + list(standings["rows"][row].get("also") or [])
        self.kept = [k for k in self.kept if k[0] not in gone]
        await self.check([])

    def clear(self):
        """``data-action="clear-results"``: the table is emptied (after the teacher says so)."""
        if not js.window.confirm(self.ctl.cat.t("class.results_clear_confirm")):
            return
        self.code, self.kept, self.standings, self.errors = None, [], None, []
        self.page.store.forget(CLASS_RESULTS)
        dialog = q('[data-dialog="class-results"]')
        if dialog is not None:
            suggested = self.panels.made or ""
            dialog.innerHTML = class_panels.results_class_html(self.ctl.cat, suggested, "")


def print_page():
    for el in q_all("details"):
        el.open = True
    js.window.print()
