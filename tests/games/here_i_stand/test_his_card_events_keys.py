"""Events against keys and captured leaders: #105 Treachery!, #71 City State Rebels
(`card_events_keys`); #66 Akinji Raiders, #79 Fuggers, #91 Ransom (`card_events_politics`)."""
from __future__ import annotations

import pytest

from games.here_i_stand import RULES, events
from games.here_i_stand import state as S
from games.here_i_stand.phases import card_draw
from his_helpers import (FixedDice, asked, clear_units, fresh, into_action, log_text, no_cards,
                         order, put)


def _siege_of_milan(regulars=5):
    """The Hapsburgs (5 regulars) besiege Milan, held by 2 French regulars."""
    state = into_action(no_cards(fresh()), "hapsburg", hand=[105])
    put(state, "milan", "hapsburg", regulars=regulars)
    state["sieges"] = {"milan": {"besiegers": ["hapsburg"], "besieged": ["france"],
                                 "begun": "1.1"}}
    return state


# ---------------------------------------------------------------- #105 Treachery!
@pytest.mark.card(105)
def test_treachery_failed_assault_still_outnumbering_takes_the_space():
    """Attacker 3 dice (5 regulars / 2), defender 2 + 1 = 3 dice; all 1s: no hits; 5 outside
    against 2 inside: the defenders are eliminated and Milan is Hapsburg."""
    state = order(_siege_of_milan(), "hapsburg", "PLAY Treachery! AS EVENT")
    d = asked(state, "hapsburg")
    assert d.kind == "treachery" and RULES.default(state, d) == {"verb": "TARGET",
                                                                  "space": "milan"}
    state = order(state, "hapsburg", "TARGET Milan", FixedDice(1, 1, 1, 1, 1, 1))
    assert S.controller(state, "milan") == "hapsburg"
    assert "france" not in S.units(state, "milan")
    assert "milan" not in (state.get("sieges") or {})
    assert "the defenders of Milan are eliminated" in log_text(state["log"])


@pytest.mark.card(105)
def test_treachery_fails_when_the_besiegers_no_longer_outnumber():
    """2 besiegers, 2 defenders: 1 attacker die; the defenders' 3 dice hit once (a 6): one
    besieger left against 2 inside — no treachery, the siege breaks."""
    state = order(_siege_of_milan(regulars=2), "hapsburg", "PLAY 105 AS EVENT")
    state = order(state, "hapsburg", "TARGET Milan", FixedDice(1, 6, 1, 1))
    assert S.controller(state, "milan") == "france"


@pytest.mark.card(105)
def test_treachery_by_an_allied_minors_besiegers():
    """Only Genoese regulars (allied to the Hapsburgs) besiege Milan: the Hapsburgs' Treachery!
    assaults with them (an allied minor acts for its major, §22); all 1s, 3 outside against 2
    inside: Milan falls to the Hapsburgs."""
    state = into_action(no_cards(fresh()), "hapsburg", hand=[105])
    state["minor_allies"]["genoa"] = "hapsburg"
    clear_units(state, "genoa")                          # Genoa's two counters show 1 + 2
    put(state, "milan", "genoa", regulars=3)
    state["sieges"] = {"milan": {"besiegers": ["hapsburg"], "besieged": ["france"],
                                 "begun": "1.1"}}
    state = order(state, "hapsburg", "PLAY 105 AS EVENT")
    state = order(state, "hapsburg", "TARGET Milan", FixedDice(1, 1, 1, 1, 1, 1))
    assert S.controller(state, "milan") == "hapsburg"
    assert "milan" not in (state.get("sieges") or {})


@pytest.mark.card(105)
def test_treachery_needs_a_siege():
    state = into_action(fresh(), "hapsburg", hand=[105])
    assert events.playable_as_event(state, "hapsburg", 105).code == "treachery_no_siege"


# ---------------------------------------------------------------- #71 City State Rebels
@pytest.mark.card(71)
def test_city_state_rebels_free_milan():
    """Milan (independent key) held by 2 French regulars: 5 dice, two 6s: both die, Milan
    goes back to the independents with 1 independent regular."""
    state = into_action(fresh(), "hapsburg", hand=[71])
    state = order(state, "hapsburg", "PLAY City State Rebels AS EVENT")
    d = asked(state, "hapsburg")
    assert "milan" in dict(d.options.options[0].fields)["space"].values
    assert "genoa" not in dict(d.options.options[0].fields)["space"].values   # not captured
    state = order(state, "hapsburg", "TARGET Milan", FixedDice(6, 6, 2, 3, 4))
    assert S.controller(state, "milan") == "independent"
    assert S.units(state, "milan") == {"independent": {"regulars": 1}}
    assert "rebels in Milan roll" in log_text(state["log"])


