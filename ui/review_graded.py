"""The graded review's summary and practice, as HTML text (ui/dom/review.py and
ui/dom/practice.py draw them): per person, the accuracy, the count of each grade, the costliest
decisions first (each showing its position), the picture of the match and the luck sentence
(ui/review_chart.py), the "mistakes only" toggle; and a costly decision's position to practise
on, as the seat saw it, with its legal moves to choose from, then what the engine said of the
move chosen (its grade among the judged moves: the page decides nothing) and the explanation.
Runs under MicroPython (the page) and CPython (the tests).

Names kept for automation: ``[data-review-summary]`` (``data-seat``, ``data-accuracy``,
``data-grades``: ``best:21 good:9 inaccuracy:3 mistake:2 blunder:1``),
``data-action="review-mistakes"`` (``aria-pressed``), ``data-action="review-practice"`` (with
``data-seat`` and ``data-practice-all``: every costly decision of that seat in turn),
``[data-practice]`` with its ``data-action="practice-move"`` buttons (``data-practice-move``),
``[data-practice-result]`` (the grade of the move chosen) and ``practice-next``."""

from .hint_panel import explain_list, move_words
from .html import escape
from .record_panels import table_html
from .review_chart import chart_html, luck_words
from .review_panel import GRADES, MARKS, grade_mark, judged_html, signed_cost, whose_words

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from typing import Any

    from .i18n import Catalog

SEAT_ORDER = ("S", "E", "N", "W")
COSTLIEST = 5  # the costliest decisions listed in a summary


def grades_text(grades: "dict[str, int]") -> str:
    """``best:21 good:9 inaccuracy:3 mistake:2 blunder:1``, in GRADES' order."""
    return " ".join(g + ":" + str(grades.get(g, 0)) for g in GRADES)


def costly(found: "list[dict[str, Any]]", seat: str) -> "list[dict[str, Any]]":
    """``seat``'s decisions to practise on, in the match's order."""
    return [d for d in found if d["seat"] == seat and d.get("practice")]


def person_html(
    seat: str,
    person: "dict[str, Any]",
    found: "list[dict[str, Any]]",
    cat: "Catalog",
    several: bool,
) -> str:
    """One person's summary: accuracy, grades, the costliest decisions, the match's picture,
    the luck sentence, and the way to practise every costly decision."""
    whose = seat if several else None
    counts = "".join(
        '<li data-grade="'
        + g
        + '">'
        + (
            '<span class="grade-mark grade-' + g + '" aria-hidden="true">' + MARKS[g] + "</span> "
            if g in MARKS
            else ""
        )
        + escape(cat.t("review.graded." + g))
        + " <b>"
        + str(person["grades"].get(g, 0))
        + "</b></li>"
        for g in GRADES
    )
    items = ""
    for k in person["costliest"][:COSTLIEST]:
        if k >= len(found):  # judged before this run: it comes back at once
            continue
        d = found[k]
        label = cat.t(
            "review.graded.costly_at",
            n=str(d["number"]),
            k=str(d["turn"] + 1),
            cost=signed_cost(d, cat),
        )
        items += (
            '<li><button type="button" class="btn small" data-action="review-show"'
            ' data-review-hand="'
            + str(d["hand"])
            + '" data-turn="'
            + str(d["turn"])
            + '">'
            + grade_mark(str(d.get("grade", "")), cat)
            + escape(label)
            + "</button></li>"
        )
    costliest = ""
    if items:
        costliest = (
            "<h4>"
            + escape(cat.t("review.graded.costliest"))
            + '</h4><ol class="review-costliest">'
            + items
            + "</ol>"
        )
    practise = ""
    if costly(found, seat):
        practise = (
            '<button type="button" class="btn primary small" data-action="review-practice"'
            ' data-practice-all data-seat="'
            + seat
            + '">'
            + escape(named(cat, "review.graded.practise_all", whose))
            + "</button>"
        )
    luck = luck_words(person, cat, whose)
    return (
        '<section class="review-person" data-review-summary data-seat="'
        + seat
        + '" data-accuracy="'
        + str(int(person["accuracy"]))
        + '" data-grades="'
        + grades_text(person["grades"])
        + '"><h3>'
        + escape(named(cat, "review.graded.summary", whose))
        + '</h3><p class="review-accuracy">'
        + escape(cat.t("review.graded.accuracy", n=str(int(person["accuracy"]))))
        + '</p><ul class="review-grades">'
        + counts
        + "</ul>"
        + costliest
        + '<figure class="review-figure" data-review-chart>'
        + chart_html(person.get("hands") or [], cat, seat, several)
        + "<figcaption>"
        + escape(luck)
        + "</figcaption></figure>"
        + practise
        + "</section>"
    )


