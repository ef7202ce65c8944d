"""Setup for 3, 4 and 5 players (§2, L120–201).

Rules: §2.1, §2.2, §2.3, §2.4
"""
from __future__ import annotations

from itertools import permutations
from typing import Any, Sequence

from engine.contract import IllegalOrder, Reason, State
from engine.dice import Dice
from games.virtu.kit import Kit, builtin, parse, sha_of

#: The families by player count (L168, L180, L190), in the order seats are offered.
SEATS = ("red", "yellow", "green", "blue", "white")
FAMILIES = {3: ("red", "yellow", "green"), 4: ("red", "yellow", "green", "blue"),
            5: SEATS}
#: Board side by player count (L166, L178, L188).
SIDE = {3: "four", 4: "four", 5: "five"}
ROOMS = 5
#: The moderator's safety cap on the game's length (ruling R8, not a rulebook rule): option
#: ``years``, off (0) unless set; `pbem simulate` sets it (`VirtuRules.simulation_options`)
#: as a safety net: random players reach an end by the rules (§10) after tens to hundreds
#: of Years (`games.virtu.choices`), the default bot never.
SIMULATION_YEAR_CAP = 200


def pinned_kit(options: dict[str, Any]) -> tuple[Kit, dict[str, Any]]:
    """The kit a new game runs on and how its state pins it (L-free: the data kit, §15)."""
    files = options.get("data")
    if files is None:
        kit = builtin()
        return kit, {"sha": kit.sha}
    if not isinstance(files, dict) or not all(isinstance(v, str) for v in files.values()):
        raise IllegalOrder(Reason("option data must map kit file names to their texts",
                                  "data_not_kit"))
    try:
        kit = parse(files)
    except ValueError as problem:
        raise IllegalOrder(Reason(f"option data: {problem}", "data_invalid",
                                  text=str(problem))) from None
    return kit, {"sha": sha_of(files), "files": dict(files)}


def setup(seats: Sequence[str], options: dict[str, Any], dice: Dice) -> State:
    """§2: the board side, the cities in play, each family's palace, domain, discs, troops,
    agents and florin; the seating and first player drawn with the game's dice (§2.4)."""
    unknown = set(options) - {"data", "years"}
    if unknown:
        name = sorted(unknown)[0]
        raise IllegalOrder(Reason(f"virtu has no option {name!r}", "no_option", game="virtu",
                                  text=name), ["data", "years"])
    years = options.get("years", 0)
    if not isinstance(years, int) or years < 0:
        raise IllegalOrder(Reason("option years must be a whole number >= 0", "years_invalid"))
    count = len(seats)
    if count not in FAMILIES or sorted(seats) != sorted(FAMILIES[count]):
        wanted = FAMILIES.get(count, FAMILIES[5])
        raise IllegalOrder(Reason(f"{count} players play the families {', '.join(wanted)} "
                                  "(L168-190)", "families", n=count, text=", ".join(wanted)),
                           list(wanted))
    kit, pin = pinned_kit(options)
    side = SIDE[count]
    in_play = [c for c in kit.cities(side) if not (count == 3 and kit.city(c)["star"])]
    order = list(seats)
    dice.shuffle(order)
    families = kit["families"]["families"]
    state: State = {
        "kit": pin, "provisional": bool(kit.provisional()), "side": side, "players_count": count,
        "year": 1, "season": "setup", "years": years, "final": False,
        "order": order, "turn": 0, "step": 0,
        "cities": {c: {"owner": None, "agent": None, "cathedral": False} for c in in_play},
        "troops": {s: {} for s in seats},
        "alliances": {p: {"holder": None, "active": False, "agent": None}
                      for p in kit["rules"]["alliances"]},
        "supply": _supply(kit, count),
        "players": {s: _player(kit, s, families[s]) for s in seats},
        "layouts": {s: None for s in seats},
        "ask": None, "pool": {}, "log": [], "stamp": 0, "track": {},
        "queue": [], "fight": None, "retreats": [],
    }
    for n, seat in enumerate(reversed(order)):            # first player's disc on top (L144)
        state["track"][seat] = n
    state["stamp"] = len(order)
    for seat in seats:
        for city in families[seat]["start"]:
            state["cities"][city]["owner"] = seat
            state["troops"][seat][city] = 1              # 1 troop beside each (L150)
    return state


