"""Lessons (longana/lessons/*.json; longana/device/lessons.py, lesson_table.py): every lesson
replayed with the engine as the page plays it — its passing moves legal, its wrong moves refused
for the reason it teaches, every other legal move answered and not played, the fixed replies
legal after every passing move, each task tried again from its start — for every seat (each
lesson turned round the table); and the worker's lesson intents, which never touch the game or
its save."""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, Reply, ask, catalog, lesson_at, start, turn, turn_move

from longana.device.lesson_table import DONE, NEXT, REPLIES, TASK, LessonTable
from longana.device.lessons import ORDER, Lesson, LessonError, lesson, lessons, read_lesson
from longana.protocol import Game
from longana.rules.errors import LonganaError
from longana.rules.tiles import SEAT_NAMES, Move
from ui.frame_cache import frame_shape
from ui.i18n import LANGUAGES

FOLDER = ROOT / "longana" / "lessons"


def same_table(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two frames show the same table (the log aside: it counts every change)."""
    return {**a, "log": 0} == {**b, "log": 0}


def check_task(table: LessonTable, number: int, choice: int, found: list[str]) -> Reply | None:
    """Task ``number`` as the page plays it: its wrong moves and every legal move it does not
    ask for, a passing move tried and taken back, then passing move ``choice`` and the
    computer's replies. The reply that ends it, or None when it went wrong."""
    task = table.lesson.tasks[number]
    where = f"{table.lesson.id}, task {number}"
    begun = table.reply()
    frame, said = begun["frame"], begun["lesson"]
    if said["state"] != TASK or said["task"] != number or frame["turn"] is None:
        found.append(f"{where}: does not wait for {SEAT_NAMES[task.seat]}'s move")
        return None
    log, legal = frame["log"], set(frame["turn"]["moves"])
    passing = [str(m) for m in task.passing]
    found += [f"{where}: {m} passes but is not legal" for m in passing if m not in legal]
    for text in task.wrong:
        reply = table.play(text, log)
        if task.reason == "lesson":
            if reply["lesson"]["said"] != {"kind": "other", "key": task.other, "params": {}}:
                found.append(f"{where}: {text} is not a legal move the task does not ask for")
        elif reply.get("refused", {}).get("code") != task.reason:
            found.append(f"{where}: {text} is not refused for {task.reason}: {reply}")
    for text in sorted(legal - set(passing)):
        reply = table.play(text, log)
        if reply["lesson"]["said"] != {"kind": "other", "key": task.other, "params": {}}:
            found.append(f"{where}: {text} is legal and not answered")
    if table.reply()["frame"]["log"] != log:
        found.append(f"{where}: a move that does not pass changed the table")
    table.play(passing[0], log)
    again = table.retry()
    if not same_table(again["frame"], frame) or again["lesson"]["state"] != TASK:
        found.append(f"{where}: trying again does not go back to the task's start")
    reply = table.play(passing[choice], again["frame"]["log"])
    if reply["lesson"]["said"] is None or reply["lesson"]["said"]["key"] != task.praise:
        found.append(f"{where}: {passing[choice]} is not praised")
    replies = 0
    while reply["lesson"]["state"] == REPLIES:
        if replies == len(task.replies):
            found.append(f"{where}: the replies do not bring the next task")
            return None
        reply = table.computer(reply["frame"]["log"])
        replies += 1
    return reply


def walk(lesson: Lesson, choices: tuple[int, ...]) -> list[str]:
    """The lesson played through with passing move ``choices[n]`` at task ``n``: problems."""
    found: list[str] = []
    try:
        table = LessonTable(lesson)
        for number, choice in enumerate(choices):
            reply = check_task(table, number, choice, found)
            if reply is None:
                return found
            state = reply["lesson"]["state"]
            last = number + 1 == len(lesson.tasks)
            if last and state != DONE:
                found.append(f"{lesson.id}: not done after its last task ({state})")
            elif not last and lesson.tasks[number + 1].position is not None:
                if state != NEXT:
                    found.append(f"{lesson.id}, task {number}: the next table is not awaited")
                    return found
                table.next(reply["frame"]["log"])
    except LonganaError as error:  # a lesson that does not replay: a reply out of turn
        found.append(f"{lesson.id}: {error}")
    return found


def every_walk(lesson: Lesson) -> list[str]:
    """Every way through the lesson (each task's passing moves)."""
    found: list[str] = []
    for choices in itertools.product(*(range(len(t.passing)) for t in lesson.tasks)):
        found += walk(lesson, choices)
    return sorted(set(found))


def turned(name: str, k: int) -> Lesson:
    """Lesson ``name`` with every seat turned ``k`` seats counterclockwise."""
    data = json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    for task in data["tasks"]:
        task["seat"] = turn(task["seat"], k)
        for key in ("pass", "replies"):
            task[key] = [turn_move(m, k) for m in task[key]]
        task["wrong"] = [turn_move(m, k) if "@" in m else m for m in task["wrong"]]
        position = task.get("position")
        if position is None:
            continue
        position["hands"] = {turn(s, k): tiles for s, tiles in position["hands"].items()}
        position["moves"] = [turn_move(m, k) for m in position["moves"]]
        position["scores"] = {turn(s, k): v for s, v in position.get("scores", {}).items()}
        for key in ("winner", "previous_opener"):
            if position.get(key) is not None:
                position[key] = turn(position[key], k)
    return read_lesson(data, name)


# -- the lessons as data ---------------------------------------------------------------------------


def test_the_folder_holds_every_lesson_in_the_cards_order_and_nothing_else() -> None:
    assert sorted(p.stem for p in FOLDER.iterdir()) == sorted(ORDER)
    assert [item.id for item in lessons()] == list(ORDER)
    assert 7 <= len(ORDER) <= 9


@pytest.mark.parametrize("name", ORDER)
@pytest.mark.parametrize("k", range(4), ids=lambda k: f"as-{SEAT_NAMES[k]}")
def test_every_lesson_plays_as_it_teaches(name: str, k: int) -> None:
    """Replayed with the engine, for the person at every seat: the passing moves are legal, the
    wrong ones refused for the reason the task teaches, the others answered, the replies legal,
    the task tried again from its start, and the lesson done after its last task."""
    assert every_walk(turned(name, k)) == []


def test_the_walk_finds_a_broken_lesson() -> None:
    """A passing move that is illegal, a wrong move refused for another reason or legal, a
    reply out of turn: each is found."""
    own = lesson("own-branch")
    first = own.tasks[0]

    def broken(**change: Any) -> Lesson:
        return dataclasses.replace(own, tasks=(dataclasses.replace(first, **change),))

    assert "own-branch, task 0: 9-4@E passes but is not legal" in every_walk(
        broken(passing=(Move.parse("9-4@S"), Move.parse("9-4@E")))
    )
    assert any("is not refused for priority" in p for p in every_walk(broken(reason="priority")))
    assert any("is not a legal move" in p for p in every_walk(broken(reason="lesson")))
    late = dataclasses.replace(first, replies=(Move.parse("9-8@N"),))
    assert every_walk(dataclasses.replace(own, tasks=(late, own.tasks[1])))


@pytest.mark.parametrize(
    "change, said",
    [
        ({"id": "doubles"}, "its file name"),
        ({"tasks": []}, "at least one task"),
        ({"tasks": [{"seat": "S"}]}, "reason"),
        ({"title": "Your branch"}, "catalog key"),
    ],
)
def test_a_lesson_file_of_another_shape_is_refused_saying_why(
    change: dict[str, Any], said: str
) -> None:
    data = json.loads((FOLDER / "own-branch.json").read_text(encoding="utf-8"))
    data.update(change)
    with pytest.raises(LessonError, match=said):
        read_lesson(data, "own-branch")


def test_a_later_task_on_the_same_table_is_the_same_seats() -> None:
    data = json.loads((FOLDER / "own-branch.json").read_text(encoding="utf-8"))
    data["tasks"][1]["seat"] = "E"
    with pytest.raises(LessonError, match="another seat"):
        read_lesson(data, "own-branch")
    with pytest.raises(LessonError, match="no lesson"):
        lesson("chess")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_of_a_lesson_is_in_every_catalog_and_names_only_tiles_on_its_table(
    lang: str,
) -> None:
    """Titles, lines, praise and answers say something in each language; a tile a line names
    is on the table the task starts from (in the person's hand or on the board)."""
    words = catalog(lang)
    for item in lessons():
        keys = [item.title]
        for number, task in enumerate(item.tasks):
            keys += [task.line, task.praise, task.other]
            frame = lesson_at(item, number).frame()
            seen = set(frame["hands"][SEAT_NAMES[task.seat]]["tiles"] or [])
            seen |= {t for branch in frame["board"]["branches"].values() for t, _ in branch}
            seen |= {frame["board"]["opening"]} - {None}
            line = resolve(words, task.line)
            named = {"-".join(sorted(p, reverse=True)) for p in re.findall(r"(\d)\D(\d)", line)}
            assert named <= seen, f"{lang}: {task.line} names {named - seen}"
        for key in keys:
            text = resolve(words, key)
            assert isinstance(text, str) and text.strip(), f"{lang}: {key} is missing"


def resolve(words: dict[str, Any], key: str) -> Any:
    node: Any = words
    for part in key.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node


# -- the worker's lesson intents -------------------------------------------------------------------


def test_a_lesson_is_played_through_the_worker_and_never_touches_the_game() -> None:
    game, begun = start("21")
    save = begun["save"]
    reply = ask(game, do="lesson-start", id="passing")
    assert set(reply) == {"frame", "lesson"}
    assert reply["lesson"] == {
        "id": "passing",
        "title": "lesson.passing.title",
        "task": 0,
        "tasks": 2,
        "seat": "S",
        "line": "lesson.passing.pass",
        "state": TASK,
        "said": None,
    }
    frame = reply["frame"]
    assert frame["deal"] == "lesson:passing" and frame["turn"]["must_pass"]
    assert frame["can"] == {"undo": False, "redo": False, "restart": False, "hint": False}
    assert frame_shape(frame) and set(frame) == set(begun["frame"])
    refused = ask(game, do="lesson-play", move="6-0@N", at=frame["log"])
    assert refused["refused"] == {"code": "closed", "params": {"branch": "N"}}
    reply = ask(game, do="lesson-play", move="pass", at=frame["log"])
    assert reply["lesson"]["state"] == REPLIES and reply["frame"]["board"]["order"]["S"] == 1
    assert reply["frame"]["turn"] is None and reply["lesson"]["said"]["key"].endswith("pass_right")
    while reply["lesson"]["state"] == REPLIES:
        assert "save" not in reply
        reply = ask(game, do="lesson-computer", at=reply["frame"]["log"])
    assert reply["lesson"]["task"] == 1 and reply["frame"]["turn"]["moves"] == ["6-0@N"]
    reply = ask(game, do="lesson-play", move="6-0@N", at=reply["frame"]["log"])
    assert reply["lesson"]["state"] == DONE and reply["frame"]["board"]["order"]["S"] == 0
    assert reply["lesson"]["said"]["params"] == {"tile": "6-0", "branch": "N"}
    # the game was never touched: its next move is made for its own position
    assert ask(game, do="computer", at=begun["frame"]["log"])["save"] != save
    assert json.loads(save)["log"] == []


def test_a_stale_lesson_intent_changes_nothing() -> None:
    game = Game()
    reply = ask(game, do="lesson-start", id="doubles")
    log = reply["frame"]["log"]
    assert ask(game, do="lesson-play", move="4-4@S", at=log + 5)["stale"] is True
    assert ask(game, do="lesson-computer", at=log)["stale"] is True  # not the computer's turn
    assert ask(game, do="lesson-next", at=log)["stale"] is True
    after = ask(game, do="lesson-play", move="4-4@S", at=log)
    assert after["frame"]["log"] == log + 1
    assert ask(game, do="lesson-play", move="7-7@E", at=log + 1)["stale"] is True


def test_a_lesson_on_new_tables_waits_for_the_next_task() -> None:
    game = Game()
    reply = ask(game, do="lesson-start", id="opening")
    assert reply["frame"]["turn"]["openings"] == ["8-8"]
    refused = ask(game, do="lesson-play", move="7-1", at=reply["frame"]["log"])
    assert refused["refused"] == {"code": "opening", "params": {"doubles": ["8-8"]}}
    refused = ask(game, do="lesson-play", move="5-5", at=reply["frame"]["log"])
    assert refused["refused"]["code"] == "opening"
    reply = ask(game, do="lesson-play", move="8-8", at=reply["frame"]["log"])
    while reply["lesson"]["state"] == REPLIES:
        reply = ask(game, do="lesson-computer", at=reply["frame"]["log"])
    assert reply["lesson"]["state"] == NEXT and reply["frame"]["turn"] is None
    log = reply["frame"]["log"]
    reply = ask(game, do="lesson-next", at=log)
    assert reply["lesson"]["task"] == 1 and reply["frame"]["log"] > log
    assert sorted(reply["frame"]["turn"]["openings"]) == ["3-3", "7-7"]
    assert reply["frame"]["board"]["opening"] is None and reply["lesson"]["said"] is None


def test_a_domino_and_a_block_are_praised_with_their_points() -> None:
    game = Game()
    reply = ask(game, do="lesson-start", id="points")
    reply = ask(game, do="lesson-play", move="3-1@S", at=reply["frame"]["log"])
    assert reply["lesson"]["said"]["params"] == {
        "tile": "3-1",
        "branch": "S",
        "points": 26,
        "low": 0,
        "score": 38,
    }
    assert reply["frame"]["outcome"]["reason"] == "domino" and not reply["frame"]["match_over"]
    reply = ask(game, do="lesson-next", at=reply["frame"]["log"])
    reply = ask(game, do="lesson-play", move="7-5@N", at=reply["frame"]["log"])
    assert reply["frame"]["match_over"] and reply["frame"]["winner"] == "S"
    assert reply["lesson"]["said"]["params"]["score"] == 104
    reply = ask(game, do="lesson-start", id="block")
    reply = ask(game, do="lesson-play", move="8-5@S", at=reply["frame"]["log"])
    assert reply["frame"]["outcome"]["winner"] == "S" and reply["frame"]["scores"]["S"] == 65
    assert reply["lesson"]["said"]["params"]["low"] == 8
    reply = ask(game, do="lesson-next", at=reply["frame"]["log"])
    reply = ask(game, do="lesson-play", move="8-7@W", at=reply["frame"]["log"])
    assert reply["frame"]["outcome"]["winner"] is None
    assert reply["lesson"]["said"]["params"]["points"] == 0
    reply = ask(game, do="lesson-next", at=reply["frame"]["log"])
    assert reply["frame"]["opener"] == "S" and reply["frame"]["scores"]["S"] == 65


def test_a_legal_move_the_task_does_not_ask_for_is_answered_and_not_played() -> None:
    game = Game()
    reply = ask(game, do="lesson-start", id="priority")
    for _ in range(2):  # the second task: the own branch and East's both pass
        reply = ask(game, do="lesson-play", move=reply["frame"]["turn"]["moves"][0])
        reply = ask(game, do="lesson-next", at=reply["frame"]["log"])
    assert reply["frame"]["turn"]["moves"] == ["4-4@E"]
    assert ask(game, do="lesson-play", move="4-4@N")["refused"]["code"] == "priority"
    table = LessonTable(lesson("doubles"))
    broadened = dataclasses.replace(table.lesson.tasks[0], passing=(Move.parse("9-9@S"),))
    answered = LessonTable(dataclasses.replace(table.lesson, tasks=(broadened,))).play("4-4@S")
    assert answered["lesson"]["said"] == {"kind": "other", "key": "lesson.other", "params": {}}
    assert answered["frame"]["board"]["branches"]["S"] == [["9-4", 9]] or answered["frame"][
        "board"
    ]["branches"]["S"] == [("9-4", 9)]


@pytest.mark.parametrize(
    "intent, code",
    [
        ({"do": "lesson-play", "move": "9-4@S"}, "no-lesson"),
        ({"do": "lesson-computer"}, "no-lesson"),
        ({"do": "lesson-next"}, "no-lesson"),
        ({"do": "lesson-retry"}, "no-lesson"),
    ],
)
def test_a_lesson_intent_before_a_lesson_is_an_error(intent: dict[str, Any], code: str) -> None:
    assert ask(Game(), **intent)["error"]["code"] == code


@pytest.mark.parametrize("name", ["chess", None, 7, "../rules", "OWN-BRANCH"])
def test_an_unknown_lesson_is_refused_with_its_name(name: Any) -> None:
    reply = ask(Game(), do="lesson-start", id=name)
    assert reply == {"refused": {"code": "lesson-unknown", "params": {"lesson": str(name)}}}


def test_a_move_that_is_no_move_is_an_error_and_changes_nothing() -> None:
    game = Game()
    reply = ask(game, do="lesson-start", id="own-branch")
    assert ask(game, do="lesson-play", move="10-4@S")["error"]["code"] == "refused"
    assert ask(game, do="lesson-play", move=None)["error"]["code"] == "refused"
    again = ask(game, do="lesson-retry")
    assert same_table(again["frame"], reply["frame"])


def test_the_lessons_ship_in_the_package_folder() -> None:
    """The worker reads them from its zip as from the folder (pkgutil): no file of their own
    on the site."""
    assert Path(__file__).resolve().parents[2] == ROOT
    assert all((FOLDER / f"{name}.json").is_file() for name in ORDER)


def test_a_broken_lesson_file_is_an_error_that_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A lesson that does not read (a broken release) is the worker's error, saying which; the
    worker goes on, and the other lessons still play."""
    import longana.device.lessons as module

    real = module.pkgutil.get_data
    monkeypatch.setattr(
        module.pkgutil,
        "get_data",
        lambda package, name: b'{"id": "doubles"}' if "doubles" in name else real(package, name),
    )
    lesson.cache_clear()
    try:
        game = Game()
        error = ask(game, do="lesson-start", id="doubles")["error"]
        assert error["code"] == "refused" and "lesson doubles" in error["detail"]
        assert ask(game, do="lesson-start", id="block")["lesson"]["id"] == "block"
    finally:
        lesson.cache_clear()


# -- issue 37: a lesson resumed after a reload, on its task -------------------------------------


def test_every_lesson_starts_again_on_each_of_its_tasks() -> None:
    """``lesson-start`` with ``task``: the table as the tasks before it leave it, the task at
    hand waiting for the person's move (its passing move legal there); a task that is none
    starts the lesson from its first."""
    from longana.protocol import Game

    for name in ORDER:
        tasks = lesson(name).tasks
        for k, task in enumerate(tasks):
            game = Game()
            reply = json.loads(
                game.handle(json.dumps({"do": "lesson-start", "id": name, "task": k}))
            )
            status = reply["lesson"]
            assert (status["task"], status["state"], status["said"]) == (k, "task", None), name
            assert str(task.passing[0]) in reply["frame"]["turn"]["moves"], (name, k)
            played = json.loads(
                game.handle(json.dumps({"do": "lesson-play", "move": str(task.passing[0])}))
            )
            assert played["lesson"]["said"]["kind"] == "right", (name, k)
        for odd in (-1, len(tasks), "1", True):
            reply = json.loads(
                Game().handle(json.dumps({"do": "lesson-start", "id": name, "task": odd}))
            )
            assert reply["lesson"]["task"] == 0, (name, odd)
