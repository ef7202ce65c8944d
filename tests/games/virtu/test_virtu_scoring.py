"""End of the game and scoring (§10); E24."""
from __future__ import annotations

from engine.dice import Dice
from games.virtu.flow import end_spring
from games.virtu.scoring import religion_points, score, track_points, winners
from virtu_helpers import RULES, acting, fresh, in_room, kit, order


def test_e24_two_tied_for_most_crosses_score_the_second_place():
    """E24 (L1212): in 4-5p two tied first get 2 each, the next 1."""
    table = [4, 2, 1, 0]
    assert religion_points({"a": 5, "b": 5, "c": 3, "d": 0}, table) == \
        {"a": 2, "b": 2, "c": 1, "d": 0}
    assert religion_points({"a": 5, "b": 3, "c": 3}, [4, 2, 0]) == {"a": 4, "b": 0, "c": 0}


def test_track_points_and_the_leader_bonus_for_every_tied_leader():
    assert track_points({"a": 3, "b": 3, "c": 1}, [0, 0, 1, 1, 2, 3], 1) == \
        {"a": 2, "b": 2, "c": 0}                                     # L1190


def test_score_counts_printed_prestige_trophies_alliances_and_indulgences():
    state = fresh(4)
    red = state["players"]["red"]
    red["trophies"] = ["blue"]
    red["rooms"][0]["indulgence"] = True
    state["supply"]["indulgences"] -= 1
    state["alliances"]["hre"].update(holder="red", active=False)
    state["alliances"]["france"].update(holder="red", active=True, agent="green")
    red["bonuses"].append("columbus")
    table = score(state, kit(state))["red"]
    assert table["trophies"] == 2 and table["alliances"] == 1 and table["indulgences"] == -1
    assert table["printed"] == 1 + 2                                 # Lorenzo + Columbus


def test_a_tie_goes_to_the_most_crowns():
    state = fresh(3)
    table = {s: {"total": 5} for s in state["order"]}
    state["players"]["yellow"]["domain"]["siena"] = False            # a Crown token
    assert winners(state, kit(state), table) == ("yellow",)


def test_the_end_is_checked_after_spring_and_a_final_winter_follows():
    state = fresh(3)
    state["players"]["red"]["patronage"] = 5                        # last step (L1180)
    state["turn"] = len(state["order"])
    end_spring(state, kit(state))
    assert state["final"] and state["season"] == "winter"


def test_an_eighth_city_ends_the_game_after_the_final_winter():
    """L1179–1182: a disc on the last space of the Cities track (8 cities) ends the game at
    the end of Spring; everyone plays the final Winter, then the game is scored."""
    state = fresh(3)
    for city in ("siena", "bologna", "ferrara", "ravenna", "ancona"):
        state["cities"][city]["owner"] = "red"
        state["players"]["red"]["domain"][city] = False
    state = acting(state, "red", in_room(state, "red", "diplomacy"))
    state["pool"] = {"crown": 3}
    state = order(state, "ANNEX spoleto")
    state = order(state, "DONE")
    while RULES.outcome(state) is None:
        decision = RULES.decisions(state)[0]
        assert state["year"] == 1
        state = RULES.apply(state, decision.seat, RULES.default(state, decision), Dice("x"))
    outcome = RULES.outcome(state)
    assert state["ended_by"] == "end" and "final Winter" in outcome.reason
    assert outcome.winners == ("red",)
    assert state["scores"]["red"]["cities"] == 6 + 1                 # last space + leader


def test_the_year_cap_is_a_moderator_option_off_by_default():
    """Ruling R8 is no rulebook rule: a game has no cap unless the moderator sets `years`;
    `pbem simulate` sets 200 as a safety net (random games end by §10 long before, mostly),
    `years=0` turns it off."""
    from engine.game import Game
    from pbem.simulate import START, bot_seats
    assert fresh(3)["years"] == 0
    state = fresh(3)
    state["year"] = 40
    state["season"], state["turn"] = "winter", 0
    from games.virtu.flow import end_year
    end_year(state, kit(state))
    assert state["season"] == "spring" and state["year"] == 41       # no cap: play on
    assert dict(RULES.simulation_options) == {"years": 200}
    capped = Game.create(RULES, "sim", bot_seats(["red", "yellow", "green"]), now=START,
                         seed="c", options={"years": 3})
    capped.state["year"] = 3
    end_year(capped.state, kit(capped.state))
    assert capped.state["ended_by"] == "cap"
