"""The review of the match on the page: the people's decisions, judged by the game worker one
step at a time (the ``review`` intent, ``longana/device/review.py``), listed in the dialog
``review`` (Record → Review, or a hand's end for that hand) as they come, with how far it is.

It runs in the background and never comes before the game: a step is asked only while the
worker is free (``free``: nothing asked or waiting, no computer move thinking or due), so
anything the game asks waits at most for the step under way (about one hint's time). It goes
on with its dialog closed until every decision is in or it is stopped; a hand's end weighs
that hand's decisions while its dialog is up. Each run asks from the first step again: the
worker keeps what it judged, so the steps shown come back at once, checked against the match
as it is now (an undo, a new hand, another match).

A step the worker cannot weigh (its error) stops the run and is said, with Try again, which
goes on from that step; so is one whose worker died twice on it. A worker that dies under a
step is replaced with the game as it was (ui/dom/link.py), and the run goes on from that step:
nothing judged before it is asked again.

A decision, by Enter or a tap, shows its position with the explanation the person would have
had then (the ``replay`` intent), and Back the list again. A class match is reviewed only once
it is over (the worker refuses ``class-not-over`` before; the page does not offer it then).

Why this room is a little over 400 lines: the run, the list drawn as it grows and the person's
acts on it share one state (what is found, which run is current); split, each would reach into
the others'."""

import asyncio

from .. import intents
from ..door import refusal
from ..html import h
from ..review_graded import summaries_html
from ..review_panel import (
    decision_html,
    hand_html,
    none_key,
    offer_html,
    position_html,
    progress_html,
    refused_words,
    review_panel,
    several_people,
    summary_html,
    weighing_html,
)
from .browser import attr, closest, focus, q, q_all, rove
from .practice import Practice, shown_items
from .record_actions import replay_area

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from typing import Any

    from js import Element, Event

    from longana.device.frame import Frame

    from .host import Host

DIALOG = '[data-dialog="review"]'
WAIT = 0.05  # seconds between looks at whether the game has left the worker free
RUN, STOPPED, DONE = "run", "stopped", "done"


def locked(frame: "Frame") -> bool:
    """A class match is reviewed only once it is over (results must compare)."""
    return bool(frame.get("class")) and not frame["match_over"]


def same(a: "Any", b: "Any") -> bool:
    return bool(a["hand"] == b["hand"] and a["turn"] == b["turn"] and a["move"] == b["move"])


def last_hand(box: "Element") -> "Element | None":
    """The last hand's section of the list (its decisions carry ``data-review-hand`` too)."""
    sections = box.querySelectorAll("section[data-review-hand]")
    return sections.item(sections.length - 1) if sections.length else None


