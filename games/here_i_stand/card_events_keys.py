"""Events against keys and fortresses, played in one's own impulse (card texts).

* **#105 Treachery!** — ``TARGET <space>``: a fortified space under siege (question
  ``treachery``; default: the first where the player besieges, else the first).  A besieging
  power assaults it at once (§15.1's procedure and card windows), even without a line of
  communication or a blockade: the player when it besieges there, else the first besieger
  (ruling: the card says "a besieging power").  If the assault does not take the space but the
  besiegers still outnumber the units inside, every defender is eliminated, the leaders
  inside are captured and the besieger takes the space (`assault.resolve` with the record's
  ``treachery`` flag).
* **#71 City State Rebels** — ``TARGET <space>``: a captured key not under siege (an
  independent key a major controls, or a home key a major controls that is not allied to
  its home power; question ``rebels``; default: the first held by an enemy of the player).
  5 dice, a hit on 5-6; each hit eliminates one of the controller's units there (its allied
  minors' with it), the cheapest first: mercenaries, cavalry, regulars, corsairs, squadrons
  (ruling: the card leaves the choice to the controller; pbem takes the cheapest, as §5.2's
  `counter_mix.TRIM_ORDER` does).  When none of its units is left, the player captures the
  leaders there, control returns to the home power (independent for an independent key)
  and 1 regular of the home power is placed (as far as its counter mix allows).
* **#104 Trace Italienne** — ``TARGET <space>``: any unfortified space (in unrest or held by
  anyone) gets a fortress marker (`state.add_fortress`; `state.is_fortified` reads it
  wherever the state is at hand) and, unless it is independent or in unrest, 1 regular of
  its controller (counter mix permitting; question ``trace``; default: the player's own
  space with most of its units).

Rules: §15.1 (the assault), §9.4 (captured leaders), §22.6 (independent keys, L1884),
§2.1 (fortified spaces)
"""
from __future__ import annotations

from typing import Any

from engine import questions
from engine.contract import Reason as R
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import assault, choices, counter_mix, grammar, losses
from games.here_i_stand import siege as sieges
from games.here_i_stand import state as S
from games.here_i_stand.navy import ports

KINDS: dict[str, questions.Kind] = {}

REBELS, TREACHERY, TRACE = 71, 105, 104
REBEL_DICE = 5
#: The controller's units lost to the rebels, cheapest first (ruling, see the docstring).
REBEL_LOSSES = ("mercenaries", "cavalry", "regulars", "corsairs", "squadrons")


def _space_question(kind: str, targets, default, prompt: str, done=None) -> questions.Kind:
    return choices.Kind(done=done,
        options=lambda state, item: [Option.of("TARGET", f"TARGET {targets(state)[0]}",
                                               space=OneOf(tuple(targets(state))))],
        parse=lambda state, item, text: {"verb": "TARGET", "space": grammar.space(
            grammar.target_verb(text, "TARGET <space>"))},
        default=default, settle=lambda state, item, dice: not targets(state),
        apply=APPLY[kind], prompt=lambda state, item: prompt)


def _event(kind: str):
    def resolve(state: S.State, power: str, dice: Dice) -> int:
        choices.push(state, {"kind": kind, "seat": power})
        return 0
    return resolve


# ---------------------------------------------------------------- #105 Treachery!
def treachery_targets(state: S.State) -> list[str]:
    """Fortified spaces under siege with besieging units outside."""
    return sorted(sid for sid in state.get("sieges") or {} if sieges.outside(state, sid))


def _treachery_apply(state, item, order, dice) -> bool:
    sid = order["space"]
    outside = [p for p in S.land_powers(state, sid) if sieges.is_besieger(state, sid, p)]
    besiegers = [S.major_of(state, p) for p in outside]   # an allied minor acts for its major
    attacker = item["seat"] if item["seat"] in besiegers else besiegers[0]
    S.log(state, "treachery", card=TREACHERY, power=attacker, space=sid)
    assault.begin(state, attacker, sid, dice, treachery=True)
    return True


def _treachery_done(state, item, dice) -> None:
    """The assault waits for this question to close, then runs through its windows."""
    if assault.current(state) is not None:
        assault.advance(state, dice)


def _treachery_default(state, item) -> dict[str, Any]:
    found = treachery_targets(state)
    mine = [s for s in found if sieges.is_besieger(state, s, item["seat"])]
    return {"verb": "TARGET", "space": (mine or found)[0]}


# ---------------------------------------------------------------- #71 City State Rebels
def _home(sid: str) -> str:
    return S.board().spaces[sid].home or "independent"


