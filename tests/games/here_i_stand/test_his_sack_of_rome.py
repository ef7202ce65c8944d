"""The Sack of Rome (#95, §21.5)."""
from __future__ import annotations

import pytest

from games.here_i_stand import RULES, events, facts
from games.here_i_stand import state as S
from his_helpers import FixedDice, asked, fresh, into_action, log_text, order, put


def _setup():
    state = into_action(fresh(), "france", hand=[95])
    state["hands"]["papacy"] = [5, 6, 68, 72]                  # two home cards, 68 and 72
    state["st_peters"] = {"cp": 2, "vp": 1}
    put(state, "rome", "papacy", regulars=1, mercenaries=1)     # 2 regulars, 1 mercenary
    put(state, "naples", "hapsburg", mercenaries=3)             # 3 mercenaries > 2 regulars
    return state


@pytest.mark.card(95)
def test_sack_needs_more_mercenaries_than_papal_regulars():
    state = _setup()
    assert events.playable_as_event(state, "france", 95) is None
    S.add_units(state, "naples", "hapsburg", "mercenaries", -1)
    assert "more mercenaries" in str(events.playable_as_event(state, "france", 95))


@pytest.mark.card(95)
def test_rome_sacked_st_peters_cards_and_the_card_removed():
    """5 units: 5 dice against 2 regulars + 1 = 3; 3 hits to 1: the Papal regulars (then a
    mercenary) go, the Hapsburg stack loses a mercenary; St Peter's 7 CP -> 2; the
    Hapsburgs draw 2 Papal cards (never home cards) and keep one; #95 is removed."""
    state = _setup()
    state = order(state, "france", "PLAY Sack of Rome AS EVENT",
                  FixedDice(5, 5, 5, 1, 1, 1, 1, 5, 0, 0))
    assert S.units(state, "rome")["papacy"] == {"squadrons": 1}
    assert S.units(state, "naples")["hapsburg"] == {"regulars": 2, "mercenaries": 2,
                                                    "squadrons": 1}
    assert state["st_peters"] == {"cp": 2, "vp": 0}
    assert 95 in state["removed"] and 95 not in state["discard"]
    d = asked(state, "hapsburg")
    assert d.kind == "sack_keep" and d.private
    drawn = sorted(dict(d.options.options[0].fields)["card"].values)
    assert drawn == [68, 72]
    best = max(drawn, key=lambda n: (facts.card(n).cp, -n))
    assert RULES.answer_from_standing(state, d, "HIGHEST") == {"verb": "KEEP_CARD", "card": best}
    state = order(state, "hapsburg", f"KEEP {best}")
    assert best in state["hands"]["hapsburg"] and state["hands"]["papacy"] == [5, 6]
    assert (set(drawn) - {best}) <= set(state["discard"])
    assert "Rome is sacked" in log_text(state["log"])


@pytest.mark.card(95)
def test_papacy_holds_rome_card_discarded():
    state = _setup()
    state = order(state, "france", "PLAY Sack of Rome AS EVENT",
                  FixedDice(5, 1, 1, 1, 1, 5, 1, 1))
    assert 95 in state["discard"] and 95 not in state["removed"]
    assert state["st_peters"] == {"cp": 2, "vp": 1}
    assert "holds Rome" in log_text(state["log"])
