"""Pax Renaissance: the last cards' abilities (card data, rulings in the README):
Elizabeth Báthory's revolt as an action, Circassian Mamluks' slave soldiers in East
campaigns, and the pirate-proof concessions of Tersâne-i Âmire and Dalmatian Merchant
Marine (the booklet's note Г on pirates, L1525)."""
from __future__ import annotations

from games.pax_renaissance import RULES
from games.pax_renaissance.agents import targets
from games.pax_renaissance.battles import civil_war_sides, heretics
from games.pax_renaissance.places import owned_cards
from tests.games.pax_renaissance.test_pax_ops import act, asked, new, own, pawn

BATHORY, CIRCASSIANS = "pren095x", "pren164x"
KNIGHT = {"piece": "knight", "religion": "islamic"}
ROOK = {"piece": "rook", "religion": "catholic"}


def test_bathory_is_discarded_for_a_peasant_revolt_in_her_husband_s_empire():
    """Her action: discard her, then a peasant revolt in Hungary (§10.2.А): the banker's
    concession, the pirate on Hungary's border and the serf on its ruler attack the two
    nobles; one attacker survives, so the revolt flips his own Hungary to a republic."""
    state = new()
    own(state, "fugger", "ruler_hungary")
    state["rulers"]["hungary"]["queen"] = BATHORY
    state["borders"]["byzantium__hungary"] = pawn("fugger")
    state["borders"]["hungary__ottoman"] = {"piece": "pirate", "religion": "islamic"}
    state["rulers"]["hungary"]["repressed"] = [pawn("medici")]
    state["cities"]["buda"], state["cities"]["varna"] = dict(ROOK), dict(KNIGHT)
    act(state, "БУНТ Елизавета Батори")
    assert state["rulers"]["hungary"]["queen"] is None
    assert BATHORY not in owned_cards(state, "fugger")
    decision = RULES.decisions(state)[0]
    assert decision.kind == "battle" and decision.context["attackers"] == 3
    assert decision.context["defenders"] == 2
    act(state, "LOSE byzantium__hungary,hungary__ottoman buda,varna")
    while asked(state)[1] != "action":
        act(state, "PUT holy_roman_empire__hungary" if asked(state)[1] == "survivors"
            else "NONE" if asked(state)[1] == "concession" else "DONE")
    assert state["rulers"]["hungary"]["face"] == "republic"
    assert state["turn_state"]["actions"] == 1


def test_bathory_needs_a_husband_and_no_bishop():
    """Unmarried she has no empire (§9.1.А); a bishop on her blocks the ability (§5.4.4)."""
    state = new()
    state["queens"]["fugger"] = [BATHORY]
    options = RULES.decisions(state)[0].options
    assert "REVOLT" not in options.verbs()
    state["queens"]["fugger"] = []
    own(state, "fugger", "ruler_hungary")
    state["rulers"]["hungary"]["queen"] = BATHORY
    assert "REVOLT" in RULES.decisions(state)[0].options.verbs()
    state["bishops"][BATHORY] = "catholic"
    assert "REVOLT" not in RULES.decisions(state)[0].options.verbs()


def _ottoman_campaign(circassians: bool):
    state = new()
    own(state, "fugger", "ruler_ottoman")
    if circassians:
        own(state, "fugger", CIRCASSIANS)
    state["cities"]["rhodes"] = dict(KNIGHT)
    state["cities"]["buda"], state["cities"]["varna"] = dict(ROOK), dict(ROOK)
    state["rulers"]["mamluk"]["repressed"] = [pawn("medici"), dict(ROOK)]
    act(state, "OPS east")
    return state


def test_circassian_slave_soldiers_fight_as_knights_in_an_east_campaign():
    """Three attackers (Rhodes' knight and the two pieces repressed on the Mamluk ruler,
    1 florin each, §6.9.В) beat Hungary's two nobles; the surviving slave soldier stays on
    the Mamluk ruler and the medici serf that died goes back to his supply."""
    state = _ottoman_campaign(circassians=True)
    supply = state["pawns"]["medici"]
    act(state, "OP ruler_ottoman campaign hungary")
    assert state["florins"]["fugger"] == 0
    decision = RULES.decisions(state)[0]
    assert decision.kind == "battle" and decision.context["attackers"] == 3
    act(state, "LOSE rhodes,slave1 buda,varna")
    assert state["rulers"]["hungary"]["owner"] == "fugger"
    assert state["rulers"]["hungary"]["suzerain"] == "ottoman"
    assert state["rulers"]["mamluk"]["repressed"] == [ROOK]
    assert state["pawns"]["medici"] == supply + 1


def test_without_circassians_the_repressed_stay_out_and_west_targets_get_none():
    """§6.9.Д: repressed pieces do not campaign; the effect is for East targets only."""
    state = _ottoman_campaign(circassians=False)
    act(state, "OP ruler_ottoman campaign hungary")
    assert RULES.decisions(state)[0].context["attackers"] == 1
    state = _ottoman_campaign(circassians=True)
    act(state, "OP ruler_ottoman campaign papal_states")
    battle = next(e for e in state["log"] if e["msg"].startswith("battle"))
    assert battle["attackers"] == 1 and state["florins"]["fugger"] == 2


