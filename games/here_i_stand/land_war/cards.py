"""Combat cards and the battle responses played in a field battle (§14 steps 1, 4, 5, 7).

Implemented (card numbers): #1 *Janissaries* (the battle half: +5 dice after the roll),
#24 *Arquebusiers* (+2 dice), #25 *Field Artillery* (+2 dice, +3 for France or the Ottomans),
#26 *Mercenaries Bribed* (half the enemy mercenaries, rounded up, change sides; never with
the Ottomans), #29 *Surprise Attack* (that side rolls and its hits are taken first), #33
*Landsknechts* (Hapsburgs +4 mercenaries, Ottomans remove 2 enemy mercenaries, others +2),
#30 *Tercios* (the Hapsburgs: 3 more dice hitting on 4-6; another power fighting at least 3
Hapsburg regulars: the Hapsburgs roll 3 dice fewer), #36 *Swiss Mercenaries* (France +4
mercenaries; the Ottomans play it for France, which places 4 French mercenaries; others +2).
In a battle the new mercenaries appear in the battle space, within the counter mix (§5: as
many as its counters can show; *Mercenaries Bribed* likewise takes the changing sides from the
player's own mix, the card text).

A window is offered to a power whenever it *could* hold a usable card by public information
(its hand is not empty and a usable card is not in the discard pile, removed, or already
played in this battle; *Janissaries* is a home card, public), never only to holders.

Rules: §14
"""
from __future__ import annotations

import math
from typing import Any

from games.here_i_stand import counter_mix
from games.here_i_stand import state as S
from games.here_i_stand.land_war import sides

#: The cards each window admits (§14 steps 1, 4-5, 7).
WINDOWS: dict[str, tuple[int, ...]] = {"mercs": (33, 36), "cards": (24, 25, 26, 29, 30),
                                       "janissaries": (1,)}
LANDSKNECHTS, TERCIOS, SWISS = 33, 30, 36
#: The Tercios dice hit on 4-6 (card text); every other battle die on 5-6 (§14 step 6).
TERCIO_HIT, HIT = 4, 5
#: How many dice Tercios adds to, or takes from, the Hapsburg side (card text).
TERCIO_DICE = 3


def usable(state: S.State, battle: dict[str, Any], power: str, window: str, card: int) -> bool:
    """Whether `power` may play `card` in this window now (held or not)."""
    fighting = set(sides.side_majors(state, battle, "attacker")
                   + sides.side_majors(state, battle, "defender"))
    if card == 1:
        return power == "ottoman"
    if card == SWISS:
        return power != "ottoman" or "france" in sides.side_majors(
            state, battle, sides.side_of(state, battle, power))
    if card == TERCIOS:
        return _tercios_mode(state, battle, power) is not None
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
            and c not in battle["played"] and c not in S.held_back(state)
            and usable(state, battle, power, window, c)]


def _tercios_mode(state: S.State, battle: dict[str, Any], power: str) -> str | None:
    """*Tercios* (card text): ``"more"`` for the Hapsburgs, ``"fewer"`` for a power fighting
    at least 3 Hapsburg regulars, else None; once a battle."""
    if battle.get("tercios"):
        return None
    if power == "hapsburg":
        return "more"
    enemy = "defender" if sides.side_of(state, battle, power) == "attacker" else "attacker"
    if "hapsburg" in sides.side_majors(state, battle, enemy) and S.units(
            state, battle["space"]).get("hapsburg", {}).get("regulars", 0) >= TERCIO_DICE:
        return "fewer"
    return None


def hits(rolled: list[int], tercio_dice: int = 0) -> int:
    """Hits of a roll: 5-6, and 4-6 on its last `tercio_dice` dice (*Tercios*)."""
    plain = len(rolled) - tercio_dice
    return (sum(1 for r in rolled[:plain] if r >= HIT)
            + sum(1 for r in rolled[plain:] if r >= TERCIO_HIT))


def new_mercenaries(state: S.State, owner: str, sid: str, n: int) -> int:
    """Place up to `n` new mercenaries of `owner` at `sid`, as many as its counter mix can
    show (§5); returns how many."""
    placed = max(counter_mix.fitting(state, owner, sid, "mercenaries", n), default=0)
    S.add_units(state, sid, owner, "mercenaries", placed)
    if placed < n:
        S.log(state, "mercenaries_short", power=owner, n=n, have=placed, space=sid)
    return placed


def _remove_mercenaries(state: S.State, battle: dict[str, Any], power: str, n: int) -> int:
    """Remove up to `n` enemy mercenaries from the battle; returns how many."""
    sid, taken = battle["space"], 0
    for owner in _enemy_owners(state, battle, power):
        take = min(n - taken, S.units(state, sid).get(owner, {}).get("mercenaries", 0))
        S.add_units(state, sid, owner, "mercenaries", -take)
        taken += take
        counter_mix.trim(state, owner, sid)
    return taken


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
    elif card == TERCIOS:
        mode = _tercios_mode(state, battle, power)
        battle["tercios"] = mode
        hapsburg_side = sides.side_of(state, battle, "hapsburg")
        battle["extra"][hapsburg_side] += TERCIO_DICE if mode == "more" else -TERCIO_DICE
    elif card == 26:
        taken = _remove_mercenaries(state, battle, power,
                                    math.ceil(_enemy_mercs(state, battle, power) / 2))
        new_mercenaries(state, power, sid, taken)
    elif card == LANDSKNECHTS and power == "ottoman":
        _remove_mercenaries(state, battle, power, 2)
    elif card == SWISS and power in ("france", "ottoman"):
        new_mercenaries(state, "france", sid, 4)
    elif card in (LANDSKNECHTS, SWISS):
        new_mercenaries(state, power, sid, 4 if card == 33 and power == "hapsburg" else 2)
    elif card == 1:
        add_dice(state, battle, power, side, 5, dice)
