"""Winter (§19): the rulebook example E17 (return home in Italy) and the other steps."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from engine.dice import Dice
from games.here_i_stand import RULES, invariants
from games.here_i_stand import state as S
from games.here_i_stand.phases import sequence, winter
from his_helpers import clear_units, fresh, order, put


def e17_state():
    """§19 L1503-1513: a turn's end in Italy.  Genoa is France's ally, Venice the
    Hapsburgs'; the Papacy, France and the Hapsburgs are all at war; Geneva is Hapsburg
    (the Alps path to Besançon), Florence Papal, and the German lands not Hapsburg."""
    state = fresh()
    clear_units(state, "milan", "genoa", "venice", "paris", "rome", "ravenna", "valladolid",
                "vienna", "besancon", "turin", "trent")
    state["wars"] = sorted([["france", "hapsburg"], ["france", "papacy"], ["hapsburg", "papacy"],
                            ["hungary", "ottoman"]])
    state["minor_allies"].update({"genoa": "france", "venice": "hapsburg"})
    S.set_control(state, "genoa", "france")
    S.set_control(state, "venice", "hapsburg")
    S.set_control(state, "geneva", "hapsburg")
    S.set_control(state, "florence", "papacy")
    # in the example's picture the Hapsburgs have no friendly road north of the Alps to their
    # capitals: give the Protestant home spaces back to their home power
    for sid in S.board().spaces_of(home="protestant"):
        S.set_control(state, sid, "protestant")
    put(state, "turin", "hapsburg", regulars=4, leaders=["charles_v"])
    put(state, "milan", "france", regulars=5, leaders=["montmorency"])
    put(state, "genoa", "genoa", regulars=2)
    put(state, "trent", "papacy", regulars=5)
    put(state, "ravenna", "papacy", regulars=1)
    state["phase"] = "action"
    sequence.enter(state, "winter", Dice("e17"))
    return state


def test_e17_destinations():
    state = e17_state()
    # Charles in Turin: Besançon over the Alps, or a capital
    dest = winter.destinations(state, "hapsburg", "turin")
    assert set(dest) == {"besancon", "valladolid", "vienna"}
    assert winter.safe_path(state, "hapsburg", "turin", "besancon")
    assert not winter.safe_path(state, "hapsburg", "turin", "valladolid")
    assert not winter.safe_path(state, "hapsburg", "turin", "vienna")
    # Montmorency and 5 in Milan: 4 may stay, the 5th must go to Paris
    must, may = winter.pending(state, "france")
    assert must == {"milan": 1}
    assert winter.safe_path(state, "france", "milan", "paris")   # via Genoa and the Gulf of Lyon
    # the Papal 5 in Trent: Rome, Ravenna or Florence, every path crossing an enemy space
    dest = winter.destinations(state, "papacy", "trent")
    assert {"rome", "ravenna", "florence"} == set(dest)
    assert not any(winter.safe_path(state, "papacy", "trent", d) for d in dest)
    # the Genoese stay home, "though one or both may return to Paris" (L1511, §22.3)
    assert winter.pending(state, "genoa") == ({}, {"genoa": 2})
    assert set(winter.destinations(state, "genoa", "genoa")) == {"paris"}
    assert S.count(state, "genoa", "genoa") == 2


def test_e17_returns():
    state = e17_state()
    state = order(state, "hapsburg", "RETURN Turin -> Besancon 4")
    assert S.count(state, "besancon", "hapsburg") == 4 and "charles_v" in S.leaders_at(state, "besancon")
    state = order(state, "papacy", "RETURN Trent -> Rome 5")
    assert S.count(state, "rome", "papacy") == 2           # 3 lost to attrition
    assert S.count(state, "trent", "papacy") == 0
    with pytest.raises(IllegalOrder):
        order(state, "france", "RETURN Milan -> Paris 6")   # only 5 are there
    state = order(state, "france", "RETURN Milan -> Paris 1")
    assert S.count(state, "milan", "france") == 4 and "montmorency" in S.leaders_at(state, "milan")
    for seat in [d.seat for d in RULES.decisions(state)]:
        if state["phase"] == "winter":
            state = order(state, seat, "DONE")
    assert state["phase"] != "winter"


def test_e17_default_plan():
    """With DONE everywhere the default plan matches the example's choices."""
    state = e17_state()
    while state["phase"] == "winter":
        seat = RULES.decisions(state)[0].seat
        state = order(state, seat, "DONE")
    assert S.count(state, "besancon", "hapsburg") == 4            # no attrition
    assert S.count(state, "trent", "papacy") == 0
    assert S.count(state, "milan", "france") == 4


