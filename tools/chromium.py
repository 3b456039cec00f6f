"""Debian's Chromium as every tool and test drives it (Playwright): the browser-test suite
(``e2e/``), the start-up and review benchmarks and the install dialog's screenshots."""

CHROMIUM = "/usr/bin/chromium"
# no sandbox (the tests run as root), no GPU, nothing fetched from elsewhere behind the page
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
