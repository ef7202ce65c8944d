"""CP actions of the Action phase (§11.1 table): what a power may spend its CP on.

Rules: §11.1, §12.1, §12.2, §12.4, §13.1, §17

Implemented here: land move (§13.1: formations, leaders and command ratings, passes cost 2,
leaders without units any distance for one move, `land_war.lone_leaders`,
the army-size limit of §5.1, who may enter spaces with other powers' units, units that lost a
battle or are besieged stay); a step that meets enemy units or may be intercepted hands the
army to the land war (`land_war.move`: interception, avoid battle, withdrawal, field battle); control of an unfortified space (§12.2) with its line of communication (§12.1);
unrest removal (§12.4); building land and naval units (§17) within the counter mix (§5).
Activated minor allies (§22.3 L1839-1841): their land units move in their major's armies (an
army mixes a major with its allied minors, never two majors, §5.1 L271; mix letters G/H/S/V),
count as the major's for control and unrest removal, and the major builds their regulars (and
Genoese, Scottish, Venetian squadrons) in their home spaces.
Naval moves, assault, piracy, New World and religious actions come with their issues; each
plugs in by adding an entry to `ACTIONS`.

Every action is one order (`MOVE ...`, `CONTROL ...`, ...).  `options(state, power, cp)`
lists them exactly: every order an Option admits is legal (one Option per source space,
destination and leader set for moves).
"""
from __future__ import annotations

import itertools
from collections import deque
from typing import Any, Iterator

from engine.canonical import copy_plain
from engine.contract import IllegalOrder, Reason
from engine.contract import Reason as R
from engine.dice import Dice
from engine.options import Count, Later, OneOf, Option
from games.here_i_stand import assault, counter_mix, facts, foreign_wars, grammar, loc, siege
from games.here_i_stand import state as S
from games.here_i_stand import siege as sieges
from games.here_i_stand.land_war import entry, lone_leaders, marks, move, responses
from games.here_i_stand.navy import actions as naval
from games.here_i_stand.navy import ports
from games.here_i_stand.new_world import actions as new_world
from games.here_i_stand.reformation import actions as religious

Order = dict[str, Any]


# ---------------------------------------------------------------- line of communication
def loc_reach(state: S.State, power: str) -> tuple[set[str], set[str], set[str]]:
    """(sources, passable land spaces reached, sea zones reached) for §12.1.

    Sources are friendly fortified home spaces of `power` or an ally (`S.home_of`: a pirate
    haven is an Ottoman one, §21.1 L1607).  A path may continue
    through spaces that are friendly, free of enemy land units and of unrest (and, before the
    Schmalkaldic League, not electorates), and through sea zones holding a friendly naval
    unit, entered and left through friendly ports.
    """
    m = S.board()
    sources = set()
    for s in m.fortified() + tuple(m.spaces[f] for f in S.fortress_markers(state)):
        home = S.home_of(state, s.id)
        if (S.in_play(state, s.id) and S.friendly(state, power, s.id)
                and S.allied(state, power, home) and home != "independent"):
            if state["league"] or s.type != "electorate":
                sources.add(s.id)
    passable: set[str] = set()
    seas: set[str] = set()

    def can_pass(sid: str) -> bool:
        return loc.passable(state, power, sid)

    def sea_ok(zone: str) -> bool:
        return any(S.allied(state, power, p) and (c.get("squadrons") or c.get("corsairs"))
                   for p, c in S.units(state, zone).items())

    queue = deque(sorted(s for s in sources if can_pass(s)))
    passable.update(queue)
    while queue:
        here = queue.popleft()
        for n in m.neighbours(here):
            if n not in passable and can_pass(n):
                passable.add(n)
                queue.append(n)
        for zone in m.spaces[here].ports:
            if zone not in seas and sea_ok(zone):
                seas.add(zone)
                for port in m.ports_of(zone):
                    if port not in passable and can_pass(port):
                        passable.add(port)
                        queue.append(port)
                for other in m.seas_adjacent(zone):
                    if other not in seas and sea_ok(other):
                        seas.add(other)
                        for port in m.ports_of(other):
                            if port not in passable and can_pass(port):
                                passable.add(port)
                                queue.append(port)
    return sources, passable, seas


def has_loc(state: S.State, power: str, target: str, reach=None) -> bool:
    """Whether `power` has a line of communication to `target` (§12.1)."""
    sources, passable, seas = reach or loc_reach(state, power)
    if target in sources:
        return True
    m = S.board()
    if not state["league"] and m.spaces[target].type == "electorate":
        pass  # the destination itself may be an electorate? §12.1 forbids passing through
    if any(n in passable for n in m.neighbours(target)):
        return True
    return any(z in seas for z in m.spaces[target].ports)


# ---------------------------------------------------------------- formations (§5.1, §22.3)
def allied_minors(state: S.State, power: str) -> list[str]:
    """The minor powers activated as `power`'s allies (§22.2), whose units act as its own
    (§22.3 L1839: they move, fight and retreat like the major's units)."""
    return sorted(m for m, major in state["minor_allies"].items() if major == power)


def forces(state: S.State, power: str) -> list[str]:
    """The owners of the land units `power` commands: itself, then its allied minors."""
    return [power] + allied_minors(state, power)


def force_count(state: S.State, sid: str, power: str) -> int:
    """`power`'s land units at a space, its allied minors' included (§22.3)."""
    return sum(S.count(state, sid, p) for p in forces(state, power))


def army_at(state: S.State, power: str, sid: str) -> tuple[dict[str, dict[str, int]], list[str]]:
    """The land units `power` may move from a space, ``{owner: {kind: n}}`` (its own and its
    allied minors': an army may mix a major power with its allied minors but never two major
    powers, §5.1 L271), and its army leaders there."""
    stacks: dict[str, dict[str, int]] = {}
    if siege.is_besieged(state, sid, power):
        return stacks, []                    # §15: besieged units and leaders do not move
    for owner in forces(state, power):
        stack = S.units(state, sid).get(owner, {})
        found = {k: stack.get(k, 0) for k in S.LAND if stack.get(k)}
        if found:
            stacks[owner] = found
    return stacks, S.own_leaders(state, sid, power)


