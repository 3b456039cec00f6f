"""The explained hint in words (ui/hint_panel.py): every legal move listed with the names kept
for automation, every reason worded in every language, and the same HTML under MicroPython."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import page_catalog as catalog

from longana.players.explain import Explanation, Reason, Weighed, explain
from longana.players.facts import RANK
from longana.protocol import Game
from longana.rules.tiles import Move
from ui.hint_panel import explain_html, grouped, reason_words
from ui.i18n import LANGUAGES, Catalog

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))

# one of each reason the engine gives, in each of its forms (longana.players.facts)
REASONS = [
    {"code": "pass", "params": {"opens": True}},
    {"code": "pass", "params": {"opens": False}},
    {"code": "domino", "params": {"match": False}},
    {"code": "domino", "params": {"match": True}},
    {"code": "block", "params": {"pips": 1, "chance": 40, "match": False}},
    {"code": "block", "params": {"pips": 12, "chance": 40, "match": False}},
    {"code": "block", "params": {"pips": 12, "chance": 40, "match": True}},
    {"code": "block", "params": {"pips": 12, "chance": 100, "match": False}},
    {"code": "block", "params": {"pips": 1, "chance": 100, "match": True}},
    {"code": "block", "params": {"pips": 24, "chance": 0, "match": True}},
    {"code": "go-out-risk", "params": {"seat": "E", "number": 9, "tiles": ["9-4"], "chance": 8}},
    {"code": "go-out-risk", "params": {"seat": "E", "number": 9, "tiles": ["9-9"], "chance": 30}},
    # as the page groups one seat's numbers (``grouped``)
    {
        "code": "go-out-risk",
        "params": {"seat": "E", "numbers": [2, 9], "doubles": [], "chance": 60},
    },
    {"code": "go-out-risk", "params": {"seat": "E", "numbers": [], "doubles": ["9-9", "4-4"]}},
    {
        "code": "go-out-risk",
        "params": {"seat": "W", "numbers": [2], "doubles": ["9-9"], "chance": 2},
    },
    {"code": "go-out-risk", "params": {"seat": "N", "turns": 2, "chance": 20}},
    {"code": "go-out-risk", "params": {"seat": "N", "turns": 2, "chance": 3}},
    {"code": "way-out", "params": {"turns": 1, "sure": False, "chance": 70}},
    {"code": "way-out", "params": {"turns": 3, "sure": False, "chance": 46}},
    {"code": "way-out", "params": {"turns": 1, "sure": True, "chance": 100}},
    {"code": "way-out", "params": {"turns": 3, "sure": True, "chance": 100}},
    {"code": "likely-block", "params": {"chance": 40, "winner": "E"}},
    {"code": "likely-block", "params": {"chance": 40, "winner": "S"}},
    {"code": "likely-block", "params": {"chance": 40, "winner": None}},
    {"code": "control", "params": {"numbers": [3, 5]}},
    {"code": "stuck", "params": {"chance": 62, "ends": 0}},
    {"code": "stuck", "params": {"chance": 62, "ends": 20}},
    {"code": "stuck", "params": {"chance": 0, "ends": 0}},
    {"code": "stuck", "params": {"chance": 0, "ends": 30}},
    {"code": "stuck", "params": {"chance": 100, "ends": 0}},
    {"code": "match-point", "params": {"seat": "E", "needs": 6}},
    {"code": "match-point", "params": {"seat": "S", "needs": 1}},
    {"code": "ends-match", "params": {"chance": 12, "yours": 5}},
    {"code": "ends-match", "params": {"chance": 12, "yours": 0}},
    {"code": "ends-match", "params": {"chance": 12, "yours": 12}},
    {"code": "keeps-own", "params": {"number": 7, "tiles": ["7-3"]}},
    {"code": "keeps-own", "params": {"number": 7, "tiles": ["7-3", "3-1"]}},
    {"code": "no-own", "params": {"number": 4}},
    {"code": "blocks", "params": {"seat": "E", "number": 4}},
    {"code": "feeds", "params": {"seat": "W", "number": 8, "was": 6}},
    {"code": "leader", "params": {"seat": "N", "number": 2}},
    {"code": "priority", "params": {"branch": "E", "over": ["N", "W"], "number": 5}},
    {"code": "closes-own", "params": {}},
    {"code": "sheds", "params": {"pips": 1}},
    {"code": "sheds", "params": {"pips": 14}},
    {"code": "double", "params": {"number": 9}},
]


class Asked(Catalog):
    """A catalog that keeps every key the page asks of it."""

    def __init__(self, messages: dict[str, Any]) -> None:
        super().__init__(messages)
        self.asked: set[str] = set()

    def raw(self, key: str) -> Any:
        self.asked.add(key)
        return super().raw(key)


def reason_problems(
    rank: tuple[str, ...], samples: list[dict[str, Any]], words: dict[str, Any]
) -> list[str]:
    """The page's reasons against the engine's, both ways: every code the engine gives
    (``rank``, its list) has a sample here, worded; every code the page's modules compare with
    and every reason the catalog words (``explain.reason``, ``explain.reason_seat``) is reached
    from a code the engine gives."""
    found = [f"{c!r}: the engine gives it, no sample here words it" for c in rank]
    found = [f for f, c in zip(found, rank, strict=True) if c not in {r["code"] for r in samples}]
    found += [
        f"{c!r}: a sample of a code the engine never gives"
        for c in sorted({r["code"] for r in samples} - set(rank))
    ]
    compared = {
        code
        for name, pattern in PAGE_REASONS
        for code in re.findall(pattern, (ROOT / "ui" / name).read_text("utf-8"))
    }
    found += [
        f"{c!r}: the page asks for it, the engine never gives it"
        for c in sorted(compared - set(rank))
    ]
    cat = Asked(words)
    for reason in samples:
        for seat in (None, "N"):
            reason_words(reason, cat, "S", seat)
    for section in ("reason", "reason_seat"):
        found += [
            f"explain.{section}.{key}: words that no code the engine gives reaches"
            for key in words["explain"][section]
            if f"explain.{section}.{key}" not in cat.asked
        ]
    return found


# the page's modules that word reasons, and how they compare a reason's code: any `code ==` in
# the hint's words (reason_key), a reason's ["code"] in both (the review's other codes are the
# worker's refusals)
PAGE_REASONS = (
    ("hint_panel.py", r'\bcode"?\]? [!=]= "([a-z-]+)"'),
    ("review_panel.py", r'\["code"\] [!=]= "([a-z-]+)"'),
)


def test_the_page_words_every_reason_the_engine_gives_and_no_other() -> None:
    """The engine's list of codes (longana.players.facts.RANK, read here: a code added there
    fails until the page words it) against the page's words, both ways."""
    assert reason_problems(RANK, REASONS, ENGLISH) == []


