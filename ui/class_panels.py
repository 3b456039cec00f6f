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

from .html import Html, button, dialog_title, fragment, h, raw

TYPE_CHECKING = False  # mypy takes it as true: types only, never imported at runtime
if TYPE_CHECKING:
    from longana.replies import ResultShown

    from .i18n import Catalog


def field(words: str, control: Html) -> Html:
    """A labelled field: its words, then its control."""
    return h("label", {"class": "field"}, h("span", {}, words), control)


def error_line(attrs: "dict[str, Any]", error: str) -> Html:
    """Where why a field's value is refused is said (hidden while nothing is)."""
    shown = {"class": "field-error", "role": "alert", "hidden": not error}
    shown.update(attrs)
    return h("p", shown, error)


def name_field(cat: "Catalog", attrs: "dict[str, Any]", name: str) -> Html:
    """The student's name (``attrs``: the field's own)."""
    typed = {
        "type": "text",
        "maxlength": "48",
        "autocomplete": "name",
        "value": name,
        "placeholder": cat.t("class.name_placeholder"),
    }
    typed.update(attrs)
    return field(cat.t("class.name_field"), h("input", typed))


def settings_html(cat: "Catalog", made: Any, name: str, name_error: str = "") -> str:
    """Settings' class section: join a class match by its code, or make a code from the
    settings above (shown in ``[data-class-code]``), and the student's name (with why it cannot
    be used, ``name_error``, when the worker refused it)."""
    t = cat.t
    shown = None
    if made:
        shown = (
            h("p", {"class": "note"}, t("class.made")),
            h("p", {"class": "class-code", "data-class-code": True}, made),
            h("p", {"class": "note class-link"}, "?class=" + str(made)),
        )
    code = {
        "type": "text",
        "data-setting": "class",
        "name": "class",
        "autocomplete": "off",
        "autocapitalize": "characters",
        "spellcheck": "false",
        "maxlength": "40",
        "placeholder": t("class.code_placeholder"),
    }
    buttons = [
        raw(button("class-join", t("class.join"))),
        raw(button("class-start", t("class.make"))),
        raw(button("class-results", t("class.results"))),
    ]
    return str(
        h(
            "fieldset",
            {"class": "class-box"},
            h("legend", {}, t("class.section")),
            h("p", {"class": "note"}, t("class.intro")),
            field(t("class.code_field"), h("input", code)),
            error_line({"data-setting-error": "class"}, ""),
            name_field(cat, {"data-setting": "name", "name": "name"}, name),
            error_line({"data-setting-error": "name"}, name_error),
            h("div", {"class": "dlg-buttons start"}, buttons),
            shown,
        )
    )


def result_html(cat: "Catalog", result: "ResultShown", href: str) -> str:
    """The student's result code (and file) at a hand's end or the match's end. Only the final
    code of a finished match is offered as what to hand in; before the match is over the code
    is marked partial (``[data-result-partial]``, with the hands it covers), so that an early
    code is never taken for the whole match (the teacher's table ranks it after every complete
    one). A reply without ``final`` (an earlier worker) is shown as before."""
    file_link = None
    if href:
        link = {"class": "btn small", "data-action": "result-file", "href": href}
        link["download"] = result["filename"]
        file_link = h("a", link, cat.t("class.result_file"))
    final = result.get("final")
    attrs: dict[str, Any] = {"class": "class-result"}
    if final is False:
        attrs["data-result-partial"] = result.get("hands", 0)
        title = cat.plural("table.result_partial_title", int(result.get("hands", 0)))
        note = cat.t("table.result_partial_note")
    else:
        attrs["data-result-final"] = bool(final)
        title = cat.t("table.result_final_title" if final else "class.result_title")
        note = cat.t("class.result_note")
    return str(
        h(
            "section",
            attrs,
            h("h3", {}, title),
            h("p", {"class": "note"}, note),
            h("p", {"class": "class-code", "data-result-code": True}, result["text"]),
            file_link,
        )
    )


def name_html(cat: "Catalog", name: str, error: str = "", title: bool = True) -> str:
    """The student's name, asked before a class match's first move (and at a hand's end when
    the one given cannot be used): ``input[data-class-name]``, ``data-action="class-name"``,
    why a name is refused in ``[data-class-name-error]``."""
    return fragment(
        dialog_title(cat.t("class.name_title")) if title else None,
        h("p", {"class": "note"}, cat.t("class.name_intro")),
        name_field(cat, {"data-class-name": True}, name),
        error_line({"data-class-name-error": True}, error),
        h(
            "div",
            {"class": "dlg-buttons start"},
            raw(button("class-name", cat.t("class.name_ok"), "btn primary")),
        ),
    )


def result_refused_html(cat: "Catalog", name: str, why: str, code: str = "class-name") -> str:
    """At a hand's end, when no result can be made: why, and the name again when the name is
    the reason (``code``, the worker's refusal code); any other reason (a class match changed
    under its code, one of another release) is said without blaming the name."""
    title = h("h3", {}, cat.t("class.result_title"))
    if code != "class-name":
        said = cat.t("table.result_refused", why=why)
        return str(
            h(
                "section",
                {"class": "class-result", "data-result-refused": code},
                title,
                h("p", {"class": "field-error", "role": "alert"}, said),
            )
        )
    asked = raw(name_html(cat, name, cat.t("class.name_refused", why=why), title=False))
    return str(h("section", {"class": "class-result", "data-result-refused": True}, title, asked))
