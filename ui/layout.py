"""Where each branch's tiles lie on the board. Plain Python (runs under CPython too).

The board is a cross: the opening double in the middle, each branch growing outwards from it
to its spot (0 bottom, 1 right, 2 top, 3 left: ui/board.py turns the table so that the holder's
branch grows down; with South holding the device, North's grows up, East's right, West's left).
A branch that reaches the edge of the board bends clockwise (the top one turns right along the
top, then down; the right one turns down, then left; the bottom one turns left, then up; the
left one turns up, then right), so each branch uses a quarter of the board (South holding):

    W W N N N          top:    the middle column of the top row and the top right quarter
    W W N N N          right:  the right column of the middle row and the bottom right quarter
    W W + E E          bottom: the middle column of the bottom row and the bottom left quarter
    S S S E E          left:   the left column of the middle row and the top left quarter
    S S S E E

What still does not fit folds into a chip ("+5") next to the opening double: the tiles
nearest the centre fold first, so the end value, the open marker and the order badge (on the
end cap, after the branch's last tile) always stay on the board.

Every length is in CSS px; the sizes of the cap and the chip must agree with ui/style.css.
"""

GAP = 3  # between neighbours along a branch
CAP = 50  # the end cap's box (it is 50 x 46; taken square here)
SMALL_CAP = 36  # a phone's small board: the cap without its words (36 x 34)
CHIP = 30  # the fold chip's box
PAD = 10  # kept free along the board's edges (badges stick out 7 px)
ROW_MIN = 52  # the middle row's least height (the cap must fit in it)
TILE_MIN, TILE_MAX = 16, 40  # half a tile, px

# which way each stretch of a branch runs on screen, by where the branch is drawn (its spot:
# 0 bottom, 1 right, 2 top, 3 left; ui/board.py turns the table): out, along, back
STRETCHES = {
    0: ("down", "left", "up"),
    1: ("right", "down", "left"),
    2: ("up", "right", "down"),
    3: ("left", "up", "right"),
}


class Box:
    """One thing on the board: a tile (``index`` into the branch's placed tiles, -1 for the
    preview), the fold chip ("fold") or the end cap ("cap"), with its box (``x, y, w, h``, as
    :meth:`Geometry.to_screen` gives it) and the way the branch runs there ("up", "down",
    "left", "right")."""

    __slots__ = ("kind", "index", "x", "y", "w", "h", "way")

    def __init__(
        self, kind: str, index: int, box: "tuple[float, float, float, float]", way: str
    ) -> None:
        self.kind, self.index, self.way = kind, index, way
        self.x, self.y, self.w, self.h = box

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Box) and all(
            getattr(self, k) == getattr(other, k) for k in Box.__slots__
        )


class Branch:
    """``shown``: how many of the placed tiles show (the outermost ones); ``boxes``: centre
    first, the cap last; ``fits`` False: the board is too small even for that."""

    __slots__ = ("shown", "boxes", "fits")

    def __init__(self, shown: int, boxes: "tuple[Box, ...]", fits: bool = True) -> None:
        self.shown, self.boxes, self.fits = shown, boxes, fits


class Geometry:
    """The board's frame for a half-tile size ``tile``, in an area ``w`` x ``h``."""

    __slots__ = ("w", "h", "tile")

    def __init__(self, w: float, h: float, tile: int) -> None:
        self.w, self.h, self.tile = w, h, tile

    @property
    def cap(self) -> int:
        """The end cap's side: the small one where the full one leaves no room beside the
        middle row and column (a small phone's board: the caps would lie on one another)."""
        return CAP if min(self.band, self.side) - PAD >= CAP else SMALL_CAP

    @property
    def row(self) -> float:
        return max(2.0 * self.tile, ROW_MIN)

    @property
    def side(self) -> float:  # width of the left and right columns
        return (self.w - self.tile) / 2

    @property
    def band(self) -> float:  # height of the top and bottom rows
        return (self.h - self.row) / 2

    def reach(self, spot: int) -> tuple[float, float]:
        """How far a branch may run outwards, and sideways from its axis."""
        if spot in (0, 2):
            return self.band - PAD, self.w / 2 - PAD
        return self.side - PAD, self.h / 2 - PAD

    def to_screen(
        self, spot: int, s0: float, s1: float, t0: float, t1: float
    ) -> tuple[float, float, float, float]:
        """A box given outwards (s) from the centre block's edge and sideways (t) from the
        branch's axis, towards where it bends, as x, y, width, height on the board."""
        T, w, h = self.tile, self.w, self.h
        if spot == 2:  # up, bends right
            return w / 2 + t0, self.band - s1, t1 - t0, s1 - s0
        if spot == 1:  # right, bends down
            return self.side + T + s0, h / 2 + t0, s1 - s0, t1 - t0
        if spot == 0:  # down, bends left
            return w / 2 - t1, self.band + self.row + s0, t1 - t0, s1 - s0
        return self.side - s1, h / 2 - t1, s1 - s0, t1 - t0  # left, bends up


def _parts(
    doubles: list[bool], tile: int, shown: int, preview: bool | None, cap: int = CAP
) -> list[tuple[str, int, float, float]]:
    """The chain from the centre: (kind, index, length along, thickness across)."""
    n = len(doubles)
    out: list[tuple[str, int, float, float]] = []
    if shown < n:
        out.append(("fold", -2, CHIP, CHIP))
    for i in range(n - shown, n):
        d = doubles[i]
        out.append(("tile", i, float(tile if d else 2 * tile), float(2 * tile if d else tile)))
    if preview is not None:  # the previewed tile (True: a double)
        out.append(
            ("tile", -1, float(tile if preview else 2 * tile), float(2 * tile if preview else tile))
        )
    out.append(("cap", -3, cap, cap))
    return out


