"""Card events implemented so far, and the registry later issues extend.

`EVENTS` maps a card number to a resolver ``(state, power, dice) -> extra CP``.  A card
whose number is not here cannot be played as an event: the action phase refuses it with
"not yet implemented in pbem" (never a crash).

Implemented:

* the ruler-change mandatory events (§3.3, §21): Clement VII (#10), Paul III (#14),
  Julius III (#22), Calvin (#16), Henry II (#20), Dragut (#18); the English successions
  (Edward VI #19, Mary I #21, Elizabeth I #23) are in `henry_viii`;
* Barbary Pirates (#9, §21.1): Algiers enters play with 2 regulars, 2 corsairs, Barbarossa;
* in `henry_viii` (§21.3): Six Wives of Henry VIII (#3), the marital track and pregnancy
  chart, Mary I's impulse procedure and her Papacy's Burn Books;
* Patron of the Arts (#4, §21.4): the chateaux roll;
* in `home_cards`: Janissaries' recruits (#1), Holy Roman Emperor (#2), Here I Stand's
  retrieval (#7).  `CONDITIONS` holds extra per-card conditions.

`EVENTS` and `CONDITIONS` start with this module's own; `tables.install` adds those of
`henry_viii`, `home_cards` and `mandatory_events` from its explicit table (no registration on
import).

Choices inside an event (the activation of §22.2, the Papacy's counter-reformation
targets) are queued with `choices` and asked before anything else.

Every mandatory event has a resolver: the ruler changes here, Luther's 95 Theses in its
phase, the others (Defender of the Faith #11, Master of Italy #12, Schmalkaldic League #13,
Society of Jesus #15, Council of Trent #17) in `mandatory_events`.

Rules: §3.3 (ruler changes), §11 (playing a card as an event), §21.1 (Barbary Pirates),
§21.4 (Patron of the Arts), §22.2 (a minor's activation after a declaration of war)
"""
from __future__ import annotations

from typing import Callable

from engine import questions
from engine.contract import IllegalOrder, Reason
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import (choices, counter_mix, deactivation, facts, grammar, religion,
                                relocation, siege)
from games.here_i_stand import diplomacy_orders as O
from games.here_i_stand import state as S
from games.here_i_stand.navy import ports, war
from games.here_i_stand.reformation import absence

#: The questions this module asks (`tables` hands them to `choices`).
KINDS: dict[str, questions.Kind] = {}

Resolver = Callable[[S.State, str, Dice], int]


def set_ruler(state: S.State, power: str, ruler: str) -> None:
    old = state["rulers"][power]
    state["rulers"][power] = ruler
    S.log(state, "succeeded", ruler=old, ruler2=ruler, power=power)


def replace_leader(state: S.State, old: str, new: str) -> None:
    where = S.where_is(state, old)
    if where is not None:
        S.move_leader(state, old, where, None)
        S.move_leader(state, new, None, where)
    else:
        S.uncapture(state, old)
        capital = S.capitals(facts.leader(new).power or "")
        if capital:
            S.move_leader(state, new, None, capital[0])


def _pope(ruler: str) -> Resolver:
    def resolve(state: S.State, power: str, dice: Dice) -> int:
        set_ruler(state, "papacy", ruler)
        return 0
    return resolve


def calvin(state: S.State, power: str, dice: Dice) -> int:
    """#16: Luther dies; his reformer and debater leave play, also when excommunicated and
    off the map for the turn (§21.5), so they do not come back at the next Card Draw (§8.2
    L457); Calvin rules (§3.3)."""
    set_ruler(state, "protestant", "calvin")
    state["reformers"].pop("luther", None)
    absence.forget(state, "luther", "luther")
    state["debaters"]["protestant"] = [d for d in state["debaters"]["protestant"]
                                       if d["id"] != "luther"]
    if "luther" not in state["debaters_out"]:
        state["debaters_out"].append("luther")
    return 0


def henry_ii(state: S.State, power: str, dice: Dice) -> int:
    """#20: Francis I dies; Henry II rules and takes his place as army leader."""
    set_ruler(state, "france", "henry_ii")
    replace_leader(state, "francis_i", "henry_ii")
    return 0


def dragut(state: S.State, power: str, dice: Dice) -> int:
    """#18: Barbarossa dies; Dragut takes his place (in Istanbul if Barbarossa is not on the
    map; a captured Barbarossa leaves his captor's card, §9.4)."""
    replace_leader(state, "barbarossa", "dragut")
    S.log(state, "leader_replaces", leader="dragut", leader2="barbarossa")
    return 0


