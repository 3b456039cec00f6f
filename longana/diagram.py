"""The rules panel's drawn example: a small board as SVG, with where a tile may and may not go.

The position is real engine state: :data:`EXAMPLE` is a hand record replayed through the
engine (the cards' worked example: your tile is 6-4; East's branch is open at 6, opened first;
North's is open at 6, opened second; your own branch ends at 3, so 6-4 may go only on East's
branch). :func:`marks` asks the board, for each branch, whether the tile may go there and why
not; :func:`draw` draws whatever board it is given, so another position gives another drawing.

All words come from the caller's message catalog (``rules.diagram`` of ``locales/<lang>.json``);
the drawing code holds only digits and shapes.

>>> hand = example_hand()
>>> [m.verdict for m in marks(hand.board, hand.to_move, EXAMPLE_TILE)]
['no-match', 'legal', 'priority', 'no-match']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from typing import Any

from .board import Board
from .errors import BranchClosedError, IllegalMoveError, NoMatchError, PriorityError
from .hand import Hand
from .records import hand_from_record
from .tiles import SEAT_NAMES, SEATS, S, Tile

#: The worked example as a hand record: South opens 6-6 (the only double dealt), East and
#: North pass (their branches open, East's first), West and South play on their own branches,
#: East and North pass again, West plays, and South is to move holding 6-4.
EXAMPLE: dict[str, Any] = {
    "hands": {
        "S": ["6-6", "6-3", "6-4", "9-8", "9-7", "8-7", "9-5", "8-5"],
        "E": ["9-4", "8-4", "7-4", "5-4", "9-2", "8-2", "7-2", "5-2"],
        "N": ["9-3", "8-3", "7-3", "5-3", "9-0", "8-0", "7-0", "5-0"],
        "W": ["6-1", "1-0", "9-1", "8-1", "7-1", "5-1", "4-1", "2-1"],
    },
    "moves": ["6-6", "pass", "pass", "6-1@W", "6-3@S", "pass", "pass", "1-0@W"],
}
EXAMPLE_TILE = Tile(6, 4)


def example_hand() -> Hand:
    """The worked example's position, South to move (checked by the engine on every move)."""
    return hand_from_record(EXAMPLE)


@dataclass(frozen=True)
class Mark:
    """What the drawing says about one branch for the tile: ``legal``, ``priority`` (matches
    but an earlier-opened branch with the same end comes first), ``closed`` (matches but is
    closed to this tile) or ``no-match``."""

    branch: int
    verdict: str
    error: IllegalMoveError | None

    @property
    def earlier(self) -> int | None:
        """For ``priority``: the branch the tile must go on instead."""
        if isinstance(self.error, PriorityError):
            return SEAT_NAMES.index(str(self.error.params["earlier"]))
        return None


def marks(board: Board, seat: int, tile: Tile) -> list[Mark]:
    """For each branch, from the engine's own rule check, whether ``seat`` may lay ``tile``."""
    out = []
    for branch in SEATS:
        error = board.reason(seat, tile, branch)
        if error is None:
            verdict = "legal"
        elif isinstance(error, PriorityError):
            verdict = "priority"
        elif isinstance(error, BranchClosedError):
            verdict = "closed"
        elif isinstance(error, NoMatchError):
            verdict = "no-match"
        else:
            raise error
        out.append(Mark(branch, verdict, error))
    return out


# -- drawing ---------------------------------------------------------------------------------

