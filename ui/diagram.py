"""The rules panel's drawn example as SVG: a small board with where a tile may and may not go.

The position and the verdicts come from the engine (``longana.device.diagram.example``, written
to the site as ``rules-example.json`` by the build), so the drawing shows what the rules really say;
this module only draws and words it. All words come from ``rules.diagram`` of the catalog.
Runs under MicroPython and CPython.
"""

try:
    from typing import Any
except ImportError:  # MicroPython: no typing module; annotations are not evaluated there
    pass

from .html import escape
from .i18n import fill, join_words
from .notation import SEATS, other, pips

CENTRE_X, CENTRE_Y = 0, 0  # the drawing is cropped to what it holds
LONG, SHORT, GAP = 36, 18, 2
SHOWN = 2  # tiles drawn per branch; earlier ones fold into "+k"
MARGIN = 6
DIRECTIONS = {0: (0, 1), 1: (1, 0), 2: (0, -1), 3: (-1, 0)}  # S down, E right, N up, W left
LEGAL_COLOUR, FORBIDDEN_COLOUR, INK = "#1b7f3b", "#b3261e", "#222"


def g(x: float) -> str:
    """A number for SVG: at most two decimals, no trailing zeros (``12.0`` → ``12``)."""
    hundredths = int(round(x * 100))
    sign = "-" if hundredths < 0 else ""
    whole, part = divmod(abs(hundredths), 100)
    if not part:
        return sign + str(whole)
    digits = str(part) if part >= 10 else "0" + str(part)
    return sign + str(whole) + "." + digits.rstrip("0")


