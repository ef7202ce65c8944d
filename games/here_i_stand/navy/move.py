"""The naval move (§16.1): for 1 CP every naval stack of the active power may take one step
(a port to its sea zone, a sea zone to a port on it or to an adjacent zone), all at once.

The move lives in ``phase_data["naval_move"]``.  Stacks arriving in a sea zone where the
power had no naval units are "arrived"; enemies in adjacent zones and ports may try to
intercept them (2d6 + naval leader rating >= 9, the first success stops the other powers;
*Professional Rowers* may change a roll by 2 after it is seen),
then, where nobody intercepted, enemies in the zone may try to avoid battle; then every
space shared with enemy ships sees naval battles (`battle.fight`), one enemy power at a
time, until the mover has beaten them all or lost, in the order the mover chooses (the
``naval-battle`` question when there is more than one).

Restrictions (§16.1): another power's port only against enemy naval units there; units that
lost a naval battle this impulse stay; Genoese and Venetian units and Andrea Doria never
enter the Atlantic, not even lent to another power (§9.2 L524: a loan makes them the
receiver's squadrons, so the receiver may have in the Atlantic only as many squadrons as it
holds beyond those Genoa or Venice lent it, `atlantic_room`).  A step moves a whole stack with its naval leaders, or the ships and
leaders it names (a stack may split to several places; rule 3: a naval leader goes with
any of its power's ships and must go when all of them leave).

Rules: §16.1
"""
from __future__ import annotations

from typing import Any

from engine.contract import IllegalOrder, Reason
from games.here_i_stand import choices
from games.here_i_stand import state as S
from games.here_i_stand.land_war.odds import two_dice_at_least
from games.here_i_stand.navy import battle, fleet, sea_cards

Move = dict[str, Any]
#: Naval interception and avoiding battle succeed on 9 or more (§16.1 steps 4-5).
TARGET = 9
COST = 1
ATLANTIC = "atlantic_ocean"
NO_ATLANTIC = ("genoa", "venice")


R = Reason


def current(state: S.State) -> Move | None:
    return (state.get("phase_data") or {}).get("naval_move")


# ---------------------------------------------------------------- declaring (§16.1 step 1)
Step = dict[str, Any]


def step_problem(state: S.State, power: str, src: str, dst: str,
                 units: fleet.Units | None = None, leaders=None) -> Reason | None:
    """Why `power`'s ships at `src` (`units`, default all; `leaders`, default all) may not
    step into `dst`, or None (§16.1)."""
    here = fleet.units(state, src, power)
    if not here:
        return R(f"{power} has no naval units in {src}", "naval_none_here", power=power,
                 space=src)
    moving = here if units is None else units
    if fleet.count(moving) > fleet.count(here) - battle.lost_here(state, power, src):
        return R("units that lost a naval battle this impulse do not move (§16.1)",
                 "naval_lost_battle", space=src)
    if dst not in fleet.steps_from(src):
        return R(f"{dst} is not one naval step from {src}", "naval_not_adjacent", space=src,
                 to=dst)
    if not fleet.is_sea(dst) and (not S.in_play(state, dst)
                                  or not fleet.may_enter_port(state, power, dst)):
        return R(f"{dst} is another power's port without enemy ships (§16.1)",
                 "naval_port_closed", space=dst)
    going = fleet.leaders(state, src, power) if leaders is None else leaders
    if dst == ATLANTIC and src != ATLANTIC and kept_out(state, power, moving, going):
        return R("Genoese and Venetian ships and Andrea Doria stay out of the Atlantic",
                 "naval_no_atlantic", space=dst)
    return None


def atlantic_room(state: S.State, power: str) -> int:
    """How many more of `power`'s own squadrons may enter the Atlantic: those it holds
    beyond the ones Genoa or Venice lent it this turn (§16.1, §9.2), less those there."""
    barred = sum(loan["squadrons"] for loan in state.get("loans", ())
                 if loan["receiver"] == power and loan["owner"] in NO_ATLANTIC)
    if not barred:
        return 10 ** 6
    held = sum(S.units(state, sid).get(power, {}).get("squadrons", 0) for sid in state["spaces"])
    return held - barred - S.units(state, ATLANTIC).get(power, {}).get("squadrons", 0)


