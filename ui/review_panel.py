"""The review of a match in words: the people's decisions, each judged by the hint's weighing (the
worker's ``review`` steps, ``longana/device/review.py``), as HTML text for the review's dialog
(opened from the Record panel, or from a hand's end for that hand), a decision's position with
its explanation, and a hand's summary ("2 costly decisions: −12 points, −5 points"). Runs under
MicroPython (the page) and CPython (the tests); the page asks the worker one step at a time and
adds each decision as it comes (:mod:`ui.dom.review`).

The names kept for automation are in interfaces.md ("Review and lessons"): ``[data-review]``,
each decision ``[data-decision]`` with ``data-move`` (played), ``data-best`` and ``data-cost``
(0 when the move played was as good); Enter or a tap on a decision (``data-action="review-show"``
with ``data-review-hand`` and ``data-turn``) shows that position with its explanation
(``[data-review-position]``), ``data-action="review-back"`` the list again. While the worker
weighs, ``[data-review-progress]`` has ``data-k`` and ``data-n`` and ``data-action="review-stop"``
(once stopped, ``data-action="review-go"``).
"""

from .hint_panel import explain_list, move_words, reason_words, tile_text
from .html import escape
from .panels import close_button
from .record_panels import now_html, table_html

TYPE_CHECKING = False  # mypy takes it as true: the catalog's type, never imported at runtime
if TYPE_CHECKING:
    from typing import Any

    from longana.device.frame import Frame, Replay

    from .i18n import Catalog

MINUS = "\u2212"
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")  # longana/device/review.py's
MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}  # as a chess analysis marks them


def grade_mark(grade: str, cat: "Catalog") -> str:
    """A decision's grade: a costly one marked (``?!``, ``?``, ``??``) and named; a best or
    good one quiet, its grade said to a screen reader only ("" from an older worker)."""
    if grade not in GRADES:
        return ""
    words = escape(cat.t("review.graded." + grade))
    if grade not in MARKS:
        return '<span class="sr-only">' + words + " </span>"
    return (
        '<span class="grade-mark grade-'
        + grade
        + '"><span aria-hidden="true">'
        + MARKS[grade]
        + "</span> "
        + words
        + "</span> "
    )


def cost_words(decision: "dict[str, Any]", cat: "Catalog") -> str:
    """What a decision cost, in the hand's points or in chance of the match; or "as good"."""
    cost = decision["cost"]
    if decision["move"] == decision["best"]:
        return cat.t("review.same")
    if not decision["costly"]:
        return cat.t("review.as_good")
    if decision["kind"] == "win":  # in percentage points; "1.5" counts as "other" (CLDR)
        count = int(cost) if cost == int(cost) else 2
        return cat.plural("review.cost_win", count, value=cat.decimal(cost))
    return cat.plural("review.cost_points", int(round(cost)))


def signed_cost(decision: "dict[str, Any]", cat: "Catalog") -> str:
    """A cost as the summaries list it: ``−12 points`` (of the hand) or ``−4 %`` (chance)."""
    cost = decision["cost"]
    text = MINUS + cat.decimal(cost)
    if decision["kind"] == "win":
        return cat.t("explain.chance", value=text)
    count = int(cost) if cost == int(cost) else 2  # "13.3" counts as "other" (CLDR)
    return cat.plural("explain.points", count, value=text)


def hand_summary(
    decisions: "list[dict[str, Any]]", cat: "Catalog", number: "int | None" = None
) -> str:
    """ "2 costly decisions: −12 points, −5 points", the costliest first; or that none cost
    anything. With ``number``, the hand is named ("In hand 3, 2 decisions were costly: …"): the
    sentence is the template's, never a name glued before another sentence."""
    costly = [d for d in decisions if d["costly"]]
    hand = str(number)
    if not costly:
        return cat.t(
            "review.summary_none" if number is None else "review.hand_summary_none", hand=hand
        )
    costly.sort(key=lambda d: -d["cost"])
    costs = cat.t("list_sep").join(signed_cost(d, cat) for d in costly)
    key = "review.summary" if number is None else "review.hand_summary"
    return cat.plural(key, len(costly), costs=costs, hand=hand)


