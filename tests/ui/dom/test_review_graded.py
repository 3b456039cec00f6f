"""The graded review on the page (ui/dom/review.py, ui/dom/practice.py) in the stand-in browser,
over a real worker: once every decision is in, the person's summary with the names kept for
automation and the chart; a costliest decision showing its position; "mistakes only" hiding
the best and good decisions (and the arrows skipping them); practice on a costly decision,
its move chosen and judged as the engine judged it, Next and Back."""

from __future__ import annotations

from typing import Any

from tools.bench_review import random_hand
from ui.review_graded import grades_text

from .clock import run, until
from .test_review import resumed, shown


async def reviewed(page: Any, save: str) -> Any:
    await resumed(page, save)
    review = page.rooms.review()
    await review.open()
    await until(lambda: review.state == "done")
    return review


def test_the_summary_charts_and_shows_the_costliest(js: Any, dom_page: Any) -> None:
    page = dom_page
    save, count = random_hand()

    async def scene() -> None:
        review = await reviewed(page, save)
        person = review.summary["S"]
        box = shown(js, "[data-review-summary]")
        assert len(box) == 1 and box[0].getAttribute("data-seat") == "S"
        assert box[0].getAttribute("data-accuracy") == str(person["accuracy"])
        assert box[0].getAttribute("data-grades") == grades_text(person["grades"])
        grades = [el.getAttribute("data-grade") for el in shown(js, "[data-decision]")]
        assert len(grades) == count
        assert box[0].getAttribute("data-grades").split() == [
            g + ":" + str(grades.count(g))
            for g in ("best", "good", "inaccuracy", "mistake", "blunder")
        ]
        assert shown(js, "[data-review-chart] svg title")
        costliest = shown(js, '[data-review-summary] [data-action="review-show"]')
        assert costliest, "the costly decisions, costliest first"
        first = review.found[person["costliest"][0]]
        costliest[0].click()
        await until(lambda: bool(shown(js, "[data-review-position]")))
        view = shown(js, "[data-review-position]")[0]
        assert view.getAttribute("data-turn") == str(first["turn"])
        assert view.getAttribute("data-grade") == first["grade"]

    run(scene)


def test_mistakes_only_hides_the_best_and_good_and_the_arrows_skip_them(
    js: Any, dom_page: Any
) -> None:
    page = dom_page
    save, _ = random_hand()

    async def scene() -> None:
        review = await reviewed(page, save)
        toggle = shown(js, '[data-action="review-mistakes"]')[0]
        assert toggle.getAttribute("aria-pressed") == "false"
        toggle.click()
        box = shown(js, "[data-review]")[0]
        assert box.hasAttribute("data-mistakes-only") and review.only
        assert toggle.getAttribute("aria-pressed") == "true"
        costly = [
            el
            for el in shown(js, "[data-decision]")
            if el.getAttribute("data-grade") not in ("best", "good")
        ]
        assert costly and costly[0].getAttribute("tabindex") == "0", "the tab stop is shown"
        costly[0].focus()
        js.document.dispatch("keydown", costly[0], key="End")
        assert js.document.activeElement == costly[-1]
        js.document.dispatch("keydown", costly[-1], key="ArrowDown")
        assert js.document.activeElement == costly[0], "round the costly ones only"
        review.draw()  # drawn again (the match changed): still costly only
        assert shown(js, "[data-review]")[0].hasAttribute("data-mistakes-only")
        shown(js, '[data-action="review-mistakes"]')[0].click()
        assert not shown(js, "[data-review]")[0].hasAttribute("data-mistakes-only")

    run(scene)


def test_practice_a_costly_decision_choose_a_move_then_next_and_back(
    js: Any, dom_page: Any
) -> None:
    page = dom_page
    save, _ = random_hand()

    async def scene() -> None:
        review = await reviewed(page, save)
        mine = [d for d in review.found if d.get("practice")]
        assert mine
        shown(js, '[data-action="review-practice"][data-practice-all]')[0].click()
        view = shown(js, "[data-practice]")
        assert view and view[0].getAttribute("data-turn") == str(mine[0]["turn"])
        assert js.document.activeElement == shown(js, ".practice-task")[0]
        assert not shown(js, "[data-hint-explain]"), "the explanation after the choice"
        moves = shown(js, '[data-action="practice-move"]')
        wanted = mine[0]["practice"]["turn"]["moves"]
        assert [m.getAttribute("data-practice-move") for m in moves] == wanted
        chosen = [m for m in moves if m.getAttribute("data-practice-move") == mine[0]["move"]]
        chosen[0].click()
        result = shown(js, "[data-practice-result]")[0]
        assert result.getAttribute("data-practice-result") == mine[0]["grade"]
        assert js.document.activeElement == result
        assert shown(js, "[data-hint-explain]")
        best = mine[0]["best"]
        shown(js, '[data-action="practice-again"]')[0].click()
        again = shown(js, '[data-action="practice-move"]')
        [m for m in again if m.getAttribute("data-practice-move") == best][0].click()
        assert shown(js, "[data-practice-result]")[0].getAttribute("data-practice-result") == "best"
        if len(mine) > 1:
            shown(js, '[data-action="practice-next"]')[0].click()
            turn = shown(js, "[data-practice]")[0].getAttribute("data-turn")
            assert turn == str(mine[1]["turn"])
        else:
            assert not shown(js, '[data-action="practice-next"]')
        shown(js, '[data-action="review-back"]')[0].click()
        await until(lambda: bool(shown(js, "[data-review-summary]")))
        assert js.document.activeElement.hasAttribute("data-decision")

    run(scene)
