"""The heuristic bot's win rate (issue 15): seated in each seat in turn against random bots
in the others, next to a random bot's rate in that seat (all-random games, the same number).

    python3 bench/heuristic_winrate.py [--rules NAME] [--scenario S] [--games N]
                                       [--last-turn T] [--jobs J] [--seed S]

Every game seats all the scenario's powers.  ``--last-turn`` ends the game early (the game
option ``last_turn``: a time victory after that turn), so more games fit in an hour; say so
when quoting the figures.  A shared win (several winners) counts as a share of a win.  Per
seat it prints both rates and their ratio (the goal: at least 3); the last line is
``heuristic-winrate: seats K, games N, goal met in M seats, mean ratio R``.
"""
from __future__ import annotations

import argparse
import time
from collections import Counter
from multiprocessing import Pool

from engine import registry
from pbem.simulate import play

#: The issue's goal: the heuristic bot wins at least this many times as often as random.
GOAL = 3.0


def one_game(job: tuple[str, str | None, str, tuple[tuple[str, str], ...], int | None]
             ) -> dict[str, float]:
    """Play one game; each winner's share of the win, ``{seat: share}``."""
    name, scenario, seed, table, last = job
    rules = registry.get(name)
    info = rules.scenario(scenario)
    game = play(rules, scenario=info.name, seed=seed, bot=dict(table),
                players=info.max_players, options={"last_turn": last} if last else None)
    winners = game.outcome().winners
    return {w: 1 / len(winners) for w in winners}


def win_rates(name: str, scenario: str | None, games: int, last: int | None = None,
              jobs: int = 1, seed: str = "rate") -> list[tuple[str, float, float]]:
    """``(seat, heuristic rate, random rate)`` for every seat of the scenario."""
    seats = registry.get(name).scenario(scenario).seats
    base = [(name, scenario, f"{seed}-random-{n}", (("*", "random"),), last)
            for n in range(games)]
    seated = [(name, scenario, f"{seed}-{seat}-{n}", ((seat, "heuristic"),), last)
              for seat in seats for n in range(games)]
    results = []
    with Pool(jobs) as pool:
        for job, shares in zip(base + seated, pool.imap(one_game, base + seated)):
            results.append(shares)
            print(f"game {job[2]}: won by {', '.join(sorted(shares))}", flush=True)
    baseline: Counter[str] = Counter()
    for shares in results[:games]:
        baseline.update(shares)
    out = []
    for i, seat in enumerate(seats):
        mine = results[games * (i + 1):games * (i + 2)]
        out.append((seat, sum(r.get(seat, 0.0) for r in mine) / games,
                    baseline[seat] / games))
    return out


def ratio(heuristic: float, random_rate: float) -> float:
    """How many times as often the heuristic bot wins (inf when random never wins)."""
    if random_rate:
        return heuristic / random_rate
    return float("inf") if heuristic else 1.0


def report(name: str, rates: list[tuple[str, float, float]], games: int) -> None:
    ratios = []
    for seat, mine, base in rates:
        r = ratio(mine, base)
        ratios.append(r)
        print(f"{name} {seat}: heuristic wins {mine:.0%}, random wins {base:.0%}, "
              f"ratio {r:.2f} ({'goal met' if r >= GOAL else 'goal NOT met'})")
    finite = [r for r in ratios if r != float("inf")]
    mean = sum(finite) / len(finite) if finite else float("inf")
    print(f"heuristic-winrate: seats {len(rates)}, games {games}, goal met in "
          f"{sum(r >= GOAL for r in ratios)} seats, mean ratio {mean:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rules", default="here-i-stand")
    parser.add_argument("--scenario", default=None)
    parser.add_argument("--games", type=int, default=20, help="games per seat and baseline")
    parser.add_argument("--last-turn", type=int, default=None, help="end games after this turn")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", default="rate")
    args = parser.parse_args()
    start = time.perf_counter()
    rates = win_rates(args.rules, args.scenario, args.games, args.last_turn, args.jobs,
                      args.seed)
    print(f"{args.rules} {args.scenario or 'default scenario'}, last turn "
          f"{args.last_turn or 'as the scenario'}, {args.games} games a seat, "
          f"{time.perf_counter() - start:.0f} s")
    report(args.rules, rates, args.games)


if __name__ == "__main__":
    main()
