"""The land move procedure once the army has paid (§13.1 steps 5-8): interceptions (§13.2),
avoiding battle (§13.3), withdrawing into fortifications (§13.4), then the field battle
(§14, `battle.fight`).

The move lives in ``phase_data["land_move"]``; each step that needs a power's answer queues
a question (`kinds`) and `proceed` carries on when it is answered.  The army stays in its
origin while interceptions are tried and moves in after them (§13.1 step 5).

Rules: §13.1, §13.2, §13.3, §13.4
"""
from __future__ import annotations

from typing import Any

from games.here_i_stand import choices, counter_mix, facts
from games.here_i_stand import state as S
from games.here_i_stand import siege as sieges
from games.here_i_stand.land_war import battle, entry, marks, relief
from games.here_i_stand.land_war.odds import two_dice_at_least

Move = dict[str, Any]
#: Interception and avoiding battle succeed on 9 or more (§13.2 step 2, §13.3 step 4).
TARGET = 9


def current(state: S.State) -> Move | None:
    return (state.get("phase_data") or {}).get("land_move")


def begin(state: S.State, power: str, src: str, dst: str, leaders: tuple[str, ...],
          units: dict[str, dict[str, int]], dice, *, doomed: bool = False) -> None:
    """The army `units` (``{owner: {kind: n}}``) and `leaders` of `power` moves from `src`
    into `dst` (§13.1); `doomed`: it continued after a withdrawal and dies if it must
    retreat (§13.4 option 1)."""
    state["phase_data"]["land_move"] = {
        "power": power, "from": src, "to": dst, "units": units, "leaders": list(leaders),
        "stage": "intercept", "asked": [], "tried_from": [], "success": None,
        "intercepted": [], "doomed": doomed}
    proceed(state, dice)


def proceed(state: S.State, dice) -> None:
    """Carry the move on until it asks a question or ends (§13.1 steps 5-8)."""
    while True:
        move = current(state)
        if move is None or choices.current(state) or battle.current(state) is not None:
            return
        stage = move["stage"]
        if stage == "intercept":
            nxt = _next_interceptor(state, move)
            if nxt:
                move["asked"].append(nxt)
                choices.push(state, {"kind": "intercept", "seat": nxt, "space": move["to"]})
                continue
            _enter(state, move)
            move["asked"] = []
            move["stage"] = "battle" if move["success"] else "avoid"
        elif stage == "avoid":
            nxt = next((p for p in avoiders(state, move) if p not in move["asked"]), None)
            if nxt:
                move["asked"].append(nxt)
                choices.push(state, {"kind": "avoid", "seat": nxt, "space": move["to"]})
                continue
            move["stage"] = "withdraw"
        elif stage == "withdraw":
            move["stage"] = "battle"
            decider = withdraw_decider(state, move)
            if decider is None:
                continue
            if decider in S.MAJORS:
                choices.push(state, {"kind": "withdraw", "seat": decider, "space": move["to"],
                                     "units": defending_units(state, move)})
            else:
                withdraw(state, move)       # inactive minors always withdraw with <= 4 (§22.1)
        elif stage == "battle":
            move["stage"] = "end"
            if defending_units(state, move) and relief.is_relief(state, move):
                relief.start(state, move, dice)
            elif defending_units(state, move):
                battle.fight(state, move["to"], move["power"], dice, origin=move["from"],
                             then="move", doomed=move["doomed"])
        else:
            finish(state, move)


def finish(state: S.State, move: Move) -> None:
    """The move is over, also when the army goes on from where it stopped (§13.4 option 1):
    a siege whose besiegers are gone ends (§15.3, L954) in the space it entered (they
    avoided battle or lost it) and in the one it left (all of them went); an army left in
    an enemy fortress nobody besieges now besieges it (§15: an empty one too)."""
    del state["phase_data"]["land_move"]
    sieges.check(state, move["to"])
    sieges.check(state, move["from"])
    sieges.after_move(state, move["power"], move["from"], move["to"])


