"""A minor power's alliance changes or ends (§22.4 deactivation; §22.2 L1827: a minor
activated for a new major is first deactivated from its old one).

`ally` is the one place a minor becomes a major's ally; `deactivate` runs §22.4's procedure:

1. the alliance ends;
2. the former ally's control markers leave the minor's home spaces;
3. other powers' units in the home spaces whose marker was just removed leave: land units
   to the nearest fortified space, naval units to the nearest port their side controls
   (`relocation.relocate`);
4. the minor's land units go to its nearest fortified home space it controls, else its
   nearest unfortified one, else they are eliminated;
5. its naval units go to its nearest home port it controls, else they are eliminated; its
   naval leaders then go to the turn track (``state["naval_out"]``, back at the next Card
   Draw, §8.2).

Hungary-Bohemia is never deactivated (§22.4, §22.5).  Sieges touched by the moves are
checked (§15.3).

Rules: §22.4, §22.2
"""
from __future__ import annotations

from games.here_i_stand import facts, relocation, siege
from games.here_i_stand import state as S

#: The minor that can never be deactivated (§22.4).
PERMANENT = "hungary"


def ally(state: S.State, minor: str, power: str) -> None:
    """`minor` becomes `power`'s ally (§22.2); one allied to another major is deactivated
    first (§22.2 L1827, §22.4)."""
    old = state["minor_allies"].get(minor)
    if old == power:
        return
    if old is not None:
        deactivate(state, minor)
    state["minor_allies"][minor] = power


def deactivate(state: S.State, minor: str) -> None:
    """§22.4's procedure for `minor` (see the module docstring)."""
    if minor == PERMANENT:
        raise ValueError("Hungary-Bohemia is never deactivated (§22.4)")
    former = state["minor_allies"].pop(minor)
    S.log(state, "minor_deactivated", minor=minor, power=former)
    m = S.board()
    homes = m.spaces_of(home=minor)
    touched = set()
    for sid in homes:
        if S.controller(state, sid) != former:
            continue
        S.set_control(state, sid, minor)
        for major in sorted({S.major_of(state, p) for p in S.units(state, sid)} - {minor}):
            relocation.relocate(state, major, sid)
        touched.add(sid)
    for sid in sorted(state["spaces"]):
        if sid in m.spaces and S.count(state, sid, minor):
            dest = _land_home(state, minor, sid)
            if dest != sid:
                _move(state, minor, sid, dest, S.LAND)
                touched |= {sid, dest} - {None}
    for sid in sorted(state["spaces"]):
        dest = _port_home(state, minor, sid)
        if S.count(state, sid, minor, S.NAVAL) and dest != sid:
            _move(state, minor, sid, dest, S.NAVAL)
    for lid in sorted(facts.leaders()):
        where = S.where_is(state, lid)
        if (where and facts.leader(lid).naval and S.leader_power(state, lid) == minor
                and _port_home(state, minor, where) != where):
            _leader_home(state, lid, where, _port_home(state, minor, where))
    for sid in sorted(touched):
        siege.check(state, sid, ask=False)


def _nearest(state: S.State, minor: str, sid: str, pool: list[str]) -> str | None:
    dist = relocation.distances(state, minor, sid)
    reach = [s for s in pool if s in dist]
    return min(reach, key=lambda s: (dist[s], s)) if reach else None


def _land_home(state: S.State, minor: str, sid: str) -> str | None:
    """The nearest home space `minor` controls, fortified first (§22.4)."""
    m = S.board()
    own = [s for s in m.spaces_of(home=minor) if S.controller(state, s) == minor
           and S.in_play(state, s)]
    forts = [s for s in own if S.is_fortified(s, state)]
    return _nearest(state, minor, sid, forts) or _nearest(state, minor, sid, own)


def _port_home(state: S.State, minor: str, sid: str) -> str | None:
    """The nearest home port `minor` controls (§22.4)."""
    m = S.board()
    ports = [s for s in m.spaces_of(home=minor) if m.spaces[s].ports
             and S.controller(state, s) == minor and S.in_play(state, s)]
    return _nearest(state, minor, sid, ports)


def _move(state: S.State, minor: str, src: str, dst: str | None, kinds) -> None:
    """`minor`'s units of `kinds` at `src` go to `dst`, or are eliminated (None)."""
    stack = {k: n for k, n in S.units(state, src).get(minor, {}).items() if k in kinds and n}
    for kind, n in stack.items():
        S.add_units(state, src, minor, kind, -n)
        if dst:
            S.add_units(state, dst, minor, kind, n)
    if dst:
        S.log(state, "units_leave", power=minor, src=src, dst=dst)
    else:
        S.log(state, "units_eliminated", power=minor, stack=stack, space=src)


def _leader_home(state: S.State, lid: str, src: str, dst: str | None) -> None:
    """A naval leader goes to a home port, or to the turn track without one (§22.4)."""
    S.move_leader(state, lid, src, dst)
    if dst is None:
        out = state.setdefault("naval_out", {"units": {}, "leaders": []})
        out["leaders"] = sorted(set(out["leaders"]) | {lid})
        S.log(state, "naval_leader_next_turn", leader=lid, space=src)
