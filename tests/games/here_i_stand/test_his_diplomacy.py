"""The Diplomacy phase (§9): the negotiation window and its agreements (§9.1, §9.2), sue for
peace (§9.3), ransom (§9.4), removing excommunication (§9.5), declarations of war and
interventions (§9.6), and the turn-1 limits (§7)."""
from __future__ import annotations

import dataclasses

import pytest

from engine.canonical import copy_plain
from engine.contract import IllegalOrder
from engine.dice import Dice
from games.here_i_stand import RULES, facts
from games.here_i_stand import state as S
from games.here_i_stand.phases import diplomacy, sequence
from his_helpers import asked, fresh, put, log_text
from viewtools import leaves


def later(turn: int = 2, seed: str = "dip"):
    """A game at the start of a later turn's diplomacy phase (every power negotiates)."""
    state = fresh(seed=seed)
    state["turn"] = turn
    sequence.enter(state, "diplomacy", Dice(seed))
    return state


def say(state, seat, text, dice=None):
    """One order block of `seat`'s mail, parsed and applied (on a copy)."""
    blocks = RULES.split(text)
    assert len(blocks) == 1, blocks
    decision = asked(state, seat)
    order = RULES.parse(state, decision, blocks[0][1])
    return RULES.apply(copy_plain(state), seat, order, dice or Dice("say"))


def close(state):
    """Everyone still negotiating sends DONE."""
    while state["phase"] == "diplomacy" and state["phase_data"]["segment"] == "negotiation":
        state = say(state, RULES.decisions(state)[0].seat, "DONE")
    return state


def segment(state):
    return state["phase_data"]["segment"] if state["phase"] == "diplomacy" else state["phase"]


def no_one_else(state, seat):
    """Everyone but `seat` says DONE in every remaining non-negotiation question."""
    guard = 0
    while state["phase"] == "diplomacy" and guard < 50:
        guard += 1
        d = RULES.decisions(state)[0]
        if d.seat == seat:
            return state
        state = RULES.apply(state, d.seat, RULES.default(state, d), Dice("n"))
    return state


# ---------------------------------------------------------------- negotiation, turn 1 (§7, §9.1)
def test_turn_one_window_a_confirmed_package_takes_effect():
    state = fresh()
    assert sorted(d.seat for d in RULES.decisions(state)) == ["england", "france", "hapsburg"]
    state = say(state, "england", "PROPOSE england, france\nALLIANCE England France\nENDPROPOSE")
    prop = state["phase_data"]["proposals"][0]
    assert prop["id"] == 1 and prop["accepted"] == ["england"] and prop["status"] == "open"
    # proposals are private to their parties while the window is open
    text = "ALLIANCE england france"
    assert any(text in s for s in leaves(RULES.view(state, "france")))
    for seat in ("hapsburg", "papacy", None):
        assert not any(text in s for s in leaves(RULES.view(state, seat)))
    state = say(state, "france", "ACCEPT 1")
    assert ["england", "france"] not in state["alliances"]      # not before the window closes
    state = close(state)
    assert ["england", "france"] in state["alliances"]
    assert state["phase"] == "diet_of_worms"                      # turn 1: nothing else (§7)
    assert "agreement 1 (England, France) takes effect: alliance of England and France" in \
        log_text(state["log"])


def test_a_missing_confirmation_means_no_agreement():
    state = fresh()
    state = say(state, "england", "PROPOSE england hapsburg: ALLIANCE england hapsburg")
    decision = asked(state, "hapsburg")
    assert RULES.default(state, decision) == {"verb": "DONE"}      # never accept by default
    state = close(state)
    assert ["england", "hapsburg"] not in state["alliances"]
    assert "agreement 1" not in log_text(state["log"])             # never announced


