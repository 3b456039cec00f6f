"""The game worker's life (issues 21 and 22): an intent that kills the worker is not sent again
to its replacement; a worker whose files cannot be fetched is said within seconds, with the
table on screen and the move refused, not lost; the worker beats while it starts (a slow engine
is waited for); the loading screen says its steps in every language; Try again after a failed
start starts a new worker, not the page.

How a worker is made to fail, with nothing in the product for it: the browser's request routing
serves, in place of ``ui/game-worker.mjs``, a small module that imports the real one (under
another address) and answers a hint by dying; or aborts the requests for the worker's files;
and a worker is killed while idle by an error thrown inside it (Playwright's worker handle).
"""

from __future__ import annotations

import json
import shutil
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Route

from tools.serve import serve
from ui.i18n import LANGUAGES

from .browsers import SITE, Browsers, preseed
from .game import ACT_MS, FIRST_LOAD_MS, WORKER_MS, Game
from .positions import seed_where
from .shown import check_against_save, english

FAST = {"speed": "fast"}

# In place of ui/game-worker.mjs: the real worker (imported under another address, so that the
# routing passes it), except that a hint kills it: an uncaught error ("crash") or the reply a
# fatal Pyodide error gives ("engine"), or no answer ever ("hang": the page waits 15 s).
POISON = """
import "./game-worker.mjs?real";
const real = self.onmessage;
self.onmessage = (event) => {
  const { id, text } = event.data || {};
  if (text && JSON.parse(text).do === "hint") {
    if (HOW === "crash") throw new Error("e2e: this intent kills the worker");
    if (HOW === "hang") for (;;) { /* e2e: this intent never ends */ }
    self.postMessage({ id, error: "RangeError: Maximum call stack size exceeded (e2e)" });
    return;
  }
  real(event);
};
"""


def is_worker_script(url: str) -> bool:
    return url.split("?")[0].endswith("/ui/game-worker.mjs") and "?real" not in url


def south_opens(seed: Any) -> bool:
    return bool(seed.hand.opener == 0)


@pytest.mark.parametrize("how", ["crash", "engine", "hang"])
def test_an_intent_that_kills_the_worker_is_not_sent_again(browsers: Browsers, how: str) -> None:
    """Every worker dies on a hint. South asks for one: the worker dies, one new worker is
    started and fed the save, the hint is not asked again (no third worker), the page says in
    words that it could not be done, and the game goes on from where it was."""
    context, guard = browsers.context()
    served: list[str] = []

    def worker_script(route: Route, _request: Any) -> None:
        served.append(route.request.url)
        body = POISON.replace("HOW", repr(how))
        headers = {"content-type": "text/javascript; charset=utf-8", "cache-control": "no-store"}
        route.fulfill(status=200, body=body, headers=headers)

    context.route(is_worker_script, worker_script)
    preseed(context, settings=FAST)
    game = Game(context.new_page(), guard, browsers.base_url)
    game.open(f"?deal={seed_where(south_opens)}")
    assert game.wait_turn("S", timeout=WORKER_MS) == "turn"
    before, moves = game.raw_save(), game.moves_made()
    game.action("hint").click()
    notice = game.page.locator('[data-notice="action-lost"]')
    notice.wait_for(timeout=WORKER_MS)
    assert notice.inner_text().strip() == english()["notice"]["action_lost"]
    game.page.set_viewport_size({"width": 360, "height": 640})
    game.screenshot(f"worker-life-lost-{how}-360")
    game.page.set_viewport_size({"width": 1366, "height": 768})
    assert game.page.locator('[data-dialog="error"]').count() == 0
    assert game.page.locator('[data-notice="worker-restarted"]').count() == 0
    assert game.wait_turn("S", timeout=WORKER_MS) == "turn"
    assert game.raw_save() == before and game.moves_made() == moves, "the game changed"
    game.play_turn("S")
    assert game.wait_turn("S") in ("turn", "hand-end", "match-end")
    assert game.moves_made() > moves + 1, "the computers did not answer South's move"
    check_against_save(game.state())
    assert len(served) == 2, f"workers started: {len(served)} (the hint was sent again?)"


