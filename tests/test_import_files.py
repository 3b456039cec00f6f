"""Files that come back (issues 21 and 22): a saved game imported by the Record panel is
offered to play on (``saved_game``) and ``start`` resumes it exactly; a damaged save is refused
with its own code; stepping through a file of thousands of hands works out one hand a step,
with the totals of the hands before it."""

from __future__ import annotations

import json
from typing import Any

from conftest import ROOT, ask, play_on, start

from longana.device.history import history
from longana.protocol import Game
from ui import record_panels
from ui.i18n import Catalog


def played_save() -> tuple[Game, dict[str, Any]]:
    """A match of four computers two hands in, and the last reply (its frame and save)."""
    game, first = start("5", seats=["computer"] * 4)
    for reply in play_on(game, first):
        if reply["frame"]["hand_number"] == 2 and reply["frame"]["log"] > 40:
            return game, reply
    raise AssertionError("the match ended before its second hand")


def test_a_saved_game_imported_is_offered_to_play_on_and_start_resumes_it() -> None:
    game, last = played_save()
    save = last["save"]
    other = Game()
    ask(other, do="start", save=None, deal="9")
    imported = ask(other, do="import", text=save)
    assert imported["saved_game"] is True
    assert imported["replay"]["count"] == 1 and imported["replay"]["imported"]
    assert imported["left_out"] == 1, "the hand in play of the save is not stepped through"
    resumed = ask(other, do="start", save=save, deal=None, holder=None)
    assert resumed["resumed"] and resumed["save"] == save
    assert ask(other, do="record")["record"] == ask(game, do="record")["record"]
    frame = resumed["frame"]
    for key in ("scores", "hand_number", "to_move", "log", "board", "deal"):
        assert frame[key] == last["frame"][key], key


def test_hand_records_and_saved_matches_are_no_saved_game() -> None:
    game, last = played_save()
    save = last["save"]
    records = ask(game, do="record")["export"]["text"]
    assert "saved_game" not in ask(game, do="import", text=records)
    match = json.dumps(json.loads(save)["match"])  # a saved match: no seats, no log
    reply = ask(game, do="import", text=match)
    assert "replay" in reply and "saved_game" not in reply


def test_a_damaged_save_is_refused_as_one() -> None:
    game, last = played_save()
    save = last["save"]
    data = json.loads(save)
    data["log"][3] = "0-0@N" if data["log"][3] != "0-0@N" else "9-9"
    for damaged in (json.dumps(data), save[: len(save) // 2]):
        assert ask(game, do="import", text=damaged)["refused"]["code"] == "import-save"
    assert ask(game, do="import", text="[1, 2]")["refused"]["code"] == "import-hand"
    for text in ("Dear teacher,\n", "\x89PNG\r\n"):
        assert ask(game, do="import", text=text)["refused"]["code"] == "import-not-records"
    for text in ("", "  \n", "\u2028" * 9, "\u00a0\n\u00a0\n", "\ufeff\u3000"):  # issue 37
        assert ask(game, do="import", text=text)["refused"]["code"] == "import-empty"


def test_each_step_of_an_imported_hand_has_the_totals_of_the_hands_before_it() -> None:
    game, first = start("12", seats=["computer"] * 4)
    for reply in play_on(game, first):
        frame = reply["frame"]
        if frame["outcome"] is not None and frame["hand_number"] == 3:
            break
    summaries = [s.to_dict() for s in history(game.current_session.match)]
    ask(game, do="import", text=ask(game, do="record")["export"]["text"])
    for index in range(3):
        shown = ask(game, do="replay", hand=index, step=2, imported=True)["replay"]["summary"]
        assert shown["number"] == index + 1
        assert shown["scores_before"] == summaries[index]["scores_before"]
        assert shown["scores_after"] == summaries[index]["scores_after"]
        assert shown["steps"] == summaries[index]["steps"]
        mine = ask(game, do="replay", hand=index, step=2)["replay"]["summary"]
        assert mine == summaries[index]


def test_an_imported_saved_game_shows_the_button_that_plays_on_and_asks_first() -> None:
    cat = Catalog(json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8")))
    game, last = played_save()
    reply = ask(game, do="import", text=last["save"])
    shown = record_panels.replay_html(reply["replay"], cat, (600.0, 260.0), 20, True)
    assert 'data-action="play-file"' in shown and "data-saved-game" in shown
    assert cat.t("record.play_file") in shown and cat.t("record.saved_game") in shown
    plain = record_panels.replay_html(reply["replay"], cat, (600.0, 260.0), 20)
    assert "play-file" not in plain
    asked = record_panels.play_file_html(cat)
    assert 'data-action="play-file-confirm"' in asked and 'data-action="close"' in asked
    assert cat.t("record.play_file_text") in asked
