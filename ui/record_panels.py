"""The record panel as HTML text: every hand's moves, results and scores, export and import, and
a finished (or imported) hand stepped through. Runs under MicroPython and CPython.

The record holds only public information while a hand is being played (the moves and passes
everybody saw); the four dealt hands appear only in a replay of a finished or imported hand.
"""

try:
    from typing import Any
except ImportError:  # MicroPython: no typing module; annotations are not evaluated there
    pass

from .board import board_html
from .controller import Interaction
from .html import button, escape, icon, tile_face
from .notation import SEATS
from .panels import close_button
from .words import outcome_words, phrase

TYPE_CHECKING = False  # mypy takes it as true: the frame's types, never imported at runtime
if TYPE_CHECKING:
    from longana.device.frame import HandRecordShown, Position, Replay, StepShown

    from .i18n import Catalog

# -- the record -------------------------------------------------------------------------------


def step_text(step: "StepShown", cat: "Catalog") -> str:
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


def opener_text(summary: "HandRecordShown", cat: "Catalog") -> str:
    seat = cat.seat(summary["opener"])
    if summary["opening"] is None:
        return cat.t("record.opener_pending", seat=seat)
    return cat.t("record.opener", seat=seat, tile=summary["opening"])


def steps_html(summary: "HandRecordShown", cat: "Catalog") -> str:
    rows = []
    for step in summary["steps"]:
        rows.append(
            '<li class="rec-step '
            + step["kind"]
            + '" data-step="'
            + str(step["number"])
            + '" data-move="'
            + escape(step["move"])
            + '"><span class="n">'
            + str(step["number"])
            + '</span><b class="who s-'
            + step["seat"]
            + '">'
            + escape(cat.seat(step["seat"]))
            + '</b><span class="what">'
            + escape(step_text(step, cat))
            + "</span></li>"
        )
    if not rows:
        return '<p class="note">' + phrase(cat, "record.no_moves") + "</p>"
    return '<ol class="rec-steps">' + "".join(rows) + "</ol>"


def scores_html(summary: "HandRecordShown", cat: "Catalog") -> str:
    label = "record.scores" if summary["result"] is not None else "record.scores_now"
    head = "".join('<th scope="col">' + escape(cat.seat(s)) + "</th>" for s in SEATS)
    cells = []
    for s in SEATS:
        gained = summary["scores_after"][s] - summary["scores_before"][s]
        plus = ' <small class="plus">+' + str(gained) + "</small>" if gained else ""
        cells.append(
            '<td data-record-score="' + s + '">' + str(summary["scores_after"][s]) + plus + "</td>"
        )
    return (
        '<table class="rec-scores"><caption>'
        + phrase(cat, label)
        + "</caption><thead><tr>"
        + head
        + "</tr></thead><tbody><tr>"
        + "".join(cells)
        + "</tr></tbody></table>"
    )


def result_words(result: Any, cat: "Catalog") -> str:
    """A summary's result (a frame's outcome's shape) in words."""
    if result is None:
        return cat.t("record.in_progress")
    return outcome_words(result, cat)


def hand_html(summary: "HandRecordShown", cat: "Catalog", index: int, open_: bool) -> str:
    deal = (
        ' <small class="deal">' + phrase(cat, "record.deal", deal=summary["deal"]) + "</small>"
        if summary["deal"]
        else ""
    )
    over = summary["result"] is not None
    opener = escape(opener_text(summary, cat))
    replay = (
        '<button type="button" class="btn small" data-action="replay" '
        'data-replay-index="' + str(index) + '">' + phrase(cat, "record.step_through") + "</button>"
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
        + phrase(cat, "record.hand", n=summary["number"])
        + "</span>"
        + deal
        + '<span class="rec-short">'
        + opener
        + "</span></summary>"
        + '<p class="rec-opener">'
        + opener
        + "</p>"
        + steps_html(summary, cat)
        + '<p class="rec-result">'
        + escape(result_words(summary["result"], cat))
        + "</p>"
        + scores_html(summary, cat)
        + replay
        + "</details>"
    )


