"""Naval transport (§16.3): with at least 2 CP left, an army of at most 5 land units and its
leaders goes from a port into the sea zone on it holding the power's own naval units
(1 CP), on through adjacent zones each holding its own naval units (1 CP each), and lands
in the same impulse in a port on the last zone without enemy naval units (1 CP): the
landing is a land move into that port, subject to interception, avoiding battle,
withdrawal and the field battle (`land_war.move`), and an army that loses there is
eliminated with its leaders captured (a "doomed" move, §13.4 option 1).  It cannot be
intercepted at sea; besieged units are not transported.

Order: ``TRANSPORT <port> -> <zone> [-> <zone> ...] -> <port> [WITH <leaders>] <n>``.

Rules: §16.3
"""
from __future__ import annotations

from engine.contract import Reason as R
from games.here_i_stand import counter_mix
from games.here_i_stand import siege as sieges
from games.here_i_stand import state as S
from games.here_i_stand.land_war import entry, marks
from games.here_i_stand.land_war import move as land_move
from games.here_i_stand.navy import fleet

#: CP a power must have left to start a transport (§16.3).
NEED = 2
MOST = 5


def cost(route: list[str]) -> int:
    """1 CP per sea zone entered and 1 for the landing."""
    return len(route) - 1


def problem(state: S.State, power: str, route: list[str], leaders: tuple[str, ...], n: int,
            cp: int) -> R | None:
    """Why the transport along `route` (port, zones..., port) is illegal, or None."""
    m = S.board()
    src, zones, dst = route[0], route[1:-1], route[-1]
    if cp < NEED or cp < cost(route):
        return R(f"a transport along this route needs {max(NEED, cost(route))} CP",
                 "transport_cp", need=max(NEED, cost(route)), cp=cp)
    if not zones or src not in m.spaces or dst not in m.spaces or zones[0] not in \
            m.spaces[src].ports or zones[-1] not in m.spaces[dst].ports:
        return R("a transport goes from a port through sea zones to a port on the last one",
                 "transport_route")
    for a, b in zip(zones, zones[1:]):
        if b not in m.seas_adjacent(a):
            return R(f"{b} is not next to {a}", "naval_not_adjacent", space=a, to=b)
    for z in zones:
        if not fleet.units(state, z, power):
            return R(f"{power} has no naval units in {z} (§16.3)", "naval_none_here",
                     power=power, space=z)
    if fleet.enemies(state, power, dst):
        return R(f"enemy ships are in {dst} (§16.3)", "transport_enemy_ships", space=dst)
    if not 0 < n <= min(MOST, S.army_limit(leaders)):
        return R(f"at most {MOST} units (and the army limit) go by sea, at least 1",
                 "transport_units", n=n)
    free = sum(S.count(state, src, o) - marks.marked(state, "lost", src, o)
               for o in entry.forces(state, power) if not sieges.is_besieged(state, src, o))
    if n > free:
        return R(f"only {free} of your units in {src} may go", "too_few_units", have=free, n=n)
    if units(state, power, src, n, dst) is None:
        fit = counter_mix.army_counts(state, _army(state, power, src), src, free, dst)
        return counter_mix.split_reason(power, src, n, fit)
    if any(l not in S.own_leaders(state, src, power) or marks.leader_marked(state, "lost", l)
           for l in leaders):
        return R("a named leader is not with your army there", "leader_not_here",
                 leader=",".join(leaders), power=power, space=src)
    return entry.can_enter(state, power, dst)


def single_hops(state: S.State, power: str, cp: int
                ) -> list[tuple[tuple[str, ...], tuple[int, ...]]]:
    """Every legal one-zone transport ``(port, zone, port)`` of `power` without leaders, with
    the numbers of units it may carry (what a bot is offered; not always a range: the
    counters must show the split, §5.2 L283)."""
    m = S.board()
    out = []
    for zone in sorted(m.sea_zones):
        if not fleet.units(state, zone, power):
            continue
        for src in m.ports_of(zone):
            for dst in m.ports_of(zone):
                route = [src, zone, dst]
                if src != dst and S.in_play(state, src) and S.in_play(state, dst) and \
                        problem(state, power, route, (), 1, cp) is None:
                    out.append((tuple(route), tuple(
                        n for n in range(1, MOST + 1)
                        if problem(state, power, route, (), n, cp) is None)))
    return out


def units(state: S.State, power: str, src: str, n: int, dst: str
          ) -> dict[str, dict[str, int]] | None:
    """`n` land units at `src` landing at `dst`: the power's own (regulars, mercenaries,
    cavalry), then its allied minors' — the first choice the counters can show (§5.2)."""
    return counter_mix.choose_army(state, _army(state, power, src), src, n, dst)


def _army(state: S.State, power: str, src: str) -> dict[str, dict[str, int]]:
    return {o: dict(S.units(state, src).get(o, {})) for o in entry.forces(state, power)}


def begin(state: S.State, power: str, route: list[str], leaders: tuple[str, ...], n: int,
          dice) -> None:
    """Carry the army over and land it (a doomed land move from `src`); the caller checked
    it (`problem`) and spent its CP."""
    src, dst = route[0], route[-1]
    army = units(state, power, src, n, dst) or {}
    S.log(state, "transport", power=power, space=src, to=dst, units=n, leaders=list(leaders),
          spaces=route[1:-1])
    land_move.begin(state, power, src, dst, leaders, army, dice, doomed=True)