class Canvas:
    """SVG parts and the box they cover."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.box = [0.0, 0.0, 0.0, 0.0]  # left, top, right, bottom

    def add(self, part: str, left: float, top: float, right: float, bottom: float) -> None:
        self.parts.append(part)
        box = self.box
        box[0], box[1] = min(box[0], left), min(box[1], top)
        box[2], box[3] = max(box[2], right), max(box[3], bottom)

    def text(
        self,
        x: float,
        y: float,
        words: str,
        size: int = 11,
        anchor: str = "middle",
        bold: bool = False,
    ) -> None:
        width = 0.6 * size * len(words)
        left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
        weight = ' font-weight="bold"' if bold else ""
        self.add(
            f'<text x="{g(x)}" y="{g(y)}" font-size="{size}" text-anchor="{anchor}" '
            f'dominant-baseline="middle" fill="{INK}"{weight}>{escape(words)}</text>',
            left,
            y - size / 2,
            left + width,
            y + size / 2,
        )

    def tile(
        self,
        cx: float,
        cy: float,
        along: tuple[int, int],
        first: int,
        second: int,
        across: bool = False,
        extra: str = "",
    ) -> None:
        """A tile centred at (cx, cy) along ``along`` (across it for a double), with
        ``first`` on the half nearer the centre."""
        dx, dy = along
        horizontal = (dx != 0) != across
        w, h = (LONG, SHORT) if horizontal else (SHORT, LONG)
        self.add(
            f'<g{extra}><rect x="{g(cx - w / 2)}" y="{g(cy - h / 2)}" width="{w}" '
            f'height="{h}" rx="3" fill="#fffdf5" stroke="{INK}"/>',
            cx - w / 2,
            cy - h / 2,
            cx + w / 2,
            cy + h / 2,
        )
        ax, ay = (abs(dy), abs(dx)) if across else (dx, dy)  # from the first half to the second
        self.text(cx - ax * LONG / 4, cy - ay * LONG / 4, str(first))
        self.text(cx + ax * LONG / 4, cy + ay * LONG / 4, str(second))
        self.add(
            f'<line x1="{g(cx - ay * SHORT / 2)}" y1="{g(cy - ax * SHORT / 2)}" '
            f'x2="{g(cx + ay * SHORT / 2)}" y2="{g(cy + ax * SHORT / 2)}" '
            f'stroke="{INK}" stroke-width="0.5"/>',
            cx,
            cy,
            cx,
            cy,
        )
        self.parts.append("</g>")

    def check(self, x: float, y: float, size: float) -> None:
        self.add(
            f'<path class="check" d="M{g(x - size)} {g(y)} L{g(x - size / 3)} '
            f'{g(y + size * 0.7)} L{g(x + size)} {g(y - size * 0.7)}" fill="none" '
            f'stroke="{LEGAL_COLOUR}" stroke-width="3"/>',
            x - size,
            y - size,
            x + size,
            y + size,
        )

    def cross(self, x: float, y: float, size: float) -> None:
        self.add(
            f'<path class="cross" d="M{g(x - size)} {g(y - size)} L{g(x + size)} '
            f'{g(y + size)} M{g(x - size)} {g(y + size)} L{g(x + size)} {g(y - size)}" '
            f'stroke="{FORBIDDEN_COLOUR}" stroke-width="3"/>',
            x - size,
            y - size,
            x + size,
            y + size,
        )


def caption(example: "dict[str, Any]", text: "dict[str, Any]") -> "list[tuple[str, str]]":
    """In words: the tile, then each branch it matches, with the rule that decides. Lines are
    (kind, words), kind "tile", "legal" or "forbidden"."""
    board, seat, tile = example["board"], example["seat"], example["tile"]
    lines = [("tile", fill(str(text["your_tile"]), {"tile": tile, "end": board["ends"][seat]}))]
    for mark in example["marks"]:
        branch = mark["branch"]
        words = {"branch": _name(branch, seat, text), "tile": tile, "end": board["ends"][branch]}
        if mark["verdict"] == "legal":
            lines.append(("legal", fill(str(text["legal"]), words)))
        elif mark["verdict"] == "priority" and mark["earlier"] is not None:
            words["earlier"] = _name(mark["earlier"], seat, text)
            lines.append(("forbidden", fill(str(text["priority"]), words)))
        elif mark["verdict"] == "closed":
            lines.append(("forbidden", fill(str(text["closed"]), words)))
    return lines


def _name(branch: str, seat: str, text: "dict[str, Any]") -> str:
    return str(text["own_branch"] if branch == seat else text["branch"][branch])


def listing(names: "list[str]", text: "dict[str, Any]") -> str:
    """Branch names as a list: "A", "A and B", "A, B and C" (the diagram's own "and")."""
    return join_words(names, ", ", str(text["and"]))


def draw(
    example: "dict[str, Any]", text: "dict[str, Any]", id_prefix: str = "rules-example"
) -> str:
    """An SVG (text) of the example's board as its seat sees it holding its tile: every
    branch with its tiles, end and open/closed state; where the tile may go, a dashed slot
    with the tile in it and a tick; where it matches but may not go, the slot crossed out."""
    board, seat, tile = example["board"], example["seat"], example["tile"]
    canvas = Canvas()
    opening = board["opening"]
    if opening is not None:
        high, low = pips(opening)
        canvas.tile(CENTRE_X, CENTRE_Y, (1, 0), high, low, across=True)
    for mark in example["marks"]:
        _branch(canvas, example, mark, text)
    # each branch's name carries its own article and case ("den Zweig von Ost"): a plain list
    legal = listing(
        [_name(m["branch"], seat, text) for m in example["marks"] if m["verdict"] == "legal"], text
    )
    forbidden = listing(
        [
            _name(m["branch"], seat, text)
            for m in example["marks"]
            if m["verdict"] in ("priority", "closed")
        ],
        text,
    )
    title = fill(str(text["title"]), {"tile": tile, "legal": legal or "-"})
    description = fill(
        str(text["description"]),
        {"tile": tile, "legal": legal or "-", "forbidden": forbidden or "-"},
    )
    left, top, right, bottom = canvas.box
    width, height = right - left + 2 * MARGIN, bottom - top + 2 * MARGIN
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="'
        + g(left - MARGIN)
        + " "
        + g(top - MARGIN)
        + " "
        + g(width)
        + " "
        + g(height)
        + '" role="img" '
        'aria-labelledby="' + id_prefix + "-title " + id_prefix + '-desc" '
        'font-family="sans-serif" data-diagram="priority">'
        + '<title id="'
        + id_prefix
        + '-title">'
        + escape(title)
        + "</title>"
        + '<desc id="'
        + id_prefix
        + '-desc">'
        + escape(description)
        + "</desc>"
        + "".join(canvas.parts)
        + "</svg>"
    )


