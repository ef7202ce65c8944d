"""Allied minor powers (§22.3, §5.1): their units move in their major's armies, their major
builds their regulars (and Genoese, Scottish, Venetian squadrons) and sends them home in
Winter; spring deployment takes them from the capital."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from engine.dice import Dice
from games.here_i_stand import RULES, cp_actions, grammar
from games.here_i_stand import state as S
from games.here_i_stand.phases import sequence, winter
from his_helpers import asked, clear_units, fresh, into_action, order, put


def genoa_allied(cp=4):
    """France with Genoa as its activated ally (§22.2), 1 French regular in Genoa."""
    state = into_action(fresh(), "france", cp=cp, hand=[])
    state["minor_allies"]["genoa"] = "france"
    state["alliances"] = sorted(state["alliances"] + [["france", "genoa"]])
    put(state, "genoa", "france", regulars=1)
    return state


def test_an_army_mixes_a_major_and_its_allied_minor():
    state = genoa_allied()
    stacks, _ = cp_actions.army_at(state, "france", "genoa")
    assert stacks == {"france": {"regulars": 1}, "genoa": {"regulars": 2}}
    # three units, no leader: own regulars first, then the Genoese
    state = order(state, "france", "MOVE Genoa -> Pavia 3")
    assert S.count(state, "pavia", "france") == 1 and S.count(state, "pavia", "genoa") == 2
    assert S.count(state, "genoa", "genoa") == 0
    # an explicit mix: the letter of the minor (G) picks its regulars
    state = genoa_allied()
    state = order(state, "france", "MOVE Genoa -> Pavia 1G")
    assert S.count(state, "pavia", "genoa") == 1 and S.count(state, "pavia", "france") == 0
    # the army limit counts both (4 without a leader, §5.1)
    state = genoa_allied()
    put(state, "genoa", "france", regulars=2)
    with pytest.raises(IllegalOrder, match="at most 4"):
        order(state, "france", "MOVE Genoa -> Pavia 5")
    # a multi-step move carries the same units on
    state = genoa_allied()
    state = order(state, "france", "MOVE Genoa -> Pavia -> Modena 1R 1G")
    state = order(state, "papacy", "DONE")      # may intercept from Ravenna (§13.2, 1517 wars)
    assert S.count(state, "modena", "france") == 1 and S.count(state, "modena", "genoa") == 1
    assert S.count(state, "pavia", "genoa") == 0


def test_never_two_majors_and_only_own_allied_minors():
    state = genoa_allied()
    state["alliances"] = sorted(state["alliances"] + [["england", "france"]])
    put(state, "genoa", "england", regulars=2)
    stacks, _ = cp_actions.army_at(state, "france", "genoa")
    assert "england" not in stacks                       # an allied major never joins (§5.1)
    # Venice is not France's ally: its units stay out of French armies
    with pytest.raises(IllegalOrder):
        order(state, "france", "MOVE Genoa -> Pavia 1V")
    # the Hapsburgs move Venetian units alone once Venice is their ally
    s2 = into_action(fresh(), "hapsburg", cp=2, hand=[])
    s2["minor_allies"]["venice"] = "hapsburg"
    s2 = order(s2, "hapsburg", "MOVE Venice -> Trieste 2")
    assert S.count(s2, "trieste", "venice") == 2


def test_move_options_with_minor_units_are_exact():
    state = genoa_allied(cp=2)
    decision = asked(state, "france")
    from_genoa = [o for o in decision.options.options if o.verb == "MOVE"
                  and dict(o.fields)["from"].values == ("genoa",)]
    assert from_genoa
    for option in from_genoa:
        units = dict(option.fields)["units"]
        assert units.high == 3                           # 1 French + 2 Genoese, no leader
        for o in option.orders():
            text = RULES.order_text(o)
            assert RULES.parse(state, decision, text) == o
            RULES.apply(genoa_allied(cp=2), "france", o, Dice("x"))


def test_mix_text_round_trip():
    o = grammar.parse_move("MOVE", "Genoa -> Pavia 2R 1M 3G")
    assert o["mix"] == (2, 1, 0) and o["allied"] == (("genoa", 3),) and o["units"] == 6
    assert grammar.order_text(o) == "MOVE genoa -> pavia 2R 1M 3G"
    o = grammar.parse_move("MOVE", "Venice -> Trieste 2V")
    assert o["mix"] == (0, 0, 0) and o["allied"] == (("venice", 2),)
    assert grammar.parse_move("MOVE", grammar.order_text(o)[5:]) == o
    with pytest.raises(IllegalOrder, match="makes 3"):
        grammar.parse_move("MOVE", "Genoa -> Pavia 4 1R 2G")


def test_minor_units_count_for_control():
    state = into_action(fresh(), "hapsburg", cp=2, hand=[])
    state["minor_allies"]["venice"] = "hapsburg"
    clear_units(state, "venice")
    put(state, "modena", "venice", regulars=1)
    state["wars"] = sorted(state["wars"] + [["hapsburg", "papacy"]])
    S.set_control(state, "modena", "papacy")
    assert cp_actions.control_problem(state, "hapsburg", "modena") is None
    state = order(state, "hapsburg", "CONTROL Modena")
    assert S.controller(state, "modena") == "hapsburg"


def test_major_builds_its_allied_minors_regulars_and_squadrons():
    state = genoa_allied()
    state = order(state, "france", "BUILD REGULAR IN Genoa")
    assert S.count(state, "genoa", "genoa") == 3 and S.count(state, "genoa", "france") == 1
    assert state["phase_data"]["cp"] == 2
    with pytest.raises(IllegalOrder, match="only regulars"):
        order(state, "france", "BUILD MERCENARY IN Genoa")
    problem = cp_actions.build_problem(state, "france", "squadron", "genoa")
    assert problem and "naval counters" in problem            # Genoa's one squadron is out
    S.add_units(state, "genoa", "genoa", "squadrons", -1)
    state = order(state, "france", "BUILD SQUADRON IN Genoa")
    assert S.count(state, "genoa", "genoa", ("squadrons",)) == 1
    # Bastia is a Genoese home space too; not a minor France is not allied with
    assert cp_actions.build_problem(state, "france", "regular", "venice")
    options = [o for o in asked(genoa_allied(), "france").options.options if o.verb == "BUILD"]
    regular = next(o for o in options if dict(o.fields)["unit"].values == ("regular",))
    assert {"genoa", "bastia", "paris"} <= set(dict(regular.fields)["space"].values)
    # Hungary-Bohemia has no fleet
    s2 = into_action(fresh(), "hapsburg", cp=4, hand=[])
    s2["minor_allies"]["hungary"] = "hapsburg"
    assert cp_actions.build_units(s2, "hapsburg", "hungary") == ["regular"]
    s2 = order(s2, "hapsburg", "BUILD REGULAR IN Buda")
    assert S.count(s2, "buda", "hungary") >= 1


def test_spring_deployment_takes_allied_minor_units_from_the_capital():
    state = fresh()
    state["minor_allies"]["genoa"] = "france"
    put(state, "paris", "genoa", regulars=2)
    state["phase"] = "diplomacy"
    sequence.enter(state, "spring_deployment", Dice("s"))
    while asked_seat(state) != "france" or asked(state, "france").kind != "deploy":
        seat = asked_seat(state)       # the spring cards window first (DONE), then PASS
        state = order(state, seat, "DONE" if asked(state, seat).kind == "spring_cards"
                      else "PASS")
    state = order(state, "france", "MOVE Paris -> Dijon 2R 2G")
    assert S.count(state, "dijon", "genoa") == 2 and S.count(state, "dijon", "france") == 2


def asked_seat(state):
    return RULES.decisions(state)[0].seat


def test_winter_major_sends_its_minors_home():
    state = fresh()
    state["minor_allies"]["venice"] = "hapsburg"
    put(state, "modena", "venice", regulars=2)
    state["phase"] = "action"
    sequence.enter(state, "winter", Dice("w"))
    decision = asked(state, "hapsburg")
    venetian = [o for o in decision.options.options
                if o.verb == "RETURN" and "power" in dict(o.fields)]
    assert {dict(o.fields)["to"].values[0] for o in venetian} >= {"venice"}
    text = "RETURN Modena -> Venice 2 FOR Venice"
    parsed = RULES.parse(state, decision, text)
    assert parsed == {"verb": "RETURN", "from": "modena", "to": "venice", "units": 2,
                      "power": "venice"}
    assert RULES.parse(state, decision, RULES.order_text(parsed)) == parsed
    with pytest.raises(IllegalOrder):
        order(state, "france", "RETURN Modena -> Venice 2 FOR Venice")
    state = order(state, "hapsburg", text)
    assert S.count(state, "venice", "venice") == 4 and S.count(state, "modena", "venice") == 0
    # DONE sends whatever is left of the minors' units by the default plan
    s2 = fresh()
    s2["minor_allies"]["venice"] = "hapsburg"
    put(s2, "modena", "venice", regulars=1)
    s2["phase"] = "action"
    sequence.enter(s2, "winter", Dice("w"))
    while s2["phase"] == "winter":
        s2 = order(s2, asked_seat(s2), "DONE")
    assert S.count(s2, "modena", "venice") == 0
    assert winter.pending(s2, "venice")[0] == {}
