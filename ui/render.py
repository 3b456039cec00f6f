"""Engine state to HTML text. Plain Python (runs under CPython too): no DOM, no ``js``.

The page calls these with a :class:`Frame` (what to show now) and a message catalog, and puts
the text into the DOM. Attribute names follow ../shared/spec/interfaces.md exactly: a face-up
tile has ``data-tile`` and a spoken ``aria-label``; a face-down tile has no number anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from longana import SEAT_NAMES, Hand, Move, Tile
from longana.board import Board
from longana.hand import Outcome

from . import layout
from .i18n import Catalog

# Pip positions on a 3x3 grid (1 = top left, 9 = bottom right), as on a double-nine set.
PIPS: dict[int, tuple[int, ...]] = {
    0: (), 1: (5,), 2: (3, 7), 3: (3, 5, 7), 4: (1, 3, 7, 9), 5: (1, 3, 5, 7, 9),
    6: (1, 3, 4, 6, 7, 9), 7: (1, 3, 4, 5, 6, 7, 9), 8: (1, 2, 3, 4, 6, 7, 8, 9),
    9: (1, 2, 3, 4, 5, 6, 7, 8, 9),
}
# Which way each branch grows from the centre, and how its tiles lie.
LANE_AXIS = {0: "down", 1: "right", 2: "up", 3: "left"}  # S, E, N, W


@dataclass
class Frame:
    """Everything the table shows at one moment."""

    hand: Hand
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    viewer: int | None            # whose tiles are face up (None: nobody's)
    reveal: bool = False          # the hand is over: every hand face up
    legal: list[Move] = field(default_factory=list)   # the viewer's legal moves, if to move
    selected: Tile | None = None
    targets: tuple[int, ...] = ()
    preview: Move | None = None
    thinking: int | None = None
    capacity: tuple[tuple[int, int], ...] = ((99, 99),) * 4  # tiles shown: plain, previewing
    hand_number: int = 1
    deal: str = ""
    target: int = 100
    can_undo: bool = False
    can_redo: bool = False
    can_restart: bool = False
    face_up: frozenset[int] | None = None  # whose tiles show (longana.table.face_up)
    hint: bool = False            # the preview is a hint
    deal_seed: str = ""
    area: tuple[float, float] | None = None  # the board's size: branches laid out by ui.layout


def a(value: object) -> str:
    return escape(str(value), quote=True)


# -- tiles ----------------------------------------------------------------------------------------

def half(value: int, horizontal: bool) -> str:
    dots = []
    for p in PIPS[value]:
        if horizontal:  # transpose so that rows of pips run along the tile
            r, c = divmod(p - 1, 3)
            p = c * 3 + r + 1
        dots.append(f'<i class="d d{p}"></i>')
    return f'<span class="half v{value}">{"".join(dots)}</span>'


def tile_face(tile: Tile, cat: Catalog, *, orient: str, first: int | None = None,
              tag: str = "span", cls: str = "", attrs: str = "") -> str:
    """A face-up tile. ``orient`` "v" stacks its halves, "h" lays them side by side;
    ``first`` is the number shown first (top or left)."""
    a_, b_ = (tile.high, tile.low)
    if first is not None and first == tile.low:
        a_, b_ = tile.low, tile.high
    horizontal = orient == "h"
    classes = f"tile {orient}{' double' if tile.is_double else ''}{' ' + cls if cls else ''}"
    extra = ' type="button"' if tag == "button" else ""
    return (f'<{tag}{extra} class="{classes}" data-tile="{tile}" aria-label="{a(cat.tile(tile))}"'
            f'{attrs}>{half(a_, horizontal)}<span class="mid"></span>{half(b_, horizontal)}'
            f'</{tag}>')


def tile_back(orient: str = "v") -> str:
    return f'<span class="tile back {orient}" aria-hidden="true"></span>'


# -- seats ----------------------------------------------------------------------------------------

def seat_html(f: Frame, seat: int, cat: Catalog) -> str:
    hand = f.hand
    letter = SEAT_NAMES[seat]
    name = cat.seat(seat)
    tiles = hand.tiles(seat)
    up = seat in f.face_up if f.face_up is not None else (f.reveal or seat == f.viewer)
    to_move = not hand.is_over and hand.to_move == seat
    kind = cat.t("kind.you") if seat == f.viewer and f.seats[seat] == "person" else cat.t(
        f"kind.{f.seats[seat]}")
    last = hand.history[-1] if hand.history else None
    flags = []
    if to_move:
        flags.append(f'<span class="flag turn">{a(cat.t("seat_plate.to_move"))}</span>')
    elif last is not None and last[0] == seat and last[1].is_pass:
        flags.append(f'<span class="flag passed">{a(cat.t("seat_plate.passed"))}</span>')
    plate = (
        f'<header class="plate">'
        f'<span class="who"><b class="name">{a(name)}</b> <small class="kind">{a(kind)}</small>'
        f'</span>{"".join(flags)}'
        f'<span class="count">{a(cat.plural("plural.tiles", len(tiles)))}</span>'
        f'<span class="score"><small>{a(cat.t("seat_plate.score"))}</small> '
        f'<b data-score="{letter}">{f.scores[seat]}</b></span>'
        f'</header>')
    if up:
        mine = seat == f.viewer and not f.reveal
        legal_tiles = {m.tile for m in f.legal if m.tile is not None}
        parts = []
        for t in tiles:
            if mine:
                cls = []
                if f.selected is t:
                    cls.append("selected")
                    if f.hint:
                        cls.append("hinted")
                if f.legal and t not in legal_tiles:
                    cls.append("dim")
                pressed = "true" if f.selected is t else "false"
                parts.append(tile_face(t, cat, orient="v", tag="button", cls=" ".join(cls),
                                       attrs=f' aria-pressed="{pressed}"'))
            else:
                parts.append(tile_face(t, cat, orient="v"))
        label = cat.t("seat_plate.hand_up", seat=name)
        body = (f'<div class="hand up" data-hand="{letter}" role="group" '
                f'aria-label="{a(label)}">{"".join(parts)}</div>')
    else:
        label = cat.t("seat_plate.hand_down", seat=name)
        body = (f'<div class="hand down" data-hand="{letter}" role="group" '
                f'aria-label="{a(label)}">{"".join(tile_back() for _ in tiles)}</div>')
    cls = f"seat seat-{letter}{' turn' if to_move else ''}{' viewer' if seat == f.viewer else ''}"
    if f.thinking == seat:
        cls += " thinking"
    return f'<section class="{cls}" data-seat="{letter}">{plate}{body}</section>'


# -- the board ------------------------------------------------------------------------------------

WAY_OF_BRANCH = {0: "down", 1: "right", 2: "up", 3: "left"}


def placed_html(tile: Tile, inner: int, branch: int, cat: Catalog, *, cls: str = "",
                preview: bool = False, hint: bool = False, way: str = "",
                style: str = "") -> str:
    """A tile on the board; ``way`` is where the branch runs at that tile (a bent branch
    turns), by default straight out from the centre."""
    way = way or WAY_OF_BRANCH[branch]
    # a tile lies along its branch, a double across it
    orient = "v" if (way in ("up", "down")) != tile.is_double else "h"
    outer = tile.other(inner)
    # the number nearer the centre comes first along the way the branch runs:
    # running right or down the centre side is left/top; left or up: right/bottom
    first = inner if way in ("right", "down") else outer
    if tile.is_double:
        first = tile.high
    if style:
        cls = f"{cls} at".strip()
        style = f' style="{style}"'

    if preview:
        label = cat.t("hint.preview_label" if hint else "branch.preview")
        extra = ' data-hint="true"' if hint else ""
        cls = f"preview{' hinted' if hint else ''} {cls}".strip()
        return tile_face(tile, cat, orient=orient, first=first, cls=cls,
                         attrs=f' data-preview="{tile}"{extra} role="button" tabindex="0" '
                               f'title="{a(label)}"{style}').replace(f' data-tile="{tile}"', "",
                                                                      1)
    return tile_face(tile, cat, orient=orient, first=first, cls=cls, attrs=style)


def px(x: float) -> str:
    return f"{round(x, 1):g}px"


def lane_html(f: Frame, branch: int, cat: Catalog,
              geometry: layout.Geometry | None = None) -> str:
    board = f.hand.board
    letter = SEAT_NAMES[branch]
    name = cat.branch(branch)
    opened = board.opening is not None
    order = board.order[branch]
    end = board.ends[branch]
    attrs = f'data-branch="{letter}"'
    if opened:
        attrs += f' data-end="{end}" data-open="{"true" if order else "false"}"'
        if order:
            attrs += f' data-open-order="{order}"'
            label = cat.t("branch.aria_open", branch=name, end=end, order=order)
        else:
            label = cat.t("branch.aria_closed", branch=name, end=end)
    else:
        attrs += ' data-open="false"'
        label = cat.t("branch.aria_unopened", branch=name)
    placed = board.placed(branch)
    last = f.hand.history[-1] if f.hand.history else None
    previewing = (f.preview is not None and f.preview.branch == branch
                  and f.preview.tile is not None)
    targeted = branch in f.targets and f.selected is not None
    if geometry is not None:
        laid = layout.branch_layout(
            geometry, branch, [t.is_double for t, _i, _o in placed],
            f.preview.tile.is_double if previewing and f.preview and f.preview.tile else None)
        hidden = len(placed) - laid.shown
        where = {(b.kind, b.index): b for b in laid.boxes}
    else:
        # with a preview at its end a short branch may fold every earlier tile into the chip
        room = max(0 if previewing else 1, f.capacity[branch][1 if previewing else 0])
        hidden = max(0, len(placed) - room)
        where = {}

    # a laid-out branch's element is its quarter of the board; what lies in it is placed
    # relative to that (and may stick out of it)
    zx, zy, zw, zh = layout.zone(geometry, branch) if geometry is not None else (0, 0, 0, 0)

    def at(kind: str, index: int, dy: float = 0.0) -> str:
        box = where.get((kind, index))
        return "" if box is None else f"left:{px(box.x - zx)};top:{px(box.y - zy + dy)}"

    parts = []
    if hidden:
        style = at("fold", -2)
        parts.append(f'<span class="fold{" at" if style else ""}"'
                     + (f' style="{style}"' if style else "")
                     + f' aria-label="{a(cat.plural("plural.earlier", hidden))}"'
                     f'>{a(cat.t("branch.folded", n=hidden))}</span>')
    for i, (tile, inner, _outer) in enumerate(placed):
        if i < hidden:
            continue
        is_last = (last is not None and last[1].tile is tile and last[1].branch == branch)
        box = where.get(("tile", i))
        parts.append(placed_html(tile, inner, branch, cat, cls="last" if is_last else "",
                                 way=box.way if box else "", style=at("tile", i)))
    if previewing:
        assert f.preview is not None and f.preview.tile is not None
        box = where.get(("tile", -1))
        parts.append(placed_html(f.preview.tile, end, branch, cat, preview=True, hint=f.hint,
                                 way=box.way if box else "", style=at("tile", -1)))
    if opened:
        state = "open" if order else "closed"
        marker = (f'<span class="state {state}">{a(cat.t("branch." + state))}'
                  + (f' <b class="ord">{a(cat.t("branch.order", order=order))}</b>' if order
                     else "") + "</span>")
        # whose branch it is, on the end marker itself (the cap moves with the branch)
        owner = cat.t(f"seat_letter.{letter}")
        inside = (f'<i class="owner" aria-hidden="true" title="{a(name)}">{a(owner)}</i>'
                  f'<b class="end">{end}</b>{marker}')
        cap_box = where.get(("cap", -3))
        place, style = "", ""
        if cap_box is not None and geometry is not None:
            style = f' style="{at("cap", -3, 2)}"'
            # the slot's label goes towards the board's middle, where there is room
            place = (" at lbl-" + ("below" if cap_box.y < geometry.h / 2 else "above")
                     + (" lbl-right" if cap_box.x + cap_box.w / 2 > geometry.w / 2 else ""))
        if targeted:
            assert f.selected is not None
            slot_label = cat.t("branch.slot_aria", tile=cat.tile(f.selected), branch=name,
                               end=end)
            chosen = " chosen" if previewing else ""
            parts.append(f'<button type="button" class="cap slot {state}{chosen}{place}" '
                         f'data-target="{letter}" data-end-marker="{letter}"{style} '
                         f'aria-label="{a(slot_label)}">{inside}'
                         f'<span class="slot-label">{a(cat.t("branch.slot", branch=name, end=end))}'
                         f'</span></button>')
        else:
            parts.append(f'<span class="cap {state}{place}" data-end-marker="{letter}"{style}>'
                         f'{inside}</span>')
    cls = f"lane lane-{letter}" if geometry is None else f"lane laid-{letter}"
    if targeted:
        cls += " targeted"
    if opened and order:
        cls += " is-open"
    if geometry is None:
        return (f'<div class="{cls}" {attrs} role="group" aria-label="{a(label)}">'
                f'<div class="run">{"".join(parts)}</div></div>')
    zone = f'left:{px(zx)};top:{px(zy)};width:{px(zw)};height:{px(zh)}'
    return (f'<div class="{cls}" {attrs} style="{zone}" role="group" aria-label="{a(label)}">'
            f'{"".join(parts)}</div>')


def centre_html(f: Frame, cat: Catalog) -> str:
    opening = f.hand.board.opening
    if opening is not None:
        last = f.hand.history[-1] if f.hand.history else None
        cls = "last" if last is not None and last[1].is_opening else ""
        inner = tile_face(opening, cat, orient="v", cls=cls)
    elif f.preview is not None and f.preview.is_opening and f.preview.tile is not None:
        t = f.preview.tile
        label = cat.t("hint.preview_label" if f.hint else "branch.preview")
        extra = ' data-hint="true"' if f.hint else ""
        inner = tile_face(t, cat, orient="v", cls="preview hinted" if f.hint else "preview",
                          attrs=f' data-preview="{t}"{extra} role="button" tabindex="0" '
                                f'title="{a(label)}"').replace(f' data-tile="{t}"', "", 1)
    else:
        inner = f'<span class="tile ghost v" aria-label="{a(cat.t("branch.centre"))}"></span>'
    return f'<div class="centre">{inner}</div>'


def board_html(f: Frame, cat: Catalog, tile_px: int) -> str:
    geometry = None
    if f.area is not None:
        geometry = layout.Geometry(f.area[0], f.area[1], tile_px)
    lanes = "".join(lane_html(f, b, cat, geometry) for b in (2, 3, 1, 0))
    laid = " laid" if geometry is not None else ""
    return (f'<div class="board{laid}" style="--T:{tile_px}px" role="region" '
            f'aria-label="{a(cat.t("app.board"))}">{lanes}{centre_html(f, cat)}</div>')


def table_html(f: Frame, cat: Catalog, tile_px: int) -> str:
    seats = "".join(seat_html(f, s, cat) for s in (2, 3, 1, 0))
    return f'{seats}<div class="board-area" id="board-area">{board_html(f, cat, tile_px)}</div>'


# -- fitting long branches ------------------------------------------------------------------------

def fit(placed_lengths: list[float], room: float, fold_len: float, gap: float) -> int:
    """How many tiles (from the outer end) fit in ``room`` px; the rest fold into a chip."""
    total = sum(placed_lengths) + gap * len(placed_lengths)
    if total <= room:
        return len(placed_lengths)
    room -= fold_len + gap
    count, used = 0, 0.0
    for length in reversed(placed_lengths):
        if used + length + gap > room:
            break
        used += length + gap
        count += 1
    return max(1, count)


# -- buttons and dialogs --------------------------------------------------------------------------

# Small line icons (24x24, drawn with the text colour); the words are in the catalog.
ICONS = {
    "undo": '<path d="M9 14 4 9l5-5"/><path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11"/>',
    "redo": '<path d="m15 14 5-5-5-5"/><path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13"/>',
    "restart": '<path d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8"/>'
               '<path d="M3 3v5h5"/>',
    "rules": '<path d="M2 4h6a4 4 0 0 1 4 4v13a3 3 0 0 0-3-3H2z"/>'
             '<path d="M22 4h-6a4 4 0 0 0-4 4v13a3 3 0 0 1 3-3h7z"/>',
    "record": '<path d="M9 6h12M9 12h12M9 18h12"/><path d="M4 6h1M4 12h1M4 18h1"/>',
    "settings": '<path d="M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3"/>'
                '<path d="M1 14h6M9 8h6M17 16h6"/>',
    "hint": '<path d="M9 18h6M10 22h4"/>'
            '<path d="M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z"/>',
}


def icon(name: str) -> str:
    return (f'<svg class="ico" viewBox="0 0 24 24" aria-hidden="true" focusable="false" '
            f'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" '
            f'stroke-linejoin="round">{ICONS[name]}</svg>')


def tool_button(action: str, label: str, *, enabled: bool = True, icon_name: str = "",
                cls: str = "btn icon") -> str:
    off = "" if enabled else " disabled"
    return (f'<button type="button" class="{cls}" data-action="{action}" aria-label="{a(label)}"'
            f' title="{a(label)}"{off}>{icon(icon_name or action)}'
            f'<span class="lbl">{a(label)}</span></button>')


def toolbar_html(f: Frame, cat: Catalog) -> str:
    """The top bar's tools: undo, redo, restart (disabled when they would do nothing), then
    the rules, the record and the settings."""
    t = cat.t
    return (f'<span class="tools" role="toolbar" aria-label="{a(t("app.tools"))}">'
            + tool_button("undo", t("actions.undo"), enabled=f.can_undo)
            + tool_button("redo", t("actions.redo"), enabled=f.can_redo)
            + tool_button("restart", t("actions.restart"), enabled=f.can_restart)
            + '<span class="sep" aria-hidden="true"></span>'
            + tool_button("rules", t("actions.rules"))
            + tool_button("record", t("actions.record"))
            + tool_button("settings", t("actions.settings"))
            + "</span>")


def action_buttons(f: Frame, cat: Catalog, person_turn: bool) -> str:
    must_pass = person_turn and f.legal == [Move.parse("pass")]
    out = []
    if person_turn:
        out.append(tool_button("hint", cat.t("actions.hint"), cls="btn hint"))
    if must_pass:
        out.append(f'<button type="button" class="btn pass" data-action="pass">'
                   f'{a(cat.t("actions.pass"))}</button>')
    cancel_off = "" if (f.selected is not None or f.preview is not None) else " disabled"
    confirm_off = "" if (person_turn and f.preview is not None) else " disabled"
    out.append(f'<button type="button" class="btn" data-action="cancel"{cancel_off}>'
               f'{a(cat.t("actions.cancel"))}</button>')
    out.append(f'<button type="button" class="btn primary" data-action="confirm"{confirm_off}>'
               f'{a(cat.t("actions.confirm"))}</button>')
    return "".join(out)


def capacities(board: Board, w: float, h: float, *, gap: int = 3, cap: int = 53,
               fold: int = 33, row_min: int = 52, pad: int = 10
               ) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The board's tile size for an area of ``w`` x ``h`` px and, per branch, how many tiles
    it shows (plain, and with a preview at its end); the rest fold into a chip."""
    tile = int(max(14, min(26, w / 16, h / 11)))
    row = max(2 * tile, row_min)
    vertical = (h - row) / 2 - pad            # the cap sits beside up/down branches
    horizontal = (w - tile) / 2 - cap - pad   # and at the end of left/right ones
    out = []
    for b in range(4):
        lengths = [float(tile if t.is_double else 2 * tile) for t in board.lines[b]]
        room = vertical if b in (0, 2) else horizontal
        plain = fit(lengths, room, fold, gap)
        previewed = fit(lengths + [2.0 * tile], room, fold, gap) - 1
        out.append((max(1, plain), max(0, previewed)))
    return tile, tuple(out)


