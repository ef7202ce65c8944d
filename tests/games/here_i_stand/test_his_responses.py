"""#31 Foul Weather and #32 Gout answering a declared move or assault (§13.1 step 4, §15.1
step 2, the card texts): the window, the cancelled action with 1 CP lost, and the effects
that last the impulse."""
from __future__ import annotations

import pytest

from engine import standing
from engine.contract import IllegalOrder
from games.here_i_stand import RULES as HIS
from games.here_i_stand import state as S
from his_helpers import FixedDice, asked, clear_units, fresh, into_action, log_text, order, put
from test_his_land_war import vienna
from test_his_sieges import _calais, _next_french_impulse


def _holding(state, power, *cards):
    """`power` holds `cards` (set aside by the helpers, `no_responses`)."""
    for card in cards:
        state["removed"].remove(card)
    state["hands"][power] = sorted(state["hands"][power] + list(cards))
    return state


MOVE = "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8"


@pytest.mark.card(31)
def test_foul_weather_cancels_the_move_one_cp_lost_and_lasts_the_impulse():
    """The Ottomans declare the E8 move (1 CP of 2); France plays Foul Weather: the army
    stays in Pressburg, 1 CP is left; no MOVE along a route and no assault this impulse, and
    units that moved one space stay there."""
    state = _holding(vienna(), "france", 31)
    state["phase_data"]["cp"] = 4
    state = order(state, "ottoman", MOVE)
    d = asked(state, "france")
    assert d.kind == "response" and d.private
    assert [o.example for o in d.options.options] == ["DONE", "PLAY 31"]
    state = order(state, "france", "PLAY Foul Weather")
    assert S.count(state, "pressburg", "ottoman") == 8
    assert state["phase_data"]["cp"] == 3                           # 4 - 1 spent, none back
    assert 31 in state["discard"]
    assert "Foul Weather" in log_text(state["log"][-1:])
    with pytest.raises(IllegalOrder, match="Foul Weather"):
        order(state, "ottoman", "MOVE Pressburg -> Buda -> Mohacs 2")
    state = order(state, "ottoman", "MOVE Pressburg -> Buda 2")
    assert S.count(state, "buda", "ottoman") == 2
    with pytest.raises(IllegalOrder, match="Foul Weather"):
        order(state, "ottoman", "MOVE Buda -> Mohacs 2")


@pytest.mark.parametrize("move, why", [
    ("MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 9", "only 8 land units"),
    ("MOVE Pressburg -> Vienna WITH Barbarossa 2", "is not with"),
    ("MOVE Pressburg -> Graz 2", "not adjacent"),
    ("MOVE Pressburg -> Vienna 8", "at most"),
])
def test_an_illegal_move_is_refused_before_its_window_opens(move, why):
    """A move another power could stop is checked when declared (§13.1 step 4): an illegal
    one is refused at once, nobody is asked and no CP is spent."""
    state = _holding(vienna(), "france", 31)
    state["phase_data"]["cp"] = 4
    with pytest.raises(IllegalOrder, match=why):
        order(state, "ottoman", move)
    assert state["phase_data"]["cp"] == 4 and S.count(state, "pressburg", "ottoman") == 8
    assert asked(state, "ottoman").kind == "cp"


def test_gout_stops_the_leader_and_the_move():
    """The Hapsburgs play Gout on Suleiman: the move is cancelled (1 CP lost), Suleiman may
    not move this impulse, the army may move without him."""
    state = _holding(vienna(), "hapsburg", 32)
    state["phase_data"]["cp"] = 4
    state = order(state, "ottoman", MOVE)
    d = asked(state, "hapsburg")
    assert {o.example for o in d.options.options} == {"DONE", "PLAY 32 ON ibrahim"}
    assert HIS.default(state, d) == {"verb": "DONE"}
    state = order(state, "hapsburg", "PLAY Gout ON Suleiman")
    assert state["phase_data"]["cp"] == 3
    assert S.where_is(state, "suleiman") == "pressburg"
    with pytest.raises(IllegalOrder, match="cannot move"):
        order(state, "ottoman", "MOVE Pressburg -> Buda WITH Suleiman 2")
    state = order(state, "ottoman", "MOVE Pressburg -> Buda WITH Ibrahim 2")
    assert S.where_is(state, "ibrahim") == "buda"
    assert "Suleiman" in log_text(state["log"])