def kill_idle_worker(game: Game) -> None:
    """The running worker dies by an error thrown in it (no call is waiting on it)."""
    worker = game.page.workers[-1]
    worker.evaluate("setTimeout(() => { throw new Error('e2e: the worker is gone'); }, 0)")


def refuse(route: Route) -> None:
    route.abort()


def portal(route: Route) -> None:
    """A captive portal's page where the WebAssembly should be."""
    route.fulfill(status=200, body="<html>Sign in to the Wi-Fi</html>", content_type="text/html")


@pytest.mark.parametrize(
    ("files", "answer"),
    [
        ("**/ui/game-worker.mjs", refuse),
        ("**/vendor/pyodide/pyodide.asm.wasm", refuse),
        ("**/vendor/pyodide/pyodide.asm.wasm", portal),
    ],
    ids=["worker-script", "wasm", "wasm-portal"],
)
def test_a_worker_whose_files_cannot_be_reached_is_said(
    browsers: Browsers, files: str, answer: Any
) -> None:
    """The game is on screen; then the worker's script or Pyodide's WebAssembly cannot be
    fetched any more (or a portal's page comes in its place) and the worker dies. South's move
    is refused in words (how soon is printed): the table stays, nothing is played or lost. When the
    files can be fetched again, Try again in the notice starts a new worker and the move goes
    through."""
    context, guard = browsers.context()
    guard.allow("Failed to load resource|net::ERR_FAILED")
    preseed(context, settings=FAST)
    game = Game(context.new_page(), guard, browsers.base_url)
    game.open(f"?deal={seed_where(south_opens)}")
    assert game.wait_turn("S", timeout=WORKER_MS) == "turn"
    before, moves = game.raw_save(), game.moves_made()
    context.route(files, answer)
    kill_idle_worker(game)
    game.preview().wait_for(state="visible")
    started = time.monotonic()
    game.action("confirm").click()
    notice = game.page.locator('[data-notice="worker-unreachable"]')
    notice.wait_for(timeout=60_000)
    seconds = time.monotonic() - started
    print(f"\nfiles {files} unreachable: said {seconds:.2f} s after the move")
    assert notice.inner_text().startswith(english()["notice"]["worker_unreachable"])
    assert game.page.locator('[data-dialog="error"]').count() == 0
    assert game.hand("S").locator("[data-tile]").count() > 0, "the table is gone"
    assert game.raw_save() == before and game.moves_made() == moves, "the move was played"
    assert game.page.locator('[data-notice="worker-restarted"]').count() == 0
    game.page.set_viewport_size({"width": 360, "height": 640})
    notice.wait_for()
    game.screenshot("worker-life-unreachable-360")
    game.page.set_viewport_size({"width": 1366, "height": 768})
    context.unroute(files)
    game.action("retry", within=notice).click()
    assert game.wait_turn("S", timeout=WORKER_MS) == "turn"
    game.play_turn("S")
    assert game.wait_turn("S") in ("turn", "hand-end", "match-end")
    assert game.moves_made() > moves + 1, "the game did not go on"
    check_against_save(game.state())


# In place of ui/game-worker.mjs: the real worker, started only when the test says so (a
# message on a BroadcastChannel); what the page sent meanwhile is handed to it then.
HELD = """
const held = [];
self.onmessage = (event) => held.push(event);
new BroadcastChannel("e2e-worker").onmessage = async () => {
  await import("./game-worker.mjs?real");
  for (const event of held) self.onmessage(event);
};
"""


