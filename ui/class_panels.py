"""Class play and the device's history as HTML text: the class section of Settings, a student's
result at a hand's end, the teacher's table, the matches played on this device with a chart.
Runs under MicroPython and CPython. Names for automation follow interfaces.md ("Class play").
"""

import json

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from .html import button, escape
from .notation import LEVELS
from .words import phrase

TYPE_CHECKING = False  # mypy takes it as true: types only, never imported at runtime
if TYPE_CHECKING:
    from .i18n import Catalog


KEPT_SCHEMA = 1  # the teacher's table as the device keeps it (``longana:class-results``)


def read_kept(text: Any) -> "tuple[Any, list[list[Any]]]":
    """The teacher's table kept on the device: (its class code or None, [[result code,
    proof], …]); anything of another shape is no table (the worker checks every entry)."""
    try:
        data = json.loads(text) if text else None
    except ValueError:
        return None, []
    if not isinstance(data, dict) or data.get("schema") != KEPT_SCHEMA:
        return None, []
    code, results = data.get("class"), data.get("results")
    if not isinstance(code, str) or not isinstance(results, list):
        return None, []
    kept = [
        [r[0], r[1]]
        for r in results
        if isinstance(r, list) and len(r) == 2 and isinstance(r[0], str) and isinstance(r[1], dict)
    ]
    return code, kept


def kept_text(code: Any, kept: "list[list[Any]]") -> str:
    """The text ``read_kept`` reads."""
    return json.dumps({"schema": KEPT_SCHEMA, "class": code, "results": kept})


def result_lines(text: str) -> "list[tuple[int, str]]":
    """The result codes typed in the teacher's table, each with its line number (from 1,
    blank lines counted)."""
    out = []
    for number, line in enumerate(text.split("\n"), 1):
        line = line.strip()
        if line:
            out.append((number, line))
    return out


def settings_html(cat: "Catalog", made: Any, name: str, name_error: str = "") -> str:
    """Settings' class section: join a class match by its code, or make a code from the
    settings above (shown in ``[data-class-code]``), and the student's name (with why it cannot
    be used, ``name_error``, when the worker refused it)."""
    shown = ""
    if made:
        shown = (
            '<p class="note">'
            + phrase(cat, "class.made")
            + "</p>"
            + '<p class="class-code" data-class-code>'
            + escape(made)
            + "</p>"
            + '<p class="note class-link">?class='
            + escape(made)
            + "</p>"
        )
    return (
        '<fieldset class="class-box"><legend>'
        + phrase(cat, "class.section")
        + "</legend>"
        + '<p class="note">'
        + phrase(cat, "class.intro")
        + "</p>"
        + '<label class="field"><span>'
        + phrase(cat, "class.code_field")
        + "</span>"
        + '<input type="text" data-setting="class" name="class" autocomplete="off" '
        'autocapitalize="characters" spellcheck="false" maxlength="40" placeholder="'
        + phrase(cat, "class.code_placeholder")
        + '"></label>'
        + '<p class="field-error" data-setting-error="class" role="alert" hidden></p>'
        + '<label class="field"><span>'
        + phrase(cat, "class.name_field")
        + "</span>"
        + '<input type="text" data-setting="name" name="name" maxlength="48" '
        'autocomplete="name" value="'
        + escape(name)
        + '" placeholder="'
        + phrase(cat, "class.name_placeholder")
        + '"></label>'
        + '<p class="field-error" data-setting-error="name" role="alert"'
        + ("" if name_error else " hidden")
        + ">"
        + escape(name_error)
        + "</p>"
        + '<div class="dlg-buttons start">'
        + button("class-join", cat.t("class.join"))
        + button("class-start", cat.t("class.make"))
        + button("class-results", cat.t("class.results"))
        + "</div>"
        + shown
        + "</fieldset>"
    )


def result_html(cat: "Catalog", result: "dict[str, str]", href: Any) -> str:
    """The student's result code (and file) at a hand's end or the match's end."""
    file_link = (
        '<a class="btn small" data-action="result-file" href="'
        + escape(href)
        + '" download="'
        + escape(result["filename"])
        + '">'
        + phrase(cat, "class.result_file")
        + "</a>"
        if href
        else ""
    )
    return (
        '<section class="class-result"><h3>'
        + phrase(cat, "class.result_title")
        + "</h3>"
        + '<p class="note">'
        + phrase(cat, "class.result_note")
        + "</p>"
        + '<p class="class-code" data-result-code>'
        + escape(result["text"])
        + "</p>"
        + file_link
        + "</section>"
    )


