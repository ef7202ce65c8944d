"""The counter mix as a hard limit, by denomination (§5, §5.2, §17; example E12).

A power's land units stand on the map as counters of value 1, 2, 4 and 6 (§5.2 L283); a power
has only so many counters of each value (pieces.yaml ``counters``).  A major power's counter is
two-sided (regular on one side, mercenary or Ottoman cavalry on the other, L293-297), so the
pool of a value is shared by both kinds; a minor or independent counter shows one value on
its front and another on its back (``minor_land``).  Each stack — one owner's units of one
kind in one space — needs counters adding up to its size, and players may swap small counters
for a bigger one at any time (L283, E12: three "1"s give a "4" for a fourth unit), so the mix
only asks whether *some* assignment of counters to stacks exists.

`fits` decides that; `choose`, `choose_army`, `split_fits` and `army_counts` say which
units may leave a stack (a move, a retreat, a foreign war: §5.2 lets a split use only the
free counters); `can_add` and `fitting` say which numbers of new units a space can take; `trim`
applies §5.2's extra losses (L283: a stack no counters can represent loses units on the spot).

Rules: §5, §5.2
"""
from __future__ import annotations

import functools
from typing import Callable, Iterable, Iterator

from engine.contract import IllegalOrder
from engine.contract import Reason as R
from engine.options import Count, OneOf, Option
from games.here_i_stand import facts
from games.here_i_stand import state as S
from games.here_i_stand.catalog import load_pieces

#: One kind of counter: (how many there are, the values it can show).
CounterKind = tuple[int, tuple[int, ...]]
Pool = tuple[CounterKind, ...]


@functools.lru_cache(maxsize=None)
def pool(owner: str) -> Pool | None:
    """The land counters of `owner` (§5.2), or None when the data gives none (no limit)."""
    counters = load_pieces().counters
    major = (counters.get("land") or {}).get(owner)
    if major is not None:
        return tuple((int(n), (int(d),)) for d, n in sorted(major["denominations"].items(),
                                                              key=lambda kv: -int(kv[0])))
    minor = (counters.get("minor_land") or {}).get(owner)
    if minor is not None:
        return tuple((int(e["count"]), tuple(sorted({int(v) for v in (e.get("front"), e.get("back"))
                                                     if v}, reverse=True)))
                     for e in minor)
    return None


def on_map(state: S.State, owner: str) -> dict[tuple[str, str], int]:
    """`owner`'s land stacks on the map: ``{(space, kind): n}`` (§5.2)."""
    out: dict[tuple[str, str], int] = {}
    for sid, rec in state["spaces"].items():
        mine = rec.get("units", _NONE).get(owner)
        if mine:
            for k, n in mine.items():
                if n and k in _LAND:
                    out[(sid, k)] = n
    return out


_NONE: dict = {}
_LAND = frozenset(S.LAND)


def off_map(state: S.State, owner: str) -> list[int]:
    """Stacks of `owner`'s land counters off the map: the Protestant electorate display
    (§21.6), foreign-war cards (§21.7, a stack per kind) and besieged units set aside during
    a relief battle (§15.2)."""
    return list(_off_map(state, owner).values())


def stacks(state: S.State, owner: str) -> list[int]:
    """The sizes of all `owner`'s land stacks, on and off the map."""
    return list(placed(state, owner).values())


#: A stack's place and kind: ``(space, kind)`` on the map, ``("war:<card>", kind)`` for a
#: foreign-war card (§21.7), ``("electorate:<space>", "regulars")`` on the display (§21.6),
#: ``("aside:<space>", kind)`` for besieged units set aside during a relief battle (§15.2).
Key = tuple[str, str]


def war_place(card: str) -> str:
    """The place of the units on foreign-war card `card` (§21.7), for `fits_after`."""
    return f"war:{card}"


def placed(state: S.State, owner: str) -> dict[Key, int]:
    """All `owner`'s land stacks by place and kind, on and off the map (`stacks`)."""
    return {**on_map(state, owner), **_off_map(state, owner)}


