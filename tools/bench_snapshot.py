"""The game worker's memory snapshot kept raw and gzipped, read back in the browser (part of
``make bench-startup``: tools/bench_startup.py runs it after its own runs, on the same server).

Per run, a profile of its own: the game's first visit makes its snapshot; a page of the bench
(``bench_snapshot.html`` with its module worker ``bench_snapshot.mjs``, which uses the game's own
``ui/worker/snapshot.mjs``) keeps it both ways; the browser is started again (as for a later
visit) and each way is read back from Cache Storage, checked against its digest and, gzipped,
inflated — once, the order alternating between runs, then SNAPSHOT_READS times more. Figures
are printed, never asserted.
"""

from __future__ import annotations

import statistics
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page

SNAPSHOT_PATH = "/__bench__/snapshot.html"
# what the bench's server answers besides the site
PAGES = {
    SNAPSHOT_PATH: Path(__file__).with_name("bench_snapshot.html").read_bytes(),
    "/__bench__/snapshot.mjs": Path(__file__).with_name("bench_snapshot.mjs").read_bytes(),
}
SNAPSHOT_READS = 5  # reads of each way after the first, per run
ENCODINGS = ("raw", "gzip")


def reads(
    new_browser: Callable[[str], BrowserContext],
    visit_game: Callable[[Page], object],
    base: str,
    runs: int,
    timeout: float,
) -> dict[str, list[float]]:
    """The game's snapshot kept both ways and read back (tools/bench_snapshot.mjs), per run in
    a profile of its own: written after the game's first visit, then read in the browser started
    again (as on a later visit; the order of the two ways alternates between runs), then
    SNAPSHOT_READS times more. Milliseconds per read, and each way's size and packing time."""
    got: dict[str, list[float]] = {}

    def bench(context: BrowserContext, asked: dict[str, Any]) -> Any:
        page = context.pages[0] if context.pages else context.new_page()
        if not page.url.endswith(SNAPSHOT_PATH):
            page.goto(base + SNAPSHOT_PATH, timeout=timeout)
            page.wait_for_function("() => document.body.dataset.ready === 'true'")
        answer = page.evaluate("(asked) => window.snapshotBench(asked)", asked)
        if "error" in answer:
            raise RuntimeError(f"snapshot bench: {answer['error']}")
        return answer

    for i in range(runs):
        profile = tempfile.mkdtemp(prefix="longana-bench-")
        context = new_browser(profile)
        visit_game(context.pages[0] if context.pages else context.new_page())
        wrote = bench(context, {"do": "write"})
        context.close()
        context = new_browser(profile)  # started again: a later visit's reads
        order = list(ENCODINGS) if i % 2 == 0 else list(reversed(ENCODINGS))
        first = bench(context, {"do": "read", "order": order, "times": 1})
        again = bench(context, {"do": "read", "order": order, "times": SNAPSHOT_READS})
        bench(context, {"do": "clear"})
        context.close()
        got.setdefault("bytes", []).append(float(wrote["bytes"]))
        for encoding in ENCODINGS:
            got.setdefault(f"first {encoding}", []).extend(first[encoding])
            got.setdefault(f"again {encoding}", []).extend(again[encoding])
            got.setdefault(f"stored {encoding}", []).append(float(wrote[encoding]["stored"]))
            got.setdefault(f"pack {encoding}", []).append(float(wrote[encoding]["pack"]))
        print(
            f"  snapshot run {i + 1}/{runs}: first read "
            + ", ".join(f"{e} {first[e][0]:.0f} ms" for e in order)
            + "; again "
            + ", ".join(f"{e} {statistics.median(again[e]):.0f} ms" for e in order),
            flush=True,
        )
    return got


def report(reads: dict[str, list[float]], game: dict[str, list[float]]) -> dict[str, float]:
    """The snapshot's two ways, side by side (medians; the spread is the middle half)."""

    def spread(values: list[float]) -> str:
        if len(values) < 4:
            return ", ".join(f"{v:.0f}" for v in sorted(values))
        q = statistics.quantiles(values, n=4)
        return f"{q[0]:.0f}-{q[2]:.0f}"

    medians = {name: statistics.median(values) for name, values in reads.items() if values}
    print(
        f"\nthe worker's snapshot, {medians.get('bytes', 0) / 1e6:.1f} MB: kept raw "
        f"{medians.get('stored raw', 0) / 1e6:.1f} MB, gzipped "
        f"{medians.get('stored gzip', 0) / 1e6:.1f} MB (gzipped in "
        f"{medians.get('pack gzip', 0):.0f} ms once, when it is made)"
    )
    print("read from Cache Storage, checked (and inflated), ms: median (middle half)")
    for when, label in (("first", "a browser started again"), ("again", "read again")):
        cells = "   ".join(
            f"{e} {medians.get(f'{when} {e}', 0):4.0f} ({spread(reads.get(f'{when} {e}', []))})"
            for e in ENCODINGS
        )
        print(f"  {label:24} {cells}")
    for encoding, values in game.items():
        if values:
            print(
                f"  the game's later visits ({encoding}, beside Pyodide's start): "
                f"{statistics.median(values):.0f} ms ({spread(values)})"
            )
    return medians
