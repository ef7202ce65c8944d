"""Choices inside an event or a rule procedure: the questions a card or a rule asks in the
middle of a phase (which target, which space, intervene or not), as a small queue.

An event resolver (or a phase step) that needs a player's choice pushes an *item* — a plain
dict ``{"kind", "seat", ...}`` — onto ``state["phase_data"]["steps"]``; while the queue is not
empty the phase asks its first item instead of its own question (`decision`), and the
phase's `parse`, `apply` and `default` hand decisions of a registered kind to this module.

Each kind registers (`register`) its handler: ``options(state, item) -> [Option]`` (exact:
`apply` refuses anything these do not admit), ``apply(state, item, order, dice) -> bool``
(True when the item is finished), ``default(state, item) -> order``, ``parse(state, item,
text) -> order``, a ``prompt(state, item) -> str``, and optionally ``settle(state, item, dice)
-> bool`` (finish an item that has nothing left to ask, e.g. no target left) and ``done(state,
item, dice)`` (what follows a finished item: Defender of the Faith's English card draw).

Phases that ask these questions: the Action phase (events), Winter (§19.8 forced events) and
the Card Draw (Maurice of Saxony).  Decision ids derive from ``state["step"]``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from engine.contract import Decision, IllegalOrder
from engine.dice import Dice
from engine.options import Option, OptionSet
from games.here_i_stand import state as S
from games.here_i_stand.phases import decision_id

Item = dict[str, Any]


@dataclass(frozen=True)
class Kind:
    options: Callable[[S.State, Item], list[Option]]
    apply: Callable[[S.State, Item, dict, Dice], bool]
    default: Callable[[S.State, Item], dict]
    parse: Callable[[S.State, Item, str], dict]
    prompt: Callable[[S.State, Item], str]
    settle: Callable[[S.State, Item, Dice], bool] | None = None
    done: Callable[[S.State, Item, Dice], None] | None = None
    clock: str = "impulse"


KINDS: dict[str, Kind] = {}
#: Canonical text of the verbs only these questions use (`grammar.order_text` asks here).
TEXTS: dict[str, Callable[[dict], str]] = {}


def register(name: str, kind: Kind) -> None:
    KINDS[name] = kind


# ---------------------------------------------------------------- the queue
def queue(state: S.State) -> list[Item]:
    return state["phase_data"].get("steps") or []


def current(state: S.State) -> Item | None:
    steps = queue(state)
    return steps[0] if steps else None


def push(state: S.State, item: Item, *, first: bool = False) -> None:
    """Queue a question (`first`: ask it before the ones already queued)."""
    steps = state["phase_data"].setdefault("steps", [])
    if first:
        steps.insert(0, item)
    else:
        steps.append(item)


def _finish(state: S.State, item: Item, dice: Dice) -> None:
    steps = state["phase_data"]["steps"]
    steps.remove(item)
    kind = KINDS[item["kind"]]
    if kind.done is not None:
        kind.done(state, item, dice)


def settle(state: S.State, dice: Dice) -> None:
    """Finish the items that have nothing left to ask (each kind's `settle`), in order."""
    guard = 0
    while True:
        item = current(state)
        if item is None:
            return
        guard += 1
        if guard > 100:
            raise RuntimeError("event choices do not settle")
        kind = KINDS[item["kind"]]
        finished = kind.settle(state, item, dice) if kind.settle else False
        if not finished and not any(o.count() for o in kind.options(state, item)):
            finished = True
        if not finished:
            return
        _finish(state, item, dice)


# ---------------------------------------------------------------- the protocol
def decision(state: S.State) -> Decision | None:
    item = current(state)
    if item is None:
        return None
    kind = KINDS[item["kind"]]
    context = {k: v for k, v in item.items() if k not in ("kind", "seat")}
    return Decision(decision_id(state, item["kind"]), item["seat"], item["kind"],
                    OptionSet(tuple(kind.options(state, item))), clock=kind.clock,
                    prompt=kind.prompt(state, item), context=context)


def is_choice(decision: Decision) -> bool:
    return decision.kind in KINDS


def parse(state: S.State, decision: Decision, text: str) -> dict:
    item = current(state)
    if item is None or item["kind"] != decision.kind:
        raise IllegalOrder("nothing of this kind is asked now")
    return KINDS[decision.kind].parse(state, item, text)


def apply(state: S.State, seat: str, decision: Decision, order: dict, dice: Dice) -> None:
    item = current(state)
    if item is None or item["kind"] != decision.kind or item["seat"] != seat:
        raise IllegalOrder("nothing of this kind is asked of you now")
    kind = KINDS[item["kind"]]
    options = OptionSet(tuple(kind.options(state, item)))
    if not options.admits(order):
        from games.here_i_stand import grammar
        shown = [o.example or o.describe() for o in options.options][:8]
        raise IllegalOrder(f"{grammar.order_text(order) if 'verb' in order else order} does not "
                           f"answer this question ({kind.prompt(state, item)})", shown)
    if kind.apply(state, item, order, dice):
        _finish(state, item, dice)
    settle(state, dice)


def default(state: S.State, decision: Decision) -> dict:
    item = current(state)
    return KINDS[item["kind"]].default(state, item)


__all__ = ["KINDS", "TEXTS", "Kind", "apply", "current", "decision", "default", "is_choice", "parse",
           "push", "queue", "register", "settle"]
