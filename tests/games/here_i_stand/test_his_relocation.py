"""Relocated units (§9.3 step 3, L537): they go to the nearest fortified space (or port) their
side controls, or to their capital; when there is more than one such space the owner of the
units decides (``RELOCATE <space>``; default: nearest, a capital first, then by id).  Callers:
peace step 3, a ceded space (§9.1 L489), a minor's activation (§22.2 L1832)."""
from __future__ import annotations

import pytest

from engine.dice import Dice
from games.here_i_stand import RULES, relocation
from games.here_i_stand import state as S
from his_helpers import asked, order, put
from test_his_diplomacy import close, later, say
from test_his_minor_cards import hungary_activated


def peace_state():
    """France holds Besançon (a Hapsburg home space, 2 from Paris and from Lyon) with 2
    regulars and Montmorency; the Hapsburgs hold Francis I captive, so France may sue."""
    state = later()
    S.set_control(state, "besancon", "france")
    put(state, "besancon", "france", regulars=2)
    S.move_leader(state, "montmorency", S.where_is(state, "montmorency"), "besancon")
    S.move_leader(state, "francis_i", S.where_is(state, "francis_i"), None)
    state["captured"] = {"hapsburg": ["francis_i"]}
    state = close(state)
    state = say(state, "hapsburg", "DONE")
    return state


def test_destinations_are_the_equally_near_spaces_and_the_capital():
    """L537: equally near spaces are the owner's choice, and the capital is always one."""
    state = later()
    forts = [s for s in S.board().spaces if S.is_fortified(s, state)
             and relocation.side_controls(state, "france", s)]
    assert relocation.destinations(state, "france", "besancon", forts) == ["paris", "lyon"]
    assert relocation.destinations(state, "france", "milan", forts) == ["lyon", "paris"]
    assert relocation.destinations(state, "france", "metz", forts) == ["paris"]


def test_peace_step_3_asks_the_owner_before_step_4():
    """§9.3 step 3: France's units and leader leave Besançon, go to Paris (the default) at
    once, and France is asked (before eliminating its 2 units, step 4) where they go:
    ``RELOCATE Lyon`` sends them on to Lyon."""
    state = peace_state()
    paris = dict(S.units(state, "paris")["france"])
    state = say(state, "france", "SUE FOR PEACE WITH Hapsburgs")
    assert S.controller(state, "besancon") == "hapsburg"
    decision = asked(state, "france")
    assert decision.kind == "relocation"
    assert decision.context["spaces"] == ["paris", "lyon"] and decision.context["space"] == "paris"
    assert RULES.default(state, decision) == {"verb": "RELOCATE", "space": "paris"}
    lyon = S.units(state, "lyon").get("france", {}).get("regulars", 0)
    state = say(state, "france", "RELOCATE Lyon")
    assert S.units(state, "lyon")["france"]["regulars"] == lyon + 2
    assert S.units(state, "paris")["france"] == paris
    assert S.where_is(state, "montmorency") == "lyon"
    assert asked(state, "france").kind == "eliminate"


def test_peace_default_keeps_todays_choice():
    state = peace_state()
    paris = S.units(state, "paris")["france"]["regulars"]
    state = say(state, "france", "SUE FOR PEACE WITH Hapsburgs")
    decision = asked(state, "france")
    state = RULES.apply(state, "france", RULES.default(state, decision), Dice("d"))
    assert S.units(state, "paris")["france"]["regulars"] == paris + 2
    assert S.where_is(state, "montmorency") == "paris"
    assert asked(state, "france").kind == "eliminate"


