"""Phase-by-phase checks: the turn sequence, the diplomacy placeholder, Henry VIII's
marriages and pregnancy chart (§21.3), the chateaux (§21.4)."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from engine.dice import Dice
from games.here_i_stand import RULES, events, henry_viii
from games.here_i_stand import state as S
from games.here_i_stand.phases import TURN_PHASES, sequence
from his_helpers import asked, fresh, into_action, order, log_text


class FixedDice(Dice):
    """Dice that roll the given values in turn."""

    def __init__(self, *values):
        super().__init__("fixed")
        self.values = list(values)

    def d6(self):
        return self.values.pop(0)


def test_turn_sequence_phases():
    state = fresh()
    assert state["phase"] == "diplomacy" and state["turn"] == 1
    assert "T1 Luther's 95 Theses" in log_text(state["log"])
    state["turn"] = 2
    state["phase"] = "victory"
    assert sequence.next_phase(state) == "card_draw"
    state["phase"] = "diplomacy"
    assert sequence.next_phase(state) == "spring_deployment"   # no Diet of Worms after turn 1
    assert TURN_PHASES[0] == "luther_95_theses"


def test_diplomacy_turn_one_asks_england_france_hapsburg_done():
    state = fresh()
    decisions = RULES.decisions(state)
    assert sorted(d.seat for d in decisions) == ["england", "france", "hapsburg"]   # §7
    assert all(d.kind == "negotiate" and d.clock == "negotiation" for d in decisions)
    ids = {d.seat: d.id for d in decisions}
    state = order(state, "france", "DONE")
    assert {d.seat: d.id for d in RULES.decisions(state)} == {p: i for p, i in ids.items()
                                                              if p != "france"}
    with pytest.raises(IllegalOrder, match="not asked"):
        RULES.apply(state, "france", {"verb": "DONE"}, Dice("x"))   # no longer asked


@pytest.mark.card(3)
def test_six_wives_marriage_and_pregnancy():
    state = into_action(fresh(), "england", hand=[3])
    turn1 = order(state, "england", "PLAY 3 AS EVENT")         # turn 1: only the war half
    assert asked(turn1, "england").options.verbs() == ["DECLARE_WAR"]
    with pytest.raises(IllegalOrder):
        order(turn1, "england", "MARRY")
    state["turn"] = 2
    state = order(state, "england", "PLAY 3 AS EVENT")
    state = order(state, "england", "MARRY")
    assert state["marital"] == "ask_for_divorce" and state["pregnancy"] == []
    work = into_action(state, "england", hand=[3])
    state["home_used"] = []
    henry_viii.advance_marriage(work, FixedDice(4))
    assert work["marital"] == "anne_boleyn" and work["heirs"]["elizabeth"]
    assert work["english_reformation_turn"] == 3
    henry_viii.advance_marriage(work, FixedDice(3))            # Jane Seymour: 3 + 1 = 4, taken -> 5
    assert work["marital"] == "jane_seymour" and work["pregnancy"] == [4, 5]
    assert work["heirs"]["edward"] == "sickly"


def test_pregnancy_result_3_extra_advance_after_an_english_pass():
    state = into_action(fresh(), "england", hand=[])
    state["turn"] = 2
    state["marital"] = "ask_for_divorce"
    henry_viii.advance_marriage(state, FixedDice(3))
    assert state["pregnancy_extra"]
    state["hands"]["england"] = [65]
    state = order(state, "england", "PASS", FixedDice(6))
    assert state["marital"] == "jane_seymour" and state["heirs"]["edward"] == "healthy"


def test_catherine_parr_and_blocked_track():
    state = fresh()
    state["marital"] = "catherine_howard"
    hand = len(state["hands"]["england"])
    henry_viii.advance_marriage(state, FixedDice(1))
    assert state["heirs"]["edward"] and state["heirs"]["elizabeth"]
    assert henry_viii.marital_blocked(state)
    state = fresh()
    state["marital"] = "anne_of_cleves"
    henry_viii.advance_marriage(state, FixedDice(1))            # Catherine Howard: draw a card
    assert len(state["hands"]["england"]) == hand + 1


@pytest.mark.card(4)
@pytest.mark.parametrize("roll, milan, gained", [(3, False, 1), (2, False, 0), (1, True, 1)])
def test_chateaux(roll, milan, gained):
    state = into_action(fresh(), "france", hand=[4])
    if not milan:
        S.set_control(state, "milan", "independent")
    state = order(state, "france", "PLAY Patron of the Arts AS EVENT", FixedDice(roll))
    assert state["chateaux_vp"] == gained
    assert 4 in state["home_used"]


@pytest.mark.card(4)
def test_chateaux_needs_francis_and_caps_at_6():
    state = into_action(fresh(), "france", hand=[4, 65])
    state["chateaux_vp"] = 6
    assert events.playable_as_event(state, "france", 4)
    state["chateaux_vp"] = 0
    state["rulers"]["france"] = "henry_ii"
    assert events.playable_as_event(state, "france", 4)


def test_phases_that_never_ask_write_no_question_functions():
    """A question with nothing to ask settles itself: Victory Determination (§23) asks only
    queued questions (Copernicus, Servetus: `choices.decisions`), nothing when no domination
    is to be stopped."""
    from games.here_i_stand import choices
    from games.here_i_stand.phases import victory
    assert victory.decisions is choices.decisions
