"""Orders as players write them (ORDERS.md): ``VERB value ...``, one value per field of the
question's option, in order; a name may be written in English or Russian, any case.

Rules: none (order syntax)
"""
from __future__ import annotations

from typing import Any

from engine.contract import Decision, IllegalOrder, State
from engine.options import Option, Order
from games.virtu.kit import kit_of
from games.virtu.spring import deed_bar
from games.virtu.winter import buy_bar


def order_text(order: Order) -> str:
    """The canonical text: the verb, then each value (a layout is three words)."""
    return " ".join([order["verb"]] + [str(v) for k, v in order.items() if k != "verb"])


def parse(state: State, decision: Decision, text: str) -> Order:
    words = text.split()
    verb = words[0].upper() if words else ""
    options = [o for o in decision.options.options if o.verb == verb]
    names = _names(state)
    rest = [names.get(w.lower(), w.lower()) for w in _join_names(words[1:], names)]
    _explain_purchase(state, decision, verb, rest)
    if not options and decision.kind == "act":
        _explain_deed(state, decision, verb)
    if not options:
        raise IllegalOrder(f"{text.strip()!r} does not answer this question ({decision.prompt})",
                           sorted(decision.options.verbs()), code="wrong_verb",
                           params={"text": text.strip(), "verbs": sorted(decision.options.verbs())})
    for option in options:
        order = _fill(option, rest)
        if order is not None and option.admits(order):
            return order
    hints = [order_text(o) for o in _first(options, 8)]
    raise IllegalOrder(f"{text.strip()!r} is not one of the legal {verb} orders now", hints,
                       code="not_legal_now", params={"text": text.strip()})


def _explain_purchase(state: State, decision: Decision, verb: str, rest: list[str]) -> None:
    """A Winter purchase that cannot be made is refused with its reason (the price, the
    space, the one-of rule: `winter.buy_bar`), not as an order that answers nothing."""
    if verb != "BUY" or decision.kind != "winter" or decision.context.get("stage") != "buy" \
            or len(rest) != 1:
        return
    bar = buy_bar(state, kit_of(state), decision.seat, rest[0])
    if bar is not None:
        raise IllegalOrder(bar, ["DONE"])


def _explain_deed(state: State, decision: Decision, verb: str) -> None:
    """A deed of another Room's action, or of a blocked Room, is refused with the Room the
    marker stands in and its action (`spring.deed_bar`)."""
    bar = deed_bar(state, kit_of(state), decision.seat, verb)
    if bar is not None:
        raise IllegalOrder(bar, sorted(decision.options.verbs()))


def _fill(option: Option, rest: list[str]) -> Order | None:
    fields = [name for name, _ in option.fields]
    if not fields:
        return {"verb": option.verb} if not rest else None
    if fields == ["layout"]:
        return {"verb": option.verb, "layout": " ".join(rest)}
    if len(rest) != len(fields):
        return None
    order: dict[str, Any] = {"verb": option.verb}
    for name, word in zip(fields, rest):
        order[name] = int(word) if word.isdigit() else word
    return order


def _first(options: list[Option], count: int) -> list[Order]:
    found: list[Order] = []
    for option in options:
        for order in option.orders():
            found.append(order)
            if len(found) >= count:
                return found
    return found


def _names(state: State) -> dict[str, str]:
    """Display names of cities, cards, tokens and bonuses (English and Russian, lowercase,
    spaces as ``_``) → ids; worked out once per kit."""
    kit = kit_of(state)
    if kit.sha in _NAMES:
        return _NAMES[kit.sha]
    found: dict[str, str] = {}
    groups = [kit["map"]["cities"], kit["nobles"]["nobles"], kit["families"]["cards"],
              kit["patronage"]["bonuses"], kit["tokens"]["guilds"], kit["rules"]["alliances"]]
    for group in groups:
        for key, value in group.items():
            for name in (value.get("name") or {}).values():
                found[name.lower().replace(" ", "_")] = key
    _NAMES[kit.sha] = found
    return found


_NAMES: dict[str, dict[str, str]] = {}


def _join_names(words: list[str], names: dict[str, str]) -> list[str]:
    """Words of a multi-word name (``Sistine Chapel``) joined with ``_``."""
    out, i = [], 0
    while i < len(words):
        for j in range(len(words), i + 1, -1):
            joined = "_".join(words[i:j]).lower()
            if joined in names:
                out.append(joined)
                i = j
                break
        else:
            out.append(words[i])
            i += 1
    return out
