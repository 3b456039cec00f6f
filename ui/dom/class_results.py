"""The teacher's table (``data-dialog="class-results"``): the results of one class, typed as codes
or given as files, replayed by the worker (longana/classplay/table.py), ranked, and kept on this
device (``longana:class-results``) until the teacher clears it; drawn by ui/class_table_panel.py.

The table never shrinks by accident. What the device keeps is read back entry by entry, each
within bounds on its own (one that is not is set aside alone, said and offered as a file:
ui/class_table.py) and sent, with every line pasted and every file chosen, in one ``class-table``
intent; only the reply's ``keep`` is stored, and what the worker could not read (``aside``) is
set aside beside it, said and offered as a file. A reply that is no table (an error, a worker
that stopped) leaves the kept table as it was, and so does one that would keep fewer results
than were sent. A kept table whose class code this release cannot read (another release's) is
set aside whole, said and offered as a file before the teacher starts the new class's table.

A table at its bound (2,000 results of long matches, about 1 MB) never passes through the
page's small heap at once (MicroPython's fails on a text of about 1 MB): it is kept as one JSON
text per entry, read out of storage and written back by the storage guard in pieces
(ui/storage.js), sent to the worker as an intent made of pieces, and its rows come back and are
drawn a page at a time (``class-rows``), the CSV joined from their lines."""

import asyncio
import json

import js

from .. import class_table, class_table_panel, intents
from ..door import Made, refusals
from ..storage import CLASS_RESULTS, CORRUPT_SET_ASIDE, SAVE_LIMIT
from ..words import class_why
from .browser import attr, q, q_all
from .link import MAX_FILE, file_intent, patient

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from js import Element

    from longana.device.frame import Refusal
    from longana.intents import Intent
    from longana.replies import Reply, Standings

    from ..door import Made
    from .host import Host

# What the worker may take to answer (ms): a result added is replayed, and a hard computer's
# match takes seconds a hand in the browser; a kept result is taken by its proof.
WAIT_BASE, WAIT_ADDED, WAIT_KEPT, WAIT_MOST = 15000, 30000, 200, 1800000
# characters pasted at once: a code is about 60, so some 8,000 lines (a MicroPython heap of a
# few MB holds the text and its lines; a file's text never enters it)
MAX_PASTED = 512 * 1024
NOT_A_CODE: "Refusal" = {"code": "class-format", "params": {}}  # a reply that was no table
PAGE = 100  # rows answered with the table, and drawn at a time
MORE = 500  # rows asked for at a time after those (a reply of about 200 kB)
TABLE_LIMIT = SAVE_LIMIT  # characters of the table kept: 2,000 results of long matches fit


