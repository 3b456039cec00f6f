"""Start-up benchmark (a benchmark, not a test): how long until the game can be played.

Serves the built site (``_site``) on a free 127.0.0.1 port and, from the same files, a bare
Pyodide page (``tools/bare_pyodide.html``: ``loadPyodide()`` from the site's own pyodide.mjs and
``runPython("1+1")``). Drives Debian's Chromium and measures, from navigation start:

- the game: ``longana:shown``, ``longana:interactive`` and ``longana:worker-ready`` (User
  Timing marks), and whether its worker started the plain way or from its memory snapshot;
- the bare page: ``bare:ready``;
- main-thread blocking during start-up: the long tasks (> 50 ms) the page observed, their
  longest and the total blocking time (the part of each beyond 50 ms);
- memory: the proportional set size of the browser's own process tree (the browser process of
  this run's profile and its children; other browsers on the machine are not counted) with the
  page loaded, over the same browser on a blank page;
- a first visit's bytes on the wire (the server compresses, as static hosts do) against one
  download of each distinct file asked for, and which files came more than once;
- the worker's memory snapshot kept raw and gzipped: each read back from Cache Storage, checked
  and (gzipped) inflated in a module worker (``tools/bench_snapshot.mjs``), first in a browser
  started again (a later visit) and then again, and the game's own read on its later visits.

Each run is a new browser profile on disk, as a person's is: a first (cold) visit, then, once the
game has made its memory snapshot and its service worker controls the page, a later visit in the
same profile (service worker, its cache and the snapshot kept; the bare page's later visit has
its HTTP cache). Median of N runs (default 3), the two pages interleaved so that drift in the
machine's speed hits both alike. Figures are printed, never asserted.

    python tools/bench_startup.py [--site _site] [--runs 3] [--json]
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

from playwright.sync_api import BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools import bench_snapshot  # noqa: E402 - run as a script from anywhere
from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.serve import serve, wire_size  # noqa: E402

BARE_TEMPLATE = Path(__file__).with_name("bare_pyodide.html")
BARE_PATH = "/__bench__/bare.html"
GAME_MARKS = ("longana:shown", "longana:interactive", "longana:worker-ready")
BARE_MARKS = ("bare:ready",)
KINDS = ("cold", "later")
# every long task of the page from its first moment (the observer is installed before any
# script of the page runs)
LONG_TASKS_JS = """(() => { window.__longTasks = [];
  try { new PerformanceObserver((list) => { for (const e of list.getEntries())
          window.__longTasks.push(e.duration); })
        .observe({type: "longtask", buffered: true}); } catch (e) {} })();"""
MARKS_JS = """(names) => {
  const got = {};
  for (const n of names) {
    const e = performance.getEntriesByName(n);
    if (!e.length) return null;
    got[n] = e[0].startTime;
  }
  return got;
}"""
# the game has made its snapshot (or could not) and its service worker controls the page
SETTLED_JS = """() => (performance.getEntriesByName('longana:worker:snapshot').length
    || performance.getEntriesByName('longana:worker:snapshot-dropped').length
    || performance.getEntriesByName('longana:worker:restored').length)
  && navigator.serviceWorker && navigator.serviceWorker.controller !== null"""
PATH_JS = """() => performance.getEntriesByName('longana:worker:restored').length ? 'snapshot'
  : performance.getEntriesByName('longana:worker:runtime').length ? 'plain' : '?'"""
READ_JS = """() => { const [m] = performance.getEntriesByName('longana:worker:snapshot-read');
  return m && m.detail ? m.detail : null; }"""


def find_pyodide(site: Path) -> str:
    """The site's URL path of pyodide.mjs (the one the game worker loads)."""
    named = site / "vendor" / "pyodide" / "pyodide.mjs"
    if named.is_file():
        return "/vendor/pyodide/pyodide.mjs"
    found = sorted(site.rglob("pyodide.mjs"), key=lambda p: len(p.parts))
    if not found:
        sys.exit(f"no pyodide.mjs under {site}: build the site first with `make site`")
    return "/" + found[0].relative_to(site).as_posix()


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


def browser_kb(profile: str) -> tuple[int, int]:
    """The memory (kB) of the browser whose profile is ``profile``: its browser process
    (``--user-data-dir=profile``) and every process under it, as proportional set size (shared
    pages split among the processes sharing them, other browsers on the machine included) and
    as private memory (pages no other process maps: steadier on a shared machine)."""
    parents, root = process_tree(f"--user-data-dir={profile}".encode())
    if root is None:
        return 0, 0

    def under(pid: int) -> bool:
        while pid > 1:
            if pid == root:
                return True
            pid = parents.get(pid, 0)
        return False

    pss = private = 0
    for pid in filter(under, parents):
        a, b = rollup(pid)
        pss, private = pss + a, private + b
    return pss, private


