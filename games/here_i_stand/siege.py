"""Sieges (§15): who is besieged, when a siege begins, breaks or ends, and the relief
outcome (§15.2; the relief battle itself: `land_war.relief`).

``state["sieges"]`` (created on first use, absent when no siege ever began) maps a fortified
space to ``{"besiegers": [powers], "besieged": [powers], "begun": impulse, "assaulted":
impulse}``: the besieged powers' land units and leaders there are inside the fortifications,
the besiegers' outside; ``begun`` is the impulse the siege began in and ``assaulted`` the last
impulse an assault was made (both `impulse_key` strings; ``assaulted`` only once one was).
A power listed stands for itself and its active minors (§22.3).

Rules: §13.4 and §14 step 12 (a siege begins when the active army outnumbers the units
inside), §15 (besieged units do not move, attack, intercept or avoid battle; even an empty
fortress must be besieged in one impulse and assaulted in a later one), §15.2 (relief),
§15.3 (the siege breaks when the besiegers are fewer than the besieged; they retreat).
"""
from __future__ import annotations

from typing import Any

from engine import questions
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, facts, grammar, relocation
from games.here_i_stand import state as S

Siege = dict[str, Any]


def impulse_key(state: S.State) -> str:
    """The current impulse as a string: ``"<turn>.<impulse>"`` in the Action phase (§11)."""
    data = state.get("phase_data") or {}
    return f"{state['turn']}.{data.get('impulse', state['phase'])}"


def siege_at(state: S.State, sid: str) -> Siege | None:
    return (state.get("sieges") or {}).get(sid)


def _listed(state: S.State, power: str, powers: list[str]) -> bool:
    return power in powers or S.major_of(state, power) in powers


def is_besieged(state: S.State, sid: str, power: str) -> bool:
    """Whether `power`'s land units at `sid` are inside besieged fortifications (§15)."""
    siege = siege_at(state, sid)
    return bool(siege) and _listed(state, power, siege["besieged"])


def is_besieger(state: S.State, sid: str, power: str) -> bool:
    siege = siege_at(state, sid)
    return bool(siege) and _listed(state, power, siege["besiegers"])


def hostile(state: S.State, power: str, sid: str) -> bool:
    """Whether `power` may besiege `sid`: fortified, controlled by an enemy or independent
    (§12.3, §15, §22.6)."""
    owner = S.controller(state, sid)
    return S.is_fortified(sid, state) and (owner == "independent" or S.at_war(state, power, owner))


def _side_units(state: S.State, sid: str, side: str) -> int:
    siege = siege_at(state, sid)
    if not siege:
        return 0
    return sum(S.count(state, sid, p) for p in S.land_powers(state, sid)
               if _listed(state, p, siege[side]))


def inside(state: S.State, sid: str) -> int:
    """Besieged land units at `sid` (cavalry counts, §15.3)."""
    return _side_units(state, sid, "besieged")


def outside(state: S.State, sid: str) -> int:
    """Besieging land units at `sid`."""
    return _side_units(state, sid, "besiegers")


def defenders_at(state: S.State, sid: str, besieger: str) -> list[str]:
    """The owners of land units at `sid` at war with `besieger`, or independent (§15)."""
    return [p for p in S.land_powers(state, sid)
            if p == "independent" or S.at_war(state, besieger, p)]


def begin_siege(state: S.State, sid: str, besiegers: list[str],
                besieged: list[str] | None = None) -> None:
    """A siege of `sid` begins (§13.4: the active army outnumbers the units that withdrew
    inside; §14 step 12; an empty enemy fortress entered, §15): `besieged` are inside
    (default: the controller's side there), `besiegers` outside."""
    if besieged is None:
        owner = S.controller(state, sid)
        besieged = sorted({S.major_of(state, p) for p in defenders_at(state, sid, besiegers[0])}
                          | {S.major_of(state, owner)})
    record = {"besiegers": sorted(besiegers), "besieged": sorted(besieged),
              "begun": impulse_key(state)}
    state.setdefault("sieges", {})[sid] = record
    S.log(state, "siege_laid", space=sid, powers=sorted(besiegers), units=outside(state, sid),
          n=inside(state, sid))


def end_siege(state: S.State, sid: str) -> None:
    sieges = state.get("sieges") or {}
    sieges.pop(sid, None)
    if not sieges:
        state.pop("sieges", None)


def after_move(state: S.State, power: str, src: str, dst: str) -> None:
    """Sieges after a land move of `power` from `src` to `dst` (§15, §15.3): leaving may
    break the siege of `src`; entering an enemy or independent fortress whose units inside
    are fewer begins one (an empty fortress too: it must be besieged before an assault)."""
    if siege_at(state, src):
        check(state, src)
    if siege_at(state, dst) or not hostile(state, power, dst):
        return
    mine = sum(S.count(state, dst, p) for p in S.land_powers(state, dst)
               if S.allied(state, power, p))
    theirs = sum(S.count(state, dst, p) for p in defenders_at(state, dst, power))
    if mine > theirs:
        begin_siege(state, dst, [power])


