"""One-shots (the bomb symbol, §5.2.1): declaring one when the card is played, then the trade
shift (§8.1), the civil wars (§10), the religious wars (§11.1–§11.2) and apostasy (§11.3).
Coronation is the queen's (agents.py).

Declaring is the ``one_shot`` question (``WAR <empire>``, ``SHIFT``, ``APOSTASY`` or ``NO``).
A declared one-shot places its agents first (§5.2.1): a war's agents but bishops fight
(battles.py) and its bishops are placed after the battle; a shift's or an apostasy's agents
must be placed where there is room (§5.2.1.Б), then the effect runs (the ``trade_shift`` and
``apostasy`` items, which ask nothing).
Rules: §5.2.1, §8.1, §10, §11.1, §11.2, §11.3, glossary РАЗОВОЕ ДЕЙСТВИЕ
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.contract import State
from engine.dice import Dice
from engine.options import OneOf, Option, Order
from engine.questions import Item, Kind
from games.pax_renaissance import asks, battles, catalog, grammar
from games.pax_renaissance.catalog import display_name
from games.pax_renaissance.places import (blocked, empire_of, has_ability, husband, is_ruler,
                                          location, location_empires, owned_cards,
                                          remove_card, repress, to_throne)
from games.pax_renaissance.victory import card_prestige

#: The trade-shift centre needing discovery prestige (§8.1.А: the Moluccas).
MOLUCCAS = "spice_islands"
#: The one-shots a sold card may perform with Machiavellianism (card data: civil wars,
#: crusade, apostasy).
SOLD_SHOTS = ("conspiracy", "peasant_revolt", "crusade", "apostasy")


def shot_of(card: str) -> dict[str, Any]:
    return catalog.cards()[card].get("one_shot") or {}


def war_empires(state: State, seat: str, card: str) -> list[str]:
    """The empires a war of `card` may be declared in: its location, an East/West location
    naming any of its empires (glossary ЛОКАЦИЯ.Б); a religious war only where a heretic is
    (the blood rule, §11.1.В)."""
    kind = shot_of(card)["kind"]
    empires = location_empires(location(state, card))
    if kind in battles.RELIGIOUS_WARS:
        religion = battles.RELIGIOUS_WARS[kind]
        empires = [e for e in empires if battles.heretics(state, religion, e)]
    return empires


def can_shift(state: State, seat: str, card: str) -> bool:
    """§8.1: the named centre must hold a razing disc; the Moluccas also need a discovery
    prestige in the tableau, the card just played not counted (§8.1.А)."""
    centre = shot_of(card)["centre"]
    if centre not in state["razed"]:
        return False
    if centre != MOLUCCAS:
        return True
    return any("discovery" in card_prestige(state, c) for c in owned_cards(state, seat)
               if c != card)


def hit_by_apostasy(state: State, seat: str, religions: list[str]) -> list[str]:
    """§11.3: a banker whose tableau holds prestige of both religions discards every card
    bearing either (unmarried queens are not in the tableau, §11.3.В); an
    `immune_to_apostasy` card spares its owner."""
    if has_ability(state, seat, "immune_to_apostasy"):
        return []
    cards = owned_cards(state, seat)
    bearing = {r: [c for c in cards if r in card_prestige(state, c)] for r in religions}
    if not all(bearing.values()):
        return []
    return [c for c in cards if any(c in found for found in bearing.values())]


def on_sale(state: State, seat: str, card: str) -> None:
    """Machiavellianism (card data, ruling in the README): a banker with it unblocked in his
    tableau who sells a card with a civil war, crusade or apostasy one-shot may perform it,
    agents included (the ``sold_one_shot`` question, private: a card sold from hand stays
    hidden unless its one-shot is declared)."""
    if (shot_of(card).get("kind") in SOLD_SHOTS
            and has_ability(state, seat, "sell_and_perform_one_shot")):
        asks.push(state, "sold_one_shot", seat, first=True, card=card, sold=True)


def revolt_queens(state: State, seat: str) -> tuple[str, ...]:
    """Married queens of the tableau whose unblocked ability lets her owner discard her, as
    an action, for a peasant revolt in her empire (Elizabeth Báthory, card data; the
    README's ruling): she needs a husband, as an unmarried queen has no empire (§9.1.А)."""
    return tuple(c for c in owned_cards(state, seat) if not is_ruler(c) and husband(state, c)
                 and "discard_to_launch_peasant_revolt" in catalog.cards()[c].get(
                     "abilities", []) and not blocked(state, c))


def queen_revolt(state: State, seat: str, card: str) -> dict[str, Any]:
    """Discard the queen, then a peasant revolt in her husband's empire (§10.2): the
    banker's concessions and the pirates on its borders and the serfs on its ruler attack
    (she has no agents), its nobles defend."""
    empire = husband(state, card)
    remove_card(state, card)
    attackers, defenders = battles.civil_war_sides(state, seat, "peasant_revolt", empire, [])
    battles.start(state, seat, "peasant_revolt", empire, attackers, defenders)
    return {"msg": "queen_revolt", "seat": seat, "card": card, "empire": empire}


def _options(state: State, item: Item) -> list[Option]:
    seat, card = item["seat"], item["card"]
    kind = shot_of(card)["kind"]
    found = [Option.of("NO")]
    if kind in battles.CIVIL_WARS or kind in battles.RELIGIOUS_WARS:
        empires = war_empires(state, seat, card)
        if empires:
            found.insert(0, Option.of("WAR", empire=OneOf(tuple(empires)),
                                      example=f"WAR {empires[0]}"))
    elif kind == "trade_shift" and can_shift(state, seat, card):
        found.insert(0, Option.of("SHIFT"))
    elif kind == "apostasy":
        found.insert(0, Option.of("APOSTASY"))
    return found


def _verb(state: State, item: Item) -> str:
    """How the one-shot is declared now (``WAR <empire>``, ``SHIFT``, ``APOSTASY``; it is
    asked only when it can be, `_settle`)."""
    return next((o.verb + (" <empire>" if o.verb == "WAR" else "")
                 for o in _options(state, item) if o.verb != "NO"), "")


def _agents(state: State, seat: str, card: str, agents: list[dict[str, Any]],
            mandatory: bool) -> None:
    if agents:
        asks.push(state, "agent", seat, first=True, card=card, agents=agents,
                  mandatory=mandatory)


def _apply(state: State, item: Item, order: Order, dice: Dice) -> bool:
    """Carry out the declaration (§5.2.1): agents first, then the one-shot."""
    seat, card = item["seat"], item["card"]
    shot = shot_of(card)
    agents = [dict(a) for a in catalog.cards()[card].get("agents", [])]
    verb = order["verb"]
    if verb == "NO":
        if not item.get("sold"):
            _agents(state, seat, card, agents, mandatory=False)
        return True
    state["log"].append({"turn": state["turn"], "seat": seat, "card": card, "shot": shot["kind"]}
                        | ({"msg": "declare_war", "empire": order["empire"]} if verb == "WAR"
                           else {"msg": "one_shot"}))
    if verb == "WAR":
        kind = shot["kind"]
        empire = order["empire"]
        if kind in battles.RELIGIOUS_WARS:
            religion = battles.RELIGIOUS_WARS[kind]
            attackers, defenders = battles.religious_war_sides(state, seat, religion, empire,
                                                               agents)
            later = [a for a in agents if a["piece"] in ("bishop", "pawn")]
            more: dict[str, Any] = {"religion": religion}
        else:
            attackers, defenders = battles.civil_war_sides(state, seat, kind, empire, agents)
            later = [a for a in agents if a["piece"] == "bishop"]
            more = {}
        _agents(state, seat, card, later, mandatory=True)
        battles.start(state, seat, kind, empire, attackers, defenders, **more)
        return True
    effect = "trade_shift" if verb == "SHIFT" else "apostasy"
    asks.push(state, effect, seat, first=True, card=card)
    martyr = verb == "APOSTASY" and card in hit_by_apostasy(state, seat, shot["religions"])
    _agents(state, seat, card, agents, mandatory=not martyr)
    return True


def _settle(state: State, item: Item, dice: Dice) -> bool:
    """A one-shot that cannot be declared now (the blood rule, no razed centre …) is not
    asked: NO is the only answer."""
    if len(_options(state, item)) > 1:
        return False
    return _apply(state, item, {"verb": "NO"}, dice)


KIND_ONE_SHOT = Kind(
    options=_options, apply=_apply, default=lambda state, item: {"verb": "NO"}, settle=_settle,
    parse=lambda state, item, text: grammar.parse_options(_options(state, item), text),
    prompt=lambda state, item: f"{display_name(item['card'])} has a one-shot "
                               f"({shot_of(item['card'])['kind'].replace('_', ' ')}): "
                               f"declare it with {_verb(state, item)}, or NO",
    context=lambda state, item: {"card": item["card"], "shot": shot_of(item["card"])["kind"],
                                 "verb": _verb(state, item)},
    clock="impulse")


def trade_shift(state: State, seat: str, card: str) -> dict[str, Any]:
    """§8.1: the disc moves from the named centre to the live centre of its colour, which is
    razed now; a piece there is repressed free onto its empire's ruler."""
    centre = shot_of(card)["centre"]
    cities = catalog.board()["cities"]
    colour = cities[centre]["trade_centre"]
    old = next(c for c, d in cities.items() if d.get("trade_centre") == colour
               and c not in state["razed"])
    state["razed"].remove(centre)
    state["razed"].append(old)
    piece = state["cities"][old]
    if piece:
        repress(state, piece, cities[old]["empire"])
        state["cities"][old] = None
    return {"msg": "trade_shift", "seat": seat, "card": card, "from": old, "to": centre,
            "repressed": bool(piece)}


def apostasy(state: State, seat: str, card: str) -> dict[str, Any]:
    """§11.3: every banker hit discards every card bearing either prestige; a ruler goes to
    its throne with its vassals, and a royal couple hit on either card goes back married
    (§11.3.А)."""
    religions = shot_of(card)["religions"]
    hit = {s: hit_by_apostasy(state, s, religions) for s in state["seats"]}
    for cards in hit.values():
        for cid in cards:
            if is_ruler(cid):
                to_throne(state, empire_of(cid), keep_queen=True)
            elif husband(state, cid):
                to_throne(state, husband(state, cid), keep_queen=True)
            else:
                remove_card(state, cid)
    return {"msg": "apostasy", "seat": seat, "card": card,
            "hit": {s: len(c) for s, c in hit.items() if c}}


def _effect(run: Any) -> Kind:
    """A one-shot's effect after its agents: it asks nothing, so settling it carries it out."""
    def settle(state: State, item: Item, dice: Dice) -> bool:
        entry = run(state, item["seat"], item["card"])
        state["log"].append({"turn": state["turn"], **entry})
        return True
    return Kind(options=lambda state, item: [], apply=lambda state, item, order, dice: True,
                default=lambda state, item: {"verb": "DONE"},
                parse=lambda state, item, text: grammar.parse_options([], text),
                prompt=lambda state, item: item["kind"], settle=settle)


asks.KINDS["one_shot"] = KIND_ONE_SHOT
asks.KINDS["sold_one_shot"] = replace(KIND_ONE_SHOT, private=True)
asks.KINDS["trade_shift"] = _effect(trade_shift)
asks.KINDS["apostasy"] = _effect(apostasy)
