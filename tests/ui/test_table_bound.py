"""Issue 37, item 2, on the page: a teacher's table no single entry can block, read under the
pinned MicroPython (node, the page's runtime) through the storage guard of ui/storage.js.

The audit's table of about 1 MB (2,000 honest entries of long matches, under the page's bound) was
neither shown nor set aside: MicroPython cannot even take a text of 1 MB from JavaScript (a
MemoryError, which the store took for storage refusing). Now the guard hands the table over entry
by entry and joins what the page writes and sends from pieces: the 2,000 entries read, are written
back and make the worker's intent, and no text of a MB ever enters the page's heap. A kept proof
with one extra key (5,000 digits, nested 120 deep, ``1e999``) is read with the key left out; an
entry out of range is set aside alone and counted; a table over the bound is set aside whole,
unread, said, and offered as a download made by the guard."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from test_storage_faults import GUARD, STAND_IN, micropython_with

from longana.classplay import ClassCode, Result
from longana.classplay.replay import play_class
from ui import class_table
from ui.storage import CLASS_RESULTS, CORRUPT_SET_ASIDE, SAVE_LIMIT, Store

SOLO = ("person", "computer", "computer", "computer")
CODE = ClassCode.make("LONG", SOLO, "easy", 180)


@pytest.fixture(scope="module")
def long_match() -> Result:
    pick = random.Random(3)
    game = play_class(CODE, 99, lambda g, legal: pick.choice(legal))
    return Result.of(game, 0, "Student")


def table(entries: list[Any]) -> str:
    return json.dumps({"schema": 1, "class": CODE.text, "results": entries})


def at_the_bound(result: Result) -> tuple[str, int]:
    """2,000 entries of a long match, each under its own code, as near 1 MB as they come."""
    entries = [[f"{result.text}-{k:04d}", result.proof] for k in range(class_table.MAX_RESULTS)]
    text = table(entries)
    assert 0.8 * SAVE_LIMIT < len(text) <= SAVE_LIMIT, len(text)
    return text, len(entries)


def seeded(tmp_path: Path, items: dict[str, str]) -> Path:
    """A script that puts ``items`` into the stand-in localStorage before the page's code runs."""
    seed = tmp_path / "seed.js"
    lines = [
        f"globalThis.storageItems.set({json.dumps(k)}, {json.dumps(v)});" for k, v in items.items()
    ]
    seed.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return seed


READ = """
import js, json, time
from ui import class_table
from ui.storage import Store, CLASS_RESULTS
store = Store(js.longanaStorage, '/')
start = time.ticks_ms()
(code, kept, left), said = store.read_split(CLASS_RESULTS, 'results', class_table.read_table)
out = {'read_ms': time.ticks_diff(time.ticks_ms(), start), 'code': code, 'kept': len(kept),
       'left': left, 'said': said, 'aside': store.aside_names.get(CLASS_RESULTS)}
made = store.joined(class_table.kept_pieces(code, kept))
out['written'] = store.put(CLASS_RESULTS, made)
out['length'] = int(made.length)
texts = [json.dumps(t) for _, t in kept]
head = '{"do": "class-table", "class": ' + json.dumps(code) + ', "texts": [], "kept": ['
body = [(", " if k else "") + t for k, t in enumerate(texts)]
intent = store.joined([head] + body + [']}'])
out['intent'] = int(intent.length)
out['first'] = kept[0][1] if kept else None
out['url'] = store.url(out['aside'], 'application/json') if out['aside'] else None
print('RESULT' + json.dumps(out))
"""


def read_under_micropython(tmp_path: Path, items: dict[str, str]) -> dict[str, Any]:
    out = micropython_with(READ, [GUARD, STAND_IN, seeded(tmp_path, items)])
    lines = [line for line in out.splitlines() if line.startswith("RESULT")]
    assert lines, f"MicroPython did not finish:\n{out[-2000:]}"
    got: dict[str, Any] = json.loads(lines[-1][len("RESULT") :])
    return got


def test_a_table_at_the_bound_is_read_written_and_sent_entry_by_entry(
    tmp_path: Path, long_match: Result
) -> None:
    text, count = at_the_bound(long_match)
    got = read_under_micropython(tmp_path, {CLASS_RESULTS: text})
    print(
        f"\n{count} entries, {len(text):,} characters read under MicroPython in {got['read_ms']} ms"
    )
    assert (got["code"], got["kept"], got["left"], got["said"]) == (CODE.text, count, 0, None)
    compact = [[e[0], json.dumps(e, separators=(",", ":"))] for e in json.loads(text)["results"]]
    assert got["written"] is True and got["length"] == len(
        class_table.kept_text(CODE.text, compact)
    )
    assert got["intent"] > got["length"], "every entry sent, each as its own (escaped) text"
    assert json.loads(got["first"]) == [f"{long_match.text}-0000", long_match.proof]


@pytest.mark.parametrize(
    "extra", ['"x": ' + "9" * 5000, '"x": ' + "[" * 120 + "]" * 120, '"x": 1e999']
)
def test_one_extra_key_in_a_kept_proof_is_left_out_and_blocks_nothing(
    tmp_path: Path, long_match: Result, extra: str
) -> None:
    good = json.dumps([long_match.text, long_match.proof])
    odd = good[:-2] + ", " + extra + "}]"
    text = '{"schema": 1, "class": "' + CODE.text + '", "results": [' + good + ", " + odd + "]}"
    got = read_under_micropython(tmp_path, {CLASS_RESULTS: text})
    assert (got["kept"], got["left"], got["said"]) == (2, 0, None), "both read, nothing aside"


def test_an_entry_out_of_range_is_set_aside_alone_and_counted(
    tmp_path: Path, long_match: Result
) -> None:
    good = [long_match.text, long_match.proof]
    bad = [long_match.text, {**long_match.proof, "hands": [2**40]}]
    text = table([good, bad, good, bad, bad, good, bad, bad, bad, bad])
    got = read_under_micropython(tmp_path, {CLASS_RESULTS: text})
    assert (got["kept"], got["left"], got["said"]) == (3, 7, CORRUPT_SET_ASIDE), "7 aside, 7 said"
    assert got["aside"] == CLASS_RESULTS + ":corrupt" and got["url"], "offered as a download"


def test_a_table_over_the_bound_is_set_aside_unread_and_offered(
    tmp_path: Path, long_match: Result
) -> None:
    text, _ = at_the_bound(long_match)
    over = text.replace(
        "]]}", "]], " + ", ".join([json.dumps([long_match.text, long_match.proof])] * 400) + "]}"
    )
    assert len(over) > SAVE_LIMIT
    got = read_under_micropython(tmp_path, {CLASS_RESULTS: over})
    assert (got["code"], got["kept"], got["said"]) == (None, 0, CORRUPT_SET_ASIDE)
    assert got["aside"] == CLASS_RESULTS + ":corrupt" and str(got["url"]).startswith("blob:")


def test_the_store_reads_the_same_entries_over_a_plain_stand_in(long_match: Result) -> None:
    """CPython and the tests' stand-ins: the store splits the text itself, the same way."""
    from test_store_bounds import Guarded

    text = table([[long_match.text, long_match.proof]] * 3)
    store = Store(Guarded({CLASS_RESULTS: text}), "/")
    (code, kept, left), said = store.read_split(CLASS_RESULTS, "results", class_table.read_table)
    assert (code, len(kept), left, said) == (CODE.text, 3, 0, None)
    assert class_table.kept_text(code, kept) == text.replace("], [", "], [")
