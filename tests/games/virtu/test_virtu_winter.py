"""Winter (§7): wages, purchases, troops, alliances; E19, E20."""
from __future__ import annotations

from games.virtu import winter
from virtu_helpers import RULES, courtier, fresh, kit, legal, order, verbs


def wintering(state, seat, stage="buy"):
    state["season"] = "winter"
    state["ask"] = {"kind": "winter", "seat": seat, "stage": stage}
    state["turn"] = state["order"].index(seat) + 1
    return state


def test_wages_for_five_troops_are_two_and_unpaid_troops_leave():
    state = fresh(4)
    state["troops"]["red"] = {"florence": 3, "pisa": 2}
    state["players"]["red"]["florins"] = 5
    winter.wages(state, kit(state), "red")
    assert state["players"]["red"]["florins"] == 3                   # L994
    state["players"]["red"]["florins"] = 1
    winter.wages(state, kit(state), "red")
    assert sum(state["troops"]["red"].values()) == 4                 # could pay 1 for 3-4
    assert state["players"]["red"]["florins"] == 0


def test_hiring_costs_one_in_a_starting_city_three_elsewhere_six_at_most():
    state = fresh(4)
    state["cities"]["siena"]["owner"] = "red"
    state["players"]["red"]["domain"]["siena"] = False
    state["players"]["red"]["florins"] = 4
    state = wintering(state, "red", "hire")
    state = order(state, "HIRE siena")
    assert state["players"]["red"]["florins"] == 1                   # L1103
    state = order(state, "HIRE florence")
    assert state["players"]["red"]["florins"] == 0
    state["players"]["red"]["florins"] = 9
    state["troops"]["red"] = {"florence": 6}
    assert "HIRE" not in verbs(state)                                 # a 7th Troop


def test_purchases_one_copy_a_winter_one_cardinal_ever():
    state = fresh(4)
    red = state["players"]["red"]
    red["florins"] = 20
    red["courtiers"].update(l1=None, r2=None)                        # two free spaces
    state = wintering(state, "red")
    state["pool"] = {"cross": 3}
    state = order(state, "BUY cardinal")
    assert not legal(state, "BUY cardinal")                          # L1061, L1097
    state = order(state, "BUY merchant")
    assert not legal(state, "BUY merchant")                           # one copy per Winter
    red["bought"] = []
    red["courtiers"]["r1"] = None
    assert not legal(state, "BUY cardinal")                           # never a second
    assert legal(state, "BUY merchant")


def test_a_new_card_needs_a_free_courtier_space_and_a_discard_frees_one():
    state = fresh(4)
    red = state["players"]["red"]
    red["florins"] = 20
    courtier(state, "red", "r2", "bishop")
    state["players"]["red"]["courtiers"]["l1"] = {"card": "banker", "used": True}
    state["supply"]["nobles"]["banker"] -= 1
    state = wintering(state, "red")
    assert not legal(state, "BUY merchant")
    state = order(state, "DISCARD l1")
    assert state["supply"]["nobles"]["banker"] == 5                  # L1043
    state = order(state, "BUY merchant")
    assert red["courtiers"]["l1"] == {"card": "merchant", "used": False}


def test_kingdom_or_republic_never_both_and_only_your_own_duchy():
    state = fresh(4)
    red = state["players"]["red"]
    red["florins"] = 30
    state = wintering(state, "red")
    state["pool"] = {"crown": 9, "cross": 9}
    assert not legal(state, "BUY duchy_blue")
    state = order(state, "BUY kingdom_1")
    assert not legal(state, "BUY republic_1")                         # L1067
    assert red["courtiers"].get("l2", "closed") is None                # a Title opens a space


def test_e19_a_cathedral_in_a_city_of_base_stability_three():
    """E19 (L1081): Yellow may build a Cathedral in Palermo (3); Pisa (2) never."""
    state = fresh(4)
    state["players"]["yellow"]["florins"] = 10
    state = wintering(state, "yellow")
    state["pool"] = {"cross": 1}
    state = order(state, "BUY cathedral_palermo")
    assert state["cities"]["palermo"]["cathedral"]
    assert state["players"]["yellow"]["domain"]["cathedral_palermo"] is True   # used side
    state = wintering(state, "red")
    state["players"]["red"]["florins"] = 10
    state["pool"] = {"cross": 1}
    assert not legal(state, "BUY cathedral_pisa")


def test_e20_the_ottoman_alliance_one_symbol_cheaper_with_your_agent():
    """E20 (L1135): 1 Crown + 3 Ships, 1 symbol less for Green with its Agent on it."""
    state = fresh(4)
    state = wintering(state, "green", "ally")
    state["pool"] = {"crown": 1, "ship": 2}
    assert not legal(state, "ALLY ottoman")
    state["alliances"]["ottoman"]["agent"] = "green"
    state = order(state, "ALLY ottoman")
    assert state["alliances"]["ottoman"]["holder"] == "green"
    assert state["pool"] == {}


def test_e11_only_the_agents_owner_usurps_at_full_cost():
    """E11/E21 (L807–811, L1141–1144)."""
    state = fresh(4)
    state["alliances"]["ottoman"].update(holder="green", active=True, agent="red")
    state = wintering(state, "blue", "ally")
    state["pool"] = {"crown": 5, "ship": 5}
    assert not legal(state, "ALLY ottoman")
    state = wintering(state, "red", "ally")
    state["pool"] = {"crown": 1, "ship": 2}
    assert not legal(state, "ALLY ottoman")
    state["pool"] = {"crown": 1, "ship": 3}
    state = order(state, "ALLY ottoman")
    assert state["alliances"]["ottoman"] == {"holder": "red", "active": True, "agent": "red"}


def test_a_winter_walks_purchases_troops_alliances_then_the_next_player():
    state = fresh(4)
    seat = state["order"][0]
    state = wintering(state, seat)
    for _ in range(3):
        state = order(state, "DONE")
    assert RULES.decisions(state)[0].seat == state["order"][1]
