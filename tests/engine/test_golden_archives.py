"""Golden archives: games archived by earlier versions must replay bit for bit forever.

A rules change that alters their replay must bump the game's ``rules_version`` and keep the
old behaviour reachable (docs/architecture.md, "rules_version pins behaviour").  Add an
archive here for every game and every rules_version that ships.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from engine import registry
from engine.archive import load_yaml, record_from_data
from engine.record import replay

GOLDEN = sorted((Path(__file__).parents[1] / "golden").glob("*.yaml"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_archive_replays_and_verifies(path):
    record = record_from_data(load_yaml(path.read_bytes()))
    rules = registry.get(record.header.rules)
    state, _ = replay(rules, record, verify=True)
    assert rules.outcome(state) is not None


def test_there_is_a_golden_archive():
    assert GOLDEN
