"""The teacher's standings: duplicate scoring of a class's results, and the CSV.

:func:`standings` sets each student's points in a hand against the average of everyone at the
same seat who finished that hand (at the same seat everyone held the same tiles: the deals are
the same on every device); the sum of those differences ranks the students. A hand a student
did not finish is missing, not 0: it counts neither in the average nor in their total.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .code import ClassCode, ClassError
from .names import look_alike, name_key, same_name
from .results import Result

FLAGS = ("same-name", "look-alike", "same-play")


@dataclass(frozen=True)
class Row:
    """One student in the standings. ``points`` and ``diffs`` have one entry per hand the student
    finished (``played``); ``diffs`` are the points minus the average at that seat and hand.
    ``index``: where the result was in the list given to :func:`standings` (``also``: where
    earlier results of the same play were, counted once); ``flags``: why the teacher should
    look at this row beside others (:data:`FLAGS`)."""

    name: str
    seat: str
    rank: int
    points: tuple[int, ...]
    diffs: tuple[float, ...]
    total: float
    played: int
    finished: bool = False
    index: int = 0
    also: tuple[int, ...] = ()
    flags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Flag:
    """Rows to show side by side (their places in ``Standings.rows``), and why: ``same-name``
    (one name, different plays), ``look-alike`` (names that look the same: case, accents,
    letters of another script, compatibility forms) or ``same-play`` (the same moves at the
    same seat under different names)."""

    code: str
    rows: tuple[int, ...]


@dataclass(frozen=True)
class Standings:
    """The class ranked: one row per result, best first; the names whose result was given more
    than once (``duplicates``: counted once); the most hands anyone finished (``hands``); the
    rows to look at side by side (``flagged``)."""

    rows: tuple[Row, ...]
    duplicates: tuple[str, ...]
    hands: int
    flagged: tuple[Flag, ...] = ()


def standings(results: Sequence[Result], code: ClassCode | None = None) -> Standings:
    """Duplicate scoring of one class's results (of ``code``, else of the first), best first.

    The same play given twice under one name counts once: the one that goes furthest (the
    same hands and more, or the same hands and the match over). Nothing else is dropped:
    one name with different plays, names that look alike, and one play under two names are
    all ranked, and flagged.
    """
    code = code if code is not None or not results else results[0].code
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
    kept: list[tuple[int, Result, list[int]]] = []  # index, result, the earlier indices
    twice: list[str] = []
    for index, result in enumerate(results):
        for k, (first_index, first, earlier) in enumerate(kept):
            if first.seat != result.seat or not same_name(first.name, result.name):
                continue
            if _carries_on(first, result) or first == result:
                kept[k] = (index, result, [*earlier, first_index])
            elif _carries_on(result, first):
                earlier.append(index)
            else:
                continue
            if first.name not in twice:
                twice.append(first.name)
            break
        else:
            kept.append((index, result, []))
    average: dict[tuple[int, int], Fraction] = {}
    for seat in {r.seat for _, r, _ in kept}:
        at_seat = [r for _, r, _ in kept if r.seat == seat]
        for number in range(max(len(r.hands) for r in at_seat)):
            had = [r.hands[number] for r in at_seat if len(r.hands) > number]
            average[seat, number] = Fraction(sum(had), len(had))
    scored = []
    for index, result, earlier in kept:
        diffs = [p - average[result.seat, n] for n, p in enumerate(result.hands)]
        scored.append((sum(diffs, Fraction(0)), diffs, index, result, earlier))
    scored.sort(key=lambda s: (-s[0], name_key(s[3].name), s[3].seat, s[2]))
    flagged = _flags([s[3] for s in scored])
    rows: list[Row] = []
    for place, (total, diffs, index, result, earlier) in enumerate(scored):
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
                tuple(sorted(earlier)),
                tuple(f.code for f in flagged if place in f.rows),
            )
        )
    return Standings(
        tuple(rows), tuple(twice), max((len(r.hands) for _, r, _ in kept), default=0), flagged
    )


def _carries_on(first: Result, later: Result) -> bool:
    """Whether ``later`` is ``first``'s play gone further (with plays: the same hands)."""
    if first.plays and later.plays:
        if later.plays[: len(first.plays)] != first.plays:
            return False
    elif later.hands[: len(first.hands)] != first.hands:
        return False
    return len(later.hands) > len(first.hands) or (later.finished and not first.finished)


def _same_play(one: Result, other: Result) -> bool:
    """One play at one seat, as far as the shorter goes, with a decision in it."""
    short, long = sorted((one, other), key=lambda r: len(r.hands))
    return (
        one.seat == other.seat
        and bool(short.plays and short.choices)
        and long.plays[: len(short.plays)] == short.plays
    )


def _root(group: list[int], k: int) -> int:
    while group[k] != k:
        k = group[k]
    return k


def _flags(results: list[Result]) -> tuple[Flag, ...]:
    """The groups of results (their places in ``results``) to show side by side, by reason."""
    out = []
    for code in FLAGS:
        group = list(range(len(results)))  # each result's group: the lowest place in it
        for i, one in enumerate(results):
            for j in range(i + 1, len(results)):
                other = results[j]
                same = same_name(one.name, other.name)
                if code == "same-name":
                    linked = same and not (_same_play(one, other) or one.plays == other.plays != ())
                elif code == "look-alike":
                    linked = not same and look_alike(one.name, other.name)
                else:
                    linked = not same and _same_play(one, other)
                if linked:
                    group[_root(group, j)] = _root(group, i)
        members: dict[int, list[int]] = {}
        for k in range(len(results)):
            members.setdefault(_root(group, k), []).append(k)
        out += [Flag(code, tuple(m)) for m in members.values() if len(m) > 1]
    return tuple(out)


def signed(value: float) -> str:
    """``+3.5``, ``-0.33``, ``0``: a difference with at most two decimals."""
    rounded = round(value, 2)
    if rounded == 0:
        return "0"
    return f"{rounded:+.2f}".rstrip("0").rstrip(".")


#: what makes a spreadsheet read a cell as a formula (OWASP's CSV injection): such a text cell
#: is written with an apostrophe first, which the spreadsheet reads as "this is text"
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def text_cell(text: str) -> str:
    """A cell of text (a name) as a spreadsheet shows it and never runs it."""
    return "'" + text if text.startswith(FORMULA_START) else text


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
            [str(row.rank), text_cell(row.name), row.seat, signed(row.total)]
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
                "also": list(r.also),
                "flags": list(r.flags),
            }
            for r in t.rows
        ],
        "hands": t.hands,
        "duplicates": list(t.duplicates),
        "flagged": [{"code": f.code, "rows": list(f.rows)} for f in t.flagged],
        "csv": csv_text(t),
    }
