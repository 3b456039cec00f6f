"""No English inside another language (issue 38): every message that carries a reason from the
engine is worded from the reason's code and params, never from the engine's English text.

The English fragments are the engine's own: the text of every error the engine raises, read from
its source (each ``raise …Error("…")`` and f-string's literal parts), cut into pairs of words
("not json", "hand record"). Each message that carries a reason is rendered as the page renders
it, from reasons the engine really gives (imports of broken files, illegal moves, class codes
and files that do not read, a broken save), in German, Spanish and Malay: no pair may be in it.
"""

from __future__ import annotations

import ast
import functools
import html
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from longana import classplay
from longana.classplay.table import refusal as class_refusal
from longana.classplay.table import result_lines
from longana.device.frame import refusal
from longana.device.history import export_records
from longana.protocol import Game
from longana.rules.errors import IllegalMoveError, InvalidMoveError
from longana.rules.match import Match
from longana.rules.tiles import ALL_TILES, Move
from ui.i18n import LANGUAGES, Catalog
from ui.panels import corrupt_html
from ui.review_panel import progress_html, refused_words
from ui.table_panels import join_again_html
from ui.table_panels import refusal as pairing_refusal
from ui.words import class_why, import_why, why

ROOT = Path(__file__).resolve().parents[2]
LANGS = tuple(lang for lang in LANGUAGES if lang != "en")  # every language but the source
CHUNK = re.compile(r"[A-Za-z' ]+")  # words a punctuation mark does not part


def literal_parts(node: ast.expr) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return [v.value for v in node.values if isinstance(v, ast.Constant)]
    return []


