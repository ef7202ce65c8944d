"""Orders of Pax Renaissance: words, forgiving card names, canonical text (ORDERS.md)."""
from __future__ import annotations

from functools import lru_cache

from engine.contract import Decision, IllegalOrder, State
from engine.names import NameIndex
from engine.options import Order
from games.pax_renaissance import catalog

ROW_WORDS = {"west": "west", "w": "west", "запад": "west", "east": "east", "e": "east",
             "восток": "east"}
VICTORY_WORDS = {"holy": "holy", "faith": "holy", "вера": "holy", "imperial": "imperial",
                 "империализм": "imperial", "globalization": "globalization",
                 "глобализация": "globalization", "renaissance": "renaissance",
                 "ренессанс": "renaissance"}


@lru_cache(maxsize=None)
def card_names() -> NameIndex[str]:
    """Cards by id or English name (and Russian where the data has one)."""
    names: list[tuple[str, str]] = []
    for cid, card in catalog.cards().items():
        names.append((cid, cid))
        names += [(name, cid) for name in card["name"].values()]
    return NameIndex("card", names)


def _word(table: dict[str, str], text: str, what: str) -> str:
    key = text.strip().lower()
    if key not in table:
        raise IllegalOrder(f"{text!r} is not a {what}", sorted(set(table.values())),
                           code="not_a", params={"text": text, "what": what})
    return table[key]


def parse(state: State, decision: Decision, text: str) -> Order:
    """One order line: BUY <row> <slot> [<victory>], PLAY <card>, SELL <card>, FAIR <row>,
    DECLARE <victory>, END."""
    words = text.split()
    verb = words[0].upper() if words else ""
    allowed = decision.options.verbs()
    if verb not in allowed:
        raise IllegalOrder(f"{text!r} is not one of {', '.join(allowed)}", allowed,
                           code="wrong_verb", params={"text": text.strip(), "verbs": allowed})
    rest = words[1:]
    if verb == "END":
        return {"verb": "END"}
    if verb == "FAIR":
        return {"verb": "FAIR", "row": _word(ROW_WORDS, " ".join(rest), "market row")}
    if verb == "DECLARE":
        return {"verb": "DECLARE", "victory": _word(VICTORY_WORDS, " ".join(rest), "victory")}
    if verb == "BUY":
        if len(rest) < 2 or not rest[1].isdigit():
            raise IllegalOrder("BUY needs a row and a slot: BUY west 3", ["BUY west 3"],
                               code="buy_syntax")
        order: Order = {"verb": "BUY", "row": _word(ROW_WORDS, rest[0], "market row"),
                        "slot": int(rest[1])}
        if len(rest) > 2:
            order["victory"] = _word(VICTORY_WORDS, " ".join(rest[2:]), "victory")
        return order
    return {"verb": verb, "card": card_names().resolve(" ".join(rest))}


def order_text(order: Order) -> str:
    """The canonical text of an order (what the record stores and `parse` reads back)."""
    verb = order["verb"]
    if verb == "BUY":
        tail = f" {order['victory']}" if order.get("victory") else ""
        return f"BUY {order['row']} {order['slot']}{tail}"
    if verb in ("PLAY", "SELL"):
        return f"{verb} {order['card']}"
    if verb == "FAIR":
        return f"FAIR {order['row']}"
    if verb == "DECLARE":
        return f"DECLARE {order['victory']}"
    return verb
