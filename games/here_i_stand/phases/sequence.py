"""Moving through the turn sequence (§7): `advance` enters phases until someone is asked.

A phase is finished when it asks nothing (`decisions` is empty); `advance` then enters the
next phase of the turn (§7 table), skipping the turn-1-only phases (95 Theses, Diet of
Worms) on later turns, until a phase asks something or the game has ended.

Rules: §7
"""
from __future__ import annotations

from engine.dice import Dice
from games.here_i_stand import siege
from games.here_i_stand.phases import TURN_PHASES, decisions, module

TURN_ONE_ONLY = ("luther_95_theses", "diet_of_worms")


def next_phase(state: dict) -> str:
    current = state["phase"]
    if current == "setup":
        index = 0
    else:
        index = TURN_PHASES.index(current) + 1
    while True:
        if index >= len(TURN_PHASES):
            # the victory phase starts the next turn itself; wrap to card draw
            index = TURN_PHASES.index("card_draw")
        name = TURN_PHASES[index]
        if name in TURN_ONE_ONLY and state["turn"] != 1:
            index += 1
            continue
        return name


def enter(state: dict, name: str, dice: Dice) -> None:
    siege.refresh(state)                 # units moved outside land moves (§15.3)
    state["phase"] = name
    state["phase_data"] = {}
    state["phase_step"] = state["step"]
    module(name).enter(state, dice)


def advance(state: dict, dice: Dice) -> list:
    """Enter phases until one asks a question or the game is over; returns what is asked
    (empty when the game is over)."""
    guard = 0
    while state["outcome"] is None:
        asked = decisions(state) if state["phase"] != "setup" else []
        if asked:
            return asked
        enter(state, next_phase(state), dice)
        guard += 1
        if guard > 100:
            raise RuntimeError("the turn sequence does not settle")
    state["phase"] = "over"
    return []
