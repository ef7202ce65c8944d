"""*Diplomatic Marriage* (#73) played as an event in the Diplomacy phase (§6.1 L342: its
phase is Diplomacy, also the Action phase): in the declarations of war, when the power is
asked in the standard order, ``PLAY 73 AS EVENT`` activates or deactivates a minor as in an
impulse; every power that could hold and play it by public information is asked there."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from engine.dice import Dice
from games.here_i_stand import RULES
from games.here_i_stand import state as S
from games.here_i_stand.phases import diplomacy
from his_helpers import asked, deal, log_text
from test_his_diplomacy import close, later, say

MARRIAGE = 73


def _at_war_segment(state, seat):
    """Close the window and answer DONE for everyone until `seat` is asked to declare war."""
    state = close(state)
    for _ in range(60):
        d = RULES.decisions(state)[0]
        if d.seat == seat and d.kind == "war":
            return state
        state = RULES.apply(state, d.seat, {"verb": "DONE"}, Dice("n"))
    raise AssertionError("never asked")


@pytest.mark.card(MARRIAGE)
def test_diplomatic_marriage_activates_a_minor_in_the_declarations_of_war():
    """France holds #73 and a card to declare with: its war question offers PLAY 73 AS EVENT;
    played, France chooses among what the card may do (``minor_card``), ACTIVATE Scotland
    makes Scotland its ally, England (at war with Scotland) may declare war on France for
    free (§22.2 step 2), the card is discarded, and France is asked to declare war again."""
    state = later()
    deal(state, "france", [MARRIAGE, 65])
    state["wars"] = sorted(state["wars"] + [["england", "scotland"]])
    state = _at_war_segment(state, "france")
    decision = asked(state, "france")
    assert "PLAY 73 AS EVENT" in [o.example for o in decision.options.options]
    assert "PLAY 73 AS EVENT" in decision.prompt
    state = say(state, "france", "PLAY 73 AS EVENT")
    assert asked(state, "france").kind == "minor_card"
    state = say(state, "france", "ACTIVATE Scotland")
    assert state["minor_allies"]["scotland"] == "france"
    assert not any("scotland" in pair for pair in state["wars"])
    assert MARRIAGE in state["discard"] and MARRIAGE not in state["hands"]["france"]
    assert "France played #73 Diplomatic Marriage as an event" in log_text(state["log"])
    assert asked(state, "england").kind == "activation"
    state = say(state, "england", "DECLARE WAR ON France")
    assert S.at_war(state, "england", "france")
    again = asked(state, "france")
    assert again.kind == "war"
    assert "PLAY" not in again.options.verbs()


@pytest.mark.card(MARRIAGE)
def test_a_power_that_could_hold_the_marriage_is_asked_without_a_war_to_declare():
    """The Papacy has no war it could declare (allied with England, France and the
    Hapsburgs, at war with the Ottomans and Genoa, Venice its ally) yet holds #73, which
    could deactivate Venice: it is asked, as it would be without the card (being asked tells
    nothing); the Ottomans and Protestants, who may not play #73, could not; with #73 in the
    discard pile nobody could."""
    state = later()
    deal(state, "papacy", [MARRIAGE])
    state["alliances"] = [sorted(("papacy", p)) for p in ("england", "france", "hapsburg")]
    state["wars"] = sorted(state["wars"] + [["ottoman", "papacy"], ["genoa", "papacy"]])
    state["minor_allies"]["venice"] = "papacy"
    state = close(state)
    assert diplomacy.declarable(state, "papacy") == []
    assert diplomacy.could_marry(state, "papacy")
    assert not diplomacy.could_marry(state, "ottoman")
    assert not diplomacy.could_marry(state, "protestant")
    state = _at_war_segment(state, "papacy")
    decision = asked(state, "papacy")
    assert {o["verb"] for o in decision.legal_orders()} == {"PLAY", "DONE"}
    assert RULES.default(state, decision) == {"verb": "DONE"}
    gone = later()
    gone["hands"]["papacy"] = [n for n in gone["hands"]["papacy"] if n != MARRIAGE]
    gone["deck"] = [n for n in gone["deck"] if n != MARRIAGE]
    gone["discard"].append(MARRIAGE)
    assert not diplomacy.could_marry(gone, "papacy")


@pytest.mark.card(MARRIAGE)
def test_no_other_card_is_played_as_an_event_in_the_diplomacy_phase():
    state = later()
    deal(state, "france", [MARRIAGE, 65])
    state = _at_war_segment(state, "france")
    with pytest.raises(IllegalOrder) as refused:
        say(state, "france", "PLAY 65 AS EVENT")
    assert refused.value.code == "dip_play_marriage_only"
