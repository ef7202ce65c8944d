"""Cards played in a naval battle after both sides rolled (§16.2 step 6, L1028): #1
*Janissaries* (the Ottomans, fighting, 4 more dice at sea: card text) and #34 *Professional
Rowers* (any power, 3 more dice for the side it names: card text).  *Professional Rowers*
may instead change a naval interception or avoid-battle roll by +2 or -2 after it is seen
(card text; `roll_window`, the ``naval-rowers`` question: the rolling power first, then the
moving power, then the others in standard order).

Before the roll (steps 3-4, L1025-1026) the attacker and then the defender declare their
combat cards: the one combat card of the deck that works at sea is #24 *Arquebusiers* (2 more
dice in a naval combat, declared before either side rolls: card text), offered to each side
that could hold it by public information (`before_window`, the ``naval-declare`` question).

The window is offered, in turn, to the attacker, the defender and then every other power in
standard order — each that *could* hold a usable card by public information (its hand is
not empty; *Janissaries* is a home card, public; *Professional Rowers* not in the discard
pile, removed or already played in this battle), never only to holders.  A power may play
one card after another; the extra dice are rolled at once.

Rules: §16.2
"""
from __future__ import annotations

from typing import Any

from games.here_i_stand import state as S

JANISSARIES, ARQUEBUSIERS, ROWERS = 1, 24, 34
#: Extra dice at sea (card texts).
EXTRA = {JANISSARIES: 4, ARQUEBUSIERS: 2, ROWERS: 3}
SIDES = ("attacker", "defender")
Record = dict[str, Any]


def side_of(record: Record, power: str) -> str | None:
    return next((s for s in SIDES if record[s] == power), None)


def usable(record: Record, power: str, card: int) -> bool:
    """Whether `power` may play `card` in this naval battle now (held or not)."""
    if card in record["played"]:
        return False
    return card == ROWERS or (power == "ottoman" and side_of(record, power) is not None)


def could_hold(state: S.State, record: Record, power: str) -> bool:
    """Whether `power` could hold a usable card, by public information."""
    hand = state["hands"].get(power)
    if not hand:
        return False
    if usable(record, power, JANISSARIES) and JANISSARIES in hand:
        return True
    return ROWERS not in _public(state) and usable(record, power, ROWERS)


def window(state: S.State, record: Record) -> list[str]:
    """The powers asked after the roll: the two sides, then the others in standard order."""
    order = [record["attacker"], record["defender"]] + [
        p for p in S.MAJORS if p not in (record["attacker"], record["defender"])]
    return [p for p in order if p in S.MAJORS and could_hold(state, record, p)]


def playable(state: S.State, record: Record, power: str) -> list[tuple[int, str]]:
    """``(card, side)`` pairs `power` may play: *Janissaries* for its own side,
    *Professional Rowers* for either side."""
    out = []
    for card in (JANISSARIES, ROWERS):
        if (card in state["hands"].get(power, ()) and card not in S.held_back(state)
                and usable(record, power, card)):
            sides = (side_of(record, power),) if card == JANISSARIES else SIDES
            out += [(card, s) for s in sides]
    return out


def play(state: S.State, record: Record, power: str, card: int, side: str, dice) -> None:
    """`power` plays `card` for `side`: it rolls the card's extra dice now."""
    state["hands"][power].remove(card)
    S.discard(state, card, as_event=True)
    record["played"].append(card)
    rolled = [dice.d6() for _ in range(EXTRA[card])]
    record["rolls_" + side] += rolled
    record["dice"][side] += len(rolled)
    record["hits"][side] += hits_of(rolled)
    S.log(state, "naval_card", power=power, card=card, space=record["space"],
          side=record[side], rolls=rolled, hits=record["hits"][side])


# ---------------------------------------------------------------- before the roll (steps 3-4)
def _public(state: S.State) -> set[int]:
    return set(state["discard"]) | set(state["removed"])


def before_window(state: S.State, record: Record) -> list[str]:
    """The sides asked before the roll, attacker first (steps 3-4): each that could hold
    *Arquebusiers* by public information (a hand, the card neither public nor played)."""
    if ARQUEBUSIERS in _public(state) | set(record["played"]):
        return []
    return [record[s] for s in SIDES
            if record[s] in S.MAJORS and state["hands"].get(record[s])]


def before_playable(state: S.State, record: Record, power: str) -> bool:
    return (ARQUEBUSIERS in state["hands"].get(power, ()) and ARQUEBUSIERS not in record["played"]
            and ARQUEBUSIERS not in S.held_back(state) and side_of(record, power) is not None)


def declare(state: S.State, record: Record, power: str) -> None:
    """`power` declares *Arquebusiers* for its side: 2 more dice in the coming roll."""
    state["hands"][power].remove(ARQUEBUSIERS)
    S.discard(state, ARQUEBUSIERS, as_event=True)
    record["played"].append(ARQUEBUSIERS)
    record["before"] = []                  # the deck's one card of this kind is played
    side = side_of(record, power) or "attacker"
    record["dice"][side] += EXTRA[ARQUEBUSIERS]
    S.log(state, "naval_card_declared", power=power, card=ARQUEBUSIERS, space=record["space"],
          n=EXTRA[ARQUEBUSIERS], dice=record["dice"][side])


def hits_of(rolls: list[int]) -> int:
    """5 and 6 hit (§16.2 step 5)."""
    return sum(1 for r in rolls if r >= 5)


#: How much *Professional Rowers* changes an interception or avoid-battle roll (card text).
ROLL_SHIFT = 2


def roll_could_hold(state: S.State, power: str) -> bool:
    """Whether `power` could hold *Professional Rowers* now, by public information."""
    return bool(state["hands"].get(power)) and ROWERS not in _public(state)


def roll_window(state: S.State, roller: str, mover: str) -> list[str]:
    """The powers asked after an interception or avoid-battle roll."""
    order = [roller, mover] + [p for p in S.MAJORS if p not in (roller, mover)]
    return [p for p in order if p in S.MAJORS and roll_could_hold(state, p)]


def roll_playable(state: S.State, power: str) -> bool:
    return ROWERS in state["hands"].get(power, ()) and ROWERS not in S.held_back(state)


def play_on_roll(state: S.State, record: Record, power: str, shift: int) -> None:
    """`power` plays *Professional Rowers* on the roll: ±2; nobody else is asked (one card)."""
    state["hands"][power].remove(ROWERS)
    S.discard(state, ROWERS, as_event=True)
    record["cards"] += shift
    record["windows"] = []
    S.log(state, "naval_rowers_roll", power=power, card=ROWERS, space=record["to"],
          target=record["power"], modifier=f"{shift:+d}")