def _after_battle(state: S.State, record: dict, dice) -> None:
    """§14 step 12: a winning attacker in a fortified space besieges the units inside if it
    has more units than they; otherwise it leaves as after a broken siege (§15.3: back where
    it came from)."""
    sid = record["space"]
    siege = sieges.siege_at(state, sid)
    if record.get("winner") == "attacker" and siege:
        inside = sum(S.count(state, sid, o) for o in S.land_powers(state, sid)
                     if S.major_of(state, o) in siege["besieged"])
        mine = sum(S.count(state, sid, o) for o in S.land_powers(state, sid)
                   if S.allied(state, record["attacker"], o))
        if mine <= inside:
            del state["sieges"][sid]
            retreat_home(state, current(state) or {"power": record["attacker"], "to": sid,
                                                   "from": record["origin"], "doomed": False})
    proceed(state, dice)


battle.AFTER["move"] = _after_battle


def _after_relief(state: S.State, record: dict, dice) -> None:
    """A relief battle is over: the siege is lifted, goes on or breaks (§15.2)."""
    relief.finish(state, record)
    proceed(state, dice)


battle.AFTER["relief"] = _after_relief


# ---------------------------------------------------------------- interception (§13.2)
def _cavalry(units: dict[str, dict[str, int]], owner: str = "ottoman") -> bool:
    return bool(units.get(owner, {}).get("cavalry"))


def intercept_modifier(state: S.State, power: str, leaders, units, move: Move) -> int:
    """Best leader's battle rating; +1 Ottomans with cavalry; -1 others against an army with
    Ottoman cavalry (§13.2 step 2, §13.3 step 4)."""
    best = max((facts.leader(l).battle for l in leaders), default=0)
    if power == "ottoman":
        return best + (1 if _cavalry(units) else 0)
    return best - (1 if _cavalry(move["units"]) else 0)


def stacks(state: S.State, power: str, move: Move) -> list[tuple[str, int, list[str]]]:
    """`power`'s stacks that may intercept the move: (space, units free to try, leaders
    free to try) (§13.2 restrictions)."""
    m = S.board()
    dst, mover = move["to"], move["power"]
    if power not in S.MAJORS or not S.at_war(state, power, mover):
        return []
    if S.is_fortified(dst, state) and S.friendly(state, mover, dst) and not sieges.siege_at(state, dst):
        return []                               # into an unbesieged friendly fortress
    occupiers = [p for p in S.land_powers(state, dst) if not S.allied(state, mover, p)]
    if occupiers and (not all(S.allied(state, power, p) for p in occupiers)
                      or any(sieges.is_besieged(state, dst, p) for p in occupiers)):
        return []
    owner = S.controller(state, dst)
    if owner not in (power, "independent") and not (S.allied(state, power, owner)
                                                  or S.at_war(state, power, owner)):
        return []
    out = []
    for sid in m.neighbours_without_passes(dst):
        if sid in move["tried_from"] or sid == move["from"]:
            continue
        free = sum(S.count(state, sid, o) - marks.marked(state, "tried", sid, o)
                   for o in entry.forces(state, power)
                   if not sieges.is_besieged(state, sid, o))
        leaders = [l for l in S.own_leaders(state, sid, power)
                   if not marks.leader_marked(state, "tried", l)]
        if free > 0 and entry.army_entry_problem(state, power, dst) is None:
            out.append((sid, free, leaders))
    return out


def _next_interceptor(state: S.State, move: Move) -> str | None:
    """The next power asked to intercept, in standard order (§13.2 step 1); after a
    success only the successful power may try again, until it answers DONE."""
    if move["success"] and move.get("success_done"):
        return None
    for p in S.MAJORS:
        if move["success"] and p != move["success"]:
            continue
        if p in move["asked"] and p != move["success"]:
            continue
        if stacks(state, p, move):
            return p
    return None


