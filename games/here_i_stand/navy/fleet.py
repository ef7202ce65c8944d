"""Whose naval units and naval leaders are where (§16): a power's fleet in a space is its own
squadrons and corsairs with those of the minor powers it has activated (and squadrons lent
to it, which become its own units, §9.2); naval leaders go with them.

Rules: §5.1, §16.1, §16.2
"""
from __future__ import annotations

from games.here_i_stand import facts
from games.here_i_stand import state as S
from games.here_i_stand.land_war import entry

Units = dict[str, dict[str, int]]


def owners(state: S.State, sid: str, power: str) -> list[str]:
    """The unit owners at `sid` whose naval units act for `power` (its own, then its minors')."""
    found = [o for o, c in S.units(state, sid).items()
             if S.major_of(state, o) == power and any(c.get(k) for k in S.NAVAL)]
    return sorted(found, key=lambda o: (o != power, o))


def units(state: S.State, sid: str, power: str) -> Units:
    """`power`'s naval units at `sid`: ``{owner: {kind: n}}``."""
    out: Units = {}
    for o in owners(state, sid, power):
        got = {k: S.units(state, sid)[o].get(k, 0) for k in S.NAVAL}
        out[o] = {k: v for k, v in got.items() if v}
    return out


def count(fleet: Units, kind: str | None = None) -> int:
    return sum(v for c in fleet.values() for k, v in c.items() if kind in (None, k))


def powers_at(state: S.State, sid: str) -> list[str]:
    """Major powers with naval units at `sid`, in standard order."""
    found = {S.major_of(state, o) for o, c in S.units(state, sid).items()
             if any(c.get(k) for k in S.NAVAL)}
    return [p for p in S.MAJORS if p in found]


def leaders(state: S.State, sid: str, power: str) -> list[str]:
    """`power`'s naval leaders at `sid` (its minors' included, e.g. Andrea Doria)."""
    return [l for l in S.leaders_at(state, sid) if facts.leader(l).naval
            and S.major_of(state, S.leader_power(state, l) or "") == power]


def rating(state: S.State, sid: str, power: str) -> int:
    """The best battle rating of `power`'s naval leaders at `sid` (§16.1 step 4, §16.2)."""
    return max((facts.leader(l).battle for l in leaders(state, sid, power)), default=0)


def dice(fleet: Units) -> int:
    """2 dice per squadron, 1 per corsair (§16.2 steps 1-2)."""
    return 2 * count(fleet, "squadrons") + count(fleet, "corsairs")


def shift(state: S.State, src: str, dst: str, fleet: Units, leader_ids=()) -> None:
    """Move `fleet` and `leader_ids` from `src` to `dst`."""
    entry.transfer(state, src, dst, fleet, leader_ids)


def is_sea(sid: str) -> bool:
    return sid in S.board().sea_zones


def steps_from(sid: str) -> tuple[str, ...]:
    """Where a naval unit at `sid` may go in one step (§16.1): a port to its sea zones, a sea
    zone to its ports and the adjacent sea zones."""
    m = S.board()
    if sid in m.sea_zones:
        return tuple(m.ports_of(sid)) + tuple(m.seas_adjacent(sid))
    return tuple(m.spaces[sid].ports)


def enemies(state: S.State, power: str, sid: str) -> list[str]:
    """Major powers at war with `power` that have naval units at `sid`."""
    return [p for p in powers_at(state, sid) if S.at_war(state, power, p)]


def may_enter_port(state: S.State, power: str, port: str) -> bool:
    """§16.1: a power's own ports (its minors' included), or another's only against enemy
    naval units there."""
    if S.major_of(state, S.controller(state, port)) == power:
        return True
    return bool(enemies(state, power, port))
