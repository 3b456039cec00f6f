"""The matches played on this device (Record → History): each finished match is remembered
once (its date, level, winner and the totals after each hand) under ``longana:history``; the
person may delete them. Seats are numbers there (0–3 for S, E, N, W), as since its first
release."""

import json

import js

from .. import class_panels
from ..notation import SEATS
from ..storage import HISTORY, history_entries
from .browser import warn

KEPT = 100  # matches remembered


class History:
    def __init__(self, page, ctl):
        self.page = page
        self.ctl = ctl
        self.skipped = 0  # entries of the history that did not read

    async def remember(self):
        """Once per finished match."""
        frame = self.ctl.frame
        reply = await self.page.ask({"do": "record"})
        if reply is None or "record" not in reply:
            return
        finished = [h for h in reply["record"] if h["result"] is not None]
        totals = [[h["scores_after"][s] for s in SEATS] for h in finished]
        entries = self.entries()
        key = frame["deal"] + ":" + str(frame["log"])
        if any(e.get("key") == key for e in entries):
            return
        entries.append(
            {
                "key": key,
                "date": str(js.Date.new().toISOString())[:10],
                "deal": frame["deal"],
                "level": frame["level"],
                "winner": SEATS.index(frame["winner"]),
                "people": [i for i, s in enumerate(SEATS) if frame["seats"][s] == "person"],
                "totals": totals,
            }
        )
        if not self.page.store.put(HISTORY, json.dumps(entries[-KEPT:])):
            warn("history not kept")  # full or refused: the game goes on

    def entries(self):
        """The matches that read; an entry of another shape is skipped (and counted)."""
        try:
            text = self.page.store.get(HISTORY)
        except Exception:  # noqa: BLE001 - refused: no history
            text = None
        entries, self.skipped = history_entries(text)
        return entries

    def open(self):
        self.page.open_dialog("history", class_panels.history_html(self.ctl.cat, self.entries()))
        if self.skipped:
            self.page.notice("history.skipped", "history-skipped")

    def delete(self):
        self.page.store.forget(HISTORY)
        self.page.close_dialog()
        self.page.notice("history.deleted", "history-deleted")
