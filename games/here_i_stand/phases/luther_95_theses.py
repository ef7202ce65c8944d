"""Phase 1 of turn 1: Luther's 95 Theses (§8.1, §18.1) — PLACEHOLDER.

Owned by the diplomacy/reformation work (issue 4), which replaces this module with the
real phase: Luther placed in Wittenberg, five reformation attempts with +1 die (decision
D1), the card removed.  Until then the phase only takes card #8 out of the game so it is
never dealt, and asks nothing.
"""
from __future__ import annotations

from engine.contract import IllegalOrder
from games.here_i_stand.state import log

NAME = "luther_95_theses"
CARD = 8


def enter(state, dice) -> None:
    for pile in ("deck", "discard"):
        if CARD in state[pile]:
            state[pile].remove(CARD)
    if CARD not in state["removed"]:
        state["removed"] = sorted(state["removed"] + [CARD])
    if CARD not in state["mandatory_played"]:
        state["mandatory_played"] = sorted(state["mandatory_played"] + [CARD])
    log(state, "Luther's 95 Theses: not yet implemented in pbem (placeholder, card removed)")


def decisions(state):
    return []


def parse(state, decision, text):
    raise IllegalOrder("nothing is asked in the 95 Theses phase yet")


def apply(state, seat, decision, order, dice) -> None:
    raise IllegalOrder("nothing is asked in the 95 Theses phase yet")


def default(state, decision):
    raise IllegalOrder("nothing is asked in the 95 Theses phase yet")
