"""Make the coach's yardstick: positions from real play with the facts an expert names there.

    .venv/bin/python tools/coach_yardstick.py [--matches 200] [--out FILE]

Plays seeded matches (hard at South and North, normal at East and West) and keeps decisions
(two or more legal moves) of the kinds an expert looks for: another seat holds one tile, a move
leaves a sure way out, a seat can win the match in this hand, a move blocks the hand, a move
leaves the others without a play (control), a move leaves the seat without one. For each it
writes the facts an expert names under each move, worked out here by brute force from what the
seat may see (every unseen tile tried against the rules, every order of its tiles tried), apart
from ``longana.players.facts``: ``tests/players/test_coach.py`` then asks the coach to name
exactly these, and checks every reason it gives against the true hands.
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
from longana.rules.board import Board  # noqa: E402
from longana.rules.hand import Hand  # noqa: E402
from longana.rules.match import Match  # noqa: E402
from longana.rules.records import hand_record  # noqa: E402
from longana.rules.tiles import ALL_TILES, SEAT_NAMES, Move, Tile  # noqa: E402
from longana.rules.view import SeatView  # noqa: E402

STAKE = 50
KINDS = ("go-out-risk", "way-out", "match-point", "block", "control", "stuck")
LEVELS = ("hard", "normal", "hard", "normal")


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
                numbers = {board.ends[b] for t in room[s] for b in fits(board, s, t)}
                facts += [
                    {"code": "go-out-risk", "params": {"seat": SEAT_NAMES[s], "number": n}}
                    for n in sorted(numbers)
                ]
        if move.tile is not None and runs_out(rest, board.ends[seat]):
            facts.append({"code": "way-out", "params": {"turns": len(rest)}})
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


def kinds_of(facts: dict[str, list[dict[str, Any]]]) -> set[str]:
    """The kinds of position these facts make: a fact that only some moves have (or, for a
    seat near the target, any)."""
    found = set()
    codes = [{f["code"] for f in said} for said in facts.values()]
    for kind in KINDS:
        have = [kind in c for c in codes]
        if kind == "match-point" and any(have) or any(have) and not all(have):
            found.add(kind)
    for said in facts.values():
        for f in said:
            if f["code"] == "go-out-risk":
                found.add("go-out-risk")
    return found


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
                    wanted = [k for k in sorted(kinds_of(facts)) if count[k] < per_kind]
                    if wanted:
                        count[wanted[0]] += 1
                        picked.append(entry(hand, match, view, facts, wanted[0], i))
                match.push(choose(view, LEVELS[seat], i))
            if not match.is_over:
                match.next_hand()
        if all(c >= per_kind for c in count.values()):
            break
    print(json.dumps(count), file=sys.stderr)
    return picked


def entry(
    hand: Hand, match: Match, view: SeatView, facts: dict[str, Any], kind: str, i: int
) -> dict[str, Any]:
    return {
        "id": f"{kind}-{i}-{len(match.hands)}-{len(hand.history)}",
        "kind": kind,
        "record": hand_record(hand),
        "scores": dict(zip(SEAT_NAMES, match.scores, strict=True)),
        "target": match.target,
        "seed": i,
        "facts": facts,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--per-kind", type=int, default=7)
    parser.add_argument("--out", default=str(ROOT / "tests/players/coach_positions.json"))
    # (the file in tests/players/ was made with the defaults: 42 positions, 7 of each kind)
    args = parser.parse_args()
    picked = collect(args.matches, args.per_kind)
    Path(args.out).write_text(json.dumps(picked, indent=1) + "\n", encoding="utf-8")
    print(f"{len(picked)} positions → {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    assert len(ALL_TILES) == 55 and Move.parse("pass").is_pass
    raise SystemExit(main())
