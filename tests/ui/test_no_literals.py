"""No player-facing words in ui/ outside the catalogs: every view rendered with a catalog whose
every text is a marker shows markers, numbers and tile notation only — in its text and in the
attributes people hear or read (aria-label, title, placeholder, aria-description)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from longana.device.diagram import example
from longana.protocol import Game
from ui import class_panels, class_table_panel, history_panel, panels, record_panels, render
from ui.controller import Controller
from ui.i18n import Catalog
from ui.rules_panel import keys_html, rules_html
from ui.words import describe

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))
MARK = re.compile(r"⟪[^⟫]*⟫")
# what may show besides markers: numbers (+12), tiles (7-3, in running text 7‑3 with a
# non-breaking hyphen), moves (7-3@N), the keyboard's
# language-neutral keys (Z, Esc, ↵), and signs
ALLOWED = re.compile(
    r"^(\(?[+-]?[0-9]+(\.[0-9])?\)?|[0-9][-\u2011][0-9](@[SENW])?|[A-Z]"
    r"|[+\-–·•✓✗↵%(),.:/]|Esc|\?class=.*)$"
)


def marked(node: Any, key: str = "") -> Any:
    """The catalog with every text replaced by ⟪key⟫ and its placeholders kept."""
    if isinstance(node, dict):
        return {k: marked(v, f"{key}.{k}" if key else k) for k, v in node.items()}
    if isinstance(node, list):
        return [marked(v, f"{key}.{i}") for i, v in enumerate(node)]
    if isinstance(node, str) and key not in ("lang",):
        holes = "".join(f" {{{p}}}" for p in re.findall(r"{(\w+)}", node))
        return f"⟪{key}⟫{holes}"
    return node


CAT = Catalog(marked(ENGLISH))


def leftovers(text: str) -> list[str]:
    """Words in rendered HTML that came from no catalog."""
    found = []
    attrs = re.findall(r'(?:aria-label|title|placeholder|aria-description)="([^"]*)"', text)
    body = re.sub(r"<svg.*?</svg>", " ", text, flags=re.S)  # drawn text is checked below
    body = re.sub(r"<style.*?</style>|<[^>]+>", " ", body, flags=re.S)
    for chunk in [html.unescape(body)] + [html.unescape(a) for a in attrs]:
        for word in MARK.sub(" ", chunk).split():
            if not ALLOWED.match(word):
                found.append(word)
    return found


def frames() -> list[dict[str, Any]]:
    out = []
    table = Game()
    reply = json.loads(
        table.handle(
            json.dumps(
                {
                    "do": "start",
                    "save": None,
                    "deal": "12",
                    "seats": ["person", "computer", "person", "computer"],
                }
            )
        )
    )
    while True:
        frame = reply["frame"]
        out.append(frame)
        if frame["outcome"] is not None:
            break
        if frame["handoff"] is not None:
            intent = {"do": "take-device", "seat": frame["handoff"]}
        elif frame["turn"] is not None:
            intent = {"do": "play", "move": frame["turn"]["moves"][0], "at": frame["log"]}
        else:
            intent = {"do": "computer", "at": frame["log"]}
        reply = json.loads(table.handle(json.dumps(intent)))
    return out[::4] + [out[-1]]


def test_the_table_and_its_bars_hold_only_catalog_words() -> None:
    for frame in frames():
        ctl = Controller(CAT)
        ctl.interaction.area = (640.0, 400.0)
        ctl.receive({"frame": frame})
        if frame["turn"]:
            ctl.select(next(iter(frame["turn"]["tiles"])))
        now = ctl.interaction
        shown = (
            render.table_html(frame, CAT, now)
            + render.top_html(frame, CAT, "save.full")
            + render.action_buttons(frame, CAT, now)
            + render.prompt(frame, CAT, now, False)
            + ctl.message
        )
        if frame["last"]:
            shown += describe(frame["last"], CAT)
        assert leftovers(shown) == [], frame["log"]
        if frame["outcome"] is not None:
            assert leftovers(panels.hand_end_html(frame, CAT, True)) == []


def test_every_panel_holds_only_catalog_words() -> None:
    table = Game()
    json.loads(
        table.handle(
            '{"do": "start", "save": null, "deal": "5", '
            '"seats": ["computer", "computer", "computer", "computer"]}'
        )
    )
    frame = None
    while True:
        reply = json.loads(table.handle('{"do": "computer"}'))
        frame = reply["frame"]
        if frame["outcome"] is not None:
            break
    record = json.loads(table.handle('{"do": "record"}'))
    replay = json.loads(table.handle('{"do": "replay", "hand": 0, "step": 5}'))["replay"]
    views = [
        record_panels.record_html(record["record"], CAT, "5", "blob:x", "f.jsonl"),
        record_panels.replay_html(replay, CAT, (600.0, 260.0), 20),
        panels.settings_html(
            frame["seats"], "normal", "hard", "5", "de", CAT, {"de": "Deutsch", "en": "English"}
        ),
        panels.handoff_html("N", CAT),
        panels.corrupt_html("save.corrupt", "", CAT, "blob:y", "b.json"),
        panels.restart_html(2, CAT),
        panels.match_end_html({**frame, "winner": "E", "match_over": True}, CAT),
        rules_html(CAT.raw("rules"), example()) + keys_html(CAT),
        class_panels.settings_html(CAT, "7B-PCCC-N100-K4", "", CAT.t("class.why.name")),
        class_panels.result_html(CAT, {"text": "R1", "filename": "r.json"}, "blob:z"),
        class_panels.result_refused_html(CAT, "Ana", CAT.t("class.why.name")),
        class_panels.name_html(CAT, "Ana", CAT.t("class.why.name")),
        class_table_panel.results_class_html(CAT, "7B-PCCC-N100-K4", CAT.t("class.why.check")),
        class_table_panel.results_html(
            CAT,
            {
                "code": "C",
                "hands": 1,
                "duplicates": ["Ana"],
                "rows": [
                    {
                        "name": "Ana",
                        "seat": "S",
                        "rank": 1,
                        "points": [12],
                        "diffs": [3.5],
                        "total": 3.5,
                        "flags": ["same-name"],
                    },
                    {
                        "name": "Ana",
                        "seat": "S",
                        "rank": 2,
                        "points": [0],
                        "diffs": [-3.5],
                        "total": -3.5,
                        "flags": ["same-name"],
                    },
                ],
                "flagged": [{"code": "same-name", "rows": [0, 1]}],
            },
            [],
            "blob:c",
            False,
            "",
        ),
        history_panel.history_html(
            CAT,
            [
                {
                    "date": "2026-12-01",
                    "level": "hard",
                    "winner": 0,
                    "people": [0],
                    "totals": [[10, 0, 0, 0]],
                }
            ],
        ),
    ]
    for view in views:
        words = leftovers(
            view.replace("Deutsch", "")
            .replace("English", "")
            .replace("Ana", "")
            .replace("R1", "")
            .replace("2026-12-01", "")
            .replace("7B-PCCC-N100-K4", "")
        )
        assert words == [], view[:200]


def test_the_check_finds_a_literal() -> None:
    assert leftovers('<p>⟪a.b⟫ Hello</p><b title="Close">⟪x⟫</b>') == ["Hello", "Close"]
