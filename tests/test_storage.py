"""Saving and resuming through a storage object: broken saves are set aside, never lost."""

from __future__ import annotations

import json

import pytest

from longana.session import COMPUTER, PERSON, Session
from ui.storage import (
    CORRUPT,
    CORRUPT_KEPT,
    CORRUPT_KEY,
    FULL,
    SAVE_KEY,
    SETTINGS_KEY,
    SETTINGS_UNAVAILABLE,
    SETTINGS_UNREADABLE,
    UNAVAILABLE,
    SaveSlot,
    Settings,
    deal_from_query,
    deal_number,
    load_settings,
    new_session,
    save_settings,
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
        self.writes: list[str] = []

    def getItem(self, key: str) -> str | None:  # noqa: N802
        if self.refuse:
            raise SecurityError("The operation is insecure.")
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if self.refuse:
            raise SecurityError("The operation is insecure.")
        if self.full:
            raise QuotaExceededError("Setting the value exceeded the quota.")
        self.writes.append(key)
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        if self.refuse:
            raise SecurityError("The operation is insecure.")
        self.items.pop(key, None)


def played(seed: str = "21") -> Session:
    """A session with a person's move, the computer's answer, an undo (so redo is live)."""
    game = Session(seed, seats=(PERSON, COMPUTER, PERSON, COMPUTER), level="hard")
    for _ in range(3):
        hand = game.match.hand
        while hand.outcome is None and not game.is_person(hand.to_move):
            game.play(hand.legal_moves()[0])
        if hand.outcome is None:
            game.play(hand.legal_moves()[-1])
    game.undo()
    return game


def test_save_then_load_resumes_exactly_with_undo_and_redo() -> None:
    storage = FakeStorage()
    game = played()
    assert SaveSlot(storage).save(game) is None
    loaded = SaveSlot(storage).load()
    assert loaded.status == "resumed" and loaded.notice is None
    assert loaded.session is not None
    assert loaded.session.to_dict() == game.to_dict()
    assert loaded.session.can_redo and loaded.session.can_undo


def test_no_save_is_a_fresh_start() -> None:
    loaded = SaveSlot(FakeStorage()).load()
    assert (loaded.status, loaded.session, loaded.notice) == ("fresh", None, None)


def good_save() -> dict[str, object]:
    return played().to_dict()


def edited(**changes: object) -> str:
    data = good_save()
    data.update(changes)
    return json.dumps(data)


def illegal_position() -> str:
    data = good_save()
    match = data["match"]
    assert isinstance(match, dict)
    match["hands"][0]["moves"].append("9-9@S")  # a second opening: no such move
    return json.dumps(data)


def swapped_tiles() -> str:
    data = good_save()
    match = data["match"]
    assert isinstance(match, dict)
    hands = match["hands"][0]["hands"]
    hands["S"][0], hands["E"][0] = hands["E"][0], hands["S"][0]
    return json.dumps(data)


BROKEN = {
    "not JSON": ("{\"schema\": 1, \"log\": [", "not valid JSON"),
    "empty": ("", "not valid JSON"),
    "JSON but not an object": ("[1, 2, 3]", "not a JSON object"),
    "future schema": (edited(schema=7), "newer version"),
    "schema of the wrong type": (edited(schema="1"), "schema"),
    "seats of the wrong type": (edited(seats="person"), "seats"),
    "a log of the wrong type": (edited(log={"0": "9-9"}), "not a list"),
    "an action of the wrong type": (edited(log=[[9, 9]]), "not an action"),
    "a match of the wrong type": (edited(match=[]), "JSON object"),
    "edited into an illegal position": (illegal_position(), "move"),
    "tiles swapped between hands": (swapped_tiles(), "deal"),
    "a redo that does not replay": (edited(redo=[[["0-0@W", "person"]]]), "redo"),
    "nested too deeply": ("[" * 100_000 + "]" * 100_000, ""),
}


@pytest.mark.parametrize("text, words", BROKEN.values(), ids=BROKEN.keys())
def test_a_broken_save_is_set_aside_with_a_clear_message(text: str, words: str) -> None:
    storage = FakeStorage({SAVE_KEY: text})
    slot = SaveSlot(storage)
    loaded = slot.load()
    assert loaded.status == "corrupt" and loaded.session is None
    assert loaded.notice is not None and loaded.notice.code == CORRUPT
    assert words in loaded.notice.detail and loaded.notice.detail
    assert storage.items[CORRUPT_KEY] == text, "kept word for word"
    assert SAVE_KEY not in storage.items
    assert loaded.broken is not None and loaded.broken.text == text
    assert loaded.broken.filename.startswith("longana-broken-save-")
    # the new game saves without touching the set-aside copy
    assert slot.save(Session("fresh")) is None
    assert storage.items[CORRUPT_KEY] == text
    assert slot.broken_save() == loaded.broken


def test_the_broken_save_downloads_as_what_it_is() -> None:
    not_json = SaveSlot(FakeStorage({SAVE_KEY: "{oops"})).load().broken
    future = SaveSlot(FakeStorage({SAVE_KEY: edited(schema=7)})).load().broken
    assert not_json is not None and future is not None
    assert (not_json.mime, not_json.filename[-4:]) == ("text/plain", ".txt")
    assert (future.mime, future.filename[-5:]) == ("application/json", ".json")
    assert not_json.filename != future.filename


def test_a_broken_save_that_cannot_be_set_aside_is_never_written_over() -> None:
    storage = FakeStorage({SAVE_KEY: "{oops"})
    storage.full = True
    slot = SaveSlot(storage)
    loaded = slot.load()
    assert loaded.status == "corrupt"
    assert loaded.notice is not None and loaded.notice.code == CORRUPT_KEPT
    assert loaded.broken is not None and loaded.broken.text == "{oops"
    storage.full = False  # room again: still no silent overwrite
    notice = slot.save(Session("fresh"))
    assert notice is not None and notice.code == CORRUPT_KEPT
    assert storage.items[SAVE_KEY] == "{oops" and storage.writes == []
    slot.start_fresh()  # the person chose, having been told
    assert slot.save(Session("fresh")) is None
    assert storage.items[SAVE_KEY] != "{oops"


def test_full_storage_keeps_the_game_playing_in_memory_with_a_notice() -> None:
    storage = FakeStorage()
    slot = SaveSlot(storage)
    game = played()
    storage.full = True
    notice = slot.save(game)
    assert notice is not None and notice.code == FULL
    assert SAVE_KEY not in storage.items
    game.redo()  # the game goes on
    storage.full = False
    assert slot.save(game) is None
    resumed = SaveSlot(storage).load().session
    assert resumed is not None and resumed.to_dict() == game.to_dict()


def test_unavailable_storage_keeps_the_game_playing_with_a_notice() -> None:
    storage = FakeStorage({SAVE_KEY: played().to_json()})
    storage.refuse = True
    slot = SaveSlot(storage)
    loaded = slot.load()
    assert loaded.status == "unavailable" and loaded.session is None
    assert loaded.notice is not None and loaded.notice.code == UNAVAILABLE
    notice = slot.save(Session("1"))
    assert notice is not None and notice.code == UNAVAILABLE
    assert slot.broken_save() is None

    no_storage = SaveSlot(None)
    assert no_storage.load().status == "unavailable"
    notice = no_storage.save(Session("1"))
    assert notice is not None and notice.code == UNAVAILABLE


def test_a_newer_broken_save_replaces_the_older_set_aside_one_and_can_be_forgotten() -> None:
    storage = FakeStorage({SAVE_KEY: "first", CORRUPT_KEY: "older"})
    slot = SaveSlot(storage)
    assert slot.load().status == "corrupt"
    assert storage.items[CORRUPT_KEY] == "first"
    assert slot.forget_broken() is None
    assert CORRUPT_KEY not in storage.items and slot.broken_save() is None


def test_only_the_interface_keys_are_used() -> None:
    storage = FakeStorage({SAVE_KEY: "broken"})
    slot = SaveSlot(storage)
    slot.load()
    slot.save(played())
    save_settings(storage, Settings(lang="de"))
    assert set(storage.items) == {SAVE_KEY, CORRUPT_KEY, SETTINGS_KEY}


# -- settings -----------------------------------------------------------------------------

def test_settings_round_trip() -> None:
    storage = FakeStorage()
    assert load_settings(storage) == (Settings(), None)
    mine = Settings(lang="es", speed="fast", level="hard",
                    seats=(PERSON, PERSON, COMPUTER, PERSON))
    assert save_settings(storage, mine) is None
    assert load_settings(storage) == (mine, None)


@pytest.mark.parametrize("text, expected, replaced", [
    ("not json", Settings(), True),
    ("[]", Settings(), True),
    ('{"lang": "fr", "speed": "fast"}', Settings(speed="fast"), True),
    ('{"level": 3, "seats": ["person", "robot", "computer", "computer"]}', Settings(), True),
    ('{"seats": ["person", "person"]}', Settings(), True),
    ('{"seats": ["computer", "computer", "computer", "computer"], "extra": 1}',
     Settings(seats=(COMPUTER,) * 4), False),
    ('{"speed": "fast"}', Settings(speed="fast"), False),
    ('{"seats": ["person", "computer", "person", "computer"], "speed": "fast", '
     '"level": "hard", "lang": "en"}',  # what the page has stored from the start
     Settings(speed="fast", level="hard", seats=(PERSON, COMPUTER, PERSON, COMPUTER)), False),
])
def test_unusable_settings_fall_back_field_by_field(text: str, expected: Settings,
                                                    replaced: bool) -> None:
    settings, notice = load_settings(FakeStorage({SETTINGS_KEY: text}))
    assert settings == expected
    assert (notice is not None and notice.code == SETTINGS_UNREADABLE) == replaced


def test_settings_survive_a_refusing_storage() -> None:
    storage = FakeStorage()
    storage.refuse = True
    settings, notice = load_settings(storage)
    assert settings == Settings() and notice is not None
    assert notice.code == SETTINGS_UNAVAILABLE
    notice = save_settings(storage, Settings())
    assert notice is not None and notice.code == SETTINGS_UNAVAILABLE
    storage.refuse, storage.full = False, True
    assert save_settings(storage, Settings()) is not None
    assert load_settings(None)[0] == Settings()


# -- deal numbers -------------------------------------------------------------------------

def test_deal_numbers_from_settings_and_the_address() -> None:
    assert deal_number(" class-7b ") == "class-7b"
    assert deal_number("") is None and deal_number("a b") is None and deal_number(7) is None
    assert deal_number("x" * 33) is None
    assert deal_from_query("?deal=42&lang=de") == "42"
    assert deal_from_query("deal=%3Cscript%3E") is None
    assert deal_from_query("") is None


def test_a_new_match_uses_the_settings_and_the_deal_number() -> None:
    settings = Settings(level="easy", seats=(PERSON, PERSON, COMPUTER, COMPUTER))
    a, b = new_session(settings, "7b"), new_session(settings, "7b")
    assert (a.seed, a.level, a.seats) == ("7b", "easy", settings.seats)
    assert a.match.hand.start == b.match.hand.start
    assert new_session(settings).seed != ""
