"""Assemble the static site from the repository (standard library only; node runs the pinned
Pyodide once to find the standard library the game worker imports).

    python3 tools/build_site.py --out _site

What goes in, all from this repository and its pinned ``node_modules`` (npm ci):

- ``index.html``, with the page's PyScript config (``pyscript.toml``) written into it as JSON
  (no config file to fetch and no TOML parser to load before MicroPython starts); ``ui/``
  (style, the plain scripts that start the page — ``ui/boot.js`` and its rooms in ``ui/boot/``
  —, the game worker ``ui/game-worker.mjs`` with its modules in ``ui/worker/``, and the page's
  entry ``ui/dom/main.py``) with every other page module in one file, ``ui/page-files.json``,
  which ``ui/boot/files.js`` fetches as the page opens and the entry writes into MicroPython's file
  system; ``locales/`` (message catalogs);
- ``app.zip``: the engine modules the game worker imports (traced from ``longana.protocol`` with
  ``modulefinder``: not ``longana/lab`` nor the command line), compiled to ``.pyc`` by the
  pinned Pyodide (``tools/pyc_zip.mjs``) and put on ``sys.path`` as a zip, with the data the
  engine reads from it (:data:`ENGINE_DATA`: the lessons, ``longana/lessons/*.json``);
- ``rules-example.json``: the rules panel's worked example, computed by the engine;
- ``vendor/pyodide/``: only the runtime files plain Python needs (the game worker), with
  ``python_stdlib.zip`` holding only the standard library the worker imports (traced by
  ``tools/stdlib_trace.mjs``, compiled like app.zip) and a lock file that lists no packages;
- ``vendor/micropython/``: MicroPython's WebAssembly build (the page);
- ``vendor/pyscript/``: the chunks of PyScript's dist that the page loads;
- ``manifest.webmanifest``, ``icons/`` and ``favicon.ico`` (drawn here) so the page installs
  as an app;
- ``sw.js``: a cache-first service worker whose precache list and cache name are generated
  from the files and their contents, so a new release replaces the old cache; the same
  release names the game worker's memory snapshot.

Every path is relative: the folder works from any static host, under a sub-path too.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import html
import io
import json
import math
import modulefinder
import re
import runpy
import shutil
import struct
import subprocess
import sys
import tempfile
import tomllib
import zipfile
import zlib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYODIDE_COPIED = PYODIDE_FILES[:3]  # the standard library and the lock file are cut down
GAME_WORKER = "ui/game-worker.mjs"
BOOT_WORKER = "ui/boot/worker.js"  # the page's line to it: it knows the page's release
# what the game worker downloads itself (its loading screen counts these bytes)
WORKER_DOWNLOADS = (
    "vendor/pyodide/pyodide.asm.wasm",
    "vendor/pyodide/pyodide.asm.js",
    "vendor/pyodide/python_stdlib.zip",
    "app.zip",
)
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
MARKER = ".longana-site"
GREEN = (13, 92, 58)
IVORY = (250, 246, 234)
INK = (28, 28, 30)


# -- icons --------------------------------------------------------------------------------------


def _png(width: int, height: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + row for row in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _icon_shapes(size: float, maskable: bool) -> tuple[list[tuple[float, ...]], list[tuple]]:
    """Rounded rectangles (x0, y0, x1, y1, radius, colour) and pips (cx, cy, r, colour)."""
    s = size
    inset = 0.0 if maskable else 0.0
    bg = (inset, inset, s - inset, s - inset, 0.0 if maskable else s * 0.18, GREEN)
    scale = 0.78 if maskable else 1.0
    w, h = s * 0.40 * scale, s * 0.72 * scale
    x0, y0 = (s - w) / 2, (s - h) / 2
    tile = (x0, y0, x0 + w, y0 + h, w * 0.14, IVORY)
    bar = (x0 + w * 0.12, y0 + h / 2 - s * 0.008, x0 + w * 0.88, y0 + h / 2 + s * 0.008, 0.0, INK)
    r = w * 0.085
    cols = (x0 + w * 0.27, x0 + w * 0.5, x0 + w * 0.73)
    top = [y0 + h * 0.12, y0 + h * 0.25, y0 + h * 0.38]
    bottom = [y0 + h * 0.62, y0 + h * 0.75, y0 + h * 0.88]
    pips = []
    # six above (two columns of three), three below (a diagonal): the tile 6-3
    for cy in top:
        pips += [(cols[0], cy, r, INK), (cols[2], cy, r, INK)]
    pips += [
        (cols[0], bottom[0], r, INK),
        (cols[1], bottom[1], r, INK),
        (cols[2], bottom[2], r, INK),
    ]
    return [bg, tile, bar], pips


def _inside_round(x: float, y: float, box: tuple) -> float:
    x0, y0, x1, y1, rad = box[:5]
    if rad <= 0:
        return 1.0 if x0 <= x <= x1 and y0 <= y <= y1 else 0.0
    cx = min(max(x, x0 + rad), x1 - rad)
    cy = min(max(y, y0 + rad), y1 - rad)
    d = math.hypot(x - cx, y - cy)
    return max(0.0, min(1.0, rad - d + 0.5))


def draw_icon(size: int, maskable: bool = False) -> bytes:
    boxes, pips = _icon_shapes(float(size), maskable)
    rows = []
    for j in range(size):
        row = bytearray()
        y = j + 0.5
        for i in range(size):
            x = i + 0.5
            r = g = b = a = 0.0
            for box in boxes:
                cover = _inside_round(x, y, box)
                if cover:
                    cr, cg, cb = box[5]
                    r, g, b = (
                        r * (1 - cover) + cr * cover,
                        g * (1 - cover) + cg * cover,
                        b * (1 - cover) + cb * cover,
                    )
                    a = a + (1 - a) * cover
            for cx, cy, rad, colour in pips:
                d = math.hypot(x - cx, y - cy)
                if d < rad + 1:
                    cover = max(0.0, min(1.0, rad - d + 0.5))
                    cr, cg, cb = colour
                    r, g, b = (
                        r * (1 - cover) + cr * cover,
                        g * (1 - cover) + cg * cover,
                        b * (1 - cover) + cb * cover,
                    )
            row += bytes((int(r + 0.5), int(g + 0.5), int(b + 0.5), int(a * 255 + 0.5)))
        rows.append(bytes(row))
    return _png(size, size, rows)


def favicon() -> bytes:
    """``favicon.ico``: a 32 px PNG in an ICO wrapper, for browsers that ask for it whatever
    the page's own icon link says (a 404 there is noise in every console)."""
    png = draw_icon(32)
    return (
        struct.pack("<HHH", 0, 1, 1)
        + struct.pack("<BBBBHHII", 32, 32, 0, 0, 1, 32, len(png), 6 + 16)
        + png
    )


