"""The page's rooms (``ui/dom/``) under CPython: each test gets a fresh stand-in browser
(:mod:`fakedom`) as ``js`` and ``pyscript``, and imports the rooms anew over it."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dom.fakedom import Worker, js_module, pyscript_modules
from longana.protocol import Game
from ui.i18n import Catalog
from ui.settings import Settings
from ui.storage import Store

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


class Storage:
    """localStorage behind ui/storage.js's guard, as a dict."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def usable(self) -> bool:
        return True

    def getItem(self, key: str) -> str | None:  # noqa: N802 - the browser's names
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


@pytest.fixture
def dom_page(js: Any, cat: Catalog) -> Any:
    """The page (ui/dom/page.py) in the stand-in browser, mounted and bound, its game worker a
    ``longana.protocol.Game`` here (``js.longanaBoot.worker``), its storage a dict
    (``page.store.storage``); not started."""
    from ui.dom.link import Link
    from ui.dom.page import Page

    js.longanaBoot.worker = Worker(Game())
    made = Page(cat, Store(Storage(), "/"), Settings(), {"en": "English"}, Link)
    made.screen.mount()
    made.input.bind()
    return made
