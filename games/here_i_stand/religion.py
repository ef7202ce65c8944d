"""The religious struggle's dice procedures: reformation (§18.3) and counter-reformation (§18.4).

Reusable by every source of attempts — Luther's 95 Theses (§18.1), treatises, translations,
events, Burn Books — so the caller only says *how many* attempts, in which *target zone(s)*,
with which *bonus dice* and flags; this module answers which spaces may be targeted, counts
the dice of each side (with a breakdown, for reports and tests), rolls, and applies the
result (religion, electorate units, Karlstadt's unrest, Tetzel's St Peter's CP).

Rule references are to the Russian 1st-edition rulebook (`rules/000_56ee5f43e8c7cd41.txt`,
"L" = line).

**Targets** (§18.3 step 1, L1257-1262; §18.4 step 1): a space of the other faith that holds
a reformer (a Jesuit university for the Papacy), or is adjacent — passes *do* count here — to
a space of the converter's faith not in unrest, or is a port on a sea zone shared with such a
port.  A space may be targeted once per impulse (the caller keeps the ``attempted`` list).
Ottoman home spaces are Muslim or Orthodox and never change religion (§2.1, L76): they are
never targets and count for neither side.  *Book of Common Prayer* passes ``restrict`` (the
English home spaces).

**Dice** (§18.3 steps 2-3 and 6, §18.4 steps 2 and 6; §18.2 L1184-1224): 1 per adjacent space
of the side's faith, 1 per reformer (university) in an adjacent space, 1 per land stack of
the side in an adjacent space; 2 for a reformer (university) in the target, 2 for a stack of
the side in the target; neighbours across a pass or in unrest give nothing; at least 1 die.
Each power's land stack counts once whatever its size (a single unit is a stack, L1278); two
powers' stacks in one space are two stacks.  Which units are Protestant or Catholic (§18.2
L1198-1220): Protestant power; England under Edward VI or Elizabeth I (Scots allied to England
follow England); Catholic: Papacy, Hapsburgs, France, England under Mary I, Scots not allied
to England, Venice, Genoa, Hungary-Bohemia, independents (the Knights included); neutral:
Ottomans and England (and allied Scots) under Henry VIII.  An active minor counts as its
major (§22.3 L1839).  Bonus dice (step 3): +1 while *Printing Press* is in effect this turn
(``state["printing_press"] == turn``), plus the caller's ``bonus_dice`` (95 Theses +1, a
debater's bonus +1).

**Resolution** (§18.3 steps 4-8, L1284-1300): the converter's result is its highest die (+1 for
*Calvin's Institutes* or a full Bible when the target is in the target zone); 6 or more in the
target zone succeeds at once; otherwise the Papacy rolls and its highest die is compared;
the converter wins ties in the target zone(s), the Papacy elsewhere.  A success turns the
space Protestant (an electorate's first conversion brings its Protestant units from the
electorate display, §21.6 L1756-1760); a failure in the German zone with Karlstadt's bonus
puts the target in unrest.  Counter-reformation (§18.4, L1328-1361) mirrors it: *Augsburg
Confession* in effect (``state["augsburg_confession"] == turn``) takes 1 from each Papal die;
the automatic 6 and the ties in the target zone are the Papacy's only under Paul III or
Julius III, the Protestants win every other tie; Tetzel's bonus adds 1 CP to St Peter's.

Rules: §18.3, §18.4
"""
from __future__ import annotations

import functools
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Callable, Iterable, Sequence

from engine.dice import Dice
from games.here_i_stand import state as S

PROTESTANT = "protestant"
CATHOLIC = "catholic"
ZONES = ("german", "french", "english", "italian", "spanish")
#: Popes under whom the Papacy auto-succeeds on a 6 and wins ties in its zone (§18.4 step 5).
STRONG_POPES = ("paul_iii", "julius_iii")
#: St Peter's: CP per VP box and the VP cap (§18.1 L1174; powers.yaml st_peters).
ST_PETERS_CP_PER_VP = 5
ST_PETERS_MAX_VP = 5


