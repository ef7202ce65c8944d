"""Action phase (§11) and CP actions (§12, §13, §17)."""
from __future__ import annotations

import re

import pytest

from engine.canonical import copy_plain
from engine.contract import IllegalOrder
from engine.dice import Dice
from games.here_i_stand import RULES, cp_actions, events, facts, tables
from games.here_i_stand import state as S
from games.here_i_stand.phases import action
from his_helpers import MAJORS, asked, fresh, into_action, order, put

MOVE_CARD = 65   # A Mighty Fortress, 4 CP


def test_impulse_options_and_pass_rules():
    state = into_action(fresh(), "france", hand=[4, 65])
    decision = asked(state, "france")
    verbs = [o.verb for o in decision.options.options]
    assert "PASS" not in verbs                       # home card unplayed
    assert action.pass_problem(state, "france").startswith("you still hold your home card")
    state["hands"]["france"] = [65, 66]
    assert "more than your ruler" in action.pass_problem(state, "france")   # admin 1
    state["hands"]["france"] = [65]
    assert action.pass_problem(state, "france") is None
    state["hands"]["france"] = [10]                  # a mandatory event
    assert "mandatory" in action.pass_problem(state, "france")


def test_play_for_cp_then_actions_then_done():
    state = into_action(fresh(), "france", hand=[65, 66])
    state = order(state, "france", "PLAY A Mighty Fortress FOR CP")
    assert state["phase_data"]["cp"] == facts.card(65).cp
    assert 65 in state["discard"]
    assert asked(state, "france").kind == "cp"
    state = order(state, "france", "MOVE Paris -> Dijon WITH Montmorency 3")
    assert asked(state, "hapsburg").kind == "intercept"     # from Besancon, at war (§13.2)
    state = order(state, "hapsburg", "DONE")
    assert S.count(state, "dijon", "france") == 3 and state["phase_data"]["cp"] == 3
    state = order(state, "france", "BUILD MERCENARY IN Paris")
    assert S.count(state, "paris", "france") == 2
    state = order(state, "france", "DONE")
    assert state["phase_data"]["cp"] is None and asked(state, "papacy").kind == "impulse"


#: Why a card with no impulse event is refused as one: the rule that puts it elsewhere.
ELSEWHERE = {"event_combat": "§6.1 L333", "event_response_window": "§6.1 L329",
             "informant_phase": "§6.1 L343-348", "theses_turn_one": "§18.1 L1131"}


@pytest.fixture(scope="module")
def base():
    return fresh()


@pytest.mark.parametrize("number", range(1, 111))
def test_no_card_is_refused_as_not_yet_implemented(base, number):
    """The whole deck (§6 L313): every card resolves as an impulse's event (`tables.EVENTS`)
    or is played elsewhere (`tables.USES`: combat and response windows, other phases) and is
    then refused in an impulse with the rule that says where — never "not yet implemented"."""
    card = facts.card(number)
    power = card.powers[0] if card.powers else \
        next(p for p in MAJORS if p not in card.not_playable_by)
    state = into_action(copy_plain(base), power, hand=[number], responses=True)
    why = events.playable_as_event(state, power, number)
    assert why is None or why.code != "event_not_implemented", why
    assert number in tables.EVENTS or number in tables.USES, f"#{number} is played nowhere"
    if number not in tables.EVENTS:
        assert why is not None and why.code in ELSEWHERE and ELSEWHERE[why.code] in why, why
        with pytest.raises(IllegalOrder, match=re.escape(ELSEWHERE[why.code])):
            order(state, power, f"PLAY {number} AS EVENT")


@pytest.mark.card(10)
def test_mandatory_ruler_change_then_2_cp():
    state = into_action(fresh(), "hapsburg", hand=[10, 65])
    with pytest.raises(IllegalOrder, match="mandatory"):
        order(state, "hapsburg", "PLAY 10 FOR CP")
    state = order(state, "hapsburg", "PLAY Clement VII AS EVENT")
    assert state["rulers"]["papacy"] == "clement_vii"
    assert state["phase_data"]["cp"] == 2 and 10 in state["removed"]


