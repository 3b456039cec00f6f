"""The panels the person opens from the tools: the rules, the record (with its step-through
and import), and the settings. The computer waits while one is open (the page's loop sees the
open dialog); everything shown comes from the catalog, the frame or the worker's answers.
MicroPython in the browser."""

import json

import js

from . import class_panels, panels
from .dom import load_catalog, q, warn
from .i18n import LANGUAGES, SEATS
from .layout import tile_size
from .rules_panel import keys_html, rules_html
from .storage import Settings


class PanelActions:
    def __init__(self, page):
        self.page = page
        self.example = None  # the rules drawing's data (rules-example.json)

    async def open_rules(self):
        page = self.page
        page.gen += 1
        if self.example is None:
            try:
                response = await js.fetch("./rules-example.json")
                self.example = json.loads(str(await response.text()))
            except Exception as error:  # noqa: BLE001 - the rules read fine without it
                warn("no rules drawing: " + str(error))
        rules = page.cat.raw("rules")
        html = (
            rules_html(rules, self.example)
            + keys_html(page.cat)
            + '<div class="dlg-buttons">'
            + panels.close_button(page.cat)
            + "</div>"
        )
        page.open_dialog("rules", html, labelled_by="rules-heading")

    async def open_record(self):
        page = self.page
        page.gen += 1
        page.look.thinking = None
        reply = await page.link.ask({"do": "record"})
        if reply is None or "record" not in reply:
            return
        export = reply.get("export")
        page.close_dialog(resume=False)
        href = page.url(export["text"], "application/x-ndjson") if export else None
        page.open_dialog(
            "record",
            panels.record_html(
                reply["record"],
                page.cat,
                page.frame["deal"],
                href,
                export["name"] if export else "",
            ),
        )
        last = q('[data-dialog="record"] .rec-hand[open]')
        if last is not None:
            last.scrollIntoView(js.JSON.parse('{"block": "nearest"}'))

    async def show_replay(self, intent):
        page = self.page
        reply = await page.link.ask(intent)
        if reply is None:
            return
        if "refused" in reply:
            el = q("[data-import-error]")
            if el is not None:
                el.textContent = page.cat.t(
                    "record.import_error", detail=reply["refused"]["params"]["detail"]
                )
                el.hidden = False
            return
        if "replay" not in reply or page.look.dialog != "record":
            return
        page.replay = reply["replay"]
        width = min(860.0, float(js.window.innerWidth) * 0.96) - 36
        height = 220.0 if float(js.window.innerWidth) < 600 else 260.0  # as in ui/style.css
        lines = [
            [t[0] == t[-1] for t, _ in line] for line in page.replay["position"]["board"]["lines"]
        ]
        html = panels.replay_html(
            page.replay, page.cat, (width, height), tile_size(lines, width, height)
        )
        dialog = q('[data-dialog="record"]')
        replay = page.replay
        dialog.innerHTML = html
        dialog.dataset.view = "replay"
        page.replay = replay

    async def step_replay(self, delta):
        page = self.page
        r = page.replay
        if r is None:
            return
        await self.show_replay(
            {
                "do": "replay",
                "hand": r["hand"],
                "step": r["step"] + delta,
                "imported": r["imported"],
            }
        )
        way = "back" if delta < 0 else "forward"
        focus = q('[data-dialog="record"] [data-action="step-' + way + '"]')
        if focus is not None and not focus.hasAttribute("disabled"):
            focus.focus()

    # settings and new matches
    def open_settings(self):
        page = self.page
        page.gen += 1
        page.look.thinking = None
        s = page.settings
        page.open_dialog(
            "settings",
            panels.settings_html(
                page.frame["seats"],
                s.speed,
                page.frame["level"],
                page.frame["deal"],
                page.cat.lang,
                page.cat,
                page.names,
            )
            + class_panels.settings_html(page.cat, page.classes.made, s.name),
        )

    def read_settings(self):
        page = self.page
        """The settings dialog's fields; saved on the device."""
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
        page.settings, _ = Settings.read(text)
        problem = page.store.write_settings(page.settings)
        if problem is not None and page.save_problem is None:
            page.notice(problem, "save-off")

    async def close_settings(self):
        """Settings apply when their panel closes: the language at once (the game, its undo
        history and any preview stay), the seats and level to the match being played."""
        page = self.page
        self.read_settings()
        await self.apply_language()
        await page.act(
            {"do": "seats", "seats": page.settings.seats, "level": page.settings.level}, close=True
        )

    async def new_match(self, deal):
        self.read_settings()
        await self.apply_language()
        await self.page.new_match(deal)

    async def apply_language(self):
        page = self.page
        lang = page.settings.lang
        if lang in LANGUAGES and lang != page.cat.lang:
            cat, failed = await load_catalog(lang)
            page.speak(cat)
            if failed:
                page.notice("notice.catalog_failed", "catalog-failed")
