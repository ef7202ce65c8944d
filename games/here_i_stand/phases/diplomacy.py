"""Phase 3: Diplomacy (§9) — PLACEHOLDER.

Owned by the diplomacy work (issue 4), which replaces this module with §9 in full: the
negotiation window (DONE, PROPOSE/ACCEPT/REJECT), alliances, sue for peace, ransom,
excommunication and declarations of war.  Until then every major power is asked the same
simultaneous question on the ``negotiation`` clock and can only answer ``DONE``; the phase
ends when all six have.
"""
from __future__ import annotations

from engine.contract import Decision, IllegalOrder
from engine.options import Option, OptionSet
from games.here_i_stand import grammar
from games.here_i_stand.phases import decision_id
from games.here_i_stand.state import MAJORS

NAME = "diplomacy"


def enter(state, dice) -> None:
    state["phase_data"] = {"done": []}


def decisions(state):
    done = state["phase_data"].get("done", [])
    return [Decision(decision_id(state, "negotiate", p, simultaneous=True), p, "negotiate",
                     OptionSet((Option.of("DONE", example="DONE"),)), clock="negotiation",
                     prompt="diplomacy: send DONE when you have finished negotiating")
            for p in MAJORS if p not in done]


def parse(state, decision, text):
    verb = grammar.verb_of(text)
    grammar.expect(decision.options.verbs(), verb, text, decision.prompt)
    grammar.no_args(verb, text)
    return {"verb": verb}


def apply(state, seat, decision, order, dice) -> None:
    if order.get("verb") != "DONE" or len(order) != 1:
        raise IllegalOrder("only DONE is possible in the diplomacy phase for now", ["DONE"])
    state["phase_data"]["done"] = sorted(set(state["phase_data"]["done"]) | {seat})


def default(state, decision):
    return {"verb": "DONE"}
