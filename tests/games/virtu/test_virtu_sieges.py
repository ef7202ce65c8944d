"""End of Spring: sieges, battles on the plains, retreats, turn order (§6); E12–E17."""
from __future__ import annotations

from engine.dice import Dice
from games.virtu import fights
from games.virtu.common import turn_order
from virtu_helpers import RULES, end_of_spring, fresh, kit, verb_prompt


def besiege(state, seat, city, troops, war=0):
    state["troops"][seat][city] = troops
    state["players"][seat]["war"] = war


def own(state, seat, city, troops=0):
    state["cities"][city]["owner"] = seat
    state["players"][seat]["domain"][state["supply"]["city_tokens"][city]] = False
    if troops:
        state["troops"][seat][city] = troops


def until_asked(state, wanted):
    """Run the end of Spring, every question before it answered by its default, until the
    open question `wanted(ask)` holds."""
    state.update(ask=None)
    fights.start(state)
    while not state["ask"] or not wanted(state["ask"]):
        if state["ask"]:
            decision = RULES.decisions(state)[0]
            state = RULES.apply(state, decision.seat, RULES.default(state, decision), Dice("x"))
        else:
            fights.step(state, kit(state))
    return state


def battle(red: int, blue: int, answers=None):
    """Red and Blue Troops before neutral Siena, Red first in turn order."""
    state = fresh(4)
    besiege(state, "red", "siena", red)
    besiege(state, "blue", "siena", blue)
    state["order"] = ["red", "blue", "green", "yellow"]
    return end_of_spring(state, answers)


def test_e12_siena_falls_to_two_troops_and_a_bonus():
    """E12 (L879–880): 2 Troops + 1 bonus = 3 against 3 − 1 (attacker's Agent) = 2."""
    state = fresh(4)
    state["cities"]["siena"]["agent"] = "red"
    besiege(state, "red", "siena", 2, war=1)
    state = end_of_spring(state)
    assert state["cities"]["siena"]["owner"] == "red"
    assert state["troops"]["red"]["siena"] == 2                      # final stability 2 < 3
    assert state["players"]["red"]["domain"]["siena"] is True       # used side (L904)


def test_e13_benevento_holds_and_the_survivor_retreats():
    """E13 (L884–885): 2 against 2 + 1 (a non-attacker's Agent): 1 lost, 1 retreats."""
    state = fresh(4)
    state["cities"]["benevento"]["agent"] = "green"
    besiege(state, "yellow", "benevento", 2)
    state["troops"]["yellow"]["naples"] = 1
    state = end_of_spring(state)
    assert state["cities"]["benevento"]["owner"] is None
    assert state["troops"]["yellow"] == {"naples": 2, "palermo": 1}


def test_e14_parma_is_taken_with_a_trophy():
    """E14 (L889–890): 3 + 1 against 1 + 1 defending Troop: the attacker loses 1 Troop for
    the defender's, keeps 2; the defender loses its Troop; Parma's token used side, a
    Trophy."""
    state = fresh(4)
    own(state, "blue", "parma", troops=1)
    besiege(state, "red", "parma", 3, war=1)
    state = end_of_spring(state)
    assert state["cities"]["parma"]["owner"] == "red"
    assert state["troops"]["red"]["parma"] == 2
    assert "parma" not in state["troops"]["blue"]
    assert state["players"]["red"]["domain"]["parma"] is True
    assert "parma" not in state["players"]["blue"]["domain"]
    assert state["players"]["red"]["trophies"] == ["blue"]
    assert RULES.validate(state) == []


def test_e15_ravenna_final_stability_leaves_the_troops_out():
    """E15 (L894–895): 3 + 1 = 4 against 2 + 1 Troop + 1 bonus − 1 Agent = 3.  The defender
    (not the active player) declares its bonus in turn; final stability 2 − 1 = 1 (ruling R1),
    so the attacker loses only the Troop for the defender's and keeps 2."""
    state = fresh(4)
    own(state, "green", "ravenna", troops=1)
    state["cities"]["ravenna"]["agent"] = "red"
    state["players"]["green"]["courtiers"]["l1"] = {"card": "standard_bearer", "used": False}
    state["supply"]["nobles"]["standard_bearer"] -= 1
    besiege(state, "red", "ravenna", 3, war=1)
    state = end_of_spring(state, {"red": ["PASS", "BONUS token"], "green": ["BONUS l1"]})
    assert state["players"]["green"]["courtiers"]["l1"]["used"] is True
    assert state["players"]["green"]["florins"] == 0                   # 1 florin (L835)
    assert state["cities"]["ravenna"]["owner"] == "red"
    assert state["troops"]["red"]["ravenna"] == 2


