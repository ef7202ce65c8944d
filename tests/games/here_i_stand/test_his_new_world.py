"""The New World (§20): the CP actions with their once-per-turn limits and phase 8, including
the rulebook's worked example E18 (§20.2 L1547-1559) with forced dice."""
from __future__ import annotations

import pytest

from engine import standing
from engine.contract import IllegalOrder
from games.here_i_stand import RULES, cp_actions
from games.here_i_stand.new_world import actions as A
from games.here_i_stand.new_world import phase as P
from his_helpers import FixedDice, asked, fresh, into_action, log_text, order


def _verbs(state, power, cp):
    return {o.verb for o in cp_actions.options(state, power, cp)}


def test_who_may_go_and_what_it_costs():
    state = fresh()
    assert {"EXPLORE", "COLONIZE", "CONQUER"} <= _verbs(state, "england", 4)
    assert {"EXPLORE", "COLONIZE"} <= _verbs(state, "france", 3)
    assert "CONQUER" not in _verbs(state, "france", 3)          # conquer costs 4
    assert "COLONIZE" not in _verbs(state, "england", 2)        # 3 for England and France
    assert not {"EXPLORE", "COLONIZE", "CONQUER"} & _verbs(state, "ottoman", 6)
    assert not {"EXPLORE", "COLONIZE", "CONQUER"} & _verbs(state, "papacy", 6)
    with pytest.raises(IllegalOrder):
        A.apply(state, "ottoman", "EXPLORE", 6)


def test_scenario_start_markers_count_toward_the_hapsburg_limits():
    """1517: a Hapsburg exploration and conquest start on Crossing Atlantic (L1529, L1563)."""
    state = fresh()
    verbs = _verbs(state, "hapsburg", 6)
    assert "EXPLORE" not in verbs and "CONQUER" not in verbs
    assert "COLONIZE" in verbs                                   # 2 CP for the Hapsburgs
    assert A.cost("hapsburg", "COLONIZE") == 2


def test_explore_once_per_turn_and_the_cp_it_costs():
    state = into_action(fresh(), "england", cp=5)
    state = order(state, "england", "EXPLORE")
    assert state["phase_data"]["cp"] == 3
    assert A.crossing(state, "england", "exploration_underway")
    assert "EXPLORE" not in _verbs(state, "england", 3)
    with pytest.raises(IllegalOrder):
        order(state, "england", "EXPLORE")


def test_a_free_event_marker_does_not_count_toward_the_limit():
    """Sebastian Cabot does not count toward the limit (L1529)."""
    state = fresh()
    A.place(state, "england", "EXPLORE", free=True, explorer="cabot_england")
    assert "EXPLORE" in _verbs(state, "england", 2)


def test_colony_limit_and_no_explorer_left():
    state = fresh()
    state["new_world"]["colonies"] = [{"power": "france", "name": "charlesbourg"},
                                      {"power": "france", "name": "montreal"}]
    assert "COLONIZE" not in _verbs(state, "france", 6)
    state["new_world"]["removed_explorers"] = {"france": ["verrazano", "cartier", "roberval"]}
    assert "EXPLORE" not in _verbs(state, "france", 6)


def _e18():
    state = fresh()
    state["new_world"]["crossing_atlantic"] = [
        {"power": "hapsburg", "marker": "exploration_underway", "explorer": "orellana"},
        {"power": "hapsburg", "marker": "exploration_underway", "explorer": "cabot_hapsburg",
         "free": True},
        {"power": "france", "marker": "exploration_underway", "explorer": "verrazano"},
        {"power": "england", "marker": "exploration_underway", "explorer": "rut"}]
    state["phase"] = "new_world"
    state["log"] = []
    return state