# ---------------------------------------------------------------- faith of spaces and stacks
def faith(state, sid: str) -> str | None:
    """``protestant``, ``catholic`` or None for Ottoman home spaces (never either, L76; the
    pirate havens are Ottoman home spaces, §21.1 L1607: `S.home_of`)."""
    if sid in _ottoman_homes() or S.is_haven(state, sid):
        return None
    return S.religion(state, sid)


@functools.lru_cache(maxsize=1)
def _ottoman_homes() -> frozenset[str]:
    return frozenset(s.id for s in S.board().spaces.values() if s.home == "ottoman")


def other(side: str) -> str:
    return CATHOLIC if side == PROTESTANT else PROTESTANT


def power_side(state, power: str) -> str | None:
    """The religious side of a power's land units (§18.2 L1198-1220, §22.3)."""
    if power == "protestant":
        return PROTESTANT
    if power == "ottoman":
        return None
    if power == "england":
        ruler = state["rulers"]["england"]
        if ruler in ("edward_vi", "elizabeth_i"):
            return PROTESTANT
        if ruler == "mary_i":
            return CATHOLIC
        return None                      # Henry VIII: neutral
    if power in S.MINORS:
        ally = state["minor_allies"].get(power)
        if ally is not None:
            return power_side(state, ally)
        return CATHOLIC                  # unallied Scots, Venice, Genoa, Hungary-Bohemia
    return CATHOLIC                      # Papacy, Hapsburgs, France, independents


def stacks(state, sid: str, side: str) -> int:
    """Land stacks of `side` in a space: one per power with land units (§18.2 L1198)."""
    return sum(1 for p in S.land_powers(state, sid) if power_side(state, p) == side)


def figures(state, sid: str, side: str) -> int:
    """Reformers (Protestant side) or Jesuit universities (Catholic side) in a space."""
    if side == PROTESTANT:
        return sum(1 for where in state["reformers"].values() if where == sid)
    return sum(1 for where in state.get("jesuits", []) if where == sid)


# ---------------------------------------------------------------- targets
def _same_sea(a: str, b: str) -> bool:
    m = S.board()
    return bool(set(m.spaces[a].ports) & set(m.spaces[b].ports))


def _base(state, sid: str, side: str) -> bool:
    """A space that lets `side` reach its neighbours: of that faith and not in unrest."""
    return faith(state, sid) == side and not S.in_unrest(state, sid)


@dataclass(frozen=True)
class Reach:
    """What lets `side` reach a target now (§18.3 step 1), worked out once for many targets:
    its bases (`_base`), the sea zones a base is a port of, and the spaces holding a
    reformer or Jesuit university of the side."""
    faiths: dict[str, str | None]
    bases: frozenset[str]
    zones: frozenset[str]
    figures: frozenset[str]


def faiths(state) -> dict[str, str | None]:
    """`faith` of every land space, in one pass over the space records."""
    out: dict[str, str | None] = dict.fromkeys(S.board().spaces, CATHOLIC)
    for sid, rec in state["spaces"].items():
        if rec.get("religion") == PROTESTANT and sid in out:
            out[sid] = PROTESTANT
    for sid in _ottoman_homes():
        out[sid] = None
    for sid in S.pirate_havens(state):
        out[sid] = None
    return out


def reach(state, side: str) -> Reach:
    """`Reach` of `side` in `state`."""
    m = S.board()
    found = faiths(state)
    bases = frozenset(s for s, f in found.items() if f == side and not S.in_unrest(state, s))
    held = (state["reformers"].values() if side == PROTESTANT else state.get("jesuits", []))
    return Reach(found, bases, frozenset(z for b in bases for z in m.spaces[b].ports),
                 frozenset(held))


