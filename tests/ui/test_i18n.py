"""The page's words (ui/i18n.py): CLDR plural forms, the language chosen as interfaces.md says,
English where a translation lacks a key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ui.i18n import LANGUAGES, Catalog, decimal, pick_language, plural_form

LOCALES = Path(__file__).resolve().parents[2] / "locales"


@pytest.mark.parametrize(
    "lang, n, form",
    [
        ("en", 1, "one"),
        ("en", 0, "other"),
        ("en", 2, "other"),
        ("de", 1, "one"),
        ("de", 8, "other"),
        ("es", 1, "one"),
        ("es", 2, "other"),
        ("es", 1000000, "many"),
        ("es", 0, "other"),
        ("ms", 1, "other"),
        ("ms", 8, "other"),
    ],
)
def test_plural_forms_follow_cldr(lang: str, n: int, form: str) -> None:
    assert plural_form(lang, n) == form


def test_plurals_in_every_language_read_their_own_forms() -> None:
    for lang, one, many in (
        ("de", "1 Stein", "8 Steine"),
        ("es", "1 ficha", "8 fichas"),
        ("ms", "1 jubin", "8 jubin"),
        ("en", "1 tile", "8 tiles"),
    ):
        cat = Catalog(json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8")))
        assert cat.plural("plural.tiles", 1) == one
        assert cat.plural("plural.tiles", 8) == many


@pytest.mark.parametrize(
    "query, saved, browser, shown",
    [
        ("de", "ms", ["es-419"], "de"),  # the address first
        (None, "ms", ["es-419"], "ms"),  # then the saved setting
        (None, None, ["fr-FR", "es-419"], "es"),  # then the first of the browser's that is ours
        (None, None, ["de-AT"], "de"),
        (None, None, ["ms-MY", "en"], "ms"),
        ("xx", "yy", ["fr"], "en"),  # else English
        (None, None, [], "en"),
    ],
)
def test_the_language_shown(
    query: str | None, saved: str | None, browser: list[str], shown: str
) -> None:
    assert pick_language(query, saved, browser) == shown


def test_a_missing_key_falls_back_to_english() -> None:
    english = json.loads((LOCALES / "en.json").read_text(encoding="utf-8"))
    partial = {"lang": "de", "actions": {"undo": "Rückgängig"}}
    cat = Catalog(partial, english)
    assert cat.t("actions.undo") == "Rückgängig"
    assert cat.t("actions.redo") == english["actions"]["redo"]
    assert cat.t("no.such.key") == "no.such.key"


def test_decimals_are_written_the_language_s_way() -> None:
    assert [decimal(x) for x in (12.0, -3.46, 0.04, 7.26)] == ["12", "-3.5", "0", "7.3"]
    german = Catalog(json.loads((LOCALES / "de.json").read_text(encoding="utf-8")))
    malay = Catalog(json.loads((LOCALES / "ms.json").read_text(encoding="utf-8")))
    assert german.decimal(3.5) == "3,5" and malay.decimal(3.5) == "3.5"


# -- lists: the language's conjunction, and the template's own article and case --------------

NB = "\u2011"  # a tile name's hyphen does not break


def catalog(lang: str) -> Catalog:
    english = json.loads((LOCALES / "en.json").read_text(encoding="utf-8"))
    return Catalog(json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8")), english)


@pytest.mark.parametrize(
    "lang, two, three, choice",
    [
        ("de", "Nord und West", "Ost, Nord und West", "9‑9, 8‑8 oder 7‑7"),
        ("en", "North and West", "East, North and West", "9‑9, 8‑8 or 7‑7"),
        ("es", "Norte y Oeste", "Este, Norte y Oeste", "9‑9, 8‑8 o 7‑7"),
        ("ms", "Utara dan Barat", "Timur, Utara dan Barat", "9‑9, 8‑8 atau 7‑7"),
    ],
)
def test_a_list_is_joined_the_language_s_way(lang: str, two: str, three: str, choice: str) -> None:
    cat = catalog(lang)
    assert cat.join([]) == "" and cat.join([cat.seat("N")]) == cat.seat("N")
    assert cat.join([cat.seat("N"), cat.seat("W")]) == two
    assert cat.join([cat.seat(s) for s in "ENW"]) == three
    assert cat.join([f"9{NB}9", f"8{NB}8", f"7{NB}7"], "or") == choice


def test_spanish_says_e_and_u_before_the_sounds_that_ask_for_them() -> None:
    cat = catalog("es")
    assert cat.join(["Ana", "Inés"]) == "Ana e Inés"
    assert cat.join(["Ana", "Hilda"]) == "Ana e Hilda"
    assert cat.join(["Ana", "Hielo"]) == "Ana y Hielo"  # a glide, not an /i/
    assert cat.join(["Ana", "Óscar"], "or") == "Ana u Óscar"
    assert cat.join([f"9{NB}9", f"8{NB}8"], "or") == f"9{NB}9 u 8{NB}8"  # "ocho"
    assert cat.join([f"9{NB}9", f"1{NB}1"], "or") == f"9{NB}9 o 1{NB}1"
    assert catalog("en").join(["Ann", "Ian"]) == "Ann and Ian"


PRIORITY = {
    "de": (
        "nicht an den Zweig von Nord.",
        "nicht an die Zweige von Nord und West.",
        "nicht an die Zweige von Süd, Nord und West.",
    ),
    "en": (
        "not on North's branch.",
        "not on the branches of North and West.",
        "not on the branches of South, North and West.",
    ),
    "es": (
        "no en la rama de Norte.",
        "no en las ramas de Norte y Oeste.",
        "no en las ramas de Sur, Norte y Oeste.",
    ),
    "ms": (
        "bukan pada cabang Utara.",
        "bukan pada cabang Utara dan Barat.",
        "bukan pada cabang Selatan, Utara dan Barat.",
    ),
}


@pytest.mark.parametrize("lang", sorted(PRIORITY))
def test_a_listed_template_owns_its_article_and_case(lang: str) -> None:
    """The branches a tile may not go on (explain's priority reason): one, two, three; the
    template's plural form puts the article and the noun around the bare seat names."""
    from ui.hint_panel import reason_words

    cat = catalog(lang)
    for over, ending in zip(("N", "NW", "SNW"), PRIORITY[lang], strict=True):
        reason = {"code": "priority", "params": {"branch": "E", "over": list(over), "number": 6}}
        text = reason_words(reason, cat)
        assert text.endswith(ending), (lang, text)
        assert cat.branch("E") in text and "{" not in text


TIES = {
    "de": (
        "Blockiert: Niemand kann mehr legen. Süd und Nord liegen mit 7 gleichauf",
        "Süd, Ost und West",
    ),
    "en": ("Blocked: nobody can play. South and North tie at 7", "South, East and West"),
    "es": ("Bloqueo: nadie puede jugar. Sur y Norte empatan a 7", "Sur, Este y Oeste"),
    "ms": (
        "Buntu: tiada sesiapa boleh bermain. Selatan dan Utara seri dengan 7 mata",
        "Selatan, Timur dan Barat",
    ),
}


@pytest.mark.parametrize("lang", sorted(TIES))
def test_a_tied_block_names_two_and_three_seats(lang: str) -> None:
    from ui.words import outcome_words

    cat = catalog(lang)
    two = {"S": 7, "E": 9, "N": 7, "W": 12}
    three = {"S": 4, "E": 4, "N": 9, "W": 4}
    said = outcome_words({"reason": "block", "winner": None, "points": 0, "pips": two}, cat)
    assert said.startswith(TIES[lang][0]), said
    said = outcome_words({"reason": "block", "winner": None, "points": 0, "pips": three}, cat)
    assert TIES[lang][1] + " " in said, said


OPENING = {
    "de": (
        "Die Hand wird mit 9‑9 eröffnet.",
        "einem dieser Doppelsteine eröffnet: 9‑9, 7‑7 oder 2‑2.",
    ),
    "en": ("The hand opens with 9‑9.", "one of these doubles: 9‑9, 7‑7 or 2‑2."),
    "es": ("Tienes que salir con el 9‑9.", "uno de estos dobles: 9‑9, 7‑7 o 2‑2."),
    "ms": ("Pusingan ini mesti dibuka dengan 9‑9.", "dibuka dengan 9‑9, 7‑7 atau 2‑2."),
}


@pytest.mark.parametrize("lang", sorted(OPENING))
def test_the_doubles_to_open_with_are_a_choice(lang: str) -> None:
    """From the frame (a list) and from the engine's error ("9-9 or 7-7", English): the same
    words; a refusal that lacks its parameter says the general refusal, never a {placeholder}."""
    from ui.words import why

    cat = catalog(lang)
    one, three = OPENING[lang]
    assert why({"code": "opening", "params": {"doubles": ["9-9"]}}, cat) == one
    assert why({"code": "opening", "params": {"doubles": ["9-9", "7-7", "2-2"]}}, cat).endswith(
        three
    )
    assert why({"code": "opening", "params": {"doubles": "9-9 or 7-7 or 2-2"}}, cat).endswith(three)
    assert why({"code": "opening", "params": {}}, cat) == cat.t("why.illegal")
    two = why({"code": "opening", "params": {"doubles": ["9-9", "8-8"]}}, cat)
    assert (" u " in two) == (lang == "es")


def test_the_lists_read_the_same_under_micropython() -> None:
    from test_micropython import micropython  # the page's runtime under node

    code = (
        "import json\n"
        "from ui.i18n import Catalog\n"
        "from ui.hint_panel import reason_words\n"
        "from ui.words import why\n"
        "en = json.load(open('/lib/locales/en.json'))\n"
        "out = []\n"
        f"for lang in {LANGUAGES!r}:\n"
        "    cat = Catalog(json.load(open('/lib/locales/' + lang + '.json')), en)\n"
        "    out.append(cat.join(['Ana', 'Inés']))\n"
        "    out.append(cat.join(['9-9', '8-8', '7-7'], 'or'))\n"
        "    out.append(cat.join(['Ana', 'Óscar'], 'or'))\n"
        "    for over in (['N'], ['N', 'W'], ['S', 'N', 'W']):\n"
        "        r = {'code': 'priority', 'params': {'branch': 'E', 'over': over, 'number': 6}}\n"
        "        out.append(reason_words(r, cat))\n"
        "    out.append(why({'code': 'opening', 'params': {'doubles': '9-9 or 8-8'}}, cat))\n"
        "print('@@' + json.dumps(out))\n"
    )
    got = json.loads(micropython(code).split("@@")[-1])
    from ui.hint_panel import reason_words
    from ui.words import why

    expected = []
    for lang in LANGUAGES:
        cat = catalog(lang)
        expected += [cat.join(["Ana", "Inés"]), cat.join(["9-9", "8-8", "7-7"], "or")]
        expected.append(cat.join(["Ana", "Óscar"], "or"))
        for over in (["N"], ["N", "W"], ["S", "N", "W"]):
            r = {"code": "priority", "params": {"branch": "E", "over": over, "number": 6}}
            expected.append(reason_words(r, cat))
        expected.append(why({"code": "opening", "params": {"doubles": "9-9 or 8-8"}}, cat))
    assert got == expected
    assert "Ana u Óscar" in got and "Ana e Inés" in got


def test_the_rules_diagram_lists_branches_that_carry_their_own_article() -> None:
    """The drawn example's caption: each branch's name is already in the template's case
    ("den Zweig von Ost"), so the list needs no article of its own."""
    from ui.diagram import listing

    for lang, two, three in (
        (
            "de",
            "den Zweig von Süd und den Zweig von Ost",
            "den Zweig von Süd, den Zweig von Ost und",
        ),
        ("es", "la rama de Sur y la rama de Este", "la rama de Sur, la rama de Este y"),
        ("ms", "cabang Selatan dan cabang Timur", "cabang Selatan, cabang Timur dan"),
    ):
        text = catalog(lang).raw("rules.diagram")
        names = [text["branch"][s] for s in "SEN"]
        assert listing(names[:1], text) == names[0]
        assert listing(names[:2], text) == two
        assert listing(names, text).startswith(three)
