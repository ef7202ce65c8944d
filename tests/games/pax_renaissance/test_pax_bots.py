"""Pax Renaissance's heuristic bot (games/pax_renaissance/bots.py, issue 15): it is one of
the game's bots, plays complete games without breaking an invariant, declares a victory
the moment one is met, and plays the same game again from the same seed."""
from __future__ import annotations

import random

from engine import bots
from engine.archive import dump_yaml
from games.pax_renaissance import RULES
from games.pax_renaissance.bots import value
from pbem.simulate import play, verify_archive
from tests.games.pax_renaissance.test_pax_ops import new, own

HEURISTIC = bots.get(RULES, "heuristic")


def test_the_game_offers_a_heuristic_bot_and_a_dropped_seat_gets_it():
    assert bots.names(RULES) == ["default", "heuristic", "random"]
    assert bots.for_dropped_seat(RULES) == "heuristic"


def test_heuristic_bots_play_complete_games_within_the_invariants():
    """Two bankers, then one heuristic banker among random ones: each game ends (a declared
    victory or the Patron end), `validate` holds after every entry, the archive replays."""
    for seed, bot, players in (("pax-bot-1", "heuristic", 2),
                               ("pax-bot-2", {"fugger": "heuristic"}, 4)):
        game = play(RULES, scenario=None, seed=seed, bot=bot, players=players,
                    check_invariants=True)
        assert game.outcome() is not None
        verify_archive(RULES, game)


def test_it_declares_a_victory_the_moment_one_is_met():
    """Two monarchies more than the rival with three bankers (§12.4) and the Imperial card
    active: DECLARE imperial rather than any other action (§5.6)."""
    state = new(("fugger", "medici", "coeur"))
    own(state, "fugger", "ruler_france", "ruler_england")
    state["hands"]["fugger"] = ["pren036"]
    state["victories"]["imperial"] = True
    decision = RULES.decisions(state)[0]
    assert HEURISTIC.choose(RULES, state, decision, random.Random(0)) == \
        {"verb": "DECLARE", "victory": "imperial"}
    state["victories"]["imperial"] = False           # inactive: no declaring (§12.1)
    assert HEURISTIC.choose(RULES, state, decision := RULES.decisions(state)[0],
                            random.Random(0))["verb"] != "DECLARE"


def test_a_met_victory_and_the_lead_in_it_raise_the_value():
    """The closer to a victory, the better the position: a second monarchy (Imperial met)
    is worth more than one, one more than none."""
    state = new(("fugger", "medici", "coeur"))
    state["victories"]["imperial"] = True
    none = value(state, "fugger")
    own(state, "fugger", "ruler_france")
    one = value(state, "fugger")
    own(state, "fugger", "ruler_england")
    assert none < one < value(state, "fugger")


def test_the_same_seed_plays_the_same_game():
    """The bot draws nothing of its own: a seed replays to the same archive."""
    first, second = (play(RULES, scenario=None, seed="pax-bot-same",
                          bot={"medici": "heuristic"}, players=3) for _ in range(2))
    assert dump_yaml(first.to_data(private=False)) == dump_yaml(second.to_data(private=False))


def test_it_wins_more_often_than_a_random_banker_in_its_seat():
    """Four bankers, Fugger heuristic against three random ones, over a few seeds: it wins
    more games than a random Fugger does from the same seeds (the bench measures the rate,
    bench/heuristic_winrate.py)."""
    seeds = [f"pax-rate-{n}" for n in range(4)]
    mine = sum("fugger" in play(RULES, scenario=None, seed=s, bot={"fugger": "heuristic"},
                                players=4).outcome().winners for s in seeds)
    theirs = sum("fugger" in play(RULES, scenario=None, seed=s, bot="random",
                                  players=4).outcome().winners for s in seeds)
    assert mine > theirs
