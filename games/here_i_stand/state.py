"""Here I Stand state: the schema, built from a scenario file, and the queries on it.

The state is plain data (str keys only, no tuples) so it round-trips through YAML and hashes
as canonical JSON.  It stores only what differs from the map data:

``spaces: {id: {control, religion, units: {power: {regulars, mercenaries, cavalry,
squadrons, corsairs}}, leaders: [...], unrest}}`` — every field optional: ``control`` only
when it is not the home power, ``religion`` only when ``protestant``, ``unrest`` only when
true, unit counts only when non-zero, ``units``/``leaders`` only when non-empty.  Sea zones
use the same record (``units`` and ``leaders`` only).

Top-level keys (see `new_state`): ``turn``, ``last_turn``, ``phase``, ``step`` (a counter
bumped by every applied order: decision ids derive from it), ``rulers``, ``wars`` and
``alliances`` (sorted pairs), ``minor_allies`` ({minor: major}), ``hands``, ``deck``,
``discard``, ``removed``, ``home_used`` (home cards played this turn, §6.1), the religious
struggle (``debaters``, ``reformers``, ``translations``, ``electorate_display``), the VP
sources (``bonus_vp``, ``chateaux_vp``, ``st_peters``, ``piracy``, ``marital``,
``pregnancy``, ``heirs``), ``vp_history`` (§23 tie-breaks), ``log`` (public, recent: structured entries, see `log`) and
``phase_data`` (whatever the current phase keeps).

Rule references (§) are to the Russian 1st-edition rulebook (digest: rules/digests/here_i_stand.md).

Rules: §2.2, §2.4 (control, friendly and enemy spaces: the queries every phase uses)
"""
from __future__ import annotations

import functools
from typing import Any, Iterable

from engine.contract import Reason
from engine.dice import Dice
from games.here_i_stand import facts
from games.here_i_stand.catalog import MAJOR_POWERS, MINOR_POWERS
from games.here_i_stand.mapdata import load_map
from games.here_i_stand.scenarios import load_scenario

State = dict[str, Any]

MAJORS = MAJOR_POWERS
MINORS = MINOR_POWERS
LAND = ("regulars", "mercenaries", "cavalry")
NAVAL = ("squadrons", "corsairs")
KINDS = LAND + NAVAL
LOG_LENGTH = 40


def board():
    """The map (loaded once)."""
    return load_map()


