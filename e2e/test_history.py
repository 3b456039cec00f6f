"""Issue 4 through the page: restart (confirmed, or cancelled) and undo across a hand's end.

Both start from a saved game prepared with the engine (``e2e/positions.py``) in hand 2, so
that "the scores from before it" are not all zero and no test has to play a hand out first.
"""

from __future__ import annotations

from typing import Any

from longana import SEAT_NAMES
from longana.device.session import Session

from .browsers import Browsers
from .positions import domino_save, second_hand_save
from .shown import SEATS, check_against_save, session_of

FAST = {"speed": "fast"}


def unfolded(shown: dict[str, Any]) -> dict[str, Any]:
    """The table without the branches' tiles: how many old tiles a branch folds away depends
    on the room the page has at that moment (the tiles themselves are checked against the
    engine's replay of the save by ``check_against_save``)."""
    return {**shown, "branches": {s: b[:3] for s, b in shown["branches"].items()}}


def test_restart_cancelled_leaves_everything_then_confirmed_replays_the_hand(
    browsers: Browsers,
) -> None:
    """Hand 2, opened by West (the seat before South), South has played: restart asks first;
    Cancel changes nothing; confirming deals the hand again from its starting deal with the
    scores from before it, and after West's opening South is to move on a board holding the
    opening double alone."""
    saved = second_hand_save(opener=3, south_moves=1)
    game = browsers.game(settings=FAST, save=saved)
    assert game.wait_turn("S") == "turn"
    before = check_against_save(game.state())
    hand_before = before.match.hand
    assert len(before.match.hands) == 2 and len(hand_before.history) > 1
    scores_before = before.match.scores_before(1)
    assert any(scores_before), "the prepared save should have scores from hand 1"
    assert game.action("restart").is_enabled(), "restart is disabled in the middle of a hand"

    # Cancel: nothing changes, not the table, not the save
    snapshot, raw = game.snapshot(), game.raw_save()
    dialog = game.open_panel("restart")
    assert game.action("restart-confirm", within=dialog).count() == 1
    game.close_panel("restart")
    assert game.wait_turn("S") == "turn"
    assert game.snapshot() == snapshot, "cancelling the restart changed the table"
    assert game.raw_save() == raw, "cancelling the restart changed the save"

    # Confirm: the hand starts again from its deal
    dialog = game.open_panel("restart")
    game.action("restart-confirm", within=dialog).click()
    dialog.wait_for(state="hidden")
    game.page.wait_for_function("() => document.body.dataset.moves === '1'")
    assert game.wait_turn("S") == "turn"
    state = game.state()
    after = check_against_save(state)
    hand = after.match.hand
    assert len(after.match.hands) == 2, "restart changed which hand is played"
    assert hand.starting_tiles == hand_before.starting_tiles, "restart dealt different tiles"
    assert [s for s, _ in hand.history] == [3] and hand.history[0][1].is_opening, (
        f"after the restart: {hand.history}"
    )
    assert after.match.scores == scores_before
    assert {k: int(v) for k, v in state["scores"].items()} == dict(
        zip(SEATS, scores_before, strict=True)
    ), "the scores are not those from before the hand"
    double = hand.board.opening
    assert double is not None
    for seat, branch in state["branches"].items():
        assert branch["tiles"] == [], f"branch {seat} holds {branch['tiles']} after a restart"
        assert branch["end"] == str(double.high)
    centre = game.page.locator(".centre [data-tile]").evaluate_all(
        "els => els.map(e => e.dataset.tile)"
    )
    assert centre == [str(double)], f"centre shows {centre}, the opening was {double}"
    assert sorted(state["hands"]["S"]["tiles"]) == sorted(
        str(t) for t in hand_before.starting_tiles[0]
    ), "South's tiles are not those dealt"
    assert not after.can_redo, "restart left something to redo"
    # the part of the log before the hand is untouched
    cut = len(before.log) - len(hand_before.history)
    assert [a.text for a in after.log[:cut]] == [a.text for a in before.log[:cut]]


def test_undo_in_the_hand_end_dialog_takes_back_the_last_move_and_its_scoring(
    browsers: Browsers,
) -> None:
    """South plays its last tile (a domino): the hand-end dialog shows; undo in it puts the
    tile back in South's hand and the scores back; redo ends the hand again the same way."""
    saved = domino_save()
    game = browsers.game(settings=FAST, save=saved)
    assert game.wait_turn("S") == "turn"
    before = game.position()
    start = Session.from_dict(saved)
    assert before["south"] and len(before["south"]) == 1
    log_before = game.save()["log"]  # type: ignore[index]

    game.play_turn("S")
    dialog = game.dialog("hand-end")
    dialog.wait_for()
    ended = session_of(game.state())
    outcome = ended.match.hand.outcome
    assert outcome is not None and outcome.winner == 0 and outcome.points > 0
    expected = list(start.match.scores)
    expected[0] += outcome.points
    assert ended.match.scores == tuple(expected)
    shown = {k: int(v) for k, v in game.state()["scores"].items()}
    assert shown == dict(zip(SEATS, expected, strict=True)), f"scores after the domino: {shown}"
    ended_table = game.position()

    undo = game.action("undo", within=dialog)
    assert undo.count() == 1, "the hand-end dialog offers no undo"
    undo.click()
    dialog.wait_for(state="hidden")
    assert game.wait_turn("S") == "turn"
    assert unfolded(game.position()) == unfolded(before), (
        "undo did not go back to before South's last move"
    )
    saved_now = game.save()
    assert saved_now is not None and saved_now["log"] == log_before
    back = check_against_save(game.state())
    assert back.match.hand.history == start.match.hand.history
    assert back.match.hand.outcome is None and back.match.scores == start.match.scores
    assert back.can_redo

    game.tool("redo")
    game.dialog("hand-end").wait_for()
    assert unfolded(game.position()) == unfolded(ended_table), "redo did not end the hand as before"
    redone = check_against_save(game.state())
    assert redone.match.scores == tuple(expected)
    assert SEAT_NAMES[redone.match.hand.outcome.winner or 0] == "S"
