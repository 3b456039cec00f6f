"""One action table: every ``data-action`` the page can show has exactly one handler in
``Page.actions`` (ui/dom/page.py), and every handler there is reachable. What the page can show
is rendered here: every panel and dialog of the pure renderers (``ui/*.py``) from the worker's
own replies, what the page's rooms make in the stand-in browser (notices, the fatal error),
and what its scripts write (ui/boot.js, ui/keep.js, index.html)."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

from longana.classplay import ClassCode
from longana.classplay.replay import play_class
from longana.classplay.results import Result
from longana.device import diagram
from longana.protocol import Game
from ui import (
    class_panels,
    class_table_panel,
    hint_panel,
    history_panel,
    kept_match,
    lesson_panels,
    panels,
    record_panels,
    render,
    review_panel,
    rules_panel,
    table_panels,
)
from ui.controller import Controller, Interaction
from ui.i18n import Catalog
from ui.lessons import LESSONS, Progress

ROOT = Path(__file__).resolve().parents[3]
ACTION = re.compile(r'data-action="([a-z-]+)"')
# a notice's button made by ui/toasts.js (``toasts.act(item, "dismiss", …)``), or by name
# (``notice("update", "reload")``: the notice and its button's action)
SCRIPT_ACTION = re.compile(r'(?:toasts\.act\(item, "([a-z-]+)"|notice\("[a-z-]+", "([a-z-]+)"\))')


def ask(table: Game, **intent: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(table.handle(json.dumps(intent)))
    return reply


def table_scenes(cat: Catalog) -> list[str]:
    """The table and its bars at a person's turn (a pass, a preview, a hint), in a class
    match, and the dialogs of a hand's and a match's end."""
    out = []
    table = Game()
    reply = ask(table, do="start", save=None, deal="3", seats=["person"] * 4)
    out.append(panels.handoff_html("S", cat))
    seen_pass = False
    while not reply["frame"]["match_over"]:
        frame = reply["frame"]
        if frame["outcome"] is not None:
            out.append(panels.hand_end_html(frame, cat, False))
            out.append(panels.hand_end_html(frame, cat, True))
            reply = ask(table, do="next-hand")
            continue
        if frame["handoff"] is not None:
            reply = ask(table, do="take-device", seat=frame["handoff"])
            continue
        ctl = Controller(cat)
        ctl.receive(reply)
        turn = ctl.frame["turn"]  # type: ignore[index]
        if turn["must_pass"] and not seen_pass:
            seen_pass = True
            ctl.pass_turn()
            out.append(render.action_buttons(ctl.frame, cat, ctl.interaction))  # type: ignore[arg-type]
            out.append(render.top_html(ctl.frame, cat, "save.full"))  # type: ignore[arg-type]
            out.append(render.table_html(ctl.frame, cat, ctl.interaction))  # type: ignore[arg-type]
        reply = ask(table, do="play", move=turn["moves"][0], at=frame["log"])
    assert seen_pass
    out.append(panels.match_end_html(reply["frame"], cat))
    out.append(panels.restart_html(2, cat))
    out.append(panels.corrupt_html("save.corrupt", "bad", cat, "blob:x", "f.json"))
    out.append(panels.corrupt_html("save.corrupt_kept", "bad", cat, None, "f.json"))
    out.append(
        panels.settings_html(reply["frame"]["seats"], "normal", "normal", "7", "en", cat, {})
    )
    return out


def record_scenes(cat: Catalog) -> list[str]:
    """The record (with and without a finished hand), a replay of it and of an imported
    saved game, the question before playing a file on."""
    table = Game()
    reply = ask(table, do="start", save=None, deal="5", seats=["computer"] * 4)
    early = ask(table, do="record")
    out = [record_panels.record_html(early["record"], cat, "5", None, "")]
    while reply["frame"]["outcome"] is None:
        reply = ask(table, do="computer", at=reply["frame"]["log"])
    record = ask(table, do="record")
    out.append(record_panels.record_html(record["record"], cat, "5", "blob:x", "f.jsonl"))
    replay = ask(table, do="replay", hand=0, step=1)["replay"]
    out.append(record_panels.replay_html(replay, cat, (600.0, 260.0), 20, False))
    imported = ask(table, do="import", text=reply["save"])["replay"]
    out.append(record_panels.replay_html(imported, cat, (600.0, 260.0), 20, True))
    out.append(record_panels.play_file_html(cat))
    out.append(history_panel.history_html(cat, [history_entry()]))
    return out


def review_scenes(cat: Catalog) -> list[str]:
    """The review while it runs, stopped, done; a decision's position; a hand's offer."""
    table = Game()
    reply = ask(table, do="start", save=None, deal="31", seats=["person"] + ["computer"] * 3)
    while reply["frame"]["outcome"] is None:
        frame = reply["frame"]
        if frame["to_move"] == "S":
            reply = ask(table, do="play", move=frame["turn"]["moves"][-1], at=frame["log"])
        else:
            reply = ask(table, do="computer", at=frame["log"])
    first = ask(table, do="review", step=0)["review"]
    found = [first["decision"]]
    d = found[0]
    replay = ask(table, do="replay", hand=d["hand"], step=d["turn"])["replay"]
    return [
        review_panel.review_panel(found, first["count"] + 1, cat),
        review_panel.review_panel(found, first["count"] + 1, cat, 0, stopped=True),
        review_panel.position_html(d, replay, cat, (600.0, 260.0), 20),
        review_panel.offer_html(found, 0, cat),
    ]


def graded_scenes(cat: Catalog) -> list[str]:
    """The graded review (issue 36): the summary with mistakes only, practice before and
    after a move is chosen."""
    from tools.bench_review import random_hand
    from ui.review_graded import practice_html, summaries_html

    save, count = random_hand()
    table = Game()
    ask(table, do="start", save=save, seats=["person"] + ["computer"] * 3)
    steps = [ask(table, do="review", step=k)["review"] for k in range(count)]
    found = [s["decision"] for s in steps]
    d = next(d for d in found if d["costly"])
    area = (600.0, 260.0)
    return [
        summaries_html(steps[-1]["summary"], found, cat, False, False),
        practice_html(d, cat, area, 20, False),
        practice_html(d, cat, area, 20, False, d["best"], more=True),
    ]


def history_entry() -> dict[str, Any]:
    return {
        "key": "5:9",
        "date": "2026-12-02",
        "deal": "5",
        "level": "normal",
        "winner": 0,
        "people": [0],
        "totals": [[10, 0, 0, 0]],
    }


def class_scenes(cat: Catalog) -> list[str]:
    """Settings' class part, the name, a result and its refusal, the teacher's table before
    and after it has results, a class link over a match in progress and the way back."""
    code = ClassCode.make("P1", ("person", "computer", "computer", "computer"), "easy", 10)
    game = play_class(code, 1, lambda game, legal: legal[0])
    result = Result.of(game, 0, "Ana")
    table = ask(Game(), **{"do": "class-table", "class": code.text, "texts": [result.text]})
    assert table["table"]["rows"], table
    file = {"text": result.text, "file": result.to_json(), "filename": result.filename}
    return [
        class_panels.settings_html(cat, code.text, "Ana"),
        class_panels.name_html(cat, "", ""),
        class_panels.result_html(cat, file, "blob:x"),
        class_panels.result_refused_html(cat, "", "why"),
        class_table_panel.results_class_html(cat, code.text, ""),
        class_table_panel.results_html(cat, table["table"], ["why"], "blob:x", True, ""),
        kept_match.question_html(cat, code.text, 2),
        kept_match.question_html(cat, code.text, 2, "blob:x", False),
        kept_match.question_html(cat, code.text, 2, "blob:x", True),
        kept_match.back_html(cat, None),
        kept_match.back_html(cat, code.text),
    ]


def hint_scenes(cat: Catalog) -> list[str]:
    """The explained hint, the rules panel, the buttons of a person's turn."""
    table = Game()
    reply = ask(table, do="start", save=None, deal="23", seats=["person"] + ["computer"] * 3)
    while reply["frame"]["to_move"] != "S":
        reply = ask(table, do="computer", at=reply["frame"]["log"])
    hint = ask(table, do="hint", at=reply["frame"]["log"])
    ctl = Controller(cat)
    ctl.receive(reply)
    ctl.show_hint(hint["hint"])
    example = diagram.example()
    return [
        hint_panel.explain_html(hint["explanation"], cat),
        render.action_buttons(ctl.frame, cat, ctl.interaction),  # type: ignore[arg-type]
        render.action_buttons(ctl.frame, cat, Interaction()),  # type: ignore[arg-type]
        rules_panel.rules_html(cat.raw("rules"), example) + rules_panel.about_html(cat),
        rules_panel.keys_html(cat) + panels.close_button(cat),
    ]


