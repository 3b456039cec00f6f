"""Issue 22, the page under faults and hostile input: storage full before the load and in the
middle of a hand, storage blocked, storage that throws on every call, broken saves, cached
tables of another shape, huge and deep files. Every case ends with the game playable (a move
lands) or a clear message in the player's language, and nothing good overwritten.

The faults are made in the browser itself, by an init script that runs before the page's own
scripts (``Storage.prototype`` replaced, or ``window.localStorage`` made to throw as a browser
that blocks site data does)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import FilePayload, ViewportSize

from .browsers import Browsers
from .faults import BLOCKED, THROWING, full, one_move, open_with
from .game import TURN_MS, Game


def storage_notice(game: Game) -> str:
    notice = game.page.locator('[data-notice="storage"]')
    notice.wait_for(state="visible", timeout=TURN_MS)
    assert notice.locator('[data-action="save-file"]').count() == 1
    return notice.inner_text()


@pytest.mark.parametrize("fault", ["full", "blocked", "throwing"])
def test_storage_refused_from_the_start_plays_in_memory_with_a_notice(
    browsers: Browsers, fault: str
) -> None:
    script = {"full": full("0"), "blocked": BLOCKED, "throwing": THROWING}[fault]
    game = open_with(browsers, script)
    words = storage_notice(game)
    assert "Record" in words, words  # what to do: the game as a file, which Record shows
    one_move(game)
    one_move(game)
    assert game.page.locator('[data-dialog="error"]:visible').count() == 0


def test_storage_filling_in_the_middle_of_a_hand_loses_no_move(browsers: Browsers) -> None:
    game = open_with(browsers, full("Infinity"))
    one_move(game)
    kept = game.raw_save()
    game.page.evaluate("() => { window.__storageRoom = 0; }")
    one_move(game)
    one_move(game)
    storage_notice(game)
    assert game.raw_save() == kept  # the last save that fitted stays as it was
    # the file offered is the game as it is now (the moves made after storage filled)
    link = game.page.locator('[data-notice="storage"] [data-action="save-file"]')
    with game.page.expect_download() as download:
        link.click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert len(json.loads(text)["log"]) > len(json.loads(kept or "{}")["log"])
    # room again: the next move is saved, and the notice that saving failed goes (issue 30)
    game.page.evaluate("() => { window.__storageRoom = Infinity; }")
    one_move(game)
    game.page.locator('[data-notice="storage"]').wait_for(state="detached", timeout=TURN_MS)
    assert game.raw_save() != kept


def test_a_second_broken_save_is_set_aside_beside_the_first(browsers: Browsers) -> None:
    items = {"longana:save:corrupt": "the first broken save", "longana:save": "{broken"}
    game = open_with(browsers, "", items)
    game.dialog("error").wait_for(state="visible", timeout=TURN_MS)
    stored = game.page.evaluate(
        "() => [localStorage.getItem('longana:save:corrupt'),"
        " localStorage.getItem('longana:save:corrupt:2')]"
    )
    assert stored == ["the first broken save", "{broken"]


def test_a_large_broken_save_in_full_storage_is_never_written_over(browsers: Browsers) -> None:
    """3 MB: never read into the page's MicroPython (its heap cannot hold it); storage has no
    room for a copy, so it stays where it is, the player is told, and the game goes on."""
    big = "{" + "x" * 3_000_000
    game = open_with(browsers, full("3500000"), {"longana:save": big})
    game.page.locator('[data-notice="save-corrupt"]').wait_for(state="visible", timeout=TURN_MS)
    one_move(game)
    assert game.page.evaluate("() => localStorage.getItem('longana:save')") == big


def test_a_large_broken_save_is_set_aside_unread(browsers: Browsers) -> None:
    """1.5 MB (over the 1 MiB a save may be; two copies fit Chromium's 5 M characters)."""
    big = "{" + "x" * 1_500_000
    game = open_with(browsers, "", {"longana:save": big})
    game.page.locator('[data-notice="save-corrupt"]').wait_for(state="visible", timeout=TURN_MS)
    one_move(game)
    assert game.page.evaluate("() => localStorage.getItem('longana:save:corrupt')") == big
    assert json.loads(game.raw_save() or "{}")["log"]  # the new game is saved


def cached(frame: Any) -> dict[str, str]:
    return {"longana:frame": json.dumps({"schema": 2, "frame": frame})}


BAD_CACHES = {
    "another shape": {"board": {}, "hands": {}},
    "markup": {
        "board": {"opening": "<img src=x onerror=window.__xss=1>"},
        "hands": {"S": {"count": 1, "tiles": ["<img src=x onerror=window.__xss=1>"]}},
        "scores": {"S": "<img src=x onerror=window.__xss=1>"},
    },
    "not an object": [1, 2, 3],
    "text": "<b>table</b>",
}


@pytest.mark.parametrize("name", sorted(BAD_CACHES))
def test_a_cached_table_of_another_shape_never_breaks_the_load(
    browsers: Browsers, name: str
) -> None:
    # a real save (a match one move in), with a cache that is not this release's table
    first = browsers.game(fresh=True)
    one_move(first)
    save = first.raw_save()
    assert save is not None
    items = {"longana:save": save, **cached(BAD_CACHES[name])}
    game = open_with(browsers, "", items)
    assert game.page.evaluate("() => window.__xss") is None
    assert game.page.locator("img[src=x]").count() == 0
    one_move(game)
    frame = json.loads(game.page.evaluate("() => localStorage.getItem('longana:frame')"))
    assert frame["frame"]["deal"] == json.loads(save)["deal"]  # rebuilt from the save


def test_the_content_security_policy_keeps_everything_on_this_origin(game: Game) -> None:
    """The page runs under its policy (index.html), and nothing it runs may reach another
    origin: neither runtime can fall back to a CDN."""
    policy = game.page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute(
        "content"
    )
    assert policy is not None and "default-src 'self'" in policy and "object-src 'none'" in policy
    game.guard.allow("Content Security Policy")
    reached: list[str] = []
    game.page.route("https://cdn.jsdelivr.net/**", lambda route: reached.append(route.request.url))
    refused = game.page.evaluate(
        """() => fetch('https://cdn.jsdelivr.net/pyodide/v0.27.0/full/pyodide.mjs')
                   .then(() => 'fetched', () => 'refused')"""
    )
    assert refused == "refused" and not reached
    one_move(game)
    assert not game.guard.off_origin


OFFER = """() => { const e = new Event('beforeinstallprompt'); e.prompt = () => {};
                   dispatchEvent(e); }"""


def test_the_install_offer_never_covers_the_game_and_not_now_is_remembered(
    browsers: Browsers,
) -> None:
    context, guard = browsers.context(viewport={"width": 1366, "height": 768})
    game = Game(context.new_page(), guard, browsers.base_url).open()
    game.page.evaluate(OFFER)
    offer = game.page.locator('[data-notice="install"]')
    offer.wait_for(state="visible")
    for width, height in ((390, 844), (320, 256)):
        size: ViewportSize = {"width": width, "height": height}
        game.page.set_viewport_size(size)
        assert not offer.is_visible(), f"the install offer covers the game at {size}"
    game.page.set_viewport_size({"width": 1366, "height": 768})
    offer.locator('[data-action="dismiss"]').click()
    assert offer.count() == 0
    game.reload()
    game.page.evaluate(OFFER)
    game.next_frame()
    assert game.page.locator('[data-notice="install"]').count() == 0  # not offered again


def test_an_invalid_deal_in_the_address_is_said(browsers: Browsers) -> None:
    game = browsers.game("?deal=" + "%3Cscript%3E" * 3, fresh=True)
    notice = game.page.locator('[data-notice="deal-invalid"]')
    notice.wait_for(state="visible")
    assert "address" in notice.inner_text()
    one_move(game)


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("?deal=caf%E9", "deal-invalid"),
        ("?lang=%FF", "address-unreadable"),
        ("?class=%C3%28", "address-unreadable"),
        ("?lang=xx&deal=%FF%FE", "lang-unknown"),
    ],
)
def test_an_address_that_cannot_be_read_is_said_and_the_game_starts(
    browsers: Browsers, query: str, said: str
) -> None:
    """Issue 30: a parameter that is not UTF-8, or no language of the game, is left out and
    said; the game starts (and starts again on a reload: nothing fails the same way)."""
    game = browsers.game(query, fresh=True)
    game.page.locator(f'[data-notice="{said}"]').wait_for(state="visible")
    assert game.page.locator('[data-dialog="error"]:visible').count() == 0
    assert game.page.evaluate("() => document.body.dataset.class") in (None, "")
    one_move(game)
    game.reload()
    game.page.locator(f'[data-notice="{said}"]').wait_for(state="visible")
    one_move(game)