def kept_out(state: S.State, power: str, ships: fleet.Units, leaders) -> bool:
    """Whether these ships and leaders of `power` may not enter the Atlantic (§16.1):
    Genoese or Venetian ones, Andrea Doria, or more squadrons than `atlantic_room`."""
    return (any(o in NO_ATLANTIC for o in ships) or "andrea_doria" in leaders
            or ships.get(power, {}).get("squadrons", 0) > atlantic_room(state, power))


def options(state: S.State, power: str) -> list[tuple[str, str]]:
    """Every legal single step of `power`'s whole stacks: ``(from, to)``."""
    out = []
    for sid in sorted(state["spaces"]):
        if fleet.units(state, sid, power):
            out += [(sid, t) for t in fleet.steps_from(sid)
                    if step_problem(state, power, sid, t) is None]
    return out


def resolve_steps(state: S.State, power: str, steps) -> list[Step]:
    """The declared steps as ``{"from", "to", "units", "leaders"}``: a step ``(from, to)``
    moves the whole stack with its naval leaders; ``(from, to, units, leaders)`` the named
    ``((owner, kind, n), ...)`` (None: all) with the named leaders (None: all of them when the
    whole stack goes, else none; rule 3: a leader goes with any unit, and must go when all
    leave)."""
    out = []
    for step in steps:
        src, dst = str(step[0]), str(step[1])
        named = step[2] if len(step) > 2 else None
        lead = step[3] if len(step) > 3 else None
        if named is None:
            units = fleet.units(state, src, power)
        else:
            units = {}
            for owner, kind, n in named:
                stack = units.setdefault(str(owner), {})
                stack[str(kind)] = stack.get(str(kind), 0) + int(n)
        leaders = (list(lead) if lead is not None
                   else fleet.leaders(state, src, power) if named is None else [])
        out.append({"from": src, "to": dst, "units": units, "leaders": leaders})
    return out


def check(state: S.State, power: str, steps) -> list[Step]:
    """Refuse an illegal naval move; its resolved steps (`resolve_steps`)."""
    if not steps:
        raise IllegalOrder(R("name at least one step: NAVAL MOVE <from> -> <to>",
                             "naval_no_steps"))
    found = resolve_steps(state, power, steps)
    taken: dict[str, fleet.Units] = {}
    led: list[str] = []
    for step in found:
        src = step["from"]
        why = step_problem(state, power, src, step["to"], step["units"], step["leaders"])
        if why:
            raise IllegalOrder(why)
        here = fleet.units(state, src, power)
        for owner, stack in step["units"].items():
            for kind, n in stack.items():
                got = taken.setdefault(src, {}).setdefault(owner, {})
                got[kind] = got.get(kind, 0) + n
                if n < 0 or got[kind] > here.get(owner, {}).get(kind, 0):
                    raise IllegalOrder(R(f"not that many of those ships in {src} (§16.1)",
                                         "naval_too_many", space=src))
        for lid in step["leaders"]:
            if lid in led or lid not in fleet.leaders(state, src, power) or not step["units"]:
                raise IllegalOrder(R(f"{lid} cannot go with these ships (§16.1 rule 3)",
                                     "naval_leader", leader=lid, space=src))
            led.append(lid)
    for src, gone in taken.items():
        if fleet.count(gone) > (fleet.count(fleet.units(state, src, power))
                                - battle.lost_here(state, power, src)):
            raise IllegalOrder(R("units that lost a naval battle this impulse do not move "
                                 "(§16.1)", "naval_lost_battle", space=src))
        if fleet.count(gone) == fleet.count(fleet.units(state, src, power)) and any(
                lid not in led for lid in fleet.leaders(state, src, power)):
            raise IllegalOrder(R(f"the naval leaders in {src} must go with its ships (§16.1 "
                                 "rule 3)", "naval_leader_left", space=src))
    return found


