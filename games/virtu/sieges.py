"""End of Spring: sieges, battles on the plains, retreats, the new turn order (§6, L815–968).

The players' bonus declarations (E2, E3) and retreat choices (E4) are not asked yet: each side
follows its default of the digest's §11 (README, "Rule coverage").

Rules: §6.1, §6.2, §6.3, §6.4, §6.5, §6.6
"""
from __future__ import annotations

from typing import Any

from engine.contract import State
from games.virtu.common import log, moved_on_track, turn_order
from games.virtu.kit import Kit

BASTION = 2


def sieges_of(state: State, seat: str) -> list[str]:
    """The cities before which `seat` has Troops it does not control (L819), in id order
    (E1 default)."""
    return sorted(c for c, n in state["troops"][seat].items()
                  if n and state["cities"][c]["owner"] != seat)


def end_of_spring(state: State, kit: Kit) -> None:
    """§6: in turn order each player resolves all its sieges (L821); unused +1 tokens are
    discarded (L839); then the new turn order (L964)."""
    for seat in list(state["order"]):
        for city in sieges_of(state, seat):
            if state["troops"][seat].get(city):
                resolve(state, kit, seat, city)
        state["players"][seat]["war"] = 0
    state["order"] = turn_order(state)
    log(state, "turn_order", order=list(state["order"]))


def resolve(state: State, kit: Kit, seat: str, city: str) -> None:
    """A battle on the plains first against every other attacker there (L939; three or more:
    one after another in turn order, ruling R7), then the siege if `seat` still stands."""
    for rival in [s for s in state["order"] if s != seat]:
        if state["troops"][rival].get(city) and state["cities"][city]["owner"] != rival:
            if not battle(state, kit, seat, rival, city):
                return
    if state["troops"][seat].get(city):
        siege(state, kit, seat, city)


def battle(state: State, kit: Kit, seat: str, rival: str, city: str) -> bool:
    """Battle on the plains (L941–952): strength = Troops + bonuses; the loser loses all, the
    winner as many; a tie costs each 1 and both retreat.  True when `seat` goes on to the
    siege (the winner continues unless it would face a stronger city, E3 default)."""
    ours, theirs = state["troops"][seat][city], state["troops"][rival][city]
    a = ours + bonuses(state, kit, seat, ours, theirs)
    b = theirs + bonuses(state, kit, rival, theirs, a)
    if a == b:
        lose(state, seat, city, 1)
        lose(state, rival, city, 1)
        retreat(state, kit, seat, city)
        retreat(state, kit, rival, city)
        log(state, "battle_tie", seat=seat, rival=rival, city=city)
        return False
    winner, loser = (seat, rival) if a > b else (rival, seat)
    lost = state["troops"][loser][city]
    lose(state, loser, city, lost)
    lose(state, winner, city, lost)
    log(state, "battle", winner=winner, loser=loser, city=city, lost=lost)
    left = state["troops"][winner].get(city, 0)
    if left and left <= defence(state, kit, winner, city)[0]:
        retreat(state, kit, winner, city)
        log(state, "abandon", seat=winner, city=city)
        return False
    if winner == rival and left:
        siege(state, kit, rival, city)
    return winner == seat


def bonuses(state: State, kit: Kit, seat: str, strength: int, against: int) -> int:
    """Military bonuses spent while not winning (E2 default): +1 tokens, then the Cannons
    (+2, 1 florin, L855), Leonardo (+1, 1 florin, L847) and France (+2, L1160)."""
    player = state["players"][seat]
    added = 0
    while player["war"] and strength + added <= against:
        player["war"] -= 1
        added += 1
    if strength + added <= against and player["domain"].get("cannons") is False \
            and player["florins"]:
        player["florins"] -= 1
        player["domain"]["cannons"] = True
        added += 2
    if strength + added <= against and "leonardo" in player["bonuses"] and player["florins"]:
        player["florins"] -= 1
        added += 1
    france = state["alliances"]["france"]
    if strength + added <= against and france["holder"] == seat and france["active"] \
            and france["agent"] in (None, seat):
        france["active"] = False
        added += 2
    return added


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


def siege(state: State, kit: Kit, seat: str, city: str) -> None:
    """Strictly stronger wins (L897): losses (L901), capture, Trophy, Cathedral (L904–915);
    otherwise 1 Troop lost and the rest retreat (L919–937)."""
    troops = state["troops"][seat][city]
    defended, final = defence(state, kit, seat, city)
    attack = troops + bonuses(state, kit, seat, troops, defended)
    owner = state["cities"][city]["owner"]
    if attack <= defended:
        lose(state, seat, city, 1)
        retreat(state, kit, seat, city)
        log(state, "siege_lost", seat=seat, city=city, attack=attack, defence=defended)
        return
    defenders = state["troops"][owner].get(city, 0) if owner else 0
    lose(state, seat, city, (1 if final >= 3 else 0) + defenders)
    if owner:
        lose(state, owner, city, defenders)
    capture(state, kit, seat, city)
    log(state, "siege_won", seat=seat, city=city, attack=attack, defence=defended,
        owner=owner or "")


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


def lose(state: State, seat: str, city: str, count: int) -> None:
    """Lost Troops go back to the reserve (L902)."""
    troops = state["troops"][seat]
    troops[city] = max(troops.get(city, 0) - count, 0)
    if not troops[city]:
        del troops[city]


def retreat(state: State, kit: Kit, seat: str, city: str) -> None:
    """Survivors retreat free along a road to a city of theirs (L925), the lowest id; the
    paid retreat by sea (L927) is not taken without the player's word, so they are lost (E4
    default)."""
    count = state["troops"][seat].get(city, 0)
    if not count:
        return
    lose(state, seat, city, count)
    home = sorted(n for n in kit.roads(state["side"])[city]
                  if state["cities"].get(n, {}).get("owner") == seat)
    if home:
        state["troops"][seat][home[0]] = state["troops"][seat].get(home[0], 0) + count
        log(state, "retreat", seat=seat, city=city, to=home[0], troops=count)
    else:
        log(state, "retreat_lost", seat=seat, city=city, troops=count)


def ended(state: State, kit: Kit) -> bool:
    """§10 (L1176–1180): every city in play controlled, or a disc on the last space of the
    Cities track or of the Patronage track."""
    last = kit.constant("cities_track", "last")
    steps = len(kit["patronage"]["steps"])
    return (all(v["owner"] for v in state["cities"].values())
            or any(sum(v["owner"] == s for v in state["cities"].values()) >= last
                   for s in state["players"])
            or any(p["patronage"] >= steps for p in state["players"].values()))


