"""The religious card events that make conversion attempts (§18.3, §18.4): the debater each
commits, the attempts they queue, and the rulebook's example E14 (Katharina von Bora)."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from games.here_i_stand import RULES, religion
from games.here_i_stand import state as S
from games.here_i_stand.reformation import debaters
from his_helpers import asked, fresh, into_action, order


def played(power, card):
    state = into_action(fresh(), power, hand=[card])
    return order(state, power, f"PLAY {card} AS EVENT")


def test_e14_katharina_commits_luther_and_another_debater_adds_dice():
    """E14 (L1232): Katharina commits Luther by its text; the Protestants may still commit
    Bucer for his dice on the 5 attempts (any zones), even when France plays the card."""
    state = played("france", 85)
    assert debaters.record(state, "luther")["committed"]
    d = asked(state, "protestant")
    assert d.kind == "debater-bonus"
    state = order(state, "protestant", "COMMIT Bucer")
    d = asked(state, "protestant")
    assert d.kind == "attempts" and d.context["left"] == 5
    assert len(d.context["zones"]) == 5
    assert state["phase_data"]["steps"][0]["debater"] == "bucer"
    assert debaters.record(state, "bucer")["committed"]


def test_katharina_needs_luther_uncommitted():
    state = into_action(fresh(), "france", hand=[85])
    debaters.commit(state, "luther")
    with pytest.raises(IllegalOrder):
        order(state, "france", "PLAY 85 AS EVENT")


def test_a_mighty_fortress_six_german_attempts():
    state = played("protestant", 65)
    d = asked(state, "protestant")
    assert (d.kind, d.context["left"], d.context["zones"]) == ("attempts", 6, ["german"])
    assert debaters.record(state, "luther")["committed"]


def test_calvins_institutes_plus_one_in_the_french_zone():
    state = into_action(fresh(), "protestant", hand=[46])
    state["debaters"]["protestant"].append({"id": "calvin", "committed": False})
    state = order(state, "protestant", "PLAY 46 AS EVENT")
    item = state["phase_data"]["steps"][0]
    assert (item["left"], item["zones"], item["plus_one"]) == (5, ["french"], True)


def test_printing_press_adds_a_die_for_the_turn_and_three_attempts():
    state = played("protestant", 90)
    assert state["printing_press"] == state["turn"] and religion.protestant_bonus(state) == 1
    assert asked(state, "protestant").context["left"] == 3


def test_erasmus_changes_sides_on_turn_three():
    assert asked(played("hapsburg", 75), "protestant").kind == "attempts"
    state = into_action(fresh(), "hapsburg", hand=[75])
    state["turn"] = 3
    state = order(state, "hapsburg", "PLAY 75 AS EVENT")
    assert asked(state, "papacy").kind == "attempts"


def test_mary_defies_council_three_english_counter_attempts():
    state = into_action(fresh(), "papacy", hand=[61])
    S.set_religion(state, "london", religion.PROTESTANT)
    state = order(state, "papacy", "PLAY 61 AS EVENT")
    d = asked(state, "papacy")
    assert (d.kind, d.context["left"], d.context["zones"]) == ("attempts", 3, ["english"])
    assert RULES.default(state, d) == {"verb": "REFORM", "space": "london"}


def test_attempts_asked_off_turn_answer_a_standing_default():
    """Katharina played by France: the Protestants' attempts may be answered in advance
    (``STANDING attempts DEFAULT``), target by target as the default would."""
    state = played("france", 85)
    state = order(state, "protestant", "COMMIT NONE")
    d = asked(state, "protestant")
    assert RULES.standing_kinds()["attempts"] == ("DEFAULT",)
    assert RULES.answer_from_standing(state, d, "DEFAULT") == RULES.default(state, d)


def test_servetus_one_vp_and_a_random_protestant_discard():
    state = into_action(fresh(), "papacy", hand=[51])
    before = len(state["hands"]["protestant"])
    state = order(state, "papacy", "PLAY 51 AS EVENT")
    assert state["bonus_vp"]["papacy"]["servetus"] == 1
    assert len(state["hands"]["protestant"]) == before - 1
    assert 7 in state["hands"]["protestant"] or 7 in state["home_used"]   # never the home card