def name_html(cat: "Catalog", name: str, error: str = "", title: bool = True) -> str:
    """The student's name, asked before a class match's first move (and at a hand's end when
    the one given cannot be used): ``input[data-class-name]``, ``data-action="class-name"``,
    why a name is refused in ``[data-class-name-error]``."""
    return (
        ('<h2 id="dlg-title">' + phrase(cat, "class.name_title") + "</h2>" if title else "")
        + '<p class="note">'
        + phrase(cat, "class.name_intro")
        + "</p>"
        + '<label class="field"><span>'
        + phrase(cat, "class.name_field")
        + "</span>"
        + '<input type="text" data-class-name maxlength="48" autocomplete="name" value="'
        + escape(name)
        + '" placeholder="'
        + phrase(cat, "class.name_placeholder")
        + '"></label>'
        + '<p class="field-error" data-class-name-error role="alert"'
        + ("" if error else " hidden")
        + ">"
        + escape(error)
        + "</p>"
        + '<div class="dlg-buttons start">'
        + button("class-name", cat.t("class.name_ok"), "btn primary")
        + "</div>"
    )


def result_refused_html(cat: "Catalog", name: str, why: str) -> str:
    """At a hand's end, when the name given cannot be on a result: why, and the name again."""
    return (
        '<section class="class-result" data-result-refused><h3>'
        + phrase(cat, "class.result_title")
        + "</h3>"
        + name_html(cat, name, cat.t("class.name_refused", why=why), title=False)
        + "</section>"
    )


def _signed(cat: "Catalog", x: float) -> str:
    text = cat.decimal(x)
    return text if text.startswith("-") or text == "0" else "+" + text


def _points(cat: "Catalog", row: Any, hands: int) -> str:
    cells = []
    for k in range(hands):
        if k < len(row["points"]) and row["diffs"][k] is not None:
            cells.append(
                '<td class="num">'
                + str(row["points"][k])
                + " <small>("
                + _signed(cat, row["diffs"][k])
                + ")</small></td>"
            )
        else:
            cells.append('<td class="num">–</td>')
    return "".join(cells)


def _flagged(cat: "Catalog", table: Any) -> str:
    """The results to look at side by side, each group with why."""
    groups = []
    for group in table.get("flagged") or []:
        code = str(group["code"])
        rows = "".join(
            '<tr data-flagged-row="'
            + str(k)
            + '"><th scope="row">'
            + escape(table["rows"][k]["name"])
            + "</th><td>"
            + escape(cat.seat(table["rows"][k]["seat"]))
            + '</td><td class="num">'
            + _signed(cat, table["rows"][k]["total"])
            + '</td><td class="num">'
            + str(table["rows"][k]["rank"])
            + '</td><td class="result-text">'
            + escape(table["rows"][k].get("text", ""))
            + "</td></tr>"
            for k in group["rows"]
        )
        groups.append(
            '<div class="flag-group" data-flag="'
            + escape(code)
            + '"><p>'
            + phrase(cat, "class.flag." + code)
            + '</p><table class="result"><thead><tr><th scope="col">'
            + phrase(cat, "class.student")
            + '</th><th scope="col">'
            + phrase(cat, "class.seat")
            + '</th><th scope="col" class="num">'
            + phrase(cat, "class.total")
            + '</th><th scope="col" class="num">'
            + phrase(cat, "class.rank")
            + '</th><th scope="col">'
            + phrase(cat, "class.result_code")
            + "</th></tr></thead><tbody>"
            + rows
            + "</tbody></table></div>"
        )
    if not groups:
        return ""
    return (
        '<section class="flagged" data-results-flagged><h3>'
        + phrase(cat, "class.flagged_title")
        + "</h3>"
        + "".join(groups)
        + "</section>"
    )


def results_class_html(cat: "Catalog", suggested: str, error: str) -> str:
    """The teacher's table before it has a class: the teacher's own class code first."""
    return (
        '<h2 id="dlg-title">'
        + phrase(cat, "class.results_empty")
        + "</h2>"
        + '<p class="note">'
        + phrase(cat, "class.results_class_intro")
        + "</p>"
        + '<label class="field"><span>'
        + phrase(cat, "class.code_field")
        + "</span>"
        + '<input type="text" data-results-class autocomplete="off" autocapitalize="characters" '
        'spellcheck="false" maxlength="40" value="'
        + escape(suggested)
        + '" placeholder="'
        + phrase(cat, "class.code_placeholder")
        + '"></label>'
        + '<p class="field-error" data-results-error role="alert"'
        + ("" if error else " hidden")
        + ">"
        + escape(error)
        + "</p>"
        + '<div class="dlg-buttons">'
        + button("results-class", cat.t("class.results_start"), "btn primary")
        + '<button type="button" class="btn" data-action="close">'
        + phrase(cat, "actions.close")
        + "</button></div>"
    )


