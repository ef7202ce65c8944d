"""The cards that activate or deactivate minor powers, played as events (§22.2, §22.4):
#68 Andrea Doria, #69 Auld Alliance, #73 Diplomatic Marriage, #108 Venetian Alliance."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from games.here_i_stand import RULES as HIS
from games.here_i_stand import siege as sieges
from games.here_i_stand import state as S
from his_helpers import FixedDice, asked, fresh, into_action, log_text, order, put


def _msgs(state) -> list[str]:
    return [e["msg"] for e in state["log"]]


@pytest.mark.card(69)
def test_auld_alliance_activates_deactivates_and_reinforces_scotland():
    """#69: France activates an unaligned Scotland (nobody is at war with it: no question);
    England deactivates it; France activates it again and, with Scotland its ally, chooses
    REINFORCE: up to 3 new French regulars in a Scottish home space (Edinburgh)."""
    state = into_action(fresh(), "france", hand=[69])
    state = order(state, "france", "PLAY Auld Alliance AS EVENT")
    assert state["minor_allies"] == {"scotland": "france"}
    assert "minor_card_activates" in _msgs(state)
    state = into_action(state, "england", hand=[69])
    state = order(state, "england", "PLAY 69 AS EVENT")
    assert "scotland" not in state["minor_allies"]
    assert "minor_deactivated" in _msgs(state)
    state = into_action(state, "france", hand=[69])
    state = order(state, "france", "PLAY 69 AS EVENT")
    state = into_action(state, "france", hand=[69])
    state = order(state, "france", "PLAY 69 AS EVENT")
    d = asked(state, "france")
    assert d.kind == "minor_card"
    assert HIS.default(state, d) == {"verb": "DEACTIVATE", "minor": "scotland"}
    state = order(state, "france", "REINFORCE")
    d = asked(state, "france")
    assert d.kind == "minor_reinforce" and d.context["left"] == 3
    state = order(state, "france", "PLACE 3 IN Edinburgh")
    assert S.units(state, "edinburgh")["france"] == {"regulars": 3}
    assert state["minor_allies"] == {"scotland": "france"}
    assert "3 new units" in log_text(state["log"])


@pytest.mark.card(69)
def test_auld_alliance_is_refused_when_it_can_do_nothing():
    """England cannot activate Scotland with #69 (only France can), and Scotland is
    unaligned: nothing to do, the event is refused."""
    state = into_action(fresh(), "england", hand=[69])
    with pytest.raises(IllegalOrder, match="can do nothing"):
        order(state, "england", "PLAY 69 AS EVENT")


@pytest.mark.card(108)
def test_venetian_alliance_activates_then_adds_a_regular_and_two_squadrons():
    """#108: the Papacy activates Venice; played again with Venice its ally, the Papacy
    adds 1 Venetian regular and 2 Venetian squadrons in a port its side controls (Venice)."""
    state = fresh()
    for sid in list(state["spaces"]):           # one Venetian squadron left on the map
        S.add_units(state, sid, "venice", "squadrons",
                    -S.units(state, sid).get("venice", {}).get("squadrons", 0))
    S.add_units(state, "venice", "venice", "squadrons", 1)
    state = into_action(state, "papacy", hand=[108])
    state = order(state, "papacy", "PLAY Venetian Alliance AS EVENT")
    assert state["minor_allies"] == {"venice": "papacy"}
    before = S.units(state, "venice").get("venice", {})
    state = into_action(state, "papacy", hand=[108])
    state = order(state, "papacy", "PLAY 108 AS EVENT")
    state = order(state, "papacy", "REINFORCE")
    state = order(state, "papacy", "PLACE 1 IN Venice")
    assert asked(state, "papacy").kind == "minor_reinforce"
    state = order(state, "papacy", "PLACE 2 IN Venice")
    after = S.units(state, "venice")["venice"]
    assert after["regulars"] == before.get("regulars", 0) + 1
    assert after["squadrons"] == 3


@pytest.mark.card(108)
def test_venetian_alliance_by_the_ottomans_deactivates_venice():
    """#108 played by the Ottomans with Venice the Papacy's ally: deactivated (§22.4)."""
    state = fresh()
    state["minor_allies"]["venice"] = "papacy"
    state = into_action(state, "ottoman", hand=[108])
    state = order(state, "ottoman", "PLAY 108 AS EVENT")
    assert "venice" not in state["minor_allies"]
    assert "minor_card_deactivates" in _msgs(state)


