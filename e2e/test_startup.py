"""Issue 19: the game worker (ui/game-worker.mjs, a plain Pyodide module worker) starts from a
memory snapshot on a later visit. Checked in Chromium, each test in a profile of its own kept on
disk (as a person's is): a first visit makes the snapshot once the table is on screen and the
page is idle; a later visit restores it, shows the table and takes a move without a cold
Pyodide; a corrupt snapshot, or one of another release, is deleted and the game starts the plain
way with nothing lost and no error on screen; a first visit shows its download in the numbers of
the language shown.

Self-contained (Playwright, tools/serve.py and the engine): only the page's promised attributes
and timing marks are read, plus the snapshot's cache and marks (``longana:worker:*``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, Playwright

from longana import SEAT_NAMES
from longana.device.session import Session
from tools.serve import serve

from .browsers import release_of

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("LONGANA_SITE", ROOT / "_site"))
START_MS = 120_000  # a cold start on two busy cores
SNAPSHOT_MS = 60_000  # the page idle, the snapshot made and stored
TURN_MS = 60_000
CACHE = "longana.snapshot@/"

MARKS_JS = """() => Object.fromEntries(performance.getEntriesByType('mark')
  .filter(m => m.name.startsWith('longana:'))
  .map(m => [m.name, {at: m.startTime, detail: m.detail}]))"""
SNAPSHOTS_JS = """async (name) => (await caches.has(name))
  ? (await (await caches.open(name)).keys()).map(r => new URL(r.url).pathname) : []"""
CORRUPT_JS = """async (name) => { const cache = await caches.open(name);
  const [key] = await cache.keys(); const hit = await cache.match(key);
  const bytes = new Uint8Array(await hit.arrayBuffer());
  bytes[bytes.length >> 1] ^= 0xff;  // one byte of 20 MB: only the digest can tell
  await cache.put(key, new Response(bytes, {headers: hit.headers})); }"""
READY_JS = """() => { if (document.body && document.body.dataset.ready === 'true') return 'ready';
  for (const d of document.querySelectorAll('[data-dialog="error"]'))
    if (d.getClientRects().length) return 'error: ' + d.innerText;
  return null; }"""


@contextmanager
def profile(
    playwright: Playwright, launch: dict[str, Any], folder: Path
) -> Iterator[tuple[BrowserContext, list[str]]]:
    """A browser profile on disk; yields it and the errors it reports (console, page)."""
    context = playwright.chromium.launch_persistent_context(
        str(folder), **launch, service_workers="block", viewport={"width": 1366, "height": 768}
    )
    errors: list[str] = []
    context.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    context.on("weberror", lambda e: errors.append(str(e.error)))
    try:
        yield context, errors
    finally:
        context.close()


def visit(page: Page, url: str) -> dict[str, Any]:
    """Open (or reload) the game; its marks once a move can be made and the worker has
    answered (on a later visit the saved table can be played before that)."""
    page.goto(url, wait_until="commit", timeout=START_MS)
    result = page.wait_for_function(READY_JS, timeout=START_MS).json_value()
    assert result == "ready", f"the page did not start: {result}"
    page.wait_for_function(
        "() => performance.getEntriesByName('longana:worker-ready').length > 0", timeout=START_MS
    )
    return dict(page.evaluate(MARKS_JS))


def wait_snapshot(page: Page) -> dict[str, Any]:
    page.wait_for_function(
        "() => performance.getEntriesByName('longana:worker:snapshot').length > 0",
        timeout=SNAPSHOT_MS,
    )
    return dict(page.evaluate(MARKS_JS))


def saved_log(page: Page) -> list[Any]:
    text = page.evaluate("() => localStorage.getItem('longana:save')")
    return list(json.loads(text)["log"]) if text else []


def play_south(page: Page) -> None:
    """South's move, tapped as a person would (the engine says which are legal); returns once
    the saved game holds it."""
    page.wait_for_function(
        """() => document.body.dataset.toMove === 'S' && document.body.dataset.ready === 'true'
                 && document.querySelector('[data-hand="S"] [data-tile]')""",
        timeout=TURN_MS,
    )
    text = page.evaluate("() => localStorage.getItem('longana:save')")
    session = Session.from_json(text)
    move = session.match.hand.legal_moves()[0]
    before = len(session.log)
    if move.tile is None:  # no tile fits: pass
        page.locator('[data-action="pass"]').click()
    elif move.branch is not None:
        page.locator(f'[data-hand="S"] [data-tile="{move.tile}"]').click()
        page.locator(f'[data-target="{SEAT_NAMES[move.branch]}"]').click()
    else:  # the opening double: previewed in the centre already
        page.locator("[data-preview]").first.wait_for(state="visible")
    page.locator('[data-action="confirm"]').click()
    page.wait_for_function(
        "(n) => (JSON.parse(localStorage.getItem('longana:save') || '{}').log || []).length > n",
        arg=before,
        timeout=TURN_MS,
    )


def test_a_later_visit_restores_the_snapshot_and_takes_a_move(
    playwright: Playwright, browser_type_launch_args: dict[str, Any], tmp_path: Path
) -> None:
    with (
        serve(SITE) as url,
        profile(playwright, browser_type_launch_args, tmp_path) as (
            context,
            errors,
        ),
    ):
        page = context.pages[0] if context.pages else context.new_page()
        first = visit(page, url)
        assert "longana:worker:runtime" in first and "longana:worker:restored" not in first
        made = wait_snapshot(page)
        # made once the table was on screen, under this release's and Pyodide's name
        assert made["longana:worker:snapshot"]["at"] > made["longana:interactive"]["at"]
        assert made["longana:worker:snapshot"]["detail"]["bytes"] > 10_000_000
        keys = page.evaluate(SNAPSHOTS_JS, CACHE)
        assert len(keys) == 1 and re.fullmatch(
            rf"/snapshot/{release_of(SITE)}/pyodide-\d+\.\d+\.\d+", keys[0]
        ), keys
        log = saved_log(page)

        later = visit(page, url)
        assert "longana:worker:restored" in later, f"not restored: {sorted(later)}"
        assert "longana:worker:runtime" not in later, "a cold Pyodide was started as well"
        # the saved table is played at once: as soon as shown, before the worker has answered
        # (an order, not a clock: a busy machine may stretch the time between)
        shown, interactive = later["longana:shown"]["at"], later["longana:interactive"]["at"]
        assert shown <= interactive < later["longana:worker-ready"]["at"], later
        assert saved_log(page)[: len(log)] == log
        play_south(page)
        print(
            "\nlongana:interactive: first visit "
            f"{first['longana:interactive']['at']:.0f} ms, later visit "
            f"{later['longana:interactive']['at']:.0f} ms (restored at "
            f"{later['longana:worker:restored']['at']:.0f} ms; playable "
            f"{interactive - shown:.0f} ms after shown)"
        )
    assert not errors, errors


def test_a_corrupt_snapshot_is_dropped_and_the_game_starts_the_plain_way(
    playwright: Playwright, browser_type_launch_args: dict[str, Any], tmp_path: Path
) -> None:
    with (
        serve(SITE) as url,
        profile(playwright, browser_type_launch_args, tmp_path) as (
            context,
            errors,
        ),
    ):
        page = context.pages[0] if context.pages else context.new_page()
        visit(page, url)
        wait_snapshot(page)
        play_south(page)
        log = saved_log(page)
        page.evaluate(CORRUPT_JS, CACHE)

        marks = visit(page, url)
        dropped = marks.get("longana:worker:snapshot-dropped")
        assert dropped and dropped["detail"]["why"] == "digest", sorted(marks)
        assert "longana:worker:restored" not in marks and "longana:worker:runtime" in marks
        assert saved_log(page)[: len(log)] == log, "the game was lost"
        assert page.locator('[data-dialog="error"]:visible').count() == 0
        play_south(page)
        # a good one is made again, and the next visit restores it
        wait_snapshot(page)
        assert "longana:worker:restored" in visit(page, url)
    assert not errors, errors


# The snapshot kept cut in half, with a digest that matches what is left (a broken device, or a
# disk that lost the file's end), kept as the worker keeps it (inflated first and gzipped again
# if it is gzipped), so only Pyodide can tell: its WebAssembly memory does not link. Returns the
# new digest. (tools/worker_check.mjs also cuts the gzipped bytes themselves.)
CUT_JS = """async (name) => {
  const cache = await caches.open(name);
  const [key] = await cache.keys();
  const hit = await cache.match(key);
  const gzip = hit.headers.get('x-encoding') === 'gzip';
  const through = async (bytes, stream) => new Uint8Array(
    await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
  let bytes = new Uint8Array(await hit.arrayBuffer());
  if (gzip) bytes = await through(bytes, new DecompressionStream('gzip'));
  bytes = bytes.slice(0, bytes.length >> 1);
  if (gzip) bytes = await through(bytes, new CompressionStream('gzip'));
  const sha = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)),
    (b) => b.toString(16).padStart(2, '0')).join('');
  const headers = new Headers(hit.headers);
  headers.set('x-sha256', sha);
  await cache.put(key, new Response(bytes, {headers}));
  return sha; }"""
DIGESTS_JS = """async (name) => { const cache = await caches.open(name);
  return Promise.all((await cache.keys()).map(
    async (key) => (await cache.match(key)).headers.get('x-sha256'))); }"""


def test_a_snapshot_cut_short_is_dropped_and_the_game_starts_the_slow_way(
    playwright: Playwright, browser_type_launch_args: dict[str, Any], tmp_path: Path
) -> None:
    """Issue 30: a snapshot that matches its digest but is cut short (Pyodide's WebAssembly
    does not link) never blocks the worker: it is deleted, the loading screen says the game
    starts the slow way (never that its files cannot be reached), the game starts and nothing
    is lost."""
    words = json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))["boot"]
    with (
        serve(SITE) as url,
        profile(playwright, browser_type_launch_args, tmp_path) as (context, errors),
    ):
        context.add_init_script(BOOT_TEXTS_JS)
        page = context.pages[0] if context.pages else context.new_page()
        visit(page, url)
        wait_snapshot(page)
        play_south(page)
        log = saved_log(page)
        cut = page.evaluate(CUT_JS, CACHE)
        # no cached table: the loading screen is up while the worker starts, and says how
        page.evaluate("() => localStorage.removeItem('longana:frame')")

        marks = visit(page, url)
        dropped = marks.get("longana:worker:snapshot-dropped")
        assert dropped, sorted(marks)
        assert dropped["detail"]["why"].startswith("restore: Error: WebAssembly"), dropped
        assert "longana:worker:restored" not in marks and "longana:worker:runtime" in marks
        assert cut not in page.evaluate(DIGESTS_JS, CACHE), "the snapshot cut short was kept"
        texts = [str(t) for t in page.evaluate("() => window.e2eBootTexts")]
        assert words["step_slow"] in texts, texts
        assert words["failed_files"] not in texts
        assert page.locator('[data-dialog="error"]:visible').count() == 0
        assert page.locator('[data-notice="worker-unreachable"]').count() == 0
        assert saved_log(page)[: len(log)] == log, "the game was lost"
        play_south(page)
    assert not errors, errors


def test_a_new_release_never_restores_the_old_snapshot(
    playwright: Playwright, browser_type_launch_args: dict[str, Any], tmp_path: Path
) -> None:
    """Release 1 makes its snapshot; release 2 (the same files but for the game worker's
    release, as tools/build_site.py would give it) is copied over it: the next visit deletes
    release 1's snapshot, starts the plain way and makes release 2's."""
    served = tmp_path / "served"
    shutil.copytree(SITE, served)
    one = release_of(served)
    two = one[:8] + "e2e00002"
    with (
        serve(served) as url,
        profile(playwright, browser_type_launch_args, tmp_path / "p") as (
            context,
            errors,
        ),
    ):
        page = context.pages[0] if context.pages else context.new_page()
        visit(page, url)
        wait_snapshot(page)
        assert [k.split("/")[2] for k in page.evaluate(SNAPSHOTS_JS, CACHE)] == [one]

        worker = served / "ui" / "game-worker.mjs"
        worker.write_text(
            worker.read_text(encoding="utf-8").replace(f'"{one}"', f'"{two}"'), encoding="utf-8"
        )
        marks = visit(page, url)
        dropped = marks.get("longana:worker:snapshot-dropped")
        assert dropped and dropped["detail"]["why"] == "another release", sorted(marks)
        assert "longana:worker:restored" not in marks and "longana:worker:runtime" in marks
        wait_snapshot(page)
        assert [k.split("/")[2] for k in page.evaluate(SNAPSHOTS_JS, CACHE)] == [two]
    assert not errors, errors


# every text the loading screen shows, from its first moment
BOOT_TEXTS_JS = """window.e2eBootTexts = [];
document.addEventListener('DOMContentLoaded', () => {
  const el = document.getElementById('boot-text');
  if (el) new MutationObserver(() => window.e2eBootTexts.push(el.textContent))
    .observe(el, {childList: true, characterData: true, subtree: true}); });"""


def test_a_first_visit_shows_its_download_in_the_numbers_of_its_language(
    playwright: Playwright, browser_type_launch_args: dict[str, Any], tmp_path: Path
) -> None:
    """German writes a decimal comma: the progress reads "1,2 von 4,5 MB", never "1.2"."""
    with (
        serve(SITE) as url,
        profile(playwright, browser_type_launch_args, tmp_path) as (
            context,
            errors,
        ),
    ):
        context.add_init_script(BOOT_TEXTS_JS)
        page = context.pages[0] if context.pages else context.new_page()
        visit(page, url + "?lang=de")
        texts = [str(t) for t in page.evaluate("() => window.e2eBootTexts")]
        progress = [t for t in texts if " MB" in t]
        assert progress, f"no download progress was shown: {texts}"
        assert all(re.search(r"\d+,\d (von|of) \d+,\d MB", t) for t in progress), progress
        total = {re.findall(r"[\d,]+", t)[-1] for t in progress}
        assert len(total) == 1, total  # one total from the first byte on
    assert not errors, errors
