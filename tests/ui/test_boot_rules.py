"""One rule, one place (issue 27): rules that both runtimes of the page need are defined once per
language and held equal here — the keys of a copy of the site (ui/storage.js and
ui/storage.py's copy_key), the language shown (ui/boot/files.js and ui/i18n.py's
pick_language), the names of the computer's levels and the seats' kinds (ui/notation.py and the
engine's), the cached table (whose tiles it keeps is the engine's word; whether a later visit
plays it at once is written with it for ui/boot.js), and the notices (one toast: ui/toasts.js).
The JavaScript runs under node."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from longana.device.frame import frame_of
from longana.device.session import COMPUTER, PERSON, Session
from longana.players.levels import LEVELS
from longana.protocol import Game
from longana.rules.tiles import SEAT_NAMES
from longana.rules.variant import DEFAULT, PRESETS
from ui.address import Address
from ui.frame_cache import cacheable, playable
from ui.i18n import LANGUAGES, pick_language
from ui.notation import DEFAULT_TARGET, KINDS, LENGTHS, TARGETS
from ui.notation import LEVELS as PAGE_LEVELS
from ui.settings import Settings
from ui.storage import FRAME, Store, copy_key

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tools.build_site import files_script  # noqa: E402 - tools/ is not a package on the path

# Runs a script of ui/ ("-": none) in a fresh node context with a window, then prints what
# `ask` gives for each case: ask(window, case).
HARNESS = r"""
const vm = require("vm");
const fs = require("fs");
const [script, ask, cases] = process.argv.slice(1);
const context = {URLSearchParams, console};
context.window = context;
context.globalThis = context;
if (script !== "-") vm.runInNewContext(fs.readFileSync(script, "utf8"), context);
const answer = new Function("window", "item", "return (" + ask + ")(window, item);");
console.log(JSON.stringify(JSON.parse(cases).map((item) => answer(context, item))));
"""


# the scripts whose values the build writes in (tools/build_site.py), as the site has them
BUILT = {"ui/boot/files.js": files_script}


def node_answers(script: str, ask: str, cases: list[Any]) -> list[Any]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed to run the page's JavaScript")
    with tempfile.TemporaryDirectory() as folder:
        path = "-" if script == "-" else str(ROOT / script)
        if script in BUILT:
            path = str(Path(folder) / "built.js")
            Path(path).write_text(BUILT[script](ROOT), encoding="utf-8")
        done = subprocess.run(
            [node, "-e", HARNESS, path, ask, json.dumps(cases)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout))


PATHS = ["/", "", "/index.html", "/class/7b/", "/class/7b/index.html", "/a", "/ä/ b/", "noslash"]


def test_the_keys_of_a_copy_are_one_rule_in_both_runtimes() -> None:
    names = ["longana:save", "longana:frame", "longana:notice:install"]
    cases = [[name, path] for name in names for path in PATHS]
    got = node_answers("ui/storage.js", "(w, [name, path]) => w.longanaCopyKey(name, path)", cases)
    assert got == [copy_key(name, path) for name, path in cases]
    assert got[PATHS.index("/class/7b/index.html")] == "longana:save@/class/7b/"


LANGUAGE_CASES = [
    ("?lang=de", {"lang": "ms"}, ["es-419"]),
    ("", {"lang": "ms"}, ["es-419"]),
    ("", None, ["fr-FR", "es-419"]),
    ("", {}, ["de-AT"]),
    ("", {"lang": "xx"}, ["ms_MY", "en"]),
    ("?lang=xx", {"lang": "yy"}, ["fr"]),
    ("?lang=%FF", {"lang": "es"}, ["de"]),
    ("?lang=DE", None, ["EN-gb"]),
    ("?deal=7&lang=ms&lang=de", None, []),
    ("?lang=e%73", None, []),
    ("?lang", {"lang": 7}, ["ES"]),
    ("", [], []),
    ("", "de", ["zz", "de-CH"]),
]


def test_the_language_shown_is_one_rule_in_both_runtimes() -> None:
    got = node_answers(
        "ui/boot/files.js",
        "(w, [search, saved, browser]) => w.longanaRooms.pickLanguage(search, saved, browser)",
        [list(case) for case in LANGUAGE_CASES],
    )
    expected = []
    for search, settings, browser in LANGUAGE_CASES:
        saved = Settings.read(None if settings is None else json.dumps(settings))[0].lang
        expected.append(pick_language(Address(search).lang, saved, browser))
    assert got == expected
    assert got[:3] == ["de", "ms", "es"]


def test_the_levels_and_kinds_are_the_engines() -> None:
    assert PAGE_LEVELS == LEVELS
    assert KINDS == (PERSON, COMPUTER)
    text = files_script(ROOT)
    languages = re.search(r"const LANGUAGES = (\[.*?\]);", text)
    assert languages and tuple(json.loads(languages.group(1))) == LANGUAGES


def test_the_lengths_offered_are_the_engines_presets() -> None:
    """Settings offer the engine's presets, in its order, each by its name and target (a new
    preset is one line in each; the card's game is the default on both sides)."""
    assert tuple((name, rules.target) for name, rules in PRESETS.items()) == LENGTHS
    assert PRESETS[DEFAULT].target == DEFAULT_TARGET and DEFAULT_TARGET in TARGETS


