"""Issue 36 through the page: the review graded like an analysis. A match whose first hand is
over (South, a person, having played random moves there: some cost something), reviewed from
the Record panel: the summary per person with its accuracy and grades, the chart with its
title, "mistakes only" hiding the best and good decisions, and a costly decision's position
practised: a move chosen, then what the engine judged of it and the explanation."""

from __future__ import annotations

import json

from tools.bench_review import random_hand

from .browsers import Browsers

FAST = {"speed": "fast"}


def test_a_graded_review_its_summary_chart_mistakes_only_and_practice(
    browsers: Browsers,
) -> None:
    save, count = random_hand("7")
    game = browsers.game(settings=FAST, save=json.loads(save))
    assert game.wait_turn("S") == "turn"
    game.action("record").click()
    game.action("review", within=game.dialog("record")).click()
    dialog = game.dialog("review")
    summary = dialog.locator("[data-review-summary][data-accuracy]")
    summary.wait_for(timeout=120_000)  # once every decision is weighed
    assert summary.count() == 1 and summary.get_attribute("data-seat") == "S"
    accuracy = int(str(summary.get_attribute("data-accuracy")))
    assert 0 <= accuracy <= 100
    grades = [str(el.get_attribute("data-grade")) for el in dialog.locator("[data-decision]").all()]
    assert len(grades) == count
    counted = " ".join(
        g + ":" + str(grades.count(g)) for g in ("best", "good", "inaccuracy", "mistake", "blunder")
    )
    assert summary.get_attribute("data-grades") == counted
    title = dialog.locator("[data-review-chart] svg title")
    assert title.count() == 1 and title.text_content()
    assert dialog.locator("[data-review-chart] svg desc").text_content()
    costly = [g for g in grades if g not in ("best", "good")]
    assert costly, "random moves cost something"
    # mistakes only: the best and good decisions go, the costly ones stay
    dialog.locator('[data-action="review-mistakes"]').click()
    dialog.locator("[data-review][data-mistakes-only]").wait_for()
    assert dialog.locator('[data-action="review-mistakes"]').get_attribute("aria-pressed") == "true"
    assert dialog.locator("[data-decision]").locator("visible=true").count() == len(costly)
    # practice: the first costly decision's position, a move chosen
    dialog.locator('[data-decision] [data-action="review-practice"]').first.click()
    practice = dialog.locator("[data-practice]")
    practice.wait_for()
    assert dialog.locator("[data-replay-branch]").count() == 4
    moves = dialog.locator('[data-action="practice-move"]')
    assert moves.count() >= 2 and dialog.locator("[data-hint-explain]").count() == 0
    best = str(practice.get_attribute("data-best"))
    dialog.locator(f'[data-action="practice-move"][data-practice-move="{best}"]').click()
    result = dialog.locator("[data-practice-result]")
    result.wait_for()
    assert result.get_attribute("data-practice-result") == "best"
    assert dialog.locator("[data-hint-explain]").count() == 1
    dialog.locator('[data-action="review-back"]').click()
    summary.wait_for()
    assert dialog.locator("[data-review][data-mistakes-only]").count() == 1, "still costly only"