def test_the_reason_check_can_fail() -> None:
    """A code the engine adds, a sample the engine never gives, words no code reaches: each
    is found."""
    assert reason_problems((*RANK, "new-code"), REASONS, ENGLISH) == [
        "'new-code': the engine gives it, no sample here words it"
    ]
    odd = [*REASONS, {"code": "gone", "params": {}}]
    assert "'gone': a sample of a code the engine never gives" in reason_problems(
        RANK, odd, ENGLISH
    )
    rank = tuple(c for c in RANK if c != "priority")
    assert "'priority': the page asks for it, the engine never gives it" in reason_problems(
        rank, [r for r in REASONS if r["code"] != "priority"], ENGLISH
    )
    words = json.loads(json.dumps(ENGLISH))
    words["explain"]["reason_seat"]["leftover"] = "Words for nothing."
    assert reason_problems(RANK, REASONS, words) == [
        "explain.reason_seat.leftover: words that no code the engine gives reaches"
    ]
    less = [r for r in REASONS if r["params"].get("opens") is not True]  # no pass that opens
    assert "explain.reason.pass-opens: words that no code the engine gives reaches" in (
        reason_problems(RANK, less, ENGLISH)
    )


def hint_reply(deal: str = "23", turns: int = 3) -> dict[str, Any]:
    """The worker's reply to a hint, a few of South's turns into a hand."""
    game = Game()

    def ask(**intent: Any) -> dict[str, Any]:
        reply: dict[str, Any] = json.loads(game.handle(json.dumps(intent)))
        return reply

    frame = ask(do="start", save=None, deal=deal, seats=["person"] + ["computer"] * 3)["frame"]
    while True:
        if frame["to_move"] != "S":
            frame = ask(do="computer", at=frame["log"])["frame"]
            continue
        reply = ask(do="hint", at=frame["log"])
        if turns == 0 or frame["outcome"] is not None:
            return reply
        frame = ask(do="play", move=reply["hint"], at=frame["log"])["frame"]
        turns -= 1


