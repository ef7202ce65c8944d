"""What a cron-driven judge pays when nothing is due (run by hand: ``python bench/idle_run.py``).

Creates a server home with T testgames and H Here I Stand games (each played E entries on
the rules' defaults; the first is played, the others are copies of it under their own ids),
with no ``index.json`` beside any game (a home written by another process, or restored
without them; the game files carry their summaries in their head, `pbem.store`).  Then it times ``pbem run --once`` with an empty inbox:

- cold: the first run (every game file read; bytecode already written);
- warm: the best of three runs after it;
- restored: the first run in a copy of the home made like ``cp -a`` (new inodes and
  ctimes, same bytes and mtimes), as after a backup restore;
- rss: the resident size of a looping ``pbem run`` once its first cycle is over.

The CPU time (user + system) of the cold and warm runs is printed too: on a shared machine
the wall time says little.

``--repo`` times another checkout (e.g. the main branch) with the same home.  The last line
is ``idle: games N, cold X s, warm Y s, rss Z MB``; the line before keeps the old figure
(``idle: games N, entries E, run_once X s``, the warm run).
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine import registry  # noqa: E402
from engine.game import Game  # noqa: E402
from pbem.demo import make_game, make_home  # noqa: E402
from pbem.summaries import open_store  # noqa: E402

T0 = dt.datetime(2026, 11, 21, tzinfo=dt.timezone.utc)


def build(home: Path, testgames: int, his: int, entries: int) -> None:
    """The home: `testgames` fresh testgames, `his` Here I Stand games of `entries` entries."""
    make_home(home)
    for g in range(testgames):
        make_game(home, f"t{g:04d}", {"north": f"n{g}@example.org", "east": f"e{g}@example.org"},
                  seed=f"idle{g}", now=T0)
    if not his:
        return
    rules = registry.get("here-i-stand")
    seats = {s: {"players": [f"{s}@example.org"], "lang": "en"}
             for s in rules.scenario(None).seats}
    game = Game.create(rules, "h000", seats, now=T0, seed="idle")
    while game.record.last_seq < entries and game.outcome() is None:
        decision = game.decisions()[0]
        game.apply_order(decision.seat, rules.default(game.state, decision),
                         by=decision.seat, source="bench", at=T0, decision=decision)
    data = game.to_data(private=True)
    store = open_store(home)          # as `pbem new` and the daemon write games
    for g in range(his):
        data["game"]["id"] = f"h{g:03d}"
        data["server"] = {}
        store.create(Game.from_data(rules, data))
    for index in (home / "games").glob("*/index.json"):
        index.unlink()


def run_once(repo: Path, home: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system: the machine may be shared) of one
    ``pbem run --once``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pbem", "run", "--once"], cwd=repo, check=True,
                   capture_output=True, env={**env, "PBEM_HOME": str(home)})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (time.perf_counter() - started,
            after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)


def _cpu_and_rss(pid: int) -> tuple[int, int]:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    rss_pages = int(fields[21])
    return int(fields[11]) + int(fields[12]), rss_pages * os.sysconf("SC_PAGE_SIZE")


def idle_rss(repo: Path, home: Path, env: dict[str, str]) -> float:
    """MB resident of `pbem run` once it idles (no CPU used for a second)."""
    proc = subprocess.Popen([sys.executable, "-m", "pbem", "run"], cwd=repo,
                            env={**env, "PBEM_HOME": str(home)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        last = (-1, -1)
        deadline = time.time() + 300
        while time.time() < deadline:
            time.sleep(1.0)
            now = _cpu_and_rss(proc.pid)
            if now[0] == last[0] and now[0] > 0:
                return now[1] / 1e6
            last = now
        raise RuntimeError("the daemon never went idle")
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--testgames", type=int, default=1000)
    parser.add_argument("--games", type=int, default=200, help="Here I Stand games")
    parser.add_argument("--entries", type=int, default=300)
    parser.add_argument("--repo", type=Path, default=REPO, help="the checkout to time")
    args = parser.parse_args()
    repo = args.repo.resolve()
    with tempfile.TemporaryDirectory(prefix="pbem-idle-") as tmp:
        home = Path(tmp) / "home"
        build(home, args.testgames, args.games, args.entries)
        env = {**os.environ, "PYTHONPATH": str(repo), "PBEM_NOW": "2026-11-21T12:00:00Z",
               "PYTHONPYCACHEPREFIX": str(Path(tmp) / "pyc")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        run_once(repo, make_home(Path(tmp) / "empty"), env)     # bytecode written
        cold, cold_cpu = run_once(repo, home, env)
        warm, warm_cpu = (min(t) for t in zip(*(run_once(repo, home, env) for _ in range(3))))
        restored = Path(tmp) / "restored"
        shutil.copytree(home, restored, copy_function=shutil.copy2)   # with the indexes
        after_restore = run_once(repo, restored, env)[0]
        rss = idle_rss(repo, home, env)
        total = args.testgames + args.games
        print(f"restored (cp -a): {after_restore:.2f} s")
        print(f"idle cpu (user + system): cold {cold_cpu:.2f} s, warm {warm_cpu:.2f} s")
        print(f"idle: games {total}, entries {args.entries}, run_once {warm:.2f} s")
        print(f"idle: games {total}, cold {cold:.2f} s, warm {warm:.2f} s, rss {rss:.0f} MB")


if __name__ == "__main__":
    main()