def lesson_scenes(cat: Catalog) -> list[str]:
    """Every lesson's bar in each state, its top bar, the list (in a lesson and not), the way
    from the rules to the lessons."""
    table = Game()
    out = [
        rules_panel.lessons_link(cat),
        lesson_panels.top_html(cat),
        lesson_panels.offer_html(cat),
    ]
    out += [lesson_panels.dialog_html(cat, Progress(), c, None) for c in (None, "points")]
    for name in LESSONS:
        reply = ask(table, do="lesson-start", id=name)
        while True:
            status = reply["lesson"]
            out.append(lesson_panels.task_html(cat, status))
            at = reply["frame"]["log"]
            if status["state"] == "done":
                break
            if status["state"] == "task":
                move = reply["frame"]["turn"]["moves"][0]
                reply = ask(table, do="lesson-play", move=move, at=at)
            elif status["state"] == "replies":
                reply = ask(table, do="lesson-computer", at=at)
            else:
                reply = ask(table, do="lesson-next", at=at)
    return out


def device_scenes(cat: Catalog) -> list[str]:
    """A table across devices (issue 35): Settings' part, the host's pairing dialog with a
    seat in each state, a guest's joining dialog, its Settings, a join refused."""
    shown = {"code": "ABC", "link": "http://x/#join=ABC", "svg": "<svg></svg>", "error": ""}
    states = zip("ENWS", table_panels.STATES, strict=True)
    seats = [dict(shown, seat=s, state=st) for s, st in states]
    seats.append(dict(shown, seat="W", state=table_panels.LEFT))
    return [
        table_panels.settings_part(cat, False),
        table_panels.host_html(cat, seats),
        table_panels.join_html(cat, "E", "ABC", "<svg></svg>"),
        table_panels.join_again_html(cat, "why"),
        table_panels.guest_settings_html(cat, {"en": "English"}),
    ]


