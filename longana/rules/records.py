"""Plain-JSON forms: the hand record of rules.md and the whole match with a schema number.

Loading always replays every move through the engine, so a record either loads completely
and legally or raises a :class:`RecordError` that says what is wrong and where.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from .errors import LonganaError, RecordError
from .hand import Hand
from .match import Match, hand_rng
from .tiles import SEAT_NAMES, SEATS, Move, Tile, parse_seat
from .variant import Rules

SCHEMA = 1

#: JSON read from outside (files, saves, intents): the largest text, in characters, and the
#: deepest nesting. Deeper JSON overflows the JavaScript stack under Pyodide (a fatal error, not
#: ``RecursionError``), so :func:`read_json` measures both before ``json.loads``.
MAX_JSON_TEXT = 8 * 1024 * 1024
MAX_JSON_DEPTH = 100
#: brackets as "(" and ")", JSON's other characters outside strings taken away
_BRACKETS = str.maketrans("[{]}", "(())", "0123456789+-.eE \t\r\n,:truefalsn")
_NOT_BRACKETS = re.compile(r"[^()]+")
_STEP = {"(": 1, ")": -1}


class JsonLimitError(RecordError):
    """JSON refused before it is parsed: ``code`` is ``too-large`` or ``too-deep``, ``limit``
    the largest size (characters) or depth read."""

    def __init__(self, code: str, message: str, limit: int) -> None:
        super().__init__(message)
        self.code = code
        self.limit = limit


def json_depth(text: str) -> int:
    """How deeply ``text``'s arrays and objects nest, as a parser would go down into them
    (brackets inside strings do not count; one never closed does)."""
    plain = text.replace("\\\\", "").replace('\\"', "")  # escaped backslashes, then quotes
    outside = "".join(plain.split('"')[::2])  # every other piece is inside a string
    brackets = _NOT_BRACKETS.sub("", outside.translate(_BRACKETS))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def check_json(text: str, limit: int = MAX_JSON_TEXT) -> None:
    """Refuse text from outside that is too large or nests too deeply to parse safely (raises
    :class:`JsonLimitError`)."""
    if len(text) > limit:
        raise JsonLimitError(
            "too-large", f"the text is larger than {limit:,} characters", limit=limit
        )
    if json_depth(text) > MAX_JSON_DEPTH:
        raise JsonLimitError(
            "too-deep", f"the JSON nests deeper than {MAX_JSON_DEPTH} levels", limit=MAX_JSON_DEPTH
        )


def read_json(text: str, limit: int = MAX_JSON_TEXT) -> Any:
    """``json.loads`` for text from outside, with its size and nesting checked first (raises
    :class:`JsonLimitError`; ``ValueError`` as ``json.loads`` does for text that is no JSON)."""
    check_json(text, limit)
    return json.loads(text)


def hand_record(hand: Hand) -> dict[str, Any]:
    """The hand record of rules.md: starting deal, how the opener is found, every move (and,
    for a set that is not the card's, ``highest`` and ``hand_size``)."""
    kept = {k: v for k, v in hand.rules.to_dict().items() if k != "target"}
    return {
        **kept,
        "hands": {
            SEAT_NAMES[s]: [str(t) for t in tiles]
            for s, tiles in zip(SEATS, hand.starting_tiles, strict=True)
        },
        "first_hand": hand.first_hand,
        "winner": None if hand.winner_before is None else SEAT_NAMES[hand.winner_before],
        "previous_opener": (None if hand.opener_before is None else SEAT_NAMES[hand.opener_before]),
        "moves": [str(m) for m in hand.played],
    }


def hand_from_record(record: object, rules: Rules | None = None) -> Hand:
    """Build and replay a hand record (of ``rules``; by default the set the record names, else
    the card's). Raises ``NoDoubleError`` when the deal needs a redeal."""
    hand = start_from_record(record, rules)
    assert isinstance(record, dict)
    replay(hand, record.get("moves", []))
    return hand


def start_from_record(record: object, rules: Rules | None = None) -> Hand:
    """The hand of a record as dealt, before any move (of ``rules``, or of the set the record
    names: its ``highest`` and ``hand_size``, each the card's when missing)."""
    if not isinstance(record, dict):
        raise RecordError('a hand record is a JSON object with "hands" and "moves"')
    if rules is None:
        rules = Rules.read({k: v for k, v in record.items() if k in ("highest", "hand_size")})
    hands = record.get("hands")
    if not isinstance(hands, dict):
        raise RecordError('"hands" must be an object with the tiles of S, E, N and W')
    unknown = sorted(set(hands) - set(SEAT_NAMES))
    if unknown:
        raise RecordError(f'unknown seat {unknown[0]!r} in "hands": seats are S, E, N and W')
    deal = []
    for name in SEAT_NAMES:
        tiles = hands.get(name)
        if not isinstance(tiles, list):
            raise RecordError(f'"hands" has no list of tiles for {name}')
        try:
            deal.append([Tile.parse(t) for t in tiles])
        except LonganaError as error:
            raise RecordError(f"{name}'s hand: {error}") from None
    first_hand = record.get("first_hand", True)
    if not isinstance(first_hand, bool):
        raise RecordError('"first_hand" must be true or false')
    winner = _seat_or_none(record, "winner")
    previous_opener = _seat_or_none(record, "previous_opener")
    if not first_hand and winner is None and previous_opener is None:
        raise RecordError(
            'a later hand ("first_hand": false) needs "winner" or, after a tied '
            'block, "previous_opener"'
        )
    return Hand(
        deal, first_hand=first_hand, winner=winner, previous_opener=previous_opener, rules=rules
    )


def replay(hand: Hand, moves: object) -> None:
    """Push every move of a record, naming the first bad one by its index."""
    if not isinstance(moves, list):
        raise RecordError('"moves" must be a list of moves like "9-9", "7-3@N", "pass"')
    for index, text in enumerate(moves):
        try:
            hand.push(Move.parse(text))
        except LonganaError as error:
            raise RecordError(f"move {index} ({text!r}): {error}") from None


def _seat_or_none(record: dict[str, Any], key: str) -> int | None:
    value = record.get(key)
    if value is None:
        return None
    try:
        return parse_seat(value)
    except LonganaError:
        raise RecordError(f'"{key}" must be a seat (S, E, N, W) or null, not {value!r}') from None


# -- whole matches ---------------------------------------------------------------------------


def match_to_dict(match: Match) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "seed": match.seed,
        **match.rules.to_dict(),
        "hands": [hand_record(h) for h in match.hands],
    }


