"""The teacher's table as the device keeps it: what reads back of it (``longana:class-results``,
within bounds) and the result codes typed in it; its panel is :mod:`ui.class_table_panel`. Runs
under MicroPython and CPython.

The device keeps ``{"schema": 1, "class": CODE, "results": [[result code, proof], …]}``. Read
back (:func:`read_table`), an entry of another shape or out of range (a number of 5,000 digits
in a proof, a code of characters no code has) is left out of the table and counted; the text as
it was is set aside once by the store (:meth:`ui.storage.Store.read_bounded`), to download, and
the table that reads is written in its place. The worker checks every entry again
(``class-table`` with ``kept``): what it cannot read comes back ``aside``, to keep beside the
table, never dropped.
"""

import json

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from .frame_cache import is_int

KEPT_SCHEMA = 1  # the teacher's table as the device keeps it (``longana:class-results``)
MAX_RESULTS = 2000  # results kept: a class hands in tens; two thousand is a school's year
CODE_LETTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-/"  # what the worker writes codes with
MAX_CODE = 400  # characters of a result code (the longest name makes about 90)
MAX_HANDS = 999
MAX_DECISIONS = 100000
MAX_NUMBER = 2**32  # a proof's numbers: points, play keys, decisions


def _code(text: Any, most: int = MAX_CODE) -> bool:
    return isinstance(text, str) and 0 < len(text) <= most and all(c in CODE_LETTERS for c in text)


def _numbers(value: Any, most: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) <= most
        and all(is_int(v, 0, MAX_NUMBER) for v in value)
    )


def kept_entry(entry: Any) -> bool:
    """Whether ``entry`` is ``[result code, proof]`` as this page keeps them, every number in
    range (the worker checks that the proof is the code's)."""
    if not (isinstance(entry, list) and len(entry) == 2 and _code(entry[0])):
        return False
    proof = entry[1]
    if not isinstance(proof, dict) or not isinstance(proof.get("finished"), bool):
        return False
    choices = proof.get("choices")
    return (
        _numbers(proof.get("hands"), MAX_HANDS)
        and _numbers(proof.get("plays"), MAX_HANDS)
        and isinstance(choices, list)
        and len(choices) <= MAX_DECISIONS
        and all(isinstance(c, list) and len(c) == 2 and _numbers(c, 2) for c in choices)
    )


def read_table(text: Any) -> "tuple[tuple[Any, list[list[Any]], int], Any]":
    """The teacher's table kept on the device: ((its class code or None, the entries that
    read, how many did not), the tidy text to store instead when any did not: ``""`` for none
    at all), for :meth:`ui.storage.Store.read_bounded`. Nothing is drawn or sent from an
    entry that does not read."""
    nothing: tuple[Any, list[list[Any]], int] = (None, [], 1)
    if not text:
        return (None, [], 0), None
    try:
        data = json.loads(text)
    except Exception:  # noqa: BLE001 - no JSON (MicroPython raises ValueError, or its own)
        return nothing, ""
    if not isinstance(data, dict) or data.get("schema") != KEPT_SCHEMA:
        return nothing, ""
    code, results = data.get("class"), data.get("results")
    if not _code(code, 40) or not isinstance(results, list):
        return nothing, ""
    kept = [[r[0], r[1]] for r in results if kept_entry(r)][:MAX_RESULTS]
    left = len(results) - len(kept)
    return (code, kept, left), (kept_text(code, kept) if left else None)


def read_kept(text: Any) -> "tuple[Any, list[list[Any]]]":
    """The teacher's table kept on the device: (its class code or None, [[result code,
    proof], …]), the entries that read (:func:`read_table`)."""
    (code, kept, _), _ = read_table(text)
    return code, kept


def kept_text(code: Any, kept: "list[list[Any]]") -> str:
    """The text ``read_table`` reads."""
    return json.dumps({"schema": KEPT_SCHEMA, "class": code, "results": kept})


def result_lines(text: str) -> "list[tuple[int, str]]":
    """The result codes typed in the teacher's table, each with its line number (from 1,
    blank lines counted)."""
    out = []
    for number, line in enumerate(text.split("\n"), 1):
        line = line.strip()
        if line:
            out.append((number, line))
    return out
