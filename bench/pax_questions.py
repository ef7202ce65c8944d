"""How many mails ask a Pax Renaissance banker something off turn, with and without
standing orders, timed by hand: ``python bench/pax_questions.py [--games N]``.

Plays N games (default 20; 2, 3 and 4 bankers in turn) twice with the same seeds: first with
no standing orders, then with `PROFILE` (``STANDING tax PAY``, ``STANDING discard NEWEST``)
sent by every banker before the first turn.  Every question is answered by the engine's
``random`` bot (a uniformly drawn legal order).  Orders go through `engine.game.Game` as mail
does, so standing orders answer inside the transaction that asked, as on the server.

A *mail that asks a question* is counted as the gateway would send it: after each
transaction, one mail to every seat newly asked something.  *Off turn* are the mails whose
new questions include one put to a banker who is not the active one (`OFF_TURN`: the tax
on his concession §6.4, the discard when a hand-limit card goes §6.1.Ж — the questions a
standing order may answer).  The means are per
game turn (one banker's turn, §4.1).  The last line is exactly
``questions: games N, without X per turn, with Y per turn, ratio Z``.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.questions import T0, compare, play_out  # noqa: E402
from engine.game import Game  # noqa: E402
from games.pax_renaissance import RULES  # noqa: E402
from games.pax_renaissance.setup import SEATS  # noqa: E402

PROFILE = "STANDING tax PAY\nSTANDING discard NEWEST"
#: The questions put to a banker off turn, which a standing order may answer.
OFF_TURN = {"tax", "discard"}


def play(seed: str, bankers: int, standing: bool) -> tuple[int, int, int]:
    """One game: (off-turn mails asking a question, mails asking anything, turns played)."""
    seats = {s: {"players": [f"{s}@example.org"], "lang": "en"} for s in SEATS[:bankers]}
    game = Game.create(RULES, "q", seats, now=T0, seed=seed)
    if standing:
        for seat in seats:
            assert game.submit(seat, PROFILE, at=T0).ok
    off_turn, every = play_out(game, random.Random(seed), OFF_TURN)
    return off_turn, every, game.state["turn"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    compare(args.games, lambda n, standing: play(f"pax-questions-{n}", 2 + n % 3, standing),
            "asking an off-turn question", digits=3)

if __name__ == "__main__":
    main()
