"""Virtù (3–5 players): the rules engine (the Russian rulebook; digest sections §1–§13).

The questions, each a *kind* with options, apply and default (mapping one-to-one onto the
engine's question kinds): ``family`` (setup, sealed and simultaneous, S3), ``move`` (the
action marker, P1/P2), ``act`` (paying for and performing the Room's action, P3, A1, A2),
``bonus`` (a Patronage bonus), ``winter`` (wages, reorganisation, purchases, troops,
alliances, W1–W5), and at the end of Spring ``declare`` (military bonuses, attacker and defender in
turn, E2), ``siege`` (which of one's sieges next, E1), ``press`` (the winner of a battle, E3) and ``retreat`` (E4).

Rules: §11
"""
from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Any, Sequence

from engine.contract import (DataReport, Decision, IllegalOrder, Outcome, Rules, ScenarioInfo,
                             State)
from engine.dice import Dice
from engine.options import OneOf, Option, OptionSet, Order
from games.virtu import fights, spring, winter
from games.virtu.check import check
from games.virtu.common import log
from games.virtu.flow import advance
from games.virtu.grammar import order_text, parse
from games.virtu.kit import DATA_DIR, kit_of
from games.virtu.scoring import winners
from games.virtu.setup import SEATS, layouts, place_family, setup
from games.virtu.views import secrets, validate, view

CLOCKS = {"family": "setup", "move": "impulse", "act": "impulse", "bonus": "impulse",
          "winter": "winter", "siege": "response", "declare": "response",
          "press": "response", "retreat": "response"}
PROMPTS = {"family": "place your 3 Family cards (sealed)", "move": "move your action marker",
           "act": "pay for and perform your Room's action, then END",
           "bonus": "take a Patronage bonus", "winter": "Winter: {stage}, then DONE",
           "siege": "choose which of your sieges to resolve next",
           "declare": "the fight before {city}: declare a military bonus or pass",
           "press": "you won the battle before {city}: continue the siege or abandon it",
           "retreat": "your Troops before {city} retreat, sail home or are lost"}

#: The questions of the end of Spring (§11 E2–E4): defaults and moves.
FIGHT_OPTIONS = {"siege": fights.siege_options, "declare": fights.declare_options}
FIGHT_DEFAULTS = {"siege": fights.siege_default, "declare": fights.declare_default,
                  "press": fights.press_default, "retreat": fights.retreat_default}
FIGHT_APPLY = {"siege": fights.apply_siege, "declare": fights.apply_declare,
               "press": fights.apply_press, "retreat": fights.apply_retreat}


