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
from typing import Any

from .code import ClassCode, ClassError
from .results import BOM, Result, is_file, read_result
from .standings import standings, standings_to_dict

MAX_REMEMBERED = 4000  # results and proofs the worker remembers
#: characters no text of result codes holds: a photo, a zip or another binary file read as text
BINARY = frozenset(chr(c) for c in range(32) if chr(c) not in "\t\n\r") | {"\ufffd"}


def refusal(error: ClassError) -> dict[str, Any]:
    """A class refusal as the page words it: ``{"code": "class-…", "params"}``."""
    return {"code": f"class-{error.code}", "params": dict(error.params)}


def result_lines(text: object) -> list[tuple[int, object]]:
    """The result codes of a text, one a line (with its line number, from 1, blank lines
    counted), or the text itself when it is a result file (or not text at all). A text that
    holds nothing, or that is no text (a photo, a zip), is refused once, as a whole."""
    if not isinstance(text, str) or is_file(text):
        return [(1, text)]
    if not text.strip(BOM + " \t\r\n"):
        raise ClassError("empty", "there is no result code in it")
    if any(c in BINARY for c in text[:4096]):
        raise ClassError("not-text", "this is no text of result codes (a photo, or a zip?)")
    return [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip(BOM + " \t")]


class Table:
    """What the worker remembers of the teacher's tables it answered."""

    def __init__(self) -> None:
        self.replayed: dict[tuple[str, str], Result | ClassError] = {}
        self.proven: dict[tuple[str, str, str], Result | ClassError] = {}

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
    ) -> dict[str, Any]:
        """The table of ``kept`` entries and the ``texts`` added now: ``table`` (the standings,
        each row with its ``text`` and where it came from: ``kept`` (its place) or ``input``
        and ``line``), ``keep`` (the entries to keep, in order: the kept ones that read, each
        added result after them or in place of the kept one of its code), ``aside`` (the kept
        entries that do not read, with why), ``refused`` (with where) and ``accepted`` (the
        texts' results, with where; ``again`` when the code was in the table already).
        ``proofs``: the page of the release before sent its kept results as ``texts`` with
        their proofs by code (taken by them, as then)."""
        keep: list[list[Any]] = []
        results: list[Result] = []
        places: list[dict[str, Any]] = []
        where: dict[str, int] = {}  # a result code's place in ``keep``
        aside: list[dict[str, Any]] = []
        refused: list[dict[str, Any]] = []
        accepted: list[dict[str, Any]] = []

        def put(result: Result, place: dict[str, Any]) -> None:
            k = where.setdefault(result.text, len(keep))
            entry, place = [result.text, result.proof], {**place, "text": result.text}
            if k == len(keep):
                keep.append(entry)
                results.append(result)
                places.append(place)
            else:
                keep[k], results[k], places[k] = entry, result, place

        for k, entry in enumerate(kept):
            try:
                if not (isinstance(entry, list) and len(entry) == 2):
                    raise ClassError("format", "a kept entry is a result code and its proof")
                result = self.by_proof(entry[0], entry[1], code)
            except ClassError as error:
                aside.append({"entry": entry, **refusal(error)})
                refused.append({"kept": k, **refusal(error)})
                continue
            if result.text in where:  # kept twice: both stay, as they were kept
                where.pop(result.text)
            put(result, {"kept": k})
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
                accepted.append({**place, "proof": result.proof})
                if again:
                    accepted[-1]["again"] = True
        return {
            "table": ranked(code, results, places),
            "keep": keep,
            "aside": aside,
            "refused": refused,
            "accepted": accepted,
        }


def ranked(code: ClassCode, results: list[Result], places: list[dict[str, Any]]) -> dict[str, Any]:
    """The standings as the reply gives them: each row with its result's text and place, and
    the texts of the earlier results of its play (``also``)."""
    data = standings_to_dict(standings(results, code))
    for row in data["rows"]:
        row.update({k: v for k, v in places[row.pop("index")].items() if k != "proof"})
        row["also"] = [places[k]["text"] for k in row["also"]]
    data["code"] = code.text  # the table's heading names it
    return data


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
