"""The religious CP actions (§18.1): publish treatise, translate scripture, build St Peter's,
burn books, found a Jesuit university; the debaters' bonuses (§18.2) and the rulebook's
examples E7 (the Protestants' turn-1 options) and E13 (Loyola: 2 + 3 CP)."""
from __future__ import annotations

import pytest

from engine import standing
from engine.contract import IllegalOrder
from games.here_i_stand import RULES, religion
from games.here_i_stand import state as S
from games.here_i_stand.reformation import debaters
from his_helpers import FixedDice, asked, fresh, into_action, order

P, C = religion.PROTESTANT, religion.CATHOLIC


def committed(state, *ids):
    for side in debaters.SIDES:
        for d in state["debaters"][side]:
            if d["id"] in ids:
                d["committed"] = True
    return state


def prot(cp=3, **kw):
    return into_action(fresh(), "protestant", cp=cp, **kw)


def options_of(decision):
    return sorted(o.describe() for o in decision.options.options)


# ---------------------------------------------------------------- E7 (§11.1 L680-698)
def test_e7_protestant_turn_one_cp_options_exactly():
    """E7: 3 CP, Luther the only uncommitted German debater: a German debate, a treatise (and
    a step), 3 German steps, a step in each language; Luther adds a German step."""
    state = committed(prot(3), "melanchthon", "bucer", "carlstadt")
    assert options_of(asked(state, "protestant")) == sorted([
        "DONE",
        "DEBATE <zone: german> <pool: uncommitted>",
        "PUBLISH_TREATISE <zone: german | french | english | italian | spanish> <debater: None>",
        "TRANSLATE <language: german> <cp: 1..3> <debater: None>",
        "TRANSLATE <language: german> <cp: 1..3> <debater: luther>",
        "TRANSLATE <language: french> <cp: 1..3> <debater: None>",
        "TRANSLATE <language: english> <cp: 1..3> <debater: None>"])
    # option 2: treatise (2 CP) then one German step (1 CP) with Luther's free step
    state = order(state, "protestant", "PUBLISH TREATISE GERMAN", FixedDice(6, 6))
    for _ in range(2):
        d = asked(state, "protestant")
        assert d.kind == "attempts"
        state = order(state, "protestant", f"REFORM {RULES.default(state, d)['space']}",
                      FixedDice(6, 6, 6, 6, 6, 6))
    assert state["phase_data"]["cp"] == 1
    state = order(state, "protestant", "TRANSLATE GERMAN 1 WITH Luther")
    assert state["translations"]["new_testament"]["german"] == 2
    assert debaters.record(state, "luther")["committed"]


def test_e7_one_step_in_each_language_and_the_impulse_pass_rules():
    state = prot(3)
    for lang in ("GERMAN", "FRENCH", "ENGLISH"):
        state = order(state, "protestant", f"TRANSLATE {lang}")
    assert state["translations"]["new_testament"] == {"german": 1, "french": 1, "english": 1}


# ---------------------------------------------------------------- treatises
def test_treatise_costs_two_and_makes_two_attempts():
    state = order(prot(3), "protestant", "PUBLISH TREATISE GERMAN")
    assert state["phase_data"]["cp"] == 1
    d = asked(state, "protestant")
    assert d.kind == "attempts" and d.context["left"] == 2
    target = RULES.default(state, d)["space"]
    state = order(state, "protestant", f"REFORM {target}", FixedDice(1, 1, 1, 1, 1, 1, 1, 1))
    with pytest.raises(IllegalOrder):            # a space once per impulse (§18.3)
        order(state, "protestant", f"REFORM {target}")


def test_carlstadt_treatise_three_german_attempts_and_unrest_on_failure():
    state = order(prot(2), "protestant", "PUBLISH TREATISE GERMAN WITH Carlstadt")
    d = asked(state, "protestant")
    assert d.context["left"] == 3
    target = RULES.default(state, d)["space"]
    state = order(state, "protestant", f"REFORM {target}", FixedDice(1, 1, 1, 1, 1, 6, 6, 6))
    assert S.in_unrest(state, target) and S.religion(state, target) == C
    assert debaters.record(state, "carlstadt")["committed"]
    with pytest.raises(IllegalOrder):
        order(prot(3), "protestant", "PUBLISH TREATISE FRENCH WITH Carlstadt")


def test_one_debater_bonus_per_impulse():
    state = order(prot(5), "protestant", "PUBLISH TREATISE GERMAN WITH Bucer")
    while asked(state, "protestant").kind == "attempts":
        d = asked(state, "protestant")
        state = order(state, "protestant", f"REFORM {RULES.default(state, d)['space']}")
    opts = options_of(asked(state, "protestant"))
    assert "TRANSLATE <language: german> <cp: 1..3> <debater: None>" in opts
    assert not any("luther" in o or "carlstadt" in o for o in opts)


def test_english_treatise_needs_cranmer_and_asks_the_protestants():
    state = into_action(fresh(), "england", cp=3)
    assert not [o for o in asked(state, "england").options.options if o.verb == "PUBLISH_TREATISE"]
    state["reformers"]["cranmer"] = "london"
    state["debaters"]["protestant"].append({"id": "cranmer", "committed": False})
    state = order(state, "england", "PUBLISH TREATISE ENGLISH")
    d = asked(state, "protestant")
    assert d.kind == "debater-bonus"
    assert RULES.default(state, d) == {"verb": "COMMIT", "debaters": ()}      # R22: none
    state = order(state, "protestant", "COMMIT Cranmer")
    d = asked(state, "england")
    assert d.kind == "attempts" and d.context["left"] == 2
    item = state["phase_data"]["steps"][0]
    assert item["debater"] == "cranmer" and item["zones"] == ["english"]