def _free_to_intercept(state: S.State, power: str, sid: str) -> dict[str, dict[str, int]]:
    """`power`'s units at `sid` that have not tried to intercept yet (§13.2: once per unit
    per impulse), ``{owner: {kind: n}}``; those that tried are taken out kind by kind."""
    out: dict[str, dict[str, int]] = {}
    for owner in entry.forces(state, power):
        have = {k: v for k, v in S.units(state, sid).get(owner, {}).items() if k in S.LAND}
        used = marks.marked(state, "tried", sid, owner)
        for k in _order(power):
            cut = min(used, have.get(k, 0))
            have[k] = have.get(k, 0) - cut
            used -= cut
        if sum(have.values()):
            out[owner] = have
    return out


def _order(power: str) -> tuple[str, ...]:
    """The kinds that go first: the Ottomans' cavalry (its +1), otherwise regulars,
    mercenaries, cavalry (§13.2, §13.3)."""
    return ("cavalry", "regulars", "mercenaries") if power == "ottoman" else S.LAND


def intercept_units(state: S.State, power: str, sid: str, n: int, dst: str
                    ) -> dict[str, dict[str, int]]:
    """Which `n` units try to intercept into `dst`: the Ottomans' cavalry first (its +1),
    otherwise regulars, mercenaries, cavalry, then allied minors' units — the first choice
    the counters can show (§5.2); empty when none can."""
    return counter_mix.choose_army(state, _free_to_intercept(state, power, sid), sid, n, dst,
                                   _order(power)) or {}


def intercept_counts(state: S.State, power: str, sid: str, most: int, dst: str
                     ) -> tuple[int, ...]:
    """The numbers 1..`most` of units that may try to intercept from `sid` (§5.2)."""
    return counter_mix.army_counts(state, _free_to_intercept(state, power, sid), sid, most,
                                   dst, _order(power))


def intercept_chance(state: S.State, power: str, sid: str, n: int, leaders, move: Move):
    units = intercept_units(state, power, sid, n, move["to"])
    return two_dice_at_least(TARGET, intercept_modifier(state, power, leaders, units, move))


def try_intercept(state: S.State, power: str, sid: str, n: int, leaders: list[str],
                  dice) -> bool:
    """Roll 2d6 + modifiers against 9 (§13.2 step 2); on success the units move into the
    destination (step 3).  Besiegers may intercept (only the besieged may not, L810): a siege
    they all left ends, one they left too few to hold breaks (§15.3, L954; its retreat is not
    asked in the middle of another power's move)."""
    move = current(state)
    units = intercept_units(state, power, sid, n, move["to"])
    mod = intercept_modifier(state, power, leaders, units, move)
    a, b = dice.d6(), dice.d6()
    ok = a + b + mod >= TARGET
    move["tried_from"].append(sid)
    for owner, got in units.items():
        marks.mark(state, "tried", move["to"] if ok else sid, owner, sum(got.values()),
                   leaders)
    S.log(state, "intercept_success" if ok else "intercept_failure", power=power, space=sid,
          to=move["to"], units=n, leaders=list(leaders), rolls=[a, b], modifier=f"{mod:+d}",
          total=a + b + mod)
    if ok:
        entry.transfer(state, sid, move["to"], units, leaders)
        sieges.check(state, sid, ask=False)
        move["success"] = power
        move["intercepted"] = sorted(set(move["intercepted"]) | {power})
        entry.capture(state, power, entry.lone_enemy_leaders(state, power, move["to"]),
                      move["to"])
    return ok


def _enter(state: S.State, move: Move) -> None:
    """The army moves in after the interceptions (§13.1 step 5); enemy leaders alone in an
    unfortified space are captured (L784)."""
    src, dst = move["from"], move["to"]
    entry.transfer(state, src, dst, move["units"], move["leaders"])
    entry.capture(state, move["power"], entry.lone_enemy_leaders(state, move["power"], dst),
                  dst)


