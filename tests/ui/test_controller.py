"""The page's controller (ui/controller.py) over the real worker's frames: select → targets →
preview → confirm; refusals in words from the engine's codes; pass; hint; dialogs pause."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from longana.device.session import Session
from longana.protocol import Game
from ui import intents
from ui.controller import Controller, targets
from ui.i18n import LANGUAGES, Catalog
from ui.steps import forced_opening

ROOT = Path(__file__).resolve().parents[2]
CAT = Catalog(json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8")))


def ask(table: Game, intent: dict[str, Any]) -> dict[str, Any]:
    return dict(json.loads(table.handle(json.dumps(intent))))


def person_turn(pred: Any = None, seats: list[str] | None = None) -> tuple[Game, Controller]:
    """A table at a person's turn (South) where ``pred(frame)`` holds."""
    for n in range(1, 500):
        table = Game()
        reply = ask(
            table,
            {
                "do": "start",
                "save": None,
                "deal": str(n),
                "seats": seats or ["person", "computer", "computer", "computer"],
            },
        )
        for _ in range(40):
            frame = reply["frame"]
            if frame["outcome"] is not None:
                break
            if frame["turn"] is not None:
                if pred is None or pred(frame):
                    ctl = Controller(CAT)
                    ctl.receive(reply)
                    return table, ctl
                move = frame["turn"]["moves"][0]
                reply = ask(table, {"do": "play", "move": move, "at": frame["log"]})
            else:
                reply = ask(table, {"do": "computer", "at": frame["log"]})
    raise AssertionError("no such position")


def with_choice(frame: dict[str, Any]) -> bool:
    """Opened, some tile with a target and some branch refused to it."""
    turn = frame["turn"]
    return bool(frame["board"]["opening"]) and any(
        e["targets"] and e["why"] for e in turn["tiles"].values()
    )


def test_select_lights_the_frames_targets_then_preview_then_confirm() -> None:
    table, ctl = person_turn(with_choice)
    frame = ctl.frame
    tile, entry = next((t, e) for t, e in frame["turn"]["tiles"].items() if e["targets"])
    ctl.select(tile)
    assert ctl.interaction.selected == tile and ctl.interaction.preview is None
    assert targets(frame, ctl.interaction) == entry["targets"]
    assert ctl.message == CAT.t("select.chosen", tile=tile)
    assert ctl.confirm() is None, "nothing previewed yet"
    branch = entry["targets"][0]
    ctl.aim(branch)
    assert ctl.interaction.preview == f"{tile}@{branch}"
    assert ctl.confirm() == f"{tile}@{branch}"
    reply = ask(table, intents.play(f"{tile}@{branch}", frame["log"]))
    ctl.receive(reply)
    assert ctl.interaction.selected is None and ctl.interaction.preview is None
    assert ctl.frame["log"] > frame["log"]
    assert tile not in (ctl.frame["hands"]["S"]["tiles"] or [])
    assert ctl.message.startswith("South plays " + tile.replace("-", "\u2011"))


def test_a_refused_branch_is_explained_with_the_engines_reason() -> None:
    _, ctl = person_turn(with_choice)
    tile, entry = next(
        (t, e) for t, e in ctl.frame["turn"]["tiles"].items() if e["targets"] and e["why"]
    )
    ctl.select(tile)
    branch, refusal = next(iter(entry["why"].items()))
    ctl.aim(branch)
    assert ctl.interaction.preview is None
    assert ctl.message and "why." not in ctl.message
    words = {"no-match": "does not fit", "closed": "is closed", "priority": "Equal ends"}
    assert words[refusal["code"]] in ctl.message


def test_the_opening_refuses_a_tile_that_is_not_an_allowed_double() -> None:
    _, ctl = person_turn(lambda f: f["board"]["opening"] is None)
    turn = ctl.frame["turn"]
    assert (forced_opening(ctl.frame, ctl.interaction) is not None) == (len(turn["openings"]) == 1)
    ctl.clear()
    wrong = [t for t, e in turn["tiles"].items() if not e.get("open")]
    ctl.select(wrong[0])
    assert ctl.interaction.preview is None
    assert ctl.message == CAT.listed("why.opening", "doubles", turn["openings"], "or")
    ctl.select(turn["openings"][0])
    assert ctl.interaction.preview == turn["openings"][0]
    assert ctl.confirm() == turn["openings"][0]


def test_pass_only_when_the_frame_says_so() -> None:
    table, ctl = person_turn(lambda f: f["turn"]["must_pass"])
    assert ctl.frame["turn"]["moves"] == ["pass"]
    tile = ctl.frame["hands"]["S"]["tiles"][0]
    ctl.select(tile)
    # the prompt says "you must pass": the message says why not this tile, not that again
    assert ctl.interaction.selected is None
    assert ctl.message == CAT.t("select.no_place", tile=tile) != CAT.t("turn.must_pass")
    ctl.pass_turn()
    assert ctl.interaction.preview == "pass"
    reply = ask(table, intents.play(str(ctl.confirm()), ctl.frame["log"]))
    ctl.receive(reply)
    assert "passes" in ctl.message and "open" in ctl.message
    _, other = person_turn(with_choice)
    other.pass_turn()
    assert other.interaction.preview is None, "no pass while a tile fits"


