"""Here I Stand catalogue: cards, pieces, power cards and dice tables.

The facts live in four YAML files under ``data/`` (``cards.yaml``, ``pieces.yaml``,
``powers.yaml``, ``tables.yaml``); each starts with a ``provenance`` block that names the
sources and every decision taken where they disagree. This module loads each file once,
checks that it hangs together and exposes typed, frozen views:

>>> load_cards().by_number[7].name_en
'Here I Stand'
>>> [c.number for c in find_cards("95")]
[95]
>>> [c.number for c in find_cards("95 Theses")]
[8]
>>> [c.number for c in find_cards("На том стою")]
[7]
>>> load_powers().powers["france"].key_track.cards_for(8)
4

Rulebook references (§, L = line) are to the Russian 1st-edition rulebook,
``rules/000_56ee5f43e8c7cd41.txt``; that edition is the authority.

Rules: none (data access: loading and checking the data files)
"""
from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar, Literal, Mapping

import yaml

try:  # the C loader is several times faster; fall back when libyaml is absent
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _Loader = yaml.SafeLoader

DATA_DIR = Path(__file__).with_name("data")
CARDS_FILE = DATA_DIR / "cards.yaml"
PIECES_FILE = DATA_DIR / "pieces.yaml"
POWERS_FILE = DATA_DIR / "powers.yaml"
TABLES_FILE = DATA_DIR / "tables.yaml"

#: Major powers in standard order (§3.2) and minor powers (§22), CONTRIBUTING.md ids.
MAJOR_POWERS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
MINOR_POWERS = ("genoa", "hungary", "scotland", "venice")
POWERS = MAJOR_POWERS + MINOR_POWERS
#: Card types (§6.1); ``diplomacy`` is the two-player variant's separate deck.
CARD_TYPES = ("home", "mandatory", "response", "combat", "event", "diplomacy")
DECKS = ("home", "main", "diplomacy")
EDITIONS = ("first", "500th_anniversary", "2p_variant")
LANGUAGE_ZONES = ("german", "french", "english")
LAST_TURN = 9

Removal = bool | Literal["conditional"]
Entry = int | Literal["varies"]


class CatalogError(ValueError):
    """A catalogue file is inconsistent (unknown power, duplicate number, bad track...)."""


# --------------------------------------------------------------------------- helpers


def _freeze(value: Any) -> Any:
    """Deep-freeze YAML data: dicts become read-only mappings, lists become tuples."""
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _read(path: Path) -> dict[str, Any]:
    with path.open(encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=_Loader)
    if not isinstance(data, dict) or "provenance" not in data:
        raise CatalogError(f"{path.name}: missing top-level provenance block")
    return data


_PUNCT = re.compile(r"[^\w]+", re.UNICODE)


def normalize(text: str) -> str:
    """Case-, accent- and punctuation-insensitive form used for lookups.

    ``ё`` and ``е`` compare equal, as do ``й`` and ``и`` (the breve is a combining mark).
    """
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    folded = stripped.casefold().replace("'", "").replace("’", "")
    return " ".join(_PUNCT.sub(" ", folded).replace("_", " ").split())


