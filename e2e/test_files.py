"""Files that come back (issues 21 and 22), through the page.

- A saved game taken as a file (the storage notice's ``save-file``, downloaded) is imported by
  the Record panel after a new match has started, and "Play on from this file" asks, then
  resumes it exactly: the same hand, tiles, board, scores and turn, and the save stored again.
  A damaged saved game is refused in the player's language.
- Files up to the worker's 8 MB work and are never copied into the page's MicroPython (whose
  heap failed at 1.5 MB): for the Record import and the teacher's table, a file nested
  100,000 deep, 9 MB (over the limit) and 7 MB of hand records each end with a clear message
  in the player's language (or, for the import, the records opened) and the game playable,
  nothing lost; 5 MB of records open and step through. Sizes and times are printed (-s).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import FilePayload, Locator

from longana.classplay import ClassCode, Result
from longana.classplay.replay import play_class
from longana.device.history import export_text
from longana.device.session import Session
from longana.players.levels import choose

from .browsers import ROOT, Browsers
from .classroom import add  # the teacher's table's Add, waited out until it is done
from .faults import full, one_move, open_with
from .game import TURN_MS, Game
from .positions import second_hand_save

FILE_MS = 180_000  # a file of several MB read and every hand replayed, on 2 busy cores
SEATS = ("S", "E", "N", "W")


def words(lang: str) -> dict[str, Any]:
    return dict(json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8")))


def payload(name: str, data: bytes) -> FilePayload:
    return FilePayload(name=name, mimeType="application/json", buffer=data)


def records(size: int) -> bytes:
    """About ``size`` bytes of hand records (JSON lines) of whole matches the computer played."""
    text = ""
    for deal in range(4):
        game = Session(f"files-{deal}", seats=("computer",) * 4, level="easy")
        while not game.match.is_over:
            hand = game.match.hand
            if hand.outcome is not None:
                game.next_hand()
                continue
            game.play(choose(game.view(hand.to_move), "easy", game.decision_seed()))
        text += export_text(game.match)
    return (text * (size // len(text) + 1)).encode()


DEEP = b"[" * 100_000 + b"]" * 100_000
HUGE = b"[" + b" " * (9 * 1024 * 1024) + b"]"  # over the 8 MiB limit


def table_of(state: dict[str, Any]) -> dict[str, Any]:
    """What the table shows of a game: the hand's number, whose turn, South's tiles, the
    board's branches and the scores."""
    body = state["body"]
    return {
        "hand": body.get("data-hand-number"),
        "to_move": body.get("data-to-move"),
        "moves": body.get("data-moves"),
        "south": state["hands"]["S"]["tiles"],
        "branches": {
            k: (b["end"], b["open"], b["order"], b["tiles"]) for k, b in state["branches"].items()
        },
        "scores": state["scores"],
    }


def import_file(dialog: Locator, file: FilePayload | Path) -> None:
    dialog.locator("input[data-import]").set_input_files(
        files=[file] if not isinstance(file, Path) else str(file)
    )


def wait_import(game: Game) -> str:
    """The import's outcome: "replay" (the file opened) or the words of its refusal."""
    game.page.wait_for_function(
        """() => document.querySelector('[data-dialog=record][data-view=replay]')
                 || !document.querySelector('[data-import-error]').hidden""",
        timeout=FILE_MS,
    )
    if game.page.locator('[data-dialog="record"][data-view="replay"]').count():
        return "replay"
    return game.page.locator("[data-import-error]").inner_text().strip()


# -- a saved game's file plays on -----------------------------------------------------------


