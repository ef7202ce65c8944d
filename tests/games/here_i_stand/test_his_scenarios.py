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


def _limits(pieces):
    """power -> {unit kind -> max count}, from pieces.yaml if it has such a table."""
    for key in ("counter_limits", "unit_limits", "counter_mix", "units", "force_pool"):
        table = pieces.get(key)
        if isinstance(table, dict) and any(p in table for p in sc.ALL_POWERS):
            return {p: v for p, v in table.items() if isinstance(v, dict)}
    return None


def test_units_within_counter_limits(scen, pieces):
    limits = _limits(pieces)
    if not limits:
        pytest.skip("pieces.yaml has no per-power counter-limit table")
    totals: dict[str, dict[str, int]] = {}
    for stacks in scen["units"].values():
        for st in stacks:
            t = totals.setdefault(st["power"], {})
            for k in sc.STACK_COUNTS:
                t[k] = t.get(k, 0) + st[k]
    for power, t in totals.items():
        lim = limits.get(power) or {}
        for kind, n in t.items():
            cap = lim.get(kind)
            if kind == "squadrons" and power == "ottoman" and "naval" in lim:
                continue
            if isinstance(cap, int):
                assert n <= cap, f"{scen['scenario']}: {power} {kind} {n} > {cap}"


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
