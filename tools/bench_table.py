"""Figures of a table across devices (issue 35), measured inside a network namespace of its own
(e2e/netns.py: nothing it sends leaves the machine; run as root). Prints:

- a guest's first visit: the bytes on the wire from the link opened until its answer is on
  screen, and the time to that (``longana:join-shown``); whether Pyodide was fetched;
- pairing: from the host taking the guest's answer to the guest's table drawn;
- the host's memory (the browser's process tree, PSS) with three guests at its table, against
  the same table on one device.

    .venv/bin/python tools/bench_table.py [--site _site]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from e2e.netns import CHROMIUM_TABLE_ARGS, namespace  # noqa: E402
from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

MARK = "--longana-bench-host"  # names the host's browser among the machine's processes


def tree_pss(marker: str) -> float:
    """MB of PSS of the browser process whose command line holds ``marker`` and of every
    process under it."""
    parents: dict[int, int] = {}
    roots = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text()
            parents[int(proc.name)] = int(stat.rsplit(")", 1)[1].split()[1])
            if marker in (proc / "cmdline").read_bytes().decode(errors="replace"):
                roots.append(int(proc.name))
        except OSError:
            continue
    tree = set(roots)
    grew = True
    while grew:
        more = {p for p, parent in parents.items() if parent in tree} - tree
        grew = bool(more)
        tree |= more
    total = 0
    for pid in tree:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def host_ready(browser: Browser, url: str) -> Page:
    page = browser.new_context(service_workers="block").new_page()
    page.goto(url + "?deal=35", wait_until="commit")
    page.wait_for_function("() => document.body?.dataset.ready === 'true'", timeout=180_000)
    page.wait_for_function(
        "() => performance.getEntriesByName('longana:worker-ready').length", timeout=180_000
    )
    return page


def settle(page: Page) -> None:
    """The host's table waiting on a person (its own, or a guest's), the computer not
    thinking, the browser given a moment to settle."""
    page.wait_for_function(
        "() => document.body.dataset.toMove && document.body.dataset.busy === 'false'"
        " && document.body.dataset.ready === 'true'",
        timeout=120_000,
    )
    time.sleep(3)


def pair(host: Page, guests: Browser, seat: str, sent: Counter[str]) -> dict[str, Any]:
    link = str(host.get_attribute(f'[data-pair-seat="{seat}"] a[data-pair-link]', "href"))
    guest = guests.new_context(viewport={"width": 360, "height": 640}).new_page()
    asked: list[str] = []
    guest.on("request", lambda r: asked.append(r.url))
    sent.clear()
    guest.goto(link, wait_until="commit")
    guest.wait_for_selector("[data-join-code]", timeout=60_000)
    wire = sum(sent.values())
    shown = guest.evaluate("() => performance.getEntriesByName('longana:join-shown')[0].startTime")
    answer = str(guest.text_content("[data-join-code]")).strip()
    host.fill(f'[data-pair-answer][data-seat="{seat}"]', answer)
    began = time.perf_counter()
    host.click(f'[data-action="pair-accept"][data-seat="{seat}"]')
    guest.wait_for_function("() => document.body?.dataset.ready === 'true'", timeout=30_000)
    return {
        "shown_s": shown / 1000,
        "wire_mb": wire / 1e6,
        "paired_s": time.perf_counter() - began,
        "pyodide": any("pyodide" in u for u in asked),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    args = parser.parse_args(argv)
    sent: Counter[str] = Counter()
    with namespace() as ns, sync_playwright() as play:
        url = ns.serve(args.site, sent=sent)

        def launch(*extra: str) -> Browser:
            flags = CHROMIUM_ARGS + CHROMIUM_TABLE_ARGS + list(extra)
            return play.chromium.launch(executable_path=ns.wrapper(CHROMIUM), args=flags)

        alone = launch(MARK)
        settle(host_ready(alone, url))
        one = tree_pss(MARK)
        alone.close()

        hosting, guests = launch(MARK), launch()
        host = host_ready(hosting, url)
        host.click('[data-action="settings"]')
        host.click('[data-action="table-host"]')
        host.wait_for_selector('[data-pair-seat="W"] [data-pair-code]', timeout=30_000)
        runs = [pair(host, guests, seat, sent) for seat in "ENW"]
        host.click('[data-dialog="table"] [data-action="close"]')
        settle(host)
        three = tree_pss(MARK)
        hosting.close()
        guests.close()
    for key, label in (
        ("shown_s", "a guest's answer on screen after its link opened (s)"),
        ("wire_mb", "a guest's first visit on the wire until then (MB)"),
        ("paired_s", "pairing: answer taken to the guest's table drawn (s)"),
    ):
        values = [r[key] for r in runs]
        print(f"{label}: {', '.join(f'{v:.2f}' for v in values)}")
        print(f"  median {statistics.median(values):.2f}")
    print(f"Pyodide fetched by a guest: {any(r['pyodide'] for r in runs)}")
    print(f"host's browser, one-device table: {one:.0f} MB PSS")
    print(f"host's browser, three guests at its table: {three:.0f} MB PSS ({three / one:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
