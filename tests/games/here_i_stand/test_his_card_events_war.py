"""Land-war events (`card_events_war`): #70 Charles Bourbon, #76 Foreign Recruits, #80 Gabelle
Revolt, #82 Janissaries Rebel, #83 John Zapolya, #94 Revolt of the Communeros, #103 Threat to
Power, #106 Unpaid Mercenaries, #107 Unsanitary Camp."""
from __future__ import annotations

import pytest

from games.here_i_stand import RULES, card_events_war, events, invariants
from games.here_i_stand import state as S
from games.here_i_stand.phases import winter
from his_helpers import FixedDice, asked, clear_units, fresh, into_action, log_text, order, put


def _play(power, card, dice=None, state=None):
    state = into_action(state or fresh(), power, hand=[card])
    return order(state, power, f"PLAY {card} AS EVENT", dice)


# ---------------------------------------------------------------- unrest
@pytest.mark.card(80)
def test_gabelle_revolt_puts_unrest_on_two_unoccupied_french_home_spaces():
    state = _play("hapsburg", 80)
    d = asked(state, "hapsburg")
    assert d.kind == "card_unrest"
    spots = dict(d.options.options[0].fields)["space"].values
    assert "paris" not in spots                         # French units there
    assert "dijon" in spots and "milan" not in spots    # Milan is not a French home space
    assert RULES.default(state, d) == {"verb": "UNREST", "space": spots[0]}
    state = order(state, "hapsburg", "UNREST Dijon")
    state = order(state, "hapsburg", "UNREST Limoges")
    assert S.in_unrest(state, "dijon") and S.in_unrest(state, "limoges")
    assert "Gabelle Revolt: unrest in Dijon" in log_text(state["log"])
    assert state["phase_data"]["active"] != S.MAJORS.index("hapsburg")   # the impulse is over


@pytest.mark.card(80)
def test_gabelle_revolt_may_stop_early():
    state = order(_play("hapsburg", 80), "hapsburg", "UNREST Dijon")
    state = order(state, "hapsburg", "DONE")
    assert [s for s in S.board().spaces_of(home="france") if S.in_unrest(state, s)] == ["dijon"]


@pytest.mark.card(82)
def test_janissaries_rebel_two_at_war_four_at_peace():
    state = _play("hapsburg", 82)
    assert asked(state, "hapsburg").context["left"] == 4   # at war with Hungary only: 4
    s2 = fresh()
    s2["wars"].append(["hapsburg", "ottoman"])
    assert card_events_war.unrest_count(s2, 82) == 2


@pytest.mark.card(94)
def test_revolt_of_the_communeros_spanish_speaking_spaces():
    state = _play("france", 94)
    spots = dict(asked(state, "france").options.options[0].fields)["space"].values
    assert set(spots) <= set(S.board().spaces_of(language="spanish"))
    assert "valladolid" not in spots                   # Hapsburg units there
    for sid in spots[:3]:
        state = order(state, "france", f"UNREST {sid}")
    assert sum(S.in_unrest(state, s) for s in spots) == 3


# ---------------------------------------------------------------- #83 John Zapolya
@pytest.mark.card(83)
def test_john_zapolya_adds_four_hungarian_regulars_in_buda():
    """Hungary's counters (three 2/1, one 4/2) show 5 + 4 in Buda only if no other Hungarian
    stack needs them; with 1 in Belgrade and 1 in Prague, Buda can hold 6: 1 comes (§5.2)."""
    state = _play("ottoman", 83)
    assert S.units(state, "buda")["hungary"]["regulars"] == 6
    s2 = fresh()
    for sid in ("buda", "prague", "belgrade"):
        s2["spaces"].get(sid, {}).get("units", {}).pop("hungary", None)
    put(s2, "buda", "hungary", regulars=2)
    s2 = _play("ottoman", 83, state=s2)
    assert S.units(s2, "buda")["hungary"]["regulars"] == 6
    assert "adds 4 regulars in Buda" in log_text(s2["log"])
    assert 83 in state["removed"]


@pytest.mark.card(83)
def test_john_zapolya_refused_while_buda_is_besieged():
    state = into_action(fresh(), "ottoman", hand=[83])
    state["sieges"] = {"buda": {"besiegers": ["ottoman"], "besieged": ["hungary"],
                                "begun": "1.1"}}
    assert "Buda is under siege" in events.playable_as_event(state, "ottoman", 83)