CENTRE_X, CENTRE_Y = 0, 0  # the drawing is cropped to what it holds
LONG, SHORT, GAP = 36, 18, 2
SHOWN = 2  # tiles drawn per branch; earlier ones fold into "+k"
MARGIN = 6
DIRECTIONS = {0: (0, 1), 1: (1, 0), 2: (0, -1), 3: (-1, 0)}  # S down, E right, N up, W left
LEGAL_COLOUR, FORBIDDEN_COLOUR, INK = "#1b7f3b", "#b3261e", "#222"


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

    def text(self, x: float, y: float, words: str, size: int = 11, anchor: str = "middle",
             bold: bool = False) -> None:
        width = 0.6 * size * len(words)
        left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
        weight = ' font-weight="bold"' if bold else ""
        self.add(f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" '
                 f'dominant-baseline="middle" fill="{INK}"{weight}>{escape(words)}</text>',
                 left, y - size / 2, left + width, y + size / 2)

    def tile(self, cx: float, cy: float, along: tuple[int, int], first: int, second: int,
             across: bool = False, extra: str = "") -> None:
        """A tile centred at (cx, cy) along ``along`` (across it for a double), with
        ``first`` on the half nearer the centre."""
        dx, dy = along
        horizontal = (dx != 0) != across
        w, h = (LONG, SHORT) if horizontal else (SHORT, LONG)
        self.add(f'<g{extra}><rect x="{cx - w / 2:g}" y="{cy - h / 2:g}" width="{w}" '
                 f'height="{h}" rx="3" fill="#fffdf5" stroke="{INK}"/>',
                 cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        ax, ay = (abs(dy), abs(dx)) if across else (dx, dy)  # from the first half to the second
        self.text(cx - ax * LONG / 4, cy - ay * LONG / 4, str(first))
        self.text(cx + ax * LONG / 4, cy + ay * LONG / 4, str(second))
        self.add(f'<line x1="{cx - ay * SHORT / 2:g}" y1="{cy - ax * SHORT / 2:g}" '
                 f'x2="{cx + ay * SHORT / 2:g}" y2="{cy + ax * SHORT / 2:g}" '
                 f'stroke="{INK}" stroke-width="0.5"/>', cx, cy, cx, cy)
        self.parts.append("</g>")

    def check(self, x: float, y: float, size: float) -> None:
        self.add(f'<path class="check" d="M{x - size:g} {y:g} L{x - size / 3:g} '
                 f'{y + size * 0.7:g} L{x + size:g} {y - size * 0.7:g}" fill="none" '
                 f'stroke="{LEGAL_COLOUR}" stroke-width="3"/>',
                 x - size, y - size, x + size, y + size)

    def cross(self, x: float, y: float, size: float) -> None:
        self.add(f'<path class="cross" d="M{x - size:g} {y - size:g} L{x + size:g} '
                 f'{y + size:g} M{x - size:g} {y + size:g} L{x + size:g} {y - size:g}" '
                 f'stroke="{FORBIDDEN_COLOUR}" stroke-width="3"/>',
                 x - size, y - size, x + size, y + size)


@dataclass(frozen=True)
class Figure:
    """The drawing and its caption: ``caption`` lines are (kind, words), kind ``"tile"``,
    ``"legal"`` or ``"forbidden"`` (the page marks the last two with a tick or a cross)."""

    svg: str
    caption: tuple[tuple[str, str], ...]


def caption(board: Board, seat: int, tile: Tile,
            text: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """In words: the tile, then each branch it matches, with the rule that decides."""
    lines = [("tile", str(text["your_tile"]).format(tile=tile, end=board.ends[seat]))]
    for mark in marks(board, seat, tile):
        name = _branch_name(mark.branch, seat, text)
        end = board.ends[mark.branch]
        if mark.verdict == "legal":
            lines.append(("legal", str(text["legal"]).format(branch=name, tile=tile, end=end)))
        elif mark.verdict == "priority" and mark.earlier is not None:
            lines.append(("forbidden", str(text["priority"]).format(
                branch=name, tile=tile, end=end, earlier=_branch_name(mark.earlier, seat, text))))
        elif mark.verdict == "closed":
            lines.append(("forbidden", str(text["closed"]).format(
                branch=name, tile=tile, end=end)))
    return tuple(lines)


def _branch_name(branch: int, seat: int, text: Mapping[str, Any]) -> str:
    return str(text["own_branch"] if branch == seat else text["branch"][SEAT_NAMES[branch]])


def draw(board: Board, seat: int, tile: Tile, text: Mapping[str, Any],
         id_prefix: str = "rules-example") -> str:
    """An SVG (text) of ``board`` as ``seat`` sees it holding ``tile``: every branch with its
    tiles, end and open/closed state; where the tile may go, a dashed slot with the tile in
    it and a tick; where it matches but may not go, the slot crossed out.

    ``text`` is the ``rules.diagram`` part of the message catalog.
    """
    found = marks(board, seat, tile)
    canvas = Canvas()
    opening = board.opening
    if opening is not None:
        canvas.tile(CENTRE_X, CENTRE_Y, (1, 0), opening.high, opening.low, across=True)
    for mark in found:
        _branch(canvas, board, seat, tile, mark, text)
    joiner = str(text["and"])
    legal = joiner.join(_branch_name(m.branch, seat, text) for m in found
                        if m.verdict == "legal")
    forbidden = joiner.join(_branch_name(m.branch, seat, text) for m in found
                            if m.verdict in ("priority", "closed"))
    title = str(text["title"]).format(tile=tile, legal=legal or "-")
    description = str(text["description"]).format(tile=tile, legal=legal or "-",
                                                  forbidden=forbidden or "-")
    left, top, right, bottom = canvas.box
    width, height = right - left + 2 * MARGIN, bottom - top + 2 * MARGIN
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="{left - MARGIN:g} {top - MARGIN:g} {width:g} {height:g}" '
        f'role="img" aria-labelledby="{id_prefix}-title {id_prefix}-desc" '
        f'font-family="sans-serif" data-diagram="priority">'
        f'<title id="{id_prefix}-title">{escape(title)}</title>'
        f'<desc id="{id_prefix}-desc">{escape(description)}</desc>'
        + "".join(canvas.parts) + "</svg>")


def _branch(canvas: Canvas, board: Board, seat: int, tile: Tile, mark: Mark,
            text: Mapping[str, Any]) -> None:
    branch = mark.branch
    dx, dy = DIRECTIONS[branch]
    placed = board.placed(branch)
    canvas.parts.append(
        f'<g data-diagram-branch="{SEAT_NAMES[branch]}" data-verdict="{mark.verdict}" '
        f'data-end="{board.ends[branch]}" data-open="{str(board.is_open(branch)).lower()}">')
    # distance from the centre along the branch: the opening double lies across E-W
    d = (SHORT if dx else LONG) / 2 + GAP
    if len(placed) > SHOWN:
        canvas.text(CENTRE_X + dx * (d + 10), CENTRE_Y + dy * (d + 10),
                    f"+{len(placed) - SHOWN}", 10)
        d += 20
    for laid, inner, outer in placed[-SHOWN:]:
        size = SHORT if laid.is_double else LONG
        canvas.tile(CENTRE_X + dx * (d + size / 2), CENTRE_Y + dy * (d + size / 2),
                    (dx, dy), inner, outer, across=laid.is_double)
        d += size + GAP
    # the end value in a circle: solid when closed, dashed when open
    d += 13
    ex, ey = CENTRE_X + dx * d, CENTRE_Y + dy * d
    ring = ' stroke-dasharray="3 2"' if board.is_open(branch) else ""
    canvas.add(f'<circle cx="{ex:g}" cy="{ey:g}" r="11" fill="#fff" stroke="{INK}"{ring}/>',
               ex - 11, ey - 11, ex + 11, ey + 11)
    canvas.text(ex, ey, str(board.ends[branch]), 12, bold=True)
    # the seat's name and whether its branch is open, beside the end
    who = str(text["you"]) if branch == seat else str(text["seat"][SEAT_NAMES[branch]])
    state = (str(text["open"]).format(order=board.order[branch]) if board.is_open(branch)
             else str(text["closed_state"]))
    if dx == 0:  # beside the end of a vertical branch
        lx, ly, anchor = ex + 16, ey - 7, "start"
    else:  # under the end of a horizontal branch, clear of the vertical ones
        lx, ly, anchor = ex - 11 * dx, ey + 20, "start" if dx > 0 else "end"
    canvas.text(lx, ly, who, 11, anchor, bold=True)
    canvas.text(lx, ly + 13, state, 10, anchor)
    # the slot where the tile would go: previewed (legal) or crossed out (forbidden)
    if mark.verdict != "no-match":
        d += 13 + GAP + LONG / 2
        sx, sy = CENTRE_X + dx * d, CENTRE_Y + dy * d
        end = board.ends[branch]
        legal = mark.verdict == "legal"
        canvas.tile(sx, sy, (dx, dy), end, tile.other(end),
                    extra=f' class="slot" opacity="{1 if legal else 0.5}"')
        w, h = (LONG + 6, SHORT + 6) if dx else (SHORT + 6, LONG + 6)
        colour = LEGAL_COLOUR if legal else FORBIDDEN_COLOUR
        canvas.add(f'<rect x="{sx - w / 2:g}" y="{sy - h / 2:g}" width="{w}" height="{h}" '
                   f'rx="4" fill="none" stroke="{colour}" stroke-width="2" '
                   'stroke-dasharray="5 3"/>', sx - w / 2, sy - h / 2, sx + w / 2, sy + h / 2)
        if legal:
            canvas.check(sx + (w / 2 + 10 if dy else 0), sy + (h / 2 + 10 if dx else 0), 6)
        else:
            canvas.cross(sx, sy, 12)
    canvas.parts.append("</g>")


def figure(board: Board, seat: int, tile: Tile, text: Mapping[str, Any],
           id_prefix: str = "rules-example") -> Figure:
    return Figure(draw(board, seat, tile, text, id_prefix), caption(board, seat, tile, text))


def example_figure(text: Mapping[str, Any]) -> Figure:
    """The cards' worked example, drawn for South holding 6-4, with its caption."""
    hand = example_hand()
    assert hand.to_move == S
    return figure(hand.board, S, EXAMPLE_TILE, text)
