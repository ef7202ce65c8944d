"""Inactive minors' fixed behaviour (§22.1, §22.6) and the defeat of Hungary-Bohemia (§22.5)."""
from __future__ import annotations

from games.here_i_stand import minors, siege
from games.here_i_stand import state as S
from his_helpers import FixedDice, clear_units, fresh, into_action, log_text, no_cards, order, put


def test_inactive_minor_answers():
    state = fresh()                      # Buda: 5 Hungarian regulars, Belgrade: 1 (1517)
    assert minors.is_inactive(state, "hungary") and minors.is_inactive(state, "independent")
    assert minors.inactive_choice(state, "intercept", "buda", "hungary") is False
    assert minors.inactive_choice(state, "avoid", "belgrade", "hungary") is False
    assert minors.inactive_choice(state, "withdraw", "belgrade", "hungary") is True
    assert minors.inactive_choice(state, "withdraw", "buda", "hungary") is False
    assert minors.inactive_choice(state, "fight", "buda", "hungary") is True
    assert minors.inactive_choice(state, "retreat_inside", "buda", "hungary") == 4
    state["minor_allies"]["venice"] = "papacy"
    assert not minors.is_inactive(state, "venice")


def test_inactive_minor_keeps_4_inside_after_a_lost_battle():
    state = fresh()
    put(state, "buda", "hungary", regulars=2)                           # 7 there
    assert minors.after_lost_battle(state, "buda", "hungary") == 3
    assert S.count(state, "buda", "hungary") == 4
    assert "beyond the 4" in log_text(state["log"][-1:])


def test_hungary_defeated_after_the_fall_of_belgrade():
    """§22.5: not the Hapsburgs' ally, the Ottomans hold a Hungarian key and 4 or fewer
    Hungarian regulars are left: the Hapsburgs intervene, Hungary becomes their ally, the
    Ottomans win 2 VP."""
    state = no_cards(into_action(fresh(), "ottoman", cp=2))
    S.add_units(state, "buda", "hungary", "regulars", -3)               # 2 + 1 + 1 = 4
    clear_units(state, "szegedin")
    put(state, "belgrade", "ottoman", regulars=4, leaders=["ibrahim"])
    siege.begin_siege(state, "belgrade", ["ottoman"], ["hungary"])
    state["phase_data"]["impulse"] += 6
    state = order(state, "ottoman", "ASSAULT Belgrade", FixedDice(5, 1, 1, 1))
    assert S.controller(state, "belgrade") == "ottoman"
    assert state["hungary_defeated"] and state["minor_allies"]["hungary"] == "hapsburg"
    assert S.at_war(state, "ottoman", "hapsburg")
    assert state["bonus_vp"]["ottoman"]["hungary"] == 2
    assert "Hungary-Bohemia is defeated" in log_text(state["log"])
