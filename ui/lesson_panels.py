"""The lessons' parts of the page, as HTML text: the list (``data-dialog="lessons"``) with each
lesson's progress, the offer to a newcomer, the top bar while a lesson is on the table, and
the lesson's bar above the table (its task in one line, what was said to the last move, what
comes next). The lessons, their progress and names are :mod:`ui.lessons`'. Runs under
MicroPython and CPython.
"""

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from .html import button, dialog_buttons, dialog_title, fragment, h, raw, shown_text, tool_button
from .lessons import DONE, LESSONS, NEXT, REPLIES, TASK, Progress, next_lesson
from .words import why, worded

TYPE_CHECKING = False  # mypy takes it as true: the catalog's type, never imported at runtime
if TYPE_CHECKING:
    from .i18n import Catalog


# -- the list --------------------------------------------------------------------------------------


def title(cat: "Catalog", name: str) -> str:
    return cat.t("lesson." + name + ".title")


def lessons_html(cat: "Catalog", progress: Progress, current: Any = None) -> str:
    """The lessons dialog's content: what they are, how many are done, and each lesson as a
    button (``data-action="lesson"``, ``[data-lesson]`` with ``data-done``: its state said in
    words and by a mark too, never by colour alone); the first not done yet has the focus."""
    t = cat.t
    suggested = progress.first_not_done() or current
    items = []
    for number, name in enumerate(LESSONS, 1):
        done = progress.is_done(name)
        state = t("lesson.done") if done else t("lesson.not_done")
        heading = t("lesson.heading", n=number, title=title(cat, name))
        attrs = {
            "type": "button",
            "class": "lesson-item"
            + (" done" if done else "")
            + (" current" if name == current else ""),
            "data-action": "lesson",
            "data-lesson": name,
            "data-done": "true" if done else "false",
            "aria-current": "true" if name == current else None,
            "autofocus": name == suggested,
        }
        mark = h(
            "span", {"class": "lesson-mark", "aria-hidden": "true"}, "\u2713" if done else number
        )
        items.append(
            h(
                "li",
                {},
                h(
                    "button",
                    attrs,
                    mark,
                    h("span", {"class": "lesson-name"}, heading),
                    " ",
                    h("span", {"class": "lesson-state"}, state),
                ),
            )
        )
    count = len(progress.done)
    intro = t("lesson.all_done") if count == len(LESSONS) else t("lesson.intro")
    said = t("lesson.progress", done=count, count=len(LESSONS))
    return fragment(
        dialog_title(t("lesson.title"), "lessons-title"),
        h("p", {"class": "lessons-intro"}, intro),
        h("p", {"class": "lessons-progress", "data-lessons-done": count}, said),
        h("ol", {"class": "lessons"}, items),
    )


def dialog_html(
    cat: "Catalog", progress: Progress, current: Any, unkept: Any, unknown: Any = None
) -> str:
    """The lessons dialog (``data-dialog="lessons"``): the list (after what the address asked
    for, when it is no lesson: ``unknown``), why progress is not kept on this device when it is
    not (``unkept``: the notice key), and its buttons: back to the game while a lesson is
    played (``lesson-end``), and Close."""
    note = ""
    if unknown is not None:
        attrs = {"class": "lessons-unknown", "data-lessons-unknown": True, "role": "alert"}
        note = str(h("p", attrs, cat.t("lesson.unknown", lesson=shown_text(unknown))))
    html = lessons_html(cat, progress, current)
    if note:  # said first, under the heading
        at = html.index("</h2>") + 5
        html = html[:at] + note + html[at:]
    unkept_note = None
    if unkept is not None:
        attrs = {"class": "lessons-unkept", "data-lessons-kept": "false"}
        unkept_note = h("p", attrs, cat.t("lesson.not_kept"))
    leave = raw(button("lesson-end", cat.t("lesson.leave"))) if current is not None else None
    close = button("close", cat.t("actions.close"), "btn primary" if current is None else "btn")
    return html + fragment(unkept_note, dialog_buttons(leave, raw(close)))


def offer_html(cat: "Catalog") -> str:
    """The lessons offered to a newcomer above the table (``data-notice="lessons"``: the
    lessons, or ``dismiss``): it covers nothing of the game, and goes at the first move."""
    t = cat.t
    buttons = (
        raw(button("lessons", t("lesson.offer_yes"), "btn primary small")),
        raw(button("dismiss", t("lesson.offer_no"), "btn small")),
    )
    return str(
        h(
            "p",
            {"class": "lesson-offer", "data-notice": "lessons"},
            h("span", {"class": "lesson-offer-words"}, t("lesson.offer")),
            " ",
            h("span", {"class": "lesson-offer-buttons"}, buttons),
        )
    )


def top_html(cat: "Catalog") -> str:
    """The top bar while a lesson is on the table: the rules, the lessons' list and the way
    back to the game (the game's own tools wait: a lesson never touches it)."""
    t = cat.t
    tools = (
        raw(tool_button("rules", t("actions.rules"))),
        raw(tool_button("lessons", t("lesson.button"))),
        raw(tool_button("lesson-end", t("lesson.leave"))),
    )
    return fragment(
        h("h1", {"class": "title"}, t("app.title")),
        h("span", {"class": "info"}, h("span", {}, t("lesson.title"))),
        h("span", {"class": "tools", "role": "toolbar", "aria-label": t("app.tools")}, tools),
    )


