"""Leaders moving without units (§13.1 L784): any distance for one move action, never into
or through a space controlled by an enemy or holding enemy units.

The route is the player's (``MOVE Paris -> Dijon -> Lyon WITH Francis``) or, when only the
destination is named, found here: the fewest passes, then the fewest steps.  Its cost is
that of one move action (§11.1 table: 1 CP, 2 when it crosses a pass — ruling: the move
is one action, priced by the most expensive connection it uses).

Like multi-step routes, moves beyond the adjacent spaces are written by the player, not
listed among the options of the CP question.  Which spaces a leader may enter is the
caller's test (`passable`: the army rules of
`entry.can_enter` and `entry.leaders_entry_problem`).

Rules: §13.1, §11.1
"""
from __future__ import annotations

import heapq
from typing import Callable

from games.here_i_stand import state as S

Passable = Callable[[str], bool]


def cost(route: list[str]) -> int:
    """One move action: 2 CP when any step crosses a pass, else 1 (§11.1, §13.1)."""
    m = S.board()
    return 2 if any(m.is_pass(a, b) for a, b in zip(route, route[1:])) else 1


def reach(src: str, passable: Passable) -> dict[str, list[str]]:
    """Every space lone leaders can reach from `src`, with its best route (fewest passes,
    then fewest steps, then by name): ``{space: [src, ..., space]}``."""
    m = S.board()
    best: dict[str, list[str]] = {src: [src]}
    seen: set[str] = set()
    heap: list[tuple[int, int, list[str]]] = [(0, 0, [src])]
    while heap:
        passes, steps, route = heapq.heappop(heap)
        here = route[-1]
        if here in seen:
            continue
        seen.add(here)
        best[here] = route
        for nxt in m.neighbours(here):
            if nxt not in seen and nxt in m.spaces and passable(nxt):
                heapq.heappush(heap, (passes + m.is_pass(here, nxt), steps + 1, route + [nxt]))
    del best[src]
    return best