@pytest.mark.card(73)
def test_diplomatic_marriage_activates_hungary_and_its_enemy_may_declare_war():
    """#73 by the Hapsburgs: the §22.1 table lets them activate Genoa, Hungary-Bohemia or
    Venice; they choose Hungary-Bohemia (ACTIVATE Hungary), whose war with the Ottomans ends;
    the Ottomans may declare war on the Hapsburgs for free (§22.2 step 2)."""
    state = into_action(fresh(), "hapsburg", hand=[73])
    state = order(state, "hapsburg", "PLAY Diplomatic Marriage AS EVENT")
    d = asked(state, "hapsburg")
    assert d.kind == "minor_card"
    assert [(e["verb"], e["minor"]) for e in d.context["effects"]] == [
        ("ACTIVATE", "genoa"), ("ACTIVATE", "hungary"), ("ACTIVATE", "venice")]
    state = order(state, "hapsburg", "ACTIVATE Hungary")
    assert state["minor_allies"] == {"hungary": "hapsburg"}
    assert ["hungary", "ottoman"] not in state["wars"]
    d = asked(state, "ottoman")
    assert d.kind == "activation"
    state = order(state, "ottoman", "DECLARE WAR ON Hapsburgs")
    assert ["hapsburg", "ottoman"] in state["wars"]


@pytest.mark.card(73)
def test_activation_ends_the_siege_its_enemy_leaves():
    """§22.2 step 2 (L1832) with §15.3 (bench 1517 games s7a-16, s7a-151): the Ottomans
    besieging Belgrade do not declare war on the Hapsburgs who activate Hungary-Bohemia; they
    leave its spaces as in a peace, and their siege of Belgrade ends with them."""
    state = fresh()
    put(state, "belgrade", "ottoman", regulars=4)
    sieges.begin_siege(state, "belgrade", ["ottoman"])
    state = into_action(state, "hapsburg", hand=[73])
    state = order(state, "hapsburg", "PLAY Diplomatic Marriage AS EVENT")
    state = order(state, "hapsburg", "ACTIVATE Hungary")
    state = order(state, "ottoman", "DONE")
    assert S.count(state, "belgrade", "ottoman") == 0
    assert not sieges.siege_at(state, "belgrade")
    assert not [p for p in HIS.validate(state) if "besieg" in p]


@pytest.mark.card(73)
def test_diplomatic_marriage_deactivates_and_is_never_played_by_the_ottomans():
    """#73 by England with Venice the Papacy's ally: England may activate nothing unaligned
    but Scotland, or deactivate Venice: it chooses DEACTIVATE Venice.  The Ottomans may not
    play it as an event."""
    state = fresh()
    state["minor_allies"]["venice"] = "papacy"
    state = into_action(state, "england", hand=[73])
    state = order(state, "england", "PLAY 73 AS EVENT")
    assert [(e["verb"], e["minor"]) for e in asked(state, "england").context["effects"]] == [
        ("ACTIVATE", "scotland"), ("DEACTIVATE", "venice")]
    state = order(state, "england", "ДЕАКТИВИРОВАТЬ Венецию")
    assert "venice" not in state["minor_allies"]
    with pytest.raises(IllegalOrder):
        order(into_action(fresh(), "ottoman", hand=[73]), "ottoman", "PLAY 73 AS EVENT")


@pytest.mark.card(68)
def test_andrea_doria_takes_genoa_from_its_ally():
    """#68 by France with Genoa the Hapsburgs' ally: Genoa is deactivated (§22.4), then
    activated as France's ally (§22.2 L1827)."""
    state = fresh()
    state["minor_allies"]["genoa"] = "hapsburg"
    state = into_action(state, "france", hand=[68])
    state = order(state, "france", "PLAY Andrea Doria AS EVENT")
    assert state["minor_allies"] == {"genoa": "france"}
    msgs = _msgs(state)
    assert msgs.index("minor_deactivated") < msgs.index("minor_card_activates")


def _doria_in_the_ionian(piracy_vp: int):
    """Genoa allied with the Hapsburgs, at war with the Ottomans; Doria in the Ionian Sea,
    next to Coron and Lepanto (Ottoman ports)."""
    state = fresh()
    state["minor_allies"]["genoa"] = "hapsburg"
    state["wars"] = sorted(state["wars"] + [["hapsburg", "ottoman"]])
    S.move_leader(state, "andrea_doria", S.where_is(state, "andrea_doria"), "ionian_sea")
    state["piracy"]["vp"] = piracy_vp
    return state


@pytest.mark.card(68)
def test_andrea_doria_against_piracy():
    """#68's other use: Doria (Genoa allied with the Hapsburgs, at war with the Ottomans) in
    the Ionian Sea next to Coron and Lepanto (Ottoman ports).  The Hapsburgs play it: they
    already hold Genoa, so ANTIPIRACY is the only use; they draw twice (as player and as Doria's
    power), then 3 dice 5, 2, 6: two hits take the Ottoman piracy VP from 3 to 1."""
    state = _doria_in_the_ionian(piracy_vp=3)
    state = into_action(state, "hapsburg", hand=[68])
    state = order(state, "hapsburg", "PLAY 68 AS EVENT", FixedDice(5, 2, 6))
    assert state["piracy"]["vp"] == 1
    assert len(state["hands"]["hapsburg"]) == 2
    assert "dice [5, 2, 6]: the Ottoman piracy VP fall by 2" in log_text(state["log"])


