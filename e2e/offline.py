"""What the offline tests (issue 11) make and read: a second release of the built site (one
byte changed, a new version in ``sw.js``), the service worker in control of a page and the
caches it keeps, what a tab has stored (its save, its keys), the position a tab shows waited
for, the notices on the page.
"""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .game import TURN_MS, WORKER_MS, Game

CSS_MARK = "/* e2e: release 2 */"
VERSION_LINE = re.compile(r'^const VERSION = "([^"]*)";$', re.M)


def sw_version(site: Path) -> str:
    match = VERSION_LINE.search((site / "sw.js").read_text(encoding="utf-8"))
    assert match, f"no VERSION line in {site / 'sw.js'}"
    return match.group(1)


def make_release_two(source: Path, target: Path) -> str:
    """A copy of the built site with one byte-level change (a CSS comment) and, as
    tools/build_site.py would give it, a new version in sw.js. Returns that version."""
    shutil.copytree(source, target)
    with (target / "ui" / "style.css").open("a", encoding="utf-8") as css:
        css.write("\n" + CSS_MARK + "\n")
    version = sw_version(source)[:8] + "e2e00002"
    sw = target / "sw.js"
    sw.write_text(
        VERSION_LINE.sub(f'const VERSION = "{version}";', sw.read_text(encoding="utf-8")),
        encoding="utf-8",
    )
    assert sw_version(target) == version
    return version


def wait_controlled(page: Page) -> None:
    """The service worker has precached the release and controls the page."""
    page.wait_for_function(
        "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null",
        timeout=WORKER_MS,
    )


def cache_names(page: Page) -> list[str]:
    return sorted(
        page.evaluate("async () => (await caches.keys()).filter(k => k.startsWith('longana-'))")
    )


def cache_sizes(page: Page) -> dict[str, int]:
    return dict(
        page.evaluate(
            """async () => { const out = {};
             for (const k of await caches.keys())
               out[k] = (await (await caches.open(k)).keys()).length;
             return out; }"""
        )
    )


def saved(page: Page, key: str = "longana:save") -> dict[str, Any] | None:
    text = page.evaluate("(key) => localStorage.getItem(key)", key)
    return None if text is None else dict(json.loads(text))


def storage_keys(page: Page) -> list[str]:
    return sorted(page.evaluate("() => Object.keys(localStorage)"))


def wait_position(game: Game, expected: dict[str, Any], timeout_ms: float = TURN_MS) -> None:
    """Wait until the page shows ``expected`` (e2e.game.Game.position), looking again each
    time it draws the table."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        drawn = game.renders()
        got = game.position()
        if got == expected:
            return
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"the table is\n  {got}\nnot\n  {expected}")
        with contextlib.suppress(PlaywrightTimeoutError):
            game.wait_render(drawn, timeout=left * 1000)


def notices(page: Page) -> list[str]:
    """The notices on the page now."""
    return list(
        page.evaluate(
            "() => [...document.querySelectorAll('[data-notice]')].map(n => n.dataset.notice)"
        )
    )
