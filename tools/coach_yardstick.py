"""Make the coach's yardstick: positions from real play with the facts an expert names there
and a deeper weighing of every move.

    .venv/bin/python tools/coach_yardstick.py [--matches 300] [--per-kind 6] [--out FILE]

Plays seeded matches (hard at South and North, normal at East and West) and keeps decisions
(two or more legal moves) of the kinds an expert looks for: another seat holds one tile (and,
apart, one whose number shows on a branch closed to it, where only the double may go), a move
leaves a sure way out, or a race to go out, a seat can win the match in this hand (and, apart,
one where the risks differ between the moves), a move blocks the hand, the play-outs foresee a
block, a move leaves the others without a play (control), a move leaves the seat without one.
For each it writes the facts an expert names under each move, worked out here by brute force
from what the seat may see (every unseen tile tried against the rules, every order of its tiles
tried), apart from ``longana.players.facts``; the deeper weighing
(:func:`longana.lab.yardstick.deeper`: every move on ten times the hint's deals, a walk of its
own) with the sizes of the facts on those deals; and the move ``played`` that the review is
asked to grade (the one the seat made, or on every other position the deeper weighing's worst,
so that costly grades are met). ``tests/players/test_coach.py`` then asks the coach to name
exactly these facts, checks every reason it gives against the true hands, its suggestion and
its "as good" marks against the deeper weighing, and the review's grade of ``played`` too.
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import permutations
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from longana.lab.tournament import choose  # noqa: E402
from longana.lab.yardstick import deep_weighing, deeper  # noqa: E402
from longana.players.facts import Facts, reasons_for  # noqa: E402
from longana.players.hard import Weighing  # noqa: E402
from longana.rules.board import Board  # noqa: E402
from longana.rules.hand import Hand  # noqa: E402
from longana.rules.match import Match  # noqa: E402
from longana.rules.records import hand_record  # noqa: E402
from longana.rules.tiles import ALL_TILES, SEAT_NAMES, Move, Tile  # noqa: E402
from longana.rules.view import SeatView  # noqa: E402

STAKE = 50
KINDS = (
    "go-out-risk",
    "closed-risk",
    "way-out",
    "race",
    "match-point",
    "match-risks",
    "block",
    "likely-block",
    "control",
    "stuck",
)
LEVELS = ("hard", "normal", "hard", "normal")
SIZED = ("go-out-risk", "way-out", "likely-block", "stuck")  # facts with sizes from the deals


def fits(board: Board, seat: int, tile: Tile) -> list[int]:
    """The branches ``seat`` may lay ``tile`` on (the rules' own refusal reasons)."""
    return [b for b in range(4) if board.reason(seat, tile, b) is None]


def candidates(view: SeatView) -> list[set[Tile]]:
    """For each seat, the unseen tiles it may hold: none it could have laid when it passed,
    and no double higher than a first hand's opening one."""
    unseen = set(view.unseen_tiles())
    room = [set(unseen) for _ in range(4)]
    for mover, move, board in view.replay():
        if move.is_pass:
            room[mover] -= {t for t in unseen if fits(board, mover, t)}
    if view.first_hand and view.opening is not None:
        for s in range(4):
            room[s] -= {t for t in unseen if t.is_double and t.high > view.opening.high}
    if view.first_hand is False and view.search_from is not None:
        s = view.search_from
        while s != view.opener:
            room[s] -= {t for t in unseen if t.is_double}
            s = (s + 1) % 4
    room[view.seat] = set()
    return room


def runs_out(tiles: list[Tile], end: int) -> bool:
    for order in permutations(tiles):
        e, ok = end, True
        for t in order:
            if not t.matches(e):
                ok = False
                break
            e = t.other(e)
        if ok:
            return True
    return False


def expert(view: SeatView) -> dict[str, list[dict[str, Any]]]:
    """The decisive facts of each legal move, from the view alone, by brute force."""
    room = candidates(view)
    seat = view.seat
    mine = list(view.tiles)
    out: dict[str, list[dict[str, Any]]] = {}
    near = [s for s in range(4) if view.target - view.scores[s] <= STAKE]
    for move in view.legal_moves():
        board = view.board()
        board.apply(seat, move)
        rest = [t for t in mine if t is not move.tile]
        facts: list[dict[str, Any]] = []
        if move.tile is not None and not rest:
            out[str(move)] = [{"code": "domino"}]
            continue
        others_can = any(fits(board, s, t) for s in range(4) if s != seat for t in room[s])
        mine_can = any(t.matches(e) for t in rest for e in board.ends)
        held_anywhere = any(
            t.matches(e) for s in range(4) if s != seat for t in room[s] for e in board.ends
        )
        if move.tile is not None and not mine_can and not held_anywhere:
            pips = sum(t.pips for t in rest)
            out[str(move)] = [{"code": "block", "params": {"pips": pips}}]
            continue
        for k in (1, 2, 3):
            s = (seat + k) % 4
            if view.counts[s] == 1:
                by_number: dict[int, set[Tile]] = {}
                for t in room[s]:
                    for b in fits(board, s, t):
                        by_number.setdefault(board.ends[b], set()).add(t)
                facts += [
                    {
                        "code": "go-out-risk",
                        "params": {
                            "seat": SEAT_NAMES[s],
                            "number": n,
                            "tiles": [str(t) for t in sorted(by_number[n], key=_high_first)],
                        },
                    }
                    for n in sorted(by_number)
                ]
        if move.tile is not None and runs_out(rest, board.ends[seat]):
            # sure when every other seat holds more tiles than the run: none can go out sooner
            sure = all(view.counts[s] > len(rest) for s in range(4) if s != seat)
            facts.append({"code": "way-out", "params": {"turns": len(rest), "sure": sure}})
        if move.tile is not None and mine_can and not others_can:
            showing = sorted(set(board.ends))
            lack = all(
                not t.matches(n) for s in range(4) if s != seat for t in room[s] for n in showing
            )
            if lack:
                facts.append({"code": "control", "params": {"numbers": showing}})
        if move.tile is not None and not any(fits(board, seat, t) for t in rest):
            facts.append({"code": "stuck"})
        for s in near:
            needs = view.target - view.scores[s]
            facts.append({"code": "match-point", "params": {"seat": SEAT_NAMES[s], "needs": needs}})
        out[str(move)] = facts
    return out


def _high_first(tile: Tile) -> tuple[int, int]:
    return -tile.high, -tile.low


def kinds_of(view: SeatView, facts: dict[str, list[dict[str, Any]]]) -> set[str]:
    """The kinds of position these facts make: a fact that only some moves have (or, for a
    seat near the target, any); a risk where only a double may go; a race; risks that differ
    between the moves while a seat can win the match; a block the play-outs foresee."""
    found = set()
    codes = [{f["code"] for f in said} for said in facts.values()]
    for kind in ("way-out", "match-point", "block", "control", "stuck"):
        have = [kind in c for c in codes]
        if kind == "match-point" and any(have) or any(have) and not all(have):
            found.add(kind)
    risks = []
    for said in facts.values():
        risks.append(sorted(json.dumps(f["params"]) for f in said if f["code"] == "go-out-risk"))
        for f in said:
            p = f.get("params", {})
            if f["code"] == "go-out-risk":
                found.add("go-out-risk")
                if p["tiles"] == [f"{p['number']}-{p['number']}"] and _closed_to(view, p):
                    found.add("closed-risk")
            if f["code"] == "way-out" and not p["sure"]:
                found.add("race")
    if "match-point" in found and any(risks) and len({json.dumps(r) for r in risks}) > 1:
        found.add("match-risks")
    reasons = reasons_for(view)
    if any(r.code == "likely-block" for said in reasons.values() for r in said):
        found.add("likely-block")
    return found


def _closed_to(view: SeatView, risk: dict[str, Any]) -> bool:
    """Whether the risk's number shows on a branch closed to its seat (another's, closed)."""
    board = view.board()
    s = SEAT_NAMES.index(risk["seat"])
    return any(b != s and not board.order[b] and board.ends[b] == risk["number"] for b in range(4))


def collect(matches: int, per_kind: int) -> list[dict[str, Any]]:
    picked: list[dict[str, Any]] = []
    count = dict.fromkeys(KINDS, 0)
    for i in range(matches):
        match = Match(f"coach:{i}")
        while not match.is_over:
            hand = match.hand
            while hand.outcome is None:
                seat = hand.to_move
                view = SeatView.of(hand, seat, match.scores, match.target)
                legal = view.legal_moves()
                if len(legal) > 1 and view.opening is not None:
                    facts = expert(view)
                    found = kinds_of(view, facts)
                    wanted = [k for k in KINDS if k in found and count[k] < per_kind]
                    if wanted:
                        count[wanted[0]] += 1
                        made = choose(view, LEVELS[seat], i)
                        picked.append(entry(hand, match, view, facts, wanted[0], i, made))
                        print(picked[-1]["id"], file=sys.stderr, flush=True)
                match.push(choose(view, LEVELS[seat], i))
            if not match.is_over:
                match.next_hand()
        if all(c >= per_kind for c in count.values()):
            break
    print(json.dumps(count), file=sys.stderr)
    return picked


def entry(
    hand: Hand,
    match: Match,
    view: SeatView,
    facts: dict[str, Any],
    kind: str,
    i: int,
    made: Move,
) -> dict[str, Any]:
    weighing = deep_weighing(view, i)
    deep = deeper(view, i, weighing)
    worst = min(deep.mean, key=lambda m: deep.mean[m])
    return {
        "id": f"{kind}-{i}-{len(match.hands)}-{len(hand.history)}",
        "kind": kind,
        "record": hand_record(hand),
        "scores": dict(zip(SEAT_NAMES, match.scores, strict=True)),
        "target": match.target,
        "seed": i,
        "facts": facts,
        "played": worst if len(match.hands) % 2 else str(made),
        "deeper": deep.to_dict(),
        "sizes": sizes(view, weighing),
    }


def sizes(view: SeatView, weighing: Weighing) -> dict[str, list[dict[str, Any]]]:
    """Each move's facts with sizes (:data:`SIZED`) as the coach works them out, but from the
    deeper weighing's play-outs: what the coach's sizes (from fewer) are checked against."""
    found = Facts(view, weighing.deals, weighing.outcomes, weighing.marks)
    return {
        str(m): [r.to_dict() for r in found.reasons(m) if r.code in SIZED and r.params]
        for m in view.legal_moves()
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--per-kind", type=int, default=6)
    parser.add_argument("--out", default=str(ROOT / "tests/players/coach_positions.json"))
    # (the file in tests/players/ was made with the defaults: 60 positions, 6 of each kind)
    args = parser.parse_args()
    picked = collect(args.matches, args.per_kind)
    lines = ",\n".join(json.dumps(p, separators=(",", ":")) for p in picked)
    Path(args.out).write_text("[\n" + lines + "\n]\n", encoding="utf-8")
    print(f"{len(picked)} positions → {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    assert len(ALL_TILES) == 55 and Move.parse("pass").is_pass
    raise SystemExit(main())
