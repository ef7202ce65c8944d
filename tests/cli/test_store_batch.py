"""`Store.batch`: transactions on several games committed together (issue 13: a daemon
cycle's games with one sync of the file system for all, not three fsyncs each)."""
from __future__ import annotations

import datetime as dt
import errno
import os
from pathlib import Path

import pytest

import pbem.store
from engine import registry
from engine.game import Game
from pbem.store import Store

T0 = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = Store(tmp_path / "home")
    store.init()
    rules = registry.get("testgame")
    for game_id in ("g1", "g2", "g3"):
        seats = {s: {"players": [f"{s}@example.org"]} for s in ("north", "east")}
        store.create(Game.create(rules, game_id, seats, now=T0, seed=game_id))
    return store


def mark(game_id: str, home: Path) -> object:
    """The `x` a fresh store reads in the game's file."""
    return Store(home).load(game_id).server.get("x")


def test_a_batch_commits_every_game_with_two_syncs_and_no_fsync(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(pbem.store, "sync_filesystem", lambda path: calls.append("sync"))
    monkeypatch.setattr(os, "fsync", lambda fd: calls.append("fsync"))
    told: list[str] = []
    with store.batch():
        for n, game_id in enumerate(("g1", "g2", "g3")):
            with store.transaction(game_id) as game:
                game.server["x"] = n
                store.on_commit(lambda g=game_id: told.append(g))
        assert [mark(g, store.home) for g in ("g1", "g2", "g3")] == [None] * 3
        assert told == []                                       # nothing committed yet
    assert [mark(g, store.home) for g in ("g1", "g2", "g3")] == [0, 1, 2]
    assert calls == ["sync", "sync"] and told == ["g1", "g2", "g3"]
    assert not list(store.games_dir.rglob("*.tmp"))


def test_outside_a_batch_a_transaction_commits_at_once(store: Store) -> None:
    told: list[str] = []
    with store.transaction("g1") as game:
        game.server["x"] = 1
        store.on_commit(lambda: told.append("g1"))
    assert told == ["g1"] and mark("g1", store.home) == 1


def test_a_game_met_again_in_a_batch_commits_the_batch_first(store: Store) -> None:
    """A second transaction on a game waiting in the batch neither deadlocks on its own
    lock nor loses the first: the batch is committed, then the game is read again."""
    told: list[str] = []
    with store.batch():
        with store.transaction("g1") as game:
            game.server["x"] = 1
            store.on_commit(lambda: told.append("first"))
        with store.transaction("g2") as game:
            game.server["x"] = 2
        with store.transaction("g1") as game:
            assert told == ["first"] and mark("g1", store.home) == 1
            assert mark("g2", store.home) == 2
            game.server["x"] = 3
            store.on_commit(lambda: told.append("second"))
    assert mark("g1", store.home) == 3 and told == ["first", "second"]


def test_a_failed_transaction_in_a_batch_is_dropped_alone(store: Store) -> None:
    told: list[str] = []
    with store.batch():
        with store.transaction("g1") as game:
            game.server["x"] = 1
        with pytest.raises(RuntimeError):
            with store.transaction("g2") as game:
                game.server["x"] = 2
                store.on_commit(lambda: told.append("g2"))
                raise RuntimeError("a bug")
        assert store.load("g2").server.get("x") is None       # the copy in memory too
        with store.transaction("g2") as game:                  # its lock was released
            game.server["y"] = 1
    assert (mark("g1", store.home), mark("g2", store.home)) == (1, None)
    assert Store(store.home).load("g2").server["y"] == 1 and told == []


def test_a_rename_that_fails_keeps_the_games_before_it(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """The games renamed before the failure are committed (their hooks wait for a later
    look: the caller knows only that the batch failed), those after are as they were, with
    no temporary left and their locks free."""
    real = os.replace

    def replace(src: str, dst: str) -> None:
        if "/g2/" in str(dst):
            raise OSError(errno.ENOSPC, "disk full", dst)
        real(src, dst)
    monkeypatch.setattr(pbem.store.os, "replace", replace)
    told: list[str] = []
    with pytest.raises(OSError):
        with store.batch():
            for game_id in ("g1", "g2", "g3"):
                with store.transaction(game_id) as game:
                    game.server["x"] = game_id
                    store.on_commit(lambda g=game_id: told.append(g))
    monkeypatch.undo()
    assert [mark(g, store.home) for g in ("g1", "g2", "g3")] == ["g1", None, None]
    assert [store.load(g).server.get("x") for g in ("g1", "g2", "g3")] == ["g1", None, None]
    assert told == [] and not list(store.games_dir.rglob("*.tmp"))
    with store.transaction("g3") as game:
        game.server["x"] = "again"
    assert mark("g3", store.home) == "again"


def test_batches_do_not_nest(store: Store) -> None:
    with store.batch():
        with pytest.raises(RuntimeError), store.batch():
            pass