def verdict(decision: "dict[str, Any]", cat: "Catalog", seats: bool) -> str:
    """ "You played 7–3 on North's branch. Best: 9–3 on East's branch." (with ``seats``,
    several people at the device: whose decision it was)."""
    move, best = str(decision["move"]), str(decision["best"])
    seat = cat.seat(decision["seat"])
    if "@" not in move:  # an opening (a pass is never a decision: it is the only move there)
        tile = tile_text(move)
        played = cat.t(
            "review.seat_played_open" if seats else "review.played_open", seat=seat, tile=tile
        )
        better = cat.t("review.best_open", tile=tile_text(best))
    else:
        words = move_words(move, cat)
        played = cat.t("review.seat_played" if seats else "review.played", seat=seat, move=words)
        better = cat.t("review.best", move=move_words(best, cat))
    return played + (" " + better if best != move else "")


def whose_words(decision: "dict[str, Any]", seats: bool) -> "str | None":
    """The seat the reasons name instead of "you": the one who decided, when several people
    share the device (the one holding it may be another); ``None`` (they say "you") else."""
    return str(decision["seat"]) if seats else None


def why_html(decision: "dict[str, Any]", cat: "Catalog", seats: bool = False) -> str:
    """The reasons that tell (the engine's ``reasons``, in its order), each under the move it
    belongs to, or "": the move a term, the reason its description (a reason is a sentence of
    its own, often with a colon inside: after "7–3 on North's branch:" it would read wrong in
    every language). With ``seats`` (several people at the device) a reason names the seat
    that decided."""
    told = decision.get("reasons")
    if told is None:  # a worker of the release before: its one decisive reason
        told = [] if decision.get("reason") is None else [decision["reason"]]
    items = ""
    for reason in told:
        of = reason.get("of") or decision.get("reason_of") or "move"
        whose = decision["move"] if of == "move" else decision["best"]
        items += (
            "<dt>"
            + escape(move_words(whose, cat))
            + "</dt><dd>"
            + escape(reason_words(reason, cat, decision["seat"], whose_words(decision, seats)))
            + "</dd>"
        )
    return '<dl class="review-why">' + items + "</dl>" if items else ""


def decision_attrs(decision: "dict[str, Any]") -> str:
    """The names kept for automation: the move played, the best, the cost, where it was."""
    return (
        'data-move="'
        + escape(decision["move"])
        + '" data-best="'
        + escape(decision["best"])
        + '" data-cost="'
        + str(decision["cost"])
        + '" data-cost-error="'
        + str(decision.get("error", 0))
        + '" data-grade="'
        + escape(str(decision.get("grade", "")))
        + '" data-review-hand="'
        + str(decision["hand"])
        + '" data-turn="'
        + str(decision["turn"])
        + '"'
    )


def judged_html(decision: "dict[str, Any]", cat: "Catalog", seats: bool, cls: str) -> str:
    """The move played, the best, what it cost, and the reason that tells."""
    return (
        '<p class="'
        + cls
        + '">'
        + grade_mark(str(decision.get("grade", "")), cat)
        + escape(verdict(decision, cat, seats))
        + ' <span class="review-cost">'
        + escape(cost_words(decision, cat))
        + "</span></p>"
        + why_html(decision, cat, seats)
    )


def decision_html(decision: "dict[str, Any]", cat: "Catalog", seats: bool = False) -> str:
    """One decision, one item to focus. With ``seats`` (several people at the device) it says
    whose decision it was."""
    costly = " costly" if decision["costly"] else ""
    return (
        '<li class="review-decision'
        + costly
        + '" data-decision data-action="review-show" '
        + decision_attrs(decision)
        + ' tabindex="-1">'
        + judged_html(decision, cat, seats, "review-move")
        + practice_button(decision, cat)
        + "</li>"
    )


def practice_button(decision: "dict[str, Any]", cat: "Catalog") -> str:
    """A costly decision's way to practise on its position (``review-practice``)."""
    if not decision.get("practice"):
        return ""
    return (
        '<button type="button" class="btn small review-practise" data-action="review-practice"'
        ' data-review-hand="'
        + str(decision["hand"])
        + '" data-turn="'
        + str(decision["turn"])
        + '">'
        + escape(cat.t("review.graded.practise"))
        + "</button>"
    )


