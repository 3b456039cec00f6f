"""A frame to HTML text: the seats, the board, the bars. Runs under MicroPython and CPython.

The page calls these with the worker's frame (what the person at the device may see, see
``longana/frame.py``), the page's :class:`Look` (what is selected or previewed) and a message
catalog, and puts the text into the DOM. Nothing here decides a rule: targets, refusals and
whether Pass is allowed all come from the frame.
"""

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from . import layout
from .html import a, button, is_double, other, px, tile_back, tile_face, tool_button
from .i18n import SEATS

# Where a seat sits on screen, counted counterclockwise from the bottom (the person holding the
# device), and which way its branch grows from the centre.
PLACES = ("bottom", "right", "top", "left")
WAY_OF_PLACE = {0: "down", 1: "right", 2: "up", 3: "left"}


def place(seat: int, look: Any) -> int:
    """0 bottom, 1 right, 2 top, 3 left: the table turns so the holder sits at the bottom."""
    return (seat - look.bottom) % 4


class Look:
    """What the page shows on top of the frame: the selected tile, the previewed move (move
    text: ``"7-3@N"``, ``"9-9"``, ``"pass"``), whether it is a hint, who is thinking, and the
    board's measured area and tile size."""

    __slots__ = ("selected", "preview", "hint", "thinking", "area", "tile_px", "dialog", "bottom")

    def __init__(self) -> None:
        self.selected: Any = None  # a tile text, "7-3"
        self.preview: Any = None  # a move text
        self.hint = False
        self.thinking: Any = None  # the computer seat whose move is awaited
        self.area: Any = None  # (w, h) of the board in CSS px
        self.tile_px = 20
        self.dialog: Any = None  # the open dialog's name
        self.bottom = 0  # the seat drawn at the bottom: the person holding the device


def split(move: Any) -> tuple:
    """A move text as (tile, branch letter): ``"7-3@N"`` → ("7-3", "N"); ``"9-9"`` →
    ("9-9", None); ``"pass"`` → (None, None)."""
    if move is None or move == "pass":
        return None, None
    if "@" in move:
        tile, branch = move.split("@")
        return tile, branch
    return move, None


def targets(frame: dict, look: Look) -> list:
    """The branches the selected tile may go on, as the frame says."""
    turn = frame.get("turn")
    if turn is None or look.selected is None:
        return []
    entry = turn["tiles"].get(look.selected)
    return list(entry["targets"]) if entry else []


def person_turn(frame: dict, look: Look) -> bool:
    return frame.get("turn") is not None and look.dialog is None


# -- seats ----------------------------------------------------------------------------------------


def seat_html(frame: dict, seat: int, cat: Any, look: Look) -> str:
    letter = SEATS[seat]
    name = cat.seat(seat)
    shown = frame["hands"][seat]
    viewer = frame["viewer"]
    over = frame["outcome"] is not None
    to_move = frame["to_move"] == seat
    kind_key = (
        "kind.you"
        if seat == viewer and frame["seats"][seat] == "person"
        else ("kind." + frame["seats"][seat])
    )
    last = frame["last"]
    flags = ""
    if to_move:
        flags = '<span class="flag turn">' + a(cat.t("seat_plate.to_move")) + "</span>"
    elif last is not None and last["seat"] == seat and last["move"] == "pass":
        flags = '<span class="flag passed">' + a(cat.t("seat_plate.passed")) + "</span>"
    plate = (
        '<header class="plate"><span class="who"><b class="name">'
        + a(name)
        + '</b> <small class="kind">'
        + a(cat.t(kind_key))
        + "</small></span>"
        + flags
        + '<span class="count">'
        + a(cat.plural("plural.tiles", shown["count"]))
        + "</span>"
        + '<span class="score"><small>'
        + a(cat.t("seat_plate.score"))
        + "</small> "
        + '<b data-score="'
        + letter
        + '">'
        + str(frame["scores"][seat])
        + "</b></span>"
        + "</header>"
    )
    if shown["tiles"] is not None:
        mine = seat == viewer and not over
        turn = frame.get("turn") if person_turn(frame, look) else None
        parts = []
        focus = roving(shown["tiles"], turn, look)
        for i, t in enumerate(shown["tiles"]):
            label = cat.tile(t)
            if mine:
                cls = []
                if look.selected == t:
                    cls.append("selected")
                    if look.hint:
                        cls.append("hinted")
                if turn is not None and not playable(turn, t):
                    cls.append("dim")
                    label = cat.t("seat_plate.cannot_play", tile=label)
                pressed = "true" if look.selected == t else "false"
                attrs = (
                    ' aria-pressed="'
                    + pressed
                    + '" tabindex="'
                    + ("0" if t == focus else "-1")
                    + '"'
                )
                if turn is not None and i < 9:  # the tile's key: its place in the hand
                    attrs += ' aria-keyshortcuts="' + str(i + 1) + '"'
                    cls.append("keyed")
                    attrs += ' data-key="' + str(i + 1) + '"'
                parts.append(tile_face(t, label, tag="button", cls=" ".join(cls), attrs=attrs))
            else:
                parts.append(tile_face(t, label))
        body = (
            '<div class="hand up" data-hand="'
            + letter
            + '" role="group" aria-label="'
            + a(cat.t("seat_plate.hand_up", seat=name))
            + '">'
            + "".join(parts)
            + "</div>"
        )
    else:
        body = (
            '<div class="hand down" data-hand="'
            + letter
            + '" role="group" aria-label="'
            + a(cat.t("seat_plate.hand_down", seat=name))
            + '">'
            + "".join(tile_back() for _ in range(shown["count"]))
            + "</div>"
        )
    classes = (
        "seat seat-"
        + letter
        + " at-"
        + PLACES[place(seat, look)]
        + (" turn" if to_move else "")
        + (" viewer" if seat == viewer else "")
        + (" thinking" if look.thinking == seat else "")
    )
    return (
        '<section class="' + classes + '" data-seat="' + letter + '">' + plate + body + "</section>"
    )


