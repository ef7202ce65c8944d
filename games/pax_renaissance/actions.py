"""The banker's actions and the turn around them.

Rules: §4.1, §5.3, §5.4, §5.6
"""
from __future__ import annotations

from typing import Any

from engine.contract import State
from engine.options import OneOf, Option
from games.pax_renaissance import asks, catalog, effects, oneshots
from games.pax_renaissance.agents import play
from games.pax_renaissance.fair import hold_fair
from games.pax_renaissance.market import ROWS, buy, buyable_slots, refresh
from games.pax_renaissance.ops import op_options
from games.pax_renaissance.places import (anyone_has, blocked, empire_of, has_ability, husband, is_ruler,
                                          owned_cards, remove_card, to_throne)
from games.pax_renaissance.setup import fresh_turn
from games.pax_renaissance.victory import achieved

MAX_ACTIONS = 2
#: Buy, play and sell may each be done twice a turn; fairs once per row (§4.1).
MAX_EACH = 2


def active_seat(state: State) -> str:
    return state["seats"][state["active"]]


def sellable(state: State, seat: str) -> list[str]:
    """Cards a banker may sell (§5.3): any in hand, any card of the tableau (a ruler goes
    back to its throne), and unmarried queens."""
    return state["hands"][seat] + owned_cards(state, seat) + state["queens"][seat]


def free_ops(state: State, seat: str, side: str) -> bool:
    """Whether an unblocked effect makes this side's operations cost no action (glossary
    ЭФФЕКТ.Б; still once per side a turn)."""
    return has_ability(state, seat, f"free_{side}ern_ops")


def free_fair(state: State, seat: str) -> bool:
    """Whether an unblocked effect makes this turn's first fair cost no action."""
    return "fair" not in state["turn_state"]["free"] and has_ability(state, seat,
                                                                      "free_trade_fair")


def options(state: State) -> list[Option]:
    """The legal actions of the active banker now (§4.1): at most two, buy/play/sell up to
    twice each, a fair at most once per row; PASS only after the first action.  Operations
    or a fair an effect makes free may follow the second action (glossary ЭФФЕКТ.Б)."""
    seat = active_seat(state)
    turn = state["turn_state"]
    found: list[Option] = []
    room = turn["actions"] < MAX_ACTIONS
    if room:
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
    sides = tuple(r for r in ROWS if r not in turn["ops"] and (room or free_ops(state, seat, r))
                  and op_options(state, seat, r, []))
    if sides:
        found.append(Option.of("OPS", side=OneOf(sides)))
    if room and len(sides) == 2 and has_ability(state, seat, "east_and_west_ops_in_one_action"):
        found += [Option.of("OPS", side=OneOf((a,)), also=OneOf((b,)), example=f"OPS {a} {b}")
                  for a, b in (sides, sides[::-1])]
    rows = tuple(r for r in ROWS if r not in turn["fair"]
                 and state["market"][r][0]["card"] is not None)
    if rows and (room or free_fair(state, seat)):
        found.append(Option.of("FAIR", row=OneOf(rows)))
    if room:
        preachers = tuple(c for c in owned_cards(state, seat) if not is_ruler(c)
                          and "perform_apostasy_as_an_action" in catalog.cards()[c].get(
                              "abilities", []) and not blocked(state, c))
        if preachers:
            found.append(Option.of("APOSTASY", card=OneOf(preachers)))
        rebels = oneshots.revolt_queens(state, seat)
        if rebels:
            found.append(Option.of("REVOLT", card=OneOf(rebels)))
        won = tuple(v for v, on in state["victories"].items() if on and achieved(state, seat, v)
                    and (turn["actions"] == 0 or not anyone_has(
                        state, f"declare_{v}_costs_two_actions")))
        if won:
            found.append(Option.of("DECLARE", victory=OneOf(won)))
    if turn["actions"] >= 1:
        found.append(Option.of("PASS"))
    return found


def sell(state: State, seat: str, card: str) -> dict[str, Any]:
    """Sell a card (§5.3): 2 florins from China (4 with a `sell_for_4` card unless a bishop
    blocks it, §5.4.4); a card sold from hand is discarded face down, so its name stays private; a royal couple sells only
    together, for 4 (§5.3.А); a ruler goes back to its throne monarchy side up with his
    queen, vassals, bishop and repressed pieces (§5.3.Б); a bishop on a sold card goes to
    the supply.  A card's sale effect works only when sold from the tableau (§5.3.В)."""
    if card in state["hands"][seat]:
        state["hands"][seat].remove(card)
        state["discards"][seat].append(card)
        state["florins"][seat] += sale_price(card)
        oneshots.on_sale(state, seat, card)
        return {"msg": "sell_hidden", "seat": seat, "florins": sale_price(card)}
    empire = empire_of(card) if is_ruler(card) else husband(state, card)
    if empire is not None:
        price = 4 if state["rulers"][empire].get("queen") else 2
        to_throne(state, empire, keep_queen=True)
    else:  # a bishop blocks Ransom's price like any effect (§5.4.4, L667)
        price = 2 if blocked(state, card) else sale_price(card)
        effects.on_sale(state, seat, card)
        remove_card(state, card)
        oneshots.on_sale(state, seat, card)
    state["florins"][seat] += price
    return {"msg": "sell", "seat": seat, "card": card, "florins": price}


def sale_price(card: str) -> int:
    return 4 if "sell_for_4" in catalog.cards()[card].get("abilities", []) else 2


def perform(state: State, seat: str, order: dict[str, Any]) -> list[dict[str, Any]]:
    """Carry out one action (or PASS; the turn itself ends in `finish`).  Returns the log
    entries."""
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
    elif verb == "OPS":
        sides = [order["side"]] + ([order["also"]] if order.get("also") else [])
        for side in sides:  # both in one action: one side fully, then the other (ЭФФЕКТ.Б)
            asks.push(state, "ops", seat, side=side, used=[])
            turn["ops"].append(side)
        if all(free_ops(state, seat, side) for side in sides):
            return entries
    elif verb == "FAIR":
        free = free_fair(state, seat)
        entries.append(hold_fair(state, seat, order["row"]))
        if free:
            turn["free"].append("fair")
            return entries
    elif verb == "APOSTASY":  # Oratory of Divine Love: its apostasy as an action (§11.3)
        asks.push(state, "apostasy", seat, card=order["card"])
    elif verb == "REVOLT":  # Elizabeth Báthory: discarded for a peasant revolt (§10.2)
        entries.append(oneshots.queen_revolt(state, seat, order["card"]))
    elif verb == "DECLARE":
        state["ended"] = {"reason": order["victory"], "winners": [seat]}
        entries.append({"msg": "declare", "seat": seat, "victory": order["victory"]})
        return entries
    if verb == "PASS":
        return entries + end_turn(state)
    turn["actions"] += 1
    return entries


def finish(state: State) -> list[dict[str, Any]]:
    """End the turn once its second action has run to the end, questions included (§4.1),
    unless a free operation or fair is still open to the banker (he says PASS then)."""
    if state["ended"] or asks.busy(state) or state["turn_state"]["actions"] < MAX_ACTIONS:
        return []
    if any(o.verb != "PASS" for o in options(state)):
        return []
    return end_turn(state)


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
