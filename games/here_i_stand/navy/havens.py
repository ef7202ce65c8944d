"""#89 *Pirate Haven* and #86 *Knights of St. John* (card summaries in ``data/cards.yaml``):
the two events that make a Mediterranean port fortified during the game.

* **#89 Pirate Haven** (§21.1 L1607) — after *Barbary Pirates*, Oran or Tripoli becomes an
  Ottoman pirate haven: the target must be in play, hold no land units, be controlled by a
  power at war with the Ottomans and lie on a sea zone on which the Ottomans control a
  fortified port (card text).  The Ottomans take control of it and add 1 regular and 2
  corsairs (as far as their counter mix allows) and a haven marker, which makes the space
  fortified (`state.add_haven`; `state.is_fortified` reads it) and a place where the
  Ottomans build corsairs only (`state.pirate_havens`, `cp_actions.build_problem`).  The
  Ottomans choose the target (question ``pirate_haven``, asked of the Ottoman seat; default:
  the first target by id; ``STANDING pirate_haven DEFAULT`` answers it in advance, as
  the question is off-turn when another power plays the card).
* **#86 Knights of St. John** — when the Knights are on the map (their counter in an
  independent space, `piracy.knights_hold`), not under siege and on a sea zone on which the
  Ottomans control a port, 1 random Ottoman card is discarded and its CP go to St. Peter's
  (§18.1, `religion.add_st_peters`).  When they are off the map, the Hapsburgs set them (1
  independent regular with their counter) in a Hapsburg-controlled home port, which turns
  independent and gets a fortress marker unless fortified already (question ``knights``,
  asked of the Hapsburg seat; default: the first port by id; ``STANDING knights DEFAULT``
  answers it in advance).  Ruling: only a port with no
  land units takes them (the card does not say what would become of a Hapsburg garrison in
  a space that turns independent).

Another power's ships in the port that changes hands leave it as after a naval battle
(§12.2 L727, `ports.change`: a port only holds its friends' ships).

Rules: §21.1, §16.4, §18.1, §12.2
"""
from __future__ import annotations

from typing import Any

from engine import questions
from engine.contract import IllegalOrder, Reason as R
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import (choices, counter_mix, cp_actions,
                                diplomacy_terms, facts, grammar, religion)
from games.here_i_stand import siege as sieges
from games.here_i_stand import state as S
from games.here_i_stand.navy import piracy, ports
from games.here_i_stand.reformation import attempts

KNIGHTS_CARD, PIRATE_HAVEN = 86, 89
#: The spaces that may become pirate havens (§21.1 L1607; map flag pirate_haven_candidate).
CANDIDATES = ("oran", "tripoli")
HAVEN_CORSAIRS = 2


def _zones(sid: str) -> tuple[str, ...]:
    return tuple(S.board().spaces[sid].ports)


def _ottoman_port_on(state: S.State, zones: tuple[str, ...], *, fortified: bool) -> bool:
    return any(S.controller(state, p) == "ottoman" and S.in_play(state, p)
               and (not fortified or S.is_fortified(p, state))
               for z in zones for p in S.board().ports_of(z))


# ---------------------------------------------------------------- #89 Pirate Haven
def haven_targets(state: S.State) -> list[str]:
    """Oran and Tripoli when they may become havens now (card text)."""
    if not state["piracy"].get("enabled"):
        return []
    return [sid for sid in CANDIDATES
            if sid not in S.pirate_havens(state) and S.in_play(state, sid)
            and not S.land_powers(state, sid)
            and S.at_war(state, S.major_of(state, S.controller(state, sid)), "ottoman")
            and _ottoman_port_on(state, _zones(sid), fortified=True)]


def haven_condition(state: S.State, power: str) -> R | None:
    if haven_targets(state):
        return None
    return R("Pirate Haven: neither Oran nor Tripoli may become a haven now (Barbary Pirates "
             "played; empty; held by a power at war with the Ottomans; an Ottoman fortified "
             "port on its sea zone)", "haven_no_target", card=PIRATE_HAVEN)


def _haven_apply(state, item, order, dice) -> bool:
    sid = order["space"]
    ports.change(state, sid, "ottoman")
    S.add_haven(state, sid)
    regulars = 1 if counter_mix.can_add(state, "ottoman", sid, "regulars") else 0
    if regulars:
        S.add_units(state, sid, "ottoman", "regulars", 1)
    corsairs = min(HAVEN_CORSAIRS, counter_mix.naval_room(state, "ottoman"))
    if corsairs:
        S.add_units(state, sid, "ottoman", "corsairs", corsairs)
    S.log(state, "pirate_haven", card=PIRATE_HAVEN, space=sid, n=regulars, corsairs=corsairs)
    return True