class ClassResults:
    def __init__(self, host: "Host", suggested: "Callable[[], str | None]") -> None:
        self.ctl = host.ctl
        self.store = host.store
        self.dialogs = host.dialogs
        self.ask = host.ask
        self.suggested = suggested  # the class code to offer (made or typed in Settings)
        self.code: str | None = None  # the teacher's class code: the table is for that class
        self.kept: list[list[str]] = []  # [result code, its entry's JSON text], in order
        self.standings: Standings | None = None  # the teacher's table, as the worker ranked it
        self.csv: list[str] = []  # its CSV, a part for each page of rows
        self.loaded = False  # the table kept on the device has been read
        self.stored = True  # the table is kept on the device (False: storage refused)
        self.frozen = False  # what the device keeps could not be set aside: never written over
        self.progress = ""  # "Checking 12 results…" while results are replayed
        self.errors: list[str] = []
        self.told: list[str] = []  # a result added again was played again
        self.aside: list[tuple[int, str | None]] = []  # (results, where) set aside on this visit
        self.old: tuple[str, str | None] | None = None  # (class code, where): another release's
        self.full = False  # the last results added would take the table past its bound
        self.fetching = False  # rows are coming: nothing is added or removed meanwhile

    # -- what the device keeps -----------------------------------------------------------------

    def load(self) -> None:
        """The table kept on this device, read once, entry by entry, within bounds."""
        if self.loaded:
            return
        self.loaded = True
        (code, kept, left), said = self.store.read_split(
            CLASS_RESULTS, "results", class_table.read_table, TABLE_LIMIT
        )
        self.code, self.kept = code, kept
        if said == CORRUPT_SET_ASIDE:  # how many when it says (-1: the table did not read)
            self.aside.append((left if left > 0 else -1, self.aside_name()))
        elif said is not None:  # storage refused, or no room to set the rest aside
            self.stored, self.frozen = False, True

    def aside_name(self) -> "str | None":
        return self.store.aside_names.get(CLASS_RESULTS)

    def keep(self) -> None:
        """The table on this device until the teacher clears it (never over a text that could
        not be set aside; never past its bound, which the next visit would set aside)."""
        if self.frozen:
            self.stored = False
            return
        made = self.store.joined(class_table.kept_pieces(self.code, self.kept))
        size = getattr(made, "length", None)
        self.full = len(self.kept) > class_table.MAX_RESULTS or (
            int(size if size is not None else len(made)) > TABLE_LIMIT
        )
        if not self.full:
            self.stored = self.store.put(CLASS_RESULTS, made)

    def put_aside(self, entries: "list[list[str]]") -> bool:
        """Kept entries the worker could not read, set aside beside the table (said, and offered
        as a file); False when the device has no room for them."""
        made = self.store.joined(class_table.kept_pieces(self.code, entries))
        if self.store.set_aside_made(made, CLASS_RESULTS) != CORRUPT_SET_ASIDE:
            return False
        self.aside.append((len(entries), self.aside_name()))
        return True

    def set_aside_whole(self, refusal: "Any") -> None:
        """The kept table's class code cannot be read by this release: the whole table is set
        aside unread (said, and offered as a file) and the teacher starts a new class's table."""
        if self.store.set_aside_unread(CLASS_RESULTS) != CORRUPT_SET_ASIDE:
            self.frozen = True  # no room: it stays where it is, and nothing is written over it
        where = self.aside_name() if not self.frozen else None
        if str(refusal.get("code")) == "class-version":
            self.old = (str(self.code), where)
        else:
            self.aside.append((len(self.kept), where))
            why = class_why(refusal, self.ctl.cat)
            self.errors = [self.ctl.cat.t("table.class_unreadable", why=why)]
        self.code, self.kept, self.standings = None, [], None

    def notes(self) -> "tuple[Any, Any]":
        """(old, aside) for the panel: what was set aside on this visit, with its download."""
        old = None
        if self.old is not None:
            old = (self.old[0], self.href(self.old[1]))
        aside = None
        if self.aside:
            counts = [n for n, _ in self.aside]
            hrefs = [self.href(where) for _, where in self.aside if where]
            aside = (-1 if min(counts) < 0 else sum(counts), [h for h in hrefs if h])
        return old, aside

    def href(self, where: "str | None") -> "str | None":
        """A download of what was set aside under ``where``, made from storage by the guard."""
        url = self.store.url(where, "application/json") if where else None
        if url is not None:
            self.dialogs.urls.append(url)  # revoked when the dialog closes
        return url

    # -- the panel -----------------------------------------------------------------------------

    def open(self) -> None:
        """``data-action="class-results"``: the table, or first the class code it is for."""
        self.load()
        # the dialog first: opening it closes Settings, which revokes the page's download links
        dialog = self.dialogs.open("class-results", "", cls="wide")
        if self.code is None:
            self.ask_class(dialog, "")
            return
        self.errors, self.told = [], []
        dialog.innerHTML = self.results_html()
        self.more_rows()
        if self.standings is None or self.standings.get("code") != self.code:
            asyncio.create_task(self.check([], []))

    def ask_class(self, dialog: "Element | None", why: str, typed: "str | None" = None) -> None:
        """The table starts from the teacher's class code (what was set aside said first)."""
        if dialog is None:
            return
        frame = self.ctl.frame
        suggested = typed
        if suggested is None:
            suggested = self.suggested() or (frame["class"] if frame is not None else None) or ""
        old, aside = self.notes()
        if self.errors and not why:
            why = self.errors[0]
        dialog.innerHTML = class_table_panel.results_class_html(
            self.ctl.cat, suggested, why, old, aside
        )
        self.dialogs.grew(dialog)

    def results_html(self) -> str:
        standings = self.standings
        href = None
        if standings and standings["rows"]:  # joined by the guard, never whole here
            whole = len(standings["rows"]) >= int(standings.get("count") or 0)
            href = self.dialogs.url(self.store.joined(self.csv), "text/csv") if whole else ""
        if standings is None and self.code is not None:
            standings = {
                "code": self.code,
                "rows": [],
                "hands": 0,
                "duplicates": [],
                "flagged": [],
                "csv": "",
            }
        _, aside = self.notes()
        errors = self.errors + ([self.ctl.cat.t("table.full")] if self.full else [])
        return class_table_panel.results_html(
            self.ctl.cat,
            standings,
            errors,
            href,
            self.stored,
            self.progress,
            aside,
            self.told,
            PAGE,
        )

    def more_rows(self, first: int = PAGE) -> None:
        """The rows from place ``first`` on drawn below those shown: written a page at a time
        and joined by the guard, then laid out by the browser at once (a table of two thousand
        rows laid out part by part takes several times as long)."""
        standings, cat = self.standings, self.ctl.cat
        body = q('[data-dialog="class-results"] [data-results-rows]')
        if standings is None or body is None or len(standings["rows"]) <= max(first, PAGE):
            return
        rows, hands = standings["rows"], standings["hands"]
        pieces = [
            class_table_panel.rows_html(cat, rows[start : start + PAGE], hands, start)
            for start in range(max(first, PAGE), len(rows), PAGE)
        ]
        body.insertAdjacentHTML("beforeend", self.store.joined(pieces))

    async def fetch_rows(self) -> None:
        """The rows of the table answered last that did not come with it (the table is open
        with its first rows meanwhile), asked for a part at a time with their CSV lines, then
        drawn; the CSV's link once they are all there."""
        standings = self.standings
        if standings is None or len(standings["rows"]) >= int(standings.get("count") or 0):
            return
        shown = len(standings["rows"])
        self.fetching = True
        try:
            while len(standings["rows"]) < int(standings["count"]):
                got = len(standings["rows"])
                reply = await self.ask(intents.class_rows(got, MORE))
                if reply is None or reply.get("from") != got or not reply.get("rows"):
                    break  # the worker went: the rows that came are shown
                standings["rows"].extend(reply["rows"])
                self.csv.append(str(reply.get("csv") or ""))
        finally:
            self.fetching = False
        if standings is not self.standings:
            return  # another table took its place
        self.more_rows(shown)
        link = q('[data-dialog="class-results"] [data-action="export-csv"]')
        if link is not None and len(standings["rows"]) >= int(standings["count"]):
            link.href = self.dialogs.url(self.store.joined(self.csv), "text/csv")
            link.removeAttribute("aria-disabled")

    def draw(self) -> "Element | None":
        """The table drawn again, the codes typed kept in their field (which it returns); the
        class code asked for when the table has none."""
        dialog = q('[data-dialog="class-results"]')
        if dialog is None:
            return None
        if self.code is None:
            self.ask_class(dialog, "")
            return None
        kept = q("[data-results-input]")
        long = kept is not None and int(kept.textLength) > MAX_PASTED
        typed = str(kept.value) if kept is not None and not long else ""
        dialog.innerHTML = self.results_html()
        self.more_rows()
        area = q("[data-results-input]")
        if area is not None and kept is not None and long:
            area.replaceWith(kept)  # the field itself: its text never enters the small heap
            area = kept
        elif area is not None:
            area.value = typed
        return area

    async def start(self) -> None:
        """``data-action="results-class"``: the table starts from the teacher's class code."""
        field = q("[data-results-class]")
        text = str(field.value).strip() if field is not None else ""
        reply = await self.ask(intents.class_table(text, [], kept=[], page=PAGE))
        if reply is None:
            return
        dialog = q('[data-dialog="class-results"]')
        table = reply.get("table")
        if table is None:
            refusal = reply.get("class_refused") or NOT_A_CODE
            self.ask_class(dialog, class_why(refusal, self.ctl.cat), text)
            return
        self.code, self.kept, self.standings = table["code"], [], table
        self.csv = [str(table.get("csv") or "")]
        self.errors = []
        self.keep()
        if dialog is not None:
            dialog.innerHTML = self.results_html()

    # -- results added -------------------------------------------------------------------------

    async def check(
        self,
        lines: "list[tuple[int, str]]",
        files: "list[tuple[str, Any]]",
        kept: "list[list[str]] | None" = None,
    ) -> None:
        """The kept table (``kept``: without the results the teacher removed) and what is
        added (``lines``: the codes pasted, with their line numbers; ``files``: result files,
        by name) in one ``class-table`` intent; the reply's ``keep`` stored, its ``aside`` set
        aside beside it, every refusal said with where it was. The codes refused stay in their
        field to be corrected; on a reply that is no table, nothing changes."""
        cat = self.ctl.cat
        count = len(lines) + len(files)
        if count:
            self.progress = cat.plural("table.checking", count)
            self.draw()
        kept = self.kept if kept is None else kept
        sent = len(kept)
        intent: Intent | Made = self.intent([t for _, t in lines], kept)
        names: list[str] = []
        for name, file in files:  # each file's text put into the intent by JavaScript
            made = await file_intent(intent, "texts", file)
            if made is None:
                why = cat.t("record.import_failed")
                self.errors.append(cat.t("class.refused_file", file=name, why=why))
            else:
                intent, names = made, names + [name]
        wait = WAIT_BASE + WAIT_ADDED * (len(lines) + len(names)) + WAIT_KEPT * sent
        reply = await self.ask(patient(intent, min(wait, WAIT_MOST)))
        self.progress = ""
        refused = [t for _, t in lines]  # kept in the field while nothing was added
        whole = None if reply is None else reply.get("class_refused")
        if whole is not None:
            self.set_aside_whole(whole)
        elif reply is None or not taken(reply, sent):
            self.errors.append(cat.t("table.unchanged"))
        else:
            refused = self.said(reply, lines, names)
            self.took(reply, kept)
        area = self.draw()  # the table open with its first rows
        if area is not None:
            area.value = "\n".join(refused)
        await self.fetch_rows()

    def said(
        self, reply: "Reply", lines: "list[tuple[int, str]]", names: "list[str]"
    ) -> "list[str]":
        """Each refusal of ``reply`` in words, where it was; the codes refused."""
        cat = self.ctl.cat
        refused = []
        for refusal in refusals(reply):
            why = class_why(refusal, cat)
            where = refusal.get("input")
            if "kept" in refusal or not isinstance(where, int):
                self.errors.append(cat.t("class.refused_kept", why=why))
            elif where < len(lines):
                number, text = lines[where]
                self.errors.append(cat.t("class.refused", n=number, why=why))
                refused.append(text)
            elif where - len(lines) < len(names):
                name = names[where - len(lines)]
                self.errors.append(cat.t("class.refused_file", file=name, why=why))
        self.told = class_table_panel.again_notes(cat, reply)
        return refused

    def intent(self, texts: "list[str]", kept: "list[list[str]]") -> "Made":
        """The ``class-table`` intent of ``texts`` and the ``kept`` entries, made of pieces
        by the storage guard: each entry goes as its own JSON text, and the table is never
        one text in the page's heap."""
        head = intents.class_table(self.code, texts, kept=[], page=PAGE)
        del head["kept"]
        pieces = [json.dumps(head)[:-1] + ', "kept": [']
        for k, entry in enumerate(kept):
            pieces.append((", " if k else "") + json.dumps(entry[1]))
        pieces.append("]}")
        return Made("class-table", self.store.joined(pieces))

    def took(self, reply: "Reply", sent: "list[list[str]]") -> None:
        """The reply's table kept: its ``keep`` (a kept entry by its place in ``sent``, a new
        one as ``[code, proof]``), and what it set ``aside`` beside it (kept in the table as it
        was when the device has no room to set it aside)."""
        keep = []
        for item in reply.get("keep") or []:
            if isinstance(item, int):
                keep.append(sent[item])
            else:
                keep.append(class_table.entry_text(str(item[0]), item[1]))
        places = [a.get("kept") for a in reply.get("aside") or []]
        aside = [sent[k] for k in places if isinstance(k, int)]
        if aside and not self.put_aside(aside):
            keep += aside
        self.kept = keep
        self.standings = reply.get("table")
        self.csv = [str(reply["table"].get("csv") or "")]
        self.keep()

    async def add(self) -> None:
        """``data-action="add-results"``: the codes typed and the files chosen, replayed."""
        if self.progress or self.fetching or self.code is None:
            return
        self.errors, self.told = [], []  # what was said about the last results added
        cat = self.ctl.cat
        area = q("[data-results-input]")
        lines = []
        if area is not None and int(area.textLength) > MAX_PASTED:  # never into the small heap
            self.errors.append(cat.t("table.too_long", n=cat.number(MAX_PASTED)))
        elif area is not None:
            lines = class_table.result_lines(str(area.value))
        files = []
        chosen = q("[data-results-files]")
        if chosen is not None and chosen.files is not None:
            for i in range(chosen.files.length):
                file = chosen.files.item(i)
                name = str(file.name)
                if int(file.size) > MAX_FILE:
                    why = class_why({"code": "class-too-large", "params": {}}, cat)
                    self.errors.append(cat.t("class.refused_file", file=name, why=why))
                else:
                    files.append((name, file))
        if lines or files:
            await self.check(lines, files)
        else:
            self.draw()

    async def remove(self, el: "Element") -> None:
        """``data-action="remove-result"`` (its ``data-row``): a row of the table (and the same
        play given earlier under that name) leaves it, at the teacher's word."""
        standings = self.standings
        row = int(attr(el, "data-row") or "-1")
        if self.progress or self.fetching or standings is None:
            return
        if not 0 <= row < len(standings["rows"]):
            return
        gone = [standings["rows"][row]["text"]] + list(standings["rows"][row].get("also") or [])
        self.errors, self.told = [], []
        await self.check([], [], [k for k in self.kept if k[0] not in gone])

    def clear(self) -> None:
        """``data-action="clear-results"``: the table is emptied (after the teacher says so)."""
        if not js.window.confirm(self.ctl.cat.t("class.results_clear_confirm")):
            return
        self.code, self.kept, self.standings, self.errors, self.told = None, [], None, [], []
        self.old, self.aside, self.frozen, self.stored, self.full = None, [], False, True, False
        self.store.forget(CLASS_RESULTS)
        self.ask_class(q('[data-dialog="class-results"]'), "")


def taken(reply: "Reply", sent: int) -> bool:
    """Whether ``reply`` is a table to keep: one with ``table`` and ``keep`` that keeps (or sets
    aside) at least the ``sent`` results it was given."""
    keep = reply.get("keep")
    if "table" not in reply or not isinstance(keep, list):
        return False
    return len(keep) + len(reply.get("aside") or []) >= sent


def print_page() -> None:
    """``data-action="print"``: the table printed, every part of it open."""
    for el in q_all("details"):
        el.open = True
    js.window.print()
