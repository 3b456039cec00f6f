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
from .html import button, dialog_buttons, dialog_title, fragment, h, icon, raw, tile_back, tile_face
from .notation import SEATS
from .panels import action, close_button
from .words import outcome_words

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
        attrs = {
            "class": "rec-step " + step["kind"],
            "data-step": step["number"],
            "data-move": step["move"],
        }
        rows.append(
            h(
                "li",
                attrs,
                h("span", {"class": "n"}, step["number"]),
                h("b", {"class": "who s-" + step["seat"]}, cat.seat(step["seat"])),
                h("span", {"class": "what"}, step_text(step, cat)),
            )
        )
    if not rows:
        return str(h("p", {"class": "note"}, cat.t("record.no_moves")))
    return str(h("ol", {"class": "rec-steps"}, rows))


def scores_html(summary: "HandRecordShown", cat: "Catalog") -> str:
    label = "record.scores" if summary["result"] is not None else "record.scores_now"
    head = [h("th", {"scope": "col"}, cat.seat(s)) for s in SEATS]
    cells = []
    for s in SEATS:
        gained = summary["scores_after"][s] - summary["scores_before"][s]
        plus = (" ", h("small", {"class": "plus"}, "+" + str(gained))) if gained else None
        cells.append(h("td", {"data-record-score": s}, summary["scores_after"][s], plus))
    return str(
        h(
            "table",
            {"class": "rec-scores"},
            h("caption", {}, cat.t(label)),
            h("thead", {}, h("tr", {}, head)),
            h("tbody", {}, h("tr", {}, cells)),
        )
    )


def result_words(result: Any, cat: "Catalog") -> str:
    """A summary's result (a frame's outcome's shape) in words."""
    if result is None:
        return cat.t("record.in_progress")
    return outcome_words(result, cat)