def test_the_negotiation_verbs_read_without_the_options_are_the_options_verbs():
    """A negotiation order is parsed without working out the bots' packages (§9.1): the
    verbs it checks are every negotiation option's, with or without proposals open."""
    state = later()
    for text in ("", "PROPOSE england, france\nALLIANCE England France\nENDPROPOSE"):
        if text:
            state = say(state, "england", text)
        for d in RULES.decisions(state):
            assert d.kind == "negotiate"
            assert d.options.verbs() == list(diplomacy.NEGOTIATION_VERBS)
    with pytest.raises(IllegalOrder, match="does not answer"):
        say(state, "france", "BUILD REGULAR IN Paris")


def test_turn_one_only_england_with_france_or_the_hapsburgs():
    state = fresh()
    with pytest.raises(IllegalOrder, match="turn 1"):
        say(state, "france", "PROPOSE france hapsburg: PEACE france hapsburg")
    with pytest.raises(IllegalOrder, match="does not negotiate"):
        say(state, "england", "PROPOSE england papacy: ALLIANCE england papacy")
    with pytest.raises(IllegalOrder, match="papacy is not asked"):
        RULES.apply(copy_plain(state), "papacy", {"verb": "DONE"}, Dice("x"))


def test_turn_one_hapsburg_deals_are_announced_before_french_ones():
    state = fresh()
    state["hands"]["england"] = [3, 65]                    # one card that can be drawn
    state = say(state, "england", "PROPOSE england france: CARDS 1 FROM england TO france")
    state = say(state, "england", "PROPOSE england hapsburg: CARDS 1 FROM england TO hapsburg")
    state = say(state, "france", "ACCEPT 1")
    state = say(state, "hapsburg", "ACCEPT 2")
    state = close(state)
    assert 65 in state["hands"]["hapsburg"] and 65 not in state["hands"]["france"]
    assert "agreement 1 (England, France) is void" in log_text(state["log"])


def test_reject_withdraw_and_done_reopens_a_party():
    state = later()
    state = say(state, "france", "DONE")
    assert "france" not in [d.seat for d in RULES.decisions(state)]
    state = say(state, "england", "PROPOSE england france: ALLIANCE england france")
    assert "france" in [d.seat for d in RULES.decisions(state)]       # reopened
    state = say(state, "france", "REJECT 1")
    assert state["phase_data"]["proposals"][0]["status"] == "rejected by france"
    with pytest.raises(IllegalOrder, match="no longer open"):
        say(state, "england", "ACCEPT 1")
    state = say(state, "england", "PROPOSE england france: ALLIANCE england france")
    state = say(state, "france", "ACCEPT 2")
    state = say(state, "england", "WITHDRAW 2")
    state = close(state)
    assert ["england", "france"] not in state["alliances"]


def test_an_identical_proposal_is_refused_while_the_first_is_open():
    """A package is proposed once: the same parties and terms (in any order, by anyone)
    are refused with the number to accept; once it is closed it may be proposed again."""
    from pbem.reports.presenters import presenter_for
    state = later()
    state = say(state, "france", "PROPOSE france england: ALLIANCE england france; "
                                 "CARDS 1 FROM france TO england")
    for seat, text in (("france", "PROPOSE france england: CARDS 1 FROM France TO England; "
                                  "ALLIANCE France England"),
                       ("england", "PROPOSE england france: ALLIANCE england france; "
                                   "CARDS 1 FROM france TO england")):
        with pytest.raises(IllegalOrder) as refused:
            say(state, seat, text)
        assert refused.value.code == "dip_duplicate" and refused.value.params == {"n": 1}
        assert refused.value.hints == ([] if seat == "france" else ["ACCEPT 1"])
    assert presenter_for("here-i-stand", "ru").refusal("dip_duplicate", {"n": 1}).startswith(
        "предложение 1 уже предлагает ровно это")
    assert (("ALLIANCE", "england", "france"),) in [
        r["terms"] for r in diplomacy.representatives(state, "france")]
    state = say(state, "england", "PROPOSE england france: ALLIANCE england france")
    assert (("ALLIANCE", "england", "france"),) not in [      # bots are not offered it
        r["terms"] for r in diplomacy.representatives(state, "france")]
    state = say(state, "france", "WITHDRAW 1")
    state = say(state, "france", "PROPOSE france england: ALLIANCE england france; "
                                 "CARDS 1 FROM france TO england")
    assert [p["id"] for p in state["phase_data"]["proposals"] if p["status"] == "open"] == [2, 3]


