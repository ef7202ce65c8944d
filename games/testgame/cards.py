"""testgame's deck, loaded from data/cards.yaml.

Rules: none (data access: the deck)
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from engine.archive import SafeLoader
from engine.names import NameIndex


@dataclass(frozen=True)
class Card:
    number: int
    name: str
    value: int
    name_ru: str = ""


@lru_cache(maxsize=1)
def deck() -> dict[int, Card]:
    """Every card by number."""
    raw = yaml.load((Path(__file__).parent / "data" / "cards.yaml").read_text("utf-8"),
                    Loader=SafeLoader)
    return {c["number"]: Card(c["number"], c["name"], c["value"], c.get("ru", ""))
            for c in raw["cards"]}


@lru_cache(maxsize=1)
def card_names() -> NameIndex[int]:
    """Cards by name (English or Russian) and by number."""
    return NameIndex("card", [(c.name, n) for n, c in deck().items()] +
                     [(c.name_ru, n) for n, c in deck().items() if c.name_ru] +
                     [(str(n), n) for n in deck()])
