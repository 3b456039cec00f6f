"""The one protocol between the page and the game worker (longana/protocol.py): every intent,
and bad intents answered with an error, never a crash; frames show only what the holder may
see."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import Reply, ask, person_to_move, play_on, played_until, start
from hypothesis import given, settings
from hypothesis import strategies as st

from longana.device.session import Session
from longana.protocol import Game
from longana.rules.tiles import SEAT_NAMES, Move
from longana.rules.variant import PRESETS

PEOPLE = ["person", "computer", "person", "computer"]


def to_person(game: Game, reply: Reply) -> Reply:
    """Let the computers move until a person is to move (or the hand ends)."""
    return played_until(game, reply, lambda f: f["outcome"] is not None or person_to_move(f))


def test_start_gives_a_frame_and_a_save_that_resumes() -> None:
    game, reply = start()
    assert set(reply) == {"frame", "save"}
    frame = reply["frame"]
    assert frame["deal"] == "21" and frame["log"] == 0 and frame["hand_number"] == 1
    reply = to_person(game, reply)
    again = ask(Game(), do="start", save=reply["save"], deal=None)
    assert again["frame"] == reply["frame"] and again.get("resumed") is (reply["frame"]["log"] > 0)


def test_a_deal_in_the_address_replaces_a_save_of_another_deal() -> None:
    _, reply = start("21")
    other = ask(Game(), do="start", save=reply["save"], deal="22")
    assert other["replaced"] and other["frame"]["deal"] == "22"
    same = ask(Game(), do="start", save=reply["save"], deal="21")
    assert "replaced" not in same and same["frame"]["deal"] == "21"


def test_the_turn_map_agrees_with_the_engine_for_every_tile_and_branch() -> None:
    for deal in ("1", "2", "3", "4", "5", "6"):
        game, reply = start(deal)
        for _ in range(6):
            reply = to_person(game, reply)
            frame = reply["frame"]
            if frame["outcome"] is not None:
                break
            turn = frame["turn"]
            session = Session.from_json(reply["save"])
            hand = session.match.hand
            assert turn["seat"] == SEAT_NAMES[hand.to_move] == frame["viewer"]
            assert turn["moves"] == [str(m) for m in hand.legal_moves()]
            for tile in hand.tiles(hand.to_move):
                entry = turn["tiles"][str(tile)]
                if not hand.is_opened:
                    opens = tile.is_double and Move(tile) in hand.legal_moves()
                    assert entry.get("open") == opens
                    continue
                for verdict in hand.explain(hand.to_move, tile):
                    letter = SEAT_NAMES[verdict.branch]
                    if verdict.error is None:
                        assert letter in entry["targets"] and letter not in entry["why"]
                    else:
                        assert entry["why"][letter]["code"] == verdict.error.code
            reply = ask(game, do="play", move=turn["moves"][-1], at=frame["log"])
            assert "refused" not in reply


def test_an_illegal_move_is_refused_with_the_rule_and_changes_nothing() -> None:
    game, reply = at_a_person()
    frame = reply["frame"]
    session = Session.from_json(reply["save"])
    hand = session.match.hand
    if not hand.is_opened:
        game, reply = at_a_person("4")
    frame = reply["frame"]
    tile = next(iter(frame["turn"]["tiles"]))
    wrong = [f"{tile}@{b}" for b in "SENW" if f"{tile}@{b}" not in frame["turn"]["moves"]]
    refused = ask(game, do="play", move=wrong[0], at=frame["log"])
    assert refused["refused"]["code"] in ("no-match", "closed", "priority")
    assert "save" not in refused and refused["frame"]["log"] == frame["log"]
    assert ask(game, do="play", move="10-3@N", at=frame["log"])["error"]["code"] == "refused"


def at_a_person(deal: str = "21") -> tuple[Game, Reply]:
    """A game on the first deal from ``deal`` on whose opened board a person is to move."""
    for n in range(200):
        game, reply = start(str(int(deal) + n))
        reply = to_person(game, reply)
        if reply["frame"]["turn"] is not None and reply["frame"]["board"]["opening"]:
            return game, reply
    raise AssertionError("no deal found")


def test_a_stale_intent_changes_nothing() -> None:
    game, reply = at_a_person()
    frame = reply["frame"]
    move = frame["turn"]["moves"][0]
    stale = ask(game, do="play", move=move, at=frame["log"] - 1)
    assert stale["stale"] and stale["frame"]["log"] == frame["log"]
    assert ask(game, do="computer", at=frame["log"])["stale"], "a person is to move"


def test_undo_redo_restart_next_hand_and_hint() -> None:
    game, reply = at_a_person()
    frame = reply["frame"]
    hint = ask(game, do="hint", at=frame["log"])["hint"]
    assert hint in frame["turn"]["moves"]
    played = ask(game, do="play", move=hint, at=frame["log"])
    assert played["frame"]["log"] == frame["log"] + 1 and played["frame"]["can"]["undo"]
    undone = ask(game, do="undo")
    assert undone["frame"] == frame | {"can": undone["frame"]["can"]}
    assert undone["frame"]["can"]["redo"]
    redone = ask(game, do="redo")
    assert redone["frame"]["log"] == played["frame"]["log"]
    restarted = ask(game, do="restart")
    assert restarted["frame"]["moves"] == 0
    assert ask(game, do="next-hand")["frame"]["hand_number"] == 1, "the hand is not over"


def test_a_whole_match_through_the_protocol() -> None:
    game, first = start("33", seats=["computer"] * 4)
    hands = 0
    for reply in play_on(game, first):
        frame = reply["frame"]
        if frame["outcome"] is not None:
            hands += 1
            assert frame["hand_number"] == hands
            continue
        assert frame["turn"] is None and all(h["tiles"] is None for h in frame["hands"].values())
    assert frame["match_over"]
    assert frame["winner"] is not None and frame["scores"][frame["winner"]] >= 100
    assert all(h["tiles"] is not None for h in frame["hands"].values()), "all shown at the end"
    record = ask(game, do="record")
    assert len(record["record"]) == hands and record["export"]["text"].count("\n") == hands
    replay = ask(game, do="replay", hand=0, step=3)["replay"]
    assert replay["step"] == 3 and replay["position"]["moves"] == 3
    imported = ask(game, do="import", text=record["export"]["text"])["replay"]
    assert imported["imported"] and imported["count"] == hands
    refused = ask(game, do="import", text="{nope")["refused"]
    assert refused["code"] == "import-line" and refused["params"]["line"] == 1


def test_people_take_the_device_and_see_only_their_own_tiles() -> None:
    game, reply = start("3", seats=PEOPLE)
    for _ in range(6):
        frame = reply["frame"]
        if frame["outcome"] is not None:
            break
        if frame["seats"][frame["to_move"]] == "computer":
            reply = ask(game, do="computer", at=frame["log"])
            continue
        assert frame["handoff"] == frame["to_move"] and frame["turn"] is None
        assert all(h["tiles"] is None for h in frame["hands"].values())
        reply = ask(game, do="take-device", seat=frame["to_move"])
        frame = reply["frame"]
        shown = [s for s, h in frame["hands"].items() if h["tiles"] is not None]
        assert shown == [frame["to_move"]] and frame["turn"] is not None
        reply = ask(game, do="play", move=frame["turn"]["moves"][0], at=frame["log"])


@pytest.mark.parametrize(
    "text, code",
    [
        ("{not json", "bad-json"),
        ("[]", "bad-intent"),
        ('{"do": 3}', "bad-intent"),
        ('{"do": "fly"}', "unknown-intent"),
        ('{"do": "undo"}', "not-started"),
    ],
)
def test_bad_intents_before_a_game_get_an_error(text: str, code: str) -> None:
    assert json.loads(Game().handle(text))["error"]["code"] == code


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_new_match_is_played_to_the_length_asked_and_keeps_it(name: str) -> None:
    """The match's length goes with a new match (``target``), into its frame and its save; a
    match in progress keeps its own (a later intent's target does not change it); an intent
    without one plays the card's 100."""
    target = PRESETS[name].target
    game, _ = start()
    reply = ask(game, do="new-match", seats=PEOPLE, level="easy", deal="L", target=target)
    assert reply["frame"]["rules"] == {"highest": 9, "hand_size": 8, "target": target}
    data = json.loads(reply["save"])
    assert data["target"] == target and "highest" not in data and "hand_size" not in data
    resumed = ask(Game(), do="start", save=reply["save"], deal=None, target=50)
    assert resumed["frame"]["rules"]["target"] == target
    assert ask(game, do="seats", seats=PEOPLE, level="hard")["frame"]["rules"]["target"] == target
    plain = ask(Game(), do="start", save=None, deal="L", seats=PEOPLE)
    assert plain["frame"]["rules"]["target"] == 100


@pytest.mark.parametrize("change", [{"target": 40000}, {"target": 5}, {"highest": 10}])
def test_a_save_out_of_bounds_is_refused_in_words_where_it_loads_or_is_imported(
    change: dict[str, int],
) -> None:
    """A save whose rules no match may have (issue 37: a target of 40,000 made every hint and
    review divide by zero) is set aside as damaged when it would resume, and refused in words
    when it is imported; nothing else changes."""
    game, reply = start()
    damaged = json.dumps({**json.loads(reply["save"]), **change})
    resumed = ask(Game(), do="start", save=damaged, deal=None)
    assert "corrupt" in resumed and resumed["frame"]["rules"]["target"] == 100
    before = ask(game, do="record")
    refused = ask(game, do="import", text=damaged)["refused"]
    assert (
        refused["code"] == "import-save"
        and str(next(iter(change.values()))) in (refused["params"]["detail"])
    )
    assert ask(game, do="record") == before  # the game at the device is as it was


def test_a_whole_short_match_ends_at_its_target() -> None:
    game = Game()
    first = ask(game, do="start", save=None, deal="33", seats=["computer"] * 4, target=50)
    *_, last = play_on(game, first)
    frame = last["frame"]
    assert frame["match_over"] and frame["scores"][frame["winner"]] >= 50
    assert all(frame["scores"][s] < 50 for s in frame["scores"] if s != frame["winner"])


@pytest.mark.parametrize(
    "intent, code",
    [
        ({"do": "new-match", "seats": ["robot"] * 4}, "bad-seats"),
        ({"do": "new-match", "level": "grandmaster"}, "bad-level"),
        ({"do": "new-match", "deal": 7}, "bad-deal"),
        ({"do": "new-match", "target": 40000}, "bad-target"),  # issue 37: beyond any weighing
        ({"do": "new-match", "target": 9}, "bad-target"),
        ({"do": "new-match", "target": "100"}, "bad-target"),
        ({"do": "start", "save": None, "target": True}, "bad-target"),
        ({"do": "take-device", "seat": "Q"}, "bad-seat"),
        ({"do": "replay", "hand": 9}, "bad-hand"),
        ({"do": "replay", "hand": 0}, "hand-not-over"),
        ({"do": "replay", "imported": True}, "nothing-imported"),
        ({"do": "import", "text": 5}, "bad-import"),
        ({"do": "play", "move": "pass"}, "not-a-person"),
    ],
)
def test_bad_intents_during_a_game_get_an_error(intent: dict[str, Any], code: str) -> None:
    game, _ = start(seats=["computer"] * 4)
    assert ask(game, **intent)["error"]["code"] == code


@settings(max_examples=60, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=8),
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.dictionaries(
                st.sampled_from(
                    ["do", "move", "at", "seats", "save", "deal", "hand", "step", "text", "target"]
                ),
                inner,
                max_size=4,
            )
        ),
        max_leaves=10,
    ),
    st.sampled_from(
        [
            "start",
            "play",
            "computer",
            "undo",
            "redo",
            "restart",
            "next-hand",
            "hint",
            "new-match",
            "seats",
            "take-device",
            "record",
            "replay",
            "import",
        ]
    ),
)
def test_no_intent_crashes_the_worker(junk: Any, do: str) -> None:
    game, _ = start()
    intent = dict(junk) if isinstance(junk, dict) else {}
    intent["do"] = do
    reply = json.loads(game.handle(json.dumps(intent)))
    assert isinstance(reply, dict)
    assert reply.get("error", {}).get("code") != "internal", reply


