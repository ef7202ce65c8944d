"""The canonical JSON every state hash is taken over: orjson's bytes equal the standard
encoder's for every state of every registered game, and what orjson refuses still hashes."""
from __future__ import annotations

import pytest

from engine import registry
from engine.canonical import canonical_bytes, canonical_json, state_hash
from engine.record import replay
from pbem.simulate import play

GAMES = sorted(registry.installed())


@pytest.mark.parametrize("name", GAMES)
def test_fast_canonical_bytes_equal_the_standard_encoders_for_every_state(name):
    rules = registry.get(name)
    game = play(rules, scenario=None, seed="canon", bot="random")
    differ: list[int] = []

    def check(entry, state):
        if canonical_bytes(state) != canonical_json(state).encode("utf-8"):
            differ.append(entry.seq)
    replay(rules, game.record, verify=True, on_state=check)
    assert differ == []


@pytest.mark.parametrize("data", [
    {"b": [1, (2, 3)], "a": "é\u2028\x01\x7f\"\\/", "c": None, "d": True, "e": -7},
    {"z": {"y": {}, "x": []}, "": ""},
    {3: "an int key"},                       # orjson refuses: the standard encoder writes it
    {"big": 2 ** 70},
])
def test_canonical_bytes_are_the_canonical_json(data):
    assert canonical_bytes(data) == canonical_json(data).encode("utf-8")
    assert len(state_hash(data)) == 64