def check(state: S.State, sid: str, *, ask: bool = True) -> None:
    """§15.3 L954: the siege of `sid` breaks when the besiegers are fewer than the besieged,
    also through a card event's losses (the besieging stack retreats, its leaders too when
    no unit is left; `ask`: the owner may be asked where); it ends when nobody besieging is
    left, or when the controller is no longer an enemy of the besiegers (a peace, an event)."""
    siege = siege_at(state, sid)
    if not siege:
        return
    owner = S.controller(state, sid)
    if not any(owner == "independent" or S.at_war(state, b, owner) for b in siege["besiegers"]):
        end_siege(state, sid)
        S.log(state, "siege_ends", space=sid)
        return
    leaders = any(S.own_leaders(state, sid, b) for b in siege["besiegers"])
    if outside(state, sid) == 0 and not (leaders and inside(state, sid)):
        end_siege(state, sid)
        S.log(state, "siege_ends", space=sid)
    elif outside(state, sid) < inside(state, sid):
        break_siege(state, sid, ask=ask)


def refresh(state: S.State) -> None:
    """Check every siege between phases (§15.3): Winter's moves home, a peace's relocations
    (§9.3) and activations (§22.2) move units without a land move; retreats are not asked."""
    for sid in list(state.get("sieges") or {}):
        check(state, sid, ask=False)


def retreat_destinations(state: S.State, sid: str, power: str) -> list[str]:
    """Where besiegers of `sid` may retreat when the siege breaks (§15.3 restrictions): an
    adjacent land space in play, not in unrest, without enemy units, friendly to `power`
    (not independent, not a non-allied power's), best first: fortified, then by id."""
    m = S.board()
    out = [n for n in m.neighbours(sid)
           if S.in_play(state, n) and not S.in_unrest(state, n)
           and not S.enemy_units_at(state, power, n, S.KINDS)
           and not any(p == "independent" for p in S.land_powers(state, n))
           and S.friendly(state, power, n)
           and (state["league"] or m.spaces[n].type != "electorate" or power == "protestant")]
    return sorted(out, key=lambda n: (not S.is_fortified(n, state), n))


def break_siege(state: S.State, sid: str, *, ask: bool = True) -> None:
    """§15.3: the siege is broken; each besieging power's land units and army leaders
    retreat together to one adjacent space of `retreat_destinations` at no CP cost, or are
    eliminated (units) and captured (leaders, by the controller) when none is legal.  With a
    choice in the Action phase its owner is asked (``siege_retreat``, off-turn too); else
    the first destination is taken."""
    siege = siege_at(state, sid)
    assert siege is not None
    end_siege(state, sid)
    for power in siege["besiegers"]:
        if not (S.own_leaders(state, sid, power) or any(
                S.major_of(state, p) == power for p in S.land_powers(state, sid))):
            continue
        dests = retreat_destinations(state, sid, power)
        if ask and len(dests) > 1 and state["phase"] == "action" and power in S.MAJORS:
            choices.push(state, {"kind": "siege_retreat", "seat": power, "space": sid},
                         first=True)
        else:
            retreat(state, sid, power, dests[0] if dests else None)


def retreat(state: S.State, sid: str, power: str, dest: str | None) -> None:
    """`power`'s besiegers leave `sid` for `dest`; with no `dest` its units are eliminated
    and its leaders captured (§15.3)."""
    owner = S.controller(state, sid)
    movers = [p for p in S.land_powers(state, sid) if S.major_of(state, p) == power]
    leaders = S.own_leaders(state, sid, power)
    if not movers and not leaders:
        return
    for p in movers:
        for kind in S.LAND:
            n = S.units(state, sid).get(p, {}).get(kind, 0)
            S.add_units(state, sid, p, kind, -n)
            if dest:
                S.add_units(state, dest, p, kind, n)
    for lid in leaders:
        if dest:
            S.move_leader(state, lid, sid, dest)
        else:
            capture(state, lid, sid, S.major_of(state, owner))
    if dest:
        S.log(state, "siege_broken", space=sid, power=power, dst=dest)
    else:
        S.log(state, "siege_broken_destroyed", space=sid, power=power)


# ---------------------------------------------------------------- the retreat question (§15.3)
#: ``STANDING siege_retreat FORTRESS``: a fortified space first, then by id (the default);
#: ``CAPITAL``: the destination nearest the power's capital.
RETREAT_POLICIES = ("FORTRESS", "CAPITAL")


def _retreat_options(state: S.State, item: dict[str, Any]) -> list[Option]:
    dests = tuple(retreat_destinations(state, item["space"], item["seat"]))
    if not dests or not (S.own_leaders(state, item["space"], item["seat"]) or any(
            S.major_of(state, p) == item["seat"] for p in S.land_powers(state, item["space"]))):
        return []
    return [Option.of("RETREAT", f"RETREAT TO {dests[0]}", to=OneOf(dests))]


