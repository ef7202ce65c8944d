"""Setup for 3, 4 and 5 players (§2) and the sealed Family placement (§2.2, S3)."""
from __future__ import annotations

import pytest

from engine.dice import Dice
from engine.contract import IllegalOrder
from virtu_helpers import RULES, fresh, kit


@pytest.mark.parametrize("players, side, cities", [(3, "four", 20), (4, "four", 28),
                                                   (5, "five", 30)])
def test_board_side_and_cities_in_play(players, side, cities):
    state = fresh(players)
    assert state["side"] == side
    assert len(state["cities"]) == cities
    if players == 3:
        assert "milan" not in state["cities"] and "ragusa" not in state["cities"]   # L170
    assert ("perugia" in state["cities"]) == (players == 5)                      # L172


def test_each_family_starts_as_the_rulebook_says():
    """E1 (L148, L294): 3 Family cards, 2 starting tokens available side, 1 florin, 1 Troop
    beside each starting city and 4 in reserve, 2 Agents (3 for Yellow and White)."""
    state = fresh(5)
    for seat, player in state["players"].items():
        start = kit(state)["families"]["families"][seat]["start"]
        assert player["florins"] == 1
        assert sorted(c for c, v in state["cities"].items() if v["owner"] == seat) == sorted(start)
        assert state["troops"][seat] == {c: 1 for c in start}
        assert list(player["domain"].values()) == [False, False]
        assert len([h for h in player["courtiers"].values() if h]) == 3
        assert player["agents"] == (3 if seat in ("yellow", "white") else 2)
    assert "rome" in state["players"]["white"]["domain"]                 # crested Rome, L192
    four = fresh(4)
    assert four["supply"]["city_tokens"]["rome"] == "rome_neutral"       # L184


def test_only_the_families_of_the_player_count_may_play():
    with pytest.raises(IllegalOrder):
        RULES.setup(None, ["red", "yellow", "blue"], {}, Dice("x"))       # L168


def test_family_cards_are_placed_sealed_and_revealed_together():
    state = RULES.setup(None, ["red", "yellow", "green"], {}, Dice("s"))
    asked = RULES.decisions(state)
    assert sorted(d.seat for d in asked) == ["green", "red", "yellow"]
    assert all(d.private for d in asked)
    state = RULES.apply(state, "red", {"verb": "FAMILY", "layout": "room1 l1 r1"}, Dice("s"))
    assert "red: room1 l1 r1" in str(RULES.view(state, "red"))
    assert "room1 l1 r1" not in str(RULES.view(state, "green"))
    assert state["players"]["red"]["rooms"][0]["card"] is None            # not yet revealed
    for seat in ("yellow", "green"):
        state = RULES.apply(state, seat, {"verb": "FAMILY", "layout": "l1 r1 r2"}, Dice("s"))
    assert state["players"]["red"]["rooms"][0]["card"] == "lorenzo_medici"
    assert state["season"] == "spring"
    assert RULES.decisions(state)[0].kind == "move"


def test_a_card_without_an_action_cannot_open_in_a_room():
    state = RULES.setup(None, ["red", "yellow", "green"], {}, Dice("s"))
    decision = next(d for d in RULES.decisions(state) if d.seat == "red")
    assert not decision.options.admits({"verb": "FAMILY", "layout": "l1 r1 room2"})  # L1005
    assert decision.options.admits({"verb": "FAMILY", "layout": "l1 room2 r1"})
    assert decision.options.admits({"verb": "FAMILY", "layout": "room2 l1 up2"})   # Upgrade
    assert not decision.options.admits({"verb": "FAMILY", "layout": "room2 l1 up3"})


def test_the_first_player_is_drawn_with_the_games_dice():
    orders = {tuple(fresh(5, seed=f"s{n}")["order"]) for n in range(6)}
    assert len(orders) > 1


def test_a_sealed_question_keeps_its_id_while_others_answer():
    state = RULES.setup(None, ["red", "yellow", "green"], {}, Dice("s"))
    before = {d.seat: d.id for d in RULES.decisions(state)}
    state = RULES.apply(state, "red", {"verb": "FAMILY", "layout": "l1 r1 r2"}, Dice("s"))
    after = {d.seat: d.id for d in RULES.decisions(state)}
    assert after == {s: before[s] for s in ("yellow", "green")}
