"""Relief of a siege as a field battle (§15.2), with the rulebook's example E9 (Calais)."""
from __future__ import annotations

from games.here_i_stand import RULES, siege
from games.here_i_stand import state as S
from his_helpers import FixedDice, asked, clear_units, fresh, into_action, log_text, order, put


def _calais_relief(inside=2, outside=6, relievers=4):
    """E9 (L966-970): Francis and 6 French regulars besiege Calais, 2 English regulars
    inside; in England's next impulse Brandon's 4 regulars in (English) Boulogne march to relieve it.
    No one holds a card (no combat-card windows)."""
    state = into_action(fresh(), "france", cp=4)
    state["wars"] = sorted(state["wars"] + [["england", "france"]])
    clear_units(state, "calais", "boulogne", "brussels")
    put(state, "calais", "england", regulars=inside)
    put(state, "calais", "france", regulars=outside, leaders=["francis_i"])
    siege.begin_siege(state, "calais", ["france"], ["england"])
    put(state, "boulogne", "england", regulars=relievers, leaders=["charles_brandon"])
    S.set_control(state, "boulogne", "england")
    state["phase_data"].update(active=S.MAJORS.index("england"), cp=4, impulse=1)
    for power in S.MAJORS:
        state["hands"][power] = []
    return state


def _relieve(state, answer, dice):
    state = order(state, "england", "MOVE Boulogne -> Calais WITH Charles Brandon 4", dice)
    if any(d.kind == "avoid" for d in RULES.decisions(state)):
        state = order(state, "france", "DONE", dice)            # the French do not avoid
    d = asked(state, "england")
    assert d.kind == "relief"
    return order(state, "england", answer, dice)


def test_e9_relief_7_dice_against_8_lost_brandon_back_to_boulogne():
    """E9: the besieged join: 6 units + Brandon = 7 dice against 6 + Francis + 1 defending
    = 8; 0 hits against 2; England loses 2 of Brandon's army, Brandon goes back to Boulogne
    with 2 units, the 2 besieged stay inside and the siege goes on."""
    dice = FixedDice(1, 2, 3, 4, 1, 2, 3, 5, 6, 1, 2, 3, 4, 1, 2)
    state = _relieve(_calais_relief(), "JOIN", dice)
    rolled = next(e for e in state["log"] if e["msg"] == "battle_roll")
    assert (rolled["attacker_dice"], rolled["defender_dice"]) == (7, 8)
    assert (rolled["attacker_hits"], rolled["defender_hits"]) == (0, 2)
    assert S.units(state, "boulogne") == {"england": {"regulars": 2}}
    assert S.leaders_at(state, "boulogne") == ["charles_brandon"]
    assert S.units(state, "calais")["england"] == {"regulars": 2}
    assert S.units(state, "calais")["france"] == {"regulars": 6}
    assert siege.siege_at(state, "calais")["besieged"] == ["england"]
    assert siege.inside(state, "calais") == 2 and siege.outside(state, "calais") == 6
    text = log_text(state["log"])
    assert "relief of Calais: England fights the besiegers, 2 besieged units join" in text
    assert "England retreated from Calais to Boulogne with 2 units" in text
    assert "only the units that were inside go back in" in text
    assert asked(state, "england").kind == "cp"


def test_relief_question_default_and_standing_orders():
    """§15.2: whether the besieged join is the relieving power's choice: by default they
    join; ``STANDING relief ALONE`` keeps them out."""
    state = _calais_relief()
    state = order(state, "england", "MOVE Boulogne -> Calais WITH Charles Brandon 4")
    d = asked(state, "england")
    assert d.kind == "relief" and d.context["units"] == 2
    assert RULES.default(state, d) == {"verb": "RELIEF", "join": True}
    assert RULES.standing_kinds()["relief"] == ("JOIN", "ALONE")
    assert RULES.answer_from_standing(state, d, "ALONE") == {"verb": "RELIEF", "join": False}
    assert RULES.parse(state, d, "одни") == {"verb": "RELIEF", "join": False}


def test_relief_alone_keeps_the_besieged_out_of_the_battle():
    """§15.2: the relieving power may keep the besieged out: 4 + Brandon = 5 dice; they are
    neither hit nor moved."""
    dice = FixedDice(*([1] * 5), 5, 5, 5, 5, 1, 1, 1, 1)
    state = _relieve(_calais_relief(), "ALONE", dice)
    rolled = next(e for e in state["log"] if e["msg"] == "battle_roll")
    assert (rolled["attacker_dice"], rolled["defender_dice"]) == (5, 8)
    assert S.units(state, "calais")["england"] == {"regulars": 2}
    assert S.count(state, "boulogne", "england") == 0           # 4 hits: all four lost
    assert S.leaders_at(state, "boulogne") == []
    assert "charles_brandon" in state["captured"]["france"]      # no relieving unit left
    assert siege.siege_at(state, "calais")


