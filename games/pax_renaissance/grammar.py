"""Orders of Pax Renaissance: words, forgiving card names, canonical text (ORDERS.md).

Rules: none (order syntax)
"""
from __future__ import annotations

from functools import lru_cache

from typing import Any, Iterable

from engine.contract import Decision, IllegalOrder, State
from engine.names import NameIndex
from engine.options import OneOf, Option, Order, SubsetOf
from games.pax_renaissance import catalog
from games.pax_renaissance.market import buy_cost, why_not_buy

ROW_WORDS = {"west": "west", "w": "west", "запад": "west", "east": "east", "e": "east",
             "восток": "east"}
#: Russian words for the verbs of actions and of answers to questions (ORDERS.md).
VERB_WORDS = {"ПАС": "PASS", "КУПИТЬ": "BUY", "СЫГРАТЬ": "PLAY", "ИГРАТЬ": "PLAY",
              "РАЗЫГРАТЬ": "PLAY", "ПРОДАТЬ": "SELL",
              "ЯРМАРКА": "FAIR", "БУНТ": "REVOLT", "ОПЕРАЦИИ": "OPS", "ОБЪЯВИТЬ": "DECLARE",
              "ОТРЕЧЕНИЕ": "APOSTASY", "ПОСТАВИТЬ": "PLACE", "ПРОПУСТИТЬ": "SKIP",
              "НЕТ": "NO", "ВОЙНА": "WAR", "СМЕНА": "SHIFT", "ВЕНЧАТЬ": "MARRY",
              "НЕЗАМУЖНЯЯ": "UNMARRIED", "ОП": "OP", "КОНЦЕССИЯ": "CONCESSION",
              "НИЧЕГО": "NONE", "ОСВОБОДИТЬ": "FREE", "ПОТЕРИ": "LOSE", "ПОМЕСТИТЬ": "PUT",
              "ПЛАТИТЬ": "PAY", "УГНЕСТИ": "REPRESS", "СБРОСИТЬ": "DISCARD"}
VICTORY_WORDS = {"holy": "holy", "faith": "holy", "вера": "holy", "imperial": "imperial",
                 "империализм": "imperial", "globalization": "globalization",
                 "глобализация": "globalization", "renaissance": "renaissance",
                 "ренессанс": "renaissance"}


@lru_cache(maxsize=None)
def card_names() -> NameIndex[str]:
    """Cards by id or English name (and Russian where the data has one); ruler cards by
    token (``ruler_france``) or either face's name."""
    names: list[tuple[str, str]] = []
    for cid, card in catalog.cards().items():
        names.append((cid, cid))
        names += [(name, cid) for name in card["name"].values()]
    for empire, faces in catalog.facts()["rulers"].items():
        token = f"ruler_{empire}"
        names += [(token, token), (faces["king"]["name"], token),
                  (faces["republic"]["name"], token)]
    return NameIndex("card", names)


def _word(table: dict[str, str], text: str, what: str) -> str:
    """A row or victory word, forgivingly: a near miss is read (engine.names)."""
    return NameIndex(what, list(table.items())).resolve(text)


def parse(state: State, decision: Decision, text: str) -> Order:
    """One order line: BUY <row> <slot> [<victory>], PLAY <card>, SELL <card>, FAIR <row>,
    DECLARE <victory>, PASS (ПАС; END alone on a mail line stops the mail, so the turn
    ends with PASS)."""
    words = text.split()
    verb = words[0].upper() if words else ""
    verb = VERB_WORDS.get(verb, verb)
    allowed = decision.options.verbs()
    rest = words[1:]
    if verb == "BUY" and len(rest) >= 2 and rest[1].isdigit():
        _why_not_buy(state, decision, text, rest)
    if verb not in allowed:
        raise IllegalOrder(f"{text!r} is not one of {', '.join(allowed)}", allowed,
                           code="wrong_verb", params={"text": text.strip(), "verbs": allowed})
    if verb in ("OPS", "APOSTASY", "REVOLT"):
        return parse_options(decision.options.options, " ".join([verb] + rest))
    if verb == "PASS":
        return {"verb": "PASS"}
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


def _why_not_buy(state: State, decision: Decision, text: str, rest: list[str]) -> None:
    """Refuse a BUY the decision does not offer with the reason, when the market gives one
    (§5.1)."""
    slot = int(rest[1])
    row = _word(ROW_WORDS, rest[0], "market row")
    if decision.options.admits({"verb": "BUY", "row": row, "slot": slot}):
        return
    why = why_not_buy(state, decision.seat, row, slot)
    if why:
        raise IllegalOrder(f"{text.strip()!r}: {why}", [], code=why,
                           params={"slot": slot, "cost": buy_cost(slot)})


