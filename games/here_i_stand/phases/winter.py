"""Phase 7: Winter (§19), all powers at once.

In order (§19): (1) loaned squadrons go home (`diplomacy_terms.end_loans`); (2) the renegade
leader (*Charles Bourbon*) leaves and the leaders *Threat to Power* sent away for the turn come
back (`card_events_war.return_threatened`); (3) **return home** — naval units to the nearest port their
power controls; when several are equally near the owner chooses and may split the ships
(L1438: decision ``ports``, ``PORTS <port> <n>, <port> <n>``; squadrons are sent before
corsairs, naval leaders with the first group; default all to the first port by id), then land
units (below); (4) major-power alliances end; (5) +1 regular in every capital its power
controls (the Hapsburgs may get 2; not the Protestants); (6) piracy markers go; (7) debaters
are uncommitted; (8) mandatory events past their deadline (§19.8: Clement VII turn 2, Barbary
Pirates 3, Schmalkaldic League 4, Paul III 4, Society of Jesus 6) are resolved and removed;
a question such an event asks (Society of Jesus' universities, `choices`) is asked here.

Land return (§19.3): units in their own capital stay.  Units in a fortified space their power
controls may stay, 4 at most: the excess must go to the capital, the others may.  All other
units (unfortified spaces, spaces not controlled by their power) must go to the capital or to
the nearest fortified space their power controls, if it then holds 4 or fewer ("nearest" is
the shortest path regardless of control; sea zones count).  The Protestants have no capital:
nearest Protestant fortified space, then the next one when it is full.  A capital under
enemy control destroys units sent to it.  The Hapsburgs may use either capital and, before
the Schmalkaldic League, may not path through or into electorates.  Active minors' units act
as their major's (§22.3 L1839): the major sends them home (``RETURN ... FOR <minor>``), and
they may treat their home key as a capital (L1840) or still join the major in its capital (the
§19 example, L1511: Genoese in Genoa may go to Paris).  **Attrition**: a group with no path (excluding its start)
of friendly spaces free of unrest — sea zones are free, enemy units are ignored, allies'
spaces count — loses half its units, rounded up.  The owner decides which (L1450): the default
(mercenaries first, then cavalry, then regulars) is applied at once and, when the group mixed
unit types, the owner is asked (decision ``attrition``, ``LOSE <n>R <n>M <n>C``) and may
change it — the total that arrives is the same either way, so nothing waits on the answer.
Leaders leave with the first group leaving their space.  These questions are asked of each
seat before its ``RETURN`` question, side by side with the other seats' orders.

Each power with units to return is asked (decision ``winter``, clock ``winter``):
``RETURN <from> -> <to> [<n>] [FOR <minor>]`` for one group, as often as wanted, then
``DONE``: every unit
still due goes by the default plan — the nearest destination reachable without attrition,
else the nearest, with as many units as its room takes and the counters can show when the
group splits (§5.2 L283) — and the optional moves are not made.

Rules: §19
"""
from __future__ import annotations

import functools
from collections import deque

from typing import Callable, Iterator

from engine import questions
from engine.contract import IllegalOrder
from engine.contract import Reason as R
from engine.options import OneOf, Option
from games.here_i_stand import (card_events_war, choices, counter_mix, diplomacy_terms, events,
                                facts, foreign_wars, grammar)
from games.here_i_stand import state as S
from games.here_i_stand.phases import decision_id
from games.here_i_stand.relocation import steps, distances

#: The questions this module asks (`tables` hands them to `choices`).
KINDS: dict[str, questions.Kind] = {}
#: Canonical texts of their verbs (`tables` hands them to `grammar`).
TEXTS: dict[str, Callable[[dict], str]] = {}

NAME = "winter"
FORT_CAP = 4


# ---------------------------------------------------------------- graph helpers
def _blocked(state, power: str, sid: str) -> bool:
    m = S.board()
    if sid in m.spaces and not S.in_play(state, sid):
        return True
    return (not state["league"] and power != "protestant" and sid in m.spaces
            and m.spaces[sid].type == "electorate")



