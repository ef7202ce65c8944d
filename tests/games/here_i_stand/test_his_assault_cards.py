"""Cards in an assault (§15.1 steps 2, 5-6, 8), on the rulebook's E9 position (Calais) with
forced dice: #35 Siege Artillery, #28 Siege Mining, #27 Mercenaries Grow Restless, #33
Landsknechts; the field-battle cards are never offered there."""
from __future__ import annotations

import pytest

from games.here_i_stand import RULES as HIS
from games.here_i_stand import state as S
from games.here_i_stand.land_war import assault_cards
from his_helpers import FixedDice, answer_window, asked, log_text, order, put
from test_his_sieges import _calais, _next_french_impulse


def _ready(hands, **extra):
    """E9 a French impulse later: Francis and 6 French regulars (plus `extra`) besiege 2
    English regulars in Calais; `hands` per power."""
    state = _next_french_impulse(_calais())
    put(state, "calais", "france", **extra)
    for power, cards in hands.items():
        state["hands"][power] = list(cards)
    return state


def _assault_roll(state):
    return next(e for e in reversed(state["log"]) if e["msg"] == "assault_rolls")


@pytest.mark.card(35)
def test_siege_artillery_two_dice_hitting_on_three_after_the_roll():
    """#35 (after seeing the rolls): France's 4 dice [1, 1, 1, 1] miss, England's 3 dice
    [1, 1, 1] too; Siege Artillery adds [3, 4]: 2 hits, both English regulars fall and
    Calais is French."""
    dice = FixedDice(1, 1, 1, 1, 1, 1, 1, 3, 4)
    state = _ready({"france": [35]})
    assert assault_cards.artillery_reach(state, "france", "calais")
    assert not assault_cards.artillery_reach(state, "ottoman", "calais")
    state = order(state, "france", "ASSAULT Calais", dice)
    state = answer_window(state, "france", "artillery", "PLAY 35", dice)
    state = order(state, "france", "DONE", dice)
    rolled = _assault_roll(state)
    assert (rolled["dice"], rolled["hits"], rolled["dice2"]) == (4, 0, 3)
    extra = next(e for e in state["log"] if e["msg"] == "assault_extra_dice")
    assert (extra["rolls"], extra["hits"]) == ([3, 4], 2)
    assert S.controller(state, "calais") == "france"
    assert "Siege Artillery" in log_text(state["log"])


def test_any_power_is_offered_siege_artillery_by_public_information():
    """§15.1 step 8: every power that could hold Siege Artillery is asked, holder or not
    (England is not offered Mercenaries Grow Restless: the French have no mercenaries, which
    is public); once the cards are in the discard pile nobody is."""
    state = _ready({"france": [50], "papacy": [51], "england": [52]})
    state = order(state, "france", "ASSAULT Calais", FixedDice(*([1] * 7)))
    seen = []
    while any(d.kind == "combat-cards" for d in HIS.decisions(state)):
        d = HIS.decisions(state)[0]
        seen.append((d.seat, d.context["window"]))
        assert [o.verb for o in d.options.options] == ["DONE"]
        state = order(state, d.seat, "DONE")
    assert seen == [("france", "assault_mercs"), ("france", "assault_cards"),
                    ("france", "artillery"),
                    ("england", "artillery"), ("papacy", "artillery")]
    state = _ready({"france": [50], "papacy": [51], "england": [52]})
    state["discard"] += [27, 28, 33, 35, 36]
    state = order(state, "france", "ASSAULT Calais", FixedDice(*([1] * 7)))
    assert not any(d.kind == "combat-cards" for d in HIS.decisions(state))


@pytest.mark.card(28)
def test_siege_mining_gives_the_attacker_three_dice():
    """#28: 4 + 3 = 7 French dice."""
    state = _ready({"france": [28]})
    dice = FixedDice(*([1] * 10))
    state = order(state, "france", "ASSAULT Calais", dice)
    state = answer_window(state, "france", "assault_cards", "PLAY 28", dice)
    state = order(state, "france", "DONE", dice)            # an empty hand: no more windows
    assert _assault_roll(state)["dice"] == 7


@pytest.mark.card(27)
def test_mercenaries_grow_restless_removes_the_attackers_mercenaries():
    """#27 by England: the 2 French mercenaries leave; 6 regulars still outnumber 2, so the
    assault goes on with (6 + 1) // 2 + 1 = 4 dice instead of 5."""
    state = _ready({"england": [27]}, mercenaries=2)
    dice = FixedDice(*([1] * 10))
    state = order(state, "france", "ASSAULT Calais", dice)
    state = order(state, "england", "PLAY 27", dice)
    assert S.units(state, "calais")["france"] == {"regulars": 6}
    state = order(state, "england", "DONE", dice)
    assert _assault_roll(state)["dice"] == 4


@pytest.mark.card(27)
def test_mercenaries_grow_restless_can_break_the_siege_and_stop_the_assault():
    """#27: 2 French regulars and 1 mercenary besiege 2 English regulars; without the
    mercenary they no longer outnumber them: no assault, the siege is broken."""
    state = _ready({"england": [27]})
    S.add_units(state, "calais", "france", "regulars", -4)
    put(state, "calais", "france", mercenaries=1)
    state = order(state, "france", "ASSAULT Calais", FixedDice(*([1] * 10)))
    state = order(state, "england", "PLAY 27", FixedDice(*([1] * 10)))
    assert not any(e["msg"] == "assault_rolls" for e in state["log"])
    assert "calais" not in (state.get("sieges") or {})
    assert any(e["msg"] == "assault_off" for e in state["log"])


@pytest.mark.card(33)
def test_landsknechts_join_the_assaulting_stack():
    """#33 for France before the assault (§15.1 step 2): 2 French mercenaries; 8 foot make
    4 dice + Francis 1 = 5."""
    state = _ready({"france": [33]})
    dice = FixedDice(*([1] * 10))
    state = order(state, "france", "ASSAULT Calais", dice)
    state = order(state, "france", "PLAY 33", dice)
    assert S.units(state, "calais")["france"]["mercenaries"] == 2
    state = order(state, "france", "DONE", dice)            # an empty hand: no more windows
    assert _assault_roll(state)["dice"] == 5


def test_field_battle_cards_are_not_offered_in_an_assault():
    """Arquebusiers, Field Artillery, Mercenaries Bribed, Surprise Attack, Tercios name the
    field battle: the French window shows DONE only."""
    state = _ready({"france": [24, 25, 26, 29, 30]})
    state = order(state, "france", "ASSAULT Calais", FixedDice(*([1] * 7)))
    d = asked(state, "france")
    assert d.context["window"] == "assault_mercs"
    assert [o.verb for o in d.options.options] == ["DONE"]