def test_e18_worked_example_of_exploration():
    """§20.2 example: Orellana 6+3=9 Mississippi; Verrazano 8+2=10, circumnavigation 5+2=7
    fails but France keeps the Pacific Strait; Rut 3+1=4 lost; Cabot 9+1=10, circumnavigation
    8+1=9 fails, Cabot and his card removed, no VP."""
    state = _e18()
    assert "EXPLORE" not in _verbs(state, "hapsburg", 6)     # start marker + Cabot
    P.enter(state, FixedDice(3, 3, 4, 4))
    nw = state["new_world"]
    assert nw["discoveries"] == {"mississippi": "hapsburg"}
    assert state["bonus_vp"]["hapsburg"] == {"mississippi": 1}
    decision = asked(state, "france")
    assert decision.kind == "voyage"
    state = order(state, "france", "CIRCUMNAVIGATE", FixedDice(2, 3, 1, 2, 4, 5))
    assert nw is not state["new_world"]
    nw = state["new_world"]
    assert nw["discoveries"]["pacific_strait"] == "france"
    assert state["bonus_vp"]["france"] == {"pacific_strait": 1}
    assert "verrazano" in nw["removed_explorers"]["france"]
    assert "rut" in nw["removed_explorers"]["england"]
    state = order(state, "hapsburg", "CIRCUMNAVIGATE", FixedDice(4, 4))
    nw = state["new_world"]
    assert "circumnavigation" not in nw["discoveries"]
    assert "cabot_hapsburg" in nw["removed_explorers"]["hapsburg"]
    assert 99 in state["removed"]
    assert state["bonus_vp"]["hapsburg"] == {"mississippi": 1}
    assert nw["crossing_atlantic"] == []
    text = log_text(state["log"])
    for bit in ("Orellana (Hapsburg", "[3, 3] + 3 = 9", "Mississippi", "[4, 4] + 2 = 10",
                "[2, 3] + 2 = 7", "[1, 2] + 1 = 4", "lost at sea", "[4, 5] + 1 = 10",
                "[4, 4] + 1 = 9"):
        assert bit in text, bit


def test_the_order_of_explorations_breaks_ties_england_first():
    state = _e18()
    voyages = P._voyages(state, FixedDice())
    assert [v["explorer"] for v in voyages] == ["orellana", "verrazano", "rut", "cabot_hapsburg"]


def test_voyage_default_takes_the_amazon():
    state = _e18()
    state["new_world"]["crossing_atlantic"] = state["new_world"]["crossing_atlantic"][2:3]
    P.enter(state, FixedDice(5, 5))
    decision = asked(state, "france")
    assert RULES.default(state, decision) == {"verb": "AMAZON"}
    state = order(state, "france", "AMAZON")
    assert state["bonus_vp"]["france"] == {"amazon": 2}


def test_circumnavigation_success_and_card_on_12():
    state = _e18()
    state["new_world"]["crossing_atlantic"] = state["new_world"]["crossing_atlantic"][2:3]
    P.enter(state, FixedDice(5, 5))
    state = order(state, "france", "CIRCUMNAVIGATE", FixedDice(5, 5))
    assert state["bonus_vp"]["france"] == {"pacific_strait": 1, "circumnavigation": 3}
    keys = [e["msg"] for e in state["log"]]
    done = keys.index("nw_circumnavigated")
    assert keys[done + 1] == "draws" and state["log"][done + 1]["power"] == "france"
    assert "CIRCUMNAVIGATE" not in P.deep_choices(state)


def test_conquests_hapsburgs_first_then_england_and_colonies_arrive():
    state = fresh()
    state["new_world"]["crossing_atlantic"] = [
        {"power": "england", "marker": "conquest_underway"},
        {"power": "hapsburg", "marker": "conquest_underway", "conquistador": "cortez"},
        {"power": "france", "marker": "colony"}]
    state["phase"] = "new_world"
    # Cortez 5+4=9 Maya; English conquerors 6+0=6 destroyed
    P.enter(state, FixedDice(2, 3, 3, 3))
    nw = state["new_world"]
    assert nw["conquests"] == {"maya": "hapsburg"}
    assert state["bonus_vp"]["hapsburg"]["conquest_maya"] == 1
    assert nw["removed_conquistadors"]["england"] == ["english_conquerors"]
    assert {"power": "france", "name": "charlesbourg"} in nw["colonies"]
    assert nw["crossing_atlantic"] == []


