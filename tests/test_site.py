"""The built site's start-up parts, without a browser: what the game worker ships (only the engine
modules it imports, only the standard library it imports, only the PyScript chunks the page
loads), the worker itself under node and the pinned Pyodide (a whole match on the cut-down
library; the memory snapshot made, restored, and dropped when corrupt, of another release,
refused or failing), and the static server's compression.

Builds the site once into a temporary folder (tools/build_site.py; node traces the imports).
"""

from __future__ import annotations

import gzip
import html
import json
import re
import shutil
import subprocess
import sys
import tomllib
import urllib.request
import zipfile
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools import build_site  # noqa: E402 - tools/ is not a package on the path
from tools.serve import serve, wire_size  # noqa: E402
from ui.i18n import LANGUAGES  # noqa: E402

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node runs the pinned Pyodide")


def on_the_site(test: Any) -> Any:
    """A check of the built site, `slow`: the build runs the pinned Pyodide under node (with the
    worker's check about 25 s of a core), so `make test` runs them and the quick loop does not;
    their xdist group keeps them on one worker, which builds the site once for all of them."""
    return pytest.mark.slow(pytest.mark.xdist_group("site")(test))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if NODE is None or not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.fail("node and node_modules (npm ci) are needed to build the site")
    out = tmp_path_factory.mktemp("site") / "site"
    build_site.build(ROOT, out)
    return out


def modules_of(path: Path) -> set[str]:
    """The modules in a zip, as source paths (``json/__init__.py``), compiled or not."""
    names = zipfile.ZipFile(path).namelist()
    return {n.removesuffix("c") for n in names if n.endswith((".py", ".pyc"))}


@on_the_site
def test_the_worker_gets_compiled_python(site: Path) -> None:
    """The worker imports without compiling: only .pyc, all of one Python's bytecode (the
    pinned Pyodide's: tools/worker_check.mjs runs them)."""
    magic = set()
    for shipped in (site / "app.zip", site / "vendor" / "pyodide" / "python_stdlib.zip"):
        with zipfile.ZipFile(shipped) as archive:
            names = [n for n in archive.namelist() if n.endswith((".py", ".pyc"))]
            assert names and all(n.endswith(".pyc") for n in names), shipped
            magic |= {archive.read(n)[:4] for n in names}
    assert len(magic) == 1, magic


@on_the_site
def test_app_zip_holds_the_engine_modules_the_worker_imports_and_no_others(site: Path) -> None:
    shipped = modules_of(site / "app.zip")
    assert "longana/protocol.py" in shipped and "longana/rules/hand.py" in shipped
    assert not [n for n in shipped if n.startswith("longana/lab/")], shipped
    assert "longana/cli.py" not in shipped and "longana/__main__.py" not in shipped
    files, _ = build_site.engine_modules(ROOT)
    assert shipped == {f.relative_to(ROOT).as_posix() for f in files}


@on_the_site
def test_app_zip_holds_the_lessons_the_engine_reads_from_it(site: Path) -> None:
    """The lessons go to the worker in its zip (pkgutil reads them there), byte for byte."""
    from longana.device.lessons import ORDER

    with zipfile.ZipFile(site / "app.zip") as archive:
        data = {n: archive.read(n) for n in archive.namelist() if n.startswith("longana/lessons/")}
    assert sorted(data) == sorted(f"longana/lessons/{name}.json" for name in ORDER)
    assert all(data[n] == (ROOT / n).read_bytes() for n in data)


@on_the_site
def test_the_standard_library_is_cut_to_what_the_worker_imports(site: Path) -> None:
    full = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    cut = site / "vendor" / "pyodide" / "python_stdlib.zip"
    kept = modules_of(cut)
    assert kept < modules_of(full)
    assert {"json/__init__.py", "random.py", "dataclasses.py", "_pyodide/_base.py"} <= kept
    assert not {"unittest/__init__.py", "email/__init__.py", "sqlite3/__init__.py"} & kept
    assert cut.stat().st_size < full.stat().st_size / 2
    lock = json.loads((site / "vendor" / "pyodide" / "pyodide-lock.json").read_text("utf-8"))
    assert lock["info"]["python"].startswith("3.")
    assert {p["package_type"] for p in lock["packages"].values()} == {"cpython_module"}


