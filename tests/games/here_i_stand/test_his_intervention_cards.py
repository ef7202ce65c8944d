"""#69 *Auld Alliance* and #108 *Venetian Alliance* as payment for an intervention in the
Diplomacy phase (§9.6 steps 4-5, the card texts): France intervening for Scotland (the
Papacy for Venice) and paying with the card gets the card's new units, placed by
``PLACE <n> IN <space>`` before the phase goes on; paid with another card, nothing comes."""
from __future__ import annotations

import pytest

from engine.dice import Dice
from games.here_i_stand import RULES, facts
from games.here_i_stand import state as S
from his_helpers import asked, log_text
from test_his_diplomacy import close, later, no_one_else, say


def _intervened(declarer: str, minor: str, patron: str, patron_hand: list[int]):
    state = later()
    state["hands"][declarer] = [3, 65, 70]
    state["hands"][patron] = patron_hand
    state = close(state)
    state = no_one_else(state, declarer)
    while asked(state, declarer).kind != "war":
        state = no_one_else(say(state, declarer, "DONE"), declarer)
    state = say(state, declarer, f"DECLARE WAR ON {minor}")
    assert asked(state, patron).kind == "intervene"
    state = say(state, patron, "INTERVENE")
    assert state["minor_allies"][minor.lower()] == patron
    state = say(state, declarer, "DONE")
    while not any(d.seat == patron and d.kind == "pay" for d in RULES.decisions(state)):
        d = RULES.decisions(state)[0]
        order = {"verb": "DONE"} if d.kind == "war" else RULES.default(state, d)
        state = RULES.apply(state, d.seat, order, Dice("n"))
    return state


@pytest.mark.card(69)
def test_auld_alliance_paying_for_the_intervention_brings_three_french_regulars():
    """England declares war on Scotland, France intervenes (2 CP) and pays with #69 (3 CP):
    France is asked where to place up to 3 new French regulars in a Scottish home space (not
    besieged); PLACE 3 IN Edinburgh puts them there and the phase goes on."""
    state = _intervened("england", "Scotland", "france", [69, 71])
    state = say(state, "france", "PAY 69")
    decision = asked(state, "france")
    assert decision.kind == "minor_reinforce"
    assert "paid for the intervention of France for Scotland" in log_text(state["log"])
    before = S.count(state, "edinburgh", "france")
    state = say(state, "france", "PLACE 3 IN Edinburgh")
    assert S.count(state, "edinburgh", "france") == before + 3
    assert not any(d.kind == "minor_reinforce" for d in RULES.decisions(state))
    while state["phase"] == "diplomacy":
        d = RULES.decisions(state)[0]
        state = RULES.apply(state, d.seat, RULES.default(state, d), Dice("n"))


def test_intervention_paid_with_another_card_brings_nothing():
    state = _intervened("england", "Scotland", "france", [69, 71])
    state = say(state, "france", "PAY 71")
    assert not any(d.kind == "minor_reinforce" for d in RULES.decisions(state))
    assert "paid for the intervention" not in log_text(state["log"])


@pytest.mark.card(108)
def test_venetian_alliance_paying_for_the_intervention_brings_venetian_units():
    """The Hapsburgs declare war on Venice, the Papacy intervenes and pays with #108: one
    Venetian regular, then Venetian squadrons (two, as far as the counter mix allows: one
    here), in a port of the Papal side."""
    state = _intervened("hapsburg", "Venice", "papacy", [108])
    room = facts.counter_limits()["venice"]["naval"] - sum(
        S.count(state, sid, "venice", S.NAVAL) for sid in state["spaces"])
    assert room == 1                                 # beside Venice's own squadrons
    state = say(state, "papacy", "PAY 108")
    decision = asked(state, "papacy")
    assert decision.kind == "minor_reinforce"
    state = RULES.apply(state, "papacy", RULES.default(state, decision), Dice("n"))
    decision = asked(state, "papacy")
    assert decision.kind == "minor_reinforce"
    state = RULES.apply(state, "papacy", RULES.default(state, decision), Dice("n"))
    units = [e for e in state["log"] if e.get("msg") == "minor_card_units"]
    assert [(e["power"], e["unit"], e["n"]) for e in units] == [
        ("venice", "regulars", 1), ("venice", "squadrons", min(2, room))]


@pytest.mark.card(69, 108)
def test_the_payment_prompt_tells_the_intervener_of_the_card_in_both_languages():
    """The PAY question (asked of every power that owes CP at once, so it names cards by
    number only) says that France, having intervened for Scotland, may pay with card 69 (the
    Papacy, for Venice, with 108) and get the card's new units."""
    from pbem.reports.presenters import presenter_for
    state = _intervened("england", "Scotland", "france", [69, 71])
    decision = asked(state, "france")
    assert decision.kind == "pay"
    en = presenter_for("here-i-stand", "en").prompt(decision)
    ru = presenter_for("here-i-stand", "ru").prompt(decision)
    assert "may pay with card 69" in en and "card 108" in en, en
    assert "может заплатить картой 69" in ru and "картой 108" in ru, ru
    assert "Auld" not in en and "Давний" not in ru
