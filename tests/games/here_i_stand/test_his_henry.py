"""Henry VIII and his heirs (§21.3): Six Wives' declaration of war (and France's intervention
for Scotland), the marriage draws, Mary I's impulses, the succession cards."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from games.here_i_stand import RULES, events, facts, henry_viii
from games.here_i_stand import state as S
from his_helpers import FixedDice, asked, fresh, into_action, order, log_text


def six_wives_state(turn=1):
    state = into_action(fresh(), "england", hand=[3, 65])
    state["turn"] = turn
    return state


@pytest.mark.card(3)
def test_six_wives_declares_war_then_5_cp():
    state = order(six_wives_state(), "england", "PLAY Six Wives of Henry VIII AS EVENT")
    d = asked(state, "england")
    assert d.kind == "six_wives"
    assert {o["power"] for o in d.legal_orders()} == {"france", "hapsburg", "scotland"}
    state = order(state, "england", "DECLARE WAR ON France")
    assert S.at_war(state, "england", "france")
    d = asked(state, "england")
    assert d.kind == "cp" and state["phase_data"]["cp"] == 5
    assert 3 in state["home_used"]
    # turn 2+: the marriage is the other half
    state = order(six_wives_state(turn=2), "england", "PLAY 3 AS EVENT")
    assert "MARRY" in asked(state, "england").options.verbs()
    assert RULES.default(state, asked(state, "england")) == {"verb": "MARRY"}


@pytest.mark.card(3)
def test_six_wives_bans():
    state = six_wives_state()
    state["alliances"] = [["england", "france"]]
    assert {o["power"] for o in henry_viii.six_wives_orders(state)} == {"hapsburg"}
    state["alliances"] = []
    state["wars"] = sorted(state["wars"] + [["england", "france"], ["england", "hapsburg"]])
    state["minor_allies"]["scotland"] = "france"
    assert henry_viii.six_wives_orders(state) == []
    assert "Six Wives" in events.playable_as_event(state, "england", 3)
    with pytest.raises(IllegalOrder):
        order(state, "england", "PLAY 3 AS EVENT")


@pytest.mark.card(3)
def test_war_on_scotland_and_french_intervention():
    state = six_wives_state()
    state["wars"] = sorted(state["wars"] + [["england", "france"], ["england", "hapsburg"]])
    # one legal use: it is made at once, and France is asked whether to intervene
    state = order(state, "england", "PLAY 3 AS EVENT")
    assert S.at_war(state, "england", "scotland")
    d = asked(state, "france")
    assert d.kind == "free_intervention" and RULES.default(state, d) == {"verb": "DONE"}
    declined = order(state, "france", "DONE")
    assert declined["minor_allies"].get("scotland") is None
    assert asked(declined, "england").kind == "cp" and declined["phase_data"]["cp"] == 5
    state = order(state, "france", "INTERVENE")
    assert state["minor_allies"]["scotland"] == "france"
    assert not any("scotland" in pair for pair in state["wars"])
    assert S.at_war(state, "england", "france") and S.at_war(state, "england", "scotland")


@pytest.mark.card(3)
def test_activation_lets_others_at_war_with_scotland_declare_war_for_free():
    state = six_wives_state()
    state["wars"] = sorted(state["wars"] + [["england", "france"], ["hapsburg", "scotland"]])
    state["wars"] = [p for p in state["wars"] if p != ["france", "hapsburg"]]
    state = order(state, "england", "PLAY 3 AS EVENT")
    state = order(state, "england", "DECLARE WAR ON Scotland")
    state = order(state, "france", "INTERVENE")
    d = asked(state, "hapsburg")
    assert d.kind == "activation" and d.options.verbs() == ["DECLARE_WAR", "DONE"]
    war = order(state, "hapsburg", "DECLARE WAR ON France")
    assert S.at_war(war, "hapsburg", "france")
    peace = order(state, "hapsburg", "DONE")
    assert not S.at_war(peace, "hapsburg", "france")
    assert asked(peace, "england").kind == "cp"


def mary_state(hand):
    state = into_action(fresh(), "england", hand=hand)
    state["turn"] = 6
    state["rulers"]["england"] = "mary_i"
    S.set_religion(state, "york", "protestant")
    return state


def test_mary_i_roll_1_to_3_the_papacy_burns_books():
    state = mary_state([65, 66])                        # 65: 4 CP -> burn books and a debate
    assert henry_viii.mary_procedure_applies(state, "england")
    state = order(state, "england", "PLAY 65 FOR CP", FixedDice(2))
    assert 65 in state["discard"] and 65 not in state["hands"]["england"]
    d = asked(state, "papacy")
    assert d.kind == "counter_reform" and "york" in dict(d.options.options[0].fields)["space"].values
    state = order(state, "papacy", "REFORM York")
    state = order(state, "papacy", RULES.order_text(RULES.default(state, asked(state, "papacy"))))
    # then the debate, none here: no English Protestant debater is in play (§18.1)
    assert state["log"][-1]["msg"] == "mary_debate_skipped" and "debate" in log_text(state["log"])
    assert state["phase_data"]["active"] == S.MAJORS.index("france")   # the impulse ended


def test_mary_i_debate_in_england_doubles_the_papal_value():
    """§21.3 and §18.5 step 4: a 3-CP English card under Mary I (roll 1-3): the Papacy's
    debate in the English zone, its attacker's value doubled."""
    state = mary_state([66])
    state["debaters"]["protestant"].append({"id": "tyndale", "committed": False})
    card = next(n for n in range(9, 111) if facts.card(n).cp == 3
                and facts.card(n).type not in ("mandatory", "home"))
    state["hands"]["england"] = [card]
    state = order(state, "england", f"PLAY {card} FOR CP", FixedDice(2))
    rolls = [e for e in state["log"] if e["msg"] == "debate_rolls"]
    papal = rolls[0]
    assert papal["power"] == "papacy"
    assert papal["n"] == 2 * facts.debaters()[papal["debater"]].value + 3 + (
        1 if papal["debater"] == "eck" else 0)


