"""Playing a card (§5.2): its place in the tableau, its agents one by one, and a queen's
coronation (§9).

Rules: §5.2.1, §5.2.2, §9, §9.1, §9.2
"""
from __future__ import annotations

from typing import Any

from engine.contract import State
from engine.dice import Dice
from engine.options import OneOf, Option, Order
from engine.questions import Item, Kind
from games.pax_renaissance import asks, catalog, grammar, oneshots, regime
from games.pax_renaissance.catalog import display_name
from games.pax_renaissance.places import (cities, has_ability, location_empires, owned_cards,
                                          pirate_on, put_pirate, remove_card, repress,
                                          same_location, sea_borders, thrones)


def is_queen(card: str) -> bool:
    return catalog.cards()[card].get("one_shot", {}).get("kind") == "coronation"


def play(state: State, seat: str, card: str) -> dict[str, Any]:
    """Play a card from hand (§5.2.1): East cards to the far right, West cards to the far
    left; a card with a one-shot first asks whether to declare it (oneshots.py), otherwise
    its agents are asked one by one (§5.2.2).  A queen is asked whom she marries
    (§9); unmarried she goes under the bank mat (§9.2)."""
    state["hands"][seat].remove(card)
    data = catalog.cards()[card]
    if is_queen(card):
        asks.push(state, "coronation", seat, first=True, card=card)
        return {"msg": "play", "seat": seat, "card": card}
    if data["region"] == "east":
        state["tableaux"][seat]["east"].append(card)
    else:
        state["tableaux"][seat]["west"].insert(0, card)
    if oneshots.shot_of(card):
        asks.push(state, "one_shot", seat, first=True, card=card)
    elif data.get("agents"):
        asks.push(state, "agent", seat, first=True, card=card,
                  agents=[dict(a) for a in data["agents"]])
    return {"msg": "play", "seat": seat, "card": card}


def targets(state: State, seat: str, card: str, agent: dict[str, Any]) -> list[str]:
    """Where an agent may go (§5.2.2): a bishop onto the card or any card of its location
    (§5.2.2.А); a rook or knight into any city of the location, paying 1 to repress its
    occupant (§5.2.2.Б); a pirate onto a sea border (§5.2.2.В); a pawn onto a border
    without a pirate, paying 1 to repress a pawn there (§5.2.2.Г)."""
    here = location_empires(catalog.cards()[card].get("location"))
    piece = agent["piece"]
    rich = state["florins"][seat] >= 1
    if piece == "bishop":
        cards = [c for s in state["seats"] for c in owned_cards(state, s)] + thrones(state)
        return [card] + [c for c in cards if c != card and same_location(state, c, card)]
    if piece in ("rook", "knight"):
        return [c for e in here for c in cities(state, e)
                if c not in state["razed"] and (state["cities"][c] is None or rich)]
    borders = sorted({b for e in here for b in (sea_borders(e) if piece == "pirate"
                                                else catalog.empire_borders(e))})
    if piece == "pirate":
        return borders
    if state["pawns"][seat] <= 0:
        return []
    return [b for b in borders if state["borders"][b] is None
            or (state["borders"][b]["piece"] == "pawn" and rich and not pirate_on(state, b))]


def place(state: State, seat: str, card: str, agent: dict[str, Any],
          where: str) -> dict[str, Any]:
    """Put one agent down (§5.2.2); onto a bishop a bishop kills both (Worms, §6.1.А)."""
    piece = agent["piece"]
    here = location_empires(catalog.cards()[card].get("location"))
    if piece == "bishop":
        if where in state["bishops"]:
            del state["bishops"][where]
        else:
            state["bishops"][where] = agent["religion"]
    elif piece in ("rook", "knight"):
        if state["cities"][where] is not None:
            state["florins"][seat] -= 1
            repress(state, state["cities"][where], catalog.board()["cities"][where]["empire"])
        state["cities"][where] = {"piece": piece, "religion": agent["religion"]}
    elif piece == "pirate":
        put_pirate(state, where, {"piece": "pirate", "religion": agent["religion"]})
    else:
        empire = next(e for e in catalog.board()["borders"][where]["empires"] if e in here)
        regime.place_pawn(state, seat, where, empire)
    return {"msg": "agent", "seat": seat, "card": card, "piece": piece, "to": where}


