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


@pytest.mark.card(85)
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


@pytest.mark.card(85)
def test_katharina_needs_luther_uncommitted():
    state = into_action(fresh(), "france", hand=[85])
    debaters.commit(state, "luther")
    with pytest.raises(IllegalOrder):
        order(state, "france", "PLAY 85 AS EVENT")


@pytest.mark.card(65)
def test_a_mighty_fortress_six_german_attempts():
    state = played("protestant", 65)
    d = asked(state, "protestant")
    assert (d.kind, d.context["left"], d.context["zones"]) == ("attempts", 6, ["german"])
    assert debaters.record(state, "luther")["committed"]


@pytest.mark.card(46)
def test_calvins_institutes_plus_one_in_the_french_zone():
    state = into_action(fresh(), "protestant", hand=[46])
    state["debaters"]["protestant"].append({"id": "calvin", "committed": False})
    state = order(state, "protestant", "PLAY 46 AS EVENT")
    item = state["phase_data"]["steps"][0]
    assert (item["left"], item["zones"], item["plus_one"]) == (5, ["french"], True)


@pytest.mark.card(44)
def test_affair_of_the_placards_commits_cop_and_three_french_attempts():
    """#44 (card text): needs Cop uncommitted; he is committed, then 3 Protestant attempts in
    the French zone."""
    state = into_action(fresh(), "france", hand=[44])
    with pytest.raises(IllegalOrder):                        # Cop not yet in play
        order(state, "france", "PLAY 44 AS EVENT")
    state["debaters"]["protestant"].append({"id": "cop", "committed": False})
    state = order(state, "france", "PLAY Affair of the Placards AS EVENT")
    assert debaters.record(state, "cop")["committed"]
    item = state["phase_data"]["steps"][0]
    assert (item["left"], item["zones"]) == (3, ["french"])


@pytest.mark.card(63)
def test_dissolution_of_the_monasteries_two_english_cards_and_three_attempts():
    """#63 (card text): England draws 2 cards, then 3 Protestant attempts in the English
    zone."""
    state = into_action(fresh(), "papacy", hand=[63])
    before = len(state["hands"]["england"])
    state = order(state, "papacy", "PLAY 63 AS EVENT")
    assert len(state["hands"]["england"]) == before + 2
    item = state["phase_data"]["steps"][0]
    assert (item["left"], item["zones"]) == (3, ["english"])


@pytest.mark.card(90)
def test_printing_press_adds_a_die_for_the_turn_and_three_attempts():
    state = played("protestant", 90)
    assert state["printing_press"] == state["turn"] and religion.protestant_bonus(state) == 1
    assert asked(state, "protestant").context["left"] == 3


@pytest.mark.card(75)
def test_erasmus_changes_sides_on_turn_three():
    assert asked(played("hapsburg", 75), "protestant").kind == "attempts"
    state = into_action(fresh(), "hapsburg", hand=[75])
    state["turn"] = 3
    state = order(state, "hapsburg", "PLAY 75 AS EVENT")
    assert asked(state, "papacy").kind == "attempts"


@pytest.mark.card(61)
def test_mary_defies_council_three_english_counter_attempts():
    state = into_action(fresh(), "papacy", hand=[61])
    S.set_religion(state, "london", religion.PROTESTANT)
    state = order(state, "papacy", "PLAY 61 AS EVENT")
    d = asked(state, "papacy")
    assert (d.kind, d.context["left"], d.context["zones"]) == ("attempts", 3, ["english"])
    assert RULES.default(state, d) == {"verb": "REFORM", "space": "london"}


@pytest.mark.card(85)
def test_attempts_asked_off_turn_answer_a_standing_default():
    """Katharina played by France: the Protestants' attempts may be answered in advance
    (``STANDING attempts DEFAULT``), target by target as the default would."""
    state = played("france", 85)
    state = order(state, "protestant", "COMMIT NONE")
    d = asked(state, "protestant")
    assert RULES.standing_kinds()["attempts"] == ("DEFAULT",)
    assert RULES.answer_from_standing(state, d, "DEFAULT") == RULES.default(state, d)


@pytest.mark.card(51)
def test_servetus_one_vp_and_a_random_protestant_discard():
    state = into_action(fresh(), "papacy", hand=[51])
    before = len(state["hands"]["protestant"])
    state = order(state, "papacy", "PLAY 51 AS EVENT")
    assert state["bonus_vp"]["papacy"]["servetus"] == 1
    assert len(state["hands"]["protestant"]) == before - 1
    assert 7 in state["hands"]["protestant"] or 7 in state["home_used"]   # never the home card


def with_zwingli(state):
    """Turn 2's Zwingli and Oekolampadius in play, uncommitted."""
    for did in ("zwingli", "oekolampadius"):
        if debaters.record(state, did) is None:
            state["debaters"]["protestant"].append({"id": did, "committed": False})
    return state


@pytest.mark.card(41)
def test_marburg_colloquy_commits_one_of_each_pair_for_their_values_in_attempts():
    """#41: Melanchthon (3) and Zwingli (3) committed: 6 attempts in any zones; the default
    picks the pair worth most (Luther 4 + Zwingli 3 = 7)."""
    state = with_zwingli(into_action(fresh(), "protestant", hand=[41]))
    state = order(state, "protestant", "PLAY 41 AS EVENT")
    d = asked(state, "protestant")
    assert d.kind == "marburg"
    assert RULES.default(state, d) == {"verb": "COMMIT", "debaters": ("luther", "zwingli")}
    with pytest.raises(IllegalOrder):
        order(state, "protestant", "COMMIT Luther Melanchthon")
    state = order(state, "protestant", "COMMIT Zwingli Melanchthon")
    assert [debaters.record(state, x)["committed"] for x in
            ("melanchthon", "zwingli", "luther", "oekolampadius")] == [True, True, False, False]
    d = asked(state, "protestant")
    assert (d.kind, d.context["left"], len(d.context["zones"])) == ("attempts", 6, 5)