def icon_svg() -> str:
    boxes, pips = _icon_shapes(512.0, False)
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">']
    for x0, y0, x1, y1, rad, colour in boxes:
        parts.append(
            f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{x1 - x0:.1f}" '
            f'height="{y1 - y0:.1f}" rx="{rad:.1f}" fill="rgb{colour}"/>'
        )
    for cx, cy, rad, colour in pips:
        parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{rad:.1f}" fill="rgb{colour}"/>')
    parts.append("</svg>")
    return "".join(parts) + "\n"


# -- the engine's zip and the standard library --------------------------------------------------

WORKER_ENTRY = "longana.protocol"  # what ui/game-worker.mjs imports


def _zip(members: list[tuple[str, bytes]]) -> bytes:
    """A deflated zip with fixed dates (same input, same bytes)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def engine_modules(root: Path, entry: str = WORKER_ENTRY) -> tuple[list[Path], list[str]]:
    """The engine's files the worker imports (``entry`` and everything it imports, anywhere in
    their code) and the names of the standard-library modules they import."""
    finder = modulefinder.ModuleFinder(path=[str(root)])
    finder.import_hook(entry)
    package = entry.split(".")[0]
    files = sorted(
        Path(str(module.__file__))
        for name, module in finder.modules.items()
        if name.split(".")[0] == package and module.__file__
    )
    stdlib = sorted(name for name in finder.badmodules if name.split(".")[0] != package)
    return files, stdlib


#: Data the worker's engine reads from its own zip (``pkgutil.get_data``): the lessons.
ENGINE_DATA = ("longana/lessons/*.json",)


def engine_data(root: Path) -> list[Path]:
    """The data files that go into the engine's zip beside its modules."""
    return sorted(path for pattern in ENGINE_DATA for path in root.glob(pattern))


