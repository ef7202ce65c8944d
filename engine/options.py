"""Structured legal options: what a Decision allows, in a form a caller can enumerate or draw.

An `Option` is one order *shape*: a verb plus named fields, each with a finite domain.
Every combination of field values inside one Option is a legal order; a game that cannot
promise that for a product of domains lists several Options instead (one per source space,
say).  Orders are plain dicts: ``{"verb": "MOVE", "from": "paris", "to": "dijon", "units": 4}``.

Bots draw with `Decision.random_order`, property tests walk `Decision.legal_orders`.
"""
from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Sequence, Union

Order = dict[str, Any]


@dataclass(frozen=True)
class OneOf:
    """Exactly one of `values`."""
    values: tuple[Any, ...]

    def count(self) -> int:
        return len(self.values)

    def each(self) -> Iterator[Any]:
        return iter(self.values)

    def draw(self, rng: random.Random) -> Any:
        return rng.choice(self.values)

    def describe(self) -> str:
        return " | ".join(str(v) for v in self.values)

    def contains(self, value: Any) -> bool:
        return value in self.values


@dataclass(frozen=True)
class Count:
    """An integer from `low` to `high` inclusive."""
    low: int
    high: int

    def count(self) -> int:
        return max(0, self.high - self.low + 1)

    def each(self) -> Iterator[int]:
        return iter(range(self.low, self.high + 1))

    def draw(self, rng: random.Random) -> int:
        return rng.randint(self.low, self.high)

    def describe(self) -> str:
        return f"{self.low}..{self.high}"

    def contains(self, value: Any) -> bool:
        return isinstance(value, int) and self.low <= value <= self.high


@dataclass(frozen=True)
class SubsetOf:
    """A subset of `values` with `low`..`high` members, as a tuple in `values` order."""
    values: tuple[Any, ...]
    low: int = 0
    high: int | None = None

    @property
    def top(self) -> int:
        return len(self.values) if self.high is None else min(self.high, len(self.values))

    def count(self) -> int:
        return sum(math.comb(len(self.values), k) for k in range(self.low, self.top + 1))

    def each(self) -> Iterator[tuple[Any, ...]]:
        for k in range(self.low, self.top + 1):
            yield from itertools.combinations(self.values, k)

    def draw(self, rng: random.Random) -> tuple[Any, ...]:
        sizes = list(range(self.low, self.top + 1))
        weights = [math.comb(len(self.values), k) for k in sizes]
        k = rng.choices(sizes, weights=weights)[0]
        picked = set(rng.sample(range(len(self.values)), k))
        return tuple(v for i, v in enumerate(self.values) if i in picked)

    def describe(self) -> str:
        return f"{self.low}..{self.top} of {', '.join(str(v) for v in self.values)}"

    def contains(self, value: Any) -> bool:
        if not isinstance(value, (tuple, list)) or len(set(value)) != len(value):
            return False
        return self.low <= len(value) <= self.top and all(v in self.values for v in value)


class Later:
    """A domain worked out only when first read (`work` returns it): for the costly domains
    of option shapes a bot's draw mostly skips (the unit counts of every possible move).
    Only a `DeferredOptions` may hold it: its `work` reads a private snapshot of the state,
    or the state itself while its `fresh` check holds, so the domain is worked out from the
    state as it was; what such a set shows has it worked out."""

    def __init__(self, work: Callable[[], "Domain"]) -> None:  # noqa: D107
        self._work: Callable[[], Domain] | None = work
        self._found: Domain | None = None

    @property
    def found(self) -> "Domain":
        if self._found is None:
            assert self._work is not None
            self._found, self._work = self._work(), None
        return self._found

    def count(self) -> int:
        return self.found.count()

    def each(self) -> Iterator[Any]:
        return self.found.each()

    def draw(self, rng: random.Random) -> Any:
        return self.found.draw(rng)

    def describe(self) -> str:
        return self.found.describe()

    def contains(self, value: Any) -> bool:
        return self.found.contains(value)


Domain = Union[OneOf, Count, SubsetOf, Later]


