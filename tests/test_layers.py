"""The engine's floors: each package imports only the floors below it, the standard library is
the only outside code, and no room grows past about 400 lines without a reason.

rules ← players ← device ← classplay ← protocol, cli (on top); lab may import every floor but
the top, and only the command line imports lab (the browser's worker never needs it).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "longana"
FLOORS = {"rules": 0, "players": 1, "device": 2, "classplay": 3, "lab": 4, "top": 5}
MAX_LINES = 400
#: rooms allowed past MAX_LINES, and why
LONGER = {
    "protocol.py": "the worker's one door: every intent and its table of what it takes",
}


def floor_of(module: str) -> str:
    """``longana.players.hard`` → ``players``; modules right under ``longana`` are the top."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in FLOORS else "top"


def modules() -> list[tuple[str, Path]]:
    out = []
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out.append((name, path))
    return out


def imports(name: str, path: Path) -> set[str]:
    """Every module ``name`` imports (relative imports resolved), wherever the import is."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            # ``from . import classplay`` imports a package
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return {m for m in found if m.split(".")[0] != "longana" or is_module(m)}


def is_module(name: str) -> bool:
    path = ROOT.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


MODULES = modules()


@pytest.mark.parametrize("name, path", MODULES, ids=[n for n, _ in MODULES])
def test_imports_run_downhill(name: str, path: Path) -> None:
    mine = floor_of(name)
    for target in imports(name, path):
        if not target.startswith("longana.") or target == "longana":
            continue
        theirs = floor_of(target)
        if theirs == "lab":
            assert mine in ("lab",) or name == "longana.cli", f"{name} imports the lab ({target})"
        elif mine == "lab":
            assert theirs != "top", f"the lab imports the top ({target})"
        else:
            assert FLOORS[theirs] <= FLOORS[mine], f"{name} ({mine}) imports {target} ({theirs})"


@pytest.mark.parametrize("name, path", MODULES, ids=[n for n, _ in MODULES])
def test_only_the_standard_library(name: str, path: Path) -> None:
    outside = {
        m
        for m in imports(name, path)
        if m.split(".")[0] not in sys.stdlib_module_names | {"longana", "__future__"}
    }
    assert not outside, f"{name} imports {outside}"


@pytest.mark.parametrize("name, path", MODULES, ids=[n for n, _ in MODULES])
def test_rooms_stay_small(name: str, path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES or path.name in LONGER, f"{name}: {lines} lines"


def test_every_package_says_its_job() -> None:
    for init in ROOT.rglob("__init__.py"):
        tree = ast.parse(init.read_text(encoding="utf-8"))
        assert ast.get_docstring(tree), f"{init} has no docstring"


def test_the_layers_are_seen() -> None:
    """The check above would pass on nothing: it sees every floor and real imports."""
    floors = {floor_of(name) for name, _ in MODULES}
    assert floors == set(FLOORS)
    assert "longana.rules.board" in imports(*next(m for m in MODULES if m[0].endswith(".hand")))
    assert "longana.classplay" in imports(*next(m for m in MODULES if m[0] == "longana.protocol"))
