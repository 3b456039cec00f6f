"""Every reason the coach gives, checked against the true hands (which the coach never sees):
``false_claims`` lists what a move's reasons claim that the real deal contradicts, and
``missed_risks`` the one-tile seats that could really go out after a move without a
``go-out-risk`` naming that number and that very tile. Shared by the facts' tests and
the coach's yardstick."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from longana.players.facts import STAKE
from longana.players.normal import LEADER_NEAR, smart
from longana.rules.errors import PriorityError
from longana.rules.hand import Hand
from longana.rules.tiles import MATCH_MASK, SEAT_NAMES, Move, Tile, pips_of, tiles_of

Reasons = list[dict[str, Any]]
Params = dict[str, Any]


def follows(tiles: list[Tile], end: int) -> bool:
    """Whether ``tiles`` can be laid in this order, one on the other, from ``end``."""
    for tile in tiles:
        if not tile.matches(end):
            return False
        end = tile.other(end)
    return True


def full_run(held: int, end: int) -> list[Tile] | None:
    """Some order in which every tile of ``held`` follows from ``end`` (brute force)."""
    for order in permutations(tiles_of(held)):
        if follows(list(order), end):
            return list(order)
    return None


def false_claims(
    hand: Hand, move: Move, reasons: Reasons, scores: tuple[int, ...], target: int = 100
) -> list[str]:
    """What ``reasons`` (of ``move`` for the seat to move in ``hand``) claim that the true
    hands contradict; empty when every reason holds."""
    truth = _Truth(hand, move, scores, target)
    return [
        f"{SEAT_NAMES[truth.seat]} {move}: {r['code']} {r['params']}"
        for r in reasons
        if not getattr(truth, r["code"].replace("-", "_").replace("pass", "pass_"))(r["params"])
    ]


class _Truth:
    """The true deal at a decision and after its move, to check each code's claim against
    (one method per code, named after it)."""

    def __init__(self, hand: Hand, move: Move, scores: tuple[int, ...], target: int) -> None:
        self.hand, self.move, self.scores, self.target = hand, move, scores, target
        self.seat = hand.to_move
        self.board = hand.board
        self.after = hand.copy()
        self.after.apply(move)
        self.ends = self.after.board.ends
        self.rest = self.after.held[self.seat]
        self.others = [s for s in range(4) if s != self.seat]

    def lacks(self, s: int, number: int) -> bool:
        return not self.hand.held[s] & MATCH_MASK[number]

    def pass_(self, p: Params) -> bool:
        return self.move.is_pass and p["opens"] == (not self.board.order[self.seat])

    def domino(self, p: Params) -> bool:
        o = self.after.outcome
        if o is None or o.reason != "domino" or o.winner != self.seat:
            return False
        return not p["match"] or self.scores[self.seat] + o.points >= self.target

    def block(self, p: Params) -> bool:
        o = self.after.outcome
        if o is None or o.reason != "block" or pips_of(self.rest) != p["pips"]:
            return False
        won = o.winner == self.seat
        if (p["chance"] == 100 and not won) or (p["chance"] == 0 and won):
            return False
        w = o.winner
        return not p["match"] or w is None or self.scores[w] + o.points >= self.target

    def go_out_risk(self, p: Params) -> bool:
        """One tile: its number shows, every tile named could go there by the rules (a
        closed branch of another seat takes only its double) and is unseen, and the true tile
        is named exactly when it could. Two tiles: a chance, no number."""
        s = SEAT_NAMES.index(p["seat"])
        count = self.hand.held[s].bit_count()
        if not 0 <= p["chance"] <= 100:
            return False
        if p.get("turns") == 2:
            return count == 2 and "number" not in p
        if count != 1 or p["number"] not in self.ends:
            return False
        board = self.after.board
        named = {Tile.parse(t) for t in p["tiles"]}
        seen = set(self.hand.tiles(self.seat)) | {t for _, m in self.after.history if (t := m.tile)}

        def fits(tile: Tile) -> bool:
            return any(
                board.ends[b] == p["number"] and board.reason(s, tile, b) is None for b in range(4)
            )

        (true,) = self.hand.tiles(s)
        return (
            bool(named)
            and all(fits(t) and t not in seen for t in named)
            and (true in named) == fits(true)
        )

    def way_out(self, p: Params) -> bool:
        """A sure way out really goes out; a race is one (another seat may go out first)."""
        counts = [self.after.held[s].bit_count() for s in self.others]
        race = min(counts) <= p["turns"]
        if p["sure"] == race or not 0 <= p["chance"] <= 100:
            return False
        return _goes_out(self.after, self.seat, p["turns"], sure=p["sure"])

    def likely_block(self, p: Params) -> bool:
        winner = p["winner"]
        return 0 <= p["chance"] <= 100 and (winner is None or winner in SEAT_NAMES)

    def control(self, p: Params) -> bool:
        showing = set(self.ends)
        lack = all(self.lacks(s, n) for s in self.others for n in showing)
        return lack and p["numbers"] == sorted(showing) and self.after.outcome is None

    def stuck(self, p: Params) -> bool:
        sizes = p["chance"] >= 0 and p["ends"] >= 0 and p["chance"] + p["ends"] <= 100
        return not self.after.board.plays_for(self.seat, self.rest) and sizes

    def match_point(self, p: Params) -> bool:
        # (whether the pips still held are enough the seat cannot know: it says what is needed)
        return p["needs"] == self.target - self.scores[SEAT_NAMES.index(p["seat"])] <= STAKE

    def blocks(self, p: Params) -> bool:
        s = SEAT_NAMES.index(p["seat"])
        return self.ends[s] == p["number"] and self.lacks(s, p["number"])

    def feeds(self, p: Params) -> bool:
        s = SEAT_NAMES.index(p["seat"])
        return self.board.ends[s] == p["was"] and self.lacks(s, p["was"])

    def leader(self, p: Params) -> bool:
        s = SEAT_NAMES.index(p["seat"])
        near = self.scores[s] >= self.target - LEADER_NEAR
        return near and self.scores[s] > self.scores[self.seat]

    def keeps_own(self, p: Params) -> bool:
        tiles = [Tile.parse(t) for t in p["tiles"]]
        own = self.ends[self.seat]
        mine = all(self.rest & t.bit for t in tiles)
        return mine and p["number"] == own and follows(tiles, own)

    def no_own(self, p: Params) -> bool:
        return p["number"] == self.ends[self.seat] and not self.rest & MATCH_MASK[p["number"]]

    def priority(self, p: Params) -> bool:
        tile = self.move.tile
        assert tile is not None
        return all(
            isinstance(self.board.reason(self.seat, tile, SEAT_NAMES.index(c)), PriorityError)
            for c in p["over"]
        )

    def closes_own(self, p: Params) -> bool:
        return bool(self.board.order[self.seat]) and self.move.tile is not None

    def sheds(self, p: Params) -> bool:
        return self.move.tile is not None and self.move.tile.pips == p["pips"]

    def double(self, p: Params) -> bool:
        tile = self.move.tile
        return tile is not None and tile.is_double and tile.high == p["number"]

    def ends_match(self, p: Params) -> bool:
        return bool(0 <= p["yours"] <= p["chance"] <= 100)


def _goes_out(after: Hand, seat: int, turns: int, sure: bool = True) -> bool:
    """Whether ``seat`` really can go out in ``turns`` of its turns from ``after``, laying
    its tiles in one run on its own branch while the others play as the play-outs do, never
    passing: ``sure``, it does (nobody else can go out sooner); else it does unless one of
    them goes out first."""
    run = full_run(after.held[seat], after.board.ends[seat])
    if run is None or len(run) != turns or after.board.order[seat]:
        return False
    hand = after.copy()
    while hand.outcome is None:
        if hand.to_move != seat:
            hand.apply(smart(hand))
            continue
        play = Move(run.pop(0), seat)
        if play not in hand.legal_moves():
            return False
        hand.apply(play)
    outcome = hand.outcome
    if outcome is None or outcome.reason != "domino":
        return False
    return (outcome.winner == seat) == (not run) and (outcome.winner == seat or not sure)


def missed_risks(hand: Hand, move: Move, reasons: Reasons) -> list[str]:
    """Each other seat holding one tile that could go out at its turn on the board ``move``
    leaves (the true tile), with no ``go-out-risk`` naming it and that number."""
    seat = hand.to_move
    after = hand.copy()
    after.apply(move)
    if after.outcome is not None:
        return []
    risks = [r["params"] for r in reasons if r["code"] == "go-out-risk" and "number" in r["params"]]
    named = {(p["seat"], p["number"], t) for p in risks for t in p["tiles"]}
    missed = []
    for s in range(4):
        if s == seat or hand.held[s].bit_count() != 1:
            continue
        for play in after.board.plays_for(s, hand.held[s]):
            assert play.branch is not None
            key = (SEAT_NAMES[s], after.board.ends[play.branch], str(play.tile))
            if key not in named:
                missed.append(f"{SEAT_NAMES[seat]} {move}: {key[0]} may go out with {key[2]}")
    return missed
