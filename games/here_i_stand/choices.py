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

Phases that ask these questions: the Action phase (events, strictly in queue order: the
Council of Trent's Protestants commit after seeing the Papacy's debaters), Winter (§19.8
forced events, and each seat's own attrition and port questions, asked side by side with the
other seats' winter orders: `first_per_seat`) and the Card Draw (Maurice of Saxony).  Each item
gets a sequence number when queued, so its decision id is stable while it is open.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from engine.contract import Decision, IllegalOrder
from engine.dice import Dice
from engine.options import Option, OptionSet
from games.here_i_stand import state as S

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


def current(state: S.State, seat: str | None = None) -> Item | None:
    """The first queued item (of `seat`, if given)."""
    for item in queue(state):
        if seat is None or item["seat"] == seat:
            return item
    return None


def first_per_seat(state: S.State) -> list[Item]:
    """Each seat's first queued item, in queue order."""
    out, seen = [], set()
    for item in queue(state):
        if item["seat"] not in seen:
            seen.add(item["seat"])
            out.append(item)
    return out


def push(state: S.State, item: Item, *, first: bool = False) -> None:
    """Queue a question (`first`: ask it before the ones already queued)."""
    data = state["phase_data"]
    data["step_seq"] = data.get("step_seq", 0) + 1
    item["qid"] = data["step_seq"]
    steps = data.setdefault("steps", [])
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
def decision(state: S.State, item: Item | None = None) -> Decision | None:
    """The question of `item` (default: the head of the queue)."""
    item = item or current(state)
    if item is None:
        return None
    kind = KINDS[item["kind"]]
    context = {k: v for k, v in item.items() if k not in ("kind", "seat", "qid")}
    return Decision(f"t{state['turn']}-q{item['qid']}-{item['kind']}", item["seat"], item["kind"],
                    OptionSet(tuple(kind.options(state, item))), clock=kind.clock,
                    prompt=kind.prompt(state, item), context=context)


def is_choice(decision: Decision) -> bool:
    return decision.kind in KINDS


def parse(state: S.State, decision: Decision, text: str) -> dict:
    item = current(state, decision.seat)
    if item is None or item["kind"] != decision.kind:
        raise IllegalOrder("nothing of this kind is asked now", code="not_asked_kind")
    return KINDS[decision.kind].parse(state, item, text)


def apply(state: S.State, seat: str, decision: Decision, order: dict, dice: Dice) -> None:
    item = current(state, seat)
    if item is None or item["kind"] != decision.kind:
        raise IllegalOrder("nothing of this kind is asked of you now", code="not_asked_kind")
    kind = KINDS[item["kind"]]
    options = OptionSet(tuple(kind.options(state, item)))
    if not options.admits(order):
        from games.here_i_stand import grammar
        shown = [o.example or o.describe() for o in options.options][:8]
        text = grammar.order_text(order) if "verb" in order else str(order)
        raise IllegalOrder(f"{text} does not answer this question ({kind.prompt(state, item)})",
                           shown, code="not_possible_now", params={"text": text})
    if kind.apply(state, item, order, dice):
        _finish(state, item, dice)
    settle(state, dice)


def default(state: S.State, decision: Decision) -> dict:
    item = current(state, decision.seat)
    return KINDS[item["kind"]].default(state, item)


__all__ = ["KINDS", "TEXTS", "Kind", "apply", "current", "decision", "default", "first_per_seat",
           "is_choice", "parse", "push", "queue", "register", "settle"]