def test_peace_and_alliance_in_one_package():
    state = later()
    assert ["france", "hapsburg"] in state["wars"]
    with pytest.raises(IllegalOrder, match="at war"):
        say(state, "france", "PROPOSE france hapsburg: ALLIANCE france hapsburg")
    state = say(state, "france", "PROPOSE: PEACE france hapsburg; ALLIANCE france hapsburg")
    assert state["phase_data"]["proposals"][0]["parties"] == ["hapsburg", "france"]
    state = say(state, "hapsburg", "ACCEPT 1")
    state = close(state)
    assert ["france", "hapsburg"] not in state["wars"]
    assert ["france", "hapsburg"] in state["alliances"]
    assert diplomacy.war_problem(state, "hapsburg", "france") is not None


# ---------------------------------------------------------------- card gifts (§9.1)
def test_random_cards_are_seen_only_by_the_receiver():
    state = later()
    state["hands"]["france"] = [4, 65, 70]
    state["hands"]["england"] = [3]
    state = say(state, "france", "PROPOSE france england: 2 CARDS FROM France TO England")
    state = say(state, "england", "ACCEPT P1")
    state = close(state)
    assert sorted(state["hands"]["england"]) == [3, 65, 70] and state["hands"]["france"] == [4]
    names = {facts.card(65).name_en, facts.card(70).name_en}
    assert facts.card(65).name_en in log_text(RULES.view(state, "england")["private_log"])
    for seat in ("france", "hapsburg", None):
        view = leaves(RULES.view(state, seat))
        assert not any(n in s for n in names for s in view), seat
    assert RULES.secrets(state)["england"] >= names


def test_card_limits_both_ways_and_void_at_execution():
    state = later()
    state["hands"]["france"] = [4, 65, 70, 71]
    state["hands"]["england"] = [3, 72]
    with pytest.raises(IllegalOrder, match="at most 2"):
        say(state, "france", "PROPOSE france england: CARDS 3 FROM france TO england")
    with pytest.raises(IllegalOrder, match="both ways"):
        say(state, "france", "PROPOSE france england: CARDS 1 FROM france TO england; "
                             "CARDS 1 FROM england TO france")
    first = say(state, "france", "PROPOSE france england: CARDS 2 FROM france TO england")
    first = say(first, "france", "PROPOSE france england: CARDS 1 FROM france TO england")
    both = say(first, "england", "PROPOSE england france: CARDS 1 FROM england TO france")
    for n in (1, 2):
        first = say(first, "england", f"ACCEPT {n}")
        both = say(both, "england", f"ACCEPT {n}")
    both = say(both, "france", "ACCEPT 3")
    log = log_text(close(first)["log"])
    assert "agreement 1 (England, France) takes effect" in log
    assert "agreement 2 (England, France) is void" in log        # a third card: over the limit
    assert len(close(first)["hands"]["england"]) == 4
    # England's package is announced first (standard order): France may not give back
    log = log_text(close(both)["log"])
    assert "agreement 3 (England, France) takes effect" in log
    assert "agreement 1 (England, France) is void" in log and "both ways" in log


# ---------------------------------------------------------------- other terms (§9.1, §9.2)
def test_divorce_bars_a_papal_hapsburg_alliance():
    state = later()
    state["marital"] = "ask_for_divorce"
    state = say(state, "england", "PROPOSE england papacy: DIVORCE")
    state = say(state, "papacy", "PROPOSE papacy hapsburg: ALLIANCE papacy hapsburg")
    state = say(state, "papacy", "ACCEPT 1")
    state = say(state, "hapsburg", "ACCEPT 2")
    state = close(state)
    assert state["marital"] == "anne_boleyn" and len(state["pregnancy"]) == 1
    assert ["hapsburg", "papacy"] not in state["alliances"]
    assert "agreement 2 (Hapsburgs, Papacy) is void" in log_text(state["log"])