def test_bonuses_are_declared_in_turn_and_each_source_once():
    """L831–837: attacker, defender, attacker...; two passes in a row settle it."""
    state = fresh(4)
    own(state, "green", "ravenna", troops=1)
    red = state["players"]["red"]
    red["bonuses"].append("leonardo")
    state["supply"]["bonuses"].remove("leonardo")
    red["florins"] = 3
    state["alliances"]["france"].update(holder="red", active=True)
    besiege(state, "red", "ravenna", 1)
    state = end_of_spring(state, {"red": ["BONUS leonardo", "BONUS france"]})
    assert red["florins"] == 2 and not state["alliances"]["france"]["active"]
    assert state["cities"]["ravenna"]["owner"] == "red"                # 1 + 1 + 2 > 2 + 1


def test_a_defender_with_nothing_to_declare_is_not_asked():
    state = fresh(4)
    own(state, "green", "ravenna", troops=1)
    besiege(state, "red", "ravenna", 4, war=1)
    state = end_of_spring(state, {"red": ["PASS"]})                    # only red is asked
    assert state["cities"]["ravenna"]["owner"] == "red"


def test_a_stability_three_city_costs_the_winner_a_troop():
    state = fresh(4)
    besiege(state, "red", "siena", 4)
    state = end_of_spring(state)
    assert state["troops"]["red"]["siena"] == 3                      # L901


def test_e16_spoleto_holds_and_red_falls_back_to_florence():
    """E16 (L929): 2 Troops against stability 2: 1 lost, the other retreats to Florence."""
    state = fresh(4)
    besiege(state, "red", "spoleto", 2)
    del state["troops"]["red"]["florence"]
    state = end_of_spring(state)
    assert state["troops"]["red"] == {"pisa": 1, "florence": 1}


def test_e17_retreat_by_sea_paying_a_ship_per_troop():
    """E17 (L933): Green cannot retreat by land from Ancona; it pays 1 Ship per Troop to sail
    to Venice."""
    state = fresh(4)
    besiege(state, "green", "ancona", 2)
    state = end_of_spring(state, {"green": ["SAIL venice"]})
    assert state["troops"]["green"]["venice"] == 2                     # 1 + the survivor
    assert state["players"]["green"]["domain"]["venice"] is True       # Venice's Ships paid


def with_merchant(state: dict) -> dict:
    """Green with a Merchant (2 Ships) from the supply on its courtier space l1."""
    state["supply"]["nobles"]["merchant"] -= 1
    state["players"]["green"]["courtiers"]["l1"] = {"card": "merchant", "used": False}
    return state


def test_the_retreating_player_chooses_which_ships_pay_for_the_sea():
    """§6.5 (L927): Green sails home from Ancona and pays with Venice's token rather than
    its Merchant; the question stays open until the Ships are paid, LOSE no longer
    offered."""
    state = with_merchant(fresh(4))
    besiege(state, "green", "ancona", 2)
    state = end_of_spring(state, {"green": ["SAIL venice", "USE venice:ship"]})
    assert state["troops"]["green"]["venice"] == 2
    assert state["players"]["green"]["domain"]["venice"] is True          # the token paid
    assert state["players"]["green"]["courtiers"]["l1"]["used"] is False  # the Merchant did not
    state = with_merchant(fresh(4))
    besiege(state, "green", "ancona", 2)
    state = until_asked(state, lambda ask: ask["kind"] == "retreat")
    state = RULES.apply(state, "green", {"verb": "SAIL", "to": "venice"}, Dice("x"))
    decision = RULES.decisions(state)[0]
    assert (decision.kind, set(decision.options.verbs())) == ("retreat", {"USE"})
    assert RULES.default(state, decision) == {"verb": "USE", "source": "l1:ship"}    # R20
    assert RULES.answer_from_standing(state, decision, "LOSE") is None


def test_e17_the_default_spends_no_ships_and_loses_the_troops():
    state = fresh(4)
    besiege(state, "green", "ancona", 2)
    state = end_of_spring(state)
    assert "ancona" not in state["troops"]["green"]


def test_the_winner_of_a_battle_may_press_on_or_abandon():
    state = battle(5, 1, {"red": ["ABANDON", "RETREAT florence"]})
    assert state["cities"]["siena"]["owner"] is None
    assert state["troops"]["red"]["florence"] == 5


