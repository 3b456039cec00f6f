"""The engine smoke suite's fixtures: the built site served with a probe page, and one browser
per engine (WebKit, Firefox) for all of that engine's scenarios.

Each engine gets its own static server (``tools/serve.py``), so that the offline scenario can
stop it. The server answers ``/`` and ``/index.html`` with a probe copy of the built
``index.html`` whose first script is ``capture.js`` (errors and ``storage.persist()`` calls kept
in the tab's sessionStorage: WebKit's driver offers no console log). The service worker
precaches that same copy, so the page offline is the page online.

``LONGANA_ENGINES`` chooses the engines (default ``webkit,firefox``); ``LONGANA_SITE`` the
built site, as for the Chromium suite. The run's figures (each engine's time, its cold and
later-visit loads) are printed at the end of the pytest run and written to
``artifacts/engines.json``.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tools.serve import serve

from ..browsers import SITE
from ..game import artifact
from .drivers import FIREFOX, MINIBROWSER, WEBKIT_DRIVER, XVFB, Driver, start
from .smoke import SIZES, Smoke

HERE = Path(__file__).resolve().parent
ENGINES = [e for e in os.environ.get("LONGANA_ENGINES", "webkit,firefox").split(",") if e]
NEEDS = {
    "webkit": [MINIBROWSER, WEBKIT_DRIVER, XVFB],
    "firefox": [FIREFOX],
}
BLANK = b'<!doctype html><link rel="icon" href="data:,"><title>smoke</title>'

# what the run measured, per engine (printed at the end, kept in artifacts/engines.json)
FIGURES: dict[str, dict[str, Any]] = {}


def probe_page(site: Path, old: bool = False) -> bytes:
    """The built index.html with the capture script first in its head; ``old``: a browser
    below the floor (``dialog.showModal`` taken away, Spanish as its language) before the
    page's floor script runs."""
    html = (site / "index.html").read_text(encoding="utf-8")
    capture = (HERE / "capture.js").read_text(encoding="utf-8")
    head = '<meta charset="utf-8">'
    assert head in html, f"{site / 'index.html'} has no {head}"
    if old:
        capture += OLD_BROWSER
    return html.replace(head, f"{head}\n<script>{capture}</script>", 1).encode()


OLD_BROWSER = """
delete HTMLDialogElement.prototype.showModal;
Object.defineProperty(navigator, "languages", {get: () => ["es-MX", "es"]});
"""


class Server:
    """The site on its own 127.0.0.1 port, which a scenario may stop (offline) and start
    again (on another port: another origin, so a cold start there)."""

    def __init__(self, site: Path) -> None:
        self.site = site
        self.stack: contextlib.ExitStack | None = None
        self.url = ""

    def start(self) -> str:
        if self.stack is None:
            page = probe_page(self.site)
            extra = {
                "/": page,
                "/index.html": page,
                "/smoke-blank.html": BLANK,
                "/old-browser.html": probe_page(self.site, old=True),
            }
            self.stack = contextlib.ExitStack()
            self.url = self.stack.enter_context(serve(self.site, extra=extra))
        return self.url

    def stop(self) -> None:
        if self.stack is not None:
            self.stack.close()
            self.stack = None


def launch(name: str, stack: contextlib.ExitStack) -> Driver:
    missing = [p for p in NEEDS[name] if not Path(p).exists()]
    if missing or shutil.which("node") is None:
        pytest.fail(
            f"{name}: {', '.join(missing) or 'node'} missing; `make test` installs it "
            "(as root: apt-get install webkit2gtk-driver xvfb firefox-esr)",
            pytrace=False,
        )
    return start(name, stack, artifact(f"engines-{name}-driver.log"))


@pytest.fixture(scope="module", params=ENGINES)
def engine(request: pytest.FixtureRequest) -> Iterator[Smoke]:
    """One engine's browser (a new profile) and its own server, for all its scenarios."""
    name = str(request.param)
    started = time.monotonic()
    server = Server(SITE)
    if not (SITE / "index.html").is_file():
        pytest.fail(f"{SITE} has no index.html: build the site first with `make site`")
    with contextlib.ExitStack() as stack:
        server.start()
        stack.callback(server.stop)
        driver = launch(name, stack)
        driver.viewport(*SIZES["desktop"])
        figures = FIGURES.setdefault(name, {})
        figures["browser"] = driver.version()
        yield Smoke(driver, server, figures)
    figures["seconds"] = round(time.monotonic() - started, 1)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """An xdist worker hands its engines' figures to the run that prints them."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None and FIGURES:
        output["engines"] = json.dumps(FIGURES)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    FIGURES.update(json.loads(getattr(node, "workeroutput", {}).get("engines", "{}")))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not FIGURES:
        return
    write = terminalreporter.write_line
    terminalreporter.section("other engines")
    for name, figures in FIGURES.items():
        parts = [f"{figures.get('browser', name)}: {figures.get('seconds', '?')} s in all"]
        for key, label in (
            ("cold", "cold load"),
            ("later", "later visit"),
            ("offline", "offline load"),
        ):
            load = figures.get(key)
            if load:
                parts.append(
                    f"{label} {load['shown'] / 1000:.1f} s to the table, "
                    f"{load['interactive'] / 1000:.1f} s to playable"
                )
        write("; ".join(parts))
    path = artifact("engines.json")
    path.write_text(json.dumps(FIGURES, indent=1), encoding="utf-8")
