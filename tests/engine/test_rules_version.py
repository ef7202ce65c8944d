"""A game recorded under another rules_version than the installed rules is held, never
misplayed, and a moderator may migrate it (docs/architecture.md, "rules_version pins
behaviour")."""
from __future__ import annotations

import datetime as dt

import pytest

from engine import registry
from engine.archive import dump_yaml, load_yaml, record_from_data
from engine.game import Game
from engine.record import VersionPinned, migrate, replay
from pbem import moderation
from pbem.simulate import START, bot_seats

RULES = registry.get("testgame")
LATER = START + dt.timedelta(days=30)


def running(version: int, private: bool = True) -> dict:
    """A testgame whose first seat has committed, stored as if made under `version`."""
    game = Game.create(RULES, "old", bot_seats(("north", "east", "south")), now=START,
                       seed="pin", scenario="standard", moderators=["gm@example.org"])
    assert game.submit("north", f"COMMIT {min(game.state['hands']['north'])}", at=START).ok
    data = load_yaml(dump_yaml(game.to_data(private=private)))
    data["game"]["rules_version"] = version
    return data


def test_an_archive_of_another_version_says_how_to_replay_it():
    record = record_from_data(running(RULES.version + 1, private=False))
    with pytest.raises(VersionPinned, match=f"rules/testgame/v{RULES.version + 1}"):
        replay(RULES, record)


def test_a_running_game_of_another_version_is_held():
    game = Game.from_data(RULES, running(RULES.version - 1))
    assert game.pinned is not None and "MIGRATE" in game.pinned
    assert game.decisions() == []
    receipt = game.submit("east", "COMMIT 1", at=START)
    assert [(r.status, r.code) for r in receipt.results] == [("rejected", "rules_pinned")]
    assert game.fire_deadlines(LATER) == []
    assert game.record.last_seq == 1


def test_migrate_replays_every_entry_under_the_installed_version():
    game = Game.from_data(RULES, running(RULES.version - 1))
    result = moderation.execute(game, "gm@example.org", "MIGRATE BECAUSE upgrade", now=LATER)
    assert "migrated from rules_version 0" in result.summary
    assert game.pinned is None and game.record.header.rules_version == RULES.version
    assert [e.kind for e in game.record.entries] == ["order", "act"]
    assert game.decisions()
    replay(RULES, game.record)


def test_migrate_stops_at_the_first_entry_that_no_longer_fits():
    data = running(RULES.version - 1)
    record = Game.from_data(RULES, data).record
    record.entries[0].order = "COMMIT 999"
    moved, stop = migrate(RULES, record)
    assert moved.entries == [] and stop is not None and stop.startswith("entry 1 (north")
    data["entries"][0]["order"] = "COMMIT 999"
    game = Game.from_data(RULES, data)
    with pytest.raises(moderation.IllegalOrder, match="cannot move from rules_version 0"):
        moderation.execute(game, "gm@example.org", "MIGRATE", now=LATER)
    assert game.pinned is not None


def test_pbem_games_shows_a_held_game():
    from pbem.cli import _games_row
    row = _games_row(Game.from_data(RULES, running(RULES.version - 1)))
    assert row[2] == (f"held: rules_version {RULES.version - 1}, installed {RULES.version} "
                      "(pbem mod old MIGRATE)")
