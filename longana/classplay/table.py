"""The teacher's table in the game worker: the results the device keeps and those added now,
replayed, ranked and answered in one pass (the ``class-table`` intent, ``longana/protocol.py``).

The page keeps the table as ``[result code, proof]`` entries (``kept``). Each is taken by its
proof when the proof is that code's (no replay), else replayed; one that cannot be read at all
is set ``aside`` with why, never dropped: the reply's ``keep`` and ``aside`` hold every entry
read, so the page never stores fewer results than it had unless the teacher removed them. Every
text added now (``texts``: pasted lines, a file) is replayed, never taken from a proof kept,
and its result replaces a kept entry of the same code (an edited proof does not stick).

The worker remembers what it replayed (results of one class often begin alike, and a file's
results are added again with the table) and what it checked of a proof, each once in its life.

>>> from .replay import play_class
>>> code = ClassCode.make("7b", ("person", "computer", "computer", "computer"), "easy", 10)
>>> text = Result.of(play_class(code, 99, lambda game, legal: legal[0]), 0, "Ana").text
>>> reply = Table().answer(code, [], ["\\ufeff" + text + "\\n\\nnot a code"])
>>> [row["name"] for row in reply["table"]["rows"]], [r["code"] for r in reply["refused"]]
(['Ana'], ['class-format'])
>>> reply["keep"][0][0] == text, reply["aside"]
(True, [])
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from ..rules.records import read_json
from .code import ClassCode, ClassError
from .results import BOM, Result, is_file, read_result
from .standings import csv_lines, standings, standings_to_dict

MAX_REMEMBERED = 4000  # results and proofs the worker remembers
MAX_ENTRY = 64 * 1024  # characters of one kept entry given as text (a long match's: about 500)
#: characters no text of result codes holds: a photo, a zip or another binary file read as text
BINARY = frozenset(chr(c) for c in range(32) if chr(c) not in "\t\n\r") | {"\ufffd"}
_BINARY = re.compile("[" + re.escape("".join(sorted(BINARY))) + "]")  # looked for in C
#: what looks like nothing: a byte-order mark, zero-width spaces (besides Unicode's spaces,
#: no-break spaces and line separators, which str.strip takes)
INVISIBLE = dict.fromkeys(map(ord, BOM + "\u200b\u200c\u200d\u2060"))


def refusal(error: ClassError) -> dict[str, Any]:
    """A class refusal as the page words it: ``{"code": "class-…", "params"}``."""
    return {"code": f"class-{error.code}", "params": dict(error.params)}


def result_lines(text: object) -> list[tuple[int, object]]:
    """The result codes of a text, one a line (with its line number, from 1, blank lines
    counted), or the text itself when it is a result file (or not text at all). A text that
    holds nothing, or that is no text (a photo, a zip), is refused once, as a whole."""
    if not isinstance(text, str) or is_file(text):
        return [(1, text)]
    if blank(text):  # only spaces, no-break spaces, line separators: said once
        raise ClassError("empty", "there is no result code in it")
    if _BINARY.search(text):  # anywhere in it: 4 kB of codes and then a photo's bytes too
        raise ClassError("not-text", "this is no text of result codes (a photo, or a zip?)")
    return [(n, line) for n, line in enumerate(text.splitlines(), 1) if not blank(line)]


def blank(text: str) -> bool:
    """Whether ``text`` looks like nothing (spaces of any kind, line separators, marks)."""
    return not text.translate(INVISIBLE).strip()


class Table:
    """What the worker remembers of the teacher's tables it answered."""

    def __init__(self) -> None:
        self.replayed: dict[tuple[str, str], Result | ClassError] = {}
        self.proven: dict[tuple[str, str, str], Result | ClassError] = {}
        #: the last table answered, its rows and their CSV lines: handed over a page at a time
        self.last: tuple[list[dict[str, Any]], list[str]] = ([], [])

    # -- one result ------------------------------------------------------------------------

    def replay(self, text: object, code: ClassCode) -> Result:
        """A result of the class ``code``, replayed (once in the worker's life); raises its
        ``ClassError``."""
        key = (code.text, _key(text))
        known = self.replayed.get(key)
        if known is None:
            try:
                known = read_result(text, code)
            except ClassError as error:
                known = error
            _remember(self.replayed, key, known)
        if isinstance(known, ClassError):
            raise known
        return known

    def by_proof(self, text: object, proof: object, code: ClassCode) -> Result:
        """A kept result: taken by its proof when the proof is that code's, else replayed."""
        try:
            proof_text = json.dumps(proof, sort_keys=True)
        except (TypeError, ValueError):
            proof_text = ""
        key = (code.text, _key(text), proof_text)
        known = self.proven.get(key)
        if known is None:
            try:
                known = Result.proven(text, proof, code)
            except ClassError as error:
                known = error
            _remember(self.proven, key, known)
        if isinstance(known, ClassError):
            if known.code != "format":  # a code that is none, or of another class
                raise known
            return self.replay(text, code)  # a proof that is not the code's
        return known

    # -- the table -------------------------------------------------------------------------

    def answer(
        self,
        code: ClassCode,
        kept: list[Any],
        texts: list[Any],
        proofs: dict[str, Any] | None = None,
        page: int | None = None,
    ) -> dict[str, Any]:
        """The table of ``kept`` entries and the ``texts`` added now: ``table`` (the standings,
        each row with its ``text`` and where it came from: ``kept`` (its place) or ``input``
        and ``line``), ``keep`` (the entries to keep, in order: the kept ones that read, each
        added result after them or in place of the kept one of its code), ``aside`` (the kept
        entries that do not read, with why), ``refused`` (with where) and ``accepted`` (the
        texts' results, with where; ``again`` when the code was in the table already).
        ``proofs``: the page of the release before sent its kept results as ``texts`` with
        their proofs by code (taken by them, as then).

        A kept entry may be its JSON text, read here on its own within bounds (one nested
        too deep or too long is set aside alone). With ``page`` (this release's page, which
        never holds a table of a MB at once): ``keep`` holds a kept entry that stays as it was
        by its place (a number), ``aside`` gives the place (``kept``) instead of the entry,
        ``accepted`` the name instead of the proof, and ``table`` the first ``page`` rows
        (``count``: how many there are) and their CSV lines; :meth:`rows` hands over the
        others."""
        keep: list[list[Any]] = []
        results: list[Result] = []
        places: list[dict[str, Any]] = []
        where: dict[str, int] = {}  # a result code's place in ``keep``
        aside: list[dict[str, Any]] = []
        refused: list[dict[str, Any]] = []
        accepted: list[dict[str, Any]] = []

        def put(result: Result, place: dict[str, Any], proof: Any = None) -> None:
            k = where.setdefault(result.text, len(keep))
            proof = result.proof if proof is None else proof
            entry, place = [result.text, proof], {**place, "text": result.text}
            if k == len(keep):
                keep.append(entry)
                results.append(result)
                places.append(place)
            else:
                keep[k], results[k], places[k] = entry, result, place

        same: set[int] = set()  # kept entries (their places) taken exactly as they were sent
        for k, item in enumerate(kept):
            try:
                entry = kept_entry(item)
                result = self.by_proof(entry[0], entry[1], code)
            except ClassError as error:
                aside.append({"kept": k} if page else {"entry": item})
                aside[-1].update(refusal(error))
                refused.append({"kept": k, **refusal(error)})
                continue
            if result.text in where:  # kept twice: both stay, as they were kept
                where.pop(result.text)
            proof = result.proof
            if result.text == entry[0] and proof == entry[1]:
                same.add(k)
            put(result, {"kept": k}, proof)
        for index, text in enumerate(texts):
            try:
                lines = result_lines(text)
            except ClassError as error:
                refused.append({"input": index, "line": 1, **refusal(error)})
                continue
            for line, item in lines:
                try:
                    if proofs is not None and isinstance(item, str) and item in proofs:
                        result = self.by_proof(item, proofs[item], code)
                    else:
                        result = self.replay(item, code)
                except ClassError as error:
                    refused.append({"input": index, "line": line, **refusal(error)})
                    continue
                place = {"input": index, "line": line, "text": result.text}
                again = result.text in where
                put(result, place)
                told = {"name": result.name} if page else {"proof": result.proof}
                accepted.append({**place, **told})
                if again:
                    accepted[-1]["again"] = True
        table, csv = ranked(code, results, places)
        if page is None:
            return {
                "table": table,
                "keep": keep,
                "aside": aside,
                "refused": refused,
                "accepted": accepted,
            }
        self.last = (table["rows"], csv)
        table["count"] = len(table["rows"])
        table["rows"] = table["rows"][:page]
        table["csv"] = "".join(csv[: page + 1])  # the head, then the rows'
        return {
            "table": table,
            "keep": [
                place["kept"] if place.get("kept") in same else entry
                for entry, place in zip(keep, places, strict=True)
            ],
            "aside": aside,
            "refused": refused,
            "accepted": accepted,
        }

    def rows(self, start: int, count: int) -> dict[str, Any]:
        """Rows of the last table answered from ``start`` (from 0), at most ``count``, and
        their CSV lines (``class-rows``)."""
        rows, lines = self.last
        start = max(0, start)
        return {
            "rows": rows[start : start + count],
            "csv": "".join(lines[start + 1 : start + 1 + count]),
            "from": start,
            "count": len(rows),
        }


