"""Relief of a siege (§15.2): an army friendly to the besieged enters the besieged space
and fights the besiegers in a field battle.

The besieged units and leaders of the relieving army's own major power may join the
battle (beyond the army limit; the ``relief`` question, default: they join); every other
besieged unit and leader stays inside the fortifications out of the battle.  Those kept out
are set aside (``phase_data["relief"]["aside"]``) while the battle is fought, so the
battle's sides, losses and retreat (`battle`, `sides`) see the fighting units only, and come
back when it is over.

After the battle (`finish`, called through ``battle.AFTER["relief"]``):

* the relief won: the besiegers retreated (§14.1) and the siege is over;
* it lost with equal hits: any surviving units and leaders that fought may go inside, 4
  units inside at most (the ``relief_inside`` question, default: as many as may, regulars
  first); the others retreat (§14.1);
* it lost with fewer hits: only the units that were inside go back (leaders too); the
  others retreat; with no relieving unit left its leaders are captured.

The siege is then checked: besiegers fewer than the units inside break it (§15.3).

Rules: §15.2, §15.3, §14.1
"""
from __future__ import annotations

import re
from typing import Any

from engine import questions
from engine.options import OneOf, Option
from games.here_i_stand import choices, counter_mix, facts, grammar
from games.here_i_stand import siege as sieges
from games.here_i_stand import state as S
from games.here_i_stand.land_war import battle, entry
from games.here_i_stand.land_war.sides import side_majors, side_owners

Stack = dict[str, dict[str, int]]
#: The order in which surviving units go inside after a tie (§15.2; the default keeps the
#: strongest inside).
INSIDE_ORDER = ("regulars", "cavalry", "mercenaries")
#: Units inside the fortifications after a relief lost with equal hits (§15.2).
MOST_INSIDE = 4


def current(state: S.State) -> dict[str, Any] | None:
    return (state.get("phase_data") or {}).get("relief")


def is_relief(state: S.State, move: dict[str, Any]) -> bool:
    """Whether `move` enters a besieged space held by a friend of the mover (§15.2)."""
    siege = sieges.siege_at(state, move["to"])
    return bool(siege) and any(S.allied(state, move["power"], p) for p in siege["besieged"])


def inside_units(state: S.State, move: dict[str, Any]) -> tuple[Stack, list[str]]:
    """The besieged land units ``{owner: {kind: n}}`` and army leaders inside `move`'s
    destination, the relieving army (already there) left out."""
    sid = move["to"]
    units: Stack = {}
    for owner in S.land_powers(state, sid):
        if not sieges.is_besieged(state, sid, owner):
            continue
        came = move["units"].get(owner, {})
        stack = {k: n - came.get(k, 0) for k, n in S.units(state, sid)[owner].items()
                 if k in S.LAND and n - came.get(k, 0) > 0}
        if stack:
            units[owner] = stack
    leaders = [l for l in S.leaders_at(state, sid) if not facts.leader(l).naval
               and l not in move["leaders"]
               and sieges.is_besieged(state, sid, S.leader_power(state, l) or "")]
    return units, sorted(leaders)


def joiners(state: S.State, move: dict[str, Any]) -> tuple[Stack, list[str]]:
    """The besieged units and leaders that may join the relieving army: its own major
    power's (and its active minors'), beyond the army limit (§15.2)."""
    units, leaders = inside_units(state, move)
    major = S.major_of(state, move["power"])
    return ({o: s for o, s in units.items() if S.major_of(state, o) == major},
            [l for l in leaders if S.major_of(state, S.leader_power(state, l) or "") == major])


def start(state: S.State, move: dict[str, Any], dice) -> None:
    """The relief battle (§15.2): ask whether the besieged join when some may, else fight."""
    units, leaders = joiners(state, move)
    if units or leaders:
        choices.push(state, {"kind": "relief", "seat": move["power"], "space": move["to"],
                             "units": sum(sum(s.values()) for s in units.values())})
    else:
        fight(state, move, False, dice)


def _remove(state: S.State, sid: str, units: Stack, leaders: list[str],
            aside: dict[str, Any]) -> None:
    """Set `units` and `leaders` aside, inside the fortifications of `sid`."""
    for owner, stack in units.items():
        for kind, n in stack.items():
            S.add_units(state, sid, owner, kind, -n)
            got = aside["units"].setdefault(owner, {})
            got[kind] = got.get(kind, 0) + n
    for lid in leaders:
        S.move_leader(state, lid, sid, None)
    aside["leaders"] = sorted(set(aside["leaders"]) | set(leaders))


