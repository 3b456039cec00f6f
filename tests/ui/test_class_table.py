"""What the teacher's table and a student's result say about partial results, results set aside
and a table of another release (issue 30; ui/class_table_panel.py, ui/class_panels.py), drawn from
the worker's replies, in every language."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from conftest import catalog

from longana.classplay import ClassCode, Result
from longana.classplay.replay import play_class
from longana.protocol import Game
from ui import class_panels, class_table_panel
from ui.i18n import LANGUAGES, Catalog

CAT = Catalog(catalog("en"))
SOLO = ("person", "computer", "computer", "computer")
CODE = ClassCode.make("UT", SOLO, "easy", 150)


def played(k: int, name: str, hands: int = 99) -> Result:
    return Result.of(play_class(CODE, hands, lambda game, legal: legal[k % len(legal)]), 0, name)


def ask(game: Game, **intent: Any) -> dict[str, Any]:
    reply = json.loads(game.handle(json.dumps(intent)))
    assert isinstance(reply, dict) and "error" not in reply, reply
    return reply


@pytest.fixture(scope="module")
def reply() -> dict[str, Any]:
    whole = [played(k, name) for k, name in enumerate(("Ana", "Bo", "Cy"))]
    early = played(0, "Dee", hands=1)
    kept = [[r.text, r.proof] for r in whole]
    return ask(
        Game(),
        do="class-table",
        kept=kept,
        texts=[early.text, whole[0].text],
        **{"class": CODE.text},
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_partial_result_is_marked_and_said(reply: dict[str, Any], lang: str) -> None:
    cat = Catalog(catalog(lang))
    html = class_table_panel.results_html(cat, reply["table"], [], "blob:csv")
    rows = re.findall(r'<tr data-student="([^"]*)" data-rank="(\d)"( data-partial="(\d)")?', html)
    assert [(name, rank, hands) for name, rank, _, hands in rows][-1] == ("Dee", "4", "1")
    assert all(not hands for *_, hands in rows[:-1])
    assert cat.plural("table.partial_mark", 1) in html
    assert "data-results-partial" in html and cat.t("table.partial").split(":")[0] in html


def test_results_set_aside_are_offered_as_a_file(reply: dict[str, Any]) -> None:
    html = class_table_panel.results_html(CAT, reply["table"], [], None, aside=(2, "blob:aside"))
    aside = re.search(r"<div class=\"note\" data-results-aside>.*?</div>", html)
    assert aside is not None and CAT.plural("table.aside", 2) in aside.group(0)
    assert 'data-download="table-aside" href="blob:aside"' in aside.group(0)
    assert "data-results-aside" not in class_table_panel.results_html(CAT, reply["table"], [], None)


def test_a_table_of_another_release_is_said_with_its_file() -> None:
    html = class_table_panel.results_class_html(CAT, "", "", old=("7B-PCCC-N100-2ZQ", "blob:old"))
    assert "data-results-old" in html and "7B-PCCC-N100-2ZQ" in html
    assert 'data-download="old-table" href="blob:old"' in html and "data-results-class" in html
    assert "data-results-old" not in class_table_panel.results_class_html(CAT, "", "")


def test_a_result_added_again_is_said(reply: dict[str, Any]) -> None:
    assert class_table_panel.again_notes(CAT, reply) == [CAT.t("table.again", name="Ana")]


def test_only_the_final_code_is_offered_as_final() -> None:
    table = Game()
    start = ask(table, do="class-start", code=CODE.text, save=None, holder=None)
    frame = ask(table, do="take-device", seat="S")["frame"]
    while frame["outcome"] is None:
        if frame["turn"] is not None:
            frame = ask(table, do="play", move=frame["turn"]["moves"][0], at=frame["log"])["frame"]
        else:
            frame = ask(table, do="computer", at=frame["log"])["frame"]
    assert start and not frame["match_over"]
    early = ask(table, do="class-result", seat="S", name="Ana")["result"]
    assert (early["hands"], early["final"]) == (1, False)
    html = class_panels.result_html(CAT, early, "blob:f")
    assert 'data-result-partial="1"' in html and CAT.plural("table.result_partial_title", 1) in html
    assert CAT.t("class.result_title") not in html
    final = class_panels.result_html(CAT, {**early, "final": True}, None)
    assert "data-result-final" in final and CAT.t("table.result_final_title") in final
    before = class_panels.result_html(CAT, {"text": "R", "filename": "r.json"}, None)
    assert CAT.t("class.result_title") in before  # a reply of the release before


def test_a_refusal_that_is_not_the_names_does_not_blame_it() -> None:
    why = CAT.t("class.why.class", code="X")
    other = class_panels.result_refused_html(CAT, "Ana", why, "class-class")
    assert "data-class-name" not in other and CAT.t("class.name_refused", why=why) not in other
    assert CAT.t("table.result_refused", why=why) in other
    name = class_panels.result_refused_html(CAT, "Ana", CAT.t("class.why.name"))
    assert "data-class-name" in name


def test_what_the_table_shows_is_escaped(reply: dict[str, Any]) -> None:
    html = class_table_panel.results_class_html(CAT, "", "", old=('"><script>', '"><b>'))
    assert "<script>" not in html and "<b>" not in html
    html = class_table_panel.results_html(CAT, reply["table"], [], None, aside=(1, '"><i>'))
    assert "<i>" not in html
