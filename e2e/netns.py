"""A network namespace of the test's own, for every test that opens a data channel (issue 35).

WebRTC gathers the machine's addresses as candidates and sends connectivity checks to them (and
Chromium may announce mDNS names): inside this namespace the only addresses are ``lo`` and a
veth pair the test gives addresses of its own, with a default route through it, so that no
packet of a test reaches any network outside the machine. Both ends of the pair stay inside.

- :class:`Namespace` makes it (as root: ``unshare --net``, a holder process keeps it alive);
  :meth:`Namespace.wrapper` writes a program that runs a browser inside it (``nsenter``), which
  Playwright or puppeteer launches in the browser's place, and :meth:`Namespace.serve` starts
  the game's server (``tools/serve.py``) inside it, in a thread that joined it.
- :func:`refuse_outside` is the guard: a page of the namespaced browser gathers its ICE
  candidates and the test refuses to go on unless every address it offers is the namespace's
  own (and the holder's namespace is not the machine's).

Chromium is launched with ``--disable-features=WebRtcHideLocalIpsWithMdns`` (it offers the
veth's address, not an mDNS name nobody inside could resolve): measured by the issue's
author, a channel opened in 0.8 s over the veth's address; with only ``lo`` no candidate is
gathered at all. ``iceServers`` stays empty everywhere.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import queue
import shutil
import subprocess
import tempfile
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tools.serve import serve

CLONE_NEWNET = 0x40000000
SUBNET = "10.77.0."  # the veth pair's addresses: nobody else's
ADDRESSES = (SUBNET + "1", SUBNET + "2")
READY = "namespace ready"
# The veth pair has no IPv6 (lo keeps ::1, where WebKit's driver listens) and READY waits for
# both links to be up: otherwise their link-local addresses arrive a second later, Chromium
# sees the network change under a page that is loading and drops its requests
# (ERR_NETWORK_CHANGED, seen once in CI).
SETUP = f"""set -e
echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6
ip link set lo up
ip link add lgn0 type veth peer name lgn1
ip addr add {ADDRESSES[0]}/24 dev lgn0
ip addr add {ADDRESSES[1]}/24 dev lgn1
ip link set lgn0 up
ip link set lgn1 up
ip route add default dev lgn0
until ip -o link show lgn0 | grep -q 'state UP' && ip -o link show lgn1 | grep -q 'state UP'
do sleep 0.05; done
echo '{READY}'
exec sleep infinity
"""

# what a namespaced Chromium needs besides the project's usual arguments (e2e/browsers.py)
CHROMIUM_TABLE_ARGS = ["--disable-features=WebRtcHideLocalIpsWithMdns"]


def why_not() -> str | None:
    """Why no namespace can be made here (None when one can): root and the tools are needed."""
    if os.geteuid() != 0:
        return "making a network namespace needs root"
    missing = [t for t in ("unshare", "nsenter", "ip") if shutil.which(t) is None]
    if missing:
        return "missing " + ", ".join(missing)
    return None


class Namespace:
    """A network namespace with ``lo`` and a veth pair of its own, kept while the holder
    process lives; :meth:`close` ends that process (and only it)."""

    def __init__(self) -> None:
        reason = why_not()
        if reason is not None:
            raise RuntimeError(reason)
        self.holder = subprocess.Popen(
            ["unshare", "--net", "--", "sh", "-c", SETUP],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.holder.stdout is not None
        line = self.holder.stdout.readline().strip()
        if line != READY:
            self.holder.kill()
            raise RuntimeError(f"the namespace was not made: {self.holder.stderr.read()}")  # type: ignore[union-attr]
        self.path = f"/proc/{self.holder.pid}/ns/net"
        self.folder = Path(tempfile.mkdtemp(prefix="longana-netns-"))
        self.stops: list[threading.Event] = []

    def isolated(self) -> bool:
        """Whether the holder is in a network namespace other than this process's (and pid 1's,
        where that can be read)."""
        outside = {os.readlink("/proc/self/ns/net")}
        with contextlib.suppress(OSError):
            outside.add(os.readlink("/proc/1/ns/net"))
        return os.readlink(self.path) not in outside

    def run(self, *command: str) -> str:
        """A command's output, run inside the namespace."""
        done = subprocess.run(
            ["nsenter", f"--net={self.path}", *command],
            capture_output=True,
            text=True,
            check=True,
            timeout=30,
        )
        return done.stdout

    def wrapper(self, program: str) -> str:
        """The path of a program that runs ``program`` inside the namespace with the arguments
        it is given (launch it in the browser's place: its pipes and descriptors are kept)."""
        name = self.folder / (Path(program).name + "-in-netns")
        name.write_text(f'#!/bin/sh\nexec nsenter --net={self.path} {program} "$@"\n')
        name.chmod(0o755)
        return str(name)

    def serve(self, directory: Path, sent: Counter[str] | None = None) -> str:
        """Start the game's server (``tools/serve.py``) inside the namespace: a thread joins it
        (``setns``) before the server's socket is made. Returns its address; it stops with
        :meth:`close`."""
        answers: queue.Queue[str | BaseException] = queue.Queue()
        stop = threading.Event()
        self.stops.append(stop)

        def inside() -> None:
            try:
                join(self.path)
                with serve(directory, sent=sent) as url:
                    answers.put(url)
                    stop.wait()
            except BaseException as error:  # noqa: BLE001 - handed to the caller
                answers.put(error)

        threading.Thread(target=inside, name="site-in-netns", daemon=True).start()
        answer = answers.get(timeout=30)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    def close(self) -> None:
        for stop in self.stops:
            stop.set()
        with contextlib.suppress(ProcessLookupError):
            self.holder.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.holder.wait(timeout=10)
        shutil.rmtree(self.folder, ignore_errors=True)


