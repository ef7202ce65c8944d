"""Choices inside an event or a rule procedure: the questions a card or a rule asks in the
middle of a phase (which target, which space, intervene or not), as a small queue.

An event resolver (or a phase step) that needs a player's choice pushes an *item* — a plain
dict ``{"kind", "seat", ...}`` — onto ``state["phase_data"]["steps"]``; while the queue is not
empty the phase asks its first item instead of its own question (`decision`), and the
phase's `parse`, `apply` and `default` hand decisions of a registered kind to this module.

Each kind is an `engine.questions.Kind` (options, apply, default, parse, prompt, settle,
done, clock: the engine's one question protocol); this module is the engine's `Queue` kept
in ``state["phase_data"]``, with Here I Stand's decision ids and order texts.

Phases that ask these questions: the Action phase (events, strictly in queue order: the
Council of Trent's Protestants commit after seeing the Papacy's debaters), Winter (§19.8
forced events, and each seat's own attrition and port questions, asked side by side with the
other seats' winter orders: `first_per_seat`) and the Card Draw (Maurice of Saxony).  Each item
gets a sequence number when queued, so its decision id is stable while it is open.

Rules: none (the question queue that events and rule procedures use)
"""
from __future__ import annotations

from typing import Any

from engine.contract import Decision
from engine.dice import Dice
from engine import questions
from engine.questions import Item, Queue
from games.here_i_stand import grammar
from games.here_i_stand import state as S

#: Every queued question's kind, by name: `tables.install` fills it from its explicit table.
KINDS: dict[str, questions.Kind] = {}


def Kind(**fields: Any) -> questions.Kind:
    """A Here I Stand question kind, asked on the ``impulse`` clock unless it names another."""
    return questions.Kind(**{"clock": "impulse", **fields})


def _decision_id(state: S.State, item: Item) -> str:
    return f"t{state['turn']}-q{item['qid']}-{item['kind']}"


def _describe(order: dict) -> str:
    return grammar.order_text(order) if "verb" in order else str(order)


QUEUE = Queue(KINDS, lambda state: state["phase_data"], _decision_id, _describe)


def queue(state: S.State) -> list[Item]:
    return QUEUE.items(state)


def current(state: S.State, seat: str | None = None) -> Item | None:
    return QUEUE.current(state, seat)


def first_per_seat(state: S.State) -> list[Item]:
    return QUEUE.first_per_seat(state)


def push(state: S.State, item: Item, *, first: bool = False) -> None:
    QUEUE.push(state, item, first=first)


def settle(state: S.State, dice: Dice) -> None:
    QUEUE.settle(state, dice)


def decision(state: S.State, item: Item | None = None) -> Decision | None:
    return QUEUE.decision(state, item)


def decisions(state: S.State) -> list[Decision]:
    """The queue's next question as the decisions of a phase that asks nothing else."""
    step = QUEUE.decision(state)
    return [step] if step is not None else []


def is_choice(decision: Decision) -> bool:
    return QUEUE.asks(decision)


def parse(state: S.State, decision: Decision, text: str) -> dict:
    return QUEUE.parse(state, decision, text)


def apply(state: S.State, seat: str, decision: Decision, order: dict, dice: Dice) -> None:
    QUEUE.apply(state, seat, decision, order, dice)


def default(state: S.State, decision: Decision) -> dict:
    return QUEUE.default(state, decision)


__all__ = ["KINDS", "Kind", "QUEUE", "apply", "current", "decision", "decisions", "default",
           "first_per_seat", "is_choice", "parse", "push", "queue", "settle"]
