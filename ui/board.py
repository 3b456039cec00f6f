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
from .html import escape, px, tile_face
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
            + escape(label)
            + '"'
            + style,
        )
    return tile_face(
        tile, cat.tile(tile), orient=orient, first=first, cls=cls, attrs=' role="listitem"' + style
    )


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
    placed = board["branches"][branch]
    p_tile, p_branch = split(interaction.preview)
    previewed = p_tile if p_branch == letter else None  # a tile previewed at this branch's end
    previewing = previewed is not None
    targeted = letter in lit
    spot = place(branch, interaction)  # where on screen the branch grows
    laid = layout.branch_layout(
        geometry,
        spot,
        [is_double(t) for t, _ in placed],
        None if previewed is None else is_double(previewed),
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
            + escape(cat.plural("plural.earlier", hidden))
            + '">'
            + escape(cat.t("branch.folded", n=hidden))
            + "</span>"
        )
    last_tile, last_branch = split(last["move"]) if last else (None, None)
    for i, (tile, inner) in enumerate(placed):
        if i < hidden:
            continue
        is_last = last_tile == tile and last_branch == letter
        laid_box = where.get(("tile", i))
        parts.append(
            placed_html(
                tile,
                inner,
                spot,
                cat,
                cls="last" if is_last else "",
                way=laid_box.way if laid_box else "",
                style=at("tile", i),
            )
        )
    # the branch's tiles, from the centre out, as a list a screen reader can walk
    parts = [
        '<div class="tiles" role="list" aria-label="'
        + escape(cat.t("branch.tiles", branch=name))
        + '">'
        + "".join(parts)
        + "</div>"
    ]
    if previewed is not None:
        laid_box = where.get(("tile", -1))
        parts.append(
            placed_html(
                previewed,
                end,
                spot,
                cat,
                preview=True,
                hint=interaction.hint,
                way=laid_box.way if laid_box else "",
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
                interaction,
                where.get(("cap", -3)),
                geometry,
                at("cap", -3, 2),
                alone=len(lit) == 1,
            )
        )
    cls = (
        "branch laid-"
        + letter
        + (" targeted" if targeted else "")
        + (" is-open" if opened and order else "")
    )
    zone = "left:" + px(zx) + ";top:" + px(zy) + ";width:" + px(zw) + ";height:" + px(zh)
    return (
        '<div class="' + cls + '" ' + attrs + ' style="' + zone + '" role="group" '
        'aria-label="' + escape(label) + '">' + "".join(parts) + "</div>"
    )


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
    marker = (
        '<span class="state '
        + state
        + '">'
        + escape(cat.t("branch." + state))
        + (
            ' <b class="ord">' + escape(cat.t("branch.order", order=order)) + "</b>"
            if order
            else ""
        )
        + "</span>"
    )
    inside = (
        '<i class="owner" aria-hidden="true" title="'
        + escape(name)
        + '">'
        + escape(cat.letter(letter))
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
        slot_label = cat.t(
            "branch.slot_aria", tile=cat.tile(interaction.selected or ""), branch=name, end=end
        )
        chosen = " chosen" if previewing else ""
        # one lit branch says its name beside its cap; with several, only the chosen one
        # does (the labels of neighbouring caps would lie on top of each other)
        label = (
            (
                '<span class="slot-label">'
                + escape(cat.t("branch.slot", branch=name, end=end))
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
            + escape(cat.letter(letter))
            + '" aria-description="'
            + escape(slot_label)
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
        inner = tile_face(opening, cat.tile(opening), cls=cls)
    elif p_tile is not None and p_branch is None:
        label = cat.t("hint.preview_label" if interaction.hint else "branch.preview")
        extra = ' data-hint="true"' if interaction.hint else ""
        inner = tile_face(
            p_tile,
            cat.tile(p_tile),
            cls="preview hinted" if interaction.hint else "preview",
            data=False,
            attrs=' data-preview="'
            + p_tile
            + '"'
            + extra
            + ' role="button" tabindex="0" title="'
            + escape(label)
            + '"',
        )
    else:
        inner = (
            '<span class="tile ghost v" role="img" aria-label="'
            + escape(cat.t("branch.centre"))
            + '"></span>'
        )
    return '<div class="centre">' + inner + "</div>"


def board_html(
    board: "BoardShown",
    last: "LastMove | None",
    lit: "list[Seat]",
    cat: "Catalog",
    interaction: Interaction,
) -> str:
    """The whole board, fitted to the measured area (``lit``: the selected tile's targets)."""
    w, h = interaction.area or (600.0, 400.0)
    geometry = layout.Geometry(w, h, interaction.tile_px)
    branches = "".join(
        branch_html(board, last, lit, seat_at(spot, interaction), cat, interaction, geometry)
        for spot in (2, 3, 1, 0)
    )
    return (
        '<div class="board laid'
        + (" small-caps" if geometry.cap < layout.CAP else "")
        + '" style="--T:'
        + str(interaction.tile_px)
        + 'px" role="region" '
        'aria-label="'
        + escape(cat.t("app.board"))
        + '">'
        + branches
        + centre_html(board, last, cat, interaction)
        + "</div>"
    )
