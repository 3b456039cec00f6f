"""The matches played on this device (Record → History, ``longana:history``): what reads back
of them, within bounds, and the panel with its chart. Runs under MicroPython and CPython.

The page remembers each finished match once (its date, level, winner, target and the totals after
each hand; seats are numbers there, 0–3 for S, E, N, W, as since the first release) and keeps the
last :data:`KEPT`. Read back, an entry of another shape or out of the game's range (a total of
10^400, a thousand hands) is left out; more than :data:`KEPT` entries, the last ones are shown.
Whatever is left out, the text as it was is set aside once by the store
(:meth:`ui.storage.Store.read_bounded`) and the tidy history written in its place.
"""

import json

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from .frame_cache import MAX_SCORE, MAX_TEXT, is_int, plain
from .html import button, escape
from .notation import LEVELS
from .words import phrase

TYPE_CHECKING = False  # mypy takes it as true: types only, never imported at runtime
if TYPE_CHECKING:
    from .i18n import Catalog

KEPT = 100  # matches remembered
MAX_HANDS = 999  # hands in one match's totals (a class match's target is at most 999)
#: the target of a match remembered by a release before the target was kept: all of them
#: but a few class matches were played to the card's 100, which is what their charts drew
EARLIER_TARGET = 100


def read_history(text: Any) -> "tuple[list[Any], Any]":
    """The matches remembered in ``text`` that read (the last :data:`KEPT`), and the tidy text
    to store instead when anything was left out (None when ``text`` is as it should be)."""
    try:
        data = json.loads(text) if text else []
    except Exception:  # noqa: BLE001 - no JSON (MicroPython raises ValueError, or its own)
        return [], "[]"
    if not isinstance(data, list):
        return [], "[]"
    good = [e for e in data if history_entry(e)]
    if len(good) == len(data) <= KEPT:
        return good, None
    good = good[-KEPT:]
    return good, json.dumps(good)


def history_entries(text: Any) -> "tuple[list[Any], int]":
    """The matches remembered under ``longana:history`` that read, and how many did not (an
    entry of another shape is skipped, and the History panel says so, never fatal)."""
    try:
        data = json.loads(text) if text else []
    except Exception:  # noqa: BLE001 - no JSON
        return [], 1
    entries, _ = read_history(text)
    return entries, (len(data) if isinstance(data, list) else 1) - len(entries)


def history_entry(entry: Any) -> bool:
    """Whether ``entry`` is a match as the page remembers it, every number in the game's range
    and every text short and plain."""
    if not isinstance(entry, dict):
        return False
    try:
        people, totals, winner = entry["people"], entry["totals"], entry["winner"]
        return (
            plain(entry["date"], MAX_TEXT)
            and entry["level"] in LEVELS
            and is_int(winner, 0, 3)
            and isinstance(people, list)
            and 0 < len(people) <= 4
            and all(is_int(p, 0, 3) for p in people)
            and is_int(entry.get("target", EARLIER_TARGET), 1, MAX_SCORE)
            and isinstance(totals, list)
            and len(totals) <= MAX_HANDS
            and all(
                isinstance(t, list) and len(t) == 4 and all(is_int(x, 0, MAX_SCORE) for x in t)
                for t in totals
            )
        )
    except (KeyError, TypeError, IndexError):
        return False


def history_html(cat: "Catalog", entries: "list[dict[str, Any]]") -> str:
    """Each match (date, the computer's level, who won), figures per level, and the scores of
    the last match as a chart."""
    if not entries:
        body = '<p class="note">' + phrase(cat, "history.empty") + "</p>"
    else:
        won = [e["winner"] in e["people"] for e in entries]  # by place: entries may be alike
        wins = len([w for w in won if w])
        hands = sum(len(e["totals"]) for e in entries)
        points = sum(max(e["totals"][-1][s] for s in e["people"]) for e in entries if e["totals"])
        per_hand = cat.decimal(points / hands) if hands else "0"
        figures = (
            "<p>"
            + phrase(cat, "history.figures", won=wins, played=len(entries), per_hand=per_hand)
            + "</p>"
        )
        levels = []
        for level in LEVELS:
            mine = [k for k, e in enumerate(entries) if e["level"] == level]
            if mine:
                levels.append(
                    "<li>"
                    + phrase(
                        cat,
                        "history.per_level",
                        level=cat.t("settings.levels." + level),
                        won=len([k for k in mine if won[k]]),
                        played=len(mine),
                    )
                    + "</li>"
                )
        rows = "".join(
            "<tr><td>"
            + escape(e["date"])
            + "</td><td>"
            + escape(cat.t("settings.levels." + e["level"]))
            + "</td><td>"
            + (
                phrase(cat, "history.won")
                if e["winner"] in e["people"]
                else phrase(cat, "history.lost", winner=cat.seat(e["winner"]))
            )
            + "</td></tr>"
            for e in reversed(entries[-20:])
        )
        body = (
            figures
            + '<ul class="levels">'
            + "".join(levels)
            + "</ul>"
            + '<figure class="history-chart">'
            + chart(entries[-1]["totals"], cat, entries[-1].get("target", EARLIER_TARGET))
            + "<figcaption>"
            + phrase(cat, "history.chart")
            + "</figcaption></figure>"
            + '<table class="result"><thead><tr><th scope="col">'
            + phrase(cat, "history.when")
            + '</th><th scope="col">'
            + phrase(cat, "history.level")
            + '</th><th scope="col">'
            + phrase(cat, "history.result")
            + "</th></tr></thead><tbody>"
            + rows
            + "</tbody></table>"
        )
    delete = button("history-delete", cat.t("history.delete")) if entries else ""
    return (
        '<h2 id="dlg-title">'
        + phrase(cat, "history.title")
        + "</h2>"
        + body
        + '<div class="dlg-buttons">'
        + delete
        + '<button type="button" class="btn primary" data-action="close">'
        + phrase(cat, "actions.close")
        + "</button></div>"
    )


COLOURS = ("#1f5fa8", "#b8262b", "#23794a", "#6a3fb5")  # S E N W, as in the record


def chart(totals: "list[list[int]]", cat: "Catalog", target: int) -> str:
    """Each seat's total after every hand, as lines, and the match's target as a dashed line
    (an SVG with a text alternative)."""
    width, height, pad = 320, 160, 24
    top = max([target] + [max(t) for t in totals])
    n = max(1, len(totals))

    def x(k: int) -> int:
        return pad + int((width - 2 * pad) * k / n)

    def y(v: int) -> int:
        return height - pad - int((height - 2 * pad) * v / top)

    lines = []
    for s in range(4):
        points = " ".join(
            str(x(k)) + "," + str(y(t[s])) for k, t in enumerate([[0, 0, 0, 0]] + list(totals))
        )
        lines.append(
            '<polyline fill="none" stroke="' + COLOURS[s] + '" stroke-width="2.5" '
            'points="' + points + '"/>'
        )
    goal = (
        '<line x1="'
        + str(pad)
        + '" x2="'
        + str(width - pad)
        + '" y1="'
        + str(y(target))
        + '" y2="'
        + str(y(target))
        + '" stroke="#999" stroke-dasharray="4 3"/>'
    )
    words = cat.join([cat.seat(s) + " " + str(totals[-1][s]) for s in range(4)]) if totals else ""
    return (
        '<svg viewBox="0 0 ' + str(width) + " " + str(height) + '" role="img" '
        'aria-label="'
        + escape(cat.t("history.chart") + ": " + words)
        + '">'
        + goal
        + "".join(lines)
        + "</svg>"
    )
