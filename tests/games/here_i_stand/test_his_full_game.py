"""A full 1517 game answered by default orders only: it ends by a victory rule, replays
exactly from its archive, and never shows a hidden card to another seat."""
from __future__ import annotations

import datetime as dt

from engine.archive import dump_yaml, load_yaml, record_from_data
from engine.game import Game
from engine.record import replay
from games.here_i_stand import RULES
from viewtools import assert_secrets_kept

T0 = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)
SEATS = {p: {"players": [f"{p}@example.org"], "lang": "en"} for p in RULES.scenario(None).seats}


def play_default(seed: str = "his-default") -> Game:
    game = Game.create(RULES, "his-default", SEATS, now=T0, seed=seed)
    moment = T0
    checked = 0
    while game.outcome() is None:
        decision = game.decisions()[0]
        if checked % 7 == 0:
            assert_secrets_kept(game)
        checked += 1
        moment += dt.timedelta(minutes=1)
        game.apply_order(decision.seat, RULES.default(game.state, decision), by="clock",
                         source="test", at=moment, decision=decision)
        assert game.record.last_seq < 20000
    return game


def test_default_driven_1517_game():
    game = play_default()
    outcome = game.outcome()
    assert outcome is not None and "victory" in outcome.reason
    assert outcome.reason.endswith(f", turn {game.state['turn']}")     # how and when it ended
    assert game.state["vp_history"] and game.state["vp_history"][-1]["turn"] == game.state["turn"]
    text = dump_yaml(game.to_data(private=False))
    record = record_from_data(load_yaml(text))
    replay(RULES, record, verify=True)


def test_default_driven_1532_game_and_tournament_length():
    from pbem.simulate import play, verify_archive
    game = play(RULES, scenario="1532", seed="his-1532", bot="default")
    assert game.outcome() is not None and game.state["turn"] >= 4
    verify_archive(RULES, game)
    short = play(RULES, scenario=None, seed="his-t6", bot="default", options={"last_turn": 6})
    assert short.outcome() is not None and short.state["turn"] <= 6
