"""The harness itself: inside the namespace two pages open a data channel over the veth's
address with no ICE server, the descriptions carried by the test (as the pairing codes will)."""

from __future__ import annotations

import time

import pytest

from ..browsers import Browsers
from ..netns import ADDRESSES, Namespace

# one namespace and one namespaced Chromium for the run: on one xdist worker (conftest.py)
pytestmark = pytest.mark.xdist_group("table")

OPEN_JS = """async ([role, remote]) => {
  const pc = window.pc || (window.pc = new RTCPeerConnection({iceServers: []}));
  const dc = window.dc || (window.dc = pc.createDataChannel("t", {negotiated: true, id: 0}));
  window.heard = window.heard || new Promise((done) => dc.onmessage = (e) => done(e.data));
  window.opened = window.opened || new Promise((done) => dc.onopen = done);
  if (remote) await pc.setRemoteDescription(remote);
  if (role === "offer" && !remote) await pc.setLocalDescription(await pc.createOffer());
  if (role === "answer") await pc.setLocalDescription(await pc.createAnswer());
  if (role !== "done") {
    await new Promise((done) => pc.iceGatheringState === "complete" ? done() :
      pc.addEventListener("icegatheringstatechange", () =>
        pc.iceGatheringState === "complete" && done()));
    return {type: pc.localDescription.type, sdp: pc.localDescription.sdp};
  }
  return null;
}"""


def test_channel_opens_inside(table_ns: Namespace, peers: Browsers) -> None:
    host, _ = peers.context()
    guest, _ = peers.context()
    a, b = host.new_page(), guest.new_page()
    a.goto(peers.base_url + "version.json")
    b.goto(peers.base_url + "version.json")
    began = time.perf_counter()
    offer = a.evaluate(OPEN_JS, ["offer", None])
    answer = b.evaluate(OPEN_JS, ["answer", offer])
    a.evaluate(OPEN_JS, ["done", answer])
    a.evaluate("() => window.opened")
    b.evaluate("() => window.opened.then(() => window.dc.send('hello'))")
    assert a.evaluate("() => window.heard") == "hello"
    print(f"\ndata channel open and a message across in {time.perf_counter() - began:.2f} s")
    candidates = [line.split()[4] for line in offer["sdp"].split("\r\n") if "candidate:" in line]
    assert candidates and set(candidates) <= set(ADDRESSES)
    assert "10.77.0." in table_ns.run("ip", "-4", "addr")


def test_namespace_is_settled_when_ready(table_ns: Namespace) -> None:
    """Nothing of the namespace's network changes once it is ready (no IPv6 link-local address
    arriving later): Chromium drops a loading page's requests when it does."""
    for link in ("lgn0", "lgn1"):
        assert table_ns.run("ip", "-6", "addr", "show", "dev", link).strip() == ""
        assert "state UP" in table_ns.run("ip", "-o", "link", "show", link)
