"""The page's dialogs as HTML text: hand end, match end, settings, the handoff screen, the
broken-save message, the restart question. Runs under MicroPython and CPython: the page puts the
text into a ``<dialog data-dialog="…">``. The record and its step-through are
:mod:`ui.record_panels`'.
"""

try:
    from typing import Any
except ImportError:  # MicroPython: no typing module; annotations are not evaluated there
    pass

from .html import escape, icon, tile_face
from .notation import KINDS, LENGTHS, LEVELS, SEATS
from .words import outcome_words, phrase

TYPE_CHECKING = False  # mypy takes it as true: the frame's types, never imported at runtime
if TYPE_CHECKING:
    from longana.device.frame import Frame, Kind, Seat

    from .i18n import Catalog


def close_button(cat: "Catalog", primary: bool = True, autofocus: bool = True) -> str:
    return (
        '<button type="button" class="btn'
        + (" primary" if primary else "")
        + '" data-action="close"'
        + (" autofocus" if autofocus else "")
        + ">"
        + phrase(cat, "actions.close")
        + "</button>"
    )


# -- hand end and match end -------------------------------------------------------------------


def result_table(frame: "Frame", cat: "Catalog") -> str:
    """Every seat's tiles left, pips, points scored and total at a hand's end."""
    out = frame["outcome"]
    assert out is not None
    rows = []
    for s in SEATS:
        letter = s
        tiles = frame["hands"][s]["tiles"] or []
        faces = "".join(tile_face(t, cat.tile(t)) for t in tiles) or (
            '<span class="played-out">' + phrase(cat, "hand_end.played_out") + "</span>"
        )
        scored = out["points"] if out["winner"] == s else 0
        win = " winner" if out["winner"] == s else ""
        rows.append(
            '<tr class="row-'
            + letter
            + win
            + '"><th scope="row">'
            + escape(cat.seat(s))
            + '</th><td><div class="hand mini" data-hand="'
            + letter
            + '">'
            + faces
            + '</div></td><td class="num">'
            + str(out["pips"][s])
            + "</td>"
            + '<td class="num">'
            + ("+" + str(scored) if scored else "0")
            + "</td>"
            + '<td class="num total">'
            + str(frame["scores"][s])
            + "</td></tr>"
        )
    head = (
        '<tr><th scope="col"><span class="sr-only">'
        + phrase(cat, "hand_end.seat")
        + '</span></th><th scope="col"><span class="sr-only">'
        + phrase(cat, "hand_end.tiles_left")
        + '</span></th><th class="num" scope="col">'
        + phrase(cat, "hand_end.pips")
        + "</th>"
        + '<th class="num" scope="col">'
        + phrase(cat, "hand_end.scored")
        + "</th>"
        + '<th class="num" scope="col">'
        + phrase(cat, "hand_end.total")
        + "</th></tr>"
    )
    return (
        '<table class="result"><thead>'
        + head
        + "</thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
    )


def undo_button(cat: "Catalog", can_undo: bool) -> str:
    """Undo from a hand's end: takes back the last move and the hand's scoring."""
    if not can_undo:
        return ""
    return (
        '<button type="button" class="btn" data-action="undo">'
        + icon("undo")
        + '<span class="lbl">'
        + phrase(cat, "actions.undo")
        + "</span></button>"
    )


def hand_end_html(frame: "Frame", cat: "Catalog", auto: bool) -> str:
    note = '<p class="note">' + phrase(cat, "hand_end.next_auto") + "</p>" if auto else ""
    return (
        '<h2 id="dlg-title">'
        + phrase(cat, "hand_end.title", n=frame["hand_number"])
        + "</h2>"
        + '<p class="verdict">'
        + escape(outcome_words(frame["outcome"], cat))
        + "</p>"
        + result_table(frame, cat)
        + note
        + '<div class="dlg-buttons">'
        + undo_button(cat, frame["can"]["undo"])
        + '<button type="button" class="btn primary" data-action="next-hand" autofocus>'
        + phrase(cat, "actions.next_hand")
        + "</button></div>"
    )


def match_end_html(frame: "Frame", cat: "Catalog") -> str:
    winner = frame["winner"]
    assert winner is not None
    name = cat.seat(winner)
    return (
        '<h2 id="dlg-title">'
        + phrase(cat, "match_end.title", winner=name)
        + "</h2>"
        + '<p class="verdict">'
        + phrase(
            cat,
            "match_end.text",
            winner=name,
            score=frame["scores"][winner],
            target=frame["rules"]["target"],
        )
        + '</p><p class="verdict small">'
        + escape(outcome_words(frame["outcome"], cat))
        + "</p>"
        + result_table(frame, cat)
        + '<div class="dlg-buttons">'
        + undo_button(cat, frame["can"]["undo"])
        + '<button type="button" class="btn primary" data-action="new-match" autofocus>'
        + phrase(cat, "actions.new_match")
        + "</button></div>"
    )


# -- settings ---------------------------------------------------------------------------------