def rooms_scenes(js: Any, page: Any) -> list[str]:
    """What the page's rooms write themselves: notices with a button, the fatal error."""
    page.notices.lasting("notice.worker_unreachable", "worker-unreachable", lambda: None)
    page.notices.storage("save.full", lambda: "a save")
    page.dialogs.show_fatal()
    return [js.document.body.innerHTML]


def script_actions() -> set[str]:
    """The actions the page's JavaScript writes (ui/boot.js and its rooms, ui/keep.js), and
    index.html's."""
    found: set[str] = set()
    names = ["ui/boot.js", "ui/keep.js", "index.html"] + [
        str(p.relative_to(ROOT)) for p in sorted((ROOT / "ui" / "boot").glob("*.js"))
    ]
    for name in names:
        text = (ROOT / name).read_text(encoding="utf-8")
        found.update(ACTION.findall(text))
        for groups in SCRIPT_ACTION.findall(text):
            found.update(g for g in groups if g)
    return found


def test_every_action_the_page_shows_has_its_one_handler_and_every_handler_is_used(
    js: Any, dom_page: Any, cat: Catalog
) -> None:
    async def in_the_page() -> list[str]:
        return rooms_scenes(js, dom_page)

    html = "".join(
        table_scenes(cat)
        + record_scenes(cat)
        + class_scenes(cat)
        + hint_scenes(cat)
        + review_scenes(cat)
        + graded_scenes(cat)
        + lesson_scenes(cat)
        + device_scenes(cat)
    ) + "".join(asyncio.run(in_the_page()))
    shown = set(ACTION.findall(html)) | script_actions()
    handlers = dom_page.actions()
    assert shown - set(handlers) == set(), "actions shown without a handler"
    assert set(handlers) - shown == set(), "handlers of no action shown"
    assert {"reload", "install", "dismiss", "retry", "save-file"} <= script_actions()


def test_every_handler_is_callable_with_the_element_pressed(js: Any, dom_page: Any) -> None:
    """A press reaches its handler through the one table (by its name, the element given);
    no other table of actions is left in the rooms."""
    pressed: list[str] = []
    page = dom_page
    for name in page.actions():
        page.input.actions[name] = lambda el, name=name: pressed.append(name)
    button = js.document.createElement("button")
    js.document.querySelector("#app").append(button)
    for name in sorted(page.actions()):
        button.dataset.action = name
        button.click()
    assert pressed == sorted(page.actions())
    sources = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "ui" / "dom").glob("*.py"))
    assert sources.count('"confirm": ') == 1, "one table"
