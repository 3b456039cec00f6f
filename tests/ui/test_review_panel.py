"""The review of a match in words (ui/review_panel.py): every decision with the names kept for
automation, a hand's summary, the progress while the worker weighs, the same HTML under
MicroPython."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import page_catalog as catalog

from longana.device.review import decisions
from longana.device.session import COMPUTER, PERSON, Session
from longana.protocol import Game
from ui.i18n import LANGUAGES
from ui.review_panel import (
    decision_html,
    hand_summary,
    refused_words,
    review_html,
    review_panel,
)

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))


def reviewed(
    deal: str = "31",
    seats: tuple[str, ...] = (PERSON, COMPUTER, PERSON, COMPUTER),
    game: Game | None = None,
) -> list[dict[str, Any]]:
    """Every step of the review of a hand played with random moves by the people (in
    ``game``, when given, to ask it more)."""
    import random

    from tools.bench_review import play_hand

    game = game or Game()
    game.session = session = Session(deal, seats=seats)
    play_hand(session, random.Random(deal))
    count = len(decisions(session))
    return [
        json.loads(game.handle(json.dumps({"do": "review", "step": k})))["review"]["decision"]
        for k in range(count)
    ]


STEPS = reviewed()


def test_every_decision_carries_the_names_kept_for_automation() -> None:
    html = review_html(STEPS, len(STEPS), catalog("en"))
    assert html.startswith('<div class="review" data-review>')
    assert re.findall(r'data-move="([^"]+)"', html) == [d["move"] for d in STEPS]
    assert re.findall(r'data-best="([^"]+)"', html) == [d["best"] for d in STEPS]
    costs = [float(c) for c in re.findall(r'data-cost="([^"]+)"', html)]
    assert costs == [d["cost"] for d in STEPS] and all(c >= 0 for c in costs)
    assert html.count("data-decision") == len(STEPS) and html.count('tabindex="0"') == 1
    assert "South played" in html and "North played" in html  # two people: whose decision
    assert "data-review-progress" not in html and "review-summary" in html
    decided = re.findall(r'<li[^>]* data-decision[^>]*data-review-hand="([^"]+)"', html)
    assert decided == [str(d["hand"]) for d in STEPS]


def test_data_hand_is_only_ever_a_seats_tiles() -> None:
    """``data-hand`` marks a seat's tiles (interfaces.md); a review's hand number is
    ``data-review-hand``, so ``[data-hand]`` in a hand's end finds the four hands alone (a
    review button once answered it as a fifth hand, "0")."""
    from ui.review_panel import offer_html

    cat = catalog("en")
    for text in (review_html(STEPS, len(STEPS), cat), offer_html(STEPS, 0, cat, True)):
        assert set(re.findall(r'data-hand="([^"]*)"', text)) <= {"S", "E", "N", "W"}
    assert 'data-action="review" data-review-hand="0"' in offer_html(STEPS, 0, cat, True)


def test_progress_while_the_worker_weighs_and_the_summary_once_a_hand_is_in() -> None:
    cat = catalog("en")
    half = STEPS[:2]
    html = review_html(half, len(STEPS), cat)
    assert f"2 of {len(STEPS)} decisions" in html and 'data-action="review-stop"' in html
    assert "review-summary" not in html  # the hand is not all in yet
    assert "Nothing to review" in review_html([], 0, cat)
    panel = review_panel(STEPS[:1], 3, cat)
    assert cat.t("review.title") in panel and cat.t("review.intro") in panel
    assert "class match" in refused_words("class-not-over", cat)


def test_the_summary_lists_the_costly_decisions_costliest_first() -> None:
    cat = catalog("en")
    steps = [
        {"costly": True, "cost": 5, "kind": "points"},
        {"costly": False, "cost": 0, "kind": "points"},
        {"costly": True, "cost": 12, "kind": "points"},
    ]
    assert hand_summary(steps, cat) == "2 costly decisions: \u221212 points, \u22125 points"
    assert hand_summary(steps[:1], cat) == "1 costly decision: \u22125 points"
    half = [{"costly": True, "cost": 1.5, "kind": "points"}]
    assert hand_summary(half, catalog("de")) == "1 teure Entscheidung: \u22121,5 Punkte"
    assert "%" in hand_summary([{"costly": True, "cost": 4, "kind": "win"}], catalog("de"))
    assert hand_summary(steps[1:2], cat) == cat.t("review.summary_none")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_words_it_all(lang: str) -> None:
    html = review_html(STEPS, len(STEPS), catalog(lang))
    assert "review." not in html and "explain." not in html and "{" not in html


def test_the_same_html_under_micropython() -> None:
    from test_micropython import micropython

    code = (
        "import json\n"
        "from ui.review_panel import review_html\n"
        "from ui.i18n import Catalog\n"
        "en = json.load(open('/lib/locales/en.json'))\n"
        f"STEPS = json.loads({json.dumps(json.dumps(STEPS))})\n"
        "out = []\n"
        f"for lang in {list(LANGUAGES)!r}:\n"
        "    cat = Catalog(json.load(open('/lib/locales/' + lang + '.json')), en)\n"
        "    out.append([review_html(STEPS, len(STEPS), cat), review_html(STEPS[:1], 3, cat)])\n"
        "with open('/out.txt', 'wb') as f:\n"
        "    f.write(('@@' + json.dumps(out)).encode())\n"
    )
    got = json.loads(micropython(code).split("@@")[-1])
    want = [
        [review_html(STEPS, len(STEPS), catalog(lang)), review_html(STEPS[:1], 3, catalog(lang))]
        for lang in LANGUAGES
    ]
    assert got == want


@pytest.fixture(autouse=True)
def _paths(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "tests" / "ui"))


def test_every_reason_the_engine_gives_is_shown_in_its_order_under_its_move() -> None:
    """The engine decides which reasons tell (longana.players.telling); the page words each
    of them, in the engine's order, under the move it belongs to, and decides nothing."""
    cat = catalog("en")
    keeps = {"code": "keeps-own", "params": {"number": 9, "tiles": ["9-4"]}, "of": "best"}
    risk = {
        "code": "go-out-risk",
        "params": {"seat": "W", "number": 3, "tiles": ["3-1"], "chance": 30},
        "of": "move",
    }
    decision = {
        "hand": 0, "number": 1, "turn": 4, "seat": "S", "move": "5-3@E", "best": "5-2@S",
        "kind": "points", "cost": 4, "error": 0.8, "grade": "inaccuracy", "costly": True,
        "reasons": [keeps, risk], "reason": keeps, "reason_of": "best",
        "explanation": {"moves": []},
    }  # fmt: skip
    html = decision_html(decision, cat)
    # the move each reason belongs to, then the reason as its own sentence (no "move: Reason")
    assert "<dt>5‑2 on South&#x27;s branch</dt><dd>Keeps 9" in html
    assert "<dt>5‑3 on East&#x27;s branch</dt><dd>West has one tile left" in html
    assert html.index("Keeps 9") < html.index("West has one tile left")
    assert 'data-grade="inaccuracy"' in html and 'data-cost-error="0.8"' in html
    assert "review-why" not in decision_html(dict(decision, reasons=[]), cat), "none told"
    # a worker of the release before gave one reason and whose it was
    old = {k: v for k, v in decision.items() if k != "reasons"}
    assert "<dt>5‑2 on South&#x27;s branch</dt><dd>Keeps 9" in decision_html(old, cat)


