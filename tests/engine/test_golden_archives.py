"""Golden archives: games archived by earlier versions must replay bit for bit forever.

Every installed game has an archive of its installed ``version`` (named
``<game>-<scenario>-v<version>.yaml``, written by ``scripts/make-golden`` from
``tests/golden/recipes.yaml``), and each archive of a recipe logs every subsystem the
recipe names.  A rules change that alters their replay fails here: bump the game's
``version`` and regenerate (docs/architecture.md, "rules_version pins behaviour";
tests/golden/README.md).
"""
from __future__ import annotations

import collections
import functools
from pathlib import Path

import pytest

from engine import registry
from engine.archive import load_yaml, record_from_data
from engine.contract import State
from engine.record import Record
from pbem import golden

GOLDEN = sorted(golden.GOLDEN.glob("*.yaml"))
ARCHIVES = [p for p in GOLDEN if p != golden.RECIPES]
RECIPES = golden.recipes()


@functools.cache
def record_of(path: Path) -> Record:
    """The archive's record, parsed once per run (the tests only read it)."""
    return record_from_data(load_yaml(path.read_bytes()))


@functools.cache
def replayed(path: Path) -> tuple[State, collections.Counter]:
    """The final state and the log keys counted, of one full verified replay per run."""
    record = record_of(path)
    return golden.logged_keys(registry.get(record.header.rules), record)


@pytest.mark.parametrize("path", ARCHIVES, ids=[p.stem for p in ARCHIVES])
def test_golden_archive_replays_and_verifies(path):
    state, _ = replayed(path)
    assert registry.get(record_of(path).header.rules).outcome(state) is not None


@pytest.mark.parametrize("path", ARCHIVES, ids=[p.stem for p in ARCHIVES])
def test_every_archive_is_of_its_games_installed_version(path):
    header = record_of(path).header
    assert header.rules_version == registry.get(header.rules).version, (
        f"{path.name} replays with the release tagged rules/{header.rules}/"
        f"v{header.rules_version}: remove it here (scripts/make-golden does)")
    assert path.name.startswith(f"{header.rules}-")
    assert path.name.endswith(f"-v{header.rules_version}.yaml")


@pytest.mark.parametrize("name", sorted(registry.installed()))
def test_every_installed_game_has_a_golden_archive_of_its_version(name):
    version = registry.get(name).version
    assert sorted(golden.GOLDEN.glob(f"{name}-*v{version}.yaml")), (
        f"no golden archive of {name} rules_version {version}: run scripts/make-golden")


@pytest.mark.parametrize("recipe", RECIPES, ids=[f"{r.rules}-{r.scenario}" for r in RECIPES])
def test_each_recipes_archive_exercises_its_subsystems(recipe):
    path = golden.GOLDEN / recipe.file_name(registry.get(recipe.rules).version)
    assert path.is_file(), f"{path.name} is missing: run scripts/make-golden"
    assert record_of(path).header.scenario == recipe.scenario
    _, counts = replayed(path)
    assert golden.missing(recipe, counts) == []


def test_a_degenerate_archive_fails_the_exercise_check():
    his = next(r for r in RECIPES if r.rules == "here-i-stand")
    counts = collections.Counter({"plays_event": 3, "winter": 1})
    assert "field battle" in golden.missing(his, counts)
    assert "card events" not in golden.missing(his, counts)


def test_new_log_lines_are_found_past_the_logs_length():
    assert golden._new_lines([1, 2, 3], [2, 3, 4, 5]) == [4, 5]
    assert golden._new_lines([], [1]) == [1]
    assert golden._new_lines([1, 2], [1, 2]) == []