def test_lift_excommunication_and_release_a_leader():
    state = later()
    state["excommunicated"] = ["france"]
    S.move_leader(state, "montmorency", S.where_is(state, "montmorency"), None)
    state["captured"] = {"hapsburg": ["montmorency"]}
    state = say(state, "papacy", "PROPOSE papacy france: LIFT EXCOMMUNICATION France")
    state = say(state, "hapsburg", "PROPOSE hapsburg: RELEASE Montmorency")
    assert state["phase_data"]["proposals"][1]["parties"] == ["hapsburg", "france"]
    state = say(state, "france", "ACCEPT 1")
    state = say(state, "france", "ACCEPT 2")
    state = close(state)
    assert state["excommunicated"] == [] and state["captured"] == {}
    assert S.where_is(state, "montmorency") == "paris"


def test_cede_a_space_and_its_units_leave():
    state = later()
    with pytest.raises(IllegalOrder, match="capital"):
        say(state, "france", "PROPOSE france hapsburg: CEDE Paris TO hapsburg")
    state = say(state, "france", "PROPOSE france hapsburg: CEDE Milan TO Hapsburg")
    state = say(state, "hapsburg", "ACCEPT 1")
    state = close(state)
    assert S.controller(state, "milan") == "hapsburg"
    assert "france" not in S.units(state, "milan")
    landed = [sid for sid, rec in state["spaces"].items()
              if sid in S.board().spaces and rec.get("units", {}).get("france", {}).get("regulars")]
    assert all(S.controller(state, s) == "france" and S.is_fortified(s) for s in landed)


def test_mercenaries_and_squadron_loans():
    state = later()
    put(state, "lyon", "france", mercenaries=3)
    with pytest.raises(IllegalOrder, match="Ottomans"):
        say(state, "france", "PROPOSE france ottoman: MERCENARIES 2 FROM france TO ottoman")
    with pytest.raises(IllegalOrder, match="with the alliance"):
        say(state, "england", "PROPOSE england france: LOAN 1 AT Portsmouth FROM england TO france")
    state = say(state, "france", "PROPOSE france england: MERCENARIES 2 FROM france TO england "
                                 "TAKEN AT lyon 2")
    state = say(state, "england", "PROPOSE england france\nALLIANCE england france\n"
                                  "LOAN 1 SQUADRON AT Portsmouth FROM England TO France\nENDPROPOSE")
    state = say(state, "england", "ACCEPT 1")
    state = say(state, "france", "ACCEPT 2")
    state = close(state)
    assert S.units(state, "lyon")["france"].get("mercenaries", 0) == 1
    assert S.units(state, "london")["england"]["mercenaries"] == 2
    assert "england" not in S.units(state, "portsmouth")
    loan = state["loans"][0]
    assert loan["owner"] == "england" and loan["receiver"] == "france" and loan["squadrons"] == 1
    assert S.units(state, loan["port"])["france"]["squadrons"] >= 1
    assert S.controller(state, loan["port"]) == "france"
    assert loan["port"] in S.board().ports_of("english_channel")
    # Winter step 1 (§19.1): the loaned squadron goes back to England before the naval return.
    from games.here_i_stand.phases import winter
    port = loan["port"]
    winter.enter(state, Dice("winter"))
    assert state["loans"] == []
    assert S.units(state, port).get("france", {}).get("squadrons", 0) == 0


# ---------------------------------------------------------------- sue for peace (§9.3)
def prompt_ru(decision) -> str:
    """The Russian prompt from the decision's context alone (its English text blanked)."""
    from pbem.reports.presenters import presenter_for
    return presenter_for("here-i-stand", "ru").prompt(dataclasses.replace(decision, prompt=""))


