"""The page's words (ui/i18n.py): CLDR plural forms, the language chosen as interfaces.md says,
English where a translation lacks a key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ui.i18n import Catalog, decimal, pick_language, plural_form

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
