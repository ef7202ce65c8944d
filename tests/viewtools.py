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
