"""Foreign wars (§21.7: #92, #93, #110) and Roxelana (#42, §15.1's exception)."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from games.here_i_stand import RULES, counter_mix, events, invariants, siege
from games.here_i_stand import state as S
from games.here_i_stand.phases import card_draw
from his_helpers import FixedDice, asked, clear_units, fresh, into_action, log_text, no_cards, order, put


def _persia():
    state = into_action(fresh(), "hapsburg", hand=[110])
    state = order(state, "hapsburg", "PLAY War in Persia AS EVENT")
    return state


@pytest.mark.card(110)
def test_war_in_persia_asks_the_ottomans_for_5_units_and_a_leader():
    state = _persia()
    d = asked(state, "ottoman")
    assert d.kind == "foreign_war"
    assert RULES.default(state, d) == {"verb": "SEND", "units": 5, "space": "istanbul"}
    state = order(state, "ottoman", "SEND 4 FROM Istanbul")
    state = order(state, "ottoman", "SEND 1 FROM Edirne")
    d = asked(state, "ottoman")
    assert {o.verb for o in d.options.options} == {"NONE", "LEADER"}
    state = order(state, "ottoman", "LEADER Ibrahim Pasha")
    war = state["foreign_wars"]["110"]
    assert war == {"power": "ottoman", "need": 5, "foes": 4, "units": {"regulars": 5},
                   "leaders": ["ibrahim"]}
    assert S.where_is(state, "ibrahim") is None
    before = card_draw.deal_size(state, "ottoman")
    del state["foreign_wars"]
    assert card_draw.deal_size(state, "ottoman") == before + 1  # one card less while it lasts


@pytest.mark.card(92)
def test_the_victim_cannot_play_its_own_foreign_war():
    state = into_action(fresh(), "ottoman", hand=[92])
    assert "power it strikes" in str(events.playable_as_event(state, "ottoman", 92))


def _fighting(cp=2):
    state = into_action(fresh(), "ottoman", cp=cp)
    state["foreign_wars"] = {"110": {"power": "ottoman", "need": 5, "foes": 4,
                                     "units": {"regulars": 5}, "leaders": ["ibrahim"]}}
    S.move_leader(state, "ibrahim", S.where_is(state, "ibrahim"), None)
    return state


def test_foreign_war_battle_and_victory():
    """5 units + Ibrahim (1) = 6 dice, the Persians 4 (no defender's die); 4 hits end the
    war: the army goes to Istanbul, 1 VP (card)."""
    state = _fighting()
    istanbul = S.count(state, "istanbul", "ottoman")
    state = order(state, "ottoman", "FOREIGN WAR 110", FixedDice(5, 6, 5, 5, 1, 1, 5, 1, 1, 1))
    assert "foreign_wars" not in state
    assert S.count(state, "istanbul", "ottoman") == istanbul + 4        # one lost
    assert S.where_is(state, "ibrahim") == "istanbul"
    assert state["bonus_vp"]["ottoman"]["foreign_war_110"] == 1
    text = log_text(state["log"])
    assert "6 dice [5, 6, 5, 5, 1, 1] = 4 hits" in text and "4 dice [5, 1, 1, 1] = 1 hit" in text



def test_foreign_war_losses_the_counters_cannot_show_are_lost_too():
    """§5.2 L283 with §21.7: every Ottoman "1" and "2" is on the map in stacks no swap can
    free; the Persians kill 1 of the 4 regulars on the card (a "4"), and the 3 left, which no
    free counter can show, are lost on the card as well (a random game broke the invariant
    here)."""
    from games.here_i_stand import counter_mix, invariants
    state = _fighting()
    state["foreign_wars"]["110"]["units"] = {"regulars": 4}
    for rec in state["spaces"].values():
        for kind in S.LAND:
            rec.get("units", {}).get("ottoman", {}).pop(kind, None)
    away = [s for s in sorted(S.board().spaces) if S.board().spaces[s].home != "ottoman"][:18]
    for sid, n in zip(away, [1] * 11 + [2] * 7):
        put(state, sid, "ottoman", regulars=n)
    assert counter_mix.fits(counter_mix.stacks(state, "ottoman"), counter_mix.pool("ottoman"))
    state = order(state, "ottoman", "FOREIGN WAR 110", FixedDice(1, 1, 1, 1, 1, 5, 1, 1, 1))
    assert state["foreign_wars"]["110"]["units"] == {} and state["foreign_wars"]["110"]["foes"] == 4
    assert any(e["msg"] == "counter_trim_war" and e["units"] == 3 for e in state["log"])
    assert invariants.denominations(state) == []

def test_foreign_war_goes_on_and_new_units_go_to_the_card():
    state = _fighting(cp=4)
    state = order(state, "ottoman", "FOREIGN WAR War in Persia",
                  FixedDice(5, 1, 1, 1, 1, 1, 5, 5, 1, 1))
    war = state["foreign_wars"]["110"]
    assert war["foes"] == 3 and war["units"] == {"regulars": 3}
    edirne = S.count(state, "edirne", "ottoman")
    state = order(state, "ottoman", "BUILD REGULAR IN Edirne")
    assert state["foreign_wars"]["110"]["units"] == {"regulars": 4}
    assert S.count(state, "edirne", "ottoman") == edirne


def test_a_build_for_a_foreign_war_short_of_units_needs_counters_on_its_card():
    """§21.7 with §5.2: while War in Persia is short of units, a new Ottoman regular goes
    to the card, so the counters must show the card's stack one larger, not the space's
    (a random game broke the invariant here: 4 on the card and every "1" on the map)."""
    state = _fighting(cp=4)
    state["foreign_wars"]["110"]["units"] = {"regulars": 4}
    for rec in state["spaces"].values():
        for kind in S.LAND:
            rec.get("units", {}).get("ottoman", {}).pop(kind, None)
    away = [s for s in sorted(S.board().spaces) if S.board().spaces[s].home != "ottoman"][:10]
    for sid in away:
        put(state, sid, "ottoman", regulars=1)
    put(state, "edirne", "ottoman", regulars=1)
    assert counter_mix.can_add(state, "ottoman", "edirne", "regulars")    # 2 in Edirne fit
    with pytest.raises(IllegalOrder, match="foreign war #110"):
        order(state, "ottoman", "BUILD REGULAR IN Edirne")
    options = asked(state, "ottoman").options.options
    assert not any(o.verb == "BUILD" and dict(o.fields)["unit"].values == ("regular",)
                   for o in options)
    state["foreign_wars"]["110"]["units"] = {"regulars": 3}       # 3 + 1 is a "4" counter
    state = order(state, "ottoman", "BUILD REGULAR IN Edirne")
    assert state["foreign_wars"]["110"]["units"] == {"regulars": 4}
    assert invariants.denominations(state) == []


@pytest.mark.card(42)
def test_roxelana_free_assault_in_the_impulse_the_siege_began():
    state = into_action(fresh(), "ottoman", hand=[42])
    clear_units(state, "belgrade", "szegedin")
    put(state, "belgrade", "ottoman", regulars=6, leaders=["suleiman"])
    siege.begin_siege(state, "belgrade", ["ottoman"], ["hungary"])
    state = order(state, "ottoman", "PLAY Roxelana AS EVENT")
    assert state["phase_data"]["cp"] == 4
    state = order(no_cards(state), "ottoman", "ASSAULT Belgrade", FixedDice(5, 5, 5, 5, 5, 1, 1))
    assert state["phase_data"]["cp"] == 4                              # free
    assert S.controller(state, "belgrade") == "ottoman"


@pytest.mark.card(42)
def test_roxelana_without_suleiman_no_exception_and_others_recall_him():
    state = into_action(fresh(), "ottoman", hand=[42])
    clear_units(state, "belgrade")
    put(state, "belgrade", "ottoman", regulars=6)
    siege.begin_siege(state, "belgrade", ["ottoman"], ["hungary"])
    state = order(state, "ottoman", "PLAY Roxelana AS EVENT")
    with pytest.raises(IllegalOrder, match="began this impulse"):
        order(state, "ottoman", "ASSAULT Belgrade")
    s2 = into_action(fresh(), "france", hand=[42])
    put(s2, "buda", "ottoman", leaders=["suleiman"])
    s2 = order(s2, "france", "PLAY Roxelana AS EVENT")
    s2 = order(s2, "france", "RECALL SULEIMAN")
    assert S.where_is(s2, "suleiman") == "istanbul" and s2["phase_data"]["cp"] == 2
    with pytest.raises(IllegalOrder, match="only a power that played"):
        order(s2, "france", "RECALL SULEIMAN")


def test_standing_foreign_war_answers_without_asking():
    """The victim is asked off-turn; ``STANDING foreign_war LEADER`` answers every step (the
    default units, then its best free leader) without a round trip."""
    assert RULES.standing_kinds()["foreign_war"] == ("DEFAULT", "LEADER")
    state = _persia()
    d = asked(state, "ottoman")
    first = RULES.answer_from_standing(state, d, "LEADER")
    assert first == {"verb": "SEND", "units": 5, "space": "istanbul"}
    state = order(state, "ottoman", "SEND 5 FROM Istanbul")
    d = asked(state, "ottoman")
    assert RULES.answer_from_standing(state, d, "LEADER") == {"verb": "LEADER",
                                                              "leader": "suleiman"}
    assert RULES.answer_from_standing(state, d, "DEFAULT") == {"verb": "NONE"}


@pytest.mark.card(93)
def test_france_playing_revolt_in_ireland_may_give_the_irish_a_unit():
    state = into_action(fresh(), "france", hand=[93])
    paris = S.count(state, "paris", "france")
    state = order(state, "france", "PLAY Revolt in Ireland AS EVENT")
    d = asked(state, "france")
    assert d.kind == "irish_help" and RULES.default(state, d) == {"verb": "NONE"}
    state = order(state, "france", "HELP FROM Paris")
    assert state["foreign_wars"]["93"]["foes"] == 4
    assert S.count(state, "paris", "france") == paris - 1
    assert asked(state, "england").kind == "foreign_war"