def _off_map(state: S.State, owner: str) -> dict[Key, int]:
    out = {(war_place(card), k): int(n) for card, w in (state.get("foreign_wars") or {}).items()
           if w["power"] == owner for k, n in w["units"].items() if n}
    relief = (state.get("phase_data") or {}).get("relief")
    if relief:                  # besieged units set aside during a relief battle (§15.2)
        out.update({(f"aside:{relief['space']}", k): int(n)
                    for k, n in relief["aside"]["units"].get(owner, {}).items() if n})
    if owner == "protestant":
        out.update({(f"electorate:{sid}", "regulars"): int(n)
                    for sid, n in state.get("electorate_display", {}).items() if n})
    return out


#: What the checks of one unchanged state share (an army's splits, a power's moves, the
#: winter returns), by owner: its stacks (`placed`) and the answers `fits_after` found, keyed
#: by the sizes the deltas change (from, to) -- with the other stacks as they are, those
#: decide the answer.
Bases = dict[str, tuple[dict[Key, int], dict[tuple[tuple[int, int], ...], bool]]]


def fits_after(state: S.State, owner: str, deltas: dict[Key, int],
               bases: Bases | None = None) -> bool:
    """Whether `owner`'s land stacks can all be shown with its counters once `deltas`
    (``{(place, kind): change}``) are applied (§5.2 L283: a split must leave stacks the free
    counters, swaps included, can show); `bases`: what is known of this state."""
    kinds = pool(owner)
    if kinds is None:
        return True
    if bases is None:
        sizes = placed(state, owner)
        for key, d in deltas.items():
            sizes[key] = sizes.get(key, 0) + d
        return fits(sizes.values(), kinds)
    known = bases.get(owner)
    if known is None:
        known = bases[owner] = (placed(state, owner), {})
    stacks, answers = known
    change = tuple(sorted((stacks.get(k, 0), stacks.get(k, 0) + d) for k, d in deltas.items()))
    if change not in answers:
        sizes = dict(stacks)
        for key, d in deltas.items():
            sizes[key] = sizes.get(key, 0) + d
        answers[change] = fits(sizes.values(), kinds)
    return answers[change]


def _mixes(have: dict[str, int], n: int, order: tuple[str, ...]) -> Iterator[dict[str, int]]:
    """Every way to take `n` units from `have`, the first kinds of `order` taken as much as
    possible first (`S.first_units` comes first)."""
    if not order:
        if n == 0:
            yield {}
        return
    kind, rest = order[0], order[1:]
    for take in range(min(n, have.get(kind, 0)), -1, -1):
        for more in _mixes(have, n - take, rest):
            yield {kind: take, **more} if take else more


def choose(state: S.State, owner: str, src: str, n: int, dst: str | None,
           order: tuple[str, ...] = S.LAND, have: dict[str, int] | None = None,
           bases: Bases | None = None) -> dict[str, int] | None:
    """`n` of `owner`'s land units at `src` (of `have` when given: those free to go) that
    may move to `dst` (a space or a `war_place`; None: they are removed) leaving a mix its
    counters can show (§5.2), preferring the kinds of `order` in turn; None when no choice
    fits.  `bases`: the stacks known for this state (`fits_after`)."""
    have = S.units(state, src).get(owner, {}) if have is None else have
    for take in _mixes(have, n, order):
        if split_fits(state, owner, src, take, dst, bases):
            return take
    return None


def choose_army(state: S.State, stacks: dict[str, dict[str, int]], src: str, n: int,
                dst: str | None, order: tuple[str, ...] = S.LAND,
                bases: Bases | None = None) -> dict[str, dict[str, int]] | None:
    """`n` units of an army at `src` whose owners' units free to go are `stacks` (``{owner:
    {kind: n}}``, the major first), moving to `dst` with every owner's counters able to
    show the split (§5.2): as many of the first owners' units as fit, kinds by `choose`;
    None when no choice fits.  `bases`: the stacks known for this state (`fits_after`)."""
    bases = {} if bases is None else bases
    owners = list(stacks)
    land = {o: sum(v for k, v in c.items() if k in S.LAND) for o, c in stacks.items()}

    def walk(i: int, left: int) -> dict[str, dict[str, int]] | None:
        if left == 0:
            return {}
        if i == len(owners):
            return None
        have = land[owners[i]]
        rest = sum(land[o] for o in owners[i + 1:])
        for k in range(min(have, left), max(left - rest, 0) - 1, -1):
            take = (choose(state, owners[i], src, k, dst, order, stacks[owners[i]], bases)
                    if k else {})
            if take is None:
                continue
            more = walk(i + 1, left - k)
            if more is not None:
                return {owners[i]: take, **more} if take else more
        return None

    return walk(0, n)


