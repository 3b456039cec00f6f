"""The teacher's table on the page (ui/class_table.py, ui/class_table_panel.py): kept on the
device as its class code and each result's code and proof, the lines typed counted as the
teacher sees them, flagged results shown side by side, and the table drawn from what the worker
ranked."""

from __future__ import annotations

import json
import re
from typing import Any

from conftest import catalog

from longana.classplay import ClassCode
from longana.classplay.replay import play_class
from longana.classplay.results import Result
from longana.protocol import Game
from ui import class_table, class_table_panel
from ui.i18n import Catalog

CAT = Catalog(catalog("en"))


PROOF = {"hands": [1], "finished": False, "choices": [[0, 2]], "plays": [7]}


def test_the_kept_table_reads_back_and_nothing_else_does() -> None:
    entry = ["7B-PCCC-N100-2ZQ/3ABC-DEFG", PROOF]
    kept = [[entry[0], json.dumps(entry)]]  # each entry kept as its own text
    text = class_table.kept_text("7B-PCCC-N100-2ZQ", kept)
    assert class_table.read_kept(text) == ("7B-PCCC-N100-2ZQ", kept)
    for broken in (
        None,
        "",
        "{",
        "[]",
        '{"class": "X", "results": []}',  # no schema: another shape
        '{"schema": 2, "class": "X", "results": []}',
        '{"schema": 1, "class": 7, "results": []}',
        '{"schema": 1, "class": "X", "results": {}}',
    ):
        assert class_table.read_kept(broken) == (None, []), broken
    odd = json.dumps({"schema": 1, "class": "X", "results": [["A", PROOF], "b", ["c"], [1, {}]]})
    assert class_table.read_kept(odd) == ("X", [["A", json.dumps(["A", PROOF])]])  # they stay


def test_lines_are_counted_as_the_teacher_sees_them() -> None:
    assert class_table.result_lines("A\n\n  B  \r\n\nC") == [(1, "A"), (3, "B"), (5, "C")]
    assert class_table.result_lines("") == []


def table_of(names: list[str]) -> dict[str, Any]:
    code = ClassCode.make("P1", ("person", "computer", "computer", "computer"), "easy", 10)
    texts = []
    for k, name in enumerate(names):
        game = play_class(code, 1, lambda game, legal, k=k: legal[k % len(legal)])
        texts.append(Result.of(game, 0, name).text)
    reply = json.loads(
        Game().handle(json.dumps({"do": "class-table", "class": code.text, "texts": texts}))
    )
    assert reply["refused"] == []
    return dict(reply["table"])


def test_flagged_results_are_shown_side_by_side_with_why() -> None:
    table = table_of(["Ana", "\u0410na", "Bo"])  # a Cyrillic А
    html = class_table_panel.results_html(CAT, table, [], "blob:x")
    flagged = re.search(r"<section class=\"flagged\" data-results-flagged>.*?</section>", html)
    assert flagged is not None
    group = flagged.group(0)
    assert 'data-flag="look-alike"' in group and CAT.t("class.flag.look-alike") in group
    assert group.count("<tr data-flagged-row=") == 2 and "Bo<" not in group
    rows = re.findall(r'<tr data-student="([^"]*)" data-rank="\d+"( data-flag="[^"]*")?', html)
    assert sorted((name, bool(flag)) for name, flag in rows) == [
        ("Ana", True),
        ("Bo", False),
        ("\u0410na", True),
    ]
    assert html.count('data-action="remove-result"') == 3
    assert 'data-results-kept="true"' in html and 'data-action="clear-results"' in html


def test_the_table_escapes_what_it_shows() -> None:
    table = table_of(["Ana"])
    table["rows"][0]["name"] = '<img src=x onerror="alert(1)">'
    html = class_table_panel.results_html(CAT, table, ["<b>x</b>"], None, kept=False)
    assert "<img" not in html and "<b>x" not in html
    assert 'data-results-kept="false"' in html and CAT.t("class.results_not_kept") in html
    start = class_table_panel.results_class_html(CAT, '"><script>', CAT.t("class.why.check"))
    assert "<script>" not in start and "data-results-class" in start


def test_checking_turns_the_add_button_off() -> None:
    busy = class_table_panel.results_html(CAT, table_of(["Ana"]), [], None, True, "Checking 1 of 2")
    button = re.search(r'<button[^>]*data-action="add-results"[^>]*>', busy)
    assert button is not None and "disabled" in button.group(0)
    assert "Checking 1 of 2" in busy


def test_pasted_lines_that_look_like_nothing_are_no_lines() -> None:
    """Issue 37: no-break spaces and line separators around or instead of a code (MicroPython's
    strip() takes ASCII spaces only): never sent as codes to be refused one by one."""
    text = "\u00a0\n\u2028\u2029\n\ufeffA-1\u00a0\n\u3000\u200b\n B \u2007"
    assert class_table.result_lines(text) == [(3, "A-1"), (5, "B")]