def join(path: str) -> None:
    """This thread joins the network namespace at ``path`` (Linux ``setns``; a thread's
    namespace is its own, the rest of the process stays where it was)."""
    libc = ctypes.CDLL(None, use_errno=True)
    fd = os.open(path, os.O_RDONLY)
    try:
        if libc.setns(fd, CLONE_NEWNET) != 0:
            raise OSError(ctypes.get_errno(), "setns failed")
    finally:
        os.close(fd)


@contextlib.contextmanager
def inside(ns: Namespace) -> Iterator[None]:
    """This thread inside ``ns`` for a while, then back where it was: what it starts (a
    driver, a display, a browser) and every socket it opens are inside (WebKit's driver is
    spoken to over HTTP on a port of the namespace's ``lo``)."""
    home = os.open("/proc/thread-self/ns/net", os.O_RDONLY)
    try:
        join(ns.path)
        yield
    finally:
        libc = ctypes.CDLL(None, use_errno=True)
        back = libc.setns(home, CLONE_NEWNET)
        os.close(home)
        assert back == 0, "this thread could not come back from the namespace"


@contextlib.contextmanager
def namespace() -> Iterator[Namespace]:
    made = Namespace()
    try:
        yield made
    finally:
        made.close()


# The addresses a page offers as ICE candidates (no ICE server: host candidates only).
CANDIDATES_JS = """async () => {
  const pc = new RTCPeerConnection({iceServers: []});
  pc.createDataChannel("probe");
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((done) => {
    if (pc.iceGatheringState === "complete") return done();
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") done();
    });
  });
  const found = pc.localDescription.sdp.split("\\r\\n")
    .filter((l) => l.startsWith("a=candidate:")).map((l) => l.split(" ")[4]);
  pc.close();
  return found;
}"""


def refuse_outside(ns: Namespace, page: Any) -> list[str]:
    """The guard of every test that opens a data channel: the holder is in a namespace of its
    own, and the browser's ``page`` offers only the namespace's addresses as candidates (at
    least one). Raises ``AssertionError`` otherwise; returns the addresses."""
    assert ns.isolated(), "not inside a network namespace of the test's own: refused"
    found = page.evaluate(CANDIDATES_JS)
    assert found, "the namespaced browser gathered no candidate (is the veth pair up?)"
    outside = [a for a in found if a not in ADDRESSES]
    assert not outside, f"candidates outside the namespace: {outside}: refused"
    return list(found)
