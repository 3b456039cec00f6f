"""The matches played on this device (Record → History): each finished match is remembered
once (its date, level, winner, target and the totals after each hand) under
``longana:history``; the person may delete them. Seats are numbers there (0–3 for S, E, N, W),
as since its first release."""

import json

import js

from .. import intents
from ..history_panel import history_html, read_history
from ..notation import SEATS
from ..storage import CORRUPT_KEPT, CORRUPT_SET_ASIDE, HISTORY
from .browser import warn

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from typing import Any

    from longana.device.frame import Frame

    from .host import Host

KEPT = 100  # matches remembered


class History:
    def __init__(self, host: "Host") -> None:
        self.ctl = host.ctl
        self.store = host.store
        self.dialogs = host.dialogs
        self.ask = host.ask
        self.notice = host.notice
        self.skipped = False  # some of the history did not read: to say when the panel opens
        self.stuck = False  # it could not be set aside (storage full): said once a visit

    async def remember(self, frame: "Frame") -> None:
        """The finished match of ``frame``, once."""
        reply = await self.ask(intents.record())
        if reply is None or "record" not in reply:
            return
        finished = [h for h in reply["record"] if h["result"] is not None]
        totals = [[h["scores_after"][s] for s in SEATS] for h in finished]
        entries, said = self.read()
        if said == CORRUPT_KEPT:  # out of bounds, and no room to set it aside: not written over
            return
        key = frame["deal"] + ":" + str(frame["log"])
        if any(e.get("key") == key for e in entries):
            return
        entries.append(
            {
                "key": key,
                "date": str(js.Date.new().toISOString())[:10],
                "deal": frame["deal"],
                "level": frame["level"],
                "winner": SEATS.index(frame["winner"] or "S"),
                "people": [i for i, s in enumerate(SEATS) if frame["seats"][s] == "person"],
                "target": frame["rules"]["target"],
                "totals": totals,
            }
        )
        if not self.store.put(HISTORY, json.dumps(entries[-KEPT:])):
            warn("history not kept")  # full or refused: said, and the game goes on
            self.notice("history.not_kept", "history-not-kept")

    def read(self) -> "tuple[list[Any], Any]":
        """The matches that read, within the game's bounds, and what the store did: an entry of
        another shape or out of range is left out, and the history as it was set aside once
        (said when the panel opens)."""
        entries, said = self.store.read_bounded(HISTORY, read_history)
        if said == CORRUPT_SET_ASIDE or (said == CORRUPT_KEPT and not self.stuck):
            self.skipped = True
            self.stuck = said == CORRUPT_KEPT
        return list(entries), said

    def open(self) -> None:
        entries, _ = self.read()
        self.dialogs.open("history", history_html(self.ctl.cat, entries))
        if self.skipped:
            self.skipped = False
            self.notice("history.skipped", "history-skipped")

    def delete(self) -> None:
        self.store.forget(HISTORY)
        self.dialogs.close()
        self.notice("history.deleted", "history-deleted")
