"""Card events implemented so far, and the registry later issues extend.

`EVENTS` maps a card number to a resolver ``(state, power, dice) -> extra CP``.  A card
whose number is not here cannot be played as an event: the action phase refuses it with
"not yet implemented in pbem" (never a crash).

Implemented:

* the ruler-change mandatory events (§3.3, §21): Clement VII (#10), Paul III (#14),
  Julius III (#22), Calvin (#16), Henry II (#20), Edward VI (#19), Mary I (#21),
  Elizabeth I (#23), Dragut (#18);
* Barbary Pirates (#9, §21.1): Algiers enters play with 2 regulars, 2 corsairs, Barbarossa;
* Six Wives of Henry VIII (#3, §21.3): the marital-track half (turn 2+; the declaration of
  war half comes with the diplomacy work), with the pregnancy chart and the Anne of Cleves /
  Catherine Howard card draws;
* Patron of the Arts (#4, §21.4): the chateaux roll.

Mandatory events whose effects are not implemented yet (Defender of the Faith #11, Master of
Italy #12, Schmalkaldic League #13, Society of Jesus #15, Council of Trent #17) must still be
playable — a power cannot pass while holding one (§11) — so `MANDATORY_PLACEHOLDER` resolves
them with a log line only; their owners replace the entries.
"""
from __future__ import annotations

from typing import Callable

from engine.contract import IllegalOrder
from engine.dice import Dice
from games.here_i_stand import facts
from games.here_i_stand import state as S

Resolver = Callable[[S.State, str, Dice], int]


def _set_ruler(state: S.State, power: str, ruler: str) -> None:
    old = state["rulers"][power]
    state["rulers"][power] = ruler
    S.log(state, f"{facts.ruler(old).name_en} is succeeded by {facts.ruler(ruler).name_en} "
                 f"({power})")


def _replace_leader(state: S.State, old: str, new: str) -> None:
    where = S.where_is(state, old)
    if where is not None:
        S.move_leader(state, old, where, None)
        S.move_leader(state, new, None, where)
    else:
        for captor, held in state["captured"].items():
            if old in held:
                held.remove(old)
        capital = S.capitals(facts.leader(new).power or "")
        if capital:
            S.move_leader(state, new, None, capital[0])


def _pope(ruler: str) -> Resolver:
    def resolve(state: S.State, power: str, dice: Dice) -> int:
        _set_ruler(state, "papacy", ruler)
        return 0
    return resolve


def calvin(state: S.State, power: str, dice: Dice) -> int:
    """#16: Luther dies; his reformer and debater leave play; Calvin rules (§3.3)."""
    _set_ruler(state, "protestant", "calvin")
    state["reformers"].pop("luther", None)
    state["debaters"]["protestant"] = [d for d in state["debaters"]["protestant"]
                                       if d["id"] != "luther"]
    if "luther" not in state["debaters_out"]:
        state["debaters_out"].append("luther")
    return 0


def henry_ii(state: S.State, power: str, dice: Dice) -> int:
    """#20: Francis I dies; Henry II rules and takes his place as army leader."""
    _set_ruler(state, "france", "henry_ii")
    _replace_leader(state, "francis_i", "henry_ii")
    return 0


def _english_ruler(ruler: str) -> Resolver:
    def resolve(state: S.State, power: str, dice: Dice) -> int:
        if state["rulers"]["england"] == "henry_viii":
            _replace_leader(state, "henry_viii", "dudley")
        _set_ruler(state, "england", ruler)
        state.setdefault("english_succession", {})[ruler] = state["turn"]
        return 0
    return resolve


def dragut(state: S.State, power: str, dice: Dice) -> int:
    """#18: Barbarossa dies; Dragut takes his place (in Istanbul if Barbarossa is not on the
    map)."""
    if S.where_is(state, "barbarossa") is not None:
        _replace_leader(state, "barbarossa", "dragut")
    else:
        S.move_leader(state, "dragut", None, "istanbul")
    S.log(state, "Dragut replaces Barbarossa")
    return 0


def barbary_pirates(state: S.State, power: str, dice: Dice) -> int:
    """#9 (§21.1): Algiers enters play as an Ottoman key with 2 regulars, 2 corsairs and
    Barbarossa; corsairs and piracy become available."""
    state["out_of_play"] = [s for s in state["out_of_play"] if s != "algiers"]
    S.set_control(state, "algiers", "ottoman")
    S.add_units(state, "algiers", "ottoman", "regulars", 2)
    S.add_units(state, "algiers", "ottoman", "corsairs", 2)
    S.move_leader(state, "barbarossa", None, "algiers")
    state["piracy"]["enabled"] = True
    S.log(state, "Barbary Pirates: Algiers enters play with Barbarossa")
    return 0


# ---------------------------------------------------------------- Henry VIII (§21.3)
def marital_blocked(state: S.State) -> str | None:
    """Why Henry's marital status cannot advance now, or None (§21.3)."""
    if state["rulers"]["england"] != "henry_viii":
        return "Henry VIII no longer rules England"
    if state["marital"] == facts.MARITAL_TRACK[-1]:
        return "Henry has reached the end of the marital track"
    heirs = state["heirs"]
    if heirs["edward"] and heirs["elizabeth"]:
        return "both Edward and Elizabeth are born"
    where = S.where_is(state, "henry_viii")
    if where is None:
        return "Henry VIII is captured"
    return None