# ---------------------------------------------------------------- avoid battle (§13.3)
def avoiders(state: S.State, move: Move) -> list[str]:
    """Defending major powers that may try to avoid battle, in standard order (§13.3: not
    besieged, none of their units arrived by interception in this move)."""
    dst = move["to"]
    found = {S.major_of(state, p) for p in entry.enemies_at(state, move["power"], dst)
             if not sieges.is_besieged(state, dst, p)}
    return [p for p in S.MAJORS if p in found and p not in move["intercepted"]
            and avoid_targets(state, p, move)]


def avoid_targets(state: S.State, power: str, move: Move) -> list[str]:
    """Legal destinations (§13.3): friendly (own or an ally's, never independent), no
    unrest, no enemy units, not the space the attacker came from; electorates only after
    the League (§21.6)."""
    out = []
    for t in S.board().neighbours(move["to"]):
        if t == move["from"] or not S.in_play(state, t):
            continue
        if S.controller(state, t) == "independent" or not S.friendly(state, power, t):
            continue
        if S.in_unrest(state, t) or entry.enemies_at(state, power, t):
            continue
        if (not state["league"] and S.board().spaces[t].type == "electorate"
                and power != "protestant"):
            continue
        out.append(t)
    return out


def _owned(state: S.State, sid: str, power: str) -> list[str]:
    return [o for o in S.land_powers(state, sid) if S.major_of(state, o) == power]


def avoid_chance(state: S.State, power: str, move: Move):
    sid = move["to"]
    units = {o: dict(S.units(state, sid)[o]) for o in _owned(state, sid, power)}
    leaders = S.own_leaders(state, sid, power)
    return two_dice_at_least(TARGET, intercept_modifier(state, power, leaders, units, move))


def avoid_group(state: S.State, power: str, sid: str, n: int | None = None,
                dst: str | None = None) -> dict[str, dict[str, int]]:
    """Which `n` of `power`'s units at `sid` (all when None) try to avoid battle into `dst`
    (§13.3 step 3): the Ottomans' cavalry first (its +1), otherwise regulars, mercenaries,
    cavalry, then allied minors' units (they go with their major as one group) — the first
    choice the counters can show (§5.2); empty when none can."""
    stacks = _avoiding(state, power, sid)
    if n is None:
        return stacks
    return counter_mix.choose_army(state, stacks, sid, n, dst, _order(power)) or {}


def _avoiding(state: S.State, power: str, sid: str) -> dict[str, dict[str, int]]:
    """`power`'s units at `sid` that may avoid: its own first, then its allied minors'."""
    out = {}
    for owner in [power] + sorted(o for o in _owned(state, sid, power) if o != power):
        stack = {k: v for k, v in S.units(state, sid).get(owner, {}).items() if k in S.LAND and v}
        if stack:
            out[owner] = stack
    return out


def avoid_counts(state: S.State, power: str, sid: str, dst: str) -> tuple[int, ...]:
    """The numbers of units that may avoid from `sid` to `dst` (§13.3, §5.2): 1..all."""
    return counter_mix.army_counts(state, _avoiding(state, power, sid), sid, 10 ** 3, dst,
                                   _order(power))


