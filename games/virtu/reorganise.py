"""Winter B: palace reorganisation, one card at a time (§7.2, L997–1045).

Rules: §7.2
"""
from __future__ import annotations

from typing import Any

from engine.contract import State
from games.virtu.common import log
from games.virtu.kit import Kit


def locked(player: dict[str, Any], seat: str, room: int) -> bool:
    """No card enters or leaves a Room with the marker, an Indulgence or an enemy Agent
    (L1002)."""
    here = player["rooms"][room]
    return player["marker"] == room or here["indulgence"] or here["agent"] not in (None, seat)


def shifts(state: State, kit: Kit, seat: str) -> tuple[str, ...]:
    """Every legal single move ``<from>-<to>`` (§7.2): an available courtier to a free space,
    into a Room as its Action card (a card with an action, L1005) or as the Upgrade of its
    Action card (one at most, L308); a Room's card or Upgrade out to a free space (L1004; an
    Action card only once its Upgrade is out, ruling R19).  Never Room to Room (L1007)."""
    player = state["players"][seat]
    free = [s for s, held in player["courtiers"].items() if held is None]
    found = []
    for slot, held in player["courtiers"].items():
        if held is None or held["used"]:
            continue                                               # L1003
        found += [f"{slot}-{to}" for to in free]
        acts = bool(kit.card(held["card"])["action"])
        for n, room in enumerate(player["rooms"]):
            if locked(player, seat, n):
                continue
            if room["card"] is None and acts:
                found.append(f"{slot}-room{n + 1}")
            if room["card"] is not None and room["upgrade"] is None:
                found.append(f"{slot}-up{n + 1}")
    for n, room in enumerate(player["rooms"]):
        if locked(player, seat, n) or not free:
            continue
        if room["upgrade"] is not None:
            found += [f"up{n + 1}-{to}" for to in free]
        elif room["card"] is not None:
            found += [f"room{n + 1}-{to}" for to in free]
    return tuple(found)


def shift(state: State, kit: Kit, seat: str, move: str) -> None:
    """Carry out one move of `shifts`: out of a Room onto the used side (L1004)."""
    player = state["players"][seat]
    start, _, to = move.partition("-")
    if start.startswith(("room", "up")):
        room = player["rooms"][int(start.lstrip("roomup")) - 1]
        key = "card" if start.startswith("room") else "upgrade"
        card, room[key] = room[key], None
        player["courtiers"][to] = {"card": card, "used": True}
    else:
        held = player["courtiers"][start]
        player["courtiers"][start] = None
        if to.startswith(("room", "up")):
            key = "card" if to.startswith("room") else "upgrade"
            player["rooms"][int(to.lstrip("roomup")) - 1][key] = held["card"]
        else:
            player["courtiers"][to] = held
        card = held["card"]
    log(state, "shift", seat=seat, card=card, start=start, to=to)