@pytest.mark.parametrize("seat", range(4))
def test_a_cached_table_keeps_the_tiles_the_engine_names(seat: int) -> None:
    alone = Session("5", seats=tuple(PERSON if s == seat else COMPUTER for s in range(4)))
    frame = frame_of(alone, holder=None)
    assert frame["cache_tiles"] == [SEAT_NAMES[seat]]
    cached = cacheable(frame)
    assert cached["hands"][SEAT_NAMES[seat]]["tiles"] == frame["hands"][SEAT_NAMES[seat]]["tiles"]
    assert [s for s, h in cached["hands"].items() if h["tiles"] is not None] == [SEAT_NAMES[seat]]
    assert playable(cached)

    shared = Session("5", seats=(PERSON,) * 4)
    held = frame_of(shared, holder=shared.match.hand.to_move)
    assert held["cache_tiles"] == [] and held["viewer"] is not None
    cached = cacheable(held)
    assert all(h["tiles"] is None for h in cached["hands"].values())
    assert cached["viewer"] is None and cached["turn"] is None and not playable(cached)


class Items(dict[str, str]):
    def getItem(self, key: str) -> str | None:  # noqa: N802 - localStorage's name
        return self.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.pop(key, None)


@pytest.mark.parametrize("people", [1, 2, 4])
def test_the_cache_says_whether_a_later_visit_plays_it_at_once(people: int) -> None:
    """ui/boot.js reads the cache's ``playable`` (the worker then starts after the table)."""
    seats = [PERSON] * people + [COMPUTER] * (4 - people)
    reply = json.loads(
        Game().handle(json.dumps({"do": "start", "save": None, "seats": seats, "deal": "3"}))
    )
    storage = Items()
    Store(storage).write_save(reply["save"], reply["frame"])
    cache = json.loads(storage[FRAME])
    assert cache["playable"] is (people == 1) is playable(cache["frame"])


def test_one_toast_for_every_runtime() -> None:
    """Only ui/toasts.js makes a notice (the page's Python, the loading scripts and
    ui/keep.js call it)."""
    makers = [
        path.relative_to(ROOT).as_posix()
        for path in sorted((ROOT / "ui").rglob("*"))
        if path.suffix in (".py", ".js", ".mjs")
        and re.search(r"""className = ["']toasts?\b""", path.read_text(encoding="utf-8"))
    ]
    assert makers == ["ui/toasts.js"]


@pytest.mark.parametrize("script", ["ui/boot/screen.js", "ui/keep.js"])
def test_the_plain_scripts_fall_back_to_the_english_catalogs_words(script: str) -> None:
    """The words a plain script shows when no catalog can be read are the English catalog's
    ``boot`` words (one text, not two that drift apart)."""
    text = (ROOT / script).read_text(encoding="utf-8")
    found = re.search(r"const FALLBACK = (\{.*?\n  \});", text, re.S)
    assert found, f"{script} has no FALLBACK"
    fallback = node_answers("-", "(w, text) => new Function('return ' + text)()", [found[1]])
    english = json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))["boot"]
    assert fallback[0] == {key: english[key] for key in fallback[0]}


def test_every_plain_script_is_loaded_by_the_page_and_every_worker_module_imported() -> None:
    """A room of the start that index.html does not load, or a module of the worker that it
    does not import, would be shipped and precached for nothing (or missed). (The service
    worker, ui/sw.js, is the site's sw.js, which ui/boot/offline.js registers.)"""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    loaded = re.findall(r'<script src="\./(ui/[^"]+\.js)"></script>', page)
    scripts = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "ui").rglob("*.js"))
    scripts.remove("ui/sw.js")
    assert '.register("./sw.js")' in (ROOT / "ui/boot/offline.js").read_text(encoding="utf-8")
    assert sorted(loaded) == scripts and loaded[0] == "ui/floor.js"
    order = loaded.index
    assert order("ui/storage.js") < order("ui/toasts.js") < order("ui/boot/screen.js")
    assert max(order(s) for s in scripts if s.startswith("ui/boot/")) < order("ui/boot.js")
    assert order("ui/boot.js") < order("ui/keep.js")
    modules = {p.name for p in (ROOT / "ui" / "worker").glob("*.mjs")}
    imported: set[str] = set()
    for path in [ROOT / "ui" / "game-worker.mjs", *(ROOT / "ui" / "worker").glob("*.mjs")]:
        text = path.read_text(encoding="utf-8")
        imported |= {name.rsplit("/", 1)[-1] for name in re.findall(r'from "(\./[^"]+)"', text)}
    assert modules <= imported, modules - imported
