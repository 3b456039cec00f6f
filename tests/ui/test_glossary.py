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


def hits(lang: str, key: str, text: str) -> list[str]:
    """What the glossary finds in ``text`` said at ``key`` (a catalog of that one value)."""
    catalog: dict[str, Any] = {}
    node = catalog
    parts = key.split(".")
    for part in parts[:-1]:
        node = node.setdefault(part, {})
    node[parts[-1]] = text
    return violations(catalog, lang, RULES)


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


#: The five patterns per language of the independent native read of 2026-12-07 (its last
#: section) and its two shared ones, each with sentences the catalogs held before: the glossary's
#: row for the pattern (its term) must find every one, so the next sentence cannot repeat it.
READ_2026_12_07: list[tuple[str, str, str, str]] = [
    (
        "de",
        "explain.reason.feeds",
        "Das Ende am {branch} wird {number} statt {was}: …",
        "pattern 1",
    ),
    (
        "de",
        "explain.reason.stuck",
        "In etwa {chance} % der Verteilungen des Computers …",
        "pattern 1",
    ),
    (
        "de",
        "explain.reason.block-win.one",
        "…, und dein {n} Auge ist der niedrigste …",
        "pattern 1",
    ),
    ("de", "explain.all_lose", "Die Zahlen sagen, etwa wie viele.", "pattern 1"),
    (
        "de",
        "rules.priority.1",
        "Dein eigener Zweig ist ausgenommen: An ihn darfst du legen.",
        "pattern 2",
    ),
    ("de", "lesson.x", "…, und an den darfst du immer legen.", "pattern 2"),
    ("de", "rules.diagram.description", "Der Stein darf an: {legal}.", "pattern 2"),
    ("de", "class.results_start", "Tabelle beginnen", "pattern 3"),
    ("de", "table.x", "… und beginne dann die Tabelle deiner Klasse.", "pattern 3"),
    ("de", "boot.step_slow", "Das Spiel startet auf dem langsamen Weg …", "pattern 3"),
    ("de", "explain.x", "Ist eine 4 darauf, legt die Person ihn sofort.", "pattern 3"),
    ("de", "rules.diagram.your_tile", "Dein eigener Zweig endet bei {end}.", "pattern 4"),
    ("de", "rules.end.0", "Wer als Erster alle eigenen Steine gelegt hat …", "pattern 4"),
    ("de", "lesson.retry", "Aufgabe noch einmal", "pattern 4"),
    (
        "de",
        "lesson.block.tie",
        "Lege ihn und zähl dann, wie viele Augen alle noch haben.",
        "pattern 4",
    ),
    ("de", "table.unchanged", "Die Tabelle ist unverändert. Versuch es noch einmal.", "pattern 4"),
    ("de", "lesson.block.x", "Die Quelle legt die Blockwertung nicht fest.", "pattern 5"),
    ("de", "hand_end.block_win", "{winner} hat den alleinigen niedrigsten Restwert.", "pattern 5"),
    ("es", "explain.points_loss.other", "pierdes unos {n} puntos", "pattern 1"),
    ("es", "explain.loses_least", "La que menos pierde", "pattern 1"),
    ("es", "explain.reason.sheds.other", "Te quitas de encima {n} puntos.", "pattern 2"),
    ("es", "explain.reason_seat.block.other", "… A {seat} le quedan {n} puntos: …", "pattern 2"),
    ("es", "explain.reason.stuck", "… del {chance} % de los repartos del ordenador …", "pattern 3"),
    ("es", "boot.step_engine", "Cargando las reglas y los jugadores del ordenador…", "pattern 3"),
    (
        "es",
        "rules.priority.2",
        "La rama de Este está abierta en 6 y se abrió primero.",
        "pattern 3",
    ),
    ("es", "explain.reason.keeps-own", "… para seguir tu propia rama.", "pattern 3"),
    ("es", "explain.reason.control", "Todos los demás han pasado ante {numbers}: …", "pattern 3"),
    ("es", "history.chart", "Puntuación de la última partida, mano a mano", "pattern 4"),
    ("es", "boot.evict_ok", "De acuerdo", "pattern 4"),
    ("es", "lesson.offer_no", "Solo jugar", "pattern 4"),
    ("es", "lesson.points.title", "Los puntos del dominó", "pattern 4"),
    (
        "es",
        "class.duplicate",
        "Contado una sola vez, aunque se introdujo más de una vez: {names}.",
        "pattern 5",
    ),
    ("es", "class.flag.same-name", "… o entregó con el nombre de otra persona.", "pattern 5"),
    ("es", "rules.diagram.description", "Puede ir en: {legal}.", "pattern 5"),
    ("es", "rules.opener.2", "Tras un bloqueo empatado no ganó nadie, así que …", "pattern 5"),
    (
        "ms",
        "hand_end.block_tie",
        "{tied} seri pada {low}: tiada sesiapa mendapat mata.",
        "pattern 1",
    ),
    ("ms", "explain.about_points", "Nilai setiap langkah kepada anda, dalam mata.", "pattern 1"),
    ("ms", "class.name_intro", "Keputusan anda membawa nama anda.", "pattern 1"),
    ("ms", "rules.branches.3", "… ia menerima nombor baharu yang lebih lewat.", "pattern 1"),
    (
        "ms",
        "rules.opener.1",
        "… pemain seterusnya yang mempunyai kembar, melawan arah jam, akan …",
        "pattern 1",
    ),
    ("ms", "lesson.doubles.closed", "Anda tiada 4 lagi untuk cabang anda.", "pattern 2"),
    ("ms", "lesson.opening.search", "… tetapi tiada kembar, dan Barat juga tiada.", "pattern 2"),
    ("ms", "lesson.points.domino", "Anda tinggal satu jubin sahaja.", "pattern 2"),
    (
        "ms",
        "review.cost_points.other",
        "Pilihan ini menyebabkan kehilangan kira-kira {n} mata",
        "pattern 3",
    ),
    ("ms", "rules.deal.1", "Setiap seorang daripada empat pemain menerima 8 jubin.", "pattern 3"),
    ("ms", "about.agreement", "Di sini berlaku persetujuan digital: …", "pattern 3"),
    ("ms", "record.play_file", "Teruskan bermain dari fail ini", "pattern 4"),
    ("ms", "undone.deal_from_address", "Perlawanan baharu daripada agihan {deal}.", "pattern 4"),
    ("ms", "hint.preview_label", "Langkah dicadangkan: ketik sekali lagi", "pattern 4"),
    ("ms", "explain.reason.block.other", "… Baki mata anda {n}. Dalam kira-kira …", "pattern 4"),
    ("ms", "hint.suggest_pass", "… Sahkan untuk melangkau.", "pattern 5"),
    ("ms", "review.class_not_over", "… supaya markah semua orang boleh dibandingkan.", "pattern 5"),
    ("ms", "rules.diagram.your_tile", "Cabang anda sendiri berakhir pada {end}.", "pattern 5"),
]
READ_2026_12_07 += [
    (lang, key, text, "shared:")
    for lang in LANGS
    for key, text in (
        ("explain.reason.keeps-own", "… ({number})."),
        ("explain.reason_seat.no-own", "… ({number})."),
        ("review.cost_win.other", "… {value} % …"),
    )
]


