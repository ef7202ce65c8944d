"""The views and decisions of a game's current state, computed once per state for all the
reports of one mail (`view_of`, `decisions_of`)."""
from __future__ import annotations

from typing import Any


def _cache(game: Any) -> dict[Any, Any]:
    """Views and decisions of the game's current state, computed once (reports ask for them
    many times per mail; entries change the record's last hash, which resets the cache)."""
    key = (game.record.last_seq, game.record.final_state_hash, len(game.record.audit))
    cache = game.__dict__.setdefault("_reports_cache", {})
    if cache.get("key") != key:
        cache.clear()
        cache["key"] = key
    return cache


def view_of(game: Any, seat: str | None) -> dict[str, Any]:
    """`view_of(game, seat)`, cached for the current state (read it, never change it)."""
    cache = _cache(game)
    if ("view", seat) not in cache:
        cache[("view", seat)] = game.view(seat)
    return cache[("view", seat)]


def decisions_of(game: Any, seat: str | None = None) -> list[Any]:
    """`game.decisions(seat)`, cached for the current state."""
    cache = _cache(game)
    if "decisions" not in cache:
        cache["decisions"] = game.decisions()
    found = cache["decisions"]
    return [d for d in found if seat is None or d.seat == seat]


__all__ = ["decisions_of", "view_of"]
