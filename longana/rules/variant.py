"""The rules of a match as one frozen value: the set, the tiles each seat is dealt and the target,
with the named presets the game offers.

As python-chess's variants or OpenSpiel's game parameters: the deal, the hand, the match, the
seat's view, the records and the saves take a :class:`Rules` and read their limits from it, so a
shorter match or a smaller set is a value, not an edit. The card's game (:data:`CARD`: the
double-nine set, eight tiles each, first to 100) is the default everywhere, and what it writes is
what it wrote before the value existed: :meth:`Rules.to_dict` names the set only when it is not
the card's.

The tiles are numbered so that every smaller set is the first tiles of the double-nine set
(``0-0 1-0 1-1 2-0 …``): a double-six game deals from the first 28, and the engine's interned
tiles and masks serve every set.

>>> CARD.tiles, CARD.unused, PRESETS["short"].target
(55, 23, 50)
>>> six = Rules(highest=6, hand_size=6)
>>> six.tiles, six.unused, six.to_dict()
(28, 4, {'target': 100, 'highest': 6, 'hand_size': 6})
>>> Rules.read({"target": 5000})
Traceback (most recent call last):
...
longana.rules.variant.RulesError: a match's target is 10 to 999 points, not 5000
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .errors import RecordError
from .tiles import HIGHEST

#: the targets a match may have: the class code's three digits, and never so far that the
#: coach's figures stop meaning anything (issue 37)
MIN_TARGET, MAX_TARGET = 10, 999
SEATS = 4


class RulesError(RecordError):
    """Rules no match can be played by, said in words; ``code`` names the field (``target``,
    ``set``, ``hand``) and ``params`` its bounds (``min``, ``max``)."""

    def __init__(self, code: str, message: str, /, **params: int) -> None:
        super().__init__(message, code, **params)


@dataclass(frozen=True)
class Rules:
    """The rules of one match. ``highest``: the set runs from 0-0 to ``highest``-``highest``;
    ``hand_size``: the tiles dealt to each of the four seats (the rest stay unused all hand);
    ``target``: the first to this many points at a hand's end wins the match."""

    highest: int = 9
    hand_size: int = 8
    target: int = 100

    def __post_init__(self) -> None:
        for name in ("highest", "hand_size", "target"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(
                    "set" if name == "highest" else name.removesuffix("_size"),
                    f"the rules' {name} is a whole number, not {value!r}",
                )
        if not 0 <= self.highest <= HIGHEST:
            raise RulesError(
                "set", f"a set runs up to double-{HIGHEST} at most, not {self.highest}", max=HIGHEST
            )
        most = self.tiles // SEATS
        if not most:
            raise RulesError(
                "set", f"the {self.tiles} tiles of double-{self.highest} do not go round four seats"
            )
        if not 1 <= self.hand_size <= most:
            raise RulesError(
                "hand",
                f"each of the four seats is dealt 1 to {most} tiles of the double-{self.highest} "
                f"set, not {self.hand_size}",
                min=1,
                max=most,
            )
        if not MIN_TARGET <= self.target <= MAX_TARGET:
            raise RulesError(
                "target",
                f"a match's target is {MIN_TARGET} to {MAX_TARGET} points, not {self.target}",
                min=MIN_TARGET,
                max=MAX_TARGET,
            )

    @property
    def tiles(self) -> int:
        """How many tiles the set holds (55 in double-nine)."""
        return (self.highest + 1) * (self.highest + 2) // 2

    @property
    def mask(self) -> int:
        """Every tile of the set, as a bit mask over tile indexes."""
        return (1 << self.tiles) - 1

    @property
    def unused(self) -> int:
        """The tiles no seat is dealt (23 in the card's game)."""
        return self.tiles - SEATS * self.hand_size

    def to_dict(self) -> dict[str, int]:
        """The keys a save or record writes: the target always (as every release did), the set
        and the hand size only when they are not the card's."""
        out = {"target": self.target}
        if (self.highest, self.hand_size) != (CARD.highest, CARD.hand_size):
            out["highest"] = self.highest
            out["hand_size"] = self.hand_size
        return out

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Rules:
        """The rules a save or record names by :meth:`to_dict`'s keys, each missing one the
        card's (saves of earlier releases name only the target, or nothing); raises
        :class:`RulesError` saying what is out of bounds."""
        return cls(
            highest=data.get("highest", CARD.highest),
            hand_size=data.get("hand_size", CARD.hand_size),
            target=data.get("target", CARD.target),
        )

    def with_target(self, target: int) -> Rules:
        """These rules played to ``target`` (raises :class:`RulesError` when out of bounds)."""
        return self if target == self.target else replace(self, target=target)


CARD = Rules()

#: The presets the game offers, by name: the match's length. Hands measured and minutes
#: estimated at the page's normal speed by ``python -m longana.lab.bench_lengths`` (400
#: matches each; in brackets, nine matches in ten); the page names them in Settings
#: (ui/notation.py, settings.lengths.<name>).
PRESETS: dict[str, Rules] = {
    "short": CARD.with_target(50),  # 2.2 hands (4), 3 min (5): fits a class period, twice
    "card": CARD,  # the card's: 4.8 hands (7), 6 min (9)
    "long": CARD.with_target(500),  # 33 hands (41), 42 min (51): a long evening
}
DEFAULT = "card"


def preset(name: str) -> Rules:
    """The preset ``name`` (raises :class:`RulesError` for a name that is none)."""
    if name not in PRESETS:
        raise RulesError("preset", f"no preset {name!r}: the presets are {', '.join(PRESETS)}")
    return PRESETS[name]
