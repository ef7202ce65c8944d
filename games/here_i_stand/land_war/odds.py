"""Exact chances of the land war's rolls: 2d6 + modifier against a target (§13.2, §13.3).

Rules: §13.2, §13.3
"""
from __future__ import annotations

from fractions import Fraction


def two_dice_at_least(target: int, modifier: int = 0) -> Fraction:
    """P(2d6 + `modifier` >= `target`), exactly."""
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b + modifier >= target)
    return Fraction(hits, 36)


def percent(chance: Fraction) -> str:
    """A chance as a percentage with one decimal at most (``41.7 %``, ``100 %``)."""
    value = round(float(chance) * 100, 1)
    return f"{value:g} %"
