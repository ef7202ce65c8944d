"""The Here I Stand map: land spaces, connections, passes, ports and sea zones.

The data lives in ``data/map.yaml``. Its ``provenance`` block names the sources and every
decision taken where they disagree. This module loads the file once, checks that it hangs
together, and exposes a small read-only API:

>>> m = load_map()
>>> m.spaces["vienna"].type
'capital'
>>> m.neighbours("istanbul")
('edirne', 'varna')
>>> m.lookup("Вена")
['vienna']

Rulebook references (§) are to the Russian rulebook, ``rules/000_56ee5f43e8c7cd41.txt``.

Rules: none (data access: the map)
"""
from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterator, Mapping

import yaml

try:  # the C loader is several times faster; fall back when libyaml is absent
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _Loader = yaml.SafeLoader

MAP_FILE = Path(__file__).with_name("data") / "map.yaml"

#: Space types (§2.1). A capital is a key with a bold border.
SPACE_TYPES = ("unfortified", "fortress", "key", "electorate", "capital")
#: Fortified types: a power must besiege these to take control (§2.1).
FORTIFIED_TYPES = frozenset({"fortress", "key", "electorate", "capital"})
#: Home powers as written in the data (CONTRIBUTING.md ids).
MAJOR_POWERS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
MINOR_POWERS = ("genoa", "hungary", "scotland", "venice")
HOMES = MAJOR_POWERS + MINOR_POWERS + ("independent",)
#: Language zones (§2.5). ``None`` means outside all five.
LANGUAGES = ("english", "french", "german", "italian", "spanish")


class MapDataError(ValueError):
    """map.yaml is inconsistent (unknown id, duplicate edge, asymmetric sea adjacency...)."""


@dataclass(frozen=True)
class Space:
    """One land space (§2.1).

    ``type`` is one of :data:`SPACE_TYPES`; ``home`` is a power id or ``independent``;
    ``language`` is one of :data:`LANGUAGES` or ``None``; ``ports`` are the sea zones the
    space is a port on (0, 1 or 2, §2.5); ``x``/``y`` are pixels in the Vassal map frame.
    ``flags`` holds the few special markings the rules need (for example Algiers:
    ``enters_play: barbary_pirates``, §21.1). ``aliases`` are extra spellings for lookup.
    """

    id: str
    name_en: str
    name_ru: str
    type: str
    home: str
    language: str | None
    ports: tuple[str, ...]
    x: int
    y: int
    flags: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}), hash=False)
    aliases: tuple[str, ...] = ()

    @property
    def is_key(self) -> bool:
        """Keys and capitals (a capital is a key, §2.1)."""
        return self.type in ("key", "capital")

    @property
    def is_fortified(self) -> bool:
        """Fortresses, keys, capitals and electorates (§2.1)."""
        return self.type in FORTIFIED_TYPES

    @property
    def is_port(self) -> bool:
        return bool(self.ports)


@dataclass(frozen=True)
class SeaZone:
    """One of the 14 sea zones (§2.5).

    ``adjacent`` lists the sea zones sharing a border crossable by naval movement. The pairs
    Ionian/Tyrrhenian, Barbary Coast/Atlantic and Black Sea/Aegean are not adjacent; they
    are linked only through the two-zone ports Messina, Gibraltar and Istanbul.
    ``x``/``y`` is a label point. ``outline`` is an optional drawing polygon.
    """

    id: str
    name_en: str
    name_ru: str
    x: int
    y: int
    adjacent: tuple[str, ...]
    outline: tuple[tuple[int, int], ...] = ()


def _pair(raw: Any, where: str) -> tuple[str, str]:
    if not (isinstance(raw, list) and len(raw) == 2 and all(isinstance(v, str) for v in raw)):
        raise MapDataError(f"{where}: expected [a, b], got {raw!r}")
    a, b = raw
    if a == b:
        raise MapDataError(f"{where}: self-loop {a!r}")
    if a > b:
        raise MapDataError(f"{where}: pair {raw!r} is not sorted")
    return a, b


_SEPARATORS = re.compile(r"[\s_\-.'’`]+")


