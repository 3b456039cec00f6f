"""The explained hint in words: every legal move of the person to move with the computer's
estimate and its reasons (the worker's ``explanation``, codes and numbers only; the words are
the catalog's ``explain`` section). A list the keyboard moves through (arrow keys) and a screen
reader reads item by item; Enter or a tap on a move shows it on the table.

The names kept for automation are in interfaces.md ("Hints and their reasons"):
``[data-hint-explain]`` with ``data-estimate-kind``, each move ``[data-hint-move]`` with
``data-estimate`` and, when it is as good as the best within the noise, ``data-equal``.
Runs under MicroPython (the page) and CPython (the tests).
"""

from .html import escape
from .panels import close_button

TYPE_CHECKING = False  # mypy takes it as true: the catalog's type, never imported at runtime
if TYPE_CHECKING:
    from typing import Any

    from .i18n import Catalog

PLURAL_REASONS = ("sheds", "block")  # reasons whose words depend on a count (pips)


def tile_text(tile: str) -> str:
    """A tile as the hint names it, ``7‑3`` (a hyphen that does not break the line)."""
    return tile.replace("-", "\u2011")


def move_words(move: str, cat: "Catalog") -> str:
    """``7-3@N`` → "7–3 on North's branch"; ``9-9`` → "open with 9–9"; ``pass`` → "pass"."""
    if move == "pass":
        return cat.t("explain.move_pass")
    if "@" not in move:
        return cat.t("explain.move_open", tile=tile_text(move))
    tile, branch = move.split("@")
    return cat.t("explain.move_play", tile=tile_text(tile), branch=cat.branch(branch))


def estimate_words(kind: str, value: float, cat: "Catalog") -> str:
    """A chance (``27,3 %``) or the points a move is worth (``+12 points``)."""
    if kind == "win":
        return cat.t("explain.chance", value=cat.decimal(value))
    n = int(round(value))
    sign = "+" if n > 0 else "-" if n < 0 else ""
    return cat.plural("explain.points", abs(n), value=sign + str(abs(n)))


def reason_words(reason: "dict[str, Any]", cat: "Catalog") -> str:
    """One reason (``{"code", "params"}``) in the words of the language shown."""
    code = reason["code"]
    p = reason.get("params") or {}
    if code == "pass":
        return cat.t("explain.reason.pass-opens" if p.get("opens") else "explain.reason.pass")
    if code in PLURAL_REASONS:
        return cat.plural("explain.reason." + code, int(p["pips"]))
    key = "explain.reason." + code
    words = {}
    for name in ("number", "was"):
        if name in p:
            words[name] = str(p[name])
    if "seat" in p:
        words["seat"] = cat.seat(p["seat"])
        words["branch"] = cat.branch(p["seat"])
    if code == "priority":  # the branches passed over: by their seats, the template names them
        words["branch"] = cat.branch(p["branch"])
        return cat.listed(key, "over", [cat.seat(s) for s in p["over"]], **words)
    if "tiles" in p:
        return cat.listed(key, "tiles", [tile_text(t) for t in p["tiles"]], **words)
    return cat.t(key, **words)


def explain_html(explanation: "dict[str, Any]", cat: "Catalog") -> str:
    """The dialog's body: what the estimates are, then every move, the suggested one first."""
    kind = str(explanation["kind"])
    about = cat.t(
        "explain.about_" + kind,
        deals=str(explanation["deals"]),
        chance=cat.decimal(explanation["chance"]),
    )
    items = [move_html(m, kind, k == 0, cat) for k, m in enumerate(explanation["moves"])]
    return (
        '<h2 id="dlg-title">'
        + escape(cat.t("explain.title"))
        + '</h2><p id="explain-about" class="explain-about">'
        + escape(about)
        + '</p><ol class="explain-list" data-hint-explain data-estimate-kind="'
        + kind
        + '" aria-labelledby="dlg-title" aria-describedby="explain-about">'
        + "".join(items)
        + '</ol><p class="explain-keys">'
        + escape(cat.t("explain.keys_help"))
        + '</p><div class="dlg-buttons">'
        + close_button(cat, primary=False, autofocus=False)
        + "</div>"
    )


def move_html(move: "dict[str, Any]", kind: str, first: bool, cat: "Catalog") -> str:
    """One move: its name, its estimate, whether it is the suggestion or as good, its
    reasons. The first item is the list's one tab stop (the arrow keys move on)."""
    equal = bool(move["equal"])
    tags = []
    if first:
        tags.append(cat.t("explain.suggested"))
        if equal:
            tags.append(cat.t("explain.equal_first"))
    elif equal:
        tags.append(cat.t("explain.equal"))
    tag = "".join('<span class="explain-tag">' + escape(t) + "</span>" for t in tags)
    reasons = "".join(
        "<li>" + escape(reason_words(r, cat)) + "</li>" for r in move.get("reasons") or []
    )
    cls = "explain-move" + (" suggested" if first else "") + (" equal" if equal else "")
    return (
        '<li class="'
        + cls
        + '" data-action="hint-move" data-hint-move="'
        + escape(move["move"])
        + '" data-estimate="'
        + str(move["estimate"])
        + '"'
        + (' data-equal="true"' if equal else "")
        + ' tabindex="'
        + ("0" if first else "-1")
        + '"><span class="explain-head"><span class="explain-name">'
        + escape(move_words(move["move"], cat))
        + '</span> <span class="explain-est">'
        + escape(estimate_words(kind, move["estimate"], cat))
        + "</span>"
        + tag
        + '</span><ul class="explain-reasons">'
        + reasons
        + "</ul></li>"
    )
