"""The two sides of a field battle (§14): who fights on each, who decides for them.

A battle record names the ``space``, the active power ``attacker`` and its enemies there,
``defenders`` (`battle.fight`); besieged units inside the fortifications stay out (§15).

Rules: §14
"""
from __future__ import annotations

from typing import Any

from games.here_i_stand import facts
from games.here_i_stand import state as S
from games.here_i_stand import siege as sieges

Battle = dict[str, Any]


def side_owners(state: S.State, battle: Battle, side: str) -> list[str]:
    """The owners of the land units fighting on `side` (``attacker`` / ``defender``)."""
    here = S.land_powers(state, battle["space"])
    if side == "attacker":
        return [p for p in here if S.allied(state, battle["attacker"], p)]
    return [p for p in here if p in battle["defenders"]
            and not sieges.is_besieged(state, battle["space"], p)]


def side_majors(state: S.State, battle: Battle, side: str) -> list[str]:
    """The powers deciding for `side`, in standard order (a minor's major decides for it)."""
    if side == "attacker":
        return [battle["attacker"]]
    found = {S.major_of(state, p) for p in side_owners(state, battle, side)}
    found |= {S.major_of(state, p) for p in battle["defenders"] if p in S.MAJORS}
    return [p for p in S.MAJORS if p in found] + sorted(found - set(S.MAJORS))


def side_units(state: S.State, battle: Battle, side: str) -> int:
    return sum(S.count(state, battle["space"], p) for p in side_owners(state, battle, side))


def side_leaders(state: S.State, battle: Battle, side: str) -> list[str]:
    majors = side_majors(state, battle, side)
    return sorted(lid for lid in S.leaders_at(state, battle["space"])
                  if not facts.leader(lid).naval
                  and S.major_of(state, S.leader_power(state, lid) or "") in majors)


def side_of(state: S.State, battle: Battle, power: str) -> str:
    return "attacker" if power in side_majors(state, battle, "attacker") else "defender"
