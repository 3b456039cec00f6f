"""The other engines at a table across devices (issue 35), inside the namespace too: a guest
in Firefox ESR (puppeteer-core, its node and Firefox run inside) pairs with a Chromium host and
draws its table; WebKitGTK (Selenium, with its driver, display and browser inside) says in
words when it cannot make a data channel."""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator

import pytest

from ..browsers import Browsers
from ..engines.drivers import FIREFOX, MINIBROWSER, WEBKIT_DRIVER, XVFB, Firefox, start
from ..game import artifact
from ..netns import Namespace, inside
from .peers import accept, offer, open_host, open_pairing

# one namespace and one namespaced Chromium for the run: on one xdist worker (conftest.py)
pytestmark = pytest.mark.xdist_group("table")

DRAWN = "() => document.body.dataset.ready === 'true' && document.body.dataset.table"


@pytest.fixture
def firefox(table_ns: Namespace) -> Iterator[Firefox]:
    node = shutil.which("node")
    if node is None or not shutil.which(FIREFOX):
        pytest.skip("Firefox ESR and node are needed")
    driver = Firefox(artifact("table-firefox.log"), node=table_ns.wrapper(node))
    try:
        yield driver
    finally:
        driver.quit()


def test_a_guest_in_firefox(firefox: Firefox, peers: Browsers) -> None:
    table = open_host(peers)
    host = table.host
    open_pairing(host)
    _, link = offer(host, "E")
    firefox.viewport(360, 640)
    firefox.goto(link)
    answer = firefox.wait(
        "() => document.querySelector('[data-join-code]')?.textContent.trim()",
        timeout=120,
        what="the guest's answer",
    )
    accept(host, "E", str(answer))
    assert firefox.wait(DRAWN, timeout=60, what="the guest's table") == "guest"
    tiles = firefox.js("() => document.querySelectorAll('[data-hand=\"E\"] [data-tile]').length")
    assert tiles == 8
    host.close_panel("table")
    before = int(firefox.js("() => Number(document.body.dataset.moves || 0)"))
    firefox.wait(  # the host's or the computer's moves reach Firefox
        "(n) => Number(document.body.dataset.moves || 0) > n || "
        "document.body.dataset.toMove === 'E'",
        before,
        timeout=60,
        what="a move pushed",
    )
    assert firefox.errors() == []


def test_webkit_says_when_it_cannot_connect(table_ns: Namespace, peers: Browsers) -> None:
    if not all(shutil.which(p) or p == MINIBROWSER for p in (WEBKIT_DRIVER, XVFB)):
        pytest.skip("WebKitGTK's driver and Xvfb are needed")
    table = open_host(peers)
    open_pairing(table.host)
    code, _ = offer(table.host, "E")
    with inside(table_ns), contextlib.ExitStack() as stack:
        webkit = start("webkit", stack, artifact("table-webkit.log"))
        webkit.goto(peers.base_url + "#join=" + code)
        can = webkit.js("() => typeof RTCPeerConnection === 'function'")
        said = webkit.wait(
            "() => document.querySelector('[data-join-code], [data-dialog=\"join\"] [role=alert]')"
            "?.textContent.trim()",
            timeout=180,
            what="the join dialog",
        )
        if not can:  # WebKitGTK as Debian ships it: no WebRTC
            assert "cannot connect devices directly" in str(said)
            assert webkit.js("() => !!document.querySelector('[data-join-input]')")
        print(f"\n  WebKitGTK RTCPeerConnection: {can}; the page says: {said}")