def test_every_reason_is_worded_in_every_language() -> None:
    for lang in LANGUAGES:
        cat = catalog(lang)
        seen = set()
        for reason in REASONS:
            text = reason_words(reason, cat, me="S")  # the hint is South's
            assert text and "{" not in text and "explain." not in text, (lang, reason, text)
            seen.add(text)
        assert len(seen) == len(REASONS), lang  # no two reasons read alike


def test_the_list_has_every_legal_move_and_the_names_kept_for_automation() -> None:
    reply = hint_reply()
    explanation = reply["explanation"]
    html = explain_html(explanation, catalog("en"))
    assert 'data-hint-explain data-estimate-kind="' + explanation["kind"] + '"' in html
    moves = re.findall(r'data-hint-move="([^"]+)"', html)
    assert moves == [m["move"] for m in explanation["moves"]]
    assert moves[0] == reply["hint"]
    estimates = re.findall(r'data-estimate="([^"]+)"', html)
    assert [float(e) for e in estimates] == [m["estimate"] for m in explanation["moves"]]
    assert html.count('data-equal="true"') == sum(m["equal"] for m in explanation["moves"])
    assert html.count('tabindex="0"') == 1  # the list is one tab stop; arrows move on


def test_equal_moves_and_the_kind_are_said() -> None:
    moves = (
        Weighed(Move.parse("7-3@N"), 41.5, True, (Reason("sheds", {"pips": 10}),)),
        Weighed(Move.parse("7-1@S"), 40.9, True, (Reason("no-own", {"number": 1}),)),
        Weighed(Move.parse("6-6@E"), 30.0, False, (Reason("double", {"number": 6}),)),
    )
    win = Explanation(0, "win", 41.5, 60, moves, start=38.2).to_dict()
    cat = catalog("de")
    html = explain_html(win, cat)
    # "now" is the suggested move's chance, and the hand's start is labelled as such; German
    # decimals, no break before %
    assert "Vorschlag" in html
    assert "Zug: 41,5\u00a0%" in html and "zu Beginn dieser Hand: 38,2\u00a0%" in html
    assert html.count(cat.t("explain.equal")) == 1 and cat.t("explain.equal_first") in html
    assert "nicht ins Gewicht" in html  # what equal means
    points = Explanation(0, "points", 25.0, 60, moves).to_dict()
    html = explain_html(points, catalog("en"))
    assert "+42 points" in html and "+30 points" in html
    assert "too small to matter" in html
    assert explain_html(points, catalog("ms")).count("mata") >= 3


