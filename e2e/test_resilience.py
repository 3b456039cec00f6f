"""Issue 3's failure cases through the page: play offline once the service worker has the
files, and a computer player's worker that crashes or stops answering is replaced while the
game goes on."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Route

from tools.serve import serve

from .browsers import SITE, Browsers, preseed, release_of
from .game import WORKER_MS, Game
from .positions import seed_where
from .shown import check_against_save, english

FAST = {"speed": "fast"}


def test_offline_play_once_the_service_worker_has_the_files(browsers: Browsers) -> None:
    """Load once from a server of this test's own, wait until the service worker controls
    the page, stop the server and take the browser offline: a reload still starts the game
    and the computer's worker still answers."""
    context, guard = browsers.context(service_workers="allow")
    with serve(SITE) as url:
        game = Game(context.new_page(), guard, url).open()
        game.page.wait_for_function(
            "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null",
            timeout=WORKER_MS,
        )
        # the worker activates only after precaching every file of the release
        cached = game.page.evaluate(
            """async () => { const keys = await caches.keys();
                 const mine = keys.filter(k => k.startsWith('longana-'));
                 if (mine.length !== 1) return -1;
                 return (await (await caches.open(mine[0])).keys()).length; }"""
        )
        assert cached > 10, f"the service worker's cache holds {cached} files"
    # the server is gone ...
    with pytest.raises((urllib.error.URLError, ConnectionError)):
        urllib.request.urlopen(url + "index.html", timeout=5)
    # ... and the browser is offline
    context.set_offline(True)
    requests_before = len(guard.requests)
    responses: list[tuple[str, bool]] = []
    context.on("response", lambda r: responses.append((r.url, r.from_service_worker)))
    game.reload()
    assert game.page.evaluate("() => document.body.dataset.ready") == "true"
    assert game.mark("longana:interactive") is not None
    assert game.wait_worker() > 0, "the computer's worker did not answer offline"
    assert game.page.evaluate("() => navigator.onLine") is False
    assert len(guard.requests) > requests_before  # the page did ask ...
    # ... and every answer came from the service worker (not the HTTP cache, not a server)
    answered = [(u, sw) for u, sw in responses if u.startswith("http")]
    others = [u for u, sw in answered if not sw]
    assert not others, f"answered without the service worker: {others}"
    names = {u.rsplit("/", 1)[-1] for u, _ in answered}
    assert {"", "pyodide.asm.wasm", "python_stdlib.zip", "app.zip"} <= names, names
    state = game.state()
    assert state["ready"] == "true" and sorted(state["hands"]) == ["E", "N", "S", "W"]


# Stand-ins for ui/game-worker.mjs: each starts (saying the site's release, as the real one
# does), then crashes (an uncaught error) or never answers on the first intent it gets.
RELEASE = json.dumps(release_of(SITE))
READY = f"self.postMessage({{ ready: true, release: {RELEASE}, engine: {RELEASE} }});"
CRASHING = (
    READY
    + """
self.onmessage = () => { throw new Error("e2e: the game worker crashed on purpose"); };
"""
)
HANGING = (
    READY
    + """
self.onmessage = () => { for (;;) { /* e2e: the game worker never answers */ } };
"""
)


@pytest.mark.parametrize("failure", ["crash", "hang"])
def test_a_failing_computer_worker_is_restarted_and_the_game_goes_on(
    browsers: Browsers, failure: str
) -> None:
    """The first worker's script is replaced (through the browser's routing) by one that
    crashes, or hangs, on its first move. The page shows its notice, starts a new worker
    (served the real script) and the game goes on: South gets its turn, plays, and the
    computers answer again."""
    seed = seed_where(lambda m: m.hand.opener != 0)  # the computer moves first
    context, guard = browsers.context()
    # No console error is allowed here either: the page catches the worker's exception
    # (or gives up waiting), warns on the console and shows its notice.
    served: list[str] = []

    def worker_script(route: Route, _request: Any) -> None:
        served.append("fake" if not served else "real")
        if len(served) == 1:
            route.fulfill(
                status=200,
                body=CRASHING if failure == "crash" else HANGING,
                headers={
                    "content-type": "text/javascript; charset=utf-8",
                    "cache-control": "no-store",
                },
            )
        else:
            route.continue_()

    context.route("**/ui/game-worker.mjs", worker_script)
    preseed(context, settings=FAST)
    game = Game(context.new_page(), guard, browsers.base_url).open(f"?deal={seed}")
    notice = english()["notice"]["worker_restarted"]
    game.page.locator(".toast", has_text=notice).first.wait_for(timeout=WORKER_MS)
    assert game.wait_turn("S", timeout=WORKER_MS) == "turn"
    assert served[:2] == ["fake", "real"], f"worker scripts served: {served}"
    check_against_save(game.state())
    moves = game.moves_made()
    game.play_turn("S")
    assert game.wait_turn("S") in ("turn", "hand-end", "match-end")
    assert game.moves_made() > moves + 1, "the computers did not answer South's move"
    check_against_save(game.state())