def results_html(
    cat: "Catalog",
    table: Any,
    errors: "list[str]",
    csv_href: Any,
    kept: bool = True,
    progress: str = "",
) -> str:
    """The teacher's table of one class: codes and files in, each student's score per deal
    against the average of everyone who played it, ranked; the results to look at side by side
    (``table["flagged"]``), each row's flags; CSV out; kept on this device (``kept``) until the
    teacher clears it; prints cleanly."""
    rows = []
    hands = table["hands"] if table else 0
    head = (
        '<tr><th scope="col">'
        + phrase(cat, "class.rank")
        + '</th><th scope="col">'
        + phrase(cat, "class.student")
        + '</th><th scope="col">'
        + phrase(cat, "class.seat")
        + '</th><th scope="col" class="num">'
        + phrase(cat, "class.total")
        + "</th>"
        + "".join(
            '<th scope="col" class="num">' + phrase(cat, "class.hand", n=k + 1) + "</th>"
            for k in range(hands)
        )
        + '<th scope="col" class="no-print"><span class="sr-only">'
        + phrase(cat, "class.remove")
        + "</span></th></tr>"
    )
    for place, row in enumerate(table["rows"] if table else []):
        flags = [str(f) for f in row.get("flags") or []]
        mark = (
            ' <small class="flag-mark">' + phrase(cat, "class.flag_mark") + "</small>"
            if flags
            else ""
        )
        rows.append(
            '<tr data-student="'
            + escape(row["name"])
            + '" data-rank="'
            + str(row["rank"])
            + '"'
            + (' data-flag="' + escape(" ".join(flags)) + '" class="flagged"' if flags else "")
            + "><td>"
            + str(row["rank"])
            + '</td><th scope="row">'
            + escape(row["name"])
            + mark
            + "</th><td>"
            + escape(cat.seat(row["seat"]))
            + '</td><td class="num total">'
            + _signed(cat, row["total"])
            + "</td>"
            + _points(cat, row, hands)
            + '<td class="no-print"><button type="button" class="btn small" '
            'data-action="remove-result" data-row="'
            + str(place)
            + '" aria-label="'
            + phrase(cat, "class.remove_named", name=row["name"])
            + '">'
            + phrase(cat, "class.remove")
            + "</button></td></tr>"
        )
    notes = ""
    if table and table.get("duplicates"):
        notes = (
            '<p class="note" data-results-duplicate>'
            + phrase(cat, "class.duplicate", names=cat.join([str(n) for n in table["duplicates"]]))
            + "</p>"
        )
    error_text = "<br>".join(escape(e) for e in errors)
    export = (
        '<a class="btn" data-action="export-csv" href="'
        + escape(csv_href)
        + '" download="longana-class-results.csv">'
        + phrase(cat, "class.export")
        + "</a>"
        if csv_href
        else ""
    )
    title = (
        cat.t("class.results_title", code=table["code"])
        if table and table.get("code")
        else cat.t("class.results_empty")
    )
    return (
        '<h2 id="dlg-title">'
        + escape(title)
        + "</h2>"
        + '<div class="no-print"><p class="note">'
        + phrase(cat, "class.results_intro")
        + "</p>"
        + '<label class="field wide"><span>'
        + phrase(cat, "class.results_input")
        + "</span>"
        + '<textarea data-results-input rows="4" spellcheck="false"></textarea></label>'
        + '<label class="field"><span>'
        + phrase(cat, "class.results_files")
        + "</span>"
        + '<input type="file" data-results-files multiple accept=".json,application/json">'
        + "</label>"
        + '<p class="field-error" data-results-error role="alert"'
        + ("" if errors else " hidden")
        + ">"
        + error_text
        + "</p>"
        + '<p class="note" data-results-progress aria-live="polite">'
        + escape(progress)
        + "</p>"
        + '<div class="dlg-buttons start">'
        + button("add-results", cat.t("class.add"), "btn primary", not progress)
        + "</div>"
        + '<p class="note" data-results-kept="'
        + ("true" if kept else "false")
        + '">'
        + phrase(cat, "class.results_kept" if kept else "class.results_not_kept")
        + "</p></div>"
        + (_flagged(cat, table) if table else "")
        + notes
        + '<div class="results-wrap"><table class="result class-table"><thead>'
        + head
        + "</thead><tbody>"
        + "".join(rows)
        + "</tbody></table></div>"
        + '<div class="dlg-buttons no-print">'
        + export
        + button("print", cat.t("class.print"))
        + button("clear-results", cat.t("class.results_clear"))
        + '<button type="button" class="btn primary" data-action="close">'
        + phrase(cat, "actions.close")
        + "</button></div>"
    )


