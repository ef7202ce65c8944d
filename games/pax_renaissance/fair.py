"""The trade fair.

Rules: §5.5, §7.1, §7.2, §7.3, §7.4, §7.5
"""
from __future__ import annotations

from typing import Any

from engine.contract import State
from engine.dice import Dice
from engine.options import OneOf, Option, Order
from engine.questions import Item
from games.pax_renaissance import asks, catalog
from games.pax_renaissance.catalog import display_name
from games.pax_renaissance.places import ability_cards, cities, has_ability
from games.pax_renaissance.setup import circle_piece

#: The route colour of each market row (§5.5): East is the black route, West the white.
COLOUR = {"east": "black", "west": "white"}


def start_centre(state: State, row: str) -> str:
    """The one unrazed trade centre of the row's colour (§7.3)."""
    cities = catalog.board()["cities"]
    live = [c for c, d in cities.items()
            if d.get("trade_centre") == COLOUR[row] and c not in state["razed"]]
    return live[0]


def city_is_empty(state: State, city: str) -> bool:
    """Whether a warrior may enter (§7.4.А: a Constantinople circle counts separately)."""
    return state["cities"][city] is None and city not in state["razed"]


def empty_cities(state: State, empire: str) -> list[str]:
    """Empty, unrazed cities of an empire; none means the empire is crowded (glossary)."""
    return [c for c in cities(state, empire) if city_is_empty(state, c)]


def subsidy_from_china(state: State) -> int:
    """Florins China adds to the fair card (§7.1.А): 1 with 1–2 players, 2 with 3–4."""
    return catalog.facts()["setup"]["fair_subsidy_from_china"][len(state["seats"])]


def earning(state: State, owner: str, centre: str) -> int:
    """What a concession earns at a fair (§7.3): 1, once more for each of its owner's cards
    doubling concessions at every fair, or at fairs from the Moluccas (effects stack,
    glossary ЭФФЕКТ)."""
    extra = ability_cards(state, owner, "concessions_2x_trade_fairs_votes")
    if centre == "spice_islands":
        extra += ability_cards(state, owner, "concessions_2x_spice_islands_trade_fairs")
    return 1 + extra


def hold_fair(state: State, seat: str, row: str) -> dict[str, Any]:
    """Hold a fair in `row` (§7): the slot-0 card and its florins plus China's become the
    common profit; the card is discarded (a comet there activates nothing, §12.1.А); the
    organiser takes 1 (not in Bankruptcy); the journey pays each sea-border concession 1 and
    each pirate 1 to China until the profit runs out; every empire entered up to there gets a
    warrior in an empty city the organiser picks (the ``warriors`` question, §7.4)."""
    cell = state["market"][row][0]
    profit = cell["florins"] + subsidy_from_china(state)
    card = cell["card"]
    cell["card"], cell["florins"] = None, 0
    paid: dict[str, int] = {}
    entered: list[str] = []
    centre = start_centre(state, row)
    if not state["options"]["bankruptcy"] and profit > 0:
        paid[seat] = min(profit, 2 if has_ability(state, seat, "emporium_subsidy_2_florins")
                         else 1)
        profit -= paid[seat]
    if profit > 0:
        for step in catalog.board()["routes"][centre]:
            if step in catalog.board()["empires"]:
                entered.append(step)
                continue
            if profit == 0:
                break
            piece = state["borders"][step]
            if piece is None:
                continue
            if piece["piece"] == "pawn":
                earned = min(profit, earning(state, piece["owner"], centre))
                paid[piece["owner"]] = paid.get(piece["owner"], 0) + earned
                profit -= earned
            else:
                profit -= 1
            if profit == 0:
                break
    for owner, amount in paid.items():
        state["florins"][owner] += amount
    if entered:
        asks.push(state, "warriors", seat, first=True, empires=list(entered))
    cell["florins"] = profit
    state["turn_state"]["fair"].append(row)
    return {"msg": "fair", "seat": seat, "row": row, "card": card, "centre": centre,
            "paid": paid, "empires": entered, "left": profit}


def _warrior_options(state: State, item: Item) -> list[Option]:
    """§7.4: the organiser picks the empty city of the empire for its warrior (L1026)."""
    free = empty_cities(state, item["empires"][0]) if item["empires"] else []
    return [Option.of("PUT", to=OneOf(tuple(free)), example=f"PUT {free[0]}")] if free else []


def _warrior_apply(state: State, item: Item, order: Order, dice: Dice) -> bool:
    city = order["to"]
    state["cities"][city] = circle_piece(city, state["regimes"])
    state["log"].append({"turn": state["turn"], "msg": "warrior", "seat": item["seat"],
                         "empire": item["empires"].pop(0), "city": city,
                         "piece": state["cities"][city]["piece"]})
    return _warrior_settle(state, item, dice)


def _warrior_settle(state: State, item: Item, dice: Dice) -> bool:
    """A crowded empire gets no warrior (§7.4.Б); one empty city is no choice."""
    while item["empires"]:
        free = empty_cities(state, item["empires"][0])
        if len(free) > 1:
            return False
        if free:
            return _warrior_apply(state, item, {"verb": "PUT", "to": free[0]}, dice)
        item["empires"].pop(0)
    return True


KIND_WARRIORS = asks.option_kind(
    _warrior_options, apply=_warrior_apply,
    prompt=lambda state, item: f"the fair's warrior for {display_name(item['empires'][0])}: "
                               "PUT <empty city>",
    context=lambda state, item: {"empire": item["empires"][0]}, settle=_warrior_settle,
    clock="impulse")

asks.KINDS["warriors"] = KIND_WARRIORS