def normalize_name(text: str) -> str:
    """Casefold, ``ё`` → ``е``, strip accents, fold separators to one space.

    ``"Brünn"``, ``"brunn"`` and ``" BRUNN "`` all give ``"brunn"``;
    ``"St. Quentin"`` and ``"st_quentin"`` give ``"st quentin"``.
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold().replace("ё", "е"))
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _SEPARATORS.sub(" ", stripped).strip()


class Map:
    """The whole board. Build it with :func:`load_map`, not directly."""

    def __init__(self, raw: Mapping[str, Any]) -> None:
        self.provenance: Mapping[str, Any] = raw["provenance"]
        frame = raw["frame"]
        self.width: int = int(frame["width"])
        self.height: int = int(frame["height"])

        seas: dict[str, SeaZone] = {}
        for z in raw["sea_zones"]:
            if z["id"] in seas:
                raise MapDataError(f"duplicate sea zone {z['id']!r}")
            seas[z["id"]] = SeaZone(
                id=z["id"], name_en=z["name"]["en"], name_ru=z["name"]["ru"],
                x=int(z["x"]), y=int(z["y"]), adjacent=tuple(z["adjacent"]),
                outline=tuple((int(p[0]), int(p[1])) for p in z.get("outline", ())))
        self.sea_zones: Mapping[str, SeaZone] = MappingProxyType(seas)

        spaces: dict[str, Space] = {}
        for s in raw["spaces"]:
            if s["id"] in spaces or s["id"] in seas:
                raise MapDataError(f"duplicate id {s['id']!r}")
            spaces[s["id"]] = Space(
                id=s["id"], name_en=s["name"]["en"], name_ru=s["name"]["ru"], type=s["type"],
                home=s["home"], language=s["language"], ports=tuple(s["ports"]),
                x=int(s["x"]), y=int(s["y"]),
                flags=MappingProxyType(dict(s.get("flags") or {})),
                aliases=tuple(s.get("aliases") or ()))
        self.spaces: Mapping[str, Space] = MappingProxyType(spaces)

        self.connections: frozenset[frozenset[str]] = self._edges(raw["connections"], "connections")
        self.passes: frozenset[frozenset[str]] = self._edges(raw["passes"], "passes")
        if self.connections & self.passes:
            raise MapDataError("a pass is also listed under connections")
        ranges: dict[str, frozenset[frozenset[str]]] = {
            name: self._edges(pairs, f"pass_ranges.{name}") for name, pairs in raw["pass_ranges"].items()}
        in_ranges = [e for edges in ranges.values() for e in edges]
        if len(in_ranges) != len(self.passes) or set(in_ranges) != self.passes:
            raise MapDataError("pass_ranges does not partition passes")
        self.pass_ranges: Mapping[str, frozenset[frozenset[str]]] = MappingProxyType(ranges)

        adjacency: dict[str, list[str]] = {k: [] for k in spaces}
        for edge in self.connections | self.passes:  # the loader merges passes in (§2.5)
            a, b = sorted(edge)
            adjacency[a].append(b)
            adjacency[b].append(a)
        self._adjacency = {k: tuple(sorted(v)) for k, v in adjacency.items()}

        ports: dict[str, list[str]] = {z: [] for z in seas}
        for s in spaces.values():
            for z in s.ports:
                if z not in seas:
                    raise MapDataError(f"{s.id}: unknown sea zone {z!r}")
                ports[z].append(s.id)
        self._ports = {z: tuple(sorted(v)) for z, v in ports.items()}
        self._validate()
        self._names = self._build_names()
        #: Answers of the derived queries below, each worked out once (the map never changes).
        self._derived: dict[tuple[Any, ...], tuple[str, ...]] = {}
        self._fortified: tuple[Space, ...] | None = None

    # -- construction helpers -------------------------------------------------------------
    def _edges(self, pairs: Any, where: str) -> frozenset[frozenset[str]]:
        seen: set[frozenset[str]] = set()
        for raw in pairs:
            a, b = _pair(raw, where)
            for v in (a, b):
                if v not in self.spaces:
                    raise MapDataError(f"{where}: unknown space {v!r}")
            e = frozenset((a, b))
            if e in seen:
                raise MapDataError(f"{where}: duplicate edge {raw!r}")
            seen.add(e)
        return frozenset(seen)

    def _validate(self) -> None:
        for s in self.spaces.values():
            if s.type not in SPACE_TYPES:
                raise MapDataError(f"{s.id}: bad type {s.type!r}")
            if s.home not in HOMES:
                raise MapDataError(f"{s.id}: bad home {s.home!r}")
            if s.language is not None and s.language not in LANGUAGES:
                raise MapDataError(f"{s.id}: bad language {s.language!r}")
            if len(s.ports) > 2 or len(set(s.ports)) != len(s.ports):
                raise MapDataError(f"{s.id}: bad ports {s.ports!r}")
        for z in self.sea_zones.values():
            for other in z.adjacent:
                if other not in self.sea_zones or other == z.id:
                    raise MapDataError(f"{z.id}: bad adjacent sea zone {other!r}")
                if z.id not in self.sea_zones[other].adjacent:
                    raise MapDataError(f"sea adjacency {z.id}-{other} is not symmetric")

    def _build_names(self) -> dict[str, set[str]]:
        names: dict[str, set[str]] = {}
        for name, key in self.names():
            names.setdefault(normalize_name(name), set()).add(key)
        return names

    # -- queries -------------------------------------------------------------------------
    def neighbours(self, space: str) -> tuple[str, ...]:
        """Spaces adjacent by land, passes included (§2.5), sorted by id."""
        return self._adjacency[space]

    def are_adjacent(self, a: str, b: str) -> bool:
        """True if ``a`` and ``b`` are joined by a connection or a pass."""
        return b in self._adjacency.get(a, ())

    def is_pass(self, a: str, b: str) -> bool:
        """True if the connection between ``a`` and ``b`` is a pass (2 CP to cross, no
        interception and no spring deployment across it, §2.5)."""
        return frozenset((a, b)) in self.passes

    def neighbours_without_passes(self, space: str) -> tuple[str, ...]:
        """Neighbours that are not across a pass; the rules treat pass neighbours as not
        adjacent for control, unrest removal and interception (§2.5, §12)."""
        key = ("without_passes", space)
        if key not in self._derived:
            self._derived[key] = tuple(n for n in self._adjacency[space]
                                       if not self.is_pass(space, n))
        return self._derived[key]

    def pass_range(self, a: str, b: str) -> str | None:
        """``pyrenees``, ``alps`` or ``balkans`` for a pass, else ``None``."""
        e = frozenset((a, b))
        return next((name for name, edges in self.pass_ranges.items() if e in edges), None)

    def ports_of(self, sea: str) -> tuple[str, ...]:
        """The ports on sea zone ``sea`` (§2.5), sorted by id."""
        return self._ports[sea]

    def seas_adjacent(self, sea: str) -> tuple[str, ...]:
        """Sea zones adjacent to ``sea``."""
        return self.sea_zones[sea].adjacent

    def keys_of(self, power: str) -> tuple[str, ...]:
        """Home keys (capitals included) of ``power`` (§2.1); ``independent`` for grey keys.

        Algiers is an Ottoman home key but is out of play until *Barbary Pirates*
        (§21.1); it carries the flag ``enters_play``, check it when that matters.
        """
        key = ("keys_of", power)
        if key not in self._derived:
            self._derived[key] = tuple(sorted(s.id for s in self.spaces.values()
                                              if s.home == power and s.is_key))
        return self._derived[key]

    def fortified(self) -> tuple[Space, ...]:
        """The fortified spaces (§2.1), in the map's order."""
        if self._fortified is None:
            self._fortified = tuple(s for s in self.spaces.values() if s.is_fortified)
        return self._fortified

    def capitals(self) -> tuple[str, ...]:
        """The six capitals (§2.1): London, Paris, Valladolid, Vienna, Rome, Istanbul."""
        return self.spaces_of(type="capital")

    def electorates(self) -> tuple[str, ...]:
        """The six electorates (§2.1)."""
        return self.spaces_of(type="electorate")

    def spaces_of(self, *, home: str | None = None, language: str | None = None,
                  type: str | None = None) -> tuple[str, ...]:
        """Space ids filtered by home power, language zone and/or type."""
        key = ("spaces_of", home, language, type)
        if key not in self._derived:
            self._derived[key] = tuple(sorted(
                s.id for s in self.spaces.values()
                if (home is None or s.home == home)
                and (language is None or s.language == language)
                and (type is None or s.type == type)))
        return self._derived[key]

    def names(self) -> Iterator[tuple[str, str]]:
        """Every (name, id) pair: the id, English and Russian names and aliases of spaces and
        sea zones. Suitable input for a name index such as ``engine.names.NameIndex``."""
        for s in self.spaces.values():
            for n in (s.id, s.name_en, s.name_ru, *s.aliases):
                yield n, s.id
        for z in self.sea_zones.values():
            for n in (z.id, z.name_en, z.name_ru):
                yield n, z.id

    def lookup(self, name: str) -> list[str]:
        """Ids whose id, English name, Russian name or alias matches ``name``.

        Matching ignores case, accents, ``ё``/``е`` and separators. An exact match wins;
        otherwise every id with a name starting with ``name`` is returned. An empty list
        means no match (see :meth:`suggest`).
        """
        wanted = normalize_name(name)
        if not wanted:
            return []
        exact = self._names.get(wanted)
        if exact:
            return sorted(exact)
        return sorted({k for n, keys in self._names.items() if n.startswith(wanted) for k in keys})

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """Up to ``n`` ids whose names are close to a misspelt ``name`` ("did you mean")."""
        close = difflib.get_close_matches(normalize_name(name), list(self._names), n=n * 2, cutoff=0.7)
        out: list[str] = []
        for c in close:
            for k in sorted(self._names[c]):
                if k not in out:
                    out.append(k)
        return out[:n]


@functools.lru_cache(maxsize=None)
def load_map(path: str | Path = MAP_FILE) -> Map:
    """Load and check ``map.yaml`` once; later calls return the same :class:`Map`."""
    with open(path, encoding="utf-8") as fh:
        raw = yaml.load(fh, Loader=_Loader)
    return Map(raw)