class Review:
    def __init__(self, host: "Host") -> None:
        self.ctl = host.ctl
        self.dialogs = host.dialogs
        self.ask = host.ask  # the page's one call to the game
        self.free = host.free  # whether the game leaves the door to the review now
        self.hand: int | None = None  # what is reviewed: one hand (from 0), or the match
        self.deal: str | None = None  # of the match reviewed
        self.found: list[Any] = []  # the decisions judged, in order
        self.count = 0  # the decisions to judge
        self.state = DONE
        self.gen = 0  # bumped by every new run or stop: an older run ends
        self.background = False  # the person asked for it: it goes on with its dialog closed
        self.then_match = False  # a hand's end took the worker from the match's review
        self.viewing: Any = None  # the decision whose position is shown
        self.failed = False  # the worker could not weigh the step the run stopped at
        self.resume: Any = None  # (step, match as it was) a failed run goes on from
        self.summary: dict[str, Any] = {}  # per seat letter, of the decisions judged so far
        self.only = False  # "mistakes only": the list shows the costly decisions
        self.practice = Practice(self)

    # -- running -------------------------------------------------------------------------------

    def begin(self, hand: "int | None", background: bool, start: int = 0) -> None:
        """A run over the decisions of ``hand`` (or of the match), from step ``start``."""
        frame = self.ctl.frame
        deal = frame["deal"] if frame else None
        if hand != self.hand or deal != self.deal:
            self.hand, self.deal, self.found, self.count = hand, deal, [], 0
        self.background = background
        self.failed = False
        self.gen += 1
        self.state = RUN
        asyncio.create_task(self.run(self.gen, start))

    def wanted(self) -> bool:
        """Someone waits for the run: its dialog, a hand's end offering it, or the person who
        opened it and did not stop it."""
        return self.background or self.shown() or q("[data-review-offer]") is not None

    def shown(self) -> bool:
        return self.ctl.interaction.dialog == "review"

    async def run(self, gen: int, k: int = 0) -> None:
        lost = -1  # the step a worker died under (asked once more, then said)
        while gen == self.gen:
            while not self.free() and self.wanted():  # the game goes first
                await asyncio.sleep(WAIT)
                if gen != self.gen:
                    return
            if not self.wanted():  # nobody waits for it (a hand's end went by)
                self.state = STOPPED
                self.match_again()
                return
            reply = await self.ask(intents.review(k, self.hand))
            if gen != self.gen:
                return
            if reply is None:  # the worker died under it (replaced), or none can answer
                if lost == k or q('[data-dialog="error"]') is not None:
                    self.fail(k)
                    return
                lost = k  # the new worker has the game as it was: this step again
                continue
            refused = refusal(reply)
            if refused is not None:
                self.refused(refused["code"])
                return
            if "review" not in reply:
                error = reply.get("error")
                code = error["code"] if error is not None else ""
                if code not in ("bad-step", "bad-hand") or k == 0:
                    self.fail(k)  # the worker could not weigh it: said, with Try again
                    return
                k = 0  # no such step: the match changed under the run
                continue
            step = reply["review"]
            self.summary = step.get("summary") or {}
            self.take(k, step["count"], step["decision"])
            k += 1
            if k >= self.count:
                self.finished()
                return

    def take(self, k: int, count: int, decision: "Any") -> None:
        """Step ``k``'s answer: a decision already shown is checked (the match may have
        changed: an undo, another match), a new one is added."""
        found = self.found
        redraw = count < len(found)
        if decision is not None and k < len(found) and not same(found[k], decision):
            redraw = True
        if redraw:
            del found[k:]
        self.count = count
        if decision is not None and k == len(found):
            found.append(decision)
            if not redraw:
                self.landed(decision)
        if redraw:
            self.draw()
        self.progress()

    def finished(self) -> None:
        self.state = DONE
        box = self.box()
        if box is not None:
            if self.found:
                self.sum_last(box)
                self.sum_people(box)
            else:
                self.draw()  # nothing to review: said why
            self.say(self.ctl.cat.plural("review.done", self.count))
        self.fill_offer()
        self.match_again()

    def fail(self, k: int) -> None:
        """The worker could not weigh step ``k``: the run stops there, said (in the list, in a
        hand's end's offer), and Try again goes on from it."""
        frame = self.ctl.frame
        self.state, self.failed, self.background, self.then_match = STOPPED, True, False, False
        self.resume = (k, frame["deal"] if frame else None, frame["log"] if frame else None)
        words = self.progress_words()
        offer = q("[data-review-offer]")
        if offer is not None:
            offer.innerHTML = str(h("p", {"data-review-failed": True}, words))
        self.draw()
        self.say(words)

    def match_again(self) -> None:
        """The match's review, which a hand's end interrupted, goes on."""
        if self.then_match:
            self.then_match = False
            self.begin(None, True)

    def refused(self, code: str) -> None:
        """The worker will not review (a class match not over): said in the dialog."""
        self.state = DONE
        self.background = False
        offer = q("[data-review-offer]")
        if offer is not None:
            offer.remove()
        box = self.box()
        if box is not None:
            words = refused_words(code, self.ctl.cat)
            box.innerHTML = str(h("p", {"class": "review-none"}, words))

    # -- the person's acts ----------------------------------------------------------------------

    async def open(self, el: "Element | None" = None) -> None:
        """``data-action="review"``: the review of the match, or of the hand ``data-review-hand``
        names (from a hand's end), as far as it is; it runs until every decision is in."""
        frame = self.ctl.frame
        if frame is None:
            return
        text = attr(el, "data-review-hand")
        hand = int(text) if text else None
        if locked(frame):
            self.dialogs.open("review", self.panel())
            self.refused("class-not-over")
            return
        if self.state != RUN or hand != self.hand or frame["deal"] != self.deal:
            self.begin(hand, True)
        self.background = True
        self.then_match = False
        self.dialogs.open("review", self.panel())
        self.viewing = None
        focus(DIALOG + ' [data-decision][tabindex="0"]')

    def stop(self) -> None:
        """``review-stop``: no further step is asked (the one under way ends first)."""
        self.gen += 1
        self.state = STOPPED
        self.background = False
        self.then_match = False
        self.progress()
        focus(DIALOG + ' [data-action="review-go"]')
        self.say(self.progress_words())

    def go_on(self) -> None:
        """``review-go``: a stopped review goes on (Try again: from the step the worker could
        not weigh, while the match is as it was)."""
        frame, start = self.ctl.frame, 0
        if self.failed and frame is not None and self.resume is not None:
            k, deal, log = self.resume
            start = k if (deal, log) == (frame["deal"], frame["log"]) else 0
        was_failed = self.failed
        self.begin(self.hand, True, start)
        if was_failed:
            self.draw()  # the failure's words go
        self.progress()
        focus(DIALOG + ' [data-action="review-stop"]')

    async def show(self, el: "Element") -> None:
        """``review-show`` (a decision, by Enter or a tap): its position, every hand face up,
        with the explanation the person would have had then."""
        hand, turn = int(attr(el, "data-review-hand") or "0"), int(attr(el, "data-turn") or "0")
        decision = next((d for d in self.found if d["hand"] == hand and d["turn"] == turn), None)
        if decision is None:
            return
        reply = await self.ask(intents.replay(hand, turn))
        dialog = q(DIALOG)
        if reply is None or "replay" not in reply or dialog is None or not self.shown():
            return
        area, tile = replay_area(reply["replay"])
        dialog.innerHTML = position_html(
            decision, reply["replay"], self.ctl.cat, area, tile, self.seats()
        )
        dialog.dataset.view = "position"
        self.viewing = decision
        self.dialogs.grew(dialog)
        verdict = dialog.querySelector(".review-verdict")
        if verdict is not None:
            verdict.setAttribute("tabindex", "-1")
            verdict.focus()

    def back(self) -> None:
        """``review-back``: the list again, the decision shown in focus."""
        dialog, seen = q(DIALOG), self.viewing
        if dialog is None:
            return
        dialog.innerHTML = self.panel()
        dialog.dataset.view = "list"
        self.dialogs.grew(dialog)
        self.viewing = None
        if seen is None:
            return
        items = q_all(DIALOG + " [data-decision]")
        for el in items:
            here = attr(el, "data-review-hand") == str(seen["hand"])
            here = here and attr(el, "data-turn") == str(seen["turn"])
            el.setAttribute("tabindex", "0" if here else "-1")
            if here:
                el.focus()
                el.scrollIntoView()

    def on_key(self, event: "Event", key: str) -> None:
        """Keys in the dialog: the arrows, Home and End move through the decisions (or the
        moves of a position's explanation); Enter or Space on a decision shows it."""
        item = closest(event.target, "[data-decision], [data-hint-move]")
        if item is None:
            return
        kind = "[data-decision]" if item.hasAttribute("data-decision") else "[data-hint-move]"
        items = shown_items(self) if kind == "[data-decision]" else q_all(DIALOG + " " + kind)
        if rove(event, key, item, items):
            return
        if key in ("Enter", " ") and kind == "[data-decision]" and event.target == item:
            event.preventDefault()
            asyncio.create_task(self.show(item))

    # -- a hand's end ---------------------------------------------------------------------------

    def offer(self, dialog: "Element", frame: "Frame") -> None:
        """At a hand's end (or the match's) with people at the device: that hand's decisions
        weighed while its dialog is up, then what they cost and its review offered."""
        buttons = dialog.querySelector(".dlg-buttons")
        if locked(frame) or buttons is None:
            return
        buttons.insertAdjacentHTML("beforebegin", weighing_html(self.ctl.cat))
        self.dialogs.grew(dialog)
        hand = frame["hand_number"] - 1
        if self.state == RUN and self.background and self.hand is None:
            self.then_match = True  # the match's review goes on once this hand is in
        self.begin(hand, False)

    def fill_offer(self) -> None:
        offer = q("[data-review-offer]")
        if offer is None or self.hand is None:
            return
        if not self.found:  # no decision in this hand: nothing to offer
            offer.remove()
            return
        frame = self.ctl.frame
        over = frame is not None and frame["match_over"]
        offer.innerHTML = offer_html(self.found, self.hand, self.ctl.cat, over)

    # -- drawing --------------------------------------------------------------------------------

    def seats(self) -> bool:
        return several_people(self.ctl.frame)

    def panel(self) -> str:
        top = ""
        if self.found and len(self.found) >= self.count:
            top = summaries_html(self.summary, self.found, self.ctl.cat, self.seats(), self.only)
        return review_panel(
            self.found,
            self.count,
            self.ctl.cat,
            self.hand,
            self.seats(),
            self.state == STOPPED,
            none_key(self.ctl.frame, self.state == RUN),
            self.failed,
            top,
            self.only,
        )

    def box(self) -> "Element | None":
        """The list on screen (its dialog open, not showing a position), or None."""
        if not self.shown() or self.viewing is not None:
            return None
        return q(DIALOG + " [data-review]")

    def draw(self) -> None:
        """The whole list again (the match changed under the run)."""
        dialog = q(DIALOG)
        if self.box() is not None and dialog is not None:
            dialog.innerHTML = self.panel()
            self.dialogs.grew(dialog)

    def landed(self, decision: "Any") -> None:
        """A new decision at the list's end (the last hand's summary once the next begins)."""
        box = self.box()
        if box is None:
            return
        cat, seats = self.ctl.cat, self.seats()
        last = last_hand(box)
        if last is not None and attr(last, "data-review-hand") == str(decision["hand"]):
            listed = last.querySelector("ol")
            if listed is not None:
                listed.insertAdjacentHTML("beforeend", decision_html(decision, cat, seats))
        else:
            self.sum_last(box)
            box.insertAdjacentHTML("beforeend", hand_html([decision], cat, seats, False))
        none = box.querySelector(".review-none")
        if none is not None:
            none.remove()
        if box.querySelector('[data-decision][tabindex="0"]') is None:
            first = box.querySelector("[data-decision]")
            if first is not None:
                first.setAttribute("tabindex", "0")

    def sum_last(self, box: "Element") -> None:
        """The last hand listed is all in: its summary."""
        last = last_hand(box)
        listed = last.querySelector("ol") if last is not None else None
        if last is None or listed is None or last.querySelector(".review-summary") is not None:
            return
        hand = attr(last, "data-review-hand")
        group = [d for d in self.found if str(d["hand"]) == hand]
        listed.insertAdjacentHTML("beforebegin", summary_html(group, self.ctl.cat))

    def sum_people(self, box: "Element") -> None:
        """Every decision is in: each person's summary above the list."""
        if box.querySelector("[data-review-people]") is None:
            top = summaries_html(self.summary, self.found, self.ctl.cat, self.seats(), self.only)
            said = box.querySelector("[data-review-said]")
            if said is not None and top:
                said.insertAdjacentHTML("afterend", top)

    def progress(self) -> None:
        """How far it is, in place (its button keeps the focus); gone once all are in."""
        box = self.box()
        if box is None:
            return
        bar = box.querySelector("[data-review-progress]")
        k, n = len(self.found), self.count
        if k >= n:
            if bar is not None:
                bar.remove()
            return
        stopped = self.state == STOPPED
        if bar is None or (bar.querySelector('[data-action="review-go"]') is not None) != stopped:
            if bar is not None:
                bar.remove()
            html = progress_html(k, n, self.ctl.cat, stopped, self.failed)
            box.insertAdjacentHTML("afterbegin", html)
            return
        bar.dataset.k, bar.dataset.n = str(k), str(n)
        words = bar.querySelector("p")
        if words is not None:
            words.textContent = self.progress_words()
        meter = bar.querySelector("progress")
        if meter is not None:
            meter.setAttribute("max", str(max(n, 1)))
            meter.setAttribute("value", str(k))

    def progress_words(self) -> str:
        cat = self.ctl.cat
        if self.failed and not self.count:
            return cat.t("review.failed")
        key = "review.stopped" if self.state == STOPPED else "review.progress"
        key = "review.failed_at" if self.failed else key
        return cat.plural(key, self.count, k=str(len(self.found)))

    def say(self, words: str) -> None:
        """Said once to a screen reader (the start is the dialog's; the end; a stop)."""
        said = q(DIALOG + " [data-review-said]")
        if said is not None:
            said.textContent = words
