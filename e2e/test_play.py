"""Playing as South through the page: clicks, previews, refusals, drag and drop, the opening,
the hand's end. The expected legal moves and refusals come from the ``longana`` engine applied
to what the page shows."""

from __future__ import annotations

import json
from typing import Any

from longana import SEAT_NAMES, Move, Tile

from .browsers import Browsers
from .game import ACT_MS, TURN_MS, Game
from .positions import first_hand_wins_the_match
from .shown import ROOT, SEATS, board_from_state, check_against_save, session_of

FAST = {"speed": "fast"}  # the device setting for quick computer moves


def english() -> dict[str, Any]:
    return dict(json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8")))


def expected_reason(error: object) -> str:
    """The engine's refusal in the words of the English catalog (why.<code> with its params)."""
    words = english()
    params = dict(error.params)  # type: ignore[attr-defined]
    if isinstance(params.get("branch"), str):
        params["owner"] = words["seat"][params["branch"]]
        params["branch"] = words["branch_of"][params["branch"]]
    if isinstance(params.get("earlier"), str):
        params["earlier"] = words["branch_of"][params["earlier"]]
    text = words["why"][error.code]  # type: ignore[attr-defined]
    if isinstance(text, dict):  # a template that takes a list: its form for one item
        text = text["one"]
    for key, value in params.items():
        shown = str(value)
        if key in ("tile", "doubles"):  # tile names: a non-breaking hyphen in running text
            shown = shown.replace("-", "\u2011")
        text = text.replace("{" + key + "}", shown)
    return str(text)


def no_leaks(game: Game) -> None:
    """During play: the computers' hands are face down and carry no number anywhere."""
    state = game.state()
    for seat in "ENW":
        assert state["hands"][seat]["tiles"] == [], f"{seat}'s tiles are face up during play"
    assert game.leaks() == []


def south_turn(browsers: Browsers, settings: dict[str, str] | None = None, query: str = "") -> Game:
    """A fresh profile where South has a real choice: opened, at least one legal play."""
    game = browsers.game(query, settings=settings or FAST)
    while True:
        assert game.wait_turn("S") == "turn", "the hand ended before South could play"
        if game.opened() and game.legal_for("S"):
            return game
        game.play_turn("S")


# -- a whole hand -------------------------------------------------------------------------------


def test_play_a_complete_hand_as_south(browsers: Browsers) -> None:
    """Normal speed (the computers' visible pauses): South clicks a tile, the lit target,
    confirms; passes when it must; until the hand-end dialog, which shows all four hands."""
    game = browsers.game()
    turns: list[Move] = []

    def each_turn(g: Game) -> None:
        no_leaks(g)
        state = g.state()
        if state.get("save"):
            check_against_save(state)

    turns = game.play_hand("S", each_turn=each_turn)
    assert turns, "South never had a turn"
    check_hand_end_dialog(game, south=game.south_left)


def check_hand_end_dialog(game: Game, south: list[str] | None = None) -> None:
    """Four hands face up in the dialog that ended ``play_hand``'s hand: the hand's end, or the
    match's when that hand won it. Checked against the engine's replay of the saved game when
    there is one; in any case: 32 distinct dealt tiles between the dialog's hands and the board,
    at most one empty hand, and South's tiles as South last held them."""
    assert game.ended in ("hand-end", "match-end"), f"the hand ended in {game.ended!r}"
    dialog = game.dialog(game.ended)
    dialog.wait_for()
    for seat in SEATS:
        assert dialog.locator(f'[data-hand="{seat}"]').count() == 1, (
            f"the hand-end dialog has no data-hand={seat}"
        )
    shown = {
        seat: dialog.locator(f'[data-hand="{seat}"] [data-tile]').evaluate_all(
            "els => els.map(e => e.dataset.tile)"
        )
        for seat in SEATS
    }
    # the losers always hold tiles, face up, with their numbers
    assert sum(1 for seat in SEATS if shown[seat]) >= 3, f"face-up tiles in the dialog: {shown}"
    if south is not None:
        assert sorted(shown["S"]) == sorted(south), f"South held {south}, dialog shows {shown['S']}"
    held = [t for seat in SEATS for t in shown[seat]]
    state = game.state()
    placed = [t for b in state["branches"].values() for t in b["tiles"]]
    assert len(set(held)) == len(held), f"a tile shown twice: {shown}"
    assert not set(held) & set(placed), "a tile both in a hand and on the board"
    if state.get("save"):
        hand = session_of(state).match.hand
        assert hand.outcome is not None, "the saved hand is not over"
        for s, seat in enumerate(SEATS):
            assert sorted(shown[seat]) == sorted(str(t) for t in hand.tiles(s)), (
                f"{seat}: dialog shows {shown[seat]}, engine {[str(t) for t in hand.tiles(s)]}"
            )


def test_hand_end_dialog_shows_four_hands_face_up(browsers: Browsers) -> None:
    """Fast computers: play the hand out quickly, then look at the dialog."""
    game = browsers.game(settings=FAST)
    game.play_hand(
        "S",
        each_turn=no_leaks,
        choose=lambda ms: max(ms, key=lambda m: m.tile.pips if m.tile else 0),
    )
    check_hand_end_dialog(game, south=game.south_left)
    # the next hand deals a new hand (or, when that hand won the match, a new match its first)
    after = "2" if game.ended == "hand-end" else "1"
    game.deal_on(game.ended)
    assert game.wait_turn("S") in ("turn", "hand-end", "match-end")
    assert game.page.evaluate("() => document.body.dataset.handNumber") in (None, after)


def test_a_first_hand_that_wins_the_match_ends_in_the_match_end(browsers: Browsers) -> None:
    """About 1 deal in 65 here: the match's end shows the four hands as the hand's end would, and
    its New match deals hand 1 of another match."""
    game = browsers.game(f"?deal={first_hand_wins_the_match()}", settings=FAST)
    game.play_hand("S")
    assert game.ended == "match-end", "the hand did not win the match as the engine's did"
    check_hand_end_dialog(game, south=game.south_left)
    game.deal_on("match-end")
    assert game.wait_turn("S") in ("turn", "hand-end", "match-end")
    assert game.page.evaluate("() => document.body.dataset.handNumber") == "1"


# -- preview, cancel, refusal -----------------------------------------------------------------


def test_preview_then_cancel_leaves_everything_unchanged(browsers: Browsers) -> None:
    game = south_turn(browsers)
    before, save_before = game.snapshot(), game.raw_save()
    legal = game.legal_for("S")
    move = legal[-1]
    game.show_preview(move, legal)
    assert game.action("confirm").is_enabled(), "a preview must be confirmable"
    # nothing happened yet: the tile is still in the hand, nothing on the board
    assert game.tile("S", str(move.tile)).count() == 1
    game.action("cancel").click()
    game.preview().wait_for(state="detached")
    assert game.snapshot() == before, "preview + cancel changed the table"
    assert game.raw_save() == save_before, "preview + cancel changed the save"
    assert game.action("confirm").is_disabled()
    # a new selection after a preview also clears it
    game.show_preview(move, legal)
    other = next((t for t in game.state()["hands"]["S"]["tiles"] if t != str(move.tile)), None)
    if other is not None:
        game.tile("S", other).click()
        game.preview().wait_for(state="detached")
        game.action("cancel").click()
        game.page.wait_for_function("() => !document.querySelector('[data-target]')")
        assert game.snapshot() == before


def test_illegal_target_is_refused_with_its_reason(browsers: Browsers) -> None:
    game = south_turn(browsers)
    state = game.state()
    board = board_from_state(state)
    tiles = [Tile.parse(t) for t in state["hands"]["S"]["tiles"]]
    refusals = [(t, b, board.reason(0, t, b)) for t in tiles for b in range(4)]
    refusals = [(t, b, e) for t, b, e in refusals if e is not None]
    assert refusals, "South's every tile fits every branch: no refusal to try"
    # prefer a tile that has some legal target too (the page lights those, not this one)
    legal_tiles = {m.tile for m in game.legal_for("S", state)}
    refusals.sort(key=lambda r: (r[0] not in legal_tiles, r[1]))
    tile, branch, error = refusals[0]
    before, save_before = game.snapshot(), game.raw_save()
    game.tile("S", str(tile)).click()
    game.page.wait_for_function(
        "(t) => document.querySelector(`[data-hand='S'] [data-tile='${t}'][aria-pressed='true']`)"
        " || document.querySelector(`[data-hand='S'] [data-tile='${t}'].selected`)",
        arg=str(tile),
    )
    assert game.target(SEAT_NAMES[branch]).count() == 0, "an illegal branch is lit as a target"
    # tap the branch where a person would: its end cap (data-end-marker), which belongs to
    # it alone (the branches' boxes may overlap where a branch bends)
    marker = game.branch(SEAT_NAMES[branch]).locator(f'[data-end-marker="{SEAT_NAMES[branch]}"]')
    assert marker.count() == 1, f"branch {SEAT_NAMES[branch]} has no data-end-marker"
    marker.click()
    reason = expected_reason(error)
    game.page.wait_for_function(
        "(text) => [...document.querySelectorAll('[data-message], [role=status]')]"
        ".some(e => e.textContent.includes(text))",
        arg=reason,
        timeout=10_000,
    )
    assert game.preview().count() == 0, "an illegal target got a preview"
    assert game.action("confirm").is_disabled()
    game.action("cancel").click()
    game.page.wait_for_function("() => !document.querySelector('[data-target]')")
    assert game.snapshot() == before and game.raw_save() == save_before


# -- drag and drop --------------------------------------------------------------------------------


def test_drag_and_drop_ends_in_a_preview_then_confirm(browsers: Browsers) -> None:
    game = south_turn(browsers)
    legal = game.legal_for("S")
    move = legal[0]
    assert move.tile is not None and move.branch is not None
    mouse = game.page.mouse
    source = game.tile("S", str(move.tile)).bounding_box()
    assert source is not None
    x0, y0 = source["x"] + source["width"] / 2, source["y"] + source["height"] / 2
    mouse.move(x0, y0)
    mouse.down()
    mouse.move(x0 + 15, y0 - 15, steps=3)
    # while dragging, the legal targets light up
    game.wait_targets(
        [SEAT_NAMES[m.branch] for m in legal if m.tile is move.tile and m.branch is not None]
    )
    box = game.target(SEAT_NAMES[move.branch]).bounding_box()
    assert box is not None
    mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=8)
    mouse.up()
    game.branch(SEAT_NAMES[move.branch]).locator(f'[data-preview="{move.tile}"]').wait_for(
        state="visible"
    )
    # the drop only previews: the tile is still in the hand
    assert game.tile("S", str(move.tile)).count() == 1
    game.action("confirm").click()
    game.tile("S", str(move.tile)).wait_for(state="detached", timeout=ACT_MS)
    board = game.branch(SEAT_NAMES[move.branch])
    assert board.locator(f'[data-tile="{move.tile}"]').count() == 1