def process_tree(arg: bytes) -> tuple[dict[int, int], int | None]:
    """Every process's parent, and the first process started with ``arg``."""
    parents: dict[int, int] = {}
    root = None
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
            if root is None and arg in Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0"):
                root = int(entry)
        except (OSError, ValueError, IndexError):
            continue
    return parents, root


def rollup(pid: int) -> tuple[int, int]:
    """A process's proportional and private memory (kB); 0, 0 once it has gone."""
    pss = private = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                pss += int(line.split()[1])
            elif line.startswith(("Private_Clean:", "Private_Dirty:")):
                private += int(line.split()[1])
    except OSError:
        pass
    return pss, private


def settle(page: Page, game: bool, timeout: float) -> None:
    """Let the page finish what it does after start-up (the game: its snapshot and service
    worker), then give the browser a moment to free what it no longer holds."""
    if game:  # if it never settles, the later visit's line says what its worker did
        with contextlib.suppress(Exception):
            page.wait_for_function(SETTLED_JS, timeout=timeout)
    time.sleep(2.0)


def load_average() -> str:
    """How busy the machine is (other runs skew the figures)."""
    return " ".join(f"{load:.1f}" for load in os.getloadavg())


def visit_and_settle(page: Page, base: str, timeout: float) -> None:
    """The game's first visit, until its snapshot is made."""
    load(page, base + "/", ("longana:worker-ready",), timeout)
    settle(page, True, timeout)