def test_sue_for_peace_all_steps():
    state = later()
    S.set_control(state, "besancon", "france")             # France holds a Hapsburg space
    put(state, "besancon", "france", regulars=1)
    S.set_control(state, "lyon", "hapsburg")                # the Hapsburgs a French key
    S.move_leader(state, "montmorency", S.where_is(state, "montmorency"), None)
    state["captured"] = {"hapsburg": ["montmorency"]}
    state["hands"]["france"] = [4, 65]
    state["hands"]["hapsburg"] = [2]
    state = close(state)
    assert segment(state) == "peace"
    assert asked(state, "hapsburg").kind == "sue"           # may sue too (France holds Besançon)
    state = say(state, "hapsburg", "DONE")
    decision = asked(state, "france")
    assert decision.kind == "sue" and decision.options.options[0].fields[0][1].values == ("hapsburg",)
    state = say(state, "france", "SUE FOR PEACE WITH Hapsburgs")
    assert state["bonus_vp"]["hapsburg"]["war_winner"] == 1              # step 2
    assert S.controller(state, "besancon") == "hapsburg"                 # step 3
    assert "france" not in S.units(state, "besancon")
    assert asked(state, "france").kind == "eliminate"                    # step 4
    assert prompt_ru(asked(state, "france")).startswith("мир с державой «Габсбурги»: уберите ещё")
    state = say(state, "france", "ELIMINATE REGULAR IN Paris")
    d = asked(state, "france")
    state = RULES.apply(state, "france", RULES.default(state, d), Dice("e"))
    assert asked(state, "france").kind == "buyback"
    assert prompt_ru(asked(state, "france")).startswith("мир с державой «Габсбурги»: выкупите")
    state = say(state, "france", "BUY BACK Lyon WITH VP")                # step 5
    assert S.controller(state, "lyon") == "france"
    assert state["bonus_vp"]["hapsburg"]["war_winner"] == 2
    state = say(state, "france", "BUY BACK LEADER Montmorency WITH CARD")  # step 6
    assert S.where_is(state, "montmorency") == "paris"
    assert state["hands"]["hapsburg"] == [2, 65] and state["hands"]["france"] == [4]
    assert ["france", "hapsburg"] not in state["wars"]                   # step 8 (nothing left)
    assert diplomacy.war_problem(state, "france", "hapsburg") is not None  # peace this phase


def test_diplomatic_marriage_restores_a_peace_for_free():
    """§9.3 note 1 (L554), card #73: France sues for peace holding Diplomatic Marriage; after
    step 4 it plays the card (BUY BACK ALL WITH MARRIAGE): Lyon, Dijon and Montmorency come
    back without any VP or card to the Hapsburgs, who keep only their War Winner VP."""
    state = later()
    S.set_control(state, "lyon", "hapsburg")
    S.set_control(state, "dijon", "hapsburg")
    S.move_leader(state, "montmorency", S.where_is(state, "montmorency"), None)
    state["captured"] = {"hapsburg": ["montmorency"]}
    state["hands"]["france"] = [4, 73]
    state["hands"]["hapsburg"] = [2]
    state = close(state)
    while RULES.decisions(state)[0].seat != "france":
        state = say(state, RULES.decisions(state)[0].seat, "DONE")
    state = say(state, "france", "SUE FOR PEACE WITH Hapsburgs")
    while asked(state, "france").kind == "eliminate":
        d = asked(state, "france")
        state = RULES.apply(state, "france", RULES.default(state, d), Dice("e"))
    d = asked(state, "france")
    assert d.kind == "buyback"
    assert d.options.admits({"verb": "BUY_BACK", "item": ("all",), "pay": "MARRIAGE"})
    state = say(state, "france", "ВЫКУПИТЬ ВСЁ С БРАКОМ")
    assert S.controller(state, "lyon") == "france" and S.controller(state, "dijon") == "france"
    assert S.where_is(state, "montmorency") == "paris"
    assert state["bonus_vp"]["hapsburg"]["war_winner"] == 1
    assert state["hands"] == {**state["hands"], "france": [4], "hapsburg": [2]}
    assert 73 in state["discard"]
    assert ["france", "hapsburg"] not in state["wars"]
    assert "returned free" in log_text(state["log"])