class VirtuRules(Rules):
    name = "virtu"
    version = 1
    title = "Virtù"
    presenter = "games.virtu.presenter:VirtuPresenter"
    templates_dir = Path(__file__).resolve().parent / "templates"
    board = "games.virtu.board:board"
    clock_classes = MappingProxyType({"setup": "72h", "impulse": "48h", "winter": "48h",
                                      "response": "24h", "default": "48h"})
    help_verbs = ("FAMILY slot slot slot", "PLACE room | MOVE steps | STEP",
                  "USE source:resource | INDULGENCE crown|florins | UNBLOCK room cross|crown",
                  "REFRESH token | REACTIVATE power | PATRON | TAKE bonus | SELL",
                  "ANNEX city | MARCH city-city | AGENT from to | EXPEL place | END",
                  "SIEGE city | BONUS source | PASS | CONTINUE | ABANDON",
                  "RETREAT city | SAIL port | LOSE",
                  "PAY | DISMISS city | SHIFT from-to | DISCARD space | BUY item",
                  "HIRE city | ALLY power | DONE")

    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo("standard", SEATS, 3, 5,
                             "3-5 players: red, yellow, green; + blue; + white")]

    def standing_kinds(self) -> dict[str, tuple[str, ...]]:
        """The questions of the end of Spring, asked off one's own turn, may be answered in
        advance (``STANDING declare PASS``): their §11 defaults, or never to declare,
        always to continue or abandon, always to lose retreating Troops."""
        return {"siege": ("DEFAULT",), "declare": ("DEFAULT", "PASS"),
                "press": ("DEFAULT", "CONTINUE", "ABANDON"), "retreat": ("DEFAULT", "LOSE")}

    def answer_from_standing(self, state: State, decision: Decision,
                             policy: str) -> Order | None:
        if policy not in self.standing_kinds().get(decision.kind, ()):
            return None
        order = (self.default(state, decision) if policy == "DEFAULT"
                 else {"verb": policy})
        return order if decision.options.admits(order) else None

    def check_data(self, directory: Path | None) -> DataReport:
        return check(directory or DATA_DIR)

    def setup(self, scenario: str | None, seats: Sequence[str], options: dict[str, Any],
              dice: Dice) -> State:
        self.scenario(scenario)
        return setup(seats, options, dice)

    # ------------------------------------------------------------------ questions
    def decisions(self, state: State) -> list[Decision]:
        if state["season"] == "setup":
            return [self._decision(state, {"kind": "family", "seat": s})
                    for s in SEATS if s in state["layouts"] and state["layouts"][s] is None]
        if state["ask"] is None:
            return []
        return [self._decision(state, state["ask"])]

    def _decision(self, state: State, item: dict[str, Any]) -> Decision:
        kind = item["kind"]
        context = {k: v for k, v in item.items() if k not in ("kind", "seat")}
        step = 0 if kind == "family" else state["step"]       # sealed: stable while open
        return Decision(f"{step}-{kind}-{item['seat']}", item["seat"], kind,
                        OptionSet(tuple(self._options(state, item))), clock=CLOCKS[kind],
                        private=kind == "family", prompt=PROMPTS[kind].format(**context),
                        context=context)

    def _options(self, state: State, item: dict[str, Any]) -> list[Option]:
        kit, seat, kind = kit_of(state), item["seat"], item["kind"]
        if kind == "family":
            return [Option.of("FAMILY", layout=OneOf(tuple(layouts(kit, seat))))]
        if kind == "move":
            return spring.move_options(state, kit, seat)
        if kind == "act":
            return spring.act_options(state, kit, seat)
        if kind == "bonus":
            return [Option.of("TAKE", bonus=OneOf(spring.bonus_choices(state, kit, seat)))]
        if kind in FIGHT_OPTIONS:
            return FIGHT_OPTIONS[kind](state, kit, seat)
        if kind == "press":
            return [Option.of("CONTINUE"), Option.of("ABANDON")]
        if kind == "retreat":
            return fights.retreat_options(state, kit, seat, item["city"])
        return winter.options(state, kit, item)

    def default(self, state: State, decision: Decision) -> Order:
        """§11: Family cards on the open courtier spaces (S3); the first Room, or 1 step (P1,
        P2); END or DONE (P3, W1–W5: nothing bought, hired or allied); the first bonus in
        list order (P3)."""
        kind = decision.kind
        if kind == "family":
            kit = kit_of(state)
            return {"verb": "FAMILY",
                    "layout": " ".join(kit["palaces"]["spaces"]["open"])}
        if kind == "move":
            return next(decision.options.orders())
        if kind == "bonus":
            return next(decision.options.orders())
        if kind in FIGHT_DEFAULTS:
            return FIGHT_DEFAULTS[kind](state, kit_of(state), decision.seat)
        if decision.context.get("stage") == "wages":
            return winter.wage_default(state, kit_of(state), decision.seat)
        return {"verb": "END" if kind == "act" else "DONE"}

    # ------------------------------------------------------------------ moves
    def apply(self, state: State, seat: str, order: Order, dice: Dice) -> State:
        asked = [d for d in self.decisions(state) if d.seat == seat]
        if not asked:
            raise IllegalOrder(f"{seat} is not asked anything now", code="not_asked",
                               params={"seat": seat})
        decision = asked[0]
        if not decision.options.admits(order):
            raise IllegalOrder(f"{order_text(order)} is not legal now",
                               [o.describe() for o in decision.options.options],
                               code="not_legal_now", params={"text": order_text(order)})
        kit = kit_of(state)
        state["step"] += 1
        kind = decision.kind
        if kind == "family":
            state["layouts"][seat] = order["layout"]
            if all(state["layouts"].values()):
                for who, layout in state["layouts"].items():
                    place_family(state, kit, who, layout)
                state["season"] = "spring"
                log(state, "families_placed")
        elif kind == "move":
            spring.apply_move(state, kit, seat, order)
        elif kind == "act":
            spring.apply_act(state, kit, seat, order)
        elif kind == "bonus":
            spring.apply_bonus(state, kit, seat, order)
        elif kind in FIGHT_APPLY:
            FIGHT_APPLY[kind](state, kit, seat, order)
        else:
            winter.apply(state, kit, state["ask"], order)
        advance(state, kit)
        return state

    # ------------------------------------------------------------------ views
    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        return view(state, seat)

    def secrets(self, state: State) -> dict[str, set[str]]:
        return secrets(state)

    def validate(self, state: State) -> list[str]:
        return validate(state)

    def outcome(self, state: State) -> Outcome | None:
        if state["season"] != "over":
            return None
        table = state["scores"]
        reason = ("most prestige after the final Winter (L1220)" if state["ended_by"] == "end"
                  else f"most prestige when the judge's cap of {state['years']} Years was "
                       "reached (ruling R8)")
        return Outcome(winners(state, kit_of(state), table), reason,
                       {s: t["total"] for s, t in table.items()})

    # ------------------------------------------------------------------ grammar
    def parse(self, state: State, decision: Decision, text: str) -> Order:
        return parse(state, decision, text)

    def order_text(self, order: Order) -> str:
        return order_text(order)
