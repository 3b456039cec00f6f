"""The page's dialogs and panels as HTML text: hand end, match end, settings, the record, a
replayed hand, the handoff screen, the broken-save message, the restart question. Runs under
MicroPython and CPython: the page puts the text into a ``<dialog data-dialog="…">``.

The record holds only public information while a hand is being played (the moves and passes
everybody saw); the four dealt hands appear only in a replay of a finished or imported hand.
"""

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from .html import a, icon, tile_face
from .i18n import SEATS
from .render import Look, board_html, outcome_words


def _t(cat: Any, key: str, **params: Any) -> str:
    return a(cat.t(key, **params))


def close_button(cat: Any, primary: bool = True, autofocus: bool = True) -> str:
    return (
        '<button type="button" class="btn'
        + (" primary" if primary else "")
        + '" data-action="close"'
        + (" autofocus" if autofocus else "")
        + ">"
        + _t(cat, "actions.close")
        + "</button>"
    )


# -- hand end and match end -------------------------------------------------------------------


def result_table(frame: dict, cat: Any) -> str:
    out = frame["outcome"]
    rows = []
    for s in range(4):
        letter = SEATS[s]
        tiles = frame["hands"][s]["tiles"] or []
        faces = "".join(tile_face(t, cat.tile(t)) for t in tiles) or (
            '<span class="played-out">' + _t(cat, "hand_end.played_out") + "</span>"
        )
        scored = out["points"] if out["winner"] == s else 0
        win = " winner" if out["winner"] == s else ""
        rows.append(
            '<tr class="row-'
            + letter
            + win
            + '"><th scope="row">'
            + a(cat.seat(s))
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
        + _t(cat, "hand_end.seat")
        + '</span></th><th scope="col"><span class="sr-only">'
        + _t(cat, "hand_end.tiles_left")
        + '</span></th><th class="num" scope="col">'
        + _t(cat, "hand_end.pips")
        + "</th>"
        + '<th class="num" scope="col">'
        + _t(cat, "hand_end.scored")
        + "</th>"
        + '<th class="num" scope="col">'
        + _t(cat, "hand_end.total")
        + "</th></tr>"
    )
    return (
        '<table class="result"><thead>'
        + head
        + "</thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
    )


def undo_button(cat: Any, can_undo: bool) -> str:
    """Undo from a hand's end: takes back the last move and the hand's scoring."""
    if not can_undo:
        return ""
    return (
        '<button type="button" class="btn" data-action="undo">'
        + icon("undo")
        + '<span class="lbl">'
        + _t(cat, "actions.undo")
        + "</span></button>"
    )


def hand_end_html(frame: dict, cat: Any, auto: bool) -> str:
    note = '<p class="note">' + _t(cat, "hand_end.next_auto") + "</p>" if auto else ""
    return (
        '<h2 id="dlg-title">'
        + _t(cat, "hand_end.title", n=frame["hand_number"])
        + "</h2>"
        + '<p class="verdict">'
        + a(outcome_words(frame["outcome"], cat))
        + "</p>"
        + result_table(frame, cat)
        + note
        + '<div class="dlg-buttons">'
        + undo_button(cat, frame["can"]["undo"])
        + '<button type="button" class="btn primary" data-action="next-hand" autofocus>'
        + _t(cat, "actions.next_hand")
        + "</button></div>"
    )


def match_end_html(frame: dict, cat: Any) -> str:
    winner = frame["winner"]
    name = cat.seat(winner)
    return (
        '<h2 id="dlg-title">'
        + _t(cat, "match_end.title", winner=name)
        + "</h2>"
        + '<p class="verdict">'
        + _t(
            cat,
            "match_end.text",
            winner=name,
            score=frame["scores"][winner],
            target=frame["target"],
        )
        + '</p><p class="verdict small">'
        + a(outcome_words(frame["outcome"], cat))
        + "</p>"
        + result_table(frame, cat)
        + '<div class="dlg-buttons">'
        + undo_button(cat, frame["can"]["undo"])
        + '<button type="button" class="btn primary" data-action="new-match" autofocus>'
        + _t(cat, "actions.new_match")
        + "</button></div>"
    )


