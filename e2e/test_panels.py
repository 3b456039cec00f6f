"""Issue 4's panels through the page: the record (every move, results, scores, deal number),
export and import of hand records with the step-through, a broken import, the rules panel
with its drawn example. What the page shows is compared with the engine's own reading of the
saved game (``longana.device.history``), never with the page's own idea of it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import FilePayload, Locator

from longana import SEAT_NAMES, Hand
from longana.device.diagram import example
from longana.device.history import (
    HandSummary,
    export_filename,
    export_text,
    hand_after,
    history,
    import_text,
)
from longana.rules.errors import RecordError
from ui import diagram

from .browsers import Browsers
from .game import Game
from .positions import second_hand_save
from .shown import english, session_of

FAST = {"speed": "fast"}

RECORD_JS = """(dialog) => [...dialog.querySelectorAll('details[data-record-hand]')].map(d => ({
  number: d.dataset.recordHand,
  steps: [...d.querySelectorAll('li[data-step]')].map(li => ({
    step: li.dataset.step, move: li.dataset.move,
    who: (li.querySelector('.who') || li).textContent.trim(), text: li.textContent.trim()})),
  scores: Object.fromEntries([...d.querySelectorAll('[data-record-score]')]
    .map(c => [c.dataset.recordScore, c.textContent.trim()])),
  text: d.textContent}))"""

REPLAY_JS = """(dialog) => {
  const branches = {}, hands = {};
  for (const b of dialog.querySelectorAll('[data-replay-branch]'))
    branches[b.dataset.replayBranch] = {end: b.dataset.end ?? null, open: b.dataset.open ?? null,
      order: b.dataset.openOrder ?? null,
      tiles: [...b.querySelectorAll('[data-replay-tile]')].map(t => t.dataset.replayTile)};
  for (const h of dialog.querySelectorAll('[data-replay-hand]'))
    hands[h.dataset.replayHand] = [...h.querySelectorAll('[data-replay-tile]')]
      .map(t => t.dataset.replayTile);
  const centre = [...dialog.querySelectorAll('.centre [data-replay-tile]')]
    .map(t => t.dataset.replayTile);
  const live = dialog.querySelectorAll('[data-branch], [data-hand], [data-tile]').length;
  return {branches, hands, centre, live,
          step: dialog.querySelector('[data-replay-step]')?.dataset.replayStep ?? null};
}"""


def record_in_view(game: Game) -> tuple[Locator, list[HandSummary]]:
    """Open the record panel (the computer waits while it is open), then read the save: the
    engine's summary of every hand, replayed from ``longana:save``."""
    dialog = game.open_panel("record")
    session = session_of(game.state())
    return dialog, history(session.match)


def check_record(dialog: Locator, summaries: list[HandSummary]) -> None:
    words = english()
    shown = dialog.evaluate(RECORD_JS)
    assert [h["number"] for h in shown] == [str(s.number) for s in summaries], (
        f"record hands {[h['number'] for h in shown]}, engine has {len(summaries)}"
    )
    for hand, summary in zip(shown, summaries, strict=True):
        n = summary.number
        expected = [(str(s.number), s.notation) for s in summary.steps]
        got = [(s["step"], s["move"]) for s in hand["steps"]]
        assert got == expected, f"hand {n}: record steps {got}, engine {expected}"
        for row, step in zip(hand["steps"], summary.steps, strict=True):
            seat = words["seat"][SEAT_NAMES[step.seat]]
            assert row["who"] == seat, f"hand {n} step {step.number}: {row['who']!r} for {seat}"
            if step.tile is not None:
                # a tile's name is written with a non-breaking hyphen in running text
                text = row["text"].replace("\u2011", "-")
                assert str(step.tile) in text, f"hand {n}: {row['text']!r} lacks the tile"
            if step.branch is not None and step.branch != step.seat:
                branch = words["branch_of"][SEAT_NAMES[step.branch]]
                assert branch in row["text"], f"hand {n}: {row['text']!r} lacks {branch!r}"
        scores = {seat: int(text.split()[0]) for seat, text in hand["scores"].items()}
        assert scores == dict(zip(SEAT_NAMES, summary.scores_after, strict=True)), (
            f"hand {n}: record scores {hand['scores']}, engine {summary.scores_after}"
        )
        if summary.outcome is not None:
            assert words["record"]["in_progress"] not in hand["text"]
            gained = (
                summary.scores_after[summary.outcome.winner or 0]
                - summary.scores_before[summary.outcome.winner or 0]
            )
            if summary.outcome.winner is not None:
                assert f"+{gained}" in hand["text"], f"hand {n} does not show +{gained}"
        else:
            assert words["record"]["in_progress"] in hand["text"]


