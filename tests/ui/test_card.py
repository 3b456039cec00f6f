"""The whole rule card on screen, in each card's own words (issue 20).

The four rule cards (``../shared/seeds/``: German, Malay, English, Spanish) say the same
sentences. :data:`CARD` holds, for each sentence, the catalog keys that say it on the page and,
per language, the sentence as its card writes it with the card's own terms that those keys must
use. The checks:

- the table holds every sentence of each card, in the card's order (the seed files split into
  sentences), and nothing else;
- every key of every sentence says something in all four catalogs, and in each language the
  keys' words contain that card's terms (one term for one thing: the page's words are the card's);
- every key that belongs in the rules panel is in its HTML (the rules, "About this game" and the
  controls), in every language: the card is all on screen.

A key is a dotted path into the catalog (``about.undo``), or ``rules.<section id>.<n>`` for the
n-th paragraph of a section of the rules (``rules.<section id>.title`` for its title).
"""

from __future__ import annotations

import copy
import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from longana.device.diagram import example
from ui.i18n import LANGUAGES, Catalog
from ui.rules_panel import about_html, keys_html, rules_html

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
CARDS = ("de", "en", "es", "ms")  # the printed rule cards' languages (shared/seeds)

#: (keys that say it, {lang: (the card's sentence, terms the keys' words must hold)}).
#: Sentences in the cards' order; the English card's last three exist only in English.
CARD: list[tuple[tuple[str, ...], dict[str, tuple[str, tuple[str, ...]]]]] = [
    (
        ("rules.title",),
        {
            "de": ("Regeln und Ziel", ("Longana",)),
            "ms": ("Peraturan dan matlamat", ("Longana",)),
            "en": ("Rules & objective", ("Longana",)),
            "es": ("Reglas y objetivo", ("Longana",)),
        },
    ),
    (
        ("about.source",),
        {
            "de": (
                "Kubanische Perez/Cytro-Fassung, von Pagat aufgezeichnet.",
                ("kubanische Perez/Cytro-Fassung", "Pagat", "aufgezeichnet"),
            ),
            "ms": (
                "Versi Cuba Perez/Cytro yang direkodkan oleh Pagat.",
                ("versi Cuba Perez/Cytro", "direkodkan oleh Pagat"),
            ),
            "en": (
                "Selected Perez/Cytro Cuban Longana recorded by Pagat.",
                ("Cuban", "Perez/Cytro", "recorded by Pagat"),
            ),
            "es": (
                "Versión cubana de Perez/Cytro registrada por Pagat.",
                ("versión cubana", "Perez/Cytro", "registró Pagat"),
            ),
        },
    ),
    (
        ("about.agreement",),
        {
            "de": ("Die Quelle legt die Blockwertung nicht fest.", ("Quelle", "Blockwertung")),
            "ms": (
                "Catatan asal tidak menetapkan mata bagi kebuntuan.",
                ("Catatan asal tidak menetapkan mata bagi kebuntuan",),
            ),
            "en": (
                "The original account leaves blocked scoring unspecified.",
                ("original account", "unspecified"),
            ),
            "es": (
                "El relato original no especifica la puntuación del bloqueo.",
                ("relato original no especifica la puntuación del bloqueo",),
            ),
        },
    ),
    (
        ("about.agreement", "rules.end.1"),
        {
            "de": (
                "Digitale Vereinbarung: Kann wirklich niemand legen, erhält die Person mit dem "
                "alleinigen niedrigsten Restwert ALLE restlichen Augen einschließlich der eigenen.",
                ("digitale Vereinbarung", "alleinigen niedrigsten Restwert", "restlichen Augen"),
            ),
            "ms": (
                "Persetujuan digital: apabila benar-benar tiada sesiapa boleh bermain, jumlah baki "
                "paling rendah secara tunggal menang SEMUA mata baki termasuk sendiri.",
                ("persetujuan digital", "jumlah baki paling rendah secara tunggal", "mata baki"),
            ),
            "en": (
                "This digital agreement awards a genuine block to the unique lowest remaining pip "
                "total, earning ALL remaining pips including their own.",
                ("digital agreement", "genuinely", "unique lowest remaining pip total"),
            ),
            "es": (
                "Acuerdo digital: si realmente nadie puede jugar, el mínimo único de puntos "
                "restantes gana TODOS los puntos restantes, incluidos los propios.",
                ("acuerdo digital", "realmente nadie puede jugar", "mínimo único"),
            ),
        },
    ),
    (
        ("about.agreement", "rules.end.2", "rules.opener.2"),
        {
            "de": (
                "Gleiche Minima ergeben keine Punkte; die nächste Hand sucht rechts vom bisherigen "
                "Eröffner einen Doppelsteinbesitzer.",
                ("gleiche Minima ergeben keine Punkte", "rechts vom bisherigen Eröffner"),
            ),
            "ms": (
                "Minimum seri tidak mendapat mata; pusingan seterusnya mencari pemegang kembar di "
                "kanan pembuka sebelumnya.",
                ("minimum seri tidak mendapat mata", "kanan pembuka sebelumnya"),
            ),
            "en": (
                "Tied minima earn no points; seek a double holder to the right of the previous "
                "opener next hand.",
                ("tied minima earn no points", "to the right of the previous opener"),
            ),
            "es": (
                "Mínimos empatados no suman; en la siguiente mano se busca un doble a la derecha "
                "del abridor anterior.",
                ("mínimos empatados no suman", "derecha del abridor anterior"),
            ),
        },
    ),
    (
        ("rules.branches.2",),
        {
            "de": (
                "Die erste Öffnung legt die Reihenfolge fest; erneutes Passen ändert sie nicht.",
                ("Öffnungsreihenfolge", "Erneutes Passen ändert"),
            ),
            "ms": (
                "Urutan dicatat ketika cabang mula dibuka; langkau berulang mengekalkannya.",
                ("urutan pembukaan", "Langkau berulang mengekalkan"),
            ),
            "en": (
                "Opening order is recorded when a branch first opens; repeated passes retain it.",
                ("opening order", "Passing again", "keeps its number"),
            ),
            "es": (
                "El orden se registra al abrir la rama; pasar otra vez lo conserva.",
                ("orden de apertura", "vuelves a pasar, conserva"),
            ),
        },
    ),
    (
        ("rules.priority.1", "rules.doubles.0"),
        {
            "de": (
                "Doppelsteine an fremden offenen Zweigen beachten die Priorität gleicher Enden; "
                "der eigene Zweig ist ausgenommen.",
                ("fremden offenen Zweigen", "Priorität gleicher Enden", "ausgenommen"),
            ),
            "ms": (
                "Kembar pada cabang terbuka orang lain turut mengikut keutamaan hujung sama; "
                "cabang sendiri dikecualikan.",
                ("cabang terbuka orang lain", "keutamaan hujung sama", "dikecualikan"),
            ),
            "en": (
                "Your own branch is exempt from equal-end priority; doubles on another open "
                "branch obey it.",
                ("own branch is exempt", "obeys equal-end priority"),
            ),
            "es": (
                "Tu propia rama está exceptuada; los dobles en otras ramas abiertas respetan la "
                "prioridad por extremo igual.",
                ("propia rama queda exceptuada", "respeta la prioridad por extremo igual"),
            ),
        },
    ),
    (
        ("rules.opener.3",),
        {
            "de": (
                "Nur ohne Doppelsteine in allen Händen wird neu verteilt.",
                ("niemand einen Doppelstein", "neu gemischt und verteilt"),
            ),
            "ms": (
                "Agih semula hanya jika semua tiada kembar.",
                ("tiada sesiapa pun mempunyai kembar", "diagihkan semula"),
            ),
            "en": (
                "Redeal only if nobody holds a double.",
                ("nobody holds a double", "dealt again"),
            ),
            "es": (
                "Solo se reparte de nuevo si nadie tiene dobles.",
                ("nadie tiene", "se reparte de nuevo"),
            ),
        },
    ),
    (
        ("about.preview",),
        {
            "de": (
                "Auswahl und Hinweis sind Vorschauen bis zur Bestätigung.",
                ("Auswahl und Hinweis sind nur Vorschauen", "bestätigst"),
            ),
            "ms": (
                "Pilihan dan petunjuk ialah pratonton sehingga disahkan.",
                ("Pilihan dan petunjuk", "pratonton", "mengesahkan"),
            ),
            "en": (
                "Selection and hints preview until confirmation.",
                ("Selecting", "hint", "previews", "confirm"),
            ),
            "es": (
                "Selección y pistas son vistas previas hasta confirmar.",
                ("selección y las pistas son vistas previas", "confirmas"),
            ),
        },
    ),
    (
        ("about.handoff",),
        {
            "de": (
                "Geräteübergabe verbirgt Hände; alle werden erst am Handende gezeigt.",
                ("Geräteübergabe", "verbirgt", "erst am Handende gezeigt"),
            ),
            "ms": (
                "Serahan peranti menyembunyikan tangan, semuanya didedahkan hanya pada akhir "
                "pusingan.",
                ("serahan peranti menyembunyikan", "didedahkan hanya pada akhir pusingan"),
            ),
            "en": (
                "Local handoff hides hands; all hands reveal only at hand end.",
                ("local handoff", "hides every hand", "revealed only at a hand's end"),
            ),
            "es": (
                "El relevo local oculta las manos, todas se muestran solo al terminar la mano.",
                ("relevo local oculta", "se muestran solo al terminar la mano"),
            ),
        },
    ),
    (
        ("about.fair",),
        {
            "de": (
                "Computer und Hinweise verwenden nur die eigene Hand und öffentliche "
                "Informationen mit begrenzter Heuristik.",
                ("Computer und Hinweise verwenden nur die eigene Hand", "begrenzter Heuristik"),
            ),
            "ms": (
                "Komputer dan petunjuk menggunakan tangan sendiri dan maklumat awam sahaja dengan "
                "heuristik terhad.",
                ("tangan sendiri dan maklumat awam sahaja", "heuristik terhad"),
            ),
            "en": (
                "Computer and hints use only their own hand and public information, with bounded "
                "heuristics.",
                ("only their own hand and public information", "bounded heuristics"),
            ),
            "es": (
                "Ordenador y pistas usan únicamente la mano propia e información pública, con "
                "heurísticas limitadas.",
                ("únicamente la mano propia e información pública", "heurísticas limitadas"),
            ),
        },
    ),
    (
        ("about.pause", "turn.paused"),
        {
            "de": (
                "Regeln und Verlauf pausieren den Computer.",
                ("Regeln und Verlauf pausieren den Computer", "pausiert"),
            ),
            "ms": ("Peraturan dan rekod menjeda komputer.", ("rekod menjeda komputer", "dijeda")),
            "en": ("Rules and records pause the computer.", ("rules", "record", "pause")),
            "es": (
                "Reglas y registro pausan al ordenador.",
                ("reglas y el registro pausan al ordenador", "pausa"),
            ),
        },
    ),
    (
        ("about.undo", "actions.undo", "actions.redo"),
        {
            "de": (
                "Rückgängig umfasst dessen ganze Antwort, Wiederholen stellt sie her.",
                ("Rückgängig", "ganzen Antwort", "Wiederholen stellt"),
            ),
            "ms": (
                "Buat asal termasuk seluruh balasannya; buat semula memulihkannya.",
                ("Buat asal", "seluruh balasan", "Buat semula memulihkan"),
            ),
            "en": (
                "Undo includes its whole response, Redo restores it.",
                ("Undo", "whole response", "Redo restores"),
            ),
            "es": (
                "Deshacer incluye toda su respuesta; Rehacer la restaura.",
                ("Deshacer", "toda la respuesta", "Rehacer restaura"),
            ),
        },
    ),
    (
        ("about.restart", "actions.restart", "restart.text"),
        {
            "de": (
                "Neustart behält die Anfangsverteilung dieser Hand und die vorherigen Punkte.",
                ("Neustart", "Anfangsverteilung", "vorherigen Punkte"),
            ),
            "ms": (
                "Mulakan semula mengekalkan agihan awal pusingan ini dan mata sebelumnya.",
                ("Mulakan semula", "agihan awal", "mengekalkan mata sebelumnya"),
            ),
            "en": (
                "Restart retains this hand’s starting deal and prior scores.",
                ("Restart", "starting deal", "scores from before"),
            ),
            "es": (
                "Reiniciar conserva el reparto inicial de esta mano y los puntos anteriores.",
                ("Reiniciar", "reparto inicial", "conserva los puntos anteriores"),
            ),
        },
    ),
    (
        ("about.limits",),
        {
            "de": ("Keine Uhr, Einsätze oder Zuggrenze.", ("Uhr", "Einsätze", "Zuggrenze")),
            "ms": (
                "Tiada pemasa, pertaruhan atau had giliran.",
                ("Tiada pemasa, pertaruhan atau had giliran",),
            ),
            "en": ("No timer, wagering or turn cap.", ("timer", "wagering", "turn cap")),
            "es": (
                "Sin reloj, apuestas ni límite de turnos.",
                ("Sin reloj, apuestas ni límite de turnos",),
            ),
        },
    ),
    (
        ("rules.deal.0", "rules.deal.1"),
        {
            "de": (
                "Aus allen 55 Doppel-Neun-Steinen erhält jeder acht; die übrigen bleiben während "
                "der Hand ungenutzt.",
                ("55", "Doppel-Neun", "8 Steine", "ungenutzt"),
            ),
            "ms": (
                "Gunakan semua 55 jubin dua-sembilan, lapan setiap pemain; selebihnya tidak "
                "digunakan sepanjang pusingan.",
                ("55", "dua-sembilan", "8 jubin", "tidak digunakan sepanjang pusingan"),
            ),
            "en": (
                "Use all 55 double-nine tiles; deal eight each and leave the rest unused for the "
                "whole hand.",
                ("55", "double-nine", "8 tiles", "whole hand"),
            ),
            "es": (
                "Se usan 55 fichas doble nueve: ocho por persona y el resto queda sin usar "
                "durante la mano.",
                ("55", "doble nueve", "8 fichas", "sin usar"),
            ),
        },
    ),
    (
        ("rules.deal.1",),
        {
            "de": ("Es wird nicht gezogen.", ("Es wird nicht gezogen",)),
            "ms": ("Tiada cabutan.", ("Tiada cabutan",)),
            "en": ("No drawing.", ("Nobody draws",)),
            "es": ("No se roba.", ("No se roba",)),
        },
    ),
    (
        ("rules.opener.0",),
        {
            "de": (
                "Die erste Hand beginnt mit dem höchsten Doppelstein in den Händen.",
                ("Erste Hand", "höchsten Doppelstein"),
            ),
            "ms": (
                "Pusingan pertama bermula dengan jubin kembar tertinggi dalam tangan.",
                ("Pusingan pertama", "kembar tertinggi"),
            ),
            "en": (
                "The first hand begins with the highest held double.",
                ("First hand", "highest double"),
            ),
            "es": (
                "La primera mano empieza con el doble más alto en las manos.",
                ("Primera mano", "doble más alto"),
            ),
        },
    ),
    (
        ("rules.opener.1",),
        {
            "de": (
                "Danach wählt der Gewinner einen eigenen Doppelstein; ohne Doppelstein folgt der "
                "nächste Besitzer gegen den Uhrzeigersinn.",
                ("beliebigen eigenen Doppelstein", "Ohne Doppelstein", "gegen den Uhrzeigersinn"),
            ),
            "ms": (
                "Selepas itu pemenang memilih mana-mana kembar sendiri; jika tiada, cari pemegang "
                "seterusnya melawan arah jam.",
                ("pemenang", "mana-mana kembar", "melawan arah jam"),
            ),
            "en": (
                "Later the winner chooses any held double; if they have none, seek the next "
                "holder counterclockwise.",
                ("winner", "any double they hold", "counterclockwise"),
            ),
            "es": (
                "Luego el ganador elige cualquier doble propio; si no tiene, se busca al "
                "siguiente con doble en sentido antihorario.",
                ("ganador", "cualquier doble propio", "sentido antihorario"),
            ),
        },
    ),
    (
        ("rules.opener.3",),
        {
            "de": (
                "Hat niemand einen, wird neu gemischt und verteilt.",
                ("neu gemischt und verteilt",),
            ),
            "ms": (
                "Jika tiada siapa mempunyai kembar, kocok dan agihkan semula.",
                ("dikocok dan diagihkan semula",),
            ),
            "en": ("If nobody holds a double, reshuffle and redeal.", ("shuffled", "dealt again")),
            "es": (
                "Si nadie tiene dobles, se mezcla y reparte de nuevo.",
                ("se mezclan", "se reparte de nuevo"),
            ),
        },
    ),
    (
        ("rules.turns.0",),
        {
            "de": (
                "Nach dem Eröffnungsstein spielt der rechte Nachbar, dann geht es gegen den "
                "Uhrzeigersinn weiter.",
                ("Nach dem Eröffnungsstein spielt der rechte Nachbar", "gegen den Uhrzeigersinn"),
            ),
            "ms": (
                "Selepas pembukaan, pemain di kanan bergerak dan giliran melawan arah jam.",
                ("Selepas pembukaan", "di sebelah kanan", "melawan arah jam"),
            ),
            "en": (
                "After the opening, play continues to its right: seats 1→2→3→4 are "
                "south→east→north→west.",
                ("After the opening", "right", "1→2→3→4", "South→East→North→West"),
            ),
            "es": (
                "Tras la salida continúa quien está a su derecha: puestos 1→2→3→4 corresponden a "
                "sur→este→norte→oeste.",
                ("Tras la salida continúa quien está a la derecha", "1→2→3→4 corresponden a"),
            ),
        },
    ),
    (
        ("rules.branches.1",),
        {
            "de": (
                "Lege einen passenden Stein, wenn möglich: an deinen Zweig, einen Doppelstein an "
                "jeden Zweig oder einen Stein an den offenen Zweig einer Person, die gepasst hat.",
                ("passenden Stein", "Doppelstein an jeden Zweig", "Person, die gepasst hat"),
            ),
            "ms": (
                "Letakkan satu jubin sepadan jika mampu: pada cabang sendiri, kembar pada "
                "mana-mana cabang, atau pada cabang terbuka pemain yang melangkau giliran.",
                ("cabang sendiri", "kembar pada mana-mana cabang", "melangkau giliran"),
            ),
            "en": (
                "Play one matching tile when able: on your own branch, a double on any branch, or "
                "any tile on the open branch of a player who passed.",
                ("own branch", "a double on any branch", "open branch of another player who"),
            ),
            "es": (
                "Juega una ficha coincidente si puedes: en tu rama, un doble en cualquier rama o "
                "una ficha en la rama abierta de quien pasó.",
                ("ficha coincidente", "un doble en cualquier rama", "rama abierta", "pasó"),
            ),
        },
    ),
    (
        ("rules.turns.1", "why.must-play"),
        {
            "de": (
                "Mit einem legalen Zug darfst du nicht passen.",
                ("Mit einem legalen Zug darfst du nicht passen",),
            ),
            "ms": (
                "Tidak boleh langkau jika ada langkah sah.",
                ("tidak boleh melangkau giliran jika ada langkah sah",),
            ),
            "en": ("You cannot pass while able to play.", ("may not pass while you can play",)),
            "es": ("No puedes pasar pudiendo jugar.", ("No puedes pasar pudiendo jugar",)),
        },
    ),
    (
        ("rules.branches.2", "rules.branches.3", "turn.must_pass"),
        {
            "de": (
                "Passen öffnet deinen Zweig; jeder eigene Zug schließt ihn wieder, auch an einem "
                "fremden Zweig.",
                ("Passen öffnet deinen Zweig", "fremden Zweig", "schließt sich dein eigener"),
            ),
            "ms": (
                "Langkau membuka cabang sendiri; meletakkan jubin di mana-mana menutupnya semula.",
                ("membuka cabang", "meletakkan jubin di mana-mana", "tertutup semula"),
            ),
            "en": (
                "Passing opens your branch; playing anywhere closes your own branch again.",
                ("Passing opens your branch", "anywhere", "closes again"),
            ),
            "es": (
                "Pasar abre tu rama; jugar en cualquier lugar la cierra.",
                ("Pasar abre tu rama", "en cualquier lugar", "se vuelve a cerrar"),
            ),
        },
    ),
    (
        ("rules.priority.0", "rules.priority.1"),
        {
            "de": (
                "Bei gleichen offenen Enden müssen andere den zuerst geöffneten Zweig nutzen; der "
                "eigene ist ausgenommen.",
                ("offenen Zweige", "zuerst geöffnet", "ausgenommen"),
            ),
            "ms": (
                "Jika hujung cabang terbuka sama, pemain lain mesti memilih yang dibuka dahulu; "
                "cabang sendiri dikecualikan.",
                ("cabang terbuka", "dibuka dahulu", "dikecualikan"),
            ),
            "en": (
                "When several open branches share an end value, another player must use the "
                "earliest opened one; your own branch is exempt.",
                ("open branches", "opened first", "own branch"),
            ),
            "es": (
                "Si varias ramas abiertas tienen el mismo extremo, otro jugador debe usar la "
                "primera abierta; tu propia rama queda exceptuada.",
                ("ramas abiertas", "se abrió primero", "queda exceptuada"),
            ),
        },
    ),
    (
        ("rules.doubles.1",),
        {
            "de": (
                "Doppelsteine liegen quer, ohne Verzweigung oder Zusatzzug.",
                ("quer", "verzweigt", "Zusatzzug"),
            ),
            "ms": (
                "Kembar diletakkan melintang tanpa bercabang atau giliran tambahan.",
                ("melintang", "giliran tambahan"),
            ),
            "en": (
                "Doubles lie across a branch without splitting it or granting extra turns.",
                ("across", "split", "extra turn"),
            ),
            "es": (
                "Los dobles se ponen atravesados, sin bifurcar ni dar turno extra.",
                ("atravesado", "bifurca", "turno extra"),
            ),
        },
    ),
    (
        ("rules.end.0", "hand_end.domino"),
        {
            "de": (
                "Wer seine Hand leert, erhält alle übrigen Augen der Gegner.",
                ("alle eigenen Steine gelegt", "erhält alle Augen"),
            ),
            "ms": (
                "Menghabiskan tangan memperoleh semua mata baki lawan.",
                ("menghabiskan semua jubin", "memperoleh semua mata"),
            ),
            "en": (
                "Emptying your hand earns all opponents’ remaining pips.",
                ("play all their tiles", "all the pips left"),
            ),
            "es": (
                "Quedarte sin fichas suma los puntos restantes de los rivales.",
                ("se queda sin fichas", "suma todos los puntos"),
            ),
        },
    ),
    (
        ("rules.match.0",),
        {
            "de": ("Ab 100 Gesamtpunkten gewinnt man.", ("100 Punkte",)),
            "ms": ("Jumlah 100 mata atau lebih menang.", ("100 mata atau lebih",)),
            "en": ("First to reach 100 points wins.", ("first player to reach 100 points",)),
            "es": ("Gana quien llega a 100.", ("llega a 100",)),
        },
    ),
    (
        ("keys.title",),
        {
            "de": ("Steuerung", ("Steuerung",)),
            "ms": ("Kawalan", ("Kawalan",)),
            "en": ("Controls", ("Controls",)),
            "es": ("Controles", ("Controles",)),
        },
    ),
    (
        ("keys.direct",),
        {
            "de": (
                "Karten oder Brett direkt mit Maus oder Touch bedienen.",
                ("Brett", "direkt mit Maus oder Touch"),
            ),
            "ms": (
                "Main terus pada kad atau papan dengan tetikus atau sentuhan.",
                ("Main terus", "papan dengan tetikus atau sentuhan"),
            ),
            "en": (
                "Play directly on the cards or board with mouse or touch.",
                ("Play directly", "board with mouse or touch"),
            ),
            "es": (
                "Juega directamente sobre las cartas o el tablero con ratón o toque.",
                ("Juega directamente", "tablero con ratón o toque"),
            ),
        },
    ),
    (
        ("keys.intro",),
        {
            "de": (
                "Positionsauswahl ist eine optionale Tastaturhilfe.",
                ("Positionsauswahl ist eine optionale Tastaturhilfe",),
            ),
            "ms": (
                "Pemilih kedudukan ialah bantuan papan kekunci pilihan.",
                ("Pemilih kedudukan ialah bantuan papan kekunci pilihan",),
            ),
            "en": (
                "Coordinate selectors are optional keyboard aids.",
                ("Coordinate selectors are an optional keyboard aid",),
            ),
            "es": (
                "Los selectores de posición son ayudas opcionales de teclado.",
                ("selectores de posición son una ayuda opcional de teclado",),
            ),
        },
    ),
    (
        ("rules.priority.2",),
        {"en": ("Worked example", ("Example",))},
    ),
    (
        ("rules.branches.0",),
        {"en": ("Players have separate arms.", ("their own branch",))},
    ),
    (
        ("rules.priority.0", "rules.priority.2"),
        {
            "en": (
                "Open-arm priority can require a particular placement even when another endpoint "
                "also matches.",
                ("opened first", "North's end matches too"),
            )
        },
    ),
]