# ---------------------------------------------------------------- executing (§16.1 step 2)
def begin(state: S.State, power: str, steps, dice) -> None:
    """Move every step at once and flag the arrived ones, then carry on (steps 2-7).  A
    sea zone is "arrived" when none of the power's ships were there and stay there."""
    found = check(state, power, steps)
    staying = {sid for sid in state["spaces"] if fleet.units(state, sid, power)}
    left = {step["from"]: fleet.count(fleet.units(state, step["from"], power)) for step in found}
    for step in found:
        left[step["from"]] -= fleet.count(step["units"])
    staying -= {sid for sid, n in left.items() if n <= 0}
    for step in found:
        fleet.shift(state, step["from"], step["to"], step["units"], step["leaders"])
        S.log(state, "naval_move", power=power, space=step["from"], to=step["to"],
              units=fleet.count(step["units"]), leaders=step["leaders"])
    arrived = sorted({step["to"] for step in found if fleet.is_sea(step["to"])
                      and step["to"] not in staying})
    order: list[str] = []
    for step in found:
        if step["to"] not in order:
            order.append(step["to"])
    state["phase_data"]["naval_move"] = {
        "power": power, "arrived": arrived, "to": order, "stage": "intercept", "zone": 0,
        "asked": [], "tried_from": [], "success": None}
    proceed(state, dice)


def proceed(state: S.State, dice) -> None:
    """Carry the move on until it asks a question or ends (§16.1 steps 4-7)."""
    while True:
        move = current(state)
        if move is None or choices.current(state):
            return
        if move.get("roll"):
            settle_roll(state, move)
        elif move["stage"] in ("intercept", "avoid"):
            if move["zone"] >= len(move["arrived"]):
                move.update(stage="avoid" if move["stage"] == "intercept" else "battle",
                            zone=0, asked=[])
                continue
            zone = move["arrived"][move["zone"]]
            asker = _next_interceptor if move["stage"] == "intercept" else _next_avoider
            nxt = asker(state, move, zone)
            if nxt:
                if move["stage"] == "avoid":
                    move["asked"].append(nxt)
                choices.push(state, {"kind": "naval-intercept" if move["stage"] == "intercept"
                                     else "naval-avoid", "seat": nxt, "space": zone})
                continue
            if move["stage"] == "intercept":
                move.setdefault("intercepted", {})[zone] = move["success"]
                move.update(tried_from=[], success=None)
            move["zone"] += 1
            move["asked"] = []
        elif move["stage"] == "battle":
            _next_battle(state, move, dice)
        else:
            del state["phase_data"]["naval_move"]


def pending_battles(state: S.State, move: Move) -> list[tuple[str, str]]:
    """``(space, enemy)`` battles still to fight (§16.1 step 7): in the move's destinations
    where the mover still has ships, one per enemy power there; once a battle was fought in
    a space, only the other enemies there until the mover has beaten them all or lost."""
    power = move["power"]
    spaces = [move["fighting"]] if move.get("fighting") in move["to"] else move["to"]
    out = [(sid, foe) for sid in spaces if fleet.units(state, sid, power)
           for foe in fleet.enemies(state, power, sid)]
    if not out and move.get("fighting"):
        move["fighting"] = None
        return pending_battles(state, move)
    return out


def _next_battle(state: S.State, move: Move, dice) -> None:
    """Carry on the battle waiting for cards, or ask the mover which battle comes next when
    there is a choice (the ``naval-battle`` question), or fight the only one."""
    if battle.current(state) is not None:
        battle.advance(state, dice)
        return
    found = pending_battles(state, move)
    if not found:
        move["stage"] = "end"
    elif len(found) > 1:
        choices.push(state, {"kind": "naval-battle", "seat": move["power"], "space": found[0][0]})
    else:
        start_battle(state, move, *found[0], dice)


def start_battle(state: S.State, move: Move, sid: str, foe: str, dice) -> None:
    move["fighting"] = sid
    battle.fight(state, sid, move["power"], foe, dice)


# ---------------------------------------------------------------- interception (§16.1 step 4)
def stacks(state: S.State, power: str, zone: str, move: Move) -> list[str]:
    """`power`'s stacks that may intercept into `zone`: in the ports on it and the adjacent
    sea zones, at war with the mover, not sharing a space with the mover's ships."""
    mover = move["power"]
    if power not in S.MAJORS or not S.at_war(state, power, mover):
        return []
    m = S.board()
    out = []
    for sid in tuple(m.ports_of(zone)) + tuple(m.seas_adjacent(zone)):
        if sid in move["tried_from"] or fleet.units(state, sid, mover):
            continue
        if fleet.units(state, sid, power) and not (zone == ATLANTIC and kept_out(
                state, power, fleet.units(state, sid, power), fleet.leaders(state, sid, power))):
            out.append(sid)
    return out


