"""Issue 28 through the page: the review of the match (interfaces.md, "Review and lessons").
By pointer (and axe-core), a finished match (40 decisions of two people): the match's end
offers it, it is stopped midway and goes on, every decision carries its attributes, one
position is shown with its explanation and the list comes back. By keys, in German, a hand
ended by South's last tile: the hand's end offers that hand's review, the arrows and Enter
reach a position, Back and Escape return, the hand's end offers it again."""

from __future__ import annotations

import json
from pathlib import Path

from longana import Move
from tools.bench_review import finished_match

from .browsers import Browsers
from .game import ACT_MS, Game
from .keyboard import Keys, focus_on
from .positions import domino_save
from .screens import axe

FAST = {"speed": "fast"}
LOCALES = Path(__file__).resolve().parents[1] / "locales"
REVIEW = '[data-dialog="review"]'


def words(lang: str) -> dict[str, object]:
    return dict(json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))["review"])


def decisions_listed(game: Game) -> list[dict[str, str]]:
    return list(
        game.page.evaluate(
            """(dlg) => [...document.querySelectorAll(dlg + ' [data-decision]')].map(e => ({
                 move: e.dataset.move, best: e.dataset.best, cost: e.dataset.cost,
                 hand: e.dataset.reviewHand, turn: e.dataset.turn, text: e.innerText}))""",
            REVIEW,
        )
    )


def focused(game: Game, attr: str) -> str | None:
    value = game.page.evaluate(
        "(a) => document.activeElement && document.activeElement.getAttribute(a)", attr
    )
    return None if value is None else str(value)


def test_a_matchs_review_by_pointer_stopped_midway_and_a_position_shown(
    browsers: Browsers,
) -> None:
    save, count, last = finished_match("rv4")
    # (bypass_csp: axe-core is injected into the page, which the site's policy forbids)
    game = browsers.game(settings=FAST, save=json.loads(save), bypass_csp=True)
    found: dict[str, list[str]] = {}
    offer = game.dialog("match-end").locator("[data-review-offer]")
    offer.locator('[data-action="review"]').first.wait_for(timeout=60_000)
    assert "\u2212" in offer.inner_text() or "cost anything" in offer.inner_text()
    offer.locator('[data-action="review"]:not([data-review-hand])').click()  # the whole match
    dialog = game.dialog("review")
    dialog.locator("[data-decision]").first.wait_for()
    # Stop, if the review is still under way (the last hand was weighed already: it may be
    # quick); in one step in the page, so that it cannot end between the look and the click
    stopped = dialog.evaluate(
        """d => { const stop = d.querySelector('[data-action="review-stop"]');
                  if (stop) stop.click();
                  return !!stop; }"""
    )
    if stopped:
        bar = dialog.locator("[data-review-progress]")
        dialog.locator('[data-action="review-go"]').wait_for()
        k = int(str(bar.get_attribute("data-k")))
        assert k < count and bar.get_attribute("data-n") == str(count)
        game.page.wait_for_timeout(400)
        assert len(decisions_listed(game)) == k, "no step after Stop"
        dialog.locator('[data-action="review-go"]').click()
    dialog.locator("[data-review-progress]").wait_for(state="detached", timeout=60_000)
    listed = decisions_listed(game)
    assert len(listed) == count
    for d in listed:
        Move.parse(d["move"]), Move.parse(d["best"])  # moves in the record's notation
        assert float(d["cost"]) >= 0 and (d["move"] != d["best"] or float(d["cost"]) == 0)
        assert d["text"].strip()
    graded = {"?!", "?", "??", "Best", "Good", "Inaccuracy", "Mistake", "Blunder"}  # its grade
    whose = {next(w for w in d["text"].split() if w not in graded) for d in listed}
    assert whose == {"South", "North"}, "whose decision"
    intro = dialog.locator(".review-intro").inner_text().strip()
    assert intro == words("en")["intro_seats"], "two people: the intro says 'your' to nobody"
    summaries = dialog.locator(".review-summary")
    assert summaries.count() == len({d["hand"] for d in listed})
    said = dialog.locator("[data-review-said]").text_content()
    assert said and str(count) in said
    axe(game, "the review", found)
    # a costly decision's position, and back
    costly = [d for d in listed if float(d["cost"]) > 0] or listed
    item = dialog.locator(
        f'[data-decision][data-review-hand="{costly[0]["hand"]}"][data-turn="{costly[0]["turn"]}"]'
    )
    item.click()
    view = dialog.locator("[data-review-position]")
    view.wait_for()
    assert view.get_attribute("data-move") == costly[0]["move"]
    assert dialog.locator("[data-replay-branch]").count() == 4
    moves = dialog.locator("[data-hint-explain] [data-hint-move]")
    assert moves.count() >= 2 and moves.first.get_attribute("data-hint-move") == costly[0]["best"]
    assert dialog.locator("[data-hint-explain] [data-action]").count() == 0, "not played"
    axe(game, "a decision's position", found)
    assert not found, json.dumps(found, indent=1)
    dialog.locator('[data-action="review-back"]').click()
    dialog.locator("[data-decision]").first.wait_for()
    assert focused(game, "data-turn") == costly[0]["turn"]
    assert len(decisions_listed(game)) == count
    game.action("close", within=dialog).click()
    game.dialog("match-end").wait_for()


def test_a_hands_review_by_keys_in_german(browsers: Browsers) -> None:
    game = browsers.game("?lang=de", settings=FAST, save=domino_save())
    keys = Keys(game, [])
    assert game.wait_turn("S") == "turn"
    game.play_turn("S")  # the last tile: the hand ends
    end = game.dialog("hand-end")
    offer = end.locator('[data-review-offer] [data-action="review"]')
    offer.wait_for(timeout=ACT_MS * 3)
    number = str(offer.get_attribute("data-review-hand"))
    focus_on(game, keys, '[data-review-offer] [data-action="review"]')
    keys.press("Enter")
    dialog = game.dialog("review")
    dialog.wait_for()
    title = str(words("de")["title_hand"]).replace("{n}", str(int(number) + 1))
    assert dialog.locator("h2").inner_text().strip() == title
    dialog.locator("[data-review-progress]").wait_for(state="detached", timeout=30_000)
    listed = decisions_listed(game)
    assert listed and {d["hand"] for d in listed} == {number}
    assert focused(game, "data-turn") == listed[0]["turn"], "the first decision has the focus"
    keys.press("End")
    assert focused(game, "data-turn") == listed[-1]["turn"]
    keys.press("Home")
    keys.press("Enter")
    dialog.locator("[data-review-position]").wait_for()
    assert game.page.evaluate("() => document.activeElement.classList.contains('review-verdict')")
    focus_on(game, keys, '[data-action="review-back"]')
    keys.press("Enter")
    dialog.locator("[data-decision]").first.wait_for()
    assert focused(game, "data-turn") == listed[0]["turn"], "back where it was"
    keys.press("Escape")
    end.locator('[data-review-offer] [data-action="review"]').wait_for()  # offered again
