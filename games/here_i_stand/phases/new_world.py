"""Phase 8: New World (§20) — not yet implemented (a later issue).

Voyages of exploration and conquest resolve here; until the New World issue lands the phase
is passed through with a log line.
"""
from __future__ import annotations

from engine.contract import IllegalOrder
from games.here_i_stand.state import log

NAME = "new_world"


def enter(state, dice) -> None:
    if state["new_world"].get("crossing_atlantic"):
        log(state, "new_world_skipped")


def decisions(state):
    return []


def parse(state, decision, text):
    raise IllegalOrder("nothing is asked in the New World phase yet")


def apply(state, seat, decision, order, dice) -> None:
    raise IllegalOrder("nothing is asked in the New World phase yet")


def default(state, decision):
    raise IllegalOrder("nothing is asked in the New World phase yet")