def named(cat: "Catalog", key: str, seat: "str | None") -> str:
    if seat is None:
        return cat.t(key + "_you")
    return cat.t(key + "_seat", seat=cat.seat(seat))


def summaries_html(
    summary: "dict[str, Any]",
    found: "list[dict[str, Any]]",
    cat: "Catalog",
    several: bool,
    only: bool,
) -> str:
    """Above the list once every decision is in: each person's summary (in seat order), and
    the "mistakes only" toggle; "" while there is none."""
    people = [s for s in SEAT_ORDER if s in summary and summary[s].get("decisions")]
    if not people or not found:
        return ""
    return (
        '<div class="review-people" data-review-people>'
        + "".join(person_html(s, summary[s], found, cat, several) for s in people)
        + toggle_html(cat, only)
        + "</div>"
    )


def toggle_html(cat: "Catalog", only: bool) -> str:
    """The "mistakes only" toggle: a button that stays pressed."""
    return (
        '<button type="button" class="btn small review-only" data-action="review-mistakes"'
        ' aria-pressed="'
        + ("true" if only else "false")
        + '">'
        + escape(cat.t("review.graded.only"))
        + "</button>"
    )


def result_words(decision: "dict[str, Any]", chosen: str, cat: "Catalog") -> "tuple[str, str]":
    """What the engine said of the move ``chosen`` in practice: its grade among the judged
    moves and the words (the computer's choice named unless it was found)."""
    best = str(decision["best"])
    grade = str(decision["practice"]["grades"].get(chosen, ""))
    if chosen == best:
        grade = "best"
    named_best = move_words(best, cat)
    if grade == "best":
        return grade, cat.t("review.graded.found_best")
    if grade == "good":
        return grade, cat.t("review.graded.found_good", move=named_best)
    # a costly grade is said by its mark and word beside these words
    return (grade if grade in MARKS else ""), cat.t("review.graded.found_other", move=named_best)


def practice_html(
    decision: "dict[str, Any]",
    cat: "Catalog",
    area: "tuple[float, float]",
    tile_px: int,
    several: bool,
    chosen: "str | None" = None,
    more: bool = False,
) -> str:
    """A costly decision's position as its seat saw it, the task and the legal moves to choose
    from; once ``chosen``, what that move is worth and the explanation. ``more``: another
    costly decision comes next (``practice-next``). No Close among its buttons (Back, and
    Escape, are enough: three fit one row on a phone)."""
    practice = decision["practice"]
    seat = str(decision["seat"])
    whose = seat if several else None
    attrs = (
        ' data-review-hand="'
        + str(decision["hand"])
        + '" data-turn="'
        + str(decision["turn"])
        + '" data-seat="'
        + seat
        + '" data-best="'
        + escape(decision["best"])
        + '"'
    )
    if chosen is None:
        body = (
            '<div class="practice-moves" role="group" aria-labelledby="practice-task">'
            + "".join(
                '<button type="button" class="btn" data-action="practice-move"'
                ' data-practice-move="'
                + escape(m)
                + '">'
                + escape(move_words(m, cat))
                + "</button>"
                for m in practice["turn"]["moves"]
            )
            + "</div>"
        )
    else:
        grade, words = result_words(decision, chosen, cat)
        body = (
            '<p class="practice-result" data-practice-result="'
            + grade
            + '" tabindex="-1">'
            + grade_mark(grade, cat)
            + escape(cat.t("review.graded.you_chose", move=move_words(chosen, cat)) + " " + words)
            + "</p>"
            + judged_html(decision, cat, several, "review-verdict costly")
            + explain_list(
                decision["explanation"], cat, decision["move"], whose_words(decision, several)
            )
        )
    again = ""
    if chosen is not None:
        again = (
            '<button type="button" class="btn" data-action="practice-again">'
            + escape(cat.t("review.retry"))
            + "</button>"
        )
    following = ""
    if more:
        following = (
            '<button type="button" class="btn primary" data-action="practice-next">'
            + escape(cat.t("review.graded.next"))
            + "</button>"
        )
    return (
        '<h2 id="dlg-title">'
        + escape(
            cat.t(
                "review.graded.practice_title",
                n=str(decision["number"]),
                k=str(decision["turn"] + 1),
            )
        )
        + '</h2><div class="review-practice" data-practice'
        + attrs
        + (' data-chosen="' + escape(chosen) + '"' if chosen is not None else "")
        + '><p class="practice-task" id="practice-task" tabindex="-1">'
        + escape(named(cat, "review.graded.task", whose))
        + "</p>"
        + table_html(practice["position"], cat, area, tile_px)
        + body
        + '</div><div class="dlg-buttons">'
        + again
        + following
        + '<button type="button" class="btn" data-action="review-back">'
        + escape(cat.t("review.back"))
        + "</button></div>"
    )
