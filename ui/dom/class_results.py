"""The teacher's table (``data-dialog="class-results"``): the results of one class, typed as codes
or given as files, each replayed by the worker (longana/classplay/), ranked, and kept on this
device (``longana:class-results``) until the teacher clears it."""

import asyncio

import js

from .. import class_table, intents
from ..storage import CLASS_RESULTS
from ..words import class_why
from .browser import attr, q, q_all
from .link import MAX_FILE, file_intent

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable
    from typing import Any

    from js import Element

    from ..controller import Controller
    from ..storage import Store
    from .dialogs import Dialogs


class ClassResults:
    def __init__(
        self,
        ctl: "Controller",
        store: "Store",
        dialogs: "Dialogs",
        ask: "Callable[[Any], Awaitable[Any]]",
        suggested: "Callable[[], str | None]",
    ) -> None:
        self.ctl = ctl
        self.store = store
        self.dialogs = dialogs
        self.ask = ask
        self.suggested = suggested  # the class code to offer (made or typed in Settings)
        self.code: str | None = None  # the teacher's class code: the table is for that class
        self.kept: list[list[Any]] = []  # [result code, proof] of every result added, in order
        self.standings: Any = None  # the teacher's table, as the worker ranked it
        self.loaded = False  # the table kept on the device has been read
        self.stored = True  # the table is kept on the device (False: storage refused)
        self.progress = ""  # "Checking 3 of 12…" while results are replayed
        self.errors: list[str] = []

    def load(self) -> None:
        """The table kept on this device, read once."""
        if self.loaded:
            return
        self.loaded = True
        try:
            text = self.store.get(CLASS_RESULTS)
        except Exception:  # noqa: BLE001 - storage refused: the table lives in memory
            text = None
        self.code, self.kept = class_table.read_kept(text)

    def keep(self) -> None:
        """The table on this device until the teacher clears it."""
        text = class_table.kept_text(self.code, self.kept)
        self.stored = self.store.put(CLASS_RESULTS, text)

    def open(self) -> None:
        """``data-action="class-results"``: the table, or first the class code it is for."""
        self.load()
        # the dialog first: opening it closes Settings, which revokes the page's download links
        frame = self.ctl.frame
        suggested = self.suggested() or (frame["class"] if frame is not None else None)
        dialog = self.dialogs.open("class-results", "", cls="wide")
        self.errors = []
        if self.code is None:
            dialog.innerHTML = class_table.results_class_html(self.ctl.cat, suggested or "", "")
            self.dialogs.grew(dialog)
            return
        dialog.innerHTML = self.results_html()
        if self.standings is None or self.standings.get("code") != self.code:
            asyncio.create_task(self.check([]))

    def results_html(self) -> str:
        standings = self.standings
        href = (
            self.dialogs.url(standings["csv"], "text/csv")
            if standings and standings["rows"]
            else None
        )
        if standings is None and self.code is not None:
            standings = {"code": self.code, "rows": [], "hands": 0}
        return class_table.results_html(
            self.ctl.cat, standings, self.errors, href, self.stored, self.progress
        )

    def draw(self) -> "Element | None":
        """The table drawn again, the codes typed kept in their field (which it returns)."""
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

    def said(self, words: str) -> None:
        """How far the replay has got, on the table."""
        self.progress = words
        shown = q("[data-results-progress]")
        if shown is not None:
            shown.textContent = words

    async def start(self) -> None:
        """``data-action="results-class"``: the table starts from the teacher's class code."""
        field = q("[data-results-class]")
        text = str(field.value).strip() if field is not None else ""
        reply = await self.ask(intents.class_table(text, []))
        if reply is None:
            return
        dialog = q('[data-dialog="class-results"]')
        if "class_refused" in reply:
            if dialog is not None:
                why = class_why(reply["class_refused"], self.ctl.cat)
                dialog.innerHTML = class_table.results_class_html(self.ctl.cat, text, why)
                self.dialogs.grew(dialog)
            return
        self.code, self.kept, self.standings = reply["table"]["code"], [], reply["table"]
        self.keep()
        if dialog is not None:
            dialog.innerHTML = self.results_html()

    async def ranked(self, texts: "list[str]") -> "Any":
        """The worker's table of the kept results and ``texts`` (replayed; the kept ones by
        their proofs)."""
        proofs = {}
        for text, proof in self.kept:
            proofs[text] = proof
        kept = [t for t, _ in self.kept]
        return await self.ask(intents.class_table(self.code, kept + texts, proofs))

    async def check(self, items: "list[Any]") -> None:
        """Replay ``items`` (``(where, text)``: a line of the codes typed, or a file) one at a
        time, saying how far it got; each refusal is said with where it was."""
        cat = self.ctl.cat
        refused_lines = []
        self.errors = []
        for number, (where, text) in enumerate(items or [(None, None)]):
            if items:
                self.said(cat.t("class.checking", n=number + 1, count=len(items)))
            reply = await self.ranked([] if text is None else [text])
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
        if area is not None:  # what was refused stays to be corrected
            area.value = "\n".join(refused_lines)

    async def add(self) -> None:
        """``data-action="add-results"``: the codes typed and the files chosen, replayed."""
        if self.progress or self.code is None:
            return
        self.errors = []  # what was said about the last results added
        items = []
        late = []
        area = q("[data-results-input]")
        if area is not None:
            items += class_table.result_lines(str(area.value))
        files = q("[data-results-files]")
        if files is not None and files.files is not None:
            for i in range(files.files.length):
                file = files.files.item(i)
                name = str(file.name)
                if int(file.size) > MAX_FILE:
                    why = class_why({"code": "class-too-large", "params": {}}, self.ctl.cat)
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

    async def file_results(self, name: str, file: "Any") -> "tuple[list[Any], list[str]]":
        """A result file (or a file of result codes) replayed by the worker on its own, its
        text read by JavaScript straight into the intent (never into the page's heap): the
        result codes of what it holds, as ``(name, code)`` items to add (replayed once more
        with the table, quickly), and what it refuses, in words."""
        cat = self.ctl.cat
        self.said(cat.t("record.import_reading"))
        intent = await file_intent(intents.class_table(self.code, []), "texts", file)
        reply = await self.ask(intent) if intent is not None else None
        self.progress = ""
        if reply is None or "table" not in reply:
            return [], [cat.t("class.refused_file", file=name, why=cat.t("record.import_failed"))]
        refused = []
        for refusal in reply.get("refused", []):
            why = class_why(refusal, cat)
            refused.append(cat.t("class.refused_file", file=name, why=why))
        return [(name, a["text"]) for a in reply.get("accepted", [])], refused

    async def remove(self, el: "Element") -> None:
        """``data-action="remove-result"`` (its ``data-row``): a row of the table (and the same
        play given earlier under that name) leaves it, at the teacher's word."""
        standings = self.standings
        row = int(attr(el, "data-row") or "-1")
        if standings is None or not 0 <= row < len(standings["rows"]):
            return
        gone = [standings["rows"][row]["text"]] + list(standings["rows"][row].get("also") or [])
        self.kept = [k for k in self.kept if k[0] not in gone]
        await self.check([])

    def clear(self) -> None:
        """``data-action="clear-results"``: the table is emptied (after the teacher says so)."""
        if not js.window.confirm(self.ctl.cat.t("class.results_clear_confirm")):
            return
        self.code, self.kept, self.standings, self.errors = None, [], None, []
        self.store.forget(CLASS_RESULTS)
        dialog = q('[data-dialog="class-results"]')
        if dialog is not None:
            suggested = self.suggested() or ""
            dialog.innerHTML = class_table.results_class_html(self.ctl.cat, suggested, "")
            self.dialogs.grew(dialog)


def print_page() -> None:
    """``data-action="print"``: the table printed, every part of it open."""
    for el in q_all("details"):
        el.open = True
    js.window.print()