def test_record_panel_shows_the_deal_every_move_and_the_scores(browsers: Browsers) -> None:
    """Hand 1 over (somebody scored), hand 2 under way: the record holds the deal number,
    every move of both hands with seat, tile and branch, hand 1's result and the totals;
    after South plays and the computers answer, the new moves are there too."""
    game = browsers.game(settings=FAST, save=second_hand_save())
    assert game.wait_turn("S") == "turn"
    dialog, summaries = record_in_view(game)
    deal = dialog.locator("[data-record-deal]")
    seed = session_of(game.state()).seed
    assert deal.get_attribute("data-record-deal") == seed
    assert seed in deal.inner_text()
    assert game.page.locator("[data-deal]").first.get_attribute("data-deal") == seed
    assert len(summaries) == 2 and summaries[0].is_over and not summaries[1].is_over
    check_record(dialog, summaries)
    # while a hand is under way, the record shows no tile of anybody's hand
    live = dialog.locator('details[data-record-hand="2"]')
    assert live.locator("[data-tile], [data-replay-tile]").count() == 0
    assert dialog.locator('[data-action="replay"][data-replay-index="1"]').count() == 0
    assert dialog.locator('[data-action="replay"][data-replay-index="0"]').count() == 1
    game.close_panel("record")

    # live play lands in the record
    moves = len(summaries[1].steps)
    game.play_turn("S")
    assert game.wait_turn("S") in ("turn", "hand-end", "match-end")
    dialog, summaries = record_in_view(game)
    assert len(summaries[-1].steps) > moves
    check_record(dialog, summaries)


def check_replay(dialog: Locator, position: Hand, k: int) -> None:
    shown: dict[str, Any] = dialog.evaluate(REPLAY_JS)
    assert shown["step"] == str(k)
    assert shown["live"] == 0, "the replay uses the live table's attribute names"
    board = position.board
    opening = board.opening
    assert shown["centre"] == ([] if opening is None else [str(opening)]), (
        f"after {k} moves: centre {shown['centre']}, engine {opening}"
    )
    for b, seat in enumerate(SEAT_NAMES):
        branch = shown["branches"][seat]
        line = [str(t) for t in board.branches[b]]
        assert branch["tiles"] == line[len(line) - len(branch["tiles"]) :], (
            f"after {k} moves, branch {seat}: {branch['tiles']}, engine {line}"
        )
        assert not line or branch["tiles"], f"after {k} moves: branch {seat} shows nothing"
        if opening is not None:
            assert branch["end"] == str(board.ends[b]), (
                f"after {k} moves, branch {seat}: end {branch['end']}, engine {board.ends[b]}"
            )
            assert branch["open"] == ("true" if board.order[b] else "false")
            if board.order[b]:
                assert branch["order"] == str(board.order[b])
        held = sorted(str(t) for t in position.tiles(b))
        assert sorted(shown["hands"][seat]) == held, (
            f"after {k} moves, {seat} holds {shown['hands'][seat]}, engine {held}"
        )