def test_an_opening_and_a_named_hand_read_as_whole_sentences() -> None:
    """An opening decision is said as an opening ("You opened with 9‑9", never "You played
    Open with 9‑9"); the match's last hand is named inside the summary's own sentence."""
    from ui.review_panel import offer_html, verdict

    opening = {"seat": "S", "move": "9-9", "best": "7-7"}
    said = {lang: verdict(opening, catalog(lang), seats=False) for lang in LANGUAGES}
    assert said["en"] == "You opened with 9\u20119. Best: open with 7\u20117."
    assert said["de"] == "Du hast mit 9\u20119 eröffnet. Am besten: mit 7\u20117 eröffnen."
    assert said["es"] == "Saliste con el 9\u20119. Mejor jugada: salir con el 7\u20117."
    assert said["ms"].startswith("Anda membuka pusingan dengan 9\u20119.")
    assert verdict(dict(opening, seat="N"), catalog("en"), seats=True).startswith(
        "North opened with 9\u20119."
    )
    steps = [{"costly": True, "cost": 5, "kind": "points"}]
    assert "In hand 3, 1 decision was costly: \u22125" in offer_html(steps, 2, catalog("en"), True)
    none = [{"costly": False, "cost": 0, "kind": "points"}]
    assert "En la mano 3, ninguna decisión" in offer_html(none, 2, catalog("es"), True)
    assert "Mano 3:" not in offer_html(none, 2, catalog("es"), True)


