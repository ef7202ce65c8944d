"""The one way a game asks anything: question kinds, and a queue of open questions.

A *kind* (`Kind`) says everything about one sort of question, as plain functions of the
state and an *item* — a plain dict ``{"kind", "seat", ...}`` naming what is asked of whom:

``options(state, item) -> [Option]``
    exact: `Queue.apply` refuses anything these do not admit;
``parse(state, item, text) -> order``
    one order block of the seat's mail;
``apply(state, item, order, dice) -> bool``
    carry the answer out; True when the item is finished;
``default(state, item) -> order``
    the answer when the clock runs out (NMR), always legal;
``prompt(state, item) -> str``
    a short English description (reports render fuller ones from the kind and context);
``settle(state, item, dice) -> bool`` (optional)
    finish an item that has nothing left to ask (no target left): **a question with nothing
    to ask settles itself**, so no phase writes a question only to refuse every answer;
``done(state, item, dice)`` (optional)
    what follows a finished item;
``standing(policy, state, decision) -> order | None`` (optional) with ``policies``
    how a seat's standing order answers this kind without the seat being asked
    (`engine.standing`); None when the policy does not answer this particular question.

``clock`` names the game's clock class (`Rules.clock_classes`); ``closes_on_done`` marks a
window that stays open until the seat says ``DONE`` (the mail gateway's DONE command answers
it, `Decision.closes_on_done`).

A game keeps open items either in a `Queue` (questions pushed by events and rule procedures,
asked in order) or derives them from its state (a phase segment asking each power in turn);
both become decisions through `Kind.decision`.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Mapping, MutableMapping
from weakref import WeakValueDictionary

from engine.contract import Decision, IllegalOrder, State
from engine.dice import Dice
from engine.canonical import later_copy
from engine.options import DeferredOptions, Option, OptionSet, Order

Item = dict[str, Any]
#: The item fields that are not context of the question.
_OWN_FIELDS = ("kind", "seat", "qid")


class _Unchanged:
    """A state whose decisions are being worked out; `stale` once something starts to
    change it (`changing`)."""

    def __init__(self, state: State) -> None:  # noqa: D107
        self.state = state
        self.stale = False


_UNCHANGED: ContextVar[_Unchanged | None] = ContextVar("unchanged", default=None)
#: The unchanged states whose decisions read them live, by object id (each entry lives as
#: long as a decision's options may still read it).
_LIVE: WeakValueDictionary[int, _Unchanged] = WeakValueDictionary()


@contextmanager
def unchanged(state: State) -> Iterator[None]:
    """Decisions worked out here read `state` itself for their deferred options, with no
    copy of it: whoever changes `state` in place afterwards calls `changing(state)` first,
    and options not worked out by then can no longer be read (an error, never a wrong
    answer)."""
    found = _LIVE.get(id(state))
    if found is None or found.state is not state or found.stale:
        found = _LIVE[id(state)] = _Unchanged(state)
    token = _UNCHANGED.set(found)
    try:
        yield
    finally:
        _UNCHANGED.reset(token)


def changing(state: State) -> None:
    """`state` is about to change in place: the decisions worked out from it unchanged
    (`unchanged`) may no longer work out their options."""
    found = _LIVE.pop(id(state), None)
    if found is not None and found.state is state:
        found.stale = True


def _deferred(state: State, item: Item,
              work: Callable[[State, Item], Iterable[Option]]) -> DeferredOptions:
    """The options `work` gives for `item`, worked out when first read: from `state` itself
    inside `unchanged(state)`, else from a private copy of ``(state, item)`` as they are
    now."""
    shared = _UNCHANGED.get()
    if shared is None or shared.state is not state:
        snapshot = later_copy((state, item))
        return DeferredOptions(lambda: work(*snapshot()))
    return DeferredOptions(lambda: work(state, item), fresh=lambda: not shared.stale)


def item_of(decision: Decision) -> Item:
    """The item ``{kind, seat}`` of a decision a phase derives from its state (a phase that
    asks each power in turn keeps nothing else per question)."""
    return {"kind": decision.kind, "seat": decision.seat}


@dataclass(frozen=True)
class Kind:
    """One kind of question (see the module docstring)."""
    options: Callable[[State, Item], Iterable[Option]]
    apply: Callable[[State, Item, Order, Dice], bool]
    default: Callable[[State, Item], Order]
    parse: Callable[[State, Item, str], Order]
    prompt: Callable[[State, Item], str]
    settle: Callable[[State, Item, Dice], bool] | None = None
    done: Callable[[State, Item, Dice], None] | None = None
    clock: str = "default"
    closes_on_done: bool = False
    private: bool = False
    standing: Callable[[str, State, Decision], Order | None] | None = None
    policies: tuple[str, ...] = ()
    context: Callable[[State, Item], dict[str, Any]] | None = None
    #: Options worked out only when read (`DeferredOptions`, from a snapshot of the state),
    #: for kinds whose options are costly: a replay never reads them.
    deferred: bool = False

    def decision(self, decision_id: str, state: State, item: Item) -> Decision:
        """The question `item` of this kind as the engine's `Decision`."""
        context = (self.context(state, item) if self.context is not None
                   else {k: v for k, v in item.items() if k not in _OWN_FIELDS})
        found: OptionSet
        if self.deferred:
            found = _deferred(state, item, self.options)
        else:
            found = OptionSet(tuple(o for o in self.options(state, item) if o))
        return Decision(decision_id, item["seat"], item["kind"], found,
                        clock=self.clock, private=self.private, prompt=self.prompt(state, item),
                        context=context, closes_on_done=self.closes_on_done)

    def has_options(self, state: State, item: Item) -> bool:
        return any(o.count() for o in self.options(state, item) if o)

    def check(self, state: State, item: Item, order: Order,
              describe: Callable[[Order], str]) -> None:
        """Refuse an `order` the options do not admit (`describe` writes its text)."""
        options = OptionSet(tuple(o for o in self.options(state, item) if o))
        if not options.admits(order):
            shown = [o.example or o.describe() for o in options.options][:8]
            text = describe(order)
            raise IllegalOrder(f"{text} does not answer this question "
                               f"({self.prompt(state, item)})",
                               shown, code="not_possible_now", params={"text": text})


