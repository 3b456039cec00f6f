"""The Record panel: every hand of the match, a finished hand stepped through, hand records (or a
saved game) imported from a file and stepped through, and a saved game's file played on. The
computer waits while it is open; what it shows comes from the worker's answers."""

import js

from .. import intents, record_panels
from ..board import tile_size
from ..controller import Interaction
from ..door import refusal
from ..words import IMPORT_REFUSED, import_why
from .browser import attr, q
from .link import MAX_FILE, file_intent

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from typing import Any

    from js import Element

    from longana.device.frame import Replay
    from longana.intents import Intent

    from ..door import Made
    from ..i18n import Catalog
    from .host import Host


def refused_words(refused: "Any", cat: "Catalog", saved_game: bool) -> str:
    """The worker's refusal of an imported file, in words (:func:`ui.words.import_why`; one
    that would show what the live game does not: why, and a saved game's way to play on)."""
    code, params = refused["code"], refused["params"]
    if code == "import-live":  # it would show a deal of the match being played
        return cat.t("record.import_class" if params.get("class") else "record.import_live")
    if code == "import-unfinished" and saved_game:  # nothing to step through: play on
        return cat.t("record.saved_game_unfinished")
    return import_why(refused, cat)


class RecordActions:
    def __init__(self, host: "Host") -> None:
        self.ctl = host.ctl
        self.dialogs = host.dialogs
        self.ask = host.ask
        self.settings = host.settings  # the device's (seats and level, should a save not read)
        self.restore = host.restore  # the door takes the game on the table again (its reply)
        self.replace = host.replace  # a game the door resumed takes the table
        self.alert = host.alert
        self.replay: Replay | None = None  # the hand being stepped through (the game's answer)
        self.file: Any = None  # the saved game imported (a File): played on at the person's word
        self.left_out = 0  # hands of the file imported not shown: they had not ended

    async def open(self) -> None:
        """``data-action="record"``: every hand of the match, the finished ones to step
        through, the export (after a hand has finished) and the import."""
        reply = await self.ask(intents.record())
        if reply is None or "record" not in reply or self.ctl.frame is None:
            return
        export = reply.get("export")
        self.dialogs.close(resume=False)
        self.replay = None
        href = self.dialogs.url(export["text"], "application/x-ndjson") if export else None
        frame = self.ctl.frame
        html = record_panels.record_html(
            reply["record"],
            self.ctl.cat,
            frame["deal"],
            href,
            export["name"] if export else "",
            bool(frame.get("class")) and not frame["match_over"],  # reviewed once over
        )
        self.dialogs.open("record", html)
        last = q('[data-dialog="record"] .rec-hand[open]')
        if last is not None:
            last.scrollIntoView(js.JSON.parse('{"block": "nearest"}'))

    async def show_replay(self, intent: "Intent | Made", file: "Any" = None) -> None:
        """A finished or imported hand at a step, in the record's dialog (``file``: the file
        whose import ``intent`` is)."""
        cat = self.ctl.cat
        reply = await self.ask(intent)
        if file is not None:
            said("[data-import-status]", None)
            error = None if reply is None else reply.get("error")
            if reply is None or error is not None:  # the worker failed on it (or its door)
                code = error["code"] if error is not None else ""
                said("[data-import-error]", cat.t(IMPORT_REFUSED.get(code, "record.import_failed")))
                return
            self.file = file if reply.get("saved_game") else None
            self.left_out = int(reply.get("left_out") or 0)
        if reply is None:
            return
        refused = refusal(reply)
        if refused is not None:
            said("[data-import-error]", refused_words(refused, cat, bool(self.file)))
            told("[data-import-detail]", refused["params"].get("detail"))
            shown = q("[data-import-error]")
            if self.file is not None and shown is not None:  # no hand ended yet: it plays on
                html = record_panels.saved_game_html(cat)
                shown.insertAdjacentHTML("afterend", "<div data-import-saved>" + html + "</div>")
            return
        replay = reply.get("replay")
        if replay is None or self.ctl.interaction.dialog != "record":
            return
        play_on = self.file is not None and replay["imported"]
        area, tile = replay_area(replay)
        left_out = self.left_out if replay["imported"] else 0
        html = record_panels.replay_html(replay, cat, area, tile, play_on, left_out)
        dialog = q('[data-dialog="record"]')
        if dialog is not None:
            dialog.innerHTML = html
            dialog.dataset.view = "replay"
        self.replay = replay

    async def replay_hand(self, el: "Element") -> None:
        """``data-action="replay"`` (its ``data-replay-index``): that hand from its start."""
        await self.show_replay(intents.replay(int(attr(el, "data-replay-index") or "0"), 0))

    async def step(self, delta: int) -> None:
        """``step-back``, ``step-forward``: the replay a move back or on."""
        r = self.replay
        if r is None:
            return
        await self.show_replay(intents.replay(r["hand"], r["step"] + delta, r["imported"]))
        way = "back" if delta < 0 else "forward"
        focus = q('[data-dialog="record"] [data-action="step-' + way + '"]')
        if focus is not None and not focus.hasAttribute("disabled"):
            focus.focus()

    async def choose(self, field: "Element") -> None:
        """Another hand of the same record (the replay's hand chooser)."""
        if self.replay is not None:
            hand = int(str(field.value))
            await self.show_replay(intents.replay(hand, 0, self.replay["imported"]))

    async def read_import(self, field: "Element") -> None:
        """A file of hand records or a saved game (the import field's): measured before it is
        read (MAX_FILE), read by JavaScript into the worker's intent; whatever fails is said
        in words."""
        files = field.files
        if files is None or not files.length:
            return
        file = files.item(0)
        cat = self.ctl.cat
        self.file = None
        said("[data-import-error]", None)
        told("[data-import-detail]", None)
        offered = q("[data-import-saved]")  # the last file's offer to play on
        if offered is not None:
            offered.remove()
        if int(file.size) > MAX_FILE:
            said("[data-import-error]", cat.t("record.import_too_large"))
            return
        said("[data-import-status]", cat.t("record.import_reading"))
        intent = await file_intent(intents.import_records(), "text", file)
        if intent is None:
            said("[data-import-status]", None)
            said("[data-import-error]", cat.t("record.import_failed"))
        elif self.ctl.interaction.dialog == "record":
            await self.show_replay(intent, file)

    def play_file(self) -> "Any":
        """``data-action="play-file"``: play on from the saved game imported; asked first
        when it would replace a match under way."""
        frame = self.ctl.frame
        if self.file is None:
            return None
        if frame is not None and frame["log"] > 0:
            self.dialogs.open("play-file", record_panels.play_file_html(self.ctl.cat))
            return None
        return self.play_file_confirmed()

    async def play_file_confirmed(self) -> None:
        """``data-action="play-file-confirm"``: the saved game from the file replaces the
        match on this device, resumed exactly where it was saved (and saved here)."""
        file = self.file
        if file is None:
            return
        s = self.settings()
        start = intents.start(None, s.seats, s.level, target=s.target)
        intent = await file_intent(start, "save", file)
        if intent is None:
            self.alert(self.ctl.cat.t("record.import_failed"))
            return
        reply = await self.ask(intent)
        if reply is None:  # said by the page; the game is as it was
            return
        if "frame" in reply and "corrupt" not in reply:
            self.file = None
            self.replace(reply, None)
            return
        if await self.restore() is not None:  # not a save after all: the device's game again
            self.dialogs.close()
        self.alert(self.ctl.cat.t("record.save_damaged"))


def replay_area(replay: "Replay") -> "tuple[tuple[float, float], int]":
    """The area a replayed board is drawn in (as in ui/style.css) and its tiles' size."""
    width = min(860.0, float(js.window.innerWidth) * 0.96) - 36
    height = 220.0 if float(js.window.innerWidth) < 600 else 260.0
    board = replay["position"]["board"]
    return (width, height), tile_size(board, Interaction(), width, height)  # South at the bottom


def told(where: str, detail: "str | None") -> None:
    """The engine's own words on a file it refused (English) in the folded ``<details>``
    ``where``, or None: hidden."""
    el = q(where)
    if el is not None:
        el.hidden = not detail
        text = el.querySelector("p")
        if text is not None:
            text.textContent = detail or ""


def said(where: str, words: "str | None") -> None:
    """``words`` in the record panel's element ``where``, shown (scrolled to: on a phone the
    import's line is below the hands), or None: hidden."""
    el = q(where)
    if el is not None:
        el.textContent = words or ""
        el.hidden = words is None
        if words is not None:
            el.scrollIntoView(js.JSON.parse('{"block": "center"}'))
