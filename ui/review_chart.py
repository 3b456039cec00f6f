"""The picture of the match in the graded review: a person's chance to win the match over it
(an inline ``<svg>`` built here as text, no library), one point at each hand's start, one per
decision judged (the chance after it; a costly one's drop drawn from the chance before it) and
one at each hand's end, the hands' bounds marked; its ``<title>``, and its ``<desc>`` telling
each hand's start and end in words. And the luck sentence: the cost of the person's decisions
told apart from the luck of the deals (``hands`` of :class:`longana.device.review_summary.
PersonSummary`, every figure in percent of the match: the page adds nothing up but the
drawing). Runs under MicroPython (the page) and CPython (the tests).

``[data-review-chart]`` is kept for automation; each point is a ``circle`` with
``data-point`` (``start``, ``decision`` or ``end``)."""

from .html import escape

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from typing import Any

    from .i18n import Catalog

WIDTH, HEIGHT = 360, 150  # the drawing's own units (it scales to the dialog's width)
LEFT, RIGHT, TOP, BOTTOM = 40, 8, 8, 20
MINUS = "\u2212"


def course(hands: "list[dict[str, Any]]") -> "list[tuple[str, float, float | None, int]]":
    """Every point of the course in order: (kind, chance, chance before a decision or None,
    hand number)."""
    out: list[tuple[str, float, float | None, int]] = []
    for hand in hands:
        out.append(("start", float(hand["start"]), None, hand["hand"]))
        for p in hand["points"]:
            out.append(("decision", float(p["after"]), float(p["before"]), hand["hand"]))
        out.append(("end", float(hand["end"]), None, hand["hand"]))
    return out


def _y(chance: float) -> float:
    return TOP + (100 - max(0.0, min(100.0, chance))) * (HEIGHT - TOP - BOTTOM) / 100


def _n(x: float) -> str:
    return f"{x:.1f}"


def percent(value: float, cat: "Catalog") -> str:
    """``27 %`` the language's way."""
    return cat.t("explain.chance", value=cat.decimal(value))


def change(value: float, cat: "Catalog") -> str:
    """A change of chance, signed: ``+3 percentage points``, ``−1.5 percentage points``."""
    size = abs(round(value, 1))
    sign = "" if size == 0 else ("+" if value > 0 else MINUS)
    count = int(size) if size == int(size) else 2  # "1.5" counts as "other" (CLDR)
    return cat.plural("review.graded.change", count, value=sign + cat.decimal(size))


def named(key: str, cat: "Catalog", seat: "str | None", **params: "Any") -> str:
    """``key``'s words for the person holding the device (``_you``) or for ``seat``."""
    if seat is None:
        return cat.t(key + "_you", **params)
    return cat.t(key + "_seat", seat=cat.seat(seat), **params)


