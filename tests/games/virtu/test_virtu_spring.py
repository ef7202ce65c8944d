"""Spring: the action marker (§5.1), paying (§3.5), the six actions (§5.2), Indulgences
(§5.3) and Agents (§5.4); the digest's worked examples E2–E11."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from engine.dice import Dice
from games.virtu.sieges import defence
from games.virtu.spring import stability
from virtu_helpers import RULES, acting, courtier, fresh, in_room, kit, legal, order, verbs


def moving(state, seat, room):
    state["players"][seat]["marker"] = room - 1
    state["season"] = "spring"
    state["ask"] = {"kind": "move", "seat": seat}
    return state


def test_first_spring_places_the_marker_anywhere_then_later_springs_move_it():
    state = fresh(4)
    seat = state["order"][0]
    assert RULES.decisions(state)[0].options.count() == 5                    # L442
    state = order(state, "PLACE 4")
    assert state["players"][seat]["marker"] == 3 and RULES.decisions(state)[0].kind == "act"
    state = moving(state, seat, 4)
    state["players"][seat]["florins"] = 1
    assert not legal(state, "MOVE 3") and "STEP" not in verbs(state)         # 1 or 2 free
    state["players"][seat]["florins"] = 2
    state = order(state, "STEP")                                             # +1 for 2 florins
    assert "STEP" not in verbs(state)                                        # once a Spring
    state = order(state, "MOVE 3")
    assert state["players"][seat]["marker"] == 1 and state["players"][seat]["florins"] == 0


def test_arrows_taken_before_moving_add_rooms_up_to_the_full_circle():
    """L451–455: each Arrow symbol taken (its source flips) adds a Room; with enough the
    marker goes round to last Spring's Room."""
    state = fresh(4)
    courtier(state, "red", "l1", "advisor")
    state["players"]["red"]["domain"]["reggio"] = False            # an Arrow token
    state["players"]["red"]["domain"]["ferrara"] = False           # another
    state["players"]["red"]["florins"] = 2
    state = moving(state, "red", 2)
    for source in ("l1:arrow", "reggio:arrow", "STEP"):
        state = order(state, source if source == "STEP" else f"USE {source}")
    assert "USE" not in verbs(state) and legal(state, "MOVE 5")
    state = order(state, "MOVE 5")
    assert state["players"]["red"]["marker"] == 1
    assert state["players"]["red"]["courtiers"]["l1"]["used"] is False   # refreshed passing
    assert state["players"]["red"]["domain"]["reggio"] is True


def test_e2_passing_the_left_arrow_refreshes_the_left_courtiers():
    """E2 (L461): Green's marker passes its left arrow; the Bishop on the left flips back."""
    state = fresh(4)
    green = state["players"]["green"]
    courtier(state, "green", "l1", "bishop", used=True)
    green["courtiers"]["r1"]["used"] = True
    left = kit(state)["palaces"]["palaces"]["green"]["arrows"]["left"]
    state = moving(state, "green", left + 1)
    state = order(state, "MOVE 1")
    assert green["courtiers"]["l1"]["used"] is False
    assert green["courtiers"]["r1"]["used"] is True


def test_e3_paying_for_governance_and_refreshing_tokens():
    """E3 (L494–498): Crown of the Action card (Cardinal), Cross of its Upgrade, Crown of the
    Ambassador courtier: 2 Crowns + 1 Cross; only the Ambassador flips."""
    state = fresh(4)
    room = in_room(state, "blue", "govern")
    blue = state["players"]["blue"]
    blue["rooms"][room - 1].update(card="cardinal", upgrade="bishop")
    state["supply"]["nobles"]["cardinal"] -= 1
    state["supply"]["nobles"]["bishop"] -= 1
    courtier(state, "blue", "l1", "ambassador")
    for token in blue["domain"]:
        blue["domain"][token] = True
    state = acting(state, "blue", room)
    for use in ("USE card:crown", "USE upgrade:cross", "USE l1:crown"):
        state = order(state, use)
    assert state["pool"] == {"crown": 2, "cross": 1}
    assert blue["courtiers"]["l1"]["used"] is True
    assert not legal(state, "USE card:crown")                      # the card pays once
    state = order(state, "REFRESH milan")
    state = order(state, "REFRESH turin")
    assert blue["domain"] == {"milan": False, "turin": False}
    assert state["pool"] == {"crown": 1, "cross": 1}               # one symbol for 2 tokens


def test_governance_never_refreshes_a_token_that_paid_for_it():
    state = fresh(4)
    red = state["players"]["red"]
    red["domain"]["florence"] = True
    state["players"]["red"]["domain"]["pisa"] = False
    state = acting(state, "red", in_room(state, "red", "govern"))
    state["pool"] = {"crown": 1}
    red["spent"] = ["florence"]
    assert not legal(state, "REFRESH florence")                    # L569


