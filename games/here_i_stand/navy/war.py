"""The naval battles a war begun in the Action phase calls for (§9.6 L583): when the
*Schmalkaldic League*, *Machiavelli*, *Six Wives*, the defeat of Hungary-Bohemia or an
activation puts two powers at war and their naval units share a sea zone, a naval battle is
fought there at once (§16.2, with its usual questions: *Arquebusiers* before the roll,
*Janissaries* and *Professional Rowers* after it, whose squadrons are lost, the retreat).

* Only sea zones (L583 says "в одной морской зоне"): ships in ports are never in a §9.6
  battle.  Only the two powers now at war fight (each with its allied minors' ships and the
  squadrons lent to it, `fleet.units`), whatever other powers' ships are there.
* The attacker is the active player (§16.2 step 1: "the active player is always the
  attacker"); when neither power is active, the power that declared the war (pbem ruling).
* Equal hits: both sides must retreat (L583, the exception to §16.2 step 7); the losses are
  those of a tie under §16.2 (the defender wins it, so the attacker's odd hit counts), the
  attacker retreats first, then the defender (`battle.TIE_NEXT`).
* Several sea zones: the attacker chooses the order (the ``naval-battle`` question, FIGHT
  <zone> AGAINST <power>, as §16.1 step 7 lets the mover choose; default the first zone by
  name); several wars begun at once are fought out in the order they began.
* Only in the Action phase (L583 is its paragraph): in the other phases every fleet is in
  port (Winter sends them home, §19).

The wars waiting for their battles live in ``phase_data["war_at_sea"]``; the Action phase
carries them on (`proceed`) whenever no question is open, before the impulse goes on.

Rules: §9.6, §16.2
"""
from __future__ import annotations

from typing import Any

from games.here_i_stand import choices
from games.here_i_stand import state as S
from games.here_i_stand.navy import battle, fleet

War = dict[str, Any]


def shared_zones(state: S.State, a: str, b: str) -> list[str]:
    """The sea zones where both `a` and `b` have naval units, by name."""
    return sorted(z for z in S.board().sea_zones
                  if fleet.units(state, z, a) and fleet.units(state, z, b))


def begin(state: S.State, a: str, b: str) -> None:
    """`a` (the declarer) and `b` are now at war in the Action phase: queue their naval
    battles where their ships share a sea zone (fought by `proceed`)."""
    if state["phase"] != "action" or not shared_zones(state, a, b):
        return
    data = state["phase_data"]
    active = S.MAJORS[data["active"]]
    attacker = active if active in (a, b) else a
    defender = b if attacker == a else a
    data.setdefault("war_at_sea", []).append({"attacker": attacker, "defender": defender})
    for zone in shared_zones(state, a, b):
        S.log(state, "war_naval_battle_due", power=attacker, power2=defender, space=zone)


def _war(state: S.State) -> War | None:
    wars = (state.get("phase_data") or {}).get("war_at_sea")
    return wars[0] if wars else None


def pending(state: S.State) -> list[tuple[str, str]]:
    """``(zone, defender)`` battles the first waiting war still calls for."""
    war = _war(state)
    if war is None:
        return []
    return [(z, war["defender"]) for z in shared_zones(state, war["attacker"],
                                                        war["defender"])]


def waiting(state: S.State) -> bool:
    """Whether a §9.6 battle (or its second retreat) is still to come."""
    data = state.get("phase_data") or {}
    return bool(data.get("war_at_sea") or data.get(battle.TIE_NEXT))


def start(state: S.State, zone: str, dice) -> None:
    """Fight the first waiting war's battle in `zone` (§16.2; equal hits: both retreat)."""
    war = _war(state)
    assert war is not None
    battle.fight(state, zone, war["attacker"], war["defender"], dice, both_retreat=True)


def proceed(state: S.State, dice) -> None:
    """Carry the battles on until one asks a question or none is left: the battle waiting
    for an answer, the defender's retreat after a tie, then the next zone (the attacker
    chooses among several), then the next war."""
    data = state["phase_data"]
    for _ in range(100):
        if choices.current(state):
            return
        if battle.current(state) is not None:
            battle.advance(state, dice)
            continue
        tie = data.pop(battle.TIE_NEXT, None)
        if tie is not None:
            zone, power = tie
            if fleet.units(state, zone, power) or fleet.leaders(state, zone, power):
                battle.ask_retreat(state, zone, power)
            continue
        war = _war(state)
        if war is None:
            data.pop("war_at_sea", None)
            return
        found = pending(state)
        if not found:
            data["war_at_sea"].pop(0)
        elif len(found) > 1:
            choices.push(state, {"kind": "naval-battle", "seat": war["attacker"],
                                 "space": found[0][0]})
        else:
            start(state, found[0][0], dice)
    raise RuntimeError("the naval battles of a new war do not settle")