def test_a_decision_at_the_deal_says_so_without_just_before() -> None:
    from ui.record_panels import now_html

    cat = catalog("es")
    html = now_html({"steps": []}, 0, cat, cat.t("review.before"))  # type: ignore[typeddict-item]
    assert cat.t("record.as_dealt") in html and cat.t("review.before") not in html


YOU = re.compile(r"\b(you|your|yours|yourself)\b", re.IGNORECASE)


def register_words() -> dict[str, re.Pattern[str]]:
    """The words that speak to the reader, per language: English's, and each other language's
    as its section of the glossary (locales/glossary.md) gives them in its "register" row."""
    found = {"en": YOU}
    lang = None
    for line in (ROOT / "locales" / "glossary.md").read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^##\s+.*\((\w+)\)\s*$", line)
        lang = heading.group(1) if heading else None if line.startswith("## ") else lang
        if lang and line.startswith("| register |"):
            words = [w.strip() for w in line.split("|")[2].split(",")]
            found[lang] = re.compile(r"\b(" + "|".join(words) + r")\b", re.IGNORECASE)
    return found


SECOND_PERSON = register_words()


def test_the_register_of_every_language_is_read_from_the_glossary() -> None:
    assert sorted(SECOND_PERSON) == sorted(LANGUAGES)
    assert SECOND_PERSON["de"].search("Das ist deine Hand") and SECOND_PERSON["ms"].search("Anda")
    assert not SECOND_PERSON["de"].search("durch den Zweig")


def read(markup: str) -> str:
    """The words shown, the reasons under the decisions included."""
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def test_with_two_people_the_review_says_you_to_nobody() -> None:
    """Pass-and-play (South and North people): the one holding the device may be South while
    reading North's decision, so the review and the hand's end never say "you" or "your" —
    whose decision it is, or neutral words. With one person, "you" stays."""
    from ui.review_panel import none_key, position_html, weighing_html

    cat = catalog("en")
    game = Game()
    steps = reviewed(game=game)
    assert {d["seat"] for d in steps} == {"S", "N"}
    panel = read(review_panel(steps, len(steps), cat, seats=True))
    assert "North played" in panel and "South played" in panel
    assert YOU.search(panel) is None, YOU.findall(panel)
    assert cat.t("review.intro_seats") in panel
    assert YOU.search(read(review_panel([], 0, cat, 0, True))) is None  # nothing yet
    assert YOU.search(read(weighing_html(cat))) is None  # a hand's end, while weighing
    assert YOU.search(cat.t(none_key(None, True))) is None  # the review, while weighing
    north = next(d for d in steps if d["seat"] == "N")
    ask = {"do": "replay", "hand": north["hand"], "step": north["turn"]}
    replay = json.loads(game.handle(json.dumps(ask)))["replay"]
    position = position_html(north, replay, cat, (600.0, 260.0), 20, seats=True)
    note = next(n for n in re.findall(r'<p class="note">(.*?)</p>', position) if "weighed" in n)
    assert "North" in note and YOU.search(read(note)) is None
    assert YOU.search(read(position)) is None, YOU.findall(read(position))  # reasons too
    # one person at the device: "you" reads naturally there
    south = [d for d in steps if d["seat"] == "S"]
    alone = read(review_panel(south, len(south), cat, seats=False))
    assert cat.t("review.intro") in alone and re.search(r"\bYou (played|opened)\b", alone)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_the_words_for_several_people(lang: str) -> None:
    """The new keys in every catalog (not English's by fallback), speaking to nobody."""
    own = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))["review"]
    for key in ("intro_seats", "seen_seats", "offer_weighing"):
        assert key in own
        assert lang == "en" or own[key] != ENGLISH["review"][key]
        assert SECOND_PERSON[lang].search(own[key].replace("{seat}", "")) is None, (key, own[key])
    # the reasons name the seat now: the intro no longer says whom they speak to
    assert "{seat}" not in own["intro_seats"] and own["seen_seats"].count("{seat}") == 1
    panel = review_panel(STEPS, len(STEPS), catalog(lang), seats=True)
    assert html.escape(own["intro_seats"], quote=False) in panel.replace("&#x27;", "'")


