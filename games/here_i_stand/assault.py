"""The assault (§15.1): a CP action (1 CP, "Assault/Foreign war" in the §11.1 table) against
a fortified space the active power besieges.

Requirements (§15.1): the siege began in an earlier impulse (Roxelana's exception aside), no
assault on this space yet this impulse, a line of communication to it (§12.1), and the naval
blockade: the controller has no squadrons in the sea zones next to the port, and if it has
squadrons in the port itself, the attacker has more squadrons in those zones (corsairs do
not count).

Procedure (§15.1 steps 1, 3, 4, 7, 9-11): the army is the power's land units there (its
active minors' included) up to its leaders' command limit (§5.1), regulars and mercenaries
first; the attacker rolls 1 die per 2 regulars and mercenaries (rounded up; per unit when
no defending unit is left) plus the best leader's battle rating; the defender 1 per
regular and mercenary inside plus its best leader's battle rating plus 1.  5-6 hits.  Each
hit eliminates one land unit of the other side (cavalry may be taken as losses).  Success
(a hit, no defender left, an attacker left): control passes, leaders inside are captured,
naval units in the port are removed; failure: the siege goes on if the besiegers still
outnumber the units inside, else it breaks (§15.3); an attacking army wiped out leaves its
leaders for the nearest fortified space (§9.3 step 6).

The assault lives in ``phase_data["assault"]`` while its card windows are open (§15.1 steps
2, 5-6, 8, `land_war.assault_cards`: the ``combat-cards`` question, asked of each power that
could hold a usable card by public information); `advance` carries it on after each answer.

Rules: §15.1
"""
from __future__ import annotations

from typing import Any

from engine.contract import Reason
from engine.contract import Reason as R
from engine.dice import Dice
from games.here_i_stand import choices, counter_mix, facts, minors, relocation, siege
from games.here_i_stand import state as S
from games.here_i_stand.land_war import assault_cards, responses
from games.here_i_stand.navy import ports

#: Losses come off in this order by default (§15.1 step 9: the owner chooses; cavalry rolls
#: no assault dice, mercenaries are the cheapest to rebuild).
LOSS_ORDER = ("cavalry", "mercenaries", "regulars")
HIT = 5


def blockade_problem(state: S.State, power: str, sid: str) -> Reason | None:
    """§15.1's naval blockade of a port (squadrons only, never corsairs)."""
    m = S.board()
    zones = m.spaces[sid].ports
    if not zones:
        return None
    owner = S.controller(state, sid)
    theirs = sum(S.count(state, z, p, ("squadrons",)) for z in zones
                 for p in S.units(state, z) if S.major_of(state, p) == S.major_of(state, owner))
    if theirs:
        return R(f"{owner} has squadrons next to {m.spaces[sid].name_en}: no assault without "
                 "a blockade (§15.1)", "assault_no_blockade", power=owner, space=sid)
    in_port = sum(S.count(state, sid, p, ("squadrons",)) for p in S.units(state, sid)
                  if S.major_of(state, p) == S.major_of(state, owner))
    if in_port:
        mine = sum(S.count(state, z, p, ("squadrons",)) for z in zones
                   for p in S.units(state, z) if S.major_of(state, p) == power)
        if mine <= in_port:
            return R(f"{in_port} squadron(s) of {owner} are in {m.spaces[sid].name_en}: "
                     f"{power} needs more squadrons next to it, not {mine} (§15.1)",
                     "assault_port_squadrons", power=owner, space=sid, n=in_port, have=mine)
    return None


def assault_problem(state: S.State, power: str, sid: str) -> Reason | None:
    """Why `power` may not assault `sid` now, or None (§15.1 requirements but the line of
    communication, which `cp_actions` checks with the rest of §12.1)."""
    m = S.board()
    if sid not in m.spaces:
        return R(f"{sid} is not a land space", "not_land", text=str(sid))
    name = m.spaces[sid].name_en
    record = siege.siege_at(state, sid)
    if record is None or not siege.is_besieger(state, sid, power):
        return R(f"{power} does not besiege {name} (§15.1)", "assault_no_siege", power=power,
                 space=sid)
    now = siege.impulse_key(state)
    area = (state.get("phase_data") or {}).get("cp_area") or ()
    if record.get("begun") == now and not free_assault(state, power, sid) and sid not in area:
        return R(f"the siege of {name} began this impulse: assault it in a later one (§15.1)",
                 "assault_same_impulse", space=sid)
    if responses.weather(state, power):
        return R(f"Foul Weather: {power} may not assault this impulse", "foul_weather_assault",
                 power=power, card=responses.FOUL_WEATHER)
    if record.get("assaulted") == now:
        return R(f"{name} was already assaulted this impulse (§15.1)", "assault_twice",
                 space=sid)
    if not army(state, power, sid)[0]:
        return R(f"{power} has no land units besieging {name}", "assault_no_units",
                 power=power, space=sid)
    return blockade_problem(state, power, sid)


