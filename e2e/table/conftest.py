"""Fixtures of the several-devices tests (issue 35): every one of them runs inside a network
namespace the run makes itself (:mod:`e2e.netns`), with the game's server and Chromium inside
it, and refuses to run outside one.

- ``table_ns``: the namespace (made once for the run's several-devices tests, gone after them);
- ``table_url``: the built site served inside it (``sent`` counts its bytes per path);
- ``table_browser``: Chromium launched inside it with the project's usual arguments, the
  flag that offers the veth's address instead of an mDNS name, and a fake camera fed a video
  file (``CAMERA``: the test writes it before it opens the camera); its first page checked by
  the guard (:func:`e2e.netns.refuse_outside`) before any test of the module runs;
- ``peers``: guarded browser contexts of that browser, closed (and checked: no request off
  127.0.0.1, no console error unless allowed) after each test.

Every module here is in the xdist group ``table`` (its ``pytestmark``): under ``make
test-browser`` (``-n 2 --dist loadgroup``) they run on one worker, which makes the namespace,
its server and its Chromium once for them all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Playwright

from tools.chromium import CHROMIUM, CHROMIUM_ARGS

from ..browsers import SITE, Browsers
from ..netns import CHROMIUM_TABLE_ARGS, Namespace, refuse_outside, why_not

CAMERA = SITE.parent / "artifacts" / "table-camera.y4m"  # the fake camera's video file
SENT: Counter[str] = Counter()  # bytes the namespaced server sent, per path


@pytest.fixture(scope="session")
def table_ns() -> Iterator[Namespace]:
    reason = why_not()
    if reason is not None:  # never outside one: these tests open data channels
        pytest.skip(f"no network namespace can be made here ({reason}): refused to run")
    made = Namespace()
    try:
        yield made
    finally:
        made.close()


@pytest.fixture(scope="session")
def table_url(table_ns: Namespace) -> str:
    if not (SITE / "index.html").is_file():
        pytest.fail(f"{SITE} has no index.html: build it first with `make site`", pytrace=False)
    return table_ns.serve(SITE, sent=SENT)


@pytest.fixture(scope="session")
def table_browser(playwright: Playwright, table_ns: Namespace) -> Iterator[Browser]:
    CAMERA.parent.mkdir(exist_ok=True)
    args = (
        CHROMIUM_ARGS
        + CHROMIUM_TABLE_ARGS
        + [
            "--use-fake-ui-for-media-stream",
            "--use-fake-device-for-media-stream",
            f"--use-file-for-fake-video-capture={CAMERA}",
        ]
    )
    browser = playwright.chromium.launch(
        executable_path=table_ns.wrapper(CHROMIUM), args=args, headless=True
    )
    probe = browser.new_page()
    try:
        refuse_outside(table_ns, probe)  # the guard: only the namespace's addresses
    finally:
        probe.close()
    yield browser
    browser.close()


@pytest.fixture
def peers(
    table_browser: Browser,
    table_url: str,
    browser_context_args: dict[str, Any],
    request: pytest.FixtureRequest,
) -> Iterator[Browsers]:
    opened = Browsers(table_browser, browser_context_args, table_url, request.node.name)
    yield opened
    opened.close(bool(getattr(request.node, "rep_call", None) and request.node.rep_call.failed))