def test_mary_i_roll_4_to_6_plays_normally_and_catholic_england_is_normal():
    state = order(mary_state([65, 66]), "england", "PLAY 65 FOR CP", FixedDice(5))
    assert asked(state, "england").kind == "cp" and state["phase_data"]["cp"] == 4
    s2 = mary_state([65, 66])
    S.set_religion(s2, "york", "catholic")
    assert not henry_viii.mary_procedure_applies(s2, "england")
    # a 3-CP card brings only the debate, none here (no English Protestant debater): the
    # impulse just ends
    from games.here_i_stand import facts
    three = next(n for n, c in facts.cards().items() if c.cp == 3 and c.type == "event")
    s3 = mary_state([three])
    s3 = order(s3, "england", f"PLAY {three} FOR CP", FixedDice(1))
    assert s3["phase_data"]["active"] != S.MAJORS.index("england")
    # under Mary, response cards are for CP only
    response = next(n for n, c in facts.cards().items() if c.type == "response")
    assert "for CP only" in events.playable_as_event(mary_state([response]), "england", response)


@pytest.mark.card(21)
def test_mary_card_played_as_edward_when_he_is_born_late():
    state = into_action(fresh(), "england", hand=[21])
    state["turn"] = 7
    state["heirs"]["edward"] = "sickly"
    state = order(state, "england", "PLAY 21 AS EVENT")
    assert state["rulers"]["england"] == "edward_vi"
    assert 21 in state["discard"] and 21 not in state["removed"]
    assert not henry_viii.conditional_due(state, 19)        # Edward reigned: #19 never enters
    state["turn"] = 8
    assert henry_viii.conditional_due(state, 21)
    healthy = into_action(fresh(), "england", hand=[21])
    healthy["turn"] = 7
    healthy["heirs"]["edward"] = "healthy"
    healthy = order(healthy, "england", "PLAY 21 AS EVENT")
    assert healthy["rulers"]["england"] == "edward_vi" and 21 in healthy["removed"]
    # Edward born while the Mary card is in the deck: #19 does not enter
    s = fresh()
    s["turn"] = 7
    s["heirs"]["edward"] = "healthy"
    s["deck"].append(21)
    assert not henry_viii.conditional_due(s, 19)
    s["deck"].remove(21)
    assert henry_viii.conditional_due(s, 19)


