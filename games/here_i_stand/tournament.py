"""The tournament game (§7, L531: "the last turn of the game, usually turn 9, or turn 6 in
the tournament scenario"): option ``tournament=yes`` ends the game after the scenario's
``tournament_last_turn`` (1532: turn 6); the 1517 scenario has none, so it is refused there
(the rulebook names the tournament only as a scenario; its setup is 1532's, see the scenario
data).  The peace step is skipped on that last turn as on any last turn (§9.3, L531).

Rules: §7, §9.3
"""
from __future__ import annotations

from typing import Any

from engine.contract import IllegalOrder, Reason

from games.here_i_stand.scenarios import load_scenario

YES = ("yes", "true", "on", "1", "да")
NO = ("no", "false", "off", "0", "нет")


def options(scenario: str, given: dict[str, Any]) -> dict[str, Any]:
    """`given` with ``tournament`` turned into the scenario's ``last_turn`` (§7, L531)."""
    if "tournament" not in given:
        return given
    word = str(given["tournament"]).strip().lower()
    if word not in YES + NO:
        raise IllegalOrder(Reason(f"tournament takes yes or no, not {word!r}",
                                  "tournament_word", text=word))
    rest = {k: v for k, v in given.items() if k != "tournament"}
    if word in NO:
        return rest
    last = load_scenario(scenario)["tournament_last_turn"]
    if last is None:
        raise IllegalOrder(Reason(f"the {scenario} scenario has no tournament game (the "
                                  "tournament game is the 1532 scenario ending after turn 6)",
                                  "tournament_scenario", text=scenario))
    if "last_turn" in rest and int(rest["last_turn"]) != last:
        raise IllegalOrder(Reason(f"the tournament game ends after turn {last}; last_turn "
                                  f"{rest['last_turn']} contradicts it", "tournament_last_turn",
                                  n=last))
    return {**rest, "last_turn": last}
