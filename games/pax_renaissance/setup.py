"""The starting position of Pax Renaissance.

Rules: §3.1, §3.2, §3.3, §3.4, §3.5, §3.6, §3.7
"""
from __future__ import annotations

from typing import Any, Sequence

from engine.contract import IllegalOrder, State
from engine.dice import Dice
from games.pax_renaissance import catalog

SEATS = ("fugger", "medici", "coeur", "marchionni")
OPTIONS = ("europe_1550", "astrological", "bankruptcy")


def check_options(options: dict[str, Any]) -> dict[str, bool]:
    """The variants asked for (§3.1.В Europe 1550, §3.5.В astrological, §7.6 bankruptcy)."""
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise IllegalOrder(f"pax-renaissance has no option {unknown[0]!r}", list(OPTIONS),
                           code="unknown_option", params={"option": unknown[0]})
    return {name: bool(options.get(name, False)) for name in OPTIONS}


def seat_order(seats: Sequence[str], dice: Dice) -> list[str]:
    """Turn order (§3.7): Fugger first when in play, otherwise a random first banker; then
    clockwise, which is the order of the bank mats."""
    banks = [s for s in SEATS if s in seats]
    first = 0 if "fugger" in banks else dice.below(len(banks))
    return banks[first:] + banks[:first]


def build_deck(region: str, players: int, dice: Dice) -> list[str]:
    """One side's deck (§3.5): its 2 comets shuffled with 12 random cards form the bottom 14,
    then 4 random cards per player on top.  The list's end is the top of the deck."""
    pool = catalog.deck_cards(region)
    dice.shuffle(pool)
    numbers = catalog.facts()["setup"]
    bottom = pool[:numbers["deck_bottom_random"]] + catalog.comets(region)
    dice.shuffle(bottom)
    top = pool[numbers["deck_bottom_random"]:
               numbers["deck_bottom_random"] + numbers["deck_per_player"] * players]
    return bottom + top


def starting_nobles(regimes: dict[str, str]) -> dict[str, dict[str, str] | None]:
    """Every city's occupant (§3.4): each capital circle gets the piece its circle shows under
    its empire's regime; other cities start empty."""
    cities: dict[str, dict[str, str] | None] = {}
    for cid, city in catalog.board()["cities"].items():
        if city.get("promo"):
            continue
        cities[cid] = circle_piece(cid, regimes) if city.get("capital") else None
    return cities


def circle_piece(city: str, regimes: dict[str, str]) -> dict[str, str]:
    """The piece a city's circle shows under its empire's regime (glossary ВОИН)."""
    data = catalog.board()["cities"][city]
    kind, religion = data["circle"][regimes[data["empire"]]].split("/")
    return {"piece": kind, "religion": religion}


def new_state(seats: Sequence[str], options: dict[str, Any], dice: Dice) -> State:
    """The whole setup, §3.1–§3.7."""
    chosen = check_options(options)
    facts = catalog.facts()
    numbers = facts["setup"]
    order = seat_order(seats, dice)
    players = len(order)
    variant = facts["variants"]["europe_1550"] if chosen["europe_1550"] else {}
    regimes = {e: "feudal" for e in catalog.board()["empires"]}
    regimes.update(numbers["regimes"])
    regimes.update(variant.get("regimes", {}))
    decks = {region: build_deck(region, players, dice) for region in catalog.REGIONS}
    market: dict[str, list[dict[str, Any]]] = {}
    for region in catalog.REGIONS:
        market[region] = [{"card": decks[region].pop(), "florins": 0}
                          for _ in range(numbers["market_slots"])]
    borders: dict[str, dict[str, str] | None] = {b: None for b in catalog.board()["borders"]}
    for seat in order:
        borders[facts["banks"][seat]["start"]] = {"piece": "pawn", "owner": seat}
    state: State = {
        "options": chosen,
        "seats": order,
        "active": 0,
        "turn": 1,
        "step": 0,
        "florins": {seat: numbers["florins"][i] for i, seat in enumerate(order)},
        "hands": {seat: [] for seat in order},
        "tableaux": {seat: {"west": [], "east": []} for seat in order},
        "queens": {seat: [] for seat in order},
        "pawns": {seat: facts["pieces"]["pawns_per_bank"] - 1 for seat in order},
        "decks": decks,
        "market": market,
        "razed": list(variant.get("razed", numbers["razed"])),
        "regimes": regimes,
        "rulers": {e: {"owner": None, "face": "king", "repressed": [], "queen": None,
                       "suzerain": None}
                   for e in catalog.board()["empires"]},
        "cities": starting_nobles(regimes),
        "borders": borders, "moored": {},
        "victories": {v: False for v in facts["victories"]},
        "turn_state": fresh_turn(),
        "discards": {seat: [] for seat in order},
        "bishops": {},
        "asks": {},
        "phase": "action",
        "ended": None,
        "log": [],
    }
    return state


def fresh_turn() -> dict[str, Any]:
    """What one turn counts (§4.1): actions taken, buys/plays/sells, ops and fairs per side,
    the market cards that got a florin from this banker this turn (usury, §5.1.Д), the
    sides whose ops ran (§5.4), the free actions an effect gave (glossary ЭФФЕКТ.Б)."""
    return {"actions": 0, "buy": 0, "play": 0, "sell": 0, "fair": [], "usury": [], "ops": [],
            "free": []}