def stack_total(stacks: dict[str, dict[str, int]]) -> int:
    return sum(sum(c.values()) for c in stacks.values())


# ---------------------------------------------------------------- moves (§13)


def locked_units(state: S.State, power: str, sid: str) -> int:
    """`power`'s units at `sid` that may not move now: they lost a field battle this impulse,
    they are besieged (§13.1, §15), or they moved under *Foul Weather* (#31)."""
    if any(sieges.is_besieged(state, sid, o) for o in forces(state, power)):
        return force_count(state, sid, power)
    return (sum(marks.marked(state, "lost", sid, o) for o in forces(state, power))
            + responses.locked(state, power, sid, forces(state, power)))


def engages(state: S.State, power: str, src: str, dst: str, units) -> bool:
    """Whether a step into `dst` starts the land-war procedure (§13.1 steps 5-8): enemy
    units there, or an enemy stack that may intercept it."""
    if entry.enemies_at(state, power, dst):
        return True
    probe = {"power": power, "from": src, "to": dst, "units": units, "tried_from": []}
    return any(move.stacks(state, p, probe) for p in S.MAJORS)


def move_cost(src: str, dst: str) -> int:
    """1 CP, or 2 across a pass (§11.1, §13)."""
    return 2 if S.board().is_pass(src, dst) else 1


def pick_units(state: S.State, src: str, dst: str, stacks: dict[str, dict[str, int]],
               power: str, n: int, mix=None, allied=()) -> dict[str, dict[str, int]]:
    """Which units move from `src` to `dst`, ``{owner: {kind: n}}``: the given mix (`mix` for
    the power's own regulars, mercenaries, cavalry; `allied` ((minor, n), ...) for its allied
    minors' regulars), else the power's regulars first, then its mercenaries, then its
    cavalry, then its allied minors' units (by minor) — the first choice whose split the
    counters can show (§5.2 L283)."""
    if mix is not None:
        out: dict[str, dict[str, int]] = {}
        own = {k: v for k, v in zip(S.LAND, mix) if v}
        have = stacks.get(power, {})
        for k, v in own.items():
            if v > have.get(k, 0):
                raise IllegalOrder(R(f"only {have.get(k, 0)} {k} of {power} there, not {v}",
                                     "mix_too_many", stack={k: have.get(k, 0)}, power=power,
                                     n=v))
        if own:
            out[power] = own
        for minor, v in allied or ():
            if minor == power or minor not in stacks and v:
                raise IllegalOrder(R(f"no {minor} land units there that {power} commands "
                                     "(only allied minors' units join an army, §5.1)",
                                     "mix_no_minor", minor=minor, power=power))
            have = stacks.get(minor, {})
            take = S.first_units(have, v)
            if sum(take.values()) < v:
                raise IllegalOrder(R(f"only {sum(have.values())} {minor} units there, not {v}",
                                     "mix_minor_too_many", have=sum(have.values()),
                                     minor=minor, n=v))
            if take:
                out[minor] = take
        if n != sum(sum(c.values()) for c in out.values()):
            named = sum(sum(c.values()) for c in out.values())
            raise IllegalOrder(R(f"{n} units but the mix names {named}", "mix_sum", n=n,
                                 total=named))
        for owner, take in out.items():
            if not counter_mix.split_fits(state, owner, src, take, dst):
                raise split_refusal(state, power, src, dst, n)
        return out
    if n > stack_total(stacks):
        raise IllegalOrder(R(f"only {stack_total(stacks)} land units there, not {n}",
                             "too_few_units", have=stack_total(stacks), n=n))
    chosen = _fitting_pick(state, src, dst, stacks, power, n)
    if chosen is None:
        raise split_refusal(state, power, src, dst, n)
    return chosen


def _fitting_pick(state: S.State, src: str, dst: str, stacks: dict[str, dict[str, int]],
                  power: str, n: int) -> dict[str, dict[str, int]] | None:
    """`n` units of `power`'s army at `src` whose move to `dst` every owner's counters can
    show (§5.2), the power's own units first, then its allied minors' (by minor)."""
    return counter_mix.choose_army(state, _major_first(stacks, power), src, n, dst)


def _major_first(stacks: dict[str, dict[str, int]], power: str) -> dict[str, dict[str, int]]:
    return {o: stacks[o] for o in [power] + sorted(o for o in stacks if o != power)
            if o in stacks}


def move_counts(state: S.State, power: str, src: str, dst: str, most: int,
                bases: counter_mix.Bases | None = None) -> tuple[int, ...]:
    """The numbers 1..`most` of `power`'s units at `src` that may move to `dst` with
    counters to show them and those left behind (§5.2 L283); `bases`: the owners' stacks
    known for this state (`counter_mix.fits_after`)."""
    stacks, _ = army_at(state, power, src)
    return counter_mix.army_counts(state, _major_first(stacks, power), src, most, dst,
                                   bases=bases)


def split_refusal(state: S.State, power: str, src: str, dst: str, n: int) -> IllegalOrder:
    """The refusal of a move whose split the counters cannot show (§5.2 L283)."""
    return counter_mix.split_refusal(power, src, n, move_counts(state, power, src, dst, n + 20))


