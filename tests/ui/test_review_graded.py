"""The graded review in words (ui/review_graded.py, ui/review_chart.py, the marks of
ui/review_panel.py): each person's summary with the names kept for automation, the grades
string, the chart of the match (a title, a text equivalent, one point per point of the
course), the luck sentence, the "mistakes only" toggle, a costly decision's practice; in every
language, over a real worker's review of a hand played with random moves."""

from __future__ import annotations

import json
import random
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from conftest import page_catalog as catalog

from longana.device.review import decisions
from longana.device.session import COMPUTER, PERSON, Session
from longana.protocol import Game
from tools.bench_review import play_hand
from ui.i18n import LANGUAGES
from ui.review_chart import chart_html, course, luck_words
from ui.review_graded import grades_text, practice_html, result_words, summaries_html
from ui.review_panel import MARKS, decision_html, review_html

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))


def review(
    deal: str, seats: tuple[str, ...], hands: int = 2
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Every decision of ``hands`` hands played with random moves by the people, and the
    worker's summary once all are judged."""
    game = Game()
    game.session = session = Session(deal, seats=seats)
    rng = random.Random(deal)
    for k in range(hands):
        play_hand(session, rng)
        if session.match.is_over or k == hands - 1:
            break
        session.next_hand()
    steps = []
    for k in range(len(decisions(session))):
        steps.append(json.loads(game.handle(json.dumps({"do": "review", "step": k})))["review"])
    return [s["decision"] for s in steps], steps[-1]["summary"]


SOLO, SUMMARY = review("31", (PERSON, COMPUTER, COMPUTER, COMPUTER))
TWO, TWO_SUMMARY = review("44", (PERSON, COMPUTER, PERSON, COMPUTER), hands=1)


def test_the_steps_hold_costly_decisions_to_practise() -> None:
    assert any(d["costly"] for d in SOLO) and any(not d["costly"] for d in SOLO)
    assert list(SUMMARY) == ["S"] and sorted(TWO_SUMMARY) == ["N", "S"]


def test_grade_marks_each_costly_decision_and_names_every_grade() -> None:
    cat = catalog("en")
    for d in SOLO:
        item = decision_html(d, cat)
        assert f'data-grade="{d["grade"]}"' in item
        word = cat.t("review.graded." + d["grade"])
        if d["grade"] in MARKS:
            assert '<span aria-hidden="true">' + MARKS[d["grade"]] + "</span> " + word in item
            assert 'data-action="review-practice"' in item
        else:  # quiet: said to a screen reader only
            assert '<span class="sr-only">' + word + " </span>" in item
            assert "review-practice" not in item


def test_the_summary_per_person_carries_accuracy_and_grades() -> None:
    cat = catalog("en")
    html = summaries_html(SUMMARY, SOLO, cat, False, False)
    person = SUMMARY["S"]
    found = re.findall(
        r'<section class="review-person" data-review-summary data-seat="(\w)" '
        r'data-accuracy="(\d+)" data-grades="([^"]+)"',
        html,
    )
    assert found == [("S", str(person["accuracy"]), grades_text(person["grades"]))]
    for grade in ("best", "good", "inaccuracy", "mistake", "blunder"):
        n = sum(1 for d in SOLO if d["grade"] == grade)
        assert f"{grade}:{n}" in found[0][2].split()
    assert cat.t("review.graded.accuracy", n=str(person["accuracy"])) in html
    shown = re.findall(
        r'data-action="review-show" data-review-hand="(\d+)" data-turn="(\d+)"', html
    )
    want = [(str(SOLO[k]["hand"]), str(SOLO[k]["turn"])) for k in person["costliest"][:5]]
    assert shown == want and want, "the costliest first, each showing its position"
    assert 'data-practice-all data-seat="S"' in html
    assert cat.t("review.graded.summary_you") in html


def test_the_grades_string_is_in_grades_order() -> None:
    text = grades_text({"blunder": 1, "best": 21, "mistake": 2, "good": 9, "inaccuracy": 3})
    assert text == "best:21 good:9 inaccuracy:3 mistake:2 blunder:1"
    assert grades_text({}) == "best:0 good:0 inaccuracy:0 mistake:0 blunder:0"


def test_with_two_people_one_summary_each_naming_the_seat() -> None:
    cat = catalog("en")
    html = unescape(summaries_html(TWO_SUMMARY, TWO, cat, True, False))
    assert re.findall(r'data-review-summary data-seat="(\w)"', html) == ["S", "N"]
    assert "South's play" in html and "North's play" in html and "Your play" not in html


def test_the_chart_has_a_title_a_text_equivalent_and_one_point_per_course_point() -> None:
    cat = catalog("en")
    hands = SUMMARY["S"]["hands"]
    svg = chart_html(hands, cat, "S", False)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    title = re.search(r'<title id="review-chart-S-title">([^<]+)</title>', svg)
    assert title and title.group(1) == cat.t("review.graded.chart_you")
    desc = re.search(r'<desc id="review-chart-S-desc">([^<]+)</desc>', svg)
    assert desc and all(f"Hand {h['hand']}:" in desc.group(1) for h in hands)
    points = re.findall(r'data-point="(\w+)"', svg)
    assert len(points) == sum(2 + len(h["points"]) for h in hands) == len(course(hands))
    assert points.count("start") == points.count("end") == len(hands)
    assert points.count("decision") == len(SOLO)
    assert svg.count('class="chart-hand"') == len(hands), "every hand's bound marked"
    ys = [float(y) for y in re.findall(r'cy="([\d.]+)"', svg)]
    assert all(8 <= y <= 130 for y in ys), "inside the drawing"
    assert chart_html([], cat, "S", False) == ""


def test_the_luck_sentence_tells_the_deals_apart_from_the_decisions() -> None:
    cat = catalog("en")
    person = {
        "cost": 2.0,
        "luck": -30.5,
        "hands": [
            {"hand": 1, "start": 50.0, "end": 40.0, "points": [], "cost": 0, "luck": -10.0},
            {"hand": 2, "start": 40.0, "end": 0.0, "points": [], "cost": 2.0, "luck": -20.5},
        ],
    }
    said = unescape(luck_words(person, cat, None))
    assert said.startswith("You lost this match on the deal of hand 2, not on your play.")
    assert "cost you 2 percentage points" in said and "came to \u221230.5 percentage" in said
    assert "hand 2 (\u221220.5 percentage points)" in said
    person["cost"] = 25.0  # the play cost more than that deal: not said to be the deal
    assert "lost this match" not in luck_words(person, cat, None)
    assert unescape(luck_words(person, cat, "N")).startswith("North's decisions cost 25 percentage")
    person["hands"] = person["hands"][:1]  # one hand (a hand's end): its luck is said once
    person["luck"] = -10.0
    one = unescape(luck_words(person, cat, None))
    assert "came to \u221210 percentage points" in one and "counted most" not in one
    assert one.count("\u221210 percentage") == 1


def test_mistakes_only_marks_the_list_and_the_toggle() -> None:
    cat = catalog("en")
    top = summaries_html(SUMMARY, SOLO, cat, False, True)
    html = review_html(SOLO, len(SOLO), cat, False, top=top, only=True)
    assert html.startswith('<div class="review" data-review data-mistakes-only>')
    assert 'data-action="review-mistakes" aria-pressed="true"' in html
    shown = review_html(SOLO, len(SOLO), cat, False, top=top.replace("true", "false"))
    assert "data-mistakes-only" not in shown and 'aria-pressed="false"' in shown
    css = (ROOT / "ui" / "style.css").read_text(encoding="utf-8")
    for grade in ("best", "good"):
        assert f'[data-mistakes-only] [data-decision][data-grade="{grade}"]' in css


def test_practice_offers_the_legal_moves_then_says_what_the_engine_judged() -> None:
    cat = catalog("en")
    costly = [d for d in SOLO if d["costly"]]
    d = costly[0]
    before = practice_html(d, cat, (320.0, 220.0), 22, False)
    assert "data-practice " in before and 'data-action="review-back"' in before
    moves = re.findall(r'data-action="practice-move" data-practice-move="([^"]+)"', before)
    assert moves == d["practice"]["turn"]["moves"] and len(moves) >= 2
    assert "data-hint-explain" not in before, "the explanation comes after the choice"
    hidden = [
        s for s, shown in d["practice"]["position"]["hands"].items() if shown["tiles"] is None
    ]
    assert len(hidden) == 3 and before.count("tile back") >= 3, "only the seat's tiles face up"
    after = practice_html(d, cat, (320.0, 220.0), 22, False, d["best"], more=True)
    assert 'data-practice-result="best"' in after and "Well found" in after
    assert "data-hint-explain" in after and 'data-action="practice-next"' in after
    for move, grade in d["practice"]["grades"].items():
        got, words = result_words(d, move, cat)
        assert got == ("best" if move == d["best"] else grade)
        if got not in ("best", "good"):
            assert "computer's choice:" in words  # the grade is its mark's, said once
    played = practice_html(d, cat, (320.0, 220.0), 22, False, d["move"])
    assert f'data-practice-result="{d["grade"]}"' in played


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_words_it_all(lang: str) -> None:
    cat = catalog(lang)
    html = summaries_html(TWO_SUMMARY, TWO, cat, True, False) + summaries_html(
        SUMMARY, SOLO, cat, False, False
    )
    html += practice_html([d for d in SOLO if d["costly"]][0], cat, (320.0, 220.0), 22, False)
    assert "review.graded" not in html and "{" not in html


def test_the_same_html_under_micropython(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "tests" / "ui"))
    from test_micropython import micropython

    practised = [d for d in SOLO if d["costly"]][0]
    code = (
        "import json\n"
        "from ui.review_graded import summaries_html, practice_html\n"
        "from ui.i18n import Catalog\n"
        "en = json.load(open('/lib/locales/en.json'))\n"
        f"SOLO = json.loads({json.dumps(json.dumps(SOLO))})\n"
        f"SUMMARY = json.loads({json.dumps(json.dumps(SUMMARY))})\n"
        f"D = json.loads({json.dumps(json.dumps(practised))})\n"
        "out = []\n"
        f"for lang in {list(LANGUAGES)!r}:\n"
        "    cat = Catalog(json.load(open('/lib/locales/' + lang + '.json')), en)\n"
        "    out.append([summaries_html(SUMMARY, SOLO, cat, False, True),\n"
        "                practice_html(D, cat, (320.0, 220.0), 22, False, D['move'], True)])\n"
        "with open('/out.txt', 'wb') as f:\n"
        "    f.write(('@@' + json.dumps(out)).encode())\n"
    )
    got = json.loads(micropython(code).split("@@")[-1])
    want = [
        [
            summaries_html(SUMMARY, SOLO, catalog(lang), False, True),
            practice_html(
                practised, catalog(lang), (320.0, 220.0), 22, False, practised["move"], True
            ),
        ]
        for lang in LANGUAGES
    ]
    assert got == want
