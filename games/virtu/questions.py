"""Every question Virtù asks, as the engine's question kinds (`engine.questions.Kind`): each
with its exact options, apply, default (§11), parse, prompt and clock; the off-turn ones of
the end of Spring with standing-order policies.

Rules: §11
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from engine.contract import Decision, State
from engine.dice import Dice
from engine.options import OneOf, Option, Order
from engine.questions import Item, Kind
from games.virtu import fights, shaded, spring, winter
from games.virtu.choices import Choices, shunned
from games.virtu.common import log
from games.virtu.grammar import parse
from games.virtu.kit import Kit, kit_of
from games.virtu.setup import layouts, place_family

Step = Callable[[State, Kit, str, Order], None]
PROMPTS = {"family": "place your 3 Family cards (sealed)", "move": "move your action marker",
           "act": "pay for and perform your Room's action, then DONE",
           "bonus": "take a Patronage bonus", "winter": "Winter: {stage}, then DONE",
           "siege": "choose which of your sieges to resolve next",
           "declare": "the fight before {city}: declare a military bonus or pass",
           "press": "you won the battle before {city}: continue the siege or abandon it",
           "retreat": "your Troops before {city} retreat, sail home or are lost",
           "shaded": "below 5 cities: choose the shaded courtier space you lose"}


#: The Winter steps as the English prompt names them (§7).
STAGE_NAMES = {"wages": "wages", "reorg": "palace reorganisation", "buy": "purchases",
               "hire": "hiring troops", "ally": "alliances"}


def _prompt(kind: str) -> Callable[[State, Item], str]:
    """The English prompt, with the city's and the Winter step's names."""
    def prompt(state: State, item: Item) -> str:
        names = {}
        if "city" in item:
            names["city"] = kit_of(state).city(item["city"])["name"]["en"]
        if "stage" in item:
            names["stage"] = STAGE_NAMES[item["stage"]]
        return PROMPTS[kind].format(**{**item, **names})
    return prompt


def _parse(state: State, item: Item, text: str) -> Order:
    return parse(state, kind_decision(state, item), text)


def _options(function: Callable[[State, Kit, str], list[Option]]
             ) -> Callable[[State, Item], list[Option]]:
    return lambda state, item: function(state, kit_of(state), item["seat"])


def _apply(function: Step) -> Callable[[State, Item, Order, Dice], bool]:
    def carry_out(state: State, item: Item, order: Order, dice: Dice) -> bool:
        function(state, kit_of(state), item["seat"], order)
        return True
    return carry_out


def _default(function: Callable[[State, Kit, str], Order]) -> Callable[[State, Item], Order]:
    return lambda state, item: function(state, kit_of(state), item["seat"])


def _first(kind: str) -> Callable[[State, Item], Order]:
    """The first legal order (P1, P2: the first Room or 1 step; P3: the first bonus)."""
    return lambda state, item: next(kind_decision(state, item).options.orders())


# ------------------------------------------------------------------ setup (S3)
def family_options(state: State, kit: Kit, seat: str) -> list[Option]:
    return [Option.of("FAMILY", layout=OneOf(tuple(layouts(kit, seat))))]


def family_default(state: State, kit: Kit, seat: str) -> Order:
    """S3: the 3 cards on the 3 open courtier spaces, in card order."""
    return {"verb": "FAMILY", "layout": " ".join(kit["palaces"]["spaces"]["open"])}


def family_apply(state: State, kit: Kit, seat: str, order: Order) -> None:
    """Sealed: kept apart until every family has placed, then revealed together (L138)."""
    state["layouts"][seat] = order["layout"]
    if all(state["layouts"].values()):
        for who, layout in state["layouts"].items():
            place_family(state, kit, who, layout)
        state["season"] = "spring"
        log(state, "families_placed")


# ------------------------------------------------------------------ standing orders
def _standing(policies: tuple[str, ...]) -> Callable[[str, State, Decision], Order | None]:
    """``DEFAULT`` answers as the deadline would; ``CASH`` cashes one florin source each time
    it is asked (§3.5, L400: any time, even on another's turn), then answers as ``DEFAULT``;
    any other policy is the verb itself."""
    def answer(policy: str, state: State, decision: Decision) -> Order | None:
        if policy not in policies:
            return None
        cash = next((o for o in decision.options.orders() if o["verb"] == "USE"), None)
        if policy == "CASH" and cash is not None:
            return cash
        order = (KINDS[decision.kind].default(state, state["ask"])
                 if policy in ("DEFAULT", "CASH") else {"verb": policy})
        return order if decision.options.admits(order) else None
    return answer


def _kind(kind: str, options: Callable[[State, Kit, str], list[Option]], apply: Step,
          default: Callable[[State, Item], Order], clock: str, *, private: bool = False,
          policies: tuple[str, ...] = ()) -> Kind:
    return Kind(options=_options(options), apply=_apply(apply), default=default,
                parse=_parse, prompt=_prompt(kind), clock=clock, private=private,
                standing=_standing(policies) if policies else None, policies=policies)


def _winter_options(state: State, kit: Kit, seat: str) -> list[Option]:
    return winter.options(state, kit, state["ask"])


def _winter_apply(state: State, kit: Kit, seat: str, order: Order) -> None:
    winter.apply(state, kit, state["ask"], order)


def _winter_default(state: State, item: Item) -> Order:
    """W1: pay, or send a Troop home; W2–W5: nothing reorganised, bought, hired or allied."""
    if item["stage"] == "wages":
        return winter.wage_default(state, kit_of(state), item["seat"])
    return {"verb": "DONE"}


def _press_options(state: State, kit: Kit, seat: str) -> list[Option]:
    return [Option.of("CONTINUE"), Option.of("ABANDON")]


def _retreat_options(state: State, kit: Kit, seat: str) -> list[Option]:
    return fights.retreat_options(state, kit, seat, state["ask"]["city"])


def _bonus_options(state: State, kit: Kit, seat: str) -> list[Option]:
    return [Option.of("TAKE", bonus=OneOf(spring.bonus_choices(state, kit, seat)))]


KINDS: dict[str, Kind] = {
    "family": _kind("family", family_options, family_apply, _default(family_default),
                    "setup", private=True),
    "move": _kind("move", spring.move_options, spring.apply_move, _first("move"), "impulse"),
    "act": _kind("act", spring.act_options, spring.apply_act,
                 lambda state, item: {"verb": "DONE"}, "impulse"),
    "bonus": _kind("bonus", _bonus_options, spring.apply_bonus, _first("bonus"), "impulse"),
    "winter": _kind("winter", _winter_options, _winter_apply, _winter_default, "winter"),
    "siege": _kind("siege", fights.siege_options, fights.apply_siege,
                   _default(fights.siege_default), "response", policies=("DEFAULT",)),
    "declare": _kind("declare", fights.declare_options, fights.apply_declare,
                     _default(fights.declare_default), "response",
                     policies=("DEFAULT", "PASS", "CASH")),
    "press": _kind("press", _press_options, fights.apply_press, _default(fights.press_default),
                   "response", policies=("DEFAULT", "CONTINUE", "ABANDON")),
    "retreat": _kind("retreat", _retreat_options, fights.apply_retreat,
                     _default(fights.retreat_default), "response",
                     policies=("DEFAULT", "LOSE")),
    "shaded": _kind("shaded", shaded.options, shaded.apply, _default(shaded.default),
                    "response", policies=("DEFAULT",)),
}


def decision_id(state: State, item: Item) -> str:
    """Stable while the question is open: a sealed one keeps its id while others answer."""
    step = 0 if item["kind"] == "family" else state["step"]
    return f"{step}-{item['kind']}-{item['seat']}"


def kind_decision(state: State, item: Item) -> Decision:
    """The question `item` as the engine's `Decision`, its options drawn by a random player
    as `games.virtu.choices` weighs them."""
    decision = KINDS[item["kind"]].decision(decision_id(state, item), state, item)
    return replace(decision, options=Choices(decision.options.options,
                                             winter=item["kind"] == "winter",
                                             shun=shunned(state, kit_of(state), item)))


def open_items(state: State) -> list[Item]:
    """Who is asked what now: every family still to place (sealed, at once), else the one
    question of the moment."""
    if state["season"] == "setup":
        return [{"kind": "family", "seat": s} for s, v in state["layouts"].items() if v is None]
    return [state["ask"]] if state["ask"] else []


__all__ = ["KINDS", "decision_id", "kind_decision", "open_items"]