def roving(tiles: list, turn: Any, look: Look) -> Any:
    """The hand's one tab stop: the selected tile, else the first playable one, else the
    first."""
    if look.selected in tiles:
        return look.selected
    for t in tiles:
        if turn is not None and playable(turn, t):
            return t
    return tiles[0] if tiles else None


def playable(turn: dict, tile: str) -> bool:
    """Whether the frame's legal moves use ``tile``."""
    return any(split(move)[0] == tile for move in turn["moves"])


# -- the board ------------------------------------------------------------------------------------


def placed_html(
    tile: str,
    inner: int,
    where: int,
    cat: Any,
    cls: str = "",
    preview: bool = False,
    hint: bool = False,
    way: str = "",
    style: str = "",
) -> str:
    """A tile on the board; ``way`` is where the branch runs at that tile (a bent branch
    turns), by default straight out from the centre."""
    way = way or WAY_OF_PLACE[where]
    double = is_double(tile)
    # a tile lies along its branch, a double across it
    orient = "v" if (way in ("up", "down")) != double else "h"
    outer = other(tile, inner)
    # the number nearer the centre comes first along the way the branch runs:
    # running right or down the centre side is left/top; left or up: right/bottom
    first = inner if way in ("right", "down") else outer
    if double:
        first = inner
    if style:
        cls = (cls + " at").strip()
        style = ' style="' + style + '"'
    if preview:
        label = cat.t("hint.preview_label" if hint else "branch.preview")
        extra = ' data-hint="true"' if hint else ""
        cls = ("preview" + (" hinted" if hint else "") + " " + cls).strip()
        return tile_face(
            tile,
            cat.tile(tile),
            orient=orient,
            first=first,
            cls=cls,
            data=False,
            attrs=' data-preview="'
            + tile
            + '"'
            + extra
            + ' role="button" tabindex="0" title="'
            + a(label)
            + '"'
            + style,
        )
    return tile_face(
        tile, cat.tile(tile), orient=orient, first=first, cls=cls, attrs=' role="listitem"' + style
    )