def engine_messages() -> list[str]:
    """The literal text of every error raised in ``longana/`` (its arguments' strings)."""
    out = []
    for path in sorted((ROOT / "longana").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                for arg in node.exc.args:
                    out += literal_parts(arg)
    return out


def pairs(text: str) -> set[str]:
    """Two words in a row, lowercased, not parted by a digit or a punctuation mark."""
    out = set()
    for chunk in CHUNK.findall(text):
        words = chunk.lower().split()
        out |= {a + " " + b for a, b in zip(words, words[1:], strict=False)}
    return out


FRAGMENTS = frozenset(p for message in engine_messages() for p in pairs(message))


def english_in(text: str) -> set[str]:
    return pairs(text) & FRAGMENTS


def catalog(lang: str) -> Catalog:
    words = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
    return Catalog(words)


# -- reasons the engine gives ------------------------------------------------------------------


def hand_record_line() -> str:
    match = Match("7")
    while match.hand.outcome is None:
        match.push(match.hand.legal_moves()[0])
    return json.dumps(export_records(match)[0])


def broken_files() -> list[str]:
    """Files an import refuses, one for each way the engine words it."""
    good = hand_record_line()
    record = json.loads(good)
    illegal = dict(record, moves=["9-9", *record["moves"][2:]])  # a move missing: one will not fit
    return [
        "",
        "a photo",
        "[]",
        "{}",
        '{"hands": {"S": []}, "moves": []}',
        json.dumps([record, illegal]),
        good + "\n" + json.dumps(illegal),
        good + "\n{not json",
        json.dumps(illegal),
        '{"schema": 3, "hands": [], "deal": "7"}',
        "[" * 500 + "]" * 500,
    ]


@functools.cache
def import_refusals() -> list[dict[str, Any]]:
    game = Game()
    game.handle('{"do": "start", "save": null, "deal": "7"}')
    out = []
    for text in broken_files():
        reply = json.loads(game.handle(json.dumps({"do": "import", "text": text})))
        assert "refused" in reply, (text[:40], reply)
        out.append(reply["refused"])
    return out


@functools.cache
def move_refusals() -> list[dict[str, Any]]:
    """What the rules refuse at a few moments of a hand: every tile on every branch, passing."""
    match = Match("12")
    hand = match.hand
    tries = [str(t) for t in ALL_TILES] + ["pass"]
    out: dict[str, dict[str, Any]] = {}
    for _ in range(12):
        for text in tries + [f"{t}@{s}" for t in tries[:-1] for s in "SENW"]:
            try:
                hand.check(Move.parse(text))
            except InvalidMoveError:  # no move at all ("7-3" without a branch)
                continue
            except IllegalMoveError as error:
                out.setdefault(error.code + repr(sorted(error.params)), refusal(error))
        if hand.outcome is not None:
            break
        hand.push(hand.legal_moves()[-1])
    return list(out.values())


def class_refusals() -> list[dict[str, Any]]:
    out = []
    for text in ("not a code", "LONG-ABCD-EFGH-1234", ""):
        try:
            classplay.ClassCode.parse(text)
        except classplay.ClassError as error:
            out.append(class_refusal(error))
    for text in ("", b"\x89PNG"):
        try:
            result_lines(text)
        except classplay.ClassError as error:
            out.append(class_refusal(error))
    out.append(class_refusal(classplay.name_error()))
    return out


@functools.cache
def guest_refusals() -> list[dict[str, Any]]:
    """What a table's host refuses a guest's device (issue 35): an intent only the host may
    send, one it does not know, a seat not on another device, one too long, one that is no
    intent."""
    game = Game()
    game.handle(json.dumps({"do": "start", "save": None, "deal": "21"}))
    game.handle(json.dumps({"do": "table", "remote": ["E"]}))
    tries: list[tuple[str, Any]] = [
        ("E", {"do": "new-match"}),
        ("E", {"do": "fly"}),
        ("N", {"do": "frame"}),
        ("Q", {"do": "frame"}),
        ("E", {"do": "frame", "pad": "x" * 100_000}),
        ("E", {"nothing": 1}),
    ]
    out = []
    for seat, intent in tries:
        reply = json.loads(game.handle(json.dumps({"do": "guest", "seat": seat, "intent": intent})))
        answer = reply["guest"]
        out.append(answer.get("refused") or answer["error"])
    return out


def pairing_codes() -> list[str]:
    """Every code a pairing is refused with: the pairing code's own (ui/peer/*.mjs) and those
    the host's page sends a guest (ui/dom/table_host.py)."""
    said = "".join(
        p.read_text(encoding="utf-8")
        for p in [*(ROOT / "ui" / "peer").glob("*.mjs"), ROOT / "ui" / "dom" / "table_host.py"]
    )
    found = re.findall(r'PairingRefused\("([a-z-]+)"\)|refused: "([a-z-]+)"', said)
    found += re.findall(
        r'\{"refused": \{"code": "([a-z-]+)"\}|self\.refused\(\w+, \w+, "([a-z-]+)"', said
    )
    return sorted({a or b for a, b in found} | {"failed"})


# -- the messages, rendered as the page renders them --------------------------------------------


def import_messages(cat: Catalog) -> list[str]:
    return [import_why(r, cat) for r in import_refusals()]


def move_messages(cat: Catalog) -> list[str]:
    return [why(r, cat) for r in move_refusals()]


def class_messages(cat: Catalog) -> list[str]:
    out = []
    for r in class_refusals():
        reason = class_why(r, cat)
        out += [reason, cat.t("class.refused", n=3, why=reason)]
        out += [cat.t("class.name_refused", why=reason), cat.t("table.result_refused", why=reason)]
    return out


def save_messages(cat: Catalog) -> list[str]:
    """The broken-save dialog without its folded ``<details>`` (the engine's words, apart)."""
    try:
        from longana.device.session import Session

        Session.from_json('{"schema": 1}')
    except Exception as error:  # noqa: BLE001 - any reason the engine gives
        detail = str(error)
    out = []
    for code in ("save.corrupt", "save.corrupt_kept"):
        page = corrupt_html(code, detail, cat, None, "save.json")
        shown = re.sub(r"<details.*?</details>", "", page, flags=re.S)
        assert detail and html.escape(detail) in page and detail not in html.unescape(shown)
        out.append(html.unescape(re.sub(r"<[^>]+>", " ", shown)))
    return out


def device_messages(cat: Catalog) -> list[str]:
    """A table across devices: the host's refusals of a guest, a pairing refused (the notice
    and the join dialog that says why)."""
    out = [why(r, cat) for r in guest_refusals()]
    for code in pairing_codes():
        reason = pairing_refusal(cat, code)
        out += [reason, cat.t("devices.notice.join_refused", why=reason)]
        out.append(html.unescape(re.sub(r"<[^>]+>", " ", join_again_html(cat, reason))))
    return out


def review_messages(cat: Catalog) -> list[str]:
    """The review, the hint and a lesson when the worker could not answer."""
    out = [refused_words(code, cat) for code in ("class-not-over", "bad-intent")]
    for k, n in ((0, 0), (0, 1), (3, 7)):
        page = progress_html(k, n, cat, failed=True)
        out.append(html.unescape(re.sub(r"<[^>]+>", " ", page)))
    return out + [cat.t("hint.failed"), cat.t("lesson.failed")]


MESSAGES: dict[str, Callable[[Catalog], list[str]]] = {
    "devices": device_messages,
    "review": review_messages,
    "import": import_messages,
    "move": move_messages,
    "class": class_messages,
    "save": save_messages,
}


def test_the_fragments_are_the_engines_english() -> None:
    assert len(FRAGMENTS) > 200
    assert {"not json", "hand record", "is empty"} <= FRAGMENTS


def test_the_engine_gives_each_kind_of_reason() -> None:
    codes = {r["code"] for r in import_refusals()}
    assert {"import-not-records", "import-line", "import-hand", "import-save", "too-deep"} <= codes
    hands = [r["params"] for r in import_refusals() if r["code"] == "import-hand"]
    assert {"line", "hand"} <= {k for p in hands for k in p} and any(len(p) == 1 for p in hands)
    assert {r["code"] for r in move_refusals()} >= {"no-match", "closed", "not-your-tile"}
    assert len(class_refusals()) >= 4
    guests = {r["code"] for r in guest_refusals()}
    assert {"guest-host-only", "guest-unknown", "guest-seat", "too-large"} <= guests
    codes = set(pairing_codes())
    assert {"empty", "garbled", "release", "copy", "kind", "seat", "stale", "busy"} <= codes


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_pairing_code_has_its_own_words(lang: str) -> None:
    """A code without words would fall back to "could not be connected": each has its own."""
    cat = catalog(lang)
    for code in pairing_codes():
        assert cat.raw("devices.refused." + code) is not None, (lang, code)


@pytest.mark.parametrize("kind", sorted(MESSAGES))
@pytest.mark.parametrize("lang", LANGS)
def test_no_message_with_a_reason_carries_english(lang: str, kind: str) -> None:
    cat = catalog(lang)
    said = MESSAGES[kind](cat)
    assert said
    found = {text: english_in(text) for text in said if english_in(text)}
    assert not found, f"English in {lang}: {found}"


def test_the_check_finds_the_english_the_old_message_ended_with() -> None:
    """It can fail: the import's message as it was, "…: {detail}", with the engine's detail."""
    cat = catalog("de")
    details = [r for r in import_refusals() if r["params"].get("detail")]
    assert len(details) >= 8
    for r in details:
        old = "Diese Datei ließ sich nicht als Handprotokolle lesen: " + r["params"]["detail"]
        assert english_in(old), old
        assert not english_in(import_why(r, cat))
