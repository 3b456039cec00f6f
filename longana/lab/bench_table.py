"""How long the teacher's table takes to add pasted lines (the engine's part of issue 30's aim:
1000 lines added in under 10 s in Chromium). Prints figures; asserts nothing.

    python -m longana.lab.bench_table [lines] [distinct] [level]

``distinct`` students' results (each a whole class match, the person taking a random legal
move) are pasted as ``lines`` lines, in one ``class-table`` answer with nothing kept
(every line replayed once; the copies are remembered), then the table is answered again as a
reload does (every entry kept, by its proof) with one line added. The same module runs inside
the pinned Pyodide under node (``tools/bench_pyodide_table.mjs``).
"""

from __future__ import annotations

import json
import random
import sys
import time

from ..classplay import ClassCode, Result
from ..classplay import replay as replay_module
from ..classplay.replay import play_class
from ..classplay.table import Table
from ..device.session import Session
from ..rules.tiles import Move

SOLO = ("person", "computer", "computer", "computer")


def results(distinct: int, level: str) -> tuple[ClassCode, list[Result]]:
    code = ClassCode.make("BENCH", SOLO, level, 100)
    out = []
    for k in range(distinct):
        pick = random.Random(k)

        def person(game: Session, legal: list[Move], pick: random.Random = pick) -> Move:
            return pick.choice(legal)

        game = play_class(code, 99, person)
        out.append(Result.of(game, 0, f"Student {k + 1}"))
    return code, out


def figures(lines: int = 1000, distinct: int = 30, level: str = "normal") -> dict[str, object]:
    start = time.perf_counter()
    code, made = results(distinct, level)
    played = time.perf_counter() - start
    pasted = "\n".join(made[k % distinct].text for k in range(lines))
    replay_module._ANSWERS.clear()  # the teacher's worker has played none of them
    table = Table()
    start = time.perf_counter()
    first = table.answer(code, [], [pasted])
    added = time.perf_counter() - start
    reload = Table()  # a reload: a new worker, the table kept with its proofs
    start = time.perf_counter()
    again = reload.answer(code, first["keep"], [made[0].text])
    kept = time.perf_counter() - start
    intent = json.dumps({"do": "class-table", "kept": first["keep"], "texts": [pasted]})
    return {
        "lines": lines,
        "distinct": distinct,
        "level": level,
        "rows": len(first["table"]["rows"]),
        "students_played_s": round(played, 2),
        "add_lines_s": round(added, 2),
        "reload_and_add_one_s": round(kept, 3),
        "kept_after_reload": len(again["keep"]),
        "intent_kB": round(len(intent) / 1000, 1),
        "runtime": sys.version.split()[0] + (" (Pyodide)" if sys.platform == "emscripten" else ""),
    }


def main(argv: list[str]) -> None:
    lines = int(argv[0]) if argv else 1000
    distinct = int(argv[1]) if len(argv) > 1 else 30
    level = argv[2] if len(argv) > 2 else "normal"
    print(json.dumps(figures(lines, distinct, level)))


if __name__ == "__main__":
    main(sys.argv[1:])
