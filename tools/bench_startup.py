"""Start-up benchmark (a benchmark, not a test): how long until the game can be played.

Serves the built site (``_site``) on a free 127.0.0.1 port and, from the same files, a bare
Pyodide page (``tools/bare_pyodide.html``: ``loadPyodide()`` from the site's own pyodide.mjs and
``runPython("1+1")``). Drives Debian's Chromium and measures, from navigation start:

- the game: ``longana:shown``, ``longana:interactive`` and ``longana:worker-ready`` (User
  Timing marks); on the warm (later) visit the table is shown from the saved frame;
- the bare page: ``bare:ready``;
- main-thread blocking during start-up: the long tasks (> 50 ms) the page observed, their
  longest and the total blocking time (the part of each beyond 50 ms);
- memory: all of Chromium's processes (proportional set size) with the page loaded and its
  worker answering, over the same browser with a blank page;
- the bytes the server sent for a first visit, against the size of the files asked for;

cold (a new browser context: empty profile, empty HTTP cache) and warm (the same context
loading the page again with its HTTP cache filled), median of N runs each (default 5), the
two pages interleaved so that drift in the machine's speed hits both alike. Figures are
printed, never asserted.

    python tools/bench_startup.py [--site _site] [--runs 5] [--service-workers block|allow]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools.serve import serve  # noqa: E402 - run as a script from anywhere

BARE_TEMPLATE = Path(__file__).with_name("bare_pyodide.html")
BARE_PATH = "/__bench__/bare.html"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
GAME_MARKS = ("longana:shown", "longana:interactive", "longana:worker-ready")
# every long task of the page from its first moment (the observer is installed before any
# script of the page runs)
LONG_TASKS_JS = """(() => { window.__longTasks = [];
  try { new PerformanceObserver((list) => { for (const e of list.getEntries())
          window.__longTasks.push(e.duration); })
        .observe({type: "longtask", buffered: true}); } catch (e) {} })();"""
BARE_MARKS = ("bare:ready",)


def find_pyodide(site: Path) -> str:
    """The site's URL path of pyodide.mjs (the one the game worker's config points at)."""
    candidates = sorted(site.rglob("pyodide.mjs"), key=lambda p: len(p.parts))
    if not candidates:
        sys.exit(f"no pyodide.mjs under {site}: build the site first with `make site`")
    config = site / "worker.toml"
    if config.is_file():
        for line in config.read_text(encoding="utf-8").splitlines():
            key, _, value = line.partition("=")
            if key.strip() == "interpreter":
                named = (site / value.strip().strip("\"'")).resolve()
                if named.is_file() and named.name == "pyodide.mjs":
                    return "/" + named.relative_to(site.resolve()).as_posix()
    return "/" + candidates[0].relative_to(site).as_posix()


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
    """Navigate and wait until every mark exists; their times from navigation start, and the
    page's long tasks until then (``longest`` and ``blocking``, ms)."""
    page.goto(url, wait_until="commit", timeout=timeout)
    found: dict[str, float] = {}
    for name in marks:  # wait for each mark separately so a missing one does not hide others
        try:
            handle = page.wait_for_function(MARKS_JS, arg=[name], timeout=timeout)
        except Exception:  # noqa: BLE001 - a mark that never comes is reported, not fatal
            continue
        found.update(handle.json_value())
    tasks = [float(t) for t in page.evaluate("() => window.__longTasks || []")]
    found["longest"] = max(tasks, default=0.0)
    found["blocking"] = sum(max(0.0, t - 50) for t in tasks)
    return found


