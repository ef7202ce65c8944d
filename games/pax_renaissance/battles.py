"""Battles (glossary СРАЖЕНИЕ) of campaigns (§6.9), civil wars (§10) and religious wars (§11.1):
who fights, the casualties the active banker picks on both sides, where the surviving agents
and repressed attackers go, and the regime change a win brings.

A battle is a queued ``battle`` question (``LOSE <attackers> <defenders>``), then a
``survivors`` question (``PUT <where>`` for each agent or freed attacker that must enter the
beaten empire), then the regime change (`regime.change`: concession and liberation).
Rules: glossary СРАЖЕНИЕ, §10.1, §10.2, §11.1, §11.2, §6.9
"""
from __future__ import annotations

from typing import Any

from engine.contract import Decision, State
from engine.dice import Dice
from engine.options import OneOf, Option, Order, SubsetOf
from engine.questions import Item, Kind
from games.pax_renaissance import asks, catalog, grammar, regime
from games.pax_renaissance.catalog import display_name
from games.pax_renaissance.places import (cities, clear_concession, destroy, empty_cities,
                                          has_ability, pirate_on, repress, sea_borders,
                                          take_pirate)

CIVIL_WARS = ("conspiracy", "peasant_revolt")
#: The religion of each religious war (§11.1): crusade gold, reformation red, jihad green.
RELIGIOUS_WARS = {"crusade": "catholic", "reformation": "protestant", "jihad": "islamic"}
NOBLES = ("knight", "rook")
#: Every piece that can be repressed on a ruler (§6.5).
PIECES = ("knight", "rook", "pawn")

Fighter = dict[str, Any]


def _city(city: str, piece: dict[str, Any]) -> Fighter:
    return {"label": city, "at": "city", "place": city, **piece}


def fighter_in_city(state: State, city: str) -> Fighter:
    """The noble of `city` as a fighter."""
    return _city(city, state["cities"][city])


def _border(border: str, piece: dict[str, Any]) -> Fighter:
    return {"label": border, "at": "border", "place": border, **piece}


def _nobles(state: State, empire: str) -> list[Fighter]:
    return [_city(c, state["cities"][c]) for c in cities(state, empire)
            if state["cities"][c]]


def _border_pieces(state: State, empire: str, piece: str) -> list[Fighter]:
    """The empire's concessions or pirates; a pirate moored beside a concession is
    labelled ``<border>_pirate``."""
    if piece == "pirate":
        return [_border(b, p) | ({"label": f"{b}_pirate"} if b in state["moored"] else {})
                for b in catalog.empire_borders(empire) if (p := pirate_on(state, b))]
    return [_border(b, state["borders"][b]) for b in catalog.empire_borders(empire)
            if state["borders"][b] and state["borders"][b]["piece"] == piece]


def _agents(seat: str, agents: list[dict[str, Any]], skip: tuple[str, ...]) -> list[Fighter]:
    """A card's agents that fight (bishops never do, §5.2.1.А), named agent1, agent2 …"""
    found = []
    for k, agent in enumerate(agents):
        if agent["piece"] in skip:
            continue
        piece = dict(agent) | ({"owner": seat} if agent["piece"] == "pawn" else {})
        found.append({"label": f"agent{k + 1}", "at": "agent", **piece})
    return found


def repressed_fighters(state: State, empire: str, pieces: tuple[str, ...],
                       at: str = "repressed") -> list[Fighter]:
    """The pieces repressed on an empire's ruler that fight, labelled ``repressed1`` … (or
    ``slave1`` … for Circassian Mamluks' slave soldiers, who stay on their ruler)."""
    return [{"label": f"{at}{k + 1}", "at": at, "ruler": empire, "index": k, **p}
            for k, p in enumerate(state["rulers"][empire]["repressed"]) if p["piece"] in pieces]


def civil_war_sides(state: State, seat: str, kind: str, empire: str,
                    agents: list[dict[str, Any]]) -> tuple[list[Fighter], list[Fighter]]:
    """§10.1.А conspiracy: the agents but bishops, every pirate on the empire's borders, the
    repressed knights and rooks on its ruler; §10.2.А peasant revolt: the agents but bishops,
    the banker's own concessions and every pirate on its borders, every serf on its ruler.
    Defenders (§10.1.Б, §10.2.Б): every noble in its cities."""
    attackers = _agents(seat, agents, ("bishop",))
    if kind == "peasant_revolt":
        attackers += [f for f in _border_pieces(state, empire, "pawn") if f["owner"] == seat]
    attackers += _border_pieces(state, empire, "pirate")
    attackers += repressed_fighters(state, empire,
                                    NOBLES if kind == "conspiracy" else ("pawn",))
    return attackers, _nobles(state, empire)


