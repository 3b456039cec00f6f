"""The review of a match in words: the people's decisions, each judged by the hint's weighing (the
worker's ``review`` steps, ``longana/device/review.py``), as HTML text for the Record panel's
review, and a hand's summary ("2 costly decisions: −12, −5"). Runs under MicroPython (the page)
and CPython (the tests); the page asks the worker one step at a time and renders what it has.

The names kept for automation are in interfaces.md ("Review and lessons"): ``[data-review]``,
each decision ``[data-decision]`` with ``data-move`` (played), ``data-best`` and ``data-cost``
(0 when the move played was as good); Enter or a tap on a decision (``data-action="review-show"``
with ``data-hand`` and ``data-turn``) shows that position with its explanation.
"""

from .hint_panel import move_words, reason_words
from .html import escape

TYPE_CHECKING = False  # mypy takes it as true: the catalog's type, never imported at runtime
if TYPE_CHECKING:
    from typing import Any

    from .i18n import Catalog

MINUS = "\u2212"


def cost_words(decision: "dict[str, Any]", cat: "Catalog") -> str:
    """What a decision cost, in the hand's points or in chance of the match; or "as good"."""
    cost = decision["cost"]
    if not decision["costly"]:
        return cat.t("review.as_good")
    if decision["kind"] == "win":
        return cat.t("review.cost_win", value=cat.decimal(cost))
    return cat.plural("review.cost_points", int(round(cost)))


def signed_cost(decision: "dict[str, Any]", cat: "Catalog") -> str:
    """A cost as the summary lists it: ``−12`` (points) or ``−4 %`` (chance)."""
    text = MINUS + cat.decimal(decision["cost"])
    return cat.t("explain.chance", value=text) if decision["kind"] == "win" else text


def hand_summary(decisions: "list[dict[str, Any]]", cat: "Catalog") -> str:
    """ "2 costly decisions: −12, −5", the costliest first; or that none cost anything."""
    costly = [d for d in decisions if d["costly"]]
    if not costly:
        return cat.t("review.summary_none")
    costly.sort(key=lambda d: -d["cost"])
    costs = cat.t("list_sep").join(signed_cost(d, cat) for d in costly)
    return cat.plural("review.summary", len(costly), costs=costs)


def decision_html(decision: "dict[str, Any]", cat: "Catalog", seats: bool = False) -> str:
    """One decision: the move played, the best, the cost and the decisive reason. With
    ``seats`` (several people at the device) it says whose decision it was."""
    move = move_words(decision["move"], cat)
    if seats:
        played = cat.t("review.seat_played", seat=cat.seat(decision["seat"]), move=move)
    else:
        played = cat.t("review.played", move=move)
    best = ""
    if decision["best"] != decision["move"]:
        best = " " + cat.t("review.best", move=move_words(decision["best"], cat))
    reason = decision.get("reason")
    why = ""
    if reason is not None:
        whose = decision["move"] if decision["reason_of"] == "move" else decision["best"]
        why = (
            '<p class="review-why">'
            + escape(move_words(whose, cat) + ": " + reason_words(reason, cat, decision["seat"]))
            + "</p>"
        )
    cls = "review-decision" + (" costly" if decision["costly"] else "")
    return (
        '<li class="'
        + cls
        + '" data-decision data-action="review-show" data-move="'
        + escape(decision["move"])
        + '" data-best="'
        + escape(decision["best"])
        + '" data-cost="'
        + str(decision["cost"])
        + '" data-hand="'
        + str(decision["hand"])
        + '" data-turn="'
        + str(decision["turn"])
        + '" tabindex="-1"><p class="review-move">'
        + escape(played + best)
        + ' <span class="review-cost">'
        + escape(cost_words(decision, cat))
        + "</span></p>"
        + why
        + "</li>"
    )


def review_panel(decisions: "list[dict[str, Any]]", count: int, cat: "Catalog") -> str:
    """The panel's body: its title, what it shows, and the review so far."""
    return (
        '<h2 id="dlg-title">'
        + escape(cat.t("review.title"))
        + '</h2><p class="review-intro">'
        + escape(cat.t("review.intro"))
        + "</p>"
        + review_html(decisions, count, cat)
    )


def refused_words(code: str, cat: "Catalog") -> str:
    """Why the worker would not review (a class match before its end: ``class-not-over``)."""
    return cat.t("review.class_not_over") if code == "class-not-over" else code


def review_html(decisions: "list[dict[str, Any]]", count: int, cat: "Catalog") -> str:
    """The review so far: ``decisions`` (the steps answered, in order) of ``count``, by hand,
    each hand with its summary once all its decisions are in; a progress line while some are
    still to come. The first decision is the list's tab stop."""
    seats = len(set(d["seat"] for d in decisions)) > 1
    hands: list[list[dict[str, Any]]] = []
    for d in decisions:
        if not hands or hands[-1][0]["hand"] != d["hand"]:
            hands.append([])
        hands[-1].append(d)
    parts = []
    for k, group in enumerate(hands):
        done = k < len(hands) - 1 or len(decisions) == count
        items = "".join(decision_html(d, cat, seats) for d in group)
        parts.append(
            '<section class="review-hand" data-review-hand="'
            + str(group[0]["hand"])
            + '"><h3>'
            + escape(cat.t("review.hand", n=str(group[0]["number"])))
            + "</h3>"
            + (
                '<p class="review-summary">' + escape(hand_summary(group, cat)) + "</p>"
                if done
                else ""
            )
            + '<ol class="review-list">'
            + items
            + "</ol></section>"
        )
    progress = ""
    if len(decisions) < count:
        progress = (
            '<p class="review-progress" data-review-progress role="status">'
            + escape(cat.t("review.progress", k=str(len(decisions)), n=str(count)))
            + '</p><button type="button" class="btn" data-action="review-stop">'
            + escape(cat.t("review.stop"))
            + "</button>"
        )
    elif not count:
        progress = '<p class="review-none">' + escape(cat.t("review.none")) + "</p>"
    body = "".join(parts).replace('tabindex="-1"', 'tabindex="0"', 1)
    return '<div class="review" data-review>' + progress + body + "</div>"