def check_move(state: S.State, power: str, src: str, dst: str, leaders: tuple[str, ...],
               n: int, mix=None, allied=(), *, cp: int | None = None) -> dict[str, dict[str, int]]:
    """Validate one step of a land move and return the units that go, ``{owner: {kind:
    n}}`` (§13.1; allied minors' units may go with the major's, §5.1)."""
    m = S.board()
    if power == "protestant" and not state["league"]:
        raise IllegalOrder(R("the Protestants cannot move before the Schmalkaldic League "
                             "(§21.6)", "protestants_before_league"))
    if src not in m.spaces:
        raise IllegalOrder(R(f"{src} is not a land space", "not_land", text=str(src)))
    if not m.are_adjacent(src, dst):
        near = [m.spaces[x].name_en for x in m.neighbours(src)]
        if dst in m.spaces:
            raise IllegalOrder(R(f"{m.spaces[dst].name_en} is not adjacent to "
                                 f"{m.spaces[src].name_en}", "not_adjacent", dst=dst, src=src,
                                 hints_spaces=list(m.neighbours(src))), near)
        raise IllegalOrder(R(f"{dst} is not adjacent to {m.spaces[src].name_en}", "not_land",
                             text=str(dst), hints_spaces=list(m.neighbours(src))), near)
    avail, here = army_at(state, power, src)
    for lid in leaders:
        if lid not in here:
            raise IllegalOrder(R(f"{facts.leader(lid).name_en} is not with {power}'s army in "
                                 f"{m.spaces[src].name_en}", "leader_not_here", leader=lid,
                                 power=power, space=src, hints_leaders=sorted(here)),
                               [facts.leader(x).name_en for x in here])
    if not isinstance(n, int) or n < 0:
        raise IllegalOrder(R("a negative number of units cannot move", "negative_units"))
    if n == 0 and not leaders:
        raise IllegalOrder(R("nothing to move: name units or leaders", "nothing_to_move"))
    if n == 0:
        why = entry.leaders_entry_problem(state, power, dst)
        if why:
            raise IllegalOrder(why)
    locked = locked_units(state, power, src)
    if n > stack_total(avail):
        raise IllegalOrder(R(f"only {stack_total(avail)} land units there, not {n}",
                             "too_few_units", have=stack_total(avail), n=n))
    if n > stack_total(avail) - locked:
        raise IllegalOrder(R(f"{locked} of {power}'s units in {m.spaces[src].name_en} lost a "
                             "battle this impulse, are besieged or moved under Foul Weather "
                             "and cannot move (§13.1)",
                             "units_locked", n=locked, power=power, space=src))
    for lid in leaders:
        if marks.leader_marked(state, "lost", lid):
            raise IllegalOrder(R(f"{facts.leader(lid).name_en} lost a battle this impulse and "
                                 "cannot move (§13.1)", "leader_locked", leader=lid))
        why = responses.leader_problem(state, power, lid)
        if why:
            raise IllegalOrder(R(f"{facts.leader(lid).name_en} cannot move this impulse "
                                 f"({why.replace('_', ' ')})", "leader_stopped", leader=lid,
                                 card=responses.GOUT if why == "gout" else
                                 responses.FOUL_WEATHER))
    chosen = pick_units(state, src, dst, avail, power, n, mix, allied)
    limit = S.army_limit(leaders)
    if n > limit:
        raise IllegalOrder(R(f"an army led by {', '.join(leaders) or 'no leader'} may hold at "
                             f"most {limit} units (§5.1), not {n}",
                             "army_limit_led" if leaders else "army_limit",
                             leaders=list(leaders), limit=limit, n=n))
    why = entry.can_enter(state, power, dst)
    if why:
        raise IllegalOrder(why)
    cost = move_cost(src, dst)
    if cp is not None and cost > cp:
        raise IllegalOrder(R(f"moving {m.spaces[src].name_en} -> {m.spaces[dst].name_en} costs "
                             f"{cost} CP and {cp} are left", "move_cost", src=src, dst=dst,
                             need=cost, cp=cp))
    return chosen


def do_move(state: S.State, power: str, src: str, dst: str, leaders,
            chosen: dict[str, dict[str, int]]) -> None:
    """Move the chosen units ({owner: {kind: n}}) and leaders from `src` to `dst`."""
    entry.transfer(state, src, dst, chosen, leaders)


def _leader_sets(here: list[str]) -> list[tuple[str, ...]]:
    out = []
    for k in range(len(here) + 1):
        out.extend(itertools.combinations(sorted(here), k))
    return out


def move_options(state: S.State, power: str, cp: int) -> list[Option]:
    """One MOVE Option per (source, destination, leader set), with the unit counts the
    counter mix can show (§5.2)."""
    return list(_moves(state, power, cp))


def _moves(state: S.State, power: str, cp: int, later: bool = False) -> Iterator[Option]:
    """`move_options`, one at a time; with `later`, each shape's unit counts are a `Later`
    domain, worked out only when read (a `DeferredOptions`' work only: `state` is then a
    private snapshot, or the state itself while nothing changes it)."""
    if power == "protestant" and not state["league"]:
        return
    m = S.board()
    owners = forces(state, power)
    entering: dict[str, tuple[bool, bool]] = {}
    bases: counter_mix.Bases = {}     # the state does not change while options are listed
    for sid in sorted(state["spaces"]):
        rec = state["spaces"][sid]
        if sid not in m.spaces or not (rec.get("leaders") or any(
                o in rec.get("units", ()) for o in owners)):
            continue                  # nobody of `power` here (what `army_at` would find)
        avail, here = army_at(state, power, sid)
        total = stack_total(avail)
        if not total and not here:
            continue
        movable = total - locked_units(state, power, sid)
        free = [l for l in here if not marks.leader_marked(state, "lost", l)
                and responses.leader_problem(state, power, l) is None]
        groups = [(group, min(movable, S.army_limit(group))) for group in _leader_sets(free)]
        # the counts depend on the destination only through the army's owners' stacks
        # there (§5.2: the sizes the move changes), so destinations alike share them
        counts: dict[tuple[int, ...], tuple[int, ...]] = {}
        for dst in m.neighbours(sid):
            if move_cost(sid, dst) > cp:
                continue
            if dst not in entering:       # each destination checked once per enumeration
                entering[dst] = (entry.can_enter(state, power, dst) is None,
                                 entry.leaders_entry_problem(state, power, dst) is None)
            enters, alone = entering[dst]
            if not enters:
                continue
            there = S.units(state, dst)
            alike = tuple(there.get(o, {}).get(k, 0) for o in avail for k in S.LAND)

            def fit(sid=sid, dst=dst, alike=alike, movable=movable, counts=counts
                    ) -> tuple[int, ...]:
                if movable and alike not in counts:
                    counts[alike] = move_counts(state, power, sid, dst, movable, bases)
                return counts[alike] if movable else ()

            for group, high in groups:
                def units(group=group, high=high, alone=alone, fit=fit) -> Count | OneOf:
                    return counter_mix.count_domain(
                        ((0,) if group and alone else ()) + tuple(n for n in fit() if n <= high))

                domain = Later(units) if later else units()
                if not later and not domain.count():
                    continue
                yield Option.of("MOVE", f"MOVE {sid} -> {dst}", **{
                    "from": OneOf((sid,)), "to": OneOf((dst,)), "leaders": OneOf((group,)),
                    "units": domain})


