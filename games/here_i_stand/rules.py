"""Here I Stand (GMT, 1st edition rules): the `Rules` object the engine calls.

Thin by design: `setup` builds the state (`state.new_state`) and enters the first phase;
`decisions`, `parse`, `apply` and `default` dispatch on ``state["phase"]`` to the phase
module (`phases/`), which dispatches on ``decision.kind``; after every order
`phases.sequence.advance` moves through the turn sequence (§7) until someone is asked
something or the game is over.  Seats are the six major powers; one player may hold several
(the gateway maps addresses to seats).  Scenarios ``1517`` (default) and ``1532``; option
``last_turn`` (e.g. 6 for the tournament game, §7).

Rules: none (the engine's entry point: it dispatches to the phases)
"""
from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from engine.contract import (Decision, IllegalOrder, Outcome, Reason, Rules, ScenarioInfo,
                             State)
from engine.dice import Dice
from engine.options import Order
from engine import questions
from engine.questions import Kind
from games.here_i_stand import (choices, grammar, invariants, seating, tables, tournament,
                                views)
from games.here_i_stand import state as S
from games.here_i_stand import phases
from games.here_i_stand.land_war import armed
from games.here_i_stand.land_war import kinds as land_war_kinds
from games.here_i_stand.navy import kinds as navy_kinds
from games.here_i_stand.land_war import relief
from games.here_i_stand.new_world import phase as new_world_phase
from games.here_i_stand.phases import (action, card_draw, diet_of_worms, diplomacy,
                                      luther_95_theses, module, sequence, spring_deployment,
                                      winter)

OPTIONS = ("last_turn", "tournament")
tables.install()


