"""Combat and response cards in an assault (§15.1 steps 2, 5-6, 8), by the card texts.

Which cards apply to an assault: #33 *Landsknechts* and #36 *Swiss Mercenaries* (step 2, the
active power's last chance: new mercenaries join the assaulting stack within the counter mix;
the Ottomans' *Landsknechts* removes 2 mercenaries inside), #28 *Siege Mining* (the attacker:
3 more dice) and #27 *Mercenaries Grow Restless* (the defender, just before the roll: every
mercenary of the assaulting power there leaves; the siege breaks if the besiegers no longer
outnumber the besieged) at steps 5-6, and #35 *Siege Artillery* after the roll (any power: the
attacker gets 2 dice hitting on 3-6, only with a line of communication of at most 4 land
spaces to a fortified home space of the assaulting power).  The field-battle cards (#1
*Janissaries*, #24, #25, #26, #29, #30) name the field battle (or naval combat) only.

A window is offered to every power that could hold a usable card by public information
(`cards.could_hold`'s rule), holder or not.

Rules: §15.1, §12.1
"""
from __future__ import annotations

from collections import deque
from typing import Any

from games.here_i_stand import loc
from games.here_i_stand import siege as sieges
from games.here_i_stand import state as S
from games.here_i_stand.land_war import cards

Assault = dict[str, Any]
GROW_RESTLESS, SIEGE_MINING, SIEGE_ARTILLERY = 27, 28, 35
#: The cards each assault window admits (§15.1 steps 2, 5-6, 8).
WINDOWS: dict[str, tuple[int, ...]] = {"assault_mercs": (cards.LANDSKNECHTS, cards.SWISS),
                                       "assault_cards": (GROW_RESTLESS, SIEGE_MINING),
                                       "artillery": (SIEGE_ARTILLERY,)}
#: Siege Mining's extra dice; Siege Artillery's dice and their hit number; its LOC length.
MINING_DICE, ARTILLERY_DICE, ARTILLERY_HIT, ARTILLERY_REACH = 3, 2, 3, 4


def defenders(state: S.State, record: Assault) -> list[str]:
    """The besieged major powers (and independent), in standard order."""
    found = {S.major_of(state, p) for p in (sieges.siege_at(state, record["space"]) or {})
             .get("besieged", [])}
    return [p for p in S.MAJORS if p in found] + sorted(found - set(S.MAJORS))


def window_order(state: S.State, record: Assault, window: str) -> list[str]:
    """Who is offered `window`: the active power alone for the mercenaries (§15.1 step 2),
    the attacker then the defenders for combat cards (steps 5-6), every power for *Siege
    Artillery* (step 8, the attacker first, then standard order) — each that could hold a
    usable card by public information."""
    attacker = record["attacker"]
    if window == "assault_mercs":
        powers = [attacker]
    elif window == "assault_cards":
        powers = [attacker] + [p for p in defenders(state, record) if p in S.MAJORS]
    else:
        powers = [attacker] + [p for p in S.MAJORS if p != attacker]
    return [p for p in powers if could_hold(state, record, p, window)]


def _attacking_mercs(state: S.State, record: Assault) -> int:
    return sum(c.get("mercenaries", 0) for p, c in S.units(state, record["space"]).items()
               if S.major_of(state, p) == record["attacker"])


def artillery_reach(state: S.State, power: str, sid: str) -> bool:
    """#35: a line of communication of at most 4 land spaces from `sid` to a fortified home
    space of `power` it controls (§12.1's passable spaces; the home space counts)."""
    m = S.board()
    seen = {sid}
    frontier = deque([(sid, 0)])
    while frontier:
        here, depth = frontier.popleft()
        if depth == ARTILLERY_REACH:
            continue
        for n in m.neighbours(here):
            if n in seen or not loc.passable(state, power, n):
                continue
            if S.home_of(state, n) == power and S.is_fortified(n, state) and \
                    S.controller(state, n) == power:
                return True
            seen.add(n)
            frontier.append((n, depth + 1))
    return False


def usable(state: S.State, record: Assault, power: str, window: str, card: int) -> bool:
    """Whether `power` may play `card` in this assault window now (held or not)."""
    sid, attacker = record["space"], record["attacker"]
    if card == cards.SWISS:
        return power != "ottoman" or (S.count(state, sid, "france") > 0
                                      and not sieges.is_besieged(state, sid, "france"))
    if card == cards.LANDSKNECHTS and power == "ottoman":
        return any(S.units(state, sid).get(p, {}).get("mercenaries")
                   for p in S.land_powers(state, sid) if sieges.is_besieged(state, sid, p))
    if card == SIEGE_MINING:
        return power == attacker
    if card == GROW_RESTLESS:
        return power in defenders(state, record) and _attacking_mercs(state, record) > 0
    if card == SIEGE_ARTILLERY:
        return artillery_reach(state, attacker, sid)
    return True


def could_hold(state: S.State, record: Assault, power: str, window: str) -> bool:
    """Whether `power` could hold a card usable in `window`, by public information."""
    if not state["hands"].get(power):
        return False
    public = set(state["discard"]) | set(state["removed"]) | set(record["played"])
    return any(c not in public and usable(state, record, power, window, c)
               for c in WINDOWS[window])


def playable(state: S.State, record: Assault, power: str, window: str) -> list[int]:
    """The cards `power` holds and may play in this window."""
    return [c for c in WINDOWS[window] if c in state["hands"].get(power, ())
            and c not in record["played"] and c not in S.held_back(state)
            and usable(state, record, power, window, c)]


def play(state: S.State, record: Assault, power: str, card: int, dice) -> None:
    """Play `card` from `power`'s hand in the assault and carry out its effect."""
    sid = record["space"]
    state["hands"][power].remove(card)
    S.discard(state, card, as_event=True)
    record["played"].append(card)
    S.log(state, "assault_card", power=power, card=card, space=sid)
    if card == SIEGE_MINING:
        record["extra"] += MINING_DICE
    elif card == SIEGE_ARTILLERY:
        rolled = [dice.d6() for _ in range(ARTILLERY_DICE)]
        record["rolls"] += rolled
        record["hits"] += sum(1 for r in rolled if r >= ARTILLERY_HIT)
        S.log(state, "assault_extra_dice", power=record["attacker"], space=sid, rolls=rolled,
              hits=record["hits"])
    elif card == GROW_RESTLESS:
        for p in S.land_powers(state, sid):
            if S.major_of(state, p) == record["attacker"]:
                S.add_units(state, sid, p, "mercenaries",
                            -S.units(state, sid)[p].get("mercenaries", 0))
        if sieges.outside(state, sid) <= sieges.inside(state, sid):
            del state["phase_data"]["assault"]      # no longer outnumbering: no assault
            S.log(state, "assault_off", power=record["attacker"], space=sid)
            if sieges.outside(state, sid):
                sieges.break_siege(state, sid)      # §15.3 (card text)
            else:
                sieges.end_siege(state, sid)
                S.log(state, "siege_ends", space=sid)
    elif card == cards.LANDSKNECHTS and power == "ottoman":
        left = 2
        for p in S.land_powers(state, sid):
            if sieges.is_besieged(state, sid, p):
                take = min(left, S.units(state, sid)[p].get("mercenaries", 0))
                S.add_units(state, sid, p, "mercenaries", -take)
                left -= take
    elif card == cards.SWISS and power in ("france", "ottoman"):
        cards.new_mercenaries(state, "france", sid, 4)
    else:
        cards.new_mercenaries(state, power, sid,
                              4 if card == cards.LANDSKNECHTS and power == "hapsburg" else 2)