# ---------------------------------------------------------------- construction
def new_state(scenario: str, options: dict[str, Any], dice: Dice) -> State:
    """The state at the start of `scenario`'s first turn, before its first phase."""
    data = load_scenario(scenario)
    m = board()
    last_turn = int(options.get("last_turn") or data["last_turn"])
    spaces: dict[str, dict[str, Any]] = {}

    def rec(sid: str) -> dict[str, Any]:
        return spaces.setdefault(sid, {})

    for sid, power in data["control"].items():
        if sid in m.spaces and m.spaces[sid].home != power:
            rec(sid)["control"] = power
    for sid in data["religion"].get("protestant") or []:
        rec(sid)["religion"] = "protestant"
    for sid in data["unrest"]:
        rec(sid)["unrest"] = True
    for sid, stacks in data["units"].items():
        for stack in stacks:
            counts = {k: int(stack[k]) for k in KINDS if stack.get(k)}
            if counts:
                rec(sid).setdefault("units", {})[stack["power"]] = counts
            for lid in stack["leaders"]:
                rec(sid).setdefault("leaders", []).append(facts.leader_id(lid))
            if stack.get("counter"):
                rec(sid).setdefault("counters", []).append(stack["counter"])
    for r in spaces.values():
        if "leaders" in r:
            r["leaders"].sort()
    state: State = {
        "game": "here-i-stand",
        "scenario": str(data["scenario"]),
        "turn": int(data["first_turn"]),
        "first_turn": int(data["first_turn"]),
        "last_turn": last_turn,
        "phase": "setup",
        "step": 0,
        "phase_step": 0,
        "rulers": dict(data["rulers"]),
        "wars": sorted(sorted(p) for p in data["wars"]),
        "alliances": sorted(sorted(p) for p in data["alliances"]),
        "minor_allies": dict(data["activated_minors"]),
        "league": bool(data["schmalkaldic_league"]),
        "hungary_defeated": bool(data["hungary_defeated"]),
        "spaces": dict(sorted(spaces.items())),
        "out_of_play": sorted(data["spaces_out_of_play"]),
        "hands": {p: [] for p in MAJORS},
        "deck": [],
        "discard": [],
        "removed": sorted(int(c) for c in data["removed_cards"]),
        "home_used": [],
        "mandatory_played": sorted(int(c) for c in data["mandatory_events_played"]),
        "cards_in_play": [],
        "debaters": {side: [dict(d) for d in data["debaters_in_play"].get(side, [])]
                     for side in ("papacy", "protestant")},
        "debaters_out": list(data["debaters_removed"]),
        "reformers": dict(data["reformers"]),
        "reformers_out": list(data["reformers_removed"]),
        "translations": {k: dict(v) for k, v in data["translations"].items()},
        "electorate_display": dict(data["electorate_display"]),
        "excommunicated": list(data["excommunicated"]),
        "bonus_vp": {p: {} for p in MAJORS},
        "chateaux_vp": int(data["chateaux_vp"]),
        "st_peters": dict(data["st_peters"]),
        "piracy": {"vp": int(data["piracy"].get("vp", 0)),
                   "enabled": bool(data["piracy"].get("enabled"))},
        "marital": data["marital_status"],
        "pregnancy": [],
        "pregnancy_extra": False,
        "heirs": {"edward": None, "elizabeth": False},
        "new_world": data["new_world"],
        "captured": {},
        # diplomacy and the religious struggle (phases/diplomacy.py, religion.py)
        "jesuits": [],                  # spaces with a Jesuit university (§18.2)
        "loans": [],                    # squadrons on loan this turn (§9.2, back in Winter §19.1)
        "aragon_used": False,           # the Catherine of Aragon counter spent (§9.6, §21.3)
        "private_log": {p: [] for p in MAJORS},   # lines only that seat sees (cards received)
        "vp_history": [],
        "log": [],
        "phase_data": {},
        "outcome": None,
    }
    for power, n in data["war_winner_vp"].items():
        if n:
            state["bonus_vp"][power]["war_winner"] = int(n)
    if data.get("pregnancy"):
        state["pregnancy"] = list(data["pregnancy"]) if isinstance(data["pregnancy"], list) else []
    return state


# ---------------------------------------------------------------- logging
def msg(key: str, /, **params: Any) -> dict[str, Any]:
    """A structured message: ``{"msg": key, **params}``, params plain data (ids of powers,
    spaces, cards, leaders; numbers; lists of those; nested messages).  Reports render it in
    the reader's language from the catalog entry ``log.<key>`` (templates/here-i-stand/i18n),
    each parameter by its name (`games.here_i_stand.presenter.HIS_PARAMS`)."""
    out: dict[str, Any] = {"msg": key}
    for name, value in params.items():
        out[name] = _plain(value)
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, Reason):
        return msg(value.code, **value.params) if value.code else str(value)
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def log(state: State, key: str, /, **params: Any) -> None:
    """Append a public log entry ``{"t": turn, "msg": key, **params}`` (see `msg`; the last
    `LOG_LENGTH` are kept)."""
    entry = {"t": state["turn"], **msg(key, **params)}
    state["log"] = (state["log"] + [entry])[-LOG_LENGTH:]


def bump(state: State) -> None:
    state["step"] += 1


# ---------------------------------------------------------------- spaces
def record(state: State, sid: str) -> dict[str, Any]:
    """The (possibly empty) state record of a space or sea zone; read-only use."""
    return state["spaces"].get(sid, {})


def _edit(state: State, sid: str) -> dict[str, Any]:
    return state["spaces"].setdefault(sid, {})


def _tidy(state: State, sid: str) -> None:
    rec = state["spaces"].get(sid)
    if rec is None:
        return
    units = rec.get("units")
    if units is not None:
        for power in [p for p, c in units.items() if not any(c.values())]:
            del units[power]
        for counts in units.values():
            for k in [k for k, v in counts.items() if not v]:
                del counts[k]
        if not units:
            del rec["units"]
    if "leaders" in rec and not rec["leaders"]:
        del rec["leaders"]
    if not rec:
        del state["spaces"][sid]


