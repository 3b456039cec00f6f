# The page's entry point (PyScript on MicroPython, main thread; index.html runs it as a script).
# The page's other modules come as one file, ui/page-files.json (tools/build_site.py makes it),
# which ui/boot.js fetched while the runtimes loaded: one request rather than one per module.
# They are written into MicroPython's file system; those the first drawing needs (the table,
# the bars, the hand: ui/dom/start.py and what it imports, which come first in the file) are
# imported each after the modules it imports, the browser getting a turn every SLICE_MS (no
# long task while they load); the panels' modules after them are imported when a panel first
# opens (ui/dom/rooms.py). Then ui/dom/start.py starts the game. If that fails, the loading
# screen (ui/boot.js) says so and offers to retry.
import asyncio
import os

import js

SLICE_MS = 15  # modules are written, then imported, for this long between the browser's turns
ENTRY = "ui.dom.start"  # the last module imported before the first drawing


def make_folders(path: str, made: "set[str]") -> None:
    """The folders of ``path`` ("ui/dom/keys.py": ui, ui/dom), each made once."""
    folder = ""
    for name in path.split("/")[:-1]:
        folder = folder + "/" + name if folder else name
        if folder not in made:
            made.add(folder)
            try:
                os.mkdir(folder)
            except OSError:  # it is there already
                pass


def module_of(path: str) -> str:
    """``ui/dom/keys.py`` -> ``ui.dom.keys``; ``ui/__init__.py`` -> ``ui``."""
    name = path[:-3].replace("/", ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


class Slices:
    """Work done in slices of SLICE_MS, the browser taking a turn before each (and before the
    first: the runtime's start was a long task already)."""

    def __init__(self) -> None:
        self.began: float | None = None

    async def next(self) -> None:
        if self.began is None or js.performance.now() - self.began > SLICE_MS:
            await js.longanaBoot.turn()
            self.began = js.performance.now()


async def unpack(slices: Slices) -> "list[str] | None":
    """The page's modules into the file system, their names in the order to import them; None
    when their file could not be fetched."""
    files = await js.longanaBoot.pageFiles()
    if not files:
        return None
    made: set[str] = set()
    names = []
    for pair in files:
        await slices.next()
        path, text = str(pair[0]), str(pair[1])
        make_folders(path, made)
        with open(path, "w") as out:
            out.write(text)
        names.append(module_of(path))
    return names


async def main() -> None:
    try:
        slices = Slices()
        names = await unpack(slices)
        if names is None or ENTRY not in names:
            js.longanaBoot.fail("failed_files")
            return
        for name in names[: names.index(ENTRY) + 1]:  # the panels' modules wait
            await slices.next()
            __import__(name)
        from ui.dom.start import start

        await start()
    except Exception as error:  # noqa: BLE001 - shown to the person with a retry button
        import sys

        getattr(sys, "print_exception", print)(error)  # MicroPython's traceback
        js.longanaBoot.fail("failed_script", type(error).__name__ + ": " + str(error))


asyncio.create_task(main())