@on_the_site
def test_only_what_the_page_loads_is_shipped_and_all_of_it_precached(site: Path) -> None:
    pyscript = {p.name for p in (site / "vendor" / "pyscript").iterdir()}
    assert "core.js" in pyscript and any(n.startswith("core-") for n in pyscript)
    assert not [n for n in pyscript if n.startswith(("codemirror", "xterm", "zip-", "pyodide_"))]
    assert not (site / "worker.toml").exists() and not (site / "ui" / "worker.py").exists()
    # the catalogs, not the notes beside them (the glossary, the review's answers)
    assert {p.name for p in (site / "locales").iterdir()} == {f"{c}.json" for c in LANGUAGES}
    sw = (site / "sw.js").read_text(encoding="utf-8")
    version = re.search(r'const VERSION = "([0-9a-f]+)";', sw)
    assert version
    files = set(
        json.loads(sw[sw.index("const FILES = ") + 14 : sw.index(";\n", sw.index("FILES"))])
    )
    shipped = {
        "./" + p.relative_to(site).as_posix()
        for p in site.rglob("*")
        if p.is_file() and not p.name.startswith(".") and p.name not in ("sw.js", "version.json")
    }
    assert shipped - files == {f"./screenshots/{n}" for n in ("narrow.png", "wide.png")}
    worker = (site / "ui" / "game-worker.mjs").read_text(encoding="utf-8")
    # the worker names the same release as the service worker, and the sizes it counts
    assert f'const RELEASE = "{version.group(1)}";' in worker
    sizes = json.loads(re.search(r"const SIZES = (\{.*\});", worker).group(1))  # type: ignore[union-attr]
    assert sizes == {name: (site / name).stat().st_size for name in build_site.WORKER_DOWNLOADS}


@on_the_site
def test_the_page_gets_its_config_inline_and_its_modules_in_one_file(site: Path) -> None:
    """index.html carries pyscript.toml as JSON (nothing to fetch, no TOML parser) and preloads
    PyScript's chunks; the page's modules come as one file, each as written, the entry apart
    (it unpacks the others)."""
    page = (site / "index.html").read_text(encoding="utf-8")
    config = re.search(r"<script type=\"mpy\" src=\"\./ui/dom/main\.py\" config='([^']*)'>", page)
    assert config, "the page's script has no inline config"
    toml = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    assert json.loads(html.unescape(config.group(1))) == tomllib.loads(toml)
    assert not (site / "pyscript.toml").exists()
    chunks = {p.name for p in (site / "vendor" / "pyscript").iterdir()}
    assert not [name for name in chunks if "toml" in name]
    # every chunk PyScript loads is asked for at once, not after the one importing it
    preloaded = set(
        re.findall(r'<link rel="modulepreload" href="\./vendor/pyscript/([^"]+)">', page)
    )
    assert preloaded == chunks
    files = dict(json.loads((site / "ui" / "page-files.json").read_text(encoding="utf-8")))
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "ui").rglob("*.py")}
    assert set(files) == modules - {"ui/dom/main.py"}
    assert all(files[name] == (ROOT / name).read_text(encoding="utf-8") for name in files)
    assert sorted(p.relative_to(site).as_posix() for p in site.rglob("*.py")) == ["ui/dom/main.py"]


@on_the_site
@needs_node
def test_the_page_and_the_worker_files_carry_one_release(site: Path) -> None:
    """Issue 37: the page's line to the worker (ui/boot/worker.js), the worker and the engine
    beside its modules in app.zip carry the release sw.js names; every file the worker fetches
    of the release's is one the page fetches again when the releases differ."""
    version = re.search(r'const VERSION = "(\w+)";', (site / "sw.js").read_text("utf-8"))
    assert version
    for script in ("ui/boot/worker.js", "ui/game-worker.mjs"):
        assert f'const RELEASE = "{version.group(1)}";' in (site / script).read_text("utf-8")
    with zipfile.ZipFile(site / "app.zip") as archive:
        assert archive.read("longana/release.txt").decode().strip() == version.group(1)
    boot = (ROOT / "ui" / "boot" / "worker.js").read_text("utf-8")
    listed = set(re.findall(r'^    "([^"]+)",$', boot.split("WORKER_FILES = [")[1], re.M))
    worker = {f"ui/worker/{p.name}" for p in (ROOT / "ui" / "worker").glob("*.mjs")}
    assert worker | {"ui/game-worker.mjs", "app.zip"} <= listed
    assert all((site / name).is_file() for name in listed)
    from longana.protocol import engine_release

    assert engine_release() == "", "a checkout says no release"


