"""The Palace and the Domain: rooms, courtier spaces, payment sources (§3.1–3.5).

Rules: §3.1, §3.2, §3.5, §6.7
"""
from __future__ import annotations

from typing import Any, Iterator

from engine.contract import State
from games.virtu.kit import Kit

#: Which resources pay for each action (§5.2: L559, L579, L629, L639, L675, L717).
PAYS = {"govern": ("crown", "cross"), "patronage": ("florin", "crown", "cross"),
        "trade": ("ship",), "diplomacy": ("crown", "ship"),
        "military": ("cavalry", "ship", "war"), "intrigue": ("mask",)}


def cities_of(state: State, seat: str) -> list[str]:
    return [c for c, v in state["cities"].items() if v["owner"] == seat]


def unlocked(state: State, kit: Kit, seat: str) -> int:
    """Shaded courtier spaces open to `seat` (§3.1, L1011): Titles, Copernicus, The Prince
    and 5 or more cities (L962); at most the 3 the palace has."""
    player = state["players"][seat]
    count = sum(kit.token(t).get("spaces", 0) for t in player["domain"]
                if t in kit["tokens"]["titles"])
    count += sum(b in ("copernicus", "prince") for b in player["bonuses"])
    count += len(cities_of(state, seat)) >= kit.constant("cities_track", "unlock")
    return min(count, len(kit["palaces"]["spaces"]["shaded"]))


def sync_spaces(state: State, kit: Kit, seat: str) -> None:
    """Open shaded spaces, in the palace's order, up to `unlocked` (L962, L1011).  Closing
    one, below 5 cities, is its owner's choice (`games.virtu.shaded`)."""
    player = state["players"][seat]
    for slot in kit["palaces"]["spaces"]["open"]:
        player["courtiers"].setdefault(slot, None)
    closed = [s for s in kit["palaces"]["spaces"]["shaded"] if s not in player["courtiers"]]
    for slot in closed[:max(unlocked(state, kit, seat) - len(open_shaded(kit, player)), 0)]:
        player["courtiers"][slot] = None


def open_shaded(kit: Kit, player: dict[str, Any]) -> list[str]:
    """The shaded spaces open in `player`'s palace, in the palace's order."""
    return [s for s in kit["palaces"]["spaces"]["shaded"] if s in player["courtiers"]]


def discard(state: State, kit: Kit, seat: str, card: str) -> None:
    """A discarded Noble goes back to the supply, a Family card leaves the game (L1043)."""
    if card in kit["nobles"]["nobles"]:
        state["supply"]["nobles"][card] += 1


def palace_cards(player: dict[str, Any]) -> Iterator[str]:
    """Every card in a palace: Rooms, Upgrades and courtiers (L298)."""
    for room in player["rooms"]:
        for key in ("card", "upgrade"):
            if room[key]:
                yield room[key]
    for held in player["courtiers"].values():
        if held:
            yield held["card"]


def room_action(kit: Kit, seat: str, player: dict[str, Any], room: int) -> str:
    """The action of a Room: its card's action, else the printed one (L306, L469)."""
    card = player["rooms"][room]["card"]
    if card and kit.card(card)["action"]:
        return kit.card(card)["action"]
    return kit["palaces"]["palaces"][seat]["rooms"][room]


def free_slot(player: dict[str, Any]) -> str | None:
    return next((s for s, v in player["courtiers"].items() if v is None), None)


def sources(state: State, kit: Kit, seat: str, *, action: str | None,
            extra: tuple[str, ...] = ()) -> list[tuple[str, str, int]]:
    """What `seat` may pay with now, as ``(source, resource, amount)`` (§3.5, L479–490):
    during an action the Room's card, its Upgrade and (uncovered) the printed symbol, for that
    action only; always the available courtiers and Domain tokens; an active Alliance bonus
    with no enemy Agent (L1127).  One resource type per source per payment (L412); `extra`
    resources may be taken besides the action's (an Indulgence to remove on the way)."""
    player = state["players"][seat]
    spent = set(player["spent"])
    found: list[tuple[str, str, int]] = []
    if action is not None and player["marker"] is not None:
        room = player["rooms"][player["marker"]]
        for key in ("card", "upgrade"):
            if room[key] and key not in spent:
                found += [(key, r, n) for r, n in kit.card(room[key])["resources"].items()]
        printed = kit["palaces"]["printed"].get(kit["palaces"]["palaces"][seat]["rooms"]
                                                [player["marker"]])
        if room["card"] is None and printed and "printed" not in spent:
            found.append(("printed", printed, 1))
    for slot, held in player["courtiers"].items():
        if held and not held["used"] and held["card"] not in player["bought"]:
            found += [(slot, r, n) for r, n in kit.card(held["card"])["resources"].items()]
    for token, used in player["domain"].items():
        if not used and token not in player["bought"]:
            found += [(token, r, n) for r, n in kit.token(token)["resources"].items()]
    for power, ally in state["alliances"].items():
        if ally["holder"] == seat and ally["active"] and ally["agent"] in (None, seat):
            found += [(f"ally_{power}", r, n)
                      for r, n in kit["rules"]["alliances"][power]["bonus"].items()
                      if r != "war"]
    if action is not None:                      # Arrows only move the marker (L446–455)
        allowed = PAYS[action] + ("florin",) + extra
        found = [f for f in found if f[1] in allowed]
    return found


def spend(state: State, seat: str, source: str) -> None:
    """Mark `source` used: flip a courtier or token, move an Alliance disc right (L1129);
    a Room's card, Upgrade or printed symbol stays face up but pays only once (L410)."""
    player = state["players"][seat]
    if source in player["courtiers"]:
        player["courtiers"][source]["used"] = True
    elif source in player["domain"]:
        player["domain"][source] = True
    elif source.startswith("ally_"):
        state["alliances"][source[5:]]["active"] = False
    player["spent"].append(source)


def crowns_and_crosses(kit: Kit, player: dict[str, Any], symbol: str) -> int:
    """Every `symbol` printed on the palace's cards and the Domain's tokens, either side
    (L1196, L1222)."""
    total = sum(kit.card(c)["resources"].get(symbol, 0) for c in palace_cards(player))
    return total + sum(kit.token(t)["resources"].get(symbol, 0) for t in player["domain"])