def _retreat_default(state: S.State, item: dict[str, Any]) -> dict[str, Any]:
    return {"verb": "RETREAT", "to": retreat_destinations(state, item["space"], item["seat"])[0]}


def _retreat_apply(state: S.State, item: dict[str, Any], order: dict[str, Any],
                   dice: Dice) -> bool:
    retreat(state, item["space"], item["seat"], order["to"])
    return True


def _retreat_settle(state: S.State, item: dict[str, Any], dice: Dice) -> bool:
    """Nothing left to ask: no units left, or no legal space (eliminated, §15.3)."""
    if _retreat_options(state, item):
        return False
    retreat(state, item["space"], item["seat"], None)
    return True


def _retreat_parse(state: S.State, item: dict[str, Any], text: str) -> dict[str, Any]:
    rest = grammar.rest_of(text) if grammar.verb_of(text) in ("RETREAT", "ОТСТУПИТЬ") else text
    if rest.split()[:1] and rest.split()[0].upper() in ("TO", "В"):
        rest = rest.split(maxsplit=1)[1] if len(rest.split()) > 1 else ""
    return {"verb": "RETREAT", "to": grammar.space(rest)}


def _retreat_standing(policy: str, state: S.State, decision) -> dict[str, Any] | None:
    """The siege retreat answered by a standing order (§15.3)."""
    item = choices.current(state, decision.seat)
    if item is None or item.get("kind") != "siege_retreat":
        return None
    dests = retreat_destinations(state, item["space"], item["seat"])
    if not dests:
        return None
    if policy == "CAPITAL" and S.capitals(item["seat"]):
        dist = relocation.distances(state, item["seat"], S.capitals(item["seat"])[0])
        return {"verb": "RETREAT", "to": min(dests, key=lambda d: (dist.get(d, 10 ** 6), d))}
    return {"verb": "RETREAT", "to": dests[0]}


KINDS: dict[str, questions.Kind] = {"siege_retreat": choices.Kind(
    options=_retreat_options, apply=_retreat_apply, default=_retreat_default,
    parse=_retreat_parse, settle=_retreat_settle, policies=RETREAT_POLICIES,
    standing=_retreat_standing,
    prompt=lambda state, item: (f"the siege of {item['space']} is broken: RETREAT TO <space> "
                                "(§15.3)"))}



def capture(state: S.State, lid: str, sid: str, captor: str) -> None:
    """A leader is captured (§14 step 10, §15.1 step 10): off the map, on the captor's card
    (ransom, §9.4).  Independent captors keep no leaders: the leader is removed until a
    ransom is impossible, so it goes to the power that took the space (ruling: none)."""
    S.move_leader(state, lid, sid, None)
    if captor in S.MAJORS:
        state["captured"].setdefault(captor, []).append(lid)
        state["captured"][captor].sort()
    S.log(state, "leader_captured", leader=lid, captor=captor, space=sid)


# ---------------------------------------------------------------- relief (§15.2)
def relief_outcome(won: bool, hits: int, enemy_hits: int) -> str:
    """§15.2's three results for the relieving (active) power: ``lifted`` (it won: the
    besiegers retreat and the siege ends), ``tie`` (it lost with equal hits: any survivors,
    relievers included, may go inside, 4 at most) or ``lost`` (fewer hits: only units that
    were inside go back)."""
    if won:
        return "lifted"
    return "tie" if hits == enemy_hits else "lost"


def after_relief(state: S.State, sid: str, power: str, won: bool, hits: int,
                 enemy_hits: int) -> str:
    """Siege bookkeeping after a relief battle at `sid` by `power`, once the battle's loser
    has retreated (§14.1, §15.2): a siege whose besiegers left ends, one whose besiegers are
    now fewer than the units inside breaks (§15.3), any other goes on.  Returns the outcome."""
    outcome = relief_outcome(won, hits, enemy_hits)
    if outcome == "lifted":
        S.log(state, "relief_lifted", space=sid, power=power, hits=hits, hits2=enemy_hits)
    elif outcome == "tie":
        S.log(state, "relief_tie", space=sid, power=power, hits=hits, hits2=enemy_hits)
    else:
        S.log(state, "relief_lost", space=sid, power=power, hits=hits, hits2=enemy_hits)
    check(state, sid)
    return outcome


def besieged_summary(state: S.State) -> list[dict[str, Any]]:
    """The sieges for the status report: space, besiegers and their units, the besieged and
    theirs, leaders inside."""
    out = []
    for sid, siege in sorted((state.get("sieges") or {}).items()):
        inside_leaders = [l for l in S.leaders_at(state, sid) if not facts.leader(l).naval
                          and _listed(state, S.leader_power(state, l) or "", siege["besieged"])]
        out.append({"space": sid, "besiegers": list(siege["besiegers"]),
                    "besieged": list(siege["besieged"]), "outside": outside(state, sid),
                    "inside": inside(state, sid), "leaders": inside_leaders})
    return out
