"""The board as HTML text: the opening double in the centre, each seat's branch growing from it
(laid out by :mod:`ui.layout`), its end cap (the end, open or closed, the opening order; a drop
slot while it is a legal target) and a previewed tile. Runs under MicroPython and CPython.

The board turns with the table: the seat holding the device sits at the bottom.
"""

try:
    from typing import Any
except ImportError:  # MicroPython: no typing module; annotations are not evaluated there
    pass

from . import layout
from .controller import Interaction
from .html import h, px, raw, tile_face
from .notation import SEATS, is_double, other, split

TYPE_CHECKING = False  # mypy takes it as true: the frame's types, never imported at runtime
if TYPE_CHECKING:
    from longana.device.frame import BoardShown, LastMove, Seat

    from .i18n import Catalog

# Where a seat sits on screen, counted counterclockwise from the bottom (the person holding the
# device), and which way its branch grows from the centre.
PLACES = ("bottom", "right", "top", "left")
WAY_OF_PLACE = {0: "down", 1: "right", 2: "up", 3: "left"}


def place(seat: "Seat", interaction: Interaction) -> int:
    """0 bottom, 1 right, 2 top, 3 left: the table turns so the holder sits at the bottom."""
    return (SEATS.index(seat) - SEATS.index(interaction.holder)) % 4


def seat_at(spot: int, interaction: Interaction) -> "Seat":
    """The seat drawn at ``spot`` (0 bottom, 1 right, 2 top, 3 left)."""
    return SEATS[(spot + SEATS.index(interaction.holder)) % 4]


def tile_size(board: "BoardShown", interaction: Interaction, w: float, h: float) -> int:
    """The half-tile size at which ``board`` fits an area ``w`` x ``h``, each branch measured
    where it is drawn (the table turns with the holder, and the room differs by side)."""
    doubles = [
        [is_double(t) for t, _ in board["branches"][seat_at(spot, interaction)]]
        for spot in range(4)
    ]
    return layout.tile_size(doubles, w, h)


