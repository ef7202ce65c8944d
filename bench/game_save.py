"""What a save of a growing game file costs: the whole file dumped, or only its changed
parts (`engine.archive.DumpMemo`, issue 13).

Run by hand: ``python bench/game_save.py [--rules here-i-stand] [--scenario 1517]
[--entries 1000] [--saves 20]``.  Random bots play the game to `--entries` entries (or its
end), then `--saves` more entries, the game file's data (`Game.to_data(private=True)`,
what `pbem.store.Store` writes) saved after each: CPU time of `dump_yaml` of the whole,
and of a `DumpMemo` that wrote the save before (a running judge) or that was seeded by the
load of the file just before (`load_with_memo`: the first save of a judge that has just
read the game).  Each text is checked against `dump_yaml`'s.  The last line is exactly
``game-save: entries N, bytes B, whole X ms, memo Y ms, first Z ms, ratio R``
(means per save; ratio = whole / memo).
"""
from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import bots, registry  # noqa: E402
from engine.archive import DumpMemo, dump_yaml, load_with_memo  # noqa: E402
from engine.game import Game  # noqa: E402
from pbem.simulate import START, bot_seats  # noqa: E402


def step(game: Game, player, rng: random.Random, moment: dt.datetime) -> None:
    """One entry by a random bot (as `pbem.simulate.play` plays)."""
    decision = rng.choice(game.decisions())
    note = player.standing(game.rules, game.state, decision, rng)
    if note is not None:
        game.submit(decision.seat, note, by="bot:random", source="bot", at=moment)
    else:
        game.apply_order(decision.seat, player.choose(game.rules, game.state, decision, rng),
                         by="bot:random", source="bot", at=moment, decision=decision)


def timed(work) -> tuple[float, str]:
    started = time.process_time()
    text = work()
    return time.process_time() - started, text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="here-i-stand")
    parser.add_argument("--scenario", default="1517")
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--saves", type=int, default=20)
    parser.add_argument("--seed", default="bench-save")
    args = parser.parse_args()
    rules = registry.get(args.rules)
    info = rules.scenario(args.scenario)
    rng = random.Random(args.seed)
    seats = rules.seats_for(info, info.max_players)
    game = Game.create(rules, "save", bot_seats(seats), now=START, scenario=info.name,
                       seed=args.seed, options=dict(rules.simulation_options))
    player, moment = bots.get(rules, "random"), START
    while game.record.last_seq < args.entries and game.outcome() is None:
        moment += dt.timedelta(minutes=1)
        step(game, player, rng, moment)
    memo = DumpMemo()
    memo.dump(game.to_data(private=True))
    whole, memoed, first, size = [], [], [], 0
    for _ in range(args.saves):
        if game.outcome() is not None:
            break
        before = dump_yaml(game.to_data(private=True))
        moment += dt.timedelta(minutes=1)
        step(game, player, rng, moment)
        data = game.to_data(private=True)
        seconds, expected = timed(lambda: dump_yaml(data))
        whole.append(seconds)
        seconds, text = timed(lambda: memo.dump(data))
        memoed.append(seconds)
        _, seeded = load_with_memo(before)
        seconds, again = timed(lambda: seeded.dump(data))
        first.append(seconds)
        if text != expected or again != expected:
            sys.exit("a memo's text is not dump_yaml's")
        size = len(expected.encode("utf-8"))
    mean = [sum(x) / len(x) * 1000 for x in (whole, memoed, first)]
    print(f"game-save: entries {game.record.last_seq}, bytes {size}, whole {mean[0]:.1f} ms, "
          f"memo {mean[1]:.1f} ms, first {mean[2]:.1f} ms, ratio {mean[0] / mean[1]:.1f}")


if __name__ == "__main__":
    main()