def package_zip(root: Path, files: list[Path]) -> bytes:
    """The engine's files in a zip, by their paths under ``root``."""
    return _zip([(path.relative_to(root).as_posix(), path.read_bytes()) for path in sorted(files)])


def node(root: Path, script: str, *args: str) -> str:
    """What a node script of tools/ prints (it runs the pinned Pyodide)."""
    program = shutil.which("node")
    if program is None:
        raise SystemExit("node is needed to build the site (it runs the pinned Pyodide)")
    done = subprocess.run(
        [program, str(root / "tools" / script), *args], capture_output=True, text=True, timeout=600
    )
    if done.returncode != 0:  # (node quotes the minified line it failed in: left out)
        said = "\n".join(line for line in done.stderr.splitlines() if len(line) < 500)
        raise SystemExit(f"tools/{script} failed:\n{done.stdout[-3000:]}\n{said[-3000:]}")
    return done.stdout


def traced_stdlib(root: Path, app: bytes, modules: list[str]) -> list[str]:
    """The members of Pyodide's ``python_stdlib.zip`` that the worker imports: Pyodide's own
    start-up, ``modules`` and a whole match played through the engine (tools/stdlib_trace.mjs,
    under node)."""
    with tempfile.TemporaryDirectory(prefix="longana-build-") as folder:
        zip_path = Path(folder) / "app.zip"
        zip_path.write_bytes(app)
        printed = node(root, "stdlib_trace.mjs", str(zip_path), json.dumps(modules))
    return list(json.loads(printed.strip().splitlines()[-1])["files"])


def compiled(root: Path, *zips: bytes) -> list[bytes]:
    """The zips with each ``.py`` compiled to ``.pyc`` by the pinned Pyodide's Python
    (tools/pyc_zip.mjs): the worker imports without compiling."""
    with tempfile.TemporaryDirectory(prefix="longana-build-") as folder:
        paths = []
        for index, data in enumerate(zips):
            source = Path(folder) / f"{index}.zip"
            source.write_bytes(data)
            paths += [str(source), str(source.with_suffix(".pyc.zip"))]
        node(root, "pyc_zip.mjs", *paths)
        return [Path(target).read_bytes() for target in paths[1::2]]


def stdlib_zip(source: Path, members: list[str]) -> bytes:
    """Pyodide's standard library cut down to ``members`` (each a file of ``source``)."""
    with zipfile.ZipFile(source) as full:
        known = set(full.namelist())
        missing = sorted(set(members) - known)
        if missing:
            raise SystemExit(f"not in {source}: {missing}")
        return _zip([(name, full.read(name)) for name in sorted(set(members))])


def lock_file(source: Path) -> str:
    """Pyodide's lock file without its packages (the game loads none): only the standard
    library's unvendored modules stay, so that importing one says what it is."""
    lock = json.loads(source.read_text(encoding="utf-8"))
    lock["packages"] = {
        name: package
        for name, package in lock["packages"].items()
        if package.get("package_type") == "cpython_module"
    }
    return json.dumps(lock, separators=(",", ":")) + "\n"


