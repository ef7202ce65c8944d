"""Victory (§23): VP sources, automatic victories, standard/domination/time, tie-breaks."""
from __future__ import annotations

from engine.dice import Dice
from games.here_i_stand import state as S
from games.here_i_stand.phases import victory
from his_helpers import fresh


def test_1517_starting_vp():
    """The Scenario Book's 1517 VP: 8, 9, 9, 12, 19, 0 (scenarios/1517.yaml)."""
    assert victory.totals(fresh()) == {"ottoman": 8, "hapsburg": 9, "england": 9, "france": 12,
                                       "papacy": 19, "protestant": 0}


def test_vp_sources():
    state = fresh()
    state["chateaux_vp"] = 3
    state["piracy"]["vp"] = 2
    state["st_peters"]["vp"] = 1
    state["heirs"]["elizabeth"] = True
    state["bonus_vp"]["protestant"]["disgraced"] = 2
    for sid in ("wittenberg", "brandenburg"):
        S.set_religion(state, sid, "protestant")
        S.set_control(state, sid, "protestant")
    S.set_unrest(state, "brandenburg", True)       # unrest: no electorate VP, not Protestant
    for sid in ("london", "york", "bristol", "lincoln"):
        S.set_religion(state, sid, "protestant")
    b = victory.breakdown(state)
    assert b["france"]["special"] == 3 and b["ottoman"]["special"] == 2
    assert b["protestant"]["base"] == 2 and b["protestant"]["bonus"] == 2
    assert b["england"]["special"] == 2 + 2          # Elizabeth only; 4 Protestant home spaces
    assert S.protestant_spaces(state) == 5
    assert b["papacy"]["special"] == 14 + 1          # track at 5 spaces, St Peter's
    S.set_unrest(state, "london", True)              # a key in unrest covers a box
    assert victory.breakdown(state)["england"]["base"] == 7


def test_standard_victory_and_tie_break_by_history():
    state = fresh()
    state["turn"] = 3
    state["vp_history"] = [{"turn": 1, "vp": {"france": 14, "papacy": 12}},
                           {"turn": 2, "vp": {"france": 20, "papacy": 20}}]
    state["bonus_vp"]["france"]["x"] = 13            # 25
    state["bonus_vp"]["papacy"]["x"] = 6             # 25
    victory.enter(state, Dice("v"))
    assert state["outcome"]["winners"] == ["france"]  # tied now and on turn 2; turn 1 decides
    assert "standard" in state["outcome"]["reason"]


def test_domination_from_turn_4_and_time_victory():
    state = fresh()
    state["turn"] = 3
    state["bonus_vp"]["papacy"]["x"] = 4             # 23: 11 ahead of France
    victory.enter(state, Dice("v"))
    assert state["outcome"] is None and state["turn"] == 4
    victory.enter(state, Dice("v"))
    assert state["outcome"]["winners"] == ["papacy"] and "domination" in state["outcome"]["reason"]
    late = fresh(last_turn=6)
    late["turn"] = 6
    late["bonus_vp"]["france"]["x"] = 3              # 15: the Papacy (19) is only 4 ahead
    victory.enter(late, Dice("v"))
    assert late["outcome"]["winners"] == ["papacy"] and "time" in late["outcome"]["reason"]


def test_automatic_victories():
    state = fresh()
    for k in ("buda", "belgrade", "prague", "vienna", "venice", "naples", "genoa"):
        S.set_control(state, k, "ottoman")
    victory.check_automatic(state)
    assert state["outcome"]["winners"] == ["ottoman"] and "military" in state["outcome"]["reason"]
    state = fresh()
    for k in ("buda", "belgrade", "prague", "vienna", "venice", "naples", "genoa"):
        S.set_control(state, k, "ottoman")
    S.set_unrest(state, "genoa", True)
    victory.check_automatic(state)
    assert state["outcome"] is None
    state = fresh()
    for sid in list(S.board().spaces)[:50]:
        S.set_religion(state, sid, "protestant")
    victory.check_automatic(state)
    assert state["outcome"]["winners"] == ["protestant"]
