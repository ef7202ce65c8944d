"""Card Draw (§8, §6.2): deal sizes (rulebook example E4), new cards, home cards, reshuffle."""
from __future__ import annotations

from engine.dice import Dice
from games.here_i_stand import facts
from games.here_i_stand import state as S
from games.here_i_stand.phases import card_draw
from his_helpers import fresh


def test_e4_deal_sizes():
    """§6.2 L375-379: Luther with 3 electorates gets 4; Francis I with 8 keys 4+1 = 5;
    Suleiman with 7 keys, 2 of them in unrest, 4."""
    state = fresh()
    for e in ("wittenberg", "brandenburg", "augsburg"):
        S.set_control(state, e, "protestant")
    assert card_draw.deal_size(state, "protestant") == 4
    S.set_control(state, "mainz", "protestant")
    assert card_draw.deal_size(state, "protestant") == 5  # 4+ electorates
    # France: 6 keys in 1517 (5 home + Milan); give it 2 more
    S.set_control(state, "metz", "france")
    S.set_control(state, "genoa", "france")
    assert len(S.keys_controlled(state, "france")) == 8
    assert card_draw.deal_size(state, "france") == 5
    # Ottomans: 4 keys in 1517; 7 with Buda, Belgrade and Ragusa-like captures; 2 in unrest
    for k in ("buda", "belgrade", "prague"):
        S.set_control(state, k, "ottoman")
    assert len(S.keys_controlled(state, "ottoman")) == 7
    S.set_unrest(state, "buda", True)
    S.set_unrest(state, "belgrade", True)
    assert card_draw.deal_size(state, "ottoman") == 4


def test_1517_first_deal_and_home_cards():
    state = fresh()
    assert state["turn"] == 1 and state["phase"] == "diplomacy"
    sizes = {p: card_draw.deal_size(state, p) for p in S.MAJORS}
    assert sizes == {"ottoman": 3, "hapsburg": 5, "england": 3, "france": 4, "papacy": 3,
                     "protestant": 4}
    for power, homes in facts.home_cards().items():
        assert set(homes) <= set(state["hands"][power])
        assert len(state["hands"][power]) == sizes[power] + len(homes)
    assert 8 in state["removed"]  # 95 Theses placeholder takes the card out
    everything = (state["deck"] + state["discard"] + state["removed"]
                  + [n for h in state["hands"].values() for n in h])
    assert len(everything) == len(set(everything))
    assert not any(facts.card(n).enters not in (1,) and n not in (8,) for n in everything
                   if isinstance(facts.card(n).enters, int) and facts.card(n).enters > 1)


def test_new_cards_home_cards_and_reshuffle_on_turn_2():
    state = fresh()
    state["turn"] = 2
    state["discard"] = [n for n in state["hands"]["papacy"] if facts.card(n).type != "home"]
    state["hands"]["papacy"] = []
    state["home_used"] = [5, 6]
    before = set(state["deck"]) | set(state["discard"])
    card_draw.enter(state, Dice("turn2"))
    assert {5, 6} <= set(state["hands"]["papacy"])
    assert state["home_used"] == [] and state["discard"] == []
    dealt = {n for h in state["hands"].values() for n in h}
    pool = set(state["deck"]) | dealt
    assert before <= pool
    # nothing enters on turn 2 in the data except cards marked 2 (none in the 1st edition)
    assert not card_draw.new_cards(state)


def test_turn_3_cards_enter_and_1532_excludes_1517_cards():
    state = fresh()
    state["turn"] = 3
    added = card_draw.new_cards(state)
    assert added and all(facts.card(n).enters == 3 for n in added)
    late = fresh("1532")
    everything = late["deck"] + [n for h in late["hands"].values() for n in h]
    assert not [n for n in everything if facts.card(n).scenario_only == "1517"]
    assert all(not isinstance(facts.card(n).enters, int) or facts.card(n).enters <= 4
               for n in everything)


def test_conditional_succession_cards():
    state = fresh()
    state["turn"] = 6
    assert card_draw.conditional_due(state, 21)          # no Edward: Mary I on turn 6
    assert not card_draw.conditional_due(state, 19)
    state["heirs"]["edward"] = "healthy"
    assert card_draw.conditional_due(state, 19) and not card_draw.conditional_due(state, 21)
    state["english_reformation_turn"] = 4
    assert card_draw.conditional_due(state, 62)


def test_reformers_and_debaters_enter():
    state = fresh()
    state["turn"] = 2
    card_draw.add_religious_figures(state)
    assert state["reformers"]["zwingli"] == "zurich"
    assert S.religion(state, "zurich") == "protestant"
    ids = {d["id"] for d in state["debaters"]["protestant"]}
    assert {"zwingli", "oekolampadius", "tyndale"} <= ids
    assert "contarini" in {d["id"] for d in state["debaters"]["papacy"]}