# -- a lesson being played -------------------------------------------------------------------------


def said_words(cat: "Catalog", status: Any, refused: Any = None) -> str:
    """What the lesson says to the person's last move, in words: the engine's reason and "try
    again" for a refused move; the praise with why for a move that did the task (each praise
    begins by saying it was right); the lesson's answer to a legal move it does not ask for.
    Empty when nothing was said."""
    if refused is not None:
        return why(refused, cat) + " " + cat.t("lesson.try_again")
    said = status.get("said") if status else None
    if not said:
        return ""
    return cat.t(str(said.get("key")), **worded(said.get("params"), cat))


def said_kind(status: Any, refused: Any = None) -> str:
    """``refused``, ``right``, ``other`` or ``""``: what :func:`said_words` says."""
    if refused is not None:
        return "refused"
    said = status.get("said") if status else None
    return str(said.get("kind", "other")) if said else ""


#: the mark beside what was said (the words say it too: never colour alone)
MARKS = {"right": "\u2713", "refused": "\u2717", "other": "?"}


def shown_state(status: Any, busy: bool = False) -> str:
    """The lesson's state as its bar shows it: the worker's, but a task held on the table of
    the one before (see :func:`task_html`) shows as ``next`` until the person is ``busy``."""
    state = str(status.get("state", TASK))
    return NEXT if state == TASK and status.get("held") and not busy else state


def task_html(
    cat: "Catalog", status: Any, refused: Any = None, all_done: bool = False, busy: bool = False
) -> str:
    """The lesson's bar above the table: which lesson and task, the task in one line (while
    it waits for the person), what was said to the last move (a refusal or an answer after
    the task it is about), and what the person may do next (the next task, the next lesson,
    the task or the lesson again). A task that goes on at the table of the one before waits
    (``held``, the page's) until the person has read that one's praise and asks for it, as a
    task on a new table does (``data-lesson-state="next"``), unless they play on at once
    (``busy``: a tile chosen). It is read out through the page's live region
    (``ui/dom/lessons.py``), so it carries none itself. ``all_done``: every lesson is done
    (said once the last is)."""
    t = cat.t
    name = str(status.get("id", ""))
    state = str(status.get("state", TASK))
    shown = shown_state(status, busy)
    held = shown != state
    number = LESSONS.index(name) + 1 if name in LESSONS else 0
    kind = said_kind(status, refused)
    said = said_words(cat, status, refused)
    if shown == TASK and kind == "right":  # the praise of the task before: read already
        said, kind = "", ""
    line = t(str(status.get("line", ""))) if shown == TASK else ""
    if state == DONE:
        line = t("lesson.all_done") if all_done else t("lesson.finished")
    task = int(status.get("task", 0))
    bar = {
        "class": "lesson-bar",
        "data-lesson-id": name,
        "data-lesson-state": shown,
        "data-lesson-task": task,
        "aria-labelledby": "lesson-heading",
    }
    counted = t("lesson.task", n=task + 1, count=status.get("tasks", 1))
    heading = h(
        "h2",
        {"id": "lesson-heading", "class": "lesson-heading"},
        t("lesson.heading", n=number, title=title(cat, name)),
        " ",
        h("small", {"class": "lesson-task"}, counted),
    )
    said_html = None
    if said:
        mark = h("b", {"class": "lesson-said-mark", "aria-hidden": "true"}, MARKS.get(kind, ""))
        said_html = h(
            "p", {"class": "lesson-said " + kind, "data-lesson-said": kind}, mark, " ", said
        )
    line_html = h("p", {"class": "lesson-line", "data-lesson-line": True}, line) if line else None
    # the task, then what was said to a move on it; the praise of the last, then "done"
    parts = [said_html, line_html] if state == DONE else [line_html, said_html]
    if state == REPLIES:
        parts.append(h("p", {"class": "lesson-watch"}, t("lesson.watching")))
    actions = actions_html(cat, name, shown, held)
    if actions:
        parts.append(h("div", {"class": "lesson-actions"}, raw(actions)))
    return str(h("section", bar, heading, parts))


def actions_html(cat: "Catalog", name: str, state: str, held: bool = False) -> str:
    """The lesson's buttons: the next task (``lesson-next``) and, when it waits on a new table,
    the task just done again (``lesson-retry``); once the lesson is done, the next lesson
    (``next-lesson``, naming it in ``data-next-lesson``) or, after the last, a game
    (``lesson-end``), and the lesson again (``lesson-again``). The list and the way back to
    the game are in the top bar (:func:`top_html`)."""
    t = cat.t
    out = []
    if state == NEXT:
        out.append(button("lesson-next", t("lesson.next_task"), "btn primary"))
        if not held:
            out.append(button("lesson-retry", t("lesson.retry")))
    if state == DONE:
        following = next_lesson(name)
        if following is None:
            out.append(button("lesson-end", t("lesson.play"), "btn primary"))
        else:
            attrs = {
                "type": "button",
                "class": "btn primary",
                "data-action": "next-lesson",
                "data-next-lesson": following,
            }
            out.append(str(h("button", attrs, t("lesson.next_lesson"))))
        out.append(button("lesson-again", t("lesson.again")))
    return "".join(out)