#: the keys the rules panel itself shows (the rest say it where it happens: buttons, messages)
PANEL_PARTS = ("rules.", "about.", "keys.")


# -- reading the cards and the catalogs -------------------------------------------------------


def sentences(text: str) -> list[str]:
    """A card's sentences in order: each line is a heading or runs of sentences ending in
    ``.``, ``!`` or ``?`` followed by a space."""
    out = []
    for line in text.splitlines():
        out += [s for s in re.split(r"(?<=[.!?])\s+", line.strip()) if s]
    return out


def card_sentences(lang: str) -> list[str]:
    return [entry[lang][0] for _, entry in CARD if lang in entry]


def seed_cards() -> dict[str, list[str]]:
    """The seed files' sentences by language: a file is the language whose first sentence (the
    card's heading) it starts with."""
    heads = {card_sentences(lang)[0]: lang for lang in CARDS}
    found = {}
    for path in sorted(SEEDS.glob("*.txt")):
        said = sentences(path.read_text(encoding="utf-8"))
        if said and said[0] in heads:
            found[heads[said[0]]] = said
    return found


def load(lang: str) -> dict[str, Any]:
    return dict(json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8")))


def resolve(words: dict[str, Any], key: str) -> Any:
    """The text of ``key`` in a catalog, or None."""
    parts = key.split(".")
    if parts[0] == "rules" and len(parts) == 3:
        for item in words["rules"]["sections"]:
            if item["id"] == parts[1]:
                if parts[2] == "title":
                    return item["title"]
                n = int(parts[2])
                return item["paragraphs"][n] if n < len(item["paragraphs"]) else None
    node: Any = words
    for part in parts:
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def plain(text: str) -> str:
    """Compared without case, with tile names' non-breaking hyphens as hyphens."""
    return re.sub(r"\s+", " ", text.replace("\u2011", "-")).casefold()


def problems(card: list[Any], catalogs: dict[str, dict[str, Any]]) -> list[str]:
    """Every sentence without keys, every key without words in a language, every card term the
    keys' words lack."""
    found = []
    for keys, said in card:
        if not keys:
            found.append(f"no key says {next(iter(said.values()))[0]!r}")
        for lang, words in catalogs.items():
            texts = [resolve(words, k) for k in keys]
            for key, text in zip(keys, texts, strict=True):
                if not isinstance(text, str) or not text.strip():
                    found.append(f"{lang}: {key} is missing")
            if lang not in said:
                continue
            sentence, terms = said[lang]
            joined = plain(" ".join(t for t in texts if isinstance(t, str)))
            for term in terms:
                if plain(term) not in joined:
                    found.append(f"{lang}: {'/'.join(keys)} lacks {term!r} (for {sentence!r})")
    return found


@pytest.fixture(scope="module")
def catalogs() -> dict[str, dict[str, Any]]:
    return {lang: load(lang) for lang in LANGUAGES}


# -- the tests ---------------------------------------------------------------------------------


def test_the_cards_sentences_line_up() -> None:
    """The four cards say the same things in the same order: each entry has every language
    (the English card's worked example excepted)."""
    langs = [tuple(sorted(said)) for _, said in CARD]
    assert langs.count(tuple(sorted(CARDS))) == len(CARD) - 3
    assert all(said == ("en",) for said in langs[-3:])


@pytest.mark.parametrize("lang", CARDS)
def test_the_table_holds_every_sentence_of_the_card(lang: str) -> None:
    if not SEEDS.is_dir():
        pytest.skip(f"the rule cards are not at {SEEDS}")
    cards = seed_cards()
    assert lang in cards, f"no card in {SEEDS} begins with {card_sentences(lang)[0]!r}"
    assert card_sentences(lang) == cards[lang]


def test_every_sentence_is_said_in_every_language_in_the_cards_terms(
    catalogs: dict[str, dict[str, Any]],
) -> None:
    found = problems(CARD, catalogs)
    assert not found, "\n  ".join(["the card is not all on the page:", *found])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_panel_shows_every_sentence(
    lang: str, catalogs: dict[str, dict[str, Any]]
) -> None:
    """The panel's HTML (rules, About this game, Controls) holds the words of every key of the
    table that belongs to it."""
    words = catalogs[lang]
    cat = Catalog(words)
    page = html.unescape(
        re.sub(
            r"<[^>]+>",
            "",
            rules_html(words["rules"], example()) + about_html(cat) + keys_html(cat),
        )
    )
    keys = sorted({k for ks, _ in CARD for k in ks if k.startswith(PANEL_PARTS)})
    missing = [k for k in keys if str(resolve(words, k)) not in page]
    assert not missing, f"{lang}: not in the rules panel: {missing}"


def test_the_checks_can_fail(catalogs: dict[str, dict[str, Any]]) -> None:
    """A sentence with no key, a key missing in one language, a card term left out, a sentence
    the table lacks: each is found."""
    card = copy.deepcopy(CARD)
    card[1] = ((), card[1][1])
    assert any(p.startswith("no key says") for p in problems(card, catalogs))
    broken = copy.deepcopy(catalogs)
    del broken["ms"]["about"]["undo"]
    assert "ms: about.undo is missing" in problems(CARD, broken)
    broken = copy.deepcopy(catalogs)
    broken["de"]["actions"]["restart"] = "Hand neu starten"
    broken["de"]["about"]["restart"] = "Die Hand beginnt noch einmal."
    assert any(
        p.startswith("de: about.restart/") and "Neustart" in p for p in problems(CARD, broken)
    )
    text = "Regeln und Ziel\nErster Satz. Zweiter Satz!\nSteuerung"
    assert sentences(text) == ["Regeln und Ziel", "Erster Satz.", "Zweiter Satz!", "Steuerung"]
    assert sentences(text) != card_sentences("de")


def test_the_page_describes_itself_in_each_language() -> None:
    """The description for search engines and app stores: the page's (English until a language
    is picked; the page then sets the catalog's), the manifest's, each catalog's; and the words
    shown without JavaScript (written into the page by the build), in every language."""
    from tools.build_site import manifest, page_html

    page = page_html(ROOT, [])
    english = load("en")["app"]["description"]
    described = re.findall(r'<meta name="description" content="([^"]*)">', page)
    assert described == [html.escape(english, quote=True)]
    assert manifest()["description"] == english
    said = {lang: load(lang)["app"]["description"] for lang in LANGUAGES}
    assert len(set(said.values())) == len(LANGUAGES)
    assert all("Perez/Cytro" in d for d in said.values())
    noscript = re.search(r"<noscript>(.*?)</noscript>", page, re.S)
    assert noscript is not None
    shown = dict(re.findall(r'<p lang="(\w+)">([^<]+)</p>', noscript.group(1)))
    assert shown == {lang: html.escape(load(lang)["noscript"], quote=False) for lang in LANGUAGES}
    assert all("JavaScript" in p for p in shown.values())