def _options(values: "tuple[str, ...]", chosen: str, words: Any) -> str:
    return "".join(
        '<option value="'
        + v
        + '"'
        + (" selected" if v == chosen else "")
        + ">"
        + escape(words(v))
        + "</option>"
        for v in values
    )


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
    rows = []
    for s in SEATS:
        letter = s
        opts = _options(KINDS, seats[s], lambda k: cat.t("settings." + k))
        rows.append(
            '<label class="field"><span>'
            + escape(cat.seat(s))
            + "</span>"
            + '<select data-seat-kind="'
            + letter
            + '" name="seat-'
            + letter
            + '">'
            + opts
            + "</select></label>"
        )
    speed_opts = _options(("normal", "fast"), speed, lambda k: cat.t("settings.speed_" + k))
    level_opts = _options(LEVELS, level, lambda k: cat.t("settings.levels." + k))
    langs = sorted(names)
    lang_opts = "".join(
        '<option value="'
        + k
        + '" lang="'
        + k
        + '"'
        + (" selected" if k == lang else "")
        + ">"
        + escape(names[k])
        + "</option>"
        for k in langs
    )
    return (
        '<h2 id="dlg-title">'
        + phrase(cat, "settings.title")
        + "</h2>"
        + '<label class="field"><span>'
        + phrase(cat, "settings.language")
        + "</span>"
        + '<select data-setting="lang" name="lang">'
        + lang_opts
        + "</select></label>"
        + "<fieldset><legend>"
        + phrase(cat, "settings.seats")
        + "</legend>"
        + "".join(rows)
        + "</fieldset>"
        + '<label class="field"><span>'
        + phrase(cat, "settings.speed")
        + "</span>"
        + '<select data-setting="speed" name="speed">'
        + speed_opts
        + "</select></label>"
        + '<label class="field"><span>'
        + phrase(cat, "settings.level")
        + "</span>"
        + '<select data-setting="level" name="level">'
        + level_opts
        + "</select></label>"
        + length
        + '<fieldset class="deal-box"><legend>'
        + phrase(cat, "settings.deal_title")
        + "</legend>"
        + '<p class="note">'
        + phrase(cat, "settings.deal", deal=deal)
        + "</p>"
        + '<label class="field"><span>'
        + phrase(cat, "settings.deal_field")
        + "</span>"
        + '<input type="text" data-setting="deal" name="deal" inputmode="text" '
        'autocomplete="off" autocapitalize="off" spellcheck="false" maxlength="32" '
        'value="" placeholder="'
        + phrase(cat, "settings.deal_placeholder")
        + '">'
        + '</label><p class="note">'
        + phrase(cat, "settings.deal_note")
        + "</p>"
        + '<p class="field-error" data-setting-error="deal" role="alert" hidden></p>'
        + "</fieldset>"
        + '<p class="note">'
        + phrase(cat, "settings.new_match_note")
        + "</p>"
        + '<div class="dlg-buttons">'
        + close_button(cat, primary=False, autofocus=False)
        + '<button type="button" class="btn primary" data-action="new-match">'
        + phrase(cat, "actions.new_match")
        + "</button></div>"
    )


def length_html(chosen: int, now: int, cat: "Catalog") -> str:
    """The match's length for new matches and class codes (``chosen``), each named by its
    target and what it suits, and the length of the match in progress (``now``: it keeps it)."""
    opts = "".join(
        '<option value="'
        + str(target)
        + '"'
        + (" selected" if target == chosen else "")
        + ">"
        + phrase(cat, "settings.lengths." + name, target=target)
        + "</option>"
        for name, target in LENGTHS
    )
    return (
        '<label class="field"><span>'
        + phrase(cat, "settings.length")
        + "</span>"
        + '<select data-setting="target" name="target" aria-describedby="length-note">'
        + opts
        + '</select></label><p class="note" id="length-note">'
        + phrase(cat, "settings.length_note", target=now)
        + "</p>"
    )


# -- handoff, broken save, restart ---------------------------------------------------------


def handoff_html(seat: "Seat", cat: "Catalog") -> str:
    name = cat.seat(seat)
    return (
        '<div class="handoff-box"><div class="handoff-tiles" aria-hidden="true">'
        '<span class="tile back v"></span><span class="tile back v"></span>'
        '<span class="tile back v"></span></div>'
        + '<h2 id="dlg-title">'
        + phrase(cat, "handoff.title", seat=name)
        + "</h2>"
        + "<p>"
        + phrase(cat, "handoff.text", seat=name)
        + "</p>"
        + '<button type="button" class="btn primary big" data-action="take-device" '
        'data-seat="'
        + seat
        + '" autofocus>'
        + phrase(cat, "handoff.confirm", seat=name)
        + "</button></div>"
    )


def corrupt_html(code: str, detail: str, cat: "Catalog", href: Any, filename: str) -> str:
    """The broken-save message: what happened, the engine's reason, download, start fresh."""
    download = (
        '<a class="btn" data-action="download-save" href="'
        + escape(href)
        + '" download="'
        + escape(filename)
        + '">'
        + phrase(cat, "save.download")
        + "</a>"
        if href
        else ""
    )
    more = (
        '<details class="detail"><summary>'
        + phrase(cat, "save.detail")
        + "</summary><p>"
        + escape(detail)
        + "</p></details>"
        if detail
        else ""
    )
    return (
        '<h2 id="dlg-title">'
        + phrase(cat, "save.corrupt_title")
        + "</h2>"
        + "<p>"
        + phrase(cat, code)
        + "</p>"
        + more
        + '<div class="dlg-buttons">'
        + download
        + '<button type="button" class="btn primary" data-action="start-fresh" autofocus>'
        + phrase(cat, "save.start_fresh")
        + "</button></div>"
    )


def restart_html(number: int, cat: "Catalog") -> str:
    return (
        '<h2 id="dlg-title">'
        + phrase(cat, "restart.title", n=number)
        + "</h2>"
        + "<p>"
        + phrase(cat, "restart.text")
        + "</p>"
        + '<div class="dlg-buttons"><button type="button" class="btn" data-action="close" '
        "autofocus>"
        + phrase(cat, "actions.cancel")
        + "</button>"
        + '<button type="button" class="btn primary" data-action="restart-confirm">'
        + phrase(cat, "restart.confirm")
        + "</button></div>"
    )
