"""The New World cards that name a power, cancel a voyage or raid the Hapsburgs' riches
(§20.1, §20.2, §20.4): Mercator's Map #50, Galleons #48, Plantations #53, Potosí Silver Mines
#54, Huguenot Raiders #49 and the raiders' steal rolls, Sale of Moluccas #96, Fountain of
Youth #77, Search for Cibola #98, and Cabot leaving the game after his voyage (#99)."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from games.here_i_stand import RULES, cp_actions
from games.here_i_stand.new_world import actions as A
from games.here_i_stand.new_world import phase as P
from games.here_i_stand.new_world import riches
from his_helpers import FixedDice, asked, fresh, into_action, log_text, order
from pbem.reports.presenters import presenter_for


def _verbs(state, power, cp):
    return {o.verb for o in cp_actions.options(state, power, cp)}


def _play(state, power, card, dice=None):
    state = into_action(state, power, hand=[card])
    return order(state, power, f"PLAY {card} AS EVENT", dice)


# ---------------------------------------------------------------- #50 Mercator's Map
@pytest.mark.card(50)
def test_mercators_map_sails_for_the_power_the_player_names():
    """Any power may play it; the player names England, France or the Hapsburgs (the 1517
    Hapsburgs are not offered: their start marker counts toward the limit, L1529)."""
    state = _play(fresh(), "ottoman", 50)
    decision = asked(state, "ottoman")
    assert decision.kind == "nw_for"
    assert decision.context["powers"] == ["england", "france"]
    assert RULES.default(state, decision) == {"verb": "FOR", "power": "england"}
    with pytest.raises(IllegalOrder):
        order(state, "ottoman", "FOR Hapsburgs")
    state = order(state, "ottoman", "ДЛЯ Франция")
    assert A.crossing(state, "france", "exploration_underway") == [
        {"power": "france", "marker": "exploration_underway", "bonus": 2}]
    assert "EXPLORE" not in _verbs(state, "france", 6)
    assert "EXPLORE" in _verbs(state, "england", 6)


@pytest.mark.card(50)
def test_mercators_map_default_is_the_playing_power_and_one_power_needs_no_question():
    state = _play(fresh(), "france", 50)
    assert RULES.default(state, asked(state, "france")) == {"verb": "FOR", "power": "france"}
    state = fresh()
    A.place(state, "england", "EXPLORE")
    state = _play(state, "papacy", 50)                  # only France may still explore
    assert A.crossing(state, "france", "exploration_underway")[0]["bonus"] == 2
    assert state["phase_data"].get("steps") in (None, [])


# ---------------------------------------------------------------- #48 Galleons, #53 Plantations
def _colony_state(power="england", name="roanoke"):
    state = fresh()
    state["new_world"]["colonies"] = [{"power": power, "name": name}]
    state["log"] = []
    return state


@pytest.mark.card(48)
def test_galleons_turn_a_galleon_result_into_a_card():
    state = _colony_state()
    hand = len(state["hands"]["england"])
    riches.roll(state, FixedDice(3, 5))                  # colony 8: galleon, no marker
    assert len(state["hands"]["england"]) == hand
    state = _play(_colony_state(), "papacy", 48)
    state = order(state, "papacy", "FOR England")
    assert state["new_world"]["galleons"] == ["england"]
    hand = len(state["hands"]["england"])
    state["log"] = []
    riches.roll(state, FixedDice(3, 5))
    assert len(state["hands"]["england"]) == hand + 1
    assert "rolled 8 for Roanoke: a card (galleons)" in log_text(state["log"])
    state = _play(state, "papacy", 48)                   # England is not offered again
    assert asked(state, "papacy").context["powers"] == ["hapsburg", "france"]


@pytest.mark.card(53)
def test_plantations_add_one_to_colony_rolls():
    state = _play(_colony_state(), "england", 53)
    state = order(state, "england", "FOR England")
    assert state["new_world"]["plantations"] == ["england"]
    hand = len(state["hands"]["england"])
    state["log"] = []
    riches.roll(state, FixedDice(4, 4))                  # 8 + 1 = 9: a card
    assert len(state["hands"]["england"]) == hand + 1
    assert "rolled 9 for Roanoke: a card" in log_text(state["log"])


# ---------------------------------------------------------------- #54 Potosí Silver Mines
@pytest.mark.card(54)
def test_potosi_fills_a_colony_box_at_once_and_costs_a_colony_marker():
    state = _play(fresh(), "hapsburg", 54)
    assert asked(state, "hapsburg").context["powers"] == ["hapsburg", "england", "france"]
    state = order(state, "hapsburg", "FOR Hapsburgs")
    nw = state["new_world"]
    assert nw["colonies"] == [{"power": "hapsburg", "name": "potosi"}]
    assert nw["colony_markers_removed"] == {"hapsburg": ["hispaniola"]}
    assert A.crossing(state, "hapsburg", "colony") == []
    assert "COLONIZE" in _verbs(state, "hapsburg", 6)    # not counted toward the limit
    assert A.colony_markers_left(state, "hapsburg") == ["puerto_rico", "cuba"]
    state["log"] = []
    riches.roll(state, FixedDice(1, 1))                  # Potosí column: 2 eliminated
    assert "rolled 2 for Potosí: the colony is destroyed" in log_text(state["log"])


@pytest.mark.card(54)
def test_potosi_needs_an_open_colony_box():
    state = fresh()
    state["new_world"]["colonies"] = [{"power": "england", "name": "roanoke"},
                                      {"power": "england", "name": "jamestown"}]
    state = _play(state, "papacy", 54)
    assert asked(state, "papacy").context["powers"] == ["hapsburg", "france"]


def test_potosi_and_plantations_read_the_potosi_column_with_one_more():
    state = fresh()
    state["new_world"]["colonies"] = [{"power": "france", "name": "potosi"}]
    state["new_world"]["plantations"] = ["france"]
    state["log"] = []
    riches.roll(state, FixedDice(3, 3))                  # 6 + 1 = 7: galleon, none here
    assert "rolled 7 for Potosí: no effect" in log_text(state["log"])


# ---------------------------------------------------------------- #49 Huguenot Raiders
@pytest.mark.card(49)
def test_huguenot_raiders_need_a_protestant_home_port_and_no_raider():
    with pytest.raises(IllegalOrder):
        _play(fresh(), "england", 49)                    # every English port is Catholic
    state = fresh()
    state["spaces"].setdefault("bristol", {})["religion"] = "protestant"
    state = _play(state, "england", 49)
    assert state["new_world"]["raiders"] == ["england"]
    with pytest.raises(IllegalOrder):
        _play(state, "england", 49)
    with pytest.raises(IllegalOrder):
        _play(fresh(), "hapsburg", 49)


def _raided(raiders, galleons=()):
    state = fresh("1532")                                # the Hapsburgs hold the Aztecs
    state["new_world"]["colonies"] = []
    state["new_world"]["raiders"] = list(raiders)
    state["new_world"]["galleons"] = list(galleons)
    for p in ("hapsburg", "england", "france", "protestant"):
        state["hands"][p] = []
    state["log"] = []
    return state


def test_raiders_roll_france_then_england_and_a_6_steals_the_card():
    """§20.4 L1583-1595: Aztecs 5+5=10 a card; France rolls 3 (nothing), England 6 (steals,
    stays)."""
    state = _raided(["england", "france"])
    riches.roll(state, FixedDice(5, 5, 3, 6))
    assert state["hands"]["hapsburg"] == [] and len(state["hands"]["england"]) == 1
    assert state["new_world"]["raiders"] == ["england", "france"]
    text = log_text(state["log"])
    assert text.index("the raider of France rolled 3") < text.index("the raider of England rolled 6")
    assert "the raider of England rolled 6 and steals the Hapsburg card" in text


def test_a_5_steals_and_retires_the_raider_and_the_others_do_not_roll():
    state = _raided(["france", "england"])
    riches.roll(state, FixedDice(5, 5, 5, 1))
    assert len(state["hands"]["france"]) == 1 and state["hands"]["england"] == []
    assert state["new_world"]["raiders"] == ["england"]
    assert "raider of England" not in log_text(state["log"])


def test_a_1_destroys_the_raider_and_a_2_only_against_galleons():
    state = _raided(["protestant"])
    riches.roll(state, FixedDice(5, 5, 2))
    assert state["new_world"]["raiders"] == ["protestant"]
    assert len(state["hands"]["hapsburg"]) == 1
    state = _raided(["protestant"], galleons=["hapsburg"])
    riches.roll(state, FixedDice(5, 5, 2))
    assert state["new_world"]["raiders"] == []
    assert len(state["hands"]["hapsburg"]) == 1
    state = _raided(["protestant"])
    riches.roll(state, FixedDice(5, 5, 1))
    assert state["new_world"]["raiders"] == []
    assert "the raider of Protestants rolled 1 and is destroyed" in log_text(state["log"])


def test_no_riches_card_no_raid():
    state = _raided(["france"])
    riches.roll(state, FixedDice(3, 4))                  # Aztecs 7: galleon, none here
    assert state["hands"]["france"] == [] and state["new_world"]["raiders"] == ["france"]


# ---------------------------------------------------------------- #96 Sale of Moluccas
@pytest.mark.card(96)
def test_sale_of_moluccas_gives_two_cards_to_the_circumnavigator():
    state = fresh()
    state["new_world"]["discoveries"]["circumnavigation"] = "france"
    before = len(state["hands"]["france"])
    state = _play(state, "papacy", 96)
    assert len(state["hands"]["france"]) == before + 2
    state = _play(fresh(), "papacy", 96)
    assert "nobody has circumnavigated" in log_text(state["log"])


# ---------------------------------------------------------------- #77, #98 cancel a voyage
@pytest.mark.card(77)
def test_fountain_of_youth_cancels_an_exploration_and_may_cost_an_explorer():
    """England explores; the Ottomans cancel it (a question: the Hapsburg start voyage is
    a target too); the die is 5: a random English explorer leaves the game; England may not
    explore again this turn; its voyage does not sail in phase 8."""
    state = fresh()
    A.place(state, "england", "EXPLORE")
    state = _play(state, "ottoman", 77)
    decision = asked(state, "ottoman")
    assert decision.kind == "nw_cancel"
    assert decision.context["voyages"] == ["hapsburg EXPLORATION", "england EXPLORATION"]
    assert RULES.default(state, decision) == {"verb": "CANCEL", "power": "hapsburg",
                                              "voyage": "EXPLORATION"}
    state = order(state, "ottoman", "CANCEL England", FixedDice(5))
    nw = state["new_world"]
    assert A.crossing(state, "england", "exploration_underway") == []
    assert nw["turn_track"] == [{"power": "england", "marker": "exploration_underway"}]
    assert len(nw["removed_explorers"]["england"]) == 1
    assert "EXPLORE" not in _verbs(state, "england", 6)
    assert "Fountain of Youth: die 5: " in log_text(state["log"])


@pytest.mark.card(77)
def test_fountain_of_youth_spares_the_explorers_on_1_to_3_and_cabot_is_no_target():
    state = fresh()
    state["new_world"]["crossing_atlantic"] = [
        {"power": "hapsburg", "marker": "exploration_underway"},
        {"power": "france", "marker": "exploration_underway", "free": True,
         "explorer": "cabot_france"}]
    state = _play(state, "england", 77, FixedDice(3))    # one target: no question
    assert state["new_world"]["removed_explorers"] == {}
    assert A.crossing(state, "france", "exploration_underway")[0]["explorer"] == "cabot_france"
    with pytest.raises(IllegalOrder):
        _play(state, "england", 77)                      # only Cabot is left


@pytest.mark.card(98)
def test_search_for_cibola_cancels_a_conquest_for_the_turn():
    state = _play(fresh(), "france", 98)
    decision = asked(state, "france")
    assert decision.context["voyages"] == ["hapsburg EXPLORATION", "hapsburg CONQUEST"]
    assert presenter_for("here-i-stand", "ru").prompt(decision) == (
        "#98 Поиски Сиболы: прервите экспедицию, пересекающую Атлантику: ПРЕРВАТЬ <держава> "
        "ИССЛЕДОВАНИЕ|ЗАВОЕВАНИЕ (Габсбурги (исследование), Габсбурги (завоевание))")
    assert RULES.default(state, decision)["voyage"] == "EXPLORATION"   # the Hapsburgs' first
    state = order(state, "france", "ПРЕРВАТЬ Габсбурги ЗАВОЕВАНИЕ")
    assert A.crossing(state, "hapsburg", "conquest_underway") == []
    assert A.crossing(state, "hapsburg", "exploration_underway")
    assert "CONQUER" not in _verbs(state, "hapsburg", 6)
    state["phase"] = "new_world"
    P.enter(state, FixedDice(1, 1))                      # the exploration still sails
    nw = state["new_world"]
    assert nw["turn_track"] == [] and nw["crossing_atlantic"] == []
    assert "nw_conquest_roll" not in [e["msg"] for e in state["log"]]


# ---------------------------------------------------------------- #99 Cabot's counter
@pytest.mark.card(99)
def test_cabot_leaves_the_game_after_a_voyage_without_result_but_his_card_stays():
    state = fresh()
    state["new_world"]["crossing_atlantic"] = [
        {"power": "england", "marker": "exploration_underway", "free": True,
         "explorer": "cabot_england"}]
    state["phase"] = "new_world"
    P.enter(state, FixedDice(2, 3))                      # 5 + 1 = 6: nothing
    assert "cabot_england" in state["new_world"]["removed_explorers"]["england"]
    assert 99 not in state["removed"]
    with pytest.raises(IllegalOrder):
        _play(state, "england", 99)


# ---------------------------------------------------------------- the status report
def test_status_names_explorers_cancelled_voyages_depleted_conquests_and_markers():
    from games.here_i_stand import views
    state = fresh("1532")
    nw = state["new_world"]
    nw["crossing_atlantic"] = [{"power": "england", "marker": "exploration_underway",
                                "bonus": 2},
                               {"power": "france", "marker": "exploration_underway",
                                "free": True, "explorer": "cabot_france"}]
    nw["turn_track"] = [{"power": "hapsburg", "marker": "conquest_underway"}]
    nw["found_by"] = {"amazon": "cartier"}
    nw["discoveries"]["amazon"] = "france"
    nw["depleted"] = ["aztecs"]
    nw["galleons"], nw["plantations"], nw["raiders"] = ["hapsburg"], ["france"], ["england"]
    view = views.view(state, None)["new_world"]
    en = presenter_for("here-i-stand", "en")._new_world(view)
    ru = presenter_for("here-i-stand", "ru")._new_world(view)
    assert en[0] == ("Crossing the Atlantic: England exploration [+2], "
                     "France exploration [Cabot (France)]")
    assert en[1] == "Cancelled, back next turn: Hapsburgs conquest"
    assert "Amazon River (France, Cartier)" in en[2]
    assert en[3] == "Conquests: Aztecs (Hapsburgs, depleted)"
    assert en[-1] == ("Markers: Galleons (Hapsburgs), Plantations +1 (France), "
                      "Raider (England)")
    assert ru[1] == "Прерваны, вернутся в следующем ходу: завоевание (Габсбурги)"
    assert ru[3] == "Завоевания: Ацтеки (Габсбурги, истощено)"
    assert ru[-1] == "Фишки: Галеоны (Габсбурги), Плантации +1 (Франция), Рейдер (Англия)"
