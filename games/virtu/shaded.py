"""Below 5 cities a shaded courtier space closes, and its owner chooses which; a card on it
moves to a free courtier space or is discarded, even a used one (§6.7, L962, L1045).  The
owner is the defender of a lost city, so the question comes off its turn: it has a default
(E5) and a standing order.

Rules: §6.7
"""
from __future__ import annotations

from typing import Any

from engine.contract import State
from engine.options import OneOf, Option
from games.virtu.common import log
from games.virtu.kit import Kit
from games.virtu.palace import discard, open_shaded, unlocked

Order = dict[str, Any]
DISCARD = "discard"


def excess(state: State, kit: Kit, seat: str) -> int:
    """Shaded spaces open beyond what `seat` still unlocks."""
    return len(open_shaded(kit, state["players"][seat])) - unlocked(state, kit, seat)


def options(state: State, kit: Kit, seat: str) -> list[Option]:
    """``CLOSE <space>`` for an empty shaded space; ``CLOSE <space> <to>|discard`` for one
    holding a card (L1045)."""
    courtiers = state["players"][seat]["courtiers"]
    opened = open_shaded(kit, state["players"][seat])
    found = [Option.of("CLOSE", space=OneOf(tuple(s for s in opened if courtiers[s] is None)))]
    for space in (s for s in opened if courtiers[s] is not None):
        free = tuple(f for f, held in courtiers.items() if held is None and f != space)
        found.append(Option.of("CLOSE", space=OneOf((space,)), to=OneOf(free + (DISCARD,))))
    return [o for o in found if o.count()]


def default(state: State, kit: Kit, seat: str) -> Order:
    """E5: the last empty shaded space; else the card on the last shaded space moves to the
    first free space, or is discarded when there is none."""
    courtiers = state["players"][seat]["courtiers"]
    opened = open_shaded(kit, state["players"][seat])
    empty = [s for s in opened if courtiers[s] is None]
    if empty:
        return {"verb": "CLOSE", "space": empty[-1]}
    free = [f for f, held in courtiers.items() if held is None]
    return {"verb": "CLOSE", "space": opened[-1], "to": free[0] if free else DISCARD}


def apply(state: State, kit: Kit, seat: str, order: Order) -> None:
    """Close the space; ask again while another must close."""
    courtiers = state["players"][seat]["courtiers"]
    space = order["space"]
    held = courtiers.pop(space)
    log(state, "close_space", seat=seat, space=space)
    if held is not None and order["to"] == DISCARD:
        discard(state, kit, seat, held["card"])
        log(state, "discard", seat=seat, card=held["card"])
    elif held is not None:
        courtiers[order["to"]] = held
        log(state, "shift", seat=seat, card=held["card"], start=space, to=order["to"])
    state["ask"] = None
    shrink(state, kit, seat)


def shrink(state: State, kit: Kit, seat: str) -> None:
    """After a lost city: ask `seat` which shaded space to close while one must, unless
    there is a single way to do it."""
    if excess(state, kit, seat) <= 0:
        return
    ways = sum(o.count() for o in options(state, kit, seat))
    if ways > 1:
        state["ask"] = {"kind": "shaded", "seat": seat}
    else:
        apply(state, kit, seat, default(state, kit, seat))