def test_a_new_worker_keeps_who_holds_the_device() -> None:
    game, reply = start("3", seats=PEOPLE)
    reply = played_until(
        game, reply, lambda f: f["handoff"] is not None or f["outcome"] is not None
    )
    seat = reply["frame"]["handoff"]
    reply = ask(game, do="take-device", seat=seat)
    again = ask(Game(), do="start", save=reply["save"], deal=None, holder=seat)
    assert again["frame"]["viewer"] == seat and again["frame"]["handoff"] is None
    reload = ask(Game(), do="start", save=reply["save"], deal=None)
    assert reload["frame"]["viewer"] is None, "a reload shows nobody's tiles before a confirm"


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["do", "id", "move", "at", "save"]),
        st.none() | st.booleans() | st.integers() | st.text(max_size=8) | st.lists(st.none()),
        max_size=4,
    ),
    st.sampled_from(
        ["lesson-start", "lesson-play", "lesson-computer", "lesson-next", "lesson-retry"]
    ),
    st.sampled_from(["own-branch", "opening", "block"]),
)
def test_no_lesson_intent_crashes_the_worker_nor_touches_the_game(
    junk: dict[str, Any], do: str, lesson: str
) -> None:
    game, begun = start()
    ask(game, do="lesson-start", id=lesson)
    reply = json.loads(game.handle(json.dumps({**junk, "do": do})))
    assert isinstance(reply, dict) and "save" not in reply
    assert reply.get("error", {}).get("code") != "internal", reply
    assert ask(game, do="record")["record"] == ask(start()[0], do="record")["record"]
    assert begun["frame"]["deal"] == "21"


