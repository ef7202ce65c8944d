"""Leaders moving without units (§13.1 L784): any distance for one move action, never into
or through enemy-controlled or enemy-occupied spaces."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from games.here_i_stand import state as S
from his_helpers import log_text, order, put
from test_his_land_war import vienna


def _hapsburg(cp=2):
    """E8's map (`vienna`) in the Hapsburgs' impulse: Ferdinand and 2 regulars in Vienna."""
    state = vienna()
    state["phase_data"].update(active=S.MAJORS.index("hapsburg"), cp=cp)
    return state


def test_a_lone_leader_goes_any_distance_for_one_cp():
    """Ferdinand alone from Vienna to Innsbruck (three steps) costs one move: 1 CP."""
    state = order(_hapsburg(), "hapsburg", "MOVE Vienna -> Innsbruck WITH Ferdinand 0")
    assert S.where_is(state, "ferdinand") == "innsbruck"
    assert S.count(state, "vienna", "hapsburg") == 2
    assert state["phase_data"]["cp"] == 1
    assert "Vienna → Linz → Salzburg → Innsbruck" in log_text(state["log"])


def test_a_route_over_a_pass_costs_two_and_the_player_may_write_the_route():
    """Trent is reached only over the Innsbruck-Trent pass: 2 CP; a written route is kept."""
    state = order(_hapsburg(cp=3), "hapsburg",
                  "MOVE Vienna -> Linz -> Salzburg -> Innsbruck -> Trent WITH Ferdinand 0")
    assert S.where_is(state, "ferdinand") == "trent"
    assert state["phase_data"]["cp"] == 1
    with pytest.raises(IllegalOrder, match="costs 2 CP and 1 are left"):
        order(_hapsburg(cp=1), "hapsburg", "MOVE Vienna -> Trent WITH Ferdinand 0")


def test_lone_leaders_never_pass_through_enemy_spaces():
    """Never through a space holding enemy units or controlled by an enemy: with Ottomans in
    Linz the written route through it is refused, and the route found goes around (Graz is
    also blocked: no way to Salzburg is left)."""
    state = _hapsburg()
    put(state, "linz", "ottoman", regulars=1)
    with pytest.raises(IllegalOrder, match="enemy"):
        order(state, "hapsburg", "MOVE Vienna -> Linz -> Salzburg WITH Ferdinand 0")
    S.set_control(state, "graz", "ottoman")
    with pytest.raises(IllegalOrder, match="cannot reach Salzburg"):
        order(state, "hapsburg", "MOVE Vienna -> Salzburg WITH Ferdinand 0")
