"""End of the game and final scoring (§10, L1174–1226).

Rules: §10
"""
from __future__ import annotations

from engine.contract import State
from games.virtu.kit import Kit
from games.virtu.palace import cities_of, crowns_and_crosses, palace_cards


def religion_points(crosses: dict[str, int], table: list[int]) -> dict[str, int]:
    """Places by Crosses (L1204–1208); players tied for a place, and only they, each score
    the place after the one they share (L1210–1212)."""
    ranked = sorted(crosses, key=lambda s: -crosses[s])
    points: dict[str, int] = {}
    place = 0
    while place < len(ranked):
        group = [s for s in ranked if crosses[s] == crosses[ranked[place]]]
        index = place + 1 if len(group) > 1 else place
        for seat in group:
            points[seat] = table[index] if index < len(table) else 0
        place += len(group)
    return points


def track_points(positions: dict[str, int], table: list[int], leader: int) -> dict[str, int]:
    """Points by position, and the leader bonus to every player furthest along (L1188–1192)."""
    best = max(positions.values())
    return {s: table[min(p, len(table) - 1)] + (leader if p == best else 0)
            for s, p in positions.items()}


def crosses_of(state: State, kit: Kit, seat: str) -> int:
    """Crosses on palace cards and Domain tokens, either side (L1196), Duomo +1 and Sistine
    +2 (L614), and the HRE's with no enemy Agent and the bonus available (L1199, ruling R5)."""
    player = state["players"][seat]
    total = crowns_and_crosses(kit, player, "cross")
    total += ("duomo" in player["bonuses"]) + 2 * ("sistine" in player["bonuses"])
    hre = state["alliances"]["hre"]
    if hre["holder"] == seat and hre["active"] and hre["agent"] in (None, seat):
        total += kit["rules"]["alliances"]["hre"]["bonus"].get("cross", 0)
    return total


def score(state: State, kit: Kit) -> dict[str, dict[str, int]]:
    """Every player's prestige by source (L1186–1218)."""
    seats = list(state["order"])
    rules = kit["rules"]
    track = rules["cities_track"]
    cities = track_points({s: len(cities_of(state, s)) for s in seats}, track["pp"],
                          track["leader"])
    patron = kit["patronage"]["pp"]
    patronage = track_points({s: state["players"][s]["patronage"] for s in seats},
                             patron["values"], patron["leader"])
    religion = religion_points({s: crosses_of(state, kit, s) for s in seats},
                               rules["religion"][str(len(seats))])
    scoring = rules["scoring"]
    table = {}
    for seat in seats:
        player = state["players"][seat]
        printed = sum(kit.card(c)["pp"] for c in palace_cards(player))
        printed += sum(kit.token(t).get("pp", 0) for t in player["domain"])
        printed += sum(kit["patronage"]["bonuses"][b]["pp"] for b in player["bonuses"]
                       if kit["patronage"]["bonuses"][b]["place"] == "beside")
        alliances = sum(1 for a in state["alliances"].values()
                        if a["holder"] == seat and a["agent"] in (None, seat))
        indulgences = sum(r["indulgence"] for r in player["rooms"])
        table[seat] = {"cities": cities[seat], "patronage": patronage[seat],
                       "printed": printed, "religion": religion[seat],
                       "trophies": scoring["trophy"] * len(player["trophies"]),
                       "alliances": scoring["alliance"] * alliances,
                       "indulgences": scoring["indulgence"] * indulgences}
        table[seat]["total"] = sum(table[seat].values())
    return table


def winners(state: State, kit: Kit, table: dict[str, dict[str, int]]) -> tuple[str, ...]:
    """Most prestige; tie: most Crowns on cards and tokens; still tied: shared (L1220–1224)."""
    best = max(t["total"] for t in table.values())
    tied = [s for s, t in table.items() if t["total"] == best]
    crowns = {s: crowns_and_crosses(kit, state["players"][s], "crown") for s in tied}
    most = max(crowns.values())
    return tuple(s for s in state["order"] if s in tied and crowns[s] == most)
