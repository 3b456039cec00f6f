"""End-to-end fixtures: serve the built site (``_site``, or ``LONGANA_SITE``), drive Debian's
Chromium, and hand each test guarded browser profiles (:mod:`e2e.browsers`) and game pages
(:mod:`e2e.game`). Each test gets empty storage: ``browsers.game()`` reuses one warm profile
(its HTTP cache kept, its storage, pages and routes cleared) unless the test asks for a fresh
one; ``browsers.context()`` is always a new, empty profile.

The helpers live by job: :mod:`e2e.browsers` (profiles, guards, what is put into storage),
:mod:`e2e.game` (the page driven through its data attributes), :mod:`e2e.shown` (what the page
shows, against the engine), :mod:`e2e.positions` (saved games and deals prepared with the
engine).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import serve

from .browsers import SITE, Browsers
from .game import Game

# -- the static server ------------------------------------------------------------------------


# one static server for the whole project (tools/serve.py), with the types a PyScript site needs
@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    if not (SITE / "index.html").is_file():
        pytest.fail(
            f"{SITE} has no index.html: build the site first with `make site`", pytrace=False
        )
    with serve(SITE) as url:
        yield url


# -- the browser --------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    args = list(browser_type_launch_args.get("args", []))
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": args + [a for a in CHROMIUM_ARGS if a not in args],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_context_args,
        "service_workers": "block",
        "viewport": {"width": 1366, "height": 768},
    }


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"rep_{report.when}", report)


def _failed(item: pytest.Item) -> bool:
    report = getattr(item, "rep_call", None)
    return bool(report is not None and report.failed)


@pytest.fixture(scope="session")
def warm_context(
    browser: Browser, browser_context_args: dict[str, Any]
) -> Iterator[BrowserContext]:
    """One profile for the whole run whose HTTP cache stays warm (see :class:`Browsers`)."""
    context = browser.new_context(**browser_context_args)
    context.set_default_timeout(30_000)
    yield context
    with contextlib.suppress(Exception):
        context.close()


@pytest.fixture
def browsers(
    browser: Browser,
    browser_context_args: dict[str, Any],
    site_url: str,
    warm_context: BrowserContext,
    request: pytest.FixtureRequest,
) -> Iterator[Browsers]:
    """Per test: guarded empty profiles. ``browsers.game()`` opens the page and waits for it."""
    # LONGANA_E2E_FRESH=1: every game in a new profile (to compare, or to rule the warm one out)
    fresh = os.environ.get("LONGANA_E2E_FRESH") == "1"
    opened = Browsers(
        browser,
        browser_context_args,
        site_url,
        request.node.name,
        warm=None if fresh else warm_context,
    )
    yield opened
    opened.close(_failed(request.node))


@pytest.fixture
def game(browsers: Browsers) -> Game:
    """The page in a new profile (a cold HTTP cache), loaded and ready (default seats: a
    person at South)."""
    return browsers.game(fresh=True)


@pytest.fixture(scope="module")
def module_browsers(
    browser: Browser,
    browser_context_args: dict[str, Any],
    site_url: str,
    request: pytest.FixtureRequest,
) -> Iterator[Browsers]:
    """One set of guarded contexts shared by a module's tests (saves page loads)."""
    opened = Browsers(browser, browser_context_args, site_url, request.node.name)
    yield opened
    opened.close(False)