def eligible(state, sid: str, side: str = PROTESTANT, known: Reach | None = None) -> str | None:
    """Why `sid` cannot be the target of a `side` conversion attempt, or None (step 1);
    `known`: `reach(state, side)` when already worked out."""
    m = S.board()
    if sid not in m.spaces:
        return "not a land space"
    if not S.in_play(state, sid):
        return f"{m.spaces[sid].name_en} is out of play"
    f = faith(state, sid) if known is None else known.faiths[sid]
    if f is None:
        return f"{m.spaces[sid].name_en} is an Ottoman home space: its religion never changes (§2.1)"
    if f == side:
        return f"{m.spaces[sid].name_en} is already {side}"
    if _reached(state, sid, side, known):
        return None
    what = "reformer" if side == PROTESTANT else "Jesuit university"
    return (f"{m.spaces[sid].name_en} is not next to a {side} space free of unrest, holds no "
            f"{what} and shares no sea zone with a {side} port (§18.3)")


def _reached(state, sid: str, side: str, known: Reach | None) -> bool:
    """A figure of `side` in `sid`, a base next to it, or a base that is a port of one of its
    sea zones (§18.3 step 1; `sid` is not of `side`, so never a base itself)."""
    m = S.board()
    if known is None:
        return (figures(state, sid, side) > 0
                or any(_base(state, n, side) for n in m.neighbours(sid))
                or any(p != sid and _base(state, p, side)
                       for zone in m.spaces[sid].ports for p in m.ports_of(zone)))
    return (sid in known.figures or any(n in known.bases for n in m.neighbours(sid))
            or any(zone in known.zones for zone in m.spaces[sid].ports))


def targets(state, side: str = PROTESTANT, *, attempted: Iterable[str] = (),
            restrict: Iterable[str] | None = None) -> list[str]:
    """Every legal target of a `side` attempt now, sorted by id (§18.3/§18.4 step 1)."""
    done = set(attempted)
    pool = S.board().spaces if restrict is None else list(restrict)
    known = reach(state, side)
    land = known.faiths
    # `eligible(state, s, side, known) is None`, without wording the refusals
    return sorted(s for s in pool if s not in done and s in land and S.in_play(state, s)
                  and land[s] not in (side, None) and _reached(state, s, side, known))


# ---------------------------------------------------------------- dice
@dataclass
class DiceCount:
    """The dice of one side for one target, term by term (§18.3 steps 2-3)."""
    adjacent_spaces: int = 0
    adjacent_figures: int = 0
    adjacent_stacks: int = 0
    figure_in_target: int = 0
    stack_in_target: int = 0
    bonus: int = 0
    total: int = 1

    def to_data(self) -> dict[str, int]:
        return asdict(self)


def count_dice(state, target: str, side: str, *, bonus: int = 0) -> DiceCount:
    """Dice of `side` for `target` (§18.3 steps 2-3 and 6, §18.4 steps 2 and 6)."""
    m = S.board()
    c = DiceCount(bonus=bonus)
    for n in m.neighbours(target):
        if m.is_pass(target, n) or S.in_unrest(state, n):
            continue
        if faith(state, n) == side:
            c.adjacent_spaces += 1
        c.adjacent_figures += figures(state, n, side)
        c.adjacent_stacks += stacks(state, n, side)
    c.figure_in_target = 2 * figures(state, target, side)
    c.stack_in_target = 2 * stacks(state, target, side)
    base = (c.adjacent_spaces + c.adjacent_figures + c.adjacent_stacks + c.figure_in_target
            + c.stack_in_target)
    c.total = max(1, base) + bonus
    return c


def protestant_bonus(state) -> int:
    """Bonus dice every Protestant attempt gets now: +1 with *Printing Press* this turn."""
    return 1 if state.get("printing_press") == state["turn"] else 0


# ---------------------------------------------------------------- conversion effects
def convert(state, sid: str, side: str) -> None:
    """Turn a space's religion; an electorate may bring its Protestant units (§21.6)."""
    S.set_religion(state, sid, side)
    if side == PROTESTANT:
        electorate_units(state, sid)


def electorate_units(state, sid: str) -> int:
    """Place an electorate's Protestant regulars from the electorate display (§21.6
    L1756-1760, L1772): before the Schmalkaldic League on its first conversion; after it,
    once the electorate is both Protestant and under Protestant control (call this again
    when such an electorate changes hands).  Returns the units placed."""
    display = state["electorate_display"]
    n = int(display.get(sid) or 0)
    if not n or S.religion(state, sid) != PROTESTANT:
        return 0
    if state["league"] and S.controller(state, sid) != "protestant":
        return 0
    del display[sid]
    S.add_units(state, sid, "protestant", "regulars", n)
    S.log(state, "electorate_units", n=n, space=sid)
    return n