def apply_move(state: S.State, power: str, order: Order, cp: int, dice=None, *,
               declared: bool = False) -> int:
    """Apply a (possibly multi-step) MOVE; returns the CP spent.  A step that meets enemy
    units or may be intercepted hands the army to the land-war procedure (`land_war.move`,
    §13.1 steps 5-8), so it must be the route's last step.  The move is declared first: when
    another power could stop it (*Foul Weather*, *Gout*: §13.1 step 4, `responses`), its CP
    are spent and it waits for their answers (`declared`: they were asked)."""
    route = [order["from"], *order.get("via", ()), order["to"]]
    leaders = tuple(order.get("leaders", ()))
    if not declared:
        if len(route) > 2 and responses.weather(state, power):
            raise IllegalOrder(R("Foul Weather: no unit moves more than 1 space this impulse",
                                 "foul_weather_route", card=responses.FOUL_WEATHER))
        cost = sum(move_cost(a, b) for a, b in zip(route, route[1:]))
        action = {"verb": "move", "power": power, "to": order["to"], "leaders": list(leaders),
                  "cost": cost, "order": copy_plain(order)}
        if responses.window(state, action):                 # refuse an illegal move now:
            if len(route) == 2 and order["units"]:          # one step's checks change nothing
                check_move(state, power, route[0], route[1], leaders, order["units"],
                           order.get("mix"), order.get("allied", ()), cp=cp)
            else:                                           # a route, or leaders alone: tried
                apply_move(copy_plain(state), power, copy_plain(order), cp, Dice("trial"),
                           declared=True)
            responses.declare(state, action, dice)
            return cost
    n = order["units"]
    if n == 0 and leaders:
        return _move_alone(state, power, route, leaders, cp)
    mix = order.get("mix")
    allied = order.get("allied", ())
    spent = 0
    for i, (src, dst) in enumerate(zip(route, route[1:])):
        chosen = check_move(state, power, src, dst, leaders, n, mix, allied, cp=cp - spent)
        spent += move_cost(src, dst)
        if n and engages(state, power, src, dst, chosen):
            if i < len(route) - 2:
                raise IllegalOrder(R(f"the step into {S.board().spaces[dst].name_en} may meet "
                                     "enemy units or be intercepted: end the move there and "
                                     "send the rest as new moves (§13.1)", "move_engages",
                                     space=dst))
            _log_move(state, power, n, leaders, route)
            responses.note_moved(state, power, dst, chosen, leaders)
            move.begin(state, power, src, dst, leaders, chosen, dice)
            return spent
        do_move(state, power, src, dst, leaders, chosen)
        responses.note_moved(state, power, dst, chosen, leaders)
        siege.after_move(state, power, src, dst)
        mix = tuple(chosen.get(power, {}).get(k, 0) for k in S.LAND)
        allied = tuple(sorted((o, sum(c.values())) for o, c in chosen.items() if o != power))
    _log_move(state, power, n, leaders, route)
    return spent


def lone_passable(state: S.State, power: str) -> lone_leaders.Passable:
    """The spaces `power`'s leaders without units may enter or cross (§13.1 L784)."""
    known: dict[str, bool] = {}

    def passable(sid: str) -> bool:
        if sid not in known:
            known[sid] = (entry.can_enter(state, power, sid) is None
                          and entry.leaders_entry_problem(state, power, sid) is None)
        return known[sid]

    return passable


def _move_alone(state: S.State, power: str, route: list[str], leaders: tuple[str, ...],
                cp: int) -> int:
    """Leaders without units go any distance for one move action (§13.1 L784): along the
    route written, or the best one found when only the destination is named; returns the
    CP spent (`lone_leaders.cost`)."""
    passable = lone_passable(state, power)
    src, dst = route[0], route[-1]
    if len(route) == 2 and src in S.board().spaces:
        found = lone_leaders.reach(src, passable).get(dst)
        if found is None and not S.board().are_adjacent(src, dst):
            raise IllegalOrder(R(f"leaders without units cannot reach "
                                 f"{S.board().spaces[dst].name_en} without entering an "
                                 "enemy-controlled or enemy-occupied space (§13.1)",
                                 "leaders_no_route", space=dst))
        route = found or route
    for i, (a, b) in enumerate(zip(route, route[1:])):     # leaders, adjacency, entry
        if i == 0:
            check_move(state, power, a, b, leaders, 0)
        elif not S.board().are_adjacent(a, b):
            raise IllegalOrder(R(f"{S.board().spaces[b].name_en} is not adjacent to "
                                 f"{S.board().spaces[a].name_en}", "not_adjacent", dst=b,
                                 src=a, hints_spaces=list(S.board().neighbours(a))))
        else:
            why = entry.can_enter(state, power, b) or entry.leaders_entry_problem(state, power, b)
            if why:
                raise IllegalOrder(why)
    cost = lone_leaders.cost(route)
    if cost > cp:
        raise IllegalOrder(R(f"moving {S.board().spaces[src].name_en} -> "
                             f"{S.board().spaces[dst].name_en} costs {cost} CP and {cp} are left",
                             "move_cost", src=src, dst=dst, need=cost, cp=cp))
    for lid in leaders:
        S.move_leader(state, lid, src, dst)
    _log_move(state, power, 0, leaders, route)
    return cost


