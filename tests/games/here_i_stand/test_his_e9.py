"""The rulebook's example E9 (siege, relief and assault of Calais, rulebook L966-972) played
in one scenario through the judge's questions, with forced dice: every stated number and
outcome is asserted.

French impulse: Francis and 6 regulars move Brussels -> Calais; Brandon's 4 regulars in
Boulogne fail to intercept (§13.2); the 2 English regulars in Calais withdraw (§13.4); 6 > 2
lays a siege (§15), and no assault is possible in the same impulse.  English impulse: Brandon
relieves Calais, the French do not avoid, the besieged join: 6 + 1 = 7 dice against 6 + 1 +
1 = 8; 0 hits against 2; Brandon goes back to Boulogne with 2 units and the besieged stay
inside (§15.2).  Next French impulse: 2 French squadrons in the North Sea against 1 English
squadron in Calais make the blockade; ceil(6 / 2) + 1 = 4 dice against 2 + 1 = 3; two hits
take Calais and the English squadron is destroyed (§15.1)."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from engine.canonical import copy_plain
from games.here_i_stand import RULES, siege
from games.here_i_stand import state as S
from his_helpers import FixedDice, asked, clear_units, fresh, into_action, log_text, no_cards
from his_helpers import order, put


def _position() -> S.State:
    state = into_action(fresh(), "france", cp=4)
    state["wars"] = sorted(state["wars"] + [["england", "france"]])
    clear_units(state, "calais", "brussels", "boulogne", "antwerp", "north_sea",
                "english_channel")
    put(state, "brussels", "france", regulars=6, leaders=["francis_i"])
    S.set_control(state, "brussels", "france")
    put(state, "boulogne", "england", regulars=4, leaders=["charles_brandon"])
    S.set_control(state, "boulogne", "england")
    put(state, "calais", "england", regulars=2, squadrons=1)
    put(state, "north_sea", "france", squadrons=2)
    return no_cards(state)


def _impulse(state: S.State, power: str, cp: int = 4) -> S.State:
    """`power`'s next impulse, with `cp` to spend (a card played for CP)."""
    state["phase_data"].update(active=S.MAJORS.index(power), cp=cp,
                               impulse=state["phase_data"]["impulse"] + 1)
    return state


def test_e9_calais_interception_withdrawal_siege_relief_blockade_assault():
    state = _position()
    # French impulse: the move, Brandon's interception fails (2d6 3 + 3 + 1 = 7 < 9)
    state = order(state, "france", "MOVE Brussels -> Calais WITH Francis I 6")
    d = asked(state, "england")
    assert d.kind == "intercept"
    state = order(state, "england", "INTERCEPT FROM Boulogne WITH Charles Brandon 4",
                  FixedDice(3, 3))
    text = log_text(state["log"])
    assert "failed to intercept" in text and "[3, 3] +1 = 7" in text
    assert S.count(state, "boulogne", "england") == 4
    if asked(state, "england").kind == "avoid":
        state = order(state, "england", "DONE")
    assert asked(state, "england").kind == "withdraw"
    state = order(state, "england", "WITHDRAW")
    assert siege.siege_at(state, "calais")["besieged"] == ["england"]
    assert (siege.outside(state, "calais"), siege.inside(state, "calais")) == (6, 2)
    with pytest.raises(IllegalOrder, match="began this impulse"):
        order(state, "france", "ASSAULT Calais")
    # English impulse: the relief, 7 dice against 8, 0 hits against 2
    state = _impulse(state, "england")
    state = order(state, "england", "MOVE Boulogne -> Calais WITH Charles Brandon 4")
    if asked(state, "france").kind == "avoid":
        state = order(state, "france", "DONE")              # the French do not avoid
    assert asked(state, "england").kind == "relief"
    state = order(state, "england", "JOIN",
                  FixedDice(1, 2, 3, 4, 1, 2, 3, 5, 6, 1, 2, 3, 4, 1, 2))
    rolled = next(e for e in state["log"] if e["msg"] == "battle_roll")
    assert (rolled["attacker_dice"], rolled["defender_dice"]) == (7, 8)
    assert (rolled["attacker_hits"], rolled["defender_hits"]) == (0, 2)
    assert S.units(state, "boulogne") == {"england": {"regulars": 2}}
    assert S.leaders_at(state, "boulogne") == ["charles_brandon"]
    assert S.units(state, "calais")["england"] == {"regulars": 2, "squadrons": 1}
    assert S.units(state, "calais")["france"] == {"regulars": 6}
    assert siege.siege_at(state, "calais")["besieged"] == ["england"]
    # next French impulse: no assault without the blockade; with it 4 dice against 3
    state = _impulse(_impulse(state, "france"), "france")
    unblockaded = copy_plain(state)
    clear_units(unblockaded, "north_sea")
    with pytest.raises(IllegalOrder, match="needs more squadrons next to it, not 0"):
        order(unblockaded, "france", "ASSAULT Calais")
    state = order(state, "france", "ASSAULT Calais", FixedDice(5, 6, 1, 2, 1, 2, 3))
    text = log_text(state["log"])
    assert "France assaulted Calais: 4 dice [5, 6, 1, 2] = 2 hits" in text
    assert "England 3 dice [1, 2, 3] = 0 hits" in text
    assert "Calais fell" in text
    assert S.controller(state, "calais") == "france"
    assert S.count(state, "calais", "england", S.KINDS) == 0          # the squadron too
    assert siege.siege_at(state, "calais") is None
