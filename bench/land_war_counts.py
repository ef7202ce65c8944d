"""Count the land war in saved Here I Stand games:
``python bench/land_war_counts.py DIR [DIR ...]``.

Reads every game archive (``*.yaml``) that ``pbem simulate --out DIR`` saved, replays it
entry by entry, collects the log lines each entry added (the state keeps only its last
ones), and counts what the land war logged: field battles (relief battles included and
also counted apart), interceptions tried and won, sieges laid, assaults, relief battles, avoids, withdrawals, extra losses the
counter mix forced (§5.2).  Prints one line per directory and the last line exactly
``land-war: games N, field battles B, interceptions I (won W), sieges S, assaults A, relief battles R``.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine import registry  # noqa: E402
from engine.archive import load_yaml, record_from_data  # noqa: E402
from engine.record import replay  # noqa: E402

#: Log messages counted, by what they mean.
COUNTED = {"battle_roll": "field battles", "intercept_success": "interceptions won",
           "intercept_failure": "interceptions failed", "siege_laid": "sieges",
           "assault_rolls": "assaults", "relief_battle": "relief battles",
           "avoid_success": "avoids won", "avoid_failure": "avoids failed",
           "withdraw": "withdrawals", "counter_trim": "counter-mix extra losses"}


def added(before: list[dict], after: list[dict]) -> list[dict]:
    """The log entries `after` has beyond `before` (both the kept tail of one log)."""
    for n in range(len(after) + 1):
        kept = len(after) - n
        if kept <= len(before) and after[:kept] == before[len(before) - kept:]:
            return after[kept:]
    return after


def count(path: Path) -> Counter[str]:
    """The counted log messages of one archived game."""
    record = record_from_data(load_yaml(path.read_text("utf-8")))
    found: Counter[str] = Counter()
    seen: list[list[dict]] = [[]]

    def on_state(entry, state) -> None:
        found.update(COUNTED[e["msg"]] for e in added(seen[0], state["log"])
                     if e["msg"] in COUNTED)
        seen[0] = list(state["log"])

    replay(registry.get("here-i-stand"), record, verify=False, on_state=on_state)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+", type=Path)
    args = parser.parse_args()
    total: Counter[str] = Counter()
    games = 0
    for folder in args.dirs:
        found: Counter[str] = Counter()
        paths = sorted(p for p in folder.glob("*.yaml") if "FAILED" not in p.name)
        for path in paths:
            found += count(path)
        games += len(paths)
        total += found
        print(f"{folder}: games {len(paths)}, " + ", ".join(
            f"{k} {found[k]}" for k in COUNTED.values()))
    tried = total["interceptions won"] + total["interceptions failed"]
    print(f"land-war: games {games}, field battles {total['field battles']}, interceptions "
          f"{tried} (won {total['interceptions won']}), sieges {total['sieges']}, assaults "
          f"{total['assaults']}, relief battles {total['relief battles']}")


if __name__ == "__main__":
    main()
