"""The page's rooms (``ui/dom/``) under CPython: each test gets a fresh stand-in browser
(:mod:`fakedom`) as ``js`` and ``pyscript``, and imports the rooms anew over it."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dom.fakedom import js_module, pyscript_modules
from ui.i18n import Catalog

ROOT = Path(__file__).resolve().parents[3]


def forget_rooms() -> None:
    for name in [n for n in sys.modules if n == "ui.dom" or n.startswith("ui.dom.")]:
        del sys.modules[name]


@pytest.fixture
def js(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The stand-in browser, installed as ``js`` (and PyScript's ``ffi``) for the rooms."""
    module = js_module()
    pyscript, ffi = pyscript_modules()
    monkeypatch.setitem(sys.modules, "js", module)
    monkeypatch.setitem(sys.modules, "pyscript", pyscript)
    monkeypatch.setitem(sys.modules, "pyscript.ffi", ffi)
    forget_rooms()
    yield module
    forget_rooms()


@pytest.fixture(scope="session")
def cat() -> Catalog:
    return Catalog(json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8")))