@dataclass(frozen=True)
class Option:
    """One legal order shape: `verb` and its fields' domains (every combination legal)."""
    verb: str
    fields: tuple[tuple[str, Domain], ...] = ()
    example: str = ""

    @staticmethod
    def of(verb: str, example: str = "", **domains: Domain) -> "Option":
        return Option(verb, tuple(domains.items()), example)

    def count(self) -> int:
        return math.prod(d.count() for _, d in self.fields)

    def orders(self) -> Iterator[Order]:
        names = [n for n, _ in self.fields]
        for values in itertools.product(*(d.each() for _, d in self.fields)):
            order: Order = {"verb": self.verb}
            order.update(zip(names, values))
            yield order

    def draw(self, rng: random.Random) -> Order:
        order: Order = {"verb": self.verb}
        for name, domain in self.fields:
            order[name] = domain.draw(rng)
        return order

    def admits(self, order: Order) -> bool:
        """Whether `order` has this verb and exactly these fields, each in its domain."""
        names = {n for n, _ in self.fields}
        if order.get("verb") != self.verb or set(order) - {"verb"} != names:
            return False
        return all(domain.contains(order[name]) for name, domain in self.fields)

    def describe(self) -> str:
        parts = [self.verb] + [f"<{n}: {d.describe()}>" for n, d in self.fields]
        return " ".join(parts)


@dataclass(frozen=True)
class OptionSet:
    """All the options of one decision."""
    options: tuple[Option, ...] = field(default_factory=tuple)

    def count(self) -> int:
        return sum(o.count() for o in self.options)

    def orders(self) -> Iterator[Order]:
        for option in self.options:
            yield from option.orders()

    def draw(self, rng: random.Random) -> Order:
        """A uniformly drawn option shape, then uniform fields: bots explore every verb."""
        return _draw(self.options, rng)

    def admits(self, order: Order) -> bool:
        """Whether `order` is one of the legal orders."""
        return any(option.admits(order) for option in self.options)

    def verbs(self) -> list[str]:
        return sorted({o.verb for o in self.options})


def _draw(shapes: Sequence[Option], rng: random.Random) -> Order:
    """A shape drawn uniformly among those with a legal order (each drawn shape without one
    is set aside and the draw repeated, so a `Later` domain is worked out only when its
    shape is drawn), then uniform fields."""
    pool = list(shapes)
    while pool:
        i = rng.randrange(len(pool))
        if pool[i].count() > 0:
            return pool[i].draw(rng)
        pool[i] = pool[-1]
        pool.pop()
    raise ValueError("no legal order to draw")


class DeferredOptions(OptionSet):
    """An `OptionSet` worked out when first read, for questions whose options are costly
    and often never read (a replay only finds the decision an entry answers).

    `work` must not depend on anything that may change before it runs: give it a private
    snapshot of the state, or say with `fresh` whether what it reads is still as it was
    (reading the options once it is not is an error).  Its shapes may hold `Later`
    domains: `draw` works out only the drawn shape's, while `options` (what the set shows
    and compares) has them all worked out, without the shapes left with no legal order.
    Equal to any option set with the same options."""

    def __init__(self, work: Callable[[], Iterable[Option]],
                 fresh: Callable[[], bool] | None = None) -> None:  # noqa: D107
        object.__setattr__(self, "_work", work)
        object.__setattr__(self, "_fresh", fresh)
        object.__setattr__(self, "_shapes", None)
        object.__setattr__(self, "_found", None)

    def _still_fresh(self) -> None:
        if self._fresh is not None and not self._fresh():
            raise RuntimeError("options read after the state they were worked out from "
                               "changed")

    @property
    def shapes(self) -> tuple[Option, ...]:
        """The options as `work` gave them (`Later` domains not yet worked out)."""
        if self._shapes is None:
            self._still_fresh()
            object.__setattr__(self, "_shapes", tuple(o for o in self._work() if o))
            object.__setattr__(self, "_work", None)
        return self._shapes

    @property  # type: ignore[override]
    def options(self) -> tuple[Option, ...]:
        if self._found is None:
            self._still_fresh()
            object.__setattr__(self, "_found", tuple(
                _worked_out(o) for o in self.shapes
                if not _has_later(o) or o.count() > 0))
        return self._found

    def draw(self, rng: random.Random) -> Order:
        if self._found is not None:
            return _draw(self._found, rng)
        self._still_fresh()
        return _draw(self.shapes, rng)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OptionSet):
            return NotImplemented
        return self.options == other.options

    def __hash__(self) -> int:
        return hash(self.options)

    def __repr__(self) -> str:
        return f"DeferredOptions({self.options!r})"

    def __reduce__(self) -> tuple:
        return (OptionSet, (self.options,))


def _has_later(option: Option) -> bool:
    return any(isinstance(d, Later) for _, d in option.fields)


def _worked_out(option: Option) -> Option:
    """`option` with its `Later` domains replaced by what they work out to."""
    if not _has_later(option):
        return option
    return Option(option.verb, tuple((n, d.found if isinstance(d, Later) else d)
                                     for n, d in option.fields), option.example)