def lane_html(
    frame: dict,
    branch: int,
    cat: Any,
    look: Look,
    geometry: Any = None,
    board: Any = None,
    last: Any = None,
) -> str:
    board = board or frame["board"]
    last = frame["last"] if last is None and board is frame["board"] else last
    letter = SEATS[branch]
    name = cat.branch(branch)
    opened = board["opening"] is not None
    order = board["order"][branch]
    end = board["ends"][branch]
    attrs = 'data-branch="' + letter + '"'
    if opened:
        attrs += ' data-end="' + str(end) + '" data-open="' + ("true" if order else "false") + '"'
        if order:
            attrs += ' data-open-order="' + str(order) + '"'
            label = cat.t("branch.aria_open", branch=name, end=end, order=order)
        else:
            label = cat.t("branch.aria_closed", branch=name, end=end)
    else:
        attrs += ' data-open="false"'
        label = cat.t("branch.aria_unopened", branch=name)
    placed = board["lines"][branch]
    p_tile, p_branch = split(look.preview)
    previewing = p_tile is not None and p_branch == letter
    targeted = letter in targets(frame, look)
    spot = place(branch, look)  # where on screen the branch grows
    laid = layout.branch_layout(
        geometry, spot, [is_double(t) for t, _ in placed], is_double(p_tile) if previewing else None
    )
    hidden = len(placed) - laid.shown
    where = {}
    for box in laid.boxes:
        where[(box.kind, box.index)] = box
    # a laid-out branch's element is its quarter of the board; what lies in it is placed
    # relative to that (and may stick out of it)
    zx, zy, zw, zh = layout.zone(geometry, spot)

    def at(kind: str, index: int, dy: float = 0.0) -> str:
        box = where.get((kind, index))
        return "" if box is None else "left:" + px(box.x - zx) + ";top:" + px(box.y - zy + dy)

    parts = []
    if hidden:
        style = at("fold", -2)
        parts.append(
            '<span class="fold'
            + (" at" if style else "")
            + '" role="listitem"'
            + (' style="' + style + '"' if style else "")
            + ' aria-label="'
            + a(cat.plural("plural.earlier", hidden))
            + '">'
            + a(cat.t("branch.folded", n=hidden))
            + "</span>"
        )
    last_tile, last_branch = split(last["move"]) if last else (None, None)
    for i, (tile, inner) in enumerate(placed):
        if i < hidden:
            continue
        is_last = last_tile == tile and last_branch == letter
        box = where.get(("tile", i))
        parts.append(
            placed_html(
                tile,
                inner,
                spot,
                cat,
                cls="last" if is_last else "",
                way=box.way if box else "",
                style=at("tile", i),
            )
        )
    # the branch's tiles, from the centre out, as a list a screen reader can walk
    parts = [
        '<div class="tiles" role="list" aria-label="'
        + a(cat.t("branch.tiles", branch=name))
        + '">'
        + "".join(parts)
        + "</div>"
    ]
    if previewing:
        box = where.get(("tile", -1))
        parts.append(
            placed_html(
                p_tile,
                end,
                spot,
                cat,
                preview=True,
                hint=look.hint,
                way=box.way if box else "",
                style=at("tile", -1),
            )
        )
    if opened:
        parts.append(
            cap_html(
                cat,
                letter,
                name,
                end,
                order,
                targeted,
                previewing,
                look,
                where.get(("cap", -3)),
                geometry,
                at("cap", -3, 2),
                alone=len(targets(frame, look)) == 1,
            )
        )
    cls = (
        "lane laid-"
        + letter
        + (" targeted" if targeted else "")
        + (" is-open" if opened and order else "")
    )
    zone = "left:" + px(zx) + ";top:" + px(zy) + ";width:" + px(zw) + ";height:" + px(zh)
    return (
        '<div class="' + cls + '" ' + attrs + ' style="' + zone + '" role="group" '
        'aria-label="' + a(label) + '">' + "".join(parts) + "</div>"
    )


def cap_html(
    cat: Any,
    letter: str,
    name: str,
    end: int,
    order: int,
    targeted: bool,
    previewing: bool,
    look: Look,
    cap_box: Any,
    geometry: Any,
    at: str,
    alone: bool = True,
) -> str:
    """The end cap: the branch's owner, its end, open or closed and its opening order; a
    button (a drop slot) while it is a legal target of the selected tile."""
    state = "open" if order else "closed"
    marker = (
        '<span class="state '
        + state
        + '">'
        + a(cat.t("branch." + state))
        + (' <b class="ord">' + a(cat.t("branch.order", order=order)) + "</b>" if order else "")
        + "</span>"
    )
    inside = (
        '<i class="owner" aria-hidden="true" title="'
        + a(name)
        + '">'
        + a(cat.letter(letter))
        + '</i><b class="end">'
        + str(end)
        + "</b>"
        + marker
    )
    place, style = "", ""
    if cap_box is not None:
        style = ' style="' + at + '"'
        # the slot's label goes towards the board's middle, where there is room
        place = (
            " at lbl-"
            + ("below" if cap_box.y < geometry.h / 2 else "above")
            + (" lbl-right" if cap_box.x + cap_box.w / 2 > geometry.w / 2 else "")
        )
    if targeted:
        slot_label = cat.t("branch.slot_aria", tile=cat.tile(look.selected), branch=name, end=end)
        chosen = " chosen" if previewing else ""
        # one lit branch says its name beside its cap; with several, only the chosen one
        # does (the labels of neighbouring caps would lie on top of each other)
        label = (
            (
                '<span class="slot-label">'
                + a(cat.t("branch.slot", branch=name, end=end))
                + "</span>"
            )
            if alone or previewing
            else ""
        )
        # the name is what it shows (what is seen is what is heard); what a tap does is its
        # description
        return (
            '<button type="button" class="cap slot '
            + state
            + chosen
            + place
            + '" data-target="'
            + letter
            + '" data-end-marker="'
            + letter
            + '"'
            + style
            + ' aria-keyshortcuts="'
            + a(cat.letter(letter))
            + '" aria-description="'
            + a(slot_label)
            + '">'
            + inside
            + label
            + "</button>"
        )
    return (
        '<span class="cap '
        + state
        + place
        + '" data-end-marker="'
        + letter
        + '"'
        + style
        + ">"
        + inside
        + "</span>"
    )


