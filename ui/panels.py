"""The page's panels and small dialogs as HTML text: the record, a replayed hand, the handoff
screen, the broken-save message, the restart question. Plain Python (no ``js``): the page
puts the text into a ``<dialog data-dialog="…">`` and CPython tests read the same text.

The record holds only public information while a hand is being played (the moves and passes
everybody saw); the four dealt hands appear only in a replay of a finished or imported hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from longana import SEAT_NAMES, Hand
from longana.history import HandSummary, Step

from .i18n import Catalog
from .render import Frame, a, board_html, icon, outcome_words, tile_face


def _t(cat: Catalog, key: str, **params: object) -> str:
    return a(cat.t(key, **params))


# -- the record ----------------------------------------------------------------------------

def step_text(step: Step, cat: Catalog) -> str:
    """One move in words, without the seat: "7-3 on North's branch → 3"."""
    if step.kind == "opening":
        return cat.t("record.step_opening", tile=str(step.tile))
    if step.kind == "pass":
        key = "record.step_pass_opens" if step.opened else "record.step_pass"
        return cat.t(key, order=step.order)
    assert step.branch is not None
    where = cat.t("record.own_branch") if step.branch == step.seat else cat.branch(step.branch)
    text = cat.t("record.step_play", tile=str(step.tile), branch=where, end=step.end)
    if step.closed:
        text += cat.t("record.closes")
    return text


def opener_text(summary: HandSummary, cat: Catalog) -> str:
    seat = cat.seat(summary.opener)
    if summary.opening is None:
        return cat.t("record.opener_pending", seat=seat)
    return cat.t("record.opener", seat=seat, tile=str(summary.opening))


def steps_html(summary: HandSummary, cat: Catalog, current: int | None = None) -> str:
    rows = []
    for step in summary.steps:
        letter = SEAT_NAMES[step.seat]
        now = ' aria-current="step"' if current == step.number else ""
        rows.append(
            f'<li class="rec-step {step.kind}" data-step="{step.number}" '
            f'data-move="{a(step.notation)}"{now}><span class="n">{step.number}</span>'
            f'<b class="who s-{letter}">{_t(cat, f"seat.{letter}")}</b>'
            f'<span class="what">{a(step_text(step, cat))}</span></li>')
    if not rows:
        return f'<p class="note">{_t(cat, "record.no_moves")}</p>'
    return f'<ol class="rec-steps">{"".join(rows)}</ol>'


def scores_html(summary: HandSummary, cat: Catalog) -> str:
    label = "record.scores" if summary.is_over else "record.scores_now"
    head = "".join(f'<th scope="col">{_t(cat, f"seat.{s}")}</th>' for s in SEAT_NAMES)
    cells = []
    for s in range(4):
        gained = summary.scores_after[s] - summary.scores_before[s]
        plus = f' <small class="plus">+{gained}</small>' if gained else ""
        cells.append(f'<td data-record-score="{SEAT_NAMES[s]}">{summary.scores_after[s]}'
                     f'{plus}</td>')
    return (f'<table class="rec-scores"><caption>{_t(cat, label)}</caption>'
            f'<thead><tr>{head}</tr></thead><tbody><tr>{"".join(cells)}</tr></tbody></table>')


def hand_html(summary: HandSummary, cat: Catalog, *, index: int, replayable: bool,
              open_: bool) -> str:
    deal = (f' <small class="deal">{_t(cat, "record.deal", deal=summary.deal)}</small>'
            if summary.deal else "")
    if summary.outcome is not None:
        result = outcome_words(summary.outcome, cat)
        state = ""
    else:
        result = cat.t("record.in_progress")
        state = " live"
    replay = (f'<button type="button" class="btn small" data-action="replay" '
              f'data-replay-index="{index}">{_t(cat, "record.step_through")}</button>'
              if replayable else "")
    opened = " open" if open_ else ""
    return (f'<details class="rec-hand{state}" data-record-hand="{summary.number}"{opened}>'
            f'<summary><span class="rec-title">{_t(cat, "record.hand", n=summary.number)}'
            f'</span>{deal}<span class="rec-short">{a(opener_text(summary, cat))}</span>'
            f'</summary>'
            f'<p class="rec-opener">{a(opener_text(summary, cat))}</p>'
            f'{steps_html(summary, cat)}'
            f'<p class="rec-result">{a(result)}</p>'
            f'{scores_html(summary, cat)}{replay}</details>')


def record_html(summaries: Sequence[HandSummary], cat: Catalog, *, deal: str,
                export_href: str | None, export_name: str) -> str:
    """The record panel: the deal number, every hand (the current one open), export and
    import. ``export_href`` is a ``blob:`` URL of the finished hands, or None when no hand
    has finished yet."""
    hands = "".join(
        hand_html(s, cat, index=i, replayable=s.is_over, open_=i == len(summaries) - 1)
        for i, s in enumerate(summaries))
    if export_href is not None:
        export = (f'<a class="btn" data-action="export" href="{a(export_href)}" '
                  f'download="{a(export_name)}">{_t(cat, "record.export")}</a>')
    else:
        export = (f'<button type="button" class="btn" data-action="export" disabled>'
                  f'{_t(cat, "record.export")}</button>')
    note = "" if export_href is not None else (
        f'<p class="note">{_t(cat, "record.export_none")}</p>')
    return (f'<h2 id="dlg-title">{_t(cat, "record.title")}</h2>'
            f'<p class="rec-deal" data-record-deal="{a(deal)}">'
            f'{_t(cat, "record.match_deal", deal=deal)}</p>'
            f'<div class="rec-hands">{hands}</div>'
            f'<div class="rec-io"><p class="note">{_t(cat, "record.io_note")}</p>{note}'
            f'<div class="dlg-buttons start">{export}'
            f'<label class="btn file"><input type="file" data-import '
            f'accept=".jsonl,.json,.txt,application/json,text/plain">'
            f'{_t(cat, "record.import")}</label></div>'
            f'<p class="field-error" data-import-error role="alert" hidden></p></div>'
            f'<div class="dlg-buttons"><button type="button" class="btn primary" '
            f'data-action="close" autofocus>{_t(cat, "actions.close")}</button></div>')


# -- stepping through a hand --------------------------------------------------------------

# The replay draws a board and four hands with its own attribute names, so that nothing in
# it is mistaken for the live table (data-branch, data-hand, data-tile are the game's).
_RENAMES = (('data-branch="', 'data-replay-branch="'), ('data-tile="', 'data-replay-tile="'),
            ('data-hand="', 'data-replay-hand="'), ('data-target="', 'data-replay-target="'),
            ('data-score="', 'data-replay-score="'))


def _apart(html: str) -> str:
    for old, new in _RENAMES:
        html = html.replace(old, new)
    return html


def replay_html(summary: HandSummary, position: Hand, k: int, cat: Catalog, *,
                tile_px: int, capacity: tuple[tuple[int, int], ...], title: str,
                count: int, index: int, area: tuple[float, float] | None = None) -> str:
    """A hand as it stood after its first ``k`` moves, all four hands face up (a finished or
    imported hand: nothing secret), with back and forward buttons."""
    n = len(summary.steps)
    frame = Frame(hand=position, seats=("person",) * 4, scores=summary.scores_before,
                  viewer=None, reveal=True, capacity=capacity, face_up=frozenset(range(4)),
                  area=area)
    board = _apart(board_html(frame, cat, tile_px))
    hands = []
    for s in range(4):
        letter = SEAT_NAMES[s]
        tiles = "".join(tile_face(t, cat, orient="v") for t in position.tiles(s))
        hands.append(f'<div class="rp-hand rp-{letter}"><b>{_t(cat, f"seat.{letter}")}</b>'
                     f'<div class="hand mini" data-replay-hand="{letter}">{tiles}</div></div>')
    step = summary.steps[k - 1] if k else None
    now = (f'<b class="who">{_t(cat, f"seat.{SEAT_NAMES[step.seat]}")}</b> '
           f'{a(step_text(step, cat))}' if step is not None else _t(cat, "record.as_dealt"))
    end = ""
    if k == n and summary.outcome is not None:
        end = f'<p class="rec-result">{a(outcome_words(summary.outcome, cat))}</p>'
    chooser = ""
    if count > 1:
        opts = "".join(f'<option value="{i}"{" selected" if i == index else ""}>'
                       f'{_t(cat, "record.hand", n=i + 1)}</option>' for i in range(count))
        chooser = (f'<label class="field inline"><span>{_t(cat, "record.which_hand")}</span>'
                   f'<select data-replay-select>{opts}</select></label>')
    back_off = "" if k > 0 else " disabled"
    fwd_off = "" if k < n else " disabled"
    return (f'<h2 id="dlg-title">{a(title)}</h2>'
            f'<div class="rp-head">{chooser}'
            f'<p class="rp-opener">{a(opener_text(summary, cat))}</p></div>'
            f'<div class="rp-controls" role="group">'
            f'<button type="button" class="btn" data-action="step-back"{back_off}>'
            f'{icon("undo")}<span class="lbl">{_t(cat, "record.back")}</span></button>'
            f'<span class="rp-count" data-replay-step="{k}" aria-live="polite">'
            f'{_t(cat, "record.move_of", k=k, n=n)}</span>'
            f'<button type="button" class="btn" data-action="step-forward"{fwd_off}>'
            f'<span class="lbl">{_t(cat, "record.forward")}</span>{icon("redo")}</button>'
            f'</div><p class="rp-now">{now}</p>{end}'
            f'<div class="rp-board board-area">{board}</div>'
            f'<div class="rp-hands">{_apart("".join(hands))}</div>'
            f'<div class="dlg-buttons"><button type="button" class="btn" data-action="record">'
            f'{_t(cat, "record.back_to_record")}</button>'
            f'<button type="button" class="btn primary" data-action="close">'
            f'{_t(cat, "actions.close")}</button></div>')


# -- handoff, broken save, restart ---------------------------------------------------------

def handoff_html(seat: int, cat: Catalog) -> str:
    name = cat.seat(seat)
    return (f'<div class="handoff-box"><div class="handoff-tiles" aria-hidden="true">'
            f'<span class="tile back v"></span><span class="tile back v"></span>'
            f'<span class="tile back v"></span></div>'
            f'<h2 id="dlg-title">{_t(cat, "handoff.title", seat=name)}</h2>'
            f'<p>{_t(cat, "handoff.text", seat=name)}</p>'
            f'<button type="button" class="btn primary big" data-action="take-device" '
            f'data-seat="{SEAT_NAMES[seat]}" autofocus>{_t(cat, "handoff.confirm", seat=name)}'
            f'</button></div>')


def corrupt_html(code: str, detail: str, cat: Catalog, *, href: str | None,
                 filename: str) -> str:
    """The broken-save message: what happened, the engine's reason, download, start fresh."""
    download = (f'<a class="btn" data-action="download-save" href="{a(href)}" '
                f'download="{a(filename)}">{_t(cat, "save.download")}</a>' if href else "")
    more = (f'<details class="detail"><summary>{_t(cat, "save.detail")}</summary>'
            f'<p>{a(detail)}</p></details>' if detail else "")
    return (f'<h2 id="dlg-title">{_t(cat, "save.corrupt_title")}</h2>'
            f'<p>{_t(cat, code)}</p>{more}'
            f'<div class="dlg-buttons">{download}'
            f'<button type="button" class="btn primary" data-action="start-fresh" autofocus>'
            f'{_t(cat, "save.start_fresh")}</button></div>')


def restart_html(number: int, cat: Catalog) -> str:
    return (f'<h2 id="dlg-title">{_t(cat, "restart.title", n=number)}</h2>'
            f'<p>{_t(cat, "restart.text")}</p>'
            f'<div class="dlg-buttons"><button type="button" class="btn" data-action="close" '
            f'autofocus>{_t(cat, "actions.cancel")}</button>'
            f'<button type="button" class="btn primary" data-action="restart-confirm">'
            f'{_t(cat, "restart.confirm")}</button></div>')
