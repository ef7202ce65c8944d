"""The land war (§13.1-§14.1): moves into enemy units, interception, avoiding battle,
withdrawal, the field battle and its retreat, with the rulebook's worked examples E1, E3
and E8 as scenario tests with forced dice, one test per question and per standing order."""
from __future__ import annotations

import pytest

from engine import standing
from engine.contract import IllegalOrder
from games.here_i_stand import RULES as HIS
from games.here_i_stand import state as S
from his_helpers import FixedDice, asked, clear_units, fresh, into_action, log_text, order, put

AROUND_VIENNA = ("pressburg", "vienna", "graz", "linz", "brunn", "buda", "agram", "prague",
                 "salzburg", "innsbruck", "trieste", "mohacs", "breslau", "olmutz", "regensburg")


def vienna(hands=()) -> S.State:
    """E8's position (§13-14, rulebook L900): Suleiman, Ibrahim, 7 regulars and 1 cavalry in
    Pressburg; Charles V with 8 regulars in Graz; Ferdinand with 2 regulars in Vienna; the
    Ottomans and the Hapsburgs at war, the Ottomans to move with 2 CP."""
    state = fresh()
    for sid in list(state["spaces"]):
        if sid in AROUND_VIENNA or any(n in AROUND_VIENNA for n in S.board().neighbours(sid)):
            clear_units(state, sid)
    state["wars"] = sorted(state["wars"] + [["hapsburg", "ottoman"]])
    put(state, "pressburg", "ottoman", regulars=7, cavalry=1, leaders=["suleiman", "ibrahim"])
    put(state, "graz", "hapsburg", regulars=8, leaders=["charles_v"])
    put(state, "vienna", "hapsburg", regulars=2, leaders=["ferdinand"])
    S.set_control(state, "pressburg", "ottoman")
    into_action(state, "ottoman", cp=2)
    for p in S.MAJORS:
        state["hands"][p] = list(hands)
    return state


ROLL_E8 = ([4, 4]                                   # interception: 8 + 2 - 1 = 9
           + [5, 6, 5] + [1] * 7                    # Ottomans: 10 dice, 3 hits
           + [6, 5, 6, 5, 6] + [2] * 8)             # Hapsburgs: 13 dice, 5 hits


def test_e8_vienna_interception_battle_losses_and_retreat():
    """E8: Charles intercepts from Graz (8 + 2 - 1 = 9); 10 dice against 13, 3 hits against
    5; the Hapsburgs lose 3 regulars, the Ottomans the cavalry and 4 regulars and retreat
    with both leaders to Pressburg; Charles, Ferdinand and 7 regulars hold Vienna."""
    dice = FixedDice(*ROLL_E8)
    state = order(vienna(), "ottoman", "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8", dice)
    decision = asked(state, "hapsburg")
    assert decision.kind == "intercept"
    assert "succeeds on 9+: 41.7 %" in decision.prompt        # 2d6 >= 8: 15/36
    state = order(state, "hapsburg", "INTERCEPT FROM Graz WITH Charles V 8", dice)
    decision = asked(state, "ottoman")
    assert decision.kind == "losses"
    state = order(state, "ottoman", "LOSE 1C 4R", dice)
    assert S.units(state, "vienna") == {"hapsburg": {"regulars": 7}}
    assert sorted(S.leaders_at(state, "vienna")) == ["charles_v", "ferdinand"]
    assert S.units(state, "pressburg") == {"ottoman": {"regulars": 3}}
    assert sorted(S.leaders_at(state, "pressburg")) == ["ibrahim", "suleiman"]
    text = log_text(state["log"])
    assert "9" in text and "10" in text and "13" in text
    rolled = next(e for e in state["log"] if e["msg"] == "battle_roll")
    assert (rolled["attacker_dice"], rolled["defender_dice"]) == (10, 13)
    assert (rolled["attacker_hits"], rolled["defender_hits"]) == (3, 5)
    assert asked(state, "ottoman").kind == "cp"