def split_fits(state: S.State, owner: str, src: str, take: dict[str, int],
               dst: str | None, bases: Bases | None = None) -> bool:
    """Whether moving `take` (``{kind: n}``) of `owner`'s units from `src` to `dst` (None:
    removed) leaves a mix its counters can show (§5.2); `bases`: as in `fits_after`."""
    deltas: dict[Key, int] = {}
    for kind, v in take.items():
        if v:
            deltas[(src, kind)] = deltas.get((src, kind), 0) - v
            if dst is not None:
                deltas[(dst, kind)] = deltas.get((dst, kind), 0) + v
    return not deltas or fits_after(state, owner, deltas, bases)


def army_counts(state: S.State, stacks: dict[str, dict[str, int]], src: str, most: int,
                dst: str | None, order: tuple[str, ...] = S.LAND,
                bases: Bases | None = None) -> tuple[int, ...]:
    """The numbers 1..`most` of an army's units (`choose_army`) that can move to `dst`;
    `bases`: the stacks known for this state (`fits_after`), shared by the counts.

    The answer depends only on numbers: the army's units by owner and kind, and for each
    owner the sizes of all its stacks and of its stacks at `src` and `dst` (a split is
    judged by `fits` on the sizes it leaves), so answers are kept by those numbers across
    states (`_COUNTS`)."""
    bases = {} if bases is None else bases
    most = min(most, sum(v for c in stacks.values() for k, v in c.items() if k in S.LAND))
    key = _counts_key(state, stacks, src, most, dst, order, bases)
    found = _COUNTS.get(key)
    if found is None:
        found = tuple(n for n in range(1, most + 1)
                      if choose_army(state, stacks, src, n, dst, order, bases) is not None)
        if len(_COUNTS) >= _COUNTS_KEPT:
            _COUNTS.clear()
        _COUNTS[key] = found
    return found


#: `army_counts` answers by `_counts_key`; cleared when `_COUNTS_KEPT` are kept.
_COUNTS: dict[tuple, tuple[int, ...]] = {}
_COUNTS_KEPT = 50_000


def _counts_key(state: S.State, stacks: dict[str, dict[str, int]], src: str, most: int,
                dst: str | None, order: tuple[str, ...], bases: Bases) -> tuple:
    """The numbers `army_counts`' answer depends on (its docstring)."""
    owners = []
    for owner, units in stacks.items():
        known = bases.get(owner)
        if known is None:
            known = bases[owner] = (placed(state, owner), {})
        mine = known[0]
        sizes = tuple(sorted(mine.values()))
        here = tuple(mine.get((src, k), 0) for k in S.LAND)
        there = None if dst is None else tuple(mine.get((dst, k), 0) for k in S.LAND)
        owners.append((owner, tuple(sorted(units.items())), sizes, here, there))
    return (tuple(owners), most, order, dst is None)