def barbary_pirates(state: S.State, power: str, dice: Dice) -> int:
    """#9 (§21.1): Algiers enters play as an Ottoman key with 2 regulars, 2 corsairs and
    Barbarossa; corsairs and piracy become available.  Only the units the Ottoman counters
    can show are placed (§5, §5.2 L283: the counter mix is a hard limit)."""
    state["out_of_play"] = [s for s in state["out_of_play"] if s != "algiers"]
    ports.change(state, "algiers", "ottoman")
    regulars = counter_mix.fitting(state, "ottoman", "algiers", "regulars", 2)
    S.add_units(state, "algiers", "ottoman", "regulars", max(regulars, default=0))
    S.add_units(state, "algiers", "ottoman", "corsairs",
                min(2, counter_mix.naval_room(state, "ottoman")))
    S.move_leader(state, "barbarossa", None, "algiers")
    state["piracy"]["enabled"] = True
    S.log(state, "barbary_pirates", card=9, space="algiers", leader="barbarossa")
    return 0


def draw(state: S.State, power: str, dice: Dice) -> int | None:
    """`power` draws the top card of the deck (the discard is reshuffled in when it is empty)."""
    if not state["deck"] and state["discard"]:
        state["deck"], state["discard"] = sorted(state["discard"]), []
        dice.shuffle(state["deck"])
    if not state["deck"]:
        return None
    number = state["deck"].pop()
    state["hands"][power] = sorted(state["hands"][power] + [number])
    S.log(state, "draws", power=power)
    return number


# ---------------------------------------------------------------- war in the Action phase
def start_war(state: S.State, a: str, b: str, why: dict) -> None:
    """`a` and `b` are at war from now (§9.6 L581-583: Schmalkaldic League, Machiavelli, Six
    Wives, the Hungarian defeat, an activation).  An alliance between them ends.  Where
    their fleets share a sea zone a naval battle follows at once (L583, `navy.war`: queued
    here, fought by the Action phase before anything else).  `why`: a message (`S.msg`) for
    the log."""
    pair = sorted((a, b))
    if pair in state["wars"]:
        return
    state["wars"] = sorted(state["wars"] + [pair])
    state["alliances"] = [p for p in state["alliances"] if sorted(p) != pair]
    S.log(state, "at_war", power=a, power2=b, why=why)
    war.begin(state, a, b)


def activate_minor(state: S.State, power: str, minor: str, declarer: str) -> None:
    """France intervenes for Scotland after a Six Wives declaration (§22.2 L1822, the
    activation procedure L1830-1836): the minor becomes `power`'s ally, its wars end, `power`
    and the declarer are at war, and every other power at war with the minor may declare war
    on `power` for free or leave the minor's spaces."""
    activate(state, power, minor, None, declarer)
    S.log(state, "intervenes_free", power=power, minor=minor)
    start_war(state, power, declarer, S.msg("why_intervened", power=power, minor=minor))


def activate(state: S.State, power: str, minor: str, card: int | None,
             declarer: str | None = None) -> None:
    """§22.2's activation procedure (L1830-1836): `minor` becomes `power`'s ally (leaving a
    former ally, §22.4), its wars end, and every power at war with it (but `declarer`) may
    declare war on `power` for free or leave its spaces; `card`: the card that did it."""
    at_war_with_minor = sorted(p for pr in state["wars"] if minor in pr for p in pr
                               if p != minor and p not in (power, declarer))
    deactivation.ally(state, minor, power)
    state["wars"] = [pr for pr in state["wars"] if minor not in pr]
    if card is not None:
        S.log(state, "minor_card_activates", card=card, power=power, minor=minor)
    for other in at_war_with_minor:
        choices.push(state, {"kind": "activation", "seat": other, "minor": minor,
                             "activator": power}, first=True)


def _activation_free_war_ok(state, item) -> bool:
    other, activator = item["seat"], item["activator"]
    return not (S.at_war(state, other, activator) or S.allied(state, other, activator)
                or (not state["league"] and "protestant" in (other, activator)))


def _activation_options(state, item):
    out = [Option.of("DONE", "DONE")]
    if _activation_free_war_ok(state, item):
        out.insert(0, Option.of("DECLARE_WAR", f"DECLARE WAR ON {item['activator']}",
                                power=OneOf((item["activator"],))))
    return out