def label_names(value: Any) -> list[str]:
    """The names a player may write for a value: its id, and the English/Russian names of
    the card, city, border or empire it is."""
    names = [str(value)]
    for table in (catalog.cards(), catalog.board()["cities"], catalog.board()["borders"],
                  catalog.board()["empires"]):
        if value in table:
            names += list(table[value]["name"].values())
    if isinstance(value, str) and value.startswith("ruler_"):
        names += label_names(value[len("ruler_"):])
    return names


def _value(domain: Any, text: str) -> Any:
    """Read one field's value among its domain's values, forgivingly (engine.names)."""
    values: Iterable[Any] = domain.values
    if isinstance(domain, SubsetOf):
        picked = [_value(OneOf(domain.values), part) for part in text.split(",") if part]
        return tuple(v for v in domain.values if v in picked)
    if all(isinstance(v, int) for v in values):
        if not text.isdigit():
            raise IllegalOrder(f"{text!r} is not a number", [str(v) for v in values],
                               code="not_a", params={"text": text, "what": "number"})
        return int(text)
    exact = [v for v in values if str(v) == text.strip()]
    if exact:  # an id wins over another value's name (ottoman vs ruler_ottoman)
        return exact[0]
    if text.strip().lower() in known_names() and not any(
            text.strip().lower() == n.lower() for v in values for n in label_names(v)):
        raise IllegalOrder(f"{text.strip()!r} is not a choice now", [str(v) for v in values],
                           code="not_legal_now", params={"text": text.strip()})
    index = NameIndex("name", [(n, v) for v in values for n in label_names(v)])
    return index.resolve(text)


@lru_cache(maxsize=None)
def known_names() -> frozenset[str]:
    """Every id and name of a card, city, border or empire, lower case: a word that names
    one of them but no value of the question is no typo (it is refused as not a choice)."""
    found: set[str] = set()
    for table in (catalog.cards(), catalog.board()["cities"], catalog.board()["borders"],
                  catalog.board()["empires"]):
        for key, entry in table.items():
            found |= {key.lower(), *(n.lower() for n in entry["name"].values())}
    return frozenset(found)


def parse_options(options: Iterable[Option], text: str) -> Order:
    """One order line against structured options: the verb, then one word per field in
    the option's order, the last field taking the rest of the line (ORDERS.md).  Names
    with spaces in other fields are written with underscores or as ids."""
    words = text.split()
    verb = words[0].upper() if words else ""
    verb = VERB_WORDS.get(verb, verb)
    shapes = [o for o in options if o.verb == verb]
    if not shapes:
        verbs = sorted({o.verb for o in options})
        raise IllegalOrder(f"{text!r} is not one of {', '.join(verbs)}", verbs,
                           code="wrong_verb", params={"text": text.strip(), "verbs": verbs})
    union: dict[str, list[Any]] = {}
    for shape in shapes:
        for name, domain in shape.fields:
            if isinstance(domain, OneOf):
                union.setdefault(name, []).extend(domain.values)
    problem: IllegalOrder | None = None
    for shape in shapes:
        rest = words[1:]
        if len(rest) < len(shape.fields) or (not shape.fields and rest):
            continue
        if shape.fields:
            rest = rest[:len(shape.fields) - 1] + [" ".join(rest[len(shape.fields) - 1:])]
        try:
            order: Order = {"verb": verb}
            for (name, domain), word in zip(shape.fields, rest):
                whole = OneOf(tuple(dict.fromkeys(union[name]))) if name in union else domain
                order[name] = _value(whole, word)
        except IllegalOrder as refusal:
            problem = problem or refusal
            continue
        if shape.admits(order):
            return order
    if problem is not None:
        raise problem
    examples = [o.example or o.describe() for o in shapes][:6]
    raise IllegalOrder(f"{text!r} does not fit {verb} now", examples, code="not_legal_now",
                       params={"text": text.strip()})


def order_text(order: Order) -> str:
    """The canonical text of an order (what the record stores and `parse` reads back): the
    verb and its field values in order, a subset as a comma list."""
    parts = [order["verb"]]
    for key, value in order.items():
        if key == "verb" or value is None:
            continue
        parts.append(",".join(map(str, value)) if isinstance(value, (tuple, list)) else str(value))
    return " ".join(parts)
