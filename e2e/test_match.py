"""A whole match to 100 between four computer seats on the fast setting, chosen in settings; and
a short one, its length chosen there too."""

from __future__ import annotations

import json

from longana.rules.records import hand_from_record, match_from_dict

from .browsers import Browsers
from .shown import ROOT, SEATS, session_of

MATCH_MS = 240_000  # the whole match, fast setting, 2 cores


def test_match_to_100_with_four_computers(browsers: Browsers) -> None:
    game = browsers.game()
    game.settings(seats="CCCC", speed="fast", new_match=True)
    assert game.page.evaluate("() => document.body.dataset.handNumber") in (None, "1")
    dialog = game.dialog("match-end")
    dialog.wait_for(timeout=MATCH_MS)
    assert game.action("new-match", within=dialog).count() == 1, "no new-match button"

    state = game.state()
    session = session_of(state)
    match = session.match
    assert match.is_over, "the saved match is not over"
    assert session.seats == ("computer",) * 4, f"seats {session.seats}: settings not applied"

    # the scores on screen are the engine's replay of the saved record ...
    shown = {seat: int(text) for seat, text in state["scores"].items()}
    engine = dict(zip(SEATS, match.scores, strict=True))
    assert shown == engine, f"page shows {shown}, the engine computes {engine}"
    # ... and the same when every hand record is replayed on its own
    totals = dict.fromkeys(SEATS, 0)
    records = json.loads(state["save"])["match"]["hands"]
    for number, record in enumerate(records):
        hand = hand_from_record(record)
        assert hand.outcome is not None, f"hand {number + 1} of the record did not end"
        if hand.outcome.winner is not None:
            totals[SEATS[hand.outcome.winner]] += hand.outcome.points
    assert totals == engine
    assert match_from_dict(session.to_dict()["match"]).scores == match.scores
    # first to 100: only the last hand took the winner there
    winner = max(engine, key=lambda s: engine[s])
    assert engine[winner] >= 100
    before_last = match.scores_before(len(match.hands) - 1)
    assert max(before_last) < 100, "the match went on after someone reached 100"
    # the dialog names the winner
    names = json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))["seat"]
    assert names[winner] in dialog.inner_text()


def test_a_short_match_chosen_in_settings_ends_at_its_target(browsers: Browsers) -> None:
    """Settings' length (``select[data-setting="target"]``): the new match is played to 50, the
    top bar and the match's end say 50, and the save holds it."""
    game = browsers.game()
    game.settings(seats="CCCC", speed="fast", target=50, new_match=True)
    words = json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))
    top = game.page.locator(".title + .info .target, .info .target").first
    assert words["app"]["target"].format(target=50) in top.inner_text()
    dialog = game.dialog("match-end")
    dialog.wait_for(timeout=MATCH_MS)
    assert "the first to 50 wins" in dialog.inner_text()
    match = session_of(game.state()).match
    assert match.target == 50 and max(match.scores) >= 50
    assert max(match.scores_before(len(match.hands) - 1)) < 50