def _activation_apply(state, item, order, dice) -> bool:
    if order["verb"] == "DECLARE_WAR":
        start_war(state, item["seat"], item["activator"], S.msg("why_activation"))
        return True
    withdraw(state, item["seat"], item["minor"])
    S.log(state, "activation_leaves", power=item["seat"], activator=item["activator"],
          minor=item["minor"])
    return True


def withdraw(state, power: str, minor: str) -> None:
    """§22.2 step 2 (L1832): a power at war with a newly activated minor that does not declare
    war on its activator leaves the minor's spaces, its units going as in a peace (§9.3 step
    3, `relocation.relocate`); a siege they held there ends with them (§15.3)."""
    for sid in sorted(state["spaces"]):
        if (sid in S.board().spaces and S.controller(state, sid) == minor
                and any(S.major_of(state, p) == power for p in S.units(state, sid))):
            relocation.relocate(state, power, sid)
            siege.check(state, sid, ask=False)


def _war_or_done_parse(state, item, text):
    verb = O.verb(text)
    if verb == "DONE":
        grammar.no_args("DONE", text)
        return {"verb": "DONE"}
    grammar.expect(["DECLARE_WAR", "DONE"], verb, text, "declare war or DONE")
    return {"verb": "DECLARE_WAR", "power": O.war_target(O.rest(text))}


#: Standing orders for the §22.2 activation question: declare war on the activator, or not.
ACTIVATION_POLICIES = ("DECLARE", "DONE")


def activation_standing(policy: str, state: S.State, decision) -> dict:
    """``STANDING activation DECLARE``: war on the activator (free, §22.2 step 2, L1832);
    ``DONE``: not.  Where the question offers no declaration (already at war with the
    activator, its ally, or a permanent restriction of §9.6), DECLARE answers DONE, the only
    answer: the units leave the minor's spaces (L1832)."""
    if policy == "DECLARE" and "DECLARE_WAR" in {o.verb for o in decision.options.options}:
        return {"verb": "DECLARE_WAR", "power": decision.context["activator"]}
    return {"verb": "DONE"}


def intervention_standing(policy: str, state: S.State, decision) -> dict:
    """``STANDING <kind> INTERVENE`` or ``DONE``: the intervention question's answer (§22.2)."""
    return {"verb": policy}


KINDS["activation"] = choices.Kind(
    options=_activation_options, apply=_activation_apply,
    default=lambda state, item: {"verb": "DONE"}, parse=_war_or_done_parse,
    policies=ACTIVATION_POLICIES, standing=activation_standing,
    prompt=lambda state, item: (f"{item['activator']} activated {item['minor']}, with whom you "
                                f"are at war: DECLARE WAR ON {item['activator']} (free) or DONE "
                                f"(your units leave {item['minor']}'s spaces)"))


# ---------------------------------------------------------------- counter-reformation attempts
def _cr_options(state, item):
    found = tuple(religion.targets(state, religion.CATHOLIC, attempted=item["attempted"]))
    if not found:
        return []
    return [Option.of("REFORM", f"REFORM {found[0]}", space=OneOf(found))]


def _cr_apply(state, item, order, dice) -> bool:
    religion.counter_reformation_attempt(state, dice, order["space"], zones=tuple(item["zones"]))
    item["attempted"].append(order["space"])
    item["left"] -= 1
    return item["left"] <= 0


def _cr_default(state, item):
    return {"verb": "REFORM", "space": religion.best_target(
        state, religion.CATHOLIC, zones=tuple(item["zones"]), attempted=item["attempted"])}


def _cr_parse(state, item, text):
    verb = O.verb(text)
    grammar.expect(["REFORM"], verb, text, "REFORM <space>")
    return {"verb": "REFORM", "space": grammar.space(O.rest(text))}


def _cr_done(state, item, dice) -> None:
    if item.get("left", 0) > 0:
        S.log(state, "cr_no_target", why=item["why_msg"], n=item["left"])
    if item.get("draw"):
        draw(state, item["draw"], dice)


def counter_reformation(state: S.State, n: int, zones, why: str, why_msg: dict,
                        draw_after: str | None = None) -> None:
    """Queue `n` Papal counter-reformation attempts (§18.4), each target chosen by the
    Papacy after the previous result (``REFORM <space>``), a space once per impulse;
    `zones`: the target language zone(s) (ties and the automatic 6 there, L1340); `why` in
    English for the prompt, `why_msg` the same as a message (`S.msg`) for reports."""
    choices.push(state, {"kind": "counter_reform", "seat": "papacy", "left": n,
                         "zones": list(zones), "attempted": [], "why": why, "why_msg": why_msg,
                         "draw": draw_after})


