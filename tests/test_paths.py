"""Every path the tree names — in a docstring, a comment, the README or the docs — is a file or
folder of the tree (or one the build makes), so that a file moved or renamed leaves no pointer
to nowhere behind it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"  # the steering repo's shared/, beside the clone
TOP = ("ui", "longana", "tests", "e2e", "tools", "locales", "docs", "typings", "assets")
NAMED = re.compile(
    r"(?<![\w./-])((?:\.\./shared/)?(?:" + "|".join(TOP) + r"|spec|guide)/[\w./-]*\w)(?![\w<{*])"
)
BUILT = {"ui/page-files.json", "longana/release.txt"}  # tools/build_site.py writes them
# (a path with a placeholder or a pattern in it, e2e/test_<x>.py or locales/*.json, is not one)
READ = (".py", ".js", ".mjs", ".md", ".html", ".toml", ".css", ".jsonc", "Makefile")


def tree_files() -> list[str]:
    done = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        pytest.skip("not a git checkout")
    return [f for f in done.stdout.split() if f.endswith(READ) and (ROOT / f).is_file()]


def missing(names: list[str], text_of: dict[str, str]) -> list[str]:
    """``file: path`` for each path a file of ``names`` names that does not exist."""
    found = []
    for name in names:
        for path in sorted(set(NAMED.findall(text_of[name]))):
            path = path.rstrip(".")
            if path in BUILT or path.startswith(("spec/", "guide/")):
                continue  # the shared spec's own names (spec/rules.md) are checked as ../shared/
            if path.startswith("../shared/"):
                if SHARED.is_dir() and not (SHARED / path.removeprefix("../shared/")).exists():
                    found.append(f"{name}: {path}")
            elif not (ROOT / path).exists():
                found.append(f"{name}: {path}")
    return found


def test_every_path_named_in_the_tree_exists() -> None:
    names = tree_files()
    text_of = {n: (ROOT / n).read_text(encoding="utf-8", errors="replace") for n in names}
    assert len(names) > 100
    assert missing(names, text_of) == []


def test_a_path_to_nowhere_is_found() -> None:
    gone = "ui/" + "page.py"  # (not written whole: this file would name it)
    text_of = {
        "x.py": f"See {gone}, tests/ui/test_catalogs.py, e2e/test_<x>.py, ui/page-files.json."
    }
    assert missing(["x.py"], text_of) == [f"x.py: {gone}"]