@pytest.mark.card(71)
def test_city_state_rebels_one_hit_leaves_the_key_held():
    state = into_action(fresh(), "hapsburg", hand=[71])
    state = order(state, "hapsburg", "PLAY 71 AS EVENT")
    state = order(state, "hapsburg", "TARGET Milan", FixedDice(5, 1, 2, 3, 4))
    assert S.controller(state, "milan") == "france"
    assert S.units(state, "milan")["france"] == {"regulars": 1}


@pytest.mark.card(71)
def test_city_state_rebels_need_a_captured_key():
    state = into_action(fresh(), "hapsburg", hand=[71])
    for sid in ("milan", "metz", "florence", "tunis"):
        S.set_control(state, sid, "independent")
    state["spaces"]["milan"].get("units", {}).pop("france", None)
    assert events.playable_as_event(state, "hapsburg", 71).code == "rebels_no_key"


# ---------------------------------------------------------------- #66 Akinji Raiders
@pytest.mark.card(66)
def test_akinji_raiders_take_a_random_card():
    state = into_action(fresh(), "ottoman", hand=[66])
    state["wars"].append(["hapsburg", "ottoman"])
    S.set_control(state, "belgrade", "ottoman")
    S.set_control(state, "agram", "hapsburg")
    put(state, "nezh", "ottoman", cavalry=1)           # Nezh - Belgrade (Ottoman) - Agram
    state["hands"]["hapsburg"] = [2, 50]                # 2 is a home card: never drawn
    state = order(state, "ottoman", "PLAY Akinji Raiders AS EVENT")
    d = asked(state, "ottoman")
    assert RULES.default(state, d) == {"verb": "TARGET", "power": "hapsburg"}
    state = order(state, "ottoman", "TARGET Hapsburg")
    assert state["hands"]["hapsburg"] == [2] and 50 in state["hands"]["ottoman"]


@pytest.mark.card(66)
def test_akinji_raiders_conditions():
    state = into_action(fresh(), "hapsburg", hand=[66])
    assert events.playable_as_event(state, "hapsburg", 66).code == "akinji_ottoman"
    state = into_action(fresh(), "ottoman", hand=[66])
    assert events.playable_as_event(state, "ottoman", 66).code == "akinji_no_target"


# ---------------------------------------------------------------- #79 Fuggers
@pytest.mark.card(79)
def test_fuggers_two_cards_now_one_fewer_next_turn():
    state = into_action(fresh(), "france", hand=[79])
    before = card_draw.deal_size(state, "france")
    state = order(state, "france", "PLAY Fuggers AS EVENT")
    assert len(state["hands"]["france"]) == 2
    assert card_draw.deal_size(state, "france") == before - 1
    assert card_draw.deal_size(state, "hapsburg") == card_draw.deal_size(fresh(), "hapsburg")


# ---------------------------------------------------------------- #91 Ransom
@pytest.mark.card(91)
def test_ransom_returns_a_captured_leader_to_a_fortified_home_space():
    state = into_action(fresh(), "france", hand=[91])
    S.move_leader(state, "montmorency", "paris", None)
    state["captured"]["hapsburg"] = ["montmorency"]
    state = order(state, "france", "PLAY Ransom AS EVENT")
    d = asked(state, "france")
    assert RULES.default(state, d) == {"verb": "TARGET", "leader": "montmorency"}
    state = order(state, "france", "TARGET Montmorency")
    d = asked(state, "france")                          # the owner picks the space
    assert d.kind == "ransom_home" and RULES.default(state, d) == {"verb": "TARGET",
                                                                    "space": "paris"}
    state = order(state, "france", "TARGET Lyon")
    assert S.where_is(state, "montmorency") == "lyon" and "hapsburg" not in state["captured"]


@pytest.mark.card(91)
def test_ransom_home_standing_order_and_refusal():
    state = into_action(fresh(), "hapsburg", hand=[91])
    assert events.playable_as_event(state, "hapsburg", 91).code == "ransom_no_leader"
    S.move_leader(state, "montmorency", "paris", None)
    state["captured"]["hapsburg"] = ["montmorency"]
    state = order(state, "hapsburg", "PLAY 91 AS EVENT")
    state = order(state, "hapsburg", "TARGET Montmorency")
    d = asked(state, "france")
    kind = RULES.question_kinds()["ransom_home"] if hasattr(RULES, "question_kinds") else None
    from games.here_i_stand import choices
    assert choices.KINDS["ransom_home"].standing("CAPITAL", state, d) == {"verb": "TARGET",
                                                                         "space": "paris"}
    assert kind is None or kind.policies == ("CAPITAL",)


# ---------------------------------------------------------------- #40 Machiavelli
@pytest.mark.card(40)
def test_machiavelli_free_war_then_2_cp():
    state = into_action(fresh(), "france", hand=[40])
    state = order(state, "france", "PLAY Machiavelli AS EVENT")
    d = asked(state, "france")
    targets = dict(d.options.options[0].fields)["power"].values
    assert "hapsburg" not in targets and "protestant" not in targets   # at war / no League
    state = order(state, "france", "DECLARE WAR ON England")
    assert ["england", "france"] in state["wars"]
    d = asked(state, "france")
    assert d.kind == "cp" and state["phase_data"]["cp"] == 2


