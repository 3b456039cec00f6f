"""The browser floor, ``ui/floor.js`` as the build writes it: its words are the catalogs'
``floor`` sections, and, run under node with a browser's pieces faked, it stays silent where
everything is there and names what is missing, in the page's language, where something is not
(the e2e engine suite sees it in the real engines)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ui.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tools.build_site import floor_script  # noqa: E402 - tools/ is not a package on the path


@pytest.fixture(scope="module")
def floor(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """ui/floor.js with its words written in, as the site has it."""
    built = tmp_path_factory.mktemp("floor") / "floor.js"
    built.write_text(floor_script(ROOT), encoding="utf-8")
    return built


def script_words(floor: Path) -> dict[str, Any]:
    text = floor.read_text(encoding="utf-8")
    found = re.search(r"var WORDS = (\{.*?\n\});", text, re.S)
    assert found, "ui/floor.js has no `var WORDS = {...};`"
    return dict(json.loads(found.group(1)))


def test_the_words_are_the_catalogs(floor: Path) -> None:
    words = script_words(floor)
    assert sorted(words) == sorted(LANGUAGES)
    for lang in LANGUAGES:
        catalog = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
        assert words[lang] == catalog["floor"], f"ui/floor.js and locales/{lang}.json differ"


# A browser's pieces in node: what the floor checks, each removable by name.
HARNESS = r"""
const vm = require("vm");
const fs = require("fs");
const [script, remove, languages, search] = process.argv.slice(1);
const written = [];
const html = {lang: "xx"};
const context = {
  WebAssembly, Uint8Array, Blob, Object, String, Array, RegExp,
  URL: {createObjectURL: () => "blob:x", revokeObjectURL: () => {}},
  Worker: class { constructor(url, options) { void options.type; } terminate() {} },
  HTMLDialogElement: class {},
  WeakRef, FinalizationRegistry,
  location: {search},
  navigator: {languages: JSON.parse(languages)},
  document: {documentElement: html, write: (text) => written.push(text)},
};
context.HTMLDialogElement.prototype.showModal = function () {};
for (const name of remove.split(",").filter(Boolean)) {
  if (name === "showModal") delete context.HTMLDialogElement.prototype.showModal;
  else if (name === "moduleWorker") context.Worker = class {
    constructor(url, options) { if (options.type === "module") throw new TypeError("no"); }
  };
  else if (name === "wasmEH") context.WebAssembly = {validate: () => false};
  else context[name] = undefined;  // (a context has its own built-ins: shadow them)
}
vm.runInNewContext(fs.readFileSync(script, "utf8"), context);
console.log(JSON.stringify({written: written.join(""), lang: html.lang}));
"""


def run_floor(floor: Path, remove: str = "", languages: str = '["en-US"]', search: str = "") -> Any:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node")
    out = subprocess.run(
        [node, "-e", HARNESS, str(floor), remove, languages, search],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(out.stdout)


def test_silent_where_everything_is_there(floor: Path) -> None:
    assert run_floor(floor) == {"written": "", "lang": "xx"}


@pytest.mark.parametrize(
    ("remove", "named"),
    [
        ("showModal", ["dialog"]),
        ("wasmEH", ["wasm_exceptions"]),
        ("WebAssembly", ["wasm"]),
        ("moduleWorker", ["module_workers"]),
        ("WeakRef", ["weak_refs"]),
        ("showModal,moduleWorker", ["dialog", "module_workers"]),
    ],
)
def test_names_what_is_missing_in_the_browsers_language(
    floor: Path, remove: str, named: list[str]
) -> None:
    words = script_words(floor)["es"]
    got = run_floor(floor, remove, '["es-419", "en"]')
    assert got["lang"] == "es"
    text = got["written"]
    assert f'data-floor="{" ".join(named)}"' in text
    assert words["title"] in text
    names = ", ".join(words[n] for n in named).replace("<", "&lt;").replace(">", "&gt;")
    assert words["missing"].replace("{missing}", names) in text
    assert text.endswith('<plaintext hidden style="display:none">'), "the rest must not run"


def test_the_address_language_first_then_english(floor: Path) -> None:
    assert run_floor(floor, "showModal", '["es"]', "?deal=7&lang=ms")["lang"] == "ms"
    assert run_floor(floor, "showModal", '["qaa-QM", "tlh"]')["lang"] == "en"