def page_modules(root: Path) -> list[str]:
    """The page's modules (``ui/`` and its sub-packages), as paths under ``ui/``."""
    return sorted(
        p.relative_to(root / "ui").as_posix()
        for p in (root / "ui").rglob("*.py")
        if "__pycache__" not in p.parts
    )


PAGE_ENTRY = "dom/main.py"  # under ui/: the script index.html names
PAGE_START = "dom/start.py"  # under ui/: it and what it imports draw the first table
PAGE_FILES = "ui/page-files.json"
LANGUAGE_FILE = "ui/languages.py"  # the one list of the game's languages, a line each


def page_files(root: Path) -> str:
    """Every page module but the entry, as JSON ``[[path, text], ...]``, in :func:`page_order`
    (the entry imports those of the first drawing in this order, in slices between the
    browser's turns, up to ``PAGE_START``; the panels' modules after it when first needed)."""
    files = [
        [f"ui/{name}", (root / "ui" / name).read_text(encoding="utf-8")]
        for name in page_order(root)
    ]
    return json.dumps(files, ensure_ascii=False, separators=(",", ":"))


def page_order(root: Path) -> list[str]:
    """The page's modules but the entry: first ``PAGE_START`` and the modules it imports when
    it is imported (not those its functions import later, nor those named for the types
    alone), each after those it imports, ending with ``PAGE_START``; then the others (the
    panels'), each after the page modules it imports anywhere."""
    first = imports_first(root, [PAGE_START], when_imported=True)
    names = [n for n in page_modules(root) if n != PAGE_ENTRY]
    return first + [n for n in imports_first(root, names) if n not in first]


def module_of(name: str) -> str:
    """``dom/keys.py`` -> ``ui.dom.keys``; ``dom/__init__.py`` -> ``ui.dom``."""
    parts = ["ui", *name.removesuffix(".py").split("/")]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_first(root: Path, names: list[str], when_imported: bool = False) -> list[str]:
    """``names`` (paths under ui/) and the page modules they import, ordered so that each comes
    after the page modules it imports (its package first), found by reading each module's
    import statements (``when_imported``: only those that run when it is imported)."""
    by_module = {module_of(n): n for n in page_modules(root) if n != PAGE_ENTRY}

    def needs(name: str) -> list[str]:
        module = module_of(name)
        package = module if name.endswith("__init__.py") else module.rsplit(".", 1)[0]
        found = [package, module.rsplit(".", 1)[0]]  # a package's package first
        tree = ast.parse((root / "ui" / name).read_text(encoding="utf-8"))
        for node in run_on_import(tree) if when_imported else ast.walk(tree):
            if isinstance(node, ast.Import):
                found += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package.split(".")
                base = base[: len(base) - node.level + 1] if node.level else []
                source = ".".join(base + ([node.module] if node.module else []))
                found += [source] + [f"{source}.{alias.name}" for alias in node.names]
        return [by_module[m] for m in found if m in by_module and m != module]

    ordered: list[str] = []

    def visit(name: str, path: tuple[str, ...]) -> None:
        if name in ordered or name in path:
            return
        for other in needs(name):
            visit(other, (*path, name))
        ordered.append(name)

    for name in names:
        visit(name, ())
    return ordered


def run_on_import(tree: ast.AST) -> list[ast.AST]:
    """The nodes of a module that run when it is imported: not the bodies of its functions,
    nor what stands under ``if TYPE_CHECKING:`` (named for the types alone)."""
    found: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        found.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                continue
            if (
                isinstance(child, ast.If)
                and isinstance(child.test, ast.Name)
                and child.test.id == "TYPE_CHECKING"
            ):
                todo.extend(child.orelse)
                continue
            todo.append(child)
    return found