DALMATIAN, OTTOMAN_NAVY, KNIGHTS_HOSPITALLER = "pren113x", "pren063", "pren012"
GREEN_PIRATE = {"piece": "pirate", "religion": "islamic"}
GOLD_PIRATE = {"piece": "pirate", "religion": "catholic"}


def _shielded_concession():
    """Medici holds Dalmatian Merchant Marine and a concession on the Hungarian–Ottoman
    border; Fugger plays the Ottoman Navy and puts its green pirate there."""
    state = new()
    own(state, "medici", DALMATIAN)
    state["borders"]["hungary__ottoman"] = pawn("medici")
    state["hands"]["fugger"] = [OTTOMAN_NAVY]
    act(state, "PLAY Ottoman Navy")
    act(state, "NO")
    act(state, "PLACE hungary__ottoman")
    return state


def test_a_pirate_shares_a_border_with_a_pirate_proof_concession():
    """Note Г (L1525): the pirate does not destroy the concession but stays beside it; no
    concession may then be placed there (the pirate occupies it)."""
    state = _shielded_concession()
    assert state["borders"]["hungary__ottoman"] == pawn("medici")
    assert state["moored"]["hungary__ottoman"] == GREEN_PIRATE
    assert state["pawns"]["medici"] == 9
    assert "hungary__ottoman" not in targets(state, "fugger", "pren036", {"piece": "pawn"}) + \
        targets(state, "fugger", DALMATIAN, {"piece": "pawn"})


def test_without_the_card_the_pirate_destroys_the_concession():
    """§5.2.2.В: a pirate destroys the concession on its border."""
    state = new()
    state["borders"]["hungary__ottoman"] = pawn("medici")
    state["hands"]["fugger"] = [OTTOMAN_NAVY]
    act(state, "PLAY Ottoman Navy")
    act(state, "NO")
    act(state, "PLACE hungary__ottoman")
    assert state["borders"]["hungary__ottoman"] == GREEN_PIRATE
    assert state["moored"] == {} and state["pawns"]["medici"] == 10


def test_the_fair_pays_the_concession_and_not_the_pirate_beside_it():
    """Note Г: a pirate beside a pirate-proof concession earns nothing at a fair: profit 3
    from Tana pays the organiser 1, the concession 1 and the lone pirate on the next sea
    border 1, where the journey ends (§7.5)."""
    state = new()
    own(state, "medici", DALMATIAN)
    state["borders"]["byzantium__hungary"] = pawn("medici")
    state["moored"]["byzantium__hungary"] = dict(GREEN_PIRATE)
    state["borders"]["hungary__ottoman"] = dict(GOLD_PIRATE)
    state["market"]["east"][0]["florins"] = 2
    act(state, "FAIR east")
    entry = next(e for e in state["log"] if e["msg"] == "fair")
    assert entry["paid"] == {"fugger": 1, "medici": 1} and entry["left"] == 0
    assert entry["empires"] == ["byzantium", "hungary"]


def test_the_pirate_stays_when_the_concession_goes_and_fights_as_a_pirate():
    """Repressing the concession leaves the pirate alone on the border (§6.5); a moored
    pirate is a pirate of the empire in a war (§10.1.А) and the blood rule (§11.1.В)."""
    state = new()
    own(state, "medici", DALMATIAN)
    own(state, "fugger", KNIGHTS_HOSPITALLER)
    state["borders"]["hungary__ottoman"] = pawn("medici")
    state["moored"]["hungary__ottoman"] = dict(GREEN_PIRATE)
    attackers, _ = civil_war_sides(state, "medici", "peasant_revolt", "hungary", [])
    assert [f["label"] for f in attackers] == ["hungary__ottoman", "hungary__ottoman_pirate"]
    assert [f["label"] for f in heretics(state, "catholic", "hungary")] == [
        "hungary__ottoman_pirate"]
    act(state, "OPS west")
    act(state, "OP Knights_Hospitaller repress hungary__ottoman ottoman")
    assert state["borders"]["hungary__ottoman"] == GREEN_PIRATE
    assert state["moored"] == {}
    assert state["rulers"]["ottoman"]["repressed"] == [pawn("medici")]


def test_a_corsair_takes_the_moored_pirate_away_and_the_concession_stays():
    """§6.7: the moored pirate may sail; the concession it leaves stays."""
    state = new()
    own(state, "medici", DALMATIAN)
    own(state, "fugger", OTTOMAN_NAVY)
    state["borders"]["hungary__ottoman"] = pawn("medici")
    state["moored"]["hungary__ottoman"] = dict(GREEN_PIRATE)
    act(state, "OPS east")
    act(state, "OP Ottoman_Navy corsair hungary__ottoman ottoman__papal_states")
    assert state["borders"]["hungary__ottoman"] == pawn("medici")
    assert state["moored"] == {}
    assert state["borders"]["ottoman__papal_states"] == GREEN_PIRATE