def north_in_a_two_people_review() -> tuple[list[dict[str, Any]], list[tuple[Any, Any]]]:
    """The review of a hand South and North played (several deals, so that many reasons
    come up), and each of North's decisions with its position."""
    steps: list[dict[str, Any]] = []
    positions = []
    for deal in ("31", "7", "12"):
        game = Game()
        hand = reviewed(deal, game=game)
        steps += hand
        for d in hand:
            if d["seat"] == "N":
                ask = {"do": "replay", "hand": d["hand"], "step": d["turn"]}
                positions.append((d, json.loads(game.handle(json.dumps(ask)))["replay"]))
    return steps, positions


@pytest.mark.parametrize("lang", LANGUAGES)
def test_with_two_people_another_seats_reasons_name_the_seat(lang: str) -> None:
    """Pass-and-play: North's decisions, their reasons and the whole explanation of their
    positions never say "you" (South may hold the device): they name North. With one person
    at the device the same reasons speak to "you", as the hint does."""
    from ui.review_panel import position_html

    cat = catalog(lang)
    you = SECOND_PERSON[lang]
    steps, positions = north_in_a_two_people_review()
    assert positions
    panel = read(review_panel(steps, len(steps), cat, seats=True))
    assert you.search(panel) is None, you.findall(panel)
    named = 0
    for decision, replay in positions:
        text = read(position_html(decision, replay, cat, (600.0, 260.0), 20, seats=True))
        assert you.search(text) is None, (you.findall(text), text)
        named += text.count(cat.seat("N"))
    assert named > 3 * len(positions)  # verdict, note, about, and the reasons name North
    decision, replay = positions[0]
    alone = read(position_html(decision, replay, cat, (600.0, 260.0), 20))
    assert you.search(alone) is not None  # one person: the hint's words, "you"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_names_the_seat_instead_of_you(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every kind of reason, given the seat that decided, speaks to nobody; those that say
    "you" in the hint name that seat instead, in every language's own words."""
    monkeypatch.syspath_prepend(str(ROOT / "tests" / "ui"))
    from test_hint_panel import REASONS

    from ui.hint_panel import reason_words

    cat = catalog(lang)
    you = SECOND_PERSON[lang]
    own = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
    assert set(own["explain"]["reason_seat"]) == set(ENGLISH["explain"]["reason_seat"])
    reasons = REASONS + [{"code": "stuck", "params": {"chance": 100}}]
    named = 0
    for r in reasons:
        hint = reason_words(r, cat, "S")
        review = reason_words(r, cat, "S", "S")
        assert you.search(review) is None, review
        if you.search(hint):
            assert cat.seat("S") in review and review != hint, (hint, review)
            named += 1
    assert named >= 20
