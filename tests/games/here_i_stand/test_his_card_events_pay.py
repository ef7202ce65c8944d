"""#87 Mercenaries Demand Pay (`card_events_pay`): the target pays a card or loses its
mercenaries; the card's CP decide how many stay; the target picks the losses."""
from __future__ import annotations

import pytest

from games.here_i_stand import RULES, card_events_pay, choices, events
from games.here_i_stand import state as S
from his_helpers import asked, fresh, into_action, log_text, order, put


def _demand(hapsburg_hand):
    state = into_action(fresh(), "france", hand=[87])
    put(state, "vienna", "hapsburg", mercenaries=4)
    put(state, "naples", "hapsburg", mercenaries=3)
    state["hands"]["hapsburg"] = sorted(hapsburg_hand)
    state = order(state, "france", "PLAY Mercenaries Demand Pay AS EVENT")
    d = asked(state, "france")
    assert RULES.default(state, d) == {"verb": "TARGET", "power": "hapsburg"}
    return order(state, "france", "TARGET Hapsburgs")


def test_a_two_cp_card_keeps_four_of_seven():
    state = _demand([10, 50, 2])              # #10 mandatory: may not pay; #50 is 2 CP
    d = asked(state, "hapsburg")
    assert d.kind == "merc_pay"
    assert dict(d.options.options[0].fields)["card"].values == (2, 50)
    assert RULES.default(state, d) == {"verb": "DISCARD", "card": 2}   # 5 CP keeps all
    state = order(state, "hapsburg", "DISCARD 50")
    assert 50 in state["discard"]
    d = asked(state, "hapsburg")
    assert d.kind == "merc_pay_lost" and d.context["left"] == 3
    state = order(state, "hapsburg", "ELIMINATE MERCENARY IN Naples")
    state = order(state, "hapsburg", "ELIMINATE MERCENARY IN Naples")
    state = order(state, "hapsburg", "ELIMINATE MERCENARY IN Vienna")
    assert card_events_pay.mercenaries(state, "hapsburg") == 4
    assert S.units(state, "naples")["hapsburg"].get("mercenaries", 0) == 1
    assert "Hapsburgs loses 3 mercenaries" in log_text(state["log"])


def test_no_card_loses_them_all_and_the_standing_orders():
    state = _demand([61])
    d = asked(state, "hapsburg")
    assert choices.KINDS["merc_pay"].standing("NONE", state, d) == {"verb": "NONE"}
    assert choices.KINDS["merc_pay"].standing("CHEAPEST", state, d) == {"verb": "DISCARD",
                                                                         "card": 61}
    state = order(state, "hapsburg", "NONE")
    d = asked(state, "hapsburg")
    assert choices.KINDS["merc_pay_lost"].standing("MOST", state, d) == RULES.default(state, d)
    while choices.current(state):
        state = RULES.apply(state, "hapsburg", RULES.default(state, asked(state, "hapsburg")),
                            None)
    assert card_events_pay.mercenaries(state, "hapsburg") == 0


@pytest.mark.card(87)
def test_demand_pay_needs_mercenaries_on_the_map():
    state = into_action(fresh(), "france", hand=[87])
    assert events.playable_as_event(state, "france", 87).code == "merc_pay_none"