def test_e4_an_indulgence_blocks_the_room_until_removed():
    """E4 (L526): Red must first pay 1 Cross or 2 Crowns to remove it."""
    state = fresh(4)
    room = in_room(state, "red", "diplomacy")
    state["players"]["red"]["rooms"][room - 1]["indulgence"] = True
    state["supply"]["indulgences"] -= 1
    state = acting(state, "red", room)
    state["pool"] = {"crown": 5}
    assert "ANNEX" not in verbs(state)
    state["players"]["red"]["passed"] = [room - 1]
    state = order(state, f"UNBLOCK {room} crown")
    assert state["pool"] == {"crown": 3} and "ANNEX" in verbs(state)
    assert state["supply"]["indulgences"] == 10


def test_an_indulgence_passed_on_the_way_may_be_removed_with_resources_refreshed_by_the_move():
    """L532–545: passing through a Room with an Indulgence, Red may pay 1 Cross (here from a
    courtier the same move refreshed) to remove it, whatever the action of the Room it stops in."""
    state = fresh(4)
    red = state["players"]["red"]
    left = kit(state)["palaces"]["palaces"]["red"]["arrows"]["left"]
    red["rooms"][(left + 1) % 5]["indulgence"] = True
    state["supply"]["indulgences"] -= 1
    red["courtiers"]["l1"] = {"card": "bishop", "used": True}
    state["supply"]["nobles"]["bishop"] -= 1
    state = moving(state, "red", left + 1)
    state = order(state, "MOVE 2")
    assert legal(state, "USE l1:cross")
    state = order(state, "USE l1:cross")
    state = order(state, f"UNBLOCK {left + 2} cross")
    assert not red["rooms"][(left + 1) % 5]["indulgence"]


def test_an_indulgence_once_a_year_for_a_crown_or_three_florins():
    state = fresh(4)
    state = acting(state, "red", in_room(state, "red", "govern"))
    state = order(state, "INDULGENCE florins")
    assert state["players"]["red"]["florins"] == 4                 # L522
    assert "INDULGENCE" not in verbs(state)                        # L506, once a Year
    assert state["players"]["red"]["rooms"][in_room(state, "red", "govern") - 1]["indulgence"]


def test_e5_diplomacy_by_road_costs_more_crowns_than_the_stability():
    """E5 (L643): Ravenna (stability 2) from Florence costs 3 Crowns."""
    state = fresh(4)
    state = acting(state, "red", in_room(state, "red", "diplomacy"))
    state["pool"] = {"crown": 2}
    assert not legal(state, "ANNEX Ravenna")
    state["pool"] = {"crown": 3}
    state = order(state, "ANNEX Ravenna")
    assert state["cities"]["ravenna"]["owner"] == "red"
    assert state["players"]["red"]["domain"]["ravenna"] is False   # available side
    assert state["pool"] == {}


def test_e6_diplomacy_by_sea_with_an_enemy_agent():
    """E6 (L657): Terracina (port, 1) with a green Agent (+1) from Pisa across 2 seas:
    3 Crowns + 2 Ships."""
    state = fresh(4)
    state["cities"]["terracina"]["agent"] = "green"
    assert stability(state, kit(state), "terracina", "red") == 2
    state = acting(state, "red", in_room(state, "red", "diplomacy"))
    state["pool"] = {"crown": 3, "ship": 1}
    assert not legal(state, "ANNEX terracina")
    state["pool"] = {"crown": 3, "ship": 2}
    state = order(state, "ANNEX Террачина")
    assert state["cities"]["terracina"]["owner"] == "red"


@pytest.mark.parametrize("city", ["ragusa", "florence"])
def test_diplomacy_never_takes_a_pirate_port_or_a_players_city(city):
    state = fresh(4)
    state = acting(state, "green", in_room(state, "green", "diplomacy"))
    state["pool"] = {"crown": 9, "ship": 9}
    assert not legal(state, f"ANNEX {city}")                       # L661, L637


def test_e7_an_enemy_agent_in_a_room_blocks_its_action():
    state = fresh(4)
    room = in_room(state, "green", "diplomacy")
    state["players"]["green"]["rooms"][room - 1]["agent"] = "red"
    state = acting(state, "green", room)
    state["pool"] = {"crown": 9}
    assert verbs(state) <= {"DONE", "USE", "INDULGENCE"}


