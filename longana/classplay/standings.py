"""The teacher's standings: duplicate scoring of a class's results, and the CSV.

:func:`standings` sets each student's points in a hand against the average of everyone at the
same seat who finished that hand (at the same seat everyone held the same tiles: the deals are
the same on every device); the sum of those differences ranks the students. A hand a student
did not finish is missing, not 0: it counts neither in the average nor in their total. A result
whose match is not over while others went further (one finished, or more hands) is
``partial``: flagged, and ranked after every complete one, so that handing in an early code
cannot hide the hands lost after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .code import ClassCode, ClassError
from .names import name_key, skeletons
from .results import Result

FLAGS = ("same-name", "look-alike", "same-play")
PARTIAL = "partial"  # a row's own flag: it covers fewer hands than others of its class


@dataclass(frozen=True)
class Row:
    """One student in the standings. ``points`` and ``diffs`` have one entry per hand the student
    finished (``played``); ``diffs`` are the points minus the average at that seat and hand.
    ``index``: where the result was in the list given to :func:`standings` (``also``: where
    earlier results of the same play were, counted once); ``flags``: why the teacher should
    look at this row beside others (:data:`FLAGS`), and :data:`PARTIAL` when it covers fewer
    hands than others of its class (``partial``: ranked after every complete result)."""

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
    partial: bool = False


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


Kept = tuple[int, Result, list[int]]  # where the result was, the result, the earlier places


def standings(results: Sequence[Result], code: ClassCode | None = None) -> Standings:
    """Duplicate scoring of one class's results (of ``code``, else of the first), best first.

    The same play given twice under one name counts once: the one that goes furthest (the
    same hands and more, or the same hands and the match over). Nothing else is dropped:
    one name with different plays, names that look alike, one play under two names and
    partial results are all ranked, and flagged.
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
    kept, twice = _counted_once(results)
    average = _averages([r for _, r, _ in kept])
    short = _partial([r for _, r, _ in kept])
    scored = []
    for (index, result, earlier), partial in zip(kept, short, strict=True):
        diffs = [p - average[result.seat, n] for n, p in enumerate(result.hands)]
        scored.append((partial, sum(diffs, Fraction(0)), diffs, index, result, earlier))
    scored.sort(key=lambda s: (s[0], -s[1], name_key(s[4].name), s[4].seat, s[3]))
    flagged = _flags([s[4] for s in scored])
    rows: list[Row] = []
    for place, (partial, total, diffs, index, result, earlier) in enumerate(scored):
        tied = place and scored[place - 1][:2] == (partial, total)
        flags = tuple(f.code for f in flagged if place in f.rows) + ((PARTIAL,) if partial else ())
        rows.append(
            Row(
                result.name,
                result.seat_letter,
                rows[-1].rank if tied else place + 1,
                result.hands,
                tuple(float(d) for d in diffs),
                float(total),
                len(result.hands),
                result.finished,
                index,
                tuple(sorted(earlier)),
                flags,
                partial,
            )
        )
    return Standings(
        tuple(rows), tuple(twice), max((len(r.hands) for _, r, _ in kept), default=0), flagged
    )


def _counted_once(results: Sequence[Result]) -> tuple[list[Kept], list[str]]:
    """The results that count (the same play under one name once: the one that goes
    furthest), and the names given more than once."""
    kept: list[Kept] = []
    by_name: dict[tuple[int, str], list[int]] = {}  # seat and name: places in ``kept``
    twice: list[str] = []
    for index, result in enumerate(results):
        key = (result.seat, name_key(result.name))
        for k in by_name.get(key, []):
            first_index, first, earlier = kept[k]
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
            by_name.setdefault(key, []).append(len(kept))
            kept.append((index, result, []))
    return kept, twice


def _averages(results: list[Result]) -> dict[tuple[int, int], Fraction]:
    """The average points at each seat and hand of everyone who finished that hand there."""
    sums: dict[tuple[int, int], list[int]] = {}
    for result in results:
        for number, points in enumerate(result.hands):
            had = sums.setdefault((result.seat, number), [0, 0])
            had[0] += points
            had[1] += 1
    return {key: Fraction(total, count) for key, (total, count) in sums.items()}


def _partial(results: list[Result]) -> list[bool]:
    """For each result, whether it covers fewer hands than others of its class: its match is
    not over while another's is, or another went more hands."""
    most = max((len(r.hands) for r in results), default=0)
    over = any(r.finished for r in results)
    return [not r.finished and (over or len(r.hands) < most) for r in results]


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


class _Groups:
    """Places linked into groups (union-find: each place's group is its lowest place)."""

    def __init__(self, count: int) -> None:
        self.up = list(range(count))

    def root(self, k: int) -> int:
        while self.up[k] != k:
            self.up[k] = self.up[self.up[k]]
            k = self.up[k]
        return k

    def link(self, i: int, j: int) -> None:
        a, b = sorted((self.root(i), self.root(j)))
        self.up[b] = a

    def groups(self) -> list[tuple[int, ...]]:
        members: dict[int, list[int]] = {}
        for k in range(len(self.up)):
            members.setdefault(self.root(k), []).append(k)
        return [tuple(m) for m in members.values() if len(m) > 1]


