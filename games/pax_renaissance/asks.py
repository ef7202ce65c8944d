"""The open questions of a turn: one queue (engine.questions) kept in ``state["asks"]``.

Playing a card, an operations action, a regime change or a tax pushes items here; the
active banker's next action waits until the queue is empty (§4.1), so a whole turn sent as
a script runs until another seat must answer (digest §4 N1, N2), then resumes.
Rules: §4.1
"""
from __future__ import annotations

from typing import Any, Callable

from engine.contract import State
from engine.options import Option
from engine.questions import Item, Kind, Queue
from games.pax_renaissance import grammar

#: Every question kind by name; the modules that raise them register theirs here.
KINDS: dict[str, Kind] = {}


def _decision_id(state: State, item: Item) -> str:
    return f"t{state['turn']}-q{item['qid']}"


QUEUE = Queue(KINDS, lambda state: state["asks"], _decision_id, grammar.order_text)


def push(state: State, kind: str, seat: str, *, first: bool = False, **fields: Any) -> None:
    """Queue a question of `kind` for `seat` (`first`: before the ones already queued)."""
    QUEUE.push(state, {"kind": kind, "seat": seat, **fields}, first=first)


def busy(state: State) -> bool:
    return bool(QUEUE.items(state))


def option_kind(options: Callable[[State, Item], list[Option]], **fields: Any) -> Kind:
    """A question kind answered by one of `options`: the default is the first option's first
    order, and a mail's text is read against the options."""
    return Kind(options=options,
                default=lambda state, item: next(options(state, item)[0].orders()),
                parse=lambda state, item, text: grammar.parse_options(options(state, item), text),
                **fields)
