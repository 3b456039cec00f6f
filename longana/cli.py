"""``python -m longana COMMAND``: JSON lines in, JSON lines out, one answer per line.

Bad input never stops the program: that line is answered with ``{"error": "..."}``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from .errors import LonganaError
from .hand import Hand, NoDoubleError
from .records import hand_from_record
from .tiles import SEAT_NAMES

Answer = Callable[[Any], dict[str, Any]]


def legal_answer(record: Any) -> dict[str, Any]:
    """The legal moves of a hand in progress, or the result of a finished one."""
    try:
        hand = hand_from_record(record)
    except NoDoubleError:
        return {"redeal": True}
    return describe(hand)


def describe(hand: Hand) -> dict[str, Any]:
    outcome = hand.outcome
    if outcome is None:
        return {"to_move": SEAT_NAMES[hand.to_move],
                "legal": sorted(str(m) for m in hand.legal_moves())}
    return {"over": True, "reason": outcome.reason,
            "winner": None if outcome.winner is None else SEAT_NAMES[outcome.winner],
            "points": outcome.points,
            "pips": dict(zip(SEAT_NAMES, outcome.pips, strict=True))}


def serve(answer: Answer, lines: Iterable[str], out: TextIO) -> None:
    """Answer each non-blank line, flushing after each so another program can drive us."""
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            reply = answer(json.loads(line))
        except json.JSONDecodeError as error:
            reply = {"error": f"line {number}: not JSON ({error.msg} at column {error.colno})"}
        except LonganaError as error:
            reply = {"error": f"line {number}: {error}"}
        except RecursionError:
            reply = {"error": f"line {number}: the JSON is nested too deeply"}
        out.write(json.dumps(reply) + "\n")
        out.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m longana", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("legal", help="hand records in, legal moves or the hand's result out")
    args = parser.parse_args(argv)
    if args.command == "legal":
        serve(legal_answer, sys.stdin, sys.stdout)
    return 0