def test_a_hint_is_a_preview_to_confirm() -> None:
    table, ctl = person_turn(with_choice)
    hint = ask(table, {"do": "hint", "at": ctl.frame["log"]})["hint"]
    ctl.show_hint(hint)
    assert ctl.interaction.hint and ctl.interaction.preview == hint
    assert ctl.confirm() == hint
    game = Session.from_json(ask(table, {"do": "undo"})["save"])
    assert hint in [str(m) for m in game.match.hand.legal_moves()] or game.can_redo


def test_an_open_dialog_pauses_input() -> None:
    _, ctl = person_turn(with_choice)
    ctl.interaction.dialog = "rules"
    tile = next(iter(ctl.frame["turn"]["tiles"]))
    ctl.select(tile)
    assert ctl.interaction.selected is None and not ctl.my_turn()
    assert ctl.confirm() is None
    ctl.interaction.dialog = None
    ctl.select(tile)
    assert ctl.interaction.selected == tile


def test_a_tile_of_another_seat_is_not_selected_and_cancel_clears() -> None:
    _, ctl = person_turn(with_choice)
    tile = next(t for t, e in ctl.frame["turn"]["tiles"].items() if e["targets"])
    ctl.select(tile)
    assert ctl.cancel() and ctl.interaction.selected is None
    assert ctl.message == CAT.t("select.cancelled")
    assert not ctl.cancel(), "nothing to cancel"
    ctl.select("9-9" if "9-9" not in ctl.frame["turn"]["tiles"] else "0-0")
    assert (
        ctl.interaction.selected is None or ctl.interaction.selected in ctl.frame["turn"]["tiles"]
    )


def test_a_typed_move_previews_like_a_tap_or_says_why_not() -> None:
    _, ctl = person_turn(with_choice)
    tile, entry = next(
        (t, e) for t, e in ctl.frame["turn"]["tiles"].items() if e["targets"] and e["why"]
    )
    high, low = tile.split("-")
    assert ctl.command(f" {low}-{high}@{entry['targets'][0].lower()} ")
    assert ctl.interaction.preview == f"{tile}@{entry['targets'][0]}"
    branch = next(iter(entry["why"]))
    assert not ctl.command(f"{tile}@{branch}") and ctl.interaction.preview is None
    assert not ctl.command("7-3@Q") and ctl.message == CAT.t("keys.bad", text="7-3@Q")
    missing = next(
        f"{a}-{b}"
        for a in range(10)
        for b in range(a + 1)
        if f"{a}-{b}" not in ctl.frame["turn"]["tiles"]
    )
    assert not ctl.command(missing) and ctl.message == CAT.t("keys.not_held", tile=missing)
    assert not ctl.command("pass"), "no pass while a tile fits"


def test_a_typed_move_may_name_the_branch_by_the_languages_own_letter() -> None:
    _, ctl = person_turn(
        lambda f: (
            bool(f["board"]["opening"])
            and any("E" in e["targets"] for e in f["turn"]["tiles"].values())
        )
    )
    ctl.cat = Catalog(
        json.loads((ROOT / "locales" / "de.json").read_text(encoding="utf-8")), CAT.messages
    )
    tile = next(t for t, e in ctl.frame["turn"]["tiles"].items() if "E" in e["targets"])
    assert ctl.command(f"{tile}@O"), "Ost is O in German"
    assert ctl.interaction.preview == f"{tile}@E"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_typed_move_in_the_languages_own_words(lang: str) -> None:
    """The command field's example is in the language's own letters and pass word, and the
    field takes them: 7-3@U and langkau in Malay, passen in German, pasar in Spanish."""
    words = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
    cat = Catalog(words, CAT.messages)
    play, _double, pass_word = words["keys"]["field_example"].split(" · ")
    assert pass_word == words["keys"]["pass_word"]
    letter = play.split("@")[1]
    assert letter == words["seat_letter"]["N"], "the example names North by its own letter"
    _, ctl = person_turn(lambda f: f["turn"]["must_pass"])
    ctl.cat = cat
    assert ctl.command(f" {pass_word.upper()} ") and ctl.interaction.preview == "pass"
    _, ctl = person_turn(
        lambda f: (
            bool(f["board"]["opening"])
            and any("N" in e["targets"] for e in f["turn"]["tiles"].values())
        )
    )
    ctl.cat = cat
    tile = next(t for t, e in ctl.frame["turn"]["tiles"].items() if "N" in e["targets"])
    assert ctl.command(f"{tile}@{letter.lower()}") and ctl.interaction.preview == f"{tile}@N"
    assert not ctl.command(pass_word), "no pass while a tile fits"