@pytest.mark.card(41)
def test_marburg_colloquy_needs_an_uncommitted_debater_of_each_pair():
    state = with_zwingli(into_action(fresh(), "papacy", hand=[41]))
    for did in ("zwingli", "oekolampadius"):
        debaters.commit(state, did)
    with pytest.raises(IllegalOrder):
        order(state, "papacy", "PLAY 41 AS EVENT")


@pytest.mark.card(45)
def test_calvin_expelled_leaves_until_the_next_card_draw():
    """#45: Calvin, reformer and debater, leaves the map for the turn (no debate in the French
    zone without him); at the next Card Draw phase he is back in Geneva, uncommitted, and
    Geneva's religion is untouched (§8.2)."""
    from games.here_i_stand.phases import card_draw
    from games.here_i_stand.reformation import debate
    state = into_action(fresh(), "papacy", hand=[45])
    with pytest.raises(IllegalOrder):                        # Calvin not yet on the map
        order(state, "papacy", "PLAY 45 AS EVENT")
    state["reformers"]["calvin"] = "geneva"
    state["debaters"]["protestant"].append({"id": "calvin", "committed": False})
    state = order(state, "papacy", "PLAY 45 AS EVENT")
    assert "calvin" not in state["reformers"] and debaters.record(state, "calvin") is None
    assert debate.call_problem(state, "papacy", "french").code == "debate_no_debaters"
    S.set_religion(state, "geneva", religion.CATHOLIC)
    state["turn"] += 1
    card_draw.add_religious_figures(state)
    assert state["reformers"]["calvin"] == "geneva"
    assert debaters.record(state, "calvin") == {"id": "calvin", "committed": False}
    assert S.religion(state, "geneva") == religion.CATHOLIC and "away" not in state


@pytest.mark.card(16)
def test_calvin_while_luther_is_excommunicated_keeps_luther_out():
    """#16 played while Luther is excommunicated and off the map (§21.5): Luther leaves the
    game, so neither his reformer nor his debater comes back to Wittenberg at the next Card
    Draw phase (§8.2 L457); the debater stays out once (a random game found him both out and
    back on the Protestant list)."""
    from games.here_i_stand import invariants
    from games.here_i_stand.phases import card_draw
    from games.here_i_stand.reformation import absence
    state = into_action(fresh(), "ottoman", hand=[16])
    absence.send_away(state, "luther", "luther")
    state = order(state, "ottoman", "PLAY 16 AS EVENT")
    assert state["rulers"]["protestant"] == "calvin" and "luther" in state["debaters_out"]
    state["turn"] += 1
    card_draw.add_religious_figures(state)
    assert "luther" not in state["reformers"] and debaters.record(state, "luther") is None
    assert invariants.religious_figures(state) == []


def prayer_state():
    """England's impulse after Cranmer entered in London (uncommitted, London Protestant),
    holding Book of Common Prayer."""
    state = into_action(fresh(), "england", hand=[62])
    state["debaters"]["protestant"].append({"id": "cranmer", "committed": False})
    S.set_religion(state, "london", religion.PROTESTANT)
    return state


@pytest.mark.card(62)
def test_book_of_common_prayer_four_english_home_attempts_then_unrest():
    """#62: Cranmer committed; 4 attempts only in English home spaces (Calais included);
    then a die: 5 puts unrest on 2 Catholic English home spaces, picked by the player."""
    from games.here_i_stand.reformation import common_prayer
    from his_helpers import FixedDice
    state = order(prayer_state(), "england", "PLAY 62 AS EVENT")
    assert debaters.record(state, "cranmer")["committed"]
    d = asked(state, "protestant")
    assert d.kind == "attempts" and d.context["left"] == 4
    restrict = state["phase_data"]["steps"][0]["restrict"]
    assert set(restrict) == set(S.board().spaces_of(home="england")) and "calais" in restrict
    for _ in range(4):                                   # every die a 5, the last one too
        d = asked(state, "protestant")
        target = RULES.default(state, d)["space"]
        assert target in S.board().spaces_of(home="england")
        state = order(state, "protestant", f"REFORM {target}", FixedDice(*[5] * 100))
    assert [e["roll"] for e in state["log"] if e["msg"] == "prayer_roll"] == [5]
    d = asked(state, "england")
    assert d.kind == "prayer_unrest" and d.context["left"] == 2
    with pytest.raises(IllegalOrder):
        order(state, "england", "UNREST paris")
    with pytest.raises(IllegalOrder):
        order(state, "england", "UNREST london")         # Protestant
    occupied = [x for x in common_prayer.catholic_homes(state) if S.units(state, x)]
    first, second = occupied[0], common_prayer.catholic_homes(state)[-1]
    state = order(state, "england", f"UNREST {first}")   # occupied: still allowed (L735)
    state = order(state, "england",                     # the space by its Russian name
                  f"UNREST {S.board().spaces[second].name_ru}")
    assert S.in_unrest(state, first) and S.in_unrest(state, second)
    assert all(x.kind != "prayer_unrest" for x in RULES.decisions(state))
    assert common_prayer.UNREST_BY_ROLL[6] is None


@pytest.mark.card(62)
def test_book_of_common_prayer_needs_cranmer_uncommitted():
    state = into_action(fresh(), "england", hand=[62])
    with pytest.raises(IllegalOrder):
        order(state, "england", "PLAY 62 AS EVENT")