def home(sid: str) -> str:
    m = board()
    return m.spaces[sid].home if sid in m.spaces else "sea"


def controller(state: State, sid: str) -> str:
    """Political controller of a land space (§2.2, §2.4)."""
    rec = state["spaces"].get(sid)
    return (rec.get("control") if rec else None) or _homes()[sid]


@functools.lru_cache(maxsize=1)
def _homes() -> dict[str, str]:
    """Each land space's home power (§2.1), for `controller`."""
    return {s.id: s.home for s in board().spaces.values()}


def set_control(state: State, sid: str, power: str) -> None:
    rec = _edit(state, sid)
    if board().spaces[sid].home == power:
        rec.pop("control", None)
    else:
        rec["control"] = power
    _tidy(state, sid)


def religion(state: State, sid: str) -> str:
    rec = state["spaces"].get(sid)
    return rec.get("religion", "catholic") if rec else "catholic"


def set_religion(state: State, sid: str, faith: str) -> None:
    rec = _edit(state, sid)
    if faith == "protestant":
        rec["religion"] = "protestant"
    else:
        rec.pop("religion", None)
    _tidy(state, sid)


def in_unrest(state: State, sid: str) -> bool:
    return bool(record(state, sid).get("unrest"))


def set_unrest(state: State, sid: str, on: bool) -> None:
    rec = _edit(state, sid)
    if on:
        rec["unrest"] = True
    else:
        rec.pop("unrest", None)
    _tidy(state, sid)


def in_play(state: State, sid: str) -> bool:
    return sid not in state["out_of_play"]


def is_fortified(sid: str, state: State | None = None) -> bool:
    """A fortified space of the map (§2.1), or one with a fortress marker (*Trace
    Italienne*, #104: the space record's ``fortress``) when `state` is given."""
    m = board()
    return sid in m.spaces and (m.spaces[sid].is_fortified
                                or (state is not None and bool(record(state, sid).get("fortress"))))


def add_fortress(state: State, sid: str) -> None:
    """A fortress marker on `sid` (*Trace Italienne*, #104)."""
    _edit(state, sid)["fortress"] = True


def add_haven(state: State, sid: str) -> None:
    """A pirate haven marker on `sid` (*Pirate Haven*, #89, §21.1 L1607): the space is
    fortified from now on (the haven marker is its fortress)."""
    rec = _edit(state, sid)
    rec["haven"] = True
    rec["fortress"] = True


def pirate_havens(state: State) -> tuple[str, ...]:
    """Algiers and the pirate havens (§21.1 L1607): where the Ottomans build only corsairs."""
    return tuple(sorted({"algiers"} | {sid for sid, rec in state["spaces"].items()
                                       if rec.get("haven")}))


def home_of(state: State, sid: str) -> str:
    """The home power of `sid` now (§2.1): the map's, except that a pirate haven is an
    Ottoman home space in every sense once it is one (§21.1 L1607: Oran or Tripoli after
    *Pirate Haven*; Algiers is Ottoman on the map), whoever controls it later."""
    return "ottoman" if is_haven(state, sid) else home(sid)


def is_haven(state: State, sid: str) -> bool:
    """Whether `sid` carries a pirate haven marker (§21.1 L1607), one space's look-up (the
    hot paths' form of `pirate_havens`; Algiers is Ottoman on the map)."""
    return bool(state["spaces"].get(sid, {}).get("haven"))


def home_spaces(state: State, power: str) -> tuple[str, ...]:
    """`power`'s home spaces now, by id (`home_of`: the havens are the Ottomans')."""
    own = set(board().spaces_of(home=power))
    havens = set(pirate_havens(state))
    return tuple(sorted(own | havens if power == "ottoman" else own - havens))


def fortress_markers(state: State) -> tuple[str, ...]:
    """Spaces with a fortress marker (*Trace Italienne*, #104)."""
    return tuple(sorted(sid for sid, rec in state["spaces"].items() if rec.get("fortress")))


