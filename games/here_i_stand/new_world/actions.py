"""The New World CP actions: explore, colonize, conquer (§20.1–§20.3, §11.1 L656).

Only England, France and the Hapsburgs take them, each **once per power per turn**; the
marker put on "Crossing Atlantic" is the reminder (L1523), so a marker already there this
turn blocks the action, including the Hapsburg exploration and conquest that start the 1517
scenario there (L1529, L1563).  A marker placed by an event that the rulebook exempts
(*Sebastian Cabot*, *Potosí Silver Mines*) carries ``free: true`` and does not count.
Explore needs an explorer left in the pool (L1529), conquer a conquistador or conquerors
marker left (L1563), colonize a colony below the limit (England/France 2, Hapsburgs 3, L1523)
and a colony marker left (*Potosí Silver Mines* takes one out of the game).  A voyage that
*Fountain of Youth* or *Search for Cibola* cancelled waits on the turn track
(``turn_track``) until the New World phase: it still counts toward the limit.

Rules: §20.1 (colonize), §20.2 (explore), §20.3 (conquer)
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from engine.contract import IllegalOrder, Reason
from engine.options import Option
from games.here_i_stand import choices
from games.here_i_stand import state as S
from games.here_i_stand.catalog import load_pieces, load_powers, load_tables

#: The powers that may go to the New World (§20).
POWERS = ("hapsburg", "england", "france")
#: CP action verb -> (cost-table row, Crossing-Atlantic marker).
ACTIONS = {"EXPLORE": ("explore", "exploration_underway"),
           "COLONIZE": ("colonize", "colony"),
           "CONQUER": ("conquer", "conquest_underway")}
WORDS = {"EXPLORE": "EXPLORE", "ИССЛЕДОВАТЬ": "EXPLORE", "COLONIZE": "COLONIZE",
         "КОЛОНИЗИРОВАТЬ": "COLONIZE", "CONQUER": "CONQUER", "ЗАВОЕВАТЬ": "CONQUER"}


def world(state: S.State) -> dict[str, Any]:
    """The New World record, with the keys this package adds filled in."""
    nw = state["new_world"]
    for key in ("removed_explorers", "removed_conquistadors", "placed", "found_by",
                "colony_markers_removed"):
        nw.setdefault(key, {})
    for key in ("crossing_atlantic", "colonies", "turn_track", "raiders", "galleons",
                "plantations", "depleted"):
        nw.setdefault(key, [])
    return nw


def cost(power: str, verb: str) -> int | None:
    """CP cost of a New World action for `power` (§11.1 table), None if it may not take it."""
    return load_powers().action_cost(power, ACTIONS[verb][0])


def crossing(state: S.State, power: str, marker: str) -> list[dict[str, Any]]:
    return [i for i in world(state)["crossing_atlantic"]
            if i.get("power") == power and i.get("marker") == marker]


def _out(state: S.State, power: str, key: str) -> list[str]:
    nw = world(state)
    return list(nw[key].get(power, [])) + list(nw["placed"].get(power, []))


def explorers_left(state: S.State, power: str) -> list[str]:
    """Explorers in `power`'s pool: not lost, not sitting on a discovery, not yet drawn, never
    the Cabot counters (card #99 only)."""
    gone = _out(state, power, "removed_explorers")
    gone += [i["explorer"] for i in crossing(state, power, "exploration_underway")
             if i.get("explorer")]
    return sorted(e.id for e in load_pieces().explorers.values()
                  if e.power == power and e.enters is None and e.id not in gone)


def conquistadors_left(state: S.State, power: str) -> list[str]:
    """Conquistadors (Hapsburgs) or conquerors markers (England, France) in the pool; a marker
    with ``count`` n appears n times less those used up."""
    gone = _out(state, power, "removed_conquistadors")
    gone += [i["conquistador"] for i in crossing(state, power, "conquest_underway")
             if i.get("conquistador")]
    left: list[str] = []
    for c in load_pieces().conquistadors.values():
        if c.power == power:
            left += [c.id] * max(0, c.count - gone.count(c.id))
    return sorted(left)


def colonies_of(state: S.State, power: str) -> int:
    """Colonies `power` has in the New World and crossing the Atlantic (§20.1)."""
    nw = world(state)
    return (sum(1 for c in nw["colonies"] if c.get("power") == power)
            + len(crossing(state, power, "colony")))


def colony_markers_left(state: S.State, power: str) -> list[str]:
    """`power`'s colony markers neither in play, crossing, nor out of the game (§20.1)."""
    nw = world(state)
    going = crossing(state, power, "colony")
    used = {c.get("name") for c in nw["colonies"]} | {i.get("name") for i in going}
    gone = set(nw["colony_markers_removed"].get(power, []))
    free = [n for n in load_pieces().colonies.get(power, ()) if n not in used | gone]
    return free[sum(1 for i in going if not i.get("name")):]


def _limited(state: S.State, power: str, marker: str) -> bool:
    return (any(not i.get("free") for i in crossing(state, power, marker))
            or any(i.get("power") == power and i.get("marker") == marker
                   for i in world(state)["turn_track"]))


def problem(state: S.State, power: str, verb: str) -> Reason | None:
    """Why `power` may not take the New World action `verb` now (None: it may)."""
    if power not in POWERS or cost(power, verb) is None:
        return Reason("only England, France and the Hapsburgs go to the New World (§20)",
                      "nw_not_power", power=power)
    marker = ACTIONS[verb][1]
    if _limited(state, power, marker):
        return Reason(f"{verb} is taken once per turn and is already crossing the Atlantic "
                      "(§11.1, §20)", "nw_once_per_turn", verb=verb)
    pending = [i for i in crossing(state, power, marker)
               if not i.get("explorer") and not i.get("conquistador")]
    if verb == "EXPLORE" and len(explorers_left(state, power)) <= len(pending):
        return Reason("no explorer is left in the pool (§20.2)", "nw_no_explorer")
    if verb == "CONQUER" and len(conquistadors_left(state, power)) <= len(pending):
        return Reason("no conquistador is left in the pool (§20.3)", "nw_no_conquistador")
    if verb == "COLONIZE":
        limit = load_tables().data["new_world"]["colony_limits"][power]
        if colonies_of(state, power) >= limit or not colony_markers_left(state, power):
            return Reason(f"at most {limit} colonies (§20.1)", "nw_colony_limit", n=limit)
    return None


def options(state: S.State, power: str, cp: int) -> Iterator[Option]:
    """The New World actions `power` may take with `cp` CP left."""
    def fits(verb: str) -> bool:
        need = cost(power, verb) if power in POWERS else None
        return need is not None and need <= cp and problem(state, power, verb) is None
    if fits("EXPLORE"):
        yield Option.of("EXPLORE", "EXPLORE")
    if fits("COLONIZE"):
        yield Option.of("COLONIZE", "COLONIZE")
    if fits("CONQUER"):
        yield Option.of("CONQUER", "CONQUER")


def verb_of(word: str) -> str | None:
    """The New World verb a first word names (English or Russian), if any."""
    return WORDS.get(word.upper())


def place(state: S.State, power: str, verb: str, **extra: Any) -> None:
    """Put `verb`'s marker for `power` on "Crossing Atlantic" (`extra`: ``free``, ``bonus``,
    a preset ``explorer``/``conquistador``)."""
    item: dict[str, Any] = {"power": power, "marker": ACTIONS[verb][1], **extra}
    world(state)["crossing_atlantic"].append(item)
    if verb == "EXPLORE":
        S.log(state, "nw_explore", power=power)
    elif verb == "COLONIZE":
        S.log(state, "nw_colonize", power=power)
    else:
        S.log(state, "nw_conquer", power=power)


def apply(state: S.State, power: str, verb: str, cp: int) -> int:
    """Take the New World action `verb`; returns its CP cost (raises `IllegalOrder`)."""
    why = problem(state, power, verb)
    if why:
        raise IllegalOrder(why)
    need = cost(power, verb) or 0
    if cp < need:
        raise IllegalOrder(Reason(f"this action costs {need} CP and {cp} are left",
                                  "action_cost", need=need, cp=cp))
    place(state, power, verb)
    return need


def one_or_ask(state: S.State, seat: str, card: int, kind: str, found: list[Any],
               act: Callable[[Any], None]) -> None:
    """A card event's choice: with one possibility `act(it)` at once, else ask `seat` the
    question `kind` about `card` (the New World cards that name a power or a voyage)."""
    if len(found) == 1:
        act(found[0])
    else:
        choices.push(state, {"kind": kind, "seat": seat, "card": card})