def test_the_table_of_the_last_visit_is_played_while_the_worker_starts(
    browsers: Browsers,
) -> None:
    """A later visit: the saved table can be played at once (data-ready, longana:interactive),
    before the game worker has answered; South's move made then is carried out once it has."""
    context, guard = browsers.context()
    preseed(context, settings=FAST)
    game = Game(context.new_page(), guard, browsers.base_url).open(
        f"?deal={seed_where(south_opens)}"
    )
    assert game.wait_turn("S", timeout=WORKER_MS) == "turn"
    game.play_turn("S")  # the opening (a later turn is chosen by the person alone)
    assert game.wait_turn("S", timeout=WORKER_MS) == "turn"
    before, moves = game.raw_save(), game.moves_made()

    def held(route: Route, _request: Any) -> None:
        headers = {"content-type": "text/javascript; charset=utf-8", "cache-control": "no-store"}
        route.fulfill(status=200, body=HELD, headers=headers)

    context.route(is_worker_script, held)
    game.page.reload(wait_until="commit")
    game.wait_ready()
    assert game.mark("longana:interactive") is not None
    assert game.mark("longana:worker-ready") is None, "the worker was not held"
    prompt = game.page.locator("#prompt").inner_text()
    assert prompt != english()["notice"]["getting_ready"], prompt
    legal = game.legal_for("S")
    if legal:  # the targets the cached frame allows light up, the move is previewed
        game.show_preview(legal[0], legal)
    else:
        game.action("pass").click()
    game.action("confirm").click()
    # the move waits, and says so
    game.page.wait_for_function(
        "(words) => document.querySelector('#msg').textContent === words",
        arg=english()["notice"]["getting_ready"],
        timeout=ACT_MS,
    )
    assert game.raw_save() == before, "a move was made without the worker"
    assert game.mark("longana:worker-ready") is None
    game.page.evaluate('() => new BroadcastChannel("e2e-worker").postMessage("go")')
    game.page.wait_for_function(
        "(n) => (JSON.parse(localStorage.getItem('longana:save') || '{}').log || []).length > n",
        arg=moves,
        timeout=WORKER_MS,
    )
    assert game.wait_turn("S", timeout=WORKER_MS) in ("turn", "hand-end", "match-end")
    check_against_save(game.state())


def test_over_the_table_of_the_last_visit_a_worker_that_cannot_start_is_said(
    browsers: Browsers,
) -> None:
    """A later visit shows the saved table at once; Pyodide's WebAssembly cannot be fetched:
    the notice says so over the table (no failure box, nothing played), and its Try again
    starts a new worker once the file can be fetched again."""
    context, guard = browsers.context()
    guard.allow("Failed to load resource|net::ERR_FAILED")
    preseed(context, settings=FAST)
    query = f"?deal={seed_where(south_opens)}"
    game = Game(context.new_page(), guard, browsers.base_url).open(query)
    assert game.wait_turn("S", timeout=WORKER_MS) == "turn"
    before = game.raw_save()
    files = "**/vendor/pyodide/pyodide.asm.wasm"
    context.route(files, refuse)
    started = time.monotonic()
    game.page.reload(wait_until="commit")
    notice = game.page.locator('[data-notice="worker-unreachable"]')
    notice.wait_for(timeout=FIRST_LOAD_MS)
    print(f"\nover the cached table: said {time.monotonic() - started:.2f} s after the reload")
    assert game.hand("S").locator("[data-tile]").count() > 0, "the cached table is not shown"
    assert game.page.evaluate("() => document.body.dataset.ready") != "true"
    assert game.page.locator("#boot-fail:not([hidden])").count() == 0
    assert game.raw_save() == before
    context.unroute(files)
    game.action("retry", within=notice).click()
    game.wait_ready()
    assert game.wait_turn("S", timeout=WORKER_MS) == "turn"
    game.play_turn("S")
    check_against_save(game.state())


def test_the_worker_beats_while_it_starts(browsers: Browsers) -> None:
    """The worker's heartbeat reaches the page while Pyodide loads and compiles: the longest
    wait for a sign of life during the start (``longana:worker:silence``) stays far below the
    60 s after which a silent worker is given up."""
    context, guard = browsers.context()
    game = Game(context.new_page(), guard, browsers.base_url).open()
    silence = game.page.evaluate(
        "() => performance.getEntriesByName('longana:worker:silence')[0].detail.ms"
    )
    started = game.mark("longana:worker-ready")
    print(f"\nlongest wait for a sign while starting: {silence} ms (worker ready at {started} ms)")
    assert 0 < silence < 30_000, silence  # half the page's limit: never near being given up