def _next_interceptor(state: S.State, move: Move, zone: str) -> str | None:
    """Standard order, each power asked again after a failure until it answers DONE (the
    controller orders its own stacks' attempts); after a success only the successful power
    tries again (§16.1).  ``asked`` holds the powers that answered DONE."""
    for p in S.MAJORS:
        if move["success"] and p != move["success"]:
            continue
        if p in move["asked"]:
            continue
        if stacks(state, p, zone, move):
            return p
    return None


def chance(state: S.State, power: str, sid: str):
    return two_dice_at_least(TARGET, fleet.rating(state, sid, power))


def try_intercept(state: S.State, power: str, sid: str, zone: str, dice) -> None:
    """2d6 + the stack's best naval leader's battle rating >= 9; the stack joins the zone
    (decided once *Professional Rowers* was offered, `settle_roll`)."""
    move = current(state)
    move["tried_from"].append(sid)
    _roll(state, move, "intercept", power, sid, zone, dice)


def _roll(state: S.State, move: Move, kind: str, power: str, src: str, dst: str,
          dice) -> None:
    """Roll an interception or avoid-battle attempt and open the *Professional Rowers*
    window (#34: ±2 after the roll, any power, `sea_cards.roll_window`)."""
    record = {"kind": kind, "power": power, "space": src, "to": dst,
              "rolls": [dice.d6(), dice.d6()], "mod": fleet.rating(state, src, power),
              "cards": 0}
    record["windows"] = sea_cards.roll_window(state, power, move["power"])
    move["roll"] = record
    settle_roll(state, move)


def settle_roll(state: S.State, move: Move) -> None:
    """Ask the next power of the window after the roll, or decide the attempt."""
    record = move["roll"]
    if record["windows"]:
        choices.push(state, {"kind": "naval-rowers", "seat": record["windows"].pop(0),
                             "space": record["to"], "roller": record["power"]})
        return
    del move["roll"]
    power, src, dst = record["power"], record["space"], record["to"]
    mod = record["mod"] + record["cards"]
    total = sum(record["rolls"]) + mod
    ok = total >= TARGET
    S.log(state, ("naval_intercept_success" if ok else "naval_intercept_failure")
          if record["kind"] == "intercept" else
          ("naval_avoid_success" if ok else "naval_avoid_failure"),
          power=power, space=src, to=dst, rolls=record["rolls"], modifier=f"{mod:+d}",
          total=total)
    if ok:
        fleet.shift(state, src, dst, fleet.units(state, src, power),
                    fleet.leaders(state, src, power))
        if record["kind"] == "intercept":
            move["success"] = power


# ---------------------------------------------------------------- avoid battle (§16.1 step 5)
def avoid_targets(state: S.State, power: str, zone: str) -> list[str]:
    """An adjacent port of `power`'s own, or an adjacent sea zone without enemy ships."""
    m = S.board()
    ports = [p for p in m.ports_of(zone) if S.in_play(state, p)
             and S.major_of(state, S.controller(state, p)) == power
             and not fleet.enemies(state, power, p)]
    return ports + [z for z in m.seas_adjacent(zone) if not fleet.enemies(state, power, z)
                    and not any(S.at_war(state, power, o) for o in fleet.powers_at(state, z))]


def _next_avoider(state: S.State, move: Move, zone: str) -> str | None:
    """Enemies in a sea zone the mover arrived in where nobody intercepted (§16.1 step 5)."""
    if (move.get("intercepted") or {}).get(zone):
        return None
    for p in fleet.enemies(state, move["power"], zone):
        if p in S.MAJORS and p not in move["asked"] and avoid_targets(state, p, zone):
            return p
    return None


def try_avoid(state: S.State, power: str, zone: str, target: str, dice) -> None:
    """All of `power`'s ships in `zone` try to leave for `target`: 2d6 + rating >= 9
    (decided once *Professional Rowers* was offered, `settle_roll`)."""
    _roll(state, current(state), "avoid", power, zone, target, dice)