def _roxelana(state: S.State, power: str) -> bool:
    """Roxelana (#42): the Ottoman assault in the impulse the siege began (§15.1)."""
    return power == "ottoman" and (state.get("phase_data") or {}).get("roxelana") == "ottoman"


def army(state: S.State, power: str, sid: str) -> tuple[dict[str, dict[str, int]], list[str]]:
    """The assaulting army (§15.1 step 1, §5.1): all `power`'s army leaders there (but one
    *Gout* stopped, #32), and its land units (its active minors' too) up to their command
    limit, regulars and mercenaries before cavalry."""
    stacks = {p: c for p, c in S.units(state, sid).items() if S.major_of(state, p) == power}
    leaders = [l for l in S.own_leaders(state, sid, power) if l not in responses.gouty(state)]
    left = S.army_limit(leaders)
    out: dict[str, dict[str, int]] = {}
    for kind in ("regulars", "mercenaries", "cavalry"):
        for owner in sorted(stacks, key=lambda o: o != power):
            take = min(left, stacks[owner].get(kind, 0))
            if take:
                out.setdefault(owner, {})[kind] = take
                left -= take
    return out, leaders


def _best(leaders: list[str]) -> int:
    return max((facts.leader(l).battle for l in leaders), default=0)


def _foot(units: dict[str, dict[str, int]]) -> int:
    return sum(c.get("regulars", 0) + c.get("mercenaries", 0) for c in units.values())


def defenders(state: S.State, sid: str) -> tuple[dict[str, dict[str, int]], list[str]]:
    """The besieged units and army leaders at `sid` (§15.1 step 4)."""
    units = {p: {k: n for k, n in S.units(state, sid)[p].items() if k in S.LAND and n}
             for p in S.land_powers(state, sid) if siege.is_besieged(state, sid, p)}
    leaders = [l for l in S.leaders_at(state, sid) if not facts.leader(l).naval
               and siege.is_besieged(state, sid, S.leader_power(state, l) or "")]
    return units, leaders


def dice_counts(attack: dict[str, dict[str, int]], att_leaders: list[str],
                defend: dict[str, dict[str, int]], def_leaders: list[str]) -> tuple[int, int]:
    """(attacker dice, defender dice) of §15.1 steps 3-4."""
    foot = _foot(attack)
    if sum(sum(c.values()) for c in defend.values()):
        att = (foot + 1) // 2 + _best(att_leaders)
    else:
        att = foot + _best(att_leaders)
    return att, _foot(defend) + _best(def_leaders) + 1


def _take_losses(state: S.State, sid: str, units: dict[str, dict[str, int]], hits: int,
                 first: str) -> int:
    """Eliminate up to `hits` of `units` at `sid` (`first` owner first, LOSS_ORDER); returns
    the number eliminated."""
    lost = 0
    for owner in sorted(units, key=lambda o: o != first):
        for kind in LOSS_ORDER:
            n = min(hits - lost, units[owner].get(kind, 0))
            if n:
                S.add_units(state, sid, owner, kind, -n)
                units[owner][kind] -= n
                lost += n
    for owner in units:
        counter_mix.trim(state, owner, sid)
    return lost


def current(state: S.State) -> dict[str, Any] | None:
    """The assault under way (its card windows open), or None."""
    return (state.get("phase_data") or {}).get("assault")


def begin(state: S.State, power: str, sid: str, dice: Dice, *, treachery: bool = False) -> None:
    """Declare an assault `assault_problem` allows (§15.1 step 1) and carry it on through
    its card windows (steps 2, 5-6, 8) to its result; `treachery`: the assault of *Treachery!*
    (#105, `card_events_keys`), which takes the space when it fails with the besiegers still
    outnumbering the units inside."""
    record = siege.siege_at(state, sid)
    record["assaulted"] = siege.impulse_key(state)
    if free_assault(state, power, sid):
        state["phase_data"].pop("roxelana")              # Roxelana's one free assault
    state["phase_data"]["assault"] = {
        "space": sid, "attacker": power, "owner": S.controller(state, sid), "played": [],
        "stage": "assault_mercs", "windows": None, "extra": 0}
    if treachery:
        state["phase_data"]["assault"]["treachery"] = True
    advance(state, dice)


