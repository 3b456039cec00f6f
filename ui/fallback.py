"""A tiny legal player for when the computer's worker cannot answer in time: it plays the
heaviest tile it may (the highest double to open), else passes. Only legal moves come in."""

from __future__ import annotations

from longana import Move


def heaviest(legal: list[Move]) -> Move:
    if not legal:
        raise ValueError("no legal move to choose from")
    return max(legal, key=lambda m: (m.tile.pips if m.tile else -1,
                                     m.tile.is_double if m.tile else False, m.text))
