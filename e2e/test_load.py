"""The page loads from 127.0.0.1 alone and shows a table that can be played."""

from __future__ import annotations

import re
from typing import Any

from longana.rules.match import Match

from .browsers import Browsers
from .game import Game
from .positions import seed_where
from .shown import SEATS, check_against_save, session_of


def check_table(game: Game) -> dict[str, Any]:
    state = game.state()
    assert state["ready"] == "true"
    assert state["toMove"] in SEATS, f"body data-to-move is {state['toMove']!r}"
    assert sorted(state["hands"]) == sorted(SEATS), f"data-hand elements: {sorted(state['hands'])}"
    assert sorted(state["branches"]) == sorted(SEATS), (
        f"data-branch elements: {sorted(state['branches'])}"
    )
    for seat, branch in state["branches"].items():
        assert branch["open"] in ("true", "false"), f"branch {seat}: data-open={branch['open']!r}"
        if branch["open"] == "true":
            assert re.fullmatch(r"[1-9][0-9]*", branch["order"] or ""), (
                f"open branch {seat} has data-open-order={branch['order']!r}"
            )
    return state


def test_load_shows_the_table_and_marks(game: Game) -> None:
    interactive = game.mark("longana:interactive")
    assert interactive is not None and interactive > 0, "no performance mark longana:interactive"
    check_table(game)
    assert game.page.evaluate("() => document.body.dataset.lang") == "en"
    worker = game.wait_worker()
    assert worker > 0
    # a fresh profile: the default seats, a person at South with eight tiles (or seven if
    # South already opened), the computers' hands face down
    state = game.state()
    assert len(state["hands"]["S"]["tiles"]) in (7, 8), state["hands"]["S"]["tiles"]
    for seat in "ENW":
        assert state["hands"][seat]["tiles"] == [], f"{seat}'s tiles are face up"
    assert game.leaks() == []


def test_table_after_a_computer_opens(browsers: Browsers) -> None:
    """With a deal where the computer opens, by South's first turn every branch has its end."""
    seed = seed_where(lambda m: m.hand.opener != 0)
    game = browsers.game(f"?deal={seed}")
    assert game.wait_turn("S") == "turn"
    state = check_table(game)
    for seat, branch in state["branches"].items():
        assert branch["end"] is not None and re.fullmatch(r"[0-9]", branch["end"]), (
            f"branch {seat}: data-end={branch['end']!r}"
        )
    session = session_of(state)
    assert session.seed == seed, f"the page plays deal {session.seed}, not ?deal={seed}"
    hand = Match(seed).hand
    # the opener laid its double, the computers after it moved; South's tiles are as dealt
    assert sorted(state["hands"]["S"]["tiles"]) == sorted(str(t) for t in hand.tiles(0))
    check_against_save(state)
