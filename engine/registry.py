"""Installed games, found through the entry-point group ``pbem.games``.

A game package registers ``name = "module:RULES"`` where ``RULES`` is a `Rules` instance, so a
game can live in another distribution entirely.  Everything else the judge needs of a game
(presenter, templates, map picture) it finds through attributes of that `Rules` object
(`part`), never by the game's package name.
"""
from __future__ import annotations

import importlib
from functools import lru_cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

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
    module = importlib.import_module(point.module)
    return Path(module.__file__ or "").resolve().parent


def part(rules: Rules, attribute: str) -> Any | None:
    """The object a game's ``"module:name"`` attribute (``Rules.presenter``, ``Rules.board``)
    names, imported now; None when the game leaves it empty."""
    ref = getattr(rules, attribute, "") or ""
    if not ref:
        return None
    module, _, name = ref.partition(":")
    found: Any = importlib.import_module(module)
    for piece in name.split(".") if name else ():
        found = getattr(found, piece)
    return found
