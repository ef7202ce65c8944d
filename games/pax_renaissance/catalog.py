"""The door to the game's data (``data/*.yaml``): cards, map, setup facts, abilities.

Rules: §2 (components: 168 market cards, 10 empires, 13 borders, the cities and trade
centres of the map), §3 (setup facts).  Section numbers: the booklet's Cyrillic letters in
order, А=§1 … М=§12 (see README.md).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

DATA = Path(__file__).resolve().parent / "data"
RELIGIONS = ("catholic", "islamic", "protestant")
REGIONS = ("east", "west")
OPS = ("inquisitor", "commerce", "behead", "tax", "repress", "vote", "corsair", "siege", "campaign")
ONE_SHOTS = ("trade_shift", "coronation", "conspiracy", "peasant_revolt", "crusade", "jihad",
             "reformation", "apostasy")
PIECES = ("knight", "rook", "bishop", "pirate", "pawn")
PRESTIGE = ("catholic", "islamic", "protestant", "law", "discovery", "patron")
#: The card abilities the rules code carries out (an id, or the stem of its numbered copies
#: ``<stem>_1``, ``<stem>_2``); the others are data only so far (README, Cards).
IMPLEMENTED_ABILITIES = frozenset({
    "green_pirates_count_as_red_bishops_and_units",
    "patron_counts_as_green_bishop_your_holy_victory", "sell_and_perform_one_shot",
    "sell_for_4", "unlimited_hand_size", "immune_to_silencing", "immune_to_apostasy",
    "in_crusade_count_rooks_as_knights", "portugal_france_not_adjacent",
    "behead_west_card_with_catholic_reformist_bishop_only",
    "behead_east_card_with_islamic_reformist_bishop_only", "behead_east_card_with_bishop_only",
    "free_eastern_ops", "free_western_ops", "free_trade_fair", "east_and_west_ops_in_one_action",
    "coronation_can_claim_married_kings", "sell_and_perform_purple_op_from_opponent",
    "sell_and_emancipate_all_repressed_tokens_in_the_west", "perform_apostasy_as_an_action",
    "declare_globalization_costs_two_actions", "declare_imperial_costs_two_actions",
    "declare_holy_costs_two_actions", "concessions_2x_trade_fairs_votes",
    "concessions_2x_spice_islands_trade_fairs", "patron_counts_as_concession_in_globalization_victory",
    "card_counts_as_republic_for_renaissance_victory", "patron_counts_as_law_in_renaissance_victory",
    "patron_reduces_vote_ops_cost", "emporium_subsidy_2_florins", "venice_can_hold_two_gold_tokens",
    "concessions_cannot_be_killed_by_pirates", "discard_to_launch_peasant_revolt",
    "repressed_tokens_counts_as_knight_in_east_campaign",
})


def _load(name: str) -> dict[str, Any]:
    with open(DATA / f"{name}.yaml", encoding="utf-8") as handle:
        return yaml.safe_load(handle)


@lru_cache(maxsize=None)
def cards() -> dict[str, dict[str, Any]]:
    """Every market card by id (§2.1: 168 cards and the 9 promo cards), in data order."""
    return {c["id"]: c for c in _load("cards")["cards"]}


@lru_cache(maxsize=None)
def board() -> dict[str, Any]:
    """Empires, borders, cities and trade routes (§2.2, §2.6)."""
    return _load("map")


@lru_cache(maxsize=None)
def facts() -> dict[str, Any]:
    """Banks, piece supply, setup numbers, variants, ruler faces, victory cards (§2, §3)."""
    return _load("setup")


@lru_cache(maxsize=None)
def abilities() -> dict[str, dict[str, str]]:
    """The summary of every card ability id."""
    return _load("abilities")["abilities"]


def ability_stem(ability: str) -> str:
    """An ability id without the ``_<n>`` suffix of its copies (``…_1``, ``…_2``; not the 4
    of ``sell_for_4``)."""
    stem, _, number = ability.rpartition("_")
    return stem if number.isdigit() and f"{stem}_1" in abilities() else ability


def full_effect_cards() -> list[str]:
    """Cards the judge plays with every part: ops, agents, prestige and one-shot (every kind
    is implemented) and each ability in `IMPLEMENTED_ABILITIES`."""
    return [cid for cid, c in cards().items()
            if all(ability_stem(a) in IMPLEMENTED_ABILITIES for a in c.get("abilities", []))]


def display_name(value: str, lang: str = "en") -> str:
    """The name of a card, ruler (``ruler_<empire>``: its empire), city, border or empire in
    `lang` (English when the data has no other); any other value as it is."""
    if value.startswith("ruler_"):
        value = value[len("ruler_"):]
    for table in (cards(), board()["cities"], board()["borders"], board()["empires"]):
        if value in table:
            names = table[value]["name"]
            return names.get(lang) or names["en"]
    return value


def deck_cards(region: str) -> list[str]:
    """The non-comet cards of one side's deck in the base game (§3.5): promo cards excluded."""
    return [cid for cid, c in cards().items()
            if c["region"] == region and c["set"] != "promo" and not c.get("comet")]


