"""How many mails ask a land-war question, with and without standing orders, timed by hand:
``python bench/questions.py [--games N] [--last-turn T]``.

Plays N Here I Stand 1517 games (default 20) twice with the same seeds: first with no
standing orders, then with the standing-order profile `PROFILE` sent by every power before
its first question.  Every question is answered by the engine's ``random`` bot (a uniformly
drawn legal order, without the random standing orders it sometimes sends): the ``default``
bot spends no CP, so its armies never meet and no land-war question is ever asked.
Orders go through `engine.game.Game` as mail does, so standing orders answer inside the
transaction that asked, as on the server.

A *mail that asks a question* is counted as the gateway would send it: after each
transaction, one mail to every seat newly asked something whose new questions include one
of the land war's off-turn questions that a standing order may answer (`LAND_WAR`:
interception §13.2, avoiding battle §13.3, withdrawal §13.4, combat cards and losses §14,
retreats §14.1 and out of a broken siege §15.3, Foul Weather / Gout windows after a
declared move or assault §13.1 step 4, a relief's questions §15.2).  The means are per game turn played.
The last line is exactly
``questions: games N, without X per turn, with Y per turn, ratio Z``.
"""
from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
import time
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.game import Game  # noqa: E402
from games.here_i_stand import RULES  # noqa: E402

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
#: The land war's questions a standing order may answer.
LAND_WAR = ("intercept", "avoid", "withdraw", "combat-cards", "losses", "retreat",
            "siege_retreat", "response", "relief", "relief_inside")
#: Capitals a power's retreats prefer (§14.1); the rest of `PROFILE` is the same for all.
CAPITAL = {"ottoman": "Istanbul", "hapsburg": "Vienna", "england": "London",
           "france": "Paris", "papacy": "Rome", "protestant": "Wittenberg"}
PROFILE = ("STANDING INTERCEPT NEVER\nSTANDING AVOID NEVER\nSTANDING WITHDRAW IF UNITS <= 4\n"
           "STANDING LOSSES mercenary, cavalry, regular\nSTANDING RETREAT PREFER {capital}\n"
           "STANDING COMBAT-CARDS NEVER\nSTANDING siege_retreat FORTRESS\n"
           "STANDING RESPONSE NEVER\nSTANDING relief JOIN\nSTANDING relief_inside MOST")


def play(seed: str, standing: bool, last_turn: int | None,
         scenario: str = "1517") -> tuple[int, int, int]:
    """One game: (mails asking a land-war question, mails asking anything, turns played)."""
    seats = {p: {"players": [f"{p}@example.org"], "lang": "en"}
             for p in RULES.scenario(scenario).seats}
    options = {"last_turn": last_turn} if last_turn else {}
    game = Game.create(RULES, "q", seats, now=T0, seed=seed, scenario=scenario,
                       options=options)
    if standing:
        for seat in seats:
            assert game.submit(seat, PROFILE.format(capital=CAPITAL[seat]), at=T0).ok
    war_mails, all_mails = play_out(game, random.Random(seed), set(LAND_WAR))
    return war_mails, all_mails, game.state["turn"]


def play_out(game: Game, rng: random.Random, counted: set[str]) -> tuple[int, int]:
    """Play `game` to its end with the random bot: (mails asking a question of a kind in
    `counted`, mails asking anything), one mail per seat newly asked after a transaction."""
    moment = T0
    counted_mails = all_mails = 0
    while game.outcome() is None:
        before = {d.id for d in game.decisions()}
        decision = rng.choice(game.decisions())
        moment += dt.timedelta(minutes=1)
        game.apply_order(decision.seat, decision.random_order(rng), by="bot:random",
                         source="bench", at=moment, decision=decision)
        new: dict[str, set[str]] = {}
        for d in game.decisions():
            if d.id not in before:
                new.setdefault(d.seat, set()).add(d.kind)
        all_mails += len(new)
        counted_mails += sum(1 for kinds in new.values() if kinds & counted)
    return counted_mails, all_mails


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--last-turn", type=int, default=None,
                        help="end each game after this turn (default: the full game)")
    args = parser.parse_args()
    compare(args.games, lambda n, standing: play(f"questions-{n}", standing, args.last_turn),
            "asking a land-war question")


def compare(games: int, play_one: Callable[[int, bool], tuple[int, int, int]], what: str,
            digits: int = 2) -> None:
    """Play game 0 … games-1 without standing orders, then with them (`play_one(n,
    standing)` gives counted mails, all mails, turns) and print the two lines and the
    last line of the module's docstring."""
    means = {}
    for standing in (False, True):
        started = time.perf_counter()
        counted = every = turns = 0
        for n in range(games):
            c, a, t = play_one(n, standing)
            counted, every, turns = counted + c, every + a, turns + t
        means[standing] = counted / max(turns, 1)
        label = "with" if standing else "without"
        print(f"{label} standing orders: {games} games, {turns} turns, {counted} mails "
              f"{what}, {every} mails asking anything, "
              f"{time.perf_counter() - started:.0f} s")
    ratio = means[True] / means[False] if means[False] else 0.0
    print(f"questions: games {games}, without {means[False]:.{digits}f} per turn, "
          f"with {means[True]:.{digits}f} per turn, ratio {ratio:.2f}")


if __name__ == "__main__":
    main()
