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

PLURAL_REASONS = ("sheds", "block", "block-win", "block-lose")  # worded by a count of pips
RARELY = 5  # percent: a pass this unlikely is said as "you will very likely have a play"
SURELY = 100 - RARELY  # and one this likely as "in nearly all of the deals", never "about 100 %"
ONE_IN = 34  # percent: a chance below this is said as "about 1 deal in n"


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
    """A chance (``27 %``), the points a move brings (``+12 points``) or, below zero, what
    it loses in words (``loses about 19 points``)."""
    if kind == "win":
        return cat.t("explain.chance", value=cat.decimal(value))
    n = int(round(value))
    if n < 0:
        return cat.plural("explain.points_loss", -n)
    return cat.plural("explain.points", n, value=("+" if n > 0 else "") + str(n))


def reason_key(reason: "dict[str, Any]") -> "tuple[str, str]":
    """The catalog key of a reason's words and the count they depend on ("" when none)."""
    code = reason["code"]
    p = reason.get("params") or {}
    if code == "pass":
        return ("pass-opens" if p.get("opens") else "pass"), ""
    if code == "domino":
        return ("domino-match" if p.get("match") else "domino"), ""
    if code == "block":
        chance = p.get("chance")
        key = "block-win" if chance == 100 else "block-lose" if chance == 0 else "block"
        return key, "pips"
    if code == "way-out":
        sure = "-sure" if p.get("sure") else ""
        if p.get("turns") == 1:
            return "way-out-last" + sure, ""
        return "way-out" + sure, "turns"
    if code == "go-out-risk":
        return risk_key(p), ""
    if code == "likely-block":
        return "likely-block" + ("-tie" if p.get("winner") is None else ""), ""
    if code == "match-point":
        return code, "needs"
    if code == "ends-match":
        yours, chance = p.get("yours"), p.get("chance")
        return (
            "ends-match-others" if not yours else "ends-match-you" if yours == chance else code
        ), ""
    if code == "stuck" and p.get("chance", 100) < RARELY:
        return ("stuck-rarely" if p.get("ends", 0) < RARELY else "stuck-over"), ""
    if code == "stuck" and p.get("chance", 0) >= SURELY:
        return "stuck-surely", ""
    if code == "keeps-own" and len(p.get("tiles") or ()) > 1:
        return "keeps-own-run", ""
    return code, "pips" if code in PLURAL_REASONS else ""


def risk_key(p: "dict[str, Any]") -> str:
    """A seat's risk of going out: in two turns, or at once on numbers any tile showing them
    may go on, on doubles alone (a branch closed to the seat takes only its double), or both."""
    if p.get("turns") == 2:
        return "go-out-risk-two"
    numbers, doubles = p.get("numbers"), p.get("doubles")
    if numbers is None and doubles is None:  # one number, as the engine gives it
        return "go-out-risk"
    if doubles and numbers:
        return "go-out-risk-both"
    if doubles:
        return "go-out-risk-double"
    return "go-out-risk-any" if len(numbers or ()) > 1 else "go-out-risk"


def reason_words(
    reason: "dict[str, Any]", cat: "Catalog", me: str = "", seat: "str | None" = None
) -> str:
    """One reason (``{"code", "params"}``) in the words of the language shown; ``me`` is the
    seat the hint is for (a ``match-point`` of that seat says "you"). ``seat``: the words
    name that seat instead of saying "you" (the review, with several people at the device:
    the section ``explain.reason_seat`` holds the reasons that would speak to the reader)."""
    if reason["code"] == "go-out-risk" and "number" in (reason.get("params") or {}):
        reason = grouped([reason])[0]  # as the list says it: a lone double said as itself
    p = reason.get("params") or {}
    key, count = reason_key(reason)
    if key == "match-point" and p.get("seat") == me and seat is None:
        key = "match-point-you"
    if key.startswith("likely-block") and p.get("winner") == me and p.get("winner") is not None:
        key = "likely-block-you"
    words = {}
    for name in ("number", "was", "chance", "yours", "ends"):
        if name in p:
            words[name] = str(p[name])
    if "seat" in p:
        words["seat"] = cat.seat(p["seat"])
        words["branch"] = cat.branch(p["seat"])
    if "branch" in p:
        words["branch"] = cat.branch(p["branch"])
    if "winner" in p and p["winner"] is not None:
        words["winner"] = cat.seat(p["winner"])
    if "tiles" in p:
        words["tiles"] = cat.join([tile_text(t) for t in p["tiles"]])
    if p.get("numbers"):  # the numbers passed on (control), or those a tile may show (a risk)
        word = "or" if key.startswith("go-out-risk") else "and"
        words["numbers"] = cat.join([str(n) for n in p["numbers"]], word)
        words["number"] = str(p["numbers"][0])
    said = "explain.reason." + key
    if seat is not None and cat.raw("explain.reason_seat." + key) is not None:
        said = "explain.reason_seat." + key  # says the seat where the hint says "you"
        words["seat"] = cat.seat(seat)
    if reason["code"] == "priority":  # the branches passed over: by their seats, the
        return cat.listed(  # template names them with its own article
            "explain.reason.priority", "over", [cat.seat(s) for s in p["over"]], **words
        )
    if p.get("doubles"):  # the doubles, each alone: the template's form is by their count
        doubles = [tile_text(t) for t in p["doubles"]]
        text = cat.listed(said, "tiles", doubles, "or", **words)
    elif count:
        text = cat.plural(said, int(p[count]), **words)
    else:
        text = cat.t(said, **words)
    return " ".join([text] + [more for more in after_words(reason, key, cat, seat) if more])


