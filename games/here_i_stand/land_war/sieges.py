"""The hook a siege begins through (§13.4, §14 step 12, §15) and the besieged state the
move rules read (§13.1, §13.2, §13.3).

``state["sieges"]`` (created on first use) maps a fortified space to
``{"besiegers": [powers], "besieged": [powers]}``: the besieged powers' land units and
leaders there are inside the fortifications, the besiegers' outside.  Assaults, relief and
the siege's end (§15) read and change this record.

Rules: §13.4
"""
from __future__ import annotations

from games.here_i_stand import state as S


def siege_at(state: S.State, sid: str) -> dict | None:
    return (state.get("sieges") or {}).get(sid)


def is_besieged(state: S.State, sid: str, power: str) -> bool:
    """Whether `power`'s land units at `sid` are besieged there (§15)."""
    siege = siege_at(state, sid)
    return bool(siege) and power in siege["besieged"]


def begin_siege(state: S.State, sid: str, besiegers: list[str], besieged: list[str]) -> None:
    """A siege of `sid` begins (§13.4: the attacker outnumbers the units inside; §14 step 12):
    `besieged` are inside the fortifications, `besiegers` outside."""
    state.setdefault("sieges", {})[sid] = {"besiegers": sorted(besiegers),
                                           "besieged": sorted(besieged)}
    S.log(state, "siege_begins", space=sid, powers=sorted(besiegers),
          besieged=sorted(besieged))