def _log_move(state: S.State, power: str, n: int, leaders, route) -> None:
    if leaders and not n:
        S.log(state, "move_leaders", power=power, leaders=leaders, route=route)
    elif leaders:
        S.log(state, "move_led", power=power, units=n, leaders=leaders, route=route)
    else:
        S.log(state, "move", power=power, units=n, route=route)


def resolve_all(state: S.State, power: str, order: Order) -> Order:
    """Turn ``ALL`` into the number of the power's land units at the source (capped by the
    army limit of the leaders named)."""
    if order.get("units") == "ALL":
        avail, _ = army_at(state, power, order["from"])
        order["units"] = min(stack_total(avail), S.army_limit(order.get("leaders", ())))
    return order


# ---------------------------------------------------------------- control (§12.2) and unrest (§12.4)
def _adjacent_land(state: S.State, power: str, target: str, *, enemy: bool) -> bool:
    m = S.board()
    for n in m.neighbours_without_passes(target):
        if enemy and S.enemy_units_at(state, power, n):
            return True
        if not enemy and force_count(state, n, power) > 0:
            return True
    return False


def control_problem(state: S.State, power: str, target: str, reach=None) -> Reason | None:
    m = S.board()
    if target not in m.spaces or not S.in_play(state, target):
        return R(f"{target} is not a space in play", "not_in_play", text=str(target))
    sp = m.spaces[target]
    if S.is_fortified(target, state):
        return R(f"{sp.name_en} is fortified: only a siege, a peace or an event changes its "
                 "control (§12.3)", "control_fortified", space=target)
    owner = S.controller(state, target)
    if not (owner == "independent" or S.at_war(state, power, owner)):
        return R(f"{sp.name_en} is neither independent nor enemy-controlled (§12.2)",
                 "control_not_enemy", space=target)
    if S.foreign_units_at(state, power, target, S.LAND):    # ships leave (L727)
        return R(f"{sp.name_en} holds units of a power not allied with {power} (§12.2)",
                 "control_foreign_units", space=target, power=power)
    if not (force_count(state, target, power) > 0
            or (_adjacent_land(state, power, target, enemy=False)
                and not _adjacent_land(state, power, target, enemy=True))):
        return R(f"{power} needs land units in {sp.name_en}, or next to it with no enemy land "
                 "units next to it (§12.2)", "control_no_units", power=power, space=target)
    if not has_loc(state, power, target, reach):
        return R(f"{power} has no line of communication to {sp.name_en} (§12.1)",
                 "control_no_loc", power=power, space=target)
    return None


def control_targets(state: S.State, power: str) -> list[str]:
    m = S.board()
    owners = forces(state, power)
    near = set()
    for sid, rec in state["spaces"].items():
        if (sid in m.spaces and any(o in rec.get("units", ()) for o in owners)
                and force_count(state, sid, power) > 0):
            near.add(sid)
            near.update(m.neighbours_without_passes(sid))
    if not near:
        return []
    reach = loc_reach(state, power)
    return sorted(t for t in near if control_problem(state, power, t, reach) is None)


def apply_control(state: S.State, power: str, target: str) -> None:
    why = control_problem(state, power, target)
    if why:
        raise IllegalOrder(why)
    S.log(state, "control", power=power, space=target)
    ports.change(state, target, power)


def unrest_problem(state: S.State, power: str, target: str) -> Reason | None:
    m = S.board()
    if target not in m.spaces:
        return R(f"{target} is not a land space", "not_land", text=str(target))
    if not S.in_unrest(state, target):
        return R(f"{m.spaces[target].name_en} is not in unrest", "not_in_unrest", space=target)
    if force_count(state, target, power) > 0:
        return None
    if power == "protestant" and not state["league"] and m.spaces[target].home == "protestant":
        return None
    if (_adjacent_land(state, power, target, enemy=False)
            and not _adjacent_land(state, power, target, enemy=True)):
        return None
    return R(f"{power} needs land units in {m.spaces[target].name_en}, or next to it with no "
             "enemy land units next to it (§12.4)", "unrest_no_units", power=power, space=target)


def unrest_targets(state: S.State, power: str) -> list[str]:
    return sorted(sid for sid, rec in state["spaces"].items()
                  if rec.get("unrest") and unrest_problem(state, power, sid) is None)


# ---------------------------------------------------------------- assault (§15.1)
def assault_problem(state: S.State, power: str, target: str, reach=None) -> Reason | None:
    """Why `power` may not assault `target` now (§15.1, with its line of communication,
    §12.1), or None."""
    why = assault.assault_problem(state, power, target)
    if why is None and not has_loc(state, power, target, reach):
        return R(f"{power} has no line of communication to {S.board().spaces[target].name_en} "
                 "(§12.1)", "control_no_loc", power=power, space=target)
    return why


def assault_targets(state: S.State, power: str) -> list[str]:
    if not state.get("sieges"):
        return []
    reach = loc_reach(state, power)
    return sorted(sid for sid in state["sieges"]
                  if assault_problem(state, power, sid, reach) is None)


# ---------------------------------------------------------------- building (§17)
#: Allied minors whose squadrons their major may build (§22.3 L1841; Hungary has no fleet).
MINOR_NAVIES = ("genoa", "scotland", "venice")


def build_owner(state: S.State, power: str, sid: str) -> str:
    """Whose unit a build by `power` in `sid` raises: an allied minor's in its home space
    (§22.3 L1840-1841), else `power`'s own."""
    home = S.board().spaces[sid].home if sid in S.board().spaces else None
    if home in S.MINORS and state["minor_allies"].get(home) == power:
        return home
    return power


def build_units(state: S.State, power: str, owner: str | None = None) -> list[str]:
    """Unit types `power` may raise now (§17, §11.1 table, §21.1, §21.6); with `owner` an
    allied minor: its regulars, and squadrons for Genoa, Scotland and Venice (§22.3)."""
    if owner is not None and owner != power:
        if state["minor_allies"].get(owner) != power:
            return []
        return ["regular"] + (["squadron"] if owner in MINOR_NAVIES else [])
    if power == "protestant":
        return ["regular", "mercenary"] if state["league"] else []
    out = ["regular"]
    out.append("cavalry" if power == "ottoman" else "mercenary")
    out.append("squadron")
    if power == "ottoman" and state["piracy"].get("enabled"):
        out.append("corsair")
    return out