def safe_path(state, power: str, start: str, dest: str) -> bool:
    """A path from `start` to `dest` whose spaces (bar the start) are friendly and free of
    unrest; sea zones need no ships (§19.3)."""
    m = S.board()

    def ok(sid: str) -> bool:
        if sid not in m.spaces:
            return True
        return S.friendly(state, power, sid) and not S.in_unrest(state, sid)

    if not ok(dest):
        return False
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in steps(here):
            if nxt in seen or _blocked(state, power, nxt) or not ok(nxt):
                continue
            if nxt == dest:
                return True
            seen.add(nxt)
            queue.append(nxt)
    return False


# ---------------------------------------------------------------- who goes where
@functools.lru_cache(maxsize=1)
def _map_fortified() -> tuple[str, ...]:
    m = S.board()
    return tuple(s.id for s in m.spaces.values() if s.is_fortified)


def _fortified(state) -> tuple[str, ...]:
    """The map's fortified spaces and those *Trace Italienne* (#104) added."""
    return _map_fortified() + S.fortress_markers(state)


def _home_capitals(state, power: str) -> list[str]:
    """Capitals a power's units may winter in: its own; an active minor's home keys (§22) and
    its ally's capitals."""
    m = S.board()
    if power in S.MINORS:
        ally = state["minor_allies"].get(power)
        keys = [k for k in m.keys_of(power)]
        return keys + (list(S.capitals(ally)) if ally else [])
    return list(S.capitals(power))


def _own_fort(state, power: str, sid: str) -> bool:
    m = S.board()
    return (sid in m.spaces and S.is_fortified(sid, state) and S.in_play(state, sid)
            and S.controller(state, sid) in (power, S.major_of(state, power)))


def _returning_powers(state) -> list[str]:
    return list(S.MAJORS) + sorted(state["minor_allies"])


def pending(state, power: str) -> tuple[dict[str, int], dict[str, int]]:
    """({space: units that must return}, {space: units that may go to a capital})."""
    must: dict[str, int] = {}
    may: dict[str, int] = {}
    m = S.board()
    caps = _home_capitals(state, power)
    settled = state["phase_data"].get("settled", {}).get(power, {})
    minor_keys = set(m.keys_of(power)) if power in S.MINORS else set()
    for sid, rec in state["spaces"].items():
        if sid not in m.spaces or power not in rec.get("units", ()):
            continue
        n = S.count(state, sid, power) - settled.get(sid, 0)
        if n <= 0:
            continue
        if sid in caps and S.controller(state, sid) in (power, S.major_of(state, power)):
            if sid in minor_keys and len(caps) > len(minor_keys):
                may[sid] = n      # a minor's units at home may still join its ally (§19 example)
            continue
        if _own_fort(state, power, sid):
            total = S.count(state, sid, power)
            if total > FORT_CAP:
                must[sid] = min(n, total - FORT_CAP)
            if power != "protestant" and caps:
                may[sid] = n
        else:
            must[sid] = n
    return must, may


def _room(state, power: str, caps) -> dict[str, int]:
    """Own fortified non-capital spaces and their room (4 less the power's units there)."""
    return {f: FORT_CAP - S.count(state, f, power) for f in _fortified(state)
            if f not in caps and _own_fort(state, power, f)}


def destinations(state, power: str, sid: str, room: dict[str, int] | None = None) -> dict[str, int]:
    """Legal destinations for units leaving `sid`: {space: room} (capitals: unlimited)."""
    caps = _home_capitals(state, power)
    out: dict[str, int] = {}
    for c in caps:
        if c != sid and S.in_play(state, c):
            out[c] = 10 ** 6
    if not _own_fort(state, power, sid):
        if room is None:
            room = _room(state, power, caps)
        dist = distances(state, power, sid)
        rooms = sorted((dist[f], f, r) for f, r in room.items() if f in dist and f != sid)
        if power == "protestant" or not caps:
            rooms = [r for r in rooms if r[2] > 0]
        if rooms:
            nearest = rooms[0][0]
            for d, f, r in rooms:
                if d == nearest and r > 0:
                    out[f] = r
    return out


def _settle(state, power: str, sid: str, n: int) -> None:
    settled = state["phase_data"].setdefault("settled", {}).setdefault(power, {})
    settled[sid] = settled.get(sid, 0) + n


