"""The New World's invariants (§20, §23.2; `new_world/invariants.py`): every one is checked by
`Rules.validate`, which refuses a state that breaks it (a broken state built by hand)."""
from __future__ import annotations

from typing import Any, Callable

import pytest

from games.here_i_stand import RULES
from games.here_i_stand.new_world import phase as P
from his_helpers import FixedDice, fresh, order
from test_his_new_world import _e18


def _1532() -> dict[str, Any]:
    """1532 as a new game builds it: the Hapsburgs' Pacific Strait, circumnavigation and
    Aztecs with their VP (the scenario's claims, counted at setup), and their two colonies
    (whatever the first riches roll did to them)."""
    from engine.dice import Dice
    state = RULES.setup("1532", {p: {} for p in RULES.scenario("1532").seats}, {}, Dice("nw"))
    state["new_world"]["colonies"] = [{"power": "hapsburg", "name": "puerto_rico"},
                                      {"power": "hapsburg", "name": "cuba"}]
    assert RULES.validate(state) == []
    return state


def test_1532_counts_the_hapsburg_new_world_vp():
    """§23.2: the 1532 Hapsburgs hold the Pacific Strait (1), the circumnavigation (3) and
    the Aztecs (2): 6 bonus VP from the start (the scenario's reported 18 VP)."""
    bonus = _1532()["bonus_vp"]["hapsburg"]
    assert {k: v for k, v in bonus.items() if k != "war_winner"} == {
        "pacific_strait": 1, "circumnavigation": 3, "conquest_aztecs": 2}


def _nw(state):
    return state["new_world"]


BROKEN: dict[str, tuple[Callable[[dict], None], str]] = {
    "colony limit": (lambda s: _nw(s)["colonies"].extend(
        [{"power": "england", "name": "roanoke"}, {"power": "england", "name": "jamestown"},
         {"power": "england", "name": "potosi"}]), "more than its limit 2"),
    "colony limit with one crossing": (lambda s: _nw(s)["crossing_atlantic"].extend(
        [{"power": "hapsburg", "marker": "colony"}, {"power": "hapsburg", "marker": "colony",
                                                     "free": True}]), "more than its limit 3"),
    "colony marker twice": (lambda s: _nw(s)["colonies"].append(
        {"power": "hapsburg", "name": "cuba"}), "colony markers used twice"),
    "another power's colony": (lambda s: _nw(s)["colonies"].append(
        {"power": "england", "name": "hispaniola"}), "not one of its markers"),
    "a colony marker out of the game": (lambda s: _nw(s)["colony_markers_removed"].update(
        {"hapsburg": ["cuba"]}), "out of the game yet used"),
    "two counted markers": (lambda s: _nw(s)["crossing_atlantic"].extend(
        [{"power": "france", "marker": "exploration_underway"},
         {"power": "france", "marker": "exploration_underway", "bonus": 2}]),
        "2 exploration_underway markers"),
    "a cancelled voyage still counts": (lambda s: (
        _nw(s)["crossing_atlantic"].append({"power": "england", "marker": "conquest_underway"}),
        _nw(s)["turn_track"].append({"power": "england", "marker": "conquest_underway"})),
        "2 conquest_underway markers"),
    "a marker of the Ottomans": (lambda s: _nw(s)["crossing_atlantic"].append(
        {"power": "ottoman", "marker": "colony"}), "bad New World marker"),
    "explorer in two places": (lambda s: _nw(s)["placed"].update({"hapsburg": ["magellan"]}),
                               "explorer magellan in two places"),
    "explorer crossing and lost": (lambda s: _nw(s)["crossing_atlantic"].append(
        {"power": "france", "marker": "exploration_underway", "explorer": "verrazano"}),
        "explorer verrazano in two places"),
    "another power's explorer": (lambda s: _nw(s)["placed"].update({"england": ["cartier"]}),
                                 "explorer cartier of france held by another power"),
    "conquistador used twice": (lambda s: _nw(s)["placed"].update({"hapsburg": ["cordova"]}),
                                "conquistador cordova used 2 times"),
    "conquerors beyond their count": (lambda s: _nw(s)["removed_conquistadors"].update(
        {"france": ["french_conquerors"] * 3}), "french_conquerors used 3 times"),
    "an unknown discovery": (lambda s: _nw(s)["discoveries"].update({"atlantis": "france"}),
                             "bad New World claim atlantis"),
    "a claim of the Papacy": (lambda s: _nw(s)["conquests"].update({"inca": "papacy"}),
                              "bad New World claim inca"),
    "round the world before the strait": (lambda s: _nw(s)["discoveries"].pop("pacific_strait"),
                                          "before the Pacific Strait"),
    "found by another power's explorer": (lambda s: _nw(s)["found_by"].update(
        {"pacific_strait": "cartier"}), "found by cartier, not one of its own"),
    "a finder of nothing": (lambda s: _nw(s)["found_by"].update({"maya": "cortez"}),
                            "finders of claims nobody holds"),
    "a depleted conquest never conquered": (lambda s: _nw(s)["depleted"].append("inca"),
                                            "never conquered"),
    "VP missing for a claim": (lambda s: s["bonus_vp"]["hapsburg"].pop("conquest_aztecs"),
                               "New World VP"),
    "VP without a claim": (lambda s: s["bonus_vp"]["england"].update({"amazon": 2}),
                           "england's New World VP"),
    "wrong VP for a claim": (lambda s: s["bonus_vp"]["hapsburg"].update({"circumnavigation": 4}),
                             "hapsburg's New World VP"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_validate_refuses_a_broken_new_world(name):
    state = _1532()
    breaks, words = BROKEN[name]
    breaks(state)
    found = RULES.validate(state)
    assert any(words in p for p in found), found


def test_strait_then_round_the_world_leaves_one_explorer_on_the_map():
    """§20.2 L1543: an explorer who finds the Pacific Strait and sails round the world is one
    counter on the map (he was put there twice)."""
    state = _e18()
    state["new_world"]["crossing_atlantic"] = state["new_world"]["crossing_atlantic"][2:3]
    P.enter(state, FixedDice(5, 5))
    state = order(state, "france", "CIRCUMNAVIGATE", FixedDice(5, 5))
    assert state["new_world"]["placed"]["france"] == ["verrazano"]
    assert RULES.validate(state) == []


def test_a_failed_circumnavigation_leaves_the_explorer_on_the_strait_and_out_of_the_game():
    """§20.2 L1543 and E18: Verrazano, lost on his way round the world, is out of the game
    and his counter stays on the Pacific Strait he found; validate() accepts that one
    explorer in two places, and no other."""
    state = _e18()
    P.enter(state, FixedDice(3, 3, 4, 4))
    state = order(state, "france", "CIRCUMNAVIGATE", FixedDice(2, 3, 1, 2, 4, 5))
    nw = state["new_world"]
    assert nw["discoveries"]["pacific_strait"] == "france"
    assert "verrazano" in nw["removed_explorers"]["france"]
    assert "verrazano" in nw["placed"]["france"]
    assert not [p for p in RULES.validate(state) if "verrazano" in p]
    nw["found_by"]["pacific_strait"] = "cartier"
    assert [p for p in RULES.validate(state) if "explorer verrazano in two places" in p]