# -- the matches played on this device ------------------------------------------------------


def history_html(cat: "Catalog", entries: "list[dict[str, Any]]") -> str:
    """Each match (date, the computer's level, who won), figures per level, and the scores of
    the last match as a chart."""
    if not entries:
        body = '<p class="note">' + phrase(cat, "history.empty") + "</p>"
    else:
        won = [e for e in entries if e["winner"] in e["people"]]
        hands = sum(len(e["totals"]) for e in entries)
        points = sum(max(e["totals"][-1][s] for s in e["people"]) for e in entries if e["totals"])
        per_hand = cat.decimal(points / hands) if hands else "0"
        figures = (
            "<p>"
            + phrase(cat, "history.figures", won=len(won), played=len(entries), per_hand=per_hand)
            + "</p>"
        )
        levels = []
        for level in LEVELS:
            mine = [e for e in entries if e["level"] == level]
            if mine:
                levels.append(
                    "<li>"
                    + phrase(
                        cat,
                        "history.per_level",
                        level=cat.t("settings.levels." + level),
                        won=len([e for e in mine if e in won]),
                        played=len(mine),
                    )
                    + "</li>"
                )
        rows = "".join(
            "<tr><td>"
            + escape(e["date"])
            + "</td><td>"
            + escape(cat.t("settings.levels." + e["level"]))
            + "</td><td>"
            + (
                phrase(cat, "history.won")
                if e in won
                else phrase(cat, "history.lost", winner=cat.seat(e["winner"]))
            )
            + "</td></tr>"
            for e in reversed(entries[-20:])
        )
        body = (
            figures
            + '<ul class="levels">'
            + "".join(levels)
            + "</ul>"
            + '<figure class="history-chart">'
            + chart(entries[-1]["totals"], cat)
            + "<figcaption>"
            + phrase(cat, "history.chart")
            + "</figcaption></figure>"
            + '<table class="result"><thead><tr><th scope="col">'
            + phrase(cat, "history.when")
            + '</th><th scope="col">'
            + phrase(cat, "history.level")
            + '</th><th scope="col">'
            + phrase(cat, "history.result")
            + "</th></tr></thead><tbody>"
            + rows
            + "</tbody></table>"
        )
    delete = button("history-delete", cat.t("history.delete")) if entries else ""
    return (
        '<h2 id="dlg-title">'
        + phrase(cat, "history.title")
        + "</h2>"
        + body
        + '<div class="dlg-buttons">'
        + delete
        + '<button type="button" class="btn primary" data-action="close">'
        + phrase(cat, "actions.close")
        + "</button></div>"
    )


COLOURS = ("#1f5fa8", "#b8262b", "#23794a", "#6a3fb5")  # S E N W, as in the record


def chart(totals: "list[list[int]]", cat: "Catalog") -> str:
    """Each seat's total after every hand, as lines (an SVG with a text alternative)."""
    width, height, pad = 320, 160, 24
    top = max([100] + [max(t) for t in totals])
    n = max(1, len(totals))

    def x(k: int) -> int:
        return pad + int((width - 2 * pad) * k / n)

    def y(v: int) -> int:
        return height - pad - int((height - 2 * pad) * v / top)

    lines = []
    for s in range(4):
        points = " ".join(
            str(x(k)) + "," + str(y(t[s])) for k, t in enumerate([[0, 0, 0, 0]] + list(totals))
        )
        lines.append(
            '<polyline fill="none" stroke="' + COLOURS[s] + '" stroke-width="2.5" '
            'points="' + points + '"/>'
        )
    target = (
        '<line x1="'
        + str(pad)
        + '" x2="'
        + str(width - pad)
        + '" y1="'
        + str(y(100))
        + '" y2="'
        + str(y(100))
        + '" stroke="#999" stroke-dasharray="4 3"/>'
    )
    words = (
        cat.t("list_sep").join(cat.seat(s) + " " + str(totals[-1][s]) for s in range(4))
        if totals
        else ""
    )
    return (
        '<svg viewBox="0 0 ' + str(width) + " " + str(height) + '" role="img" '
        'aria-label="'
        + escape(cat.t("history.chart") + ": " + words)
        + '">'
        + target
        + "".join(lines)
        + "</svg>"
    )
