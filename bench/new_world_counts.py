"""New World results per game from `pbem simulate --out DIR` archives (issue 17).

    python3 bench/new_world_counts.py DIR [DIR ...]

Replays every archive in each DIR and counts, per game, the New World log messages
(`games.here_i_stand.state.log` keys): voyages of exploration and conquest resolved,
discoveries (circumnavigation included), conquests, colonies founded, riches cards, the
raiders' rolls and steals, and the New World card events.  One line per game, then a total
line per DIR: ``new-world: DIR games N, explorations X, conquests Y, ...``.
"""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from engine import registry
from engine.archive import load_yaml, record_from_data
from engine.record import replay
from games.here_i_stand import state as S

#: Column -> the log keys it counts.
COLUMNS = {
    "explorations": ("nw_explore_roll",),
    "conquests": ("nw_conquest",),
    "conquest_rolls": ("nw_conquest_roll",),
    "colonies": ("nw_colony", "nw_potosi"),
    "discoveries": ("nw_discovery", "nw_circumnavigated"),
    "riches_cards": ("nw_riches_card", "nw_riches_galleon", "nw_riches_depleted"),
    "raider_rolls": ("nw_raider_misses", "nw_raider_destroyed", "nw_raider_steals",
                     "nw_raider_steals_retires"),
    "raids": ("nw_raider_steals", "nw_raider_steals_retires"),
    "raiders_placed": ("nw_raiders",),
    "cancelled": ("nw_cancelled",),
    "markers": ("nw_galleons", "nw_plantations"),
}


def count(path: Path) -> Counter:
    seen: Counter = Counter()
    original = S.log

    def counting(state, key, /, **params):
        seen[key] += 1
        original(state, key, **params)

    S.log = counting
    try:
        record = record_from_data(load_yaml(path.read_text(encoding="utf-8")))
        replay(registry.get("here-i-stand"), record, verify=False)
    finally:
        S.log = original
    return Counter({col: sum(seen[k] for k in keys) for col, keys in COLUMNS.items()})


def main() -> None:
    for folder in sys.argv[1:]:
        total: Counter = Counter()
        files = sorted(Path(folder).glob("*.yaml"))
        for path in files:
            found = count(path)
            total += found
            print(path.stem, " ".join(f"{c} {found[c]}" for c in COLUMNS))
        print(f"new-world: {folder} games {len(files)}, "
              + ", ".join(f"{c} {total[c]}" for c in COLUMNS))


if __name__ == "__main__":
    main()