def page_html(root: Path, chunks: list[str]) -> str:
    """index.html with ``pyscript.toml`` in its script's ``config`` attribute, as JSON, and
    every PyScript chunk the page loads preloaded with core.js (they are fetched at once, not
    each after the one that imports it)."""
    config = tomllib.loads((root / "pyscript.toml").read_text(encoding="utf-8"))
    text = json.dumps(config, separators=(",", ":"))
    inline = html.escape(text, quote=False).replace("'", "&#x27;")
    page = (root / "index.html").read_text(encoding="utf-8")
    named = 'config="./pyscript.toml"'
    if page.count(named) != 1:
        raise SystemExit(f"index.html should name its config once as {named}")
    core = '<link rel="modulepreload" href="./vendor/pyscript/core.js">'
    if page.count(core) != 1:
        raise SystemExit(f"index.html should preload PyScript's core once: {core}")
    links = "".join(
        f'\n<link rel="modulepreload" href="./vendor/pyscript/{name}">'
        for name in chunks
        if name != "core.js"
    )
    if page.count(NOSCRIPT) != 1:
        raise SystemExit(f"index.html should hold {NOSCRIPT} once")
    return (
        page.replace(named, f"config='{inline}'")
        .replace(core, core + links)
        .replace(NOSCRIPT, noscript_lines(root))
    )


NOSCRIPT = (
    "  <!-- the page without JavaScript: tools/build_site.py writes each catalog's noscript -->"
)


# -- the plain scripts' values --------------------------------------------------------------


def languages(root: Path) -> list[dict[str, object]]:
    """``ui/languages.py``: the game's languages, one line each (plain data, read as such)."""
    return list(runpy.run_path(str(root / LANGUAGE_FILE))["LANGUAGE_LIST"])


def catalog(root: Path, code: str) -> dict[str, Any]:
    return dict(json.loads((root / "locales" / f"{code}.json").read_text(encoding="utf-8")))


def floor_script(root: Path) -> str:
    """``ui/floor.js`` with every language's words for it (each catalog's ``floor``)."""
    words = {
        str(lang["code"]): catalog(root, str(lang["code"]))["floor"] for lang in languages(root)
    }
    return fill(
        root / "ui" / "floor.js", "__WORDS__", json.dumps(words, ensure_ascii=False, indent=2)
    )


def files_script(root: Path) -> str:
    """``ui/boot/files.js`` with the codes of the game's languages."""
    codes = [str(lang["code"]) for lang in languages(root)]
    return fill(root / "ui" / "boot" / "files.js", "__LANGUAGES__", json.dumps(codes))


def service_worker(root: Path, version: str, files: list[str]) -> str:
    """``ui/sw.js`` as the site's ``sw.js``: the release and the files it precaches."""
    text = fill(root / "ui" / "sw.js", '"__VERSION__"', json.dumps(version))
    return text.replace("__FILES__", json.dumps(files, indent=1))


def fill(path: Path, placeholder: str, value: str) -> str:
    """The text of ``path`` with its one ``placeholder`` replaced by ``value``."""
    text = path.read_text(encoding="utf-8")
    if text.count(placeholder) != 1:
        raise SystemExit(f"{path} should hold {placeholder} once")
    return text.replace(placeholder, value)


def noscript_lines(root: Path) -> str:
    """What the page says without JavaScript, in every language (each catalog's
    ``noscript``), English first."""
    codes = sorted((str(lang["code"]) for lang in languages(root)), key=lambda c: c != "en")
    return "\n".join(
        f'  <p lang="{code}">{html.escape(catalog(root, code)["noscript"], quote=False)}</p>'
        for code in codes
    )


def rules_example() -> str:
    sys.path.insert(0, str(ROOT))
    from longana.device.diagram import example

    return json.dumps(example(), separators=(",", ":")) + "\n"


# -- service worker -----------------------------------------------------------------------------


# PyScript's dist: core.js, the chunk it imports and the chunks that one imports (a MicroPython
# page with the plugins of pyscript.toml switched off still imports the small plugin chunks),
# but not the editor's (CodeMirror), Pyodide's parts, zip nor the TOML parser (the config
# comes as JSON), which this page never loads.
PYSCRIPT_UNUSED = ("codemirror", "pyodide_graph", "zip-", "toml-")
CHUNK = re.compile(r'"\./([A-Za-z0-9_.-]+\.js)"')


