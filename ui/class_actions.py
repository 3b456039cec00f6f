"""Class play on the page: joining a class match by its code, making a code, the student's result
at a hand's end, the teacher's table; and the history of matches played on this device.
The worker checks every code and computes every score (longana/classplay.py); this only asks,
shows and stores. MicroPython in the browser."""

import json

import js

from . import class_panels
from .dom import q, q_all, warn
from .storage import HISTORY


class ClassActions:
    def __init__(self, page):
        self.page = page
        self.made = None  # the class code made in Settings
        self.texts = []  # what the teacher has added: result codes and files' texts
        self.table = None

    # -- starting a class match -------------------------------------------------------------

    def code_field(self):
        field = q('[data-dialog="settings"] [data-setting="class"]')
        return str(field.value).strip() if field is not None else ""

    def refuse(self, where, refusal):
        el = q('[data-setting-error="' + where + '"]')
        if el is not None:
            el.textContent = class_panels.why(refusal, self.page.cat)
            el.hidden = False

    async def join(self, code=None):
        page = self.page
        text = code or self.code_field()
        if not text:
            return
        if page.look.dialog == "settings":
            page.panels.read_settings()
        reply = await page.link.ask({"do": "class-start", "code": text})
        if reply is None:
            return
        if "refused" in reply:
            self.refuse("class", reply["refused"])
            return
        page.holder = None
        page.persist(reply["save"], reply["frame"])
        page.close_dialog(resume=False)
        page.ctl.receive(reply)
        page.say(page.cat.t("class.banner", code=reply["frame"].get("class") or text))
        page.render()
        page.schedule()

    async def make(self):
        page = self.page
        page.panels.read_settings()
        s = page.settings
        deal = q('[data-dialog="settings"] [data-setting="deal"]')
        wanted = str(deal.value).strip().upper() if deal is not None else ""
        reply = await page.link.ask(
            {
                "do": "class-code",
                "deal": wanted or None,
                "seats": s.seats,
                "level": s.level,
                "target": 100,
            }
        )
        if reply is None:
            return
        if "refused" in reply:
            self.refuse("class", reply["refused"])
            return
        self.made = reply["class_code"]
        page.panels.open_settings()

    # -- a student's result -------------------------------------------------------------------

    async def show_result(self, dialog):
        """At a hand's end (or the match's) of a class match: the result code and file."""
        page = self.page
        frame = page.frame
        seat = (
            frame["viewer"]
            if frame["viewer"] is not None
            else (frame["seats"].index("person") if "person" in frame["seats"] else 0)
        )
        name = page.settings.name or page.cat.seat(seat)
        reply = await page.link.ask({"do": "class-result", "seat": seat, "name": name})
        if (
            reply is None
            or "result" not in reply
            or page.look.dialog not in ("hand-end", "match-end")
        ):
            return
        result = reply["result"]
        href = page.url(result["file"], "application/json")
        box = js.document.createElement("div")
        box.innerHTML = class_panels.result_html(page.cat, result, href)
        buttons = dialog.querySelector(".dlg-buttons")
        dialog.insertBefore(box.firstElementChild, buttons)

    # -- the teacher's table ------------------------------------------------------------------

    def open_results(self):
        # the dialog first: opening it closes Settings, which revokes the page's download links
        dialog = self.page.open_dialog("class-results", "", cls="wide")
        dialog.innerHTML = self.results_html()

    def results_html(self, errors=None):
        table = self.table
        href = self.page.url(table["csv"], "text/csv") if table and table["rows"] else None
        return class_panels.results_html(self.page.cat, table, errors or [], href)

    async def add(self):
        page = self.page
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
        reply = await page.link.ask({"do": "class-table", "texts": texts})
        if reply is None:
            return
        errors = []
        refused = {r["input"] for r in reply.get("refused", [])}
        for r in reply.get("refused", []):
            errors.append(
                page.cat.t(
                    "class.refused",
                    n=r["input"] + 1 - len(self.texts),
                    why=class_panels.why(r, page.cat),
                )
            )
        self.texts = [t for i, t in enumerate(texts) if i not in refused]
        if "table" in reply:
            self.table = reply["table"]
        dialog = q('[data-dialog="class-results"]')
        if dialog is not None:
            dialog.innerHTML = self.results_html(errors)
            kept = q("[data-results-input]")
            if kept is not None and errors:  # what was refused stays to be corrected
                kept.value = "\n".join(
                    t for i, t in enumerate(texts) if i in refused and "\n" not in t
                )

    # -- the device's history ---------------------------------------------------------------------

    async def remember(self):
        """Once per finished match: its date, level, winner and totals after each hand."""
        page = self.page
        frame = page.frame
        reply = await page.link.ask({"do": "record"})
        if reply is None or "record" not in reply:
            return
        totals = [
            [h["scores_after"][s] for s in "SENW"]
            for h in reply["record"]
            if h["result"] is not None
        ]
        entries = self.entries()
        key = frame["deal"] + ":" + str(frame["log"])
        if any(e.get("key") == key for e in entries):
            return
        now = js.Date.new()
        entries.append(
            {
                "key": key,
                "date": str(now.toISOString())[:10],
                "deal": frame["deal"],
                "level": frame["level"],
                "winner": frame["winner"],
                "people": [s for s in range(4) if frame["seats"][s] == "person"],
                "totals": totals,
            }
        )
        self.store(entries[-100:])

    def entries(self):
        try:
            text = self.page.store.get(HISTORY)
            data = json.loads(text) if text else []
            return data if isinstance(data, list) else []
        except Exception:  # noqa: BLE001 - an unreadable history is no history
            return []

    def store(self, entries):
        store = self.page.store
        try:
            store.storage.setItem(store.keys[HISTORY], json.dumps(entries))
        except Exception as error:  # noqa: BLE001 - full or refused: the game goes on
            warn("history not kept: " + str(error))

    def open_history(self):
        self.page.open_dialog("history", class_panels.history_html(self.page.cat, self.entries()))

    def delete_history(self):
        self.page.store.forget(HISTORY)
        self.page.close_dialog()
        self.page.notice("history.deleted", "history-deleted")


def print_page():
    for el in q_all("details"):
        el.open = True
    js.window.print()