@pytest.mark.parametrize("holder", [None, "S", "E", "N", "W"])
def test_a_save_that_cannot_be_used_is_refused_when_it_is_that_save_or_nothing(
    holder: str | None,
) -> None:
    """``or_new: false`` (the page follows another tab's save): a save that does not read
    is refused and the game in the worker, and who holds the device, stay as they were."""
    game, reply = start("3", seats=["person"] * 4)
    reply = played_until(game, reply, lambda f: f["handoff"] is not None)
    mine = ask(game, do="take-device", seat=reply["frame"]["handoff"])
    before = mine["frame"]
    for bad in ('{"schema": 3, "broken": tru', "[]", "", '{"schema": 99}'):
        refused = ask(game, do="start", save=bad, deal=None, holder=holder, or_new=False)
        assert refused["refused"]["code"] == "save-unreadable" and "frame" not in refused
        assert game.session is not None and game.session.to_json() == mine["save"]
        assert ask(game, do="take-device", seat="Q").get("error"), "still started"
        assert ask(game, do="seats", seats=["person"] * 4, level="normal")["frame"] == before
    other = ask(Game(), do="start", save=None, deal="9")["save"]
    followed = ask(game, do="start", save=other, deal=None, holder=holder, or_new=False)
    assert followed["frame"]["deal"] == "9", "a save that reads is followed"


def test_no_hint_while_the_handoff_hides_every_hand() -> None:
    """The page greys the hint while the handoff screen is up; the worker refuses it too
    (it would show the tiles of the person about to take the device), for every seat."""
    game, first = start("3", seats=["person"] * 4)
    seen = set()
    for reply in play_on(game, first, hands=1):
        frame = reply["frame"]
        due = frame["handoff"]
        if due is None or due in seen:
            continue
        seen.add(due)
        refused = ask(game, do="hint", at=frame["log"])
        assert refused["refused"] == {"code": "hands-hidden", "params": {"seat": due}}
        assert "hint" not in refused and "explanation" not in refused
        assert refused["frame"] == frame
        taken = ask(game, do="take-device", seat=due)
        assert (
            ask(game, do="hint", at=taken["frame"]["log"])["hint"]
            in taken["frame"]["turn"]["moves"]
        )
        if seen == set(SEAT_NAMES):
            break
    assert seen == set(SEAT_NAMES)