def build_problem(state: S.State, power: str, unit: str, sid: str,
                  on_map: tuple[int, int] | None = None,
                  mixes: dict[str, counter_mix.Mix] | None = None, *,
                  anywhere: bool = False,
                  havens: tuple[str, ...] | None = None) -> Reason | None:
    """Why `power` may not build `unit` in `sid` now, or None; `on_map` (its land and naval
    counters, `counter_mix.on_map_counts`), `mixes` (land stacks by owner, `counter_mix.current`, filled as
    found) and `havens` (`S.pirate_havens`) carry what several checks of one unchanged state
    share.  `anywhere`: *Foreign
    Recruits* (#76, L1101): any space `power` controls not under siege, and the Ottomans
    build any unit in Algiers and the pirate havens."""
    m = S.board()
    if sid not in m.spaces or not S.in_play(state, sid):
        return R(f"{sid} is not a space in play", "not_in_play", text=str(sid))
    owner = build_owner(state, power, sid)
    if unit not in build_units(state, power, owner):
        if owner != power:
            return R(f"{power} may build only regulars (and squadrons for Genoa, Scotland and "
                     f"Venice) of its allied minor {owner} (§22.3)", "build_minor_kind",
                     power=power, minor=owner)
        return R(f"{power} cannot build a {unit} now (§17)", "build_kind", power=power,
                 unit=unit)
    sp = m.spaces[sid]
    havens = S.pirate_havens(state) if havens is None else havens
    if owner != power:
        if S.major_of(state, S.controller(state, sid)) != power:
            return R(f"{sp.name_en} is not a home space of {owner} that {power}'s side "
                     "controls (§22.3)", "build_minor_space", space=sid, minor=owner,
                     power=power)
    elif anywhere and (S.controller(state, sid) != power or sieges.siege_at(state, sid)):
        return R(f"{sp.name_en} is not a space {power} controls outside a siege (#76)",
                 "recruits_space", space=sid, power=power)
    elif not anywhere and (S.home_of(state, sid) != power
                           or S.controller(state, sid) != power):
        return R(f"{sp.name_en} is not a home space {power} controls (§17)", "build_not_home",
                 space=sid, power=power)
    if S.in_unrest(state, sid):
        return R(f"{sp.name_en} is in unrest (§12.4)", "in_unrest", space=sid)
    if S.enemy_units_at(state, power, sid):
        return R(f"{sp.name_en} is occupied by the enemy (§17)", "build_occupied", space=sid)
    if sid in havens and unit != "corsair" and not anywhere:
        return R("only corsairs may be built in a pirate haven (§21.1)", "build_haven")
    if unit in ("squadron", "corsair") and not sp.ports:
        return R(f"{sp.name_en} is not a port (§17)", "build_not_port", space=sid)
    war = foreign_wars.short_of(state, power) if owner == power and unit in (
        "regular", "mercenary", "cavalry") else None
    if war is not None:             # the new unit goes to the war's card (§21.7)
        if not counter_mix.can_add_to_war(state, owner, war, facts.UNIT_KEY[unit]):
            return R(f"{owner} has no land counters left for one more {unit} on foreign war "
                     f"#{war}, where new land units go while it is short of units (§5.2, "
                     "§21.7)", "no_land_counters_war", power=owner, unit=unit, card=int(war))
    elif unit in ("regular", "mercenary", "cavalry"):
        if mixes is not None and owner not in mixes:
            mixes[owner] = counter_mix.current(state, owner)
        if not counter_mix.can_add(state, owner, sid, facts.UNIT_KEY[unit],
                                   mix=None if mixes is None else mixes[owner]):
            return R(f"{owner} has no land counters left for one more {unit} in {sp.name_en} "
                     "(§5: the counter mix, by denomination)", "no_land_counters", power=owner,
                     unit=unit, space=sid)
    else:
        limits = facts.counter_limits().get(owner, {})
        _, naval = (on_map if on_map is not None and owner == power
                    else counter_mix.on_map_counts(state, owner))
        if naval + 1 > limits.get("naval", 10 ** 6):
            return R(f"{owner} has no naval counters left (§5)", "no_naval_counters",
                     power=owner)
    return None


def build_options(state: S.State, power: str, cp: int, *,
                  anywhere: bool = False) -> list[Option]:
    """``BUILD`` options within `cp` (`anywhere`: as `build_problem`'s)."""
    out = []
    m = S.board()
    havens = S.pirate_havens(state)
    if anywhere:
        candidates = sorted(s for s in m.spaces if S.controller(state, s) == power)
    else:
        candidates = sorted(set(S.home_spaces(state, power))
                            | {s for minor in allied_minors(state, power)
                               for s in m.spaces_of(home=minor)})
    counts = counter_mix.on_map_counts(state, power)
    mixes: dict[str, counter_mix.Mix] = {}
    kinds = set(build_units(state, power))
    for minor in allied_minors(state, power):
        kinds.update(build_units(state, power, minor))
    for unit in [u for u in ("regular", "mercenary", "cavalry", "squadron", "corsair") if u in kinds]:
        if facts.BUILD_COST[unit] > cp:
            continue
        spaces = tuple(s for s in candidates
                       if build_problem(state, power, unit, s, counts, mixes,
                                        anywhere=anywhere, havens=havens) is None)
        if spaces:
            out.append(Option.of("BUILD", f"BUILD {unit.upper()} IN {spaces[0]}",
                                 unit=OneOf((unit,)), space=OneOf(spaces)))
    return out


