"""Choices the rules give the player that the judge used to make: winter attrition losses
(§19.3 L1450), the port among equally near ones (§19.3 L1438), Maurice of Saxony's
electorate (§8.2 L439)."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from engine.dice import Dice
from games.here_i_stand import RULES
from games.here_i_stand import state as S
from games.here_i_stand.phases import card_draw, sequence
from his_helpers import asked, clear_units, fresh, order, put


def winter_with(setup):
    state = fresh()
    setup(state)
    state["phase"] = "action"
    sequence.enter(state, "winter", Dice("w"))
    return state


def papal_trent(state):
    """§19 example E17's Papal group in Trent, here 3 regulars and 2 mercenaries, every
    path to a Papal fortress through an enemy space."""
    state["wars"] = sorted(state["wars"] + [["hapsburg", "papacy"]])
    S.set_control(state, "florence", "papacy")
    put(state, "trent", "papacy", regulars=3, mercenaries=2)


def test_attrition_losses_are_the_owners_choice():
    state = winter_with(papal_trent)
    state = order(state, "papacy", "RETURN Trent -> Rome 5")
    # the default losses (mercenaries first) are applied at once; the owner may re-choose
    assert S.units(state, "rome")["papacy"].get("mercenaries", 0) == 0
    d = asked(state, "papacy")
    assert d.kind == "attrition"
    vectors = set(dict(d.options.options[0].fields)["losses"].values)
    assert vectors == {(3, 0, 0), (2, 1, 0), (1, 2, 0)}
    assert RULES.default(state, d) == {"verb": "LOSE", "losses": (1, 2, 0)}
    assert RULES.parse(state, d, "LOSE 3R") == {"verb": "LOSE", "losses": (3, 0, 0)}
    assert RULES.order_text({"verb": "LOSE", "losses": (2, 1, 0)}) == "LOSE 2R 1M"
    # the other powers are still asked their own winter orders meanwhile
    assert {x.seat for x in RULES.decisions(state)} >= {"papacy", "hapsburg"}
    rome = S.count(state, "rome", "papacy")
    state = order(state, "papacy", "LOSE 3R")
    assert S.units(state, "rome")["papacy"]["mercenaries"] == 2
    assert S.count(state, "rome", "papacy") == rome                 # same total
    with pytest.raises(IllegalOrder):
        order(winter_with(papal_trent), "papacy", "LOSE 3R")       # nothing asked yet


def test_no_question_when_the_losses_leave_no_choice():
    def regulars_only(state):
        papal_trent(state)
        clear_units(state, "trent")
        put(state, "trent", "papacy", regulars=5)
    state = order(winter_with(regulars_only), "papacy", "RETURN Trent -> Rome 5")
    assert asked(state, "papacy").kind == "winter"


def test_equally_near_ports_are_the_owners_choice():
    state = winter_with(lambda s: put(s, "english_channel", "france", squadrons=2))
    d = asked(state, "france")
    assert d.kind == "ports" and S.count(state, "english_channel", "france", ("squadrons",)) == 2
    splits = dict(d.options.options[0].fields)["split"].values
    assert (("boulogne", 1), ("brest", 1)) in splits and (("rouen", 2),) in splits
    assert RULES.default(state, d) == {"verb": "PORTS", "split": (("boulogne", 2),)}
    parsed = RULES.parse(state, d, "PORTS Brest 1, Rouen 1")
    assert parsed == {"verb": "PORTS", "split": (("brest", 1), ("rouen", 1))}
    assert RULES.parse(state, d, RULES.order_text(parsed)) == parsed
    before = {p: S.count(state, p, "france", ("squadrons",)) for p in ("brest", "rouen")}
    state = order(state, "france", "PORTS Brest 1, Rouen 1")
    assert "english_channel" not in state["spaces"]
    assert {p: S.count(state, p, "france", ("squadrons",)) for p in before} == \
        {p: n + 1 for p, n in before.items()}


def test_maurice_of_saxony_enters_where_the_protestants_choose():
    state = fresh()
    state["turn"] = 6
    for sid in ("mainz", "wittenberg"):
        S.set_control(state, sid, "protestant")
    state["phase"] = "new_world"
    sequence.enter(state, "card_draw", Dice("cd"))
    d = asked(state, "protestant")
    assert d.kind == "maurice"
    assert set(dict(d.options.options[0].fields)["space"].values) == {"mainz", "wittenberg"}
    assert RULES.default(state, d) == {"verb": "ENTER", "space": card_draw.maurice_spots(state)[0]}
    state = order(state, "protestant", "ENTER Mainz")
    assert S.where_is(state, "maurice_of_saxony") == "mainz"
    assert state["phase"] != "card_draw"
    # one electorate: no question
    s2 = fresh()
    s2["turn"] = 6
    S.set_control(s2, "wittenberg", "protestant")
    s2["phase"] = "new_world"
    sequence.enter(s2, "card_draw", Dice("cd"))
    assert S.where_is(s2, "maurice_of_saxony") == "wittenberg"
    assert not RULES.decisions(s2) or s2["phase"] != "card_draw"