class HereIStand(Rules):
    name = "here-i-stand"
    #: 3: the naval battle of a war begun at sea, Diplomatic Marriage in the Diplomacy phase,
    #: relocation ties asked; games archived with an older version replay with the release
    #: tagged ``rules/here-i-stand/v<N>`` (README, "Rules versions").
    version = 3
    title = "Here I Stand"
    presenter = "games.here_i_stand.presenter:HereIStandPresenter"
    templates_dir = Path(__file__).resolve().parent / "templates"
    board = "games.here_i_stand.board:board"
    readme_sections = "games.here_i_stand.card_table:sections"
    bots = "games.here_i_stand.bots:BOTS"
    #: Impulses (§11), responses (interceptions, retreats, diplomacy's segments), the
    #: negotiation window (§9.1, 48 h), setup, winter (§19) and the rest.
    clock_classes = MappingProxyType({"impulse": "48h", "response": "24h",
                                      "negotiation": "48h", "setup": "48h", "winter": "48h",
                                      "default": "48h"})
    help_verbs = ("PLAY card AS EVENT | FOR CP", "MOVE space -> space [units]",
                  "PROPOSE ... ENDPROPOSE", "ACCEPT n | REJECT n | WITHDRAW n",
                  "DECLARE WAR ON power", "SUE FOR PEACE WITH power", "PASS")

    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo("1517", S.MAJORS, 3, 6, "the full game from 1517, 9 turns"),
                ScenarioInfo("1532", S.MAJORS, 3, 6,
                             "the 1532 scenario, turns 4-9 (tournament: to turn 6)")]

    def seat_names(self, info: ScenarioInfo) -> tuple[str, ...]:
        """The six powers and the seats of 3-5 players holding several (§3.1, `seating`)."""
        return seating.ALL_SEATS

    def seats_for(self, info: ScenarioInfo, count: int) -> tuple[str, ...]:
        """The seats of a `count`-player game (§3.1): the scenario data's grouping (another
        count: the base class's, which `Game.create` refuses)."""
        return seating.GROUPINGS.get(count) or super().seats_for(info, count)

    # ------------------------------------------------------------------ setup
    def setup(self, scenario: str | None, seats: Sequence[str], options: dict[str, Any],
              dice: Dice) -> State:
        info = self.scenario(scenario)
        unknown = set(options) - set(OPTIONS)
        if unknown:
            name = sorted(unknown)[0]
            raise IllegalOrder(Reason(f"here-i-stand has no option {name!r}", "no_option",
                                      game="here-i-stand", text=name), list(OPTIONS))
        if "last_turn" in options:
            last = int(options["last_turn"])
            first = 1 if info.name == "1517" else 4
            if not first <= last <= 9:
                raise IllegalOrder(Reason(f"last_turn must be {first}..9", "last_turn_range",
                                          n=first))
        missing = [p for p in S.MAJORS if p not in seats]
        table = seating.check(seats) if missing and set(seats) - set(S.MAJORS) else None
        if missing and table is None:
            raise IllegalOrder(Reason(f"every major power needs a seat; missing {missing}",
                                      "majors_unseated", powers=missing))
        state = S.new_state(info.name, tournament.options(info.name, options), dice)
        if table:
            state[seating.KEY] = table
        for power, vps in new_world_phase.claimed_vp(state).items():
            state["bonus_vp"][power].update(vps)      # the scenario's New World claims
        state["deck"] = card_draw.initial_deck(state)
        for power, numbers in card_draw.facts.home_cards().items():
            state["hands"][power] = sorted(numbers)
        sequence.advance(state, dice)
        return state

    # ------------------------------------------------------------------ questions
    def questions(self) -> Mapping[str, Kind]:
        """Every question kind Here I Stand asks, all through the engine's protocol: the
        impulse and CP spending (§11), spring deployment (§10), the Diet of Worms' sealed
        choice and conversions (§18.1), the diplomacy phase's (§9), the winter plan (§19.3),
        the 95 Theses' attempts (§18.1) and the queued ones (`choices`).
        Those with policies may be answered by standing orders: ``intervene`` (§9.6) and
        ``free_intervention`` (§21.3) ``INTERVENE|DONE``, ``activation`` (§22.2)
        ``DECLARE|DONE``, the winter plan (§19.3) ``DONE``, the New World explorer's choice (§20.2)
        ``AMAZON|DISCOVER|CIRCUMNAVIGATE``.  Both ``activation`` kinds answer a
        standing order alike."""
        return {**action.OWN, "deploy": spring_deployment.DEPLOY,
                "spring_cards": spring_deployment.SPRING_CARDS, **diet_of_worms.KINDS,
                **diplomacy.KINDS, "winter": winter.PLAN, "reform": luther_95_theses.REFORM,
                **choices.KINDS, "voyage": new_world_phase.VOYAGE}

    def standing_kinds(self) -> dict[str, tuple[str, ...]]:
        """The question kinds' policies, and ``respond``: response cards armed with a
        trigger (`land_war.armed`, §13.1, §15.1)."""
        return {**super().standing_kinds(), armed.KIND: armed.TEMPLATES}

    def standing_lookup(self, decision: Decision) -> tuple[str, ...]:
        """A response window tries the armed cards first, then ``STANDING RESPONSE``."""
        return (armed.KIND, "response") if decision.kind == "response" else (decision.kind,)

    def answer_from_standing(self, state: State, decision: Decision,
                             policy: str) -> Order | None:
        """A standing order answers for each power of its seat (§3.1)."""
        return super().answer_from_standing(state, seating.inner(decision), policy)

    def check_standing(self, kind: str, policy: str) -> None:
        """An armed response names known cards, powers, leaders and spaces."""
        if kind == armed.KIND:
            armed.parse(policy)

    def decisions(self, state: State) -> list[Decision]:
        if state["outcome"] is not None or state["phase"] in ("over", "setup"):
            return []
        found = phases.decisions(state)
        if seating.grouped(state):
            return [seating.to_seat(state, d) for d in found]
        return found

    def _decision(self, state: State, seat: str,
                  known: Sequence[Decision] | None = None) -> Decision:
        asked = [d for d in (self.decisions(state) if known is None else known)
                 if d.seat == seat]
        if not asked:
            if state["outcome"]:
                raise IllegalOrder(f"{seat} is not asked anything now (the game is over)",
                                   code="game_over")
            raise IllegalOrder(f"{seat} is not asked anything now", code="not_asked",
                               params={"seat": seat})
        return asked[0]

    def default(self, state: State, decision: Decision) -> Order:
        order = module(state["phase"]).default(state, seating.inner(decision))
        power = decision.context.get(seating.POWER) if seating.grouped(state) else None
        return {**order, seating.AS: power} if power else order

    # ------------------------------------------------------------------ orders
    def parse(self, state: State, decision: Decision, text: str) -> Order:
        if not text.strip():
            raise IllegalOrder("an empty order", code="empty_order")
        if not seating.grouped(state):
            return module(state["phase"]).parse(state, decision, text)
        order = module(state["phase"]).parse(state, seating.inner(decision),
                                             seating.strip(decision, text))
        return {**order, seating.AS: decision.context[seating.POWER]}

    def apply(self, state: State, seat: str, order: Order, dice: Dice) -> State:
        return self.transition(state, seat, order, dice)[0]

    def transition(self, state: State, seat: str, order: Order, dice: Dice,
                   asked: Sequence[Decision] | None = None) -> tuple[State, list[Decision]]:
        """Apply, then `sequence.advance` to the next question, whose decisions it found.
        In a grouped game (§3.1) the order names the power it answers for (`seating`)."""
        if not isinstance(order, dict) or not isinstance(order.get("verb"), str):
            raise IllegalOrder("an order needs a verb", code="empty_order")
        if seating.grouped(state):
            power = order.get(seating.AS) or (seat if seat in S.MAJORS
                                               else seating.powers_of(state, seat)[0])
            order = {k: v for k, v in order.items() if k != seating.AS}
            asked = None if asked is None else [seating.inner(d) for d in asked]
            seat = power
        decision = self._decision(state, seat, asked)
        questions.changing(state)          # its decisions' options were read from it live
        module(state["phase"]).apply(state, seat, decision, order, dice)
        S.bump(state)
        found = sequence.advance(state, dice)
        if seating.grouped(state):
            found = [seating.to_seat(state, d) for d in found]
        return state, found

    def order_text(self, order: Order) -> str:
        return seating.named(order, grammar.order_text(
            {k: v for k, v in order.items() if k != seating.AS}))

    def split(self, text: str) -> list[tuple[int, str]]:
        return grammar.split(text)

    def precheck(self, state: State, seat: str, text: str) -> None:
        grammar.precheck(seating.prefix(text)[1])

    def interrupts(self, state: State, decision: Decision) -> bool:
        """The land war's questions (§13.2-§14.1: interception, avoiding battle, withdrawal,
        combat cards, losses, retreat) and a relief's (§15.2) come in the middle of a power's
        move; a mail's plan waits behind them.  An event's own choices are answered by the
        lines after it."""
        return (decision.kind in land_war_kinds.KINDS or decision.kind in relief.KINDS
                or decision.kind in navy_kinds.KINDS)

    def hold_horizon(self, state: State) -> str | None:
        """Held orders wait at most until the turn ends (§7: the sequence of play)."""
        return f"turn {state['turn']}"

    # ------------------------------------------------------------------ views
    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        if seat is None or not seating.grouped(state):
            return views.view(state, seat)
        return views.grouped_view(state, seat, seating.powers_of(state, seat))

    def secrets(self, state: State) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for power, names in views.secrets(state).items():
            out.setdefault(seating.seat_of(state, power), set()).update(names)
        return out

    def outcome(self, state: State) -> Outcome | None:
        """The winning powers' seats (§23; a player wins when one of its powers does)."""
        done = state.get("outcome")
        if not done:
            return None
        winners = tuple(dict.fromkeys(seating.seat_of(state, p) for p in done["winners"]))
        return Outcome(winners, done["reason"], dict(done["scores"]))

    def validate(self, state: State) -> list[str]:
        """The invariants of a sound state (`invariants`: §5, §6, §15, §23 and more)."""
        return invariants.problems(state)
