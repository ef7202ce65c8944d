"""Counts of the war at sea (§16) in Here I Stand archives (``pbem simulate --out DIR``):
per game, the naval moves, naval battles, transports, piracy attempts, piracy hits and
rewards, and cards played at sea, from the replayed log.

Run by hand: ``python bench/his_sea_counts.py DIR [DIR ...]``.  The last line is exactly
``his-sea: games N, naval-moves X, battles Y, transports Z, piracy P, piracy-vp V,
sea-cards C`` (per game, averaged).
"""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from engine import registry
from engine.archive import load_yaml, record_from_data
from engine.record import replay

HIS = registry.get("here-i-stand")
#: Log messages counted, by label.
COUNTED = {"naval-moves": ("naval_move",), "battles": ("naval_battle",),
           "transports": ("transport",), "piracy": ("piracy",),
           "piracy-vp": ("piracy_reward_vp",), "sea-cards": ("naval_card",)}


def _added(before: list, after: list) -> list:
    """The entries appended to a log kept as a window of its last entries."""
    for n in range(len(after) + 1):
        if (before + after[len(after) - n:])[-len(after):] == after:
            return after[len(after) - n:]
    return after


def counts(path: Path) -> Counter:
    """Every log message of the replayed game (the state keeps only the last ones)."""
    seen: Counter = Counter()
    last: list = []

    def note(entry, state) -> None:
        nonlocal last
        seen.update(e["msg"] for e in _added(last, state["log"]))
        last = list(state["log"])

    replay(HIS, record_from_data(load_yaml(path.read_text())), verify=False, on_state=note)
    return Counter({label: sum(seen[m] for m in msgs) for label, msgs in COUNTED.items()})


def main() -> None:
    games = [p for d in sys.argv[1:] for p in sorted(Path(d).glob("*.yaml"))]
    total: Counter = Counter()
    for path in games:
        found = counts(path)
        total += found
        print(path.name, " ".join(f"{k} {found[k]}" for k in COUNTED))
    n = max(len(games), 1)
    print(f"his-sea: games {len(games)}, "
          + ", ".join(f"{k} {total[k] / n:.1f}" for k in COUNTED))


if __name__ == "__main__":
    main()
