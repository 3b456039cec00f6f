"""Issue 4 through the page: shared deals, save and resume, undo and redo, broken saves,
hints, panels that pause the computer, several people at one device."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from longana.rules.match import Match

from .browsers import Browsers
from .game import Game
from .shown import SEATS, check_against_save

FAST = {"speed": "fast"}


def south_turn_with_choice(game: Game) -> None:
    while True:
        assert game.wait_turn("S") == "turn"
        if game.opened() and game.legal_for("S"):
            return
        game.play_turn("S")


def test_same_deal_number_gives_the_same_first_hand(browsers: Browsers) -> None:
    seed = "class-7b"
    expected = sorted(str(t) for t in Match(seed).hand.tiles(0))
    seen = []
    for _ in range(2):  # two fresh profiles
        game = browsers.game(f"?deal={seed}", settings=FAST, fresh=True)
        assert game.wait_turn("S") in ("turn", "hand-end", "match-end")
        save = game.save()
        assert save is not None and save["match"]["seed"] == seed
        # South's tiles as dealt (plus the opening double if South opened and played it)
        dealt = set(expected)
        shown = set(game.state()["hands"]["S"]["tiles"])
        assert shown <= dealt and len(dealt - shown) <= 1, (shown, dealt)
        seen.append(save["match"]["hands"][0]["hands"])
    assert seen[0] == seen[1]


def test_reload_resumes_the_hand_with_undo_working(browsers: Browsers) -> None:
    game = browsers.game(settings=FAST)
    south_turn_with_choice(game)
    before_move = game.position()
    game.play_turn("S")
    assert game.wait_turn("S") in ("turn", "hand-end", "match-end")
    before_reload = game.position()
    game.reload()
    assert game.wait_turn("S") in ("turn", "hand-end", "match-end")
    assert game.position() == before_reload, "the reload did not resume where the game was"
    check_against_save(game.state())
    game.tool("undo")
    assert game.wait_turn("S") == "turn"
    assert game.position() == before_move, "undo after a reload did not go back to South's turn"


def test_undo_after_a_computer_response_then_redo_gives_the_same_board(browsers: Browsers) -> None:
    game = browsers.game(settings=FAST)
    south_turn_with_choice(game)
    before = game.position()
    game.play_turn("S")
    if game.wait_turn("S") != "turn":
        pytest.skip("the hand ended at once: nothing to undo into")  # rare
    after = game.position()
    game.tool("undo")
    assert game.wait_turn("S") == "turn"
    assert game.position() == before
    game.tool("redo")
    assert game.wait_turn("S") == "turn"
    assert game.position() == after, "redo did not restore the same computer moves"
    check_against_save(game.state())


def test_a_corrupt_save_shows_the_message_and_a_fresh_game(browsers: Browsers) -> None:
    broken = '{"schema": 1, "seats": "not a list"'
    game = browsers.game(settings=FAST, save=broken)
    dialog = game.dialog("error")
    dialog.wait_for()
    assert dialog.inner_text().strip(), "the broken-save message has no words"
    kept = game.page.evaluate("() => localStorage.getItem('longana:save:corrupt')")
    assert kept == broken, "the broken save was not set aside under longana:save:corrupt"
    game.action("start-fresh", within=dialog).click()
    dialog.wait_for(state="hidden")
    assert game.wait_turn("S") in ("turn", "hand-end", "match-end")
    assert game.page.evaluate("() => localStorage.getItem('longana:save:corrupt')") == broken


def test_hint_previews_a_legal_move_then_confirm(browsers: Browsers) -> None:
    game = browsers.game(settings=FAST)
    south_turn_with_choice(game)
    legal = {str(m) for m in game.legal_for("S")}
    game.action("hint").click()
    preview = game.preview()
    preview.wait_for(state="visible")
    tile = str(preview.get_attribute("data-preview"))
    branch = preview.evaluate("e => e.closest('[data-branch]')?.dataset.branch")
    assert f"{tile}@{branch}" in legal, f"the hint {tile}@{branch} is not legal: {legal}"
    game.action("confirm").click()
    game.tile("S", tile).wait_for(state="detached")


def test_an_open_panel_lets_no_computer_move_land(browsers: Browsers) -> None:
    """Normal speed: South plays, the rules panel opens while the computer thinks; for
    longer than a few computer moves nothing lands; closing the panel resumes play."""
    game = browsers.game()
    south_turn_with_choice(game)
    game.play_turn("S")
    game.open_panel("rules")
    # on the table: a move asked for before the panel opened may be saved, but is held
    moves = game.hand_moves()
    with pytest.raises(PlaywrightTimeout):  # nothing may land for 4 s (≈ 3 computer moves)
        game.page.wait_for_function(
            "(n) => Number(document.body.dataset.moves || 0) !== n", arg=moves, timeout=4_000
        )
    game.close_panel("rules")
    assert game.wait_turn("S") in ("turn", "hand-end", "match-end")
    assert game.hand_moves() > moves


def test_two_people_never_see_each_others_tiles(browsers: Browsers) -> None:
    """South and North are people, East and West the computer (fast): at every turn the
    handoff screen hides all hands; after it only the holder's hand is face up."""
    game = browsers.game(
        settings={"speed": "fast", "seats": ["person", "computer", "person", "computer"]}
    )
    turns = 0
    while turns < 8:
        result = wait_person(game)
        if result in ("hand-end", "match-end"):
            break
        holder = game.take_device()
        state = game.state()
        face_up = {s for s in SEATS if state["hands"][s]["tiles"]}
        assert face_up == {holder}, f"{holder} holds the device, face up: {face_up}"
        assert game.leaks() == []
        game.play_turn(holder)
        turns += 1
    assert turns >= 2


def wait_person(game: Game) -> str:
    """Wait for the handoff screen or the hand's end."""
    handle = game.page.wait_for_function(
        """() => { for (const n of ['handoff', 'hand-end', 'match-end', 'error']) {
                     const d = document.querySelector(`[data-dialog="${n}"]`);
                     if (d && d.open) return n; }
                   return null; }""",
        timeout=60_000,
    )
    result = str(handle.json_value())
    assert result != "error"
    return result