def test_debater_bonus_standing_order_always_commits_the_reaching_debater():
    state = into_action(fresh(), "england", cp=3)
    state["reformers"]["cranmer"] = "london"
    state["debaters"]["protestant"].append({"id": "cranmer", "committed": False})
    state = order(state, "england", "PUBLISH TREATISE ENGLISH")
    d = asked(state, "protestant")
    assert RULES.standing_kinds()["debater-bonus"] == ("NEVER", "ALWAYS")
    assert standing.parse(RULES, "STANDING DEBATER-BONUS ALWAYS").kind == "debater-bonus"
    assert RULES.answer_from_standing(state, d, "ALWAYS") == {"verb": "COMMIT",
                                                              "debaters": ("cranmer",)}
    assert RULES.answer_from_standing(state, d, "NEVER") == {"verb": "COMMIT", "debaters": ()}


# ---------------------------------------------------------------- translations
def test_new_testament_completion_gives_six_attempts():
    state = prot(3)
    state["translations"]["new_testament"]["french"] = 4
    state = order(state, "protestant", "TRANSLATE FRENCH 3")
    assert state["translations"]["new_testament"]["french"] == 6
    assert state["translations"]["full_bible"]["french"] == 1
    d = asked(state, "protestant")
    assert d.kind == "attempts" and d.context["left"] == 6 and d.context["zones"] == ["french"]


def test_bible_completion_gives_a_vp_and_plus_one_attempts():
    state = prot(2)
    state["translations"]["new_testament"]["german"] = 6
    state["translations"]["full_bible"]["german"] = 8
    state = order(state, "protestant", "TRANSLATE GERMAN 1 WITH Melanchthon")
    assert state["translations"]["full_bible"]["german"] == 10
    assert state["bonus_vp"]["protestant"]["bible_german"] == 1
    item = state["phase_data"]["steps"][0]
    assert item["plus_one"] and item["left"] == 6
    with pytest.raises(IllegalOrder):
        order(state, "protestant", "TRANSLATE GERMAN 1")     # translated once a game


def test_translation_free_step_once_per_impulse():
    state = order(prot(3), "protestant", "TRANSLATE GERMAN 1 WITH Luther")
    with pytest.raises(IllegalOrder):
        order(state, "protestant", "TRANSLATE GERMAN 1 WITH Melanchthon")


# ---------------------------------------------------------------- the Papacy
def papacy(cp=5):
    return into_action(fresh(), "papacy", cp=cp)


def test_st_peters_five_cp_make_a_vp_and_the_track_stops_at_five():
    state = order(papacy(5), "papacy", "BUILD ST PETERS 5")
    assert state["st_peters"] == {"cp": 0, "vp": 1}
    state = papacy(2)
    state["st_peters"] = {"cp": 4, "vp": 4}
    state = order(state, "papacy", "BUILD ST PETERS 1")
    assert state["st_peters"]["vp"] == 5
    assert not [o for o in asked(state, "papacy").options.options if o.verb == "ST_PETERS"]


def test_burn_books_two_attempts_cajetan_three_tetzel_cp():
    state = order(papacy(5), "papacy", "BURN BOOKS GERMAN")
    assert asked(state, "papacy").context["left"] == 2
    state = order(papacy(5), "papacy", "BURN BOOKS GERMAN WITH Cajetan")
    assert asked(state, "papacy").context["left"] == 3
    state = order(papacy(5), "papacy", "BURN BOOKS GERMAN WITH Tetzel")
    d = asked(state, "papacy")
    state = order(state, "papacy", f"REFORM {RULES.default(state, d)['space']}")
    assert state["st_peters"]["cp"] == 1


def test_caraffa_burns_in_any_zone():
    state = papacy(5)
    state["debaters"]["papacy"].append({"id": "caraffa", "committed": False})
    state = order(state, "papacy", "BURN BOOKS ANY WITH Caraffa")
    d = asked(state, "papacy")
    assert d.context["left"] == 3 and len(d.context["zones"]) == 5


@pytest.mark.card(15)
def test_e13_loyola_two_then_three_cp():
    """E13 (L1231): two universities in one impulse cost 2 (with Loyola) + 3 = 5 CP."""
    state = papacy(5)
    state["mandatory_played"].append(15)
    state["debaters"]["papacy"].append({"id": "loyola", "committed": False})
    state = order(state, "papacy", "FOUND UNIVERSITY Vienna WITH Loyola")
    assert state["phase_data"]["cp"] == 3 and "vienna" in state["jesuits"]
    with pytest.raises(IllegalOrder):
        order(state, "papacy", "FOUND UNIVERSITY Rome WITH Loyola")
    state = order(state, "papacy", "FOUND UNIVERSITY Rome")
    assert state["jesuits"] == ["rome", "vienna"] and state["phase"] == "action"
    assert state["phase_data"]["cp"] in (None, 0)


def test_no_university_before_society_of_jesus():
    with pytest.raises(IllegalOrder):
        order(papacy(5), "papacy", "FOUND UNIVERSITY Rome")


def test_e7_impulse_options_with_katharina_and_threat_to_power():
    """E7's impulse: either card for 3 CP, Katharina von Bora as its event (5 attempts per the
    §18.3 list), Threat to Power as its event (E7's option 6: remove a leader), or pass (no
    home or mandatory card, hand within the admin rating)."""
    state = committed(into_action(fresh(), "protestant", hand=[85, 103]),
                      "melanchthon", "bucer", "carlstadt")
    assert options_of(asked(state, "protestant")) == sorted([
        "PLAY <card: 85 | 103> <mode: cp>", "PLAY <card: 85 | 103> <mode: event>", "PASS"])
    state = order(state, "protestant", "PLAY 85 AS EVENT")
    assert asked(state, "protestant").context["left"] == 5