@pytest.mark.card(31)
def test_a_pass_move_cancelled_returns_all_but_one_cp():
    """Foul Weather on a 2-CP move over a pass: 1 CP is lost, the other comes back."""
    state = _holding(vienna(), "france", 31)
    state["phase_data"]["cp"] = 4
    m = S.board()
    src, dst = next((a, b) for a in sorted(m.spaces) for b in m.neighbours(a)
                    if b not in m.neighbours_without_passes(a)
                    and S.controller(state, a) == "ottoman" and S.controller(state, b) == "ottoman"
                    and not S.units(state, b))
    clear_units(state, src)
    put(state, src, "ottoman", regulars=1)
    state = order(state, "ottoman", f"MOVE {src} -> {dst} 1")
    state = order(state, "france", "PLAY 31")
    assert state["phase_data"]["cp"] == 3


def test_window_by_public_information_and_standing_order():
    """Every other power that could hold Foul Weather or Gout is asked in standard order,
    holder or not; nobody once both are in the discard pile; ``STANDING RESPONSE NEVER``
    answers DONE."""
    assert standing.parse(HIS, "STANDING RESPONSE NEVER").policy == "NEVER"
    state = _holding(vienna(), "england", 31, 32)
    for p in ("hapsburg", "papacy"):
        state["hands"][p] = [50]
    state = order(state, "ottoman", MOVE)
    seen = []
    while HIS.decisions(state)[0].kind == "response":
        d = HIS.decisions(state)[0]
        seen.append(d.seat)
        assert HIS.answer_from_standing(state, d, "NEVER") == {"verb": "DONE"}
        state = order(state, d.seat, "DONE")
    assert seen == ["hapsburg", "england", "papacy"]
    assert HIS.decisions(state)[0].kind == "intercept"
    state = vienna()
    state["discard"] += [31, 32]
    state["removed"] = [c for c in state["removed"] if c not in (31, 32)]
    for p in ("hapsburg", "papacy"):
        state["hands"][p] = [50]
    state = order(state, "ottoman", MOVE)
    assert HIS.decisions(state)[0].kind == "intercept"


@pytest.mark.card(31)
def test_foul_weather_and_gout_against_an_assault():
    """E9 a French impulse later: England plays Gout on Francis against the assault of
    Calais — cancelled, 1 CP lost; Francis is left out of a new assault (6 regulars without
    a leader: 4 may assault, 2 dice); then Foul Weather bars assaults for the impulse."""
    state = _next_french_impulse(_calais())
    state = _holding(state, "england", 31, 32)
    state = order(state, "france", "ASSAULT Calais")
    state = order(state, "england", "PLAY 32 ON Francis I")
    assert state["phase_data"]["cp"] == 3
    assert not any(e["msg"] == "assault_rolls" for e in state["log"])
    state = order(state, "france", "ASSAULT Calais", FixedDice(*([1] * 10)))
    state = order(state, "england", "PLAY 31")
    assert state["phase_data"]["cp"] == 2
    with pytest.raises(IllegalOrder, match="Foul Weather"):
        order(state, "france", "ASSAULT Calais")


@pytest.mark.card(32)
def test_gout_left_out_of_the_assaulting_army():
    state = _next_french_impulse(_calais())
    state = _holding(state, "england", 32)
    state = order(state, "france", "ASSAULT Calais")
    state = order(state, "england", "PLAY 32")                     # Francis, the only leader
    state = order(state, "france", "ASSAULT Calais", FixedDice(*([1] * 10)))
    rolled = next(e for e in state["log"] if e["msg"] == "assault_rolls")
    assert rolled["dice"] == 2                                      # 4 regulars, no leader


@pytest.mark.card(2, 32)
def test_gout_stops_the_holy_roman_emperors_transfer_without_a_cp_lost():
    """#2 then #32 (its text): Charles V stays in Valladolid, the Hapsburgs keep their 5 CP;
    Foul Weather is not offered against the transfer."""
    state = into_action(fresh(), "hapsburg", hand=[2])
    state = _holding(state, "france", 31, 32)
    state = order(state, "hapsburg", "PLAY Holy Roman Emperor AS EVENT")
    state = order(state, "hapsburg", "TRAVEL Vienna")
    while HIS.decisions(state)[0].seat != "france":                # the Ottomans first
        assert HIS.decisions(state)[0].kind == "response"
        state = order(state, HIS.decisions(state)[0].seat, "DONE")
    d = asked(state, "france")
    assert [o.example for o in d.options.options] == ["DONE", "PLAY 32 ON charles_v"]
    state = order(state, "france", "PLAY Gout")
    assert S.where_is(state, "charles_v") == "valladolid"
    assert state["phase_data"]["cp"] == 5
    with pytest.raises(IllegalOrder, match="cannot move"):
        order(state, "hapsburg", "MOVE Valladolid -> Madrid WITH Charles V 1")