# The page gives a silent worker up after SILENT_MS (ui/boot/worker.js: 60 s); the next test
# serves it with SILENT_S instead, so that it waits out the same story in less time.
SILENT_MS = "const SILENT_MS = 60000;"
SILENT_S = 20
# In place of ui/game-worker.mjs: a worker that beats for SLOW_S seconds (a slow engine
# compiling Pyodide), then starts the real one and hands it the intents that came meanwhile.
SLOW_S = SILENT_S + 5  # longer than the page waits for a silent worker
SLOW = """
const early = [];
self.onmessage = (event) => early.push(event);
self.postMessage({ mark: "longana:worker:script", at: performance.timeOrigin + performance.now() });
const beat = setInterval(() => self.postMessage({ beat: true }), 2000);
await new Promise((done) => setTimeout(done, SLOW_MS));
clearInterval(beat);
await import("./game-worker.mjs?real");
for (const event of early) self.onmessage(event);
"""
# ... and one that is stuck: it says it started, then nothing more (no beat, no answer)
STUCK = """
self.postMessage({ mark: "longana:worker:script", at: performance.timeOrigin + performance.now() });
"""
# whether the failure box ever showed
BOX_JS = """window.e2eBox = false;
document.addEventListener('DOMContentLoaded', () => {
  const box = document.getElementById('boot-fail');
  if (box) new MutationObserver(() => { if (!box.hidden) window.e2eBox = true; })
    .observe(box, {attributes: true}); });"""


@pytest.mark.parametrize("worker", ["slow", "stuck"])
def test_a_slow_start_is_waited_for_and_a_stuck_one_is_replaced(
    browsers: Browsers, worker: str
) -> None:
    """The first worker beats for longer than a silent worker is waited for before it starts:
    the game starts from it, with no failure box and no second worker. A first worker that
    goes silent is given up and replaced: the game starts from the second, with no failure
    box. (The page waits SILENT_S here instead of its 60 s: the same story, shorter.)"""
    context, guard = browsers.context()
    context.add_init_script(BOX_JS)
    served: list[str] = []

    def patience(route: Route, _request: Any) -> None:
        script = route.fetch()
        text = script.text()
        assert text.count(SILENT_MS) == 1, f"ui/boot/worker.js no longer says {SILENT_MS}"
        shorter = text.replace(SILENT_MS, f"const SILENT_MS = {SILENT_S * 1000};")
        route.fulfill(response=script, body=shorter)

    def worker_script(route: Route, _request: Any) -> None:
        served.append(route.request.url)
        if len(served) > 1:
            route.continue_()
            return
        body = SLOW.replace("SLOW_MS", str(SLOW_S * 1000)) if worker == "slow" else STUCK
        headers = {"content-type": "text/javascript; charset=utf-8", "cache-control": "no-store"}
        route.fulfill(status=200, body=body, headers=headers)

    context.route(is_worker_script, worker_script)
    context.route("**/ui/boot/worker.js", patience)
    started = time.monotonic()
    game = Game(context.new_page(), guard, browsers.base_url).open(ready=False)
    game.page.wait_for_function(
        "() => document.body && document.body.dataset.ready === 'true'",
        timeout=(SLOW_S + SILENT_S + 60) * 1000,
    )
    seconds = time.monotonic() - started
    print(f"\n{worker} first worker: the game started after {seconds:.1f} s")
    assert game.page.evaluate("() => window.e2eBox") is False, "the failure box showed"
    if worker == "slow":
        assert len(served) == 1 and seconds > SLOW_S, (served, seconds)
    else:  # replaced only once it had been silent for as long as the page waits
        assert len(served) == 2 and seconds > SILENT_S, (served, seconds)
    assert sorted(game.state()["hands"]) == ["E", "N", "S", "W"]


