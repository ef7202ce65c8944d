"""Phase 4 of turn 1: the Diet of Worms (§18.1) — PLACEHOLDER.

Owned by the diplomacy/reformation work (issue 4), which replaces this module with the
sealed card choice of the Hapsburgs, Papacy and Protestants (decision D12) and the
conversions (D13).  Until then the phase is skipped.
"""
from __future__ import annotations

from engine.contract import IllegalOrder
from games.here_i_stand.state import log

NAME = "diet_of_worms"


def enter(state, dice) -> None:
    log(state, "Diet of Worms: not yet implemented in pbem (placeholder, skipped)")


def decisions(state):
    return []


def parse(state, decision, text):
    raise IllegalOrder("nothing is asked in the Diet of Worms phase yet")


def apply(state, seat, decision, order, dice) -> None:
    raise IllegalOrder("nothing is asked in the Diet of Worms phase yet")


def default(state, decision):
    raise IllegalOrder("nothing is asked in the Diet of Worms phase yet")
