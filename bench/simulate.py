"""Simulation bench (issue 15): complete games per minute per core (CPU time) for every
registered game and scenario with each bot in every seat (every bot the game offers:
``random``, ``default`` and its ``heuristic``, unless ``--bots`` names some), the peak
RSS, and the time share of state hashing, copying and option enumeration (from one more
game, profiled); then the
heuristic bot's win rate, seated in each seat in turn against random bots, next to a random
bot's in that seat (`heuristic_winrate`, which measures it alone over more games).  Every
game timed is what `pbem simulate` does with it: played, archived, parsed back and
replay-verified (`pbem.simulate.run_job`).

    python3 bench/simulate.py [--games N] [--rules NAME] [--scenario S] [--bots B,...]
                              [--heuristic-games N]

The last line is exactly ``simulate-bench: games N, per-minute-per-core X, peak-rss MB Y``.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import resource
import time
from engine import bots, registry
from heuristic_winrate import report, win_rates
from pbem.simulate import Job, play, run_job

#: Each share: groups of (file name ending, function) whose cumulative times add up; a
#: share is its largest group (so nested calls are not counted twice).  Hashing and copying
#: are the engine's; options are a game's `Rules.decisions` (rules.py), or the questions
#: built through `engine.questions` plus the deferred option sets worked out
#: (`DeferredOptions.shapes`, where their `work` runs).
SHARES = {"hashing": ((("engine/canonical.py", "state_hash"),),),
          "copying": ((("engine/canonical.py", "copy_plain"),),),
          "options": ((("rules.py", "decisions"),),
                      (("engine/questions.py", "decision"), ("engine/options.py", "shapes")))}


def _share(stats: pstats.Stats) -> dict[str, float]:
    total = stats.total_tt    # type: ignore[attr-defined]
    out = {}
    for label, groups in SHARES.items():
        spent = max(sum(v[3] for (path, _, fn), v in stats.stats.items()  # type: ignore[attr-defined]
                        if (fn, True) in {(n, path.endswith(e)) for e, n in group})
                    for group in groups)
        out[label] = spent / total if total else 0.0
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--heuristic-games", type=int, default=2)
    parser.add_argument("--rules", default=None)
    parser.add_argument("--scenario", default=None, help="only this scenario")
    parser.add_argument("--bots", default=None,
                        help="the bots to time (default: every bot the game offers)")
    args = parser.parse_args()
    played = 0
    seconds = 0.0
    names = [args.rules] if args.rules else sorted(registry.installed())
    for name in names:
        rules = registry.get(name)
        for info in rules.scenarios():
            if args.scenario not in (None, info.name):
                continue
            for bot in args.bots.split(",") if args.bots else bots.names(rules):
                start = time.process_time()     # CPU time, without the profiler's cost
                for n in range(args.games):     # as `pbem simulate`: play, archive, verify
                    result = run_job(Job(name, info.name, f"bench-{bot}-{n}", (("*", bot),)))
                    if result.error:
                        raise RuntimeError(result.line())
                spent = time.process_time() - start
                played += args.games
                seconds += spent
                profile = cProfile.Profile()    # one more game, profiled, for the shares
                profile.enable()
                play(rules, scenario=info.name, seed=f"bench-{bot}-profiled", bot=bot)
                profile.disable()
                shares = _share(pstats.Stats(profile))
                print(f"{name} {info.name} {bot}: {args.games * 60 / spent:.1f} games per "
                      f"minute per core; hashing {shares['hashing']:.0%}, copying "
                      f"{shares['copying']:.0%}, options {shares['options']:.0%}")
        if "heuristic" in bots.game_bots(rules) and args.heuristic_games:
            report(name, win_rates(name, None, args.heuristic_games), args.heuristic_games)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"simulate-bench: games {played}, per-minute-per-core {played * 60 / seconds:.1f}, "
          f"peak-rss MB {rss:.0f}")


if __name__ == "__main__":
    main()