def _lose(counts: dict[str, int], losses: int) -> dict[str, int]:
    left = dict(counts)
    for k in ("mercenaries", "cavalry", "regulars"):
        take = min(losses, left.get(k, 0))
        left[k] = left.get(k, 0) - take
        losses -= take
    return {k: v for k, v in left.items() if v}


def send(state, power: str, src: str, dst: str, n: int) -> None:
    """Move `n` of `power`'s land units home from `src` to `dst` (§19.3)."""
    chosen = (counter_mix.choose(state, power, src, n, dst)
              or S.first_units(S.units(state, src).get(power, {}), n))
    for k, v in chosen.items():
        S.add_units(state, src, power, k, -v)
    arriving = chosen
    lost = 0
    if not safe_path(state, power, src, dst):
        lost = (n + 1) // 2
        arriving = _lose(chosen, lost)
    destroyed = (S.controller(state, dst) not in (power, S.major_of(state, power))
                 and S.enemy_space(state, power, dst))
    if destroyed:
        arriving = {}
    elif 0 < lost < n and sum(1 for v in chosen.values() if v) > 1:
        # §19.3 L1450: the owner decides which units are lost; the default losses stand
        # until it answers (the total at the destination does not depend on the choice)
        applied = tuple(chosen.get(k, 0) - arriving.get(k, 0) for k in S.LAND)
        choices.push(state, {"kind": "attrition", "seat": S.major_of(state, power),
                             "power": power, "from": src, "to": dst,
                             "moved": [chosen.get(k, 0) for k in S.LAND], "lost": lost,
                             "applied": list(applied)})
    for k, v in arriving.items():
        S.add_units(state, dst, power, k, v)
    if lost:
        counter_mix.trim(state, power, dst)     # §5.2 L283: losses the counters cannot show
    _settle(state, power, dst, sum(arriving.values()))
    if S.count(state, src, power) == 0 or not _own_fort(state, power, src):
        for lid in S.own_leaders(state, src, power):
            if S.leader_power(state, lid) == power:
                S.move_leader(state, lid, src, dst)
    if lost:
        S.log(state, "winter_return_attrition_destroyed" if destroyed
              else "winter_return_attrition", power=power, units=n, src=src, dst=dst, lost=lost)
    else:
        S.log(state, "winter_return_destroyed" if destroyed else "winter_return",
              power=power, units=n, src=src, dst=dst)


def default_plan(state, power: str) -> None:
    """Every unit still due goes home the default way (see the module docstring)."""
    guard = 0
    while True:
        must, _ = pending(state, power)
        if not must:
            return
        guard += 1
        if guard > 200:
            raise RuntimeError("winter default plan does not settle")
        sid = sorted(must)[0]
        n = must[sid]
        options = destinations(state, power, sid)
        if not options:
            lost = S.units(state, sid).get(power, {})
            for k in S.LAND:
                S.add_units(state, sid, power, k, -min(n, lost.get(k, 0)))
            S.log(state, "winter_nowhere", power=power, units=n, space=sid)
            continue
        dist = distances(state, power, sid)
        ranked = sorted(options, key=lambda d: (not safe_path(state, power, sid, d),
                                                dist.get(d, 99), d))
        dst, k, shown = _shown(state, power, sid, ranked, options, n)
        send(state, power, sid, dst, k)
        if not shown:           # §5.2 L283: what the counters cannot show is removed
            counter_mix.trim(state, power, dst)
            counter_mix.trim(state, power, sid)


def _shown(state, power: str, sid: str, ranked: list[str], room: dict[str, int],
           n: int) -> tuple[str, int, bool]:
    """The first of the `ranked` destinations, and the most of the `n` units due that it
    takes, whose split the counters can show (§5.2 L283: a stack splits only with free
    counters; a full destination next to a capital that takes them all), and True; the
    first with its room, and False, when none can (the caller then removes what the
    counters cannot show)."""
    for dst in ranked:
        for k in range(min(n, room[dst]), 0, -1):
            if counter_mix.choose(state, power, sid, k, dst) is not None:
                return dst, k, True
    return ranked[0], min(n, room[ranked[0]]), False