def adjacent(state: State, empire: str) -> list[str]:
    """Empires adjacent to `empire` (glossary СОСЕДСТВО, diagonals count); a red-text
    `portugal_france_not_adjacent` card in any tableau cuts Portugal–France."""
    near = list(catalog.board()["empires"][empire]["adjacent"])
    cut = {"portugal", "france"}
    if empire in cut and any(has_ability(state, s, "portugal_france_not_adjacent")
                             for s in state["seats"]):
        near = [e for e in near if e not in cut]
    return near


def religious_war_sides(state: State, seat: str, religion: str, empire: str,
                        agents: list[dict[str, Any]]) -> tuple[list[Fighter], list[Fighter]]:
    """§11.1.А attackers: the agents but bishops and pawns, adherent pirates on the target's
    borders and nobles in its cities, adherent knights in adjacent empires (free; gold rooks
    too in a crusade with `in_crusade_count_rooks_as_knights`).  §11.1.Б defenders: every
    unrepressed heretic noble in its cities and pirate on its borders."""
    pieces = _nobles(state, empire) + _border_pieces(state, empire, "pirate")
    attackers = _agents(seat, agents, ("bishop", "pawn"))
    attackers += [f for f in pieces if f["religion"] == religion]
    movers = ("knight", "rook") if (religion == "catholic" and has_ability(
        state, seat, "in_crusade_count_rooks_as_knights")) else ("knight",)
    for other in adjacent(state, empire):
        attackers += [f for f in _nobles(state, other)
                      if f["religion"] == religion and f["piece"] in movers]
    return attackers, heretics(state, religion, empire)


def heretics(state: State, religion: str, empire: str) -> list[Fighter]:
    """The unrepressed heretics of an empire (§11.1.Б): nobles in its cities and pirates on
    its borders not of `religion`; without one no religious war (the blood rule, §11.1.В–Г)."""
    pieces = _nobles(state, empire) + _border_pieces(state, empire, "pirate")
    return [f for f in pieces if f["religion"] != religion]


def start(state: State, seat: str, war: str, empire: str, attackers: list[Fighter],
          defenders: list[Fighter], **more: Any) -> None:
    """Queue a battle (glossary СРАЖЕНИЕ.Б.1: every eligible piece fights)."""
    asks.push(state, "battle", seat, first=True, war=war, empire=empire,
              attackers=attackers, defenders=defenders, **more)


def losses(item: Item) -> int:
    """Each side loses as many as the smaller side has (СРАЖЕНИЕ.Б.2)."""
    return min(len(item["attackers"]), len(item["defenders"]))


def _labels(fighters: list[Fighter]) -> tuple[str, ...]:
    return tuple(f["label"] for f in fighters)


COLOURS = {"catholic": "gold", "islamic": "green", "protestant": "red"}


def place_name(label: str, at: str, lang: str = "en") -> str:
    """The name of a fighter's city or border when it says more than its label."""
    if at not in ("city", "border"):
        return ""
    name = display_name(label, lang)
    return "" if name.lower() == label.replace("_", " ") else name


def describe(fighters: list[Fighter]) -> str:
    """Fighters as a prompt shows them: ``agent1 (gold knight), valencia (green rook),
    france__holy_roman_empire (Augsburg: concession)`` — the label to write, the name of
    its city or border, the piece (a pawn is a concession)."""
    shown = []
    for f in fighters:
        piece = "concession" if f["piece"] == "pawn" else f["piece"]
        colour = COLOURS.get(f.get("religion", ""))
        name = place_name(f["label"], f["at"])
        shown.append(f"{f['label']} ({name + ': ' if name else ''}"
                     f"{colour + ' ' if colour else ''}{piece})")
    return ", ".join(shown)


def _battle_options(state: State, item: Item) -> list[Option]:
    """The active banker picks the casualties on both sides (СРАЖЕНИЕ)."""
    n = losses(item)
    if not n:
        return []
    attackers, defenders = _labels(item["attackers"]), _labels(item["defenders"])
    return [Option.of("LOSE", attackers=SubsetOf(attackers, n, n),
                      defenders=SubsetOf(defenders, n, n),
                      example=f"LOSE {','.join(attackers[:n])} {','.join(defenders[:n])}")]


