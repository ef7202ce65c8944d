"""Consistency and rules checks for games/here_i_stand/data/map.yaml and its loader."""
from __future__ import annotations

import copy
import os
import re
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
import yaml

from games.here_i_stand.mapdata import MAP_FILE, MapDataError, Map, load_map, normalize_name

#: The Russian rulebook as text (edition of 21 December 2007), when a copy is at hand:
#: its path in $PBEM_RULEBOOK; the repository does not ship it.
RULEBOOK = Path(os.environ.get("PBEM_RULEBOOK", "/nonexistent"))


@pytest.fixture(scope="module")
def m() -> Map:
    return load_map()


@pytest.fixture(scope="module")
def raw() -> dict:
    with open(MAP_FILE, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def contributing_id(name: str) -> str:
    """The id rule of CONTRIBUTING.md: ASCII snake_case, diacritics stripped."""
    s = unicodedata.normalize("NFKD", name)
    s = "".join(c for c in s if not unicodedata.combining(c)).lower()
    s = re.sub(r"[ .\-']+", "_", s)
    return re.sub("_+", "_", s).strip("_")


# ---------------------------------------------------------------- counts and identities
def test_counts(m: Map) -> None:
    assert len(m.spaces) == 134
    assert len(m.sea_zones) == 14  # §2.5
    assert len(m.passes) == 16  # §2.5
    assert len(m.connections) == 204
    assert load_map() is m  # cached


def test_ids_follow_contributing(m: Map) -> None:
    for s in m.spaces.values():
        assert s.id == contributing_id(s.name_en), s
    for z in m.sea_zones.values():
        assert z.id == contributing_id(z.name_en), z


def test_names_unique(m: Map) -> None:
    en = [s.name_en for s in m.spaces.values()] + [z.name_en for z in m.sea_zones.values()]
    ru = [s.name_ru for s in m.spaces.values()] + [z.name_ru for z in m.sea_zones.values()]
    assert len(set(en)) == len(en)
    assert len(set(ru)) == len(ru)
    owners: dict[str, set[str]] = {}
    for name, key in m.names():
        owners.setdefault(normalize_name(name), set()).add(key)
    assert all(len(v) == 1 for v in owners.values()), {k: v for k, v in owners.items() if len(v) > 1}


def test_russian_names_are_cyrillic(m: Map) -> None:
    for s in m.spaces.values():
        assert re.fullmatch(r"[А-Яа-яЁё\- ]+", s.name_ru), s.name_ru


# ---------------------------------------------------------------- land graph
def test_raw_edges_sorted_unique_and_known(raw: dict) -> None:
    ids = {s["id"] for s in raw["spaces"]}
    pairs = [tuple(p) for p in raw["connections"]] + [tuple(p) for p in raw["passes"]]
    assert len(pairs) == len(set(pairs)) == 220
    for a, b in pairs:
        assert a < b, (a, b)  # sorted, so also no self-loops
        assert a in ids and b in ids, (a, b)
    assert not set(map(tuple, raw["connections"])) & set(map(tuple, raw["passes"]))


def test_adjacency_symmetric_no_self_loops(m: Map) -> None:
    for a in m.spaces:
        ns = m.neighbours(a)
        assert a not in ns
        assert len(ns) == len(set(ns))
        for b in ns:
            assert a in m.neighbours(b)


def test_passes_are_connections_and_ranges(m: Map) -> None:
    for e in m.passes:
        a, b = sorted(e)
        assert m.are_adjacent(a, b) and m.is_pass(a, b) and m.is_pass(b, a)
        assert b not in m.neighbours_without_passes(a)
    sizes = {name: len(edges) for name, edges in m.pass_ranges.items()}
    assert sizes == {"pyrenees": 3, "alps": 6, "balkans": 7}  # §2.5
    assert m.pass_range("bordeaux", "navarre") == "pyrenees"
    assert m.pass_range("turin", "grenoble") == "alps"
    assert m.pass_range("sofia", "nicopolis") == "balkans"
    assert m.pass_range("paris", "rouen") is None


def test_reference_neighbourhoods(m: Map) -> None:
    # Identical in every source (see provenance cross_checked).
    assert m.neighbours("vienna") == ("brunn", "graz", "linz", "pressburg")
    assert m.neighbours("paris") == ("boulogne", "dijon", "orleans", "rouen", "st_dizier", "st_quentin")
    assert m.neighbours("istanbul") == ("edirne", "varna")


def test_resolved_land_disputes(m: Map) -> None:
    assert m.are_adjacent("plymouth", "portsmouth")
    assert m.are_adjacent("cologne", "munster") and m.are_adjacent("munster", "cologne")
    for a, b in [("avignon", "grenoble"), ("cologne", "kassel"), ("limoges", "orleans")]:
        assert not m.are_adjacent(a, b)


def _components(nodes, neighbours) -> list[set[str]]:
    seen: set[str] = set()
    out = []
    for start in sorted(nodes):
        if start in seen:
            continue
        comp, stack = {start}, [start]
        while stack:
            for n in neighbours(stack.pop()):
                if n not in comp:
                    comp.add(n)
                    stack.append(n)
        seen |= comp
        out.append(comp)
    return out


def test_land_components(m: Map) -> None:
    comps = sorted(_components(m.spaces, m.neighbours), key=len, reverse=True)
    assert [len(c) for c in comps[:2]] == [109, 14]  # the continent, then Britain
    assert "london" in comps[1] and "edinburgh" in comps[1]
    islands = {next(iter(c)) for c in comps[2:]}
    assert islands == {"algiers", "bastia", "cagliari", "candia", "corfu", "malta", "oran",
                       "palma", "rhodes", "tripoli", "tunis"}
    assert all(m.spaces[i].is_port for i in islands)


def test_land_and_sea_graph_connected(m: Map) -> None:
    def nb(x: str) -> list[str]:
        if x in m.spaces:
            return [*m.neighbours(x), *m.spaces[x].ports]
        return [*m.seas_adjacent(x), *m.ports_of(x)]
    comps = _components([*m.spaces, *m.sea_zones], nb)
    assert len(comps) == 1


# ---------------------------------------------------------------- space attributes
def test_capitals(m: Map) -> None:
    assert set(m.capitals()) == {"london", "paris", "valladolid", "vienna", "rome", "istanbul"}  # §2.1
    assert m.spaces["vienna"].is_key and m.spaces["vienna"].home == "hapsburg"
    assert m.spaces["valladolid"].home == "hapsburg"


def test_electorates(m: Map) -> None:
    assert set(m.electorates()) == {"augsburg", "brandenburg", "cologne", "mainz", "trier", "wittenberg"}
    for e in m.electorates():
        assert m.spaces[e].language == "german" and m.spaces[e].home == "protestant"


def test_keys_per_home_power(m: Map) -> None:
    counts = {p: len(m.keys_of(p)) for p in
              ("ottoman", "hapsburg", "england", "france", "papacy", "protestant",
               "hungary", "venice", "genoa", "scotland", "independent")}
    assert counts == {"ottoman": 5, "hapsburg": 7, "england": 4, "france": 5, "papacy": 2,
                      "protestant": 0, "hungary": 3, "venice": 1, "genoa": 1, "scotland": 1,
                      "independent": 4}
    assert set(m.keys_of("independent")) == {"metz", "milan", "florence", "tunis"}  # §22.6
    assert sum(s.is_key for s in m.spaces.values()) == 33


def test_algiers_decision(m: Map) -> None:
    algiers = m.spaces["algiers"]
    assert algiers.type == "key" and algiers.home == "ottoman"
    assert algiers.flags["enters_play"] == "barbary_pirates"  # §21.1
    active = [k for k in m.keys_of("ottoman") if "enters_play" not in m.spaces[k].flags]
    assert set(active) == {"athens", "edirne", "istanbul", "salonika"}
    for k in ("oran", "tripoli"):
        assert m.spaces[k].home == "hapsburg" and m.spaces[k].flags["pirate_haven_candidate"]


def test_type_home_language_values(m: Map) -> None:
    types = Counter(s.type for s in m.spaces.values())
    assert types == {"unfortified": 86, "key": 27, "fortress": 9, "electorate": 6, "capital": 6}
    assert {s.language for s in m.spaces.values()} == {None, "english", "french", "german", "italian", "spanish"}
    assert m.spaces["buda"].home == "hungary"  # Hungary-Bohemia
    assert "hungary_bohemia" not in {s.home for s in m.spaces.values()}
    assert m.spaces["malta"].type == "fortress" and "knights" not in m.spaces["malta"].flags


# ---------------------------------------------------------------- ports and sea zones
def test_ports(m: Map) -> None:
    for s in m.spaces.values():
        assert 0 <= len(s.ports) <= 2
        assert all(z in m.sea_zones for z in s.ports)
    for z in m.sea_zones:
        assert m.ports_of(z), z
    # The two-zone ports that link non-adjacent seas (§2.5).
    assert set(m.spaces["messina"].ports) == {"ionian_sea", "tyrrhenian_sea"}
    assert set(m.spaces["gibraltar"].ports) == {"atlantic_ocean", "barbary_coast"}
    assert set(m.spaces["istanbul"].ports) == {"aegean_sea", "black_sea"}
    assert not m.spaces["larissa"].ports and not m.spaces["stirling"].ports
    assert m.ports_of("black_sea") == ("istanbul", "varna")


def test_sea_adjacency(m: Map) -> None:
    pairs = {frozenset((z.id, o)) for z in m.sea_zones.values() for o in z.adjacent}
    for z in m.sea_zones.values():
        for o in z.adjacent:
            assert z.id in m.sea_zones[o].adjacent
    assert len(pairs) == 16
    yes = [("baltic_sea", "north_sea"), ("irish_sea", "north_sea"),
           ("barbary_coast", "tyrrhenian_sea"), ("barbary_coast", "ionian_sea")]
    no = [("aegean_sea", "black_sea"), ("atlantic_ocean", "barbary_coast"),
          ("ionian_sea", "tyrrhenian_sea"), ("black_sea", "ionian_sea")]
    for a, b in yes:
        assert frozenset((a, b)) in pairs, (a, b)
    for a, b in no:
        assert frozenset((a, b)) not in pairs, (a, b)
    assert m.seas_adjacent("black_sea") == ()


# ---------------------------------------------------------------- drawing data
def test_coordinates_inside_frame(m: Map) -> None:
    assert (m.width, m.height) == (5100, 3300)
    for s in m.spaces.values():
        assert 0 <= s.x < m.width and 0 <= s.y < m.height, s
    for z in m.sea_zones.values():
        assert 0 <= z.x < m.width and 0 <= z.y < m.height, z
        for x, y in z.outline:
            assert 0 <= x < m.width and 0 <= y < m.height, z.id
    assert len({(s.x, s.y) for s in m.spaces.values()}) == 134


# ---------------------------------------------------------------- names and lookup
@pytest.mark.parametrize("text, expected", [
    ("Brunn", ["brunn"]), ("brünn", ["brunn"]), ("BRÜNN", ["brunn"]), ("Брюнн", ["brunn"]),
    ("Вена", ["vienna"]), ("vienna", ["vienna"]), ("Кельн", ["cologne"]), ("Кёльн", ["cologne"]),
    ("St. Quentin", ["st_quentin"]), ("st quentin", ["st_quentin"]), ("Сен-Кантен", ["st_quentin"]),
    ("Zurich", ["zurich"]), ("Zürich", ["zurich"]), ("Пресбург", ["pressburg"]),
    ("Прессбург", ["pressburg"]), ("Ла-Манш", ["english_channel"]), ("gulf of lyon", ["gulf_of_lyon"]),
    ("Стамбул", ["istanbul"]), ("Orleans", ["orleans"]),
])
def test_lookup(m: Map, text: str, expected: list[str]) -> None:
    assert m.lookup(text) == expected


def test_lookup_prefix_and_miss(m: Map) -> None:
    assert m.lookup("vien") == ["vienna"]
    assert {"brandenburg", "bremen", "breslau"} <= set(m.lookup("br"))
    assert m.lookup("Atlantis") == []
    assert m.lookup("  ") == []
    assert "vienna" in m.suggest("Viena")
    assert "brunswick" in m.suggest("Brunswik")


# ---------------------------------------------------------------- provenance
def test_provenance(raw: dict) -> None:
    prov = raw["provenance"]
    assert prov["sources"] and prov["decisions"] and prov["cross_checked"]
    ru = prov["russian_names"]
    from_rules = set(ru["from_rulebook_line"])
    translit = set(ru["transliterated"])
    assert not from_rules & translit
    assert from_rules | translit == {s["id"] for s in raw["spaces"]}
    assert set(ru["sea_zones_from_rulebook"]) | set(ru["sea_zones_transliterated"]) == \
        {z["id"] for z in raw["sea_zones"]}


@pytest.mark.skipif(not RULEBOOK.exists(), reason="set PBEM_RULEBOOK to the rulebook text")
def test_rulebook_names_appear_on_cited_lines(m: Map, raw: dict) -> None:
    lines = RULEBOOK.read_text(encoding="utf-8").splitlines()
    cited = raw["provenance"]["russian_names"]["from_rulebook_line"]
    for sid, line in cited.items():
        name = m.spaces[sid].name_ru
        stem = name[:-1] if len(name) >= 4 and name[-1] in "аяь" else name
        assert stem in lines[line - 1], (sid, name, line)
    for zid, line in raw["provenance"]["russian_names"]["sea_zones_from_rulebook"].items():
        word = m.sea_zones[zid].name_ru.split()[0].replace("ё", "е")
        assert word[:-2] in lines[line - 1].replace("ё", "е"), (zid, line)


# ---------------------------------------------------------------- loader rejects bad data
def _write(tmp_path: Path, raw: dict) -> Path:
    p = tmp_path / "map.yaml"
    p.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    return p


@pytest.mark.parametrize("mutate, message", [
    (lambda r: r["connections"].append(["paris", "paris"]), "self-loop"),
    (lambda r: r["connections"].append(["boulogne", "paris"]), "duplicate"),
    (lambda r: r["connections"].append(["atlantis", "paris"]), "unknown space"),
    (lambda r: r["connections"].append(["rouen", "paris"]), "not sorted"),
    (lambda r: r["connections"].append(["avignon", "barcelona"]), "also listed"),
    (lambda r: r["sea_zones"][0]["adjacent"].append("black_sea"), "not symmetric"),
    (lambda r: r["spaces"][0]["ports"].append("sea_of_marmara"), "unknown sea zone"),
])
def test_loader_rejects(tmp_path: Path, raw: dict, mutate, message: str) -> None:
    bad = copy.deepcopy(raw)
    mutate(bad)
    with pytest.raises(MapDataError, match=message):
        load_map(_write(tmp_path, bad))


def test_records_are_frozen_and_hashable(m: Map) -> None:
    algiers = m.spaces["algiers"]
    assert len(set(m.spaces.values())) == 134 and len(set(m.sea_zones.values())) == 14
    with pytest.raises(Exception):
        algiers.type = "fortress"  # type: ignore[misc]
    with pytest.raises(TypeError):
        algiers.flags["x"] = 1  # type: ignore[index]
