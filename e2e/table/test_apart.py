"""Devices that cannot reach each other (issue 35: a network that keeps devices apart, as some
school and guest Wi-Fi does): within 15 s both say so and what to try, and the host's table
goes on. The two codes are packed again with an address nobody has on the namespace's veth
subnet, so the connectivity checks find nothing."""

from __future__ import annotations

import pytest

from ..browsers import Browsers
from ..netns import SUBNET, Namespace
from .peers import accept, answer_of, guest_page, offer, open_host, open_pairing, to_move

# one namespace and one namespaced Chromium for the run: on one xdist worker (conftest.py)
pytestmark = pytest.mark.xdist_group("table")

# the code read back and packed again with its IPv4 candidates moved to `nowhere`
ELSEWHERE = """async ([text, kind, nowhere]) => {
  const code = await import('./ui/peer/code.mjs');
  const release = (await (await fetch('./version.json')).json()).version;
  const copy = code.copyOf(location.pathname.replace(/[^/]*$/, ''));
  const read = code.unpack(text, {kind, release, copy});
  for (const c of read.parts.candidates) if (c.kind === 1) c.address = nowhere;
  return code.pack({kind, sdp: code.sdp(read.parts), seat: read.seat, release, copy,
                    tag: read.tag});
}"""


def test_devices_kept_apart_are_told_what_to_try(table_ns: Namespace, peers: Browsers) -> None:
    table = open_host(peers)
    host = table.host
    open_pairing(host)
    code, _ = offer(host, "E")
    apart = host.page.evaluate(ELSEWHERE, [code, "offer", SUBNET + "201"])
    guest = guest_page(peers)
    guest.page.goto(peers.base_url + "#join=" + apart, wait_until="commit")
    answer = guest.page.evaluate(ELSEWHERE, [answer_of(guest), "answer", SUBNET + "202"])
    accept(host, "E", answer)
    for page in (host.page, guest.page):
        notice = page.locator('#toasts [data-notice="network-apart"]')
        notice.wait_for(timeout=25_000)
        assert "hotspot" in notice.inner_text()
    host.close_panel("table")
    assert to_move(host.page) is not None  # the host's table goes on