# -- settings ---------------------------------------------------------------------------------


def _options(values: tuple, chosen: str, words: Any) -> str:
    return "".join(
        '<option value="'
        + v
        + '"'
        + (" selected" if v == chosen else "")
        + ">"
        + a(words(v))
        + "</option>"
        for v in values
    )


def settings_html(
    seats: list, speed: str, level: str, deal: str, lang: str, cat: Any, names: dict
) -> str:
    """Who sits where, speed, the computer's strength, the language (each named in itself:
    ``names``), and a new match from a deal number."""
    rows = []
    for s in range(4):
        letter = SEATS[s]
        opts = _options(("person", "computer"), seats[s], lambda k: cat.t("settings." + k))
        rows.append(
            '<label class="field"><span>'
            + a(cat.seat(s))
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
    level_opts = _options(
        ("easy", "normal", "hard"), level, lambda k: cat.t("settings.levels." + k)
    )
    langs = sorted(names)
    lang_opts = "".join(
        '<option value="'
        + k
        + '" lang="'
        + k
        + '"'
        + (" selected" if k == lang else "")
        + ">"
        + a(names[k])
        + "</option>"
        for k in langs
    )
    return (
        '<h2 id="dlg-title">'
        + _t(cat, "settings.title")
        + "</h2>"
        + '<label class="field"><span>'
        + _t(cat, "settings.language")
        + "</span>"
        + '<select data-setting="lang" name="lang">'
        + lang_opts
        + "</select></label>"
        + "<fieldset><legend>"
        + _t(cat, "settings.seats")
        + "</legend>"
        + "".join(rows)
        + "</fieldset>"
        + '<label class="field"><span>'
        + _t(cat, "settings.speed")
        + "</span>"
        + '<select data-setting="speed" name="speed">'
        + speed_opts
        + "</select></label>"
        + '<label class="field"><span>'
        + _t(cat, "settings.level")
        + "</span>"
        + '<select data-setting="level" name="level">'
        + level_opts
        + "</select></label>"
        + '<fieldset class="deal-box"><legend>'
        + _t(cat, "settings.deal_title")
        + "</legend>"
        + '<p class="note">'
        + _t(cat, "settings.deal", deal=deal)
        + "</p>"
        + '<label class="field"><span>'
        + _t(cat, "settings.deal_field")
        + "</span>"
        + '<input type="text" data-setting="deal" name="deal" inputmode="text" '
        'autocomplete="off" autocapitalize="off" spellcheck="false" maxlength="32" '
        'value="" placeholder="'
        + _t(cat, "settings.deal_placeholder")
        + '">'
        + '</label><p class="note">'
        + _t(cat, "settings.deal_note")
        + "</p>"
        + '<p class="field-error" data-setting-error="deal" role="alert" hidden></p>'
        + "</fieldset>"
        + '<p class="note">'
        + _t(cat, "settings.new_match_note")
        + "</p>"
        + '<div class="dlg-buttons">'
        + close_button(cat, primary=False, autofocus=False)
        + '<button type="button" class="btn primary" data-action="new-match">'
        + _t(cat, "actions.new_match")
        + "</button></div>"
    )


# -- the record -------------------------------------------------------------------------------


def step_text(step: dict, cat: Any) -> str:
    """One move in words, without the seat: "7-3 on North's branch → 3"."""
    kind = step["kind"]
    if kind == "opening":
        return cat.t("record.step_opening", tile=step["tile"])
    if kind == "pass":
        key = "record.step_pass_opens" if step["opened"] else "record.step_pass"
        return cat.t(key, order=step["order"])
    if step["branch"] == step["seat"]:
        where = cat.t("record.own_branch")
    else:
        where = cat.branch(step["branch"])
    text = cat.t("record.step_play", tile=step["tile"], branch=where, end=step["end"])
    if step["closed"]:
        text += cat.t("record.closes")
    return text


def opener_text(summary: dict, cat: Any) -> str:
    seat = cat.seat(summary["opener"])
    if summary["opening"] is None:
        return cat.t("record.opener_pending", seat=seat)
    return cat.t("record.opener", seat=seat, tile=summary["opening"])


def steps_html(summary: dict, cat: Any) -> str:
    rows = []
    for step in summary["steps"]:
        rows.append(
            '<li class="rec-step '
            + step["kind"]
            + '" data-step="'
            + str(step["number"])
            + '" data-move="'
            + a(step["move"])
            + '"><span class="n">'
            + str(step["number"])
            + '</span><b class="who s-'
            + step["seat"]
            + '">'
            + a(cat.seat(step["seat"]))
            + '</b><span class="what">'
            + a(step_text(step, cat))
            + "</span></li>"
        )
    if not rows:
        return '<p class="note">' + _t(cat, "record.no_moves") + "</p>"
    return '<ol class="rec-steps">' + "".join(rows) + "</ol>"


def scores_html(summary: dict, cat: Any) -> str:
    label = "record.scores" if summary["result"] is not None else "record.scores_now"
    head = "".join('<th scope="col">' + a(cat.seat(s)) + "</th>" for s in SEATS)
    cells = []
    for s in SEATS:
        gained = summary["scores_after"][s] - summary["scores_before"][s]
        plus = ' <small class="plus">+' + str(gained) + "</small>" if gained else ""
        cells.append(
            '<td data-record-score="' + s + '">' + str(summary["scores_after"][s]) + plus + "</td>"
        )
    return (
        '<table class="rec-scores"><caption>'
        + _t(cat, label)
        + "</caption><thead><tr>"
        + head
        + "</tr></thead><tbody><tr>"
        + "".join(cells)
        + "</tr></tbody></table>"
    )


def result_words(result: Any, cat: Any) -> str:
    """A summary's result (seat letters) in words."""
    if result is None:
        return cat.t("record.in_progress")
    pips = [result["pips"][s] for s in SEATS]
    winner = None if result["winner"] is None else SEATS.index(result["winner"])
    return outcome_words(
        {"reason": result["reason"], "winner": winner, "points": result["points"], "pips": pips},
        cat,
    )


def hand_html(summary: dict, cat: Any, index: int, open_: bool) -> str:
    deal = (
        ' <small class="deal">' + _t(cat, "record.deal", deal=summary["deal"]) + "</small>"
        if summary["deal"]
        else ""
    )
    over = summary["result"] is not None
    replay = (
        '<button type="button" class="btn small" data-action="replay" '
        'data-replay-index="' + str(index) + '">' + _t(cat, "record.step_through") + "</button>"
        if over
        else ""
    )
    return (
        '<details class="rec-hand'
        + ("" if over else " live")
        + '" data-record-hand="'
        + str(summary["number"])
        + '"'
        + (" open" if open_ else "")
        + ">"
        + '<summary><span class="rec-title">'
        + _t(cat, "record.hand", n=summary["number"])
        + "</span>"
        + deal
        + '<span class="rec-short">'
        + a(opener_text(summary, cat))
        + "</span></summary>"
        + '<p class="rec-opener">'
        + a(opener_text(summary, cat))
        + "</p>"
        + steps_html(summary, cat)
        + '<p class="rec-result">'
        + a(result_words(summary["result"], cat))
        + "</p>"
        + scores_html(summary, cat)
        + replay
        + "</details>"
    )


def record_html(summaries: list, cat: Any, deal: str, export_href: Any, export_name: str) -> str:
    """The record panel: the deal number, every hand (the current one open), export and
    import. ``export_href`` is a ``blob:`` URL of the finished hands, or None when no hand
    has finished yet."""
    hands = "".join(hand_html(s, cat, i, i == len(summaries) - 1) for i, s in enumerate(summaries))
    if export_href is not None:
        export = (
            '<a class="btn" data-action="export" href="'
            + a(export_href)
            + '" download="'
            + a(export_name)
            + '">'
            + _t(cat, "record.export")
            + "</a>"
        )
        note = ""
    else:
        export = (
            '<button type="button" class="btn" data-action="export" disabled>'
            + _t(cat, "record.export")
            + "</button>"
        )
        note = '<p class="note">' + _t(cat, "record.export_none") + "</p>"
    return (
        '<h2 id="dlg-title">'
        + _t(cat, "record.title")
        + "</h2>"
        + '<p class="rec-deal" data-record-deal="'
        + a(deal)
        + '">'
        + _t(cat, "record.match_deal", deal=deal)
        + "</p>"
        + '<div class="rec-hands">'
        + hands
        + "</div>"
        + '<div class="rec-io"><p class="note">'
        + _t(cat, "record.io_note")
        + "</p>"
        + note
        + '<div class="dlg-buttons start">'
        + export
        + '<label class="btn file"><input type="file" data-import '
        'accept=".jsonl,.json,.txt,application/json,text/plain">'
        + _t(cat, "record.import")
        + "</label></div>"
        + '<p class="field-error" data-import-error role="alert" hidden></p></div>'
        + '<div class="dlg-buttons"><button type="button" class="btn" data-action="history">'
        + _t(cat, "history.open")
        + "</button>"
        + close_button(cat)
        + "</div>"
    )


# -- stepping through a hand ----------------------------------------------------------------

# The replay draws a board and four hands with its own attribute names, so that nothing in
# it is mistaken for the live table (data-branch, data-hand, data-tile are the game's).
_RENAMES = (
    ('data-branch="', 'data-replay-branch="'),
    ('data-tile="', 'data-replay-tile="'),
    ('data-hand="', 'data-replay-hand="'),
    ('data-target="', 'data-replay-target="'),
    ('data-score="', 'data-replay-score="'),
)


def _apart(html: str) -> str:
    for old, new in _RENAMES:
        html = html.replace(old, new)
    return html


def replay_html(replay: dict, cat: Any, area: tuple, tile_px: int) -> str:
    """A hand as it stood after its first ``step`` moves, all four hands face up (a finished
    or imported hand: nothing secret), with back and forward buttons."""
    summary, position, k = replay["summary"], replay["position"], replay["step"]
    n = len(summary["steps"])
    index, count = replay["hand"], replay["count"]
    if replay["imported"]:
        title = cat.t("record.imported", n=index + 1, count=count)
    else:
        title = cat.t("record.finished", n=index + 1)
    look = Look()
    look.area, look.tile_px = area, tile_px
    frame = {"board": position["board"], "last": position["last"], "turn": None}
    board = _apart(board_html(frame, cat, look))
    hands = []
    for s in range(4):
        letter = SEATS[s]
        tiles = "".join(tile_face(t, cat.tile(t)) for t in position["hands"][s]["tiles"])
        hands.append(
            '<div class="rp-hand rp-'
            + letter
            + '"><b>'
            + a(cat.seat(s))
            + "</b>"
            + '<div class="hand mini" data-replay-hand="'
            + letter
            + '">'
            + tiles
            + "</div></div>"
        )
    step = summary["steps"][k - 1] if k else None
    if step is not None:
        now = '<b class="who">' + a(cat.seat(step["seat"])) + "</b> " + a(step_text(step, cat))
    else:
        now = _t(cat, "record.as_dealt")
    end = ""
    if k == n and summary["result"] is not None:
        end = '<p class="rec-result">' + a(result_words(summary["result"], cat)) + "</p>"
    chooser = ""
    if count > 1:
        opts = "".join(
            '<option value="'
            + str(i)
            + '"'
            + (" selected" if i == index else "")
            + ">"
            + _t(cat, "record.hand", n=i + 1)
            + "</option>"
            for i in range(count)
        )
        chooser = (
            '<label class="field inline"><span>'
            + _t(cat, "record.which_hand")
            + "</span><select data-replay-select>"
            + opts
            + "</select></label>"
        )
    back_off = "" if k > 0 else " disabled"
    fwd_off = "" if k < n else " disabled"
    return (
        '<h2 id="dlg-title">'
        + a(title)
        + "</h2>"
        + '<div class="rp-head">'
        + chooser
        + '<p class="rp-opener">'
        + a(opener_text(summary, cat))
        + "</p></div>"
        + '<div class="rp-controls" role="group">'
        + '<button type="button" class="btn" data-action="step-back"'
        + back_off
        + ">"
        + icon("undo")
        + '<span class="lbl">'
        + _t(cat, "record.back")
        + "</span></button>"
        + '<span class="rp-count" data-replay-step="'
        + str(k)
        + '" aria-live="polite">'
        + _t(cat, "record.move_of", k=k, n=n)
        + "</span>"
        + '<button type="button" class="btn" data-action="step-forward"'
        + fwd_off
        + ">"
        + '<span class="lbl">'
        + _t(cat, "record.forward")
        + "</span>"
        + icon("redo")
        + "</button></div>"
        + '<p class="rp-now">'
        + now
        + "</p>"
        + end
        + '<div class="rp-board board-area">'
        + board
        + "</div>"
        + '<div class="rp-hands">'
        + _apart("".join(hands))
        + "</div>"
        + '<div class="dlg-buttons"><button type="button" class="btn" data-action="record">'
        + _t(cat, "record.back_to_record")
        + "</button>"
        + close_button(cat, autofocus=False)
        + "</div>"
    )


# -- handoff, broken save, restart ---------------------------------------------------------


def handoff_html(seat: int, cat: Any) -> str:
    name = cat.seat(seat)
    return (
        '<div class="handoff-box"><div class="handoff-tiles" aria-hidden="true">'
        '<span class="tile back v"></span><span class="tile back v"></span>'
        '<span class="tile back v"></span></div>'
        + '<h2 id="dlg-title">'
        + _t(cat, "handoff.title", seat=name)
        + "</h2>"
        + "<p>"
        + _t(cat, "handoff.text", seat=name)
        + "</p>"
        + '<button type="button" class="btn primary big" data-action="take-device" '
        'data-seat="'
        + SEATS[seat]
        + '" autofocus>'
        + _t(cat, "handoff.confirm", seat=name)
        + "</button></div>"
    )


def corrupt_html(code: str, detail: str, cat: Any, href: Any, filename: str) -> str:
    """The broken-save message: what happened, the engine's reason, download, start fresh."""
    download = (
        '<a class="btn" data-action="download-save" href="'
        + a(href)
        + '" download="'
        + a(filename)
        + '">'
        + _t(cat, "save.download")
        + "</a>"
        if href
        else ""
    )
    more = (
        '<details class="detail"><summary>'
        + _t(cat, "save.detail")
        + "</summary><p>"
        + a(detail)
        + "</p></details>"
        if detail
        else ""
    )
    return (
        '<h2 id="dlg-title">'
        + _t(cat, "save.corrupt_title")
        + "</h2>"
        + "<p>"
        + _t(cat, code)
        + "</p>"
        + more
        + '<div class="dlg-buttons">'
        + download
        + '<button type="button" class="btn primary" data-action="start-fresh" autofocus>'
        + _t(cat, "save.start_fresh")
        + "</button></div>"
    )


def restart_html(number: int, cat: Any) -> str:
    return (
        '<h2 id="dlg-title">'
        + _t(cat, "restart.title", n=number)
        + "</h2>"
        + "<p>"
        + _t(cat, "restart.text")
        + "</p>"
        + '<div class="dlg-buttons"><button type="button" class="btn" data-action="close" '
        "autofocus>"
        + _t(cat, "actions.cancel")
        + "</button>"
        + '<button type="button" class="btn primary" data-action="restart-confirm">'
        + _t(cat, "restart.confirm")
        + "</button></div>"
    )
