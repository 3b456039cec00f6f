"""The page's dialogs as HTML text: hand end, match end, settings, the handoff screen, the
broken-save message, the restart question. Runs under MicroPython and CPython: the page puts the
text into a ``<dialog data-dialog="…">``. The record and its step-through are
:mod:`ui.record_panels`'.
"""

try:
    from typing import Any
except ImportError:  # MicroPython: no typing module; annotations are not evaluated there
    pass

from .html import Html, dialog_buttons, dialog_title, fragment, h, icon, raw, tile_face
from .notation import KINDS, LENGTHS, LEVELS, SEATS
from .words import outcome_words

TYPE_CHECKING = False  # mypy takes it as true: the frame's types, never imported at runtime
if TYPE_CHECKING:
    from longana.device.frame import Frame, Kind, Seat

    from .i18n import Catalog


def close_button(cat: "Catalog", primary: bool = True, autofocus: bool = True) -> str:
    cls = "btn primary" if primary else "btn"
    return str(action("close", cat.t("actions.close"), cls, autofocus))


def action(name: str, words: str, cls: str = "btn primary", autofocus: bool = False) -> Html:
    """A dialog's button of ``data-action`` ``name``."""
    attrs = {"type": "button", "class": cls, "data-action": name, "autofocus": autofocus}
    return h("button", attrs, words)


# -- hand end and match end -------------------------------------------------------------------


def result_table(frame: "Frame", cat: "Catalog") -> str:
    """Every seat's tiles left, pips, points scored and total at a hand's end."""
    out = frame["outcome"]
    assert out is not None
    rows = []
    for s in SEATS:
        tiles = frame["hands"][s]["tiles"] or []
        faces = [raw(tile_face(t, cat.tile(t))) for t in tiles] or h(
            "span", {"class": "played-out"}, cat.t("hand_end.played_out")
        )
        scored = out["points"] if out["winner"] == s else 0
        row = {"class": "row-" + s + (" winner" if out["winner"] == s else "")}
        rows.append(
            h(
                "tr",
                row,
                h("th", {"scope": "row"}, cat.seat(s)),
                h("td", {}, h("div", {"class": "hand mini", "data-hand": s}, faces)),
                h("td", {"class": "num"}, out["pips"][s]),
                h("td", {"class": "num"}, "+" + str(scored) if scored else "0"),
                h("td", {"class": "num total"}, frame["scores"][s]),
            )
        )
    unseen = [
        h("th", {"scope": "col"}, h("span", {"class": "sr-only"}, cat.t("hand_end." + k)))
        for k in ("seat", "tiles_left")
    ]
    seen = [
        h("th", {"class": "num", "scope": "col"}, cat.t("hand_end." + k))
        for k in ("pips", "scored", "total")
    ]
    head = h("thead", {}, h("tr", {}, unseen, seen))
    return str(h("table", {"class": "result"}, head, h("tbody", {}, rows)))


def undo_button(cat: "Catalog", can_undo: bool) -> str:
    """Undo from a hand's end: takes back the last move and the hand's scoring."""
    if not can_undo:
        return ""
    attrs = {"type": "button", "class": "btn", "data-action": "undo"}
    words = h("span", {"class": "lbl"}, cat.t("actions.undo"))
    return str(h("button", attrs, raw(icon("undo")), words))


def end_html(
    frame: "Frame", cat: "Catalog", title: str, verdict: Any, then: Html, note: Any = None
) -> str:
    """A hand's or the match's end: its title and ``verdict``, every seat's result (and a
    ``note``), undo and what comes next (``then``)."""
    return fragment(
        dialog_title(title),
        verdict,
        raw(result_table(frame, cat)),
        note,
        dialog_buttons(raw(undo_button(cat, frame["can"]["undo"])), then),
    )


def hand_end_html(frame: "Frame", cat: "Catalog", auto: bool) -> str:
    verdict = h("p", {"class": "verdict"}, outcome_words(frame["outcome"], cat))
    title = cat.t("hand_end.title", n=frame["hand_number"])
    then = action("next-hand", cat.t("actions.next_hand"), autofocus=True)
    note = h("p", {"class": "note"}, cat.t("hand_end.next_auto")) if auto else None
    return end_html(frame, cat, title, verdict, then, note)


def match_end_html(frame: "Frame", cat: "Catalog") -> str:
    winner = frame["winner"]
    assert winner is not None
    name = cat.seat(winner)
    text = cat.t(
        "match_end.text",
        winner=name,
        score=frame["scores"][winner],
        target=frame["rules"]["target"],
    )
    verdict = (
        h("p", {"class": "verdict"}, text),
        h("p", {"class": "verdict small"}, outcome_words(frame["outcome"], cat)),
    )
    then = action("new-match", cat.t("actions.new_match"), autofocus=True)
    return end_html(frame, cat, cat.t("match_end.title", winner=name), verdict, then)


# -- settings ---------------------------------------------------------------------------------


def _options(values: "tuple[str, ...]", chosen: str, words: Any) -> "list[Html]":
    return [h("option", {"value": v, "selected": v == chosen}, words(v)) for v in values]


def field(words: str, control: Html) -> Html:
    """A labelled field of a dialog: its words, then its control."""
    return h("label", {"class": "field"}, h("span", {}, words), control)