def test_a_loss_is_said_in_words_and_the_least_loss_marked() -> None:
    moves = (
        Weighed(Move.parse("7-3@N"), -12, True, (Reason("sheds", {"pips": 10}),)),
        Weighed(Move.parse("7-1@S"), -9, True, (Reason("no-own", {"number": 1}),)),
        Weighed(Move.parse("6-6@E"), -19, False, (Reason("double", {"number": 6}),)),
    )
    en = catalog("en")
    html = explain_html(Explanation(0, "points", 20, 60, moves).to_dict(), en)
    assert "loses about 12 points" in html and "loses about 19 points" in html
    assert "-12" not in html.split('data-estimate="-12"')[1]  # the number only for automation
    assert en.t("explain.all_lose") in html
    least = re.findall(r'data-hint-move="([^"]+)"[^>]*>.*?</li>', html)
    assert least == ["7-3@N", "7-1@S", "6-6@E"]
    item = html.split('data-hint-move="7-1@S"')[1].split("</li>")[0]
    assert en.t("explain.loses_least") in item and html.count(en.t("explain.loses_least")) == 1
    assert "loses about 1 point<" in explain_html(
        Explanation(0, "points", 20, 60, (Weighed(Move.parse("7-3@N"), -1, False, ()),)).to_dict(),
        en,
    )


def test_facts_that_hold_whatever_is_played_are_said_once_above_the_list() -> None:
    common = Reason("match-point", {"seat": "E", "needs": 6})
    closes = Reason("closes-own")
    moves = (
        Weighed(Move.parse("7-3@N"), 41, False, (common, Reason("sheds", {"pips": 10}), closes)),
        Weighed(Move.parse("7-1@S"), 30, False, (common, closes, Reason("sheds", {"pips": 8}))),
    )
    en = catalog("en")
    html = explain_html(Explanation(0, "win", 41, 60, moves).to_dict(), en)
    top, listed = html.split("data-hint-explain")
    assert en.t("explain.common") in top and "East needs 6 more points" in top
    assert "Your branch is open" in top
    assert "East needs" not in listed and "Your branch is open" not in listed
    assert listed.count("<li>") == 2  # each move keeps the reason of its own
    # a match point of the seat the hint is for says "you"
    mine = (
        Weighed(
            Move.parse("7-3@N"), 41, False, (Reason("match-point", {"seat": "S", "needs": 3}),)
        ),
    )
    assert "You need 3 more points" in explain_html(
        Explanation(0, "win", 41, 60, mine).to_dict(), en
    )


def test_one_seat_that_may_go_out_is_said_once_and_a_better_move_is_marked() -> None:
    risks = tuple(
        Reason("go-out-risk", {"seat": "E", "number": n, "tiles": [f"{n}-1", f"{n}-0"]})
        for n in (2, 9)
    )
    moves = (
        Weighed(Move.parse("7-3@N"), 9, False, risks + (Reason("sheds", {"pips": 10}),)),
        Weighed(Move.parse("3-0@S"), 10, False, (Reason("control", {"numbers": [3, 5]}),)),
    )
    en = catalog("en")
    html = explain_html(Explanation(0, "win", 9, 60, moves).to_dict(), en)
    assert html.count("East has one tile left") == 1 and "shows 2 or 9" in html
    better = html.split('data-hint-move="3-0@S"')[1]
    assert en.t("explain.better") in better and html.count(en.t("explain.better")) == 1


def test_the_same_html_under_micropython() -> None:
    from test_micropython import micropython  # the page's runtime under node

    reply = hint_reply(turns=5)
    code = (
        "import json\n"
        "from ui.hint_panel import explain_html, grouped, reason_words\n"
        "from ui.i18n import Catalog\n"
        "en = json.load(open('/lib/locales/en.json'))\n"
        "out = []\n"
        f"EXPLANATION = json.loads({json.dumps(json.dumps(reply['explanation']))})\n"
        f"REASONS = json.loads({json.dumps(json.dumps(REASONS))})\n"
        f"for lang in {list(LANGUAGES)!r}:\n"
        "    cat = Catalog(json.load(open('/lib/locales/' + lang + '.json')), en)\n"
        "    words = [reason_words(r, cat, 'S', s) for s in (None, 'N') for r in REASONS]\n"
        "    out.append([explain_html(EXPLANATION, cat)] + words)\n"
        "with open('/out.txt', 'wb') as f:\n"
        "    f.write(('@@' + json.dumps(out)).encode())\n"
    )
    got = json.loads(micropython(code).split("@@")[-1])
    want = [
        [explain_html(reply["explanation"], catalog(lang))]
        + [reason_words(r, catalog(lang), "S", s) for s in (None, "N") for r in REASONS]
        for lang in LANGUAGES
    ]
    assert got == want


