"""Combat cards and the battle responses played in a field battle (§14 steps 1, 4, 5, 7).

Implemented (card numbers): #1 *Janissaries* (the battle half: +5 dice after the roll),
#24 *Arquebusiers* (+2 dice), #25 *Field Artillery* (+2 dice, +3 for France or the Ottomans),
#26 *Mercenaries Bribed* (half the enemy mercenaries, rounded up, change sides; never with
the Ottomans), #29 *Surprise Attack* (that side rolls and its hits are taken first), #33
*Landsknechts* (Hapsburgs +4 mercenaries, Ottomans remove 2 enemy mercenaries, others +2),
#36 *Swiss Mercenaries* (France +4 mercenaries, others but the Ottomans +2).  The mercenaries
appear in the battle space.

A window is offered to a power whenever it *could* hold a usable card by public information
(its hand is not empty and a usable card is not in the discard pile, removed, or already
played in this battle; *Janissaries* is a home card, public), never only to holders.

Rules: §14
"""
from __future__ import annotations

import math
from typing import Any

from games.here_i_stand import state as S
from games.here_i_stand.land_war import sides

#: The cards each window admits (§14 steps 1, 4-5, 7).
WINDOWS: dict[str, tuple[int, ...]] = {"mercs": (33, 36), "cards": (24, 25, 26, 29),
                                       "janissaries": (1,)}


def usable(state: S.State, battle: dict[str, Any], power: str, window: str, card: int) -> bool:
    """Whether `power` may play `card` in this window now (held or not)."""
    fighting = set(sides.side_majors(state, battle, "attacker")
                   + sides.side_majors(state, battle, "defender"))
    if card == 1:
        return power == "ottoman"
    if card == 36:
        return power != "ottoman"
    if card == 26:
        return "ottoman" not in fighting and _enemy_mercs(state, battle, power) > 0
    if card == 29:
        return battle["surprise"] is None
    return True


def could_hold(state: S.State, battle: dict[str, Any], power: str, window: str) -> bool:
    """Whether `power` could hold a card usable in `window`, by public information."""
    if not state["hands"].get(power):
        return False
    public = set(state["discard"]) | set(state["removed"]) | set(battle["played"])
    if window == "janissaries":
        return 1 in state["hands"][power] and usable(state, battle, power, window, 1)
    return any(c not in public and usable(state, battle, power, window, c)
               for c in WINDOWS[window])


def playable(state: S.State, battle: dict[str, Any], power: str, window: str) -> list[int]:
    """The cards `power` holds and may play in this window."""
    return [c for c in WINDOWS[window] if c in state["hands"].get(power, ())
            and c not in battle["played"] and usable(state, battle, power, window, c)]


def _enemy_owners(state, battle, power) -> list[str]:
    side = sides.side_of(state, battle, power)
    other = "defender" if side == "attacker" else "attacker"
    return sides.side_owners(state, battle, other)


def _enemy_mercs(state, battle, power) -> int:
    return sum(S.units(state, battle["space"]).get(o, {}).get("mercenaries", 0)
               for o in _enemy_owners(state, battle, power))


def add_dice(state: S.State, battle: dict[str, Any], power: str, side: str, n: int,
             dice) -> None:
    """Extra dice rolled after the roll (*Janissaries*, §14 step 7)."""
    rolled = [dice.d6() for _ in range(n)]
    battle["rolls_" + side] += rolled
    battle["dice"][side] += n
    battle["hits"][side] += sum(1 for r in rolled if r >= 5)
    S.log(state, "battle_extra_dice", space=battle["space"], power=power, rolls=rolled,
          hits=battle["hits"][side])


def play(state: S.State, battle: dict[str, Any], power: str, card: int, dice) -> None:
    """Play `card` from `power`'s hand in the battle and carry out its effect."""
    sid = battle["space"]
    side = sides.side_of(state, battle, power)
    state["hands"][power].remove(card)
    S.discard(state, card, as_event=True)
    battle["played"].append(card)
    S.log(state, "combat_card", power=power, card=card, space=sid)
    if card in (24, 25):
        battle["extra"][side] += 3 if card == 25 and power in ("france", "ottoman") else 2
    elif card == 29:
        battle["surprise"] = side
    elif card == 26:
        n = math.ceil(_enemy_mercs(state, battle, power) / 2)
        for owner in _enemy_owners(state, battle, power):
            take = min(n, S.units(state, sid).get(owner, {}).get("mercenaries", 0))
            S.add_units(state, sid, owner, "mercenaries", -take)
            S.add_units(state, sid, power, "mercenaries", take)
            n -= take
    elif card == 33 and power == "ottoman":
        n = 2
        for owner in _enemy_owners(state, battle, power):
            take = min(n, S.units(state, sid).get(owner, {}).get("mercenaries", 0))
            S.add_units(state, sid, owner, "mercenaries", -take)
            n -= take
    elif card in (33, 36):
        big = (card == 33 and power == "hapsburg") or (card == 36 and power == "france")
        S.add_units(state, sid, power, "mercenaries", 4 if big else 2)
    elif card == 1:
        add_dice(state, battle, power, side, 5, dice)