def test_e8_a_protective_agent_costs_two_masks_to_remove_first():
    """E8 (L769): Green's own Agent in its Military Room; an opponent (Blue) pays 2 Masks to
    remove it, then 1 more to place its own."""
    state = fresh(4)
    room = in_room(state, "green", "military")
    state["players"]["green"]["rooms"][room - 1]["agent"] = "green"
    state = acting(state, "blue", in_room(state, "blue", "intrigue"))
    state["pool"] = {"mask": 1}
    assert not legal(state, f"AGENT supply room_green_{room}")
    assert not legal(state, f"EXPEL room_green_{room}")
    state["pool"] = {"mask": 3}
    state = order(state, f"EXPEL room_green_{room}")
    state = order(state, f"AGENT supply room_green_{room}")
    assert state["players"]["green"]["rooms"][room - 1]["agent"] == "blue"
    assert state["pool"] == {}


def test_e9_agents_change_a_citys_stability():
    """E9 (L783–787)."""
    state = fresh(4)
    k = kit(state)
    state["cities"]["ancona"]["agent"] = "red"
    assert stability(state, k, "ancona", "red") == 1
    assert stability(state, k, "ancona", "green") == 3
    state["cities"]["siena"].update(owner="red", agent="green")
    state["players"]["red"]["domain"]["siena"] = False
    assert defence(state, k, "green", "siena") == (2, 2)
    state["cities"]["spoleto"].update(owner="blue", agent="blue")
    state["players"]["blue"]["domain"]["spoleto"] = False
    assert defence(state, k, "red", "spoleto") == (2, 2)


def test_the_prince_keeps_other_agents_out():
    state = fresh(4)
    state["players"]["green"]["bonuses"].append("prince")
    state["supply"]["bonuses"].remove("prince")
    state = acting(state, "blue", in_room(state, "blue", "intrigue"))
    state["pool"] = {"mask": 1}
    assert not legal(state, "AGENT supply city_venice")             # L612
    assert legal(state, "AGENT supply city_rome")


def test_trade_gives_two_florins_a_ship():
    state = fresh(4)
    state = acting(state, "green", in_room(state, "green", "trade"))
    state = order(state, "USE venice:ship")
    state = order(state, "SELL")
    state = order(state, "SELL")
    assert state["players"]["green"]["florins"] == 5              # L627


def test_patronage_once_a_year_and_a_bonus_of_the_other_kind_at_step_four():
    state = fresh(4)
    red = state["players"]["red"]
    room = in_room(state, "red", "patronage")
    red["florins"] = 20
    state = acting(state, "red", room)
    state["pool"] = {"crown": 5}
    state = order(state, "PATRON")
    assert red["patronage"] == 1 and "PATRON" not in verbs(state)     # L583
    red["year_flags"] = []
    state = order(state, "PATRON")
    assert RULES.decisions(state)[0].kind == "bonus"                  # L589
    state = order(state, "TAKE Leonardo da Vinci")
    red["year_flags"] = []
    state["pool"] = {"crown": 5}
    state = order(state, "PATRON")
    red["year_flags"] = []
    state = order(state, "PATRON")
    offered = set(RULES.decisions(state)[0].options.options[0].fields[0][1].values)
    creators = {b for b, v in kit(state)["patronage"]["bonuses"].items() if v["kind"] == "creator"}
    assert offered and not offered & creators                         # L593–603


def test_e22_e23_the_ottoman_bonus_is_used_and_reactivated_by_governance():
    state = fresh(4)
    state["alliances"]["ottoman"].update(holder="green", active=True)
    state = acting(state, "green", in_room(state, "green", "trade"))
    state = order(state, "USE ally_ottoman:ship")
    assert state["pool"] == {"ship": 2} and not state["alliances"]["ottoman"]["active"]
    state = order(state, "DONE")
    state = acting(state, "green", in_room(state, "green", "govern"))
    state["pool"] = {"cross": 1}
    state = order(state, "REACTIVATE ottoman")
    assert state["alliances"]["ottoman"]["active"]


def test_e21_an_enemy_agent_on_an_alliance_stops_its_bonus():
    state = fresh(4)
    state["alliances"]["ottoman"].update(holder="green", active=True, agent="red")
    state = acting(state, "green", in_room(state, "green", "trade"))
    assert not legal(state, "USE ally_ottoman:ship")


def test_military_moves_troops_by_road_and_sea_and_starts_sieges():
    state = fresh(4)
    state = acting(state, "red", in_room(state, "red", "military"))
    state["pool"] = {"cavalry": 1, "ship": 2}
    state = order(state, "MARCH florence-siena")
    assert state["troops"]["red"] == {"pisa": 1, "siena": 1}
    assert not legal(state, "MARCH siena-perugia")                    # stopped (L691)
    state = order(state, "MARCH pisa-terracina")
    assert state["troops"]["red"] == {"siena": 1, "terracina": 1}


def test_an_unknown_order_is_refused_with_a_reason():
    state = acting(fresh(4), "red", 1)
    with pytest.raises(IllegalOrder):
        RULES.apply(state, "red", {"verb": "ANNEX", "city": "rome"}, Dice("x"))
