"""The facts the Here I Stand rules read: cards, pieces, rulers, power-card tracks.

This module is the one door between the rules and the data files.  It reads
``data/cards.yaml`` and ``data/pieces.yaml`` once, and exposes small frozen records.

The power-card tracks come from ``powers.yaml`` through ``catalog.load_powers``.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
DATA = Path(__file__).resolve().parent / "data"

MAJORS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
MINORS = ("genoa", "hungary", "scotland", "venice")

#: Scenario ids that differ from pieces.yaml ids (reported as a data disagreement).
LEADER_ALIASES = {"duke_of_alba": "duke_of_alva", "brandon": "charles_brandon",
                  "doria": "andrea_doria"}


@dataclass(frozen=True)
class Card:
    number: int
    id: str
    name_en: str
    name_ru: str
    cp: int
    type: str            # home | mandatory | response | combat | event
    power: tuple[str, ...]   # who may play it as an event (empty: anyone)
    not_playable_by: tuple[str, ...]
    remove: Any          # True | False | "conditional"
    enters: Any          # int turn or "varies"
    scenario_only: Any   # "1517" or None
    affects: str | None
    summary: str
    edition: str
    deck: str

    @property
    def title(self) -> str:
        return f"#{self.number} {self.name_en}"


@dataclass(frozen=True)
class Leader:
    id: str
    name_en: str
    name_ru: str
    power: str | None
    battle: int
    command: int
    naval: bool
    piracy: int | None = None


@dataclass(frozen=True)
class Ruler:
    id: str
    power: str
    name_en: str
    name_ru: str
    admin: int
    card_bonus: int
    army_leader: str | None
    via_card: int | None


@dataclass(frozen=True)
class Debater:
    id: str
    name_en: str
    name_ru: str
    side: str            # papal | protestant
    zone: str | None
    value: int
    enters: Any


def _load(name: str) -> dict[str, Any] | None:
    path = DATA / name
    if not path.is_file():
        return None
    with path.open(encoding="utf-8") as fh:
        return yaml.load(fh, Loader=_Loader)


@functools.lru_cache(maxsize=None)
def cards() -> dict[int, Card]:
    """The 110 first-edition cards (§6: numbers 1-110) by number."""
    raw = _load("cards.yaml") or {"cards": []}
    out: dict[int, Card] = {}
    for c in raw["cards"]:
        if c.get("edition") not in (None, "first") or int(c["number"]) > 110:
            continue
        power = c.get("power")
        powers = tuple(power) if isinstance(power, list) else ((power,) if power else ())
        out[int(c["number"])] = Card(
            number=int(c["number"]), id=c["id"], name_en=c["name"]["en"],
            name_ru=c["name"].get("ru") or c["name"]["en"], cp=int(c.get("cp") or 0),
            type=c["type"], power=powers, not_playable_by=tuple(c.get("not_playable_by") or ()),
            remove=c.get("remove"), enters=c.get("enters", 1),
            scenario_only=(str(c["scenario_only"]) if c.get("scenario_only") else None),
            affects=c.get("affects"), summary=(c.get("summary") or {}).get("en", ""),
            edition=c.get("edition") or "first", deck=c.get("deck") or "main")
    return out


def card(number: int) -> Card:
    return cards()[number]


@functools.lru_cache(maxsize=None)
def home_cards() -> dict[str, tuple[int, ...]]:
    """Each major power's home (national) cards (§6.1; the Papacy has two)."""
    found: dict[str, list[int]] = {p: [] for p in MAJORS}
    for c in cards().values():
        if c.type == "home" and c.power:
            found[c.power[0]].append(c.number)
    return {p: tuple(sorted(v)) for p, v in found.items()}


@functools.lru_cache(maxsize=None)
def _pieces() -> dict[str, Any]:
    return _load("pieces.yaml") or {}


@functools.lru_cache(maxsize=None)
def leaders() -> dict[str, Leader]:
    """Army and naval leaders by id (§5.1)."""
    raw = _pieces()
    out: dict[str, Leader] = {}
    for l in raw.get("army_leaders", []):
        out[l["id"]] = Leader(l["id"], l["name"]["en"], l["name"]["ru"], l.get("power"),
                              int(l.get("battle") or 0), int(l.get("command") or 0), False)
    for l in raw.get("naval_leaders", []):
        out[l["id"]] = Leader(l["id"], l["name"]["en"], l["name"]["ru"], l.get("power"),
                              int(l.get("battle") or 0), 0, True, l.get("piracy"))
    return out