def test_a_second_capture_from_the_same_player_gives_no_trophy_and_takes_the_cathedral():
    state = fresh(4)
    own(state, "blue", "parma")
    own(state, "blue", "siena")
    state["cities"]["siena"]["cathedral"] = True
    state["players"]["blue"]["domain"]["cathedral_siena"] = False
    besiege(state, "red", "parma", 3)
    state = end_of_spring(state)
    state["troops"]["red"] = {}
    besiege(state, "red", "siena", 5)
    state = end_of_spring(state)
    assert state["players"]["red"]["trophies"] == ["blue"]          # L911
    assert state["players"]["red"]["domain"]["cathedral_siena"] is True   # L915
    assert "cathedral_siena" not in state["players"]["blue"]["domain"]


def test_battle_on_the_plains_before_a_neutral_city():
    """L941–946: 5 against 1: the loser loses all, the winner as many, then besieges with
    4 (more than Siena's 3, so the default goes on, §11 E3)."""
    state = battle(5, 1)
    assert "siena" not in state["troops"]["blue"]
    assert state["cities"]["siena"]["owner"] == "red"
    assert state["troops"]["red"]["siena"] == 3          # 5 − 1 (battle) − 1 (stability 3)


def test_the_winner_of_a_battle_abandons_a_siege_it_cannot_win():
    state = battle(4, 1)
    assert state["cities"]["siena"]["owner"] is None
    assert state["troops"]["red"]["florence"] == 4       # 3 retreat home (L946)


def test_a_tied_battle_costs_each_a_troop_and_both_retreat():
    state = battle(2, 2)
    assert "siena" not in state["troops"]["red"] and "siena" not in state["troops"]["blue"]
    assert state["troops"]["red"]["florence"] == 2       # retreated along the road


def test_turn_order_most_cities_first_ties_by_the_disc_on_top():
    """L964–966."""
    state = fresh(4)
    own(state, "green", "ferrara")
    state["stamp"] += 1
    state["track"]["yellow"] = state["stamp"]           # yellow's disc moved last: on top
    order = turn_order(state)
    assert order[0] == "green" and order[1] == "yellow"


def test_a_player_chooses_the_order_of_its_sieges():
    """L821: Red resolves Siena before Ravenna (the default would take Ravenna first)."""
    state = fresh(4)
    besiege(state, "red", "siena", 4)
    besiege(state, "red", "ravenna", 2)
    state = end_of_spring(state, {"red": ["SIEGE siena"]})
    assert state["cities"]["siena"]["owner"] == "red"
    assert [e["city"] for e in state["log"] if e["msg"].startswith("siege_")] == \
        ["siena", "ravenna"]


def test_the_defender_cashes_a_tokens_florins_before_it_is_captured():
    """L400, §12: florins may be cashed any time; Blue keeps Mantua's before Red takes it."""
    state = fresh(4)
    own(state, "blue", "mantua")
    besiege(state, "red", "mantua", 4)
    florins = state["players"]["blue"]["florins"]
    state = end_of_spring(state, {"blue": ["USE mantua:florin", "PASS"]})
    assert state["players"]["blue"]["florins"] == florins + 2
    assert state["cities"]["mantua"]["owner"] == "red"
    assert state["players"]["red"]["domain"]["mantua"] is True


def test_off_turn_questions_take_standing_orders():
    """Every off-turn question can be answered in advance (§11): a defender that never
    declares, a player who always presses on."""
    state = fresh(4)
    own(state, "green", "ravenna", troops=1)
    state["players"]["green"]["courtiers"]["l1"] = {"card": "standard_bearer", "used": False}
    state["supply"]["nobles"]["standard_bearer"] -= 1
    besiege(state, "red", "ravenna", 3, war=1)
    fights.start(state)
    while state["ask"] is None or state["ask"]["kind"] != "declare" \
            or state["ask"]["seat"] != "green":
        if state["ask"]:
            decision = RULES.decisions(state)[0]
            state = RULES.apply(state, decision.seat, RULES.default(state, decision), Dice("x"))
        else:
            fights.step(state, kit(state))
    decision = RULES.decisions(state)[0]
    assert RULES.answer_from_standing(state, decision, "PASS") == {"verb": "PASS"}
    assert RULES.answer_from_standing(state, decision, "CONTINUE") is None
    assert set(RULES.standing_kinds()) == {"siege", "declare", "press", "retreat", "shaded"}
    assert all(d.clock in RULES.clock_classes for d in RULES.decisions(state))