def _place(g: Geometry, spot: int, parts: list[tuple[str, int, float, float]]) -> list[Box] | None:
    """Lay the chain out in as few stretches as it needs (up to three); None if it does not
    fit."""
    for stretches in (1, 2, 3):
        boxes = _stretches(g, spot, parts, stretches)
        if boxes is not None:
            return boxes
    return None


def _stretches(
    g: Geometry, spot: int, parts: list[tuple[str, int, float, float]], stretches: int
) -> list[Box] | None:
    """Out from the centre, then sideways: from where the first stretch ends (an L), or along
    the board's far edge and back towards the centre on the far side (a hook). The last
    stretch may run to the board's edge, the others leave room for the next one."""
    reach, wide = g.reach(spot)
    T = g.tile
    band = 2.0 * T  # room for a double lying across
    back_axis = wide - band / 2  # the third stretch's axis (sideways)
    limits = (
        reach if stretches == 1 else reach - band - GAP,
        wide if stretches == 2 else wide - band - GAP,
        CHIP + GAP,
    )
    along_axis = 0.0  # the second stretch's axis (outwards), set at the turn
    stretch, pos, placed = 0, float(GAP), []
    last_thick = 0.0
    for kind, index, length, thick in parts:
        while True:
            if stretch == 0 and pos + length <= limits[0]:
                b = (pos, pos + length, -thick / 2, thick / 2)
                break
            # a double or the cap (thicker than a tile) stays off the middle row and the
            # board's edge
            if stretch == 1 and pos + length <= limits[1]:
                lo = min(max(along_axis - thick / 2, GAP), reach - thick)
                b = (lo, lo + thick, pos, pos + length)
                break
            if stretch == 2 and pos - length >= limits[2]:
                lo = back_axis - thick / 2 if thick <= band else wide - thick
                b = (pos - length, pos, lo, lo + thick)
                break
            stretch += 1
            if stretch >= stretches:
                return None
            if stretch == 1 and stretches == 2:  # an L: beside the first stretch's last tile
                along_axis = (pos - GAP) - T / 2
                pos = last_thick / 2 + GAP
            elif stretch == 1:  # a hook: along the far edge, round to the back stretch
                along_axis = reach - band / 2
                pos = T + GAP
            else:
                pos = along_axis - T - GAP
        box = g.to_screen(spot, b[0], b[1], b[2], b[3])
        placed.append(Box(kind, index, box, STRETCHES[spot][stretch]))
        if stretch == 0:
            last_thick = thick
        pos = pos + length + GAP if stretch < 2 else pos - length - GAP
    return placed


def branch_layout(
    g: Geometry, spot: int, doubles: list[bool], preview: bool | None = None
) -> Branch:
    """The most tiles of a branch (the outermost ones) that fit, with where each lies.
    ``doubles`` tells which placed tiles are doubles; ``preview``, if not None, whether a
    tile previewed at the branch's end is one."""
    n = len(doubles)
    least = 0 if preview is not None else min(1, n)
    for shown in range(n, least - 1, -1):
        boxes = _place(g, spot, _parts(doubles, g.tile, shown, preview, g.cap))
        if boxes is not None:
            return Branch(shown, tuple(boxes))
    # a board too small for even that: straight out, whatever sticks out
    parts = _parts(doubles, g.tile, least, preview, g.cap)
    reach, _wide = g.reach(spot)
    pos, boxes_list = float(GAP), []
    for kind, index, length, thick in parts:
        box = g.to_screen(spot, pos, pos + length, -thick / 2, thick / 2)
        boxes_list.append(Box(kind, index, box, STRETCHES[spot][0]))
        pos += length + GAP
    return Branch(least, tuple(boxes_list), fits=False)


def tile_size(branches: list[list[bool]], w: float, h: float) -> int:
    """The largest half-tile size at which every branch shows all its tiles (``branches``:
    which of each branch's tiles are doubles, by spot: where the branch is drawn); if none does,
    the size that folds the fewest (the larger one of equals)."""
    top = int(max(TILE_MIN, min(TILE_MAX, w / 12, h / 9)))
    best, fewest = TILE_MIN, None
    for tile in range(top, TILE_MIN - 1, -1):
        g = Geometry(w, h, tile)
        if g.band - PAD < g.cap or g.side - PAD < g.cap:
            continue
        laid = [branch_layout(g, spot, d) for spot, d in enumerate(branches)]
        folded = sum(len(d) - x.shown + (0 if x.fits else 1000) for x, d in zip(laid, branches))
        if folded == 0:
            return tile
        if fewest is None or folded < fewest:
            best, fewest = tile, folded
    return best


def zone(g: Geometry, spot: int) -> tuple[float, float, float, float]:
    """The branch's quarter of the board (x, y, width, height): where a tap or a drop means
    this branch."""
    T, w, h, side, band = g.tile, g.w, g.h, g.side, g.band
    if spot == 2:
        return side, 0.0, w - side, band
    if spot == 1:
        return side + T, band, w - side - T, h - band
    if spot == 0:
        return 0.0, band + g.row, side + T, h - band - g.row
    return 0.0, 0.0, side, band + g.row
