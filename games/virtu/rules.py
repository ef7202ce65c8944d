"""Virtù (3–5 players): the rules engine (the Russian rulebook; digest sections §1–§13).

The questions are the engine's question kinds (`games.virtu.questions`): ``family`` (setup,
sealed and simultaneous, S3), ``move`` (the action marker, P1/P2), ``act`` (paying for and
performing the Room's action, P3, A1, A2), ``bonus`` (a Patronage bonus), ``winter`` (wages,
reorganisation, purchases, troops, alliances, W1–W5), and at the end of Spring ``siege``
(which of one's sieges next, E1), ``declare`` (military bonuses, attacker and defender in
turn, E2), ``press`` (the winner of a battle, E3) and ``retreat`` (E4).

Rules: §11
"""
from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from engine.contract import (DataReport, Decision, IllegalOrder, Outcome, Rules, ScenarioInfo,
                             State)
from engine.dice import Dice
from engine.options import Order
from engine.questions import Kind
from games.virtu.check import check
from games.virtu.flow import advance
from games.virtu.grammar import order_text, parse
from games.virtu.kit import DATA_DIR, kit_of
from games.virtu.questions import KINDS, kind_decision, open_items
from games.virtu.scoring import winners
from games.virtu.setup import SEATS, SIMULATION_YEAR_CAP, setup
from games.virtu.views import secrets, validate, view


class VirtuRules(Rules):
    name = "virtu"
    version = 2
    title = "Virtù"
    presenter = "games.virtu.presenter:VirtuPresenter"
    bots = "games.virtu.bots:BOTS"
    templates_dir = Path(__file__).resolve().parent / "templates"
    board = "games.virtu.board:board"
    clock_classes = MappingProxyType({"setup": "72h", "impulse": "48h", "winter": "48h",
                                      "response": "24h", "default": "48h"})
    help_verbs = ("FAMILY slot slot slot", "PLACE room | MOVE steps | STEP",
                  "USE source:resource | INDULGENCE crown|florins | UNBLOCK room cross|crown",
                  "REFRESH token | REACTIVATE power | PATRON | TAKE bonus | SELL",
                  "ANNEX city | MARCH city-city | AGENT from to | EXPEL place | DONE",
                  "SIEGE city | BONUS source | PASS | CONTINUE | ABANDON",
                  "RETREAT city | SAIL port | LOSE",
                  "PAY | DISMISS city | SHIFT from-to | DISCARD space | BUY item",
                  "HIRE city | ALLY power | DONE")
    simulation_options = MappingProxyType({"years": SIMULATION_YEAR_CAP})

    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo("standard", SEATS, 3, 5,
                             "3-5 players: red, yellow, green; + blue; + white")]

    def check_data(self, directory: Path | None) -> DataReport:
        return check(directory or DATA_DIR)

    def setup(self, scenario: str | None, seats: Sequence[str], options: dict[str, Any],
              dice: Dice) -> State:
        self.scenario(scenario)
        return setup(seats, options, dice)

    # ------------------------------------------------------------------ questions
    def questions(self) -> Mapping[str, Kind]:
        return KINDS

    def decisions(self, state: State) -> list[Decision]:
        return [kind_decision(state, item) for item in open_items(state)]

    def default(self, state: State, decision: Decision) -> Order:
        """§11, each kind's own default (`games.virtu.questions`)."""
        return KINDS[decision.kind].default(state, _item(state, decision.seat))

    # ------------------------------------------------------------------ moves
    def apply(self, state: State, seat: str, order: Order, dice: Dice) -> State:
        items = [i for i in open_items(state) if i["seat"] == seat]
        if not items:
            raise IllegalOrder(f"{seat} is not asked anything now", code="not_asked",
                               params={"seat": seat})
        kind = KINDS[items[0]["kind"]]
        kind.check(state, items[0], order, order_text)
        state["step"] += 1
        kind.apply(state, items[0], order, dice)
        advance(state, kit_of(state))
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
        reason = (f"most prestige after the final Winter, Year {state['year']} (L1220)"
                  if state["ended_by"] == "end"
                  else f"most prestige when the judge's cap of {state['years']} Years was "
                       "reached (ruling R8)")
        return Outcome(winners(state, kit_of(state), table), reason,
                       {s: t["total"] for s, t in table.items()})

    # ------------------------------------------------------------------ grammar
    def parse(self, state: State, decision: Decision, text: str) -> Order:
        return parse(state, decision, text)

    def order_text(self, order: Order) -> str:
        return order_text(order)


def _item(state: State, seat: str) -> dict[str, Any]:
    """The question open for `seat` now."""
    found = [i for i in open_items(state) if i["seat"] == seat]
    if not found:
        raise IllegalOrder(f"{seat} is not asked anything now", code="not_asked",
                           params={"seat": seat})
    return found[0]
