"""The page's storage (ui/storage.py) with the worker's save texts: broken saves are set aside,
never lost; full or missing storage keeps the game playing; copies keep their own keys."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from longana.device.session import Session
from longana.protocol import Game
from ui.frame_cache import cacheable, playable
from ui.notation import SEATS, TARGETS
from ui.settings import Settings
from ui.storage import (
    CORRUPT,
    CORRUPT_KEPT,
    CORRUPT_SET_ASIDE,
    FRAME,
    FULL,
    SAVE,
    SETTINGS,
    SETTINGS_UNAVAILABLE,
    SETTINGS_UNREADABLE,
    UNAVAILABLE,
    Store,
    copy_key,
)


class QuotaExceededError(Exception):
    """What the browser raises when localStorage is full (a DOMException by that name)."""

    name = "QuotaExceededError"


class SecurityError(Exception):
    name = "SecurityError"


class FakeStorage:
    """localStorage as a dict; ``full`` refuses writes, ``refuse`` refuses everything."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items = dict(items or {})
        self.full = False
        self.refuse = False

    def getItem(self, key: str) -> str | None:  # noqa: N802
        if self.refuse:
            raise SecurityError("The operation is insecure.")
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if self.refuse:
            raise SecurityError("The operation is insecure.")
        if self.full:
            raise QuotaExceededError("Setting the value exceeded the quota.")
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        if self.refuse:
            raise SecurityError("The operation is insecure.")
        self.items.pop(key, None)


FIXTURES = Path(__file__).resolve().parent / "fixtures"


def start(save: str | None, **extra: Any) -> dict[str, Any]:
    return dict(
        json.loads(Game().handle(json.dumps({"do": "start", "save": save, "deal": None, **extra})))
    )


def test_a_save_written_is_resumed_by_a_new_worker_exactly() -> None:
    storage = FakeStorage()
    store = Store(storage)
    table = Game()
    reply = json.loads(table.handle('{"do": "start", "save": null, "deal": "21"}'))
    while reply["frame"]["turn"] is None:
        reply = json.loads(table.handle('{"do": "computer"}'))
    move = reply["frame"]["turn"]["moves"][0]
    reply = json.loads(table.handle(json.dumps({"do": "play", "move": move})))
    assert store.write_save(reply["save"], reply["frame"]) is None
    text, notice = Store(storage).read_save()
    assert notice is None and text == reply["save"]
    again = start(text)
    assert again["resumed"] and again["frame"]["log"] == reply["frame"]["log"]
    assert again["frame"]["can"]["undo"]
    cached = Store(storage).read_frame()
    assert cached is not None and cached["log"] == reply["frame"]["log"]


@pytest.mark.parametrize(
    "text, words",
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "not a JSON object"),
        (json.dumps({"schema": 7, "log": []}), "newer version"),
        (
            json.dumps(
                {
                    "schema": 2,
                    "deal": "5",
                    "seats": ["person"] * 4,
                    "level": "normal",
                    "log": [["0-0@S", "person"]],
                    "redo": [],
                }
            ),
            "does not replay",
        ),
        (  # issue 37: a target no match may have (the coach could not weigh it)
            json.dumps({"schema": 2, "deal": "5", "target": 40000, "seats": ["person"] * 4}),
            "target is 10 to 999 points, not 40000",
        ),
        (
            json.dumps({"schema": 2, "deal": "5", "highest": 12, "seats": ["person"] * 4}),
            "a set runs up to double-9 at most, not 12",
        ),
    ],
)
def test_a_broken_save_is_set_aside_with_the_engines_reason(text: str, words: str) -> None:
    storage = FakeStorage({SAVE: text})
    store = Store(storage)
    saved, _ = store.read_save()
    reply = start(saved)
    assert words in reply["corrupt"]["detail"], reply.get("error")
    assert store.set_aside(text) == CORRUPT_SET_ASIDE
    assert storage.items[CORRUPT] == text and SAVE not in storage.items
    assert store.write_save(reply["save"], reply["frame"]) is None, "the new game is saved"
    assert store.broken() == text


def test_a_broken_save_that_cannot_be_set_aside_is_never_written_over() -> None:
    storage = FakeStorage({SAVE: "{broken"})
    store = Store(storage)
    storage.full = True
    assert store.set_aside("{broken") == CORRUPT_KEPT
    storage.full = False
    reply = start(None)
    assert store.write_save(reply["save"]) == CORRUPT_KEPT
    assert storage.items[SAVE] == "{broken"
    store.start_fresh()
    assert store.write_save(reply["save"]) is None and storage.items[SAVE] == reply["save"]


def test_full_or_missing_storage_keeps_the_game_playing_with_a_notice() -> None:
    storage = FakeStorage()
    storage.full = True
    assert Store(storage).write_save("{}") == FULL
    storage.full, storage.refuse = False, True
    assert Store(storage).write_save("{}") == UNAVAILABLE
    assert Store(storage).read_save() == (None, UNAVAILABLE)
    assert Store(None).read_save() == (None, UNAVAILABLE)
    assert Store(None).read_settings()[1] == SETTINGS_UNAVAILABLE