def fight(state: S.State, move: dict[str, Any], join: bool, dice) -> None:
    """Set aside the besieged units that do not fight (another major's, or all when the
    relieving power keeps them out) and start the field battle (§15.2, §14)."""
    sid, power = move["to"], move["power"]
    units, leaders = inside_units(state, move)
    joined, joined_leaders = joiners(state, move) if join else ({}, [])
    out = {o: {k: n - joined.get(o, {}).get(k, 0) for k, n in s.items()}
           for o, s in units.items()}
    record = {"space": sid, "power": power, "joined": joined,
              "joined_leaders": joined_leaders, "aside": {"units": {}, "leaders": []}}
    _remove(state, sid, {o: {k: n for k, n in s.items() if n} for o, s in out.items()},
            [l for l in leaders if l not in joined_leaders], record["aside"])
    state["phase_data"]["relief"] = record
    S.log(state, "relief_battle", space=sid, power=power,
          n=sum(sum(s.values()) for s in joined.values()))
    battle.fight(state, sid, power, dice, origin=move["from"], then="relief",
                 doomed=move["doomed"])


def _survivors(state: S.State, b: battle.Battle) -> Stack:
    sid = b["space"]
    return {o: {k: n for k, n in S.units(state, sid)[o].items() if k in S.LAND and n}
            for o in side_owners(state, b, "attacker")}


def _count(units: Stack) -> int:
    return sum(sum(s.values()) for s in units.values())


def room(state: S.State, b: battle.Battle) -> int:
    """How many of the relieving side's survivors may go inside after a tie: 4 units inside
    at most, those that stayed out of the battle included (§15.2)."""
    record = current(state)
    left = MOST_INSIDE - _count(record["aside"]["units"]) if record else 0
    return max(0, min(left, _count(_survivors(state, b))))


def losing_retreat(state: S.State, b: battle.Battle, dice) -> None:
    """The relieving army lost (§15.2): after a tie its owner chooses how many go inside
    (when there is a choice); after fewer hits the units that were inside go back in, with
    the leaders that were inside when any unit is left inside."""
    record = current(state)
    hits, enemy_hits = b["hits"]["attacker"], b["hits"]["defender"]
    if sieges.relief_outcome(False, hits, enemy_hits) == "tie":
        most = room(state, b)
        if most and most < _count(_survivors(state, b)):
            choices.push(state, {"kind": "relief_inside", "seat": b["attacker"],
                                 "space": b["space"], "most": most}, first=True)
            return
        go_inside(state, b, most)
        return
    survivors = _survivors(state, b)
    back = {o: {k: min(n, survivors.get(o, {}).get(k, 0)) for k, n in s.items()}
            for o, s in record["joined"].items()}
    back = {o: {k: n for k, n in s.items() if n} for o, s in back.items()}
    back = {o: s for o, s in back.items() if s}
    leaders = [l for l in record["joined_leaders"] if l in S.leaders_at(state, b["space"])]
    inside = _count(back) + _count(record["aside"]["units"])
    _remove(state, b["space"], back, leaders if inside else [], record["aside"])
    _retreat_rest(state, b, captured_if_alone=True)


def go_inside(state: S.State, b: battle.Battle, n: int) -> None:
    """After a tie (§15.2): `n` surviving units go inside, regulars first, with the leaders
    that were inside (and every leader when no unit is left to retreat); the rest retreat."""
    sid = b["space"]
    record = current(state)
    units: Stack = _going_inside(state, b, n) or {}
    everyone = n == _count(_survivors(state, b))
    leaders = [l for l in S.leaders_at(state, sid) if not facts.leader(l).naval
               and S.major_of(state, S.leader_power(state, l) or "") == b["attacker"]
               and (everyone or l in record["joined_leaders"])]
    _remove(state, sid, units, leaders if n else [], record["aside"])
    if n:
        S.log(state, "retreat_inside", power=b["attacker"], space=sid, units=n)
    _retreat_rest(state, b, captured_if_alone=False)


def _going_inside(state: S.State, b: battle.Battle, n: int) -> Stack | None:
    """Which `n` survivors go inside (regulars first, the major's before its allied
    minors'), split so that the counters can show both parts (§5.2); None when none can."""
    sid = b["space"]
    return counter_mix.choose_army(state, _survivors(state, b), sid, n, f"aside:{sid}",
                                   INSIDE_ORDER)


def garrisons(state: S.State, b: battle.Battle, most: int) -> tuple[int, ...]:
    """The numbers 0..`most` of survivors that may go inside after a tie (§15.2, §5.2)."""
    return tuple(n for n in range(most + 1) if _going_inside(state, b, n) is not None)


