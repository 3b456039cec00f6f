"""A student's class play as HTML text: the class section of Settings, the name asked before the
first move, and the result at a hand's end (final, or partial while the match goes on). Runs
under MicroPython and CPython. Names for automation follow interfaces.md ("Class play"). The
teacher's table's panel is :mod:`ui.class_table_panel`, the device's history
:mod:`ui.history_panel`.
"""

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from .html import button, escape
from .words import phrase

TYPE_CHECKING = False  # mypy takes it as true: types only, never imported at runtime
if TYPE_CHECKING:
    from longana.replies import ResultShown

    from .i18n import Catalog


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


def result_html(cat: "Catalog", result: "ResultShown", href: str) -> str:
    """The student's result code (and file) at a hand's end or the match's end. Only the final
    code of a finished match is offered as what to hand in; before the match is over the code
    is marked partial (``[data-result-partial]``, with the hands it covers), so that an early
    code is never taken for the whole match (the teacher's table ranks it after every complete
    one). A reply without ``final`` (an earlier worker) is shown as before."""
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
    final = result.get("final")
    if final is False:
        mark = ' data-result-partial="' + str(result.get("hands", 0)) + '"'
        title = cat.plural("table.result_partial_title", int(result.get("hands", 0)))
        note = cat.t("table.result_partial_note")
    else:
        mark = " data-result-final" if final else ""
        title = cat.t("table.result_final_title" if final else "class.result_title")
        note = cat.t("class.result_note")
    return (
        '<section class="class-result"'
        + mark
        + "><h3>"
        + escape(title)
        + "</h3>"
        + '<p class="note">'
        + escape(note)
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


def result_refused_html(cat: "Catalog", name: str, why: str, code: str = "class-name") -> str:
    """At a hand's end, when no result can be made: why, and the name again when the name is
    the reason (``code``, the worker's refusal code); any other reason (a class match changed
    under its code, one of another release) is said without blaming the name."""
    if code != "class-name":
        return (
            '<section class="class-result" data-result-refused="'
            + escape(code)
            + '"><h3>'
            + phrase(cat, "class.result_title")
            + '</h3><p class="field-error" role="alert">'
            + phrase(cat, "table.result_refused", why=why)
            + "</p></section>"
        )
    return (
        '<section class="class-result" data-result-refused><h3>'
        + phrase(cat, "class.result_title")
        + "</h3>"
        + name_html(cat, name, cat.t("class.name_refused", why=why), title=False)
        + "</section>"
    )
