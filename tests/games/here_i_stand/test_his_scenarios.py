"""Here I Stand scenario data (1517, 1532): structure, known slips, and
cross-checks against map.yaml and pieces.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from games.here_i_stand import scenarios as sc

DATA = Path(sc.__file__).resolve().parent / "data"
MAP_YAML = DATA / "map.yaml"
PIECES_YAML = DATA / "pieces.yaml"
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

INDEPENDENT_KEYS = ("metz", "milan", "florence", "tunis")


def _yaml(path: Path):
    with path.open(encoding="utf-8") as fh:
        return yaml.load(fh, Loader=_Loader)


def _entries(node):
    """Yield (id, entry) from a mapping id -> entry or a list of {id: ...}."""
    if isinstance(node, dict):
        for key, val in node.items():
            if isinstance(val, dict):
                yield str(val.get("id", key)), val
    elif isinstance(node, list):
        for val in node:
            if isinstance(val, dict) and "id" in val:
                yield str(val["id"]), val
            elif isinstance(val, str):
                yield val, {}


@pytest.fixture(scope="module")
def his_map():
    if not MAP_YAML.is_file():
        pytest.skip("games/here_i_stand/data/map.yaml is not committed yet (written by another helper)")
    m = _yaml(MAP_YAML)
    spaces, homes = {}, {}
    for key in ("spaces", "land_spaces", "land", "sea_zones", "seas", "sea"):
        for sid, entry in _entries(m.get(key)):
            spaces[sid] = entry
            home = entry.get("home", entry.get("home_power"))
            if key in ("spaces", "land_spaces", "land") and home is not None:
                homes[sid] = home
    assert spaces, "map.yaml: found no spaces under the expected keys"
    return {"ids": set(spaces), "homes": homes}


def _leader_ids(node, inside=False, out=None):
    out = set() if out is None else out
    if isinstance(node, dict):
        for key, val in node.items():
            flag = inside or ("leader" in str(key).lower())
            if flag:
                for lid, _ in _entries(val):
                    out.add(lid)
            if isinstance(val, (dict, list)) and key != "provenance":
                _leader_ids(val, flag, out)
    elif isinstance(node, list):
        for val in node:
            _leader_ids(val, inside, out)
    return out


@pytest.fixture(scope="module")
def pieces():
    if not PIECES_YAML.is_file():
        pytest.skip("games/here_i_stand/data/pieces.yaml is not committed yet (written by another helper)")
    return _yaml(PIECES_YAML)


@pytest.fixture(scope="module", params=["1517", "1532"])
def scen(request):
    return sc.load_scenario(request.param)


def _all_variants():
    for name in sc.list_scenarios():
        yield name, None
        for alt in sc._read(name).get("alternatives") or {}:
            yield name, alt


# ---------------------------------------------------------------- structure


def test_both_scenarios_listed_and_load():
    assert {"1517", "1532"} <= set(sc.list_scenarios())
    for name, alt in _all_variants():
        data = sc.load_scenario(name, alternative=alt)
        assert data["scenario"] == name
        assert data["provenance"]["sources"]


def test_load_returns_fresh_copies():
    a = sc.load_scenario("1517")
    a["units"]["istanbul"][0]["regulars"] = 99
    assert sc.load_scenario("1517")["units"]["istanbul"][0]["regulars"] == 7


def test_unknown_scenario_and_alternative_rejected():
    with pytest.raises(sc.ScenarioError):
        sc.load_scenario("1999")
    with pytest.raises(sc.ScenarioError):
        sc.load_scenario("1517", alternative="nope")


def test_validation_catches_bad_data():
    bad = sc.load_scenario("1517")
    bad["units"]["paris"][0]["power"] = "spain"
    with pytest.raises(sc.ScenarioError):
        sc.validate_scenario(bad)
    bad = sc.load_scenario("1517")
    bad["alliances"] = [["hapsburg", "france"]]
    with pytest.raises(sc.ScenarioError):
        sc.validate_scenario(bad)


def test_stacks_are_normalised(scen):
    for stacks in scen["units"].values():
        for st in stacks:
            assert set(sc.STACK_COUNTS) <= set(st)
            assert isinstance(st["leaders"], list)


def test_no_stack_of_two_powers_unless_allied():
    for name, alt in _all_variants():
        data = sc.load_scenario(name, alternative=alt)
        allied = {frozenset(p) for p in data["alliances"]}
        for space, stacks in data["units"].items():
            powers = [st["power"] for st in stacks]
            for i, a in enumerate(powers):
                for b in powers[i + 1:]:
                    assert frozenset((a, b)) in allied, f"{name}/{alt}: {a} and {b} share {space}"


def test_leaders_appear_once(scen):
    seen = []
    for stacks in scen["units"].values():
        for st in stacks:
            seen.extend(st["leaders"])
    assert len(seen) == len(set(seen))


def test_seat_groupings():
    g = sc.SEAT_GROUPINGS
    assert set(g) == {3, 4, 5, 6}
    for n, seats in g.items():
        assert len(seats) == n
        assert sorted(p for s in seats for p in s) == sorted(sc.MAJOR_POWERS)
    assert ("england", "protestant") in g[3] and ("hapsburg", "papacy") in g[3]
    assert ("france", "ottoman") in g[3]
    assert sc.load_scenario("1532")["seat_groupings"] == sc.load_scenario("1517")["seat_groupings"]


# ---------------------------------------------------------------- 1517 facts


def test_1517_turns_and_vp():
    s = sc.load_scenario("1517")
    assert (s["first_turn"], s["last_turn"]) == (1, 9)
    assert s["vp"] == {"ottoman": 8, "hapsburg": 9, "england": 9,
                       "france": 12, "papacy": 19, "protestant": 0}
    assert [s["vp"][p] for p in sc.MAJOR_POWERS] == [8, 9, 9, 12, 19, 0]


def test_1517_known_slips_resolved():
    u = sc.load_scenario("1517")["units"]
    ist = u["istanbul"][0]
    assert (ist["power"], ist["regulars"], ist["cavalry"]) == ("ottoman", 7, 1)
    assert u["antwerp"][0]["regulars"] == 3
    assert "ferdinand" in u["vienna"][0]["leaders"]
    assert u["lyon"][0]["regulars"] == 1
    assert "turin" not in u
    assert all(st["squadrons"] <= 3 for stacks in u.values() for st in stacks)


def test_1517_diplomacy_and_markers():
    s = sc.load_scenario("1517")
    wars = {frozenset(p) for p in s["wars"]}
    assert wars == {frozenset(("hapsburg", "france")), frozenset(("france", "papacy")),
                    frozenset(("ottoman", "hungary"))}
    assert s["control"]["milan"] == "france" and s["control"]["tunis"] == "hapsburg"
    assert "metz" not in s["control"] and "florence" not in s["control"]
    assert sum(1 for v in s["control"].values() if v == "hapsburg") >= 21
    assert sum(s["electorate_display"].values()) == 8
    assert s["religion"]["protestant"] == []
    assert s["spaces_out_of_play"] == ["algiers"] and "algiers" not in s["units"]


# ---------------------------------------------------------------- 1532 facts


def test_1532_turns():
    s = sc.load_scenario("1532")
    assert (s["first_turn"], s["last_turn"], s["tournament_last_turn"]) == (4, 9, 6)


def test_1532_independent_keys_are_independent(request):
    s = sc.load_scenario("1532")
    homes = {}
    if MAP_YAML.is_file():
        homes = request.getfixturevalue("his_map")["homes"]
    for key in INDEPENDENT_KEYS:
        controller = s["control"].get(key, homes.get(key, "independent"))
        assert controller == "independent", key
        assert [st["power"] for st in s["units"][key]] == ["independent"]


def test_1532_diplomacy_and_markers():
    s = sc.load_scenario("1532")
    wars = {frozenset(p) for p in s["wars"]}
    assert frozenset(("ottoman", "hapsburg")) in wars
    assert frozenset(("hapsburg", "protestant")) in wars and frozenset(("papacy", "protestant")) in wars
    assert s["activated_minors"] == {"hungary": "hapsburg"}
    assert s["schmalkaldic_league"] and s["hungary_defeated"]
    assert s["rulers"]["papacy"] == "clement_vii"
    assert s["translations"]["new_testament"]["german"] == 6
    assert s["units"]["buda"][0]["regulars"] == 3 and s["units"]["buda"][0]["cavalry"] == 1
    assert s["units"]["algiers"][0]["corsairs"] == 2
    assert set(s["control"]) >= {"cologne", "trier"} and s["control"]["cologne"] == "hapsburg"
    # cards marked "1517" are out (rulebook L364)
    assert {8, 9, 13} <= set(s["removed_cards"])


def test_1532_florence_alternative():
    alt = sc.load_scenario("1532", alternative="florence_papal")
    assert alt["control"]["florence"] == "papacy"
    assert alt["units"]["florence"][0]["power"] == "papacy"


# ---------------------------------------------------------------- cross-file checks


def _space_refs(s):
    refs = set(s["control"]) | set(s["units"]) | set(s["religion"]["protestant"])
    refs |= set(s["electorate_display"]) | set(s["reformers"].values())
    refs |= set(s["piracy"].get("pirate_havens", [])) | set(s["spaces_out_of_play"]) | set(s["unrest"])
    for alt in (s.get("alternatives") or {}).values():
        refs |= set(alt.get("control") or {}) | set(alt.get("units") or {})
    return refs


def test_every_space_exists_in_map(scen, his_map):
    missing = sorted(_space_refs(scen) - his_map["ids"])
    assert not missing, f"{scen['scenario']}: spaces not in map.yaml: {missing}"


def test_electorates_and_protestant_spaces_are_land(scen, his_map):
    homes = his_map["homes"]
    if not homes:
        pytest.skip("map.yaml gives no home powers")
    for space in scen["electorate_display"]:
        assert homes.get(space) == "protestant", space


def test_every_leader_exists_in_pieces(scen, pieces):
    known = _leader_ids(pieces)
    assert known, "pieces.yaml: found no leader sections"
    used = {lid for stacks in scen["units"].values() for st in stacks for lid in st["leaders"]}
    missing = sorted(used - known)
    assert not missing, f"{scen['scenario']}: leaders not in pieces.yaml: {missing}"


def _capacities(pieces):
    """power -> {'land': total strength, 'naval': counters} from pieces.yaml ``counters``."""
    counters = pieces.get("counters")
    if not isinstance(counters, dict):
        return None
    cap: dict[str, dict[str, int]] = {}
    for power, entry in (counters.get("land") or {}).items():
        dens = entry.get("denominations") or {}
        cap.setdefault(power, {})["land"] = sum(int(d) * int(n) for d, n in dens.items())
    for power, entries in (counters.get("minor_land") or {}).items():
        cap.setdefault(power, {})["land"] = sum(
            e["count"] * max(e.get("front") or 0, e.get("back") or 0) for e in entries)
    for power, entry in (counters.get("naval") or {}).items():
        cap.setdefault(power, {})["naval"] = sum(entry.values())
    return cap or None


def test_units_within_counter_limits(pieces):
    cap = _capacities(pieces)
    if not cap:
        pytest.skip("pieces.yaml has no counters table")
    for name, alt in _all_variants():
        s = sc.load_scenario(name, alternative=alt)
        land: dict[str, int] = {}
        naval: dict[str, int] = {}
        for stacks in s["units"].values():
            for st in stacks:
                pool = st.get("counter", st["power"])
                land[pool] = land.get(pool, 0) + st["regulars"] + st["mercenaries"] + st["cavalry"]
                naval[pool] = naval.get(pool, 0) + st["squadrons"] + st["corsairs"]
        for pool, n in land.items():
            if n:
                assert pool in cap and n <= cap[pool]["land"], f"{name}/{alt}: {pool} land {n} > {cap.get(pool)}"
        for pool, n in naval.items():
            if n:
                assert n <= cap[pool].get("naval", 0), f"{name}/{alt}: {pool} naval {n} > {cap.get(pool)}"
        # the display units are Protestant counters too
        prot = land.get("protestant", 0) + sum(s["electorate_display"].values())
        assert prot <= cap["protestant"]["land"]


def _ids(node):
    return {i for i, _ in _entries(node)}


def test_other_ids_exist_in_pieces(scen, pieces):
    name = scen["scenario"]
    rulers = pieces.get("rulers") or {}
    for power, ruler in scen["rulers"].items():
        assert ruler in _ids(rulers.get(power)), f"{name}: ruler {ruler} of {power}"
    debaters = {i: e for i, e in _entries(pieces.get("debaters"))}
    side_of = {"papacy": "papal", "protestant": "protestant"}
    for side, lst in scen["debaters_in_play"].items():
        for d in lst:
            assert d["id"] in debaters, f"{name}: debater {d['id']}"
            assert debaters[d["id"]].get("side") == side_of[side], d["id"]
    for d in scen["debaters_removed"]:
        assert d in debaters
    reformers = _ids(pieces.get("reformers"))
    assert set(scen["reformers"]) | set(scen["reformers_removed"]) <= reformers
    nw = scen["new_world"]
    explorers = _ids(pieces.get("explorers"))
    conquistadors = _ids(pieces.get("conquistadors"))
    for lst in nw["removed_explorers"].values():
        assert set(lst) <= explorers, lst
    for lst in nw["removed_conquistadors"].values():
        assert set(lst) <= conquistadors, lst
    colonies = pieces.get("colonies") or {}
    for col in nw["colonies"]:
        assert col["name"] in colonies.get(col["power"], []), col


def test_1517_debaters_match_pieces_in_play_flag(pieces):
    flagged = {i for i, e in _entries(pieces.get("debaters")) if e.get("in_play_1517")}
    s = sc.load_scenario("1517")
    used = {d["id"] for lst in s["debaters_in_play"].values() for d in lst}
    assert used == flagged


def test_units_stand_in_friendly_spaces(his_map):
    homes = his_map["homes"]
    if not homes:
        pytest.skip("map.yaml gives no home powers")
    for name, alt in _all_variants():
        s = sc.load_scenario(name, alternative=alt)
        allied = {frozenset(p) for p in s["alliances"]}
        for space, stacks in s["units"].items():
            controller = s["control"].get(space, homes.get(space))
            for st in stacks:
                ok = st["power"] == controller or frozenset((st["power"], controller)) in allied
                assert ok, f"{name}/{alt}: {st['power']} units in {space} controlled by {controller}"


def test_1517_control_entries_differ_from_home_except_explicit(his_map):
    homes = his_map["homes"]
    s = sc.load_scenario("1517")
    redundant = sorted(k for k, v in s["control"].items() if homes.get(k) == v)
    assert set(redundant) <= {"oran", "tripoli"}, redundant


def test_1532_electorate_units_match_1517_display():
    """Display units of the 4 Protestant electorates are on the map in 1532; Cologne/Trier still wait."""
    d1517 = sc.load_scenario("1517")["electorate_display"]
    s = sc.load_scenario("1532")
    for space in ("wittenberg", "brandenburg", "mainz", "augsburg"):
        (st,) = s["units"][space]
        assert (st["power"], st["regulars"]) == ("protestant", d1517[space]), space
        assert space in s["religion"]["protestant"] and space not in s["control"]
    assert s["electorate_display"] == {k: d1517[k] for k in ("cologne", "trier")}


def test_1532_removed_cards_match_cards_yaml():
    path = DATA / "cards.yaml"
    if not path.is_file():
        pytest.skip("games/here_i_stand/data/cards.yaml is not committed yet")
    cards = {c["number"]: c for c in _yaml(path)["cards"]}
    marked = {n for n, c in cards.items() if str(c.get("scenario_only")) == "1517"}
    s = sc.load_scenario("1532")
    removed = set(s["removed_cards"])
    # rulebook L364: the cards marked "1517" are out; #10 Clement VII is out because he already rules
    assert removed == marked | {10}
    assert set(s["mandatory_events_played"]) <= set(cards)
    assert sc.load_scenario("1517")["removed_cards"] == []
