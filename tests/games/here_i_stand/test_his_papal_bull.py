"""#5 Papal Bull (§21.5): a reformer (off the map for the turn, then a debate in his zone) or a
ruler with grounds (-1 card, unrest on up to 2 unoccupied Catholic home spaces)."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from games.here_i_stand import RULES, religion
from games.here_i_stand import state as S
from games.here_i_stand.phases import card_draw
from games.here_i_stand.reformation import debaters, papal_bull
from his_helpers import asked, fresh, into_action, order


def bull_state():
    """A Papal impulse of 1517 holding Papal Bull, with no wars (1517 starts with France
    and the Papacy at war)."""
    state = into_action(fresh(), "papacy", hand=[5])
    state["wars"] = []
    return state


def test_grounds_for_a_ruler():
    """§21.5: war with the Papacy or an Ottoman alliance; Henry VIII with a Protestant English
    space; an ally of the Papacy's enemy has none; Henry's heirs never."""
    state = bull_state()
    assert papal_bull.ruler_problem(state, "france").code == "bull_no_grounds"
    state["wars"] = [["france", "papacy"]]
    assert papal_bull.ruler_problem(state, "france") is None
    state["alliances"] = [["england", "france"]]
    assert papal_bull.ruler_problem(state, "england").code == "bull_no_grounds"
    state["alliances"] = [["hapsburg", "ottoman"]]
    assert papal_bull.ruler_problem(state, "hapsburg") is None
    S.set_religion(state, "london", religion.PROTESTANT)
    assert papal_bull.ruler_problem(state, "england") is None
    state["rulers"]["england"] = "edward_vi"
    assert papal_bull.ruler_problem(state, "england").code == "bull_heir"


@pytest.mark.card(5)
def test_excommunicating_a_ruler_costs_a_card_and_places_unrest():
    state = bull_state()
    state["wars"] = [["france", "papacy"]]
    state = order(state, "papacy", "PLAY 5 AS EVENT")
    d = asked(state, "papacy")
    assert d.kind == "papal_bull"
    with pytest.raises(IllegalOrder):
        order(state, "papacy", "EXCOMMUNICATE england")       # no grounds
    state = order(state, "papacy", "EXCOMMUNICATE france")
    assert state["excommunicated"] == ["france"]
    assert "francis_i" in state["already_excommunicated"]
    d = asked(state, "papacy")
    assert d.kind == "bull_unrest" and d.context["left"] == 2
    spots = papal_bull.unrest_spaces(state, "france")
    assert "paris" not in spots                                 # occupied by French units
    with pytest.raises(IllegalOrder):
        order(state, "papacy", "UNREST london")
    state = order(state, "papacy", f"UNREST {spots[0]}")
    state = order(state, "papacy", f"UNREST {spots[1]}")
    assert S.in_unrest(state, spots[0]) and S.in_unrest(state, spots[1])
    assert all(x.kind != "bull_unrest" for x in RULES.decisions(state))
    # Henry II is Francis I's successor: only one French king is ever excommunicated
    state["rulers"]["france"] = "henry_ii"
    assert papal_bull.ruler_problem(state, "france").code == "bull_again"


@pytest.mark.card(5)
def test_excommunicating_luther_then_a_german_debate():
    """Luther and his debater leave the map for the turn (committed); the Papacy may debate
    in the German zone at once; Luther is back, uncommitted, at the next Card Draw phase and
    cannot be excommunicated again."""
    state = bull_state()
    state = order(state, "papacy", "PLAY 5 AS EVENT")
    assert RULES.default(state, asked(state, "papacy")) == {"verb": "EXCOMMUNICATE",
                                                            "target": "luther"}
    state = order(state, "papacy", "EXCOMMUNICATE Luther")
    assert "luther" not in state["reformers"] and debaters.record(state, "luther") is None
    d = asked(state, "papacy")
    assert d.kind == "bull_debate" and d.context == {"zone": "german"}
    assert RULES.default(state, d) == {"verb": "DEBATE", "zone": "german",
                                       "pool": "uncommitted"}
    state = order(state, "papacy", "DEBATE UNCOMMITTED")
    assert state["phase_data"]["debate"]["zone"] == "german"
    assert state["phase_data"]["debate"]["protestant"] != "luther"
    state["phase_data"].pop("debate")
    state["turn"] += 1
    card_draw.add_religious_figures(state)
    assert state["reformers"]["luther"] == "wittenberg"
    assert not debaters.record(state, "luther")["committed"]
    assert "luther" not in papal_bull.targets(state)


@pytest.mark.card(5)
def test_the_papacy_may_decline_the_debate():
    state = order(bull_state(), "papacy", "PLAY 5 AS EVENT")
    state = order(state, "papacy", "EXCOMMUNICATE luther")
    state = order(state, "papacy", "DONE")
    assert "debate" not in state["phase_data"]


@pytest.mark.card(5)
def test_here_i_stand_brings_an_excommunicated_luther_into_a_debate():
    from games.here_i_stand.reformation import debate
    state = order(bull_state(), "papacy", "PLAY 5 AS EVENT")
    state = order(state, "papacy", "EXCOMMUNICATE luther")
    state["hands"]["protestant"].append(7)
    state = order(state, "papacy", "DEBATE UNCOMMITTED")
    assert debate.may_stand(state)
    assert asked(state, "protestant").kind == "here-i-stand"


def test_1532_luther_was_excommunicated_before():
    state = into_action(fresh("1532"), "papacy", hand=[5])
    assert "luther" not in papal_bull.targets(state)