# -- the opening -------------------------------------------------------------------------------


def test_person_who_opens_chooses_the_double(browsers: Browsers) -> None:
    """All four seats people (settings): the first hand's opener has the forced double
    pre-selected as a preview; confirming lays it in the centre."""
    game = browsers.game(settings={"speed": "fast", "seats": ["person"] * 4})
    # several people at the device: a handoff screen first, with every hand face down
    holder = game.take_device()
    state = game.state()
    assert not game.opened(state), "the hand is already opened"
    opener = state["toMove"]
    assert holder == opener, f"the device goes to {holder}, but {opener} opens"
    tiles = [Tile.parse(t) for t in state["hands"][opener]["tiles"]]
    assert tiles, f"the opener {opener}'s tiles are not face up"
    for seat in SEATS:
        if seat != opener:
            assert state["hands"][seat]["tiles"] == [], f"{seat}'s tiles are face up"
    # the first hand: the highest double among all 32 dealt tiles, i.e. the opener's highest
    doubles = sorted((t for t in tiles if t.is_double), key=lambda t: -t.high)
    assert doubles, "the opener holds no double"
    forced = str(doubles[0])
    preview = game.preview()
    preview.wait_for(state="visible")
    assert preview.get_attribute("data-preview") == forced, "the forced double is not preselected"
    assert (
        game.page.locator(f'[data-hand="{opener}"] [data-tile="{forced}"]').get_attribute(
            "aria-pressed"
        )
        == "true"
    )
    # another double (if any) is refused, with the rule in words
    if len(doubles) > 1:
        game.page.locator(f'[data-hand="{opener}"] [data-tile="{doubles[1]}"]').click()
        game.page.wait_for_function(
            "(text) => [...document.querySelectorAll('[data-message], [role=status]')]"
            ".some(e => e.textContent.includes(text))",
            # the tile's name with a non-breaking hyphen, as in all running text
            arg=english()["why"]["opening"]["one"].replace(
                "{doubles}", forced.replace("-", "\u2011")
            ),
        )
    game.action("confirm").click()
    game.page.locator(f'[data-hand="{opener}"] [data-tile="{forced}"]').wait_for(state="detached")
    state = game.state()
    assert game.opened(state)
    assert {b["end"] for b in state["branches"].values()} == {forced[0]}
    assert state["toMove"] == SEATS[(SEATS.index(opener) + 1) % 4]
    # the next person gets the device through the handoff screen
    assert game.take_device() == state["toMove"]