def leader_id(raw: str) -> str:
    """A leader id as pieces.yaml spells it (scenario files use a few other ids)."""
    return LEADER_ALIASES.get(raw, raw)


def leader(lid: str) -> Leader:
    found = leaders().get(leader_id(lid))
    if found is None:
        return Leader(lid, lid.replace("_", " ").title(), lid, None, 0, 0, False)
    return found


@functools.lru_cache(maxsize=None)
def rulers() -> dict[str, Ruler]:
    """Every ruler by id (§3.3); admin = cards a power may keep, card_bonus = extra cards."""
    out: dict[str, Ruler] = {}
    for power, seq in (_pieces().get("rulers") or {}).items():
        for r in seq:
            out[r["id"]] = Ruler(r["id"], power, r["name"]["en"], r["name"]["ru"],
                                 int(r.get("admin") or 0), int(r.get("card_bonus") or 0),
                                 r.get("army_leader"), r.get("via_card"))
    return out


def ruler(rid: str) -> Ruler:
    return rulers()[rid]


@functools.lru_cache(maxsize=None)
def debaters() -> dict[str, Debater]:
    """Debaters (§8.2); Protestant debaters belong to a language zone."""
    out: dict[str, Debater] = {}
    for d in _pieces().get("debaters", []):
        did = "carlstadt" if d["id"] == "karlstadt" else d["id"]
        out[did] = Debater(did, d["name"]["en"], d["name"]["ru"], d["side"], d.get("zone"),
                           int(d["value"]), d.get("enters"))
    return out


@functools.lru_cache(maxsize=None)
def reformers() -> dict[str, dict[str, Any]]:
    """Reformer table (§8.2): id -> {space, enters}."""
    return {r["id"]: dict(r) for r in _pieces().get("reformers", [])}


@functools.lru_cache(maxsize=None)
def counter_limits() -> dict[str, dict[str, int]]:
    """Most units of each kind a power can have on the map (§5: the counter mix is a hard
    limit).  Land: the value of all its land counters (regulars and mercenaries share them);
    naval: its squadron counters."""
    counters = _pieces().get("counters") or {}
    out: dict[str, dict[str, int]] = {}
    for power, entry in (counters.get("land") or {}).items():
        total = sum(int(d) * int(n) for d, n in entry["denominations"].items())
        out.setdefault(power, {})["land"] = total
    for power, entry in (counters.get("naval") or {}).items():
        out.setdefault(power, {})["naval"] = int(sum(entry.values()))
    return out


# ---------------------------------------------------------------- power-card tracks
@functools.lru_cache(maxsize=None)
def key_track(power: str) -> dict[str, Any]:
    """{cards: [...], vp: [...], auto: n} for a non-Protestant major power: the power card's
    "Cards & VP for keys" track (§6.2, §23.2), entry i for i+1 uncovered boxes, from
    powers.yaml (catalog.load_powers)."""
    from games.here_i_stand.catalog import load_powers
    track = load_powers().powers[power].key_track
    return {"cards": list(track.cards), "vp": list(track.vp), "auto": int(track.auto_win_keys)}


def protestant_track(spaces: int) -> tuple[int, int]:
    """(papal VP, Protestant VP) for a number of Protestant spaces (§23.2), from powers.yaml."""
    from games.here_i_stand.catalog import load_powers
    return _track_cached(max(0, spaces))


@functools.lru_cache(maxsize=None)
def _track_cached(spaces: int) -> tuple[int, int]:
    from games.here_i_stand.catalog import load_powers
    return load_powers().religious_track_vp(spaces)


#: Build costs in CP (§11.1 table, §17).
BUILD_COST = {"regular": 2, "mercenary": 1, "cavalry": 1, "squadron": 2, "corsair": 1}
#: Unit type word -> state count key.
UNIT_KEY = {"regular": "regulars", "mercenary": "mercenaries", "cavalry": "cavalry",
            "squadron": "squadrons", "corsair": "corsairs"}

#: Winter deadlines of mandatory events (§19.8): card number -> turn.
FORCED_IN_WINTER = {10: 2, 9: 3, 13: 4, 14: 4, 15: 6}

#: Henry VIII's marital track (§21.3).
MARITAL_TRACK = ("catherine_of_aragon", "ask_for_divorce", "anne_boleyn", "jane_seymour",
                 "anne_of_cleves", "catherine_howard", "catherine_parr")