def test_anne_of_cleves_and_catherine_howard_draws():
    state = fresh()
    state["marital"] = "jane_seymour"
    state["alliances"] = [["england", "protestant"]]
    before = {p: len(state["hands"][p]) for p in ("england", "protestant")}
    henry_viii.advance_marriage(state, FixedDice(1))             # Anne of Cleves
    assert state["marital"] == "anne_of_cleves"
    assert {p: len(state["hands"][p]) for p in before} == {p: n + 1 for p, n in before.items()}
    state["alliances"] = []
    henry_viii.advance_marriage(state, FixedDice(2))             # Catherine Howard: England only
    assert len(state["hands"]["england"]) == before["england"] + 2
    assert len(state["hands"]["protestant"]) == before["protestant"] + 1


# ---------------------------------------------------------------- Dudley (§21.3)
def henry_in_calais(power="hapsburg"):
    """Edward VI (#19) in the hand of `power`, Henry VIII with the army in Calais."""
    state = into_action(fresh(), power, hand=[19])
    state["turn"] = 6
    state["heirs"]["edward"] = "healthy"
    S.move_leader(state, "henry_viii", S.where_is(state, "henry_viii"), "calais")
    return state


@pytest.mark.card(19)
def test_dudley_is_asked_of_england_london_or_where_henry_was():
    """Henry dies by a succession card played off-turn for England: England places Dudley
    in London or the space Henry was in (default: with Henry's army)."""
    state = order(henry_in_calais(), "hapsburg", "PLAY 19 AS EVENT")
    assert state["rulers"]["england"] == "edward_vi"
    assert S.where_is(state, "henry_viii") is None and S.where_is(state, "dudley") is None
    d = asked(state, "england")
    assert d.kind == "dudley" and d.context["spaces"] == ["calais", "london"]
    assert RULES.default(state, d) == {"verb": "TARGET", "space": "calais"}
    assert henry_viii.KINDS["dudley"].policies == ("HENRY", "LONDON")
    assert henry_viii.KINDS["dudley"].standing("LONDON", state, d) == {"verb": "TARGET",
                                                                      "space": "london"}
    assert henry_viii.KINDS["dudley"].standing("HENRY", state, d) == {"verb": "TARGET",
                                                                     "space": "calais"}
    with pytest.raises(IllegalOrder):
        order(state, "england", "TARGET Paris")
    state = order(state, "england", "TARGET London")
    assert S.where_is(state, "dudley") == "london"
    assert "Dudley enters in London" in log_text(state["log"][-3:])


@pytest.mark.card(19)
def test_dudley_is_not_asked_when_one_space_is_open():
    """Henry in London (or London lost): Dudley goes where the one open space is."""
    state = order(henry_in_calais(), "hapsburg", "PLAY 19 AS EVENT")
    assert asked(state, "england").kind == "dudley"
    in_london = into_action(fresh(), "hapsburg", hand=[19])
    in_london["turn"], in_london["heirs"]["edward"] = 6, "healthy"
    in_london = order(in_london, "hapsburg", "PLAY 19 AS EVENT")
    assert S.where_is(in_london, "dudley") == "london"
    assert all(d.kind != "dudley" for d in RULES.decisions(in_london))
    lost = henry_in_calais()
    S.set_control(lost, "london", "france")
    lost = order(lost, "hapsburg", "PLAY 19 AS EVENT")
    assert S.where_is(lost, "dudley") == "calais"
