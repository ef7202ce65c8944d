"""Regime change and vassals, and the questions they raise: the concession border and the
liberation of repressed pieces.

Rules: glossary СМЕНА ВЛАСТИ (digest §3.4), ВАССАЛ (§3.5), §6.6.В, §6.9.Е, §9.А
"""
from __future__ import annotations

from typing import Any

from engine.contract import State
from engine.dice import Dice
from engine.options import OneOf, Option, Order
from engine.questions import Item, Kind
from games.pax_renaissance import asks, catalog, grammar
from games.pax_renaissance.catalog import display_name
from games.pax_renaissance.places import (empty_cities, free_vassals, pirate_on, repress,
                                          ruler_id, side_of, untable)


def _take(state: State, seat: str, empire: str, suzerain: str | None) -> None:
    """The ruler card comes to `seat` monarchy side up (СМЕНА ВЛАСТИ): at the outer end of
    its side, or as a vassal beneath `suzerain` (a campaign, §6.9.Е)."""
    token = ruler_id(empire)
    untable(state, token)
    ruler = state["rulers"][empire]
    ruler.update(owner=seat, face="king", suzerain=suzerain)
    side = side_of(token)
    row = state["tableaux"][seat][side]
    if suzerain is not None:
        row = next(r for r in state["tableaux"][seat].values() if ruler_id(suzerain) in r)
        row.insert(row.index(ruler_id(suzerain)) + 1, token)
    elif side == "east":
        row.append(token)
    else:
        row.insert(0, token)


def change(state: State, seat: str, empire: str, *, flip: bool = True,
           suzerain: str | None = None) -> dict[str, Any]:
    """A regime change in `empire` won by `seat` (СМЕНА ВЛАСТИ): another's ruler comes to
    him monarchy up (from an opponent: its bishop and queen are discarded, its vassals go
    home); his own flips when `flip` (vote, war), which is the only way to a republic; a
    suzerain loses its vassals.  Then the concession and the liberation are asked."""
    ruler = state["rulers"][empire]
    token = ruler_id(empire)
    if ruler["owner"] is not None and (flip or ruler["owner"] != seat):
        free_vassals(state, empire)
    if ruler["owner"] == seat:
        if flip:
            ruler["face"] = "republic" if ruler["face"] == "king" else "king"
            state["bishops"].pop(token, None)
            if ruler.get("queen"):
                state["bishops"].pop(ruler["queen"], None)
                ruler["queen"] = None
            if ruler.get("suzerain") and ruler["face"] == "republic":
                _take(state, seat, empire, None)  # leaves the vassal stack (§10.2)
                ruler["face"] = "republic"
    else:
        if ruler["owner"] is not None:
            state["bishops"].pop(token, None)
            if ruler.get("queen"):
                state["bishops"].pop(ruler["queen"], None)
                ruler["queen"] = None
        _take(state, seat, empire, suzerain)
    asks.push(state, "concession", seat, first=True, empire=empire)
    return {"msg": "regime", "seat": seat, "empire": empire, "face": ruler["face"]}


def concession_borders(state: State, empire: str) -> list[str]:
    """Borders of `empire` without a pirate (СМЕНА ВЛАСТИ.А)."""
    return [b for b in catalog.empire_borders(empire) if not pirate_on(state, b)]


def place_pawn(state: State, seat: str, border: str, empire: str, *,
               from_supply: bool = True) -> dict[str, Any]:
    """Place a concession (§5.2.2.Г): a pawn already there is repressed onto the ruler of
    `empire` for 1 florin.  A freed serf (`from_supply` False) is already out of the supply."""
    there = state["borders"][border]
    if there is not None:
        state["florins"][seat] -= 1
        repress(state, there, empire)
    state["borders"][border] = {"piece": "pawn", "owner": seat}
    if from_supply:
        state["pawns"][seat] -= 1
    return {"msg": "concession", "seat": seat, "border": border, "repressed": there is not None}


def _concession_options(state: State, item: Item) -> list[Option]:
    seat, empire = item["seat"], item["empire"]
    if state["pawns"][seat] <= 0:
        return [Option.of("NONE")]
    free = [b for b in concession_borders(state, empire) if state["borders"][b] is None]
    paid = [b for b in concession_borders(state, empire) if state["borders"][b] is not None
            and state["florins"][seat] >= 1]
    found = [Option.of("NONE")]
    if free or paid:
        found.append(Option.of("CONCESSION", border=OneOf(tuple(free + paid)),
                               example=f"CONCESSION {(free + paid)[0]}"))
    return found


def _concession_apply(state: State, item: Item, order: Order, dice: Dice) -> bool:
    if order["verb"] == "CONCESSION":
        entry = place_pawn(state, item["seat"], order["border"], item["empire"])
        state["log"].append({"turn": state["turn"], **entry})
    if state["rulers"][item["empire"]]["repressed"]:
        asks.push(state, "liberate", item["seat"], first=True, empire=item["empire"])
    return True


def _concession_default(state: State, item: Item) -> Order:
    """The first free border, else none (digest §4 A6: never pays on timeout)."""
    free = [b for b in concession_borders(state, item["empire"])
            if state["borders"][b] is None]
    if free and state["pawns"][item["seat"]] > 0:
        return {"verb": "CONCESSION", "border": free[0]}
    return {"verb": "NONE"}


KIND_CONCESSION = Kind(
    options=_concession_options, apply=_concession_apply, default=_concession_default,
    parse=lambda state, item, text: grammar.parse_options(
        _concession_options(state, item), text),
    prompt=lambda state, item: f"place a concession on a border of "
                               f"{display_name(item['empire'])}, or NONE",
    clock="impulse")


def _liberate_options(state: State, item: Item) -> list[Option]:
    """Free one repressed piece of the ruler (СМЕНА ВЛАСТИ.Б): a noble into an empty city,
    a pawn onto an empty border as its owner's concession; DONE stops, unless every piece
    must be freed (``forced``: a sale effect)."""
    empire = item["empire"]
    found = [Option.of("DONE")]
    for k, piece in enumerate(state["rulers"][empire]["repressed"]):
        if piece["piece"] == "pawn":
            where = [b for b in catalog.empire_borders(empire) if state["borders"][b] is None]
        else:
            where = empty_cities(state, empire)
        if where:
            found.append(Option.of("FREE", piece=OneOf((k + 1,)), to=OneOf(tuple(where)),
                                   example="FREE 1 paris"))
    return found[1:] if item.get("forced") else found


def _liberate_apply(state: State, item: Item, order: Order, dice: Dice) -> bool:
    if order["verb"] == "DONE":
        return True
    empire = item["empire"]
    piece = state["rulers"][empire]["repressed"].pop(order["piece"] - 1)
    if piece["piece"] == "pawn":
        state["borders"][order["to"]] = dict(piece)
    else:
        state["cities"][order["to"]] = dict(piece)
    state["log"].append({"turn": state["turn"], "msg": "freed", "seat": item["seat"],
                         "piece": piece["piece"], "to": order["to"]})
    return False


KIND_LIBERATE = asks.option_kind(
    _liberate_options, apply=_liberate_apply,
    prompt=lambda state, item: f"free repressed pieces of {display_name(item['empire'])} "
                               "(FREE n where)" + ("" if item.get("forced") else ", or DONE"),
    settle=lambda state, item, dice: not any(o.verb == "FREE"
                                             for o in _liberate_options(state, item)),
    clock="impulse")

asks.KINDS["concession"] = KIND_CONCESSION
asks.KINDS["liberate"] = KIND_LIBERATE