# ---------------------------------------------------------------- #103 Threat to Power
@pytest.mark.card(103)
def test_threat_to_power_away_for_the_turn_then_back_in_winter():
    state = _play("france", 103)
    d = asked(state, "france")
    assert d.kind == "threat"
    assert RULES.default(state, d) == {"verb": "TARGET", "leader": "duke_of_alva"}  # an enemy's
    state = order(state, "france", "TARGET Duke of Alva", FixedDice(2))
    assert S.where_is(state, "duke_of_alva") is None and state["leaders_away"] == ["duke_of_alva"]
    state["phase_data"] = {}
    winter.enter(state, FixedDice())
    assert S.where_is(state, "duke_of_alva") == "valladolid"
    assert "leaders_away" not in state


@pytest.mark.card(103)
def test_threat_to_power_gone_for_good_on_4_to_6():
    state = order(_play("hapsburg", 103), "hapsburg", "TARGET Montmorency", FixedDice(5))
    assert S.where_is(state, "montmorency") is None
    assert state["leaders_gone"] == ["montmorency"]
    assert "Montmorency leaves the game (die 5)" in log_text(state["log"])


@pytest.mark.card(103)
def test_threat_to_power_needs_a_leader_on_the_map():
    state = into_action(fresh(), "france", hand=[103])
    for lid in card_events_war.THREATENED:
        S.move_leader(state, lid, S.where_is(state, lid), None)
    assert events.playable_as_event(state, "france", 103).code == "threat_no_target"


# ---------------------------------------------------------------- #106 Unpaid Mercenaries
@pytest.mark.card(106)
def test_unpaid_mercenaries_remove_one_powers_mercenaries_in_one_space():
    state = into_action(fresh(), "france", hand=[106])
    put(state, "milan", "hapsburg", mercenaries=3)
    put(state, "milan", "france", mercenaries=1)       # not at war... both mercenaries there
    put(state, "naples", "hapsburg", mercenaries=1)
    state = order(state, "france", "PLAY 106 AS EVENT")
    d = asked(state, "france")
    assert RULES.default(state, d) == {"verb": "STRIKE", "power": "hapsburg", "space": "milan"}
    state = order(state, "france", "STRIKE Hapsburg IN Milan")
    assert "mercenaries" not in S.units(state, "milan").get("hapsburg", {})
    assert S.units(state, "milan")["france"]["mercenaries"] == 1
    assert S.units(state, "naples")["hapsburg"]["mercenaries"] == 1


@pytest.mark.card(106)
def test_unpaid_mercenaries_refused_with_no_mercenary_on_the_map():
    state = into_action(fresh(), "france", hand=[106])
    assert events.playable_as_event(state, "france", 106).code == "card_no_stack"


# ---------------------------------------------------------------- #107 Unsanitary Camp
@pytest.mark.card(107)
def test_unsanitary_camp_a_third_rounded_up_half_regulars():
    state = into_action(fresh(), "france", hand=[107])
    clear_units(state, "vienna")
    put(state, "vienna", "hapsburg", regulars=4, mercenaries=3)       # 7 units: 3 lost, 2 R
    state = order(state, "france", "PLAY 107 AS EVENT")
    state = order(state, "france", "STRIKE Hapsburg IN Vienna")
    d = asked(state, "hapsburg")
    assert d.kind == "camp_losses" and d.context["n"] == 3 and d.context["regulars"] == 2
    assert RULES.default(state, d) == {"verb": "CASUALTIES", "losses": "1M 2R"}
    ways = dict(d.options.options[0].fields)["losses"].values
    assert "3M" not in ways and "2M 1R" not in ways and "3R" in ways
    state = order(state, "hapsburg", "LOSE 3R")
    assert S.units(state, "vienna")["hapsburg"] == {"regulars": 1, "mercenaries": 3}