def centre_html(frame: dict, cat: Any, look: Look, board: Any = None, last: Any = None) -> str:
    board = board or frame["board"]
    last = frame["last"] if last is None and board is frame["board"] else last
    opening = board["opening"]
    p_tile, p_branch = split(look.preview)
    if opening is not None:
        cls = (
            "last"
            if last is not None and "@" not in last["move"] and last["move"] != "pass"
            else ""
        )
        inner = tile_face(opening, cat.tile(opening), cls=cls)
    elif p_tile is not None and p_branch is None:
        label = cat.t("hint.preview_label" if look.hint else "branch.preview")
        extra = ' data-hint="true"' if look.hint else ""
        inner = tile_face(
            p_tile,
            cat.tile(p_tile),
            cls="preview hinted" if look.hint else "preview",
            data=False,
            attrs=' data-preview="'
            + p_tile
            + '"'
            + extra
            + ' role="button" tabindex="0" title="'
            + a(label)
            + '"',
        )
    else:
        inner = (
            '<span class="tile ghost v" role="img" aria-label="'
            + a(cat.t("branch.centre"))
            + '"></span>'
        )
    return '<div class="centre">' + inner + "</div>"


def board_html(frame: dict, cat: Any, look: Look, board: Any = None, last: Any = None) -> str:
    w, h = look.area or (600.0, 400.0)
    geometry = layout.Geometry(w, h, look.tile_px)
    lanes = "".join(
        lane_html(frame, (spot + look.bottom) % 4, cat, look, geometry, board, last)
        for spot in (2, 3, 1, 0)
    )
    return (
        '<div class="board laid" style="--T:' + str(look.tile_px) + 'px" role="region" '
        'aria-label="'
        + a(cat.t("app.board"))
        + '">'
        + lanes
        + centre_html(frame, cat, look, board, last)
        + "</div>"
    )


def table_html(frame: dict, cat: Any, look: Look) -> str:
    seats = "".join(seat_html(frame, (spot + look.bottom) % 4, cat, look) for spot in (2, 3, 1, 0))
    return (
        seats + '<div class="board-area" id="board-area">' + board_html(frame, cat, look) + "</div>"
    )


# -- bars -----------------------------------------------------------------------------------------


def toolbar_html(frame: dict, cat: Any) -> str:
    """The top bar's tools: undo, redo, restart (disabled when they would do nothing, or in a
    class match, which says why), then the rules, the record and the settings."""
    t = cat.t
    can = frame["can"]
    why = t("class.locked") if frame.get("class") else ""
    return (
        '<span class="tools" role="toolbar" aria-label="'
        + a(t("app.tools"))
        + '">'
        + tool_button("undo", t("actions.undo"), enabled=can["undo"], why=why)
        + tool_button("redo", t("actions.redo"), enabled=can["redo"], why=why)
        + tool_button("restart", t("actions.restart"), enabled=can["restart"], why=why)
        + '<span class="sep" aria-hidden="true"></span>'
        + tool_button("rules", t("actions.rules"))
        + tool_button("record", t("actions.record"))
        + tool_button("settings", t("actions.settings"))
        + "</span>"
    )


def class_banner(cat: Any, code: str) -> str:
    return (
        ' <span class="class-banner" title="'
        + a(cat.t("class.locked"))
        + '">'
        + a(cat.t("class.banner", code=code))
        + "</span>"
    )