# ---------------------------------------------------------------- the phase
def enter(state, dice) -> None:
    state["phase_data"] = {"done": [], "settled": {}}
    _remove_renegade(state)
    card_events_war.return_threatened(state)
    diplomacy_terms.end_loans(state)  # §19.1: loaned squadrons and leaders go back first
    _naval_return(state)
    if not decisions(state):
        _finish(state, dice)


def _remove_renegade(state) -> None:
    """§19.2 L1430: the renegade leader of *Charles Bourbon* (#70) leaves play, from the map,
    from his captor's card or from a foreign-war card (§21.7), so that a later Bourbon finds
    him free."""
    where = S.where_is(state, "renegade")
    if where is not None:
        S.move_leader(state, "renegade", where, None)
    if (where is not None or S.uncapture(state, "renegade") is not None
            or foreign_wars.release(state, "renegade")):
        S.log(state, "winter_renegade", leader="renegade")


def _naval_return(state) -> None:
    m = S.board()
    for sid in sorted(list(state["spaces"])):
        for power, counts in list(S.units(state, sid).items()):
            naval = {k: counts.get(k, 0) for k in S.NAVAL if counts.get(k)}
            if not naval:
                continue
            major = S.major_of(state, power)
            if sid in m.spaces and S.controller(state, sid) in (power, major):
                continue
            dist = distances(state, power, sid)
            ports = sorted((d, p) for p, d in dist.items() if p in m.spaces and m.spaces[p].ports
                           and S.controller(state, p) in (power, major) and S.in_play(state, p)
                           and (m.spaces[p].home in (power, major) or power in S.MAJORS))
            tied = [p for d, p in ports if d == ports[0][0]] if ports else []
            if len(tied) > 1:
                # §19.3 L1438: on a tie the owner picks the port(s), and may split the ships
                choices.push(state, {"kind": "ports", "seat": major, "power": power,
                                     "from": sid, "ports": tied,
                                     "count": sum(naval.values())})
                continue
            if not ports:
                for k, v in naval.items():
                    S.add_units(state, sid, power, k, -v)
                S.log(state, "winter_ships_lost", power=power, space=sid)
                continue
            _dock(state, power, sid, {ports[0][1]: sum(naval.values())})


def _dock(state, power: str, sid: str, split: dict[str, int]) -> None:
    """Ships of `power` leave `sid` for ports, ``{port: n}``: squadrons first, then corsairs,
    in port order; naval leaders go with the first group (§19.3 L1438)."""
    left = {k: S.units(state, sid).get(power, {}).get(k, 0) for k in S.NAVAL}
    first = None
    for port in sorted(split):
        want = split[port]
        for k in S.NAVAL:
            take = min(want, left[k])
            if take:
                S.add_units(state, sid, power, k, -take)
                S.add_units(state, port, power, k, take)
                left[k] -= take
                want -= take
        first = first or port
        S.log(state, "winter_ships_return", power=power, space=port)
    if first is not None:
        for lid in S.own_leaders(state, sid, power, naval=True):
            if S.leader_power(state, lid) == power:
                S.move_leader(state, lid, sid, first)


def owners(state, major: str) -> list[str]:
    """Whose land units a major power sends home: its own, then its allied minors' (§22.3:
    they act as its units, and may winter in their home key as in a capital, L1840)."""
    return [major] + sorted(m for m, p in state["minor_allies"].items() if p == major)


def _options(state, major: str) -> list[Option]:
    return list(_returns(state, major))


def _returns(state, major: str) -> Iterator[Option]:
    """`_options`, one at a time."""
    bases: counter_mix.Bases = {}     # the state does not change while options are listed
    for power in owners(state, major):
        must, may = pending(state, power)
        rooms = None              # `_room`, worked out when a source first needs it
        extra = {} if power == major else {"power": OneOf((power,))}
        for sid in sorted(set(must) | set(may)):
            if rooms is None and not _own_fort(state, power, sid):
                rooms = _room(state, power, _home_capitals(state, power))
            for dst, room in sorted(destinations(state, power, sid, rooms).items()):
                n = max(must.get(sid, 0), may.get(sid, 0))
                fit = counter_mix.army_counts(state, {power: S.units(state, sid).get(power, {})},
                                              sid, min(n, room), dst, bases=bases)
                if fit:
                    tail = f" FOR {power}" if extra else ""
                    yield Option.of("RETURN", f"RETURN {sid} -> {dst}{tail}", **{
                        "from": OneOf((sid,)), "to": OneOf((dst,)),
                        "units": counter_mix.count_domain(fit), **extra})


