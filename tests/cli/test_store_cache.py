"""The store's in-process game cache (pbem/store.py): a long-lived process keeps using the
game object it committed, so that object must behave exactly like the file parsed again."""
from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine import registry
from engine.game import Game
from pbem.store import HEAD, Store, read_head
from pbem.summaries import with_summaries

GAMES = sorted(registry.installed())
T0 = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)


def new_game(home: Path, name: str) -> None:
    rules = registry.get(name)
    info = rules.scenario(None)
    seats = {s: {"players": [f"{s}@example.org"], "lang": "en"} for s in info.seats}
    game = Game.create(rules, "g1", seats, now=T0, seed="cache")
    game.server["tokens"] = {s: f"tok{n}" for n, s in enumerate(seats)}   # not random
    store = Store(home)
    store.init()
    store.create(game)


def step(store: Store, rng: random.Random, n: int) -> bool:
    """Apply one random legal order in a transaction; False once the game is over."""
    with store.transaction("g1") as game:
        if game.outcome() is not None:
            return False
        decision = rng.choice(game.decisions())
        game.apply_order(decision.seat, decision.random_order(rng), by=decision.seat,
                         source=f"test-{n}", at=T0 + dt.timedelta(minutes=n),
                         decision=decision)
    return True


@pytest.mark.parametrize("name", GAMES)
def test_cached_game_behaves_like_the_file_parsed_again(tmp_path: Path, name: str) -> None:
    warm_home, cold_home = tmp_path / "warm", tmp_path / "cold"
    new_game(warm_home, name)
    new_game(cold_home, name)
    warm = Store(warm_home)
    rng_warm, rng_cold = random.Random(5), random.Random(5)
    for n in range(60):
        go_warm = step(warm, rng_warm, n)
        go_cold = step(Store(cold_home), rng_cold, n)   # a fresh store parses the file
        assert go_warm == go_cold
        assert warm.path("g1").read_bytes() == Store(cold_home).path("g1").read_bytes(), n
        if not go_warm:
            break


def test_a_write_by_another_process_is_seen(tmp_path: Path) -> None:
    new_game(tmp_path, "testgame")
    reader, writer = Store(tmp_path), Store(tmp_path)
    before = reader.load("g1")
    assert reader.load("g1") is before                   # unchanged file: no parse
    step(writer, random.Random(1), 1)
    after = reader.load("g1")
    assert after is not before
    assert after.record.last_seq == before.record.last_seq + 1


def test_a_failed_transaction_is_forgotten(tmp_path: Path) -> None:
    new_game(tmp_path, "testgame")
    store = Store(tmp_path)
    seq = store.load("g1").record.last_seq
    with pytest.raises(RuntimeError):
        with store.transaction("g1") as game:
            decision = game.decisions()[0]
            game.apply_order(decision.seat, decision.random_order(random.Random(2)),
                             by=decision.seat, source="t", at=T0, decision=decision)
            raise RuntimeError("crash before the save")
    assert store.load("g1").record.last_seq == seq       # parsed again: the file's state