def outcome_text(hand: Hand, cat: Catalog) -> str:
    return outcome_words(hand.outcome, cat)


def outcome_words(out: Outcome | None, cat: Catalog) -> str:
    if out is None:
        return ""
    if out.reason == "domino":
        return cat.t("hand_end.domino", winner=cat.seat(out.winner or 0), points=out.points)
    low = min(out.pips)
    if out.winner is None:
        tied = [cat.seat(s) for s in range(4) if out.pips[s] == low]
        return cat.t("hand_end.block_tie", tied=cat.join(tied), low=low)
    return cat.t("hand_end.block_win", winner=cat.seat(out.winner), low=low, points=out.points)


def result_table(hand: Hand, scores: tuple[int, ...], cat: Catalog) -> str:
    out = hand.outcome
    assert out is not None
    rows = []
    for s in range(4):
        letter = SEAT_NAMES[s]
        tiles = hand.tiles(s)
        faces = "".join(tile_face(t, cat, orient="v") for t in tiles) or (
            f'<span class="played-out">{a(cat.t("hand_end.played_out"))}</span>')
        scored = out.points if out.winner == s else 0
        win = " winner" if out.winner == s else ""
        rows.append(
            f'<tr class="row-{letter}{win}"><th scope="row">{a(cat.seat(s))}</th>'
            f'<td><div class="hand mini" data-hand="{letter}">{faces}</div></td>'
            f'<td class="num">{out.pips[s]}</td>'
            f'<td class="num">{"+" + str(scored) if scored else "0"}</td>'
            f'<td class="num total">{scores[s]}</td></tr>')
    head = (f'<tr><th></th><th></th><th class="num">{a(cat.t("hand_end.pips"))}</th>'
            f'<th class="num">{a(cat.t("hand_end.scored"))}</th>'
            f'<th class="num">{a(cat.t("hand_end.total"))}</th></tr>')
    return f'<table class="result"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def undo_button(cat: Catalog, can_undo: bool) -> str:
    """Undo from a hand's end: takes back the last move and the hand's scoring."""
    if not can_undo:
        return ""
    return (f'<button type="button" class="btn" data-action="undo">{icon("undo")}'
            f'<span class="lbl">{a(cat.t("actions.undo"))}</span></button>')


