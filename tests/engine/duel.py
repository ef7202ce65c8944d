"""A two-seat testgame for the engine tests (not a test module)."""
from __future__ import annotations

import datetime as dt

from engine import registry
from engine.game import Game

RULES = registry.get("testgame")
T0 = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)


def new_game(seed: str = "game-tests") -> Game:
    seats = {"north": {"players": ["n@x"]}, "east": {"players": ["e@x"]}}
    return Game.create(RULES, "g", seats, now=T0, seed=seed)


def hand(game: Game, seat: str) -> list[int]:
    return [c["number"] for c in game.view(seat)["hand"]]
