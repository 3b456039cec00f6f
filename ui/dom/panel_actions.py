"""The panels the person opens from the tools: the rules, the record (with its step-through
and import), and the settings. The computer waits while one is open (the page's pace sees the
open dialog); everything shown comes from the catalog, the frame or the worker's answers."""

import json

import js

from .. import class_panels, record_panels
from ..board import tile_size
from ..controller import Interaction
from ..i18n import LANGUAGES
from ..notation import SEATS
from ..panels import close_button, settings_html
from ..rules_panel import about_html, keys_html, rules_html
from ..storage import Settings
from .browser import load_catalog, q, warn
from .link import MADE

# Files are read up to the worker's limit (MAX_JSON_TEXT, 8 MiB characters; a file of that
# many bytes has no more characters). Their text never enters the page's MicroPython, whose
# heap failed at 1.5 MB (a MemoryError where no except catches it): JavaScript reads the file
# and puts it into the intent's text (file_intent).
MAX_FILE = 8 * 1024 * 1024

# the worker's refusals of an imported file, in words (any other: record.import_error)
IMPORT_REFUSED = {
    "too-large": "record.import_too_large",
    "too-deep": "record.import_too_deep",
    "import-save": "record.save_damaged",
    "import-not-records": "record.not_records",
}


async def file_intent(head, field, file):
    """The intent ``head`` with ``file``'s text in its ``field`` (added to it when a list),
    made in JavaScript and sent as it is (``MADE``, see ui/dom/link.py); None when the file
    cannot be read."""
    made = await js.longanaBoot.withFile(json.dumps(head), field, file)
    if made is None:
        return None
    intent = dict(head)
    intent[MADE] = made
    return intent