# ---------------------------------------------------------------- units and leaders
def units(state: State, sid: str) -> dict[str, dict[str, int]]:
    """{power: {kind: n}} at a space or sea zone (read-only)."""
    return record(state, sid).get("units", {})


def count(state: State, sid: str, power: str, kinds: Iterable[str] = LAND) -> int:
    stack = units(state, sid).get(power)
    return sum(stack.get(k, 0) for k in kinds) if stack else 0


def land_powers(state: State, sid: str) -> list[str]:
    """Powers with land units at a space."""
    return [p for p, c in units(state, sid).items() if any(c.get(k) for k in LAND)]


def add_units(state: State, sid: str, power: str, kind: str, n: int) -> None:
    if n == 0:
        return
    stack = _edit(state, sid).setdefault("units", {}).setdefault(power, {})
    stack[kind] = stack.get(kind, 0) + n
    if stack[kind] < 0:
        raise ValueError(f"negative {kind} of {power} at {sid}")
    _tidy(state, sid)


def first_units(stack: dict[str, int], n: int, kinds: Iterable[str] = LAND) -> dict[str, int]:
    """The first `n` units of `stack`, kind by kind in `kinds` order: ``{kind: count}`` (fewer
    when the stack is smaller)."""
    out: dict[str, int] = {}
    for k in kinds:
        take = min(n, stack.get(k, 0))
        if take:
            out[k] = take
            n -= take
    return out


def leaders_at(state: State, sid: str) -> list[str]:
    return list(record(state, sid).get("leaders", []))


def leader_power(state: State, lid: str) -> str | None:
    """Who commands a leader now (Maurice of Saxony and renegades may change sides)."""
    owners = state.get("leader_owner") or {}
    if lid in owners:
        return owners[lid]
    return facts.leader(lid).power


def own_leaders(state: State, sid: str, power: str, naval: bool = False) -> list[str]:
    """Leaders of `power` at a space: army leaders (or naval leaders with ``naval``)."""
    out = []
    for lid in leaders_at(state, sid):
        owner = leader_power(state, lid)
        if facts.leader(lid).naval == naval and (owner == power or
                                                 state["minor_allies"].get(owner) == power):
            out.append(lid)
    return out


def move_leader(state: State, lid: str, src: str | None, dst: str | None) -> None:
    if src is not None:
        rec = _edit(state, src)
        rec["leaders"] = [x for x in rec.get("leaders", []) if x != lid]
        _tidy(state, src)
    if dst is not None:
        rec = _edit(state, dst)
        rec["leaders"] = sorted(set(rec.get("leaders", [])) | {lid})


def uncapture(state: State, lid: str) -> str | None:
    """Take a leader off its captor's card (§9.4 L560: ransomed, released, or gone from play);
    returns the captor, None when the leader was not captured."""
    for captor, held in list(state["captured"].items()):
        if lid in held:
            held.remove(lid)
            if not held:
                del state["captured"][captor]
            return captor
    return None


def where_is(state: State, lid: str) -> str | None:
    for sid, rec in state["spaces"].items():
        if lid in rec.get("leaders", ()):
            return sid
    return None


def army_limit(leader_ids: Iterable[str]) -> int:
    """Units an army may hold (§5.1): 4 with no leader, the command rating with one, the sum
    of the two best with two or more."""
    ratings = sorted((facts.leader(l).command for l in leader_ids), reverse=True)
    if not ratings:
        return 4
    return sum(ratings[:2])


# ---------------------------------------------------------------- diplomacy (§2.2, §9)
def _pair(a: str, b: str) -> list[str]:
    return sorted((a, b))


def major_of(state: State, power: str) -> str:
    """The major power acting for `power` (an activated minor acts for its ally, §22)."""
    return state["minor_allies"].get(power, power)


def at_war(state: State, a: str, b: str) -> bool:
    a, b = major_of(state, a), major_of(state, b)
    if a == b:
        return False
    return _pair(a, b) in state["wars"]


def allied(state: State, a: str, b: str) -> bool:
    """Same power, a minor activated by the other, or a major alliance (§9.2)."""
    a, b = major_of(state, a), major_of(state, b)
    return a == b or _pair(a, b) in state["alliances"]


def friendly(state: State, power: str, sid: str) -> bool:
    """Controlled by `power` or an ally (§2.2)."""
    return allied(state, power, controller(state, sid))


