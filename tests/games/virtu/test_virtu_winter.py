"""Winter (§7): wages, purchases, troops, alliances; E19, E20."""
from __future__ import annotations

from games.virtu import winter
from virtu_helpers import RULES, courtier, fresh, kit, legal, order, verbs


def wintering(state, seat, stage="buy"):
    state["season"] = "winter"
    state["ask"] = {"kind": "winter", "seat": seat, "stage": stage}
    state["turn"] = state["order"].index(seat) + 1
    return state


def test_wages_for_five_troops_are_two():
    state = fresh(4)
    state["troops"]["red"] = {"florence": 3, "pisa": 2}
    state["players"]["red"]["florins"] = 5
    state = wintering(state, "red", "wages")
    state = order(state, "PAY")
    assert state["players"]["red"]["florins"] == 3                   # L994
    assert RULES.decisions(state)[0].context["stage"] == "reorg"


def test_unpaid_troops_leave_until_the_wage_is_paid():
    """L995 (R14): 5 Troops owe 2; with 1 florin the player sends one home, then owes 1."""
    state = fresh(4)
    state["troops"]["red"] = {"florence": 3, "pisa": 2}
    state["players"]["red"]["florins"] = 1
    state = wintering(state, "red", "wages")
    assert "PAY" not in verbs(state)
    decision = RULES.decisions(state)[0]
    assert RULES.default(state, decision) == {"verb": "DISMISS", "city": "pisa"}
    state = order(state, "DISMISS florence")
    state = order(state, "PAY")
    assert state["troops"]["red"] == {"florence": 2, "pisa": 2}
    assert state["players"]["red"]["florins"] == 0


def test_a_winter_indulgence_pays_the_wage_once_a_year_under_the_marker():
    """§7.6 (L1166–1170, R25): short of the wage, the player takes an Indulgence's 3 florins
    (never its Crown: no Action in Winter), the card goes into the Room under the marker,
    and no second one is offered that Year (not at the purchases either)."""
    state = fresh(4)
    red = state["players"]["red"]
    state["troops"]["red"] = {"florence": 3, "pisa": 2}
    red["florins"], red["marker"] = 0, 2
    state = wintering(state, "red", "wages")
    assert not legal(state, "INDULGENCE crown")
    left = state["supply"]["indulgences"]
    state = order(state, "INDULGENCE florins")
    assert red["florins"] == 3 and red["rooms"][2]["indulgence"]
    assert state["supply"]["indulgences"] == left - 1
    assert "INDULGENCE" not in verbs(state)
    state = order(state, "PAY")
    assert red["florins"] == 1 and state["troops"]["red"] == {"florence": 3, "pisa": 2}
    state = order(state, "DONE")                                      # no reorganisation
    assert state["ask"]["stage"] == "buy" and "INDULGENCE" not in verbs(state)


def test_no_wage_no_question():
    state = fresh(4)
    state["season"], state["ask"] = "winter", None
    winter.begin(state, kit(state), "red")                            # 2 Troops: nothing due
    assert state["ask"]["stage"] == "reorg"


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


def test_a_purchase_that_cannot_be_made_is_refused_with_its_reason():
    """BUY of an item the player cannot afford (or has no space for) says why, in English
    and Russian, even when nothing at all is affordable and BUY is not among the options."""
    import pytest
    from engine.contract import IllegalOrder
    from pbem.reports.presenters import presenter_for
    state = fresh(4)
    state["players"]["red"]["florins"] = 0
    state["players"]["red"]["courtiers"]["l1"] = None
    state = wintering(state, "red")
    decision = RULES.decisions(state)[0]
    assert "BUY" not in decision.options.verbs()                     # nothing affordable
    with pytest.raises(IllegalOrder) as refused:
        RULES.parse(state, decision, "BUY cardinal")
    assert refused.value.code == "buy_cost" and "costs" in refused.value.reason
    cost = winter.price(kit(state), "cardinal")
    assert refused.value.params["cost"] == cost and refused.value.params["have"] == {}
    ru = presenter_for("virtu", "ru").refusal(refused.value.code, refused.value.params)
    assert ru.startswith("Кардинал стоит ") and "у вас 0" in ru
    state["players"]["red"]["florins"] = 20
    state["players"]["red"]["courtiers"] = {k: v or {"card": "banker", "used": False}
                                            for k, v in state["players"]["red"]["courtiers"].items()}
    with pytest.raises(IllegalOrder) as full:
        RULES.parse(state, RULES.decisions(state)[0], "BUY merchant")
    assert full.value.code == "buy_no_space"
    with pytest.raises(IllegalOrder) as crest:
        RULES.parse(state, RULES.decisions(state)[0], "BUY duchy_blue")
    assert crest.value.code == "buy_crest"


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
    state = order(state, "ALLY ottoman ship")
    assert state["alliances"]["ottoman"]["holder"] == "green"
    assert state["pool"] == {}