def test_explanations_from_the_engine_are_all_worded() -> None:
    """Reasons of real positions, in every language: none is left as a key."""
    from test_explain import views  # positions of every kind from the engine's tests

    texts = 0
    for view, seed in views(8):
        explanation = explain(view, seed).to_dict()
        for lang in LANGUAGES:
            html = explain_html(explanation, catalog(lang))
            assert "explain." not in html and "{" not in html
            texts += 1
    assert texts == 8 * len(LANGUAGES)


@pytest.fixture(autouse=True)
def _paths(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "tests" / "ui"))
    monkeypatch.syspath_prepend(str(ROOT / "tests" / "players"))


def test_what_read_wrong_on_screen_reads_right() -> None:
    """A pass in 0 % of the deals is no "in about 0 %"; a rival's one tile may show this number
    or that one; the chance at the hand's start is whole, as the moves' are."""
    cat = catalog("en")
    rarely = reason_words({"code": "stuck", "params": {"chance": 0, "ends": 0}}, cat)
    assert "0%" not in rarely and "nearly all" in rarely
    assert "62%" in reason_words({"code": "stuck", "params": {"chance": 62, "ends": 0}}, cat)
    # a hand that ends before the turn is said apart, never "in nearly all deals you have a play"
    over = reason_words({"code": "stuck", "params": {"chance": 1, "ends": 30}}, cat)
    assert "30%" in over and "is over before your next turn" in over and "1%" not in over
    risk = {"code": "go-out-risk", "params": {"seat": "E", "numbers": [1, 3], "doubles": []}}
    assert "shows 1 or 3" in reason_words(risk, cat)
    assert "1 oder 3" in reason_words(risk, catalog("de"))

    def risk_of(seat: str, number: int, tiles: list[str]) -> dict[str, Any]:
        params = {"seat": seat, "number": number, "tiles": tiles, "chance": 25}
        return {"code": "go-out-risk", "params": params}

    three = [risk_of(s, 1, ["1-0", "4-1"]) for s in ("E", "N", "W")] + [
        risk_of("E", 3, ["3-2"]),
        risk_of("N", 9, ["9-9"]),  # on a branch closed to North: only the double goes there
    ]
    said = [reason_words(r, cat) for r in grouped(three)]
    assert said[0].startswith("East has one tile left") and "shows 1 or 3" in said[0]
    assert said[1].startswith("North has one tile left") and "shows 1, or is the 9‑9" in said[1]
    assert "shows 9" not in said[1] and "1 deal in 4" in said[1]
    assert said[2].startswith("West has one tile left")
    assert len(said) == 3
    control = {"code": "control", "params": {"numbers": [5, 7]}}
    assert "5 and 7" in reason_words(control, cat)
    explanation = {"kind": "win", "seat": "S", "deals": 96, "chance": 7, "start": 10.2}
    explanation["moves"] = [{"move": "pass", "estimate": 7, "equal": False, "reasons": []}]
    html = explain_html(explanation, cat)
    assert "start of this hand: 10%" in html and "10.2" not in html


def test_a_sure_pass_and_shedding_nothing_read_right() -> None:
    """A pass in 95 % or more of the deals is said as "nearly all", never "about 100 %"; the
    0–0 sheds nothing, and that is not said as a reason."""
    for lang in LANGUAGES:
        cat = catalog(lang)
        sure = reason_words({"code": "stuck", "params": {"chance": 100, "ends": 0}}, cat)
        assert "100" not in sure and sure == cat.t("explain.reason.stuck-surely"), lang
    nothing = {"code": "sheds", "params": {"pips": 0}}
    zero = Weighed(Move.parse("0-0@N"), 30, False, (Reason("sheds", {"pips": 0}),))
    html = explain_html(Explanation(0, "win", 30, 60, (zero,)).to_dict(), catalog("en"))
    assert "pips" not in html and grouped([nothing]) == []