def _retreat_rest(state: S.State, b: battle.Battle, *, captured_if_alone: bool) -> None:
    """The relieving units and leaders still outside retreat to where they came from
    (§14.1); leaders left without units are captured after a lost relief (§15.2)."""
    sid, power = b["space"], b["attacker"]
    units = _count(_survivors(state, b))
    leaders = [l for l in S.leaders_at(state, sid) if not facts.leader(l).naval
               and S.major_of(state, S.leader_power(state, l) or "") == power]
    if not units and not leaders:
        return
    if not units and captured_if_alone:
        entry.capture(state, side_majors(state, b, "defender")[0], leaders, sid)
        return
    origin = b["origin"]
    ok = (origin is not None and not b.get("doomed")
          and battle.retreat_problem(state, power, sid, origin) is None)
    battle.retreat_to(state, b, power, origin if ok else None)


def finish(state: S.State, b: battle.Battle) -> str:
    """The units set aside come back inside; the siege is lifted, goes on or breaks
    (§15.2, §15.3).  Returns the outcome (`siege.relief_outcome`)."""
    record = state["phase_data"].pop("relief")
    sid = record["space"]
    for owner, stack in record["aside"]["units"].items():
        for kind, n in stack.items():
            S.add_units(state, sid, owner, kind, n)
    for lid in record["aside"]["leaders"]:
        S.move_leader(state, lid, None, sid)
    siege = sieges.siege_at(state, sid)
    if siege:
        inside = {S.major_of(state, o) for o in record["aside"]["units"]}
        siege["besieged"] = sorted(set(siege["besieged"]) | inside)
    return sieges.after_relief(state, sid, record["power"], b["winner"] == "attacker",
                               b["hits"]["attacker"], b["hits"]["defender"])


battle.ATTACKER_RETREAT["relief"] = losing_retreat


# ---------------------------------------------------------------- the questions
def _join_parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["JOIN", "ALONE"], verb, text, "JOIN or ALONE")
    return {"verb": "RELIEF", "join": verb == "JOIN"}


def _join_apply(state, item, order, dice) -> bool:
    move = state["phase_data"]["land_move"]
    fight(state, move, order["join"], dice)
    return True


def _inside_parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["GARRISON"], verb, text, "GARRISON <n>")
    found = re.fullmatch(r"\s*(\d+)\s*", grammar.rest_of(text))
    if state is None or battle.current(state) is None:     # read without a game
        return {"verb": "GARRISON", "n": int(found.group(1)) if found else item["most"]}
    fit = _garrisons(state, item)
    n = int(found.group(1)) if found else fit[-1]
    if 0 < n <= item["most"] and n not in fit:
        raise counter_mix.split_refusal(item["seat"], item["space"], n, fit)
    return {"verb": "GARRISON", "n": n}


def _garrisons(state, item) -> tuple[int, ...]:
    return garrisons(state, battle.current(state), item["most"])


def _inside_apply(state, item, order, dice) -> bool:
    go_inside(state, battle.current(state), order["n"])
    return True


def _inside_standing(policy: str, state: S.State, decision) -> dict[str, Any]:
    """``MOST``: as many units inside as may be; ``NONE``: all retreat (§15.2)."""
    item = {**decision.context, "seat": decision.seat}
    return {"verb": "GARRISON", "n": _garrisons(state, item)[-1] if policy == "MOST" else 0}


def _next_battle(state, item, dice) -> None:
    battle.advance(state, dice)


KINDS: dict[str, questions.Kind] = {
    "relief": choices.Kind(
        options=lambda state, item: [Option.of("RELIEF", "JOIN", join=OneOf((True,))),
                                     Option.of("RELIEF", "ALONE", join=OneOf((False,)))],
        apply=_join_apply, parse=_join_parse, done=_next_battle,
        default=lambda state, item: {"verb": "RELIEF", "join": True},
        prompt=lambda state, item: (f"relief of {item['space']}: the {item['units']} besieged "
                                    "units JOIN the battle, or the army fights ALONE (§15.2)"),
        policies=("JOIN", "ALONE"),
        standing=lambda policy, state, decision: {"verb": "RELIEF", "join": policy == "JOIN"}),
    "relief_inside": choices.Kind(
        options=lambda state, item: [Option.of("GARRISON", f"GARRISON {item['most']}",
                                               n=counter_mix.count_domain(
                                                   _garrisons(state, item)))],
        apply=_inside_apply, parse=_inside_parse, done=_next_battle,
        default=lambda state, item: {"verb": "GARRISON", "n": _garrisons(state, item)[-1]},
        prompt=lambda state, item: (f"relief of {item['space']} lost on equal hits: GARRISON "
                                    f"<n> — up to {item['most']} units go inside, the rest "
                                    "retreat (§15.2)"),
        policies=("MOST", "NONE"), standing=_inside_standing)}


def order_text(order: dict) -> str:
    if order["verb"] == "RELIEF":
        return "JOIN" if order["join"] else "ALONE"
    return f"GARRISON {order['n']}"


TEXTS = {"RELIEF": order_text, "GARRISON": order_text}
