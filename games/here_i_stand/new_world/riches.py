"""New World riches (§20.4 L1569-1581), rolled in the Card Draw phase.

Each of England, France and the Hapsburgs rolls 2d6 for every colony (the Potosí column for
Potosí) and every conquest not yet depleted (+1 on colony and Potosí rolls with a Plantations
marker, ``new_world.plantations``), read on the riches table (``data/tables.yaml``):
*depleted* — a card, and the conquest is used up (its VP, already counted, stay in bonus VP);
*card* — a card; *galleon* — a card only with a Galleons marker (``new_world.galleons``);
*none*; *eliminated* — the colony is removed.

Raiders (L1583-1595): when the Hapsburgs gain a riches card, each raider in play (placed by
*Huguenot Raiders* #49, ``new_world.raiders``) rolls a die, France, then England, then the
Protestants, until one steals it: 1 the raider is destroyed; 2 destroyed if the Hapsburgs have
Galleons, else nothing; 3-4 nothing; 5 the card is stolen and the raider retires (destroyed);
6 the card is stolen and the raider stays.  The card goes to the Hapsburgs unless stolen.
The rolls are automatic (no one chooses anything).

Rules: §20.4 (New World riches, raiders)
"""
from __future__ import annotations

from engine.dice import Dice
from games.here_i_stand import events
from games.here_i_stand import state as S
from games.here_i_stand.catalog import load_tables
from games.here_i_stand.new_world import actions as A


def _card(state: S.State, power: str, dice: Dice, token: str, total: int, result: str) -> None:
    if result == "galleon" and power not in A.world(state)["galleons"]:
        result = "none"
    if result == "card":
        S.log(state, "nw_riches_card", power=power, token=token, total=total)
    elif result == "galleon":
        S.log(state, "nw_riches_galleon", power=power, token=token, total=total)
    elif result == "depleted":
        S.log(state, "nw_riches_depleted", power=power, token=token, total=total)
    elif result == "eliminated":
        S.log(state, "nw_riches_eliminated", power=power, token=token, total=total)
    else:
        S.log(state, "nw_riches_none", power=power, token=token, total=total)
    if result in ("card", "galleon", "depleted"):
        events.draw(state, _raided(state, dice) if power == "hapsburg" else power, dice)


def _raided(state: S.State, dice: Dice) -> str:
    """Who gets a Hapsburg riches card: the first raider that steals it, else the Hapsburgs
    (L1583-1595)."""
    nw = A.world(state)
    table = load_tables().data["new_world"]["raiders"]
    for owner in table["order"]:
        if owner not in nw["raiders"]:
            continue
        roll = dice.d6()
        row = table["results"][roll]
        destroyed = row["raider_destroyed"]
        if destroyed == "if_hapsburg_galleons":
            destroyed = "hapsburg" in nw["galleons"]
        if destroyed:
            nw["raiders"].remove(owner)
        if row["card_stolen"] and destroyed:
            S.log(state, "nw_raider_steals_retires", power=owner, roll=roll)
        elif row["card_stolen"]:
            S.log(state, "nw_raider_steals", power=owner, roll=roll)
        elif destroyed:
            S.log(state, "nw_raider_destroyed", power=owner, roll=roll)
        else:
            S.log(state, "nw_raider_misses", power=owner, roll=roll)
        if row["card_stolen"]:
            return str(owner)
    return "hapsburg"


def roll(state: S.State, dice: Dice) -> None:
    """Every power's riches rolls, Hapsburgs, England, France (§20.4)."""
    nw = A.world(state)
    table = load_tables()
    for power in A.POWERS:
        plantations = 1 if power in nw["plantations"] else 0
        for colony in [c for c in nw["colonies"] if c.get("power") == power]:
            column = "potosi" if colony.get("name") == "potosi" else "colony"
            total = sum(dice.roll(2)) + plantations
            result = table.riches(total, column)
            if result == "eliminated":
                nw["colonies"].remove(colony)
            _card(state, power, dice, str(colony.get("name")), total, result)
        for token, owner in sorted(nw["conquests"].items()):
            if owner != power or token in nw["depleted"]:
                continue
            total = sum(dice.roll(2))
            result = table.riches(total, token)
            if result == "depleted":
                nw["depleted"].append(token)
            _card(state, power, dice, token, total, result)
