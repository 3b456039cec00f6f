"""The address read tolerantly (issue 30): a parameter that is not UTF-8, far too long, or no
language or deal number of the game is left out and said, never an error; the same answers
under CPython and the page's MicroPython."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ui.address import DEAL_INVALID, LANG_UNKNOWN, UNREADABLE, Address, deal_number, unquote
from ui.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tools" / "mpy_run.mjs"

# query -> (lang, deal, class code, notice names)
CASES: list[tuple[str, tuple[Any, Any, Any, list[str]]]] = [
    ("", (None, None, None, [])),
    ("?deal=7b&lang=de", ("de", "7b", None, [])),
    ("?deal=a%2Db&class=ABC-12", (None, "a-b", "ABC-12", [])),
    ("?deal=%207b%20", (None, "7b", None, [])),
    ("?lang=es&lang=de", ("es", None, None, [])),
    ("?deal=caf%E9", (None, None, None, ["deal-invalid"])),
    ("?lang=%FF", (None, None, None, ["address-unreadable"])),
    ("?class=%C3%28", (None, None, None, ["address-unreadable"])),
    ("?class=%C3%28&lang=%FF&deal=%E9", (None, None, None, ["address-unreadable", "deal-invalid"])),
    ("?lang=xx", (None, None, None, ["lang-unknown"])),
    ("?lang=DE", (None, None, None, ["lang-unknown"])),
    ("?lang&deal=", (None, None, None, [])),
    ("?deal=a%20b", (None, None, None, ["deal-invalid"])),
    ("?deal=" + "7" * 33, (None, None, None, ["deal-invalid"])),
    ("?class=" + "A" * 300, (None, None, None, ["address-unreadable"])),
    ("?class=", (None, None, None, [])),
    ("?deal=100%", (None, None, None, ["deal-invalid"])),
    ("?deal=%zz7", (None, None, None, ["deal-invalid"])),
    ("?deal=caf%C3%A9", (None, None, None, ["deal-invalid"])),
    ("?class=caf%C3%A9", (None, None, "café", [])),
    ("?x=%FF&deal=9", (None, "9", None, [])),
]


def read(query: str) -> tuple[Any, Any, Any, list[str]]:
    address = Address(query)
    return address.lang, address.deal, address.class_code, [n for _, n in address.notices]


@pytest.mark.parametrize(("query", "expected"), CASES)
def test_each_parameter_is_read_or_left_out_and_said(query: str, expected: Any) -> None:
    assert read(query) == expected


def test_every_notice_has_its_words_in_every_catalog() -> None:
    for lang in LANGUAGES:
        catalog = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
        for key, _ in (UNREADABLE, LANG_UNKNOWN, DEAL_INVALID):
            section, name = key.split(".")
            assert isinstance(catalog[section][name], str), (lang, key)


def test_deal_numbers() -> None:
    assert deal_number(" 7b ") == "7b" and deal_number("class-7_b") == "class-7_b"
    for bad in ("", "a b", "x" * 33, "é", None, 7):
        assert deal_number(bad) is None


def test_percent_decoding() -> None:
    assert unquote("a%2Db+c") == "a-b c"
    assert unquote("%E2%82%AC") == "€"
    assert unquote("%") == "%" and unquote("%4") == "%4" and unquote("%g1") == "%g1"
    assert unquote("%E9") is None and unquote("%C3%28") is None and unquote("%ED%A0%80") is None


@given(st.text(max_size=60))
def test_no_address_raises(query: str) -> None:
    address = Address(query)
    assert address.lang is None or address.lang in LANGUAGES
    assert address.deal is None or deal_number(address.deal) == address.deal


@given(st.binary(max_size=12))
def test_any_bytes_percent_encoded_are_read_or_refused(raw: bytes) -> None:
    encoded = "".join(f"%{b:02X}" for b in raw)
    try:
        text: str | None = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    assert unquote(encoded) == text


def test_micropython_reads_the_address_as_cpython_does() -> None:
    if shutil.which("node") is None:
        pytest.fail("node is needed to run the page's MicroPython")
    queries = [query for query, _ in CASES]
    code = (
        "import json\nfrom ui.address import Address\n"
        f"out = []\nfor q in json.loads({json.dumps(json.dumps(queries))}):\n"
        "    a = Address(q)\n"
        "    out.append([a.lang, a.deal, a.class_code, [n for _, n in a.notices]])\n"
        "print('RESULT' + json.dumps(out))\n"
    )
    done = subprocess.run(
        ["node", str(RUNNER)], input=code, capture_output=True, text=True, timeout=120
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("RESULT")]
    assert lines, f"MicroPython failed:\n{done.stdout}\n{done.stderr}"
    got = json.loads(lines[-1][len("RESULT") :])
    assert got == [list(expected) for _, expected in CASES]
