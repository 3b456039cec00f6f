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

from .. import kept_match
from ..storage import KEPT, SAVE_LIMIT, Refused
from .browser import q


class KeptMatch:
    def __init__(self, page, ctl):
        self.page = page
        self.ctl = ctl
        self.asking = None  # the class code the question is about (start-up)
        self.pending = None  # (code, class-start reply) waiting for the player's word
        self.replacing = False  # another match kept is to be saved as a file first

    # -- the kept match in storage --------------------------------------------------------------

    def read(self):
        """The kept match's save text, or None (none, too large to be one, or storage refused)."""
        store = self.page.store
        try:
            if store.size(KEPT) > SAVE_LIMIT:
                return None
            return store.get(KEPT)
        except Refused:
            return None

    def class_start(self, code):
        """The intent that starts the class match ``code``, or resumes it when it is the match
        kept."""
        kept = self.read()
        save = kept if kept_match.kept_class(kept) else None
        return {"do": "class-start", "code": code, "save": save, "holder": None}

    def keep(self, code, reply, replace=False):
        """Before the class match of ``reply`` replaces the game on the table: an ordinary match
        in progress is kept (True: go on). False when another ordinary match is kept already,
        or storage refused: the player is asked to save that one (or this one) as a file
        first, or to stay. ``replace``: the other match kept was saved as a file."""
        page = self.page
        reply.pop("replaced", None)  # not a deal from the address: a class match
        reply.pop("corrupt", None)  # a kept class match that does not read: a new one starts
        current = page.saves.text
        if not kept_match.worth_keeping(self.ctl.frame) or current is None:
            if reply.get("resumed") and kept_match.kept_class(self.read()):
                page.store.forget(KEPT)  # the kept class match is on the table again
            return True
        other = None if replace else self.read()
        if other is not None and other != current and not kept_match.kept_class(other):
            self.refuse(code, reply, other, True)
            return False
        if page.store.put(KEPT, current):
            return True
        self.refuse(code, reply, current, False)
        return False

    def refuse(self, code, reply, text, replacing):
        """The question again, with the match ``text`` to save as a file before joining:
        another match kept already (``replacing``), or this one, which the device cannot keep."""
        page = self.page
        self.pending, self.replacing = (code, reply), replacing
        page.close_dialog(resume=False)  # it would revoke the file's address made for the next
        href = page.url(text, "application/json")
        hand = self.ctl.frame["hand_number"]
        html = kept_match.question_html(self.ctl.cat, code, hand, href, replacing)
        page.open_dialog("class-link", html, cancellable=False)

    # -- start-up with ?class= ------------------------------------------------------------------

    async def first_reply(self, code, save):
        """The first reply to show for the address's class code (None: no worker answered)."""
        page = self.page
        if save is None:  # nothing to lose (a class match kept may come back)
            return await self.start_class(code)
        reply = await page.ask({"do": "class-start", "code": code, "save": save, "holder": None})
        if reply is None or "refused" in reply or not reply.pop("replaced", False):
            return reply  # refused, that class match resumed, or a broken save (set aside)
        mine = await page.ask(start_intent(page, save))  # the saved game, as it is
        if mine is None:
            return None
        if kept_match.worth_keeping(mine.get("frame")):
            self.asking = code
            return mine
        return await self.start_class(code)  # a finished match, or nothing played

    async def start_class(self, code):
        """The class match ``code`` started, or resumed when it is the match kept (which then
        is no longer kept: it is on the table)."""
        intent = self.class_start(code)
        reply = await self.page.ask(intent)
        if reply is None or "refused" in reply:
            return reply
        reply.pop("replaced", None)
        reply.pop("corrupt", None)  # a kept save that does not read stays where it is
        if intent["save"] is not None and reply.get("resumed"):
            self.page.store.forget(KEPT)
        return reply

    def ask(self):
        """The question over the match just resumed (start-up)."""
        code, self.asking = self.asking, None
        html = kept_match.question_html(self.ctl.cat, code, self.ctl.frame["hand_number"])
        self.page.open_dialog("class-link", html, cancellable=False)
        self.pending = (code, None)

    # -- the player's word ------------------------------------------------------------------------

    async def join(self):
        """``data-action="class-link-join"``: the class match (the match kept first); after the
        other match kept was saved as a file, this one kept in its place; after the device
        refused to keep this one and its file was saved, without keeping it."""
        if self.pending is None:
            return
        code, reply = self.pending
        replacing, self.pending, self.replacing = self.replacing, None, False
        classes = self.page.classes
        if reply is None:
            await classes.join(code)
        elif not replacing or self.keep(code, reply, replace=True):
            await classes.joined(code, reply)

    async def stay(self):
        """``data-action="class-link-stay"``: the match goes on; the class link is not used."""
        page = self.page
        reply = self.pending[1] if self.pending else None
        self.pending, self.replacing = None, False
        # the worker started the class match (the device could not keep this one): the game again
        if reply is not None and await page.ask(page.restore()) is None:
            return
        page.close_dialog()
        drop_class()

    def file_saved(self):
        """``a[data-action="kept-file"]`` pressed: joining without keeping may go on."""
        el = q('[data-dialog="class-link"] [data-action="class-link-join"]')
        if el is not None:
            el.removeAttribute("disabled")

    # -- the way back -----------------------------------------------------------------------------

    def offer(self, where, position="afterend", style="btn primary"):
        """The way back (``[data-kept-match]``) at ``position`` of ``where`` (an element of
        a dialog), when a match is kept."""
        kept = self.read()
        if kept is None or where is None or q("[data-kept-match]") is not None:
            return
        html = kept_match.back_html(self.ctl.cat, kept_match.kept_class(kept), style)
        where.insertAdjacentHTML(position, html)

    async def back(self):
        """``data-action="kept-match"``: the kept match on the table again, as saved; the match
        left is kept in its place while in progress (never lost without the player's word)."""
        page, cat = self.page, self.ctl.cat
        kept, current, frame = self.read(), page.saves.text, self.ctl.frame
        if kept is None:
            return
        swap = kept_match.in_progress(frame) and current is not None
        if swap and not page.store.put(KEPT, current):
            if not js.window.confirm(cat.t("kept.lose")):
                return
            swap = False
        reply = await page.ask(start_intent(page, kept))
        if reply is None:
            return
        if "corrupt" in reply:  # never applied over the game on the table
            page.store.put(KEPT, kept)
            await page.ask(page.restore())
            page.notice("kept.unreadable", "kept-unreadable")
            return
        if not swap:
            page.store.forget(KEPT)
        page.holder = None
        reply.pop("resumed", None)
        page.apply(reply, cat.t("kept.back_words"), close=True)
        drop_class()


def start_intent(page, save):
    """The intent that resumes ``save`` (nobody holds the device yet)."""
    s = page.settings
    return {"do": "start", "save": save, "seats": s.seats, "level": s.level, "deal": None}


def drop_class():
    """The address without ``?class=``: a reload resumes the game on the table, asking nothing."""
    location = js.location
    query = kept_match.without(str(location.search), "class")
    url = str(location.pathname) + query + str(location.hash)
    js.history.replaceState(js.history.state, "", url)