def test_standing_voyage_answers_the_explorers_choice():
    """Phase 8 is nobody's impulse: ``STANDING voyage CIRCUMNAVIGATE`` answers the choice,
    and a closed choice falls back to the default."""
    assert RULES.standing_kinds()["voyage"] == ("CIRCUMNAVIGATE", "AMAZON", "DISCOVER")
    state = _e18()
    state["new_world"]["crossing_atlantic"] = state["new_world"]["crossing_atlantic"][2:3]
    P.enter(state, FixedDice(5, 5))
    decision = asked(state, "france")
    assert RULES.answer_from_standing(state, decision, "CIRCUMNAVIGATE") == \
        {"verb": "CIRCUMNAVIGATE"}
    state["new_world"]["discoveries"]["circumnavigation"] = "hapsburg"
    assert RULES.answer_from_standing(state, decision, "CIRCUMNAVIGATE") == {"verb": "AMAZON"}
    state = standing.apply(state, "france", standing.parse(RULES, "STANDING voyage DISCOVER"))
    assert standing.of(state, "france") == {"voyage": "DISCOVER"}


def _play(state, power, card):
    state = into_action(state, power, hand=[card])
    return order(state, power, f"PLAY {card} AS EVENT")


@pytest.mark.card(101)
def test_smallpox_counts_toward_the_limit_and_adds_2():
    state = fresh()
    with pytest.raises(IllegalOrder):          # the starting Hapsburg conquest counts (L1563)
        _play(state, "hapsburg", 101)
    state = _play(fresh(), "england", 101)
    assert A.crossing(state, "england", "conquest_underway") == [
        {"power": "england", "marker": "conquest_underway", "bonus": 2}]
    assert "CONQUER" not in _verbs(state, "england", 6)


@pytest.mark.card(99)
def test_sebastian_cabot_is_free_and_once_per_power():
    state = _play(fresh(), "hapsburg", 99)     # E18: start marker + Cabot, no new Explore
    assert A.crossing(state, "hapsburg", "exploration_underway")[-1] == {
        "power": "hapsburg", "marker": "exploration_underway", "free": True,
        "explorer": "cabot_hapsburg"}
    assert "EXPLORE" not in _verbs(state, "hapsburg", 6)
    state = _play(fresh(), "england", 99)
    assert "EXPLORE" in _verbs(state, "england", 2)
    with pytest.raises(IllegalOrder):
        _play(state, "england", 99)


def test_status_lists_the_new_world_in_english_and_russian():
    from pbem.reports.presenters import presenter_for
    from games.here_i_stand import views
    state = _e18()
    state["new_world"]["discoveries"] = {"mississippi": "hapsburg"}
    view = views.view(state, None)["new_world"]
    en = presenter_for("here-i-stand", "en")._new_world(view)
    ru = presenter_for("here-i-stand", "ru")._new_world(view)
    assert en[0].startswith("Crossing the Atlantic: Hapsburgs exploration")
    assert en[1] == "Discoveries: Mississippi River (Hapsburgs)"
    assert ru[0].startswith("Пересекают Атлантику: исследование (Габсбурги)")
    assert ru[1] == "Открытия: Миссисипи (Габсбурги)"


def test_riches_in_the_card_draw():
    """§20.4: a colony rolling 3 is destroyed; the Aztecs rolling 5 give a card and are
    depleted; a colony rolling 9 gives a card."""
    from games.here_i_stand.new_world import riches
    state = fresh("1532")
    state["new_world"]["colonies"] = [{"power": "hapsburg", "name": "cuba"},
                                      {"power": "hapsburg", "name": "puerto_rico"}]
    state["hands"]["hapsburg"] = []
    state["log"] = []
    riches.roll(state, FixedDice(1, 2, 4, 5, 2, 3))
    nw = state["new_world"]
    assert nw["colonies"] == [{"power": "hapsburg", "name": "puerto_rico"}]
    assert nw["depleted"] == ["aztecs"]
    assert len(state["hands"]["hapsburg"]) == 2
    text = log_text(state["log"])
    assert "rolled 3 for Cuba: the colony is destroyed" in text
    assert "rolled 5 for Aztecs: a card, and the conquest is depleted" in text
