"""Browser profiles for the end-to-end tests: each one guarded (a request to anything but
127.0.0.1 — ``data:`` and ``blob:`` are fine —, a console error or an uncaught page error fails
the test at teardown, with the list of what went wrong), handed over with empty storage or with
settings and a save put in first; screenshots of a failed test in ``artifacts/``.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext

from .game import Game, artifact
from .guard import Guard

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("LONGANA_SITE", ROOT / "_site"))


class Browsers:
    """Opens guarded contexts and game pages; closes them and checks their guards.

    ``game()`` opens the page in the session's warm profile (``warm_context``) when the test
    asks for nothing special: its HTTP cache holds the runtime already, which saves seconds
    per test, and it is handed over with empty storage, no pages, no routes, online, so the
    game inside starts exactly as in a new profile. ``fresh=True``, any context option, or
    a second game in the same test get a new profile; ``context()`` always does.
    """

    def __init__(
        self,
        browser: Browser,
        context_args: dict[str, Any],
        base_url: str,
        label: str,
        warm: BrowserContext | None = None,
    ) -> None:
        self.browser = browser
        self.context_args = context_args
        self.base_url = base_url
        self.label = label
        self.opened: list[tuple[BrowserContext, Guard]] = []
        self.warm = warm
        self.warm_guard: Guard | None = None

    def context(self, **kwargs: Any) -> tuple[BrowserContext, Guard]:
        """A fresh profile: its own cache and empty storage."""
        args = {**self.context_args, **kwargs}
        context = self.browser.new_context(**args)
        context.set_default_timeout(30_000)
        guard = Guard(context, self.label)
        self.opened.append((context, guard))
        return context, guard

    def game(
        self,
        query: str = "",
        *,
        ready: bool = True,
        settings: dict[str, Any] | None = None,
        save: dict[str, Any] | str | None = None,
        fresh: bool = False,
        **kwargs: Any,
    ) -> Game:
        """The page in an empty profile (optionally with settings and a save put in first):
        the warm one unless ``fresh`` or context options are asked for, or it is in use."""
        if not fresh and not kwargs and self.warm is not None and self.warm_guard is None:
            return self._warm_game(query, ready, settings, save)
        context, guard = self.context(**kwargs)
        if settings is not None or save is not None:
            preseed(context, settings=settings, save=save)
        game = Game(context.new_page(), guard, self.base_url)
        return game.open(query, ready=ready)

    def _warm_game(
        self,
        query: str,
        ready: bool,
        settings: dict[str, Any] | None,
        save: dict[str, Any] | str | None,
    ) -> Game:
        warm = self.warm
        assert warm is not None
        guard = Guard(warm, self.label)
        self.warm_guard = guard
        page = warm.new_page()
        # empty storage, then what the test puts in: on a blank page of the same origin
        # (answered here, with an icon so that the browser asks for no favicon.ico), before
        # the game's page is loaded in this tab
        blank = self.base_url + "e2e-blank.html"
        warm.route(
            blank,
            lambda route: route.fulfill(
                status=200,
                content_type="text/html",
                body='<!doctype html><link rel="icon" href="data:,"><title>e2e</title>',
            ),
        )
        page.goto(blank, wait_until="load")
        warm.unroute(blank)
        page.evaluate(
            """(items) => { localStorage.clear(); sessionStorage.clear();
                 for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }""",
            preseed_items(settings, save),
        )
        return Game(page, guard, self.base_url).open(query, ready=ready)

    def _release_warm(self, failed: bool) -> list[str]:
        warm, guard = self.warm, self.warm_guard
        if warm is None or guard is None:
            return []
        for k, page in enumerate(warm.pages):
            if failed:
                with contextlib.suppress(Exception):
                    page.screenshot(path=str(artifact(f"FAILED-{self.label}-warm-{k}.png")))
            with contextlib.suppress(Exception):
                page.close()
        guard.detach(warm)
        warm.unroute_all()
        warm.set_offline(False)
        self.warm_guard = None
        return guard.problems()

    def close(self, failed: bool) -> None:
        problems: list[str] = self._release_warm(failed)
        for n, (context, guard) in enumerate(self.opened):
            if failed:
                for k, page in enumerate(context.pages):
                    with contextlib.suppress(Exception):
                        page.screenshot(path=str(artifact(f"FAILED-{self.label}-{n}-{k}.png")))
            problems += guard.problems()
            with contextlib.suppress(Exception):
                context.close()
        self.opened.clear()
        assert not problems, f"{self.label}:\n  " + "\n  ".join(problems)


def preseed_items(
    settings: dict[str, Any] | None, save: dict[str, Any] | str | None
) -> dict[str, str]:
    """The localStorage items for ``settings`` and a save (a dict, or text for a broken one)."""
    items = {}
    if settings is not None:
        items["longana:settings"] = json.dumps(settings)
    if save is not None:
        items["longana:save"] = save if isinstance(save, str) else json.dumps(save)
    return items


def preseed(
    context: BrowserContext,
    *,
    settings: dict[str, Any] | None = None,
    save: dict[str, Any] | str | None = None,
) -> None:
    """Put settings and/or a saved game (a dict, or any text for a broken save) into the
    profile before the page's first load in each tab (and only into empty keys)."""
    items = preseed_items(settings, save)
    # once per tab (a reload must see what the page did with it, e.g. set a broken save aside)
    context.add_init_script(
        "(() => { if (!location.protocol.startsWith('http')) return;"
        " if (sessionStorage.getItem('e2e:preseeded')) return;"
        " sessionStorage.setItem('e2e:preseeded', '1');"
        " const items = " + json.dumps(items) + ";"
        " for (const [k, v] of Object.entries(items))"
        "   if (localStorage.getItem(k) === null) localStorage.setItem(k, v); })();"
    )
