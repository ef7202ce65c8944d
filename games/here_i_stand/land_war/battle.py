"""The field battle (§14) and the retreat after it (§14.1).

`fight(state, space, attacker, dice, *, origin, then)` starts a battle at `space` between the
active power `attacker` (with its allied minors) and every power there at war with it (its
enemies, `entry.enemies_at`; besieged units inside the fortifications stay out).  The
battle lives in ``phase_data["battle"]`` and goes through the rulebook's steps, asking the
questions it needs through the queue (`kinds`): the *Landsknechts*/*Swiss Mercenaries*
window (attacker first, then each defending power), the attacker's combat cards, each
defending power's, the roll, *Janissaries* after the roll, losses, retreat.  When it is over
it calls the continuation named `then` (`AFTER`: ``"move"`` for a move's battle; the siege
rules add theirs, e.g. relief), with the finished battle record.

Rules: §14, §14.1
"""
from __future__ import annotations

from typing import Any, Callable

from games.here_i_stand import choices, counter_mix, facts
from games.here_i_stand import state as S
from games.here_i_stand import siege as sieges
from games.here_i_stand.land_war import cards, entry, marks
from games.here_i_stand.land_war.sides import (side_leaders, side_majors, side_of, side_owners,
                                               side_units)

Battle = dict[str, Any]
#: What follows a finished battle, by the `then` name given to `fight`.
AFTER: dict[str, Callable[[S.State, Battle, Any], None]] = {}
#: How a losing attacker retreats when it differs from §14.1, by the `then` name (a relief
#: puts units back inside first, §15.2).
ATTACKER_RETREAT: dict[str, Callable[[S.State, Battle, Any], None]] = {}
#: Default order of losses (§22.1 style: the cheapest units first).
LOSS_ORDER = ("mercenaries", "cavalry", "regulars")


def current(state: S.State) -> Battle | None:
    return (state.get("phase_data") or {}).get("battle")


def fight(state: S.State, space: str, attacker: str, dice, *, origin: str | None,
          then: str = "move", doomed: bool = False) -> None:
    """Start the field battle at `space` (§14); `origin` is the space the attacker came from
    (its retreat, §14.1), `then` the continuation called when the battle is over."""
    defenders = [p for p in entry.enemies_at(state, attacker, space)
                 if not sieges.is_besieged(state, space, p)]
    state["phase_data"]["battle"] = {
        "space": space, "attacker": attacker, "origin": origin, "defenders": defenders,
        "then": then, "stage": "mercs", "windows": None, "extra": {"attacker": 0, "defender": 0},
        "surprise": None, "played": [], "hits": {}, "dice": {}, "doomed": doomed}
    S.log(state, "battle", space=space, power=attacker,
          defenders=sorted({S.major_of(state, p) for p in defenders}))
    advance(state, dice)


def dice_count(state: S.State, battle: Battle, side: str) -> int:
    """1 die a unit, + the best leader's battle rating, + 1 for defending, + card dice
    (§14 steps 2-3)."""
    best = max((facts.leader(l).battle for l in side_leaders(state, battle, side)), default=0)
    return (side_units(state, battle, side) + best + (1 if side == "defender" else 0)
            + battle["extra"][side])


def _other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


# ---------------------------------------------------------------- the steps
def advance(state: S.State, dice) -> None:
    """Carry the battle on until it asks a question or ends (§14 steps 1-12)."""
    battle = current(state)
    while battle is not None and not choices.current(state):
        stage = battle["stage"]
        if stage in ("mercs", "cards", "janissaries"):
            if battle["windows"] is None:
                battle["windows"] = _window_order(state, battle, stage)
            if battle["windows"]:
                power = battle["windows"].pop(0)
                choices.push(state, {"kind": "combat-cards", "seat": power, "window": stage,
                                     "space": battle["space"]})
                continue
            battle["windows"] = None
            battle["stage"] = {"mercs": "cards", "cards": "roll",
                               "janissaries": "losses"}[stage]
        elif stage == "roll":
            _roll(state, battle, dice)
        elif stage == "second":
            _roll_second(state, battle, dice)
        elif stage == "losses":
            _losses(state, battle, dice)
            battle["stage"] = "retreat"
        elif stage == "retreat":
            _retreat(state, battle, dice)
            battle["stage"] = "end"
        elif stage == "end":
            del state["phase_data"]["battle"]
            AFTER[battle["then"]](state, battle, dice)
            battle = current(state)


