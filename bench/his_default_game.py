"""A full Here I Stand 1517 game answered by default (NMR) orders only, timed by hand:
``python bench/his_default_game.py [--seed S] [--last-turn N]``.

Every open decision is answered by the rules' own `default()` through `engine.game.Game`
(the same path as a clock deadline), then the archive is dumped to YAML, read back and
replay-verified.  The last line is exactly:
``his: entries N, seconds S``  (S covers play and verification).
"""
from __future__ import annotations

import argparse
import datetime as dt
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.archive import dump_yaml, load_yaml, record_from_data  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.record import replay  # noqa: E402
from games.here_i_stand import RULES  # noqa: E402

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", default="his-bench")
    parser.add_argument("--last-turn", type=int, default=None)
    args = parser.parse_args()
    options = {"last_turn": args.last_turn} if args.last_turn else {}
    seats = {p: {"players": [f"{p}@example.org"], "lang": "en"}
             for p in RULES.scenario(None).seats}
    started = time.perf_counter()
    game = Game.create(RULES, "his-bench", seats, now=T0, seed=args.seed, options=options)
    moment = T0
    while game.outcome() is None:
        decision = game.decisions()[0]
        moment += dt.timedelta(minutes=1)
        game.apply_order(decision.seat, RULES.default(game.state, decision), by="clock",
                         source="bench", at=moment, decision=decision)
    played = time.perf_counter() - started
    record = record_from_data(load_yaml(dump_yaml(game.to_data(private=False))))
    replay(RULES, record, verify=True)
    total = time.perf_counter() - started
    outcome = game.outcome()
    print(f"outcome: {', '.join(outcome.winners)} — {outcome.reason}; turn {game.state['turn']}")
    print(f"play {played:.2f} s, play + verify {total:.2f} s")
    print(f"final state hash {game.record.entries[-1].state_hash}")
    print(f"his: entries {game.record.last_seq}, seconds {total:.2f}")


if __name__ == "__main__":
    main()
