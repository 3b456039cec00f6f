"""What the game worker does, run inside Pyodide by tools/stdlib_trace.mjs (to find the
standard library the worker needs) and tools/worker_check.mjs (to check the trimmed one):
import every module of the engine's zip, then play a whole match through
``longana.protocol.Game`` as the page would (every seat the computer), with a hint, the
record, a replay, an export and a class code, result and table on the way; then every lesson
(read from the zip) played through.

Reads the zip named by ``APP`` (default ``/app.zip``, already on ``sys.path``); prints one line of
JSON: the modules imported, the hands played and the match's scores.
"""

import importlib
import json
import zipfile

APP = globals().get("APP", "/app.zip")


def modules(path):
    """Every module in the zip, as an import name."""
    names = []
    for name in zipfile.ZipFile(path).namelist():
        if name.endswith((".py", ".pyc")):
            name = name[: name.rindex(".")].replace("/", ".")
            names.append(name[: -len(".__init__")] if name.endswith(".__init__") else name)
    return sorted(names)


def ask(game, intent):
    reply = json.loads(game.handle(json.dumps(intent)))
    assert "error" not in reply, (intent, reply)
    return reply


def play(game, seats, level, deal):
    """A whole match: every move the computer's, every hand's end acknowledged."""
    reply = ask(game, {"do": "start", "save": None, "seats": seats, "level": level, "deal": deal})
    hands = 1
    while not reply["frame"]["match_over"]:
        frame = reply["frame"]
        if frame["outcome"] is not None:
            reply = ask(game, {"do": "next-hand"})
            hands += 1
        else:
            reply = ask(game, {"do": "computer", "at": frame["log"]})
    return reply, hands


def exercise():
    imported = modules(APP)
    for name in imported:
        if not name.endswith("__main__"):
            importlib.import_module(name)
    from longana.protocol import Game

    game = Game()
    # a person's turn: a hint, a move, undo and redo, the record
    reply = ask(game, {"do": "start", "save": None, "deal": "7", "level": "hard"})
    for _ in range(40):
        frame = reply["frame"]
        if frame["turn"] is not None:
            break
        reply = ask(game, {"do": "computer", "at": frame["log"]})
    ask(game, {"do": "hint", "at": reply["frame"]["log"]})
    move = reply["frame"]["turn"]["moves"][0]
    ask(game, {"do": "play", "move": move, "at": reply["frame"]["log"]})
    ask(game, {"do": "undo"})
    ask(game, {"do": "redo"})
    ask(game, {"do": "record"})
    reply, hands = play(game, ["computer"] * 4, "normal", "3")
    ask(game, {"do": "replay", "hand": 0, "step": 3})
    ask(game, {"do": "record"})
    # a class match: its code, its first hand played out, a result and the teacher's table
    code = ask(game, {"do": "class-code", "deal": "5", "seats": ["person"] + ["computer"] * 3})
    reply = ask(game, {"do": "class-start", "code": code["class_code"], "save": None})
    for _ in range(200):
        frame = reply["frame"]
        if frame["outcome"] is not None:
            break
        if frame["turn"] is not None:
            move = frame["turn"]["moves"][0]
            reply = ask(game, {"do": "play", "move": move, "at": frame["log"]})
        else:
            reply = ask(game, {"do": "computer", "at": frame["log"]})
    result = ask(game, {"do": "class-result", "seat": "S", "name": "Ana"}).get("result")
    texts = [result["text"], result["file"]] if result else ["5-PCCC-N100-2SH/S/Ana//2TN6"]
    ask(game, {"do": "class-table", "texts": texts})
    # every lesson, read from the zip, played through (a wrong move first)
    from longana.device.lessons import ORDER

    for name in ORDER:
        lesson = ask(game, {"do": "lesson-start", "id": name})
        wrong = {"do": "lesson-play", "move": "0-0@S", "at": lesson["frame"]["log"]}
        lesson = ask(game, wrong)
        while lesson["lesson"]["state"] != "done":
            state, at = lesson["lesson"]["state"], lesson["frame"]["log"]
            if state == "task":
                move = lesson["frame"]["turn"]["moves"][0]
                lesson = ask(game, {"do": "lesson-play", "move": move, "at": at})
            else:
                intent = "lesson-computer" if state == "replies" else "lesson-next"
                lesson = ask(game, {"do": intent, "at": at})
    return {"modules": imported, "hands": hands, "scores": reply["frame"]["scores"]}


print(json.dumps(exercise()))