# every text the loading screen shows, from its first moment
BOOT_TEXTS_JS = """window.e2eBootTexts = [];
document.addEventListener('DOMContentLoaded', () => {
  const el = document.getElementById('boot-text');
  if (el) new MutationObserver(() => window.e2eBootTexts.push(el.textContent))
    .observe(el, {childList: true, characterData: true, subtree: true}); });"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_loading_screen_says_its_steps_in_every_language(browsers: Browsers, lang: str) -> None:
    context, guard = browsers.context()
    context.add_init_script(BOOT_TEXTS_JS)
    game = Game(context.new_page(), guard, browsers.base_url).open(f"?lang={lang}")
    texts = [str(t) for t in game.page.evaluate("() => window.e2eBootTexts")]
    boot = json.loads((SITE / "locales" / f"{lang}.json").read_text(encoding="utf-8"))["boot"]
    # Starting Python is soon written over by the download's megabytes on a first visit
    for step in ("step_engine", "step_table"):
        assert boot[step] in texts, f"{lang}: {boot[step]!r} never shown in {texts}"


def retry_counts(
    context: BrowserContext, url: str, sent: Counter[str], wasm: Path
) -> dict[str, Any]:
    """Open the game with Pyodide's WebAssembly missing on the server (no routing, which would
    keep the HTTP cache out); put it back and press Try again in the failure box; what the
    retry fetched."""
    away = wasm.with_name("away.wasm")
    wasm.rename(away)
    page = context.new_page()
    page.goto(url, wait_until="commit", timeout=FIRST_LOAD_MS)
    box = page.locator("#boot-fail")
    box.wait_for(state="visible", timeout=FIRST_LOAD_MS)
    words = english()["boot"]
    assert page.locator("#boot-fail-text").inner_text() == words["failed_files"]
    page.evaluate("() => { window.e2eSamePage = true; }")
    away.rename(wasm)
    before = Counter(sent)
    started = time.monotonic()
    page.locator("#boot-retry").click()
    page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=FIRST_LOAD_MS)
    seconds = time.monotonic() - started
    same = page.evaluate("() => window.e2eSamePage === true")
    again = {path: n - before[path] for path, n in sent.items() if n > before[path]}
    return {"same": same, "again": again, "seconds": seconds, "page": page}


def test_try_again_starts_a_new_worker_and_keeps_the_page(
    browsers: Browsers, tmp_path: Path
) -> None:
    """The first start fails (Pyodide's WebAssembly cannot be fetched): the failure box says
    the files could not be loaded. Try again starts a new worker in the same page (its
    MicroPython and every file fetched are kept): the table shows and takes a move. Prints the
    bytes the retry fetched."""
    context, guard = browsers.context()
    guard.allow("Failed to load resource|404")
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    sent: Counter[str] = Counter()
    with serve(site, sent=sent) as url:
        got = retry_counts(context, url, sent, site / "vendor" / "pyodide" / "pyodide.asm.wasm")
        assert got["same"], "Try again reloaded the page"
        total = sum(got["again"].values())
        print(
            f"\nTry again: ready {got['seconds']:.1f} s after the press; {total / 1e6:.2f} MB "
            f"fetched: {sorted(got['again'].items(), key=lambda kv: -kv[1])[:6]}"
        )
        page_files = [p for p in got["again"] if p.endswith((".py", "micropython.wasm", ".html"))]
        assert not page_files, f"the page's own files were fetched again: {page_files}"
        game = Game(got["page"], guard, url)
        assert sorted(game.state()["hands"]) == ["E", "N", "S", "W"]
        # beside it, what a reload of the page costs (its HTTP cache full by now)
        before = Counter(sent)
        started = time.monotonic()
        game.reload()
        seconds = time.monotonic() - started
        again = sum(n - before[p] for p, n in sent.items())
        print(f"a reload: ready in {seconds:.1f} s, {again / 1e6:.2f} MB fetched")


def test_screens_of_the_failure_box_and_the_notices_at_phone_size(
    browsers: Browsers, tmp_path: Path
) -> None:
    """Screenshots (artifacts/) of the failure box after a failed start, at 360x640."""
    context, guard = browsers.context(viewport={"width": 360, "height": 640})
    guard.allow("Failed to load resource|net::ERR_FAILED")
    context.route("**/vendor/pyodide/pyodide.asm.wasm", lambda route: route.abort())
    page = context.new_page()
    page.goto(browsers.base_url + "?lang=de", wait_until="commit", timeout=FIRST_LOAD_MS)
    page.locator("#boot-fail").wait_for(state="visible", timeout=FIRST_LOAD_MS)
    page.screenshot(path=str(tmp_path / "box.png"))
    Game(page, guard, browsers.base_url).screenshot("worker-life-box-de-360")
    assert page.locator("#boot-retry").is_visible()
    page.locator("#boot-retry").click(timeout=ACT_MS)
    page.locator("#boot-fail").wait_for(state="visible", timeout=FIRST_LOAD_MS)