class PanelActions:
    def __init__(self, page, ctl):
        self.page = page
        self.ctl = ctl
        self.example = None  # the rules drawing's data (rules-example.json)
        self.replay = None  # the hand being stepped through (the worker's answer)
        self.made = None  # the class code made in Settings
        self.file = None  # the saved game imported (a File): played on at the person's word

    async def open_rules(self):
        page, cat = self.page, self.ctl.cat
        page.pause()
        if self.example is None:
            try:
                response = await js.fetch("./rules-example.json")
                self.example = json.loads(str(await response.text()))
            except Exception as error:  # noqa: BLE001 - the rules read fine without it
                warn("no rules drawing: " + str(error))
        html = (
            rules_html(cat.raw("rules"), self.example)
            + about_html(cat)
            + keys_html(cat)
            + '<div class="dlg-buttons">'
            + close_button(cat)
            + "</div>"
        )
        page.open_dialog("rules", html, labelled_by="rules-heading")

    async def open_record(self):
        page = self.page
        page.pause()
        reply = await page.ask({"do": "record"})
        if reply is None or "record" not in reply:
            return
        export = reply.get("export")
        page.close_dialog(resume=False)
        self.replay = None
        href = page.url(export["text"], "application/x-ndjson") if export else None
        page.open_dialog(
            "record",
            record_panels.record_html(
                reply["record"],
                self.ctl.cat,
                self.ctl.frame["deal"],
                href,
                export["name"] if export else "",
            ),
        )
        last = q('[data-dialog="record"] .rec-hand[open]')
        if last is not None:
            last.scrollIntoView(js.JSON.parse('{"block": "nearest"}'))

    async def show_replay(self, intent, file=None):
        """A finished or imported hand at a step, in the record's dialog (``file``: the file
        whose import ``intent`` is)."""
        page, cat = self.page, self.ctl.cat
        reply = await page.ask(intent)
        if file is not None:
            said("[data-import-status]", None)
            if reply is None or "error" in reply:  # the worker failed on it (or its door)
                code = reply["error"]["code"] if reply is not None else ""
                said("[data-import-error]", cat.t(IMPORT_REFUSED.get(code, "record.import_failed")))
                return
            self.file = file if reply.get("saved_game") else None
        if reply is None:
            return
        if "refused" in reply:
            refused = reply["refused"]
            key = IMPORT_REFUSED.get(refused["code"])
            detail = refused["params"].get("detail", "")
            words = cat.t(key) if key else cat.t("record.import_error", detail=detail)
            said("[data-import-error]", words)
            return
        if "replay" not in reply or self.ctl.interaction.dialog != "record":
            return
        replay = reply["replay"]
        width = min(860.0, float(js.window.innerWidth) * 0.96) - 36
        height = 220.0 if float(js.window.innerWidth) < 600 else 260.0  # as in ui/style.css
        board = replay["position"]["board"]
        play_on = self.file is not None and replay["imported"]
        tile = tile_size(board, Interaction(), width, height)  # drawn with South at the bottom
        html = record_panels.replay_html(replay, cat, (width, height), tile, play_on)
        dialog = q('[data-dialog="record"]')
        dialog.innerHTML = html
        dialog.dataset.view = "replay"
        self.replay = replay

    async def step_replay(self, delta):
        r = self.replay
        if r is None:
            return
        step = r["step"] + delta
        await self.show_replay(
            {"do": "replay", "hand": r["hand"], "step": step, "imported": r["imported"]}
        )
        way = "back" if delta < 0 else "forward"
        focus = q('[data-dialog="record"] [data-action="step-' + way + '"]')
        if focus is not None and not focus.hasAttribute("disabled"):
            focus.focus()

    async def choose_replay(self, hand):
        """Another hand of the same record (the replay's hand chooser)."""
        if self.replay is not None:
            intent = {"do": "replay", "hand": hand, "step": 0, "imported": self.replay["imported"]}
            await self.show_replay(intent)

    async def read_import(self, file):
        """A file of hand records or a saved game: measured before it is read (MAX_FILE),
        read by JavaScript into the worker's intent; whatever fails is said in words."""
        cat = self.ctl.cat
        self.file = None
        said("[data-import-error]", None)
        if int(file.size) > MAX_FILE:
            said("[data-import-error]", cat.t("record.import_too_large"))
            return
        said("[data-import-status]", cat.t("record.import_reading"))
        intent = await file_intent({"do": "import"}, "text", file)
        if intent is None:
            said("[data-import-status]", None)
            said("[data-import-error]", cat.t("record.import_failed"))
        elif self.ctl.interaction.dialog == "record":
            await self.show_replay(intent, file)

    def play_file(self):
        """``data-action="play-file"``: play on from the saved game imported; asked first
        when it would replace a match under way."""
        frame = self.ctl.frame
        if self.file is None:
            return None
        if frame is not None and frame["log"] > 0:
            self.page.open_dialog("play-file", record_panels.play_file_html(self.ctl.cat))
            return None
        return self.play_file_confirmed()

    async def play_file_confirmed(self):
        """``data-action="play-file-confirm"``: the saved game from the file replaces the
        match on this device, resumed exactly where it was saved (and saved here)."""
        page, file = self.page, self.file
        if file is None:
            return
        page.pause()
        s = page.settings
        head = {"do": "start", "seats": s.seats, "level": s.level, "deal": None, "holder": None}
        intent = await file_intent(head, "save", file)
        if intent is None:
            page.alert(self.ctl.cat.t("record.import_failed"))
            return
        reply = await page.ask(intent)
        if reply is None:  # said by the page; the game is as it was
            return
        if "frame" in reply and "corrupt" not in reply:
            self.file = None
            page.holder = None
            page.apply(reply, close=True)
            return
        back = await page.ask(page.restore())  # not a save after all: the device's game again
        if back is not None:
            page.apply(back, close=True)
        page.alert(self.ctl.cat.t("record.save_damaged"))

    # -- settings and new matches -------------------------------------------------------------

    def open_settings(self):
        page, frame, cat = self.page, self.ctl.frame, self.ctl.cat
        page.pause()
        s = page.settings
        page.open_dialog(
            "settings",
            settings_html(
                frame["seats"], s.speed, frame["level"], frame["deal"], cat.lang, cat, page.names
            )
            + class_panels.settings_html(cat, self.made, s.name),
        )
        page.classes.settings_opened()

    def read_settings(self):
        """The settings dialog's fields; saved on the device."""
        page = self.page
        seats = []
        for letter in SEATS:
            el = q('[data-seat-kind="' + letter + '"]')
            seats.append(str(el.value) if el is not None else "person")
        field = {}
        for name in ("speed", "level", "lang"):
            el = q('[data-setting="' + name + '"]')
            field[name] = str(el.value) if el is not None else None
        named = q('[data-setting="name"]')
        text = json.dumps(
            {
                "seats": seats,
                "speed": field["speed"],
                "level": field["level"],
                "lang": field["lang"] or page.settings.lang,
                "name": str(named.value).strip() if named is not None else page.settings.name,
            }
        )
        page.keep_settings(Settings.read(text)[0])

    async def close_settings(self):
        """Settings apply when their panel closes: the language at once (the game, its undo
        history and any preview stay), the seats and level to the match being played."""
        page = self.page
        self.read_settings()
        await self.apply_language()
        s = page.settings
        await page.act({"do": "seats", "seats": s.seats, "level": s.level}, close=True)

    async def new_match(self, deal):
        self.read_settings()
        await self.apply_language()
        await self.page.new_match(deal)

    async def apply_language(self):
        page = self.page
        lang = page.settings.lang
        if lang in LANGUAGES and lang != self.ctl.cat.lang:
            cat, failed = await load_catalog(lang)
            page.speak(cat)
            if failed:
                page.notice("notice.catalog_failed", "catalog-failed")


def said(where, words):
    """``words`` in the record panel's element ``where``, shown (scrolled to: on a phone the
    import's line is below the hands), or None: hidden."""
    el = q(where)
    if el is not None:
        el.textContent = words or ""
        el.hidden = words is None
        if words is not None:
            el.scrollIntoView(js.JSON.parse('{"block": "center"}'))
