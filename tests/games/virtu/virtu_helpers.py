"""Scenario helpers for the Virtù tests: a game set up and placed, positions arranged by hand,
orders given as players write them."""
from __future__ import annotations

import datetime as dt
from typing import Any

from engine import registry
from engine.contract import State
from engine.dice import Dice
from engine.game import Game
from games.virtu import fights, shaded
from games.virtu.kit import kit_of
from games.virtu.setup import FAMILIES
from pbem import reports
from pbem.reports.prompts import order_groups

RULES = registry.get("virtu")


def fresh(players: int = 4, seed: str = "t") -> State:
    """A game after the Family cards went onto the open courtier spaces (S3 default)."""
    state = RULES.setup(None, list(FAMILIES[players]), {}, Dice(seed))
    for decision in RULES.decisions(state):
        state = RULES.apply(state, decision.seat, RULES.default(state, decision), Dice(seed))
    return state


def kit(state: State) -> Any:
    return kit_of(state)


def order(state: State, text: str) -> State:
    """The asked seat's order, parsed from its text and applied (every check on)."""
    decision = RULES.decisions(state)[0]
    parsed = RULES.parse(state, decision, text)
    state = RULES.apply(state, decision.seat, parsed, Dice("x"))
    assert RULES.validate(state) == []
    return state


def acting(state: State, seat: str, room: int) -> State:
    """`seat` performing the action of Room `room` (1-5) now."""
    state["players"][seat]["marker"] = room - 1
    state["season"] = "spring"
    state["ask"] = {"kind": "act", "seat": seat}
    state["turn"] = state["order"].index(seat) + 1
    return state


def in_room(state: State, seat: str, action: str) -> int:
    """The Room (1-5) of `seat`'s palace printing `action`."""
    return kit(state)["palaces"]["palaces"][seat]["rooms"].index(action) + 1


def courtier(state: State, seat: str, slot: str, card: str, used: bool = False) -> None:
    state["players"][seat]["courtiers"][slot] = {"card": card, "used": used}
    if card in state["supply"]["nobles"]:
        state["supply"]["nobles"][card] -= 1


def verbs(state: State) -> set[str]:
    return set(RULES.decisions(state)[0].options.verbs())


def legal(state: State, text: str) -> bool:
    decision = RULES.decisions(state)[0]
    try:
        RULES.parse(state, decision, text)
    except Exception:  # noqa: BLE001 — any refusal means "not legal"
        return False
    return True


def end_of_spring(state: State, answers: dict[str, list[str]] | None = None) -> State:
    """Run the end of Spring (`fights`): each question answered by the next of the seat's
    `answers`, else by its default; stops before Winter (so no wages are paid)."""
    answers = {seat: list(texts) for seat, texts in (answers or {}).items()}
    state.update(ask=None)
    fights.start(state)
    while True:
        if state["ask"] is None:
            if not fights.step(state, kit_of(state)):
                break
            continue
        decision = RULES.decisions(state)[0]
        text = answers[decision.seat].pop(0) if answers.get(decision.seat) else \
            RULES.order_text(RULES.default(state, decision))
        parsed = RULES.parse(state, decision, text)
        fights_apply = {"siege": fights.apply_siege, "declare": fights.apply_declare,
                        "press": fights.apply_press, "retreat": fights.apply_retreat,
                        "shaded": shaded.apply}[decision.kind]
        assert decision.options.admits(parsed), text
        fights_apply(state, kit_of(state), decision.seat, parsed)
    assert not any(answers.values()), answers
    assert RULES.validate(state) == []
    return state


def verb_prompt(state: State, verb: str, lang: str) -> str:
    """The group of `verb` in the prompt's legal orders for the open question, in `lang`,
    as one text (its syntax line and its values)."""
    t0 = dt.datetime(2026, 11, 21, tzinfo=dt.timezone.utc)
    game = Game.create(RULES, "v", {s: {"players": [f"{s}@example.org"], "lang": lang}
                                    for s in FAMILIES[3]}, now=t0, seed="p")
    decision = RULES.decisions(state)[0]
    group = next(g for g in order_groups(decision, reports.presenter(game, lang))
                 if g["verb"] == verb)
    return " ".join([group["syntax"]] + [line["lead"] + " ".join(line["items"])
                                         for line in group["lines"]])
