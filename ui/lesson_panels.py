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

from .html import button, escape, shown_text, tool_button
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
        items.append(
            '<li><button type="button" class="lesson-item'
            + (" done" if done else "")
            + (" current" if name == current else "")
            + '" data-action="lesson" data-lesson="'
            + name
            + '" data-done="'
            + ("true" if done else "false")
            + '"'
            + (' aria-current="true"' if name == current else "")
            + (" autofocus" if name == suggested else "")
            + '><span class="lesson-mark" aria-hidden="true">'
            + ("\u2713" if done else str(number))
            + '</span><span class="lesson-name">'
            + escape(heading)
            + '</span> <span class="lesson-state">'
            + escape(state)
            + "</span></button></li>"
        )
    count = len(progress.done)
    intro = t("lesson.all_done") if count == len(LESSONS) else t("lesson.intro")
    return (
        '<h2 id="dlg-title" class="lessons-title">'
        + escape(t("lesson.title"))
        + '</h2><p class="lessons-intro">'
        + escape(intro)
        + '</p><p class="lessons-progress" data-lessons-done="'
        + str(count)
        + '">'
        + escape(t("lesson.progress", done=count, count=len(LESSONS)))
        + '</p><ol class="lessons">'
        + "".join(items)
        + "</ol>"
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
        note = (
            '<p class="lessons-unknown" data-lessons-unknown role="alert">'
            + escape(cat.t("lesson.unknown", lesson=shown_text(unknown)))
            + "</p>"
        )
    html = lessons_html(cat, progress, current)
    if note:  # said first, under the heading
        at = html.index("</h2>") + 5
        html = html[:at] + note + html[at:]
    note = ""
    if unkept is not None:
        note = (
            '<p class="lessons-unkept" data-lessons-kept="false">'
            + escape(cat.t("lesson.not_kept"))
            + "</p>"
        )
    leave = button("lesson-end", cat.t("lesson.leave")) if current is not None else ""
    return (
        html
        + note
        + '<div class="dlg-buttons">'
        + leave
        + button("close", cat.t("actions.close"), "btn primary" if current is None else "btn")
        + "</div>"
    )


def offer_html(cat: "Catalog") -> str:
    """The lessons offered to a newcomer above the table (``data-notice="lessons"``: the
    lessons, or ``dismiss``): it covers nothing of the game, and goes at the first move."""
    t = cat.t
    return (
        '<p class="lesson-offer" data-notice="lessons"><span class="lesson-offer-words">'
        + escape(t("lesson.offer"))
        + '</span> <span class="lesson-offer-buttons">'
        + button("lessons", t("lesson.offer_yes"), "btn primary small")
        + button("dismiss", t("lesson.offer_no"), "btn small")
        + "</span></p>"
    )


def top_html(cat: "Catalog") -> str:
    """The top bar while a lesson is on the table: the rules, the lessons' list and the way
    back to the game (the game's own tools wait: a lesson never touches it)."""
    t = cat.t
    return (
        '<h1 class="title">'
        + escape(t("app.title"))
        + '</h1><span class="info"><span>'
        + escape(t("lesson.title"))
        + '</span></span><span class="tools" role="toolbar" aria-label="'
        + escape(t("app.tools"))
        + '">'
        + tool_button("rules", t("actions.rules"))
        + tool_button("lessons", t("lesson.button"))
        + tool_button("lesson-end", t("lesson.leave"))
        + "</span>"
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
    parts = [
        '<section class="lesson-bar" data-lesson-id="'
        + escape(name)
        + '" data-lesson-state="'
        + escape(shown)
        + '" data-lesson-task="'
        + str(int(status.get("task", 0)))
        + '" aria-labelledby="lesson-heading">',
        '<h2 id="lesson-heading" class="lesson-heading">'
        + escape(t("lesson.heading", n=number, title=title(cat, name)))
        + ' <small class="lesson-task">'
        + escape(t("lesson.task", n=int(status.get("task", 0)) + 1, count=status.get("tasks", 1)))
        + "</small></h2>",
    ]
    said_html = ""
    if said:
        said_html = (
            '<p class="lesson-said '
            + kind
            + '" data-lesson-said="'
            + kind
            + '"><b class="lesson-said-mark" aria-hidden="true">'
            + MARKS.get(kind, "")
            + "</b> "
            + escape(said)
            + "</p>"
        )
    line_html = '<p class="lesson-line" data-lesson-line>' + escape(line) + "</p>" if line else ""
    # the task, then what was said to a move on it; the praise of the last, then "done"
    parts += [said_html, line_html] if state == DONE else [line_html, said_html]
    if state == REPLIES:
        parts.append('<p class="lesson-watch">' + escape(t("lesson.watching")) + "</p>")
    actions = actions_html(cat, name, shown, held)
    if actions:
        parts.append('<div class="lesson-actions">' + actions + "</div>")
    return "".join(parts) + "</section>"


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
            out.append(
                '<button type="button" class="btn primary" data-action="next-lesson" '
                'data-next-lesson="'
                + following
                + '">'
                + escape(t("lesson.next_lesson"))
                + "</button>"
            )
        out.append(button("lesson-again", t("lesson.again")))
    return "".join(out)