@pytest.mark.card(107)
def test_unsanitary_camp_default_loss_is_applied_without_an_answer():
    state = into_action(fresh(), "france", hand=[107])
    clear_units(state, "vienna")
    put(state, "vienna", "hapsburg", regulars=1, mercenaries=4)       # 5: 2 lost, 1 R
    state = order(state, "france", "PLAY 107 AS EVENT")
    state = order(state, "france", "STRIKE hapsburg IN Vienna")
    d = asked(state, "hapsburg")
    state = RULES.apply(state, "hapsburg", RULES.default(state, d), FixedDice())
    assert S.units(state, "vienna")["hapsburg"] == {"mercenaries": 3}


# ---------------------------------------------------------------- #70 Charles Bourbon
@pytest.mark.card(70, 76)
def test_charles_bourbon_next_to_lyon_at_war_with_france():
    state = _play("hapsburg", 70)
    d = asked(state, "hapsburg")
    spots = dict(d.options.options[0].fields)["space"].values
    assert "dijon" in spots and "valladolid" in spots and "lyon" not in spots
    assert RULES.default(state, d)["space"] in S.board().neighbours("lyon")
    state = order(state, "hapsburg", "TARGET Dijon")
    assert S.controller(state, "dijon") == "hapsburg"
    assert S.units(state, "dijon")["hapsburg"] == {"mercenaries": 3}
    assert S.where_is(state, "renegade") == "dijon"
    assert S.leader_power(state, "renegade") == "hapsburg"
    assert "Charles Bourbon enters play for" in log_text(state["log"])
    state["phase_data"] = {}
    winter.enter(state, FixedDice())
    assert S.where_is(state, "renegade") is None


@pytest.mark.card(70)
def test_charles_bourbon_ottoman_cavalry_in_own_space():
    state = _play("ottoman", 70)
    spots = dict(asked(state, "ottoman").options.options[0].fields)["space"].values
    assert "dijon" not in spots                        # not at war with France
    state = order(state, "ottoman", "TARGET Edirne")
    assert S.units(state, "edirne")["ottoman"]["cavalry"] >= 3
    again = into_action(state, "ottoman", hand=[70])
    assert events.playable_as_event(again, "ottoman", 70).code == "bourbon_on_map"


def _winter_and_bourbon_again(state):
    """Winter (the renegade leaves the game, §19.2 L1430), then the Ottomans play Charles
    Bourbon and the renegade enters at Edirne, in one place only."""
    state["phase_data"] = {}
    winter.enter(state, FixedDice())
    assert "leaves the game" in log_text(state["log"])
    state = order(_play("ottoman", 70, state=state), "ottoman", "TARGET Edirne")
    assert S.where_is(state, "renegade") == "edirne"
    assert not invariants.leaders(state)
    return state


@pytest.mark.card(70)
def test_captured_renegade_leaves_play_in_winter_and_bourbon_finds_him_free():
    """§19 L1430 (bench 1517 game 263): a renegade captured by France was still on France's
    card turns later when Bourbon put him on the map again, in two places at once."""
    state = order(_play("hapsburg", 70), "hapsburg", "TARGET Dijon")
    S.move_leader(state, "renegade", "dijon", None)          # captured by France
    state["captured"]["france"] = ["renegade"]
    state = _winter_and_bourbon_again(state)
    assert "france" not in state["captured"]


@pytest.mark.card(70)
def test_bourbon_is_no_event_while_the_renegade_is_captured():
    state = order(_play("hapsburg", 70), "hapsburg", "TARGET Dijon")
    S.move_leader(state, "renegade", "dijon", None)
    state["captured"]["france"] = ["renegade"]
    again = into_action(state, "ottoman", hand=[70])
    assert events.playable_as_event(again, "ottoman", 70).code == "bourbon_captured"


@pytest.mark.card(70)
def test_renegade_on_a_foreign_war_card_leaves_play_in_winter():
    """§19.2 L1430 with §21.7 (bench 1517 game s7a-72): a renegade sent to fight a foreign
    war stayed on the war's card after winter, and a later Bourbon put him on the map too."""
    state = order(_play("hapsburg", 70), "hapsburg", "TARGET Dijon")
    S.move_leader(state, "renegade", "dijon", None)           # sent to a foreign war
    state["foreign_wars"] = {"92": {"power": "hapsburg", "need": 1, "foes": [],
                                    "units": {}, "leaders": ["renegade"]}}
    again = into_action(state, "ottoman", hand=[70])
    assert events.playable_as_event(again, "ottoman", 70).code == "bourbon_on_map"
    state = _winter_and_bourbon_again(state)
    assert state["foreign_wars"]["92"]["leaders"] == []