def hand_end_html(hand: Hand, number: int, scores: tuple[int, ...], cat: Catalog,
                  auto: bool, can_undo: bool = False) -> str:
    note = f'<p class="note">{a(cat.t("hand_end.next_auto"))}</p>' if auto else ""
    return (f'<h2 id="dlg-title">{a(cat.t("hand_end.title", n=number))}</h2>'
            f'<p class="verdict">{a(outcome_text(hand, cat))}</p>'
            f'{result_table(hand, scores, cat)}{note}'
            f'<div class="dlg-buttons">{undo_button(cat, can_undo)}'
            f'<button type="button" class="btn primary" '
            f'data-action="next-hand" autofocus>{a(cat.t("actions.next_hand"))}</button></div>')


def match_end_html(hand: Hand, scores: tuple[int, ...], winner: int, target: int,
                   cat: Catalog, can_undo: bool = False) -> str:
    name = cat.seat(winner)
    return (f'<h2 id="dlg-title">{a(cat.t("match_end.title", winner=name))}</h2>'
            f'<p class="verdict">'
            f'{a(cat.t("match_end.text", winner=name, score=scores[winner], target=target))}</p>'
            f'<p class="verdict small">{a(outcome_text(hand, cat))}</p>'
            f'{result_table(hand, scores, cat)}'
            f'<div class="dlg-buttons">{undo_button(cat, can_undo)}'
            f'<button type="button" class="btn primary" '
            f'data-action="new-match" autofocus>{a(cat.t("actions.new_match"))}</button></div>')


