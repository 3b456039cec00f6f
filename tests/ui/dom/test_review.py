"""The review of the match on the page (ui/dom/review.py) in the stand-in browser, over a real
worker: its steps one intent each until every decision is listed with the names kept for
automation; Stop and Go on; a move (and the computer's answers) going before its next step; a
decision's position and back; a hand's end offering it; a class match refused until over."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from longana.classplay import ClassCode
from longana.device.review import decisions
from longana.device.session import COMPUTER, PERSON, Session
from longana.players.levels import choose
from ui import intents
from ui.review_panel import hand_summary

from .clock import run, until

SOLO = ["person", "computer", "computer", "computer"]


def played_hand(deal: str = "31", next_hand: bool = True) -> tuple[str, int]:
    """A save where hand 1 is over (South a person, every seat playing as normal does) and,
    with ``next_hand``, South is to move in hand 2; and how many decisions hand 1 holds."""
    session = Session(deal, seats=(PERSON, COMPUTER, COMPUTER, COMPUTER))
    hand = session.match.hand
    while hand.outcome is None:
        session.play(choose(session.view(hand.to_move), "normal", session.decision_seed()))
    count = len(decisions(session))
    if next_hand:
        session.next_hand()
        hand = session.match.hand
        while hand.to_move != 0 or not hand.is_opened:
            session.play(choose(session.view(hand.to_move), "normal", session.decision_seed()))
    return json.dumps(session.to_dict()), count


async def resumed(page: Any, save: str) -> dict[str, Any]:
    reply = await page.ask(intents.start(save, SOLO, "normal"))
    page.started.set()
    page.apply(reply)
    return dict(reply)


def reviews(worker: Any) -> list[dict[str, Any]]:
    return [i for i in worker.got if i["do"] == "review"]


def shown(js: Any, selector: str) -> list[Any]:
    found = js.document.querySelectorAll('[data-dialog="review"] ' + selector)
    return [found.item(i) for i in range(found.length)]


def test_the_review_asks_one_step_at_a_time_and_lists_every_decision(
    js: Any, dom_page: Any
) -> None:
    page = dom_page
    worker = js.longanaBoot.worker
    save, count = played_hand()
    assert count >= 2

    async def scene() -> None:
        await resumed(page, save)
        page.ctl.interaction.dialog = "record"  # opened from the Record panel
        review = page.rooms.review()
        await review.open()
        assert page.ctl.interaction.dialog == "review"
        await until(lambda: review.state == "done")
        asked = reviews(worker)
        assert [i["step"] for i in asked] == list(range(count)), "one intent a step"
        items = shown(js, "[data-decision]")
        table = worker.table
        want = [table.reviewed[k] for k in table.reviewed]
        assert [el.getAttribute("data-move") for el in items] == [d["move"] for d in want]
        assert [el.getAttribute("data-best") for el in items] == [d["best"] for d in want]
        assert [float(el.getAttribute("data-cost")) for el in items] == [d["cost"] for d in want]
        assert [el.getAttribute("tabindex") for el in items].count("0") == 1
        assert not shown(js, "[data-review-progress]"), "gone once all are in"
        summary = shown(js, ".review-summary")[0].textContent
        assert summary == hand_summary(want, page.ctl.cat)
        said = shown(js, "[data-review-said]")[0].textContent
        assert said == page.ctl.cat.plural("review.done", count)
        # opened again: the steps already judged come back from the worker at once
        page.dialogs.close(resume=False)
        await review.open()
        await until(lambda: review.state == "done")
        assert len(shown(js, "[data-decision]")) == count

    run(scene)


def slowed(worker: Any, seconds: float = 0.05) -> None:
    """Each review step takes ``seconds`` more."""
    answer = worker.call

    async def slow(text: str) -> str:
        if json.loads(text)["do"] == "review":
            await asyncio.sleep(seconds)
        return str(await answer(text))

    worker.call = slow


def test_stop_asks_no_further_step_and_go_on_finishes(js: Any, dom_page: Any) -> None:
    page = dom_page
    worker = js.longanaBoot.worker
    save, count = played_hand()
    assert count >= 3
    slowed(worker)

    async def scene() -> None:
        await resumed(page, save)
        review = page.rooms.review()
        await review.open()
        await until(lambda: len(review.found) >= 1)
        js.document.querySelector('[data-action="review-stop"]').click()
        await until(lambda: review.state == "stopped")
        await asyncio.sleep(0.1)  # the step under way ends
        asked = len(reviews(worker))
        await asyncio.sleep(0.3)
        assert len(reviews(worker)) == asked < count, "stopped"
        bar = shown(js, "[data-review-progress]")[0]
        assert bar.querySelector('[data-action="review-go"]') is not None
        assert bar.getAttribute("data-k") == str(len(review.found))
        assert "Stopped" in shown(js, "[data-review-said]")[0].textContent
        page.dialogs.close()  # the person plays on: a stopped review stays stopped
        await asyncio.sleep(0.2)
        assert len(reviews(worker)) == asked
        await review.open()  # opened again, it goes on
        await until(lambda: review.state == "done")
        assert len(shown(js, "[data-decision]")) == count

    run(scene)


def test_a_move_and_the_computers_answers_go_before_the_next_step(js: Any, dom_page: Any) -> None:
    page = dom_page
    page.settings.speed = "fast"
    worker = js.longanaBoot.worker
    save, count = played_hand("44")
    answer = worker.call
    when: list[tuple[str, Any, Any]] = []  # each intent sent: the table then

    async def slow(text: str) -> str:
        intent = json.loads(text)
        frame = page.ctl.frame
        to_move = frame["to_move"] if frame else None
        when.append((intent["do"], to_move, page.ctl.interaction.thinking))
        if intent["do"] == "review":
            await asyncio.sleep(0.05)  # a step takes a while
        return await answer(text)

    worker.call = slow

    async def scene() -> None:
        reply = await resumed(page, save)
        review = page.rooms.review()
        await review.open()
        page.dialogs.close()  # it runs on in the background
        await until(lambda: when[-1][0] == "review")
        sent = len(when)
        frame = reply["frame"]
        move = frame["turn"]["moves"][0]
        await page.act(intents.play(move, frame["log"]))
        played = [k for k, w in enumerate(when) if w[0] == "play"][0]
        assert played == sent, "no step asked between the tap and the move"
        await until(lambda: review.state == "done", 60)
        for do, to_move, thinking in when[played:]:
            if do == "review":  # never while a computer is to move or thinking
                assert to_move == "S" and thinking is None
        asked = [k for k, w in enumerate(when) if w[0] == "review" and k > played]
        between = [w[0] for w in when[played + 1 : asked[0]]]
        assert between and set(between) == {"computer"}, "the computer answered first"

    run(scene)


def test_a_decisions_position_with_its_explanation_and_back(js: Any, dom_page: Any) -> None:
    page = dom_page
    save, count = played_hand()

    async def scene() -> None:
        await resumed(page, save)
        review = page.rooms.review()
        await review.open()
        await until(lambda: review.state == "done")
        item = shown(js, "[data-decision]")[-1]
        item.focus()
        js.document.dispatch("keydown", item, key="Enter")
        await until(lambda: bool(shown(js, "[data-review-position]")))
        view = shown(js, "[data-review-position]")[0]
        assert view.getAttribute("data-move") == item.getAttribute("data-move")
        assert shown(js, "[data-replay-branch]") and shown(js, "[data-replay-hand]")
        moves = shown(js, "[data-hint-explain] [data-hint-move]")
        assert len(moves) >= 2 and all(not m.hasAttribute("data-action") for m in moves)
        chosen = [m for m in moves if m.getAttribute("data-hint-move") == view.dataset.move]
        assert page.ctl.cat.t("review.played_tag") in chosen[0].textContent
        js.document.querySelector('[data-action="review-back"]').click()
        await until(lambda: bool(shown(js, "[data-decision]")))
        back = js.document.activeElement
        assert back.getAttribute("data-turn") == item.getAttribute("data-turn")
        assert back.getAttribute("tabindex") == "0"
        js.document.dispatch("keydown", back, key="Home")
        assert js.document.activeElement == shown(js, "[data-decision]")[0]

    run(scene)


def test_a_hands_end_offers_the_review_of_that_hand(js: Any, dom_page: Any) -> None:
    page = dom_page
    page.settings.speed = "fast"
    save, count = played_hand("31", next_hand=False)

    async def scene() -> None:
        await resumed(page, save)
        await until(lambda: page.ctl.interaction.dialog == "hand-end")
        offer = '[data-dialog="hand-end"] [data-review-offer]'
        await until(lambda: js.document.querySelector(offer + " button") is not None)
        review = page.rooms.review()
        said = js.document.querySelector(offer + " p").textContent
        assert said == hand_summary(review.found, page.ctl.cat) and len(review.found) == count
        button = js.document.querySelector(offer + " button")
        assert button.getAttribute("data-action") == "review"
        button.click()
        await until(lambda: page.ctl.interaction.dialog == "review")
        title = js.document.querySelector('[data-dialog="review"] h2').textContent
        assert title == page.ctl.cat.t("review.title_hand", n="1")
        assert len(shown(js, "[data-decision]")) == count
        page.dialogs.close()  # the hand's end again, its offer at once
        await until(lambda: js.document.querySelector(offer + " button") is not None)

    run(scene)


def test_a_class_match_is_reviewed_only_once_it_is_over(js: Any, dom_page: Any) -> None:
    page = dom_page
    worker = js.longanaBoot.worker
    code = ClassCode.make("R1", ("person", "computer", "computer", "computer"), "easy", 10)

    async def scene() -> None:
        reply = await page.ask(intents.class_start(code.text, None))
        page.started.set()
        page.ctl.receive(reply)
        await page.rooms.record().open()
        record = js.document.querySelector('[data-dialog="record"]')
        assert record.querySelector('[data-action="review"]') is None, "not offered"
        assert record.querySelector("[data-review-locked]") is not None, "and said why"
        review = page.rooms.review()
        await review.open()
        assert page.ctl.cat.t("review.class_not_over") in shown(js, ".review-none")[0].textContent
        assert not reviews(worker), "not even asked"
        review.begin(None, True)  # asked all the same: the worker refuses, the page says why
        await until(lambda: review.state == "done")
        assert reviews(worker) and shown(js, ".review-none")
        page.dialogs.close(resume=False)
        table = worker.table
        frame = reply["frame"]
        while not frame["match_over"]:  # the class match played to its end
            if frame["outcome"] is not None:
                step = intents.next_hand()
            elif frame["to_move"] == "S":
                step = intents.play(frame["turn"]["moves"][0], frame["log"])
            else:
                step = intents.computer(frame["log"])
            frame = json.loads(table.handle(json.dumps(step)))["frame"]
        page.ctl.receive({"frame": frame})
        await review.open()
        await until(lambda: review.state == "done")
        assert shown(js, "[data-decision]") or shown(js, ".review-none")
        assert not shown(js, "[data-review-locked]")
        assert page.ctl.cat.t("review.class_not_over") not in js.document.body.textContent

    run(scene)


def test_a_hands_end_interrupts_the_matchs_review_which_then_goes_on(
    js: Any, dom_page: Any
) -> None:
    page = dom_page
    worker = js.longanaBoot.worker
    save, count = played_hand()
    slowed(worker, 0.1)

    async def scene() -> None:
        await resumed(page, save)
        review = page.rooms.review()
        await review.open()
        page.dialogs.close(resume=False)  # it goes on in the background
        await until(lambda: len(reviews(worker)) == 1)
        ended = page.dialogs.open("hand-end", '<div class="dlg-buttons"></div>', False)
        review.offer(ended, page.ctl.frame)  # hand 2 (not over: nothing to weigh)
        assert review.hand == 1 and review.then_match
        await until(lambda: review.hand is None and review.state == "done")
        assert len(review.found) == count and not review.then_match
        assert js.document.querySelector("[data-review-offer]") is None, "nothing to offer"

    run(scene)


# -- issue 37: a worker error or a worker's death under a step -------------------------------------


class Faulty:
    """The stand-in worker around a real one, ``fault(intent, times)`` deciding (each intent,
    with how many times it was asked) whether it fails: ``"error"`` (the worker's error
    reply) or ``"dies"`` (it dies while answering: the link replaces it)."""

    def __init__(self, worker: Any, fault: Callable[[dict[str, Any], int], str | None]) -> None:
        self.worker, self.fault, self.died = worker, fault, False
        self.asked: dict[str, int] = {}
        self.answer = worker.call
        worker.call, worker.why = self.call, self.why

    async def call(self, text: str) -> str:
        intent = json.loads(text)
        key = json.dumps(intent, sort_keys=True)
        self.asked[key] = self.asked.get(key, 0) + 1
        fault = self.fault(intent, self.asked[key])
        if fault == "error":
            self.worker.got.append(intent)
            return json.dumps({"error": {"code": "internal", "detail": "ZeroDivisionError"}})
        if fault == "dies":
            self.worker.got.append(intent)
            self.died = True
            return ""
        self.died = False
        return str(await self.answer(text))

    def why(self) -> str:
        return "answering" if self.died else ""


def at_step(k: int, fault: str, times: int = 1) -> Callable[[dict[str, Any], int], str | None]:
    def decide(intent: dict[str, Any], asked: int) -> str | None:
        if intent["do"] == "review" and intent["step"] == k and asked <= times:
            return fault
        return None

    return decide


def test_a_step_the_worker_cannot_weigh_is_said_and_try_again_goes_on_from_it(
    js: Any, dom_page: Any
) -> None:
    page = dom_page
    worker = js.longanaBoot.worker
    save, count = played_hand()
    assert count >= 3
    Faulty(worker, at_step(2, "error"))

    async def scene() -> None:
        await resumed(page, save)
        review = page.rooms.review()
        await review.open()
        await until(lambda: review.failed)
        await asyncio.sleep(0.1)
        assert [i["step"] for i in reviews(worker)] == [0, 1, 2], "stopped at the step"
        bar = shown(js, "[data-review-progress][data-review-failed]")
        assert bar, "said in the list"
        words = page.ctl.cat.plural("review.failed_at", count, k="2")
        assert bar[0].querySelector("p").textContent == words
        assert shown(js, "[data-review-said]")[0].textContent == words
        bar[0].querySelector('[data-action="review-go"]').click()  # Try again
        await until(lambda: review.state == "done")
        assert [i["step"] for i in reviews(worker)][3:] == list(range(2, count)), "from it"
        assert len(shown(js, "[data-decision]")) == count
        assert not shown(js, "[data-review-failed]")

    run(scene)


def test_a_worker_that_dies_under_a_step_is_replaced_and_the_review_goes_on_from_it(
    js: Any, dom_page: Any
) -> None:
    page = dom_page
    worker = js.longanaBoot.worker
    save, count = played_hand()
    assert count >= 3
    Faulty(worker, at_step(2, "dies"))

    async def scene() -> None:
        await resumed(page, save)
        review = page.rooms.review()
        await review.open()
        await until(lambda: review.state == "done")
        steps = [i["step"] for i in reviews(worker)]
        assert steps == [0, 1, 2] + list(range(2, count)), "nothing before it asked again"
        assert [i["do"] for i in worker.got].count("start") >= 2, "the new worker fed the game"
        assert len(shown(js, "[data-decision]")) == count
        assert not shown(js, "[data-review-progress]"), "not left at '2 of n weighed…'"

    run(scene)


def test_a_step_that_kills_every_worker_is_said_not_asked_forever(js: Any, dom_page: Any) -> None:
    page = dom_page
    worker = js.longanaBoot.worker
    save, count = played_hand()
    Faulty(worker, at_step(1, "dies", times=2))

    async def scene() -> None:
        await resumed(page, save)
        review = page.rooms.review()
        await review.open()
        await until(lambda: review.failed)
        await asyncio.sleep(0.1)
        assert [i["step"] for i in reviews(worker)] == [0, 1, 1], "asked twice, then said"
        assert shown(js, "[data-review-failed]")
        shown(js, '[data-action="review-go"]')[0].click()
        await until(lambda: review.state == "done")
        assert len(shown(js, "[data-decision]")) == count

    run(scene)


def test_a_hands_end_says_its_decisions_could_not_be_weighed(js: Any, dom_page: Any) -> None:
    page = dom_page
    worker = js.longanaBoot.worker
    save, count = played_hand(next_hand=False)
    Faulty(worker, at_step(0, "error", times=99))

    async def scene() -> None:
        reply = await resumed(page, save)
        dialog = page.dialogs.open("hand-end", '<div class="dlg-buttons"></div>')
        page.rooms.review().offer(dialog, reply["frame"])
        await until(lambda: page.rooms.review().failed)
        offer = js.document.querySelector("[data-review-offer]")
        assert offer is not None and offer.querySelector("[data-review-failed]") is not None
        assert page.ctl.cat.t("review.offer_weighing") not in offer.textContent, "no 'Weighing…'"

    run(scene)


def test_a_hint_the_worker_cannot_work_out_is_said(js: Any, dom_page: Any) -> None:
    page = dom_page
    worker = js.longanaBoot.worker
    save, _ = played_hand()

    def decide(intent: dict[str, Any], asked: int) -> str | None:
        return "error" if intent["do"] == "hint" else None

    Faulty(worker, decide)

    async def scene() -> None:
        await resumed(page, save)
        await page.hint()
        said = js.document.querySelector("#msg")
        assert said is not None and said.textContent == page.ctl.cat.t("hint.failed")

    run(scene)
