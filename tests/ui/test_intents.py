"""One intent builder (ui/intents.py): every intent the page sends is made by its one builder,
the worker takes each one's shape (no refusal of its shape at ``longana.protocol.Game``'s door),
and every intent the worker takes has its builder."""

from __future__ import annotations

import inspect
import json
from typing import Any

from longana.classplay import ClassCode
from longana.protocol import Game
from ui import intents

# the worker's refusals of an intent's shape (not of what it asks in the game)
SHAPE = {
    "bad-json",
    "bad-intent",
    "unknown-intent",
    "bad-seats",
    "bad-level",
    "bad-deal",
    "bad-target",
    "bad-seat",
    "bad-hand",
    "bad-step",
    "bad-texts",
    "bad-import",
    "too-large",
    "too-deep",
    "internal",
}
SEATS = ["person", "computer", "person", "computer"]


def send(table: Game, intent: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(table.handle(json.dumps(intent)))
    assert reply.get("error", {}).get("code") not in SHAPE, (intent, reply)
    return reply


def test_every_builders_intent_is_taken_by_the_worker() -> None:
    table = Game()
    sent: list[str] = []

    def go(intent: Any) -> dict[str, Any]:
        sent.append(intent["do"])
        return send(table, intent)

    code = go(intents.class_code(None, SEATS, "easy", 50))["class_code"]
    assert ClassCode.parse(code).target == 50
    go(intents.class_name("Ana"))
    go(intents.class_table(code, []))
    go(intents.class_table(code, ["not a result"], {"not a result": "x"}))
    reply = go(intents.start(None, SEATS, "normal", "7", None, target=50))
    assert reply["frame"]["deal"] == "7" and reply["frame"]["rules"]["target"] == 50
    frame = reply["frame"]
    while frame["outcome"] is None:  # a whole hand, by every intent of play
        if frame["handoff"] is not None:
            frame = go(intents.take_device(frame["handoff"]))["frame"]
        elif frame["turn"] is not None:
            assert "hint" in go(intents.hint(frame["log"]))
            frame = go(intents.play(frame["turn"]["moves"][-1], frame["log"]))["frame"]
        else:
            frame = go(intents.computer(frame["log"]))["frame"]
    record = go(intents.record())
    go(intents.replay(0, 1))
    go(dict(intents.import_records(), text=record["export"]["text"]))
    go(intents.replay(0, 2, imported=True))
    go(intents.undo())
    go(intents.redo())
    go(intents.restart())
    go(intents.next_hand())
    go(intents.seats(SEATS, "hard"))
    reply = go(intents.new_match(SEATS, "easy", "9", 500))
    save = reply["save"]
    assert reply["frame"]["rules"]["target"] == 500
    go(intents.start(save, SEATS, "normal", None, "E", or_new=False))
    go(intents.review(0))
    go(intents.review(0, hand=0))
    go(intents.class_table(code, [], kept=[], page=100))
    go(intents.class_rows(0, 100))
    go(intents.class_start(code, None))
    go(intents.class_result("S", "Ana"))
    lesson = go(intents.lesson_start("own-branch"))["frame"]
    lesson = go(intents.lesson_play(lesson["turn"]["moves"][0], lesson["log"]))["frame"]
    go(intents.lesson_computer(lesson["log"]))
    go(intents.lesson_next(lesson["log"]))
    go(intents.lesson_retry())
    assert set(sent) == set(table.intents), "every intent the worker takes was sent"


def test_each_intent_has_one_builder_and_start_is_built_once() -> None:
    builders = [f for n, f in vars(intents).items() if inspect.isfunction(f) and n[0] != "_"]
    made = {}
    for builder in builders:
        params = inspect.signature(builder).parameters
        args = [SAMPLE[p] for p, v in params.items() if v.default is inspect.Parameter.empty]
        made[builder.__name__] = builder(*args)["do"]
    dos = list(made.values())
    plain = {"undo", "redo", "restart", "next-hand", "record"}
    assert len(dos) == len(set(dos)), f"one builder per intent: {made}"
    assert set(dos) == set(Game().intents), "every intent of the worker has its builder"
    assert not plain - set(dos)


SAMPLE: dict[str, Any] = {
    "save": None,
    "seats": SEATS,
    "kinds": SEATS,
    "level": "normal",
    "deal": None,
    "move": "9-9",
    "at": 0,
    "seat": "S",
    "hand": 0,
    "step": 0,
    "code": ClassCode.make(None, tuple(SEATS), "easy", 100).text,
    "name": "Ana",
    "texts": [],
    "lesson": "own-branch",
    "start": 0,
    "count": 100,
    "target": 100,
}