def test_the_worker_plays_and_keeps_its_snapshot_under_node(site: Path) -> None:
    """tools/worker_check.mjs: the built worker on the built site's Pyodide files."""
    done = subprocess.run(
        [str(NODE), str(ROOT / "tools" / "worker_check.mjs"), str(site)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    cases: dict[str, Any] = {}
    for line in done.stdout.splitlines():
        if line.startswith("{"):
            case = json.loads(line)
            cases[case["case"]] = case
    print("\n" + "\n".join(f"{k}: {v['ms']} ms, marks {v['marks']}" for k, v in cases.items()))
    release = re.search(r'RELEASE = "(\w+)"', (site / "ui/game-worker.mjs").read_text("utf-8"))
    assert release

    plain = cases["plain"]  # every shipped module imported, a whole match played
    assert not plain["restored"] and plain["made"]
    # issue 37: the engine says its release, restored or not: the page's and the worker's
    assert plain["release"] == cases["restored"]["release"] == release.group(1)
    assert plain["marks"] == [
        "longana:worker:runtime",
        "longana:worker:engine",
        "longana:worker:snapshot",
    ]
    assert {m.replace(".", "/") for m in plain["modules"]} == {
        n[: -len(".py")].removesuffix("/__init__") for n in modules_of(site / "app.zip")
    }
    assert plain["hands"] >= 1
    assert len(plain["keys"]) == 1 and f"/snapshot/{release.group(1)}/pyodide-" in plain["keys"][0]

    restored = cases["restored"]  # the saved game resumed, played on, lazily imported modules
    assert restored["restored"]
    assert restored["marks"] == ["longana:worker:snapshot-read", "longana:worker:restored"]
    assert restored["resumed"] and restored["deal"] == "11" and restored["moves"] >= 1
    assert not restored["snapshot"] and restored["hands"] >= 1

    corrupt = cases["corrupt"]  # both entries deleted, the plain way, storage refusing
    assert not corrupt["restored"] and corrupt["kept"] == [] and corrupt["after"] == []
    assert "longana:worker:snapshot-dropped (another release)" in corrupt["marks"]
    assert "longana:worker:snapshot-dropped (digest)" in corrupt["marks"]
    assert (
        not corrupt["made"] and corrupt["marks"][-1] == "longana:worker:snapshot-dropped (making)"
    )
    assert corrupt["deal"] == "12"

    gzip = cases["gzip"]  # kept gzipped (measured slower: not the way it is kept), restored
    assert gzip["restored"] and gzip["resumed"] and gzip["stored"] < 10_000_000
    for name, why in (("cut raw", "restore"), ("cut gzip", "inflate")):
        cut = cases[name]  # cut short, its digest made again: deleted, the plain start
        assert not cut["restored"] and cut["kept"] == [] and cut["resumed"], cut
        assert f"longana:worker:snapshot-dropped ({why})" in cut["marks"]
        assert "longana:worker:engine" in cut["marks"]

    for name, deal in (("broken", "13"), ("hung", "14")):
        case = cases[name]  # Pyodide refuses it, or never finishes: deleted, the plain way
        assert not case["restored"] and case["kept"] == [] and case["deal"] == deal
        assert "longana:worker:snapshot-dropped (restore)" in case["marks"]
        assert "longana:worker:engine" in case["marks"]


def test_the_server_compresses_for_browsers_that_accept_it(tmp_path: Path) -> None:
    page = "<!doctype html><p>" + "dominoes " * 500 + "</p>\n"
    (tmp_path / "index.html").write_text(page, encoding="utf-8")
    (tmp_path / "app.zip").write_bytes(b"PK" + bytes(range(256)) * 8)
    sent: Counter[str] = Counter()

    def get(url: str, **headers: str) -> tuple[int, Any, bytes]:
        request = urllib.request.Request(url, headers=headers)
        try:
            with urllib.request.urlopen(request) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, b""

    with serve(tmp_path, sent=sent) as url:
        status, headers, body = get(url, **{"Accept-Encoding": "gzip, deflate, br"})
        assert status == 200 and headers["Content-Encoding"] == "gzip"
        assert headers["Vary"] == "Accept-Encoding" and headers["Cache-Control"] == "no-cache"
        # no other site frames the game (a meta policy cannot say frame-ancestors)
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["Content-Security-Policy"] == "frame-ancestors 'none'"
        assert gzip.decompress(body).decode("utf-8") == page
        assert int(headers["Content-Length"]) == len(body) < len(page) / 10
        assert len(body) == wire_size(tmp_path / "index.html")
        gzipped = len(body)
        # unchanged since: 304, nothing sent
        status, _, body = get(
            url, **{"Accept-Encoding": "gzip", "If-Modified-Since": headers["Last-Modified"]}
        )
        assert status == 304 and body == b""
        # a browser that does not accept gzip, and a zip: as they are
        status, headers, body = get(url)
        assert status == 200 and "Content-Encoding" not in headers and body.decode() == page
        status, headers, body = get(url + "app.zip", **{"Accept-Encoding": "gzip"})
        assert "Content-Encoding" not in headers and body == (tmp_path / "app.zip").read_bytes()
        assert headers["X-Frame-Options"] == "DENY"
        status, headers, _ = get(url + "missing.js")
        assert status == 404 and headers["X-Frame-Options"] == "DENY"
    # counted as sent on the wire: the gzipped page, the plain page, the zip
    assert sent == {"/": gzipped + len(page), "/app.zip": len(body)}
