"""What a browser context asked for and reported: every request (none may leave 127.0.0.1) and
every console or page error (none is allowed unless a test provokes it on purpose)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext


class Guard:
    """Everything a context asked for and every error it reported."""

    def __init__(self, context: BrowserContext, label: str) -> None:
        self.label = label
        self.requests: list[str] = []
        self.off_origin: list[str] = []
        self.errors: list[str] = []
        self.allowed: list[re.Pattern[str]] = []
        # the context's console event carries the page's and its workers' messages
        self.handlers: list[tuple[str, Callable[[Any], None]]] = [
            ("request", self._request),
            ("console", self._console),
            ("weberror", self._weberror),
        ]
        for event, handler in self.handlers:
            context.on(event, handler)  # type: ignore[call-overload]

    def detach(self, context: BrowserContext) -> None:
        """Stop listening (a shared context goes on to the next test with a guard of its own)."""
        for event, handler in self.handlers:
            context.remove_listener(event, handler)

    def _weberror(self, error: Any) -> None:
        self.errors.append(f"page error: {error.error}")

    def _request(self, request: Any) -> None:
        url = request.url
        self.requests.append(url)
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            return
        if parts.scheme not in ("http", "https") or parts.hostname != "127.0.0.1":
            self.off_origin.append(url)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            location = message.location or {}
            where = location.get("url", "")
            self.errors.append(f"console error: {message.text} ({where})")

    def allow(self, pattern: str) -> None:
        """Accept console errors matching ``pattern`` (for tests that provoke one on purpose)."""
        self.allowed.append(re.compile(pattern))

    def problems(self) -> list[str]:
        errors = [e for e in self.errors if not any(p.search(e) for p in self.allowed)]
        return [f"request off 127.0.0.1: {u}" for u in self.off_origin] + errors

    def check(self) -> None:
        problems = self.problems()
        assert not problems, f"{self.label}:\n  " + "\n  ".join(problems)