def test_person_opening_a_later_hand_chooses_any_double(browsers: Browsers) -> None:
    """A saved game where South won hand 1 and opens hand 2 holding several doubles: South
    picks one that is not the first offered, confirms, and it lies in the centre."""
    save = later_hand_save()
    game = browsers.game(settings=FAST, save=save)
    assert game.wait_turn("S") == "turn"
    state = game.state()
    from longana.device.session import Session

    expected = Session.from_dict(save).match.hand
    assert sorted(state["hands"]["S"]["tiles"]) == sorted(str(t) for t in expected.tiles(0)), (
        "the page did not resume the saved game (longana:save)"
    )
    assert not game.opened(state)
    assert game.preview().count() == 0, "a free choice of double must not be preselected"
    held = [Tile.parse(t) for t in state["hands"]["S"]["tiles"]]
    doubles = sorted((t for t in held if t.is_double), key=lambda t: t.high)
    choice = doubles[0]  # the lowest: never the "obvious" highest
    game.tile("S", str(choice)).click()
    game.preview().wait_for(state="visible")
    assert game.preview().get_attribute("data-preview") == str(choice)
    game.action("confirm").click()
    game.tile("S", str(choice)).wait_for(state="detached")
    assert {b["end"] for b in game.state()["branches"].values()} == {str(choice.high)}