def rebel_targets(state: S.State) -> list[str]:
    """Captured keys not under siege (card text)."""
    m = S.board()
    out = []
    for sid, sp in m.spaces.items():
        if not sp.is_key or not S.in_play(state, sid) or sieges.siege_at(state, sid):
            continue
        owner, home = S.controller(state, sid), _home(sid)
        if owner not in S.MAJORS or owner == home:
            continue
        if home in S.MAJORS and S.allied(state, owner, home):
            continue
        if home in S.MINORS and state["minor_allies"].get(home) == owner:
            continue
        out.append(sid)
    return sorted(out)


def _rebels_apply(state, item, order, dice) -> bool:
    sid, power = order["space"], item["seat"]
    owner = S.controller(state, sid)
    rolls = dice.roll(REBEL_DICE)
    hits = sum(1 for r in rolls if r >= assault.HIT)
    S.log(state, "rebels_roll", card=REBELS, space=sid, rolls=rolls, hits=hits, power=owner)
    side = [p for p in sorted(S.units(state, sid))
            if p == owner or (p in S.MINORS and state["minor_allies"].get(p) == owner)]
    for kind in REBEL_LOSSES:
        for p in sorted(side, key=lambda p: (p == owner, p)):
            take = min(hits, S.units(state, sid).get(p, {}).get(kind, 0))
            if take:
                S.add_units(state, sid, p, kind, -take)
                S.log(state, "battle_losses", space=sid, power=p, stack={kind: take})
                hits -= take
    losses.after_losses(state, sid, side)                # §5.2 counters, §15.3 its siege
    if any(S.count(state, sid, p, S.KINDS) for p in side):
        return True
    for lid in S.leaders_at(state, sid):
        if S.major_of(state, S.leader_power(state, lid) or "") == owner:
            sieges.capture(state, lid, sid, power)
    home = _home(sid)
    ports.change(state, sid, home)
    if counter_mix.can_add(state, home, sid, "regulars"):
        S.add_units(state, sid, home, "regulars", 1)
    S.log(state, "rebels_free", card=REBELS, space=sid, power=home)
    return True


def _rebels_default(state, item) -> dict[str, Any]:
    found = rebel_targets(state)
    enemy = [s for s in found if S.at_war(state, item["seat"], S.controller(state, s))]
    others = [s for s in found if S.controller(state, s) != item["seat"]]
    return {"verb": "TARGET", "space": (enemy or others or found)[0]}


# ---------------------------------------------------------------- #104 Trace Italienne
def trace_targets(state: S.State) -> list[str]:
    """Unfortified land spaces in play (unrest and any controller allowed)."""
    return sorted(sid for sid in S.board().spaces
                  if S.in_play(state, sid) and not S.is_fortified(sid, state))


def _trace_apply(state, item, order, dice) -> bool:
    sid = order["space"]
    S.add_fortress(state, sid)
    owner = S.controller(state, sid)
    n = 0
    if owner != "independent" and not S.in_unrest(state, sid) \
            and counter_mix.can_add(state, owner, sid, "regulars"):
        S.add_units(state, sid, owner, "regulars", 1)
        n = 1
    S.log(state, "trace_italienne", card=TRACE, space=sid, power=owner, n=n)
    return True


def _trace_default(state, item) -> dict[str, Any]:
    found = trace_targets(state)
    return {"verb": "TARGET", "space": min(found, key=lambda s: (
        S.controller(state, s) != item["seat"], -S.count(state, s, item["seat"]), s))}


APPLY = {"treachery": _treachery_apply, "rebels": _rebels_apply, "trace": _trace_apply}
KINDS["treachery"] = _space_question(
    "treachery", treachery_targets, _treachery_default,
    "Treachery!: TARGET <besieged space> (an assault at once; the besiegers take it if they "
    "still outnumber the defenders)", done=_treachery_done)
KINDS["rebels"] = _space_question(
    "rebels", rebel_targets, _rebels_default,
    "City State Rebels: TARGET <captured key> (5 dice against its garrison)")
KINDS["trace"] = _space_question(
    "trace", trace_targets, _trace_default,
    "Trace Italienne: TARGET <unfortified space> (a fortress there, and 1 regular of its "
    "controller unless independent or in unrest)")
EVENTS = {TREACHERY: _event("treachery"), REBELS: _event("rebels"), TRACE: _event("trace")}
def treachery_condition(state: S.State, power: str) -> R | None:
    if treachery_targets(state):
        return None
    return R("Treachery!: no space is under siege", "treachery_no_siege", card=TREACHERY)


def rebels_condition(state: S.State, power: str) -> R | None:
    if rebel_targets(state):
        return None
    return R("City State Rebels: no captured key outside a siege", "rebels_no_key",
             card=REBELS)


CONDITIONS = {TREACHERY: treachery_condition, REBELS: rebels_condition}
