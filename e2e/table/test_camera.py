"""The host takes a guest's answer with its camera (issue 35): Chromium's fake camera is fed a
video file of the QR code the guest's page shows (made here from the code itself, as Y4M), and
the host's scan reads it (the browser's BarcodeDetector where it reads QR codes, else the
pinned decoder, loaded only then); the guest's table is drawn."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..browsers import Browsers
from ..netns import Namespace
from .conftest import CAMERA
from .peers import answer_of, guest_page, offer, open_host, open_pairing

# one namespace and one namespaced Chromium for the run: on one xdist worker (conftest.py)
pytestmark = pytest.mark.xdist_group("table")

WIDTH, HEIGHT = 640, 480


def y4m(matrix: list[list[bool]], path: Path, frames: int = 3) -> None:
    """A grey video of the QR code ``matrix`` (dark modules black on white), centred."""
    size = len(matrix)
    module = min(WIDTH, HEIGHT) * 5 // 6 // size
    left, top = (WIDTH - module * size) // 2, (HEIGHT - module * size) // 2
    luma = bytearray([235]) * (WIDTH * HEIGHT)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                for dy in range(module):
                    start = (top + y * module + dy) * WIDTH + left + x * module
                    luma[start : start + module] = bytes([16]) * module
    chroma = bytes([128]) * (WIDTH * HEIGHT // 2)
    header = f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode()
    path.write_bytes(header + (b"FRAME\n" + bytes(luma) + chroma) * frames)


def test_the_host_scans_the_guests_answer(table_ns: Namespace, peers: Browsers) -> None:
    table = open_host(peers)
    host = table.host
    open_pairing(host)
    _, link = offer(host, "E")
    guest = guest_page(peers)
    guest.page.goto(link, wait_until="commit")
    answer = answer_of(guest)
    assert guest.page.locator("svg[data-join-qr]").count() == 1
    matrix = guest.page.evaluate(
        """(text) => import('./vendor/qr/index.js')
             .then((qr) => qr.default(text, 'raw', {ecc: 'medium', border: 3}))""",
        answer,
    )
    y4m(matrix, CAMERA)
    native = host.page.evaluate("() => 'BarcodeDetector' in window")
    host.page.click('[data-action="pair-scan"][data-seat="E"]')
    guest.wait_ready()
    decoder = [u for u in host.guard.requests if u.endswith("vendor/qr/decode.js")]
    assert bool(decoder) != native, "the pinned decoder is loaded only where none is native"
    host.page.locator('[data-pair-seat="E"][data-pair-state="joined"]').wait_for()
    assert not host.page.locator("video[data-pair-video]").first.is_visible()
