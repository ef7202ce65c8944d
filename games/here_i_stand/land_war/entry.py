"""Who may enter a space holding other powers' land units, and who they meet there (§13.1).

An army may enter a space with other powers' land units only when (§13.1 L774-779):
all of them are allied to the mover (and no ally besieges another there); all are enemies
(and no enemy besieges another there); the space is enemy-controlled and every unit there
belongs to that power or its allies (then all count as enemies); or it is a besieged
fortified space with allies on one side and enemies on the other.  Neutral units never
block (L781).  Leaders without units never enter enemy-controlled or enemy-occupied spaces
(L784).  `can_enter` adds the space's own conditions: in play, no electorate before the
Schmalkaldic League (§21.6), and no space of a power neither at war nor allied.

Rules: §13.1, §21.6
"""
from __future__ import annotations

from engine.contract import Reason as R
from games.here_i_stand import state as S
from games.here_i_stand import siege as sieges


def forces(state: S.State, power: str) -> list[str]:
    """The owners of the land units `power` commands: itself, then its allied minors
    (§22.3)."""
    return [power] + sorted(m for m, major in state["minor_allies"].items() if major == power)


def _side(state: S.State, power: str, other: str) -> str:
    if S.allied(state, power, other):
        return "ally"
    if other == "independent" or S.at_war(state, power, other):
        return "enemy"
    return "neutral"


def enemies_at(state: S.State, power: str, sid: str) -> list[str]:
    """The owners of land units at `sid` that `power`'s army meets as enemies (§13.1: the
    units of an enemy controller's side all count as enemies)."""
    others = [p for p in S.land_powers(state, sid) if not S.allied(state, power, p)]
    owner = S.controller(state, sid)
    if (others and S.at_war(state, power, owner)
            and all(S.allied(state, owner, p) for p in others)):
        return sorted(others)
    return sorted(p for p in others if _side(state, power, p) == "enemy")


def army_entry_problem(state: S.State, power: str, dst: str) -> R | None:
    """Why `power`'s army may not enter `dst` because of the land units there (§13.1)."""
    name = S.board().spaces[dst].name_en
    others = [p for p in S.land_powers(state, dst) if p != power]
    if not others:
        return None
    enemy = set(enemies_at(state, power, dst))
    allies = {p for p in others if _side(state, power, p) == "ally"}
    siege = sieges.siege_at(state, dst)
    if not enemy:
        if siege and allies >= set(siege["besiegers"]) | set(siege["besieged"]):
            return R(f"one ally of {power} besieges another in {name} (§13.1)",
                     "enter_allies_siege", space=dst)
        return None
    if not allies:
        if siege and enemy >= set(siege["besiegers"]) | set(siege["besieged"]):
            return R(f"one enemy of {power} besieges another in {name} (§13.1)",
                     "enter_enemies_siege", space=dst)
        return None
    if siege:
        inside, outside = set(siege["besieged"]), set(siege["besiegers"])
        if (inside <= allies and outside <= enemy) or (inside <= enemy and outside <= allies):
            return None
    return R(f"{name} holds both allies and enemies of {power}, and not as besieged against "
             "besiegers (§13.1)", "enter_mixed", space=dst, power=power)


def leaders_entry_problem(state: S.State, power: str, dst: str) -> R | None:
    """Leaders without units never enter enemy-controlled or enemy-occupied spaces (§13.1
    L784)."""
    if S.enemy_space(state, power, dst) or enemies_at(state, power, dst):
        return R(f"leaders without units may not enter {S.board().spaces[dst].name_en}, which "
                 "is enemy-controlled or holds enemy units (§13.1)", "leaders_enter_enemy",
                 space=dst)
    return None


def lone_enemy_leaders(state: S.State, power: str, sid: str) -> list[str]:
    """Enemy leaders alone in an unfortified space: captured when `power`'s land units enter
    it by move, retreat or interception (§13.1 L784)."""
    if S.is_fortified(sid, state):
        return []
    out = []
    for lid in S.leaders_at(state, sid):
        owner = S.leader_power(state, lid)
        if owner and S.at_war(state, power, owner) and not S.count(state, sid, owner):
            if not any(S.count(state, sid, p) for p in S.MINORS
                       if state["minor_allies"].get(p) == owner):
                out.append(lid)
    return sorted(out)


def capture(state: S.State, captor: str, leaders: list[str], sid: str) -> None:
    """Leaders go onto the captor's power card (§13.1, §14 step 10)."""
    major = S.major_of(state, captor)
    for lid in leaders:
        S.move_leader(state, lid, sid, None)
        if major in S.MAJORS:            # an inactive minor's or independent captives stay off the map
            held = state["captured"].setdefault(major, [])
            held.append(lid)
            held.sort()
    if leaders:
        S.log(state, "leaders_captured", power=major,
              leaders=list(leaders), space=sid)


def transfer(state: S.State, src: str, dst: str, units: dict[str, dict[str, int]],
             leaders) -> None:
    """Move land units ``{owner: {kind: n}}`` and leaders from `src` to `dst` (§13)."""
    for owner, got in units.items():
        for kind, n in got.items():
            S.add_units(state, src, owner, kind, -n)
            S.add_units(state, dst, owner, kind, n)
    for lid in leaders:
        S.move_leader(state, lid, src, dst)


def can_enter(state: S.State, power: str, dst: str) -> R | None:
    """Why `power`'s army may not enter `dst` now, or None (§13.1, §21.6)."""
    m = S.board()
    if dst not in m.spaces:
        return R(f"{dst} is not a land space", "not_land", text=str(dst))
    if not S.in_play(state, dst):
        return R(f"{m.spaces[dst].name_en} is out of play", "out_of_play", space=dst)
    if not state["league"] and m.spaces[dst].type == "electorate" and power != "protestant":
        return R("no army may enter an electorate before the Schmalkaldic League (§21.6)",
                 "electorate_before_league")
    owner = S.controller(state, dst)
    if not (owner in (power, "independent") or S.allied(state, power, owner)
            or S.at_war(state, power, owner)):
        return R(f"{m.spaces[dst].name_en} is controlled by {owner}, which is neither at war "
                 f"nor allied with {power} (§13.1)", "enter_neutral", space=dst, owner=owner,
                 power=power)
    return army_entry_problem(state, power, dst)