def after_words(
    reason: "dict[str, Any]", key: str, cat: "Catalog", seat: "str | None"
) -> "list[str]":
    """The sentences a reason's sizes add after its own: how often a seat goes out, a race
    is won, a hand ends before the turn; whoever wins a block wins the match."""
    p = reason.get("params") or {}
    code = reason["code"]
    if code == "block" and p.get("match"):
        return [cat.t("explain.reason.block-match")]
    if code == "go-out-risk" and "chance" in p:
        return [size_words(int(p["chance"]), p["seat"], p.get("turns") == 2, cat)]
    if code == "way-out" and not p.get("sure", True):
        return [seated("race", cat, seat, chance=str(p["chance"]))]
    if key == "stuck" and p.get("ends", 0) >= RARELY:
        return [seated("stuck-ends", cat, seat, ends=str(p["ends"]))]
    return []


def seated(key: str, cat: "Catalog", seat: "str | None", **words: str) -> str:
    """A reason's sentence, naming ``seat`` where it would say "you" (when given)."""
    if seat is not None and cat.raw("explain.reason_seat." + key) is not None:
        return cat.t("explain.reason_seat." + key, seat=cat.seat(seat), **words)
    return cat.t("explain.reason." + key, **words)


def size_words(chance: int, letter: str, two: bool, cat: "Catalog") -> str:
    """How often a seat goes out (at its next turn, or within ``two`` turns) after the move,
    as a size a child reads at once: rarely, about 1 deal in 4, about 60 %."""
    prefix = "explain.size." + ("two_" if two else "")
    seat = cat.seat(letter)
    if chance < RARELY:
        return cat.t(prefix + "rarely", seat=seat)
    if chance < ONE_IN:
        return cat.plural(prefix + "one_in", round(100 / chance), seat=seat)
    return cat.t(prefix + "percent", seat=seat, chance=str(chance))


def shown(reasons: "list[dict[str, Any]]") -> "list[dict[str, Any]]":
    """``reasons`` without those that say nothing: shedding 0 pips (the 0–0; the engine no
    longer gives it, an older worker did)."""
    return [
        r for r in reasons if not (r["code"] == "sheds" and not (r.get("params") or {}).get("pips"))
    ]


def grouped(reasons: "list[dict[str, Any]]") -> "list[dict[str, Any]]":
    """``reasons`` (those :func:`shown`) with the ``go-out-risk`` of one seat at once said once:
    the numbers any tile showing them may go on (``numbers``), and the doubles that alone may
    go where only a double fits (``doubles``), with how often the seat goes out (``chance``)."""
    out: list[dict[str, Any]] = []
    risks: dict[str, dict[str, Any]] = {}
    for r in shown(reasons):
        p = r.get("params") or {}
        if r["code"] != "go-out-risk" or "number" not in p:
            out.append(r)
            continue
        if p["seat"] not in risks:
            risks[p["seat"]] = {"seat": p["seat"], "numbers": [], "doubles": []}
            if "chance" in p:
                risks[p["seat"]]["chance"] = p["chance"]
            out.append({"code": r["code"], "params": risks[p["seat"]]})
        number, tiles = p["number"], p.get("tiles")
        double = str(number) + "-" + str(number)
        if tiles == [double]:
            risks[p["seat"]]["doubles"].append(double)
        else:
            risks[p["seat"]]["numbers"].append(number)
    return out


def common(moves: "list[dict[str, Any]]") -> "list[dict[str, Any]]":
    """The reasons the engine says every move states alike (marked ``common``), said once
    above the list, in the first move's order."""
    if not moves:
        return []
    return [r for r in moves[0].get("reasons") or [] if r.get("common")]