def hand_html(group: "list[dict[str, Any]]", cat: "Catalog", seats: bool, done: bool = True) -> str:
    """One hand's decisions (``group``, in order), with its summary once all are in."""
    return (
        '<section class="review-hand" data-review-hand="'
        + str(group[0]["hand"])
        + '"><h3>'
        + escape(cat.t("review.hand", n=str(group[0]["number"])))
        + "</h3>"
        + (summary_html(group, cat) if done else "")
        + '<ol class="review-list">'
        + "".join(decision_html(d, cat, seats) for d in group)
        + "</ol></section>"
    )


def summary_html(group: "list[dict[str, Any]]", cat: "Catalog") -> str:
    return '<p class="review-summary">' + escape(hand_summary(group, cat)) + "</p>"


def progress_html(
    k: int, n: int, cat: "Catalog", stopped: bool = False, failed: bool = False
) -> str:
    """How far the worker is (not a live region: the page says the start, the end and a stop
    once, in ``[data-review-said]``), with Stop, or Go on once stopped; ``failed``: the worker
    could not weigh the next decision (said, ``data-review-failed``), with Try again."""
    key = "review.stopped" if stopped else "review.progress"
    action, label = ("review-go", "review.go_on") if stopped else ("review-stop", "review.stop")
    if failed:
        key, label = "review.failed_at", "review.retry"
    words = cat.plural(key, n, k=str(k)) if n or not failed else cat.t("review.failed")
    return (
        '<div class="review-progress" data-review-progress'
        + (" data-review-failed" if failed else "")
        + ' data-k="'
        + str(k)
        + '" data-n="'
        + str(n)
        + '"><p>'
        + escape(words)
        + '</p><progress max="'
        + str(max(n, 1))
        + '" value="'
        + str(k)
        + '" aria-hidden="true"></progress><button type="button" class="btn small" '
        'data-action="' + action + '">' + escape(cat.t(label)) + "</button></div>"
    )


def people(decisions: "list[dict[str, Any]]", seats: "bool | None") -> bool:
    """Several people at the device: ``seats``, or by default several seats decided."""
    if seats is None:
        return len(set(d["seat"] for d in decisions)) > 1
    return seats


def review_html(
    decisions: "list[dict[str, Any]]",
    count: int,
    cat: "Catalog",
    seats: "bool | None" = None,
    stopped: bool = False,
    none: str = "review.none",
    failed: bool = False,
    top: str = "",
    only: bool = False,
) -> str:
    """The review so far: ``decisions`` (the steps answered, in order) of ``count``, by hand,
    each hand with its summary once all its decisions are in; the progress while some are
    still to come (``stopped``: the person stopped it; ``failed``: the worker could not weigh
    the next one, said with Try again). The first decision is the list's tab stop. ``seats``:
    several people at the device (by default: several seats decided); ``none``: the words when
    there is nothing to review; ``top``: what comes above the list (the graded summary,
    ui/review_graded.py); ``only``: the costly decisions only (``data-mistakes-only``: the
    style hides the best and good ones)."""
    seats = people(decisions, seats)
    hands: list[list[dict[str, Any]]] = []
    for d in decisions:
        if not hands or hands[-1][0]["hand"] != d["hand"]:
            hands.append([])
        hands[-1].append(d)
    parts = []
    for k, group in enumerate(hands):
        done = k < len(hands) - 1 or len(decisions) == count
        parts.append(hand_html(group, cat, seats, done))
    progress = ""
    if len(decisions) < count or failed:
        progress = progress_html(len(decisions), count, cat, stopped or failed, failed)
    elif not count:
        progress = '<p class="review-none">' + escape(cat.t(none)) + "</p>"
    body = "".join(parts).replace('tabindex="-1"', 'tabindex="0"', 1)
    return (
        '<div class="review" data-review'
        + (" data-mistakes-only" if only else "")
        + ">"
        + progress
        + '<p class="sr-only" role="status" data-review-said></p>'
        + top
        + body
        + "</div>"
    )


