"""A Here I Stand game file saved part by part (issue 13): its state holds tuples, sets and
deep mappings, and every save is the whole dump's text, byte for byte."""
from __future__ import annotations

import datetime as dt
import random

from engine import bots, registry
from engine.archive import DumpMemo, dump_yaml, load_with_memo
from engine.game import Game
from pbem.simulate import START, bot_seats

RULES = registry.get("here-i-stand")


def test_the_saves_of_a_random_1517_game_are_the_whole_dumps_text() -> None:
    info = RULES.scenario("1517")
    rng = random.Random("saves")
    game = Game.create(RULES, "saves", bot_seats(RULES.seats_for(info, info.max_players)),
                       now=START, scenario=info.name, seed="saves",
                       options=dict(RULES.simulation_options))
    player, moment, memo = bots.get(RULES, "random"), START, DumpMemo()
    seeded = None
    while game.record.last_seq < 160 and game.outcome() is None:
        decision = rng.choice(game.decisions())
        moment += dt.timedelta(minutes=1)
        game.apply_order(decision.seat, player.choose(RULES, game.state, decision, rng),
                         by="bot:random", source="bot", at=moment, decision=decision)
        data = game.to_data(private=True)
        whole = dump_yaml(data)
        assert memo.dump(data) == whole
        if seeded is not None:
            assert seeded.dump(data) == whole
        _, seeded = load_with_memo(whole)
    assert game.record.last_seq >= 160 and len(memo._parts) > 300     # cut, not whole
