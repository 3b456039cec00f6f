"""Start-up in the other engines (a benchmark, not a test): WebKit and Firefox beside Chromium.

The same figures as ``tools/bench_startup.py`` where the engine can give them: from
navigation start, the game's ``longana:shown``, ``longana:interactive`` and
``longana:worker-ready`` and a bare Pyodide page's ``bare:ready`` (``tools/bare_pyodide.html``),
served from the same files on a free 127.0.0.1 port. Cold is a new browser with an empty
profile; later visit is the same browser loading the page again once the game has made its
memory snapshot and its service worker controls the page (as the Chromium bench does), with
whatever it kept: HTTP cache, service worker and its cache, the snapshot. Median of N runs,
the two pages interleaved. Drives WebKitGTK's MiniBrowser (Safari's engine family, on its own
Xvfb) and Firefox ESR with the drivers of the smoke suite (``e2e/engines/drivers.py``).
Figures are printed, never asserted; no long tasks nor memory here (neither engine reports
them the same way).

    python tools/bench_engines.py [--site _site] [--runs 3] [--engines webkit,firefox] [--json]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from e2e.engines.drivers import Driver, start  # noqa: E402 - run as a script from anywhere
from tools.bench_startup import MARKS_JS, PATH_JS, SETTLED_JS  # noqa: E402 - one copy
from tools.serve import serve  # noqa: E402

BARE_TEMPLATE = Path(__file__).with_name("bare_pyodide.html")
BARE_PATH = "/__bench__/bare.html"
PAGES = {
    "game": ("/", ("longana:shown", "longana:interactive", "longana:worker-ready")),
    "bare": (BARE_PATH, ("bare:ready",)),
}
ROWS = [
    ("bare Pyodide + runPython('1+1')", "bare", "bare:ready"),
    ("game: longana:shown", "game", "longana:shown"),
    ("game: longana:interactive", "game", "longana:interactive"),
    ("game: longana:worker-ready", "game", "longana:worker-ready"),
]
Samples = dict[tuple[str, str, str], list[float]]


def bare_page(site: Path) -> bytes:
    found = sorted(site.rglob("pyodide.mjs"), key=lambda p: len(p.parts))
    if not found:
        sys.exit(f"no pyodide.mjs under {site}: build the site first with `make site`")
    path = "/" + found[0].relative_to(site).as_posix()
    return BARE_TEMPLATE.read_text(encoding="utf-8").replace("__PYODIDE_MJS__", path).encode()


def load(driver: Driver, url: str, marks: tuple[str, ...], timeout: float) -> dict[str, float]:
    """Navigate and wait until every mark exists (a missing one is reported, not fatal)."""
    driver.goto(url)
    found: dict[str, float] = {}
    for name in marks:
        with contextlib.suppress(AssertionError):
            found.update(driver.wait(MARKS_JS, [name], timeout=timeout, what=name))
    return found


def measure(engine: str, base: str, runs: int, timeout: float, logs: Path) -> tuple[str, Samples]:
    """The engine's version and its samples per (page, mark, cold/warm)."""
    samples: Samples = {}
    version = engine
    for i in range(runs):
        order = ["game", "bare"] if i % 2 == 0 else ["bare", "game"]
        for name in order:
            path, marks = PAGES[name]
            with contextlib.ExitStack() as stack:
                driver = start(engine, stack, logs / f"bench-{engine}.log")
                version = driver.version()
                driver.viewport(1366, 768)
                for kind in ("cold", "warm"):
                    got = load(driver, base + path, marks, timeout)
                    for mark, value in got.items():
                        samples.setdefault((name, mark, kind), []).append(float(value))
                    shown = ", ".join(
                        f"{m.split(':')[-1]} {got[m]:.0f}" if m in got else f"{m} missing"
                        for m in marks
                    )
                    if name == "game":
                        if kind == "cold":  # its snapshot made, its service worker in control
                            with contextlib.suppress(AssertionError):
                                driver.wait(SETTLED_JS, timeout=timeout, what="settled")
                            time.sleep(2.0)
                        else:
                            shown += f" (worker: {driver.js(PATH_JS)})"
                    print(f"  {engine} run {i + 1}/{runs} {name:4} {kind}: {shown}", flush=True)
    return version, samples


def table(results: dict[str, tuple[str, Samples]], runs: int) -> dict[str, Any]:
    """Print the medians, each engine a pair of columns; returns them."""
    medians: dict[str, Any] = {}
    names = list(results)
    print(f"\nStart-up in the other engines, ms from navigation start, median of {runs}")
    print("  " + ", ".join(version for version, _ in results.values()))
    head = "".join(f"{n + ' cold':>14}{n + ' later':>14}" for n in names)
    print(f"{'page':34}{head}")
    for label, page, mark in ROWS:
        cells = ""
        for name in names:
            samples = results[name][1]
            for kind in ("cold", "warm"):
                values = samples.get((page, mark, kind), [])
                value = statistics.median(values) if values else None
                medians.setdefault(name, {}).setdefault(mark, {})[kind] = value
                cells += f"{'n/a' if value is None else f'{value:.0f}':>14}"
        print(f"{label:34}{cells}")
    print("\nratio to the bare page in the same engine")
    for name in names:
        for mark in ("longana:interactive", "longana:worker-ready"):
            parts = []
            for kind in ("cold", "warm"):
                game, bare = medians[name][mark][kind], medians[name]["bare:ready"][kind]
                parts.append(f"{kind} {game / bare:5.2f}x" if game and bare else f"{kind}   n/a")
            print(f"  {name:8} {mark:22} " + "   ".join(parts))
    return medians


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--engines", default="webkit,firefox")
    parser.add_argument("--timeout", type=float, default=180, help="seconds per mark")
    parser.add_argument("--json", action="store_true", help="also print the medians as JSON")
    args = parser.parse_args(argv)
    site: Path = args.site.resolve()
    if not (site / "index.html").is_file():
        sys.exit(f"{site} has no index.html: build the site first with `make site`")
    results: dict[str, tuple[str, Samples]] = {}
    with (
        serve(site, extra={BARE_PATH: bare_page(site)}) as url,
        tempfile.TemporaryDirectory(prefix="bench-engines-") as logs,
    ):
        base = url.rstrip("/")
        for engine in [e for e in args.engines.split(",") if e]:
            results[engine] = measure(engine, base, args.runs, args.timeout, Path(logs))
    medians = table(results, args.runs)
    if args.json:
        print(json.dumps(medians))
    return 0


if __name__ == "__main__":
    sys.exit(main())