def test_no_suing_on_the_last_turn_or_without_grounds():
    state = later()
    assert diplomacy.suits(state, "france") == []           # no French leader or space held
    S.set_control(state, "lyon", "hapsburg")
    assert diplomacy.suits(state, "france") == ["hapsburg"]
    state["turn"] = state["last_turn"]
    state = close(state)
    assert segment(state) != "peace"
    assert "no suing for peace on the last turn" in log_text(state["log"])


# ---------------------------------------------------------------- ransom (§9.4), excommunication (§9.5)
def test_ransom_a_leader():
    state = later()
    S.move_leader(state, "montmorency", S.where_is(state, "montmorency"), None)
    state["captured"] = {"hapsburg": ["montmorency"]}
    state["hands"]["france"] = [4, 65]
    state["hands"]["hapsburg"] = [2]
    state = close(state)
    state = no_one_else(state, "france")
    assert asked(state, "france").kind == "sue"              # Montmorency is a ground to sue
    state = say(state, "france", "DONE")
    state = no_one_else(state, "france")
    assert asked(state, "france").kind == "ransom"
    state = say(state, "france", "RANSOM Montmorency")
    assert state["captured"] == {} and S.where_is(state, "montmorency") == "paris"
    assert state["hands"]["hapsburg"] == [2, 65]


def test_remove_excommunication():
    state = later()
    state["excommunicated"] = ["england"]
    state["hands"]["england"] = [3, 65]
    state = close(state)
    state = no_one_else(state, "england")
    assert asked(state, "england").kind == "excommunication"
    state = say(state, "england", "REMOVE EXCOMMUNICATION")
    assert state["excommunicated"] == [] and 65 in state["discard"]
    assert state["st_peters"]["cp"] == facts.card(65).cp % 5


# ---------------------------------------------------------------- declarations of war (§9.6)
def test_declaration_on_scotland_french_intervention_and_payment():
    state = later()
    state["hands"]["england"] = [3, 65, 70]
    state["hands"]["france"] = [4, 71]
    state = close(state)
    state = no_one_else(state, "england")
    assert asked(state, "england").kind == "war"
    state = say(state, "england", "DECLARE WAR ON Scotland")
    decision = asked(state, "france")
    assert decision.kind == "intervene"
    state = say(state, "france", "INTERVENE")
    assert state["minor_allies"]["scotland"] == "france"
    assert ["england", "france"] in state["wars"]
    assert not any("scotland" in w for w in state["wars"])
    assert S.at_war(state, "england", "scotland")
    assert state["phase_data"]["war"]["costs"] == {"england": 1, "france": 2}
    state = say(state, "england", "DONE")
    state = no_one_else(state, "england")
    assert {d.seat for d in RULES.decisions(state)} == {"england", "france"}
    assert all(d.kind == "pay" for d in RULES.decisions(state))
    with pytest.raises(IllegalOrder, match="mandatory"):
        state["hands"]["france"].append(13)
        RULES.apply(copy_plain(state), "france", {"verb": "PAY", "cards": (13,)}, Dice("x"))
    state["hands"]["france"].remove(13)
    cheapest = RULES.default(state, asked(state, "england"))
    state = RULES.apply(state, "england", cheapest, Dice("p"))
    paid = cheapest["cards"]
    assert all(n in state["discard"] or n in state["home_used"] for n in paid)
    state = RULES.apply(state, "france", RULES.default(state, asked(state, "france")), Dice("p"))
    assert state["phase"] != "diplomacy"


