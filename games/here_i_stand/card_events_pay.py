"""#87 *Mercenaries Demand Pay* played in one's own impulse (card text).

The player names a power with mercenaries on the map (``TARGET <power>``, question
``merc_pay_target``; default: the enemy with most).  That power pays with one card of its
hand or not (``DISCARD <card>`` or ``NONE``, question ``merc_pay``, asked of it alone: its
hand is its own; home cards may pay, mandatory events may not).  The card's CP decide how
many mercenaries it keeps: 1 CP 2, 2 CP 4, 3 CP 6, 4 CP 10, 5-6 CP all; no card, none.  It
then picks the ones it loses, one at a time (``ELIMINATE MERCENARY IN <space>``, question
``merc_pay_lost``, the mercenary events' question, `land_war.mercenary_events`).  Defaults
and standing orders (``STANDING merc_pay CHEAPEST|NONE``; ``STANDING merc_pay_lost MOST``):
the cheapest card that keeps them all, else the dearest, never a home card while another
will do; losses from the space with most.

Rules: §5 (card text #87)
"""
from __future__ import annotations

import dataclasses
from typing import Any

from engine import questions
from engine.contract import Reason as R
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, facts, grammar
from games.here_i_stand import state as S
from games.here_i_stand.land_war import mercenary_events

KINDS: dict[str, questions.Kind] = {}

DEMAND_PAY = 87
#: Mercenaries kept by the CP of the card paid (5 and 6 CP: all).
KEPT = {0: 0, 1: 2, 2: 4, 3: 6, 4: 10}


def mercenaries(state: S.State, power: str) -> int:
    return sum(S.units(state, sid).get(power, {}).get("mercenaries", 0)
               for sid in state["spaces"] if sid in S.board().spaces)


def targets(state: S.State) -> list[str]:
    return [p for p in S.MAJORS if mercenaries(state, p)]


def kept(cp: int, total: int) -> int:
    return min(total, KEPT.get(cp, total))


def resolve(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "merc_pay_target", "seat": power})
    return 0


def condition(state: S.State, power: str) -> R | None:
    if not targets(state):
        return R("Mercenaries Demand Pay: no power has mercenaries on the map",
                 "merc_pay_none", card=DEMAND_PAY)
    return None


def _target_apply(state, item, order, dice) -> bool:
    choices.push(state, {"kind": "merc_pay", "seat": order["power"]}, first=True)
    return True


def _target_default(state, item) -> dict[str, Any]:
    enemy = lambda p: (not S.at_war(state, item["seat"], p), p == item["seat"],
                       -mercenaries(state, p), p)
    return {"verb": "TARGET", "power": min(targets(state), key=enemy)}


KINDS["merc_pay_target"] = choices.Kind(
    options=lambda state, item: [Option.of("TARGET", f"TARGET {targets(state)[0]}",
                                           power=OneOf(tuple(targets(state))))],
    apply=_target_apply, default=_target_default,
    settle=lambda state, item, dice: not targets(state),
    parse=lambda state, item, text: {"verb": "TARGET", "power": grammar.power(
        grammar.target_verb(text, "TARGET <power>"))},
    prompt=lambda state, item: "Mercenaries Demand Pay: TARGET <power>")


def payable(state: S.State, power: str) -> tuple[int, ...]:
    return tuple(n for n in state["hands"][power] if facts.card(n).type != "mandatory")


def _pay_options(state, item) -> list[Option]:
    cards = payable(state, item["seat"])
    return ([Option.of("DISCARD", f"DISCARD {cards[0]}", card=OneOf(cards))] if cards else []) \
        + [Option.of("NONE", "NONE")]


def _pay_parse(state, item, text) -> dict[str, Any]:
    verb = grammar.verb_of(text)
    if verb in ("NONE", "НЕТ", "DONE", "ГОТОВО"):
        return {"verb": "NONE"}
    grammar.expect(["DISCARD"], "DISCARD" if verb in ("DISCARD", "СБРОСИТЬ") else verb, text,
                   "DISCARD <card> or NONE")
    return {"verb": "DISCARD", "card": grammar.card_number(grammar.rest_of(text),
                                                           state["hands"][item["seat"]])}


def cheapest(state: S.State, power: str) -> dict[str, Any]:
    """The cheapest card keeping every mercenary, else the dearest; home cards last."""
    total = mercenaries(state, power)
    cards = payable(state, power)
    if not cards:
        return {"verb": "NONE"}
    homes = set(facts.home_cards()[power])
    enough = [n for n in cards if kept(facts.card(n).cp, total) >= total]
    if enough:
        best = min(enough, key=lambda n: (n in homes, facts.card(n).cp, n))
    else:
        best = max(cards, key=lambda n: (n not in homes, facts.card(n).cp, -n))
    return {"verb": "DISCARD", "card": best}


def _pay_apply(state, item, order, dice) -> bool:
    power = item["seat"]
    total = mercenaries(state, power)
    cp = 0
    if order["verb"] == "DISCARD":
        state["hands"][power].remove(order["card"])
        S.discard(state, order["card"], as_event=False)
        cp = facts.card(order["card"]).cp
        S.log(state, "merc_pay_paid", card=DEMAND_PAY, power=power, card2=order["card"])
    lost = total - kept(cp, total)
    S.log(state, "merc_pay_lost", card=DEMAND_PAY, power=power, n=lost)
    if lost:
        choices.push(state, {"kind": "merc_pay_lost", "seat": power, "owner": power,
                             "left": lost, "card": DEMAND_PAY, "remove": True}, first=True)
    return True


KINDS["merc_pay"] = choices.Kind(
    options=_pay_options, apply=_pay_apply, parse=_pay_parse,
    default=lambda state, item: cheapest(state, item["seat"]), private=True,
    policies=("CHEAPEST", "NONE"),
    standing=lambda policy, state, decision: (
        {"verb": "NONE"} if policy == "NONE" else cheapest(state, decision.seat)),
    context=lambda state, item: {"n": mercenaries(state, item["seat"])},
    prompt=lambda state, item: ("Mercenaries Demand Pay: DISCARD <card> (1 CP keeps 2, 2 CP 4, "
                                "3 CP 6, 4 CP 10, 5-6 CP all) or NONE (all are lost)"))
KINDS["merc_pay_lost"] = dataclasses.replace(
    mercenary_events.KINDS["mercenaries"], policies=("MOST",),
    standing=lambda policy, state, decision: mercenary_events.KINDS["mercenaries"].default(
        state, {**decision.context, "seat": decision.seat}),
    prompt=lambda state, item: (f"Mercenaries Demand Pay: ELIMINATE MERCENARY IN <space> — "
                                f"{item['left']} more of yours"))
EVENTS = {DEMAND_PAY: resolve}
CONDITIONS = {DEMAND_PAY: condition}