@pytest.mark.card(9, 14, 16, 18, 19, 20, 21, 22, 23)
@pytest.mark.parametrize("card, check", [
    (20, lambda s: s["rulers"]["france"] == "henry_ii" and "henry_ii" in S.leaders_at(s, "paris")),
    (16, lambda s: s["rulers"]["protestant"] == "calvin"),
    (19, lambda s: s["rulers"]["england"] == "edward_vi" and "dudley" in S.leaders_at(s, "london")),
    (21, lambda s: s["rulers"]["england"] == "mary_i"),
    (23, lambda s: s["rulers"]["england"] == "elizabeth_i"),
    (14, lambda s: s["rulers"]["papacy"] == "paul_iii"),
    (22, lambda s: s["rulers"]["papacy"] == "julius_iii"),
    (18, lambda s: S.where_is(s, "dragut") is not None),
    (9, lambda s: "algiers" not in s["out_of_play"] and S.count(s, "algiers", "ottoman", ("corsairs",)) == 2),
])
def test_ruler_change_events(card, check):
    state = into_action(fresh(), "ottoman", hand=[card])
    state = order(state, "ottoman", f"PLAY {card} AS EVENT")
    assert check(state)


def test_consecutive_passes_end_the_phase():
    state = into_action(fresh(), "ottoman")
    for p in MAJORS:
        state["hands"][p] = []
    state["hands"]["ottoman"] = [65]
    state = order(state, "ottoman", "PASS")
    # everyone else has an empty hand and passes automatically; the phase ends
    assert state["phase"] not in ("action",)


def test_empty_hands_pass_without_being_asked():
    state = into_action(fresh(), "ottoman")
    for p in MAJORS:
        state["hands"][p] = []
    state["hands"]["papacy"] = [65]
    state["hands"]["ottoman"] = [66]
    state = order(state, "ottoman", "PASS")
    assert asked(state, "papacy").kind == "impulse"


def test_default_orders():
    state = into_action(fresh(), "france", hand=[4, 65, 66])
    d = asked(state, "france")
    assert RULES.default(state, d) == {"verb": "PLAY", "card": 66, "mode": "cp"} or \
        facts.card(RULES.default(state, d)["card"]).cp == min(facts.card(n).cp for n in (4, 65, 66))
    state = into_action(fresh(), "france", hand=[65])
    assert RULES.default(state, asked(state, "france")) == {"verb": "PASS"}
    state = into_action(fresh(), "france", cp=3, hand=[65])
    assert RULES.default(state, asked(state, "france")) == {"verb": "DONE"}


def test_move_rules():
    state = into_action(fresh(), "france", cp=4, hand=[])
    put(state, "paris", "france", regulars=2)
    with pytest.raises(IllegalOrder, match="at most 4"):
        order(state, "france", "MOVE Paris -> Dijon 5")       # no leader: 4 units (§5.1)
    order(state, "france", "MOVE Paris -> Dijon WITH Montmorency 5")
    with pytest.raises(IllegalOrder, match="not adjacent"):
        order(state, "france", "MOVE Paris -> Lyon 1")
    # no army enters an electorate before the Schmalkaldic League (§21.6)
    s2 = into_action(fresh(), "hapsburg", cp=4)
    put(s2, "liege", "hapsburg", regulars=2)
    with pytest.raises(IllegalOrder, match="electorate"):
        order(s2, "hapsburg", "MOVE Liege -> Cologne 2")
    # enemy units: an attack (§13.1); the Hapsburg regular in Navarre may avoid (§13.3)
    s3 = into_action(fresh(), "france", cp=4)
    s3 = order(s3, "france", "MOVE Bordeaux -> Navarre 2")
    assert asked(s3, "hapsburg").kind == "avoid"
    # multi-step moves pay per step
    s4 = into_action(fresh(), "france", cp=4)
    with pytest.raises(IllegalOrder, match="intercepted"):     # Besancon's Hapsburgs (§13.2)
        order(s4, "france", "MOVE Paris -> Dijon -> Lyon WITH Francis I, Montmorency 4")
    s4["wars"] = [w for w in s4["wars"] if "france" not in w]
    s4 = order(s4, "france", "MOVE Paris -> Dijon -> Lyon WITH Francis I, Montmorency 4")
    assert S.count(s4, "lyon", "france") == 5 and s4["phase_data"]["cp"] == 2
    assert cp_actions.move_cost("turin", "grenoble") == 2   # a pass costs 2 CP