def decisions(state):
    if state["phase"] != NAME:
        return []
    # each seat's own questions first: a port tie, attrition losses, a forced event (§19.8)
    firsts = choices.first_per_seat(state)
    out = [choices.decision(state, item) for item in firsts]
    busy = {item["seat"] for item in firsts}
    if state["phase_data"].get("finished"):
        return out
    for power in S.MAJORS:
        if power in state["phase_data"].get("done", []) or power in busy:
            continue
        if next(_returns(state, power), None) is None:
            continue                     # nothing to return: not asked (options deferred)
        out.append(PLAN.decision(decision_id(state, "winter", power, simultaneous=True), state,
                                 _plan(power)))
    return out


def _plan(seat: str) -> dict:
    return {"kind": "winter", "seat": seat}


def _plan_parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["RETURN", "DONE"], verb, text, PLAN.prompt(state, item))
    if verb == "DONE":
        grammar.no_args(verb, text)
        return {"verb": "DONE"}
    body = grammar.rest_of(text)
    owner = None
    words = body.split()
    for k in range(len(words) - 1, 0, -1):
        if words[k].upper() in ("FOR", "ДЛЯ"):
            owner = grammar.power(" ".join(words[k + 1:]))
            body = " ".join(words[:k])
            break
    order = grammar.parse_move("RETURN", body)
    if order.pop("leaders"):
        raise IllegalOrder(R("leaders follow their units home: name only the units",
                             "winter_no_leaders"))
    if "via" in order or "mix" in order:
        raise IllegalOrder(R("RETURN <from> -> <to> <n>: the path is not given", "syntax",
                             text="RETURN <from> -> <to> <n>"))
    if owner is not None and owner != item["seat"]:
        order["power"] = owner
    if order["units"] == "ALL":
        must, may = pending(state, owner or item["seat"])
        order["units"] = max(must.get(order["from"], 0), may.get(order["from"], 0))
    return order


def _plan_apply(state, item, order, dice) -> bool:
    seat = item["seat"]
    verb = order.get("verb")
    if verb == "DONE":
        for power in owners(state, seat):
            default_plan(state, power)
        state["phase_data"]["done"] = sorted(set(state["phase_data"]["done"]) | {seat})
    elif verb == "RETURN":
        src, dst, n = order["from"], order["to"], order["units"]
        owner = order.get("power", seat)
        if owner not in owners(state, seat):
            raise IllegalOrder(R(f"{owner} is not a minor power allied with {seat}: you return "
                                 "only your own and your allied minors' units (§22.3)",
                                 "winter_not_your_minor", minor=owner, power=seat))
        must, may = pending(state, owner)
        due = max(must.get(src, 0), may.get(src, 0))
        if not due:
            raise IllegalOrder(R(f"no units of yours in {src} return home this winter",
                                 "winter_nothing_there", space=src))
        room = destinations(state, owner, src)
        if dst not in room:
            raise IllegalOrder(R(f"units from {src} may winter only in: "
                                 f"{', '.join(sorted(room))} (§19.3)", "winter_where",
                                 space=src, spaces=sorted(room)),
                               [f"RETURN {src} -> {d}" for d in sorted(room)])
        if not isinstance(n, int) or not 1 <= n <= min(due, room[dst]):
            raise IllegalOrder(R(f"between 1 and {min(due, room[dst])} units may go from {src} "
                                 f"to {dst}", "winter_how_many", limit=min(due, room[dst]),
                                 src=src, dst=dst))
        send(state, owner, src, dst, n)
    else:
        raise IllegalOrder(R("RETURN <from> -> <to> <n> or DONE", "syntax",
                             text="RETURN <from> -> <to> <n>, DONE"))
    return True


