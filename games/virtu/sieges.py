"""End of Spring, the rules a fight applies: which sieges there are, the city's strength,
capture (and the shaded space its loser closes, §6.7), losses, the end triggers (§6, L815–968; the questions are in `games.virtu.fights`).

Rules: §6.1, §6.3, §6.4
"""
from __future__ import annotations

from engine.contract import State
from games.virtu.common import moved_on_track
from games.virtu.kit import Kit
from games.virtu.shaded import shrink

BASTION = 2


def sieges_of(state: State, seat: str) -> list[str]:
    """The cities before which `seat` has Troops it does not control (L819), in id order
    (E1 default)."""
    return sorted(c for c, n in state["troops"][seat].items()
                  if n and state["cities"][c]["owner"] != seat)


def defence(state: State, kit: Kit, seat: str, city: str) -> tuple[int, int]:
    """(defender strength, final stability) against `seat` (§6.3, L865–895): stability −1 with
    the attacker's Agent, +1 in a neutral city with another's Agent, +2 with the owner's
    Bastion (L851); +1 per defending Troop.  "Final stability" leaves the Troops out
    (reading (b) of L901, ruling R1)."""
    place = state["cities"][city]
    stability = kit.city(city)["stability"]
    if place["agent"] == seat:
        stability -= 1
    elif place["agent"] is not None and place["owner"] is None:
        stability += 1
    owner = place["owner"]
    troops = 0
    if owner is not None:
        troops = state["troops"][owner].get(city, 0)
        if "bastion" in state["players"][owner]["bonuses"]:
            stability += BASTION
    return stability + troops, stability


def capture(state: State, kit: Kit, seat: str, city: str) -> None:
    """Disc on the city, its token used side up into the Domain, the Cathedral's too (L904,
    L915); a Trophy disc from the first capture from each opponent (L911)."""
    place = state["cities"][city]
    owner = place["owner"]
    token = state["supply"]["city_tokens"][city]
    player = state["players"][seat]
    player["domain"][token] = True
    if owner is not None:
        loser = state["players"][owner]
        loser["domain"].pop(token, None)
        if owner not in player["trophies"]:
            player["trophies"].append(owner)
        if place["cathedral"]:
            cathedral = next(t for t in loser["domain"] if t == f"cathedral_{city}")
            del loser["domain"][cathedral]
            player["domain"][cathedral] = True
    place["owner"] = seat
    moved_on_track(state, kit, seat)
    if owner is not None:
        moved_on_track(state, kit, owner)
        shrink(state, kit, owner)


def lose(state: State, seat: str, city: str, count: int) -> None:
    """Lost Troops go back to the reserve (L902)."""
    troops = state["troops"][seat]
    troops[city] = max(troops.get(city, 0) - count, 0)
    if not troops[city]:
        del troops[city]


def ended(state: State, kit: Kit) -> bool:
    """§10 (L1176–1180): every city in play controlled, or a disc on the last space of the
    Cities track or of the Patronage track."""
    last = kit.constant("cities_track", "last")
    steps = len(kit["patronage"]["steps"])
    return (all(v["owner"] for v in state["cities"].values())
            or any(sum(v["owner"] == s for v in state["cities"].values()) >= last
                   for s in state["players"])
            or any(p["patronage"] >= steps for p in state["players"].values()))