#: The stage after each window (§15.1 steps 2, 5-6, 8).
_NEXT = {"assault_mercs": "assault_cards", "assault_cards": "roll", "artillery": "resolve"}


def advance(state: S.State, dice: Dice) -> None:
    """Carry the assault on until a window asks a question or it is resolved."""
    record = current(state)
    while record is not None and not choices.current(state):
        stage, sid = record["stage"], record["space"]
        if stage in _NEXT:
            if record["windows"] is None:
                record["windows"] = assault_cards.window_order(state, record, stage)
            if record["windows"]:
                choices.push(state, {"kind": "combat-cards", "seat": record["windows"].pop(0),
                                     "window": stage, "space": sid})
                continue
            record["windows"] = None
            record["stage"] = _NEXT[stage]
        elif stage == "roll":
            _roll(state, record, dice)
            record["stage"] = "artillery"
        else:
            del state["phase_data"]["assault"]
            resolve(state, record)
            return


def _roll(state: S.State, record: dict[str, Any], dice: Dice) -> None:
    """§15.1 steps 3-4 and 7: count and roll both sides' dice."""
    power, sid = record["attacker"], record["space"]
    attack, att_leaders = army(state, power, sid)
    defend, def_leaders = defenders(state, sid)
    n_att, n_def = dice_counts(attack, att_leaders, defend, def_leaders)
    n_att += record["extra"]
    record.update(dice=n_att, dice2=n_def, rolls=dice.roll(n_att), rolls2=dice.roll(n_def))
    record["hits"] = sum(1 for r in record["rolls"] if r >= HIT)
    record["hits2"] = sum(1 for r in record["rolls2"] if r >= HIT)
    S.log(state, "assault_rolls", power=power, space=sid, dice=n_att, rolls=record["rolls"],
          hits=record["hits"], owner=record["owner"], dice2=n_def, rolls2=record["rolls2"],
          hits2=record["hits2"])


def resolve(state: S.State, record: dict[str, Any]) -> dict[str, Any]:
    """§15.1 steps 9-11: losses, then the fortress falls or the assault fails; returns the
    result (dice, hits, outcome)."""
    power, sid, owner = record["attacker"], record["space"], record["owner"]
    attack, att_leaders = army(state, power, sid)
    defend, def_leaders = defenders(state, sid)
    hits, hits_def = record["hits"], record["hits2"]
    _take_losses(state, sid, defend, hits, owner)
    _take_losses(state, sid, attack, hits_def, power)
    left_in = siege.inside(state, sid)
    survivors = sum(sum(c.values()) for c in attack.values())
    result = {"space": sid, "dice": [record["dice"], record["dice2"]], "hits": [hits, hits_def]}
    if hits and not left_in and survivors:
        _fall(state, power, sid, owner, def_leaders)
        result["outcome"] = "taken"
    elif record.get("treachery") and siege.outside(state, sid) > left_in:
        for p, stack in defend.items():                # #105: the defenders are eliminated
            for kind in S.LAND:
                if S.units(state, sid).get(p, {}).get(kind):
                    S.add_units(state, sid, p, kind, -S.units(state, sid)[p][kind])
        S.log(state, "treachery_taken", power=power, space=sid)
        _fall(state, power, sid, owner, def_leaders)
        result["outcome"] = "taken"
    else:
        result["outcome"] = "failed"
        S.log(state, "assault_failed", power=power, space=sid)
        if not survivors and not any(S.count(state, sid, p) for p in S.land_powers(state, sid)
                                     if S.major_of(state, p) == power):
            for lid in att_leaders:                 # §15.1 step 11 -> §9.3 step 6
                if S.where_is(state, lid) == sid:
                    relocation.relocate(state, power, sid)
                    break
        if siege.siege_at(state, sid):
            if not siege.outside(state, sid):
                siege.end_siege(state, sid)
                S.log(state, "siege_ends", space=sid)
            elif siege.outside(state, sid) <= siege.inside(state, sid):
                siege.break_siege(state, sid)
    minors.resolve_hungary(state)                      # §22.5: checked after every assault
    return result


