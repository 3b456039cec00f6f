"""Page code runs on both: every page module imports under the pinned MicroPython (node and the
npm package, as the browser runs it), the pure ones (``ui/*.py``) without the browser, and the
same frames give the same HTML and the same controller answers there as under CPython. A
construct MicroPython lacks fails here. The folder tells the two kinds apart: what needs the
browser (``js``, ``pyscript``) is in ``ui/dom/``."""

from __future__ import annotations

import ast
import importlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from longana.protocol import Game
from ui import panels, render
from ui.controller import Controller
from ui.i18n import Catalog

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tools import build_site  # noqa: E402 - tools/ is not a package on the path

RUNNER = ROOT / "tools" / "mpy_run.mjs"
MPY = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
UI = ROOT / "ui"
PURE = tuple(sorted(p.stem for p in UI.glob("*.py") if p.name != "__init__.py"))
# the entry script (main.py) starts the page when it is run, not imported
BROWSER = tuple(sorted("dom." + p.stem for p in (UI / "dom").glob("*.py") if p.name != "main.py"))


def micropython(code: str) -> str:
    if shutil.which("node") is None or not MPY.is_dir():
        pytest.fail("node and node_modules (npm ci) are needed to run the page's MicroPython")
    done = subprocess.run(
        ["node", str(RUNNER)], input=code, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, f"MicroPython failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


STUBS = """
import sys
class _Any:
    def __getattr__(self, name): return _Any()
    def __call__(self, *a, **k): return _Any()
class _Module:
    pass
for name in ("js", "pyscript", "pyscript.ffi"):
    m = _Module()
    for attr in ("document", "window", "workers", "create_proxy", "localStorage", "console",
                 "performance", "matchMedia", "JSON", "URL", "Blob", "Array", "location",
                 "navigator", "fetch"):
        setattr(m, attr, _Any())
    sys.modules[name] = m
sys.modules["pyscript"].ffi = sys.modules["pyscript.ffi"]
"""


def test_every_page_module_imports_under_micropython() -> None:
    assert len(PURE) > 10 and len(BROWSER) > 10
    code = STUBS + "".join(f"import ui.{name}\n" for name in PURE + BROWSER) + "print('ok')"
    assert micropython(code).strip().endswith("ok")


def test_the_page_modules_load_one_at_a_time_in_the_order_shipped() -> None:
    """ui/dom/main.py imports the first drawing's modules in ui/page-files.json's order, one a
    turn, up to ui/dom/start.py: each must bring no other page module with it (those it
    imports came before). The panels' modules, after it, are imported when a panel first
    opens: each in its turn brings none either, and starting the page brings none of them."""
    names = [n for n in build_site.page_modules(ROOT) if n != build_site.PAGE_ENTRY]
    order = [build_site.module_of(n) for n in build_site.page_order(ROOT)]
    assert sorted(order) == sorted(build_site.module_of(n) for n in names)
    first = order[: order.index("ui.dom.start") + 1]
    for later in ("ui.record_panels", "ui.class_panels", "ui.rules_panel", "ui.hint_panel"):
        assert later not in first, f"{later} is imported before the first drawing"
    code = (
        STUBS
        + f"order = {order!r}\nfirst = {first!r}\n"
        + """
def page():
    return set(k for k in sys.modules if k == 'ui' or k.startswith('ui.'))
for name in order:
    before = page()
    __import__(name)
    if page() - before != {name}:
        print('with', name, 'came', sorted(page() - before - {name}))
    if name == first[-1] and page() != set(first):
        print('the first drawing brings', sorted(page() - set(first)))
print('ok')
"""
    )
    assert micropython(code).strip() == "ok"


def test_the_pure_modules_import_without_the_browser() -> None:
    code = "".join(f"import ui.{name}\n" for name in PURE) + "print('ok')"
    assert micropython(code).strip().endswith("ok")
    for name in PURE:
        importlib.import_module(f"ui.{name}")


def test_every_import_of_the_page_names_one_of_its_modules() -> None:
    """Relative imports inside functions too (the browser runs them only when called) and
    the entry script's imports, which name the package: each names a module that is there."""
    found = 0
    for path in sorted(UI.rglob("*.py")):
        package = path.parent.relative_to(ROOT).parts
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                parts = list(package[: len(package) - node.level + 1])
            elif (node.module or "").startswith("ui."):
                parts = []
            else:
                continue
            parts += (node.module or "").split(".") if node.module else []
            where = ROOT.joinpath(*parts)
            names = [where.with_suffix(".py")] + [where / f"{a.name}.py" for a in node.names]
            assert any(n.is_file() for n in names), f"{path.name}: no module {'.'.join(parts)}"
            found += 1
    assert found > 50


def frames() -> list[dict[str, Any]]:
    """Frames of a few hands, with a person at South and North (handoffs) and at the end."""
    out = []
    for deal, seats in (
        ("7", ["person", "computer", "computer", "computer"]),
        ("8", ["person", "computer", "person", "computer"]),
    ):
        table = Game()
        reply = json.loads(
            table.handle(json.dumps({"do": "start", "save": None, "deal": deal, "seats": seats}))
        )
        while True:
            frame = reply["frame"]
            out.append(frame)
            if frame["outcome"] is not None:
                break
            if frame["handoff"] is not None:
                intent = {"do": "take-device", "seat": frame["handoff"]}
            elif frame["turn"] is not None:
                intent = {"do": "play", "move": frame["turn"]["moves"][-1], "at": frame["log"]}
            else:
                intent = {"do": "computer", "at": frame["log"]}
            reply = json.loads(table.handle(json.dumps(intent)))
    return out[::3] + [out[-1]]


SCENE = """
import json
from ui import panels, render
from ui.controller import Controller
from ui.i18n import Catalog
cat = Catalog(json.load(open("/lib/locales/en.json")))
out = []
for frame in json.loads(FRAMES):
    ctl = Controller(cat)
    now = ctl.interaction
    now.area, now.tile_px = (640.0, 420.0), 22
    ctl.receive({"frame": frame})
    if frame["turn"]:
        ctl.select(sorted(frame["turn"]["tiles"])[0])
    html = render.table_html(frame, cat, now) + render.action_buttons(frame, cat, now)
    if frame["outcome"] is not None:
        html += panels.hand_end_html(frame, cat, False)
    out.append([html, ctl.message, render.prompt(frame, cat, now, False)])
with open("/out.txt", "wb") as f:
    f.write(("@@" + json.dumps(out)).encode())
"""


def test_the_same_frames_render_the_same_under_micropython_and_cpython() -> None:
    shown = frames()
    cat = Catalog(json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8")))
    expected = []
    for frame in shown:
        ctl = Controller(cat)
        now = ctl.interaction
        now.area, now.tile_px = (640.0, 420.0), 22
        ctl.receive({"frame": frame})
        if frame["turn"]:
            ctl.select(sorted(frame["turn"]["tiles"])[0])
        html = render.table_html(frame, cat, now) + render.action_buttons(frame, cat, now)
        if frame["outcome"] is not None:
            html += panels.hand_end_html(frame, cat, False)
        expected.append([html, ctl.message, render.prompt(frame, cat, now, False)])
    code = "FRAMES = " + repr(json.dumps(shown)) + "\n" + SCENE
    got = json.loads(micropython(code).split("@@")[-1])
    assert len(got) == len(expected) > 10
    for k, (mine, theirs) in enumerate(zip(got, expected, strict=True)):
        assert mine == theirs, f"frame {k} differs under MicroPython"