def choice(name: str, options: "list[Html]", attr: str = "data-setting") -> Html:
    """A ``<select>`` of Settings (``data-setting`` ``name``)."""
    return h("select", {attr: name, "name": name}, options)


def settings_html(
    seats: "dict[Seat, Kind]",
    speed: str,
    level: str,
    deal: str,
    lang: str,
    cat: "Catalog",
    names: "dict[str, str]",
    length: str = "",
) -> str:
    """Who sits where, speed, the computer's strength, the language (each named in itself:
    ``names``), the match's ``length`` (:func:`length_html`), and a new match from a deal
    number."""
    t = cat.t
    rows = []
    for s in SEATS:
        opts = _options(KINDS, seats[s], lambda k: t("settings." + k))
        select = h("select", {"data-seat-kind": s, "name": "seat-" + s}, opts)
        rows.append(field(cat.seat(s), select))
    speed_opts = _options(("normal", "fast"), speed, lambda k: t("settings.speed_" + k))
    level_opts = _options(LEVELS, level, lambda k: t("settings.levels." + k))
    lang_opts = [
        h("option", {"value": k, "lang": k, "selected": k == lang}, names[k]) for k in sorted(names)
    ]
    typed = {
        "type": "text",
        "data-setting": "deal",
        "name": "deal",
        "inputmode": "text",
        "autocomplete": "off",
        "autocapitalize": "off",
        "spellcheck": "false",
        "maxlength": "32",
        "value": "",
        "placeholder": t("settings.deal_placeholder"),
    }
    error = {"class": "field-error", "data-setting-error": "deal", "role": "alert", "hidden": True}
    deal_box = h(
        "fieldset",
        {"class": "deal-box"},
        h("legend", {}, t("settings.deal_title")),
        h("p", {"class": "note"}, t("settings.deal", deal=deal)),
        h("label", {"class": "field"}, h("span", {}, t("settings.deal_field")), h("input", typed)),
        h("p", {"class": "note"}, t("settings.deal_note")),
        h("p", error),
    )
    return fragment(
        dialog_title(t("settings.title")),
        field(t("settings.language"), choice("lang", lang_opts)),
        h("fieldset", {}, h("legend", {}, t("settings.seats")), rows),
        field(t("settings.speed"), choice("speed", speed_opts)),
        field(t("settings.level"), choice("level", level_opts)),
        raw(length),
        deal_box,
        h("p", {"class": "note"}, t("settings.new_match_note")),
        dialog_buttons(
            raw(close_button(cat, primary=False, autofocus=False)),
            action("new-match", t("actions.new_match")),
        ),
    )


def length_html(chosen: int, now: int, cat: "Catalog") -> str:
    """The match's length for new matches and class codes (``chosen``), each named by its
    target and what it suits, and the length of the match in progress (``now``: it keeps it)."""
    t = cat.t
    opts = [
        h(
            "option",
            {"value": str(target), "selected": target == chosen},
            t("settings.lengths." + name, target=target),
        )
        for name, target in LENGTHS
    ]
    attrs = {"data-setting": "target", "name": "target", "aria-describedby": "length-note"}
    note = h("p", {"class": "note", "id": "length-note"}, t("settings.length_note", target=now))
    return fragment(field(t("settings.length"), h("select", attrs, opts)), note)


# -- handoff, broken save, restart ---------------------------------------------------------

BACK = h("span", {"class": "tile back v"})  # a face-down tile, in a picture hidden as a whole


def handoff_html(seat: "Seat", cat: "Catalog") -> str:
    name = cat.seat(seat)
    attrs = {
        "type": "button",
        "class": "btn primary big",
        "data-action": "take-device",
        "data-seat": seat,
        "autofocus": True,
    }
    backs = h("div", {"class": "handoff-tiles", "aria-hidden": "true"}, [BACK] * 3)
    return str(
        h(
            "div",
            {"class": "handoff-box"},
            backs,
            dialog_title(cat.t("handoff.title", seat=name)),
            h("p", {}, cat.t("handoff.text", seat=name)),
            h("button", attrs, cat.t("handoff.confirm", seat=name)),
        )
    )


def corrupt_html(code: str, detail: str, cat: "Catalog", href: Any, filename: str) -> str:
    """The broken-save message: what happened, the engine's reason, download, start fresh."""
    download = None
    if href:
        link = {"class": "btn", "data-action": "download-save", "href": href, "download": filename}
        download = h("a", link, cat.t("save.download"))
    more = None
    if detail:
        more = h(
            "details",
            {"class": "detail"},
            h("summary", {}, cat.t("save.detail")),
            h("p", {}, detail),
        )
    return fragment(
        dialog_title(cat.t("save.corrupt_title")),
        h("p", {}, cat.t(code)),
        more,
        dialog_buttons(download, action("start-fresh", cat.t("save.start_fresh"), autofocus=True)),
    )


def restart_html(number: int, cat: "Catalog") -> str:
    return fragment(
        dialog_title(cat.t("restart.title", n=number)),
        h("p", {}, cat.t("restart.text")),
        dialog_buttons(
            action("close", cat.t("actions.cancel"), "btn", autofocus=True),
            action("restart-confirm", cat.t("restart.confirm")),
        ),
    )