#: Pass 2 (the keys of issues 34-37, the several-devices table, the sized risks, the refusals):
#: the text each new glossary row ("pass 2: …") was written against, as it was before the fix.
READ_2026_12_07 += [
    ("de", "explain.reason.race", "… bist du als Erstes alle Steine los.", "pass 2: going out"),
    (
        "de",
        "explain.size.percent",
        "Danach wird {seat} … sofort alle Steine los.",
        "pass 2: going out",
    ),
    (
        "de",
        "explain.equal",
        "Genauso gut: Der Unterschied ist zu klein, um zu zählen",
        "pass 2: calques",
    ),
    (
        "de",
        "explain.x",
        "Nichts, was {seat} bisher gezeigt hat, schließt das aus.",
        "pass 2: calques",
    ),
    ("de", "table.aside_whole", "Die Tabelle ließ sich als Ganzes nicht lesen.", "pass 2: calques"),
    (
        "de",
        "table.full",
        "Die Tabelle ist so groß, wie dieses Gerät sie aufhebt",
        "pass 2: calques",
    ),
    ("de", "devices.unsupported", "…, oder gebt ein Gerät am Tisch herum.", "pass 2: du"),
    ("de", "devices.notice.x", "Versucht es im selben WLAN.", "pass 2: du"),
    ("de", "devices.notice.x", "Der Tisch auf dem ersten Gerät geht weiter.", "pass 2: the host"),
    (
        "de",
        "why.host-gone",
        "Das Gerät, das den Tisch eröffnet hat, ist weg: …",
        "pass 2: the host",
    ),
    ("de", "devices.state.waiting", "Warte auf das Gerät von {seat}.", "pass 2: a status"),
    ("de", "devices.state.connecting", "Verbinde mit dem Gerät von {seat} …", "pass 2: a status"),
    ("de", "devices.joining_note", "Zeig diesen Code der Person, …", "pass 2: imperative"),
    (
        "de",
        "devices.notice.join_refused",
        "Du konntest dich nicht … setzen: {why}",
        "pass 2: a refusal",
    ),
    ("es", "explain.equal", "la diferencia es demasiado pequeña para contar", "pass 2: calques"),
    ("es", "explain.x", "Nada de lo que ha mostrado {seat} lo descarta.", "pass 2: calques"),
    ("es", "devices.notice.x", "Los dispositivos no se alcanzan en esta red", "pass 2: calques"),
    ("es", "devices.unsupported", "… o pasad un solo dispositivo por la mesa.", "pass 2: tú"),
    ("es", "devices.notice.x", "Probad con la misma wifi", "pass 2: tú"),
    ("es", "devices.refused.bad-message", "No se pudo leer el mensaje.", "pass 2: what has"),
    (
        "es",
        "devices.notice.peer_refused",
        "Se rechazó un mensaje del dispositivo",
        "pass 2: what has",
    ),
    ("es", "devices.notice.x", "La mesa del primer dispositivo sigue.", "pass 2: the host"),
    ("es", "kind.away", "dispositivo fuera", "pass 2: the host"),
    (
        "es",
        "devices.notice.join_refused",
        "No pudiste unirte a la mesa: {why}",
        "pass 2: a refusal",
    ),
    (
        "ms",
        "devices.refused.release",
        "Kod ini daripada versi lain permainan ini.",
        "pass 2: a source",
    ),
    (
        "ms",
        "record.import_live",
        "… perlawanan yang sedang dimainkan yang belum tamat",
        "pass 2: one",
    ),
    ("ms", "devices.host_note", "… Wi-Fi yang sama, bukan internet.", "pass 2: calques"),
    ("ms", "lesson.x", "pelajaran yang dibaca sebagai selesai kekal selesai", "pass 2: calques"),
    ("ms", "devices.notice.x", "Meja pada peranti pertama diteruskan.", "pass 2: calques"),
    ("ms", "kind.away", "peranti keluar", "pass 2: the host"),
    ("ms", "devices.notice.join_refused", "Tidak dapat menyertai meja: {why}", "pass 2: a refusal"),
]