def test_move_options_are_exact():
    state = into_action(fresh(), "hapsburg", cp=2)
    decision = asked(state, "hapsburg")
    n = 0
    for option in decision.options.options:
        if option.verb != "MOVE":
            continue
        for o in list(option.orders())[:3]:
            RULES.apply(into_action(fresh(), "hapsburg", cp=2), "hapsburg", o, Dice("x"))
            n += 1
    assert n > 10


def test_control_unfortified_and_line_of_communication():
    state = into_action(fresh(), "france", cp=4)
    S.set_control(state, "orleans", "hapsburg")          # an enemy unfortified space
    assert cp_actions.control_problem(state, "france", "orleans") is None   # next to Paris
    state = order(state, "france", "CONTROL Orléans")
    assert S.controller(state, "orleans") == "france"
    assert "control" not in state["spaces"].get("orleans", {})   # back to its home power
    with pytest.raises(IllegalOrder, match="fortified"):
        order(state, "france", "CONTROL Metz")
    # an adjacent enemy land unit blocks case (b)
    s2 = into_action(fresh(), "france", cp=4)
    S.set_control(s2, "orleans", "hapsburg")
    put(s2, "tours", "hapsburg", regulars=1)
    assert "no enemy land units" in cp_actions.control_problem(s2, "france", "orleans")
    # case (a): own units inside are enough
    put(s2, "orleans", "france", regulars=1)
    assert cp_actions.control_problem(s2, "france", "orleans") is None


def test_no_line_of_communication_no_control():
    state = into_action(fresh(), "france", cp=4)
    # French units alone deep in independent Italy, cut off from any French fortress
    put(state, "siena", "france", regulars=2)
    S.set_control(state, "turin", "independent")
    for sid in ("milan", "genoa", "florence"):
        S.set_control(state, sid, "independent")
    problem = cp_actions.control_problem(state, "france", "siena")
    assert problem and "line of communication" in problem


def test_remove_unrest_and_build_limits():
    state = into_action(fresh(), "france", cp=4)
    S.set_unrest(state, "orleans", True)
    state = order(state, "france", "REMOVE UNREST Orleans")
    assert not S.in_unrest(state, "orleans")
    S.set_unrest(state, "dijon", True)      # Hapsburg Besançon is next door: no removal
    with pytest.raises(IllegalOrder, match="no enemy land units"):
        order(state, "france", "REMOVE UNREST Dijon")
    with pytest.raises(IllegalOrder, match="not a home space"):
        order(state, "france", "BUILD REGULAR IN Milan")
    with pytest.raises(IllegalOrder, match="cannot build"):
        order(state, "france", "BUILD CAVALRY IN Paris")
    s2 = into_action(fresh(), "protestant", cp=4)
    assert not cp_actions.build_units(s2, "protestant")     # before the League
    with pytest.raises(IllegalOrder):
        order(s2, "protestant", "MOVE Wittenberg -> Leipzig 1")


def test_auto_victory_check_after_actions():
    state = into_action(fresh(), "papacy", cp=1)
    for k in ("florence", "siena", "genoa", "venice", "milan"):
        S.set_control(state, k, "papacy")
    # Papacy keys: Rome, Ravenna + Florence, Genoa, Venice, Milan = 6; one more wins
    S.set_control(state, "naples", "papacy")
    S.set_control(state, "st_dizier", "hapsburg")
    from games.here_i_stand.phases import victory
    victory.check_automatic(state)
    assert state["outcome"]["winners"] == ["papacy"]
