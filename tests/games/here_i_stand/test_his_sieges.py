"""Sieges, assaults and relief bookkeeping (§15), with the rulebook's example E9 (Calais)."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from games.here_i_stand import RULES, assault, siege
from games.here_i_stand import state as S
from games.here_i_stand.land_war import move
from his_helpers import (FixedDice, asked, clear_units, fresh, into_action, log_text, no_cards,
                         order, put)


def _calais(cp=4):
    """E9 (L966-972): Francis and 6 French regulars have entered Calais, whose 2 English
    regulars withdrew inside; 1 English squadron in the port, 2 French in the North Sea."""
    state = into_action(fresh(), "france", cp=cp)
    state["wars"] = sorted(state["wars"] + [["england", "france"]])
    clear_units(state, "calais", "brussels", "boulogne", "north_sea", "english_channel")
    put(state, "calais", "england", regulars=2, squadrons=1)
    put(state, "calais", "france", regulars=6, leaders=["francis_i"])
    put(state, "north_sea", "france", squadrons=2)
    siege.begin_siege(state, "calais", ["france"], ["england"])
    return no_cards(state)


def _next_french_impulse(state, cp=4):
    state["phase_data"].update(impulse=state["phase_data"]["impulse"] + 6, cp=cp)
    return state


def test_e9_siege_begins_and_no_assault_in_the_same_impulse():
    state = _calais()
    assert siege.inside(state, "calais") == 2 and siege.outside(state, "calais") == 6
    assert siege.is_besieged(state, "calais", "england")
    assert "besieged Calais: 6 units outside, 2 units inside" in log_text(state["log"])
    with pytest.raises(IllegalOrder, match="began this impulse"):
        order(state, "france", "ASSAULT Calais")
    options = [o.verb for o in asked(state, "france").options.options]
    assert "ASSAULT" not in options


def test_e9_assault_4_dice_against_3_takes_calais_and_its_squadron():
    """E9: ceil(6/2) = 3 + 1 (Francis) = 4 dice against 2 + 1 = 3; two hits take Calais and
    the English squadron leaves the map."""
    state = _next_french_impulse(_calais())
    d = asked(state, "france")
    assert "ASSAULT" in [o.verb for o in d.options.options]
    attack, leaders = assault.army(state, "france", "calais")
    defend, def_leaders = assault.defenders(state, "calais")
    assert assault.dice_counts(attack, leaders, defend, def_leaders) == (4, 3)
    state = order(state, "france", "ASSAULT Calais", FixedDice(5, 6, 1, 2, 1, 2, 3))
    assert S.controller(state, "calais") == "france"
    assert S.count(state, "calais", "england", S.KINDS) == 0
    assert S.count(state, "calais", "france") == 6
    assert siege.siege_at(state, "calais") is None
    text = log_text(state["log"])
    assert "France assaulted Calais: 4 dice [5, 6, 1, 2] = 2 hits" in text
    assert "England 3 dice [1, 2, 3] = 0 hits" in text
    assert "Calais fell" in text
    assert state["phase_data"]["cp"] == 3


def test_failed_assault_siege_goes_on_and_once_per_impulse():
    state = _next_french_impulse(_calais())
    state = order(state, "france", "ASSAULT Calais", FixedDice(5, 1, 1, 1, 6, 1, 1))
    assert S.controller(state, "calais") == "england"
    assert S.count(state, "calais", "england") == 1 and S.count(state, "calais", "france") == 5
    assert siege.siege_at(state, "calais")                 # 5 > 1: the siege goes on
    assert "failed" in log_text(state["log"][-1:])
    with pytest.raises(IllegalOrder, match="already assaulted this impulse"):
        order(state, "france", "ASSAULT Calais")


def test_failed_assault_breaks_a_siege_no_longer_outnumbering():
    state = _next_french_impulse(_calais())
    S.add_units(state, "calais", "france", "regulars", -3)            # 3 outside, 2 inside
    state = order(state, "france", "ASSAULT Calais", FixedDice(1, 1, 1, 5, 6, 1))   # 1 French left, 2 inside
    assert siege.siege_at(state, "calais") is None
    assert S.count(state, "calais", "france") == 0
    retreated = [s for s in ("antwerp", "boulogne", "brussels") if S.count(state, s, "france")]
    assert retreated == ["boulogne"]                     # French fortress first (§15.3)
    assert S.where_is(state, "francis_i") == "boulogne"


def test_blockade_and_line_of_communication():
    state = _next_french_impulse(_calais())
    S.add_units(state, "north_sea", "france", "squadrons", -1)        # 1 against 1: no
    with pytest.raises(IllegalOrder, match="needs more squadrons"):
        order(state, "france", "ASSAULT Calais")
    S.add_units(state, "north_sea", "france", "squadrons", 1)
    put(state, "english_channel", "england", squadrons=1)
    with pytest.raises(IllegalOrder, match="no assault without a blockade"):
        order(state, "france", "ASSAULT Calais")
    clear_units(state, "english_channel")
    for sid in ("boulogne", "brussels", "antwerp"):
        put(state, sid, "england", regulars=1)            # every path blocked by the enemy
    with pytest.raises(IllegalOrder, match="line of communication"):
        order(state, "france", "ASSAULT Calais")


def test_empty_fortress_is_besieged_by_a_move_then_assaulted():
    """§15: even an empty fortress is besieged in one impulse and assaulted in a later one;
    with no defender the attacker rolls a die per regular (plus its leader)."""
    state = no_cards(into_action(fresh(), "france", cp=4))
    state["wars"] = sorted(state["wars"] + [["england", "france"]])
    clear_units(state, "calais", "boulogne")
    put(state, "boulogne", "france", regulars=4)
    state = order(state, "france", "MOVE Boulogne -> Calais 4")
    assert siege.siege_at(state, "calais")["besiegers"] == ["france"]
    state = _next_french_impulse(state)
    state = order(state, "france", "ASSAULT Calais", FixedDice(1, 1, 1, 5, 1))
    assert "4 dice [1, 1, 1, 5] = 1 hit" in log_text(state["log"])
    assert S.controller(state, "calais") == "france"


def test_besieged_units_do_not_move_and_leaving_ends_or_breaks_the_siege():
    state = _calais()
    state["phase_data"]["active"] = S.MAJORS.index("england")
    with pytest.raises(IllegalOrder):
        order(state, "england", "MOVE Calais -> Boulogne 1")
    state["phase_data"]["active"] = S.MAJORS.index("france")
    state = order(state, "france", "MOVE Calais -> Boulogne WITH Francis I 5")
    # 1 French unit outside, 2 inside: broken, the last one retreats (§15.3)
    assert siege.siege_at(state, "calais") is None
    assert S.count(state, "calais", "france") == 0
    assert "siege of Calais is broken" in log_text(state["log"])


def test_relief_bookkeeping_e9():
    """E9's relief outcome (§15.2): lost with fewer hits (0 to 2) the siege goes on; the
    besiegers gone after a won relief, it is over (the battle: test_his_relief)."""
    state = _calais()
    assert siege.relief_outcome(False, 0, 2) == "lost"
    assert siege.relief_outcome(False, 2, 2) == "tie"
    assert siege.after_relief(state, "calais", "england", False, 0, 2) == "lost"
    assert siege.siege_at(state, "calais")
    S.add_units(state, "calais", "france", "regulars", -6)        # the besiegers lost a relief
    assert siege.after_relief(state, "calais", "england", True, 3, 1) == "lifted"
    assert siege.siege_at(state, "calais") is None


def test_assault_wiping_out_the_attackers_sends_their_leaders_home():
    """§15.1 step 11: attackers all eliminated, their leaders go to the nearest fortified space
    of their side (§9.3 step 6) and the siege ends."""
    state = _next_french_impulse(_calais())
    S.add_units(state, "calais", "france", "regulars", -5)            # 1 outside
    siege.siege_at(state, "calais")["besieged"] = ["england"]
    state = order(state, "france", "ASSAULT Calais", FixedDice(1, 1, 6, 1, 1))
    assert S.count(state, "calais", "france") == 0
    assert S.where_is(state, "francis_i") not in (None, "calais")
    assert siege.siege_at(state, "calais") is None


@pytest.mark.parametrize("lang,inside,outside", [("en", "besieged inside", "besieging"),
                                                 ("ru", "в осаде", "осаждает")])
def test_status_report_shows_the_besieged(lang, inside, outside):
    from games.here_i_stand import views
    from pbem.reports.presenters import presenter_for
    state = _calais()
    board = views.board_view(state)
    assert board["spaces"]["calais"]["siege"]["besieged"] == ["england"]
    rows = presenter_for("here-i-stand", lang)._units(board["spaces"], board["seas"])
    calais = [r for r in rows if ("Calais" in " ".join(r) or "Кале" in " ".join(r))]
    assert any(inside in r[-1] for r in calais) and any(outside in r[-1] for r in calais)


def test_broken_siege_asks_where_to_retreat_and_a_standing_order_answers():
    """§15.3: with two legal spaces the besieger chooses (off-turn here: the siege breaks in
    England's impulse); ``STANDING siege_retreat CAPITAL`` picks the one nearest Paris."""
    state = _calais()
    S.set_control(state, "brussels", "france")
    clear_units(state, "brussels")
    state["phase_data"]["active"] = S.MAJORS.index("england")
    state["phase_data"]["cp"] = 2
    S.add_units(state, "calais", "france", "regulars", -5)      # 1 outside, 2 inside
    siege.check(state, "calais")
    d = asked(state, "france")
    assert d.kind == "siege_retreat"
    assert dict(d.options.options[0].fields)["to"].values == ("brussels", "boulogne")
    assert RULES.default(state, d) == {"verb": "RETREAT", "to": "brussels"}      # fortified
    assert RULES.standing_kinds()["siege_retreat"] == ("FORTRESS", "CAPITAL")
    assert RULES.answer_from_standing(state, d, "CAPITAL") == {"verb": "RETREAT",
                                                               "to": "boulogne"}
    state = order(state, "france", "RETREAT TO Brussels")
    assert S.count(state, "brussels", "france") == 1
    assert S.where_is(state, "francis_i") == "brussels"


def test_the_fallen_ports_fleet_waits_for_the_next_card_draw():
    """§15.1 step 10 and §8.2: the English squadron of fallen Calais is off the map (its
    counter not buildable) until the next Card Draw; a naval leader there comes back to a
    friendly port then."""
    from games.here_i_stand import counter_mix
    state = _next_french_impulse(_calais())
    put(state, "calais", "genoa", leaders=["andrea_doria"])
    state["minor_allies"]["genoa"] = "england"                 # Doria serves England here
    before = counter_mix.on_map_counts(state, "england")[1]
    state = order(state, "france", "ASSAULT Calais", FixedDice(5, 6, 1, 2, 1, 2, 3))
    assert state["naval_out"] == {"units": {"england": {"squadrons": 1}},
                                  "leaders": ["andrea_doria"]}
    assert counter_mix.on_map_counts(state, "england")[1] == before
    assert S.where_is(state, "andrea_doria") is None
    assault.return_naval(state)
    assert "naval_out" not in state
    assert S.where_is(state, "andrea_doria") == "london"


def test_a_lone_besieger_killed_in_an_assault_ends_the_siege_without_a_question():
    """An empty fortress still rolls its defender's die (§15.1 step 4); a last besieging
    unit killed by it leaves nobody to retreat (found by a random-bot game)."""
    state = no_cards(into_action(fresh(), "france", cp=4))
    state["wars"] = sorted(state["wars"] + [["england", "france"]])
    clear_units(state, "calais", "boulogne")
    S.set_control(state, "brussels", "france")
    put(state, "boulogne", "france", regulars=1)
    state = order(state, "france", "MOVE Boulogne -> Calais 1")
    state = _next_french_impulse(state)
    state = order(state, "france", "ASSAULT Calais", FixedDice(1, 6))
    assert siege.siege_at(state, "calais") is None
    assert all(d.kind != "siege_retreat" for d in RULES.decisions(state))


def test_sieges_are_checked_between_phases():
    """Units that leave without a land move (Winter's return home, a peace's relocation)
    end or break the siege when the next phase begins (§15.3)."""
    from games.here_i_stand.phases import sequence
    state = _calais()
    S.add_units(state, "calais", "france", "regulars", -6)
    S.move_leader(state, "francis_i", "calais", "paris")
    sequence.enter(state, "winter", FixedDice())
    assert "sieges" not in state
    assert "siege of Calais is over" in log_text(state["log"])


def test_a_siege_ends_when_its_besiegers_leave_by_a_move_that_could_be_intercepted():
    """§15.3: England's lone regular besieging an empty Brussels marches on to St Quentin
    by a move that asks for interceptions: when the move ends, the siege it left behind
    ends too (before, only moves nobody could intercept checked the space they left)."""
    state = into_action(fresh(), "england", cp=2)
    state["wars"] = sorted(state["wars"] + [["england", "hapsburg"]])
    clear_units(state, "brussels", "st_quentin")
    put(state, "brussels", "england", regulars=1)
    siege.begin_siege(state, "brussels", ["england"], ["hapsburg"])
    S.add_units(state, "brussels", "england", "regulars", -1)
    put(state, "st_quentin", "england", regulars=1)
    state["phase_data"]["land_move"] = {
        "power": "england", "from": "brussels", "to": "st_quentin",
        "units": {"england": {"regulars": 1}}, "leaders": [], "stage": "end", "asked": [],
        "tried_from": [], "success": None, "intercepted": [], "doomed": False}
    move.proceed(state, FixedDice())
    assert "land_move" not in state["phase_data"]
    assert siege.siege_at(state, "brussels") is None


def _england_besieges_brussels(active: str, regulars: int):
    """`active`'s impulse (4 CP, no cards): England, at war with the Hapsburgs, besieges an
    empty Brussels with `regulars`; one Hapsburg regular in Antwerp; the Low Countries and
    their neighbours otherwise empty."""
    state = no_cards(into_action(fresh(), active, cp=4))
    state["wars"] = sorted(state["wars"] + [["england", "hapsburg"]])
    clear_units(state, "brussels", "antwerp", "liege", "calais", "amsterdam", "st_quentin",
                "st_dizier", "cologne", "metz", "trier")
    put(state, "brussels", "england", regulars=regulars)
    siege.begin_siege(state, "brussels", ["england"], ["hapsburg"])
    put(state, "antwerp", "hapsburg", regulars=1)
    return state


def test_a_siege_ends_when_its_besiegers_continue_after_a_withdrawal():
    """§15.3 with §13.4 option 1: England's lone regular besieging an empty Brussels moves
    into Antwerp, whose one Hapsburg regular withdraws inside; not outnumbering it, England
    continues to Liege.  The siege of Brussels it left ends (before, going on from a
    withdrawal dropped the move without checking the space it had left)."""
    state = _england_besieges_brussels("england", 1)
    state = order(state, "england", "MOVE Brussels -> Antwerp 1")
    state = order(state, "hapsburg", "DONE")            # no avoiding battle (§13.3)
    state = order(state, "hapsburg", "WITHDRAW")
    assert asked(state, "england").kind == "after_withdraw"
    state = order(state, "england", "CONTINUE TO Liege")
    assert S.units(state, "liege") == {"england": {"regulars": 1}}
    assert siege.siege_at(state, "brussels") is None
    assert "the siege of Brussels is over" in log_text(state["log"])


def test_a_siege_ends_when_all_its_besiegers_intercept_out_of_it():
    """§13.2 (L810: only the besieged may not intercept) with §15.3 (L954): England's two
    regulars besieging Brussels intercept the Hapsburg move into Liege with both; the siege
    they left ends at once (before, it stayed with nobody outside: a random game's invariant
    broke after France intercepted out of Navarre)."""
    state = _england_besieges_brussels("hapsburg", 2)
    state = order(state, "hapsburg", "MOVE Antwerp -> Liege 1")
    assert asked(state, "england").kind == "intercept"
    state = order(state, "england", "INTERCEPT FROM Brussels 2", FixedDice(6, 6))
    assert S.units(state, "brussels").get("england") is None
    assert siege.siege_at(state, "brussels") is None
    assert "the siege of Brussels is over" in log_text(state["log"])
