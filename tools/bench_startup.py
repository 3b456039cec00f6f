"""Start-up benchmark (a benchmark, not a test): how long until the game can be played.

Serves the built site (``_site``) on a free 127.0.0.1 port and, from the same files, a bare
Pyodide page (``tools/bare_pyodide.html``: ``loadPyodide()`` from the site's own pyodide.mjs and
``runPython("1+1")``). Drives Debian's Chromium and measures, from navigation start:

- the game: ``longana:interactive`` and ``longana:worker-ready`` (User Timing marks);
- the bare page: ``bare:ready``;

cold (a new browser context: empty profile, empty HTTP cache) and warm (the same context
loading the page again with its HTTP cache filled), median of N runs each (default 5), the
two pages interleaved so that drift in the machine's speed hits both alike. Prints a table
and the ratio of the game's ``interactive`` to the bare page. Figures are printed, never
asserted.

    python tools/bench_startup.py [--site _site] [--runs 5] [--service-workers block|allow]
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import statistics
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
BARE_TEMPLATE = Path(__file__).with_name("bare_pyodide.html")
BARE_PATH = "/__bench__/bare.html"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
GAME_MARKS = ("longana:interactive", "longana:worker-ready")
BARE_MARKS = ("bare:ready",)


def find_pyodide(site: Path) -> str:
    """The site's URL path of pyodide.mjs (the one pyscript.toml points at, if it says)."""
    candidates = sorted(site.rglob("pyodide.mjs"), key=lambda p: len(p.parts))
    if not candidates:
        sys.exit(f"no pyodide.mjs under {site}: build the site first with `make site`")
    config = site / "pyscript.toml"
    if config.is_file():
        for line in config.read_text(encoding="utf-8").splitlines():
            key, _, value = line.partition("=")
            if key.strip() == "interpreter":
                named = (site / value.strip().strip("\"'")).resolve()
                if named.is_file():
                    return "/" + named.relative_to(site.resolve()).as_posix()
    return "/" + candidates[0].relative_to(site).as_posix()


def make_handler(site: Path, bare_html: bytes) -> Any:
    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {
            **http.server.SimpleHTTPRequestHandler.extensions_map,
            ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
            ".webmanifest": "application/manifest+json", ".json": "application/json",
            ".toml": "text/plain; charset=utf-8", ".zip": "application/zip",
        }

        def do_GET(self) -> None:  # noqa: N802 - stdlib name
            if urlsplit(self.path).path == BARE_PATH:
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(bare_html)))
                self.end_headers()
                self.wfile.write(bare_html)
                return
            super().do_GET()

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass

    return functools.partial(Handler, directory=str(site))


