"""The teacher's table's panel as HTML text (``data-dialog="class-results"``): the table ranked
by the worker, the results to look at side by side, partial results, entries set aside and a
table of another release offered as files, and what the teacher is told of results added again.
What the device keeps of the table is read by :mod:`ui.class_table`. Runs under MicroPython and
CPython. Names for automation follow interfaces.md ("Class play").
"""

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from .html import button, escape
from .i18n import decimal
from .panels import close_button
from .words import phrase

TYPE_CHECKING = False  # mypy takes it as true: types only, never imported at runtime
if TYPE_CHECKING:
    from .i18n import Catalog


def _head(cat: "Catalog", key: str, cls: str = "", **params: Any) -> str:
    """A column's head: the catalog's words for ``key``."""
    return (
        '<th scope="col"'
        + (' class="' + cls + '"' if cls else "")
        + ">"
        + phrase(cat, key, **params)
        + "</th>"
    )


def _signed(cat: "Catalog", x: float, point: "str | None" = None) -> str:
    text = decimal(x, point if point is not None else str(cat.raw("decimal_point") or "."))
    return text if text.startswith("-") or text == "0" else "+" + text


def _points(cat: "Catalog", row: Any, hands: int, point: "str | None" = None) -> str:
    points, diffs = row["points"], row["diffs"]
    cells = []
    for k in range(hands):
        if k < len(points) and diffs[k] is not None:
            cells.append(
                '<td class="num">'
                + str(points[k])
                + " <small>("
                + _signed(cat, diffs[k], point)
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
        members = group.get("members") or [table["rows"][k] for k in group["rows"]]
        rows = "".join(
            '<tr data-flagged-row="'
            + str(k)
            + '"><th scope="row">'
            + escape(member["name"])
            + "</th><td>"
            + escape(cat.seat(member["seat"]))
            + '</td><td class="num">'
            + _signed(cat, member["total"])
            + '</td><td class="num">'
            + str(member["rank"])
            + '</td><td class="result-text">'
            + escape(member.get("text") or "")
            + "</td></tr>"
            for k, member in zip(group["rows"], members)
        )
        groups.append(
            '<div class="flag-group" data-flag="'
            + escape(code)
            + '"><p>'
            + phrase(cat, "class.flag." + code)
            + '</p><table class="result"><thead><tr>'
            + _head(cat, "class.student")
            + _head(cat, "class.seat")
            + _head(cat, "class.total", "num")
            + _head(cat, "class.rank", "num")
            + _head(cat, "class.result_code")
            + "</tr></thead><tbody>"
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


def download(cat: "Catalog", what: str, href: Any, filename: str, key: str) -> str:
    """A link that only downloads (``a[data-download=what]``); "" without an address (a text
    too long to read here stays on the device all the same)."""
    if not href:
        return ""
    return (
        '<a class="btn" data-download="'
        + what
        + '" href="'
        + escape(href)
        + '" download="'
        + filename
        + '">'
        + phrase(cat, key)
        + "</a>"
    )


def aside_note(cat: "Catalog", aside: Any) -> str:
    """``aside``: ``(how many, download addresses)`` of kept results that could not be read, set
    aside (``[data-results-aside]``, ``a[data-download="table-aside"]`` each); how many is -1
    when the table could not be read at all (no JSON, longer than this page reads); "" for
    None."""
    if not aside:
        return ""
    count = int(aside[0])
    said = cat.plural("table.aside", count) if count >= 0 else cat.t("table.aside_whole")
    hrefs = aside[1] if isinstance(aside[1], list) else [aside[1]]
    return (
        '<div class="note" data-results-aside><p>'
        + escape(said)
        + "</p><p>"
        + "".join(
            download(
                cat, "table-aside", href, "longana-class-results-aside.json", "table.aside_file"
            )
            for href in hrefs
        )
        + "</p></div>"
    )


def results_class_html(
    cat: "Catalog", suggested: str, error: str, old: Any = None, aside: Any = None
) -> str:
    """The teacher's table before it has a class: the teacher's own class code first. ``old``:
    ``(class code, download address)`` of a table kept for a class code of another release,
    which this one cannot read: said (``[data-results-old]``), offered as a file
    (``a[data-download="old-table"]``) before the new class's table starts. ``aside``: as for
    :func:`results_html` (a kept table that did not read at all)."""
    said = aside_note(cat, aside)
    if old:
        said += (
            '<div class="note" data-results-old><p>'
            + phrase(cat, "table.old_release", code=old[0])
            + "</p><p>"
            + download(cat, "old-table", old[1], "longana-class-results-old.json", "table.old_file")
            + "</p></div>"
        )
    return (
        '<h2 id="dlg-title">'
        + phrase(cat, "class.results_empty")
        + "</h2>"
        + said
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
        + close_button(cat, primary=False, autofocus=False)
        + "</div>"
    )


def results_html(
    cat: "Catalog",
    table: Any,
    errors: "list[str]",
    csv_href: Any,
    kept: bool = True,
    progress: str = "",
    aside: Any = None,
    told: Any = None,
    first: "int | None" = None,
) -> str:
    """The teacher's table of one class: codes and files in, each student's score per deal
    against the average of everyone who played it, ranked, with the hands each result covers
    (``td[data-hands]``); the results to look at side by side (``table["flagged"]``), each
    row's flags; a partial result marked with the hands it covers (``data-partial``) and why
    it ranks after the complete ones; CSV out (``csv_href`` "": its link waits for rows still
    coming); kept on this device (``kept``) until the teacher clears it; prints cleanly.
    ``aside``: ``(how many, download addresses)`` of kept results that could not be read, set
    aside (``[data-results-aside]``, ``a[data-download="table-aside"]``). ``told``: what else
    the teacher is told of the results just added (``[data-results-told]``: a result added
    again was played again). ``first``: the rows drawn here (the others are added by
    :func:`rows_html`, a part at a time: the page's heap never holds the HTML of two thousand
    rows at once)."""
    hands = table["hands"] if table else 0
    head = (
        "<tr>"
        + _head(cat, "class.rank")
        + _head(cat, "class.student")
        + _head(cat, "class.seat")
        + _head(cat, "class.total", "num")
        + _head(cat, "table.hands", "num")
        + "".join(_head(cat, "class.hand", "num", n=k + 1) for k in range(hands))
        + '<th scope="col" class="no-print"><span class="sr-only">'
        + phrase(cat, "class.remove")
        + "</span></th></tr>"
    )
    shown = len(table["rows"]) if table and first is None else first or 0
    rows = [rows_html(cat, table["rows"][:shown], hands, 0)] if table else []
    notes = ""
    if table and table.get("duplicates"):
        notes = (
            '<p class="note" data-results-duplicate>'
            + escape(cat.listed("class.duplicate", "names", [str(n) for n in table["duplicates"]]))
            + "</p>"
        )
    if table and any(r.get("partial") for r in table["rows"]):
        notes += '<p class="note" data-results-partial>' + phrase(cat, "table.partial") + "</p>"
    notes += aside_note(cat, aside)
    if told:
        notes += (
            '<p class="note" data-results-told>' + "<br>".join(escape(t) for t in told) + "</p>"
        )
    error_text = "<br>".join(escape(e) for e in errors)
    export = ""
    if csv_href is not None:  # "": its rows are still coming (the link waits for them)
        export = (
            '<a class="btn" data-action="export-csv"'
            + (' href="' + escape(csv_href) + '"' if csv_href else ' aria-disabled="true"')
            + ' download="longana-class-results.csv">'
            + phrase(cat, "class.export")
            + "</a>"
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
        + "</thead><tbody data-results-rows>"
        + "".join(rows)
        + "</tbody></table></div>"
        + '<div class="dlg-buttons no-print">'
        + export
        + button("print", cat.t("class.print"))
        + button("clear-results", cat.t("class.results_clear"))
        + close_button(cat, autofocus=False)
        + "</div>"
    )


def rows_html(cat: "Catalog", rows: Any, hands: int, start: int) -> str:
    """The table's rows ``rows``, the first at place ``start`` (its remove button's
    ``data-row``), each with its cells for ``hands`` hands. Written part by part into one list
    joined once: two thousand rows are drawn, and MicroPython's heap is slow to fill with the
    strings a long ``+`` makes."""
    out: list[str] = []
    add = out.append
    point = str(cat.raw("decimal_point") or ".")  # looked up once
    flag_mark = ' <small class="flag-mark">' + phrase(cat, "class.flag_mark") + "</small>"
    remove = phrase(cat, "class.remove")
    seats = {}
    for place, row in enumerate(rows, start):
        flags = [str(f) for f in row.get("flags") or []]
        partial = bool(row.get("partial"))
        points, diffs = row["points"], row["diffs"]
        played = int(row.get("played") or len(points))
        name = escape(row["name"])
        add('<tr data-student="' + name + '" data-rank="' + str(row["rank"]) + '"')
        if partial:
            add(' data-partial="' + str(len(points)) + '"')
        if flags:
            add(' data-flag="' + escape(" ".join(flags)) + '" class="flagged"')
        add("><td>" + str(row["rank"]) + '</td><th scope="row">' + name)
        if [f for f in flags if f != "partial"]:
            add(flag_mark)
        if partial:
            add(' <small class="partial-mark">')
            add(escape(cat.plural("table.partial_mark", played)))
            add("</small>")
        seat = row["seat"]
        if seat not in seats:
            seats[seat] = escape(cat.seat(seat))
        add("</th><td>" + seats[seat] + '</td><td class="num total">')
        add(_signed(cat, row["total"], point))
        add('</td><td class="num" data-hands="' + str(played) + '">' + str(played) + "</td>")
        for k in range(hands):
            if k < len(points) and diffs[k] is not None:
                add('<td class="num">' + str(points[k]) + " <small>(")
                add(_signed(cat, diffs[k], point) + ")</small></td>")
            else:
                add('<td class="num">–</td>')
        add('<td class="no-print"><button type="button" class="btn small" ')
        add('data-action="remove-result" data-row="' + str(place) + '" aria-label="')
        add(phrase(cat, "class.remove_named", name=row["name"]))
        add('">' + remove + "</button></td></tr>")
    return "".join(out)


def again_notes(cat: "Catalog", reply: Any) -> "list[str]":
    """What the teacher is told of each result added that was in the table already (a
    ``class-table`` reply's ``accepted`` entries marked ``again``): it was played again, and
    its true result replaced the one kept."""
    names = {}
    for row in reply["table"]["rows"]:
        names[row.get("text")] = row["name"]
    out = []
    for entry in reply.get("accepted") or []:
        name = entry.get("name") or names.get(entry.get("text"))
        if entry.get("again") and name:
            out.append(cat.t("table.again", name=name))
    return out
