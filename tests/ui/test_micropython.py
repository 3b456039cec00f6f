"""Page code runs on both: every page module imports under the pinned MicroPython (node and the
npm package, as the browser runs it), and the same frames give the same HTML and the same
controller answers there as under CPython. A construct MicroPython lacks fails here."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from longana.protocol import Game
from ui import panels, render
from ui.controller import Controller
from ui.i18n import Catalog

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tools" / "mpy_run.mjs"
MPY = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
# the page's modules; dom, link, input, page and main need the browser (js, pyscript)
PURE = (
    "i18n",
    "html",
    "layout",
    "render",
    "panels",
    "controller",
    "diagram",
    "rules_panel",
    "storage",
    "class_panels",
)
BROWSER = ("dom", "link", "input", "dialogs", "page", "panel_actions", "class_actions")


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
    code = STUBS + "".join(f"import ui.{name}\n" for name in PURE + BROWSER) + "print('ok')"
    assert micropython(code).strip().endswith("ok")


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
                intent = {"do": "take-device", "seat": "SENW"[frame["handoff"]]}
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
    look = render.Look()
    look.area, look.tile_px = (640.0, 420.0), 22
    ctl = Controller(cat)
    ctl.receive({"frame": frame})
    if frame["turn"]:
        tile = sorted(frame["turn"]["tiles"])[0]
        ctl.select(tile)
        look.selected = ctl.look.selected
    html = render.table_html(frame, cat, look) + render.action_buttons(frame, cat, look)
    if frame["outcome"] is not None:
        html += panels.hand_end_html(frame, cat, False)
    out.append([html, ctl.message, render.prompt(frame, cat, look, False)])
with open("/out.txt", "wb") as f:
    f.write(("@@" + json.dumps(out)).encode())
"""


def test_the_same_frames_render_the_same_under_micropython_and_cpython() -> None:
    shown = frames()
    cat = Catalog(json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8")))
    expected = []
    for frame in shown:
        look = render.Look()
        look.area, look.tile_px = (640.0, 420.0), 22
        ctl = Controller(cat)
        ctl.receive({"frame": frame})
        if frame["turn"]:
            ctl.select(sorted(frame["turn"]["tiles"])[0])
            look.selected = ctl.look.selected
        html = render.table_html(frame, cat, look) + render.action_buttons(frame, cat, look)
        if frame["outcome"] is not None:
            html += panels.hand_end_html(frame, cat, False)
        expected.append([html, ctl.message, render.prompt(frame, cat, look, False)])
    code = "FRAMES = " + repr(json.dumps(shown)) + "\n" + SCENE
    got = json.loads(micropython(code).split("@@")[-1])
    assert len(got) == len(expected) > 10
    for k, (mine, theirs) in enumerate(zip(got, expected, strict=True)):
        assert mine == theirs, f"frame {k} differs under MicroPython"
