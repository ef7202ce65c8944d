"""Helpers shared by the tests that check what a view shows (importable: tests/ holds the
root conftest.py, so pytest puts it on sys.path)."""
from __future__ import annotations

from typing import Any


def leaves(data: Any) -> set[str]:
    """Every string in a view, dict keys included: what a mail rendered from it could show."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.update(str(k) for k in item)
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        elif isinstance(item, str):
            found.add(item)
    return found


def assert_secrets_kept(game: Any) -> int:
    """Assert that no seat's view, nor the public one, shows a secret of another seat
    (`Rules.secrets`); returns the number of (owner, viewer) pairs checked."""
    views = {seat: leaves(game.view(seat)) for seat in game.seats}
    views[None] = leaves(game.view(None))
    checked = 0
    for owner, items in game.rules.secrets(game.state).items():
        for viewer, seen in views.items():
            if viewer != owner:
                assert not items & seen, f"{viewer} sees {owner}'s {items & seen}"
                checked += 1
    return checked
