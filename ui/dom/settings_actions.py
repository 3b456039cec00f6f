"""The top bar's panels that hold no game: the rules (with the card's sentences beyond them and
the keys) and Settings. Settings apply when their panel closes: the language at once (the game,
its undo history and any preview stay), the seats and level to the match being played; a new
match takes them too, with the deal number typed, if any."""

import json

import js

from .. import intents
from ..address import deal_number
from ..html import dialog_buttons, fragment, raw
from ..i18n import LANGUAGES
from ..notation import SEATS
from ..panels import close_button, length_html, settings_html
from ..rules_panel import about_html, keys_html, lessons_link, rules_html
from ..settings import Settings
from .browser import load_catalog, q, warn

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from typing import Any

    from .host import Host


class SettingsActions:
    def __init__(self, host: "Host", names: "dict[str, str]") -> None:
        self.ctl = host.ctl
        self.dialogs = host.dialogs
        self.settings = host.settings
        self.keep_settings = host.keep_settings
        self.act = host.act  # a change of the game, asked and applied
        self.new_match = host.new_match  # a new match of the settings kept (and a deal)
        self.speak = host.speak  # the page in another language
        self.notice = host.notice
        self.names = names  # language code -> its name in itself
        self.example: Any = None  # the rules drawing's data (rules-example.json)

    async def open_rules(self) -> None:
        """``data-action="rules"``: the rules, the card's other sentences, the keys."""
        cat = self.ctl.cat
        if self.example is None:
            try:
                response = await js.fetch("./rules-example.json")
                self.example = json.loads(str(await response.text()))
            except Exception as error:  # noqa: BLE001 - the rules read fine without it
                warn("no rules drawing: " + str(error))
        frame = self.ctl.frame
        length = "" if frame is None else cat.t("app.match_length", target=frame["rules"]["target"])
        html = fragment(
            raw(rules_html(cat.raw("rules"), self.example, lead=lessons_link(cat), length=length)),
            raw(about_html(cat)),
            raw(keys_html(cat)),
            dialog_buttons(raw(close_button(cat))),
        )
        self.dialogs.open("rules", html, labelled_by="rules-heading")

    def open(self, class_part: str) -> None:
        """``data-action="settings"``: the match's seats and level, the speed, the language, a
        new match; ``class_part``: the class play's (ui/dom/class_actions.py)."""
        frame, cat, s = self.ctl.frame, self.ctl.cat, self.settings()
        if frame is None:
            return
        length = length_html(s.target, frame["rules"]["target"], cat)
        html = settings_html(
            frame["seats"],
            s.speed,
            frame["level"],
            frame["deal"],
            cat.lang,
            cat,
            self.names,
            length,
        )
        self.dialogs.open("settings", html + class_part)

    def read(self) -> None:
        """The settings dialog's fields; saved on the device."""
        s = self.settings()
        seats = []
        for letter in SEATS:
            el = q('[data-seat-kind="' + letter + '"]')
            seats.append(str(el.value) if el is not None else "person")
        field: dict[str, str | None] = {}
        for name in ("speed", "level", "lang"):
            el = q('[data-setting="' + name + '"]')
            field[name] = str(el.value) if el is not None else None
        named = q('[data-setting="name"]')
        length = q('[data-setting="target"]')
        text = json.dumps(
            {
                "seats": seats,
                "speed": field["speed"],
                "level": field["level"],
                "lang": field["lang"] or s.lang,
                "name": str(named.value).strip() if named is not None else s.name,
                "target": _whole(length.value) if length is not None else s.target,
            }
        )
        self.keep_settings(Settings.read(text)[0])

    async def close(self) -> None:
        """Settings' ``close``: they apply (the language, the seats and level; the length waits
        for a new match: the match in progress keeps its own)."""
        self.read()
        await self.apply_language()
        s = self.settings()
        await self.act(intents.seats(s.seats, s.level), close=True)

    async def start_new(self) -> None:
        """Settings' ``new-match``: a new match of these settings, from the deal number typed
        (a number that is none is said, and nothing starts)."""
        field = q('[data-dialog="settings"] [data-setting="deal"]')
        deal = None
        if field is not None and str(field.value).strip():
            deal = deal_number(str(field.value))
            if deal is None:
                error = q('[data-setting-error="deal"]')
                if error is not None:
                    error.textContent = self.ctl.cat.t("settings.deal_bad")
                    error.hidden = False
                field.focus()
                return
        self.read()
        await self.apply_language()
        await self.new_match(deal)

    async def apply_language(self) -> None:
        lang = self.settings().lang
        if lang in LANGUAGES and lang != self.ctl.cat.lang:
            cat, failed = await load_catalog(str(lang))
            self.speak(cat)
            if failed:
                self.notice("notice.catalog_failed", "catalog-failed")


def _whole(text: "Any") -> "Any":
    """A select's value as the number it names (None when it names none: Settings' default)."""
    try:
        return int(str(text))
    except ValueError:
        return None