def try_avoid(state: S.State, power: str, target: str, dice, n: int | None = None,
              leaders: list[str] | None = None) -> bool:
    """`n` of `power`'s units in the destination (all when None) and `leaders` (all when
    None) try to avoid to `target` (§13.3 steps 3-5; the rest stay): 2d6 + modifiers >= 9,
    or at once if every unit trying lost a battle this impulse."""
    move = current(state)
    sid = move["to"]
    units = avoid_group(state, power, sid, n, target)
    leaders = S.own_leaders(state, sid, power) if leaders is None else list(leaders)
    if not units and not leaders:
        return False
    beaten = bool(units) and all(marks.marked(state, "lost", sid, o) >= sum(got.values())
                                 for o, got in units.items())
    if beaten:
        ok, rolls, mod = True, [], 0
    else:
        mod = intercept_modifier(state, power, leaders, units, move)
        rolls = [dice.d6(), dice.d6()]
        ok = sum(rolls) + mod >= TARGET
    S.log(state, "avoid_success" if ok else "avoid_failure", power=power, space=sid,
          to=target, rolls=rolls, modifier=f"{mod:+d}", total=sum(rolls) + mod)
    if ok:
        entry.transfer(state, sid, target, units, leaders)
    return ok


# ---------------------------------------------------------------- withdraw (§13.4)
def defending_units(state: S.State, move: Move) -> int:
    dst = move["to"]
    return sum(S.count(state, dst, p) for p in entry.enemies_at(state, move["power"], dst)
               if not sieges.is_besieged(state, dst, p))


def withdraw_decider(state: S.State, move: Move) -> str | None:
    """Who decides a withdrawal into the fortifications (§13.4): the controlling power
    (or its major), when the space is fortified, controlled by a defending power or an
    ally, and 1-4 defending units are left; none after a successful interception."""
    dst = move["to"]
    n = defending_units(state, move)
    if move["success"] or not S.is_fortified(dst, state) or not 0 < n <= 4:
        return None
    owner = S.controller(state, dst)
    defenders = [p for p in entry.enemies_at(state, move["power"], dst)
                 if not sieges.is_besieged(state, dst, p)]
    if not any(S.allied(state, owner, p) for p in defenders):
        return None
    return S.major_of(state, owner)


def withdraw(state: S.State, move: Move) -> None:
    """All defending units and leaders go inside (§13.4).  More attackers than units inside:
    a siege begins; otherwise the attacker continues or retreats (the `after_withdraw`
    question)."""
    dst = move["to"]
    inside = [p for p in entry.enemies_at(state, move["power"], dst)
              if not sieges.is_besieged(state, dst, p)]
    n = sum(S.count(state, dst, p) for p in inside)
    mine = sum(S.count(state, dst, p) for p in S.land_powers(state, dst)
               if S.allied(state, move["power"], p))
    S.log(state, "withdraw", space=dst, units=n,
          powers=sorted({S.major_of(state, p) for p in inside}))
    sieges.begin_siege(state, dst, [move["power"]], sorted({S.major_of(state, p) for p in inside}))
    if mine <= n:
        del state["sieges"][dst]
        S.log(state, "siege_not_begun", space=dst, power=move["power"])
        move["stage"] = "end"
        choices.push(state, {"kind": "after_withdraw", "seat": move["power"], "space": dst})
    else:
        move["stage"] = "end"


def retreat_home(state: S.State, move: Move) -> None:
    """The army goes back where it came from at no cost, as a retreat (§13.4 option 2,
    §14.1); with no legal way back (or after continuing, §13.4 option 1) it is destroyed."""
    power, dst, src = move["power"], move["to"], move["from"]
    owners = [o for o in S.land_powers(state, dst) if S.allied(state, power, o)
              and not sieges.is_besieged(state, dst, o)]
    leaders = S.own_leaders(state, dst, power)
    ok = (not move.get("doomed")
          and battle.retreat_problem(state, power, dst, src) is None)
    n = 0
    for o in owners:
        for k in S.LAND:
            v = S.units(state, dst).get(o, {}).get(k, 0)
            n += v
            S.add_units(state, dst, o, k, -v)
            if ok:
                S.add_units(state, src, o, k, v)
    if ok:
        for lid in leaders:
            S.move_leader(state, lid, dst, src)
    else:
        entry.capture(state, S.controller(state, dst), leaders, dst)
    S.log(state, "retreat" if ok else "retreat_none", power=power, space=dst, to=src, units=n)

