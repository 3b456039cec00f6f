"""A class link over a match in progress (issue 22): the page asks first, and the match is kept
under ``longana:kept-match`` to come back to.

At start-up with ``?class=CODE``, :meth:`KeptMatch.first_reply` resumes the save when it is that
class match (or starts the class match when there is nothing to lose: a fresh device, a
finished match); over an ordinary match in progress it resumes that match and asks
(``data-dialog="class-link"``): join (the match is kept first: :meth:`keep`) or keep playing
(the address loses ``?class=``, so a reload does not ask again). Joining from Settings keeps the
match the same way. :meth:`back` swaps the two: the kept match comes back exactly as saved,
and the match left is kept in its place while it is in progress. A kept match that cannot be
stored is never lost silently: the player saves it as a file first, or stays.
"""

import js

from .. import intents
from .. import kept_match as kept_rules
from ..storage import CORRUPT_SET_ASIDE, KEPT
from .browser import q

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from js import Element

    from longana.intents import ClassStart, Start
    from longana.replies import Reply

    from .host import Host


class KeptMatch:
    def __init__(self, host: "Host") -> None:
        self.ctl = host.ctl
        self.store = host.store
        self.dialogs = host.dialogs
        self.ask = host.ask
        self.settings = host.settings  # the device's (seats and level of a new match)
        self.current = host.current  # the save of the game on the table
        self.restore = host.restore  # the door takes the game on the table again (its reply)
        self.replace = host.replace  # a game the door resumed takes the table (with words)
        self.notice = host.notice
        self.question: str | None = None  # the class code the question is about (start-up)
        self.pending: tuple[str, Reply | None] | None = None  # (code, class-start reply) to answer
        self.replacing = False  # another match kept is to be saved as a file first

    # -- the kept match in storage --------------------------------------------------------------

    def read(self) -> "str | None":
        """The kept match's save text, or None (none, or storage refused). One that is no save
        of this game (too large, no JSON, a class code that is none) is set aside, and said."""
        (text, _), said = self.store.read_bounded(KEPT, kept_rules.read_kept_match)
        if said == CORRUPT_SET_ASIDE:
            self.notice("kept.unreadable", "kept-unreadable")
        kept: str | None = text
        return kept

    def unreadable(self, text: "str | None") -> None:
        """The worker could not load the kept match ``text``: set aside (never written over),
        and said."""
        if text is not None:
            self.store.set_aside(text, KEPT)
        self.notice("kept.unreadable", "kept-unreadable")

    def resume(self, save: "str | None") -> "Start":
        """The intent that resumes ``save`` (nobody holds the device yet)."""
        s = self.settings()
        return intents.start(save, s.seats, s.level, target=s.target)

    def class_start(self, code: str) -> "ClassStart":
        """The intent that starts the class match ``code``, or resumes it when it is the match
        kept."""
        kept = self.read()
        return intents.class_start(code, kept if kept_rules.kept_class(kept) else None)

    def started(self, intent: "ClassStart", reply: "Reply") -> None:
        """The worker's reply to :meth:`class_start`'s ``intent``: a kept match it could not
        load is set aside before anything is written over it (a new class match starts)."""
        reply.pop("replaced", None)  # not a deal from the address: a class match
        if "corrupt" in reply:
            reply.pop("corrupt")
            self.unreadable(intent["save"])

    def keep(self, code: str, reply: "Reply", replace: bool = False) -> bool:
        """Before the class match of ``reply`` replaces the game on the table: a match in
        progress, ordinary or of another class, is kept (True: go on). False when another
        match is kept already, or storage refused: the player is asked to save that one (or
        this one) as a file first, or to stay. ``replace``: the other match kept was saved
        as a file."""
        current = self.current()
        joined = reply["class"]["code"] if "class" in reply else code
        if not kept_rules.worth_keeping(self.ctl.frame, joined) or current is None:
            if reply.get("resumed") and kept_rules.kept_class(self.read()) == joined:
                self.store.forget(KEPT)  # the kept class match is on the table again
            return True
        other = None if replace else self.read()
        if other is not None and other != current and kept_rules.kept_class(other) != joined:
            self.refuse(code, reply, other, True)
            return False
        if self.store.put(KEPT, current):
            return True
        self.refuse(code, reply, current, False)
        return False

    def refuse(self, code: str, reply: "Reply", text: str, replacing: bool) -> None:
        """The question again, with the match ``text`` to save as a file before joining:
        another match kept already (``replacing``), or this one, which the device cannot keep."""
        self.pending, self.replacing = (code, reply), replacing
        self.dialogs.close(resume=False)  # it would revoke the file's address made for the next
        href = self.dialogs.url(text, "application/json")
        hand = self.ctl.frame["hand_number"] if self.ctl.frame else 1
        html = kept_rules.question_html(self.ctl.cat, code, hand, href, replacing)
        self.dialogs.open("class-link", html, cancellable=False)

    # -- start-up with ?class= ------------------------------------------------------------------

    async def first_reply(self, code: str, save: "str | None") -> "Reply | None":
        """The first reply to show for the address's class code (None: no worker answered)."""
        if save is None:  # nothing to lose (a class match kept may come back)
            return await self.start_class(code)
        reply = await self.ask(intents.class_start(code, save))
        if reply is None or "refused" in reply or not reply.pop("replaced", False):
            return reply  # refused, that class match resumed, or a broken save (set aside)
        mine = await self.ask(self.resume(save))  # the saved game, as it is
        if mine is None:
            return None
        if kept_rules.worth_keeping(mine.get("frame"), reply["class"]["code"]):
            self.question = code
            return mine
        return await self.start_class(code)  # a finished match, or nothing played

    async def start_class(self, code: str) -> "Reply | None":
        """The class match ``code`` started, or resumed when it is the match kept (which then
        is no longer kept: it is on the table)."""
        intent = self.class_start(code)
        reply = await self.ask(intent)
        if reply is None or "refused" in reply:
            return reply
        self.started(intent, reply)
        if intent["save"] is not None and reply.get("resumed"):
            self.store.forget(KEPT)  # on the table: no longer kept
        return reply

    def open_question(self) -> None:
        """The question over the match just resumed (start-up), if there is one."""
        code, self.question = self.question, None
        if code is None or self.ctl.frame is None:
            return
        html = kept_rules.question_html(self.ctl.cat, code, self.ctl.frame["hand_number"])
        self.dialogs.open("class-link", html, cancellable=False)
        self.pending = (code, None)

    # -- the player's word ------------------------------------------------------------------------

    def joining(self) -> "tuple[str, Reply | None] | None":
        """``data-action="class-link-join"``: the class match to join, as ``(code, the
        class-start reply, or None: to ask for)``, the match kept first; after the other match
        kept was saved as a file, this one is kept in its place; after the device refused to
        keep this one and its file was saved, it is joined without keeping it."""
        if self.pending is None:
            return None
        code, reply = self.pending
        replacing, self.pending, self.replacing = self.replacing, None, False
        if reply is None or not replacing or self.keep(code, reply, replace=True):
            return code, reply
        return None

    async def stay(self) -> None:
        """``data-action="class-link-stay"``: the match goes on; the class link is not used."""
        reply = self.pending[1] if self.pending else None
        self.pending, self.replacing = None, False
        # the worker started the class match (the device could not keep this one): the game again
        if reply is not None and await self.restore() is None:
            return
        self.dialogs.close()
        drop_class()

    def file_saved(self) -> None:
        """``a[data-action="kept-file"]`` pressed: joining without keeping may go on."""
        el = q('[data-dialog="class-link"] [data-action="class-link-join"]')
        if el is not None:
            el.removeAttribute("disabled")

    # -- the way back -----------------------------------------------------------------------------

    def offer(
        self, where: "Element | None", position: str = "afterend", style: str = "btn primary"
    ) -> None:
        """The way back (``[data-kept-match]``) at ``position`` of ``where`` (an element of
        a dialog), when a match is kept."""
        kept = self.read()
        if kept is None or where is None or q("[data-kept-match]") is not None:
            return
        html = kept_rules.back_html(self.ctl.cat, kept_rules.kept_class(kept), style)
        where.insertAdjacentHTML(position, html)

    async def back(self) -> None:
        """``data-action="kept-match"``: the kept match on the table again, as saved; the match
        left is kept in its place while in progress (never lost without the player's word)."""
        cat = self.ctl.cat
        kept, current = self.read(), self.current()
        if kept is None:
            return
        swap = kept_rules.in_progress(self.ctl.frame) and current is not None
        if swap and current is not None and not self.store.put(KEPT, current):
            if not js.window.confirm(cat.t("kept.lose")):
                return
            swap = False
        reply = await self.ask(self.resume(kept))
        if reply is None:
            return
        if "corrupt" in reply:  # never applied over the game on the table: set aside instead
            self.unreadable(kept)  # (the match on the table goes on)
            await self.restore()
            return
        if not swap:
            self.store.forget(KEPT)
        reply.pop("resumed", None)
        self.replace(reply, cat.t("kept.back_words"))
        drop_class()


def drop_class() -> None:
    """The address without ``?class=``: a reload resumes the game on the table, asking nothing."""
    location = js.location
    query = kept_rules.without(str(location.search), "class")
    url = str(location.pathname) + query + str(location.hash)
    js.history.replaceState(js.history.state, "", url)