def add_st_peters(state, cp: int) -> int:
    """Add CP to St Peter's (§18.1 L1174): each 5 CP make 1 VP, at most 5 VP.  Returns VP
    gained."""
    sp = state["st_peters"]
    gained = 0
    sp["cp"] = int(sp.get("cp", 0)) + cp
    while sp["cp"] >= ST_PETERS_CP_PER_VP and sp["vp"] < ST_PETERS_MAX_VP:
        sp["cp"] -= ST_PETERS_CP_PER_VP
        sp["vp"] += 1
        gained += 1
    if sp["vp"] >= ST_PETERS_MAX_VP:
        sp["cp"] = min(sp["cp"], ST_PETERS_CP_PER_VP - 1)
    return gained


# ---------------------------------------------------------------- attempts
@dataclass
class Attempt:
    """The record of one attempt (what reports and tests read)."""
    target: str
    side: str
    in_zone: bool
    dice: dict = field(default_factory=dict)          # the converter's DiceCount
    rolls: list = field(default_factory=list)
    result: int = 0
    defence: dict | None = None                       # the defender's DiceCount
    defence_rolls: list = field(default_factory=list)
    defence_result: int = 0
    automatic: bool = False
    success: bool = False
    unrest: bool = False

    def to_data(self) -> dict:
        return asdict(self)


def _in_zone(sid: str, zones: Sequence[str]) -> bool:
    return S.board().spaces[sid].language in tuple(zones)


def reformation_attempt(state, dice: Dice, target: str, *, zones: Sequence[str],
                        bonus_dice: int = 0, plus_one: bool = False,
                        karlstadt: bool = False, by: str = "protestant") -> Attempt:
    """One Protestant reformation attempt (§18.3 steps 2-8); the caller checked the target.

    `zones`: the target language zone(s) (ties and the automatic 6 only there); `bonus_dice`:
    95 Theses and debater dice; `plus_one`: *Calvin's Institutes* or a full Bible (+1 on each
    Protestant die in the zone); `karlstadt`: a German failure places unrest; `by`: who makes
    it (England for an English treatise), for the log only.
    """
    m = S.board()
    in_zone = _in_zone(target, zones)
    mine = count_dice(state, target, PROTESTANT, bonus=bonus_dice + protestant_bonus(state))
    rolls = dice.roll(mine.total)
    result = max(rolls) + (1 if plus_one and in_zone else 0)
    a = Attempt(target, PROTESTANT, in_zone, mine.to_data(), rolls, result)
    if result >= 6 and in_zone:
        a.automatic = a.success = True
    else:
        theirs = count_dice(state, target, CATHOLIC)
        a.defence, a.defence_rolls = theirs.to_data(), dice.roll(theirs.total)
        a.defence_result = max(a.defence_rolls)
        a.success = result > a.defence_result or (result == a.defence_result and in_zone)
    if a.success:
        convert(state, target, PROTESTANT)
    elif karlstadt and m.spaces[target].language == "german":
        S.set_unrest(state, target, True)
        a.unrest = True
    _log_attempt(state, "reform", by, a, mine.total)
    return a


def counter_reformation_attempt(state, dice: Dice, target: str, *, zones: Sequence[str],
                                bonus_dice: int = 0, tetzel: bool = False) -> Attempt:
    """One Papal counter-reformation attempt (§18.4 steps 2-9); the caller checked the target."""
    in_zone = _in_zone(target, zones)
    strong = state["rulers"]["papacy"] in STRONG_POPES
    malus = 1 if state.get("augsburg_confession") == state["turn"] else 0
    mine = count_dice(state, target, CATHOLIC, bonus=bonus_dice)
    rolls = dice.roll(mine.total)
    result = max(rolls) - malus
    a = Attempt(target, CATHOLIC, in_zone, mine.to_data(), rolls, result)
    if result >= 6 and in_zone and strong:
        a.automatic = a.success = True
    else:
        theirs = count_dice(state, target, PROTESTANT)
        a.defence, a.defence_rolls = theirs.to_data(), dice.roll(theirs.total)
        a.defence_result = max(a.defence_rolls)
        a.success = (result > a.defence_result
                     or (result == a.defence_result and in_zone and strong))
    if a.success:
        convert(state, target, CATHOLIC)
    if tetzel:
        add_st_peters(state, 1)
    _log_attempt(state, "counter_reform", "papacy", a, mine.total)
    return a