def explain_html(explanation: "dict[str, Any]", cat: "Catalog") -> str:
    """The dialog's body: what the estimates are, the facts that hold whatever is played, then
    every move, the suggested one first and the ones as good right after it."""
    return (
        '<h2 id="dlg-title">'
        + escape(cat.t("explain.title"))
        + "</h2>"
        + explain_list(explanation, cat)
        + '<p class="explain-keys">'
        + escape(cat.t("explain.keys_help"))
        + '</p><div class="dlg-buttons">'
        + close_button(cat, primary=False, autofocus=False)
        + "</div>"
    )


def explain_list(
    explanation: "dict[str, Any]",
    cat: "Catalog",
    played: "str | None" = None,
    seat: "str | None" = None,
) -> str:
    """What the estimates are, the facts said once, and every move. ``played``: the list is a
    past decision's (the review): the move played is marked, and no move is shown on the
    table. ``seat``: the words name that seat instead of saying "you" (the review, with
    several people at the device)."""
    kind = str(explanation["kind"])
    me = str(explanation.get("seat") or "")
    moves = explanation["moves"]
    chance = explanation["chance"]
    start = explanation.get("start", chance)
    if float(chance) == int(chance):  # the start as precise as the chance beside it
        start = round(start)
    named = "_seat" if seat is not None else ""  # the keys that name the seat
    who = cat.seat(seat) if seat is not None else ""
    about = cat.t(
        "explain.about_" + kind + named,
        seat=who,
        deals=str(explanation["deals"]),
        chance=cat.decimal(chance),
        start=cat.decimal(start),
    )
    shared = common(moves)
    facts = ""
    if shared:
        said = grouped(shared)
        facts = (
            '<div class="explain-common"><p>'
            + escape(cat.t("explain.common_seat" if named else "explain.common", seat=who))
            + "</p><ul>"
            + "".join("<li>" + escape(reason_words(r, cat, me, seat)) + "</li>" for r in said)
            + "</ul></div>"
        )
    estimates = [float(m["estimate"]) for m in moves]
    losing = kind == "points" and len(moves) > 1 and max(estimates) < -0.5
    if losing:
        about += " " + cat.t("explain.all_lose_seat" if named else "explain.all_lose", seat=who)
    # a move the deals played out rate above the suggestion (hard also weighs a rule of
    # thumb): said, so the list never seems to contradict itself
    items = [
        move_html(
            m,
            kind,
            k == 0,
            cat,
            me,
            losing and estimates[k] == max(estimates),
            k > 0 and not m["equal"] and estimates[k] > estimates[0],
            played,
            seat,
        )
        for k, m in enumerate(moves)
    ]
    return (
        '<p id="explain-about" class="explain-about">'
        + escape(about)
        + "</p>"
        + facts
        + '<ol class="explain-list" data-hint-explain data-estimate-kind="'
        + kind
        + '" aria-labelledby="dlg-title" aria-describedby="explain-about">'
        + "".join(items)
        + "</ol>"
    )


def move_html(
    move: "dict[str, Any]",
    kind: str,
    first: bool,
    cat: "Catalog",
    me: str = "",
    least: bool = False,
    better: bool = False,
    played: "str | None" = None,
    seat: "str | None" = None,
) -> str:
    """One move: its name, its estimate, whether it is the suggestion or as good (the
    difference is too small to matter), its reasons (those the engine marks ``common`` are
    said once, above the list). The first item is the list's one tab stop (the arrow keys move on).
    ``played``: the move a past decision made (the review): that one is marked, and a tap
    shows nothing on the table. ``seat``: the reasons name that seat (:func:`reason_words`)."""
    equal = bool(move["equal"])
    tags = []
    if first:
        tags.append(cat.t("explain.suggested"))
        if equal:
            tags.append(cat.t("explain.equal_first"))
    elif equal:
        tags.append(cat.t("explain.equal"))
    if least:
        tags.append(cat.t("explain.loses_least"))
    if better:
        tags.append(cat.t("explain.better"))
    if move["move"] == played:
        tags.append(cat.t("review.played_tag"))
    tag = "".join('<span class="explain-tag">' + escape(t) + "</span>" for t in tags)
    own = [r for r in move.get("reasons") or [] if not r.get("common")]
    reasons = "".join(
        "<li>" + escape(reason_words(r, cat, me, seat)) + "</li>" for r in grouped(own)
    )
    cls = "explain-move" + (" suggested" if first else "") + (" equal" if equal else "")
    return (
        '<li class="'
        + cls
        + ('"' if played is not None else '" data-action="hint-move"')
        + ' data-hint-move="'
        + escape(move["move"])
        + '" data-estimate="'
        + str(move["estimate"])
        + '" data-estimate-error="'
        + str(move.get("error", 0))
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
