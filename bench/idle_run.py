"""What a cron-driven judge pays when nothing is due (run by hand: ``python bench/idle_run.py``).

Creates a server home with N Here I Stand games, each played E entries on the rules'
defaults, runs ``pbem run --once`` once (bytecode and the per-game indexes written), then
times it three more times with an empty inbox and reports the best.  The last line is
``idle: games N, entries E, run_once X s``.
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine import registry  # noqa: E402
from engine.game import Game  # noqa: E402
from pbem.demo import make_home  # noqa: E402
from pbem.store import Store  # noqa: E402

T0 = dt.datetime(2026, 11, 21, tzinfo=dt.timezone.utc)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--entries", type=int, default=300)
    args = parser.parse_args()
    rules = registry.get("here-i-stand")
    info = rules.scenario(None)
    with tempfile.TemporaryDirectory(prefix="pbem-idle-") as tmp:
        home = make_home(Path(tmp) / "home")
        store = Store(home)
        for g in range(args.games):
            seats = {s: {"players": [f"{s}{g}@example.org"], "lang": "en"} for s in info.seats}
            game = Game.create(rules, f"h{g:03d}", seats, now=T0, seed=f"idle{g}")
            while game.record.last_seq < args.entries and game.outcome() is None:
                decision = game.decisions()[0]
                game.apply_order(decision.seat, rules.default(game.state, decision),
                                 by=decision.seat, source="bench", at=T0, decision=decision)
            store.create(game)
        env = {**os.environ, "PBEM_HOME": str(home), "PYTHONPATH": str(REPO),
               "PBEM_NOW": "2026-11-21T12:00:00Z", "PYTHONPYCACHEPREFIX": str(Path(tmp) / "pyc")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        command = [sys.executable, "-m", "pbem", "run", "--once"]
        subprocess.run(command, env=env, cwd=REPO, check=True, capture_output=True)
        times = []
        for _ in range(3):
            started = time.perf_counter()
            subprocess.run(command, env=env, cwd=REPO, check=True, capture_output=True)
            times.append(time.perf_counter() - started)
        size = (home / "games" / "h000" / "game.yaml").stat().st_size
        print(f"game file {size / 1000:.0f} kB; runs " + ", ".join(f"{t:.2f}" for t in times))
        print(f"idle: games {args.games}, entries {args.entries}, run_once {min(times):.2f} s")


if __name__ == "__main__":
    main()