def settings_html(seats: tuple[str, ...], speed: str, level: str, deal: str,
                  cat: Catalog, deal_input: str = "") -> str:
    rows = []
    for s in range(4):
        letter = SEAT_NAMES[s]
        opts = "".join(
            f'<option value="{k}"{" selected" if seats[s] == k else ""}>'
            f'{a(cat.t("settings." + k))}</option>' for k in ("person", "computer"))
        rows.append(f'<label class="field"><span>{a(cat.seat(s))}</span>'
                    f'<select data-seat-kind="{letter}" name="seat-{letter}">{opts}</select>'
                    f'</label>')
    speed_opts = "".join(
        f'<option value="{k}"{" selected" if speed == k else ""}>'
        f'{a(cat.t("settings.speed_" + k))}</option>' for k in ("normal", "fast"))
    level_opts = "".join(
        f'<option value="{k}"{" selected" if level == k else ""}>'
        f'{a(cat.t("settings.levels." + k))}</option>' for k in ("easy", "normal", "hard"))
    return (f'<h2 id="dlg-title">{a(cat.t("settings.title"))}</h2>'
            f'<fieldset><legend>{a(cat.t("settings.seats"))}</legend>{"".join(rows)}</fieldset>'
            f'<label class="field"><span>{a(cat.t("settings.speed"))}</span>'
            f'<select data-setting="speed" name="speed">{speed_opts}</select></label>'
            f'<label class="field"><span>{a(cat.t("settings.level"))}</span>'
            f'<select data-setting="level" name="level">{level_opts}</select></label>'
            f'<fieldset class="deal-box"><legend>{a(cat.t("settings.deal_title"))}</legend>'
            f'<p class="note">{a(cat.t("settings.deal", deal=deal))}</p>'
            f'<label class="field"><span>{a(cat.t("settings.deal_field"))}</span>'
            f'<input type="text" data-setting="deal" name="deal" inputmode="text" '
            f'autocomplete="off" autocapitalize="off" spellcheck="false" maxlength="32" '
            f'value="{a(deal_input)}" placeholder="{a(cat.t("settings.deal_placeholder"))}">'
            f'</label><p class="note">{a(cat.t("settings.deal_note"))}</p>'
            f'<p class="field-error" data-setting-error="deal" role="alert" hidden></p>'
            f'</fieldset>'
            f'<p class="note">{a(cat.t("settings.new_match_note"))}</p>'
            f'<div class="dlg-buttons">'
            f'<button type="button" class="btn" data-action="close">{a(cat.t("actions.close"))}'
            f'</button><button type="button" class="btn primary" data-action="new-match">'
            f'{a(cat.t("actions.new_match"))}</button></div>')