#: A power's winter plan (§19.3): RETURN groups home as it chooses, DONE for the default plan
#: of the rest.  ``STANDING winter DONE`` leaves every winter to the default plan, unasked.
PLAN = questions.Kind(
    options=lambda state, item: (*_options(state, item["seat"]), Option.of("DONE", "DONE")),
    apply=_plan_apply, default=lambda state, item: {"verb": "DONE"}, parse=_plan_parse,
    prompt=lambda state, item: ("winter: RETURN groups home as you choose, then DONE "
                                "(the rest goes by the default plan)"),
    clock="winter", policies=("DONE",), deferred=True,
    standing=lambda policy, state, decision: {"verb": "DONE"})


def parse(state, decision, text):
    if choices.is_choice(decision):
        return choices.parse(state, decision, text)
    return PLAN.parse(state, _plan(decision.seat), text)


def apply(state, seat, decision, order, dice) -> None:
    if choices.is_choice(decision):
        choices.apply(state, seat, decision, order, dice)
        if state["phase_data"].get("finished"):
            _force_due(state, dice)
        elif not decisions(state):
            _finish(state, dice)
        return
    PLAN.apply(state, _plan(seat), order, dice)
    if not decisions(state):
        _finish(state, dice)


def _finish(state, dice) -> None:
    if state["phase_data"].get("finished"):
        return
    state["phase_data"]["finished"] = True
    for power in _returning_powers(state):
        default_plan(state, power)
    if state["alliances"]:
        S.log(state, "winter_alliances_end")
    state["alliances"] = []
    for power in S.MAJORS:
        for cap in S.capitals(power):
            if S.controller(state, cap) == power:
                if counter_mix.can_add(state, power, cap, "regulars"):
                    S.add_units(state, cap, power, "regulars", 1)
    state["piracy"]["zones"] = []
    for side in state["debaters"].values():
        for d in side:
            d["committed"] = False
    S.log(state, "winter")
    _force_due(state, dice)


def _force_due(state, dice) -> None:
    """§19.8: the overdue mandatory events, one by one; one that asks a question (Society of
    Jesus' universities) is answered before the next is forced."""
    for number, deadline in sorted(facts.forced_in_winter().items()):
        if choices.current(state):
            return
        if state["turn"] >= deadline and number not in state["mandatory_played"] \
                and number not in state["removed"] and number in facts.cards():
            _force(state, number, dice)
            choices.settle(state, dice)


def _force(state, number: int, dice) -> None:
    """§19.8: pull the card from wherever it is, resolve it, remove it (no CP)."""
    S.pull_card(state, number)
    c = facts.card(number)
    power = c.affects or "papacy"
    S.log(state, "winter_forced", card=number)
    if number in events.EVENTS:
        events.EVENTS[number](state, power, dice)
    else:
        S.log(state, "event_not_implemented", card=number)
    state["mandatory_played"] = sorted(set(state["mandatory_played"]) | {number})
    if c.remove is not False:
        state["removed"] = sorted(set(state["removed"]) | {number})
    else:
        state["discard"].append(number)


def default(state, decision):
    if choices.is_choice(decision):
        return choices.default(state, decision)
    return PLAN.default(state, _plan(decision.seat))


# ---------------------------------------------------------------- the owner's choices (§19.3)
def _loss_vectors(state, item) -> tuple[tuple[int, int, int], ...]:
    """Every legal loss (regulars, mercenaries, cavalry) for an attrition item: `lost` units
    out of those that moved, feasible at the destination now."""
    moved, applied, lost = item["moved"], item["applied"], item["lost"]
    here = S.units(state, item["to"]).get(item["power"], {})
    out = []
    for r in range(min(lost, moved[0]) + 1):
        for mm in range(min(lost - r, moved[1]) + 1):
            c = lost - r - mm
            if c > moved[2]:
                continue
            vec = (r, mm, c)
            if all(here.get(k, 0) + applied[i] - vec[i] >= 0 for i, k in enumerate(S.LAND)):
                out.append(vec)
    return tuple(out)


def _attrition_options(state, item):
    vectors = _loss_vectors(state, item)
    return [Option.of("LOSE", "LOSE " + grammar.mix_text(vectors[0]), losses=OneOf(vectors))]