def test_relief_won_lifts_the_siege_and_the_besiegers_retreat():
    """§15.2: the relief wins (4 hits to 1): the French retreat and the siege is over."""
    dice = FixedDice(5, 5, 5, 5, 1, 1, 1, 5, *([1] * 7))
    state = _calais_relief()
    S.set_control(state, "brussels", "france")
    state = _relieve(state, "JOIN", dice)
    assert siege.siege_at(state, "calais") is None
    assert S.count(state, "calais", "france") == 0
    assert S.count(state, "brussels", "france") == 2
    assert S.units(state, "calais")["england"] == {"regulars": 5}
    assert "relief of Calais: England won (4 hits to 1)" in log_text(state["log"])


def test_relief_tie_asks_how_many_go_inside_and_breaks_the_siege():
    """§15.2 on equal hits (1 to 1): up to 4 of the 5 English survivors that fought go
    inside (the question; its default is as many as may); the fifth retreats with Brandon.
    3 besiegers left against 4 inside: the siege breaks and the French retreat (§15.3)."""
    dice = FixedDice(5, 1, 1, 1, 1, 1, 1, 5, 1, 1, 1, 1, 1)
    state = _calais_relief(outside=4)
    S.set_control(state, "brussels", "france")
    state = _relieve(state, "JOIN", dice)
    d = asked(state, "england")
    assert d.kind == "relief_inside"
    assert RULES.default(state, d) == {"verb": "GARRISON", "n": 4}
    assert RULES.standing_kinds()["relief_inside"] == ("MOST", "NONE")
    assert RULES.answer_from_standing(state, d, "NONE") == {"verb": "GARRISON", "n": 0}
    state = order(state, "england", "GARRISON 4", dice)
    assert S.units(state, "boulogne") == {"england": {"regulars": 1}}
    assert S.leaders_at(state, "boulogne") == ["charles_brandon"]
    assert S.units(state, "calais") == {"england": {"regulars": 4}}
    assert S.units(state, "brussels") == {"france": {"regulars": 3}}
    assert siege.siege_at(state, "calais") is None
    text = log_text(state["log"])
    assert "lost with equal hits (1 to 1)" in text
    assert "the siege of Calais is broken: France retreats to Brussels" in text


def test_besiegers_that_avoid_the_relief_end_the_siege():
    """§13.3 then §15.3: the French avoid Brandon's relief (6 + 6 + 1 = 13) to Brussels; no
    battle is fought and, no besieger left, the siege is over."""
    state = _calais_relief()
    S.set_control(state, "brussels", "france")
    state = order(state, "england", "MOVE Boulogne -> Calais WITH Charles Brandon 4")
    state = order(state, "france", "AVOID TO Brussels", FixedDice(6, 6))
    assert S.units(state, "brussels") == {"france": {"regulars": 6}}
    assert siege.siege_at(state, "calais") is None
    assert S.units(state, "calais") == {"england": {"regulars": 6}}
    text = log_text(state["log"])
    assert "the siege of Calais is over" in text and "field battle" not in text


def test_an_allys_relief_leaves_the_besieged_inside_out_of_the_battle():
    """§15.2: only the besieged of the relieving power's own major join; the Hapsburgs
    (allied with England) relieve Calais with 4 regulars alone: 4 dice against 8, the 2
    English regulars are neither asked for nor hit, and the Hapsburgs go back to Brussels."""
    state = _calais_relief(relievers=0)
    state["alliances"] = [["england", "hapsburg"]]
    state["wars"] = sorted(state["wars"] + [["france", "hapsburg"]])
    S.set_control(state, "brussels", "hapsburg")
    put(state, "brussels", "hapsburg", regulars=4)
    state["phase_data"]["active"] = S.MAJORS.index("hapsburg")
    dice = FixedDice(1, 1, 1, 1, 5, 5, *([1] * 6))
    state = order(state, "hapsburg", "MOVE Brussels -> Calais 4", dice)
    rolled = next(e for e in state["log"] if e["msg"] == "battle_roll")
    assert (rolled["attacker_dice"], rolled["defender_dice"]) == (4, 8)
    assert S.units(state, "calais")["england"] == {"regulars": 2}
    assert S.units(state, "brussels") == {"hapsburg": {"regulars": 2}}
    assert siege.siege_at(state, "calais")["besieged"] == ["england"]