def chromium_pss_kb() -> int:
    """The proportional set size of the Chromium processes this benchmark started (its own
    descendants: other browsers on the machine are not counted), in kB."""
    parents: dict[int, int] = {}
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                stat = Path(f"/proc/{pid}/stat").read_text()
                parents[int(pid)] = int(stat.rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue

    def mine(pid: int) -> bool:
        while pid > 1:
            pid = parents.get(pid, 0)
            if pid == os.getpid():
                return True
        return False

    total = 0
    for pid in parents:
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
            if b"chromium" not in cmd.split(b"\0")[0] or not mine(pid):
                continue
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total


def memory(p: Any, base: str, path: str, mark: str, timeout: float) -> float:
    """MB that a page adds to a fresh browser (over a blank page), once ``mark`` is set."""
    browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        page = browser.new_context(service_workers="block").new_page()
        page.goto("about:blank")
        time.sleep(1.5)
        blank = chromium_pss_kb()
        page.goto(base + path, wait_until="commit")
        page.wait_for_function(MARKS_JS, arg=[mark], timeout=timeout)
        time.sleep(2.0)
        return (chromium_pss_kb() - blank) / 1024
    finally:
        browser.close()


def first_visit_bytes(
    p: Any, base: str, sent: Counter[str], site: Path, timeout: float
) -> tuple[int, int, int]:
    """(bytes sent, bytes of the distinct files asked for, requests) for one first visit
    in a new profile with the service worker allowed, until it has precached everything.
    The profile is on disk, as a person's is (a private window's memory cache keeps no file
    as large as Pyodide's wasm, which then comes twice)."""
    sent.clear()
    context = p.chromium.launch_persistent_context(
        tempfile.mkdtemp(prefix="longana-bench-"),
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        service_workers="allow",
    )
    page = context.new_page()
    page.goto(base, wait_until="commit")
    page.wait_for_function(MARKS_JS, arg=["longana:worker-ready"], timeout=timeout)
    with contextlib.suppress(Exception):  # no service worker: count what was sent anyway
        page.wait_for_function(
            "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null",
            timeout=timeout,
        )
    time.sleep(1.0)
    context.close()
    files = sum(
        (site / p.lstrip("/")).stat().st_size for p in sent if (site / p.lstrip("/")).is_file()
    )
    return sum(sent.values()), files, len(sent)


def run(
    p: Any, base: str, runs: int, service_workers: str, timeout: float
) -> tuple[dict[tuple[str, str, str], list[float]], list[str], list[str]]:
    """Each run: a new profile on disk, as a person's browser has (a private window's memory
    cache keeps no file as large as Pyodide's wasm, so its "warm" loads download it again)."""
    pages = {"game": ("/", GAME_MARKS), "bare": (BARE_PATH, BARE_MARKS)}
    samples: dict[tuple[str, str, str], list[float]] = {}
    off_origin: list[str] = []
    errors: list[str] = []
    for i in range(runs):
        order = ["game", "bare"] if i % 2 == 0 else ["bare", "game"]
        for name in order:
            path, marks = pages[name]
            context = p.chromium.launch_persistent_context(
                tempfile.mkdtemp(prefix="longana-bench-"),
                executable_path=CHROMIUM,
                args=CHROMIUM_ARGS,
                service_workers=service_workers,
                viewport={"width": 1366, "height": 768},
            )
            context.on(
                "request",
                lambda r: (
                    off_origin.append(r.url)
                    if urlsplit(r.url).scheme in ("http", "https")
                    and urlsplit(r.url).hostname != "127.0.0.1"
                    else None
                ),
            )
            context.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            context.add_init_script(LONG_TASKS_JS)
            page = context.pages[0] if context.pages else context.new_page()
            for kind in ("cold", "warm"):
                got = load(page, base + path, marks, timeout)
                for mark in marks + ("longest", "blocking"):
                    if mark in got:
                        samples.setdefault((name, mark, kind), []).append(got[mark])
                shown = ", ".join(
                    f"{m.split(':')[-1]} {got[m]:.0f}"
                    if m in got
                    else f"{m.split(':')[-1]} missing"
                    for m in marks
                )
                print(f"  run {i + 1}/{runs} {name:4} {kind}: {shown}", flush=True)
            context.close()
    return samples, off_origin, errors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--service-workers",
        choices=("block", "allow"),
        default="block",
        help="block (default): warm = HTTP cache only; allow: the page's own "
        "service worker may serve warm loads",
    )
    parser.add_argument("--timeout", type=float, default=60_000, help="ms per mark")
    parser.add_argument("--json", action="store_true", help="also print the medians as JSON")
    args = parser.parse_args(argv)
    site: Path = args.site.resolve()
    if not (site / "index.html").is_file():
        sys.exit(f"{site} has no index.html: build the site first with `make site`")

    bare = BARE_TEMPLATE.read_text(encoding="utf-8").replace("__PYODIDE_MJS__", find_pyodide(site))
    sent: Counter[str] = Counter()
    with (
        serve(site, sent=sent, extra={BARE_PATH: bare.encode("utf-8")}) as url,
        sync_playwright() as p,
    ):
        base = url.rstrip("/")
        samples, off_origin, errors = run(p, base, args.runs, args.service_workers, args.timeout)
        visit = first_visit_bytes(p, url, sent, site, args.timeout)
        game_mb = statistics.median(
            memory(p, base, "/", "longana:worker-ready", args.timeout) for _ in range(2)
        )
        bare_mb = statistics.median(
            memory(p, base, BARE_PATH, "bare:ready", args.timeout) for _ in range(2)
        )

    def median(key: tuple[str, str, str]) -> float | None:
        values = samples.get(key, [])
        return statistics.median(values) if values else None

    def cell(value: float | None) -> str:
        return "     n/a" if value is None else f"{value:8.0f}"

    rows = [
        ("bare Pyodide + runPython('1+1')", "bare", "bare:ready"),
        ("game: longana:shown", "game", "longana:shown"),
        ("game: longana:interactive", "game", "longana:interactive"),
        ("game: longana:worker-ready", "game", "longana:worker-ready"),
        ("game: longest main-thread task", "game", "longest"),
        ("game: main-thread blocking (TBT)", "game", "blocking"),
        ("bare: longest main-thread task", "bare", "longest"),
        ("bare: main-thread blocking (TBT)", "bare", "blocking"),
    ]
    print(
        f"\nStart-up, ms from navigation start, median of {args.runs} "
        f"(service workers: {args.service_workers})"
    )
    print(f"{'page':34} {'cold':>8} {'warm':>8}   {'n cold/warm':>11}")
    medians: dict[str, dict[str, float | None]] = {}
    for label, name, mark in rows:
        cold, warm = median((name, mark, "cold")), median((name, mark, "warm"))
        medians[mark] = {"cold": cold, "warm": warm}
        counts = (
            f"{len(samples.get((name, mark, 'cold'), []))}/"
            f"{len(samples.get((name, mark, 'warm'), []))}"
        )
        print(f"{label:34} {cell(cold)} {cell(warm)}   {counts:>11}")
    print("\nratio to the bare page (aim: interactive within 1.15x, cold and warm)")
    for mark in GAME_MARKS:
        parts = []
        for kind in ("cold", "warm"):
            game, bare = medians[mark][kind], medians["bare:ready"][kind]
            parts.append(f"{kind} {game / bare:5.2f}x" if game and bare else f"{kind}   n/a")
        print(f"  {mark:24} " + "   ".join(parts))
    print(
        f"\nmemory over a blank page (PSS of all Chromium processes, median of 2): game "
        f"{game_mb:.0f} MB, bare Pyodide {bare_mb:.0f} MB, ratio {game_mb / bare_mb:.2f}x"
    )
    total, files, requests = visit
    print(
        f"first visit: {total / 1e6:.1f} MB sent for {files / 1e6:.1f} MB of files asked for "
        f"({requests} paths), ratio {total / max(files, 1):.2f}x (aim: 1.1x)"
    )
    medians["memory"] = {"game": game_mb, "bare": bare_mb}
    medians["first_visit"] = {"sent": float(total), "files": float(files)}
    if off_origin:
        print(f"\nWARNING: {len(off_origin)} requests off 127.0.0.1, e.g. {off_origin[0]}")
    if errors:
        print(f"\nWARNING: {len(errors)} console errors, e.g. {errors[0]}")
    if args.json:
        print(json.dumps(medians))
    return 0


if __name__ == "__main__":
    sys.exit(main())