@pytest.mark.card(18)
def test_dragut_takes_a_captured_barbarossa_off_his_captors_card():
    state = fresh()
    state["captured"]["hapsburg"] = ["barbarossa"]
    events.dragut(state, "ottoman", FixedDice())
    assert S.where_is(state, "dragut") == "istanbul"
    assert "hapsburg" not in state["captured"]


# ---------------------------------------------------------------- #76 Foreign Recruits
@pytest.mark.card(76)
def test_foreign_recruits_build_outside_home_spaces():
    state = into_action(fresh(), "france", hand=[76])
    S.set_control(state, "genoa", "france")
    clear_units(state, "genoa")
    state = order(state, "france", "PLAY 76 AS EVENT")
    d = asked(state, "france")
    assert d.kind == "recruits" and RULES.default(state, d) == {"verb": "DONE"}
    state = order(state, "france", "BUILD REGULAR IN Genoa")
    state = order(state, "france", "BUILD MERCENARY IN Genoa")
    assert S.units(state, "genoa")["france"] == {"regulars": 1, "mercenaries": 1}
    assert asked(state, "france").context["left"] == 1
    state = order(state, "france", "BUILD MERCENARY IN Paris")
    assert state["phase_data"]["active"] != S.MAJORS.index("france")     # 4 CP spent


@pytest.mark.card(76)
def test_foreign_recruits_not_in_a_besieged_space():
    state = into_action(fresh(), "france", hand=[76])
    S.set_control(state, "genoa", "france")
    state["sieges"] = {"genoa": {"besiegers": ["hapsburg"], "besieged": ["france"],
                                 "begun": "1.1"}}
    state = order(state, "france", "PLAY 76 AS EVENT")
    for o in asked(state, "france").options.options:
        if o.verb == "BUILD":
            assert "genoa" not in dict(o.fields)["space"].values


# ---------------------------------------------------------------- #72 Cloth Prices Fluctuate
@pytest.mark.card(72)
def test_cloth_prices_trade_draws_and_mercenaries():
    state = _play("france", 72)
    d = asked(state, "france")
    assert d.kind == "cloth" and RULES.default(state, d) == {"verb": "TRADE"}
    england, hapsburg = len(state["hands"]["england"]), len(state["hands"]["hapsburg"])
    state = order(state, "france", "TRADE")
    assert (len(state["hands"]["england"]), len(state["hands"]["hapsburg"])) == \
        (england + 1, hapsburg + 1)
    state = order(state, "france", "PLACE 2 IN Lyon")
    assert S.units(state, "lyon")["france"]["mercenaries"] == 2


@pytest.mark.card(72)
def test_cloth_prices_revolt_discard_and_unrest():
    state = into_action(fresh(), "france", hand=[72])
    S.set_control(state, "calais", "france")            # no trade: only REVOLT
    state["hands"]["hapsburg"] = [2, 50]
    state = order(state, "france", "PLAY 72 AS EVENT")
    d = asked(state, "france")
    assert [o.verb for o in d.options.options] == ["REVOLT"]
    state = order(state, "france", "REVOLT")
    assert state["hands"]["hapsburg"] == [2] and 50 in state["discard"]
    d = asked(state, "france")
    spots = dict(d.options.options[0].fields)["space"].values
    assert "graz" in spots and "amsterdam" in spots and "madrid" not in spots
    state = order(state, "france", "UNREST Amsterdam")
    state = order(state, "france", "UNREST Graz")
    assert S.in_unrest(state, "amsterdam") and S.in_unrest(state, "graz")


@pytest.mark.card(103)
def test_threat_to_power_returns_to_a_friendly_home_key_when_the_capital_is_lost():
    state = order(_play("france", 103), "france", "TARGET Duke of Alva", FixedDice(1))
    for sid in ("valladolid", "vienna", "antwerp"):
        S.set_control(state, sid, "france")
    S.set_control(state, "athens", "hapsburg")          # a friendly key, not a home key
    state["phase_data"] = {}
    winter.enter(state, FixedDice())
    assert S.where_is(state, "duke_of_alva") == "barcelona"
