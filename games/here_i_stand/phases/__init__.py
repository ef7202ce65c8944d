"""The phases of a Here I Stand turn (§7), one module each, behind one small protocol.

Every phase module exposes:

``NAME``
    its ``state["phase"]`` value;
``enter(state, dice) -> None``
    set the phase up (``state["phase_data"]`` is fresh); automatic work happens here;
and, when it asks anything (a phase that never asks, like New World, defines none
of these: a question with nothing to ask settles itself, no phase writes refusing stubs):

``decisions(state) -> [Decision]``
    who is asked what now; **the phase is over when this is empty** (`sequence.advance`
    then moves on);
``parse(state, decision, text) -> order``
    one order block for that decision (raises `IllegalOrder`);
``apply(state, seat, decision, order, dice) -> None``
    validate and apply (mutating `state`; raises `IllegalOrder`);
``default(state, decision) -> order``
    the NMR order (§22.1 spirit: pass where legal), always legal.

Each seat has at most one open decision at a time, so `Rules.apply` knows which one an
order answers.  Decision ids derive from ``state["step"]`` (sequential questions) or
``state["phase_step"]`` (simultaneous ones), so they are stable while open.

Rules: none (the protocol every phase module follows)
"""
from __future__ import annotations

import importlib
from types import ModuleType

from engine import questions

#: The turn sequence (§7).  Turn-1-only phases skip themselves on later turns.
TURN_PHASES = ("luther_95_theses", "card_draw", "diplomacy", "diet_of_worms",
               "spring_deployment", "action", "winter", "new_world", "victory")


def module(name: str) -> ModuleType:
    """The phase module called `name`."""
    if name not in TURN_PHASES:
        raise KeyError(f"no phase {name!r}")
    return importlib.import_module(f"games.here_i_stand.phases.{name}")


def decisions(state: dict) -> list:
    """Who the current phase asks what now (nothing, for a phase that never asks); working
    them out changes nothing, so their deferred options share one snapshot."""
    asks = getattr(module(state["phase"]), "decisions", None)
    if asks is None:
        return []
    with questions.unchanged(state):
        return asks(state)


def decision_id(state: dict, kind: str, seat: str | None = None, simultaneous: bool = False) -> str:
    """A stable decision id: turn, counter, kind (and seat for simultaneous questions)."""
    counter = state["phase_step"] if simultaneous else state["step"]
    tail = f"-{seat}" if seat and simultaneous else ""
    return f"t{state['turn']}-{counter}-{kind}{tail}"