@pytest.mark.card(40)
def test_machiavelli_refused_with_no_possible_war():
    state = into_action(fresh(), "protestant", hand=[40])
    assert events.playable_as_event(state, "protestant", 40).code == "machiavelli_no_target"


# ---------------------------------------------------------------- #74 Diplomatic Overture
@pytest.mark.card(74)
def test_diplomatic_overture_draws_two_and_gives_one():
    state = into_action(fresh(), "france", hand=[74])
    state["deck"] = state["deck"][:-2] + [11, 50]       # drawn: #50 then #11 (mandatory)
    state = order(state, "france", "PLAY Diplomatic Overture AS EVENT")
    assert state["hands"]["france"] == [11, 50]
    d = asked(state, "france")
    assert dict(d.options.options[0].fields)["card"].values == (50,)
    assert RULES.default(state, d) == {"verb": "HAND", "card": 50, "power": "ottoman"}
    state = order(state, "france", "HAND 50 TO England")
    assert 50 in state["hands"]["england"] and state["hands"]["france"] == [11]
    assert state["private_log"]["england"]


# ---------------------------------------------------------------- #84 Julia Gonzaga
@pytest.mark.card(84)
def test_julia_gonzaga_vp_on_a_tyrrhenian_piracy_hit():
    from games.here_i_stand.navy import piracy
    state = into_action(fresh(), "ottoman", hand=[84])
    assert events.playable_as_event(state, "ottoman", 84).code == "julia_no_pirates"
    state["piracy"]["enabled"] = True
    state = order(state, "ottoman", "PLAY Julia Gonzaga AS EVENT")
    assert state["julia_gonzaga"] == state["turn"] and 84 in state["removed"]
    put(state, "tyrrhenian_sea", "ottoman", corsairs=2)
    anti = piracy.anti_piracy_dice(state, "tyrrhenian_sea", "papacy")
    piracy.begin(state, "tyrrhenian_sea", "papacy", FixedDice(*[1] * anti, 6, 6, 6))
    assert "the Ottomans gain 1 VP" in log_text(state["log"])
    assert state["bonus_vp"]["ottoman"]["julia_gonzaga"] == 1


# ---------------------------------------------------------------- #38 Halley's Comet
@pytest.mark.card(38)
def test_halleys_comet_random_discard():
    state = into_action(fresh(), "france", hand=[38])
    state["hands"]["hapsburg"] = [2, 50, 53]
    state["hands"]["papacy"] = [5, 61]                  # fewer: the enemy with most first
    state = order(state, "france", "PLAY Halley's Comet AS EVENT")
    d = asked(state, "france")
    assert RULES.default(state, d) == {"verb": "RANDOM_DISCARD", "power": "hapsburg"}
    state = order(state, "france", "RANDOM DISCARD Hapsburgs")
    assert len(state["hands"]["hapsburg"]) == 2 and 2 in state["hands"]["hapsburg"]
    assert set(state["discard"]) & {50, 53} and 38 in state["removed"]


@pytest.mark.card(38)
def test_halleys_comet_skips_the_next_impulse_without_a_pass():
    state = into_action(fresh(), "france", hand=[38])
    state = order(state, "france", "PLAY 38 AS EVENT")
    state = order(state, "france", "SKIP Papacy")
    assert state["phase_data"]["active"] == S.MAJORS.index("protestant")
    assert state["phase_data"]["passes"] == 0
    assert "Papacy skips this impulse" in log_text(state["log"])


# ---------------------------------------------------------------- #104 Trace Italienne
@pytest.mark.card(104)
def test_trace_italienne_fortifies_a_space_and_adds_a_regular():
    from games.here_i_stand import cp_actions
    state = into_action(fresh(), "hapsburg", hand=[104])
    assert cp_actions.control_problem(state, "hapsburg", "dijon").code != "control_fortified"
    state = order(state, "hapsburg", "PLAY Trace Italienne AS EVENT")
    d = asked(state, "hapsburg")
    assert "paris" not in dict(d.options.options[0].fields)["space"].values
    state = order(state, "hapsburg", "TARGET Dijon")
    assert S.is_fortified("dijon", state) and not S.is_fortified("dijon")
    assert S.units(state, "dijon")["france"]["regulars"] == 1
    assert cp_actions.control_problem(state, "hapsburg", "dijon").code == "control_fortified"
    assert "a fortress is built in Dijon" in log_text(state["log"])


@pytest.mark.card(104)
def test_trace_italienne_no_regular_in_unrest():
    state = into_action(fresh(), "hapsburg", hand=[104])
    S.set_unrest(state, "dijon", True)
    state = order(state, "hapsburg", "PLAY 104 AS EVENT")
    state = order(state, "hapsburg", "TARGET Dijon")
    assert S.is_fortified("dijon", state) and not S.units(state, "dijon")