def _window_order(state: S.State, battle: Battle, window: str) -> list[str]:
    """Who is offered the window, in the rulebook's order (§14 steps 1, 4, 5, 7): the
    attacker, then each defending major power — every one that could hold a usable card by
    public information (`cards.could_hold`), so being skipped reveals nothing."""
    powers = side_majors(state, battle, "attacker") + [
        p for p in side_majors(state, battle, "defender") if p in S.MAJORS]
    return [p for p in powers if cards.could_hold(state, battle, p, window)]


def _roll(state: S.State, battle: Battle, dice) -> None:
    """§14 step 6: both sides roll.  With *Surprise Attack* its side rolls alone first and
    its hits are taken (the owner may be asked which units) before the other side counts
    its dice (card text): the ``second`` stage rolls for that side then."""
    first = battle["surprise"]
    if first:
        _roll_side(state, battle, first, dice)
        taken = min(battle["hits"][first], side_units(state, battle, _other(first)))
        battle["taken_" + _other(first)] = True
        _take_losses(state, battle, _other(first), taken, dice)
        battle["stage"] = "second"
        return
    for side in ("attacker", "defender"):
        _roll_side(state, battle, side, dice)
    _log_roll(state, battle)
    battle["stage"] = "janissaries"


def _roll_second(state: S.State, battle: Battle, dice) -> None:
    """*Surprise Attack*: the surprised side rolls after its losses, no dice if no unit of
    it survived (card text)."""
    _roll_side(state, battle, _other(battle["surprise"]), dice)
    _log_roll(state, battle)
    battle["stage"] = "janissaries"


def _roll_side(state: S.State, battle: Battle, side: str, dice) -> None:
    n = dice_count(state, battle, side) if side_units(state, battle, side) else 0
    rolled = [dice.d6() for _ in range(max(n, 0))]
    tercios = cards.TERCIO_DICE if battle.get("tercios") == "more" and \
        side == side_of(state, battle, "hapsburg") else 0
    battle["dice"][side] = n
    battle["rolls_" + side] = rolled
    battle["hits"][side] = cards.hits(rolled, min(tercios, len(rolled)))


def _log_roll(state: S.State, battle: Battle) -> None:
    S.log(state, "battle_roll", space=battle["space"],
          attacker_dice=battle["dice"]["attacker"], defender_dice=battle["dice"]["defender"],
          attacker_rolls=battle["rolls_attacker"], defender_rolls=battle["rolls_defender"],
          attacker_hits=battle["hits"]["attacker"], defender_hits=battle["hits"]["defender"])


def winner(battle: Battle) -> str:
    """More hits wins; ties go to the defender (§14 step 8)."""
    return "attacker" if battle["hits"]["attacker"] > battle["hits"]["defender"] else "defender"


def _losses(state: S.State, battle: Battle, dice) -> None:
    """§14 step 9: each side loses a unit per enemy hit; if both are wiped out, the side that
    rolled more dice (the defender on equal dice) keeps one."""
    battle["winner"] = winner(battle)
    loss = {s: min(battle["hits"][_other(s)], side_units(state, battle, s))
            for s in ("attacker", "defender")}
    if all(loss[s] == side_units(state, battle, s) and loss[s] for s in loss):
        keeper = ("attacker" if battle["dice"]["attacker"] > battle["dice"]["defender"]
                  else "defender")
        loss[keeper] -= 1
    for side in ("attacker", "defender"):
        if not battle.get("taken_" + side):
            _take_losses(state, battle, side, loss[side], dice)


