"""Small helpers every phase uses: the game log, the pool of a payment, the Cities track.

Rules: §6.7
"""
from __future__ import annotations

from typing import Any

from engine.contract import State
from games.virtu.kit import Kit
from games.virtu.palace import cities_of, sync_spaces

LOG_LENGTH = 40


def log(state: State, msg: str, **params: Any) -> None:
    """A structured log line ``{msg, year, ...}`` (the catalogs' ``log.<msg>``)."""
    state["log"].append({"msg": msg, "year": state["year"], **params})
    del state["log"][:-LOG_LENGTH]


def take(pool: dict[str, int], cost: dict[str, int]) -> bool:
    """Pay `cost` out of `pool` (``crown_or_cross``: Crowns left over first, then Crosses);
    False, and the pool untouched, when it cannot."""
    trial = dict(pool)
    for resource, n in cost.items():
        if resource != "crown_or_cross":
            if trial.get(resource, 0) < n:
                return False
            trial[resource] = trial.get(resource, 0) - n
    either = cost.get("crown_or_cross", 0)
    for kind in ("crown", "cross"):
        used = min(either, trial.get(kind, 0))
        trial[kind] = trial.get(kind, 0) - used
        either -= used
    if either:
        return False
    pool.clear()
    pool.update({k: v for k, v in trial.items() if v})
    return True


def moved_on_track(state: State, kit: Kit, seat: str) -> None:
    """A disc moved on the Cities track goes on top of any already there (L958–960); the
    shaded space of 5 cities opens or closes (L962, L1045)."""
    state["stamp"] += 1
    state["track"][seat] = state["stamp"]
    sync_spaces(state, kit, seat)


def turn_order(state: State) -> list[str]:
    """Most cities first; ties: the higher disc in the stack first (§6.7, L964–966)."""
    return sorted(state["order"], key=lambda s: (-len(cities_of(state, s)), -state["track"][s]))
