"""The facts the Here I Stand rules read: cards, pieces, rulers, power-card tracks.

``catalog.py`` alone reads and checks the data files; this module reads none.  It gives the
rules catalog's records in the tables they look them up by (the first-edition cards by number,
army and naval leaders together, rulers by id), a few values derived from them, and the rule
constants that are not data.

Rules: none (data access: the catalogue's records as the rules look them up)
"""
from __future__ import annotations

import functools
from typing import Mapping

from games.here_i_stand.catalog import (MAJOR_POWERS, ArmyLeader, Card, Debater, KeyTrack,
                                        NavalLeader, Reformer, Ruler, load_cards, load_pieces,
                                        load_powers, load_tables)

Leader = ArmyLeader | NavalLeader

#: Scenario ids that differ from pieces.yaml ids (reported as a data disagreement).
LEADER_ALIASES = {"duke_of_alba": "duke_of_alva", "brandon": "charles_brandon",
                  "doria": "andrea_doria"}


@functools.lru_cache(maxsize=None)
def cards() -> dict[int, Card]:
    """The 110 first-edition cards (§6: numbers 1-110) by number."""
    return {c.number: c for c in load_cards().first_edition()}


def card(number: int) -> Card:
    return cards()[number]


@functools.lru_cache(maxsize=None)
def home_cards() -> dict[str, tuple[int, ...]]:
    """Each major power's home (national) cards (§6.1; the Papacy has two)."""
    found: dict[str, list[int]] = {p: [] for p in MAJOR_POWERS}
    for c in cards().values():
        if c.type == "home" and c.powers:
            found[c.powers[0]].append(c.number)
    return {p: tuple(sorted(v)) for p, v in found.items()}


@functools.lru_cache(maxsize=None)
def leaders() -> dict[str, Leader]:
    """Army and naval leaders by id (§5.1)."""
    pieces = load_pieces()
    return {**pieces.army_leaders, **pieces.naval_leaders}


def leader_id(raw: str) -> str:
    """A leader id as pieces.yaml spells it (scenario files use a few other ids)."""
    return LEADER_ALIASES.get(raw, raw)


def leader(lid: str) -> Leader:
    """A leader by id; an unknown id gets a stand-in with no power and no ratings."""
    found = leaders().get(leader_id(lid))
    if found is None:
        return ArmyLeader(lid, lid.replace("_", " ").title(), lid, None, 0, 0, None, "")
    return found


@functools.lru_cache(maxsize=None)
def rulers() -> dict[str, Ruler]:
    """Every ruler by id (§3.3); admin = cards a power may keep, card_bonus = extra cards."""
    return {r.id: r for line in load_pieces().rulers.values() for r in line}


def ruler(rid: str) -> Ruler:
    return rulers()[rid]


def debaters() -> Mapping[str, Debater]:
    """Debaters (§8.2); Protestant debaters belong to a language zone."""
    return load_pieces().debaters


def reformers() -> Mapping[str, Reformer]:
    """Reformers (§8.2) by id: the space each converts and the turn it enters."""
    return load_pieces().reformers


@functools.lru_cache(maxsize=None)
def counter_limits() -> dict[str, dict[str, int]]:
    """Most naval units each power can have on the map (§5: the counter mix is a hard limit):
    ``{power: {"naval": counters}}``.  Land units are limited by denomination, stack by stack
    (`counter_mix`)."""
    counters = load_pieces().counters
    return {power: {"naval": int(sum(entry.values()))}
            for power, entry in (counters.get("naval") or {}).items()}


# ---------------------------------------------------------------- power-card tracks
def key_track(power: str) -> KeyTrack:
    """A non-Protestant major power's "Cards & VP for keys" track (§6.2, §23.2): the cards
    dealt (`cards_for`) and the VP (`vp_for`) for a number of uncovered boxes, and the keys
    of the automatic victory (`auto_win_keys`, §23.1)."""
    return load_powers().powers[power].key_track


@functools.lru_cache(maxsize=None)
def forced_in_winter() -> dict[int, int]:
    """Winter deadlines of the mandatory events (§19.8): card number -> turn."""
    return load_tables().mandatory_deadlines()


def protestant_track(spaces: int) -> tuple[int, int]:
    """(papal VP, Protestant VP) for a number of Protestant spaces (§23.2)."""
    return load_powers().religious_track_vp(spaces)


#: Build costs in CP (§11.1 table, §17).
BUILD_COST = {"regular": 2, "mercenary": 1, "cavalry": 1, "squadron": 2, "corsair": 1}
#: Unit type word -> state count key.
UNIT_KEY = {"regular": "regulars", "mercenary": "mercenaries", "cavalry": "cavalry",
            "squadron": "squadrons", "corsair": "corsairs"}
