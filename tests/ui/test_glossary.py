"""The glossary (``locales/glossary.md``) against the catalogs: no value uses a word the glossary
rules out for its language.

The glossary's tables are read as data: per language (a ``## Name (code)`` heading), each row's
"not used" column holds patterns in backticks and its "where" column the keys it applies to. The
pattern language is the glossary's own (see its head): a whole word, ``stem*``, ``*tail``,
``*part*``, words in a row, or ``/regex/``. Words are runs of letters; placeholders are removed
first. Run as a script to print every violation.
"""

from __future__ import annotations

import copy
import fnmatch
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ui.i18n import LANGUAGES

LOCALES = Path(__file__).resolve().parents[2] / "locales"
GLOSSARY = LOCALES / "glossary.md"

WORD = re.compile(r"[^\W\d_]+")
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
HEADING = re.compile(r"^##\s+.*\((\w+)\)\s*$")
CODE = re.compile(r"`([^`]+)`")


@dataclass(frozen=True)
class Rule:
    lang: str
    term: str
    pattern: str
    where: tuple[str, ...]

    def applies(self, key: str) -> bool:
        keep = [g for g in self.where if not g.startswith("!")]
        drop = [g[1:] for g in self.where if g.startswith("!")]
        if keep and not any(fnmatch.fnmatchcase(key, g) for g in keep):
            return False
        return not any(fnmatch.fnmatchcase(key, g) for g in drop)

    def found(self, text: str) -> str | None:
        """The words of ``text`` this rule rules out, or None."""
        plain = PLACEHOLDER.sub(" ", text)
        if self.pattern.startswith("/") and self.pattern.endswith("/") and len(self.pattern) > 2:
            hit = re.search(self.pattern[1:-1], plain)
            return hit.group(0) if hit else None
        words = [w.casefold() for w in WORD.findall(plain)]
        parts = [p.casefold() for p in self.pattern.split()]
        for i in range(len(words) - len(parts) + 1):
            if all(word_matches(p, words[i + k]) for k, p in enumerate(parts)):
                return " ".join(words[i : i + len(parts)])
        return None


def word_matches(pattern: str, word: str) -> bool:
    head, tail = pattern.startswith("*"), pattern.endswith("*")
    core = pattern.strip("*")
    if head and tail:
        return core in word
    if tail:
        return word.startswith(core)
    if head:
        return word.endswith(core)
    return word == core


def cells(line: str) -> list[str]:
    """A table row's cells; ``\\|`` is a bar inside a cell."""
    parts = re.split(r"(?<!\\)\|", line.strip().strip("|"))
    return [p.strip().replace("\\|", "|") for p in parts]


def rules(text: str) -> list[Rule]:
    """Every checked pattern of the glossary, by language."""
    out = []
    lang = None
    header: list[str] = []
    for line in text.splitlines():
        heading = HEADING.match(line)
        if heading:
            lang, header = heading.group(1), []
            continue
        if lang is None or not line.startswith("|"):
            continue
        row = cells(line)
        if not header:
            header = [c.casefold() for c in row]
            continue
        if set("".join(row)) <= set("-: "):
            continue
        cell = dict(zip(header, row, strict=False))
        where = tuple(CODE.findall(cell.get("where", "")))
        for pattern in CODE.findall(cell.get("not used", "")):
            out.append(Rule(lang, cell.get("term", ""), pattern, where))
    return out


def values(node: Any, path: str = "") -> list[tuple[str, str]]:
    """Every string of a catalog with its dotted key; a rules paragraph is
    ``rules.<section id>.<n>`` (and its title ``rules.<id>.title``), as in test_card.py."""
    if isinstance(node, str):
        return [(path, node)]
    if isinstance(node, dict):
        if path == "rules" and isinstance(node.get("sections"), list):
            out = []
            for section in node["sections"]:
                sid = f"rules.{section['id']}"
                out.append((f"{sid}.title", section["title"]))
                out += [(f"{sid}.{n}", p) for n, p in enumerate(section["paragraphs"])]
            rest = {k: v for k, v in node.items() if k != "sections"}
            return out + [v for k, sub in rest.items() for v in values(sub, f"rules.{k}")]
        return [v for k, sub in node.items() for v in values(sub, f"{path}.{k}".lstrip("."))]
    if isinstance(node, list):
        return [v for n, sub in enumerate(node) for v in values(sub, f"{path}.{n}")]
    return []