def comets(region: str) -> list[str]:
    """The two comets of one side (§2.7, §3.5)."""
    return [cid for cid, c in cards().items() if c["region"] == region and c.get("comet")]


def empire_cities(empire: str) -> list[str]:
    """The cities of an empire in data order (promo circles and the condottiere's second
    Venice piece excluded: see places.cities)."""
    return [cid for cid, c in board()["cities"].items()
            if c["empire"] == empire and not c.get("promo") and not c.get("condottiere")]


def condottiere_city() -> str:
    """The second Venice piece a condottiere effect allows (§7.4.В)."""
    return next(cid for cid, c in board()["cities"].items() if c.get("condottiere"))


def empire_borders(empire: str) -> list[str]:
    """The borders of an empire in data order."""
    return [bid for bid, b in board()["borders"].items() if empire in b["empires"]]


def empires_of(region: str) -> list[str]:
    """The empires of the East or the West (glossary ЛОКАЦИЯ)."""
    return [eid for eid, e in board()["empires"].items() if e["region"] == region]


def problems() -> list[str]:
    """Every reference of the data that names nothing, or a count that is wrong."""
    found: list[str] = []
    geo = board()
    empires, borders, cities = geo["empires"], geo["borders"], geo["cities"]
    known_abilities = abilities()
    for cid, c in cards().items():
        if c["region"] not in REGIONS:
            found.append(f"{cid}: region {c['region']}")
        loc = c.get("location")
        if loc is not None and loc not in empires and loc not in REGIONS:
            found.append(f"{cid}: location {loc}")
        for op in c.get("ops", []):
            if op["op"] not in OPS or op.get("religion", "catholic") not in RELIGIONS:
                found.append(f"{cid}: op {op}")
        shot = c.get("one_shot")
        if shot and (shot["kind"] not in ONE_SHOTS
                     or shot.get("centre", "tana") not in geo["routes"]
                     or any(r not in RELIGIONS for r in shot.get("religions", []))):
            found.append(f"{cid}: one-shot {shot}")
        for agent in c.get("agents", []):
            if agent["piece"] not in PIECES or agent.get("religion", "catholic") not in RELIGIONS:
                found.append(f"{cid}: agent {agent}")
        found += [f"{cid}: prestige {p}" for p in c.get("prestige", []) if p not in PRESTIGE]
        found += [f"{cid}: ability {a}" for a in c.get("abilities", []) if a not in known_abilities]
        found += [f"{cid}: suitor {s}" for s in c.get("suitors", []) if s not in empires]
        if not c.get("summary", {}).get("en") or not c["summary"].get("ru"):
            found.append(f"{cid}: summary")
        if not c["name"].get("ru") or c.get("ru_name") not in ("booklet", "ours"):
            found.append(f"{cid}: Russian name and its source")
    for eid, e in empires.items():
        found += [f"{eid}: adjacent {a}" for a in e["adjacent"] if a not in empires]
    for bid, b in borders.items():
        found += [f"{bid}: empire {x}" for x in b["empires"] if x not in empires]
    for cid, c in cities.items():
        if c["empire"] not in empires:
            found.append(f"{cid}: empire {c['empire']}")
    for centre, route in geo["routes"].items():
        if centre not in cities or cities[centre].get("trade_centre") is None:
            found.append(f"route {centre}: not a trade centre")
        found += [f"route {centre}: {step}" for step in route
                  if step not in empires and step not in borders]
    setup = facts()
    for bank in setup["banks"].values():
        if bank["start"] not in borders:
            found.append(f"bank start {bank['start']}")
    found += [f"ruler {r}" for r in setup["rulers"] if r not in empires]
    return found
