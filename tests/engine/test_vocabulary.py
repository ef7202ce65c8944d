"""Each game declares its own vocabulary: clock classes with defaults, DONE windows, and the
verbs it adds to HELP; the engine and the mail gateway read them from the game."""
from __future__ import annotations

import datetime as dt

import pytest

from engine import registry
from engine.clocks import ClockError
from engine.game import Game
from pbem.mail import render

T0 = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)
TESTGAME = registry.get("testgame")
HIS = registry.get("here-i-stand")


def duel(clocks=None) -> Game:
    seats = {"north": {"players": ["n@x"]}, "east": {"players": ["e@x"]}}
    return Game.create(TESTGAME, "g", seats, now=T0, seed="vocabulary", clocks=clocks)


def test_clock_classes_are_the_games_own():
    assert set(TESTGAME.clock_classes) == {"impulse", "response", "default"}
    assert HIS.clock_classes["negotiation"] == "48h" and HIS.clock_classes["winter"] == "48h"
    game = duel({"response": "3h"})
    assert game.record.header.clocks["response"] == "3h"
    assert "winter" not in game.record.header.clocks
    with pytest.raises(ClockError, match="winter"):
        duel({"winter": "1h"})


def test_every_class_a_game_asks_on_is_declared():
    game = duel()
    for decision in game.decisions():
        assert decision.clock in TESTGAME.clock_classes


def test_help_lists_the_games_verbs_in_both_languages():
    for lang in ("en", "ru"):
        text = render.help_text(lang, TESTGAME)
        assert "PLAY card AT seat | PASS" in text and "STANDING" in text
        assert "PLAY card AT seat" not in render.help_text(lang)