def test_winter_other_steps():
    state = fresh()
    state["turn"] = 2
    state["alliances"] = [["england", "hapsburg"]]
    state["debaters"]["papacy"][0]["committed"] = True
    before = {c: S.count(state, c, S.home(c)) for c in S.board().capitals()}
    state["phase"] = "action"
    sequence.enter(state, "winter", Dice("w"))
    while state["phase"] == "winter":
        state = order(state, RULES.decisions(state)[0].seat, "DONE")
    assert state["alliances"] == []
    assert not any(d["committed"] for d in state["debaters"]["papacy"])
    for cap, n in before.items():
        assert S.count(state, cap, S.home(cap)) >= n + 1      # reinforcements
    assert 10 in state["mandatory_played"] and state["rulers"]["papacy"] == "clement_vii"


def test_naval_units_go_to_the_nearest_own_port():
    state = fresh()
    put(state, "tyrrhenian_sea", "france", squadrons=1)
    state["phase"] = "action"
    sequence.enter(state, "winter", Dice("n"))
    assert "tyrrhenian_sea" not in state["spaces"]
    assert S.count(state, "marseille", "france", ("squadrons",)) == 2


def test_the_default_return_splits_a_group_only_as_the_counters_can_show():
    """§19.3 with §5.2 L283: France's "1"s are all on the map, so its 4 regulars in Limoges
    (one "4") cannot split 3 + 1 for the single place left in Bordeaux, the nearest fortress:
    the default plan sends a split the counters can show (before, 1 went to Bordeaux and the
    stacks broke the counter mix)."""
    state = fresh()
    for rec in state["spaces"].values():
        rec.get("units", {}).pop("france", None)
    for sid in ("lyon", "marseille", "milan", "rouen"):
        put(state, sid, "france", regulars=1, mercenaries=1)
    put(state, "paris", "france", regulars=1)
    put(state, "bordeaux", "france", regulars=2, mercenaries=1)
    put(state, "limoges", "france", regulars=4)
    assert invariants.denominations(state) == []
    state["phase"] = "action"
    sequence.enter(state, "winter", Dice("counters"))
    assert winter.destinations(state, "france", "limoges")["bordeaux"] == 1
    after = order(state, "france", "DONE")
    assert invariants.denominations(after) == []
    assert S.count(after, "limoges", "france") == 0 and S.count(after, "bordeaux", "france") == 3


def test_a_default_return_the_counters_cannot_show_loses_what_they_cannot_show():
    """§19.3 with §5.2 L283: the Protestants' 2 mercenaries in Stettin must go home, the
    only fortress in reach has room for 1, and no split of them can be shown (every "1" is
    on the map or the electorate display): the default plan sends them and removes what the
    counters cannot show (a random 1532 game broke the counter mix here)."""
    state = fresh("1532")
    for rec in state["spaces"].values():
        rec.get("units", {}).pop("protestant", None)
    state["electorate_display"] = {"cologne": 1, "trier": 1, "mainz": 1, "wittenberg": 1}
    put(state, "augsburg", "protestant", regulars=1, mercenaries=3)
    put(state, "brandenburg", "protestant", regulars=1, mercenaries=2)
    put(state, "stettin", "protestant", mercenaries=2)
    S.set_control(state, "stettin", "hapsburg")
    for sid in ("augsburg", "brandenburg"):
        S.set_control(state, sid, "protestant")
    assert invariants.denominations(state) == []
    state["phase_data"] = {"done": [], "settled": {}}
    assert winter.pending(state, "protestant")[0] == {"stettin": 2}
    winter.default_plan(state, "protestant")
    assert S.count(state, "stettin", "protestant") == 0
    assert invariants.denominations(state) == []
    assert any(e["msg"] == "counter_trim" for e in state["log"])
