"""Issue 11, "How it is checked": a new release reaches an open tab (announced, never applied by
itself) and reloading into it keeps the game; two copies on one origin keep separate games and
caches and both load offline; tabs of one copy follow each other and never lose a move; a first
visit downloads each file about once (server-side byte count).

The service worker is allowed here (the other e2e files block it), and every test that needs
one serves its own folder, so that it can swap releases or stop the server.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Playwright, Route
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tools.serve import serve, wire_size

from .browsers import SITE, Browsers, preseed
from .game import ACT_MS, WORKER_MS, Game
from .guard import Guard
from .offline import (
    CSS_MARK,
    cache_names,
    cache_sizes,
    make_release_two,
    notices,
    saved,
    storage_keys,
    sw_version,
    wait_controlled,
    wait_position,
)
from .positions import seed_where
from .shown import english

FAST = {"speed": "fast"}


# -- a new release in an open tab -----------------------------------------------------------------


def test_a_new_release_is_announced_and_reloading_into_it_keeps_the_game(
    browsers: Browsers, tmp_path: Path
) -> None:
    """Release 1 is served and controls the page; South moves; release 2 is copied over it.
    The page's update check finds it, the `update` notice appears (the page does not reload
    by itself and keeps serving release 1's files meanwhile); its reload button brings
    release 2 in, with the same game on the table."""
    served = tmp_path / "served"
    shutil.copytree(SITE, served)
    version1 = sw_version(served)
    version2 = make_release_two(SITE, tmp_path / "release2")
    seed = seed_where(lambda m: m.hand.opener == 0)  # South opens: a move of its own at once
    context, guard = browsers.context(service_workers="allow")
    preseed(context, settings=FAST)
    with serve(served) as url:
        game = Game(context.new_page(), guard, url).open(f"?deal={seed}")
        wait_controlled(game.page)
        assert cache_names(game.page) == [f"longana-/@{version1}"]
        assert game.wait_turn("S") == "turn"
        game.play_turn("S")
        assert game.wait_turn("S") == "turn"
        save = game.save()
        assert save is not None and len(save["log"]) >= 2, save
        log, before = save["log"], game.position()
        game.page.evaluate("() => { window.e2eRelease1 = true; }")

        shutil.copytree(tmp_path / "release2", served, dirs_exist_ok=True)  # the new release
        game.page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.update())")
        notice = game.page.locator('[data-notice="update"]')
        notice.wait_for(timeout=WORKER_MS)
        assert english()["boot"]["update"] in notice.inner_text()
        # announced, not applied: same document, same game, release 1's files still served
        assert game.page.evaluate("() => window.e2eRelease1 === true"), "the page reloaded"
        assert game.save() == save and game.position() == before
        css = game.page.evaluate("() => fetch('./ui/style.css').then(r => r.text())")
        assert CSS_MARK not in css, "release 2's files reached the page before it reloaded"
        assert game.page.evaluate(
            "() => navigator.serviceWorker.getRegistration().then(r => !!r.waiting)"
        )

        with game.page.expect_navigation(wait_until="commit", timeout=WORKER_MS):
            notice.locator('[data-action="reload"]').click(timeout=ACT_MS)
        game.wait_ready()
        assert game.page.evaluate("() => window.e2eRelease1 === undefined")
        # the same game ...
        after = game.save()
        assert after is not None and after["log"] == log, (log, after)
        assert game.wait_turn("S") == "turn"
        assert game.position() == before
        # ... under release 2: its cache alone (release 1's deleted), its files served
        wait_controlled(game.page)
        assert cache_names(game.page) == [f"longana-/@{version2}"]
        css = game.page.evaluate("() => fetch('./ui/style.css').then(r => r.text())")
        assert CSS_MARK in css, "the page is not served release 2"
        assert "update" not in notices(game.page)
    guard.check()


# -- two copies on one origin ---------------------------------------------------------------------


def test_two_copies_on_one_origin_keep_separate_games_and_both_load_offline(
    browsers: Browsers, tmp_path: Path
) -> None:
    """`/a/` and `/b/` are two copies of the site: opening `/b/` after a move in `/a/` starts
    its own game under its own keys, each copy's service worker keeps its own cache, and with
    the server stopped and the browser offline both reload into their own games."""
    root = tmp_path / "copies"
    for name in ("a", "b"):
        shutil.copytree(SITE, root / name)
    seed = seed_where(lambda m: m.hand.opener == 0)
    context, guard = browsers.context(service_workers="allow")
    context.add_init_script(  # fast computers in both copies (each reads its own settings)
        "if (location.protocol.startsWith('http'))"
        " for (const key of ['longana:settings@/a/', 'longana:settings@/b/'])"
        " if (localStorage.getItem(key) === null)"
        f" localStorage.setItem(key, {json.dumps(json.dumps(FAST))});"
    )
    with serve(root) as url:
        a = Game(context.new_page(), guard, url + "a/").open(f"?deal={seed}")
        assert a.wait_turn("S") == "turn"
        a.play_turn("S")
        assert a.wait_turn("S") == "turn"
        save_a = saved(a.page, "longana:save@/a/")
        assert save_a is not None and save_a["deal"] == seed and len(save_a["log"]) >= 2
        wait_controlled(a.page)

        b = Game(context.new_page(), guard, url + "b/").open()
        assert b.wait_turn("S") == "turn"
        save_b = saved(b.page, "longana:save@/b/")
        assert save_b is not None, storage_keys(b.page)
        assert save_b["deal"] != seed and save_b["log"][: len(save_a["log"])] != save_a["log"], (
            "/b/ resumed the game of /a/"
        )
        keys = storage_keys(b.page)
        assert "longana:save@/a/" in keys and "longana:save@/b/" in keys, keys
        assert "longana:save" not in keys and "longana:frame" not in keys, keys
        assert saved(b.page, "longana:save@/a/") == save_a, "/b/ changed the save of /a/"
        wait_controlled(b.page)
        names = cache_names(b.page)
        assert (
            len(names) == 2 and any("/a/" in n for n in names) and any("/b/" in n for n in names)
        ), names
        sizes = cache_sizes(b.page)
        assert all(sizes[n] > 10 for n in names), sizes
        tables = {"a": a.position(), "b": b.position()}
        assert tables["a"] != tables["b"]
        save_b = saved(b.page, "longana:save@/b/")
        assert save_b is not None
        logs = {"a": save_a["log"], "b": save_b["log"]}
    # the server is gone and the browser offline: both copies still start, each its own game
    context.set_offline(True)
    for name, game in (("a", a), ("b", b)):
        game.reload()
        assert game.wait_turn("S") == "turn"
        assert game.position() == tables[name], f"/{name}/ offline"
        again = saved(game.page, f"longana:save@/{name}/")
        assert again is not None and again["log"] == logs[name], f"/{name}/ offline"
    assert cache_names(a.page) == names
    guard.check()


# -- two tabs of one copy -------------------------------------------------------------------------

WATCH_JS = """() => { window.e2eNotices = [];
  new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes)
    if (n.nodeType === 1) for (const el of [n, ...n.querySelectorAll('[data-notice]')])
      if (el.dataset && el.dataset.notice) window.e2eNotices.push(el.dataset.notice); })
  .observe(document.body, {childList: true, subtree: true}); }"""


def seen(page: Page) -> list[str]:
    """The notices shown since :data:`WATCH_JS` was run in the page."""
    return list(page.evaluate("() => window.e2eNotices"))


def test_tabs_of_one_copy_follow_each_other_and_never_lose_a_move(browsers: Browsers) -> None:
    """A move in tab A shows in tab B (with or without the `other-tab` notice) and B's next
    move keeps it; a tab that missed a move (its storage events stopped) and moves on its old
    table overwrites nothing: it says `other-tab` and shows the newer game; a tab opened later
    has every move."""
    seed = seed_where(lambda m: m.hand.opener == 0)
    tab_a = browsers.game(f"?deal={seed}", settings=FAST)
    context, guard = tab_a.page.context, tab_a.guard
    assert tab_a.wait_turn("S") == "turn"
    page_b = context.new_page()
    # with window.e2eDeaf set, tab B hears no storage event (this listener comes first)
    page_b.add_init_script(
        "addEventListener('storage', (e) => {"
        " if (window.e2eDeaf) e.stopImmediatePropagation(); }, true);"
    )
    tab_b = Game(page_b, guard, browsers.base_url).open()
    assert tab_b.wait_turn("S") == "turn"
    assert tab_b.position() == tab_a.position()
    for tab in (tab_a, tab_b):
        tab.page.evaluate(WATCH_JS)

    # A moves: B follows
    tab_a.play_turn("S")
    assert tab_a.wait_turn("S") == "turn"
    first = tab_a.save()
    assert first is not None and len(first["log"]) >= 2
    wait_position(tab_b, tab_a.position())
    print(f"\ntab B after A's move: notices {seen(tab_b.page)}")

    # B moves after it (B is not stale: A's move stays) and A follows
    assert tab_b.wait_turn("S") == "turn"
    tab_b.play_turn("S")
    assert tab_b.wait_turn("S") == "turn"
    second = tab_b.save()
    assert second is not None and second["log"][: len(first["log"])] == first["log"], (
        "tab B's move lost tab A's"
    )
    assert len(second["log"]) > len(first["log"])
    wait_position(tab_a, tab_b.position())
    # both tabs are in view, so both play the computer seats: the save the tabs share may have
    # grown by a computer's move meanwhile, never lost one
    now = tab_a.save()
    assert now is not None and now["log"][: len(second["log"])] == second["log"], (
        "tab A lost tab B's move"
    )
    print(f"tab A after B's move: notices {seen(tab_a.page)}")

    # B misses A's next move and plays another tile on its old table: it must not
    # overwrite A's newer game, and says so
    for _ in range(8):  # a turn where South has two plays (A takes one, B the other)
        legal = tab_a.legal_for("S")
        if len(legal) >= 2:
            break
        tab_a.play_turn("S")
        assert tab_a.wait_turn("S") == "turn"
        wait_position(tab_b, tab_a.position())
    else:
        raise AssertionError("South never had two plays")
    tab_b.page.evaluate("() => { window.e2eDeaf = true; }")
    stale, told = tab_b.position(), seen(tab_b.page).count("other-tab")
    tab_a.play_turn("S", choose=lambda ms: ms[0])
    assert tab_a.wait_turn("S") == "turn"
    newer, shown = tab_a.save(), tab_a.position()
    assert newer is not None
    assert tab_b.position() == stale, "tab B followed although its storage events were stopped"
    tab_b.show_preview(legal[1], legal, "S")
    tab_b.action("confirm").click()
    try:
        tab_b.page.wait_for_function(
            "(n) => window.e2eNotices.filter(x => x === 'other-tab').length > n",
            arg=told,
            timeout=2 * ACT_MS,
        )
    except PlaywrightTimeoutError:
        overwritten = tab_b.save() != newer
        raise AssertionError(
            "the stale tab said nothing (no other-tab notice); the newer "
            f"game {'was overwritten' if overwritten else 'is kept'}"
        ) from None
    wait_position(tab_b, shown)
    assert tab_b.save() == newer, "the stale tab overwrote the newer game"
    assert tab_a.position() == shown

    tab_c = Game(context.new_page(), guard, browsers.base_url).open()
    assert tab_c.wait_turn("S") == "turn"
    third = tab_c.save()
    assert third is not None and third["log"] == newer["log"]
    assert tab_c.position() == tab_a.position() == tab_b.position()


def test_a_move_made_while_another_tab_starts_is_kept(browsers: Browsers) -> None:
    """Tab C is opening (it has read the save and shown the last table; its game worker is
    held back) while South moves in tab A: once C is ready, the save still has A's move, C
    shows it, and A has not lost it."""
    seed = seed_where(lambda m: m.hand.opener == 0)
    tab_a = browsers.game(f"?deal={seed}", settings=FAST)
    context, guard = tab_a.page.context, tab_a.guard
    assert tab_a.wait_turn("S") == "turn"
    tab_a.play_turn("S")
    assert tab_a.wait_turn("S") == "turn"
    held: list[Route] = []

    def hold(route: Route) -> None:  # answered once A has moved
        held.append(route)

    context.route("**/ui/game-worker.mjs", hold)
    with context.expect_event(
        "request", lambda request: request.url.endswith("/ui/game-worker.mjs"), timeout=WORKER_MS
    ):
        tab_c = Game(context.new_page(), guard, browsers.base_url).open(ready=False)
    tab_c.page.wait_for_function(  # C has read the save (and shows the table it holds)
        "() => performance.getEntriesByName('longana:shown').length > 0", timeout=WORKER_MS
    )
    assert held, "tab C never asked for its game worker"
    tab_a.play_turn("S")
    assert tab_a.wait_turn("S") == "turn"
    newer, shown = tab_a.save(), tab_a.position()
    assert newer is not None
    context.unroute("**/ui/game-worker.mjs")
    for route in held:
        route.fallback()
    tab_c.wait_ready()
    stored = tab_c.save()
    assert stored == newer, (
        f"the tab that started wrote its older game ({len(stored['log']) if stored else None} "
        f"actions) over the newer one ({len(newer['log'])} actions)"
    )
    assert tab_c.wait_turn("S") == "turn"
    wait_position(tab_c, shown)
    assert tab_a.position() == shown, "tab A lost its move to the tab that started"


# -- a first visit's bytes ------------------------------------------------------------------------


def test_a_first_visit_downloads_each_file_about_once(
    playwright: Playwright, browser_type_launch_args: dict[str, Any], tmp_path: Path
) -> None:
    """A first visit in a new persistent profile (an ordinary Playwright context's memory
    cache keeps no file as large as Pyodide's wasm), until the service worker controls the
    page: the server sends at most 1.1x what one download of each distinct file asked for
    costs (tools/serve.py compresses: a file fetched twice would show)."""
    sent: Counter[str] = Counter()
    with serve(SITE, sent=sent) as url:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"),
            **browser_type_launch_args,
            service_workers="allow",
            viewport={"width": 1366, "height": 768},
        )
        guard = Guard(context, "first visit")
        try:
            page = context.pages[0] if context.pages else context.new_page()
            Game(page, guard, url).open()
            wait_controlled(page)
            counted = Counter(sent)
        finally:
            context.close()
    guard.check()

    def file_of(path: str) -> Path:
        return SITE / (path.lstrip("/") + ("index.html" if path.endswith("/") else ""))

    files = {file_of(p) for p in counted}
    assert all(f.is_file() for f in files), sorted(str(f) for f in files if not f.is_file())
    need = sum(wire_size(f) for f in files)
    total = sum(counted.values())
    twice = {p: n for p, n in counted.items() if n > wire_size(file_of(p))}
    print(
        f"\nfirst visit: {total / 1e6:.2f} MB sent for {need / 1e6:.2f} MB (on the wire) of "
        f"{len(files)} files ({total / need:.3f}x); sent more than once: "
        + (", ".join(f"{p} {n / 1e6:.2f} MB" for p, n in sorted(twice.items())) or "none")
    )
    assert total <= 1.1 * need, f"{total} bytes sent for {need} bytes of files: {twice}"


# -- a new page over an old release's worker files (issue 37) -------------------------------------

OLD = "0ldrelease000000"  # the release the worker's files say they are


def old_worker_files(site: Path) -> dict[str, str]:
    """The game worker and its engine as an older release's would be: the same program, its
    release another (base64 of each file's bytes, by its path)."""
    import base64
    import io
    import re
    import zipfile

    worker = (site / "ui" / "game-worker.mjs").read_text(encoding="utf-8")
    worker = re.sub(r'const RELEASE = "\w+";', f'const RELEASE = "{OLD}";', worker)
    packed = io.BytesIO()
    with zipfile.ZipFile(site / "app.zip") as old, zipfile.ZipFile(packed, "w") as new:
        for info in old.infolist():
            data = old.read(info)
            new.writestr(
                info, f"{OLD}\n".encode() if info.filename.endswith("release.txt") else data
            )
    return {
        "ui/game-worker.mjs": base64.b64encode(worker.encode()).decode(),
        "app.zip": base64.b64encode(packed.getvalue()).decode(),
    }


HALF_ARRIVED = """async (files) => {
  const key = (await caches.keys()).find((k) => k.startsWith('longana-'));
  const cache = await caches.open(key);
  for (const [name, b64] of Object.entries(files)) {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const type = name.endsWith('.mjs') ? 'text/javascript' : 'application/zip';
    await cache.put(new URL(name, location.href).href,
                    new Response(bytes, {headers: {'content-type': type}}));
  }
  for (const k of await caches.keys()) if (k.startsWith('longana.snapshot')) await caches.delete(k);
}"""

CACHED_RELEASE = """async () => {
  const key = (await caches.keys()).find((k) => k.startsWith('longana-'));
  const cache = await caches.open(key);
  const hit = await cache.match(new URL('ui/game-worker.mjs', location.href).href);
  return (await hit.text()).match(/const RELEASE = "(\\w+)";/)[1];
}"""


def test_a_new_page_over_an_old_releases_worker_files_says_so_and_fetches_them(
    browsers: Browsers, tmp_path: Path
) -> None:
    """An update half-arrived in the offline cache: this release's page over the worker files
    of another. Online, it is said, the worker's files are fetched again (the cache then holds
    this release's) and the game plays on; offline, it is said with Reload, and the game plays
    on with the worker it has: a lesson starts, nothing waits for ever."""
    served = tmp_path / "served"
    shutil.copytree(SITE, served)
    version = sw_version(served)
    words = english()["boot"]
    old = old_worker_files(served)
    context, guard = browsers.context(service_workers="allow")
    preseed(context, settings=FAST)
    with serve(served) as url:
        game = Game(context.new_page(), guard, url).open()
        wait_controlled(game.page)
        page = game.page
        page.evaluate(HALF_ARRIVED, old)
        assert page.evaluate(CACHED_RELEASE) == OLD

        game.reload()  # online: said, fetched again, and the game goes on
        notice = page.locator('[data-notice="release-fixed"]')
        notice.wait_for(timeout=WORKER_MS)
        assert words["release_fixed"] in notice.inner_text()
        assert page.evaluate(CACHED_RELEASE) == version, "the cache holds this release's again"
        assert game.wait_turn("S") in ("turn", "other")
        game.screenshot("release-fixed")

        page.evaluate(HALF_ARRIVED, old)
        context.set_offline(True)
        game.reload()  # offline: said with Reload, the game on with the worker it has
        notice = page.locator('[data-notice="release-mismatch"]')
        notice.wait_for(timeout=WORKER_MS)
        assert words["release_mismatch"] in notice.inner_text()
        assert notice.locator('[data-action="reload"]').count() == 1
        rules = game.open_panel("rules")
        rules.locator('[data-action="lessons"]').click()
        game.dialog("lessons").locator('[data-lesson="doubles"]').click()
        page.locator('#lesson .lesson-bar[data-lesson-id="doubles"]').wait_for(timeout=WORKER_MS)
        game.screenshot("release-mismatch")
        context.set_offline(False)
    guard.check()