def kept_entry(item: object) -> list[Any]:
    """A kept entry, ``[result code, proof]``, or its JSON text read on its own within bounds
    (raises ``format``)."""
    if isinstance(item, str):
        try:
            item = read_json(item, MAX_ENTRY)
        except (ValueError, RecursionError):
            raise ClassError("format", "a kept entry that is no JSON within bounds") from None
    if not (isinstance(item, list) and len(item) == 2):
        raise ClassError("format", "a kept entry is a result code and its proof")
    return item


def ranked(
    code: ClassCode, results: list[Result], places: list[dict[str, Any]]
) -> tuple[dict[str, Any], list[str]]:
    """The standings as the reply gives them: each row with its result's text and place, and
    the texts of the earlier results of its play (``also``); each flagged group with its rows'
    names, seats, totals, ranks and texts (``members``: a page drawing the table a part at a
    time has them at once); and the CSV's lines, its head first."""
    table = standings(results, code)
    lines = csv_lines(table)
    data = standings_to_dict(table, lines)
    for row in data["rows"]:
        row.update({k: v for k, v in places[row.pop("index")].items() if k != "proof"})
        row["also"] = [places[k]["text"] for k in row["also"]]
    for group in data["flagged"]:
        group["members"] = [
            {k: data["rows"][r].get(k) for k in ("name", "seat", "total", "rank", "text")}
            for r in group["rows"]
        ]
    data["code"] = code.text  # the table's heading names it
    return data, lines


def _key(text: object) -> str:
    """How the worker remembers a text: itself, or a file by its digest."""
    key = text if isinstance(text, str) else repr(text)
    if len(key) <= 1000:
        return key
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def _remember(memory: dict[Any, Any], key: Any, value: Any) -> None:
    if len(memory) >= MAX_REMEMBERED:
        memory.clear()
    memory[key] = value
