"""Inactive minor powers and independent units (§22.1, §22.6), and the defeat of
Hungary-Bohemia (§22.5).

An inactive minor's units (and independent units, §22.6 L1882) never move, intercept or
avoid battle; with 4 or fewer land units in an invaded space they always withdraw into the
fortifications; with 5 or more they stay and fight, and after a lost field battle they do not
retreat: up to 4 go inside and the rest are eliminated.  `inactive_choice` gives these
answers to the questions the land war asks (the battle helper's questions call it for
inactive owners); `after_lost_battle` applies the last rule.

Rules: §22.1, §22.5, §22.6
"""
from __future__ import annotations

from typing import Literal

from games.here_i_stand import deactivation, events, siege
from games.here_i_stand import state as S
from games.here_i_stand.navy import ports

#: Land units an inactive minor withdraws into fortifications with, at most (§22.1).
WITHDRAW_MAX = 4
Question = Literal["intercept", "avoid", "withdraw", "fight", "retreat_inside"]


def is_inactive(state: S.State, owner: str) -> bool:
    """Inactive minors (§22.1) and the independent units (§22.6)."""
    return (owner in S.MINORS or owner == "independent") and owner not in state["minor_allies"]


def inactive_choice(state: S.State, question: Question, space: str, owner: str) -> bool | int:
    """The fixed answer of an inactive minor's (or independent) units at `space` (§22.1):
    ``intercept``/``avoid`` -> False; ``withdraw`` -> True with 4 or fewer land units in a
    fortified space; ``fight`` -> True with 5 or more; ``retreat_inside`` -> how many go
    inside after a lost battle (up to 4, the rest are eliminated)."""
    units = S.count(state, space, owner)
    if question in ("intercept", "avoid"):
        return False
    if question == "withdraw":
        return units <= WITHDRAW_MAX and S.is_fortified(space, state)
    if question == "fight":
        return units > WITHDRAW_MAX or not S.is_fortified(space, state)
    if question == "retreat_inside":
        return min(units, WITHDRAW_MAX) if S.is_fortified(space, state) else 0
    raise ValueError(question)


def after_lost_battle(state: S.State, space: str, owner: str) -> int:
    """§22.1: an inactive minor that lost a field battle keeps up to 4 units, inside the
    fortifications (none in an unfortified space), and loses the rest; returns the number
    eliminated.  (Whether a siege then begins is the battle's §14 step 12.)"""
    keep = int(inactive_choice(state, "retreat_inside", space, owner))
    lost = 0
    stack = dict(S.units(state, space).get(owner, {}))
    for kind in ("cavalry", "mercenaries", "regulars"):
        excess = S.count(state, space, owner) - keep
        n = min(excess, stack.get(kind, 0))
        if n > 0:
            S.add_units(state, space, owner, kind, -n)
            lost += n
    if lost:
        S.log(state, "minor_units_lost", power=owner, n=lost, space=space)
    return lost


# ---------------------------------------------------------------- Hungary-Bohemia (§22.5)
def hungary_defeated(state: S.State) -> bool:
    """§22.5's conditions, checked at the end of an assault or a field battle."""
    if state.get("hungary_defeated"):
        return False
    m = S.board()
    keys = [s for s in m.spaces_of(home="hungary") if m.spaces[s].is_key]
    taken = sum(1 for k in keys if S.controller(state, k) == "ottoman")
    if state["minor_allies"].get("hungary") == "hapsburg":
        return taken >= 2
    regulars = sum(S.count(state, sid, "hungary") for sid in state["spaces"])
    return taken >= 1 and regulars <= WITHDRAW_MAX


def resolve_hungary(state: S.State) -> None:
    """§22.5: the Hapsburgs intervene for free (at war with the Ottomans even if allied),
    Hungary-Bohemia becomes their permanent ally, Hungarian home spaces with Ottoman land
    units become Ottoman (besieged ones too), besieged Hungarian units are eliminated, and the
    Ottomans get 2 VP as the war's winner."""
    if not hungary_defeated(state):
        return
    state["hungary_defeated"] = True
    deactivation.ally(state, "hungary", "hapsburg")
    state["wars"] = [pr for pr in state["wars"] if "hungary" not in pr]
    events.start_war(state, "hapsburg", "ottoman", S.msg("why_hungary_defeated"))
    for sid in S.board().spaces_of(home="hungary"):
        if S.count(state, sid, "ottoman"):
            ports.change(state, sid, "ottoman")
            if siege.is_besieged(state, sid, "hungary"):
                for kind in S.LAND:
                    n = S.units(state, sid).get("hungary", {}).get(kind, 0)
                    S.add_units(state, sid, "hungary", kind, -n)
                siege.end_siege(state, sid)
    state["bonus_vp"]["ottoman"]["hungary"] = 2
    S.log(state, "hungary_defeated")