def apply_build(state: S.State, power: str, unit: str, sid: str, *,
                anywhere: bool = False) -> int:
    why = build_problem(state, power, unit, sid, anywhere=anywhere)
    if why:
        raise IllegalOrder(why)
    owner = build_owner(state, power, sid)
    war = foreign_wars.short_of(state, power) if unit in ("regular", "mercenary",
                                                           "cavalry") else None
    if war is not None and owner == power:              # §21.7: to the foreign war first
        units = state["foreign_wars"][war]["units"]
        units[facts.UNIT_KEY[unit]] = units.get(facts.UNIT_KEY[unit], 0) + 1
        S.log(state, "foreign_war_build", power=power, unit=unit, card=int(war))
        return facts.BUILD_COST[unit]
    S.add_units(state, sid, owner, facts.UNIT_KEY[unit], 1)
    if owner != power:
        S.log(state, "build_for", power=power, unit=unit, owner=owner, space=sid)
    else:
        S.log(state, "build", power=power, unit=unit, space=sid)
    return facts.BUILD_COST[unit]


# ---------------------------------------------------------------- CP bound to an area
#: The actions CP bound to an area may pay for (*Scots Raid*, #97: build, move, control,
#: assault).
AREA_VERBS = ("DONE", "MOVE", "CONTROL", "ASSAULT", "BUILD")
AREA_FIELDS = ("from", "to", "space", "via")


def cp_area(state: S.State) -> tuple[str, ...] | None:
    """The spaces this impulse's CP are bound to (``phase_data["cp_area"]``), or None."""
    area = (state.get("phase_data") or {}).get("cp_area")
    return tuple(area) if area else None


def _within(option: Option, area: tuple[str, ...]) -> Option | None:
    """`option` with its spaces cut to `area`, or None when nothing is left."""
    if option.verb not in AREA_VERBS:
        return None
    fields = []
    for name, domain in option.fields:
        if name in AREA_FIELDS and isinstance(domain, OneOf):
            kept = tuple(v for v in domain.values if v in area)
            if not kept:
                return None
            domain = OneOf(kept)
        fields.append((name, domain))
    example = option.example
    if option.verb in ("CONTROL", "ASSAULT", "BUILD"):
        space = dict(fields)["space"].values[0]
        example = option.example.rsplit(" ", 1)[0] + f" {space}"
    return Option(option.verb, tuple(fields), example)


def area_problem(state: S.State, order: Order) -> Reason | None:
    """Why `order` falls outside this impulse's CP area (*Scots Raid*), or None."""
    area = cp_area(state)
    if area is None or order.get("verb") == "DONE":
        return None
    spaces = [order[f] for f in ("from", "to", "space") if f in order]
    spaces += list(order.get("via") or ())
    if order.get("verb") not in AREA_VERBS or any(s not in area for s in spaces):
        return R("these CP are spent on building, moving, control and assaults in "
                 f"{', '.join(area)} only (Scots Raid)", "cp_area", spaces=list(area))
    return None


# ---------------------------------------------------------------- the table
def options(state: S.State, power: str, cp: int, later: bool = False) -> list[Option]:
    """Every CP action `power` may take with `cp` CP left (plus ``DONE``); with `later`, the
    moves' unit counts are worked out when read (`_moves`; a `DeferredOptions` only)."""
    return list(_each_option(state, power, cp, later))


def can_act(state: S.State, power: str, cp: int) -> bool:
    """Whether `power` may take any CP action but ``DONE`` (stops at the first found)."""
    return any(o.verb != "DONE" for o in _each_option(state, power, cp))


def _each_option(state: S.State, power: str, cp: int, later: bool = False
                 ) -> Iterator[Option]:
    """`options`, one at a time, in their order (cut to this impulse's CP area)."""
    area = cp_area(state)
    for option in _all_options(state, power, cp, later):
        found = option if area is None else _within(option, area)
        if found is not None:
            yield found


def _all_options(state: S.State, power: str, cp: int, later: bool) -> Iterator[Option]:
    yield Option.of("DONE", "DONE")
    yield from _moves(state, power, cp, later)
    if cp >= 1:
        targets = control_targets(state, power)
        if targets:
            yield Option.of("CONTROL", f"CONTROL {targets[0]}", space=OneOf(tuple(targets)))
        unrest = unrest_targets(state, power)
        if unrest:
            yield Option.of("REMOVE_UNREST", f"REMOVE UNREST {unrest[0]}",
                            space=OneOf(tuple(unrest)))
        sieges = assault_targets(state, power)
        if sieges:
            yield Option.of("ASSAULT", f"ASSAULT {sieges[0]}", space=OneOf(tuple(sieges)))
        wars = foreign_wars.targets(state, power)
        if wars:
            yield Option.of("FOREIGN_WAR", f"FOREIGN WAR {wars[0]}", card=OneOf(tuple(wars)))
    if cp >= assault.RECALL_CP and assault.recall_problem(state, power) is None:
        yield Option.of("RECALL_SULEIMAN", "RECALL SULEIMAN")
    yield from build_options(state, power, cp)
    yield from religious.options(state, power, cp)
    yield from naval.options(state, power, cp)
    yield from new_world.options(state, power, cp)


UNIT_WORDS = {"REGULAR": "regular", "REG": "regular", "R": "regular", "MERCENARY": "mercenary",
              "MERC": "mercenary", "M": "mercenary", "CAVALRY": "cavalry", "CAV": "cavalry",
              "SIPAHI": "cavalry", "SQUADRON": "squadron", "SQ": "squadron", "CORSAIR": "corsair",
              "РЕГУЛЯРНЫЙ": "regular", "НАЁМНИК": "mercenary", "НАЕМНИК": "mercenary",
              "КАВАЛЕРИЯ": "cavalry", "ЭСКАДРА": "squadron", "КОРСАР": "corsair"}