def record_html(
    summaries: "list[HandRecordShown]",
    cat: "Catalog",
    deal: str,
    export_href: Any,
    export_name: str,
    review_locked: bool = False,
) -> str:
    """The record panel: the deal number, every hand (the current one open), export and
    import, the review of the match. ``export_href`` is a ``blob:`` URL of the finished
    hands, or None when no hand has finished yet; ``review_locked``: a class match not over
    yet, which is not reviewed before its end (the panel says why)."""
    hands = "".join(hand_html(s, cat, i, i == len(summaries) - 1) for i, s in enumerate(summaries))
    if export_href is not None:
        export = (
            '<a class="btn" data-action="export" href="'
            + escape(export_href)
            + '" download="'
            + escape(export_name)
            + '">'
            + phrase(cat, "record.export")
            + "</a>"
        )
        note = ""
    else:
        export = (
            '<button type="button" class="btn" data-action="export" disabled>'
            + phrase(cat, "record.export")
            + "</button>"
        )
        note = '<p class="note">' + phrase(cat, "record.export_none") + "</p>"
    return (
        '<h2 id="dlg-title">'
        + phrase(cat, "record.title")
        + "</h2>"
        + '<p class="rec-deal" data-record-deal="'
        + escape(deal)
        + '">'
        + phrase(cat, "record.match_deal", deal=deal)
        + "</p>"
        + '<div class="rec-hands">'
        + hands
        + "</div>"
        + '<div class="rec-io"><p class="note">'
        + phrase(cat, "record.io_note")
        + "</p>"
        + note
        + '<div class="dlg-buttons start">'
        + export
        + '<label class="btn file"><input type="file" data-import '
        'accept=".jsonl,.json,.txt,application/json,text/plain">'
        + phrase(cat, "record.import")
        + "</label></div>"
        + '<p class="note" data-import-status aria-live="polite" hidden></p>'
        + '<p class="field-error" data-import-error role="alert" hidden></p>'
        + '<details class="detail" data-import-detail hidden><summary>'
        + phrase(cat, "save.detail")
        + "</summary><p></p></details></div>"
        + (
            '<p class="note" data-review-locked>' + phrase(cat, "review.class_not_over") + "</p>"
            if review_locked
            else ""
        )
        + '<div class="dlg-buttons">'
        + ("" if review_locked else button("review", cat.t("review.open")))
        + button("history", cat.t("history.open"))
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


def replay_html(
    replay: "Replay",
    cat: "Catalog",
    area: "tuple[float, float]",
    tile_px: int,
    play_on: bool = False,
    left_out: int = 0,
) -> str:
    """A hand as it stood after its first ``step`` moves, all four hands face up (a finished
    hand, of the match or imported: nothing secret), with back and forward buttons;
    ``play_on``: the file imported is a saved game, and a button plays on from it;
    ``left_out``: hands of the file not shown (they had not ended), said."""
    summary, k = replay["summary"], replay["step"]
    n = len(summary["steps"])
    index, count = replay["hand"], replay["count"]
    if replay["imported"]:
        title = cat.t("record.imported", n=index + 1, count=count)
    else:
        title = cat.t("record.finished", n=index + 1)
    now = now_html(summary, k, cat)
    end = ""
    if k == n and summary["result"] is not None:
        end = '<p class="rec-result">' + escape(result_words(summary["result"], cat)) + "</p>"
    chooser = ""
    if count > 1:
        opts = "".join(
            '<option value="'
            + str(i)
            + '"'
            + (" selected" if i == index else "")
            + ">"
            + phrase(cat, "record.hand", n=i + 1)
            + "</option>"
            for i in range(count)
        )
        chooser = (
            '<label class="field inline"><span>'
            + phrase(cat, "record.which_hand")
            + "</span><select data-replay-select>"
            + opts
            + "</select></label>"
        )
    back_off = "" if k > 0 else " disabled"
    fwd_off = "" if k < n else " disabled"
    return (
        '<h2 id="dlg-title">'
        + escape(title)
        + "</h2>"
        + (saved_game_html(cat) if play_on else "")
        + (
            '<p class="note" data-left-out>'
            + escape(cat.plural("record.left_out", left_out))
            + "</p>"
            if left_out
            else ""
        )
        + '<div class="rp-head">'
        + chooser
        + '<p class="rp-opener">'
        + escape(opener_text(summary, cat))
        + "</p></div>"
        + '<div class="rp-controls" role="group">'
        + '<button type="button" class="btn" data-action="step-back"'
        + back_off
        + ">"
        + icon("undo")
        + '<span class="lbl">'
        + phrase(cat, "record.back")
        + "</span></button>"
        + '<span class="rp-count" data-replay-step="'
        + str(k)
        + '" aria-live="polite">'
        + phrase(cat, "record.move_of", k=k, n=n)
        + "</span>"
        + '<button type="button" class="btn" data-action="step-forward"'
        + fwd_off
        + ">"
        + '<span class="lbl">'
        + phrase(cat, "record.forward")
        + "</span>"
        + icon("redo")
        + "</button></div>"
        + now
        + end
        + table_html(replay["position"], cat, area, tile_px)
        + '<div class="dlg-buttons"><button type="button" class="btn" data-action="record">'
        + phrase(cat, "record.back_to_record")
        + "</button>"
        + close_button(cat, autofocus=False)
        + "</div>"
    )


def now_html(summary: "HandRecordShown", k: int, cat: "Catalog", lead: str = "") -> str:
    """The move that led to step ``k`` of the hand, after ``lead`` ("Just before:"), or that it
    is as dealt (said alone: nothing came before it)."""
    step = summary["steps"][k - 1] if k else None
    if step is None:
        return '<p class="rp-now">' + phrase(cat, "record.as_dealt") + "</p>"
    start = '<p class="rp-now">' + (escape(lead) + " " if lead else "")
    return (
        start
        + '<b class="who">'
        + escape(cat.seat(step["seat"]))
        + "</b> "
        + escape(step_text(step, cat))
        + "</p>"
    )


def table_html(
    position: "Position", cat: "Catalog", area: "tuple[float, float]", tile_px: int
) -> str:
    """A finished hand's board and its four hands face up, under the replay's own names."""
    shown = Interaction()
    shown.area, shown.tile_px = area, tile_px
    board = _apart(board_html(position["board"], position["last"], [], cat, shown))
    hands = []
    for s in SEATS:
        tiles = "".join(tile_face(t, cat.tile(t)) for t in position["hands"][s]["tiles"] or [])
        hands.append(
            '<div class="rp-hand rp-'
            + s
            + '"><b>'
            + escape(cat.seat(s))
            + '</b><div class="hand mini" data-replay-hand="'
            + s
            + '">'
            + tiles
            + "</div></div>"
        )
    return (
        '<div class="rp-board board-area">'
        + board
        + '</div><div class="rp-hands">'
        + _apart("".join(hands))
        + "</div>"
    )


# -- a saved game from a file ----------------------------------------------------------------


def saved_game_html(cat: "Catalog") -> str:
    """Above an imported saved game: what it is, and the button that plays on from it."""
    return (
        '<div class="rp-saved" data-saved-game><p class="note">'
        + phrase(cat, "record.saved_game")
        + "</p>"
        + button("play-file", cat.t("record.play_file"), "btn primary")
        + "</div>"
    )


def play_file_html(cat: "Catalog") -> str:
    """The question before a saved game from a file replaces the match on this device."""
    return (
        '<h2 id="dlg-title">'
        + phrase(cat, "record.play_file_title")
        + "</h2><p>"
        + phrase(cat, "record.play_file_text")
        + '</p><div class="dlg-buttons"><button type="button" class="btn" data-action="close" '
        "autofocus>"
        + phrase(cat, "actions.cancel")
        + "</button>"
        + button("play-file-confirm", cat.t("record.play_file_confirm"), "btn primary")
        + "</div>"
    )