def test_a_bad_history_entry_is_skipped_and_said(browsers: Browsers) -> None:
    good = {"key": "7:40", "date": "2026-12-01", "deal": "7", "level": "hard", "winner": 0}
    good.update({"people": [0], "totals": [[101, 0, 0, 5]]})
    entries = [good, {"date": 5}, "text", {**good, "winner": "<b>"}]
    game = open_with(browsers, "", {"longana:history": json.dumps(entries)})
    game.open_panel("record")
    game.dialog("record").locator('[data-action="history"]').click()
    game.dialog("history").wait_for()
    game.page.locator('[data-notice="history-skipped"]').wait_for(state="visible")
    assert "2026-12-01" in game.dialog("history").inner_text()


FILES = {
    "huge": b"[" + b" " * (9 * 1024 * 1024) + b"]",  # over the worker's 8 MiB
    "large": b'{"hands": "' + b"x" * (3 * 1024 * 1024) + b'"}',  # read: no hand records
    "deep": b"[" * 100_000 + b"]" * 100_000,
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_huge_or_deep_file_for_the_record_import_is_refused_in_words(
    browsers: Browsers, name: str
) -> None:
    game = browsers.game(fresh=True)
    dialog = game.open_panel("record")
    dialog.locator("input[data-import]").set_input_files(
        files=[FilePayload(name=name + ".json", mimeType="application/json", buffer=FILES[name])]
    )
    error = dialog.locator("[data-import-error]")
    error.wait_for(state="visible", timeout=TURN_MS)
    assert error.inner_text().strip()
    game.close_panel("record")
    one_move(game)  # the worker is alive, the game goes on
