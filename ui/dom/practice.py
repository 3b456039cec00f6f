"""Practice on one's own mistakes, in the review's dialog (ui/dom/review.py): a costly
decision's position as its seat saw it (the ``practice`` the worker judged with it: its own
tiles, the others counted, its legal moves, each move's grade), the person chooses a move, and
the page says what the engine judged of it — the best, as good, or its grade with the
computer's choice — then the explanation; Next goes to that seat's next costly decision in the
match's order, Back to the list. Nothing is asked of the worker: the judged decision holds it
all. And the "mistakes only" toggle of the list (``review-mistakes``)."""

from ..review_graded import costly, practice_html
from .browser import attr, q, q_all
from .record_actions import replay_area

TYPE_CHECKING = False  # mypy takes it as true: the types, never imported at runtime
if TYPE_CHECKING:
    from typing import Any, Protocol

    from js import Element

    from ..controller import Controller
    from .dialogs import Dialogs

    class Review(Protocol):
        """What practice and the toggle use of the review's room (ui/dom/review.py)."""

        ctl: Controller
        dialogs: Dialogs
        found: list[Any]  # the decisions judged, in order
        viewing: Any  # the decision whose position is shown
        only: bool  # "mistakes only"

        def shown(self) -> bool: ...
        def seats(self) -> bool: ...


DIALOG = '[data-dialog="review"]'
QUIET = ("best", "good")  # hidden by "mistakes only"


class Practice:
    def __init__(self, review: "Review") -> None:
        self.review = review
        self.queue: list[Any] = []  # the seat's costly decisions, in the match's order
        self.at = 0
        self.chosen: str | None = None

    def open(self, el: "Element") -> None:
        """``review-practice``: one costly decision (its ``data-review-hand`` and
        ``data-turn``), or with ``data-practice-all`` the first of ``data-seat``'s."""
        found = self.review.found
        if el.hasAttribute("data-practice-all"):
            self.queue, self.at = costly(found, str(attr(el, "data-seat"))), 0
        else:
            hand, turn = attr(el, "data-review-hand"), attr(el, "data-turn")
            here = [d for d in found if str(d["hand"]) == hand and str(d["turn"]) == turn]
            if not here or not here[0].get("practice"):
                return
            self.queue = costly(found, str(here[0]["seat"]))
            self.at = next(k for k, d in enumerate(self.queue) if d is here[0])
        if self.queue:
            self.show(None)

    def show(self, chosen: "str | None") -> None:
        """The position of the decision at ``at``, before a move is chosen or after."""
        dialog = q(DIALOG)
        review = self.review
        if dialog is None or not review.shown():
            return
        decision = self.queue[self.at]
        self.chosen = chosen
        area, tile = replay_area({"position": decision["practice"]["position"]})  # type: ignore[typeddict-item]
        more = self.at + 1 < len(self.queue)
        dialog.innerHTML = practice_html(
            decision, review.ctl.cat, area, tile, review.seats(), chosen, more
        )
        dialog.dataset.view = "practice"
        review.viewing = decision
        review.dialogs.grew(dialog)
        target = dialog.querySelector(".practice-task" if chosen is None else ".practice-result")
        if target is not None:
            target.focus()

    def choose(self, el: "Element") -> None:
        """``practice-move``: the move chosen, and what it is worth."""
        move = attr(el, "data-practice-move")
        if self.queue and move:
            self.show(move)

    def again(self) -> None:
        """``practice-again``: the same position, no move chosen."""
        if self.queue:
            self.show(None)

    def next(self) -> None:
        """``practice-next``: the seat's next costly decision."""
        if self.at + 1 < len(self.queue):
            self.at += 1
            self.show(None)


def mistakes_only(review: "Review") -> None:
    """``review-mistakes``: the list shows the costly decisions only, or every one again; the
    list's one tab stop stays on a decision shown."""
    review.only = not review.only
    box = q(DIALOG + " [data-review]")
    if box is None:
        return
    if review.only:
        box.setAttribute("data-mistakes-only", "")
    else:
        box.removeAttribute("data-mistakes-only")
    button = box.querySelector('[data-action="review-mistakes"]')
    if button is not None:
        button.setAttribute("aria-pressed", "true" if review.only else "false")
    items = shown_items(review)
    stop = [el for el in items if attr(el, "tabindex") == "0"]
    if items and not stop:
        for el in q_all(DIALOG + " [data-decision]"):
            el.setAttribute("tabindex", "-1")
        items[0].setAttribute("tabindex", "0")


def shown_items(review: "Review") -> "list[Element]":
    """The decisions the list shows (the costly ones only with "mistakes only")."""
    items = q_all(DIALOG + " [data-decision]")
    if not review.only:
        return items
    return [el for el in items if attr(el, "data-grade") not in QUIET]