def _battle_policy(policy: str, state: State, item: Item) -> Order:
    """FIRST: the first pieces listed on each side (agents, then map order); LAST: the last."""
    n = losses(item)
    pick = (lambda labels: labels[:n]) if policy == "FIRST" else (lambda labels: labels[-n:])
    return {"verb": "LOSE", "attackers": pick(_labels(item["attackers"])),
            "defenders": pick(_labels(item["defenders"]))}


def _battle_standing(policy: str, state: State, decision: Decision) -> Order | None:
    item = asks.QUEUE.current(state, decision.seat)
    return None if item is None or item["kind"] != "battle" else _battle_policy(policy, state,
                                                                                item)


def _kill(state: State, fighter: Fighter) -> None:
    if fighter["at"] == "city":
        state["cities"][fighter["place"]] = None
    elif fighter["at"] == "border" and fighter["piece"] == "pirate":
        take_pirate(state, fighter["place"])
    elif fighter["at"] == "border":
        destroy(state, state["borders"][fighter["place"]])
        clear_concession(state, fighter["place"])
    elif "ruler" in fighter:
        destroy(state, state["rulers"][fighter["ruler"]]["repressed"][fighter["index"]])


def _battle_apply(state: State, item: Item, order: Order, dice: Dice) -> bool:
    resolve(state, item, order["attackers"], order["defenders"])
    return True


def _no_choice(fighters: list[Fighter], n: int) -> bool:
    """Whether picking `n` of a side changes nothing: none or all of it dies, or its pieces
    are alike agents (the same piece and colour, nowhere on the map yet)."""
    alike = {(f["at"], f["piece"], f.get("religion")) for f in fighters}
    return n in (0, len(fighters)) or (len(alike) == 1 and fighters[0]["at"] == "agent")


def _battle_settle(state: State, item: Item, dice: Dice) -> bool:
    """Nothing to pick when the casualties of both sides are no choice (`_no_choice`)."""
    n = losses(item)
    if _no_choice(item["attackers"], n) and _no_choice(item["defenders"], n):
        resolve(state, item, _labels(item["attackers"])[:n], _labels(item["defenders"])[:n])
        return True
    return False


def resolve(state: State, item: Item, dead_attackers: tuple[str, ...],
            dead_defenders: tuple[str, ...]) -> None:
    """Remove the casualties (СРАЖЕНИЕ.Б.2); with a survivor the attacker wins: the surviving
    agents and repressed attackers must enter the beaten empire (Б.3, И), then the regime
    changes (Б.4)."""
    empire = item["empire"]
    dead = set(dead_attackers) | set(dead_defenders)
    fighters = item["attackers"] + item["defenders"]
    for fighter in fighters:
        if fighter["label"] in dead:
            _kill(state, fighter)
    movers = [f for f in item["attackers"] if f["label"] not in dead
              and f["at"] in ("agent", "repressed")]
    gone = sorted(((f["ruler"], f["index"]) for f in fighters if "ruler" in f
                   and (f["label"] in dead or f in movers)), reverse=True)
    for ruler, index in gone:
        state["rulers"][ruler]["repressed"].pop(index)
    won = len(item["attackers"]) > len(item["defenders"])
    state["log"].append({"turn": state["turn"], "msg": "battle_won" if won else "battle_lost",
                         "seat": item["seat"], "war": item["war"], "empire": empire,
                         "attackers": len(item["attackers"]),
                         "defenders": len(item["defenders"])})
    if not won:
        return
    asks.push(state, "regime_change", item["seat"], first=True, empire=empire, war=item["war"],
              **{k: item[k] for k in ("religion", "suzerain") if k in item})
    pieces = [{k: v for k, v in f.items() if k in ("piece", "religion", "owner")}
              | {"agent": f["at"] == "agent"} for f in movers]
    if pieces:
        asks.push(state, "survivors", item["seat"], first=True, empire=empire, pieces=pieces)


KIND_BATTLE = Kind(
    options=_battle_options, apply=_battle_apply,
    default=lambda state, item: _battle_policy("FIRST", state, item),
    parse=lambda state, item, text: grammar.parse_options(_battle_options(state, item), text),
    prompt=lambda state, item: f"battle in {display_name(item['empire'])}: attackers "
                               f"{describe(item['attackers'])}; defenders "
                               f"{describe(item['defenders'])}; LOSE <{losses(item)} of the "
                               f"attackers> <{losses(item)} of the defenders>",
    context=lambda state, item: {"empire": item["empire"], "war": item["war"],
                                 "attackers": len(item["attackers"]),
                                 "defenders": len(item["defenders"]), "losses": losses(item),
                                 "fighters": [[f["label"], f["piece"], f["at"]]
                                              for f in item["attackers"] + item["defenders"]]},
    settle=_battle_settle, standing=_battle_standing, policies=("FIRST", "LAST"),
    clock="impulse")