def enemy_space(state: State, power: str, sid: str) -> bool:
    """Controlled by a power at war with `power` (§2.2)."""
    return at_war(state, power, controller(state, sid))


def enemy_units_at(state: State, power: str, sid: str, kinds: Iterable[str] = LAND) -> bool:
    kinds = tuple(kinds)
    return any(at_war(state, power, p) and any(c.get(k) for k in kinds)
               for p, c in units(state, sid).items())


def foreign_units_at(state: State, power: str, sid: str, kinds: Iterable[str] = LAND) -> list[str]:
    """Powers other than `power` and its allies with units at a space."""
    kinds = tuple(kinds)
    return [p for p, c in units(state, sid).items()
            if not allied(state, power, p) and any(c.get(k) for k in kinds)]


# ---------------------------------------------------------------- keys, capitals
def capitals(power: str) -> tuple[str, ...]:
    """A power's capitals (the Hapsburgs have two, the Protestants none, §2.1)."""
    m = board()
    return tuple(s for s in m.capitals() if m.spaces[s].home == power)


@functools.lru_cache(maxsize=1)
def _keys() -> tuple[str, ...]:
    return tuple(s.id for s in board().spaces.values() if s.is_key)


def keys_controlled(state: State, power: str) -> list[str]:
    """Keys with this power's square marker: every key space it controls (§2.4, §6.2)."""
    return keys_by_controller(state).get(power, [])


def keys_by_controller(state: State) -> dict[str, list[str]]:
    """Every power's `keys_controlled`, found in one pass over the keys."""
    out = state["out_of_play"]
    by: dict[str, list[str]] = {}
    for k in _keys():
        if k not in out:
            by.setdefault(controller(state, k), []).append(k)
    return by


def keys_in_unrest(state: State, power: str) -> int:
    return sum(1 for s in keys_controlled(state, power) if in_unrest(state, s))


def electorates_controlled(state: State, power: str) -> list[str]:
    return [s for s in board().electorates() if controller(state, s) == power]


def protestant_spaces(state: State) -> int:
    """Spaces that are Protestant and not in unrest (the Protestant-spaces track, §23.2)."""
    return sum(1 for sid, rec in state["spaces"].items()
               if rec.get("religion") == "protestant" and not rec.get("unrest"))


# ---------------------------------------------------------------- cards
def admin_rating(state: State, power: str) -> int:
    return facts.ruler(state["rulers"][power]).admin


def card_bonus(state: State, power: str) -> int:
    return facts.ruler(state["rulers"][power]).card_bonus


def discard(state: State, number: int, *, as_event: bool) -> None:
    """Where a played card goes (§6.1, §6.2): home cards wait for the next Card Draw,
    cards removed by their event leave the game, the rest go to the discard pile."""
    c = facts.card(number)
    if c.type == "home":
        state["home_used"] = sorted(set(state["home_used"]) | {number})
    elif as_event and c.remove is True:
        state["removed"] = sorted(set(state["removed"]) | {number})
    else:
        state["discard"].append(number)


def hold_back(state: State, cards: list[int]) -> None:
    """Cards taken this impulse that may not be played before the next one (a card won by
    piracy, §16.4 L1087)."""
    data = state["phase_data"]
    found = held_back(state)
    data["held_back"] = {"impulse": data.get("impulse"), "cards": sorted(found | set(cards))}


def held_back(state: State) -> set[int]:
    """The cards `hold_back` keeps out of play this impulse."""
    data = state.get("phase_data") or {}
    found = data.get("held_back")
    if not found or found.get("impulse") != data.get("impulse"):
        return set()
    return set(found["cards"])


def pull_card(state: State, number: int) -> None:
    """Take card `number` out of the deck, the discard pile or a hand, wherever it is (a card
    a rule resolves: §19.8's forced events, Luther's 95 Theses)."""
    for pile in ("deck", "discard"):
        if number in state[pile]:
            state[pile].remove(number)
    for hand in state["hands"].values():
        if number in hand:
            hand.remove(number)


def seat_order() -> tuple[str, ...]:
    """The standard order of the major powers (§3.2)."""
    return MAJORS
