"""Replay speed: YAML parse of an archive versus full replay-and-verify.

Run by hand: ``python bench/replay.py [--entries N] [--archive FILE] [--his-seed S]``.
Builds (or loads) a testgame archive of N entries played by the random bot, and a complete
Here I Stand 1517 game played by random bots (`pbem.simulate.play`), then times each, best
of 3:

* parse: ``load_yaml`` of the archive text (PyYAML's C loader when built);
* replay: ``record_from_data`` + ``replay(verify=True)`` (every state hashed and checked),
  less the parse.

Goals: replay ≤ 3× parse for the testgame (issue 2), ≤ 8× for Here I Stand (issue 13: each
decision computed once per state).  The last two lines are exactly
``replay: entries N, parse X s, replay Y s, ratio Z`` and
``replay-his: entries N, parse X s, replay Y s, ratio Z``.
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
from pbem.simulate import play

RULES = registry.get("testgame")
HIS = registry.get("here-i-stand")
OUT = Path("bench/out/replay-archive.yaml")
HIS_OUT = Path("bench/out/replay-his-archive.yaml")


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
    for _ in range(runs):       # CPU time: the machine may be shared
        started = time.process_time()
        work()
        times.append(time.process_time() - started)
    return min(times)


def measure(label: str, rules, text: str) -> None:
    """Time the parse and the replay-and-verify of one archive; print the summary line."""
    count = len(load_yaml(text)["entries"])
    parse = best_of(5, lambda: load_yaml(text))
    replayed = best_of(3, lambda: replay(rules, record_from_data(load_yaml(text)), verify=True))
    replay_only = replayed - parse
    print(f"{label}: entries {count}, parse {parse:.3f} s, replay {replay_only:.3f} s, "
          f"ratio {replay_only / parse:.2f}")


def his_archive(seed: str) -> str:
    """A complete 1517 Here I Stand game played by random bots, as archive text."""
    game = play(HIS, scenario="1517", seed=seed, bot="random")
    return dump_yaml(game.to_data(private=False))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=5000)
    parser.add_argument("--archive", type=Path,
                        help="replay this testgame archive instead of building a fresh one "
                             f"(which is kept as {OUT} for inspection)")
    parser.add_argument("--his-archive", type=Path,
                        help="replay this Here I Stand archive instead of playing one "
                             f"(kept as {HIS_OUT})")
    parser.add_argument("--his-seed", default="bench-his-2",
                        help="the seed of the random Here I Stand game")
    args = parser.parse_args()
    # always fresh: an archive left by older code may not replay under this one
    text = args.archive.read_text("utf-8") if args.archive else build(args.entries)
    his = args.his_archive.read_text("utf-8") if args.his_archive else his_archive(args.his_seed)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    for path, given, body in ((OUT, args.archive, text), (HIS_OUT, args.his_archive, his)):
        if given is None:
            path.write_text(body, "utf-8")
        print(f"archive {given or path} ({len(body) / 1e6:.2f} MB); replay time excludes "
              "the parse")
    measure("replay", RULES, text)
    measure("replay-his", HIS, his)


if __name__ == "__main__":
    main()
