"""Where units go when they must leave a space, and the shortest paths they take.

Rules: §9.3 step 3 (units of the power that made peace leave the winner's spaces for the
nearest fortified space or port their side controls, L539), §19.3 (winter: the paths home,
over land and sea, ignoring control), §22.2 (units leave a newly activated minor's spaces).
"""
from __future__ import annotations

import functools
from collections import deque
from typing import Iterable

from games.here_i_stand import facts
from games.here_i_stand import state as S


def steps(sid: str):
    m = S.board()
    if sid in m.spaces:
        yield from m.neighbours(sid)
        yield from m.spaces[sid].ports
    else:
        yield from m.seas_adjacent(sid)
        yield from m.ports_of(sid)


def distances(state, power: str, start: str) -> dict[str, int]:
    """Shortest path lengths from `start` over land and sea, ignoring control (§19.3)."""
    no_electorates = not state["league"] and power != "protestant"
    return _distances(start, tuple(state["out_of_play"]), no_electorates)


@functools.lru_cache(maxsize=4096)
def _distances(start: str, out_of_play: tuple[str, ...], no_electorates: bool) -> dict[str, int]:
    m = S.board()

    def blocked(sid: str) -> bool:
        if sid not in m.spaces:
            return False
        return sid in out_of_play or (no_electorates and m.spaces[sid].type == "electorate")

    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in steps(here):
            if nxt not in dist and not blocked(nxt):
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


def owner_of(state, lid: str) -> str | None:
    owner = S.leader_power(state, lid)
    return S.major_of(state, owner) if owner else None


def side_controls(state, major: str, sid: str) -> bool:
    return S.major_of(state, S.controller(state, sid)) == major


def relocate(state, major: str, sid: str) -> None:
    """Units of `major` (and its active minors) leave `sid` for the nearest fortified space
    (land) or port (naval) their side controls (§9.3 step 3, L539)."""
    m = S.board()
    movers = [p for p in S.units(state, sid) if S.major_of(state, p) == major]
    leaders = [l for l in S.leaders_at(state, sid) if owner_of(state, l) == major
               and not facts.leader(l).naval]
    naval_leaders = [l for l in S.leaders_at(state, sid) if owner_of(state, l) == major
                     and facts.leader(l).naval]
    if not movers and not leaders and not naval_leaders:
        return
    dist = distances(state, major, sid)
    capitals = set(S.capitals(major))

    def best(pool: Iterable[str]) -> str | None:
        reach = [s for s in pool if s != sid and s in dist]
        if not reach:
            return None
        return min(reach, key=lambda s: (dist[s], s not in capitals, s))

    forts = [s.id for s in m.spaces.values() if S.is_fortified(s.id, state)
             and S.in_play(state, s.id)
             and side_controls(state, major, s.id)]
    ports = [s.id for s in m.spaces.values() if s.ports and S.in_play(state, s.id)
             and side_controls(state, major, s.id)]
    land_to, sea_to = best(forts), best(ports)
    for p in movers:
        counts = dict(S.units(state, sid).get(p, {}))
        for kind, n in counts.items():
            if not n:
                continue
            dest = land_to if kind in S.LAND else sea_to
            S.add_units(state, sid, p, kind, -n)
            if dest is None:
                S.log(state, "units_eliminated", power=p, stack={kind: n}, space=sid)
            else:
                S.add_units(state, dest, p, kind, n)
        if any(counts.get(k) for k in S.LAND) and land_to:
            S.log(state, "units_leave", power=p, src=sid, dst=land_to)
    for group, dest in ((leaders, land_to), (naval_leaders, sea_to or land_to)):
        for lid in group:
            S.move_leader(state, lid, sid, dest)


__all__ = ["distances", "owner_of", "relocate", "side_controls", "steps"]
