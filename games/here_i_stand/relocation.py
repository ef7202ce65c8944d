"""Where units go when they must leave a space, and the shortest paths they take.

Rules: §9.3 step 3 (units of the power that made peace leave the winner's spaces for the
nearest fortified space or port their side controls, or their capital; equally near spaces
are the owner's choice, L537 — also for ceded spaces §9.1 L489, bought-back spaces L546, a
failed assault's leaders §15.1 L940), §19.3 (winter: the paths home,
over land and sea, ignoring control), §22.2 (units leave a newly activated minor's spaces).
"""
from __future__ import annotations

import functools
from collections import deque
from typing import Iterable

from engine import questions
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, facts, grammar
from games.here_i_stand import state as S


def steps(sid: str):
    m = S.board()
    if sid in m.spaces:
        yield from m.neighbours(sid)
        yield from m.spaces[sid].ports
    else:
        yield from m.seas_adjacent(sid)
        yield from m.ports_of(sid)


def distances(state, power: str, start: str) -> dict[str, int]:
    """Shortest path lengths from `start` over land and sea, ignoring control (§19.3)."""
    no_electorates = not state["league"] and power != "protestant"
    return _distances(start, tuple(state["out_of_play"]), no_electorates)


@functools.lru_cache(maxsize=4096)
def _distances(start: str, out_of_play: tuple[str, ...], no_electorates: bool) -> dict[str, int]:
    m = S.board()

    def blocked(sid: str) -> bool:
        if sid not in m.spaces:
            return False
        return sid in out_of_play or (no_electorates and m.spaces[sid].type == "electorate")

    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in steps(here):
            if nxt not in dist and not blocked(nxt):
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


def owner_of(state, lid: str) -> str | None:
    owner = S.leader_power(state, lid)
    return S.major_of(state, owner) if owner else None


def side_controls(state, major: str, sid: str) -> bool:
    return S.major_of(state, S.controller(state, sid)) == major


#: The kind of the question asked when relocated units have a choice of destination.
RELOCATION = "relocation"


def destinations(state, major: str, sid: str, pool: Iterable[str]) -> list[str]:
    """Where units of `major` leaving `sid` may go, the default first (§9.3 step 3, L537):
    the nearest spaces of `pool` (fortified spaces or ports its side controls; sea zones
    count in the distance), all of them when equally near ("the owner of the units
    decides"), and its capitals its side controls wherever they are ("or to the capital, if
    not under enemy control": a capital is itself a fortified space, so the words make it an
    alternative at any distance, as L546, L489 and L940 repeat).  The default is today's
    automatic choice: nearest, a capital first, then by id."""
    dist = distances(state, major, sid)
    capitals = set(S.capitals(major))
    reach = sorted((s for s in pool if s != sid and s in dist),
                   key=lambda s: (dist[s], s not in capitals, s))
    if not reach:
        return []
    near = [s for s in reach if dist[s] == dist[reach[0]]]
    return near + [s for s in reach if s in capitals and s not in near]


def relocate(state, major: str, sid: str) -> None:
    """Units of `major` (and its active minors) leave `sid` for the nearest fortified space
    (land) or port (naval) their side controls, or their capital (§9.3 step 3, L537).  They
    go to the default destination at once, so the procedure that relocated them goes on;
    when the owner has a choice (`destinations`) it is asked (``relocation``) and its
    answer moves them on (`_relocation_apply`)."""
    m = S.board()
    movers = [p for p in S.units(state, sid) if S.major_of(state, p) == major]
    leaders = [l for l in S.leaders_at(state, sid) if owner_of(state, l) == major
               and not facts.leader(l).naval]
    naval_leaders = [l for l in S.leaders_at(state, sid) if owner_of(state, l) == major
                     and facts.leader(l).naval]
    if not movers and not leaders and not naval_leaders:
        return
    forts = [s.id for s in m.spaces.values() if S.is_fortified(s.id, state)
             and S.in_play(state, s.id)
             and side_controls(state, major, s.id)]
    ports = [s.id for s in m.spaces.values() if s.ports and S.in_play(state, s.id)
             and side_controls(state, major, s.id)]
    land, sea = destinations(state, major, sid, forts), destinations(state, major, sid, ports)
    land_to, sea_to = (land or [None])[0], (sea or [None])[0]
    moved: dict[str, dict[str, dict[str, int]]] = {"land": {}, "sea": {}}
    for p in movers:
        counts = dict(S.units(state, sid).get(p, {}))
        for kind, n in counts.items():
            if not n:
                continue
            dest = land_to if kind in S.LAND else sea_to
            S.add_units(state, sid, p, kind, -n)
            if dest is None:
                S.log(state, "units_eliminated", power=p, stack={kind: n}, space=sid)
            else:
                S.add_units(state, dest, p, kind, n)
                moved["land" if kind in S.LAND else "sea"].setdefault(p, {})[kind] = n
        if any(counts.get(k) for k in S.LAND) and land_to:
            S.log(state, "units_leave", power=p, src=sid, dst=land_to)
    naval_to = sea_to or land_to
    for group, dest in ((leaders, land_to), (naval_leaders, naval_to)):
        for lid in group:
            S.move_leader(state, lid, sid, dest)
    _forget_questions_at(state, sid)
    for spaces, units, lids in ((land, moved["land"], leaders),
                                (sea, moved["sea"], naval_leaders if sea_to else [])):
        if len(spaces) > 1 and (units or lids):
            choices.push(state, {"kind": RELOCATION, "seat": major, "from": sid,
                                 "space": spaces[0], "spaces": spaces, "units": units,
                                 "leaders": lids})


