"""A class link over a match in progress (issue 22), the page's pure part: which matches are
worth keeping, the kept match's class, the address without ``?class=``, the question's and
the way back's markup — the same under MicroPython as under CPython."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import page_catalog as catalog
from tags import attrs_of

from longana.classplay import ClassCode
from longana.protocol import Game
from ui.i18n import LANGUAGES
from ui.kept_match import back_html, in_progress, kept_class, question_html, without, worth_keeping
from ui.storage import KEPT, Store

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))
CODE = ClassCode.make("LINK22", ("person", "computer", "computer", "computer"), "normal", 20)
OTHER = ClassCode.make("LINK30", ("person", "computer", "computer", "computer"), "normal", 20)


def reply(game: Game, intent: dict[str, Any]) -> dict[str, Any]:
    return dict(json.loads(game.handle(json.dumps(intent))))


def ordinary(moves: int) -> dict[str, Any]:
    """An ordinary match's reply after ``moves`` actions (people play their first move)."""
    game = Game()
    out = reply(game, {"do": "start", "save": None, "deal": "22", "seats": ["person"] * 4})
    for _ in range(moves):
        frame = out["frame"]
        if frame["handoff"] is not None:
            out = reply(game, {"do": "take-device", "seat": frame["handoff"]})
        move = out["frame"]["turn"]["moves"][0]
        out = reply(game, {"do": "play", "move": move, "at": out["frame"]["log"]})
    return out


def test_a_match_in_progress_of_another_class_or_none_is_worth_keeping() -> None:
    fresh, played = ordinary(0), ordinary(2)
    assert not in_progress(fresh["frame"]) and not worth_keeping(fresh["frame"], CODE.text)
    assert in_progress(played["frame"]) and worth_keeping(played["frame"], CODE.text)
    assert not worth_keeping({**played["frame"], "match_over": True}, CODE.text)
    assert not worth_keeping(None, CODE.text)
    game = Game()
    started = reply(game, {"do": "class-start", "code": CODE.text, "save": None})
    move = started["frame"]["turn"]["moves"][0] if started["frame"]["turn"] else None
    if move is not None:
        started = reply(game, {"do": "play", "move": move, "at": started["frame"]["log"]})
    else:
        started = reply(game, {"do": "computer", "at": started["frame"]["log"]})
    # that class match itself resumes; a link to another class would lose its play (issue 30)
    assert in_progress(started["frame"]) and not worth_keeping(started["frame"], CODE.text)
    assert worth_keeping(started["frame"], OTHER.text)


def test_the_kept_matchs_class_is_read_from_its_save() -> None:
    game = Game()
    class_save = reply(game, {"do": "class-start", "code": CODE.text, "save": None})["save"]
    assert kept_class(class_save) == CODE.text
    assert kept_class(ordinary(1)["save"]) is None
    for text in (None, "", "not json", "[1]", '{"class": 7}', "[[[[", '"x"'):
        assert kept_class(text) is None


def test_the_address_loses_only_the_class_link() -> None:
    assert without("?class=7B-PCCC", "class") == ""
    assert without("", "class") == ""
    assert without("?lang=de&class=X&deal=7", "class") == "?lang=de&deal=7"
    assert without("?classic=1&class", "class") == "?classic=1"
    assert without("?lang=de", "class") == "?lang=de"


def test_the_question_and_the_way_back_in_every_language() -> None:
    for lang in LANGUAGES:
        cat = catalog(lang)
        asked = question_html(cat, "A&B<", 3)
        assert 'data-action="class-link-join"' in asked and 'data-action="class-link-stay"' in asked
        assert "A&amp;B&lt;" in asked and "A&B<" not in asked
        assert "data-kept-refused" not in asked and "kept-file" not in asked
        refused = question_html(cat, "C", 2, 'blob:x"y')
        assert "data-kept-refused" in refused and 'href="blob:x&quot;y"' in refused
        join = attrs_of(refused, "data-action", "class-link-join")
        assert "disabled" in join, "joining waits for the file"
        assert cat.t("kept.refused") in refused and cat.t("kept.join_unkept") in refused
        other = question_html(cat, "C", 2, "blob:o", replacing=True)
        assert cat.t("kept.replaces") in other and cat.t("kept.file_other") in other
        assert "disabled" in attrs_of(other, "data-action", "class-link-join")
        join = other[other.index('data-action="class-link-join"') :]
        assert cat.t("kept.join") in join and cat.t("kept.join_unkept") not in other
        assert cat.t("kept.back") in back_html(cat, None)
        assert cat.t("kept.back_class", code="C") in back_html(cat, "C")
        assert 'data-action="kept-match"' in back_html(cat, None)