@contextlib.contextmanager
def serve(site: Path) -> Iterator[str]:
    bare = BARE_TEMPLATE.read_text(encoding="utf-8").replace("__PYODIDE_MJS__",
                                                               find_pyodide(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             make_handler(site, bare.encode("utf-8")))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


MARKS_JS = """(names) => {
  const got = {};
  for (const n of names) {
    const e = performance.getEntriesByName(n);
    if (!e.length) return null;
    got[n] = e[0].startTime;
  }
  return got;
}"""


def load(page: Page, url: str, marks: tuple[str, ...], timeout: float) -> dict[str, float]:
    """Navigate and wait until every mark exists; their times from navigation start."""
    page.goto(url, wait_until="commit", timeout=timeout)
    found: dict[str, float] = {}
    for name in marks:  # wait for each mark separately so a missing one does not hide others
        try:
            handle = page.wait_for_function(MARKS_JS, arg=[name], timeout=timeout)
        except Exception:  # noqa: BLE001 - a mark that never comes is reported, not fatal
            continue
        found.update(handle.json_value())
    return found


def run(browser: Browser, base: str, runs: int, service_workers: str, timeout: float
        ) -> tuple[dict[tuple[str, str, str], list[float]], list[str], list[str]]:
    pages = {"game": ("/", GAME_MARKS), "bare": (BARE_PATH, BARE_MARKS)}
    samples: dict[tuple[str, str, str], list[float]] = {}
    off_origin: list[str] = []
    errors: list[str] = []
    for i in range(runs):
        order = ["game", "bare"] if i % 2 == 0 else ["bare", "game"]
        for name in order:
            path, marks = pages[name]
            context = browser.new_context(service_workers=service_workers,  # type: ignore[arg-type]
                                          viewport={"width": 1366, "height": 768})
            context.on("request", lambda r: off_origin.append(r.url)
                       if urlsplit(r.url).scheme in ("http", "https")
                       and urlsplit(r.url).hostname != "127.0.0.1" else None)
            context.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page = context.new_page()
            for kind in ("cold", "warm"):
                got = load(page, base + path, marks, timeout)
                for mark in marks:
                    if mark in got:
                        samples.setdefault((name, mark, kind), []).append(got[mark])
                shown = ", ".join(f"{m.split(':')[-1]} {got[m]:.0f}" if m in got
                                  else f"{m.split(':')[-1]} missing" for m in marks)
                print(f"  run {i + 1}/{runs} {name:4} {kind}: {shown}", flush=True)
            context.close()
    return samples, off_origin, errors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--service-workers", choices=("block", "allow"), default="block",
                        help="block (default): warm = HTTP cache only; allow: the page's own "
                             "service worker may serve warm loads")
    parser.add_argument("--timeout", type=float, default=60_000, help="ms per mark")
    parser.add_argument("--json", action="store_true", help="also print the medians as JSON")
    args = parser.parse_args(argv)
    site: Path = args.site.resolve()
    if not (site / "index.html").is_file():
        sys.exit(f"{site} has no index.html: build the site first with `make site`")

    with serve(site) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            samples, off_origin, errors = run(browser, base, args.runs, args.service_workers,
                                              args.timeout)
        finally:
            browser.close()

    def median(key: tuple[str, str, str]) -> float | None:
        values = samples.get(key, [])
        return statistics.median(values) if values else None

    def cell(value: float | None) -> str:
        return "     n/a" if value is None else f"{value:8.0f}"

    rows = [("bare Pyodide + runPython('1+1')", "bare", "bare:ready"),
            ("game: longana:interactive", "game", "longana:interactive"),
            ("game: longana:worker-ready", "game", "longana:worker-ready")]
    print(f"\nStart-up, ms from navigation start, median of {args.runs} "
          f"(service workers: {args.service_workers})")
    print(f"{'page':34} {'cold':>8} {'warm':>8}   {'n cold/warm':>11}")
    medians: dict[str, dict[str, float | None]] = {}
    for label, name, mark in rows:
        cold, warm = median((name, mark, "cold")), median((name, mark, "warm"))
        medians[mark] = {"cold": cold, "warm": warm}
        counts = (f"{len(samples.get((name, mark, 'cold'), []))}/"
                  f"{len(samples.get((name, mark, 'warm'), []))}")
        print(f"{label:34} {cell(cold)} {cell(warm)}   {counts:>11}")
    print("\nratio to the bare page (aim: interactive within 1.2x, cold and warm)")
    for mark in GAME_MARKS:
        parts = []
        for kind in ("cold", "warm"):
            game, bare = medians[mark][kind], medians["bare:ready"][kind]
            parts.append(f"{kind} {game / bare:5.2f}x" if game and bare else f"{kind}   n/a")
        print(f"  {mark:24} " + "   ".join(parts))
    if off_origin:
        print(f"\nWARNING: {len(off_origin)} requests off 127.0.0.1, e.g. {off_origin[0]}")
    if errors:
        print(f"\nWARNING: {len(errors)} console errors, e.g. {errors[0]}")
    if args.json:
        print(json.dumps(medians))
    return 0


if __name__ == "__main__":
    sys.exit(main())