def _log_attempt(state, kind: str, by: str, a: Attempt, dice: int) -> None:
    """``reform_auto`` / ``reform_converted`` / ``reform_failed`` / ``reform_unrest`` (and
    the same for ``counter_reform``) with the dice of both sides."""
    if a.automatic:
        S.log(state, "reform_auto" if kind == "reform" else "counter_reform_auto", power=by,
              space=a.target, dice=dice, rolls=a.rolls, result=a.result)
    elif kind == "reform":
        S.log(state, "reform_converted" if a.success else "reform_unrest" if a.unrest
              else "reform_failed", power=by, space=a.target, dice=dice, rolls=a.rolls,
              result=a.result, dice2=a.defence["total"], rolls2=a.defence_rolls,
              result2=a.defence_result)
    else:
        S.log(state, "counter_reform_converted" if a.success else "counter_reform_unrest"
              if a.unrest else "counter_reform_failed", power=by, space=a.target, dice=dice,
              rolls=a.rolls, result=a.result, dice2=a.defence["total"],
              rolls2=a.defence_rolls, result2=a.defence_result)


# ---------------------------------------------------------------- odds (for defaults)
def _p_max_at_most(k: int, n: int) -> Fraction:
    return Fraction(max(0, min(k, 6)), 6) ** n


def success_chance(state, target: str, side: str, *, zones: Sequence[str],
                   bonus_dice: int = 0, plus_one: bool = False) -> Fraction:
    """The exact chance that an attempt on `target` succeeds now (used by NMR defaults)."""
    in_zone = _in_zone(target, zones)
    if side == PROTESTANT:
        n = count_dice(state, target, PROTESTANT, bonus=bonus_dice + protestant_bonus(state)).total
        m_ = count_dice(state, target, CATHOLIC).total
        shift = 1 if plus_one and in_zone else 0
        auto, ties = in_zone, in_zone
    else:
        n = count_dice(state, target, CATHOLIC, bonus=bonus_dice).total
        m_ = count_dice(state, target, PROTESTANT).total
        shift = -1 if state.get("augsburg_confession") == state["turn"] else 0
        strong = state["rulers"]["papacy"] in STRONG_POPES
        auto = ties = in_zone and strong
    total = Fraction(0)
    for face in range(1, 7):
        p_face = _p_max_at_most(face, n) - _p_max_at_most(face - 1, n)
        result = face + shift
        if auto and result >= 6:
            total += p_face
            continue
        beaten = _p_max_at_most(result if ties else result - 1, m_)
        total += p_face * beaten
    return total


def best_target(state, side: str, *, zones: Sequence[str], attempted: Iterable[str] = (),
                bonus_dice: int = 0, plus_one: bool = False,
                restrict: Iterable[str] | None = None,
                bonus_of: Callable[[str], int] | None = None) -> str | None:
    """The target with the best odds (ties: in a target zone, an electorate, then by id);
    `bonus_of` adds a debater's dice that depend on the target."""
    found = targets(state, side, attempted=attempted, restrict=restrict)
    if not found:
        return None
    m = S.board()

    def key(sid: str):
        extra = bonus_of(sid) if bonus_of is not None else 0
        chance = success_chance(state, sid, side, zones=zones, bonus_dice=bonus_dice + extra,
                                plus_one=plus_one)
        return (-chance, not _in_zone(sid, zones), m.spaces[sid].type != "electorate", sid)

    return min(found, key=key)