def _ways(n: int, left: tuple[int, ...], kinds: Pool, i: int = 0) -> Iterable[tuple[int, ...]]:
    """Every way to make `n` from counter kinds `i`.. with `left` counters of each kind:
    yields the counters left afterwards."""
    if n == 0:
        yield left
        return
    if i == len(kinds):
        return
    values = kinds[i][1]
    top = min(left[i], n // min(values))
    for used in range(top, -1, -1):
        for shown in _splits(used, values):
            total = sum(v * c for v, c in zip(values, shown))
            if total > n:
                continue
            after = left[:i] + (left[i] - used,) + left[i + 1:]
            yield from _ways(n - total, after, kinds, i + 1)


def _splits(used: int, values: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
    """How `used` counters split among the values they may show (one or two sides)."""
    if len(values) == 1:
        yield (used,)
        return
    for a in range(used, -1, -1):
        yield (a, used - a)


@functools.lru_cache(maxsize=65536)
def _fits(sizes: tuple[int, ...], left: tuple[int, ...], kinds: Pool) -> bool:
    if not sizes:
        return True
    first, rest = sizes[0], sizes[1:]
    return any(_fits(rest, after, kinds) for after in _leftovers(first, left, kinds))


@functools.lru_cache(maxsize=65536)
def _leftovers(n: int, left: tuple[int, ...], kinds: Pool) -> frozenset[tuple[int, ...]]:
    """The distinct counters left after making `n` (`_ways`)."""
    return frozenset(_ways(n, left, kinds))


def fits(sizes: Iterable[int], kinds: Pool | None) -> bool:
    """Whether stacks of these sizes can all be shown with the counters (§5.2)."""
    if kinds is None:
        return True
    ordered = tuple(sorted((s for s in sizes if s), reverse=True))
    if sum(ordered) > sum(n * max(v) for n, v in kinds):
        return False
    return _fits(ordered, tuple(n for n, _ in kinds), kinds)


def count_domain(numbers: tuple[int, ...]) -> Count | OneOf:
    """The domain of a unit count the mix allows: a range when `numbers` (ascending) has
    no gap (none: an empty domain)."""
    if not numbers:
        return OneOf(())
    if numbers[-1] - numbers[0] + 1 == len(numbers):
        return Count(numbers[0], numbers[-1])
    return OneOf(numbers)


def split_reason(power: str, src: str, n: int, fit: tuple[int, ...]) -> R:
    """Why `n` units may not leave `src`: the counters cannot show the split (§5.2 L283);
    `fit`: the numbers that can."""
    shown = ", ".join(map(str, fit)) or "-"
    return R(f"{power}'s counters cannot show {n} units leaving "
             f"{S.board().spaces[src].name_en} and those left behind (§5.2: a stack splits "
             f"only with free counters); numbers that fit: {shown}",
             "counter_split", power=power, n=n, space=src, fits=shown)


def split_refusal(power: str, src: str, n: int, fit: tuple[int, ...]) -> IllegalOrder:
    """`split_reason` as a refusal, the numbers that fit as hints."""
    return IllegalOrder(split_reason(power, src, n, fit), [str(x) for x in fit])


#: An owner's land stacks on the map and off it (`current`), worked out once for several
#: checks against one unchanged state, with the answers found so far (keyed by the sizes
#: the placements grow, which decide the stacks' sizes).
Mix = tuple[dict[tuple[str, str], int], list[int], dict[tuple[tuple[int, int], ...], bool]]


def current(state: S.State, owner: str) -> Mix:
    """`owner`'s land stacks on the map (`on_map`) and off it (`off_map`)."""
    return on_map(state, owner), off_map(state, owner), {}


def can_add(state: S.State, owner: str, sid: str, kind: str, n: int = 1,
            mix: Mix | None = None) -> bool:
    """Whether `n` more `kind` units of `owner` fit the counter mix at `sid` (§5, §17);
    `mix`: `current(state, owner)` when already known."""
    return can_place(state, owner, {sid: n}, kind, mix)


def can_add_to_war(state: S.State, owner: str, card: str, kind: str) -> bool:
    """Whether one more `kind` unit of `owner` fits the counter mix on foreign-war card
    `card`, where its new land units go while the war is short of units (§5.2, §21.7)."""
    kinds = pool(owner)
    if kinds is None:
        return True
    sizes = placed(state, owner)
    key = (war_place(card), kind)
    sizes[key] = sizes.get(key, 0) + 1
    return fits(list(sizes.values()), kinds)


def fitting(state: S.State, owner: str, sid: str, kind: str, most: int) -> tuple[int, ...]:
    """The numbers 1..`most` of new `kind` units of `owner` that fit at `sid` (§5.2: not
    always a range — with only a "2" counter left, 2 units fit and 1 does not)."""
    return tuple(n for n in range(1, most + 1) if can_add(state, owner, sid, kind, n))


def place_options(state: S.State, owner: str, spaces: Iterable[str], kind: str,
                  most: int) -> list[Option]:
    """``PLACE <n> IN <space>`` options for up to `most` new `kind` units of `owner`: one per
    set of numbers that fit the counter mix (§5.2), with the spaces where they fit, the
    largest first."""
    by_counts: dict[tuple[int, ...], list[str]] = {}
    for sid in spaces:
        counts = fitting(state, owner, sid, kind, most)
        if counts:
            by_counts.setdefault(counts, []).append(sid)
    return [Option.of("PLACE", f"PLACE {counts[-1]} IN {where[0]}", units=OneOf(counts),
                      space=OneOf(tuple(where)))
            for counts, where in sorted(by_counts.items(), key=lambda kv: (-kv[0][-1], kv[0]))]


def can_place(state: S.State, owner: str, placements: dict[str, int], kind: str,
              mix: Mix | None = None) -> bool:
    """Whether `owner` has counters for these new `kind` units, ``{space: n}`` (§5);
    `mix`: `current(state, owner)` when already known."""
    kinds = pool(owner)
    if kinds is None:
        return True
    placed, off, known = mix if mix is not None else current(state, owner)
    # the stacks differ from `placed` only where units are added: the sizes they grow from
    # and by decide the answer
    grown = tuple(sorted((placed.get((sid, kind), 0), n) for sid, n in placements.items()))
    if grown not in known:
        sizes = dict(placed)
        for sid, n in placements.items():
            sizes[(sid, kind)] = sizes.get((sid, kind), 0) + n
        known[grown] = fits(list(sizes.values()) + off, kinds)
    return known[grown]


def on_map_counts(state: S.State, power: str) -> tuple[int, int]:
    """(land units, naval counters) of `power` on the map."""
    land = naval = 0
    for rec in state["spaces"].values():
        c = rec.get("units", {}).get(power)
        if c:
            land += c.get("regulars", 0) + c.get("mercenaries", 0) + c.get("cavalry", 0)
            naval += c.get("squadrons", 0) + c.get("corsairs", 0)
    off = (state.get("naval_out") or {}).get("units", {}).get(power, {})
    naval += sum(off.values())                          # back in the pool next turn (§8.2)
    return land, naval


def naval_room(state: S.State, owner: str) -> int:
    """How many more naval units `owner`'s counters can show (§5: a hard limit)."""
    limit = facts.counter_limits().get(owner, {}).get("naval", 10 ** 6)
    return max(0, limit - on_map_counts(state, owner)[1])


#: Which kind a forced extra loss takes first (§5.2 L283: the owner's choice; by default the
#: cheapest to rebuild).
TRIM_ORDER = ("mercenaries", "cavalry", "regulars")


def trim(state: S.State, owner: str, sid: str) -> int:
    """§5.2 L283: after losses at `sid`, remove `owner`'s units there until its whole mix can
    be shown with its counters (logged); returns how many were removed."""
    removed = _cut(state, owner, lambda: S.units(state, sid).get(owner, {}),
                   lambda kind: S.add_units(state, sid, owner, kind, -1))
    if removed:
        S.log(state, "counter_trim", space=sid, power=owner, units=removed)
    return removed


def trim_war(state: S.State, owner: str, card: str) -> int:
    """§5.2 L283 with §21.7: after a foreign-war battle's losses, remove `owner`'s units on
    the card (where the battle was) until its whole mix can be shown (logged)."""
    units = state["foreign_wars"][card]["units"]

    def remove(kind: str) -> None:
        units[kind] -= 1
        if not units[kind]:
            del units[kind]
    removed = _cut(state, owner, lambda: units, remove)
    if removed:
        S.log(state, "counter_trim_war", card=int(card), power=owner, units=removed)
    return removed


def _cut(state: S.State, owner: str, here: Callable[[], dict[str, int]],
         remove: Callable[[str], None]) -> int:
    """Remove units of the stacks `here` gives (`TRIM_ORDER` first) until `owner`'s mix fits."""
    kinds = pool(owner)
    removed = 0
    while kinds is not None and not fits(stacks(state, owner), kinds):
        kind = next((k for k in TRIM_ORDER if here().get(k)), None)
        if kind is None:
            break
        remove(kind)
        removed += 1
    return removed
