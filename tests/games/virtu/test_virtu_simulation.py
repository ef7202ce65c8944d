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