def test_e10_the_agents_owner_alone_pays_one_symbol_less():
    """E10 (L799–803): a red Agent on the unallied Ottoman Alliance makes it one symbol (any)
    cheaper for Red and for no one else."""
    state = fresh(4)
    state["alliances"]["ottoman"]["agent"] = "red"
    for seat, cheaper in (("yellow", False), ("red", True)):
        state = wintering(state, seat, "ally")
        state["pool"] = {"crown": 1, "ship": 2}
        assert legal(state, "ALLY ottoman ship") is cheaper
        state["pool"] = {"ship": 3}
        assert legal(state, "ALLY ottoman crown") is cheaper


def test_the_alliance_discount_symbol_is_the_players_choice():
    """§7.5 (L1115, "one symbol of your choice"): the player names the symbol taken off; a
    symbol its payment still lacks after the discount is refused."""
    state = fresh(4)
    state = wintering(state, "green", "ally")
    state["alliances"]["ottoman"]["agent"] = "green"
    state["pool"] = {"crown": 1, "ship": 3}
    assert legal(state, "ALLY ottoman crown") and legal(state, "ALLY ottoman ship")
    assert not legal(state, "ALLY ottoman")                  # the symbol must be named
    state = order(state, "ALLY ottoman crown")
    assert state["pool"] == {"crown": 1}                     # the Crown was the one taken off
    state = fresh(4)
    state = wintering(state, "green", "ally")
    state["alliances"]["ottoman"]["agent"] = "green"
    state["pool"] = {"crown": 1, "ship": 2}
    assert not legal(state, "ALLY ottoman crown")            # 3 Ships still due, 2 paid


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


def test_a_winter_walks_reorganisation_purchases_troops_alliances_then_the_next_player():
    state = fresh(4)
    seat = state["order"][0]
    state = wintering(state, seat, "reorg")
    for stage in ("reorg", "buy", "hire", "ally"):                     # 2 Troops: no wage
        assert RULES.decisions(state)[0].context["stage"] == stage
        state = order(state, "DONE")
    assert RULES.decisions(state)[0].seat == state["order"][1]


def yellow_palace():
    """E18's palace (L1019–1033): Standard-bearer in the Military Room, Alfonso with an
    Ambassador Upgrade in the Diplomacy Room, Ferdinand and Merchant available courtiers,
    Federico used, no free space."""
    state = fresh(4)
    yellow = state["players"]["yellow"]
    rooms = kit(state)["palaces"]["palaces"]["yellow"]["rooms"]
    military, diplomacy = rooms.index("military"), rooms.index("diplomacy")
    for room in yellow["rooms"]:
        room.update(card=None, upgrade=None)
    yellow["rooms"][military]["card"] = "standard_bearer"
    yellow["rooms"][diplomacy].update(card="alfonso_calabria", upgrade="ambassador")
    for noble in ("standard_bearer", "ambassador", "merchant"):
        state["supply"]["nobles"][noble] -= 1
    yellow["courtiers"] = {"l1": {"card": "ferdinand_ii", "used": False},
                           "r1": {"card": "merchant", "used": False},
                           "r2": {"card": "federico_montefeltro", "used": True}}
    yellow["marker"] = rooms.index("govern")
    return wintering(state, "yellow", "reorg"), military + 1, diplomacy + 1


def test_e18_palace_reorganisation_one_card_at_a_time():
    """E18 (L1019–1033): Ferdinand becomes the Standard-bearer's Upgrade, the Merchant moves
    into the freed space, the Ambassador leaves Alfonso for the free right space, used."""
    state, military, diplomacy = yellow_palace()
    yellow = state["players"]["yellow"]
    assert not legal(state, "SHIFT r2-l1")                           # Federico is used
    state = order(state, f"SHIFT l1-up{military}")
    assert yellow["rooms"][military - 1]["upgrade"] == "ferdinand_ii"
    state = order(state, "SHIFT r1-l1")
    state = order(state, f"SHIFT up{diplomacy}-r1")
    assert yellow["courtiers"]["r1"] == {"card": "ambassador", "used": True}
    assert yellow["courtiers"]["l1"] == {"card": "merchant", "used": False}
    assert yellow["rooms"][diplomacy - 1] == {"card": "alfonso_calabria", "upgrade": None,
                                               "indulgence": False, "agent": None}


def test_no_card_enters_or_leaves_a_locked_room_nor_moves_room_to_room():
    state, military, diplomacy = yellow_palace()
    yellow = state["players"]["yellow"]
    yellow["courtiers"]["r1"] = None
    state["supply"]["nobles"]["merchant"] += 1
    yellow["rooms"][diplomacy - 1]["indulgence"] = True
    state["supply"]["indulgences"] -= 1
    assert not legal(state, f"SHIFT up{diplomacy}-r1")               # L1002, Indulgence
    yellow["marker"] = military - 1
    assert not legal(state, f"SHIFT room{military}-r1")              # L1002, the marker
    assert not legal(state, "SHIFT l1-room1")                        # no action: L1005
    shifts_ = {o["move"] for o in RULES.decisions(state)[0].options.orders() if "move" in o}
    assert not any(m.startswith(("room", "up")) and m.split("-")[1].startswith(("room", "up"))
                   for m in shifts_)                                 # L1007