def test_war_bans_and_costs():
    state = later()
    state["hands"]["papacy"] = [5, 6]
    state["hands"]["england"] = [3]
    state["hands"]["hapsburg"] = [2]
    pd = state["phase_data"]
    assert "Scotland" in diplomacy.war_problem(state, "papacy", "scotland")
    assert "Venice" in diplomacy.war_problem(state, "england", "venice")
    assert "Hungary" in diplomacy.war_problem(state, "hapsburg", "hungary")
    assert "Protestants" in diplomacy.war_problem(state, "protestant", "papacy")
    assert "Protestants" in diplomacy.war_problem(state, "hapsburg", "protestant")
    assert "already at war" in diplomacy.war_problem(state, "hapsburg", "france")
    state["alliances"] = [["england", "france"]]
    assert "ally" in diplomacy.war_problem(state, "england", "france")
    assert "Scotland" in diplomacy.war_problem(state, "england", "scotland")   # France's ally
    pd["ctx"]["peace_made"].append(["england", "papacy"])
    assert "Venice" in diplomacy.war_problem(state, "england", "venice")
    assert "peace" in diplomacy.war_problem(state, "england", "papacy")
    # costs: the chart, 1 CP for a minor, Catherine of Aragon's 2 CP off
    assert diplomacy.war_cost(state, "hapsburg", "england") == 3
    assert diplomacy.war_cost(state, "ottoman", "venice") == 1
    state["marital"] = "anne_boleyn"
    assert diplomacy.war_cost(state, "hapsburg", "england") == 1
    # a hand must pay for every declaration (Holy Roman Emperor: 5 CP)
    assert "england" in diplomacy.declarable(state, "hapsburg")
    state["hands"]["hapsburg"] = []
    assert diplomacy.declarable(state, "hapsburg") == []


# ---------------------------------------------------------------- orders and options
def test_split_keeps_a_proposal_block_and_parses_russian():
    mail = ("DONE\nPROPOSE england france\nALLIANCE england france; PEACE france papacy\n"
            "ENDPROPOSE\nACCEPT 2; REJECT 3")
    blocks = RULES.split(mail)
    assert [b for _, b in blocks][0] == "DONE"
    assert blocks[1][0] == 2 and blocks[1][1].startswith("PROPOSE") and blocks[1][1].endswith("ENDPROPOSE")
    assert [b for _, b in blocks][2:] == ["ACCEPT 2", "REJECT 3"]
    state = later()
    d = asked(state, "england")
    order = RULES.parse(state, d, "ПРЕДЛОЖИТЬ Англия Франция: СОЮЗ Англия Франция")
    assert order == {"verb": "PROPOSE", "parties": ("england", "france"),
                     "terms": (("ALLIANCE", "england", "france"),)}
    assert RULES.parse(state, d, RULES.order_text(order)) == order


def test_negotiation_options_are_exact():
    state = later()
    for decision in RULES.decisions(state):
        for order in decision.legal_orders():
            text = RULES.order_text(order)
            assert RULES.parse(state, decision, text) == order, text
            RULES.apply(copy_plain(state), decision.seat, order, Dice("o"))


@pytest.mark.parametrize("answer", ["DECLARE WAR ON France", "DONE"])
def test_activation_lets_the_minors_other_enemies_declare_for_free(answer):
    """§9.6 step 4 and §22.2 step 2: the Hapsburgs, at war with Scotland, may declare war on
    France for free when France activates it, or their units leave Scotland's spaces."""
    state = later()
    state["wars"] = sorted([w for w in state["wars"] if w != ["france", "hapsburg"]]
                           + [["hapsburg", "scotland"]])
    put(state, "edinburgh", "hapsburg", regulars=1)
    state["hands"]["england"] = [3, 65]
    state["hands"]["france"] = [4, 71]
    state = close(state)
    state = no_one_else(state, "england")
    state = say(state, "england", "DECLARE WAR ON Scotland")
    state = say(state, "france", "INTERVENE")
    decision = asked(state, "hapsburg")
    assert decision.kind == "activation"
    state = say(state, "hapsburg", answer)
    assert not any("scotland" in w for w in state["wars"])
    if answer == "DONE":
        assert ["france", "hapsburg"] not in state["wars"]
        assert "hapsburg" not in S.units(state, "edinburgh")
    else:
        assert ["france", "hapsburg"] in state["wars"]
        assert "hapsburg" not in state["phase_data"]["war"]["costs"]
