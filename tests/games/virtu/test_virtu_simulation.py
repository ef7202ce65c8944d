"""Random-bot games of 3, 4 and 5 players played to their end, the invariants checked after
every entry, each replayed from its archive."""
from __future__ import annotations

import random

import pytest

from engine.game import Game
from pbem.simulate import START, bot_seats, verify_archive
from games.virtu.setup import FAMILIES
from virtu_helpers import RULES


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", ["a", "b"])
def test_random_games_end_with_sound_states_and_replay(players, seed):
    rng = random.Random(seed)
    game = Game.create(RULES, "sim", bot_seats(FAMILIES[players]), now=START, seed=seed,
                       options={"years": 6})
    while game.outcome() is None:
        decision = rng.choice(game.decisions())
        game.apply_order(decision.seat, decision.random_order(rng), by=decision.seat,
                         source="bot", at=START, decision=decision)
        assert RULES.validate(game.state) == [], game.record.last_seq
    assert game.state["year"] == 6 and set(game.outcome().scores) == set(FAMILIES[players])
    verify_archive(RULES, game)


def test_the_heuristic_bot_ends_a_game_by_the_rules_not_by_the_cap():
    """Four `heuristic` bots (games/virtu/bots.py) reach an end condition of §10 (8 cities,
    the last Patronage step or every city ruled) well before the judge's cap (R8)."""
    from engine.bots import names
    from pbem.simulate import play
    assert "heuristic" in names(RULES)
    game = play(RULES, scenario=None, seed="simulate-2", bot="heuristic", players=4,
                check_invariants=True)
    assert game.state["ended_by"] == "end" and game.state["year"] < game.state["years"]
    verify_archive(RULES, game)