def later_hand_save() -> dict[str, Any]:
    """South wins hand 1 (random legal play-outs) and holds two or more doubles in hand 2."""
    import random

    from longana.device.session import COMPUTER, PERSON, Session

    for n in range(1, 3000):
        session = Session(str(n), seats=(PERSON, COMPUTER, COMPUTER, COMPUTER))
        rng = random.Random(n)
        hand = session.match.hand
        while hand.outcome is None:
            session.play(rng.choice(hand.legal_moves()))
        if hand.outcome.winner != 0 or session.match.is_over:
            continue
        session.next_hand()
        nxt = session.match.hand
        if nxt.opener == 0 and sum(1 for t in nxt.tiles(0) if t.is_double) >= 2:
            return session.to_dict()
    raise AssertionError("no such deal found")


# -- pass ------------------------------------------------------------------------------------------


def test_pass_is_offered_only_when_nothing_fits(browsers: Browsers) -> None:
    """Play fast hands until South must pass: Pass appears, previews, and confirming it opens
    South's branch."""
    game = browsers.game(settings=FAST)
    for _ in range(200):
        result = game.wait_turn("S")
        if result in ("hand-end", "match-end"):  # a match may end before South must pass
            game.deal_on(result)
            continue
        assert result == "turn"
        state = game.state()
        if game.opened(state) and not game.legal_for("S", state):
            break
        game.play_turn("S", choose=lambda ms: max(ms, key=lambda m: m.tile.pips if m.tile else 0))
    else:
        raise AssertionError("South never had to pass")
    was_open = state["branches"]["S"]["open"] == "true"
    for tile in state["hands"]["S"]["tiles"][:1]:
        game.tile("S", tile).click()
        assert game.state()["targets"] == []
    game.action("pass").click()
    assert game.action("confirm").is_enabled()
    game.action("confirm").click()
    game.wait_moves(int(state["body"].get("data-moves") or 0), TURN_MS)
    if not was_open:
        # passing opened South's branch (unless the hand ended or came round to South again)
        opened = game.page.evaluate("() => document.querySelector('[data-branch=S]').dataset.open")
        assert (
            opened == "true"
            or game.wait_turn("S") != "turn"
            or game.state()["branches"]["S"]["open"] == "true"
        )