def _forget_questions_at(state, sid: str) -> None:
    """Units relocated to `sid` that now leave it again are asked about anew, from `sid`."""
    steps = state["phase_data"].get("steps") or []
    steps[:] = [i for i in steps if i["kind"] != RELOCATION or i["space"] != sid]


def _still_there(state, item: questions.Item) -> tuple[dict[str, dict[str, int]], list[str]]:
    """The relocated units and leaders of `item` still in its default destination."""
    at = item["space"]
    units = {p: {k: min(n, S.units(state, at).get(p, {}).get(k, 0))
                 for k, n in stack.items()} for p, stack in item["units"].items()}
    return ({p: {k: n for k, n in s.items() if n} for p, s in units.items() if any(s.values())},
            [l for l in item["leaders"] if S.where_is(state, l) == at])


def _open_spaces(state, item: questions.Item) -> tuple[str, ...]:
    """The destinations of `item` still open: its default, and the others its side still
    controls."""
    return tuple(s for s in item["spaces"]
                 if s == item["space"] or side_controls(state, item["seat"], s))


def _relocation_options(state, item: questions.Item) -> list[Option]:
    units, lids = _still_there(state, item)
    spaces = _open_spaces(state, item)
    if not (units or lids) or len(spaces) < 2:
        return []
    return [Option.of("RELOCATE", f"RELOCATE {spaces[-1]}", space=OneOf(spaces))]


def _relocation_apply(state, item: questions.Item, order: dict, dice: Dice) -> bool:
    """Move the relocated units and leaders still in the default destination to the chosen
    one (§9.3 step 3, L537: "the owner of the units decides")."""
    dst, at = order["space"], item["space"]
    if dst == at:
        return True
    units, lids = _still_there(state, item)
    for p, stack in units.items():
        for kind, n in stack.items():
            S.add_units(state, at, p, kind, -n)
            S.add_units(state, dst, p, kind, n)
        S.log(state, "units_relocated", power=p, src=item["from"], dst=dst, stack=stack)
    for lid in lids:
        S.move_leader(state, lid, at, dst)
        S.log(state, "leader_relocated", leader=lid, src=item["from"], dst=dst)
    return True


def _relocation_standing(policy: str, state, decision) -> dict:
    """``STANDING relocation DEFAULT`` (nearest, a capital first, then by id) or ``CAPITAL``
    (the capital when it is one of the destinations)."""
    spaces = decision.context["spaces"]
    capitals = [s for s in spaces if s in S.capitals(decision.seat)]
    return {"verb": "RELOCATE",
            "space": capitals[0] if policy == "CAPITAL" and capitals else spaces[0]}


def _relocation_parse(state, item: questions.Item, text: str) -> dict:
    grammar.expect(["RELOCATE"], grammar.verb_of(text), text, "RELOCATE <space>")
    return {"verb": "RELOCATE", "space": grammar.space(grammar.rest_of(text), land=False)}


def _relocation_context(state, item: questions.Item) -> dict:
    units, lids = _still_there(state, item)
    stack: dict[str, int] = {}
    for s in units.values():
        for k, n in s.items():
            stack[k] = stack.get(k, 0) + n
    return {"power": item["seat"], "from": item["from"], "space": item["space"],
            "spaces": list(_open_spaces(state, item)),
            "movers": {"stack": stack, "leaders": lids}}


KINDS = {RELOCATION: questions.Kind(
    options=_relocation_options, apply=_relocation_apply,
    default=lambda state, item: {"verb": "RELOCATE", "space": item["space"]},
    parse=_relocation_parse, clock="response", context=_relocation_context,
    policies=("DEFAULT", "CAPITAL"), standing=_relocation_standing,
    prompt=lambda state, item: (f"relocation: {item['seat']}'s units leaving {item['from']} "
                                f"went to {item['space']}; RELOCATE <space> to send them to "
                                f"one of {', '.join(_open_spaces(state, item))} instead"))}
TEXTS = {"RELOCATE": lambda o: f"RELOCATE {o['space']}"}


__all__ = ["KINDS", "RELOCATION", "TEXTS", "destinations", "distances", "owner_of", "relocate",
           "side_controls", "steps"]
