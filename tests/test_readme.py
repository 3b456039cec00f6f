"""The README's Python examples run as written, and its map names every module of the engine."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_readmes_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README has no Python example"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})  # noqa: S102 - our own README


def test_the_map_names_every_module_of_the_engine() -> None:
    text = README.read_text(encoding="utf-8")
    part = text[text.index("- `longana/`") : text.index("- The browser runs")]
    engine = README.parent / "longana"
    for package in sorted(p for p in engine.iterdir() if (p / "__init__.py").is_file()):
        assert f"`{package.name}/`" in part, package.name
        for module in sorted(package.glob("*.py")):
            if module.name != "__init__.py":
                assert f"`{module.name}`" in part, f"{package.name}/{module.name}"
    for module in sorted(engine.glob("*.py")):
        if module.name != "__init__.py":
            assert f"`{module.name}`" in part, module.name