def pyscript_files(dist: Path) -> list[str]:
    """The files of PyScript's ``dist`` that the page loads."""
    core = CHUNK.findall((dist / "core.js").read_text(encoding="utf-8"))
    chunks = {name for main in core for name in CHUNK.findall((dist / main).read_text("utf-8"))}
    return sorted({"core.js", *core, *(c for c in chunks if not c.startswith(PYSCRIPT_UNUSED))})


def precached(name: str) -> bool:
    return not name.startswith("screenshots/")  # for the install dialog only, which is online


def manifest() -> dict[str, object]:
    return {
        "id": "./",
        "name": "Longana",
        "short_name": "Longana",
        # the English catalog's words (the page sets its own description in the language shown)
        "description": json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))[
            "app"
        ]["description"],
        "categories": ["games", "education"],
        "lang": "en",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": "#0d5c3a",
        "theme_color": "#0d5c3a",
        "icons": [
            {"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {
                "src": "icons/maskable-512.png",
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
        # taken by tools/screenshots.py from the running game (assets/screenshots/)
        "screenshots": [
            {
                "src": "screenshots/narrow.png",
                "sizes": "720x1280",
                "type": "image/png",
                "form_factor": "narrow",
                "label": "A hand in progress on a phone",
            },
            {
                "src": "screenshots/wide.png",
                "sizes": "1366x768",
                "type": "image/png",
                "form_factor": "wide",
                "label": "The table on a laptop",
            },
        ],
    }


# -- assembling ---------------------------------------------------------------------------------


def copy_tree(src: Path, dst: Path, skip: tuple[str, ...] = (), omit: tuple[str, ...] = ()) -> None:
    """The files of ``src`` into ``dst``, but those whose names end with one of ``skip`` and
    those at the paths ``omit`` (relative to ``src``)."""
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src)
        if any(part == "__pycache__" or part.startswith(".") for part in rel.parts):
            continue
        if path.is_dir() or path.name.endswith(skip) or rel.as_posix() in omit:
            continue
        target = dst / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)