class Queue:
    """Open questions kept in a mapping of the state (`home(state)`), asked in order.

    Items get a sequence number (``qid``) when queued, so their decision ids
    (`decision_id(state, item)`) are stable while they are open."""

    def __init__(self, kinds: Mapping[str, Kind],
                 home: Callable[[State], MutableMapping[str, Any]],
                 decision_id: Callable[[State, Item], str],
                 describe: Callable[[Order], str]) -> None:
        self.kinds = kinds
        self.home = home
        self.decision_id = decision_id
        self.describe = describe

    def items(self, state: State) -> list[Item]:
        return self.home(state).get("steps") or []

    def current(self, state: State, seat: str | None = None) -> Item | None:
        """The first queued item (of `seat`, if given)."""
        for item in self.items(state):
            if seat is None or item["seat"] == seat:
                return item
        return None

    def first_per_seat(self, state: State) -> list[Item]:
        """Each seat's first queued item, in queue order."""
        out, seen = [], set()
        for item in self.items(state):
            if item["seat"] not in seen:
                seen.add(item["seat"])
                out.append(item)
        return out

    def push(self, state: State, item: Item, *, first: bool = False) -> None:
        """Queue a question (`first`: ask it before the ones already queued)."""
        data = self.home(state)
        data["step_seq"] = data.get("step_seq", 0) + 1
        item["qid"] = data["step_seq"]
        steps = data.setdefault("steps", [])
        if first:
            steps.insert(0, item)
        else:
            steps.append(item)

    def _finish(self, state: State, item: Item, dice: Dice) -> None:
        self.home(state)["steps"].remove(item)
        kind = self.kinds[item["kind"]]
        if kind.done is not None:
            kind.done(state, item, dice)

    def settle(self, state: State, dice: Dice) -> None:
        """Finish the items that have nothing left to ask, in order."""
        for _ in range(100):
            item = self.current(state)
            if item is None:
                return
            kind = self.kinds[item["kind"]]
            finished = kind.settle(state, item, dice) if kind.settle else False
            if not finished and not kind.has_options(state, item):
                finished = True
            if not finished:
                return
            self._finish(state, item, dice)
        raise RuntimeError("queued questions do not settle")

    def decision(self, state: State, item: Item | None = None) -> Decision | None:
        """The question of `item` (default: the head of the queue)."""
        item = item or self.current(state)
        if item is None:
            return None
        return self.kinds[item["kind"]].decision(self.decision_id(state, item), state, item)

    def asks(self, decision: Decision) -> bool:
        return decision.kind in self.kinds

    def _item(self, state: State, seat: str, decision: Decision,
              refusal: str = "nothing of this kind is asked of you now") -> Item:
        item = self.current(state, seat)
        if item is None or item["kind"] != decision.kind:
            raise IllegalOrder(refusal, code="not_asked_kind")
        return item

    def parse(self, state: State, decision: Decision, text: str) -> Order:
        item = self._item(state, decision.seat, decision, "nothing of this kind is asked now")
        return self.kinds[decision.kind].parse(state, item, text)

    def apply(self, state: State, seat: str, decision: Decision, order: Order,
              dice: Dice) -> None:
        item = self._item(state, seat, decision)
        kind = self.kinds[item["kind"]]
        kind.check(state, item, order, self.describe)
        if kind.apply(state, item, order, dice):
            self._finish(state, item, dice)
        self.settle(state, dice)

    def default(self, state: State, decision: Decision) -> Order:
        item = self.current(state, decision.seat)
        assert item is not None
        return self.kinds[item["kind"]].default(state, item)


__all__ = ["Item", "Kind", "Queue"]
