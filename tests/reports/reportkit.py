"""Fixed positions for the report tests (golden files, leak test).

Not a test module: the report tests import it (``tests/reports`` is on ``sys.path`` through
pytest's rootdir-relative import of test modules).
"""
from __future__ import annotations

import datetime as dt
from typing import Any, Callable

from engine import registry
from engine.game import Game

T0 = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)
CLOCKS = {"default": "48h", "impulse": "48h", "response": "24h", "negotiation": "72h",
          "winter": "48h", "setup": "48h", "reminders": ["12h"]}


def seats_for(rules: Any, count: int | None = None, langs: dict[str, str] | None = None,
              tz: dict[str, str] | None = None) -> dict[str, dict[str, Any]]:
    info = rules.scenario(None)
    names = info.seats[:count or info.max_players]
    out = {}
    for seat in names:
        entry: dict[str, Any] = {"players": [f"{seat}@example.org"],
                                 "lang": (langs or {}).get(seat, "en")}
        if tz and seat in tz:
            entry["tz"] = tz[seat]
        out[seat] = entry
    return out


def new_game(rules_name: str, *, seed: str, count: int | None = None,
             options: dict[str, Any] | None = None, game_id: str = "g-1") -> Game:
    rules = registry.get(rules_name)
    clocks = {k: v for k, v in CLOCKS.items() if k in rules.clock_classes or k == "reminders"}
    return Game.create(rules, game_id, seats_for(rules, count), now=T0, seed=seed,
                       options=options, clocks=clocks, moderators=["gm@example.org"])


def step(game: Game, choose: Callable[[Game, Any], dict] | None = None, minutes: int = 7
         ) -> Any:
    """Answer the first open decision (by `choose`, else the default); returns the entry."""
    decision = game.decisions()[0]
    order = choose(game, decision) if choose else game.rules.default(game.state, decision)
    at = T0 + dt.timedelta(minutes=minutes * (game.record.last_seq + 1))
    return game.apply_order(decision.seat, order, by=decision.seat, source="test", at=at,
                            decision=decision)


def first_of(verb: str) -> Callable[[Game, Any], dict]:
    """A chooser: the first legal order with `verb` (else the default)."""
    def choose(game: Game, decision: Any) -> dict:
        for option in decision.options.options:
            if option.verb == verb and option.count():
                return next(iter(option.orders()))
        return game.rules.default(game.state, decision)
    return choose


def duel_position() -> Game:
    """testgame, three seats: round 1 revealed, north passed, east attacks south."""
    game = new_game("testgame", seed="golden", count=3, game_id="duel-7")
    for _ in range(3):
        step(game)                      # the three sealed commits, revealed
    step(game)                          # north passes
    step(game, first_of("PLAY"))        # east plays a card at a seat: an attack
    return game


def his_position() -> Game:
    """Here I Stand 1517: default orders up to the first CP decision of turn 1."""
    game = new_game("here-i-stand", seed="golden", game_id="his-042")
    while game.outcome() is None:
        decisions = game.decisions()
        if decisions and decisions[0].kind == "cp":
            break
        step(game)
    return game