def test_a_standing_order_cashes_the_defenders_florins_off_turn():
    """§3.5 (L400): florins are cashed at any time, even on another's turn; STANDING declare
    CASH cashes one source each time the defender is asked, then answers as DEFAULT (with
    nothing left to cash or declare the defender is not asked again)."""
    state = fresh(4)
    own(state, "blue", "mantua")
    besiege(state, "red", "mantua", 4)
    state = until_asked(state, lambda ask: ask["seat"] == "blue")
    florins = state["players"]["blue"]["florins"]
    answers = []
    while state["ask"] and state["ask"]["seat"] == "blue":
        decision = RULES.decisions(state)[0]
        answers.append(RULES.answer_from_standing(state, decision, "CASH"))
        state = RULES.apply(state, "blue", answers[-1], Dice("x"))
    assert {a["source"] for a in answers} == {"r1:florin", "milan:florin", "turin:florin",
                                              "mantua:florin"}
    assert state["players"]["blue"]["florins"] == florins + 3 + 3 + 3 + 2  # Francesco, tokens
    assert state["cities"]["mantua"]["owner"] == "red"


def shaded_defender(cards: dict[str, str | None]) -> dict:
    """Blue holds 5 cities (one shaded space open, §6.7) with `cards` on its courtier
    spaces; Red takes Parma from it."""
    state = fresh(4)
    for city in ("parma", "genoa", "mantua"):
        own(state, "blue", city)
    blue = state["players"]["blue"]
    blue["courtiers"] = {"l1": None, "r1": None, "r2": None, "l2": None}
    for slot, card in cards.items():
        blue["courtiers"][slot] = {"card": card, "used": True} if card else None
        if card in state["supply"]["nobles"]:
            state["supply"]["nobles"][card] -= 1
    besiege(state, "red", "parma", 3)
    return state


def test_below_five_cities_the_owner_chooses_where_the_shaded_spaces_card_goes():
    """§6.7 (L1045): Blue drops to 4 cities and must close its shaded space; it keeps the
    used Banker by moving it to its free space r2 rather than discarding it."""
    state = shaded_defender({"l1": "francesco_sforza", "r1": "caterina_sforza",
                             "l2": "banker"})
    state = end_of_spring(state, {"blue": ["PASS", "CLOSE l2 r2"]})
    assert state["cities"]["parma"]["owner"] == "red"
    assert state["players"]["blue"]["courtiers"]["r2"] == {"card": "banker", "used": True}
    assert "l2" not in state["players"]["blue"]["courtiers"]
    assert state["supply"]["nobles"]["banker"] == 4


def test_the_shaded_space_question_has_a_default_and_a_standing_order():
    """§6.7, E5: asked off-turn, so a default (move the card to the first free space, else
    discard it) and STANDING shaded DEFAULT; discarding is the player's to choose."""
    state = shaded_defender({"l1": "francesco_sforza", "r1": "caterina_sforza",
                             "l2": "banker"})
    state = until_asked(state, lambda ask: ask["kind"] == "shaded")
    decision = RULES.decisions(state)[0]
    assert decision.seat == "blue"
    assert RULES.default(state, decision) == {"verb": "CLOSE", "space": "l2", "to": "r2"}
    assert RULES.answer_from_standing(state, decision, "DEFAULT") == RULES.default(state,
                                                                                   decision)
    state = RULES.apply(state, "blue", {"verb": "CLOSE", "space": "l2", "to": "discard"},
                        Dice("x"))
    assert state["supply"]["nobles"]["banker"] == 5 and state["ask"]["kind"] == "winter"
    assert RULES.validate(state) == []


def test_an_empty_shaded_space_closes_without_a_question():
    state = shaded_defender({"l1": "francesco_sforza", "r1": "caterina_sforza"})
    state = end_of_spring(state)
    assert "l2" not in state["players"]["blue"]["courtiers"]


def test_a_defenders_indulgence_prompt_offers_only_the_florins():
    """§5.3, ruling R25: in a fight an Indulgence gives only its 3 florins (its Crown pays
    for an Action), so the prompt prints no `crown`."""
    state = fresh(4)
    own(state, "blue", "mantua")
    state["players"]["blue"]["marker"] = 0
    besiege(state, "red", "mantua", 4)
    state = until_asked(state, lambda ask: ask["seat"] == "blue")
    for lang in ("en", "ru"):
        shown = verb_prompt(state, "INDULGENCE", lang)
        assert "florins" in shown and "crown" not in shown.lower(), shown
