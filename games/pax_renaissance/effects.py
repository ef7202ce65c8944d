"""Card effects that act when a card is sold from the tableau (§5.3.В): Cryptography's
borrowed operation (glossary «КРИПТОГРАФИЯ») and the freeing of every repressed piece in
the West.

Rules: §5.3.В, glossary «КРИПТОГРАФИЯ», ЭФФЕКТ
"""
from __future__ import annotations

from engine.contract import State
from engine.dice import Dice
from engine.options import Option, Order
from engine.questions import Item, Kind
from games.pax_renaissance import asks, catalog, grammar, ops
from games.pax_renaissance.places import blocked, owned_cards

#: The purple (political) operations a borrowed op may be (glossary «КРИПТОГРАФИЯ»).
PURPLE = ("behead", "tax", "repress", "vote")


def on_sale(state: State, seat: str, card: str) -> None:
    """Queue the sale effect of an unblocked tableau card being sold (§5.3.В)."""
    abilities = catalog.cards()[card].get("abilities", [])
    if blocked(state, card):
        return
    if "sell_and_perform_purple_op_from_opponent" in abilities:
        asks.push(state, "borrow", seat, first=True)
    if "sell_and_emancipate_all_repressed_tokens_in_the_west" in abilities:
        for empire in catalog.empires_of("west"):
            if state["rulers"][empire]["repressed"]:
                asks.push(state, "liberate", seat, empire=empire, forced=True)


def _borrow_options(state: State, item: Item) -> list[Option]:
    """One purple op of a rival's unblocked tableau card, at that card's location, with all
    the usual limits (glossary «КРИПТОГРАФИЯ»), or SKIP."""
    seat = item["seat"]
    found: list[Option] = []
    for rival in state["seats"]:
        if rival == seat:
            continue
        for cid in owned_cards(state, rival):
            if blocked(state, cid):
                continue
            for op in ops.card_ops(state, cid):
                if op["op"] in PURPLE:
                    found += [o for o in ops.TARGETS[op["op"]](state, seat, cid, op)
                              if o.count()]
    return found + [Option.of("SKIP")]


def _borrow_apply(state: State, item: Item, order: Order, dice: Dice) -> bool:
    if order["verb"] == "OP":
        entry = ops.run(state, item["seat"], order)
        state["log"].append({"turn": state["turn"], **entry, "borrowed": True})
    return True


KIND_BORROW = Kind(
    options=_borrow_options, apply=_borrow_apply, default=lambda state, item: {"verb": "SKIP"},
    parse=lambda state, item, text: grammar.parse_options(_borrow_options(state, item), text),
    prompt=lambda state, item: "Cryptography: OP <a rival's card> <behead|tax|repress|vote> "
                               "<targets>, or SKIP",
    clock="impulse")

asks.KINDS["borrow"] = KIND_BORROW