def _result(state: S.State, battle: Battle) -> None:
    """§14 steps 8 and 10: the result, and the leaders of a side with no units left
    captured."""
    S.log(state, "battle_result", space=battle["space"], winner=_power_of(state, battle,
          battle["winner"]), attacker_losses=battle.get("lost", {}).get("attacker", 0),
          defender_losses=battle.get("lost", {}).get("defender", 0))
    for side in ("attacker", "defender"):
        if not side_units(state, battle, side):
            captor = _power_of(state, battle, _other(side))
            entry.capture(state, captor, side_leaders(state, battle, side), battle["space"])


def _power_of(state: S.State, battle: Battle, side: str) -> str:
    return side_majors(state, battle, side)[0] if side_majors(state, battle, side) else side


def _take_losses(state: S.State, battle: Battle, side: str, n: int, dice) -> None:
    """Share `n` losses among the side's majors (two allied defenders: equal shares, an odd
    loss by a die roll, §14 step 9) and ask each its losses when it has a choice."""
    battle.setdefault("lost", {})[side] = battle.get("lost", {}).get(side, 0) + n
    groups = {}
    for owner in side_owners(state, battle, side):
        groups.setdefault(S.major_of(state, owner), []).append(owner)
    shares = {g: 0 for g in groups}
    left = n
    while left:
        alive = [g for g in sorted(groups, key=_std) if
                 sum(S.count(state, battle["space"], o) for o in groups[g]) > shares[g]]
        if not alive:
            break
        if left >= len(alive):
            for g in alive:
                shares[g] += 1
            left -= len(alive)
        else:
            pick = alive[0] if len(alive) == 1 else alive[(dice.d6() - 1) * len(alive) // 6]
            shares[pick] += 1
            left -= 1
    for g, k in shares.items():
        if not k:
            continue
        ways = loss_choices(state, battle["space"], groups[g], k)
        if len(ways) > 1 and g in S.MAJORS:
            choices.push(state, {"kind": "losses", "seat": g, "space": battle["space"],
                                 "n": k, "owners": groups[g]})
        else:
            apply_losses(state, battle["space"], ways[0] if len(ways) == 1 else
                         default_losses(state, battle["space"], groups[g], k))


def _std(power: str) -> int:
    return S.MAJORS.index(power) if power in S.MAJORS else len(S.MAJORS)


def loss_choices(state: S.State, sid: str, owners: list[str], n: int) -> list[tuple]:
    """Every way to lose `n` units among `owners`' units at `sid`: tuples of
    ``(owner, kind, count)``, sorted."""
    buckets = [(o, k, S.units(state, sid).get(o, {}).get(k, 0)) for o in sorted(owners)
               for k in S.LAND]
    buckets = [b for b in buckets if b[2]]
    out: list[tuple] = []

    def walk(i: int, left: int, acc: list) -> None:
        if left == 0:
            out.append(tuple(sorted(acc)))
            return
        if i == len(buckets):
            return
        o, k, have = buckets[i]
        for take in range(min(have, left), -1, -1):
            walk(i + 1, left - take, acc + ([(o, k, take)] if take else []))

    walk(0, n, [])
    return sorted(out)


def default_losses(state: S.State, sid: str, owners: list[str], n: int,
                   order: tuple[str, ...] = LOSS_ORDER) -> tuple:
    """The cheapest units first (§22.1 style): by `order` of kinds, allied minors' units
    before the major's own of the same kind."""
    major = S.major_of(state, owners[0])
    out = []
    for kind in order:
        for owner in sorted(owners, key=lambda o: (o == major, o)):
            have = S.units(state, sid).get(owner, {}).get(kind, 0)
            take = min(have, n)
            if take:
                out.append((owner, kind, take))
                n -= take
    return tuple(sorted(out))


def apply_losses(state: S.State, sid: str, losses: tuple) -> None:
    """Remove the chosen losses; a survivor the counters cannot show is lost too, in the
    battle space (§5.2 L283, `counter_mix.trim`)."""
    by_owner: dict[str, dict[str, int]] = {}
    for owner, kind, k in losses:
        S.add_units(state, sid, owner, kind, -k)
        by_owner.setdefault(owner, {})[kind] = k
    for owner, stack in sorted(by_owner.items()):
        S.log(state, "battle_losses", space=sid, power=owner, stack=stack)
        counter_mix.trim(state, owner, sid)


# ---------------------------------------------------------------- retreat (§14.1)
def retreat_problem(state: S.State, power: str, src: str, dst: str, *,
                    barred: str | None = None) -> str | None:
    """Why `power`'s units may not retreat from `src` to `dst` (§14.1): unrest, enemy units,
    a space neither its own nor an ally's (nor independent for... never: neutral and
    independent spaces are barred), the attacker's origin for a defender; electorates before
    the League (§21.6)."""
    m = S.board()
    if dst not in m.spaces or not S.in_play(state, dst):
        return "not in play"
    if S.in_unrest(state, dst):
        return "unrest"
    if entry.enemies_at(state, power, dst):
        return "enemy units"
    if not S.friendly(state, power, dst):
        return "not friendly"
    if dst == barred:
        return "the attacker came from there"
    if not state["league"] and m.spaces[dst].type == "electorate" and power != "protestant":
        return "electorate"
    return None


def retreat_targets(state: S.State, power: str, src: str, barred: str | None) -> list[str]:
    return [n for n in S.board().neighbours(src)
            if retreat_problem(state, power, src, n, barred=barred) is None]


def default_retreat(state: S.State, power: str, targets: list[str]) -> str:
    """A friendly fortified space first, then the one with most friendly units, then by
    name (§14.1; the default of every retreat question)."""
    return min(targets, key=lambda t: (not S.is_fortified(t, state),
                                       -sum(S.count(state, t, p) for p in S.land_powers(state, t)
                                            if S.allied(state, power, p)), t))


def retreat_to(state: S.State, battle: Battle, power: str, dst: str | None,
               inside: int = 0) -> None:
    """Move `power`'s (and its allied minors') surviving units and leaders from the battle
    space to `dst` (None: no legal space, they are eliminated and the leaders captured),
    keeping `inside` units and its leaders in the fortifications (§14.1)."""
    sid = battle["space"]
    owners = _retreating(state, battle, power)
    leaders = [l for l in S.leaders_at(state, sid) if not facts.leader(l).naval
               and S.major_of(state, S.leader_power(state, l) or "") == power]
    winner_power = _power_of(state, battle, battle["winner"])
    if inside:
        keep = retreat_out(state, battle, power, inside, dst) or {}
        out_units = {(o, k): n for o, got in keep.items() for k, n in got.items()}
        for (o, k), n in out_units.items():
            if dst:
                S.add_units(state, dst, o, k, n)
            S.add_units(state, sid, o, k, -n)
        if not dst:
            for o in owners:
                counter_mix.trim(state, o, sid)
        sieges.begin_siege(state, sid, side_majors(state, battle, battle["winner"]),
                           sorted({S.major_of(state, o) for o in owners}))
        S.log(state, "retreat_inside", power=power, space=sid, units=inside)
        moved = sum(out_units.values())
        if moved and dst:
            _mark_lost(state, dst, owners, moved, [])
            S.log(state, "retreat", power=power, space=sid, to=dst, units=moved)
        return
    total = sum(S.count(state, sid, o) for o in owners)
    if dst is None:
        for o in owners:
            for k in S.LAND:
                S.add_units(state, sid, o, k, -S.units(state, sid).get(o, {}).get(k, 0))
        entry.capture(state, winner_power, leaders, sid)
        S.log(state, "retreat_none", power=power, space=sid, units=total)
        return
    for o in owners:
        for k in S.LAND:
            n = S.units(state, sid).get(o, {}).get(k, 0)
            S.add_units(state, sid, o, k, -n)
            S.add_units(state, dst, o, k, n)
    for lid in leaders:
        S.move_leader(state, lid, sid, dst)
    captured = entry.lone_enemy_leaders(state, power, dst)
    entry.capture(state, power, captured, dst)
    _mark_lost(state, dst, owners, total, leaders)
    S.log(state, "retreat", power=power, space=sid, to=dst, units=total)


def _retreating(state: S.State, battle: Battle, power: str) -> list[str]:
    """The owners of `power`'s side's units that retreat from the battle space."""
    sid = battle["space"]
    return [o for o in S.land_powers(state, sid) if S.major_of(state, o) == power
            and o in side_owners(state, battle, side_of(state, battle, power))]


def retreat_out(state: S.State, battle: Battle, power: str, inside: int, dst: str | None
                ) -> dict[str, dict[str, int]] | None:
    """The units that leave for `dst` (None: they are eliminated) when `inside` stay in the
    fortifications (§14.1): the cheapest kinds first, allied minors' before the major's,
    split so that the counters can show both parts (§5.2); None when no split fits."""
    sid = battle["space"]
    owners = sorted(_retreating(state, battle, power),
                    key=lambda o: (o == S.major_of(state, o), o))
    stacks = {o: {k: v for k, v in S.units(state, sid).get(o, {}).items() if k in S.LAND and v}
              for o in owners}
    total = sum(sum(c.values()) for c in stacks.values())
    return counter_mix.choose_army(state, stacks, sid, total - inside, dst, LOSS_ORDER)


def _mark_lost(state, dst, owners, n, leaders) -> None:
    for o in owners:
        marks.mark(state, "lost", dst, o, n, leaders)


def can_go_inside(state: S.State, battle: Battle, power: str) -> bool:
    """The controlling power that lost in its fortified space may keep up to 4 units and
    its leaders inside (§14.1)."""
    sid = battle["space"]
    return (S.is_fortified(sid, state) and battle.get("winner") == "attacker"
            and S.allied(state, power, S.controller(state, sid)) and power != battle["attacker"])


def _retreat(state: S.State, battle: Battle, dice) -> None:
    """§14.1: the loser's survivors retreat.  A losing attacker goes back where it came from;
    each losing defending major chooses (the `retreat` question) unless it has one choice;
    non-major defenders act as inactive minors (§22.1: up to 4 inside, the rest lost)."""
    _result(state, battle)
    sid = battle["space"]
    loser = _other(battle["winner"])
    if not side_units(state, battle, loser) and not side_leaders(state, battle, loser):
        return
    if loser == "attacker" and battle["then"] in ATTACKER_RETREAT:
        ATTACKER_RETREAT[battle["then"]](state, battle, dice)
        return
    if loser == "attacker":
        origin = battle["origin"]
        ok = (origin is not None and not battle.get("doomed")
              and retreat_problem(state, battle["attacker"], sid, origin) is None)
        retreat_to(state, battle, battle["attacker"], origin if ok else None)
        return
    for power in side_majors(state, battle, "defender"):
        if power not in S.MAJORS:
            units_left = sum(S.count(state, sid, o) for o in side_owners(state, battle, loser)
                             if S.major_of(state, o) == power)
            inside = min(4, units_left) if S.is_fortified(sid, state) else 0
            if inside:
                lost = units_left - inside
                owners = [o for o in side_owners(state, battle, loser)
                          if S.major_of(state, o) == power]
                apply_losses(state, sid, default_losses(state, sid, owners, lost))
                sieges.begin_siege(state, sid, side_majors(state, battle, "attacker"), [power])
            else:
                retreat_to(state, battle, power, None)
            continue
        targets = retreat_targets(state, power, sid, battle["origin"])
        if len(targets) > 1 or (targets and can_go_inside(state, battle, power)):
            choices.push(state, {"kind": "retreat", "seat": power, "space": sid,
                                 "barred": battle["origin"]})
        elif can_go_inside(state, battle, power):
            units_left = sum(S.count(state, sid, o) for o in side_owners(state, battle, loser)
                             if S.major_of(state, o) == power)
            retreat_to(state, battle, power, None, inside=min(4, units_left))
        else:
            retreat_to(state, battle, power, targets[0] if targets else None)