def survivor_places(state: State, empire: str, piece: dict[str, Any]) -> list[str]:
    """Where a survivor may go (СРАЖЕНИЕ.И): a noble into an empty city (the circle does not
    matter), a pirate onto an empty sea border, a pawn onto an empty border."""
    if piece["piece"] in NOBLES:
        return empty_cities(state, empire)
    if piece["piece"] == "pawn" and piece["agent"] and state["pawns"][piece["owner"]] <= 0:
        return []
    borders = sea_borders(empire) if piece["piece"] == "pirate" else catalog.empire_borders(empire)
    return [b for b in borders if state["borders"][b] is None]


def _survivor_options(state: State, item: Item) -> list[Option]:
    if not item["pieces"]:
        return []
    where = survivor_places(state, item["empire"], item["pieces"][0])
    return [Option.of("PUT", to=OneOf(tuple(where)), example=f"PUT {where[0]}")] if where else []


def _survivor_apply(state: State, item: Item, order: Order, dice: Dice) -> bool:
    piece = item["pieces"].pop(0)
    where = order["to"]
    if piece["piece"] in NOBLES:
        state["cities"][where] = {"piece": piece["piece"], "religion": piece["religion"]}
    elif piece["piece"] == "pirate":
        state["borders"][where] = {"piece": "pirate", "religion": piece["religion"]}
    else:
        regime.place_pawn(state, piece["owner"], where, item["empire"],
                          from_supply=piece["agent"])
    state["log"].append({"turn": state["turn"], "msg": "survivor", "seat": item["seat"],
                         "piece": piece["piece"], "to": where})
    return not item["pieces"]


def _survivor_settle(state: State, item: Item, dice: Dice) -> bool:
    """A survivor with no room is repressed free onto the beaten empire's ruler; a pirate is
    destroyed (СРАЖЕНИЕ.И, ruling of digest §9 #3 in the README)."""
    while item["pieces"] and not survivor_places(state, item["empire"], item["pieces"][0]):
        piece = item["pieces"].pop(0)
        if piece["piece"] == "pawn" and piece["agent"]:
            if state["pawns"][piece["owner"]] <= 0:
                continue
            state["pawns"][piece["owner"]] -= 1
        if piece["piece"] != "pirate":
            repress(state, {k: v for k, v in piece.items() if k != "agent"}, item["empire"])
    return not item["pieces"]


KIND_SURVIVORS = asks.option_kind(
    _survivor_options, apply=_survivor_apply,
    prompt=lambda state, item: f"the surviving {item['pieces'][0]['piece']} must enter "
                               f"{display_name(item['empire'])}: PUT <where>",
    context=lambda state, item: {"empire": item["empire"], "piece": item["pieces"][0]["piece"]},
    settle=_survivor_settle, clock="impulse")


def _regime_settle(state: State, item: Item, dice: Dice) -> bool:
    """The regime change a won battle brings (СРАЖЕНИЕ.Б.4): a religious war first makes the
    empire a theocracy of its religion (§11.2.А); a campaign makes a vassal (§6.9.Е)."""
    empire, seat = item["empire"], item["seat"]
    if item.get("religion"):
        state["regimes"][empire] = item["religion"]
    if item["war"] == "campaign":
        entry = regime.change(state, seat, empire, flip=False, suzerain=item["suzerain"])
    else:
        entry = regime.change(state, seat, empire)
    state["log"].append({"turn": state["turn"], **entry})
    return True


KIND_REGIME_CHANGE = Kind(
    options=lambda state, item: [], apply=lambda state, item, order, dice: True,
    default=lambda state, item: {"verb": "DONE"},
    parse=lambda state, item, text: grammar.parse_options([], text),
    prompt=lambda state, item: f"regime change in {item['empire']}",
    settle=_regime_settle)

asks.KINDS["battle"] = KIND_BATTLE
asks.KINDS["survivors"] = KIND_SURVIVORS
asks.KINDS["regime_change"] = KIND_REGIME_CHANGE