def test_export_then_import_and_step_through(browsers: Browsers, tmp_path: Path) -> None:
    """The export is the engine's hand records of the finished hands, byte for byte; the
    same file imported steps through hand 1 and after each step the board and the four
    hands are the engine's ``hand_after``; a broken file is refused with its reason."""
    game = browsers.game(settings=FAST, save=second_hand_save())
    assert game.wait_turn("S") == "turn"
    dialog = game.open_panel("record")
    match = session_of(game.state()).match
    link = game.action("export", within=dialog)
    assert link.evaluate("e => e.tagName") == "A", "export is not a link with a finished hand"
    with game.page.expect_download() as info:
        link.click()
    download = info.value
    assert download.suggested_filename == export_filename(match)
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    text = path.read_text(encoding="utf-8")
    assert text == export_text(match), "the exported file is not the engine's hand records"
    assert len(text.splitlines()) == 1, "only the finished hand is exported"

    dialog.locator("input[data-import]").set_input_files(str(path))
    game.page.locator('[data-dialog="record"][data-view="replay"]').wait_for()
    dialog = game.dialog("record")
    hand = import_text(text).hands[0]
    n = len(hand.played)
    assert game.action("step-back", within=dialog).is_disabled()
    for k in range(n + 1):
        check_replay(dialog, hand_after(hand, k), k)
        forward = game.action("step-forward", within=dialog)
        if k == n:
            assert forward.is_disabled(), "step-forward is enabled after the last move"
            break
        forward.click()
        dialog.locator(f'[data-replay-step="{k + 1}"]').wait_for()
    assert hand_after(hand, n).outcome is not None
    game.action("step-back", within=dialog).click()
    dialog.locator(f'[data-replay-step="{n - 1}"]').wait_for()
    check_replay(dialog, hand_after(hand, n - 1), n - 1)

    # back to the record: a broken file is refused in words, the engine's reason folded away
    game.action("record", within=dialog).click()
    dialog = game.dialog("record")
    dialog.locator("[data-import]").wait_for(state="attached")
    record = json.loads(text)
    record["moves"] = record["moves"][:2] + ["0-0@N"] + record["moves"][3:]
    for broken in ("this is not a hand record\n", json.dumps(record) + "\n"):
        try:
            import_text(broken)
        except RecordError as error:
            reason = str(error)
        else:
            raise AssertionError(f"the engine reads {broken!r}")
        expected = english()["record"]["import_hand"]  # the file's one record does not replay
        if not broken.startswith("{"):  # no JSON at all: said in the player's words alone
            expected = english()["record"]["not_records"]
        payload: FilePayload = {
            "name": "broken.jsonl",
            "mimeType": "application/json",
            "buffer": broken.encode(),
        }
        dialog.locator("input[data-import]").set_input_files(files=[payload])
        error_line = dialog.locator("[data-import-error]")
        game.page.wait_for_function(
            "([el, text]) => !el.hidden && el.textContent.trim() === text",
            arg=[error_line.element_handle(), expected],
        )
        assert dialog.get_attribute("data-view") != "replay"
        detail = dialog.locator("[data-import-detail]")
        if broken.startswith("{"):
            assert detail.is_hidden() is False and detail.locator("p").text_content() == reason
            assert detail.get_attribute("open") is None  # folded: the English is out of sight
        else:
            assert detail.is_hidden()


def test_rules_panel_shows_its_sections_and_the_drawn_example(browsers: Browsers) -> None:
    """Normal speed: South plays, the rules open while the computer is to answer; every
    section of the catalog is there with the drawn priority example (an SVG with one branch
    the tile may go to and one that priority forbids); closing lets the computer play."""
    game = browsers.game(save=second_hand_save())
    assert game.wait_turn("S") == "turn"
    game.play_turn("S")
    dialog = game.open_panel("rules")
    moves = game.hand_moves()  # on the table (a move asked for before may be saved, held)
    rules = english()["rules"]
    sections = dialog.locator("[data-rules-section]")
    ids = sections.evaluate_all("els => els.map(e => e.dataset.rulesSection)")
    assert ids == [s["id"] for s in rules["sections"]]
    for section in rules["sections"]:
        text = dialog.locator(f'[data-rules-section="{section["id"]}"]').inner_text()
        assert section["title"] in text
        for paragraph in section["paragraphs"]:
            assert paragraph in text, f"section {section['id']} lacks {paragraph[:40]!r}"
    svg = dialog.locator('[data-rules-section="priority"] svg[data-diagram="priority"]')
    assert svg.count() == 1
    svg.scroll_into_view_if_needed()
    assert svg.is_visible()
    box = svg.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 100, box
    drawn = svg.locator("[data-verdict]").evaluate_all(
        "els => els.map(e => [e.dataset.diagramBranch, e.dataset.verdict])"
    )
    verdicts = {v for _, v in drawn}
    assert {"legal", "priority"} <= verdicts, f"the drawing marks {drawn}"
    engine = re.findall(
        r'data-diagram-branch="(\w)" data-verdict="([\w-]+)"',
        diagram.draw(example(), rules["diagram"]),
    )
    assert [tuple(d) for d in drawn] == engine, f"drawn {drawn}, the engine's figure {engine}"
    assert game.hand_moves() == moves, "a computer move landed while the rules were open"
    game.close_panel("rules")
    game.wait_moves(moves)
    assert game.wait_turn("S") in ("turn", "hand-end", "match-end")