def _fall(state: S.State, power: str, sid: str, owner: str, def_leaders: list[str]) -> None:
    """§15.1 step 10 (L939): besieged leaders are captured, the defender's naval units and
    naval leaders in the port go to the turn track (``state["naval_out"]``: the units'
    counters cannot be rebuilt and the leaders stay off the map until the next Card Draw,
    §8.2, `return_naval`), then control passes (`ports.change`: any other power's ships
    still in the port retreat, §12.2 L727)."""
    siege.end_siege(state, sid)
    S.log(state, "assault_taken", power=power, space=sid, owner=owner)
    for lid in def_leaders:
        siege.capture(state, lid, sid, power)
    out = state.setdefault("naval_out", {"units": {}, "leaders": []})
    for p in list(S.units(state, sid)):
        if S.major_of(state, p) == S.major_of(state, owner) or p == "independent":
            for kind in S.NAVAL:
                n = S.units(state, sid).get(p, {}).get(kind, 0)
                if n:
                    S.add_units(state, sid, p, kind, -n)
                    stack = out["units"].setdefault(p, {})
                    stack[kind] = stack.get(kind, 0) + n
                    S.log(state, "port_fleet_lost", power=p, stack={kind: n}, space=sid)
    for lid in S.leaders_at(state, sid):
        if facts.leader(lid).naval and S.major_of(state, S.leader_power(state, lid) or "") \
                == S.major_of(state, owner):
            S.move_leader(state, lid, sid, None)
            out["leaders"] = sorted(set(out["leaders"]) | {lid})
            S.log(state, "naval_leader_next_turn", leader=lid, space=sid)
    if not out["units"] and not out["leaders"]:
        del state["naval_out"]
    ports.change(state, sid, power)


# ---------------------------------------------------------------- Roxelana (#42)
ROXELANA = 42
#: CP another power spends of Roxelana's to send Suleiman to Istanbul (card text).
RECALL_CP = 2


def roxelana(state: S.State, power: str, dice: Dice) -> int:
    """Roxelana (#42, §15.1's exception): 4 CP; played by the Ottomans, one assault by the
    army with Suleiman is free and may strike a siege begun this impulse; played by another
    power, it may spend 2 of the CP to send Suleiman to Istanbul (card text)."""
    state["phase_data"]["roxelana"] = power
    return facts.card(ROXELANA).cp


def free_assault(state: S.State, power: str, sid: str) -> bool:
    """Whether this assault is Roxelana's free one: the Ottomans played it this impulse and
    Suleiman is in the assaulting army."""
    return _roxelana(state, power) and "suleiman" in S.own_leaders(state, sid, power)


def recall_problem(state: S.State, power: str) -> Reason | None:
    if (state.get("phase_data") or {}).get("roxelana") != power or power == "ottoman":
        return R("only a power that played Roxelana this impulse may recall Suleiman",
                 "roxelana_not_played", card=ROXELANA)
    if S.where_is(state, "suleiman") in (None, "istanbul"):
        return R("Suleiman is not on the map outside Istanbul", "roxelana_no_suleiman",
                 card=ROXELANA)
    return None


def recall_suleiman(state: S.State, power: str) -> None:
    """Roxelana played by another power: Suleiman goes to Istanbul (card text); once."""
    S.move_leader(state, "suleiman", S.where_is(state, "suleiman"), "istanbul")
    state["phase_data"].pop("roxelana", None)
    S.log(state, "suleiman_recalled", power=power, card=ROXELANA)
    for sid in list(state.get("sieges") or {}):
        siege.check(state, sid)


def return_naval(state: S.State) -> None:
    """§8.2: in the Card Draw, naval units off the map since last turn go back to the pool
    and naval leaders to a friendly port of their power (its capital first, then by id; none:
    they wait another turn)."""
    out = state.pop("naval_out", None)
    if not out:
        return
    m = S.board()
    waiting = []
    for lid in out["leaders"]:
        owner = S.major_of(state, S.leader_power(state, lid) or "")
        capitals = set(S.capitals(owner))
        ports = sorted((s for s in m.spaces.values() if s.ports and S.in_play(state, s.id)
                        and S.friendly(state, owner, s.id)),
                       key=lambda s: (s.id not in capitals, s.id))
        if ports:
            S.move_leader(state, lid, None, ports[0].id)
            S.log(state, "naval_leader_returns", leader=lid, space=ports[0].id)
        else:
            waiting.append(lid)
    if waiting:
        state["naval_out"] = {"units": {}, "leaders": waiting}