def _attrition_apply(state, item, order, dice) -> bool:
    new = order["losses"]
    deltas = [item["applied"][i] - new[i] for i in range(3)]
    for i in sorted(range(3), key=lambda i: -deltas[i]):       # additions first
        if deltas[i]:
            S.add_units(state, item["to"], item["power"], S.LAND[i], deltas[i])
    item["applied"] = list(new)
    S.log(state, "winter_attrition_chosen", power=item["power"], mix=list(new))
    return True


def _attrition_parse(state, item, text):
    verb = grammar.verb_of(text)
    if verb in ("ПОТЕРЯТЬ", "LOSS", "LOSSES"):
        verb = "LOSE"
    grammar.expect(["LOSE"], verb, text, "LOSE <n>R <n>M <n>C")
    mix = [0, 0, 0]
    for tok in grammar.rest_of(text).split():
        mm = grammar._MIX.match(tok)
        letter = mm.group(2).upper() if mm else ""
        if not mm or letter not in "RMC":
            raise IllegalOrder(R(f"{tok!r} is not a number of units: say e.g. LOSE 1R 2M",
                                 "not_units", text=tok))
        mix["RMC".index(letter)] += int(mm.group(1))
    return {"verb": "LOSE", "losses": tuple(mix)}


KINDS["attrition"] = choices.Kind(
    options=_attrition_options, apply=_attrition_apply,
    default=lambda state, item: {"verb": "LOSE", "losses": tuple(item["applied"])},
    parse=_attrition_parse, clock="winter",
    prompt=lambda state, item: (f"winter attrition: {item['power']}'s group from "
                                f"{S.board().spaces[item['from']].name_en} to "
                                f"{S.board().spaces[item['to']].name_en} loses {item['lost']} — "
                                "LOSE <n>R <n>M <n>C (mercenaries first unless you say)"))
TEXTS["LOSE"] = lambda o: "LOSE " + grammar.mix_text(tuple(o["losses"]))


def _splits(ports: list[str], n: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    out = []

    def rec(i: int, left: int, acc: list) -> None:
        if i == len(ports) - 1:
            parts = acc + [(ports[i], left)]
            out.append(tuple((p, k) for p, k in parts if k))
            return
        for k in range(left + 1):
            rec(i + 1, left - k, acc + [(ports[i], k)])

    rec(0, n, [])
    return tuple(sorted(set(out)))


def _ports_options(state, item):
    splits = _splits(sorted(item["ports"]), item["count"])
    return [Option.of("PORTS", "PORTS " + _split_text(splits[0]), split=OneOf(splits))]


def _split_text(split) -> str:
    return ", ".join(f"{p} {n}" for p, n in split)


def _ports_apply(state, item, order, dice) -> bool:
    _dock(state, item["power"], item["from"], dict(order["split"]))
    return True


def _ports_parse(state, item, text):
    verb = grammar.verb_of(text)
    if verb in ("PORT", "ПОРТЫ", "ПОРТ"):
        verb = "PORTS"
    grammar.expect(["PORTS"], verb, text, "PORTS <port> <n>, <port> <n>")
    split: dict[str, int] = {}
    parts = [p.strip() for p in grammar.rest_of(text).split(",") if p.strip()]
    for part in parts:
        words = part.split()
        n = int(words.pop()) if len(words) > 1 and words[-1].isdigit() else None
        port = grammar.space(" ".join(words))
        split[port] = split.get(port, 0) + (item["count"] if n is None else n)
    return {"verb": "PORTS", "split": tuple(sorted((p, n) for p, n in split.items() if n))}


KINDS["ports"] = choices.Kind(
    options=_ports_options, apply=_ports_apply,
    default=lambda state, item: {"verb": "PORTS",
                                 "split": ((sorted(item["ports"])[0], item["count"]),)},
    parse=_ports_parse, clock="winter",
    prompt=lambda state, item: (f"winter: {item['power']}'s {item['count']} ship(s) at "
                                f"{item['from']} are as near to {', '.join(sorted(item['ports']))}: "
                                "PORTS <port> <n>, <port> <n> (you may split them)"))
TEXTS["PORTS"] = lambda o: "PORTS " + _split_text(o["split"])