def test_a_saved_game_file_plays_on_exactly_after_asking(
    browsers: Browsers, tmp_path: Path
) -> None:
    save = second_hand_save()
    game = open_with(browsers, full("100000000"), {"longana:save": json.dumps(save)})
    one_move(game)  # saved as usual
    game.page.evaluate("() => { window.__storageRoom = 0; }")  # then the storage fills up
    one_move(game)
    notice = game.page.locator('[data-notice="storage"]')
    notice.wait_for(state="visible", timeout=TURN_MS)
    assert game.wait_turn("S") == "turn"
    shown = table_of(game.state())
    with game.page.expect_download() as info:
        notice.locator('[data-action="save-file"]').click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    text = path.read_text(encoding="utf-8")
    saved = Session.from_json(text)  # the file is the game as it stands
    assert len(saved.match.hands) == int(shown["hand"]) == 2
    assert [str(saved.match.scores[k]) for k in range(4)] == [shown["scores"][s] for s in SEATS]
    game.page.evaluate("() => { window.__storageRoom = 100000000; }")

    game.settings(speed="fast")  # a new match replaces it on the device
    one_move(game)
    assert game.wait_turn("S") == "turn"
    assert table_of(game.state()) != shown

    dialog = game.open_panel("record")
    import_file(dialog, path)
    assert wait_import(game) == "replay"
    play = game.dialog("record").locator('[data-saved-game] [data-action="play-file"]')
    play.wait_for(state="visible")
    game.screenshot("files-saved-game-import")
    play.click()
    ask = game.dialog("play-file")
    ask.wait_for()
    assert words("en")["record"]["play_file_text"] in ask.inner_text()
    game.screenshot("files-play-on-asks")
    game.action("close", within=ask).click()  # kept: nothing changes
    ask.wait_for(state="hidden")
    assert table_of(game.state())["hand"] == "1"

    dialog = game.open_panel("record")
    import_file(dialog, path)
    assert wait_import(game) == "replay"
    game.dialog("record").locator('[data-action="play-file"]').click()
    game.action("play-file-confirm", within=game.dialog("play-file")).click()
    game.page.wait_for_function(
        "(n) => document.body.dataset.handNumber === n && !document.querySelector('dialog[open]')",
        arg=shown["hand"],
        timeout=TURN_MS,
    )
    assert game.wait_turn("S") == "turn"
    assert table_of(game.state()) == shown, "the saved game did not come back exactly"
    assert game.raw_save() == text, "the game from the file is not stored as usual"
    one_move(game)  # and it goes on


