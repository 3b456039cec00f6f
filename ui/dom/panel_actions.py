"""The panels the person opens from the tools: the rules, the record (with its step-through
and import), and the settings. The computer waits while one is open (the page's pace sees the
open dialog); everything shown comes from the catalog, the frame or the worker's answers."""

import json

import js

from .. import class_panels, record_panels
from ..i18n import LANGUAGES
from ..layout import tile_size
from ..notation import SEATS
from ..panels import close_button, settings_html
from ..rules_panel import about_html, keys_html, rules_html
from ..storage import Settings
from .browser import load_catalog, q, warn

# A file read into the page's MicroPython: its heap cannot hold a text of a few MB (the
# MemoryError then comes where no except can catch it), and hand records are kB, not MB
# (the worker itself reads up to 8 MiB: MAX_JSON_TEXT)
IMPORT_LIMIT = 1024 * 1024


class PanelActions:
    def __init__(self, page, ctl):
        self.page = page
        self.ctl = ctl
        self.example = None  # the rules drawing's data (rules-example.json)
        self.replay = None  # the hand being stepped through (the worker's answer)
        self.made = None  # the class code made in Settings

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

    async def show_replay(self, intent):
        """A finished or imported hand at a step, in the record's dialog."""
        page, cat = self.page, self.ctl.cat
        reply = await page.ask(intent)
        if reply is None:
            return
        if "refused" in reply:
            el = q("[data-import-error]")
            if el is not None:
                detail = reply["refused"]["params"]["detail"]
                el.textContent = cat.t("record.import_error", detail=detail)
                el.hidden = False
            return
        if "replay" not in reply or self.ctl.interaction.dialog != "record":
            return
        replay = reply["replay"]
        width = min(860.0, float(js.window.innerWidth) * 0.96) - 36
        height = 220.0 if float(js.window.innerWidth) < 600 else 260.0  # as in ui/style.css
        branches = replay["position"]["board"]["branches"]
        lines = [[t[0] == t[-1] for t, _ in branches[s]] for s in SEATS]
        html = record_panels.replay_html(
            replay, cat, (width, height), tile_size(lines, width, height)
        )
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
        """A file of hand records: measured before it is read (see IMPORT_LIMIT); too large
        is said in words, never fatal."""
        try:
            if int(file.size) > IMPORT_LIMIT:
                raise MemoryError("over the limit")
            text = str(await file.text())
            if self.ctl.interaction.dialog == "record":
                await self.show_replay({"do": "import", "text": text})
        except MemoryError:
            text = None
            el = q("[data-import-error]")
            if el is not None:
                el.textContent = self.ctl.cat.t("record.import_too_large")
                el.hidden = False

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