def test_every_word_comes_from_the_catalog() -> None:
    from test_no_literals import CAT, leftovers  # every text a marker: nothing else shows

    for html in (
        question_html(CAT, "C1", 3),
        question_html(CAT, "C1", 3, "blob:z"),
        question_html(CAT, "C1", 3, "blob:z", replacing=True),
        back_html(CAT, None),
        back_html(CAT, "C1"),
    ):
        assert leftovers(html.replace("C1", "")) == [], html


def test_the_kept_match_has_its_own_key_in_each_copy() -> None:
    data: dict[str, str] = {}

    class Fake:
        def getItem(self, key: str) -> Any:  # noqa: N802 - the Storage API's name
            return data.get(key)

        def setItem(self, key: str, value: str) -> None:  # noqa: N802
            data[key] = value

        def removeItem(self, key: str) -> None:  # noqa: N802
            data.pop(key, None)

    Store(Fake(), "/").put(KEPT, "a")
    Store(Fake(), "/class/7b/index.html").put(KEPT, "b")
    assert data == {"longana:kept-match": "a", "longana:kept-match@/class/7b/": "b"}


def test_the_same_under_micropython() -> None:
    from test_micropython import micropython  # the page's runtime under node

    played, game = ordinary(2), Game()
    class_save = reply(game, {"do": "class-start", "code": CODE.text, "save": None})["save"]
    frames = [ordinary(0)["frame"], played["frame"], {**played["frame"], "match_over": True}]
    saves = [class_save, played["save"], "not json", None]
    queries = ["?class=X", "?lang=de&class=X&deal=7", ""]
    code = (
        "import json\n"
        "from ui.kept_match import *\n"
        "from ui.i18n import Catalog\n"
        "en = json.load(open('/lib/locales/en.json'))\n"
        f"FRAMES = json.loads({json.dumps(json.dumps(frames))})\n"
        f"SAVES = json.loads({json.dumps(json.dumps(saves))})\n"
        f"QUERIES = {queries!r}\n"
        "out = [[in_progress(f), worth_keeping(f, 'X')] for f in FRAMES]\n"
        "out += [kept_class(s) for s in SAVES] + [without(q, 'class') for q in QUERIES]\n"
        f"for lang in {list(LANGUAGES)!r}:\n"
        "    cat = Catalog(json.load(open('/lib/locales/' + lang + '.json')), en)\n"
        "    out.append(question_html(cat, 'C', 3) + question_html(cat, 'C', 3, 'blob:z')\n"
        "               + question_html(cat, 'C', 3, 'blob:o', True)\n"
        "               + back_html(cat, None) + back_html(cat, 'C'))\n"
        "with open('/out.txt', 'wb') as f:\n"
        "    f.write(('@@' + json.dumps(out)).encode())\n"
    )
    got = json.loads(micropython(code).split("@@")[-1])
    want: list[Any] = [[in_progress(f), worth_keeping(f, "X")] for f in frames]
    want += [kept_class(s) for s in saves] + [without(q, "class") for q in queries]
    for lang in LANGUAGES:
        cat = catalog(lang)
        want.append(
            question_html(cat, "C", 3)
            + question_html(cat, "C", 3, "blob:z")
            + question_html(cat, "C", 3, "blob:o", True)
            + back_html(cat, None)
            + back_html(cat, "C")
        )
    assert got == want
