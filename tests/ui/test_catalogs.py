"""The message catalogs ``locales/<lang>.json`` against ``locales/en.json``.

English is the reference: every other catalog must have exactly its keys (nested, in the same
order), lists of the same length, the same ``{placeholders}`` in every string, and the plural
forms its own language needs by CLDR. The checks walk whatever ``en.json`` holds and run for every
``locales/*.json``, so a key added to English fails here for each language that lacks it.

Run as a script (``python tests/ui/test_catalogs.py``) to print, per language, every problem found:
missing keys, extra keys, placeholder differences.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

LOCALES = Path(__file__).resolve().parents[2] / "locales"
sys.path.insert(0, str(LOCALES.parent))  # run as a script too
from ui.i18n import LANGUAGES, NAMES, PLURALS  # noqa: E402

REFERENCE = "en"

#: CLDR plural categories each language uses for whole numbers (cardinals), as its line of
#: ui/languages.py declares them: Spanish "many" is for large round numbers (1000000),
#: Malay has a single form.
PLURAL_FORMS = {code: frozenset(forms) for code, forms in PLURALS.items()}
CLDR_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})

PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def catalog_paths() -> list[Path]:
    return sorted(LOCALES.glob("*.json"))


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    dupes = sorted({k for k in keys if keys.count(k) > 1})
    if dupes:
        raise ValueError(f"duplicate keys: {', '.join(dupes)}")
    return dict(pairs)


def load(path: Path) -> Any:
    """The catalog at ``path``: strict UTF-8, valid JSON, no key given twice."""
    return json.loads(path.read_bytes().decode("utf-8"), object_pairs_hook=_no_duplicates)


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def is_plural(node: Any) -> bool:
    """A plural object: its keys are CLDR categories, one of them ``other``."""
    return (
        isinstance(node, dict)
        and "other" in node
        and set(node) <= CLDR_CATEGORIES
        and all(isinstance(v, str) for v in node.values())
    )


def string_problems(path: str, text: str) -> list[str]:
    problems = []
    for name in PLACEHOLDER.findall(text):
        if not IDENTIFIER.fullmatch(name):
            problems.append(f"{path}: bad placeholder {{{name}}}")
    if "{" in PLACEHOLDER.sub("", text) or "}" in PLACEHOLDER.sub("", text):
        problems.append(f"{path}: unbalanced brace")
    return problems


def compare(ref: Any, other: Any, lang: str, path: str = "") -> list[str]:
    """Every way ``other`` (the catalog of ``lang``) differs in shape from ``ref`` (English)."""
    where = path or "(root)"
    if is_plural(ref):
        return _compare_plural(ref, other, lang, path, where)
    if isinstance(ref, dict):
        return _compare_object(ref, other, lang, path, where)
    if isinstance(ref, list):
        return _compare_list(ref, other, lang, path, where)
    if isinstance(ref, str):
        return _compare_text(ref, other, lang, path, where)
    if type(other) is not type(ref):
        return [f"{where}: {type(other).__name__} here, {type(ref).__name__} in English"]
    return []


def _compare_plural(ref: Any, other: Any, lang: str, path: str, where: str) -> list[str]:
    if not isinstance(other, dict):
        return [f"{where}: a plural object in English, {type(other).__name__} here"]
    problems = []
    need = PLURAL_FORMS.get(lang)
    if need is None:
        problems.append(f"{where}: no plural forms declared for {lang!r} in this test")
    else:
        missing = sorted(need - set(other))
        extra = sorted(set(other) - need)
        if missing:
            problems.append(f"{where}: missing plural form(s) {', '.join(missing)}")
        if extra:
            problems.append(f"{where}: plural form(s) {', '.join(extra)} not used in {lang}")
    want = set().union(*(placeholders(v) for v in ref.values()))
    for form, text in other.items():
        if not isinstance(text, str) or not text:
            problems.append(f"{where}.{form}: not a non-empty string")
            continue
        problems += string_problems(f"{where}.{form}", text)
        if placeholders(text) != want:
            problems.append(
                f"{where}.{form}: placeholders {sorted(placeholders(text))}, "
                f"English has {sorted(want)}"
            )
    return problems


def _compare_object(ref: Any, other: Any, lang: str, path: str, where: str) -> list[str]:
    if not isinstance(other, dict):
        return [f"{where}: an object in English, {type(other).__name__} here"]
    problems = [f"{path + '.' if path else ''}{k}: missing" for k in ref if k not in other]
    problems += [
        f"{path + '.' if path else ''}{k}: not in English (extra)" for k in other if k not in ref
    ]
    for k in ref:
        if k in other:
            sub = f"{path}.{k}" if path else k
            if k == "id" and isinstance(ref[k], str):
                if other[k] != ref[k]:
                    problems.append(f"{sub}: id {other[k]!r}, English has {ref[k]!r}")
                continue
            problems += compare(ref[k], other[k], lang, sub)
    common = [k for k in other if k in ref]
    if not problems and common != [k for k in ref if k in other]:
        problems.append(f"{where}: keys in another order than English")
    return problems


def _compare_list(ref: Any, other: Any, lang: str, path: str, where: str) -> list[str]:
    if not isinstance(other, list):
        return [f"{where}: a list in English, {type(other).__name__} here"]
    problems = []
    if len(other) != len(ref):
        problems.append(f"{where}: {len(other)} items, English has {len(ref)}")
    for i, (r, o) in enumerate(zip(ref, other, strict=False)):
        problems += compare(r, o, lang, f"{path}[{i}]")
    return problems


def _compare_text(ref: Any, other: Any, lang: str, path: str, where: str) -> list[str]:
    if not isinstance(other, str):
        return [f"{where}: a string in English, {type(other).__name__} here"]
    problems = string_problems(where, other)
    if ref and not other:
        problems.append(f"{where}: empty")
    if placeholders(other) != placeholders(ref):
        problems.append(
            f"{where}: placeholders {sorted(placeholders(other))}, "
            f"English has {sorted(placeholders(ref))}"
        )
    return problems


def plural_objects(node: Any, path: str = "") -> list[tuple[str, dict[str, str]]]:
    if is_plural(node):
        return [(path, node)]
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in plural_objects(v, f"{path}.{k}".lstrip("."))]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in plural_objects(v, f"{path}[{i}]")]
    return []


# -- tests ----------------------------------------------------------------------------------------

PATHS = catalog_paths()
IDS = [p.stem for p in PATHS]
TRANSLATIONS = [p for p in PATHS if p.stem != REFERENCE]


@pytest.fixture(scope="module")
def english() -> Any:
    return load(LOCALES / f"{REFERENCE}.json")


def test_each_language_of_the_list_has_a_catalog_and_no_other() -> None:
    assert sorted(IDS) == sorted(LANGUAGES) and {"de", "en", "es", "ms"} <= set(IDS)
    assert len(set(NAMES.values())) == len(LANGUAGES)


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_valid_json_naming_its_language(path: Path) -> None:
    data = load(path)
    assert isinstance(data, dict)
    assert data.get("lang") == path.stem
    name = data.get("language_name")
    assert isinstance(name, str) and name.strip()
    assert name == NAMES[path.stem], "the catalog and ui/languages.py name it alike"


@pytest.mark.parametrize("path", TRANSLATIONS, ids=[p.stem for p in TRANSLATIONS])
def test_same_keys_lists_and_placeholders_as_english(path: Path, english: Any) -> None:
    problems = compare(english, load(path), path.stem)
    assert not problems, f"{path.name}:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_plural_forms_of_the_language(path: Path, english: Any) -> None:
    lang = path.stem
    assert lang in PLURAL_FORMS, f"declare {lang!r}'s CLDR plural forms in ui/languages.py"
    data = load(path)
    found = plural_objects(data)
    assert found, "no plural objects found"
    # every plural object of English is one here too (shape is checked above); here: the forms
    wrong = {where: sorted(forms) for where, forms in found if set(forms) != PLURAL_FORMS[lang]}
    assert not wrong, f"{lang} needs {sorted(PLURAL_FORMS[lang])}: {wrong}"
    assert {w for w, _ in plural_objects(english)} <= {w for w, _ in found}


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_seat_letters_are_distinct_single_letters(path: Path) -> None:
    letters = load(path)["seat_letter"]
    assert set(letters) == {"S", "E", "N", "W"}
    values = list(letters.values())
    assert all(isinstance(v, str) and len(v) == 1 and v.isalpha() for v in values), values
    # they are keyboard keys too: distinct whatever the case
    assert len({v.casefold() for v in values}) == 4, values


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_number_words(path: Path) -> None:
    words = load(path)["numbers"]
    assert len(words) == 10
    assert all(isinstance(w, str) and w.strip() for w in words)
    assert len(set(words)) == 10


def test_a_missing_key_is_caught(english: Any) -> None:
    """The check itself can fail: English less one key, one plural form, one placeholder."""
    import copy

    broken = copy.deepcopy(english)
    del broken["turn"]["yours"]
    assert "turn.yours: missing" in compare(english, broken, "en")
    broken = copy.deepcopy(english)
    del broken["plural"]["tiles"]["one"]
    assert any("missing plural form(s) one" in p for p in compare(english, broken, "en"))
    broken = copy.deepcopy(english)
    broken["turn"]["thinking"] = "… is thinking"
    assert any(p.startswith("turn.thinking: placeholders") for p in compare(english, broken, "en"))


if __name__ == "__main__":
    reference = load(LOCALES / f"{REFERENCE}.json")
    bad = 0
    for p in TRANSLATIONS:
        found_problems = compare(reference, load(p), p.stem)
        bad += len(found_problems)
        print(f"{p.name}: {'ok' if not found_problems else ''}")
        for line in found_problems:
            print(f"  {line}")
    sys.exit(1 if bad else 0)


def page_code() -> str:
    root = LOCALES.parent
    files = [
        *sorted((root / "ui").rglob("*.py")),
        *sorted((root / "ui").rglob("*.js")),
        root / "index.html",
    ]
    return "\n".join(f.read_text(encoding="utf-8") for f in files)


def unused_keys(catalog: Any, code: str) -> list[str]:
    """Keys of ``catalog`` the page never asks for: not written out in the code, not built
    from a prefix the code writes (``"why." + code``), not in a section read whole
    (``cat.raw("rules")``, and ``boot`` by ``ui/boot/screen.js``)."""
    built = set(re.findall(r"""["']([a-z_]+(?:\.[a-z_]+)*[._])["']\s*\+""", code))
    built |= {name + "." for name in re.findall(r"""raw\(["']([a-z_.]+)["']\)""", code)}
    used_by_tests = {"language_name"}  # names the catalog's language (checked above)
    keys = [path for path, _ in leaves(catalog)]
    return [
        k
        for k in keys
        if k not in used_by_tests
        and k not in code
        and not any(k.startswith(prefix) for prefix in built)
    ]


def leaves(node: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every key of a nested catalog as a dotted path (a plural object is one key)."""
    if isinstance(node, dict) and not is_plural(node):
        return [leaf for k, v in node.items() for leaf in leaves(v, f"{path}{k}.")]
    return [(path.rstrip("."), node)]


def test_every_key_is_used_by_the_page(english: Any) -> None:
    assert unused_keys(english, page_code()) == []
    assert unused_keys({"why": {"no-match": "x"}, "gone": {"key": "y"}}, '"why." + code') == [
        "gone.key"
    ]