KINDS["counter_reform"] = choices.Kind(
    options=_cr_options, apply=_cr_apply, default=_cr_default, parse=_cr_parse,
    prompt=lambda state, item: (f"{item['why']}: counter-reformation attempt, {item['left']} "
                                f"left (target zone {', '.join(item['zones'])}): REFORM <space>"),
    settle=lambda state, item, dice: item["left"] <= 0, done=_cr_done)


# ---------------------------------------------------------------- chateaux (§21.4)
def patron_of_the_arts(state: S.State, power: str, dice: Dice) -> int:
    """#4 (§21.4, 1st edition): d6, 3-6 gives +1 chateaux VP (automatic if France controls
    Milan), at most 6."""
    if state["rulers"]["france"] != "francis_i":
        raise IllegalOrder(Reason("Patron of the Arts needs Francis I on the French throne",
                                  "patron_needs_francis", card=4))
    if state["chateaux_vp"] >= 6:
        raise IllegalOrder(Reason("France already has the 6 chateaux VP", "chateaux_max", n=6))
    if S.controller(state, "milan") == "france":
        S.log(state, "patron_milan", card=4, space="milan")
        state["chateaux_vp"] += 1
        return 0
    roll = dice.d6()
    if roll >= 3:
        state["chateaux_vp"] += 1
    S.log(state, "patron_roll", card=4, roll=roll, vp=state["chateaux_vp"])
    return 0


EVENTS: dict[int, Resolver] = {
    4: patron_of_the_arts,
    9: barbary_pirates,
    10: _pope("clement_vii"),
    14: _pope("paul_iii"),
    16: calvin,
    18: dragut,
    20: henry_ii,
    22: _pope("julius_iii"),
}

#: Extra conditions of an event, ``(state, power) -> why not | None`` (`home_cards`...).
CONDITIONS: dict[int, Callable[[S.State, str], str | None]] = {}


def playable_as_event(state: S.State, power: str, number: int) -> Reason | None:
    """Why `power` cannot play card `number` as an event now, or None."""
    c = facts.card(number)
    if c.type == "combat":
        return Reason(f"{c.name_en} is a combat card: it is never played as an event in an "
                      "impulse, only in a battle or assault it fights in (§6.1 L333)",
                      "event_combat", card=number)
    if c.type == "mandatory":
        # an event of another phase (#8, §18.1) says why; the others resolve here
        return CONDITIONS[number](state, power) if number not in EVENTS and \
            number in CONDITIONS else None
    if c.powers and power not in c.powers:
        return Reason(f"{c.name_en} may be played as an event only by {', '.join(c.powers)}",
                      "event_only_by", card=number, powers=list(c.powers))
    if power in c.not_playable_by:
        return Reason(f"{power} may not play {c.name_en} as an event", "event_not_by",
                      power=power, card=number)
    if c.type == "response" and power == "england" and state["rulers"]["england"] == "mary_i":
        return Reason("under Mary I England plays combat and response cards for CP only "
                      "(§21.3 L1692)", "event_mary_response")
    if c.type == "response" and number not in EVENTS:
        return Reason(f"{c.name_en} is a response card: it is played as an event only in the "
                      "window its trigger opens, when you are asked (§6.1 L329)",
                      "event_response_window", card=number)
    if number in CONDITIONS and number not in EVENTS:   # an event of another phase (#109)
        return CONDITIONS[number](state, power)
    if number not in EVENTS:
        return Reason(f"the event of {c.name_en} is not yet implemented in pbem: play it FOR CP",
                      "event_not_implemented", card=number)
    if number == 4 and (state["rulers"]["france"] != "francis_i" or state["chateaux_vp"] >= 6):
        return Reason("Patron of the Arts needs Francis I and fewer than 6 chateaux VP",
                      "event_patron", card=number)
    if number in CONDITIONS:
        return CONDITIONS[number](state, power)
    return None


def resolve(state: S.State, power: str, number: int, dice: Dice) -> int:
    """Resolve an event; returns the CP it gives to spend afterwards (mandatory: 2, §11)."""
    c = facts.card(number)
    why = playable_as_event(state, power, number)
    if why:
        raise IllegalOrder(why)
    if number in EVENTS:
        extra = EVENTS[number](state, power, dice)
    else:
        S.log(state, "event_not_implemented", card=number)
        extra = 0
    if c.type == "mandatory":
        if state["phase_data"].get("card_fate") != "discard":   # not a failed League (#13)
            state["mandatory_played"] = sorted(set(state["mandatory_played"]) | {number})
        return 2 + extra
    return extra