def _powers_of(value: Any, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    items = (value,) if isinstance(value, str) else tuple(value)
    for p in items:
        if p not in POWERS:
            raise CatalogError(f"{where}: unknown power {p!r}")
    return items


def _name(entry: Mapping[str, Any], where: str) -> tuple[str, str]:
    name = entry.get("name")
    if not isinstance(name, Mapping) or not name.get("en") or not name.get("ru"):
        raise CatalogError(f"{where}: name needs en and ru")
    return str(name["en"]), str(name["ru"])


# --------------------------------------------------------------------------- cards


@dataclass(frozen=True)
class Card:
    """One card. ``powers`` = who may play it as an event (a home card's owner); empty = any.
    ``cp`` is None only on the two-player diplomacy cards.

    ``remove`` is True, False or ``"conditional"`` (see ``remove_note``); ``enters`` is the turn
    the card joins the deck (1 = from the start) or ``"varies"`` (see ``enters_condition``).
    """

    number: int
    id: str
    name_en: str
    name_ru: str
    ru_source: str
    cp: int | None
    type: str
    deck: str
    edition: str
    powers: tuple[str, ...]
    not_playable_by: tuple[str, ...]
    affects: str | None
    remove: Removal
    remove_note: str | None
    enters: Entry
    enters_condition: str | None
    scenario_only: str | None
    summary_en: str
    other_phase: Mapping[str, Any] | None
    lasts_until_end_of_turn: bool
    second_edition: Mapping[str, Any]
    aliases: tuple[str, ...] = ()

    @property
    def power(self) -> str | None:
        """The single power that may play the card, or None (any, or several)."""
        return self.powers[0] if len(self.powers) == 1 else None

    @property
    def title(self) -> str:
        return f"#{self.number} {self.name_en}"

    @property
    def is_home(self) -> bool:
        return self.type == "home"

    @property
    def is_mandatory(self) -> bool:
        return self.type == "mandatory"

    @property
    def in_first_edition(self) -> bool:
        return self.edition == "first"

    def playable_by(self, power: str) -> bool:
        """May ``power`` play this card as an event (ignoring the card's other conditions)?"""
        if self.powers and power not in self.powers:
            return False
        return power not in self.not_playable_by

    @classmethod
    def lookup(cls, text: str, **kw: Any) -> list["Card"]:
        """Same as :func:`find_cards`."""
        return find_cards(text, **kw)


@dataclass(frozen=True)
class CardCatalog:
    cards: tuple[Card, ...]
    by_number: Mapping[int, Card]
    by_id: Mapping[str, Card]
    provenance: Mapping[str, Any]

    def first_edition(self) -> tuple[Card, ...]:
        """The 110 cards of the 1st-edition game (#1-#110, §6 L313)."""
        return tuple(c for c in self.cards if c.in_first_edition)

    def home_cards(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.deck == "home")

    def main_deck(self, *, first_edition: bool = True) -> tuple[Card, ...]:
        """Drawable cards (not home, not diplomacy); by default only the 1st-edition ones."""
        return tuple(
            c for c in self.cards if c.deck == "main" and (c.in_first_edition or not first_edition)
        )

    def entering_on(self, turn: int, *, first_edition: bool = True) -> tuple[Card, ...]:
        """Main-deck cards with a fixed entry turn equal to ``turn`` (conditional ones excluded)."""
        return tuple(
            c
            for c in self.main_deck(first_edition=first_edition)
            if c.enters == turn and c.enters_condition is None
        )


def _card(entry: Mapping[str, Any]) -> Card:
    where = f"cards.yaml #{entry.get('number')}"
    en, ru = _name(entry, where)
    remove = entry.get("remove")
    if remove not in (True, False, "conditional"):
        raise CatalogError(f"{where}: remove must be true, false or conditional")
    if remove == "conditional" and not entry.get("remove_note"):
        raise CatalogError(f"{where}: conditional removal needs remove_note")
    enters = entry.get("enters")
    if not (enters == "varies" or (isinstance(enters, int) and 1 <= enters <= LAST_TURN)):
        raise CatalogError(f"{where}: enters must be 1..{LAST_TURN} or 'varies'")
    if enters == "varies" and not entry.get("enters_condition"):
        raise CatalogError(f"{where}: 'varies' needs enters_condition")
    ctype, deck, edition = entry.get("type"), entry.get("deck"), entry.get("edition")
    if ctype not in CARD_TYPES or deck not in DECKS or edition not in EDITIONS:
        raise CatalogError(f"{where}: bad type/deck/edition {ctype}/{deck}/{edition}")
    cp = entry.get("cp")
    if deck != "diplomacy" and not isinstance(cp, int):
        raise CatalogError(f"{where}: cp missing (only diplomacy cards have none)")
    summary = (entry.get("summary") or {}).get("en")
    if not summary:
        raise CatalogError(f"{where}: summary.en missing")
    affects = entry.get("affects")
    if affects is not None and affects not in POWERS:
        raise CatalogError(f"{where}: unknown power {affects!r}")
    scenario = entry.get("scenario_only")
    return Card(
        number=int(entry["number"]),
        id=str(entry["id"]),
        name_en=en,
        name_ru=ru,
        ru_source=str(entry.get("ru_source", "")),
        cp=cp,
        type=ctype,
        deck=deck,
        edition=edition,
        powers=_powers_of(entry.get("power"), where),
        not_playable_by=_powers_of(entry.get("not_playable_by"), where),
        affects=affects,
        remove=remove,
        remove_note=entry.get("remove_note"),
        enters=enters,
        enters_condition=entry.get("enters_condition"),
        scenario_only=None if scenario is None else str(scenario),
        summary_en=str(summary),
        other_phase=_freeze(entry["other_phase"]) if entry.get("other_phase") else None,
        lasts_until_end_of_turn=bool(entry.get("lasts_until_end_of_turn", False)),
        second_edition=_freeze(entry.get("second_edition") or {}),
        aliases=tuple(str(a) for a in entry.get("aliases") or ()),
    )


@functools.lru_cache(maxsize=1)
def load_cards() -> CardCatalog:
    """Load and check ``data/cards.yaml`` (cached)."""
    data = _read(CARDS_FILE)
    cards = tuple(sorted((_card(e) for e in data["cards"]), key=lambda c: c.number))
    by_number: dict[int, Card] = {}
    by_id: dict[str, Card] = {}
    for c in cards:
        if c.number in by_number:
            raise CatalogError(f"cards.yaml: card #{c.number} appears twice")
        if c.id in by_id:
            raise CatalogError(f"cards.yaml: id {c.id} appears twice")
        by_number[c.number] = c
        by_id[c.id] = c
    return CardCatalog(
        cards=cards,
        by_number=MappingProxyType(by_number),
        by_id=MappingProxyType(by_id),
        provenance=_freeze(data["provenance"]),
    )


_NUMBER = re.compile(r"^\s*(?:#|№|no\.?\s*|card\s+)?(\d{1,3})\s*$", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _card_index() -> tuple[tuple[Card, tuple[str, ...]], ...]:
    index = []
    for c in load_cards().cards:
        keys = {normalize(c.name_en), normalize(c.name_ru), normalize(c.id)}
        keys.update(normalize(a) for a in c.aliases)
        for name in (c.name_en, c.name_ru):  # "The Wartburg" -> "wartburg", "Treachery!" -> "treachery"
            n = normalize(name)
            if n.startswith("the "):
                keys.add(n[4:])
        index.append((c, tuple(sorted(k for k in keys if k))))
    return tuple(index)


def find_cards(
    text: str, *, include_diplomacy: bool = False, first_edition_only: bool = False
) -> list[Card]:
    """Cards matching ``text``: a number (``"95"``, ``"#95"``), or an English or Russian name.

    Matching ignores case, accents and punctuation. An exact name wins; otherwise every word of
    the query must start a word of the name (``"95 theses"``, ``"тезисов"``); otherwise a plain
    substring match is tried. Results are sorted by card number. Diplomacy cards (two-player
    variant) are left out unless ``include_diplomacy``.
    """
    def wanted(c: Card) -> bool:
        if c.deck == "diplomacy" and not include_diplomacy:
            return False
        return c.in_first_edition or not first_edition_only

    m = _NUMBER.match(text)
    if m:
        card = load_cards().by_number.get(int(m.group(1)))
        return [card] if card is not None and wanted(card) else []
    query = normalize(text)
    if not query:
        return []
    pool = [(c, keys) for c, keys in _card_index() if wanted(c)]
    exact = [c for c, keys in pool if query in keys]
    if exact:
        return sorted(exact, key=lambda c: c.number)
    words = query.split()

    def prefix_match(key: str) -> bool:
        kw = key.split()
        return all(any(k.startswith(w) for k in kw) for w in words)

    found = [c for c, keys in pool if any(prefix_match(k) for k in keys)]
    if not found:
        found = [c for c, keys in pool if any(query in k for k in keys)]
    return sorted(found, key=lambda c: c.number)


# --------------------------------------------------------------------------- pieces


@dataclass(frozen=True)
class ArmyLeader:
    id: str
    name_en: str
    name_ru: str
    power: str | None
    battle: int
    command: int
    ruler: str | None
    enters: str
    naval: ClassVar[bool] = False


@dataclass(frozen=True)
class NavalLeader:
    id: str
    name_en: str
    name_ru: str
    power: str
    battle: int
    piracy: int | None
    enters: str
    naval: ClassVar[bool] = True
    #: A naval leader has only a battle rating: it adds nothing to an army's size (§5.1).
    command: ClassVar[int] = 0


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
    reformer: str | None = None
    debater: str | None = None


@dataclass(frozen=True)
class Reformer:
    id: str
    name_en: str
    name_ru: str
    space: str
    enters: Entry
    enters_condition: str


@dataclass(frozen=True)
class Debater:
    id: str
    name_en: str
    name_ru: str
    side: Literal["papal", "protestant"]
    zone: str | None
    value: int
    enters: Entry
    in_play_1517: bool
    bonus: str
    enters_condition: str | None = None


@dataclass(frozen=True)
class Explorer:
    """An explorer (``kind='explorer'``) or conquistador/conqueror marker (``kind='conquistador'``)."""

    id: str
    kind: str
    name_en: str
    name_ru: str
    power: str
    value: int
    enters: str | None = None
    count: int = 1


@dataclass(frozen=True)
class PieceCatalog:
    army_leaders: Mapping[str, ArmyLeader]
    naval_leaders: Mapping[str, NavalLeader]
    rulers: Mapping[str, tuple[Ruler, ...]]
    reformers: Mapping[str, Reformer]
    debaters: Mapping[str, Debater]
    explorers: Mapping[str, Explorer]
    conquistadors: Mapping[str, Explorer]
    colonies: Mapping[str, tuple[str, ...]]
    counters: Mapping[str, Any]
    provenance: Mapping[str, Any]

    def ruler(self, ruler_id: str) -> Ruler:
        for line in self.rulers.values():
            for r in line:
                if r.id == ruler_id:
                    return r
        raise KeyError(ruler_id)

    def land_counter_limit(self, power: str, denomination: int) -> int:
        """Counters of that denomination (shared by both sides of the counter, §5.2)."""
        return int(self.counters["land"][power]["denominations"].get(denomination, 0))


def _entry_value(value: Any, where: str) -> Entry:
    if value == "varies" or (isinstance(value, int) and 1 <= value <= LAST_TURN):
        return value
    raise CatalogError(f"{where}: entry must be 1..{LAST_TURN} or 'varies', not {value!r}")


@functools.lru_cache(maxsize=1)
def load_pieces() -> PieceCatalog:
    """Load and check ``data/pieces.yaml`` (cached)."""
    data = _read(PIECES_FILE)

    def unique(items: list[Any], what: str) -> Mapping[str, Any]:
        out: dict[str, Any] = {}
        for it in items:
            if it.id in out:
                raise CatalogError(f"pieces.yaml: duplicate {what} {it.id}")
            out[it.id] = it
        return MappingProxyType(out)

    leaders = []
    for e in data["army_leaders"]:
        en, ru = _name(e, f"army leader {e.get('id')}")
        power = e.get("power")
        if power is not None and power not in POWERS:
            raise CatalogError(f"army leader {e['id']}: unknown power {power!r}")
        leaders.append(ArmyLeader(e["id"], en, ru, power, int(e["battle"]), int(e["command"]),
                                  e.get("ruler"), str(e.get("enters", ""))))
    naval = []
    for e in data["naval_leaders"]:
        en, ru = _name(e, f"naval leader {e.get('id')}")
        _powers_of(e["power"], f"naval leader {e['id']}")
        naval.append(NavalLeader(e["id"], en, ru, e["power"], int(e["battle"]), e.get("piracy"),
                                 str(e.get("enters", ""))))
    rulers: dict[str, tuple[Ruler, ...]] = {}
    for power, line in data["rulers"].items():
        if power not in MAJOR_POWERS:
            raise CatalogError(f"rulers: unknown power {power!r}")
        seq = []
        for e in line:
            en, ru = _name(e, f"ruler {e.get('id')}")
            seq.append(Ruler(e["id"], power, en, ru, int(e["admin"]), int(e["card_bonus"]),
                             e.get("army_leader"), e.get("via_card"), e.get("reformer"),
                             e.get("debater")))
        rulers[power] = tuple(seq)
    reformers = []
    for e in data["reformers"]:
        en, ru = _name(e, f"reformer {e.get('id')}")
        reformers.append(Reformer(e["id"], en, ru, e["space"],
                                  _entry_value(e["enters"], f"reformer {e['id']}"),
                                  str(e.get("enters_condition", ""))))
    debaters = []
    for e in data["debaters"]:
        en, ru = _name(e, f"debater {e.get('id')}")
        if e["side"] not in ("papal", "protestant"):
            raise CatalogError(f"debater {e['id']}: bad side {e['side']!r}")
        debaters.append(Debater(e["id"], en, ru, e["side"], e.get("zone"), int(e["value"]),
                                _entry_value(e["enters"], f"debater {e['id']}"),
                                bool(e["in_play_1517"]), str(e["bonus"]),
                                e.get("enters_condition")))
    explorers, conquistadors = [], []
    for kind, src, dst in (("explorer", "explorers", explorers),
                           ("conquistador", "conquistadors", conquistadors)):
        for e in data[src]:
            en, ru = _name(e, f"{kind} {e.get('id')}")
            _powers_of(e["power"], f"{kind} {e['id']}")
            dst.append(Explorer(e["id"], kind, en, ru, e["power"], int(e["value"]),
                                e.get("enters"), int(e.get("count", 1))))
    cat = PieceCatalog(
        army_leaders=unique(leaders, "army leader"),
        naval_leaders=unique(naval, "naval leader"),
        rulers=MappingProxyType(rulers),
        reformers=unique(reformers, "reformer"),
        debaters=unique(debaters, "debater"),
        explorers=unique(explorers, "explorer"),
        conquistadors=unique(conquistadors, "conquistador"),
        colonies=_freeze(data["colonies"]),
        counters=_freeze(data["counters"]),
        provenance=_freeze(data["provenance"]),
    )
    for line in cat.rulers.values():
        for r in line:
            if r.army_leader is not None and r.army_leader not in cat.army_leaders:
                raise CatalogError(f"ruler {r.id}: unknown army leader {r.army_leader}")
            if r.debater is not None and r.debater not in cat.debaters:
                raise CatalogError(f"ruler {r.id}: unknown debater {r.debater}")
    return cat


# --------------------------------------------------------------------------- powers


@dataclass(frozen=True)
class KeyTrack:
    """The 'Cards & VP for keys' track of a power card (§6.2, §23.2).

    ``cards[i]`` / ``vp[i]`` are for ``i + 1`` uncovered boxes (keys controlled minus keys in
    unrest); reaching ``auto_win_keys`` uncovers the Auto-win box (§23.1).
    """

    cards: tuple[int, ...]
    vp: tuple[int, ...]
    auto_win_keys: int

    def cards_for(self, boxes: int) -> int:
        """Base cards dealt; at least 1 even when every box is covered (§6.2 L370)."""
        if boxes <= 0:
            return 1
        return self.cards[min(boxes, len(self.cards)) - 1]

    def vp_for(self, boxes: int) -> int:
        """Base VP; 0 when every box is covered (§23.2 L1908)."""
        if boxes <= 0:
            return 0
        return self.vp[min(boxes, len(self.vp)) - 1]


@dataclass(frozen=True)
class PowerInfo:
    id: str
    name_en: str
    name_ru: str
    capitals: tuple[str, ...]
    home_cards: tuple[int, ...]
    key_track: KeyTrack | None
    special_vp: tuple[Mapping[str, Any], ...]
    extra: Mapping[str, Any]


@dataclass(frozen=True)
class PowerCatalog:
    standard_order: tuple[str, ...]
    powers: Mapping[str, PowerInfo]
    action_costs: Mapping[str, Mapping[str, int | None]]
    war_costs: Mapping[str, Mapping[str, int | None]]
    minor_war_cost: int
    interventions: tuple[Mapping[str, Any], ...]
    protestant_spaces_papacy_vp: tuple[int, ...]
    protestant_spaces_protestant_vp: tuple[int, ...]
    victory: Mapping[str, Any]
    raw: Mapping[str, Any]
    provenance: Mapping[str, Any]

    def action_cost(self, power: str, action: str) -> int | None:
        """CP cost of ``action`` for ``power`` (§11.1), None if the power may not take it."""
        return self.action_costs[action][power]

    def war_cost(self, declarer: str, target: str) -> int | None:
        """CP cost to declare war (§9.6): minors 1, majors from the diplomatic status chart."""
        if target in MINOR_POWERS:
            return self.minor_war_cost
        return self.war_costs[declarer].get(target)

    def religious_track_vp(self, protestant_spaces: int) -> tuple[int, int]:
        """(Papal VP, Protestant VP) for a number of Protestant spaces (§23.2)."""
        n = max(0, min(protestant_spaces, len(self.protestant_spaces_papacy_vp) - 1))
        return self.protestant_spaces_papacy_vp[n], self.protestant_spaces_protestant_vp[n]


@functools.lru_cache(maxsize=1)
def load_powers() -> PowerCatalog:
    """Load and check ``data/powers.yaml`` (cached)."""
    data = _read(POWERS_FILE)
    if tuple(data["standard_order"]) != MAJOR_POWERS:
        raise CatalogError("powers.yaml: standard_order differs from §3.2")
    powers: dict[str, PowerInfo] = {}
    for pid in MAJOR_POWERS:
        e = data["powers"][pid]
        en, ru = _name(e, f"power {pid}")
        track = None
        if "key_track" in e:
            kt = e["key_track"]
            track = KeyTrack(tuple(kt["cards"]), tuple(kt["vp"]), int(kt["auto_win_keys"]))
            if len(track.cards) != len(track.vp) or len(track.cards) != track.auto_win_keys - 1:
                raise CatalogError(f"powers.yaml {pid}: key track length mismatch")
            for seq in (track.cards, track.vp):
                if any(b < a for a, b in zip(seq, seq[1:])):
                    raise CatalogError(f"powers.yaml {pid}: key track not monotonic")
            if track.cards[0] < 1:
                raise CatalogError(f"powers.yaml {pid}: a power is dealt at least 1 card (§6.2)")
        home = e["home_card"]
        known = {"name", "capitals", "home_card", "key_track", "special_vp"}
        powers[pid] = PowerInfo(
            id=pid, name_en=en, name_ru=ru, capitals=tuple(e["capitals"]),
            home_cards=tuple(home) if isinstance(home, list) else (int(home),),
            key_track=track, special_vp=_freeze(e.get("special_vp", [])),
            extra=_freeze({k: v for k, v in e.items() if k not in known}),
        )
    cols = tuple(data["action_costs"]["columns"])
    if cols != MAJOR_POWERS:
        raise CatalogError("powers.yaml: action_costs columns must be the standard order")
    actions = {
        name: MappingProxyType(dict(zip(cols, row["cost"])))
        for name, row in data["action_costs"]["rows"].items()
    }
    dow = data["declarations_of_war"]
    war = {p: MappingProxyType(dict(dow["major_costs"][p])) for p in MAJOR_POWERS}
    track = data["protestant_spaces_track"]
    return PowerCatalog(
        standard_order=MAJOR_POWERS,
        powers=MappingProxyType(powers),
        action_costs=MappingProxyType(actions),
        war_costs=MappingProxyType(war),
        minor_war_cost=int(dow["minor_cost"]),
        interventions=_freeze(dow["interventions"]),
        protestant_spaces_papacy_vp=tuple(track["papacy_vp"]),
        protestant_spaces_protestant_vp=tuple(track["protestant_vp"]),
        victory=_freeze(data["victory"]),
        raw=_freeze({k: v for k, v in data.items() if k != "provenance"}),
        provenance=_freeze(data["provenance"]),
    )


# --------------------------------------------------------------------------- tables


def _band(results: tuple[Mapping[str, Any], ...], roll: int) -> Mapping[str, Any]:
    for r in results:
        lo, hi = r.get("min"), r.get("max")
        if (lo is None or roll >= lo) and (hi is None or roll <= hi):
            return r
    raise CatalogError(f"no table row for roll {roll}")


@dataclass(frozen=True)
class TableCatalog:
    data: Mapping[str, Any]
    provenance: Mapping[str, Any]

    def chateaux_first_edition(self, die: int, *, controls_milan: bool = False) -> int:
        """VP gained by Patron of the Arts under the 1st-edition rule (§21.4 L1695)."""
        t = self.data["chateaux"]["first_edition"]
        return t["vp_per_success"] if controls_milan or die in t["vp_on"] else 0

    def marital_track(self) -> tuple[str, ...]:
        """Henry VIII's marital track, in order (§21.3)."""
        return tuple(step["id"] for step in self.data["henry_viii"]["marital_track"])

    def pregnancy(self, result: int) -> Mapping[str, Any]:
        return self.data["henry_viii"]["pregnancy_chart"]["results"][result]

    def exploration(self, roll: int) -> Mapping[str, Any]:
        return _band(self.data["new_world"]["exploration"]["results"], roll)

    def circumnavigation(self, roll: int) -> Mapping[str, Any]:
        return _band(self.data["new_world"]["circumnavigation"]["results"], roll)

    def conquest(self, roll: int) -> Mapping[str, Any]:
        return _band(self.data["new_world"]["conquest"]["results"], roll)

    def riches(self, roll: int, column: str) -> str:
        """New World riches result (§20.4) for a 2d6 roll (clamped to 2..12) and a column."""
        table = self.data["new_world"]["riches"]["table"]
        return table[max(2, min(12, roll))][column]

    def mandatory_deadlines(self) -> dict[int, int]:
        """Card number -> the turn in whose Winter the mandatory event is forced (§19.8)."""
        return {int(e["card"]): int(e["winter_of_turn"])
                for e in self.data["mandatory_deadlines"]["events"]}

    def mandatory_deadline(self, card: int) -> int | None:
        """Winter of which turn forces the mandatory event ``card`` (§19.8), if any."""
        return self.mandatory_deadlines().get(card)

    def can_activate(self, major: str, minor: str) -> bool:
        """May ``major`` activate ``minor`` (§22.1 table)?"""
        return major in self.data["minor_activation"]["minors"][minor]["activated_by"]


@functools.lru_cache(maxsize=1)
def load_tables() -> TableCatalog:
    """Load ``data/tables.yaml`` (cached)."""
    data = _read(TABLES_FILE)
    return TableCatalog(
        data=_freeze({k: v for k, v in data.items() if k != "provenance"}),
        provenance=_freeze(data["provenance"]),
    )