def test_only_the_most_recently_used_games_are_kept(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(Store, "CACHED", 2)
    store = Store(tmp_path)
    store.init()
    rules = registry.get("testgame")
    seats = {s: {"players": [f"{s}@example.org"], "lang": "en"} for s in ("north", "east")}
    for gid in ("a1", "a2", "a3"):
        store.create(Game.create(rules, gid, seats, now=T0, seed=gid))
    first = store.load("a1")
    store.load("a2")
    store.load("a3")                                      # a1 is the least recent: dropped
    assert store.load("a1") is not first
    assert store.load("a1") is store.load("a1")


def test_a_summary_is_kept_on_disk_until_the_game_changes(tmp_path: Path) -> None:
    new_game(tmp_path, "testgame")
    calls: list[int] = []

    def seq(game: Game) -> int:
        calls.append(1)
        return game.record.last_seq

    assert Store(tmp_path).summary("g1", "seq", seq) == 0
    assert Store(tmp_path).summary("g1", "seq", seq) == 0     # another process: from disk
    assert len(calls) == 1
    step(Store(tmp_path), random.Random(3), 1)
    assert Store(tmp_path).summary("g1", "seq", seq) == 1     # the file changed
    assert len(calls) == 2


def _count_parses(monkeypatch) -> list[str]:
    """Every parse of a game file by a store (`Store.load` or a summary) is recorded."""
    import pbem.store
    parses: list[str] = []
    real_load, real_yaml = Store.load, pbem.store.load_with_memo
    monkeypatch.setattr(Store, "load", lambda self, gid: parses.append(gid) or real_load(self, gid))
    monkeypatch.setattr(pbem.store, "load_with_memo",
                        lambda data: parses.append("yaml") or real_yaml(data))
    return parses


def _home_with_games(tmp_path: Path) -> Path:
    from pbem.demo import make_game, make_home
    home = make_home(tmp_path / "home")
    for n in range(3):
        make_game(home, f"g{n}", {"north": f"a{n}@x.org", "east": f"b{n}@x.org"}, seed=f"s{n}")
    return home


def test_an_idle_daemon_run_parses_no_game(tmp_path: Path, monkeypatch) -> None:
    """A cron-driven `pbem run --once` with nothing to do reads only the small indexes."""
    from pbem.daemon import Daemon
    home = _home_with_games(tmp_path)
    Daemon(home).run_once()                                    # first run: builds the indexes
    parses = _count_parses(monkeypatch)
    daemon = Daemon(home)
    daemon.run_once()
    assert daemon.seconds_to_next_event() > 0
    assert parses == []


def _strip_heads(home: Path) -> None:
    """Make `home` an old one: game files without their head, no indexes."""
    for path in home.glob("games/*/game.yaml"):
        data = path.read_bytes()
        assert data.startswith(HEAD)
        path.write_bytes(data.split(b"\n", 1)[1])
    for index in home.glob("games/*/index.json"):
        index.unlink()


def _count_reads(monkeypatch) -> list[str]:
    """Every game file a store opens to look at (`Store.summary`), by game."""
    import builtins

    import pbem.store
    reads: list[str] = []

    def counting_open(path: Any, *args: Any, **kwargs: Any) -> Any:
        if str(path).endswith("game.yaml"):
            reads.append(Path(path).parent.name)
        return builtins.open(path, *args, **kwargs)
    monkeypatch.setattr(pbem.store, "open", counting_open, raising=False)
    return reads


def test_an_old_home_is_parsed_once_per_game(tmp_path: Path, monkeypatch) -> None:
    """Game files without a head and no index (a home from before either): the clocks and
    the moderator duties share one parse per game (even when the games are too many to
    stay in memory), and the games load as they are."""
    from pbem.daemon import Daemon
    monkeypatch.setattr(Store, "CACHED", 0)
    home = _home_with_games(tmp_path)
    _strip_heads(home)
    parses = _count_parses(monkeypatch)
    Daemon(home).run_once()
    assert sorted(p for p in parses if p != "yaml") == []
    assert parses.count("yaml") == 3
    assert Store(home).load("g1").record.last_seq == 0


def test_a_cold_daemon_run_reads_the_heads_and_parses_no_game(tmp_path: Path,
                                                              monkeypatch) -> None:
    """No index beside any game (a home written by another process, or restored without
    them): the head of each game file holds the summaries, each file is read once in
    the whole cycle (clocks, duties, retention, next event) and none is parsed."""
    from pbem.daemon import Daemon
    home = _home_with_games(tmp_path)
    for index in home.glob("games/*/index.json"):
        index.unlink()
    parses = _count_parses(monkeypatch)
    reads = _count_reads(monkeypatch)
    daemon = Daemon(home)
    daemon.run_once()
    daemon.seconds_to_next_event()
    assert parses == []
    assert sorted(reads) == ["g0", "g1", "g2"]


def test_a_warm_cycle_reads_no_game_file(tmp_path: Path, monkeypatch) -> None:
    """With the indexes in place, a whole cycle opens no game file: one index per game."""
    from pbem.daemon import Daemon
    home = _home_with_games(tmp_path)
    Daemon(home).run_once()
    reads = _count_reads(monkeypatch)
    daemon = Daemon(home)
    daemon.run_once()
    daemon.run_once()
    assert reads == []


def test_a_stale_head_is_never_served(tmp_path: Path) -> None:
    """A game file changed behind the store's back with its head kept (an edit by hand):
    the head's hash no longer matches the rest, so the summary is computed afresh."""
    new_game(tmp_path, "testgame")
    calls: list[str] = []

    def title(game: Game) -> str:
        calls.append(game.id)
        return game.record.header.title

    store = with_summaries(Store(tmp_path))
    store.register_summary("title", title)
    with store.transaction("g1"):
        pass                                       # saved with a head naming the title
    path = store.path("g1")
    head = path.read_bytes().split(b"\n", 1)[0]
    assert head.startswith(HEAD) and b'"title":""' in head
    path.with_name("index.json").unlink()
    assert Store(tmp_path).summary("g1", "title", title) == ""
    assert calls == ["g1"]                         # computed on save; the head served
    path.write_bytes(path.read_bytes().replace(b"title: ''", b"title: x", 1))
    assert Store(tmp_path).summary("g1", "title", title) == "x"
    assert calls == ["g1", "g1"]
    assert read_head(path.read_bytes()) == {}


def test_a_copy_of_the_home_stays_warm(tmp_path: Path, monkeypatch) -> None:
    """`cp -a` or a backup restore gives every file a new inode and ctime, not new bytes:
    the indexes, keyed on content, still hold and no game is parsed."""
    import shutil

    from pbem.daemon import Daemon
    home = _home_with_games(tmp_path)
    Daemon(home).run_once()
    copy = tmp_path / "restored"
    shutil.copytree(home, copy, copy_function=shutil.copy2)
    assert (copy / "games/g0/game.yaml").stat().st_ino != (home / "games/g0/game.yaml").stat().st_ino
    parses = _count_parses(monkeypatch)
    Daemon(copy).run_once()
    assert parses == []


def test_a_copy_with_other_bytes_is_parsed_again(tmp_path: Path) -> None:
    """Same size and mtime, other bytes (a file edited and its mtime put back): the hash
    tells, and the summary is computed afresh."""
    import os
    new_game(tmp_path, "testgame")
    calls: list[str] = []

    def title(game: Game) -> str:
        calls.append(game.id)
        return game.record.header.title

    assert Store(tmp_path).summary("g1", "title", title) == ""
    path = Store(tmp_path).path("g1")
    st = path.stat()
    text = path.read_text("utf-8")
    edited = text.replace("title: ''", "title: 'x'", 1)
    assert edited != text and len(edited) == len(text) + 1
    path.write_text(edited.replace("[west@", "[wes@", 1), "utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert path.stat().st_size == st.st_size
    assert Store(tmp_path).summary("g1", "title", title) == "x"
    assert len(calls) == 2


def test_a_daemon_save_writes_the_index(tmp_path: Path, monkeypatch) -> None:
    """A store with registered summaries (the daemon's) writes the index when it saves:
    the next cron run parses nothing for the game it changed."""
    from pbem.daemon import Daemon
    home = _home_with_games(tmp_path)
    daemon = Daemon(home)
    daemon.run_once()
    with daemon.store.transaction("g1") as game:
        game.server["touched"] = True
    parses = _count_parses(monkeypatch)
    Daemon(home).run_once()
    assert parses == []


@pytest.mark.parametrize("name", GAMES)
def test_the_head_always_agrees_with_the_game_parsed_again(tmp_path: Path, name: str) -> None:
    """After every save of a random game, the summaries in the head of its file are what
    the judge's summaries of that file parsed afresh are (written in the same write)."""
    from pbem.summaries import SUMMARIES
    new_game(tmp_path, name)
    store, rng = with_summaries(Store(tmp_path)), random.Random(7)
    for n in range(12):
        if not step(store, rng, n):
            break
        fresh = Store(tmp_path).load("g1")
        expected = {k: f(fresh) for k, f in SUMMARIES.items()}
        assert read_head(store.path("g1").read_bytes()) == json.loads(json.dumps(expected)), n


def test_a_summary_the_index_lacks_comes_from_the_head(tmp_path: Path, monkeypatch) -> None:
    """An index written before a summary existed (same game file, same content key) is
    completed from the head, not by parsing the game."""
    from pbem.moderation import open_timer_rows
    from pbem.summaries import SUMMARIES
    home = _home_with_games(tmp_path)
    store = with_summaries(Store(home))
    for gid in store.game_ids():
        store.summary(gid, "duties", SUMMARIES["duties"])   # the indexes are written
    for path in home.glob("games/*/index.json"):
        index = json.loads(path.read_text("utf-8"))
        del index["open_timers"]
        path.write_text(json.dumps(index), "utf-8")
    parses = _count_parses(monkeypatch)
    fresh = with_summaries(Store(home))
    rows = [fresh.summary(gid, "open_timers", open_timer_rows) for gid in fresh.game_ids()]
    assert parses == [] and all(len(r) == 2 for r in rows)


def test_one_look_stats_each_game_once_and_sees_its_own_writes(tmp_path: Path,
                                                               monkeypatch) -> None:
    """Inside `Store.one_look` (a daemon cycle) a game file is stat-ed once however many
    summaries are asked; a game this store saves or creates meanwhile is seen at once."""
    import os
    home = _home_with_games(tmp_path)
    store = with_summaries(Store(home))
    for gid in store.game_ids():
        store.summary(gid, "next_clock_event", lambda g: None)      # indexes in memory
    stats: list[str] = []
    real_stat = os.stat
    monkeypatch.setattr(os, "stat", lambda p, *a, **k: stats.append(str(p)) or
                        real_stat(p, *a, **k))
    with store.one_look():
        for _ in range(3):
            assert store.game_ids() == ["g0", "g1", "g2"]
            for gid in ("g0", "g1", "g2"):
                store.summary(gid, "addresses", lambda g: [])
        assert len([s for s in stats if s.endswith("game.yaml")]) == 3
        with store.transaction("g1") as game:
            game.server["marker"] = True
        assert store.summary("g1", "retention", lambda g: {})["processed"] == 0
        assert store.load("g1").server["marker"] is True
        rules = registry.get("testgame")
        seats = {s: {"players": [f"{s}@n.org"], "lang": "en"} for s in ("north", "east")}
        store.create(Game.create(rules, "g3", seats, now=T0, seed="new"))
        assert store.game_ids() == ["g0", "g1", "g2", "g3"]


def test_after_one_look_another_process_change_is_seen(tmp_path: Path) -> None:
    """What another process writes during a look is seen at the next look, never later."""
    home = _home_with_games(tmp_path)
    store = with_summaries(Store(home))
    seq = lambda game: game.record.last_seq      # noqa: E731
    with store.one_look():
        assert store.game_ids() == ["g0", "g1", "g2"]
        assert store.summary("g0", "seq", seq) == 0
        step_store = Store(home)
        with step_store.transaction("g0") as game:
            game.server["other"] = 1
        (home / "games" / "g9").mkdir()
        (home / "games" / "g9" / "game.yaml").write_bytes(
            (home / "games" / "g0" / "game.yaml").read_bytes())
        assert "g9" not in store.game_ids()
    assert "g9" in store.game_ids()
    assert store.load("g0").server["other"] == 1
    assert store.summary("g0", "seq", seq) == 0


def _count_index_reads(monkeypatch) -> list[str]:
    """Every index file a store opens: ``index.json`` by game, ``looks.json`` by its name."""
    import builtins

    import pbem.store
    reads: list[str] = []

    def counting_open(path: Any, *args: Any, **kwargs: Any) -> Any:
        name = Path(path).name
        if name == "index.json":
            reads.append(Path(path).parent.name)
        elif name == "looks.json" and "r" in (args[0] if args else kwargs.get("mode", "r")):
            reads.append(name)
        return builtins.open(path, *args, **kwargs)
    monkeypatch.setattr(pbem.store, "open", counting_open, raising=False)
    return reads


def test_a_starting_daemon_reads_one_file_for_all_indexes(tmp_path: Path, monkeypatch) -> None:
    """A daemon process that starts (``pbem run --once`` from cron) takes every game's index
    from ``games/looks.json``, written by the cycle before: one file opened, not one per
    game; a game written since (another process) is looked at through its own index."""
    from pbem.daemon import Daemon
    home = _home_with_games(tmp_path)
    Daemon(home).run_once()
    assert (home / "games" / "looks.json").is_file()
    reads = _count_index_reads(monkeypatch)
    Daemon(home).run_once()
    assert reads == ["looks.json"]
    with with_summaries(Store(home)).transaction("g1"):
        pass                                   # another process saves g1 (new signature)
    reads.clear()
    parses = _count_parses(monkeypatch)
    Daemon(home).run_once()
    assert reads == ["looks.json", "g1"] and parses == []   # g1: its index, written with it


def test_a_restored_home_ignores_the_old_looks(tmp_path: Path, monkeypatch) -> None:
    """After `cp -a` every signature in ``looks.json`` is stale (new inodes): each game's own
    index, keyed on content, serves instead, and the next cycle writes fresh looks."""
    import shutil

    from pbem.daemon import Daemon
    home = _home_with_games(tmp_path)
    Daemon(home).run_once()
    copy = tmp_path / "restored"
    shutil.copytree(home, copy, copy_function=shutil.copy2)
    reads = _count_index_reads(monkeypatch)
    parses = _count_parses(monkeypatch)
    Daemon(copy).run_once()
    assert sorted(reads) == ["g0", "g1", "g2", "looks.json"] and parses == []
    reads.clear()
    Daemon(copy).run_once()
    assert reads == ["looks.json"]