def browser(p: Any, profile: str, off_origin: list[str], errors: list[str]) -> BrowserContext:
    context = p.chromium.launch_persistent_context(
        profile,
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        service_workers="allow",
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
    return context


Samples = dict[tuple[str, str, str], list[float]]


def run(p: Any, base: str, runs: int, timeout: float) -> tuple[Samples, list[str], list[str]]:
    pages = {"game": ("/", GAME_MARKS), "bare": (BARE_PATH, BARE_MARKS)}
    samples: Samples = {}
    off_origin: list[str] = []
    errors: list[str] = []
    for i in range(runs):
        order = ["game", "bare"] if i % 2 == 0 else ["bare", "game"]
        for name in order:
            path, marks = pages[name]
            profile = tempfile.mkdtemp(prefix="longana-bench-")
            context = browser(p, profile, off_origin, errors)
            page = context.pages[0] if context.pages else context.new_page()
            page.goto("about:blank")
            time.sleep(1.5)
            blank = browser_kb(profile)
            for kind in KINDS:
                got = load(page, base + path, marks, timeout)
                settle(page, name == "game", timeout)
                now = browser_kb(profile)
                got["memory"] = (now[0] - blank[0]) / 1024
                got["private"] = (now[1] - blank[1]) / 1024
                for mark in (*marks, "longest", "blocking", "memory", "private"):
                    if mark in got:
                        samples.setdefault((name, mark, kind), []).append(got[mark])
                shown = ", ".join(
                    f"{m.split(':')[-1]} {got[m]:.0f}" if m in got else f"{m} missing"
                    for m in marks
                )
                worker = f", worker: {page.evaluate(PATH_JS)}" if name == "game" else ""
                read = page.evaluate(READ_JS) if name == "game" else None
                if read and "ms" in read:
                    samples.setdefault(("game", f"read {read['encoding']}", kind), []).append(
                        float(read["ms"])
                    )
                    worker += f" (snapshot read in {read['ms']} ms, {read['encoding']})"
                print(
                    f"  run {i + 1}/{runs} {name:4} {kind:5}: {shown}, "
                    f"{got['memory']:.0f} MB ({got['private']:.0f} private){worker}",
                    flush=True,
                )
            context.close()
    return samples, off_origin, errors


def first_visit(
    p: Any, base: str, sent: Counter[str], site: Path, timeout: float
) -> tuple[int, int, dict[str, int]]:
    """One first visit in a new profile, until the service worker has precached everything:
    (bytes sent, one download of each distinct file asked for, paths sent more than once with
    their bytes)."""
    sent.clear()
    errors: list[str] = []
    context = browser(p, tempfile.mkdtemp(prefix="longana-bench-"), [], errors)
    page = context.pages[0] if context.pages else context.new_page()
    load(page, base + "/", ("longana:worker-ready",), timeout)
    settle(page, True, timeout)
    context.close()
    counted = dict(sent)

    def once(path: str) -> int:
        file = site / (path.lstrip("/") + ("index.html" if path.endswith("/") else ""))
        return wire_size(file) if file.is_file() else 0

    twice = {path: n for path, n in counted.items() if n > once(path) > 0}
    return sum(counted.values()), sum(once(path) for path in counted), twice


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120_000, help="ms per mark")
    parser.add_argument("--json", action="store_true", help="also print the medians as JSON")
    parser.add_argument(
        "--snapshot-runs", type=int, default=3, help="runs of the snapshot's two ways"
    )
    args = parser.parse_args(argv)
    site: Path = args.site.resolve()
    if not (site / "index.html").is_file():
        sys.exit(f"{site} has no index.html: build the site first with `make site`")

    bare = BARE_TEMPLATE.read_text(encoding="utf-8").replace("__PYODIDE_MJS__", find_pyodide(site))
    extra = {
        BARE_PATH: bare.encode("utf-8"),
        **bench_snapshot.PAGES,
    }
    sent: Counter[str] = Counter()
    print(f"load average (1, 5, 15 min) at the start: {load_average()}", flush=True)
    with serve(site, sent=sent, extra=extra) as url, sync_playwright() as p:
        base = url.rstrip("/")
        samples, off_origin, errors = run(p, base, args.runs, args.timeout)
        total, once, twice = first_visit(p, base, sent, site, args.timeout)
        reads = bench_snapshot.reads(
            lambda profile: browser(p, profile, [], []),
            lambda page: visit_and_settle(page, base, args.timeout),
            base,
            args.snapshot_runs,
            args.timeout,
        )

    def median(name: str, mark: str, kind: str) -> float | None:
        values = samples.get((name, mark, kind), [])
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
        ("game: memory over blank, PSS (MB)", "game", "memory"),
        ("bare: memory over blank, PSS (MB)", "bare", "memory"),
        ("game: memory, private (MB)", "game", "private"),
        ("bare: memory, private (MB)", "bare", "private"),
    ]
    print(f"\nStart-up, ms from navigation start, median of {args.runs}")
    print(f"{'page':34} {'cold':>8} {'later':>8}")
    medians: dict[str, dict[str, float | None]] = {}
    for label, name, mark in rows:
        cold, later = median(name, mark, "cold"), median(name, mark, "later")
        medians[f"{name}:{mark}"] = {"cold": cold, "later": later}
        print(f"{label:34} {cell(cold)} {cell(later)}")

    def ratio(mark: str, kind: str, bare_mark: str = "bare:ready") -> str:
        game, bare = median("game", mark, kind), median("bare", bare_mark, kind)
        return f"{game / bare:5.2f}x" if game and bare else "  n/a"

    print("\nagainst the bare page (aims: later visit <= 0.5x, cold <= 1.1x)")
    for mark in GAME_MARKS[1:]:
        print(f"  {mark:24} cold {ratio(mark, 'cold')}   later {ratio(mark, 'later')}")
    for mark in ("memory", "private"):
        print(
            f"  {mark + ' (aim <= 1.25x)':24} cold {ratio(mark, 'cold', mark)}   "
            f"later {ratio(mark, 'later', mark)}"
        )
    blocking = median("game", "blocking", "cold")
    print(f"  main-thread blocking, cold: {blocking or 0:.0f} ms (aim < 200 ms)")
    print(
        f"\nfirst visit: {total / 1e6:.2f} MB on the wire (aim <= 5 MB) for {once / 1e6:.2f} MB "
        f"of files as the server sends them ({total / max(once, 1):.2f}x); sent more than once: "
        + (", ".join(f"{k} {v / 1e6:.2f} MB" for k, v in sorted(twice.items())) or "none")
    )
    medians["first_visit"] = {"sent": float(total), "once": float(once)}
    game_reads = {
        e: samples.get(("game", f"read {e}", "later"), []) for e in bench_snapshot.ENCODINGS
    }
    medians["snapshot"] = bench_snapshot.report(reads, game_reads)
    print(f"load average (1, 5, 15 min) at the end: {load_average()}")
    if off_origin:
        print(f"\nWARNING: {len(off_origin)} requests off 127.0.0.1, e.g. {off_origin[0]}")
    if errors:
        print(f"\nWARNING: {len(errors)} console errors, e.g. {errors[0]}")
    if args.json:
        print(json.dumps(medians))
    return 0


if __name__ == "__main__":
    sys.exit(main())
