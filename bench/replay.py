"""Replay speed: YAML parse of a 5,000-entry archive versus full replay-and-verify.

Run by hand: ``python bench/replay.py [--entries N] [--archive FILE]``.  Builds (or loads) a
testgame archive of N entries played by the random bot, then times, best of 3:

* parse: ``load_yaml`` of the archive text (PyYAML's C loader when built);
* replay: ``record_from_data`` + ``replay(verify=True)`` (every state hashed and checked).

Goal (issue 2): replay ≤ 3× parse.  The last line is exactly
``replay: entries N, parse X s, replay Y s, ratio Z``.
"""
from __future__ import annotations

import argparse
import datetime as dt
import random
import time
from pathlib import Path

from engine import registry
from engine.archive import dump_yaml, load_yaml, record_from_data, record_to_data
from engine.game import Game
from engine.record import replay

RULES = registry.get("testgame")
OUT = Path("bench/out/replay-archive.yaml")


def build(entries: int) -> str:
    seats = {s: {"players": [f"{s}@example.org"], "lang": "en"}
             for s in ("north", "east", "south", "west")}
    moment = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
    game = Game.create(RULES, "bench", seats, now=moment, seed="bench",
                       options={"rounds": 1000})
    rng = random.Random(1)
    while game.record.last_seq < entries:
        decision = rng.choice(game.decisions())
        moment += dt.timedelta(minutes=7)
        game.apply_order(decision.seat, decision.random_order(rng), by=decision.seat,
                         source=f"<{game.record.last_seq}@bench.example.org>", at=moment,
                         decision=decision)
    return dump_yaml(record_to_data(game.record, reveal_seed=True))


def best_of(runs: int, work) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=5000)
    parser.add_argument("--archive", type=Path,
                        help="replay this archive instead of building a fresh one (which is "
                             f"kept as {OUT} for inspection)")
    args = parser.parse_args()
    if args.archive is not None:
        text = args.archive.read_text("utf-8")
    else:  # always fresh: an archive left by older code may not replay under this one
        text = build(args.entries)
        OUT.parent.mkdir(parents=True, exist_ok=True)
        OUT.write_text(text, "utf-8")
    data = load_yaml(text)
    count = len(data["entries"])
    parse = best_of(3, lambda: load_yaml(text))
    replayed = best_of(3, lambda: replay(RULES, record_from_data(load_yaml(text)), verify=True))
    replay_only = replayed - parse
    print(f"archive {args.archive or OUT} ({len(text) / 1e6:.1f} MB); replay time excludes the parse")
    print(f"replay: entries {count}, parse {parse:.3f} s, replay {replay_only:.3f} s, "
          f"ratio {replay_only / parse:.2f}")


if __name__ == "__main__":
    main()