# ---------------------------------------------------------------- #86 Knights of St. John
def knights_space(state: S.State) -> str | None:
    """Where the Knights are on the map (an independent space with their counter), or None."""
    return next((sid for sid in sorted(state["spaces"]) if sid in S.board().spaces
                 and piracy.knights_hold(state, sid)), None)


def knights_raid(state: S.State) -> bool:
    """The Knights are on the map, not under siege, and share a sea zone with an
    Ottoman-controlled port (card text)."""
    sid = knights_space(state)
    return (sid is not None and not sieges.siege_at(state, sid)
            and _ottoman_port_on(state, _zones(sid), fortified=False))


def knights_ports(state: S.State) -> list[str]:
    """Hapsburg-controlled home ports in play with no land units, when the Knights are off
    the map (card text; the empty port: ruling in the module docstring)."""
    if knights_space(state) is not None:
        return []
    m = S.board()
    return sorted(sid for sid in m.spaces_of(home="hapsburg") if m.spaces[sid].ports
                  and S.in_play(state, sid) and S.controller(state, sid) == "hapsburg"
                  and sid not in S.pirate_havens(state) and not S.land_powers(state, sid))


def knights_condition(state: S.State, power: str) -> R | None:
    if knights_raid(state) or knights_ports(state):
        return None
    return R("Knights of St. John: the Knights are on the map but cannot reach an Ottoman "
             "port, or off the map with no empty Hapsburg home port", "knights_nothing",
             card=KNIGHTS_CARD)


def knights(state: S.State, power: str, dice: Dice) -> int:
    """The raid when the Knights are on the map; else ask the Hapsburgs for a port."""
    if knights_space(state) is None:
        choices.push(state, {"kind": "knights", "seat": "hapsburg", "card": KNIGHTS_CARD})
        return 0
    for number in diplomacy_terms.draw_random(state, "ottoman", None, 1, dice,
                                              S.msg("why_card", card=KNIGHTS_CARD)):
        S.discard(state, number, as_event=False)
        cp = facts.card(number).cp
        vp = religion.add_st_peters(state, cp)
        S.log(state, "knights_raid", card=KNIGHTS_CARD, card2=number, n=cp, vp=vp,
              space=knights_space(state))
    return 0


def _knights_apply(state, item, order, dice) -> bool:
    sid = order["space"]
    for rec in state["spaces"].values():
        if piracy.KNIGHTS in rec.get("counters", ()):
            rec["counters"] = [c for c in rec["counters"] if c != piracy.KNIGHTS]
            if not rec["counters"]:
                del rec["counters"]
    ports.change(state, sid, "independent")
    S.add_units(state, sid, "independent", "regulars", 1)
    state["spaces"][sid].setdefault("counters", []).append(piracy.KNIGHTS)
    built = not S.is_fortified(sid, state)
    if built:
        S.add_fortress(state, sid)
    S.log(state, "knights_placed", card=KNIGHTS_CARD, space=sid, n=int(built))
    return True


# ---------------------------------------------------------------- the two questions
def _question(kind: str, targets, apply, prompt: str) -> questions.Kind:
    """The target question of one card; asked off-turn when another power plays the card,
    so ``STANDING <kind> DEFAULT`` answers it in advance with the default target."""
    def default(state: S.State, item: dict[str, Any]) -> dict[str, Any]:
        return {"verb": "TARGET", "space": targets(state)[0]}
    return choices.Kind(
        options=lambda state, item: [Option.of("TARGET", f"TARGET {targets(state)[0]}",
                                               space=OneOf(tuple(targets(state))))],
        parse=lambda state, item, text: _parse(state, targets, text, prompt),
        default=default, settle=lambda state, item, dice: not targets(state),
        apply=apply, prompt=lambda state, item: prompt,
        policies=("DEFAULT",), standing=attempts.by_default(kind, default))


def _parse(state, targets, text: str, prompt: str) -> dict[str, Any]:
    sid = grammar.space(grammar.target_verb(text, prompt))
    if sid not in targets(state):
        raise IllegalOrder(R(f"{sid} is not an allowed target of this event",
                             "not_allowed_target", space=sid))
    return {"verb": "TARGET", "space": sid}


def _haven_resolve(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "pirate_haven", "seat": "ottoman", "card": PIRATE_HAVEN})
    return 0


KINDS = {"pirate_haven": _question("pirate_haven", haven_targets, _haven_apply,
                                   "Pirate Haven: TARGET <Oran or Tripoli>"),
         "knights": _question("knights", knights_ports, _knights_apply,
                              "Knights of St. John: TARGET <Hapsburg home port>")}
EVENTS = {PIRATE_HAVEN: _haven_resolve, KNIGHTS_CARD: knights}
CONDITIONS = {PIRATE_HAVEN: haven_condition, KNIGHTS_CARD: knights_condition}