def chart_html(hands: "list[dict[str, Any]]", cat: "Catalog", seat: str, several: bool) -> str:
    """``seat``'s chance over the match (``hands``), or "" before a hand is over. With
    ``several`` people at the device the title names the seat."""
    points = course(hands)
    if not points:
        return ""
    step = (WIDTH - LEFT - RIGHT) / max(1, len(points) - 1)
    xs = [LEFT + k * step for k in range(len(points))]
    ident = "review-chart-" + seat
    title = named("review.graded.chart", cat, seat if several else None)
    said = " ".join(
        cat.t(
            "review.graded.chart_hand",
            n=str(hand["hand"]),
            start=percent(hand["start"], cat),
            end=percent(hand["end"], cat),
        )
        for hand in hands
    )
    parts = [
        '<svg class="review-chart" viewBox="0 0 '
        + str(WIDTH)
        + " "
        + str(HEIGHT)
        + '" role="img" aria-labelledby="'
        + ident
        + '-title" aria-describedby="'
        + ident
        + '-desc" focusable="false"><title id="'
        + ident
        + '-title">'
        + escape(title)
        + '</title><desc id="'
        + ident
        + '-desc">'
        + escape(said)
        + "</desc>"
    ]
    parts.append(grid(cat))
    parts.append(bounds(points, xs))
    line = " ".join(_n(x) + "," + _n(_y(p[1])) for x, p in zip(xs, points))
    parts.append('<polyline class="chart-line" points="' + line + '"/>')
    for x, (kind, chance, before, _) in zip(xs, points):
        if before is not None and before > chance:  # what the decision cost, drawn
            parts.append(
                '<line class="chart-cost" x1="'
                + _n(x)
                + '" x2="'
                + _n(x)
                + '" y1="'
                + _n(_y(before))
                + '" y2="'
                + _n(_y(chance))
                + '"/>'
            )
        parts.append(
            '<circle class="chart-point chart-'
            + kind
            + '" data-point="'
            + kind
            + '" cx="'
            + _n(x)
            + '" cy="'
            + _n(_y(chance))
            + '" r="'
            + ("3" if kind == "decision" else "2.5")
            + '"/>'
        )
    parts.append("</svg>")
    return "".join(parts)


def grid(cat: "Catalog") -> str:
    """The chance's scale: 0, 50 and 100 %."""
    out = ""
    for value in (0, 50, 100):
        y = _n(_y(value))
        out += (
            '<line class="chart-grid" x1="'
            + str(LEFT)
            + '" x2="'
            + str(WIDTH - RIGHT)
            + '" y1="'
            + y
            + '" y2="'
            + y
            + '"/><text class="chart-label" x="'
            + str(LEFT - 4)
            + '" y="'
            + y
            + '" text-anchor="end" dominant-baseline="middle">'
            + escape(percent(value, cat))
            + "</text>"
        )
    return out


def bounds(points: "list[tuple[str, float, float | None, int]]", xs: "list[float]") -> str:
    """Each hand's span marked: a line at its start, its number under the middle."""
    out = ""
    for k, (kind, _, _, number) in enumerate(points):
        if kind != "start":
            continue
        end = next(j for j in range(k, len(points)) if points[j][0] == "end")
        middle = (xs[k] + xs[end]) / 2
        out += (
            '<line class="chart-hand" x1="'
            + _n(xs[k])
            + '" x2="'
            + _n(xs[k])
            + '" y1="'
            + str(TOP)
            + '" y2="'
            + str(HEIGHT - BOTTOM)
            + '"/><text class="chart-label" x="'
            + _n(middle)
            + '" y="'
            + str(HEIGHT - 6)
            + '" text-anchor="middle">'
            + str(number)
            + "</text>"
        )
    return out


def luck_words(person: "dict[str, Any]", cat: "Catalog", seat: "str | None") -> str:
    """The luck of the deals told apart from the cost of the decisions: what the decisions
    cost and what the deals gave, with the hand whose luck counted most (of several); when the
    match was lost on that deal rather than on the play, said first. ``seat``: the words name it
    (several people at the device); else they say "you"."""
    hands = person.get("hands") or []
    if not hands:
        return ""
    top = hands[0]
    for hand in hands:
        if abs(hand["luck"]) > abs(top["luck"]):
            top = hand
    cost = float(person["cost"])
    said = named(
        "review.graded.luck",
        cat,
        seat,
        cost=change(cost, cat).lstrip("+"),
        luck=change(float(person["luck"]), cat),
    )
    if len(hands) > 1:  # one hand's luck is the deals' luck: said once
        most = cat.t(
            "review.graded.luck_most", n=str(top["hand"]), hand_luck=change(float(top["luck"]), cat)
        )
        said += " " + most
    lost = float(hands[-1]["end"]) <= 0
    if lost and top["luck"] < 0 and -float(top["luck"]) > cost:
        said = named("review.graded.lost_on_deal", cat, seat, n=str(top["hand"])) + " " + said
    return said