#: Pass 3 (the graded review of issue 36): the words as they landed, before the native read.
READ_2026_12_07 += [
    (
        "de",
        "review.graded.luck_you",
        "…; das Glück beim Verteilen brachte dir {luck}.",
        "pass 3: a",
    ),
    ("de", "review.graded.practise_all_you", "Deine Fehler üben", "pass 3: the analysis"),
    ("de", "review.graded.summary_you", "Dein Spiel", "pass 3: the analysis"),
    ("de", "review.graded.summary_seat", "Spiel von {seat}", "pass 3: the analysis"),
    ("de", "review.graded.you_chose", "Du hast {move} gewählt.", "pass 3: a move"),
    ("de", "review.graded.found_other", "Der Computer hätte {move} gewählt.", "pass 3: a move"),
    ("es", "review.graded.luck_you", "…; la suerte del reparto sumó {luck}.", "pass 3: a"),
    ("es", "review.graded.practise_all_you", "Practicar mis errores", "pass 3: the analysis"),
    ("es", "review.graded.practise_all_seat", "Practicar los errores de {seat}", "pass 3: the"),
    ("es", "review.graded.summary_you", "Tu juego", "pass 3: the analysis"),
    ("ms", "review.graded.luck_you", "…; nasib agihan memberi anda {luck}.", "pass 3: a"),
    ("ms", "review.graded.luck_seat", "Nasib paling besar datang dalam agihan …", "pass 3: a"),
    ("ms", "review.graded.practise_all_you", "Berlatih dengan kesilapan anda", "pass 3: the"),
    ("ms", "review.graded.summary_you", "Permainan anda", "pass 3: the analysis"),
    ("ms", "review.graded.lost_on_deal_you", "…, bukan kerana permainan anda.", "pass 3: the"),
    ("ms", "review.graded.chart_hand", "…, {end} pada akhirnya.", "pass 3: the analysis"),
    ("ms", "review.graded.you_chose", "Anda memilih {move}.", "pass 3: a move"),
]


@pytest.mark.parametrize(("lang", "key", "old", "pattern"), READ_2026_12_07)
def test_each_pattern_of_the_native_read_is_caught_in_the_old_words(
    lang: str, key: str, old: str, pattern: str
) -> None:
    found = hits(lang, key, old)
    assert any(pattern in f for f in found), f"{lang} {key}: {old!r} passes ({found})"


def test_every_pattern_of_the_read_has_its_rows() -> None:
    """Five patterns per language, each a row or more (its term numbered as in the read)."""
    for lang in LANGS:
        terms = " ".join(r.term for r in RULES if r.lang == lang)
        assert all(f"pattern {n}:" in terms for n in range(1, 6)), (lang, terms)
        assert "shared:" in terms


if __name__ == "__main__":
    bad = [v for lang in LANGS for v in violations(load(lang), lang, RULES)]
    print("\n".join(bad) or "no violations")
    sys.exit(1 if bad else 0)
