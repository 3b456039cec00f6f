"""What the release before the rules value wrote still loads, replays and is written the same:
a save, a class code, a class match's save, a result code and a result file, all written by that
release's code (``tests/device/fixtures/release-saves.json``, its commit in ``written_by``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import ask

from longana.classplay import ClassCode
from longana.device.session import Session
from longana.protocol import Game
from longana.rules.variant import CARD

RELEASE = json.loads(
    (Path(__file__).parent / "device" / "fixtures" / "release-saves.json").read_text("utf-8")
)


@pytest.mark.parametrize("key", ["save", "class_save"])
def test_a_save_of_the_release_before_loads_and_is_written_the_same(key: str) -> None:
    text = RELEASE[key]
    game = Session.from_json(text)
    assert game.to_json() == text  # byte for byte: no key added for the card's set
    assert game.match.rules == CARD.with_target(json.loads(text)["target"])


def test_the_worker_resumes_it_and_saves_the_same_text() -> None:
    reply = ask(Game(), do="start", save=RELEASE["save"], deal=None, target=500)
    assert reply["resumed"] and reply["save"] == RELEASE["save"]
    assert reply["frame"]["rules"] == {"highest": 9, "hand_size": 8, "target": 100}


def test_its_class_code_and_class_match_go_on() -> None:
    code = ClassCode.parse(RELEASE["class_code"])
    assert code.text == RELEASE["class_code"] and code.rules == CARD.with_target(20)
    game = Game()
    reply = ask(game, do="class-start", code=code.text, save=RELEASE["class_save"], holder=None)
    assert reply["resumed"] and reply["save"] == RELEASE["class_save"]
    assert reply["frame"]["match_over"] and reply["frame"]["rules"]["target"] == 20
    result = ask(game, do="class-result", seat="S", name="Ana")["result"]
    assert (result["text"], result["file"]) == (RELEASE["result_code"], RELEASE["result_file"])


def test_its_result_code_and_file_are_taken_by_the_teachers_table() -> None:
    table: Any = ask(
        Game(),
        do="class-table",
        texts=[RELEASE["result_code"], RELEASE["result_file"]],
        kept=[],
        **{"class": RELEASE["class_code"]},
    )
    assert table["refused"] == [] and [r["name"] for r in table["table"]["rows"]] == ["Ana"]