def hand_html(summary: "HandRecordShown", cat: "Catalog", index: int, open_: bool) -> str:
    deal = None
    if summary["deal"]:
        deal = " ", h("small", {"class": "deal"}, cat.t("record.deal", deal=summary["deal"]))
    over = summary["result"] is not None
    opener = opener_text(summary, cat)
    replay = None
    if over:
        attrs = {"type": "button", "class": "btn small", "data-action": "replay"}
        attrs["data-replay-index"] = str(index)
        replay = h("button", attrs, cat.t("record.step_through"))
    shown = {
        "class": "rec-hand" if over else "rec-hand live",
        "data-record-hand": summary["number"],
        "open": open_,
    }
    title = h("span", {"class": "rec-title"}, cat.t("record.hand", n=summary["number"]))
    return str(
        h(
            "details",
            shown,
            h("summary", {}, title, deal, h("span", {"class": "rec-short"}, opener)),
            h("p", {"class": "rec-opener"}, opener),
            raw(steps_html(summary, cat)),
            h("p", {"class": "rec-result"}, result_words(summary["result"], cat)),
            raw(scores_html(summary, cat)),
            replay,
        )
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
    hands = [raw(hand_html(s, cat, i, i == len(summaries) - 1)) for i, s in enumerate(summaries)]
    words = cat.t("record.export")
    if export_href is not None:
        link = {"class": "btn", "data-action": "export", "href": export_href}
        link["download"] = export_name
        export = h("a", link, words)
        note = None
    else:
        off = {"type": "button", "class": "btn", "data-action": "export", "disabled": True}
        export = h("button", off, words)
        note = h("p", {"class": "note"}, cat.t("record.export_none"))
    chooser = {
        "type": "file",
        "data-import": True,
        "accept": ".jsonl,.json,.txt,application/json,text/plain",
    }
    status = {"class": "note", "data-import-status": True, "aria-live": "polite", "hidden": True}
    error = {"class": "field-error", "data-import-error": True, "role": "alert", "hidden": True}
    io = h(
        "div",
        {"class": "rec-io"},
        h("p", {"class": "note"}, cat.t("record.io_note")),
        note,
        h(
            "div",
            {"class": "dlg-buttons start"},
            export,
            h("label", {"class": "btn file"}, h("input", chooser), cat.t("record.import")),
        ),
        h("p", status),
        h("p", error),
        h(
            "details",
            {"class": "detail", "data-import-detail": True, "hidden": True},
            h("summary", {}, cat.t("save.detail")),
            h("p", {}),
        ),
    )
    locked = None
    if review_locked:
        why = cat.t("review.class_not_over")
        locked = h("p", {"class": "note", "data-review-locked": True}, why)
    said = cat.t("record.match_deal", deal=deal)
    return fragment(
        dialog_title(cat.t("record.title")),
        h("p", {"class": "rec-deal", "data-record-deal": deal}, said),
        h("div", {"class": "rec-hands"}, hands),
        io,
        locked,
        dialog_buttons(
            None if review_locked else raw(button("review", cat.t("review.open"))),
            raw(button("history", cat.t("history.open"))),
            raw(close_button(cat)),
        ),
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
    end = None
    if k == n and summary["result"] is not None:
        end = h("p", {"class": "rec-result"}, result_words(summary["result"], cat))
    chooser = None
    if count > 1:
        opts = [
            h("option", {"value": i, "selected": i == index}, cat.t("record.hand", n=i + 1))
            for i in range(count)
        ]
        chooser = h(
            "label",
            {"class": "field inline"},
            h("span", {}, cat.t("record.which_hand")),
            h("select", {"data-replay-select": True}, opts),
        )
    back = {"type": "button", "class": "btn", "data-action": "step-back", "disabled": k <= 0}
    forth = {"type": "button", "class": "btn", "data-action": "step-forward", "disabled": k >= n}
    at = {"class": "rp-count", "data-replay-step": k, "aria-live": "polite"}
    controls = h(
        "div",
        {"class": "rp-controls", "role": "group"},
        h("button", back, raw(icon("undo")), h("span", {"class": "lbl"}, cat.t("record.back"))),
        h("span", at, cat.t("record.move_of", k=k, n=n)),
        h("button", forth, h("span", {"class": "lbl"}, cat.t("record.forward")), raw(icon("redo"))),
    )
    opener = h("p", {"class": "rp-opener"}, opener_text(summary, cat))
    return fragment(
        dialog_title(title),
        raw(saved_game_html(cat)) if play_on else None,
        h("p", {"class": "note", "data-left-out": True}, cat.plural("record.left_out", left_out))
        if left_out
        else None,
        h("div", {"class": "rp-head"}, chooser, opener),
        controls,
        raw(now_html(summary, k, cat)),
        end,
        raw(table_html(replay["position"], cat, area, tile_px)),
        dialog_buttons(
            action("record", cat.t("record.back_to_record"), "btn"),
            raw(close_button(cat, autofocus=False)),
        ),
    )


def now_html(summary: "HandRecordShown", k: int, cat: "Catalog", lead: str = "") -> str:
    """The move that led to step ``k`` of the hand, after ``lead`` ("Just before:"), or that it
    is as dealt (said alone: nothing came before it)."""
    step = summary["steps"][k - 1] if k else None
    if step is None:
        return str(h("p", {"class": "rp-now"}, cat.t("record.as_dealt")))
    who = h("b", {"class": "who"}, cat.seat(step["seat"]))
    before = lead + " " if lead else None
    return str(h("p", {"class": "rp-now"}, before, who, " ", step_text(step, cat)))


def table_html(
    position: "Position", cat: "Catalog", area: "tuple[float, float]", tile_px: int
) -> str:
    """A finished hand's board and its four hands face up (a hand without its tiles face
    down: a practice position, as the seat saw it), under the replay's own names."""
    shown = Interaction()
    shown.area, shown.tile_px = area, tile_px
    board = _apart(board_html(position["board"], position["last"], [], cat, shown))
    hands = []
    for s in SEATS:
        held = position["hands"][s]
        if held["tiles"] is None:  # a practice position: only the seat's own tiles face up
            count = held["count"]
            tiles = [raw(tile_back()) for _ in range(count)]
            tiles.append(h("span", {"class": "sr-only"}, cat.plural("plural.tiles", count)))
        else:
            tiles = [raw(tile_face(t, cat.tile(t))) for t in held["tiles"]]
        hands.append(
            h(
                "div",
                {"class": "rp-hand rp-" + s},
                h("b", {}, cat.seat(s)),
                h("div", {"class": "hand mini", "data-replay-hand": s}, tiles),
            )
        )
    board_part = h("div", {"class": "rp-board board-area"}, raw(board))
    return board_part + h("div", {"class": "rp-hands"}, raw(_apart(fragment(hands))))


# -- a saved game from a file ----------------------------------------------------------------


def saved_game_html(cat: "Catalog") -> str:
    """Above an imported saved game: what it is, and the button that plays on from it."""
    return str(
        h(
            "div",
            {"class": "rp-saved", "data-saved-game": True},
            h("p", {"class": "note"}, cat.t("record.saved_game")),
            raw(button("play-file", cat.t("record.play_file"), "btn primary")),
        )
    )


def play_file_html(cat: "Catalog") -> str:
    """The question before a saved game from a file replaces the match on this device."""
    return fragment(
        dialog_title(cat.t("record.play_file_title")),
        h("p", {}, cat.t("record.play_file_text")),
        dialog_buttons(
            action("close", cat.t("actions.cancel"), "btn", autofocus=True),
            raw(button("play-file-confirm", cat.t("record.play_file_confirm"), "btn primary")),
        ),
    )
