"""Copernicus (#47) and Michael Servetus (#51): the Action-phase event of Copernicus and both
cards in the Victory Determination phase, only to stop a domination victory (§23.2, V1)."""
from __future__ import annotations

import pytest

from games.here_i_stand import RULES, religion
from games.here_i_stand import state as S
from games.here_i_stand.phases import sequence, victory
from games.here_i_stand.reformation import stop_domination
from his_helpers import FixedDice, asked, fresh, into_action, order


@pytest.mark.card(47)
def test_copernicus_two_vp_with_half_the_home_spaces_protestant():
    state = into_action(fresh(), "england", hand=[47])
    homes = S.board().spaces_of(home="england")
    for sid in homes[: (len(homes) + 1) // 2]:
        S.set_religion(state, sid, religion.PROTESTANT)
    state = order(state, "england", "PLAY 47 AS EVENT")
    assert state["bonus_vp"]["england"]["copernicus"] == 2
    assert all(d.kind != "copernicus" for d in RULES.decisions(state))


@pytest.mark.card(47)
def test_copernicus_one_vp_and_a_draw_or_a_protestant_discard():
    state = into_action(fresh(), "france", hand=[47])
    state = order(state, "france", "PLAY 47 AS EVENT")
    assert state["bonus_vp"]["france"]["copernicus"] == 1
    d = asked(state, "france")
    assert d.kind == "copernicus"
    assert RULES.default(state, d) == {"verb": "COPERNICUS", "choice": "draw"}
    before = len(state["hands"]["protestant"])
    state = order(state, "france", "DISCARD")
    assert len(state["hands"]["protestant"]) == before - 1


def dominated(holder_card, *, gap):
    """Victory Determination of turn 4: the Hapsburgs 20 VP, England 20 - `gap` and holding
    `holder_card`, every other power 10."""
    state = fresh()
    state["turn"] = 4
    base = victory.totals(state)
    target = {p: 10 for p in S.MAJORS} | {"hapsburg": 20, "england": 20 - gap}
    for p in S.MAJORS:
        state["bonus_vp"][p]["test"] = target[p] - base[p]
        state["hands"][p] = []
    state["hands"]["england"] = [holder_card]
    return state


@pytest.mark.card(51)
def test_servetus_is_offered_only_when_it_stops_a_domination():
    state = dominated(51, gap=5)
    assert victory.totals(state)["hapsburg"] - victory.totals(state)["england"] == 5
    sequence.enter(state, "victory", FixedDice())
    d = asked(state, "england")
    assert d.kind == "stop_domination" and d.context == {"card": 51, "leader": "hapsburg"}
    assert RULES.default(state, d) == {"verb": "DONE"}                         # V1: not played
    played = order(state, "england", "PLAY 51")
    assert played["outcome"] is None and played["turn"] == 5
    assert played["bonus_vp"]["england"]["servetus"] == 1
    kept = order(state, "england", "DONE")
    assert kept["outcome"]["winners"] == ["hapsburg"]
    assert kept["hands"]["england"] == [51]


def test_no_offer_when_the_card_cannot_stop_it():
    state = dominated(51, gap=6)                  # 1 VP leaves the Hapsburgs 5 ahead
    sequence.enter(state, "victory", FixedDice())
    assert state["outcome"]["winners"] == ["hapsburg"]


def test_standing_order_plays_copernicus():
    state = dominated(47, gap=6)                  # Copernicus 1 VP: not enough
    sequence.enter(state, "victory", FixedDice())
    assert state["outcome"]["winners"] == ["hapsburg"]
    state = dominated(47, gap=5)
    assert stop_domination.vp_of(state, "england", 47) == 1
    sequence.enter(state, "victory", FixedDice())
    d = asked(state, "england")
    assert RULES.answer_from_standing(state, d, "ALWAYS") == {"verb": "PLAY", "card": 47,
                                                              "mode": "event"}
    assert RULES.answer_from_standing(state, d, "NEVER") == {"verb": "DONE"}