def test_ceded_space_units_may_go_to_the_capital():
    """§9.1 L489: France cedes Milan; its units there go to Lyon (nearest, 3) at once, and
    France may send them to Paris (its capital, 5) instead."""
    state = later()
    put(state, "milan", "france", regulars=2)
    state = say(state, "france", "PROPOSE france hapsburg: CEDE Milan TO Hapsburg")
    state = say(state, "hapsburg", "ACCEPT 1")
    state = close(state)
    assert S.controller(state, "milan") == "hapsburg"
    decision = asked(state, "france")
    assert decision.kind == "relocation" and decision.context["spaces"] == ["lyon", "paris"]
    paris = S.units(state, "paris")["france"]["regulars"]
    moved = decision.context["movers"]["stack"]["regulars"]
    state = say(state, "france", "ПЕРЕМЕСТИТЬ Париж")
    assert S.units(state, "paris")["france"]["regulars"] == paris + moved
    assert "relocation" not in {d.kind for d in RULES.decisions(state)}


def test_standing_capital_answers_the_relocation():
    """``STANDING relocation CAPITAL`` answers the off-turn question with the capital;
    ``DEFAULT`` with the default."""
    assert RULES.standing_kinds()["relocation"] == ("DEFAULT", "CAPITAL")
    state = later()
    put(state, "milan", "france", regulars=2)
    state = say(state, "france", "PROPOSE france hapsburg: CEDE Milan TO Hapsburg")
    state = say(state, "hapsburg", "ACCEPT 1")
    state = close(state)
    decision = asked(state, "france")
    assert RULES.answer_from_standing(state, decision, "CAPITAL") == {"verb": "RELOCATE",
                                                                       "space": "paris"}
    assert RULES.answer_from_standing(state, decision, "DEFAULT") == {"verb": "RELOCATE",
                                                                       "space": "lyon"}


def test_no_question_without_a_choice():
    """Metz is 2 from Paris and nothing French is nearer: no question."""
    state = later()
    S.set_control(state, "metz", "france")
    put(state, "metz", "france", regulars=1)
    relocation.relocate(state, "france", "metz")
    assert not state["phase_data"].get("steps")


@pytest.mark.card(73)
def test_activation_units_leave_and_the_owner_chooses():
    """§22.2 step 2 (L1832, "as in step 3"): the Hapsburgs activate Hungary-Bohemia; the
    Ottomans, at war with it, decline to declare war and their regulars leave Belgrade, for
    the default at once; the Ottomans are asked and send them to Istanbul, their capital."""
    state = order(hungary_activated(), "ottoman", "DONE")
    decision = asked(state, "ottoman")
    assert decision.kind == "relocation" and "istanbul" in decision.context["spaces"]
    default = decision.context["space"]
    assert default != "istanbul"
    there = S.units(state, default)["ottoman"]["regulars"]
    istanbul = S.units(state, "istanbul")["ottoman"]["regulars"]
    state = order(state, "ottoman", "RELOCATE Istanbul")
    assert S.units(state, "istanbul")["ottoman"]["regulars"] == istanbul + 2
    assert S.units(state, default).get("ottoman", {}).get("regulars", 0) == there - 2


def test_a_relocation_left_without_a_choice_closes_itself():
    """§9.3 L546 (bench 1517 game final1517-280): the Hapsburgs buy back Palermo and Taranto
    in one order; the Papal squadrons leaving Palermo first could go to Rome or Taranto, but
    Taranto is Hapsburg again by the end of the order: the question closes (they stay in
    Rome) instead of asking the Papacy a question with no answer."""
    state = later()
    state["wars"] = sorted(state["wars"] + [["hapsburg", "papacy"]])
    for sid in ("palermo", "taranto"):
        S.set_control(state, sid, "papacy")
    put(state, "palermo", "papacy", squadrons=2)
    state = close(state)
    state = say(state, "hapsburg", "SUE FOR PEACE WITH Papacy")
    for _ in range(2):
        decision = asked(state, "hapsburg")
        state = say(state, "hapsburg", RULES.order_text(RULES.default(state, decision)))
    rome = S.units(state, "rome").get("papacy", {}).get("squadrons", 0)
    state = say(state, "hapsburg", "BUY BACK Palermo AND Taranto WITH CARD")
    assert all(d.options.options for d in RULES.decisions(state))
    assert not any(d.kind == "relocation" for d in RULES.decisions(state))
    assert S.units(state, "rome")["papacy"]["squadrons"] == rome + 2