def violations(catalog: Any, lang: str, found_rules: list[Rule]) -> list[str]:
    out = []
    mine = [r for r in found_rules if r.lang == lang]
    for key, text in values(catalog):
        if key in ("lang", "language_name"):
            continue
        for rule in mine:
            if rule.applies(key):
                hit = rule.found(text)
                if hit is not None:
                    out.append(f"{lang} {key}: {hit!r} ({rule.term}: not {rule.pattern})")
    return out


def load(lang: str) -> Any:
    return json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))


RULES = rules(GLOSSARY.read_text(encoding="utf-8"))
LANGS = tuple(lang for lang in LANGUAGES if lang != "en")  # English is the reference


def test_the_glossary_has_rules_for_each_language() -> None:
    for lang in LANGS:
        mine = [r for r in RULES if r.lang == lang]
        assert len(mine) > 40, f"{lang}: {len(mine)} rules"
        terms = {r.term for r in mine}
        assert {"tile", "branch", "pass", "hand (a round)", "match", "register"} <= terms
    for rule in RULES:
        if rule.pattern.startswith("/"):
            re.compile(rule.pattern[1:-1])
        assert rule.pattern.strip() == rule.pattern and rule.pattern


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalog_value_uses_a_word_the_glossary_rules_out(lang: str) -> None:
    found = violations(load(lang), lang, RULES)
    assert not found, "\n  ".join(["words the glossary rules out:", *found])


def test_the_check_finds_inflections_and_compounds_and_spares_other_words() -> None:
    """It can fail: a forbidden word in its forms, a compound, a phrase, a regex, a scoped key;
    and a word that merely contains the letters is not taken for it."""

    def hits(lang: str, key: str, text: str) -> list[str]:
        catalog: dict[str, Any] = {}
        node = catalog
        parts = key.split(".")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = text
        return violations(catalog, lang, RULES)

    assert hits("de", "x.y", "Die Runden sind vorbei.")
    assert hits("de", "x.y", "Die nächste Spielrunde beginnt.")
    assert hits("de", "x.y", "Frag deinen Lehrer.")
    assert hits("de", "x.y", "Bitte wählen Sie einen Stein.")
    assert not hits("de", "x.y", "Die Grundeinstellung gilt. Sie lässt sich ändern.")
    assert not hits("de", "x.y", "Tippe auf einen Stein: Er passt zu {branch}.")
    assert hits("de", "x.y", "Kein Stein passt: Du passt.")  # "fit" and "pass" in one sentence
    assert hits("de", "branch.closed", "geschlossen")  # the cap's label is short: "zu"
    assert hits("de", "branch.aria_closed", "{branch}: Ende {end}, zu")
    assert not hits("de", "select.x", "Wähle zuerst einen Stein zu {branch}.")
    assert hits("de", "x.y", "Ein Doppel passt.") and not hits("de", "x.y", "Der Doppel-Neun-Satz.")
    assert hits("es", "x.y", "Te quita 5 puntos de la mano.")
    assert hits("es", "x.y", "Pregunta al profesor.") and hits("es", "x.y", "los alumnos")
    assert hits("es", "kept.x", "Unirme sin guardarla") and not hits(
        "es", "kept.x", "Guárdala en un archivo."
    )
    assert not hits("es", "save.x", "Tu partida está guardada.")
    assert hits("ms", "x.y", "Muat turun berkas itu.") and hits("ms", "x.y", "Sila mengunduh.")
    assert hits("ms", "x.y", "Jubin menghadap ke bawah.")
    assert hits("ms", "x.y", "Pilih jubin, kemudian Anda sahkan.")
    assert not hits("ms", "x.y", "Selepas itu, anda sahkan.")
    assert hits("ms", "branch.open", "buka") and not hits("ms", "actions.close", "Tutup")


def test_a_placeholder_is_not_a_word() -> None:
    rule = Rule("de", "t", "branch", ())
    assert rule.found("An den {branch}.") is None
    assert rule.found("An den branch.") == "branch"


def test_new_keys_are_checked_too() -> None:
    """Another section's keys (lessons, the coach) are read like the rest."""
    catalog = copy.deepcopy(load("de"))
    catalog["lesson"] = {"intro": "In dieser Runde lernst du passen."}
    assert any(v.startswith("de lesson.intro") for v in violations(catalog, "de", RULES))


if __name__ == "__main__":
    bad = [v for lang in LANGS for v in violations(load(lang), lang, RULES)]
    print("\n".join(bad) or "no violations")
    sys.exit(1 if bad else 0)
