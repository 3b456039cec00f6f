"""The teacher's table as the device keeps it: what reads back of it (``longana:class-results``,
within bounds) and the result codes typed in it; its panel is :mod:`ui.class_table_panel`. Runs
under MicroPython and CPython.

The device keeps ``{"schema": 1, "class": CODE, "results": [[result code, proof], …]}``. It is
read back entry by entry (:func:`read_table`, the storage guard handing over each entry as its
own JSON text: the page's heap never holds the whole), each within bounds on its own: a proof's
keys of another release are left out, and an entry of another shape or out of range (a number
of 5,000 digits in a proof, a code of characters no code has) is left out of the table alone and
counted; the text as it was is then set aside once by the store
(:meth:`ui.storage.Store.read_split`), to download, and the table that reads is written in its
place. The worker checks every entry again, each on its own (``class-table`` with ``kept``, each
entry its text): what it cannot read comes back ``aside``, to keep beside the table, never
dropped.
"""

import json

try:
    from typing import Any
except ImportError:  # MicroPython
    pass

from .storage import split_text

KEPT_SCHEMA = 1  # the teacher's table as the device keeps it (``longana:class-results``)
MAX_RESULTS = 2000  # results kept: a class hands in tens; two thousand is a school's year
CODE_LETTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-/"  # what the worker writes codes with
_LETTERS = frozenset(CODE_LETTERS)
MAX_CODE = 400  # characters of a result code (the longest name makes about 90)
MAX_HANDS = 999
MAX_DECISIONS = 100000
MAX_NUMBER = 2**32  # a proof's numbers: points, play keys, decisions
MAX_ENTRY = 64 * 1024  # characters of one kept entry (a long match's is about 500)
PROOF_KEYS = ("hands", "finished", "choices", "plays")  # what a proof holds: nothing else kept
#: what looks like nothing around a pasted code: spaces of every kind, line separators, marks
BLANK = (
    " \t\r\x0b\x0c\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
    "\u200a\u200b\u200c\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff"
)


def _code(text: Any, most: int = MAX_CODE) -> bool:
    return isinstance(text, str) and 0 < len(text) <= most and _LETTERS.issuperset(text)


def _numbers(value: Any, most: int) -> bool:
    """A list of at most ``most`` numbers in range, looked at in bulk (``min``/``max`` run in
    C: a table holds two thousand proofs of hundreds of numbers, and MicroPython is slow to
    loop over them). Only bounds: the worker checks each number's kind (a truth value, a
    fraction) and that the proof is its code's."""
    if type(value) is not list or len(value) > most:
        return False
    try:
        return not value or (min(value) >= 0 and max(value) <= MAX_NUMBER)
    except TypeError:  # something that is no number
        return False


def _choices(value: Any) -> bool:
    """The decisions of a proof: a list of at most MAX_DECISIONS (each pair, and that the
    proof is its code's, the worker checks: an entry it cannot read is set aside alone)."""
    return type(value) is list and len(value) <= MAX_DECISIONS


def kept_entry(entry: Any) -> bool:
    """Whether ``entry`` is ``[result code, proof]`` as this page keeps them, every number in
    range (the worker checks that the proof is the code's)."""
    if not (isinstance(entry, list) and len(entry) == 2 and _code(entry[0])):
        return False
    proof = entry[1]
    if not isinstance(proof, dict) or not isinstance(proof.get("finished"), bool):
        return False
    return (
        _numbers(proof.get("hands"), MAX_HANDS)
        and _numbers(proof.get("plays"), MAX_HANDS)
        and _choices(proof.get("choices"))
    )


def read_entry(text: Any) -> "tuple[str, str] | None":
    """One kept entry's JSON text, read and checked on its own: (its result code, its text as
    this page keeps it: a proof's keys of another release left out), or None when it is no
    entry (too long, no JSON, out of range)."""
    if not isinstance(text, str) or not text or len(text) > MAX_ENTRY:
        return None
    try:
        entry = json.loads(text)
    except Exception:  # noqa: BLE001 - no JSON (MicroPython raises ValueError, or its own)
        return None
    if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], dict)):
        return None
    proof = {k: entry[1][k] for k in PROOF_KEYS if k in entry[1]}
    if not kept_entry([entry[0], proof]):
        return None
    if len(proof) != len(entry[1]):  # unknown keys: left out, never sent
        text = json.dumps([entry[0], proof])
    return entry[0], text


def read_table(split: Any) -> "tuple[tuple[Any, list[list[str]], int], Any]":
    """The teacher's table kept on the device, handed over entry by entry
    (:meth:`ui.storage.Store.split`; a text is split here): ((its class code or None, the
    entries that read as ``[result code, entry text]``, how many did not: -1 when the table
    is no table at all), the pieces of the tidy table to store instead when any did not (``[]``
    for none at all), else None), for :meth:`ui.storage.Store.read_split`. Each entry is read
    on its own: one that does not read is left out alone, and nothing is drawn or sent of it."""
    if isinstance(split, str):
        split = split_text(split, "results")
    if split is None:
        return (None, [], 0), None
    head, texts, count = split
    nothing: tuple[Any, list[list[str]], int] = (None, [], count)
    try:
        data = json.loads(head) if head else None
    except Exception:  # noqa: BLE001 - no JSON (MicroPython raises ValueError, or its own)
        data = None
    if not isinstance(data, dict) or data.get("schema") != KEPT_SCHEMA:
        return nothing, []
    code = data.get("class")
    if not _code(code, 40):
        return nothing, []
    kept: list[list[str]] = []
    for text in texts[:MAX_RESULTS]:
        entry = read_entry(text)
        if entry is not None:
            kept.append([entry[0], entry[1]])
    left = len(texts) - len(kept)
    return (code, kept, left), (kept_pieces(code, kept) if left else None)


def read_kept(text: Any) -> "tuple[Any, list[list[str]]]":
    """The teacher's table kept on the device: (its class code or None, [[result code, entry
    text], …]), the entries that read (:func:`read_table`)."""
    (code, kept, _), _ = read_table(text)
    return code, kept


def kept_pieces(code: Any, kept: "list[list[str]]") -> "list[str]":
    """The text ``read_table`` reads, in pieces (``kept``: ``[result code, entry text]``): the
    guard joins them (:meth:`ui.storage.Store.joined`), the page never holds the whole."""
    pieces = [
        '{"schema": ' + str(KEPT_SCHEMA) + ', "class": ' + json.dumps(code) + ', "results": ['
    ]
    for k, entry in enumerate(kept):
        pieces.append((", " if k else "") + entry[1])
    pieces.append("]}")
    return pieces


def kept_text(code: Any, kept: "list[list[str]]") -> str:
    """The text ``read_table`` reads, whole (small tables, and tests)."""
    return "".join(kept_pieces(code, kept))


def entry_text(code: str, proof: Any) -> "list[str]":
    """An entry the worker gave (``[result code, proof]``) as this page keeps it."""
    return [code, json.dumps([code, proof])]


def result_lines(text: str) -> "list[tuple[int, str]]":
    """The result codes typed in the teacher's table, each with its line number (from 1,
    blank lines counted)."""
    out = []
    for number, line in enumerate(text.split("\n"), 1):
        line = line.strip(BLANK)  # (MicroPython's strip() takes ASCII spaces only)
        if line:
            out.append((number, line))
    return out
