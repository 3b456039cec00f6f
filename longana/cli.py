"""``python -m longana COMMAND``: JSON lines in, JSON lines out, one answer per line.

Bad input never stops the program: that line is answered with ``{"error": "..."}``.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from .device import review
from .device.review import seat_decisions
from .device.review_summary import summary
from .device.session import decision_seed
from .lab.tournament import TOURNAMENT_LEVELS
from .lab.tournament import report as tournament_report
from .lab.tournament import run as run_tournament
from .players.explain import explain
from .players.levels import LEVELS, choose
from .rules.errors import LonganaError, RecordError
from .rules.hand import Hand, NoDoubleError
from .rules.records import hand_from_record, match_from_dict
from .rules.tiles import SEAT_NAMES
from .rules.variant import Rules
from .rules.view import SeatView

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
        return {
            "to_move": SEAT_NAMES[hand.to_move],
            "legal": sorted(str(m) for m in hand.legal_moves()),
        }
    return {
        "over": True,
        "reason": outcome.reason,
        "winner": None if outcome.winner is None else SEAT_NAMES[outcome.winner],
        "points": outcome.points,
        "pips": dict(zip(SEAT_NAMES, outcome.pips, strict=True)),
    }


def hint_answer(level: str, seed: int) -> Answer:
    """The move the computer at ``level`` would make for the seat to move, from its view."""

    def answer(record: Any) -> dict[str, Any]:
        hand = hand_from_record(record)  # a redeal deal raises NoDoubleError, a RecordError
        if hand.outcome is not None:
            raise LonganaError("the hand is over: there is no move to hint")
        view = SeatView.of(hand, hand.to_move)
        return {"seat": SEAT_NAMES[view.seat], "move": str(choose(view, level, seed))}

    return answer


def explain_answer(seed: int) -> Answer:
    """Every legal move of the seat to move with hard's estimate and its reasons, from that
    seat's view, the record's ``"scores"`` (seat letter → points before this hand) and
    ``"target"`` (default 100) giving the match around the hand."""

    def answer(record: Any) -> dict[str, Any]:
        rules = Rules.read(record) if isinstance(record, dict) else None  # the target too
        hand = hand_from_record(record, rules)
        if hand.outcome is not None:
            raise LonganaError("the hand is over: there is no move to explain")
        scores = _scores(record.get("scores", {}), hand.rules.target)
        view = SeatView.of(hand, hand.to_move, scores)
        return dict(explain(view, seed).to_dict())

    return answer


def review_answer(seed: int | None) -> Answer:
    """Each decision of the record's ``"people"`` (seat letters) in a saved match's finished
    hands, judged as the game's review judges it (longana.device.review), one object with
    every decision: ``{"decisions": [{"hand", "turn", "seat", "move", "best", "cost",
    "error", "grade", "kind", "reasons"}], "summary": {seat: …}}``. Without ``seed``, each
    position's seed is the game's own (the review the page shows); with it, another."""

    def answer(record: Any) -> dict[str, Any]:
        if not isinstance(record, dict):
            raise RecordError('a line is a saved match: {"schema", "seed", "target", "hands"}')
        people = _people(record.get("people"))
        match = match_from_dict(record)
        deal = match.seed if seed is None else f"{match.seed}:{seed}"
        out = [
            review.judged(match, decision, decision_seed(deal, decision.hand + 1, decision.turn))
            for decision in seat_decisions(match, people)
        ]
        said = [{k: v for k, v in d.items() if k in REVIEWED} | {"hand": d["number"]} for d in out]
        return {"decisions": said, "summary": summary(match, list(enumerate(out)))}

    return answer


#: what the review command says of each decision (``hand`` counted from 1)
REVIEWED = ("hand", "turn", "seat", "move", "best", "cost", "error", "grade", "kind", "reasons")


def _people(given: Any) -> list[int]:
    """The seats to review: a list of seat letters, each once."""
    if not isinstance(given, list) or not given:
        raise RecordError('"people" lists the seats to review, like ["S"] or ["S", "N"]')
    seats = []
    for letter in given:
        if not isinstance(letter, str) or letter not in SEAT_NAMES:
            raise RecordError(f'unknown seat {letter!r} in "people": seats are S, E, N and W')
        if SEAT_NAMES.index(letter) in seats:
            raise RecordError(f'{letter} is named twice in "people"')
        seats.append(SEAT_NAMES.index(letter))
    return seats


def _scores(given: Any, target: int) -> tuple[int, int, int, int]:
    """The points before this hand of each seat (0 for a seat not named)."""
    if not isinstance(given, dict):
        raise RecordError('"scores" is an object of seat letters and points, like {"S": 40}')
    scores = [0, 0, 0, 0]
    for letter, points in given.items():
        if letter not in SEAT_NAMES:
            raise RecordError(f'unknown seat {letter!r} in "scores": seats are S, E, N and W')
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            raise RecordError(f"{letter}'s score is a whole number of points, not {points!r}")
        if points >= target:
            raise RecordError(f"{letter} has {points} of {target} points: the match is over")
        scores[SEAT_NAMES.index(letter)] = points
    return scores[0], scores[1], scores[2], scores[3]


def _read(line: str) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError:
        raise
    except ValueError as error:  # a number with more digits than Python will convert
        raise LonganaError(f"not usable JSON ({error})") from None


def serve(answer: Answer, lines: Iterable[str], out: TextIO) -> None:
    """Answer each non-blank line, flushing after each so another program can drive us."""
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            reply = answer(_read(line))
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
    hint = commands.add_parser(
        "hint",
        help="hand records in, the computer's move for the seat "
        "to move out (from that seat's view only)",
    )
    hint.add_argument("--level", choices=LEVELS, default="normal")
    hint.add_argument("--seed", type=int, default=0)
    explained = commands.add_parser(
        "explain",
        help="hand records (with optional scores and target) in, every legal move of the seat "
        "to move with the computer's estimate and reasons out (from that seat's view only)",
    )
    explained.add_argument("--seed", type=int, default=0)
    reviewed = commands.add_parser(
        "review",
        help='saved matches with "people" (the seats to review) in, each decision of theirs '
        "judged and graded out (from that seat's view only)",
    )
    reviewed.add_argument(
        "--seed", type=int, default=None, help="another seed than the game's own review"
    )
    tournament = commands.add_parser(
        "tournament",
        help="seeded matches between levels, seats "
        "rotated; win rates, points per hand, decision times",
    )
    tournament.add_argument("--matches", type=int, default=200)
    tournament.add_argument("--seed", type=int, default=0)
    tournament.add_argument(
        "--levels",
        default="normal,easy,easy,easy",
        help="four comma-separated levels, seat S first (also "
        f"{', '.join(sorted(set(TOURNAMENT_LEVELS) - set(LEVELS)))})",
    )
    tournament.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="processes to play the matches in (results do not change)",
    )
    args = parser.parse_args(argv)
    if isinstance(sys.stdin, io.TextIOWrapper):
        # bytes that are not UTF-8 become U+FFFD and that line gets an error, not a traceback
        sys.stdin.reconfigure(errors="replace")
    if args.command == "legal":
        serve(legal_answer, sys.stdin, sys.stdout)
    elif args.command == "hint":
        serve(hint_answer(args.level, args.seed), sys.stdin, sys.stdout)
    elif args.command == "explain":
        serve(explain_answer(args.seed), sys.stdin, sys.stdout)
    elif args.command == "review":
        serve(review_answer(args.seed), sys.stdin, sys.stdout)
    elif args.command == "tournament":
        levels = [level.strip() for level in args.levels.split(",")]
        if (
            len(levels) != 4
            or any(level not in TOURNAMENT_LEVELS for level in levels)
            or args.matches < 1
            or args.jobs < 1
        ):
            parser.error(
                f"--levels takes four of {', '.join(TOURNAMENT_LEVELS)}, like "
                "normal,easy,easy,easy; --matches and --jobs at least 1"
            )
        tallies = run_tournament(levels, args.matches, args.seed, args.jobs)
        print(tournament_report(tallies, args.matches), flush=True)
    return 0