def _agent_options(state: State, item: Item) -> list[Option]:
    """PLACE the next agent, or SKIP it; a declared trade shift's, apostasy's or war's agents
    must be placed where there is room (§5.2.1.Б, ``mandatory``)."""
    found = [] if item.get("mandatory") else [Option.of("SKIP")]
    if item["agents"]:
        where = targets(state, item["seat"], item["card"], item["agents"][0])
        if where:
            found.insert(0, Option.of("PLACE", to=OneOf(tuple(where)), example=f"PLACE {where[0]}"))
    return found


def _agent_apply(state: State, item: Item, order: Order, dice: Dice) -> bool:
    agent = item["agents"].pop(0)
    if order["verb"] == "PLACE":
        entry = place(state, item["seat"], item["card"], agent, order["to"])
        state["log"].append({"turn": state["turn"], **entry})
    return not item["agents"]


def _agent_settle(state: State, item: Item, dice: Dice) -> bool:
    """Agents with nowhere to go are left in the supply (§5.2.2)."""
    while item["agents"] and not targets(state, item["seat"], item["card"], item["agents"][0]):
        item["agents"].pop(0)
    return not item["agents"]


KIND_AGENT = Kind(
    options=_agent_options, apply=_agent_apply,
    default=lambda state, item: next(_agent_options(state, item)[-1].orders()),
    parse=lambda state, item, text: grammar.parse_options(_agent_options(state, item), text),
    prompt=lambda state, item: f"place the {item['agents'][0]['piece']} of "
                               f"{display_name(item['card'])}: PLACE <where>"
                               + ("" if item.get("mandatory") else ", or SKIP"),
    context=lambda state, item: {"card": item["card"], "agent": dict(item["agents"][0]),
                                 "optional": not item.get("mandatory")},
    settle=_agent_settle, clock="impulse")


def suitors(state: State, seat: str, card: str) -> list[str]:
    """Rulers a queen may marry (§9): unmarried suitors, monarchy side up, on the throne or
    in her player's own tableau; with an unblocked Star Chamber effect also a married one
    or one in another tableau (§9, note 42)."""
    star_chamber = has_ability(state, seat, "coronation_can_claim_married_kings")
    return [e for e in catalog.cards()[card].get("suitors", [])
            if state["rulers"][e]["face"] == "king" and (star_chamber or (
                not state["rulers"][e].get("queen")
                and state["rulers"][e]["owner"] in (None, seat)))]


def _coronation_options(state: State, item: Item) -> list[Option]:
    found = [Option.of("UNMARRIED")]
    chosen = suitors(state, item["seat"], item["card"])
    if chosen:
        found.insert(0, Option.of("MARRY", empire=OneOf(tuple(chosen)),
                                  example=f"MARRY {chosen[0]}"))
    return found


def _coronation_apply(state: State, item: Item, order: Order, dice: Dice) -> bool:
    """Coronation (§9.1) is a regime change that never flips the ruler: he comes to her
    player with his bishop and she takes his location; unmarried she goes under the mat."""
    seat, card = item["seat"], item["card"]
    if order["verb"] == "UNMARRIED":
        state["queens"][seat].append(card)
        return True
    old = state["rulers"][order["empire"]].get("queen")
    if old:  # Star Chamber: the old queen is discarded (§9, note 42)
        remove_card(state, old)
    regime.change(state, seat, order["empire"], flip=False)
    state["rulers"][order["empire"]]["queen"] = card
    state["log"].append({"turn": state["turn"], "msg": "coronation", "seat": seat,
                         "card": card, "empire": order["empire"]})
    return True


KIND_CORONATION = Kind(
    options=_coronation_options, apply=_coronation_apply,
    default=lambda state, item: {"verb": "UNMARRIED"},
    parse=lambda state, item, text: grammar.parse_options(
        _coronation_options(state, item), text),
    prompt=lambda state, item: f"crown {display_name(item['card'])}: MARRY <empire> or "
                               "UNMARRIED",
    clock="impulse")

asks.KINDS["agent"] = KIND_AGENT
asks.KINDS["coronation"] = KIND_CORONATION
