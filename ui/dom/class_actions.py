"""Class play on the student's side: joining a class match by its code (an ordinary match in
progress kept first: :mod:`ui.dom.kept_match`), making a code in Settings, the student's name
(asked before the first move) and result at a hand's end. The worker checks every code and
name and replays every result (longana/classplay/); this only asks and shows. The teacher's
table is :mod:`ui.dom.class_results`."""

import asyncio

from .. import class_panels, intents
from ..door import refusal
from ..notation import SEATS
from ..words import class_why
from .browser import q

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from collections.abc import Callable

    from js import Element

    from longana.device.frame import Refusal
    from longana.replies import Reply

    from .host import Host
    from .kept_match import KeptMatch

RESULT_DIALOGS = ("hand-end", "match-end")  # where a student's result is shown
NO_REASON: "Refusal" = {"code": "", "params": {}}  # a refusal that gave none


class ClassActions:
    def __init__(
        self,
        host: "Host",
        read_settings: "Callable[[], None]",
        open_settings: "Callable[[], None]",
        kept: "KeptMatch",
    ) -> None:
        self.ctl = host.ctl
        self.dialogs = host.dialogs
        self.ask = host.ask
        self.settings = host.settings  # the device's (the student's name is kept there)
        self.keep_settings = host.keep_settings
        self.read_settings = read_settings  # Settings' fields, kept (before a class starts)
        self.open_settings = open_settings  # Settings again (showing the code made)
        self.replace = host.replace  # a class match the door started takes the table
        self.kept = kept  # the match kept while a class match is played
        self.made: str | None = None  # the class code made in Settings

    # -- starting a class match -------------------------------------------------------------

    def settings_html(self) -> str:
        """Settings' class part: make a code, join one, the student's name."""
        return class_panels.settings_html(self.ctl.cat, self.made, self.settings().name)

    def code_field(self) -> str:
        field = q('[data-dialog="settings"] [data-setting="class"]')
        return str(field.value).strip() if field is not None else ""

    def refuse(self, where: str, refused: "Refusal") -> None:
        el = q('[data-setting-error="' + where + '"]')
        if el is not None:
            el.textContent = class_why(refused, self.ctl.cat)
            el.hidden = False

    async def join(self, code: "str | None" = None) -> None:
        """``data-action="class-join"``: the class match of ``code`` (or of Settings' field) on
        the table; an ordinary match in progress is kept first, never replaced silently."""
        text = code or self.code_field()
        if not text:
            return
        if self.ctl.interaction.dialog == "settings":
            self.read_settings()
        intent = self.kept.class_start(text)
        reply = await self.ask(intent)
        if reply is None:
            return
        refused = refusal(reply)
        if refused is not None:
            self.refuse("class", refused)
            return
        self.kept.started(intent, reply)
        if self.kept.keep(text, reply):
            await self.joined(text, reply)

    async def joined(self, text: str, reply: "Reply") -> None:
        """The class match the game started (``reply``) on the table; the name first."""
        frame = reply.get("frame")
        code = (frame["class"] if frame else None) or text
        self.replace(reply, self.ctl.cat.t("class.banner", code=code))
        await self.name_first()

    async def link_join(self) -> None:
        """``data-action="class-link-join"``: the class link's match, as the question said."""
        joining = self.kept.joining()
        if joining is None:
            return
        code, reply = joining
        if reply is None:
            await self.join(code)
        else:
            await self.joined(code, reply)

    async def make(self) -> None:
        """``data-action="class-start"``: a class code of Settings' seats, level and deal."""
        self.read_settings()
        s = self.settings()
        deal = q('[data-dialog="settings"] [data-setting="deal"]')
        wanted = str(deal.value).strip().upper() if deal is not None else ""
        reply = await self.ask(intents.class_code(wanted or None, s.seats, s.level, s.target))
        if reply is None:
            return
        made = reply.get("class_code")
        if made is None:
            self.refuse("class", refusal(reply) or NO_REASON)
            return
        self.made = made
        self.open_settings()

    # -- the student's name -------------------------------------------------------------------

    async def name_refusal(self, name: str) -> str:
        """Why the worker refuses ``name`` for results, in words; "" when it takes it."""
        reply = await self.ask(intents.class_name(name))
        if reply is None or "name" in reply:
            return ""
        return class_why(refusal(reply) or NO_REASON, self.ctl.cat)

    async def name_first(self) -> None:
        """Before a class match's first move: the student's name, unless the one in Settings
        can be used."""
        name = self.settings().name
        why = await self.name_refusal(name) if name else ""
        if name and not why:
            return
        said = self.ctl.cat.t("class.name_refused", why=why) if why else ""
        html = class_panels.name_html(self.ctl.cat, name, said)
        self.dialogs.open("class-name", html, cancellable=False)
        field = q("[data-class-name]")
        if field is not None:
            field.focus()

    async def give_name(self) -> None:
        """``data-action="class-name"``: the name typed, kept in Settings once the worker
        takes it; at a hand's end the result follows."""
        field = q("[data-class-name]")
        if field is None:
            return
        reply = await self.ask(intents.class_name(str(field.value).strip()))
        if reply is None:
            return
        named = reply.get("name")
        if named is None:
            error = q("[data-class-name-error]")
            if error is not None:
                why = class_why(refusal(reply) or NO_REASON, self.ctl.cat)
                error.textContent = self.ctl.cat.t("class.name_refused", why=why)
                error.hidden = False
            return
        settings = self.settings()
        settings.name = named
        self.keep_settings(settings)
        dialog = self.ctl.interaction.dialog
        if dialog in RESULT_DIALOGS:
            box = q("[data-result-refused]")
            if box is not None:
                box.remove()
            await self.show_result(q('[data-dialog="' + str(dialog) + '"]'))
        else:
            self.dialogs.close()

    def started(self) -> None:
        """A class match was started or resumed from the address: the name, if none."""
        asyncio.create_task(self.name_first())

    def settings_opened(self) -> None:
        """Settings opened: the way back to a kept match, and why the name cannot be used,
        if it cannot."""
        self.kept.offer(q('[data-dialog="settings"] #dlg-title'))
        asyncio.create_task(self.settings_name_error())

    async def settings_name_error(self) -> None:
        """Settings say why the name in them cannot be on a result, if it cannot."""
        name = self.settings().name
        why = await self.name_refusal(name) if name else ""
        el = q('[data-setting-error="name"]')
        if why and el is not None:
            el.textContent = self.ctl.cat.t("class.name_refused", why=why)
            el.hidden = False

    # -- a student's result -------------------------------------------------------------------

    async def show_result(self, dialog: "Element | None") -> None:
        """At a hand's end (or the match's) of a class match: the result code and file, or
        why the name given cannot be on it and the name again."""
        frame, cat = self.ctl.frame, self.ctl.cat
        if frame is None:
            return
        seat = frame["viewer"]
        if seat is None:
            people = [s for s in SEATS if frame["seats"][s] == "person"]
            seat = people[0] if people else SEATS[0]
        name = self.settings().name
        reply = await self.ask(intents.class_result(seat, name))
        if reply is None or dialog is None or self.ctl.interaction.dialog not in RESULT_DIALOGS:
            return
        result = reply.get("result")
        if result is not None:
            href = self.dialogs.url(result["file"], "application/json")
            html = class_panels.result_html(cat, result, href)
        else:
            refused = refusal(reply) or NO_REASON
            why = class_why(refused, cat)  # the name is asked again only when it is the reason
            html = class_panels.result_refused_html(cat, name, why, refused["code"])
        buttons = dialog.querySelector(".dlg-buttons")
        if buttons is None:
            return
        buttons.insertAdjacentHTML("beforebegin", html)
        self.dialogs.grew(dialog)
        if frame["match_over"]:  # the class match is over: the way back to a kept match
            self.kept.offer(buttons, "beforebegin", "btn")
