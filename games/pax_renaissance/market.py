"""The market: buying (florins left on cards), the refresh with the East/West shift, the
hand limit, comets and the end of the decks.

Rules: §4.2, §5.1, §5.3, §12.1, §12.2
"""
from __future__ import annotations

from typing import Any

from engine.contract import State
from games.pax_renaissance import catalog
from games.pax_renaissance.places import has_ability

ROWS = ("west", "east")


def other(row: str) -> str:
    return "east" if row == "west" else "west"


def hand_limit(state: State, seat: str) -> int | None:
    """The hand limit (§5.1.А): 2, none with an unblocked `unlimited_hand_size` card."""
    if has_ability(state, seat, "unlimited_hand_size"):
        return None
    return catalog.facts()["setup"]["hand_limit"]


def buy_cost(slot: int) -> int:
    """A card in slot k costs k florins (§5.1.Б)."""
    return slot


def why_not_buy(state: State, seat: str, row: str, slot: int) -> str | None:
    """Why the banker may not buy the card of `slot` now (§5.1), None when he may: an empty
    or fair slot, a florin of his from this turn on it (§5.1.Д), too few florins, a full
    hand unless a comet (§5.1.А, glossary РУКА)."""
    cells = state["market"][row]
    if not 0 < slot < len(cells) or cells[slot]["card"] is None:
        return "buy_no_card"
    if cells[slot]["card"] in state["turn_state"]["usury"]:
        return "buy_usury"
    if state["florins"][seat] < buy_cost(slot):
        return "buy_florins"
    limit = hand_limit(state, seat)
    if (limit is not None and len(state["hands"][seat]) >= limit
            and not catalog.cards()[cells[slot]["card"]].get("comet")):
        return "buy_hand_full"
    return None


def buyable_slots(state: State, seat: str, row: str) -> list[int]:
    """Slots 1–5 of `row` the banker may buy now (§5.1, `why_not_buy`)."""
    return [k for k in range(1, len(state["market"][row]))
            if why_not_buy(state, seat, row, k) is None]


def buy(state: State, seat: str, row: str, slot: int, victory: str | None) -> dict[str, Any]:
    """Buy the card of `slot` (§5.1.Б): one florin on each card to its left, slot 0 included;
    an empty slot's florin goes on the card in the same column of the other row (§5.1.В).
    The florins on the bought card come with it (§5.1.Г).  A comet is discarded and
    activates `victory` (§5.1.Е, §12.1)."""
    cells = state["market"][row]
    card = cells[slot]["card"]
    for k in range(slot):
        target = cells[k] if cells[k]["card"] is not None else state["market"][other(row)][k]
        state["florins"][seat] -= 1
        if target["card"] is not None:
            target["florins"] += 1
            state["turn_state"]["usury"].append(target["card"])
    gained = cells[slot]["florins"]
    state["florins"][seat] += gained
    cells[slot] = {"card": None, "florins": 0}
    if catalog.cards()[card].get("comet"):
        state["victories"][victory] = True
        return {"msg": "buy_comet", "seat": seat, "card": card, "victory": victory,
                "cost": slot, "gained": gained}
    state["hands"][seat].append(card)
    return {"msg": "buy", "seat": seat, "card": card, "row": row, "slot": slot, "cost": slot,
            "gained": gained}


def refresh(state: State) -> dict[str, Any] | None:
    """The market refresh at the end of a turn (§4.2): slide cards left with their florins,
    leftover fair profit onto the new slot-0 card, refill from the right out of the row's deck
    or, when it is empty, the other deck.  When both decks are empty and a slot stays empty,
    the game ends (§12.2.А); the entry saying so is returned."""
    for row in ROWS:
        cells = state["market"][row]
        leftover = sum(c["florins"] for c in cells if c["card"] is None)
        kept = [c for c in cells if c["card"] is not None]
        cells[:] = kept + [{"card": None, "florins": 0} for _ in range(len(cells) - len(kept))]
        for cell in cells:
            if cell["card"] is None:
                deck = state["decks"][row] or state["decks"][other(row)]
                if deck:
                    cell["card"] = deck.pop()
        if cells[0]["card"] is not None:
            cells[0]["florins"] += leftover
    if any(c["card"] is None for row in ROWS for c in state["market"][row]):
        return {"msg": "decks_out"}
    return None
