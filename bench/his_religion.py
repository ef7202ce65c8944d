"""The religious struggle in saved Here I Stand games (issue 16): per 100 games, the debates
called (every ``DEBATE`` order: 3 CP, Leipzig Debate, after a Papal Bull, the Inquisitions),
the treatises published, the translation orders, the religious events played, The Wartburg
played, and the religious victories.  Read from the archives `pbem simulate --out DIR`
writes (orders only: no replay).

    python3 bench/his_religion.py DIR [DIR ...]

The last line is exactly ``his-religion: games N, debates X, treatises Y, translations Z,
religious-events E, wartburg W, religious-victories V`` (X..V per 100 games).
"""
from __future__ import annotations

import argparse
import re
from pathlib import Path

from engine.archive import load_yaml

#: The religious card events (the Reformation issue's list; #5 #6 #7 included).
RELIGIOUS = {5, 6, 7, 37, 39, 41, 43, 44, 45, 46, 47, 51, 52, 55, 56, 57, 58, 59, 60, 61, 62,
             63, 64, 65, 67, 75, 78, 81, 85, 88, 90}


def count(path: Path) -> dict[str, int]:
    data = load_yaml(path.read_bytes())
    out = {"debates": 0, "treatises": 0, "translations": 0, "religious-events": 0,
           "wartburg": 0, "religious-victories": 0}
    for e in data.get("entries") or []:
        order = str(e.get("order") or "")
        decision = str(e.get("decision") or "")
        if order.startswith("DEBATE"):
            out["debates"] += 1
        elif order.startswith("PUBLISH TREATISE"):
            out["treatises"] += 1
        elif order.startswith("TRANSLATE"):
            out["translations"] += 1
        found = re.fullmatch(r"PLAY (\d+) AS EVENT", order)
        if found and decision.endswith("-wartburg"):
            out["wartburg"] += 1
        elif found and int(found.group(1)) in RELIGIOUS:
            out["religious-events"] += 1
    reason = str((data.get("outcome") or {}).get("reason") or "")
    if "religio" in reason.lower():
        out["religious-victories"] += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("dirs", nargs="+", type=Path)
    args = parser.parse_args()
    files = sorted(p for d in args.dirs for p in d.glob("here-i-stand-*.yaml"))
    total: dict[str, int] = {}
    for path in files:
        for k, v in count(path).items():
            total[k] = total.get(k, 0) + v
    n = len(files)
    per = {k: (100 * v / n if n else 0.0) for k, v in total.items()}
    print(f"his-religion: games {n}, " + ", ".join(f"{k} {per[k]:.0f}" for k in (
        "debates", "treatises", "translations", "religious-events", "wartburg",
        "religious-victories")))


if __name__ == "__main__":
    main()
