"""Pairing codes (``ui/peer/code.mjs``, issue 35), run under node as the page runs them: real
descriptions of Chromium and Firefox (``fixtures/sdp.json``: offers and answers, with the
veth's address and with mDNS names, gathered inside a network namespace) packed and read back
to the same essentials, the description written back read again the same; every garble of a
code refused as garbled, and a code of another release, another copy or the other kind
refused by name."""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CODE = ROOT / "ui" / "peer" / "code.mjs"
SAMPLES = json.loads((Path(__file__).parent / "fixtures" / "sdp.json").read_text())
RELEASE = "0123abcd89ef4567"
PATH = "/"

HARNESS = """
const code = await import(process.argv[1]);
const cases = JSON.parse(process.argv[2]);
const refused = (f) => { try { f(); return null; } catch (e) { return e.code ?? String(e); } };
const out = [];
for (const c of cases) {
  const copy = code.copyOf(c.path);
  const made = code.pack({...c.pack, copy});
  const want = {kind: c.kind ?? c.pack.kind, release: c.release, copy: code.copyOf(c.readPath)};
  const text = c.text !== undefined ? c.text.replace("CODE", made) : made;
  const read = refused(() => code.unpack(text, want));
  let back = null;
  if (read === null) {
    const got = code.unpack(text, want);
    back = {seat: got.seat, tag: got.tag, kind: got.kind, parts: got.parts,
            again: code.essentials(got.sdp)};
  }
  const garbles = [];
  if (c.garble) {
    for (let i = 0; i < made.length; i++) {
      const other = made[i] === "A" ? "B" : "A";
      garbles.push(refused(() => code.unpack(made.slice(0, i) + other + made.slice(i + 1), want)));
    }
    garbles.push(refused(() => code.unpack(made.slice(0, -1), want)));
    garbles.push(refused(() => code.unpack(made + "A", want)));
    garbles.push(refused(() => code.unpack(made.slice(0, 10) + "1" + made.slice(11), want)));
  }
  out.push({made, read, back, original: code.essentials(c.pack.sdp), garbles});
}
console.log(JSON.stringify(out));
"""


def run(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is needed to run the page's JavaScript")
    done = subprocess.run(
        [node, "--input-type=module", "-e", HARNESS, CODE.as_uri(), json.dumps(cases)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout))


def case(name: str, **extra: Any) -> dict[str, Any]:
    kind = "offer" if name.endswith("offer") else "answer"
    tag = 0 if kind == "offer" else 0xBEEF
    made = {"kind": kind, "sdp": SAMPLES[name], "seat": "E", "release": RELEASE, "tag": tag}
    return {"pack": made, "release": RELEASE, "path": PATH, "readPath": PATH, **extra}


@functools.cache
def round_trips() -> dict[str, dict[str, Any]]:
    """Every sample packed and read back, in one run of node."""
    return dict(zip(sorted(SAMPLES), run([case(name) for name in sorted(SAMPLES)]), strict=True))


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_round_trip(name: str) -> None:
    result = round_trips()[name]
    assert result["read"] is None
    back, original = result["back"], result["original"]
    assert original is not None and original["candidates"], "the sample has no candidate"
    assert back["seat"] == "E" and back["kind"] == ("offer" if "offer" in name else "answer")
    assert back["tag"] == (0 if "offer" in name else 0xBEEF)
    parts = back["parts"]
    for key in ("ufrag", "pwd", "setup"):
        assert parts[key] == original[key]
    assert parts["fingerprint"] == original["fingerprint"].upper()
    assert [(c["address"], c["port"]) for c in parts["candidates"]] == [
        (c["address"], c["port"]) for c in original["candidates"]
    ]
    assert back["again"] == parts  # the description written back reads the same
    print(f"\n{name}: {len(SAMPLES[name])} bytes of SDP -> a code of {len(result['made'])}")
    assert len(result["made"]) < 200  # a QR code of version 10 or less, even as a link


def test_garbles_are_refused() -> None:
    (result,) = run([case("chromium-mdns-offer", garble=True)])
    assert result["garbles"] and set(result["garbles"]) == {"garbled"}


REFUSED = [
    ({"release": "ffff0000ffff0000"}, "release"),
    ({"readPath": "/class/7b/"}, "copy"),
    ({"kind": "answer"}, "kind"),
    ({"text": ""}, "empty"),
    ({"text": "   "}, "empty"),
    ({"text": "not a code at all!"}, "garbled"),
]


def test_refused_by_name() -> None:
    results = run([case("firefox-offer", **extra) for extra, _ in REFUSED])
    assert [r["read"] for r in results] == [why for _, why in REFUSED]


@pytest.mark.parametrize("text", ["https://example.org/longana/#join=CODE", " CODE ", "CODE\n"])
def test_a_link_or_a_code_as_pasted(text: str) -> None:
    (result,) = run([case("chromium-offer", text=text)])
    assert result["read"] is None, result["read"]


def test_typed_in_lower_case_with_dashes() -> None:
    (made,) = run([case("chromium-answer")])  # packing is deterministic: the same code again
    code = made["made"]
    typed = "-".join(code[i : i + 4] for i in range(0, len(code), 4)).lower()
    (again,) = run([case("chromium-answer", text=typed)])
    assert again["made"] == code and again["read"] is None