@pytest.mark.card(68)
def test_andrea_doria_asks_between_genoa_and_piracy_and_reads_its_answers():
    """#68 by France with both uses open (Genoa the Hapsburgs' ally, Doria in the Ionian
    Sea, the Hapsburgs at war with the Ottomans): France is asked (``minor_card``); every
    offered answer reads back from its canonical text, and ANTIPIRACY (never the naval
    PIRACY action) takes the draws and the dice: 6, 6, 1 take the piracy VP from 1 to 0."""
    state = _doria_in_the_ionian(piracy_vp=1)
    state = into_action(state, "france", hand=[68])
    state = order(state, "france", "PLAY 68 AS EVENT")
    d = asked(state, "france")
    assert d.kind == "minor_card"
    for o in d.options.orders():
        assert HIS.parse(state, d, HIS.order_text(o)) == o
    state = order(state, "france", "АНТИПИРАТСТВО", FixedDice(6, 6, 1))
    assert state["piracy"]["vp"] == 0
    assert state["minor_allies"] == {"genoa": "hapsburg"}


def _standing_answer(state, seat, policy):
    """The order ``STANDING activation <policy>`` enters for `seat`'s open question, as the
    engine does: rendered to text and parsed against the question (`engine.game`)."""
    d = asked(state, seat)
    return HIS.parse(state, d, HIS.order_text(HIS.answer_from_standing(state, d, policy)))


def hungary_activated():
    """The Hapsburgs, at war with the Ottomans, activate Hungary-Bohemia with #73 while 2
    Ottoman regulars hold Belgrade: the Ottomans are asked (``activation``)."""
    state = fresh()
    state["wars"] = sorted(state["wars"] + [["hapsburg", "ottoman"]])
    put(state, "belgrade", "ottoman", regulars=2)
    state = into_action(state, "hapsburg", hand=[73])
    state = order(state, "hapsburg", "PLAY Diplomatic Marriage AS EVENT")
    return order(state, "hapsburg", "ACTIVATE Hungary")


@pytest.mark.card(73)
def test_activation_by_a_power_already_at_war_offers_done_and_standing_declare_answers_it():
    """#73 by the Hapsburgs activates Hungary-Bohemia while the Ottomans, at war with it, are
    already at war with the Hapsburgs: no declaration is possible (§9.6), so the question
    offers DONE only, and ``STANDING activation DECLARE`` answers DONE (it asked for a
    refused DECLARE WAR before); the Ottoman units in Belgrade leave (§22.2 step 2, L1832)."""
    state = hungary_activated()
    d = asked(state, "ottoman")
    assert d.kind == "activation"
    assert [o.verb for o in d.options.options] == ["DONE"]
    for policy in ("DECLARE", "DONE"):
        assert _standing_answer(state, "ottoman", policy) == {"verb": "DONE"}
    state = HIS.apply(state, "ottoman", _standing_answer(state, "ottoman", "DECLARE"),
                      FixedDice())
    assert "ottoman" not in {S.major_of(state, p) for p in S.units(state, "belgrade")}
    assert "activation_leaves" in _msgs(state)
    assert ["hapsburg", "ottoman"] in state["wars"]


@pytest.mark.card(73)
def test_every_option_of_the_activation_question_is_accepted():
    """#73's activation of Hungary-Bohemia with the Ottomans at war only with it: both offered
    answers (the free DECLARE WAR ON hapsburg, DONE) parse and apply, and each standing
    policy gives its own one (§22.2 step 2, L1832)."""
    state = into_action(fresh(), "hapsburg", hand=[73])
    state = order(state, "hapsburg", "PLAY Diplomatic Marriage AS EVENT")
    state = order(state, "hapsburg", "ACTIVATE Hungary")
    d = asked(state, "ottoman")
    assert [o.verb for o in d.options.options] == ["DECLARE_WAR", "DONE"]
    for option in d.options.options:
        after = order(state, "ottoman", option.example)
        assert (["hapsburg", "ottoman"] in after["wars"]) == (option.verb == "DECLARE_WAR")
    assert _standing_answer(state, "ottoman", "DECLARE") == {"verb": "DECLARE_WAR",
                                                             "power": "hapsburg"}
    assert _standing_answer(state, "ottoman", "DONE") == {"verb": "DONE"}
