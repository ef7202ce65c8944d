"""The banker's actions and the turn around them.

Rules: §4.1, §5.2, §5.3, §5.6
"""
from __future__ import annotations

from typing import Any

from engine.contract import State
from engine.options import OneOf, Option
from games.pax_renaissance import catalog
from games.pax_renaissance.fair import hold_fair
from games.pax_renaissance.market import ROWS, buy, buyable_slots, refresh
from games.pax_renaissance.setup import fresh_turn
from games.pax_renaissance.victory import achieved, owned_cards

MAX_ACTIONS = 2
#: Buy, play and sell may each be done twice a turn; fairs once per row (§4.1).
MAX_EACH = 2


def active_seat(state: State) -> str:
    return state["seats"][state["active"]]


def sellable(state: State, seat: str) -> list[str]:
    """Cards a banker may sell (§5.3): any in hand, any non-ruler card in the tableau, and
    unmarried queens."""
    tableau = [c for c in owned_cards(state, seat) if not c.startswith("ruler_")]
    return state["hands"][seat] + tableau + state["queens"][seat]


def options(state: State) -> list[Option]:
    """The legal actions of the active banker now (§4.1): at most two, buy/play/sell up to
    twice each, a fair at most once per row; END only after the first action."""
    seat = active_seat(state)
    turn = state["turn_state"]
    found: list[Option] = []
    if turn["actions"] < MAX_ACTIONS:
        inactive = tuple(v for v, on in state["victories"].items() if not on)
        if turn["buy"] < MAX_EACH:
            for row in ROWS:
                plain, comets = [], []
                for k in buyable_slots(state, seat, row):
                    card = state["market"][row][k]["card"]
                    (comets if catalog.cards()[card].get("comet") else plain).append(k)
                if plain:
                    found.append(Option.of("BUY", row=OneOf((row,)), slot=OneOf(tuple(plain))))
                if comets and inactive:
                    found.append(Option.of("BUY", row=OneOf((row,)), slot=OneOf(tuple(comets)),
                                           victory=OneOf(inactive)))
        if turn["play"] < MAX_EACH and state["hands"][seat]:
            found.append(Option.of("PLAY", card=OneOf(tuple(state["hands"][seat]))))
        cards = sellable(state, seat)
        if turn["sell"] < MAX_EACH and cards:
            found.append(Option.of("SELL", card=OneOf(tuple(cards))))
        rows = tuple(r for r in ROWS if r not in turn["fair"]
                     and state["market"][r][0]["card"] is not None)
        if rows:
            found.append(Option.of("FAIR", row=OneOf(rows)))
        won = tuple(v for v, on in state["victories"].items() if on and achieved(state, seat, v))
        if won:
            found.append(Option.of("DECLARE", victory=OneOf(won)))
    if turn["actions"] >= 1:
        found.append(Option.of("END"))
    return found


def play(state: State, seat: str, card: str) -> dict[str, Any]:
    """Play a card from hand (§5.2.1): East cards to the far right of the tableau, West cards
    to the far left; a queen played without coronation goes under the bank mat (§9.2).  The
    one-shot is declined and no agents are placed (§5.2.2 allows any subset)."""
    state["hands"][seat].remove(card)
    data = catalog.cards()[card]
    if data.get("one_shot", {}).get("kind") == "coronation":
        state["queens"][seat].append(card)
    elif data["region"] == "east":
        state["tableaux"][seat]["east"].append(card)
    else:
        state["tableaux"][seat]["west"].insert(0, card)
    return {"msg": "play", "seat": seat, "card": card}


def sell(state: State, seat: str, card: str) -> dict[str, Any]:
    """Sell a card (§5.3): 2 florins from China (4 with a `sell_for_4` card); a card sold from
    hand is discarded face down, so its name stays private."""
    price = 4 if "sell_for_4" in catalog.cards()[card].get("abilities", []) else 2
    state["florins"][seat] += price
    if card in state["hands"][seat]:
        state["hands"][seat].remove(card)
        state["discards"][seat].append(card)
        return {"msg": "sell_hidden", "seat": seat, "florins": price}
    for side in ROWS:
        if card in state["tableaux"][seat][side]:
            state["tableaux"][seat][side].remove(card)
    if card in state["queens"][seat]:
        state["queens"][seat].remove(card)
    return {"msg": "sell", "seat": seat, "card": card, "florins": price}


def perform(state: State, seat: str, order: dict[str, Any]) -> list[dict[str, Any]]:
    """Carry out one action (or END) and, when the turn is over, refresh the market and pass
    play clockwise (§4.1, §4.2).  Returns the log entries."""
    verb = order["verb"]
    turn = state["turn_state"]
    entries: list[dict[str, Any]] = []
    if verb == "BUY":
        entries.append(buy(state, seat, order["row"], order["slot"], order.get("victory")))
        turn["buy"] += 1
    elif verb == "PLAY":
        entries.append(play(state, seat, order["card"]))
        turn["play"] += 1
    elif verb == "SELL":
        entries.append(sell(state, seat, order["card"]))
        turn["sell"] += 1
    elif verb == "FAIR":
        entries.append(hold_fair(state, seat, order["row"]))
    elif verb == "DECLARE":
        state["ended"] = {"reason": order["victory"], "winners": [seat]}
        entries.append({"msg": "declare", "seat": seat, "victory": order["victory"]})
        return entries
    if verb != "END":
        turn["actions"] += 1
    if verb == "END" or turn["actions"] >= MAX_ACTIONS:
        entries += end_turn(state)
    return entries


def end_turn(state: State) -> list[dict[str, Any]]:
    """The end of a turn (§4.2): refresh; the Patron end when the decks run out (§12.2.А)."""
    entries: list[dict[str, Any]] = [{"msg": "end_turn", "seat": active_seat(state)}]
    over = refresh(state)
    if over:
        entries.append(over)
        state["ended"] = {"reason": "patron", "winners": []}
        return entries
    state["active"] = (state["active"] + 1) % len(state["seats"])
    state["turn"] += 1
    state["turn_state"] = fresh_turn()
    return entries
