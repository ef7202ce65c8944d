"""Golden archives: complete bot games under ``tests/golden/`` that CI replays forever.

``tests/golden/recipes.yaml`` says how each archive is played: the game (``rules``), its
``scenario``, how many ``seats``, the dice ``seed``, the ``bots`` (as ``pbem simulate
--bot``), game ``options``, and ``exercises``: for each subsystem the archive must show,
the log keys of which at least one must be logged (so a degenerate archive fails its test).
An archive is named ``<rules>-<scenario>-v<rules_version>.yaml``: each game's installed
``version`` has its archive (docs/architecture.md, "rules_version pins behaviour").

``python -m pbem.golden`` (``scripts/make-golden``) plays every recipe again with the
installed rules, replay-verifies it, checks its exercises and writes the archive, removing
the archives of older versions of the same game and scenario (they replay with the release
tagged ``rules/<game>/v<N>``).  ``--only RULES`` plays that game's recipes only (and
``--scenario S`` that scenario's); ``--search
N`` tries the seeds ``<seed>``, ``<seed>-1`` … ``<seed>-<N-1>`` until one exercises
everything and writes that seed back into the recipe.
"""
from __future__ import annotations

import argparse
import collections
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine import registry
from engine.archive import SafeLoader, dump_yaml, load_yaml, record_from_data
from engine.contract import Rules, State
from engine.record import Entry, Record, replay
from pbem.simulate import parse_bots, play

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden"
RECIPES = GOLDEN / "recipes.yaml"


@dataclass(frozen=True)
class Recipe:
    """How one golden archive is played (see the module docstring)."""
    rules: str
    scenario: str
    seed: str
    bots: str = "random"
    seats: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    exercises: dict[str, list[str]] = field(default_factory=dict)

    def file_name(self, version: int) -> str:
        return f"{self.rules}-{self.scenario}-v{version}.yaml"


def recipes(path: Path = RECIPES) -> list[Recipe]:
    """The recipes of `path`."""
    data = yaml.load(path.read_text("utf-8"), Loader=SafeLoader) or []
    return [Recipe(rules=str(r["rules"]), scenario=str(r["scenario"]), seed=str(r["seed"]),
                   bots=str(r.get("bots", "random")), seats=r.get("seats"),
                   options=dict(r.get("options") or {}),
                   exercises={str(k): [str(x) for x in v]
                              for k, v in (r.get("exercises") or {}).items()})
            for r in data]


def _new_lines(before: list, after: list) -> list:
    """The log lines `after` adds to `before` (a log keeps only its last lines, so the
    longest tail of `before` that `after` starts with is the overlap)."""
    for start in range(len(before) + 1):
        if before[start:] == after[:len(before) - start]:
            return after[len(before) - start:]
    return after


def logged_keys(rules: Rules, record: Record) -> tuple[State, collections.Counter]:
    """Replay-verify `record`; return its final state and how often each key of the
    public log (``state["log"]``, lines with a ``msg``) was logged."""
    counts: collections.Counter = collections.Counter()
    previous: list = []

    def seen(entry: Entry, state: State) -> None:
        nonlocal previous
        log = state.get("log") or []
        for line in _new_lines(previous, log):
            if isinstance(line, dict) and "msg" in line:
                counts[str(line["msg"])] += 1
        previous = list(log)
    state, _ = replay(rules, record, verify=True, on_state=seen)
    return state, counts


def missing(recipe: Recipe, counts: collections.Counter) -> list[str]:
    """The subsystems of `recipe` whose log keys the archive never logged."""
    return [name for name, keys in recipe.exercises.items()
            if not any(counts[k] for k in keys)]


def make(recipe: Recipe, seed: str) -> tuple[str, Record, list[str]]:
    """Play `recipe` with `seed`: the archive text, its record and the subsystems missed."""
    rules = registry.get(recipe.rules)
    game = play(rules, scenario=recipe.scenario, seed=seed,
                bot=parse_bots(rules, recipe.bots), players=recipe.seats,
                options=recipe.options, check_invariants=True)
    text = dump_yaml(game.to_data(private=False))
    record = record_from_data(load_yaml(text))
    _, counts = logged_keys(rules, record)
    return text, record, missing(recipe, counts)


def write(recipe: Recipe, text: str, folder: Path = GOLDEN) -> Path:
    """Write the archive and remove the older versions' archives of the same recipe."""
    version = registry.get(recipe.rules).version
    target = folder / recipe.file_name(version)
    for old in folder.glob(f"{recipe.rules}-{recipe.scenario}-v*.yaml"):
        if old != target:
            old.unlink()
    target.write_text(text, "utf-8")
    return target


def _set_seed(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    path.write_text(re.sub(rf"(seed:\s*['\"]?){re.escape(old)}(['\"]?\s*$)",
                           lambda m: m.group(1) + new + m.group(2), text, count=1,
                           flags=re.M), "utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=None, help="only this game's recipes")
    parser.add_argument("--scenario", default=None, help="only this scenario's recipes")
    parser.add_argument("--search", type=int, default=1, metavar="N",
                        help="try up to N seeds per recipe (default: the recipe's own)")
    args = parser.parse_args(argv)
    failed = 0
    for recipe in recipes():
        if (args.only and recipe.rules != args.only
                or args.scenario and recipe.scenario != args.scenario):
            continue
        for n in range(args.search):
            seed = recipe.seed if n == 0 else f"{recipe.seed}-{n}"
            started = time.perf_counter()
            text, record, gaps = make(recipe, seed)
            print(f"{recipe.rules} {recipe.scenario} seed {seed}: {len(record.entries)} "
                  f"entries, {len(text) // 1024} kB, {time.perf_counter() - started:.0f} s"
                  + (f", never logs {', '.join(gaps)}" if gaps else ", exercises everything"))
            if not gaps:
                print(f"wrote {write(recipe, text)}")
                if seed != recipe.seed:
                    _set_seed(RECIPES, recipe.seed, seed)
                    print(f"the recipe's seed is now {seed} ({RECIPES.name})")
                break
        else:
            failed += 1
            print(f"{recipe.rules} {recipe.scenario}: no seed tried exercises everything; "
                  "try --search with more seeds", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
