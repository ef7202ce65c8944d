"""Cards played in a naval battle after both sides rolled (§16.2 step 6, L1028): #1
*Janissaries* (the Ottomans, fighting, 4 more dice at sea: card text) and #34 *Professional
Rowers* (any power, 3 more dice for the side it names: card text).  *Professional Rowers*
may instead change a naval interception or avoid-battle roll by +2 or -2 after it is seen
(card text; `roll_window`, the ``naval-rowers`` question: the rolling power first, then the
moving power, then the others in standard order).  No combat card of the
deck adds dice at sea before the roll (steps 3-4), so that window is never opened.

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

JANISSARIES, ROWERS = 1, 34
#: Extra dice at sea (card texts).
EXTRA = {JANISSARIES: 4, ROWERS: 3}
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
    public = set(state["discard"]) | set(state["removed"])
    return ROWERS not in public and usable(record, power, ROWERS)


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


def hits_of(rolls: list[int]) -> int:
    """5 and 6 hit (§16.2 step 5)."""
    return sum(1 for r in rolls if r >= 5)


#: How much *Professional Rowers* changes an interception or avoid-battle roll (card text).
ROLL_SHIFT = 2


def roll_could_hold(state: S.State, power: str) -> bool:
    """Whether `power` could hold *Professional Rowers* now, by public information."""
    public = set(state["discard"]) | set(state["removed"])
    return bool(state["hands"].get(power)) and ROWERS not in public


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
