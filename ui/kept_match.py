"""A match kept while a class match is played (issue 22): a class link (``?class=CODE``) opened
over a match in progress asks first, and the match is kept under ``longana:kept-match`` (the
same save text as ``longana:save``) to come back to from Settings or the class match's end.

Runs under MicroPython and CPython: what is worth keeping, the kept match's class, the address
without ``?class=``, and the question's and the way back's HTML. The browser's part is
:mod:`ui.dom.kept_match`.
"""

import json

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from .html import button, dialog_buttons, dialog_title, fragment, h, raw

TYPE_CHECKING = False  # mypy takes it as true: types only, never imported at runtime
if TYPE_CHECKING:
    from .i18n import Catalog


def in_progress(frame: Any) -> bool:
    """Whether the match of ``frame`` has something played and is not over: leaving it for
    another match would lose it."""
    return frame is not None and frame["log"] > 0 and not frame["match_over"]


def worth_keeping(frame: Any, code: str) -> bool:
    """Whether joining the class match ``code`` over ``frame`` keeps it first: a match in
    progress, ordinary or of another class (its play would be lost: opening its code again
    starts it from move 1), not that class match itself."""
    return in_progress(frame) and frame.get("class") != code


CODE_LETTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-"  # what the worker writes class codes with


def read_kept_match(text: Any) -> "tuple[Any, Any]":
    """The kept match for :meth:`ui.storage.Store.read_bounded`: ``(save text, its class code
    or None)``, or ``(None, None)`` and ``""`` (to set it aside once) when it is no save of
    this game (no JSON object with a schema number, a class code that is none). Whether it
    loads is the worker's word: a save it refuses is set aside the same way."""
    if not text:
        return (None, None), None
    try:
        data = json.loads(text)
    except Exception:  # noqa: BLE001 - no JSON, too deep (MicroPython: its own errors)
        return (None, None), ""
    if not isinstance(data, dict) or not isinstance(data.get("schema"), int):
        return (None, None), ""
    code = data.get("class")
    if code is None:
        return (text, None), None
    if not _class_code(code):
        return (None, None), ""
    return (text, code), None


def _class_code(code: Any) -> bool:
    return isinstance(code, str) and 0 < len(code) <= 40 and all(c in CODE_LETTERS for c in code)


def kept_class(text: Any) -> Any:
    """The class code of the kept save ``text``, or None (an ordinary match, or no save, or
    none a class code could be)."""
    (_, code), _ = read_kept_match(text)
    return code


def without(query: str, name: str) -> str:
    """The address's query string without ``name`` (``"?class=X&lang=de"`` → ``"?lang=de"``;
    ``""`` when nothing is left)."""
    parts = [p for p in query.lstrip("?").split("&") if p and p.split("=", 1)[0] != name]
    return "?" + "&".join(parts) if parts else ""


def question_html(
    cat: "Catalog", code: str, hand: int, refused: Any = None, replacing: bool = False
) -> str:
    """The question when a class link is opened over a match in progress
    (``data-dialog="class-link"``): join the class match (``data-action="class-link-join"``,
    the match is kept) or keep playing (``data-action="class-link-stay"``). ``refused`` (the
    download address of a save) when the device could not keep the match, or, ``replacing``,
    another match is kept already: the player saves that save as a file first
    (``a[data-action="kept-file"]``, which enables joining), or stays."""
    title = dialog_title(cat.t("kept.question_title"))
    asked = h("p", {}, cat.t("kept.question", code=code, n=hand))
    if refused is None:
        return fragment(
            title,
            asked,
            h("p", {"class": "note"}, cat.t("kept.question_note")),
            dialog_buttons(
                raw(button("class-link-stay", cat.t("kept.stay"))),
                raw(button("class-link-join", cat.t("kept.join"), "btn primary")),
            ),
        )
    said = {"class": "field-error", "data-kept-refused": True, "role": "alert"}
    link = {"class": "btn", "data-action": "kept-file", "href": refused}
    link["download"] = "longana-my-match.json"
    join = cat.t("kept.join" if replacing else "kept.join_unkept")
    return fragment(
        title,
        asked,
        h("p", said, cat.t("kept.replaces" if replacing else "kept.refused")),
        h("p", {}, h("a", link, cat.t("kept.file_other" if replacing else "kept.file"))),
        dialog_buttons(
            raw(button("class-link-stay", cat.t("kept.stay"), "btn primary")),
            raw(button("class-link-join", join, enabled=False)),
        ),
    )


def back_html(cat: "Catalog", code: Any, style: str = "btn primary") -> str:
    """The way back to the kept match (``[data-kept-match]`` in Settings and at a class match's
    end): ``data-action="kept-match"``; ``code`` when the kept match is itself a class match."""
    if code:
        note, label = cat.t("kept.kept_class", code=code), cat.t("kept.back_class", code=code)
    else:
        note, label = cat.t("kept.kept"), cat.t("kept.back")
    return str(
        h(
            "div",
            {"class": "kept-match", "data-kept-match": True},
            h("p", {"class": "note"}, note),
            h("div", {"class": "dlg-buttons start"}, raw(button("kept-match", label, style))),
        )
    )
