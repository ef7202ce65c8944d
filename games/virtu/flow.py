"""The Year: Spring in turn order, the end of Spring, Winter in the new turn order, the end
check and the final Winter (§4, L418–432; §10, L1176–1182).

Rules: §4, §10
"""
from __future__ import annotations

from engine.contract import State
from games.virtu import fights, winter
from games.virtu.common import log
from games.virtu.kit import Kit
from games.virtu.scoring import score
from games.virtu.sieges import ended


def advance(state: State, kit: Kit) -> None:
    """Ask the next question: the next player's Spring turn, a question of the end of Spring,
    the next player's Winter, or move the Year on."""
    while state["ask"] is None and state["season"] not in ("setup", "over"):
        order, turn = state["order"], state["turn"]
        if state["season"] == "siege":
            if not fights.step(state, kit):
                end_spring(state, kit)
        elif turn < len(order):
            state["turn"] += 1
            if state["season"] == "spring":
                state["ask"] = {"kind": "move", "seat": order[turn]}
            else:
                winter.begin(state, kit, order[turn])
        elif state["season"] == "spring":
            fights.start(state)
        else:
            end_year(state, kit)


def end_spring(state: State, kit: Kit) -> None:
    """After the sieges and the new turn order (§6) the end is checked, and a final Winter
    follows (L1176, ruling R2)."""
    if ended(state, kit) and not state["final"]:
        state["final"] = True
        log(state, "final_winter")
    state["season"], state["turn"] = "winter", 0


def end_year(state: State, kit: Kit) -> None:
    """After the final Winter, or at the judge's year cap (ruling R8), the game is scored."""
    capped = bool(state["years"]) and state["year"] >= state["years"]
    if state["final"] or capped:
        state["season"] = "over"
        state["scores"] = score(state, kit)
        state["ended_by"] = "end" if state["final"] else "cap"
        log(state, "game_over", by=state["ended_by"])
        return
    state["year"] += 1
    state["season"], state["turn"] = "spring", 0
    for player in state["players"].values():
        player["year_flags"] = []
    log(state, "new_year")