def _supply(kit: Kit, count: int) -> dict[str, Any]:
    tokens = kit["tokens"]
    return {
        "nobles": {n: v["copies"] for n, v in kit["nobles"]["nobles"].items()},
        "titles": sorted(tokens["titles"]), "guilds": sorted(tokens["guilds"]),
        "cathedrals": tokens["cathedral"]["count"],
        "bonuses": sorted(kit["patronage"]["bonuses"]),
        "indulgences": kit.constant("supplies", "indulgences"),
        "city_tokens": {c: _city_token(kit, c, count) for c in kit.cities(SIDE[count])},
    }


def _city_token(kit: Kit, city: str, count: int) -> str:
    """The token of `city` in play: Rome's crested one only with 5 players (L174, L192)."""
    if city == "rome":
        return "rome" if count == 5 else "rome_neutral"
    return next(t for t, v in kit["tokens"]["cities"].items() if v["city"] == city)


def _player(kit: Kit, seat: str, family: dict[str, Any]) -> dict[str, Any]:
    """One family's palace and belongings at the start (L134–158)."""
    supplies = kit["rules"]["supplies"]
    return {
        "florins": supplies["florins_start"], "marker": None,
        "rooms": [{"card": None, "upgrade": None, "indulgence": False, "agent": None}
                  for _ in range(ROOMS)],
        "courtiers": {slot: None for slot in kit["palaces"]["spaces"]["open"]},
        "domain": {_city_token(kit, c, 5 if seat == "white" else 4): False
                   for c in family["start"]},
        "agents": family["agents"], "patronage": 0, "bonuses": [], "trophies": [],
        "year_flags": [], "war": 0, "bought": [], "spent": [], "passed": [],
    }


def family_cards(kit: Kit, seat: str) -> list[str]:
    return [c for c, v in kit["families"]["cards"].items() if v["family"] == seat]


def layouts(kit: Kit, seat: str) -> list[str]:
    """Every placement of the 3 Family cards (S3, L138): one slot per card, in card order;
    a Room ``room1``..``room5`` as its Action card for a card with an action (L1005), or
    ``up1``..``up5`` as the Upgrade of the Action card placed in that Room (L308)."""
    cards = family_cards(kit, seat)
    slots = ([f"room{n}" for n in range(1, ROOMS + 1)] + [f"up{n}" for n in range(1, ROOMS + 1)]
             + list(kit["palaces"]["spaces"]["open"]))
    found = []
    for chosen in permutations(slots, len(cards)):
        if all(_fits(kit, card, slot, chosen) for card, slot in zip(cards, chosen)):
            found.append(" ".join(chosen))
    return found


def _fits(kit: Kit, card: str, slot: str, chosen: tuple[str, ...]) -> bool:
    if slot.startswith("room"):
        return bool(kit.card(card)["action"])
    if slot.startswith("up"):
        return f"room{slot[2:]}" in chosen
    return True


def place_family(state: State, kit: Kit, seat: str, layout: str) -> None:
    """Put the Family cards where `layout` says (S3), courtiers on their available side."""
    player = state["players"][seat]
    for card, slot in zip(family_cards(kit, seat), layout.split()):
        if slot.startswith("room"):
            player["rooms"][int(slot[4:]) - 1]["card"] = card
        elif slot.startswith("up"):
            player["rooms"][int(slot[2:]) - 1]["upgrade"] = card
        else:
            player["courtiers"][slot] = {"card": card, "used": False}
