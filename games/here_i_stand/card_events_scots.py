"""#97 *Scots Raid* played as an event (card text; the rulebook's §6.2 counts make it an
ordinary event here, see the README's card notes).

Only France may play it (pbem ruling: the card gives France CP to spend at once, and pbem
spends CP only in the impulse of the power that holds them), and only while Scotland is
France's ally.  If Stirling is not held by France's side, France takes it and every other
power's units there leave it (§9.3 step 3's relocation).  France then spends 6 CP on building,
moving, control and assaults in the Scottish home spaces, Berwick, Carlisle and York only
(``phase_data["cp_area"]``, `cp_actions.area_problem`); an assault there may strike a siege
begun in this impulse.  First it may bring one of its army leaders on the map to a Scottish
home space its side holds (``TRANSFER <leader> TO <space>``, question ``scots_raid``; default
``DONE``), and then it has 3 CP only.

Rules: §9.6 (Scotland's alliance with France), §15.1, §17, §12 (the actions paid for)
"""
from __future__ import annotations

from typing import Any, Callable

from engine import questions
from engine.contract import Reason as R
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, facts, grammar, relocation
from games.here_i_stand import state as S
from games.here_i_stand.navy import ports

KINDS: dict[str, questions.Kind] = {}
TEXTS: dict[str, Callable[[dict], str]] = {
    "TRANSFER": lambda o: f"TRANSFER {o['leader']} TO {o['space']}"}

SCOTS_RAID = 97
CP, CP_WITH_LEADER = 6, 3
AREA = ("berwick", "carlisle", "edinburgh", "glasgow", "stirling", "york")


def condition(state: S.State, power: str) -> R | None:
    if power != "france":
        return R("Scots Raid gives France its CP: only France plays it as an event in pbem",
                 "scots_raid_france", card=SCOTS_RAID)
    if state["minor_allies"].get("scotland") != "france":
        return R("Scots Raid: Scotland is not France's ally", "scots_raid_ally",
                 card=SCOTS_RAID)
    return None


def resolve(state: S.State, power: str, dice: Dice) -> int:
    if S.major_of(state, S.controller(state, "stirling")) != "france":
        ports.change(state, "stirling", "france")
        for major in sorted({S.major_of(state, p) for p in S.units(state, "stirling")}
                            - {"france"}):
            relocation.relocate(state, major, "stirling")
        S.log(state, "scots_raid_stirling", card=SCOTS_RAID, space="stirling")
    state["phase_data"]["cp_area"] = list(AREA)
    if leaders(state) and homes(state):
        choices.push(state, {"kind": "scots_raid", "seat": "france"})
    return CP


def leaders(state: S.State) -> tuple[str, ...]:
    """French army leaders on the map, outside Scotland."""
    scots = set(S.board().spaces_of(home="scotland"))
    return tuple(sorted(l for l, info in facts.leaders().items()
                        if not info.naval and S.leader_power(state, l) == "france"
                        and S.where_is(state, l) not in (None, *scots)))


def homes(state: S.State) -> tuple[str, ...]:
    return tuple(s for s in S.board().spaces_of(home="scotland")
                 if S.in_play(state, s) and S.major_of(state, S.controller(state, s)) == "france"
                 and not S.enemy_units_at(state, "france", s))


def _apply(state, item, order, dice) -> bool:
    if order["verb"] == "TRANSFER":
        S.move_leader(state, order["leader"], S.where_is(state, order["leader"]), order["space"])
        state["phase_data"]["cp"] = CP_WITH_LEADER
        S.log(state, "scots_raid_leader", card=SCOTS_RAID, leader=order["leader"],
              space=order["space"])
    return True


def _parse(state, item, text) -> dict[str, Any]:
    if grammar.verb_or_done(text, "TRANSFER", ("ПЕРЕВЕСТИ",),
                            "TRANSFER <leader> TO <space> or DONE") == "DONE":
        grammar.no_args("DONE", text)
        return {"verb": "DONE"}
    words = grammar.rest_of(text).split()
    cut = next((i for i, w in enumerate(words) if w.upper() in ("TO", "В", "->")), len(words))
    return {"verb": "TRANSFER", "leader": grammar.leader(" ".join(words[:cut])),
            "space": grammar.space(" ".join(words[cut + 1:]))}


KINDS["scots_raid"] = choices.Kind(
    options=lambda state, item: [
        Option.of("TRANSFER", f"TRANSFER {leaders(state)[0]} TO {homes(state)[0]}",
                  leader=OneOf(leaders(state)), space=OneOf(homes(state))),
        Option.of("DONE", "DONE")],
    apply=_apply, parse=_parse, default=lambda state, item: {"verb": "DONE"},
    settle=lambda state, item, dice: not (leaders(state) and homes(state)),
    prompt=lambda state, item: ("Scots Raid: TRANSFER <leader> TO <Scottish space> (then 3 CP "
                                "instead of 6) or DONE"))
EVENTS = {SCOTS_RAID: resolve}
CONDITIONS = {SCOTS_RAID: condition}
