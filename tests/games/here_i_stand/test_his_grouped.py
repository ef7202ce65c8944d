"""Games with fewer players (§3.1, L168-L173: "some players control two" powers) and the
tournament game (§7, L531): seats grouping the six powers (`seating`), a player's questions,
orders naming a power, its one view, the rulings between one player's powers, and option
``tournament``."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from engine.game import Game
from games.here_i_stand import seating
from games.here_i_stand import state as S
from games.here_i_stand.diplomacy_terms import package_problem
from games.here_i_stand.land_war import responses
from games.here_i_stand.phases.diplomacy import war_problem
from test_his_plans import RULES, T0, verify

THREE = ("hapsburg+papacy", "england+protestant", "ottoman+france")


def _game(seats, scenario="1517", **options) -> Game:
    return Game.create(RULES, "g", {s: {"players": [f"{i}@x"]} for i, s in enumerate(seats)},
                       now=T0, seed="s1", scenario=scenario, options=options or None)


@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_every_grouping_of_the_scenario_data_sets_up(count):
    """The groupings of the scenario data (3-6 players) each make a game; the six-player
    game's state has no seat table (its states and hashes are unchanged)."""
    seats = RULES.seats_for(RULES.scenario("1517"), count)
    game = _game(seats)
    table = game.state.get(seating.KEY)
    assert (table is None) == (count == 6)
    assert {seating.seat_of(game.state, p) for p in S.MAJORS} == set(seats)
    assert {d.seat for d in game.decisions()} <= set(seats)


def test_a_grouping_not_in_the_data_is_refused():
    with pytest.raises(IllegalOrder, match="no seat"):
        _game(("ottoman+hapsburg", "england+protestant", "france+papacy"))
    with pytest.raises(IllegalOrder, match="grouping"):
        _game(("ottoman+france", "hapsburg+papacy", "england", "protestant"))
    with pytest.raises(IllegalOrder, match="3–6 seats"):
        _game(RULES.seats_for(RULES.scenario("1517"), 2))


def test_one_player_answers_for_its_powers_and_may_name_the_power():
    """The 95 Theses ask the Protestants: the England+Protestant seat is asked; ``England:``
    is refused, ``Protestant:`` and no prefix both answer; the record names the power and
    replays."""
    game = _game(THREE)
    (d,) = game.decisions()
    assert (d.seat, d.context[seating.POWER]) == ("england+protestant", "protestant")
    receipt = game.submit("england+protestant", "England: REFORM Leipzig", at=T0)
    assert receipt.results[0].code == "other_power"
    game.submit("england+protestant", "Protestant: REFORM Leipzig", at=T0)
    game.submit("england+protestant", "REFORM Magdeburg", at=T0)
    assert [e.order for e in game.record.entries] == ["protestant: REFORM leipzig",
                                                      "protestant: REFORM magdeburg"]
    verify(game)


def test_the_view_marks_each_powers_hand_and_secrets_follow_the_seat():
    game = _game(THREE)
    view = RULES.view(game.state, "ottoman+france")
    assert {c["power"] for c in view["hand"]} == {"ottoman", "france"}
    assert sorted(c["number"] for c in view["hand"]) == sorted(
        game.state["hands"]["ottoman"] + game.state["hands"]["france"])
    assert set(RULES.secrets(game.state)) == set(THREE)


def test_a_players_powers_neither_deal_nor_war_nor_respond_against_each_other():
    """Rulings (§3.1; the Scenario Book's text is not among our sources): no war declared
    on one's own other power, no diplomatic package between them, no Foul Weather / Gout
    against one's own other power's move."""
    game = _game(THREE)
    state = game.state
    state["phase_data"]["ctx"] = {}
    assert war_problem(state, "hapsburg", "papacy").code == "war_same_player"
    assert war_problem(state, "hapsburg", "england", phase_bans=False) is None
    why = package_problem(state, {}, "hapsburg", ["hapsburg", "papacy"], [])
    assert why is not None and why.code == "dip_same_player"
    move = {"verb": "move", "power": "hapsburg", "to": "vienna", "leaders": ["charles_v"]}
    assert not responses.usable(state, "papacy", move, responses.FOUL_WEATHER)
    assert responses.usable(state, "france", move, responses.FOUL_WEATHER)
    assert "papacy" not in responses.window(state, move)


def test_the_winner_is_the_seat_of_the_winning_power():
    game = _game(THREE)
    state = dict(game.state, outcome={"winners": ["papacy"], "reason": "standard",
                                      "scores": {"papacy": 25}})
    assert RULES.outcome(state).winners == ("hapsburg+papacy",)


def test_the_tournament_option_ends_after_turn_6_in_1532_only():
    """§7, L531: the tournament scenario's last turn is 6; the 1517 scenario has none."""
    assert _game(S.MAJORS, "1532", tournament="yes").state["last_turn"] == 6
    assert _game(S.MAJORS, "1532", tournament="no").state["last_turn"] == 9
    assert _game(THREE, "1532", tournament="yes").state["last_turn"] == 6
    with pytest.raises(IllegalOrder, match="tournament"):
        _game(S.MAJORS, "1517", tournament="yes")
    with pytest.raises(IllegalOrder, match="turn 6"):
        _game(S.MAJORS, "1532", tournament="yes", last_turn=7)


def test_a_proposal_block_may_name_its_power():
    assert RULES.split("Papacy: PROPOSE\nALLY Hapsburg\nENDPROPOSE\nHapsburg: DONE") == [
        (1, "Papacy: PROPOSE\nALLY Hapsburg\nENDPROPOSE"), (4, "Hapsburg: DONE")]
    assert seating.prefix("Papacy: PROPOSE\nALLY Hapsburg") == ("papacy",
                                                                "PROPOSE\nALLY Hapsburg")
    assert seating.prefix("MOVE Paris -> St Quentin") == (None, "MOVE Paris -> St Quentin")
