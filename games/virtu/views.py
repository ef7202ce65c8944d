"""What players see (everything is open but the sealed Family placement, §12) and the
state's invariants.

Rules: §12
"""
from __future__ import annotations

from typing import Any

from engine.contract import State
from games.virtu.kit import kit_of
from games.virtu.palace import cities_of, palace_cards
from games.virtu.scoring import score
from games.virtu.spring import placed_agents


def view(state: State, seat: str | None) -> dict[str, Any]:
    ask = state["ask"]
    public: dict[str, Any] = {
        "year": state["year"], "season": state["season"], "final": state["final"],
        "provisional": state["provisional"], "side": state["side"],
        "order": list(state["order"]),
        "active": ask["seat"] if ask else None, "ask": dict(ask) if ask else None,
        "pool": dict(state["pool"]),
        "cities": {c: {**v, "troops": {s: t[c] for s, t in state["troops"].items() if c in t}}
                   for c, v in state["cities"].items()},
        "alliances": {p: dict(a) for p, a in state["alliances"].items()},
        "players": {s: _player(state, s) for s in state["players"]},
        "supply": {"nobles": dict(state["supply"]["nobles"]),
                   "titles": list(state["supply"]["titles"]),
                   "guilds": list(state["supply"]["guilds"]),
                   "cathedrals": state["supply"]["cathedrals"],
                   "bonuses": list(state["supply"]["bonuses"]),
                   "indulgences": state["supply"]["indulgences"]},
        "placed": {s: v is not None for s, v in state["layouts"].items()},
        "scores": state.get("scores") or _standing(state), "final_scores": bool(state.get("scores")),
        "log": list(state["log"]),
    }
    if seat is not None and state["season"] == "setup" and state["layouts"].get(seat):
        public["my_layout"] = _secret(seat, state["layouts"][seat])
    return public


def _standing(state: State) -> dict[str, dict[str, int]] | None:
    """The prestige each player would score if the game ended now (§10), once the palaces
    are revealed."""
    return None if state["season"] == "setup" else score(state, kit_of(state))


def _secret(seat: str, layout: str) -> str:
    return f"{seat}: {layout}"


def _player(state: State, seat: str) -> dict[str, Any]:
    p = state["players"][seat]
    return {"florins": p["florins"], "marker": None if p["marker"] is None else p["marker"] + 1,
            "rooms": [dict(r) for r in p["rooms"]],
            "courtiers": {s: dict(v) if v else None for s, v in p["courtiers"].items()},
            "domain": dict(p["domain"]), "agents": p["agents"],
            "agents_placed": len(placed_agents(state, seat)),
            "troops": sum(state["troops"][seat].values()),
            "cities": len(cities_of(state, seat)), "patronage": p["patronage"],
            "bonuses": list(p["bonuses"]), "trophies": list(p["trophies"]), "war": p["war"]}


def secrets(state: State) -> dict[str, set[str]]:
    """A sealed Family placement, until all are revealed (S3)."""
    if state["season"] != "setup":
        return {}
    return {s: {_secret(s, v)} for s, v in state["layouts"].items() if v}


def validate(state: State) -> list[str]:
    """Supplies conserved and limits kept (L71, L82, L98, L737)."""
    kit = kit_of(state)
    problems = []
    for seat, player in state["players"].items():
        if sum(state["troops"][seat].values()) > kit.constant("supplies", "troops"):
            problems.append(f"{seat} has more than 6 Troops")
        if not len(placed_agents(state, seat)) <= player["agents"] <= kit.constant(
                "supplies", "agents_max"):
            problems.append(f"{seat}'s Agents are out of bounds")
        if player["florins"] < 0:
            problems.append(f"{seat} owes florins")
        for city in cities_of(state, seat):
            if state["supply"]["city_tokens"][city] not in player["domain"]:
                problems.append(f"{seat} holds {city} without its token")
    for noble, spec in kit["nobles"]["nobles"].items():
        held = sum(list(palace_cards(p)).count(noble) for p in state["players"].values())
        if held + state["supply"]["nobles"][noble] != spec["copies"]:
            problems.append(f"{noble}: {held} held + {state['supply']['nobles'][noble]} "
                            f"in supply != {spec['copies']}")
    rooms = sum(r["indulgence"] for p in state["players"].values() for r in p["rooms"])
    if rooms + state["supply"]["indulgences"] != kit.constant("supplies", "indulgences"):
        problems.append("Indulgences are not conserved")
    return problems