def parse(state: S.State, power: str, text: str) -> Order:
    """One CP-action order."""
    verb = grammar.verb_of(text)
    rest = grammar.rest_of(text)
    if religious.is_religious(text):
        return religious.parse(state, power, text)
    if verb == "DONE":
        grammar.no_args(verb, text)
        return {"verb": "DONE"}
    if new_world.verb_of(verb):
        grammar.no_args(verb, text)
        return {"verb": new_world.verb_of(verb)}
    if verb == "MOVE":
        return resolve_all(state, power, grammar.parse_move("MOVE", rest))
    if verb == "CONTROL":
        return {"verb": "CONTROL", "space": grammar.space(rest)}
    if verb == "ASSAULT":
        return {"verb": "ASSAULT", "space": grammar.space(rest)}
    if verb == "FOREIGN":
        words = rest.split()
        if words[:1] and words[0].upper() in ("WAR", "ВОЙНА"):
            words = words[1:]
        return {"verb": "FOREIGN_WAR", "card": str(grammar.card_number(" ".join(words)))}
    if verb == "RECALL":
        if rest.strip().upper() not in ("SULEIMAN", "СУЛЕЙМАНА", "СУЛЕЙМАН"):
            raise IllegalOrder(R("say RECALL SULEIMAN", "syntax", text="RECALL SULEIMAN"),
                               ["RECALL SULEIMAN"])
        return {"verb": "RECALL_SULEIMAN"}
    if verb == "REMOVE":
        words = rest.split(maxsplit=1)
        if not words or words[0].upper() not in ("UNREST", "БЕСПОРЯДКИ"):
            raise IllegalOrder(R("say REMOVE UNREST <space>", "syntax", text="REMOVE UNREST <space>"),
                               ["REMOVE UNREST <space>"])
        return {"verb": "REMOVE_UNREST", "space": grammar.space(words[1] if len(words) > 1 else "")}
    if naval.is_naval(text):
        return naval.parse(state, power, text)
    if verb == "BUILD":
        words = rest.split()
        if not words:
            raise IllegalOrder(R("say BUILD <unit> IN <space>", "syntax", text="BUILD <unit> IN <space>"),
                               ["BUILD REGULAR IN Paris"])
        unit = UNIT_WORDS.get(words[0].upper().rstrip("S"), UNIT_WORDS.get(words[0].upper()))
        if unit is None:
            raise IllegalOrder(R(f"{words[0]!r} is not a unit type", "not_unit_type", text=words[0]),
                               ["REGULAR", "MERCENARY", "CAVALRY", "SQUADRON", "CORSAIR"])
        tail = words[1:]
        if tail and tail[0].upper() in ("IN", "В"):
            tail = tail[1:]
        return {"verb": "BUILD", "unit": unit, "space": grammar.space(" ".join(tail))}
    raise IllegalOrder(R(f"{text.strip()!r} is not a CP action", "not_cp_action",
                         text=text.strip()),
                       ["MOVE <from> -> <to> [WITH <leaders>] [<n>]", "CONTROL <space>",
                        "ASSAULT <space>", "BUILD <unit> IN <space>", "REMOVE UNREST <space>",
                        "DONE"])


def _check(cp: int, need: int, why: Reason | None = None) -> None:
    """Refuse an action costing `need` CP with `cp` left, or with a problem `why`."""
    if cp < need:
        raise IllegalOrder(R("no CP left", "no_cp_left") if cp < 1 else
                           R(f"this action costs {need} CP and {cp} are left", "action_cost",
                             need=need, cp=cp))
    if why:
        raise IllegalOrder(why)


def apply(state: S.State, power: str, order: Order, cp: int, dice=None) -> int:
    """Apply one CP action; returns the CP it cost (`dice` for the actions that roll)."""
    verb = order.get("verb")
    why = area_problem(state, order)
    if why:
        raise IllegalOrder(why)
    if verb in religious.ACTION_VERBS:
        return religious.apply(state, power, order, cp, dice)
    if verb in naval.ACTION_VERBS:
        return naval.apply(state, power, order, cp, dice)
    if verb == "ASSAULT":
        _check(cp, 1, assault_problem(state, power, order["space"]))
        cost = 0 if assault.free_assault(state, power, order["space"]) else 1
        action = {"verb": "assault", "power": power, "to": order["space"], "cost": cost,
                  "leaders": assault.army(state, power, order["space"])[1]}
        if not responses.declare(state, action, dice):        # §15.1 step 2
            assault.begin(state, power, order["space"], dice)
        return cost
    if verb in new_world.ACTIONS:
        return new_world.apply(state, power, verb, cp)
    if verb == "FOREIGN_WAR":
        _check(cp, 1, foreign_wars.fight_problem(state, power, str(order["card"])))
        foreign_wars.fight(state, power, str(order["card"]), dice)
        return 1
    if verb == "RECALL_SULEIMAN":
        _check(cp, assault.RECALL_CP, assault.recall_problem(state, power))
        assault.recall_suleiman(state, power)
        return assault.RECALL_CP
    if verb == "MOVE":
        return apply_move(state, power, order, cp, dice)
    if verb == "CONTROL":
        if cp < 1:
            raise IllegalOrder(R("no CP left", "no_cp_left"))
        apply_control(state, power, order["space"])
        return 1
    if verb == "REMOVE_UNREST":
        _check(cp, 1, unrest_problem(state, power, order["space"]))
        S.set_unrest(state, order["space"], False)
        S.log(state, "unrest_removed", power=power, space=order["space"])
        return 1
    if verb == "BUILD":
        cost = facts.BUILD_COST.get(order.get("unit"), 99)
        if cost > cp:
            raise IllegalOrder(R(f"a {order.get('unit')} costs {cost} CP and {cp} are left",
                                 "build_cost", unit=order.get("unit"), need=cost, cp=cp))
        return apply_build(state, power, order["unit"], order["space"])
    raise IllegalOrder(R(f"{verb} is not a CP action", "not_cp_action", text=str(verb)),
                       ["MOVE", "CONTROL", "ASSAULT", "BUILD", "REMOVE UNREST", "DONE"])


def _resume_move(state: S.State, action: dict[str, Any], dice) -> None:
    """The declared move nobody stopped goes on (its CP were spent when declared)."""
    apply_move(state, action["power"], action["order"],
               (state["phase_data"].get("cp") or 0) + action["cost"], dice, declared=True)


def _resume_assault(state: S.State, action: dict[str, Any], dice) -> None:
    assault.begin(state, action["power"], action["to"], dice)


responses.RESUME.update(move=_resume_move, assault=_resume_assault)
