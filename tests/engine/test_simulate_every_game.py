"""CI's short simulation (issue 15): one complete random game of every registered game and
scenario, and one of the game's own bots in every seat of its first scenario, with the
game's invariants checked after every entry and the archive replayed."""
from __future__ import annotations

import pytest

from engine import bots, registry
from pbem.simulate import InvariantBroken, play, simulate

CASES = [(name, info.name) for name, rules in sorted(registry.installed().items())
         for info in rules.scenarios()]
#: Every game's own bots (``Rules.bots``: Here I Stand's, Pax Renaissance's, Virtù's
#: ``heuristic``).
OWN_BOTS = [(name, bot) for name, rules in sorted(registry.installed().items())
            for bot in sorted(bots.game_bots(rules))]


@pytest.mark.parametrize(("name", "scenario"), CASES)
def test_every_game_and_scenario_simulates_with_invariants(name, scenario, tmp_path):
    rules = registry.get(name)
    report = simulate(rules, games=1, seed=f"ci-{name}", bot="random", scenario=scenario,
                      check_invariants=True, out=tmp_path)   # a failing archive lands there
    assert report.errors == 0, report.failures
    assert (report.games, report.finished, report.verified) == (1, 1, 1)


@pytest.mark.parametrize(("name", "bot"), OWN_BOTS)
def test_every_games_own_bot_plays_a_game_within_the_invariants(name, bot, tmp_path):
    rules = registry.get(name)
    report = simulate(rules, games=1, seed=f"ci-{name}-{bot}", bot=bot,
                      check_invariants=True, out=tmp_path)
    assert report.errors == 0, report.failures
    assert (report.games, report.finished, report.verified) == (1, 1, 1)


def test_a_broken_invariant_names_its_entry(monkeypatch):
    """A state validate() refuses stops the game at the entry that made it."""
    rules = registry.get("testgame")
    monkeypatch.setattr(type(rules), "validate",
                        lambda self, state: ["too late"] if state["round"] > 1 else [])
    with pytest.raises(InvariantBroken) as broken:
        play(rules, scenario=None, seed="inv", bot="random", check_invariants=True)
    assert broken.value.problems == ["too late"] and broken.value.seq > 1
