"""The page's panels as text (ui/panels.py, ui/record_panels.py, ui/render.py): what a person
reads in the record, the replay, the handoff screen and the broken-save message, and that every
word comes from the catalog and no secret tile leaks into the live record."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tags import attrs_of, tags

from longana.device.diagram import EXAMPLE
from longana.device.frame import frame_of
from longana.device.history import history
from longana.device.session import COMPUTER, PERSON, Session
from longana.protocol import Game
from longana.rules.match import Match
from longana.rules.records import hand_from_record, hand_record
from ui import panels, record_panels, render
from ui.controller import Interaction
from ui.i18n import Catalog
from ui.notation import SEATS

ROOT = Path(__file__).resolve().parents[2]
CAT = Catalog(json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8")))


def unresolved(html: str) -> list[str]:
    """Catalog keys that fell through (the catalog gives the key itself when it is missing)."""
    return re.findall(r">\s*((?:record|save|handoff|hint|restart|actions|settings)\.[a-z_]+)", html)


def finished_match(seed: str = "5") -> Match:
    match = Match(seed)
    while match.hand.outcome is None:
        match.push(match.hand.legal_moves()[0])
    return match


def ask(table: Game, **intent: Any) -> dict[str, Any]:
    return dict(json.loads(table.handle(json.dumps(intent))))


def test_the_record_shows_every_move_the_opener_the_result_and_the_deal() -> None:
    match = finished_match()
    match.next_hand()
    match.push(match.hand.legal_moves()[0])
    summaries = history(match)
    html = record_panels.record_html(
        [s.to_dict() for s in summaries], CAT, match.seed, "blob:x", "f.jsonl"
    )
    assert unresolved(html) == []
    assert f'data-record-deal="{match.seed}"' in html
    first = summaries[0]
    assert len(re.findall(r'data-record-hand="1".*?</details>', html, re.S)) == 1
    steps = [(a["data-step"], a["data-move"]) for _, a in tags(html) if "data-step" in a]
    for step in first.steps:
        assert (str(step.number), step.notation) in steps
    assert CAT.t("record.opener", seat=CAT.seat(first.opener), tile=str(first.opening)) in html
    assert record_panels.result_words(summaries[0].to_dict()["result"], CAT) in html
    assert "Domino" in html or "Blocked" in html
    # the finished hand may be stepped through, the live one may not
    assert 'data-replay-index="0"' in html and 'data-replay-index="1"' not in html
    export = attrs_of(html, "data-action", "export")
    assert export["href"] == "blob:x" and export["download"] == "f.jsonl"


def test_the_live_record_shows_no_tile_nobody_has_played() -> None:
    match = Match("8")
    for _ in range(5):
        match.push(match.hand.legal_moves()[0])
    html = record_panels.record_html(
        [s.to_dict() for s in history(match)], CAT, match.seed, None, "f.jsonl"
    )
    played = {str(m.tile) for _, m in match.hand.history if m.tile is not None}
    shown = set(re.findall(r"\b\d-\d\b", html))
    assert shown <= played
    assert "data-tile" not in html
    assert 'data-action="export" disabled' in html


def test_a_replay_draws_the_position_apart_from_the_live_table() -> None:
    table = Game()
    ask(table, do="start", save=None, deal="5")
    hand = hand_from_record(EXAMPLE)
    while hand.outcome is None:  # played to its end: only a finished hand is stepped through
        hand.push(hand.legal_moves()[0])
    first = ask(table, do="import", text=json.dumps(hand_record(hand)))["replay"]
    for k in (0, 3, len(first["summary"]["steps"])):
        replay = ask(table, do="replay", imported=True, hand=0, step=k)["replay"]
        html = record_panels.replay_html(replay, CAT, (600.0, 260.0), 20)
        assert unresolved(html) == []
        assert f'data-replay-step="{k}"' in html
        # none of the live table's attributes, so no test or tool mistakes it for the game
        for name in ("data-branch=", "data-hand=", "data-tile=", "data-target="):
            assert f" {name}" not in html
        # every dealt tile once: in a hand or on the board
        assert html.count("data-replay-tile=") == 32
    html = record_panels.replay_html(first, CAT, (600.0, 260.0), 20)
    assert 'data-action="step-back" disabled' in html


def test_handoff_and_broken_save_and_restart_read_from_the_catalog() -> None:
    html = panels.handoff_html("N", CAT)
    assert "Pass the device to North" in html and 'data-action="take-device"' in html
    assert "data-tile" not in html
    html = panels.corrupt_html("save.corrupt", "the save is not valid JSON", CAT, "blob:y", "b.txt")
    assert 'data-action="download-save"' in html and 'data-action="start-fresh"' in html
    assert "the save is not valid JSON" in html and unresolved(html) == []
    html = panels.restart_html(3, CAT)
    assert 'data-action="restart-confirm"' in html and unresolved(html) == []


def test_face_down_hands_carry_no_numbers() -> None:
    game = Session("3", seats=(PERSON, COMPUTER, PERSON, COMPUTER))
    frame = frame_of(game, None)
    for seat in SEATS:
        html = render.seat_html(frame, seat, CAT, Interaction())
        hand_part = html[html.rindex("<div", 0, html.index("data-hand=")) :]
        assert "data-tile" not in hand_part and not re.search(r"\d-\d", hand_part)


def test_toolbar_buttons_are_disabled_when_they_would_do_nothing() -> None:
    frame = frame_of(Session("3"), None)
    assert not any(frame["can"][k] for k in ("undo", "redo", "restart"))
    html = render.toolbar_html(frame, CAT)
    for action in ("undo", "redo", "restart"):
        assert re.search(rf'data-action="{action}"[^>]*disabled', html)
    for action in ("rules", "record", "settings"):
        assert not re.search(rf'data-action="{action}"[^>]*disabled', html)


def worded(value: Any) -> bool:
    """Words of the catalog: a text, or a text per plural form."""
    return isinstance(value, str) or (isinstance(value, dict) and "other" in value)


def test_every_new_message_key_is_in_the_english_catalog() -> None:
    source = "".join(
        path.read_text(encoding="utf-8") for path in sorted((ROOT / "ui").rglob("*.py"))
    )
    keys = set(
        re.findall(
            r'"((?:record|save|handoff|hint|restart|undone|turn|settings|app|'
            r'actions)\.[a-z_]+)"',
            source,
        )
    )
    missing = sorted(k for k in keys if not k.endswith("_") and not worded(CAT.raw(k)))
    assert missing == []