def _flags(results: list[Result]) -> tuple[Flag, ...]:
    """The groups of results (their places in ``results``) to show side by side, by reason.
    Results are compared within the few that share a name, a look or the start of a play, so
    a class of a thousand results is flagged at once."""
    names = [name_key(r.name) for r in results]
    by_name: dict[str, list[int]] = {}
    by_look: dict[str, list[int]] = {}
    by_start: dict[tuple[int, tuple[int, ...]], list[int]] = {}  # seat, the first hands' plays
    for k, result in enumerate(results):
        by_name.setdefault(names[k], []).append(k)
        for look in set(skeletons(result.name)):
            by_look.setdefault(look, []).append(k)
        for n in range(1, len(result.plays) + 1):
            by_start.setdefault((result.seat, result.plays[:n]), []).append(k)
    same, alike, play = (_Groups(len(results)) for _ in FLAGS)
    for members in by_name.values():
        for i, j in _pairs(members):
            one, other = results[i], results[j]
            if not (_same_play(one, other) or one.plays == other.plays != ()):
                same.link(i, j)
    for members in by_look.values():
        if len({names[k] for k in members}) > 1:  # names that differ but look the same
            for k in members[1:]:
                alike.link(members[0], k)
    for k, result in enumerate(results):
        if result.choices and result.plays:
            for j in by_start.get((result.seat, result.plays), []):
                if names[j] != names[k] and _same_play(result, results[j]):
                    play.link(k, j)
    return tuple(
        Flag(code, rows)
        for code, found in zip(FLAGS, (same, alike, play), strict=True)
        for rows in found.groups()
    )


def _pairs(members: list[int]) -> list[tuple[int, int]]:
    return [(i, j) for n, i in enumerate(members) for j in members[n + 1 :]]


def signed(value: float) -> str:
    """``+3.5``, ``-0.33``, ``0``: a difference with at most two decimals."""
    rounded = round(value, 2)
    if rounded == 0:
        return "0"
    return f"{rounded:+.2f}".rstrip("0").rstrip(".")


#: what makes a spreadsheet read a cell as a formula (OWASP's CSV injection): such a text cell
#: is written with an apostrophe first, which the spreadsheet reads as "this is text"; with
#: the full-width and small forms an East Asian spreadsheet may take for them (a name may begin
#: with "－" or "＠", punctuation), and the minus sign
FORMULA_START = ("=", "+", "-", "@", "\t", "\r") + tuple("＝＋－＠﹦﹢﹣−")


def text_cell(text: str) -> str:
    """A cell of text (a name) as a spreadsheet shows it and never runs it."""
    return "'" + text if text.startswith(FORMULA_START) else text


#: what makes a cell quoted: a separator of a common locale's spreadsheet (``,``; ``;`` where
#: the decimal mark is a comma, as in German and Spanish; a tab), a quote, a line's end
QUOTED = (",", ";", "\t", '"', "\r", "\n")


def csv_cell(text: str) -> str:
    """A cell as every spreadsheet reads it whole, whatever it splits on."""
    for c in QUOTED:
        if c in text:
            return '"' + text.replace('"', '""') + '"'
    return text


def csv_lines(t: Standings) -> list[str]:
    """The standings for a spreadsheet, a line each (``\r\n`` ended), the head first:
    ``rank,name,seat,total,hands,hand 1,…,flags``; a hand's cell is its points and difference,
    ``12 (+3.5)``, empty for a hand the student did not finish; ``flags`` the row's
    (``partial``, ``look-alike``…). A name is written so that no spreadsheet takes it for a
    formula (:func:`text_cell`) or splits it (:func:`csv_cell`)."""
    head = ["rank", "name", "seat", "total", "hands"]
    lines = [head + [f"hand {n}" for n in range(1, t.hands + 1)] + ["flags"]]
    for row in t.rows:
        cells = [f"{p} ({signed(d)})" for p, d in zip(row.points, row.diffs, strict=True)]
        lines.append(
            [str(row.rank), text_cell(row.name), row.seat, signed(row.total), str(row.played)]
            + cells
            + [""] * (t.hands - row.played)
            + [" ".join(row.flags)]
        )
    return [",".join(csv_cell(c) for c in line) + "\r\n" for line in lines]


def csv_text(t: Standings) -> str:
    """The standings for a spreadsheet (:func:`csv_lines`), whole."""
    return "".join(csv_lines(t))


def standings_to_dict(t: Standings, lines: list[str] | None = None) -> dict[str, Any]:
    """The standings as the worker sends them (differences rounded to two decimals);
    ``lines``: their CSV's lines, when made already (:func:`csv_lines`)."""
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
                "partial": r.partial,
            }
            for r in t.rows
        ],
        "hands": t.hands,
        "duplicates": list(t.duplicates),
        "flagged": [{"code": f.code, "rows": list(f.rows)} for f in t.flagged],
        "csv": "".join(lines if lines is not None else csv_lines(t)),
    }