def test_a_copy_under_a_sub_path_keeps_its_own_keys() -> None:
    assert copy_key(SAVE, "/") == "longana:save"
    assert copy_key(SAVE, "/index.html") == "longana:save"
    assert copy_key(SAVE, "/class/7b/") == "longana:save@/class/7b/"
    assert copy_key(SAVE, "/class/7b/index.html") == "longana:save@/class/7b/"
    storage = FakeStorage()
    a, b = Store(storage, "/a/"), Store(storage, "/b/")
    a.write_save("A")
    b.write_save("B")
    assert (a.read_save()[0], b.read_save()[0]) == ("A", "B")
    assert set(storage.items) == {"longana:save@/a/", "longana:save@/b/"}


def test_the_cached_frame_shows_no_persons_tiles_when_several_share_the_device() -> None:
    table = Game()
    reply = json.loads(
        table.handle(
            json.dumps(
                {
                    "do": "start",
                    "save": None,
                    "deal": "3",
                    "seats": ["person", "computer", "person", "computer"],
                }
            )
        )
    )
    seat = reply["frame"]["to_move"]
    if reply["frame"]["seats"][seat] == "person":
        reply = json.loads(table.handle(json.dumps({"do": "take-device", "seat": seat})))
        assert reply["frame"]["hands"][seat]["tiles"] is not None
    cached = cacheable(reply["frame"])
    assert all(h["tiles"] is None for h in cached["hands"].values()) and cached["turn"] is None
    assert not playable(cached)
    alone = json.loads(Game().handle('{"do": "start", "save": null, "deal": "3"}'))["frame"]
    assert cacheable(alone)["hands"]["S"]["tiles"] == alone["hands"]["S"]["tiles"]


def test_one_persons_table_is_cached_with_its_legal_map_and_can_be_played() -> None:
    """South opens deal 2: the cached frame keeps the turn (what may be played, and why not)
    and what South may ask for, so that South plays on it before the worker answers."""
    frame = start(None, deal="2")["frame"]
    assert frame["turn"] is not None and frame["turn"]["seat"] == "S"
    cached = cacheable(frame)
    assert cached == frame and playable(cached)
    assert not playable({**cached, "turn": None})  # a cache of the release before
    computer = start(None, deal="7")["frame"]  # East opens: nothing to play yet, nothing hidden
    assert computer["turn"] is None and playable(cacheable(computer))


def test_the_frame_cache_round_trips() -> None:
    reply = start(None, deal="3")
    store = Store(FakeStorage())
    assert store.write_save(reply["save"], reply["frame"]) is None
    assert store.read_frame() == cacheable(reply["frame"])


def test_a_broken_frame_cache_is_no_cache() -> None:
    assert Store(FakeStorage({FRAME: "{nope"})).read_frame() is None
    assert Store(FakeStorage({FRAME: "[]"})).read_frame() is None
    assert Store(FakeStorage({FRAME: '{"schema": 2, "frame": []}'})).read_frame() is None


def test_the_previous_releases_frame_is_no_cache_and_its_save_still_loads() -> None:
    """Today's release cached its frame with seats as numbers; that shape is ignored (the
    table is shown when the worker answers), and its save resumes."""
    items = json.loads((FIXTURES / "release-1-storage.json").read_text(encoding="utf-8"))
    old = json.loads(items["frame"])
    assert isinstance(old["to_move"], int) and "board" in old, "the fixture is of release 1"
    store = Store(FakeStorage({FRAME: items["frame"], SAVE: items["save"]}))
    assert store.read_frame() is None
    reply = start(store.read_save()[0])
    assert reply["resumed"] and reply["frame"]["log"] == old["log"]
    assert reply["frame"]["to_move"] == SEATS[old["to_move"]]


def test_settings_round_trip_and_fall_back_field_by_field() -> None:
    storage = FakeStorage()
    store = Store(storage)
    chosen = Settings(
        lang="de",
        speed="fast",
        level="hard",
        seats=["person", "person", "computer", "computer"],
        target=TARGETS[-1],
    )
    assert store.write_settings(chosen) is None
    back, notice = store.read_settings()
    assert notice is None
    assert (back.lang, back.speed, back.level, back.seats, back.target) == (
        "de",
        "fast",
        "hard",
        ["person", "person", "computer", "computer"],
        TARGETS[-1],
    )
    for target in (max(TARGETS) + 1, "500", True, 10**400):  # not offered: the card's
        storage.items[SETTINGS] = json.dumps({"level": "hard", "target": target})
        back, notice = store.read_settings()
        assert (back.level, back.target, notice) == ("hard", 100, SETTINGS_UNREADABLE)
    storage.items[SETTINGS] = json.dumps({"level": "hard"})  # an earlier release's settings
    assert store.read_settings()[0].target == 100 and store.read_settings()[1] is None
    storage.items[SETTINGS] = json.dumps({"lang": "xx", "speed": "warp", "level": "hard"})
    back, notice = store.read_settings()
    assert notice == SETTINGS_UNREADABLE
    assert (back.lang, back.speed, back.level) == (None, "normal", "hard")
    storage.items[SETTINGS] = "{oops"
    assert store.read_settings()[1] == SETTINGS_UNREADABLE


def test_the_save_is_the_action_log() -> None:
    reply = start(None, deal="9")
    data = json.loads(reply["save"])
    assert data["schema"] == 2 and data["deal"] == "9" and data["log"] == []
    data["match"] = "not read back: the log is the game"
    assert Session.from_dict(data).seed == "9"
    assert Session.from_json(reply["save"]).seed == "9"
