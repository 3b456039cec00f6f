"""The teacher's standings: duplicate scoring of a class's results, and the CSV.

:func:`standings` sets each student's points in a hand against the average of everyone at the
same seat who finished that hand (at the same seat everyone held the same tiles: the deals are
the same on every device); the sum of those differences ranks the students. A hand a student
did not finish is missing, not 0: it counts neither in the average nor in their total.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .code import ClassCode, ClassError
from .results import Result


@dataclass(frozen=True)
class Row:
    """One student in the standings. ``points`` and ``diffs`` have one entry per hand the student
    finished (``played``); ``diffs`` are the points minus the average at that seat and hand.
    ``index``: where the result was in the list given to :func:`standings`."""

    name: str
    seat: str
    rank: int
    points: tuple[int, ...]
    diffs: tuple[float, ...]
    total: float
    played: int
    finished: bool = False
    index: int = 0


@dataclass(frozen=True)
class Standings:
    """The class ranked: one row per student, best first; the names given twice at one seat
    (``duplicates``); the most hands anyone finished (``hands``)."""

    rows: tuple[Row, ...]
    duplicates: tuple[str, ...]
    hands: int


def reference_code(results: Sequence[Result]) -> ClassCode | None:
    """The class code most results have (the earliest of equally common ones)."""
    if not results:
        return None
    counts = Counter(r.code for r in results)
    best = max(counts.values())
    return next(r.code for r in results if counts[r.code] == best)


def standings(results: Sequence[Result]) -> Standings:
    """Duplicate scoring of one class's results, best first.

    The same result given twice counts once; the same name at the same seat with another
    result keeps the first one, unless the later one carries on from it (the same hands and
    more, or the same hands and the match over): then the later one counts. Both are listed
    in ``duplicates``.
    """
    code = reference_code(results)
    for index, result in enumerate(results):
        if result.code != code:
            assert code is not None
            raise ClassError(
                "class",
                f"{result.name} ({result.seat_letter}) played another class code",
                name=result.name,
                seat=result.seat_letter,
                index=index,
                code=result.code.text,
                expected=code.text,
            )
    kept: dict[tuple[str, int], tuple[int, Result]] = {}
    twice: dict[tuple[str, int], str] = {}  # the name as first given
    for index, result in enumerate(results):
        key = ("".join(result.name.split()).casefold(), result.seat)
        if key not in kept:
            kept[key] = (index, result)
            continue
        first = kept[key][1]
        twice.setdefault(key, first.name)
        if _carries_on(first, result):
            kept[key] = (index, result)
    chosen = sorted(kept.values(), key=lambda pair: pair[0])
    average: dict[tuple[int, int], Fraction] = {}
    for seat in {r.seat for _, r in chosen}:
        at_seat = [r for _, r in chosen if r.seat == seat]
        for number in range(max(len(r.hands) for r in at_seat)):
            had = [r.hands[number] for r in at_seat if len(r.hands) > number]
            average[seat, number] = Fraction(sum(had), len(had))
    scored = []
    for index, result in chosen:
        diffs = [p - average[result.seat, n] for n, p in enumerate(result.hands)]
        scored.append((sum(diffs, Fraction(0)), diffs, index, result))
    scored.sort(key=lambda s: (-s[0], s[3].name.casefold(), s[3].seat, s[2]))
    rows: list[Row] = []
    for place, (total, diffs, index, result) in enumerate(scored):
        rank = rows[-1].rank if rows and total == scored[place - 1][0] else place + 1
        rows.append(
            Row(
                result.name,
                result.seat_letter,
                rank,
                result.hands,
                tuple(float(d) for d in diffs),
                float(total),
                len(result.hands),
                result.finished,
                index,
            )
        )
    return Standings(
        tuple(rows), tuple(twice.values()), max((len(r.hands) for _, r in chosen), default=0)
    )


def _carries_on(first: Result, later: Result) -> bool:
    if later.hands[: len(first.hands)] != first.hands:
        return False
    return len(later.hands) > len(first.hands) or (later.finished and not first.finished)


def signed(value: float) -> str:
    """``+3.5``, ``-0.33``, ``0``: a difference with at most two decimals."""
    rounded = round(value, 2)
    if rounded == 0:
        return "0"
    return f"{rounded:+.2f}".rstrip("0").rstrip(".")


def csv_text(t: Standings) -> str:
    """The standings for a spreadsheet: ``rank,name,seat,total,hand 1,…``; a hand's cell is its
    points and difference, ``12 (+3.5)``; empty for a hand the student did not finish."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(
        ["rank", "name", "seat", "total"] + [f"hand {n}" for n in range(1, t.hands + 1)]
    )
    for row in t.rows:
        cells = [f"{p} ({signed(d)})" for p, d in zip(row.points, row.diffs, strict=True)]
        writer.writerow(
            [str(row.rank), row.name, row.seat, signed(row.total)]
            + cells
            + [""] * (t.hands - row.played)
        )
    return out.getvalue()


def standings_to_dict(t: Standings) -> dict[str, Any]:
    """The standings as the worker sends them (differences rounded to two decimals)."""
    return {
        "rows": [
            {
                "name": r.name,
                "seat": r.seat,
                "rank": r.rank,
                "points": list(r.points),
                "diffs": [round(d, 2) for d in r.diffs],
                "total": round(r.total, 2),
                "played": r.played,
                "finished": r.finished,
                "index": r.index,
            }
            for r in t.rows
        ],
        "hands": t.hands,
        "duplicates": list(t.duplicates),
        "csv": csv_text(t),
    }