def build(root: Path, out: Path) -> list[str]:
    modules = root / "node_modules"
    pyodide = modules / "pyodide"
    pyscript = modules / "@pyscript" / "core" / "dist"
    missing = [str(pyodide / f) for f in PYODIDE_FILES if not (pyodide / f).is_file()]
    if not (pyscript / "core.js").is_file():
        missing.append(str(pyscript / "core.js"))
    mpy = modules / "@micropython" / "micropython-webassembly-pyscript"
    missing += [str(mpy / f) for f in MICROPYTHON_FILES if not (mpy / f).is_file()]
    if missing:
        raise SystemExit("missing runtime files (run `npm ci` first):\n  " + "\n  ".join(missing))

    if out.exists():
        if not (out / MARKER).is_file() and any(out.iterdir()):
            raise SystemExit(f"{out} exists and was not built by this tool: not touching it")
        shutil.rmtree(out)
    out.mkdir(parents=True)
    (out / MARKER).write_text("built by tools/build_site.py\n", encoding="utf-8")

    (out / "index.html").write_text(page_html(root, pyscript_files(pyscript)), encoding="utf-8")
    copy_tree(root / "ui", out / "ui", skip=(".py",), omit=("sw.js",))
    (out / "ui" / "floor.js").write_text(floor_script(root), encoding="utf-8")
    (out / "ui" / "boot" / "files.js").write_text(files_script(root), encoding="utf-8")
    (out / "ui" / PAGE_ENTRY).parent.mkdir()
    shutil.copyfile(root / "ui" / PAGE_ENTRY, out / "ui" / PAGE_ENTRY)
    (out / PAGE_FILES).write_text(page_files(root), encoding="utf-8")
    # the catalogs, not their notes nor the list of languages (it comes with the page's modules)
    copy_tree(root / "locales", out / "locales", skip=(".md",))
    engine, stdlib_names = engine_modules(root)
    app = package_zip(root, engine + engine_data(root))
    (out / "rules-example.json").write_text(rules_example(), encoding="utf-8")
    micropython = modules / "@micropython" / "micropython-webassembly-pyscript"
    vendor_mpy = out / "vendor" / "micropython"
    vendor_mpy.mkdir(parents=True)
    for name in MICROPYTHON_FILES:
        shutil.copyfile(micropython / name, vendor_mpy / name)

    vendor_py = out / "vendor" / "pyodide"
    vendor_py.mkdir(parents=True)
    for name in PYODIDE_COPIED:
        shutil.copyfile(pyodide / name, vendor_py / name)
    members = traced_stdlib(root, app, stdlib_names)
    stdlib = stdlib_zip(pyodide / "python_stdlib.zip", members)
    app, stdlib = compiled(root, app, stdlib)
    (out / "app.zip").write_bytes(app)
    (vendor_py / "python_stdlib.zip").write_bytes(stdlib)
    (vendor_py / "pyodide-lock.json").write_text(
        lock_file(pyodide / "pyodide-lock.json"), encoding="utf-8"
    )
    vendor_ps = out / "vendor" / "pyscript"
    vendor_ps.mkdir(parents=True)
    for name in pyscript_files(pyscript):
        shutil.copyfile(pyscript / name, vendor_ps / name)

    copy_tree(root / "assets" / "screenshots", out / "screenshots")
    icons = out / "icons"
    icons.mkdir()
    (icons / "icon.svg").write_text(icon_svg(), encoding="utf-8")
    (icons / "icon-192.png").write_bytes(draw_icon(192))
    (icons / "icon-512.png").write_bytes(draw_icon(512))
    (icons / "maskable-512.png").write_bytes(draw_icon(512, maskable=True))
    (out / "favicon.ico").write_bytes(favicon())
    (out / "manifest.webmanifest").write_text(
        json.dumps(manifest(), indent=2) + "\n", encoding="utf-8"
    )

    files = sorted(
        p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and p.name != MARKER
    )
    # the release: every file (the game worker as written, before its constants are filled)
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (out / name).read_bytes())
    version = digest.hexdigest()[:16]
    # the page and the worker's files carry it, so that a page of one release over worker files
    # of another (an update half-arrived in a cache) notices (ui/boot/worker.js): the engine
    # beside its modules (longana.protocol.engine_release), the two scripts as constants
    with zipfile.ZipFile(out / "app.zip", "a") as zipped:
        stamp = zipfile.ZipInfo("longana/release.txt", (2020, 1, 1, 0, 0, 0))
        zipped.writestr(stamp, version + "\n")
    boot = out / BOOT_WORKER
    boot.write_text(fill(boot, '"__RELEASE__"', json.dumps(version)), encoding="utf-8")
    worker = out / GAME_WORKER
    sizes = {name: (out / name).stat().st_size for name in WORKER_DOWNLOADS}
    worker.write_text(
        worker.read_text(encoding="utf-8")
        .replace('"__RELEASE__"', json.dumps(version))
        .replace("__SIZES__", json.dumps(sizes)),
        encoding="utf-8",
    )
    precache = ["./"] + [f"./{name}" for name in files if precached(name)]
    (out / "sw.js").write_text(service_worker(root, version, precache), encoding="utf-8")
    (out / "version.json").write_text(json.dumps({"version": version}) + "\n", encoding="utf-8")
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Assemble the static Longana site.")
    parser.add_argument("--out", type=Path, default=ROOT / "_site")
    args = parser.parse_args(argv)
    out = args.out if args.out.is_absolute() else Path.cwd() / args.out
    files = build(ROOT, out)
    size = sum((out / f).stat().st_size for f in files)
    print(f"built {out} ({len(files) + 1} files, {size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