def top_html(frame: dict, cat: Any, save_problem: Any) -> str:
    t = cat.t
    chip = ""
    if save_problem is not None:
        chip = (
            '<span class="save-off" data-save="off" role="status" title="'
            + a(t(save_problem))
            + '">'
            + a(t("app.not_saved"))
            + "</span>"
        )
    banner = class_banner(cat, frame["class"]) if frame.get("class") else ""
    return (
        '<h1 class="title">'
        + a(t("app.title"))
        + '</h1><span class="info">'
        + banner
        + "<span>"
        + a(t("app.hand_number", n=frame["hand_number"]))
        + '</span> <span class="target">· '
        + a(t("app.target", target=frame["target"]))
        + '</span> <span class="deal" '
        'data-deal="'
        + a(frame["deal"])
        + '">· '
        + a(t("app.deal", deal=frame["deal"].replace("class:", "", 1)))
        + "</span>"
        + chip
        + "</span>"
        + toolbar_html(frame, cat)
    )


def action_buttons(frame: dict, cat: Any, look: Look) -> str:
    person = person_turn(frame, look)
    turn: Any = frame.get("turn")
    out = []
    if person:
        locked = frame.get("class")
        out.append(
            tool_button(
                "hint",
                cat.t("actions.hint"),
                cls="btn hint",
                enabled=not locked,
                why=cat.t("class.locked") if locked else "",
            )
        )
    if person and turn["must_pass"]:
        out.append(button("pass", cat.t("actions.pass"), "btn pass"))
    out.append(
        button(
            "cancel",
            cat.t("actions.cancel"),
            enabled=look.selected is not None or look.preview is not None,
        )
    )
    out.append(
        button(
            "confirm",
            cat.t("actions.confirm"),
            "btn primary",
            enabled=person and look.preview is not None,
        )
    )
    # Confirm first for the keyboard (Tab from a lit branch lands on it); drawn right to left
    return "".join(reversed(out))


def prompt(frame: dict, cat: Any, look: Look, paused: bool) -> str:
    t = cat.t
    if frame["outcome"] is not None or frame["to_move"] is None:
        return ""
    seat = frame["to_move"]
    turn = frame.get("turn")
    if turn is not None and look.dialog is None:
        if frame["board"]["opening"] is None:
            if len(turn["openings"]) == 1:
                return t("turn.open_forced", tile=turn["openings"][0])
            return t("turn.open_choose")
        if turn["must_pass"]:
            return t("turn.must_pass")
        if frame["people"] > 1:
            return t("turn.yours_seat", seat=cat.seat(seat))
        return t("turn.yours")
    if frame["seats"][seat] == "person":
        return t("turn.waiting", seat=cat.seat(seat))
    if paused:
        return t("turn.paused", seat=cat.seat(seat))
    return t("turn.thinking", seat=cat.seat(seat))


# -- words for what happened ----------------------------------------------------------------------


def describe(last: dict, cat: Any) -> str:
    """A move in words: "East plays 7-3 on North's branch."."""
    seat = last["seat"]
    move = last["move"]
    if move == "pass":
        key = "played.pass_opens" if last["opened"] else "played.pass"
        return cat.t(key, seat=cat.seat(seat), branch=cat.branch(seat))
    tile, branch = split(move)
    if branch is None:
        return cat.t("played.open", seat=cat.seat(seat), tile=tile)
    return cat.t("played.play", seat=cat.seat(seat), tile=tile, branch=cat.branch(branch))


def why(refusal: dict, cat: Any) -> str:
    """The engine's refusal ``{"code", "params"}`` in words of the language shown."""
    params = dict(refusal.get("params") or {})
    code = refusal.get("code", "illegal")
    branch = params.get("branch")
    if isinstance(branch, str):
        params["owner"] = cat.seat(branch)
        params["branch"] = cat.branch(branch)
    if isinstance(params.get("earlier"), str):
        params["earlier"] = cat.branch(params["earlier"])
    for key in ("seat", "to_move"):
        if isinstance(params.get(key), str):
            params[key] = cat.seat(params[key])
    for key in list(params):
        if isinstance(params[key], list):
            params[key] = cat.t("list_sep").join(str(x) for x in params[key])
    text = cat.t("why." + str(code), **params)
    return text if text != "why." + str(code) else cat.t("why.illegal")


def outcome_words(out: Any, cat: Any) -> str:
    if out is None:
        return ""
    if out["reason"] == "domino":
        return cat.t("hand_end.domino", winner=cat.seat(out["winner"] or 0), points=out["points"])
    low = min(out["pips"])
    if out["winner"] is None:
        tied = [cat.seat(s) for s in range(4) if out["pips"][s] == low]
        return cat.t("hand_end.block_tie", tied=cat.join(tied), low=low)
    return cat.t(
        "hand_end.block_win", winner=cat.seat(out["winner"]), low=low, points=out["points"]
    )
