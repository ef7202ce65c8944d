"""The questions put to a banker off turn (digest §4 N1, N2), with defaults and standing
orders: a taxed concession (pay or be repressed, then the warrior's city) and the discard
when a hand-limit card goes.

Rules: §6.4, §5.1.А, §6.1.Ж
"""
from __future__ import annotations

from engine.contract import Decision, State
from engine.dice import Dice
from engine.options import OneOf, Option, Order, SubsetOf
from engine.questions import Item, Kind
from games.pax_renaissance import asks, grammar
from games.pax_renaissance.catalog import display_name
from games.pax_renaissance.market import hand_limit
from games.pax_renaissance.places import circle_piece, clear_concession, empty_cities, repress


def _tax_options(state: State, item: Item) -> list[Option]:
    """§6.4: pay 1 florin to China (if he has one) or let the concession be repressed;
    either way he puts a warrior into an empty city of the taxed empire."""
    cities = tuple(empty_cities(state, item["empire"]))
    found = [Option.of("REPRESS", city=OneOf(cities), example=f"REPRESS {cities[0]}")]
    if state["florins"][item["seat"]] >= 1:
        found.insert(0, Option.of("PAY", city=OneOf(cities), example=f"PAY {cities[0]}"))
    return found


def _tax_apply(state: State, item: Item, order: Order, dice: Dice) -> bool:
    seat, border, empire = item["seat"], item["border"], item["empire"]
    if order["verb"] == "PAY":
        state["florins"][seat] -= 1
    else:
        repress(state, state["borders"][border], empire)
        clear_concession(state, border)
    state["cities"][order["city"]] = circle_piece(state, order["city"])
    state["log"].append({"turn": state["turn"], "seat": seat, "border": border,
                         "city": order["city"],
                         "msg": "taxed_paid" if order["verb"] == "PAY" else "taxed_repressed"})
    return True


def _tax_default(state: State, item: Item) -> Order:
    """Pay when he has a florin; the first empty city in map order (digest §4 N1)."""
    return _tax_policy("PAY", state, item)


def _tax_policy(policy: str, state: State, item: Item) -> Order:
    city = empty_cities(state, item["empire"])[0]
    verb = "PAY" if policy == "PAY" and state["florins"][item["seat"]] >= 1 else "REPRESS"
    return {"verb": verb, "city": city}


def _tax_standing(policy: str, state: State, decision: Decision) -> Order | None:
    item = asks.QUEUE.current(state, decision.seat)
    return None if item is None else _tax_policy(policy, state, item)


KIND_TAX = Kind(
    options=_tax_options, apply=_tax_apply, default=_tax_default,
    parse=lambda state, item, text: grammar.parse_options(_tax_options(state, item), text),
    prompt=lambda state, item: f"your concession on {display_name(item['border'])} is taxed: "
                               f"PAY or REPRESS, and a city of {display_name(item['empire'])} "
                               "for the warrior",
    settle=lambda state, item, dice: (state["borders"][item["border"]] or {}).get("piece") != "pawn"
    or not empty_cities(state, item["empire"]),
    standing=_tax_standing, policies=("PAY", "REPRESS"))


def surplus(state: State, seat: str) -> int:
    limit = hand_limit(state, seat)
    return 0 if limit is None else max(0, len(state["hands"][seat]) - limit)


def _discard_options(state: State, item: Item) -> list[Option]:
    """§6.1.Ж: down to the hand limit, face down, his choice of cards."""
    extra = surplus(state, item["seat"])
    hand = tuple(state["hands"][item["seat"]])
    return [Option.of("DISCARD", cards=SubsetOf(hand, extra, extra))] if extra else []


def _discard_apply(state: State, item: Item, order: Order, dice: Dice) -> bool:
    seat = item["seat"]
    for card in order["cards"]:
        state["hands"][seat].remove(card)
        state["discards"][seat].append(card)
    state["log"].append({"turn": state["turn"], "msg": "hand_cut", "seat": seat,
                         "count": len(order["cards"])})
    return True


def _discard_policy(policy: str, state: State, item: Item) -> Order:
    hand = state["hands"][item["seat"]]
    extra = surplus(state, item["seat"])
    cards = hand[:extra] if policy == "OLDEST" else hand[len(hand) - extra:]
    return {"verb": "DISCARD", "cards": tuple(c for c in hand if c in cards)}


KIND_DISCARD = Kind(
    options=_discard_options, apply=_discard_apply,
    default=lambda state, item: _discard_policy("NEWEST", state, item),
    parse=lambda state, item, text: grammar.parse_options(_discard_options(state, item), text),
    prompt=lambda state, item: "your hand limit is back: DISCARD the cards over it",
    standing=lambda policy, state, decision: _discard_policy(
        policy, state, asks.QUEUE.current(state, decision.seat) or {"seat": decision.seat}),
    policies=("NEWEST", "OLDEST"), private=True)


def check_hands(state: State) -> None:
    """Ask every banker over his hand limit to discard (§6.1.Ж, digest §4 N2)."""
    for seat in state["seats"]:
        queued = any(i["kind"] == "discard" and i["seat"] == seat
                     for i in asks.QUEUE.items(state))
        if surplus(state, seat) and not queued:
            asks.push(state, "discard", seat, first=True)


asks.KINDS["tax"] = KIND_TAX
asks.KINDS["discard"] = KIND_DISCARD
