"""The install dialog's screenshots (assets/screenshots/): the built game in Chromium, a phone
held upright (360x640 at 2x) and a laptop (1366x768), a few moves into a hand.

    python tools/screenshots.py [--site _site]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import ViewportSize, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402 - run as a script
from tools.serve import serve  # noqa: E402

SHOTS: dict[str, tuple[ViewportSize, int]] = {
    "narrow": ({"width": 360, "height": 640}, 2),
    "wide": ({"width": 1366, "height": 768}, 1),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    args = parser.parse_args()
    out = ROOT / "assets" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    with serve(args.site) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, (viewport, scale) in SHOTS.items():
            context = browser.new_context(
                viewport=viewport, device_scale_factor=scale, service_workers="block"
            )
            page = context.new_page()
            page.goto(url + "?deal=screenshot-3")
            page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=120_000)
            page.wait_for_function(
                "() => document.body.dataset.toMove === 'S'"
                " && document.querySelector('[data-hand=S] [data-tile]')",
                timeout=120_000,
            )
            page.locator('[data-hand="S"] [data-tile]:not(.dim)').first.click()
            page.wait_for_timeout(300)
            page.screenshot(path=str(out / f"{name}.png"))
            context.close()
        browser.close()
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
