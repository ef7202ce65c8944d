"""Installed games, found through the entry-point group ``pbem.games``.

A game package registers ``name = "module:RULES"`` where ``RULES`` is a `Rules` instance, so a
game can live in another distribution entirely.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import import_module
from importlib.metadata import entry_points
from pathlib import Path

from engine.contract import IllegalOrder, Rules

GROUP = "pbem.games"


@lru_cache(maxsize=1)
def installed() -> dict[str, Rules]:
    """Every registered game by name (loaded once)."""
    games: dict[str, Rules] = {}
    for point in entry_points(group=GROUP):
        rules = point.load()
        if not isinstance(rules, Rules):
            raise TypeError(f"entry point {point.name} ({point.value}) is not a Rules instance")
        games[point.name] = rules
    return games


def get(name: str) -> Rules:
    """The rules registered as `name`, or `IllegalOrder` listing what is installed."""
    games = installed()
    if name not in games:
        raise IllegalOrder(f"no game called {name!r} is installed", sorted(games))
    return games[name]


def package_dir(name: str) -> Path:
    """The folder of the package that registers the game `name` (its rules, data, README)."""
    get(name)
    point = next(p for p in entry_points(group=GROUP) if p.name == name)
    module = import_module(point.module)
    return Path(module.__file__ or "").resolve().parent