def test_a_damaged_save_or_no_save_at_all_is_refused_in_the_players_words(
    browsers: Browsers,
) -> None:
    good = json.dumps(second_hand_save())
    data = json.loads(good)
    data["log"][5] = "0-0@N" if data["log"][5] != "0-0@N" else "9-9"
    said = words("de")["record"]
    game = browsers.game("?lang=de")
    assert game.wait_turn("S") == "turn"  # no computer's move is under way: the save stays
    before = game.raw_save()
    dialog = game.open_panel("record")
    for name, text, expected in (
        ("cut.json", good[: len(good) // 2], said["save_damaged"]),
        ("changed.json", json.dumps(data), said["save_damaged"]),
        ("brief.txt", "Liebe Frau Weber,\nanbei mein Spiel.\n", said["not_records"]),
    ):
        import_file(dialog, payload(name, text.encode()))
        assert wait_import(game) == expected, name
        assert game.dialog("record").locator('[data-action="play-file"]').count() == 0
    game.screenshot("files-damaged-save")
    game.close_panel("record")
    assert game.raw_save() == before
    one_move(game)


# -- an import never shows what the live game would not (issue 37) --------------------------


def first_hand_records(deal: str) -> bytes:
    """The Record panel's export of ``deal``'s first hand, played to its end on another device."""
    game = Session(deal, seats=("computer",) * 4, level="easy")
    while game.match.hand.outcome is None:
        game.play(choose(game.view(game.match.hand.to_move), "easy", game.decision_seed()))
    return export_text(game.match).encode()


def test_an_import_shows_no_hand_that_has_not_ended_to_two_people_at_one_device(
    browsers: Browsers,
) -> None:
    said = words("en")["record"]
    game = browsers.game()
    game.settings(seats="PCPC")  # two people at one device
    game.take_device()
    deal = str(game.page.locator("[data-deal]").first.get_attribute("data-deal"))
    before = game.raw_save()
    written = {"schema": 2, "deal": deal, "seats": ["person", "computer"] * 2, "level": "normal"}
    written |= {"match": {}, "log": [], "redo": []}  # a deal number and an empty log, by hand
    dialog = game.open_panel("record")
    import_file(dialog, payload("by-hand.json", json.dumps(written).encode()))
    assert wait_import(game) == said["saved_game_unfinished"]
    assert dialog.locator('[data-saved-game] [data-action="play-file"]').is_visible()
    assert game.page.locator("[data-replay-tile]").count() == 0, "a hand shown face up"
    game.screenshot("files-import-unfinished")
    import_file(dialog, payload("elsewhere.jsonl", first_hand_records(deal)))
    game.page.wait_for_function(  # the last file's words go, this one's come
        "(t) => document.querySelector('[data-import-error]').textContent.trim() === t",
        arg=said["import_live"],
        timeout=FILE_MS,
    )
    assert dialog.locator('[data-action="play-file"]').count() == 0, "the last file's offer"
    assert game.page.locator("[data-replay-tile]").count() == 0, "the hand in play shown"
    game.close_panel("record")
    assert game.raw_save() == before


# -- files of several MB --------------------------------------------------------------------


def test_the_record_import_reads_files_up_to_8_mb_and_refuses_the_rest_in_words(
    browsers: Browsers,
) -> None:
    said = words("es")["record"]
    game = browsers.game("?lang=es")
    assert game.wait_turn("S") == "turn"  # no computer's move is under way: the save stays
    before = game.raw_save()
    dialog = game.open_panel("record")
    for name, data, expected in (
        ("deep.json", DEEP, said["import_too_deep"]),
        ("huge.json", HUGE, said["import_too_large"]),
    ):
        start = time.monotonic()
        import_file(dialog, payload(name, data))
        assert wait_import(game) == expected, name
        print(
            f"record import {name}: {len(data):,} bytes refused in {time.monotonic() - start:.1f} s"
        )
        if name == "huge.json":
            assert "8 MB" in expected
            game.screenshot("files-import-too-large")
    for size in (7, 5):
        data = records(size * 1024 * 1024)
        start = time.monotonic()
        import_file(game.dialog("record"), payload(f"records-{size}mb.jsonl", data))
        assert wait_import(game) == "replay", f"{size} MB of hand records did not open"
        took = time.monotonic() - start
        dialog = game.dialog("record")
        count = len(data.decode().splitlines())
        title = said["imported"].replace("{n}", "1").replace("{count}", str(count))
        assert dialog.locator("h2").inner_text().strip() == title
        print(
            f"record import {size} MB: {len(data):,} bytes, {count:,} hands, opened in {took:.1f} s"
        )
        start = time.monotonic()
        for step in (1, 2, 3):
            game.action("step-forward", within=dialog).click()
            dialog.locator(f'[data-replay-step="{step}"]').wait_for(timeout=TURN_MS)
        dialog.locator("select[data-replay-select]").select_option(str(count - 1))
        last = said["imported"].replace("{n}", str(count)).replace("{count}", str(count))
        game.page.wait_for_function(
            "(t) => document.querySelector('[data-dialog=record] h2').textContent.trim() === t",
            arg=last,
            timeout=TURN_MS,
        )
        print(f"  three steps and the last hand in {time.monotonic() - start:.1f} s")
        game.action("record", within=dialog).click()
        game.dialog("record").locator("input[data-import]").wait_for(state="attached")
    game.close_panel("record")
    assert game.raw_save() == before  # nothing lost
    one_move(game)


CODE = ClassCode.make("F1LE", ("person", "computer", "computer", "computer"), "normal", 20)


def test_the_teachers_table_refuses_deep_huge_and_foreign_files_and_keeps_its_rows(
    browsers: Browsers,
) -> None:
    said = words("ms")["class"]
    game = browsers.game("?lang=ms")
    game.open_panel("settings")
    game.action("class-results").click()
    dialog = game.dialog("class-results")
    dialog.locator("[data-results-class]").fill(CODE.text)
    game.action("results-class", within=dialog).click()
    dialog.locator("textarea[data-results-input]").wait_for(timeout=TURN_MS)

    honest = Result.of(play_class(CODE, 9, lambda g, legal: legal[0]), 0, "Siti")
    files = [payload("siti.json", honest.to_json().encode())]
    add(game, files=files, wait_ms=FILE_MS)
    assert dialog.locator("[data-student]").count() == 1, "a result file was not taken"
    kept = game.page.evaluate("() => localStorage.getItem('longana:class-results')")

    for name, data, why in (
        ("deep.json", DEEP, None),
        ("huge.json", HUGE, said["why"]["too-large"]),
        ("records.jsonl", records(7 * 1024 * 1024), None),
    ):
        start = time.monotonic()
        add(game, files=[payload(name, data)], wait_ms=FILE_MS)
        error = dialog.locator("[data-results-error]")
        error.wait_for(state="visible")
        text = error.inner_text()
        took = time.monotonic() - start
        print(f"teacher's table {name}: {len(data):,} bytes refused in {took:.1f} s")
        assert name in text and (why is None or why in text), text
        assert any(w in text for w in said["why"].values()), text  # in the player's words
        assert dialog.locator("[data-student]").count() == 1  # nothing lost
        if name == "huge.json":
            game.screenshot("files-teacher-too-large")
    assert game.page.evaluate("() => localStorage.getItem('longana:class-results')") == kept
    game.close_panel("class-results")
    one_move(game)