def advance_marriage(state: S.State, dice: Dice) -> None:
    """Move Henry one box along the marital track; a new wife rolls on the pregnancy chart."""
    track = facts.MARITAL_TRACK
    state["marital"] = track[track.index(state["marital"]) + 1]
    S.log(state, f"Henry VIII's marital status: {state['marital'].replace('_', ' ')}")
    if state["marital"] == "anne_boleyn":
        state["english_reformation_turn"] = state["turn"] + 1
    if state["marital"] != "ask_for_divorce":
        pregnancy_roll(state, dice)
    if state["marital"] == "anne_of_cleves" and S.allied(state, "england", "protestant"):
        draw(state, "england", dice)
        draw(state, "protestant", dice)
    elif state["marital"] == "catherine_howard":
        draw(state, "england", dice)


def draw(state: S.State, power: str, dice: Dice) -> int | None:
    """`power` draws the top card of the deck (the discard is reshuffled in when it is empty)."""
    if not state["deck"] and state["discard"]:
        state["deck"], state["discard"] = sorted(state["discard"]), []
        dice.shuffle(state["deck"])
    if not state["deck"]:
        return None
    number = state["deck"].pop()
    state["hands"][power] = sorted(state["hands"][power] + [number])
    S.log(state, f"{power} draws a card")
    return number


def pregnancy_roll(state: S.State, dice: Dice) -> int:
    """The pregnancy chart (§21.3): d6, +1 for Jane Seymour; a number already rolled becomes
    the next higher unused one.  3: an extra marital advance after a later English pass this
    turn; 4: Elizabeth born; 5: a sickly Edward; 6: a healthy Edward.  Catherine Parr ensures
    both heirs.  (1-2: nothing — the chart on the map is not in the rulebook text.)"""
    if state["marital"] == "catherine_parr":
        state["heirs"]["elizabeth"] = True
        if not state["heirs"]["edward"]:
            state["heirs"]["edward"] = "healthy"
        S.log(state, "Catherine Parr: Edward and Elizabeth are both born")
        return 0
    roll = dice.d6() + (1 if state["marital"] == "jane_seymour" else 0)
    roll = min(roll, 6)
    used = set(state["pregnancy"])
    while roll in used and roll < 6:
        roll += 1
    state["pregnancy"] = sorted(used | {roll})
    if roll == 3:
        state["pregnancy_extra"] = True
    elif roll == 4:
        state["heirs"]["elizabeth"] = True
    elif roll == 5 and not state["heirs"]["edward"]:
        state["heirs"]["edward"] = "sickly"
    elif roll == 6:
        state["heirs"]["edward"] = "healthy"
    S.log(state, f"pregnancy chart: {roll}")
    return roll


def six_wives(state: S.State, power: str, dice: Dice) -> int:
    """#3 as an event: advance Henry's marriage (turn 2+, §21.3)."""
    if state["turn"] < 2:
        raise IllegalOrder("Six Wives can advance Henry's marriage from turn 2 on; its "
                           "declaration-of-war use is not yet implemented in pbem")
    why = marital_blocked(state)
    if why:
        raise IllegalOrder(f"Henry's marital status cannot advance: {why}")
    advance_marriage(state, dice)
    return 0


# ---------------------------------------------------------------- chateaux (§21.4)
def patron_of_the_arts(state: S.State, power: str, dice: Dice) -> int:
    """#4 (§21.4, 1st edition): d6, 3-6 gives +1 chateaux VP (automatic if France controls
    Milan), at most 6."""
    if state["rulers"]["france"] != "francis_i":
        raise IllegalOrder("Patron of the Arts needs Francis I on the French throne")
    if state["chateaux_vp"] >= 6:
        raise IllegalOrder("France already has the 6 chateaux VP")
    if S.controller(state, "milan") == "france":
        S.log(state, "Patron of the Arts: France holds Milan, +1 chateaux VP")
        state["chateaux_vp"] += 1
        return 0
    roll = dice.d6()
    if roll >= 3:
        state["chateaux_vp"] += 1
    S.log(state, f"Patron of the Arts: rolled {roll}, chateaux VP {state['chateaux_vp']}")
    return 0


def placeholder(state: S.State, power: str, dice: Dice) -> int:
    return 0


EVENTS: dict[int, Resolver] = {
    3: six_wives,
    4: patron_of_the_arts,
    9: barbary_pirates,
    10: _pope("clement_vii"),
    14: _pope("paul_iii"),
    16: calvin,
    18: dragut,
    19: _english_ruler("edward_vi"),
    20: henry_ii,
    21: _english_ruler("mary_i"),
    22: _pope("julius_iii"),
    23: _english_ruler("elizabeth_i"),
}

#: Mandatory events resolved as a no-op until their issue implements them.
MANDATORY_PLACEHOLDER = {11, 12, 13, 15, 17}


def playable_as_event(state: S.State, power: str, number: int) -> str | None:
    """Why `power` cannot play card `number` as an event now, or None."""
    c = facts.card(number)
    if c.type == "combat":
        return f"{c.name_en} is a combat card: it is never played as an event in an impulse"
    if c.type == "mandatory":
        return None
    if c.power and power not in c.power:
        return f"{c.name_en} may be played as an event only by {', '.join(c.power)}"
    if power in c.not_playable_by:
        return f"{power} may not play {c.name_en} as an event"
    if number not in EVENTS:
        return f"the event of {c.name_en} is not yet implemented in pbem: play it FOR CP"
    if number == 3 and (state["turn"] < 2 or marital_blocked(state)):
        return "Six Wives: Henry's marriage cannot advance now (its war half is not implemented yet)"
    if number == 4 and (state["rulers"]["france"] != "francis_i" or state["chateaux_vp"] >= 6):
        return "Patron of the Arts needs Francis I and fewer than 6 chateaux VP"
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
        S.log(state, f"{c.name_en}: event effects not yet implemented in pbem")
        extra = 0
    if c.type == "mandatory":
        state["mandatory_played"] = sorted(set(state["mandatory_played"]) | {number})
        return 2 + extra
    return extra