def review_panel(
    decisions: "list[dict[str, Any]]",
    count: int,
    cat: "Catalog",
    hand: "int | None" = None,
    seats: "bool | None" = None,
    stopped: bool = False,
    none: str = "review.none",
    failed: bool = False,
    top: str = "",
    only: bool = False,
) -> str:
    """The dialog: its title (the match, or hand ``hand`` from 0), what it shows, the review
    so far, the keys, and the way to the whole match (from a hand's) or back to the record.
    With several people at the device, the intro says "the decisions of everyone playing",
    never "your" (the one holding the device may not be the one who decided); the reasons
    name the seat that decided."""
    seats = people(decisions, seats)
    title = (
        cat.t("review.title_hand", n=str(hand + 1)) if hand is not None else cat.t("review.title")
    )
    more = (
        '<button type="button" class="btn" data-action="review">'
        + escape(cat.t("review.whole_match"))
        + "</button>"
        if hand is not None
        else '<button type="button" class="btn" data-action="record">'
        + escape(cat.t("record.back_to_record"))
        + "</button>"
    )
    return (
        '<h2 id="dlg-title">'
        + escape(title)
        + '</h2><p class="review-intro">'
        + escape(cat.t("review.intro_seats" if seats else "review.intro"))
        + "</p>"
        + review_html(decisions, count, cat, seats, stopped, none, failed, top, only)
        + '<p class="explain-keys">'
        + escape(cat.t("review.keys_help"))
        + '</p><div class="dlg-buttons">'
        + more
        + close_button(cat, primary=False, autofocus=False)
        + "</div>"
    )


def position_html(
    decision: "dict[str, Any]",
    replay: "Replay",
    cat: "Catalog",
    area: "tuple[float, float]",
    tile_px: int,
    seats: bool = False,
) -> str:
    """A decision's position (``replay``: its hand at that step) with every hand face up (the
    hand is over), what was played, what it cost, and the explanation the person would have
    had then, the move played marked; the way back to the list. With ``seats`` (several people
    at the device), the explanation names the seat that decided instead of saying "you"."""
    turn = decision["turn"]
    costly = " costly" if decision["costly"] else ""
    return (
        '<h2 id="dlg-title">'
        + escape(cat.t("review.position", n=str(decision["number"]), k=str(turn + 1)))
        + '</h2><div class="review-position" data-review-position '
        + decision_attrs(decision)
        + ">"
        + judged_html(decision, cat, seats, "review-verdict" + costly)
        + now_html(replay["summary"], turn, cat, cat.t("review.before"))
        + table_html(replay["position"], cat, area, tile_px)
        + '<p class="note">'
        + escape(
            cat.t("review.seen_seats" if seats else "review.seen", seat=cat.seat(decision["seat"]))
        )
        + "</p>"
        + explain_list(decision["explanation"], cat, decision["move"], whose_words(decision, seats))
        + '</div><div class="dlg-buttons"><button type="button" class="btn primary" '
        'data-action="review-back">'
        + escape(cat.t("review.back"))
        + "</button>"
        + close_button(cat, primary=False, autofocus=False)
        + "</div>"
    )


def weighing_html(cat: "Catalog") -> str:
    """A hand's end while its decisions are weighed (``offer_html`` fills it then)."""
    return (
        '<div class="review-offer" data-review-offer aria-live="polite"><p>'
        + escape(cat.t("review.offer_weighing"))
        + "</p></div>"
    )


def offer_html(
    decisions: "list[dict[str, Any]]", hand: int, cat: "Catalog", match_over: bool = False
) -> str:
    """At a hand's end, once its decisions are weighed: what they cost, and the review of
    that hand (hand ``hand`` from 0); at the match's end, of the whole match too."""
    whole = (
        '<button type="button" class="btn small" data-action="review">'
        + escape(cat.t("review.whole_match"))
        + "</button>"
        if match_over
        else ""
    )
    said = hand_summary(decisions, cat, hand + 1 if match_over else None)  # the last, named
    return (
        "<p>"
        + escape(said)
        + '</p><button type="button" class="btn small" data-action="review" data-review-hand="'
        + str(hand)
        + '">'
        + escape(cat.t("review.offer"))
        + "</button>"
        + whole
    )


def several_people(frame: "Frame | None") -> bool:
    """Several people at the device: each decision says whose it was."""
    if frame is None:
        return False
    return len([s for s in frame["seats"] if frame["seats"][s] == "person"]) > 1


def none_key(frame: "Frame | None", running: bool) -> str:
    """What an empty review says: not known yet (``running``), nothing finished yet, or no
    choice in what is."""
    if running:
        return "review.offer_weighing"
    finished = frame is not None and (frame["hand_number"] > 1 or frame["outcome"] is not None)
    return "review.none_made" if finished else "review.none"


def refused_words(code: str, cat: "Catalog") -> str:
    """Why the worker would not review (a class match before its end: ``class-not-over``)."""
    return cat.t("review.class_not_over" if code == "class-not-over" else "review.failed")