def _branch(
    canvas: Canvas, example: "dict[str, Any]", mark: "dict[str, Any]", text: "dict[str, Any]"
) -> None:
    board, seat, tile = example["board"], example["seat"], example["tile"]
    letter = mark["branch"]
    branch = SEATS.index(letter)
    dx, dy = DIRECTIONS[branch]
    placed = board["branches"][letter]
    end = board["ends"][letter]
    is_open = bool(board["order"][letter])
    canvas.parts.append(
        '<g data-diagram-branch="'
        + letter
        + '" data-verdict="'
        + mark["verdict"]
        + '" data-end="'
        + str(end)
        + '" data-open="'
        + ("true" if is_open else "false")
        + '">'
    )
    # distance from the centre along the branch: the opening double lies across E-W
    d = (SHORT if dx else LONG) / 2 + GAP
    if len(placed) > SHOWN:
        canvas.text(
            CENTRE_X + dx * (d + 10), CENTRE_Y + dy * (d + 10), "+" + str(len(placed) - SHOWN), 10
        )
        d += 20
    for laid, inner in placed[-SHOWN:]:
        double = laid[0] == laid[-1]
        size = SHORT if double else LONG
        canvas.tile(
            CENTRE_X + dx * (d + size / 2),
            CENTRE_Y + dy * (d + size / 2),
            (dx, dy),
            inner,
            other(laid, inner),
            across=double,
        )
        d += size + GAP
    # the end value in a circle: solid when closed, dashed when open
    d += 13
    ex, ey = CENTRE_X + dx * d, CENTRE_Y + dy * d
    ring = ' stroke-dasharray="3 2"' if is_open else ""
    canvas.add(
        '<circle cx="'
        + g(ex)
        + '" cy="'
        + g(ey)
        + '" r="11" fill="#fff" stroke="'
        + INK
        + '"'
        + ring
        + "/>",
        ex - 11,
        ey - 11,
        ex + 11,
        ey + 11,
    )
    canvas.text(ex, ey, str(end), 12, bold=True)
    # the seat's name and whether its branch is open, beside the end
    who = str(text["you"]) if letter == seat else str(text["seat"][letter])
    state = (
        fill(str(text["open"]), {"order": board["order"][letter]})
        if is_open
        else str(text["closed_state"])
    )
    if dx == 0:  # beside the end of a vertical branch
        lx, ly, anchor = ex + 16, ey - 7, "start"
    else:  # under the end of a horizontal branch, clear of the vertical ones
        lx, ly, anchor = ex - 11 * dx, ey + 20, "start" if dx > 0 else "end"
    canvas.text(lx, ly, who, 11, anchor, bold=True)
    canvas.text(lx, ly + 13, state, 10, anchor)
    # the slot where the tile would go: previewed (legal) or crossed out (forbidden)
    if mark["verdict"] != "no-match":
        d += 13 + GAP + LONG / 2
        sx, sy = CENTRE_X + dx * d, CENTRE_Y + dy * d
        legal = mark["verdict"] == "legal"
        canvas.tile(
            sx,
            sy,
            (dx, dy),
            end,
            other(tile, end),
            extra=' class="slot" opacity="' + ("1" if legal else "0.5") + '"',
        )
        w, h = (LONG + 6, SHORT + 6) if dx else (SHORT + 6, LONG + 6)
        colour = LEGAL_COLOUR if legal else FORBIDDEN_COLOUR
        canvas.add(
            '<rect x="'
            + g(sx - w / 2)
            + '" y="'
            + g(sy - h / 2)
            + '" width="'
            + str(w)
            + '" height="'
            + str(h)
            + '" rx="4" fill="none" stroke="'
            + colour
            + '" stroke-width="2" stroke-dasharray="5 3"/>',
            sx - w / 2,
            sy - h / 2,
            sx + w / 2,
            sy + h / 2,
        )
        if legal:
            canvas.check(sx + (w / 2 + 10 if dy else 0), sy + (h / 2 + 10 if dx else 0), 6)
        else:
            canvas.cross(sx, sy, 12)
    canvas.parts.append("</g>")