def match_from_dict(data: object) -> Match:
    """Rebuild a match by replaying every hand; anything inconsistent raises ``RecordError``."""
    if not isinstance(data, dict):
        raise RecordError("a saved match is a JSON object")
    schema = data.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool):
        raise RecordError("the save has no schema number")
    if schema > SCHEMA:
        raise RecordError(
            f"the save is from a newer version (schema {schema}; this game reads up to {SCHEMA})"
        )
    if schema < 1:
        raise RecordError(f"unknown schema {schema}")
    seed, hands = data.get("seed"), data.get("hands")
    if not isinstance(seed, str) or not seed:
        raise RecordError("the save has no deal number")
    rules = Rules.read(data)  # a target or set out of bounds: said, like any damage
    if not isinstance(hands, list) or not hands:
        raise RecordError("the save has no hands")
    match = Match.__new__(Match)
    match.seed, match.rules, match.hands = seed, rules, []
    for number, record in enumerate(hands):
        try:
            hand = _next_hand(match, number, record)
        except LonganaError as error:
            raise RecordError(f"hand {number + 1}: {error}") from None
        match.hands.append(hand)
        if hand.outcome is None and number < len(hands) - 1:
            raise RecordError(f"hand {number + 1} is unfinished but more hands follow it")
        if match.is_over and number < len(hands) - 1:
            raise RecordError(f"the match was already won after hand {number + 1}")
    return match


def _next_hand(match: Match, number: int, record: object) -> Hand:
    hand = start_from_record(record, match.rules)
    if number == 0:
        expected = Hand.deal(hand_rng(match.seed, 0), rules=match.rules)
    else:
        last = match.hands[-1]
        assert last.outcome is not None
        expected = Hand.deal(
            hand_rng(match.seed, number),
            first_hand=False,
            winner=last.outcome.winner,
            previous_opener=last.opener,
            rules=match.rules,
        )
    if hand.start != expected.start:
        raise RecordError(f"the deal does not match deal number {match.seed}")
    if (hand.first_hand, hand.winner_before, hand.opener_before) != (
        expected.first_hand,
        expected.winner_before,
        expected.opener_before,
    ):
        raise RecordError("the record's opener rule does not follow from the previous hand")
    assert isinstance(record, dict)
    replay(hand, record.get("moves", []))
    return hand