def placed_html(
    tile: str,
    inner: int,
    where: int,
    cat: "Catalog",
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
    if preview:
        label = cat.t("hint.preview_label" if hint else "branch.preview")
        cls = ("preview" + (" hinted" if hint else "") + " " + cls).strip()
        attrs = previewed(tile, label, hint)
        attrs["style"] = style or None
        return tile_face(
            tile, cat.tile(tile), orient=orient, first=first, cls=cls, data=False, attrs=attrs
        )
    attrs = {"role": "listitem", "style": style or None}
    return tile_face(tile, cat.tile(tile), orient=orient, first=first, cls=cls, attrs=attrs)


def previewed(tile: str, label: str, hint: bool) -> "dict[str, Any]":
    """A previewed tile's attributes: a tap on it confirms the move (``data-hint``: the hint's)."""
    return {
        "data-preview": tile,
        "data-hint": "true" if hint else None,
        "role": "button",
        "tabindex": "0",
        "title": label,
    }


def branch_html(
    board: "BoardShown",
    last: "LastMove | None",
    lit: "list[Seat]",
    branch: "Seat",
    cat: "Catalog",
    interaction: Interaction,
    geometry: Any,
) -> str:
    """One seat's branch: its tiles from the centre out (the oldest fold into a chip when they
    do not fit), a previewed tile, its end cap; ``lit``: the branches the selected tile may go
    on."""
    letter = branch
    name = cat.branch(branch)
    opened = board["opening"] is not None
    order = board["order"][branch]
    end = board["ends"][branch]
    attrs: dict[str, Any] = {"data-branch": letter, "data-open": "false", "role": "group"}
    if opened:
        attrs["data-end"] = end
        if order:
            attrs["data-open"], attrs["data-open-order"] = "true", order
            label = cat.t("branch.aria_open", branch=name, end=end, order=order)
        else:
            label = cat.t("branch.aria_closed", branch=name, end=end)
    else:
        label = cat.t("branch.aria_unopened", branch=name)
    attrs["aria-label"] = label
    placed = board["branches"][branch]
    p_tile, p_branch = split(interaction.preview)
    preview = p_tile if p_branch == letter else None  # a tile previewed at this branch's end
    previewing = preview is not None
    targeted = letter in lit
    spot = place(branch, interaction)  # where on screen the branch grows
    laid = layout.branch_layout(
        geometry,
        spot,
        [is_double(t) for t, _ in placed],
        None if preview is None else is_double(preview),
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
        fold = {
            "class": "fold at" if style else "fold",
            "role": "listitem",
            "style": style or None,
            "aria-label": cat.plural("plural.earlier", hidden),
        }
        parts.append(h("span", fold, cat.t("branch.folded", n=hidden)))
    last_tile, last_branch = split(last["move"]) if last else (None, None)
    for i, (tile, inner) in enumerate(placed):
        if i < hidden:
            continue
        is_last = last_tile == tile and last_branch == letter
        laid_box = where.get(("tile", i))
        way = laid_box.way if laid_box else ""
        style = at("tile", i)
        cls = "last" if is_last else ""
        parts.append(raw(placed_html(tile, inner, spot, cat, cls=cls, way=way, style=style)))
    # the branch's tiles, from the centre out, as a list a screen reader can walk
    shown = {"class": "tiles", "role": "list", "aria-label": cat.t("branch.tiles", branch=name)}
    out = [h("div", shown, parts)]
    if preview is not None:
        laid_box = where.get(("tile", -1))
        out.append(
            raw(
                placed_html(
                    preview,
                    end,
                    spot,
                    cat,
                    preview=True,
                    hint=interaction.hint,
                    way=laid_box.way if laid_box else "",
                    style=at("tile", -1),
                )
            )
        )
    if opened:
        out.append(
            raw(
                cap_html(
                    cat,
                    letter,
                    name,
                    end,
                    order,
                    targeted,
                    previewing,
                    interaction,
                    where.get(("cap", -3)),
                    geometry,
                    at("cap", -3, 2),
                    alone=len(lit) == 1,
                )
            )
        )
    attrs["class"] = (
        "branch laid-"
        + letter
        + (" targeted" if targeted else "")
        + (" is-open" if opened and order else "")
    )
    attrs["style"] = "left:" + px(zx) + ";top:" + px(zy) + ";width:" + px(zw) + ";height:" + px(zh)
    return str(h("div", attrs, out))


def cap_html(
    cat: "Catalog",
    letter: str,
    name: str,
    end: int,
    order: int,
    targeted: bool,
    previewing: bool,
    interaction: Interaction,
    cap_box: Any,
    geometry: Any,
    at: str,
    alone: bool = True,
) -> str:
    """The end cap: the branch's owner, its end, open or closed and its opening order; a
    button (a drop slot) while it is a legal target of the selected tile."""
    state = "open" if order else "closed"
    said = cat.t("branch.order", order=order) if order else None
    marker = h(
        "span",
        {"class": "state " + state},
        cat.t("branch." + state),
        [" ", h("b", {"class": "ord"}, said)] if said else None,
    )
    owner = h("i", {"class": "owner", "aria-hidden": "true", "title": name}, cat.letter(letter))
    inside = [owner, h("b", {"class": "end"}, end), marker]
    attrs: dict[str, Any] = {"data-end-marker": letter, "style": at if cap_box else None}
    place = ""
    if cap_box is not None:
        # the slot's label goes towards the board's middle, where there is room
        place = (
            " at lbl-"
            + ("below" if cap_box.y < geometry.h / 2 else "above")
            + (" lbl-right" if cap_box.x + cap_box.w / 2 > geometry.w / 2 else "")
        )
    if not targeted:
        attrs["class"] = "cap " + state + place
        return str(h("span", attrs, inside))
    # the name is what it shows (what is seen is what is heard); what a tap does is its
    # description
    attrs["class"] = "cap slot " + state + (" chosen" if previewing else "") + place
    attrs["type"], attrs["data-target"] = "button", letter
    attrs["aria-keyshortcuts"] = cat.letter(letter)
    attrs["aria-description"] = cat.t(
        "branch.slot_aria", tile=cat.tile(interaction.selected or ""), branch=name, end=end
    )
    # one lit branch says its name beside its cap; with several, only the chosen one does
    # (the labels of neighbouring caps would lie on top of each other)
    label = None
    if alone or previewing:
        label = h("span", {"class": "slot-label"}, cat.t("branch.slot", branch=name, end=end))
    return str(h("button", attrs, inside, label))


def centre_html(
    board: "BoardShown", last: "LastMove | None", cat: "Catalog", interaction: Interaction
) -> str:
    """The opening double, or a previewed opening, or the empty place for it."""
    opening = board["opening"]
    p_tile, p_branch = split(interaction.preview)
    if opening is not None:
        cls = (
            "last"
            if last is not None and "@" not in last["move"] and last["move"] != "pass"
            else ""
        )
        inner = raw(tile_face(opening, cat.tile(opening), cls=cls))
    elif p_tile is not None and p_branch is None:
        label = cat.t("hint.preview_label" if interaction.hint else "branch.preview")
        cls = "preview hinted" if interaction.hint else "preview"
        attrs = previewed(p_tile, label, interaction.hint)
        inner = raw(tile_face(p_tile, cat.tile(p_tile), cls=cls, data=False, attrs=attrs))
    else:
        place = {"class": "tile ghost v", "role": "img", "aria-label": cat.t("branch.centre")}
        inner = h("span", place)
    return str(h("div", {"class": "centre"}, inner))


def board_html(
    board: "BoardShown",
    last: "LastMove | None",
    lit: "list[Seat]",
    cat: "Catalog",
    interaction: Interaction,
) -> str:
    """The whole board, fitted to the measured area (``lit``: the selected tile's targets)."""
    width, height = interaction.area or (600.0, 400.0)
    geometry = layout.Geometry(width, height, interaction.tile_px)
    branches = [
        raw(branch_html(board, last, lit, seat_at(spot, interaction), cat, interaction, geometry))
        for spot in (2, 3, 1, 0)
    ]
    attrs = {
        "class": "board laid" + (" small-caps" if geometry.cap < layout.CAP else ""),
        "style": "--T:" + str(interaction.tile_px) + "px",
        "role": "region",
        "aria-label": cat.t("app.board"),
    }
    centre = raw(centre_html(board, last, cat, interaction))
    return str(h("div", attrs, branches, centre))
