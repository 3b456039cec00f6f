"""The record panel's data, export to hand records and import back, stepping through a hand."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import replace

import pytest

from longana import Move, RecordError
from longana.cli import legal_answer
from longana.device.history import (
    can_export,
    export_filename,
    export_records,
    export_text,
    hand_after,
    history,
    import_text,
    steps,
)
from longana.device.session import COMPUTER, Session
from longana.rules.errors import LonganaError
from longana.rules.match import Match
from longana.rules.records import hand_record, match_to_dict
from longana.rules.tiles import E, N, S, W


def play(match: Match, moves: int, rng: random.Random) -> None:
    """Random legal moves, dealing on after each hand, until ``moves`` moves or the end."""
    for _ in range(moves):
        if match.is_over:
            return
        if match.hand.outcome is not None:
            match.next_hand()
        match.push(rng.choice(match.hand.legal_moves()))


def whole_match(seed: str = "12") -> Match:
    match = Match(seed)
    play(match, 10_000, random.Random(seed))
    assert match.is_over
    return match


def test_the_record_lists_every_hand_move_and_result_with_running_totals() -> None:
    match = whole_match()
    record = history(match)
    assert [h.number for h in record] == list(range(1, len(match.hands) + 1))
    for summary, hand in zip(record, match.hands, strict=True):
        assert summary.deal == "12"
        assert summary.opener == hand.opener == summary.steps[0].seat
        assert summary.opening == hand.board.opening == summary.steps[0].tile
        assert [(s.seat, s.move) for s in summary.steps] == hand.history
        assert [s.number for s in summary.steps] == list(range(1, len(hand.history) + 1))
        assert summary.outcome == hand.outcome
        assert summary.dealt == tuple(tuple(t) for t in hand.starting_tiles)
    for earlier, later in zip(record, record[1:], strict=False):
        assert later.scores_before == earlier.scores_after
    assert record[0].scores_before == (0, 0, 0, 0)
    assert record[-1].scores_after == match.scores
    json.dumps([h.to_dict() for h in record])  # plain data all the way down


def test_a_hand_in_progress_shows_no_deal_and_no_score_yet() -> None:
    match = Match("4")
    play(match, 5, random.Random(4))
    (summary,) = history(match)
    assert summary.outcome is None and summary.dealt is None
    assert summary.scores_after == summary.scores_before == (0, 0, 0, 0)
    assert "dealt" in summary.to_dict() and summary.to_dict()["dealt"] is None


def test_each_step_says_what_it_did_to_the_board() -> None:
    match = whole_match("3")
    for hand in match.hands:
        board_steps = steps(hand)
        for k, step in enumerate(board_steps):
            before = hand_after(hand, k).board
            after = hand_after(hand, k + 1).board
            if step.kind == "pass":
                assert step.order == after.order[step.seat] > 0
                assert step.opened == (before.order[step.seat] == 0)
                assert step.tile is None and step.branch is None and step.notation == "pass"
            elif step.kind == "opening":
                assert k == 0 and step.end == after.ends[step.seat]
            else:
                assert step.branch is not None
                assert step.end == after.ends[step.branch]
                assert step.closed == (before.order[step.seat] > 0)
                assert step.notation == f"{step.tile}@{'SENW'[step.branch]}"
    kinds = {s.kind for h in match.hands for s in steps(h)}
    assert kinds == {"opening", "play", "pass"}
    assert any(s.closed for h in match.hands for s in steps(h))
    assert any(s.kind == "pass" and not s.opened for h in match.hands for s in steps(h))


def test_export_holds_only_finished_hands_because_records_show_every_tile() -> None:
    match = Match("4")
    assert not can_export(match) and export_text(match) == ""
    rng = random.Random(1)
    while len(match.hands) < 2 or len(match.hand.history) < 3:
        play(match, 1, rng)
    assert match.hand.outcome is None and can_export(match)
    assert export_records(match) == [hand_record(match.hands[0])]
    assert export_filename(Match("class 7/b")) == "longana-deal-class_7_b.jsonl"


def test_exported_lines_are_what_the_legal_command_reads() -> None:
    match = whole_match()
    text = export_text(match)
    lines = text.splitlines()
    assert len(lines) == len(match.hands)
    for line, hand in zip(lines, match.hands, strict=True):
        answer = legal_answer(json.loads(line))
        assert hand.outcome is not None
        assert answer["over"] is True and answer["points"] == hand.outcome.points
    done = subprocess.run(
        [sys.executable, "-m", "longana", "legal"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    )
    answers = [json.loads(a) for a in done.stdout.splitlines()]
    assert [a.get("over") for a in answers] == [True] * len(match.hands)
    assert [a["winner"] for a in answers] == [
        None if h.outcome is None or h.outcome.winner is None else "SENW"[h.outcome.winner]
        for h in match.hands
    ]


def test_export_then_import_gives_the_same_hands_and_record() -> None:
    match = whole_match("27")
    imported = import_text(export_text(match))
    assert [hand_record(h) for h in imported.hands] == export_records(match)
    assert imported.hands == tuple(match.hands)
    assert imported.summaries() == [replace(h, deal=None) for h in history(match)]


def test_import_reads_a_list_one_record_a_saved_match_and_a_saved_game() -> None:
    match = whole_match("5")
    records = export_records(match)
    assert import_text(json.dumps(records)).hands == tuple(match.hands)
    assert import_text(json.dumps(records[1])).hands == (match.hands[1],)

    unfinished = Match("9")
    play(unfinished, 40, random.Random(9))
    imported = import_text(json.dumps(match_to_dict(unfinished)))
    assert imported.deal == "9" and imported.hands == tuple(unfinished.hands)
    assert imported.summaries() == history(unfinished)

    game = Session("9", seats=(COMPUTER,) * 4)
    for _ in range(12):
        game.play(game.match.hand.legal_moves()[0])
    from_game = import_text(game.to_json())
    assert from_game.deal == "9" and from_game.hands == tuple(game.match.hands)


def a_record() -> dict[str, object]:
    return export_records(whole_match("5"))[0]


def edited(**changes: object) -> str:
    record = a_record()
    record.update(changes)
    return json.dumps(record)


def with_move(index: int, move: str) -> str:
    record = a_record()
    moves = record["moves"]
    assert isinstance(moves, list)
    moves[index] = move
    return json.dumps(record)


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty"),
        ("  \n", "empty"),
        ("42", "not hand records"),
        ("[]", "no hand records"),
        (json.dumps(a_record()) + "\n{oops\n", "line 2: not JSON"),
        (with_move(1, "pass"), "move 1"),
        (with_move(0, "0-0@S"), "move 0"),
        (with_move(2, "10-3@N"), "not a tile"),
        (edited(moves="9-9"), '"moves" must be a list'),
        (edited(hands={"S": []}), "tiles"),
        (edited(hands={"S": ["1-0"] * 8, "E": [], "N": [], "W": []}), "dealt twice"),
        (json.dumps([a_record(), {"hands": 1}]), "hand 2"),
        (json.dumps({"schema": 1, "seed": "5", "hands": [a_record(), a_record()]}), "hand 2"),
        (json.dumps({"schema": 9, "hands": []}), "newer version"),
        (
            json.dumps(
                {
                    "hands": {
                        "S": ["1-0", "2-0", "2-1", "3-0", "3-1", "3-2", "4-0", "4-1"],
                        "E": ["4-2", "4-3", "5-0", "5-1", "5-2", "5-3", "5-4", "6-0"],
                        "N": ["6-1", "6-2", "6-3", "6-4", "6-5", "7-0", "7-1", "7-2"],
                        "W": ["7-3", "7-4", "7-5", "7-6", "8-0", "8-1", "8-2", "8-3"],
                    }
                }
            ),
            "nobody holds a double",
        ),
    ],
)
def test_import_refuses_what_the_engine_refuses_and_says_where(text: str, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        import_text(text)


@pytest.mark.parametrize(
    "text, code, params",
    [
        ("", "import-not-records", {}),
        ("42", "import-not-records", {}),
        ("[]", "import-not-records", {}),
        ("[" * 3000 + "]" * 3000, "too-deep", {}),
        (json.dumps(a_record()) + "\n{oops\n", "import-line", {"line": 2}),
        (json.dumps(a_record()) + "\n" + with_move(1, "pass"), "import-hand", {"line": 2}),
        (json.dumps([a_record(), {"hands": 1}]), "import-hand", {"hand": 2}),
        (with_move(0, "0-0@S"), "import-hand", {}),
        (json.dumps({"schema": 9, "hands": []}), "record", {}),  # a save: the page says so
    ],
)
def test_an_import_refusal_has_a_code_and_params_for_the_page(
    text: str, code: str, params: dict[str, int]
) -> None:
    """The page words a refusal from its code and params, never from the English message."""
    with pytest.raises(RecordError) as caught:
        import_text(text)
    assert (caught.value.code, caught.value.params) == (code, params)


def test_stepping_through_a_hand_move_by_move() -> None:
    match = whole_match("8")
    hand = match.hands[0]
    start = hand_after(hand, 0)
    assert not start.is_opened and start.history == [] and start.to_move == hand.opener
    assert start.start == hand.start
    for k, (seat, move) in enumerate(hand.history):
        position = hand_after(hand, k)
        assert position.to_move == seat and position.is_legal(move)
    assert hand_after(hand, len(hand.history)) == hand
    for k in (-1, len(hand.history) + 1):
        with pytest.raises(LonganaError):
            hand_after(hand, k)
    later = match.hands[1]  # a later hand keeps its opener rule
    assert hand_after(later, 0).opener == later.opener
    assert hand_after(later, len(later.history)).outcome == later.outcome


def test_steps_name_seats_and_branches_in_plain_data() -> None:
    hand = Match("2").hand
    hand.push(hand.legal_moves()[0])
    while hand.outcome is None and not hand.legal_moves()[0].is_pass:
        hand.push(hand.legal_moves()[0])
    data = [s.to_dict() for s in steps(hand)]
    assert data[0]["kind"] == "opening" and data[0]["branch"] is None
    assert data[0]["seat"] == "SENW"[hand.opener]
    for item, (seat, move) in zip(data, hand.history, strict=True):
        assert item["seat"] == "SENW"[seat] and Move.parse(item["move"]) is move
    assert {S, E, N, W} >= {s.seat for s in steps(hand)}
