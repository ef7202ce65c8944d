"""A fetched batch's games are committed together (issue 13, the warm daemon): each game
is loaded and written once per cycle however many mails it gets, the game files and their
pending mails are made durable by one sync for all games, the outbox by one more; a
commit that fails part way loses nothing and applies nothing twice."""
from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from engine.archive import DumpMemo
import pbem.mail.outbox
import pbem.store
from pbem.daemon import Daemon
from pbem.demo import drop, make_game, player_mail, sent_mails
from pbem.mail.processor import Processor
from pbem.store import Store

GAMES = ("fx-001", "fx-002", "fx-003")


@pytest.fixture
def home(mailhome: Path) -> Path:
    """fx-001 of the fixture and two more games, two order mails for each seat of each."""
    tags = {("fx-001", "north"): "[fx-001 north tk7f3q]", ("fx-001", "east"): "[fx-001 east tb9x2m]"}
    for n, game_id in enumerate(GAMES[1:], 2):
        game = make_game(mailhome, game_id, {"north": f"n{n}@example.org",
                                             "east": f"e{n}@example.org"}, seed=f"s{n}")
        for seat in ("north", "east"):
            tags[(game_id, seat)] = f"[{game_id} {seat} {game.server['tokens'][seat]}]"
    for (game_id, seat), tag in tags.items():
        sender = Store(mailhome).load(game_id).seats[seat]["players"][0]
        for k in range(2):
            drop(mailhome, f"{game_id}-{seat}-{k}",
                 player_mail(sender, tag, "STATUS\n", f"<{game_id}-{seat}-{k}@x>"))
    return mailhome


def receipts(home: Path) -> dict[str, int]:
    """How many mails each address got."""
    got: dict[str, int] = {}
    for msg in sent_mails(home):
        got[str(msg["To"])] = got.get(str(msg["To"]), 0) + 1
    return got


def test_one_load_one_dump_and_two_syncs_for_the_games_of_a_cycle(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    counts = {"load": 0, "dump": 0, "fsync": 0, "sync": 0}

    def counting(name: str, real):
        def call(*args, **kwargs):
            counts[name] += 1
            return real(*args, **kwargs)
        return call
    daemon = Daemon(home)
    process = Processor.process

    def measured(self, *args, **kwargs):
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(pbem.store, "load_with_memo",
                       counting("load", pbem.store.load_with_memo))
            mp.setattr(DumpMemo, "dump", counting("dump", DumpMemo.dump))
            mp.setattr(os, "fsync", counting("fsync", os.fsync))
            for module in (pbem.store, pbem.mail.outbox):
                mp.setattr(module, "sync_filesystem", counting("sync", module.sync_filesystem))
            return process(self, *args, **kwargs)
    monkeypatch.setattr(Processor, "process", measured)
    daemon.run_once()
    assert counts["load"] <= len(GAMES) and counts["dump"] == len(GAMES)
    # fsync: the spool file and its folder, the outbox's failed/ folder, the inbox's folder
    # of processed mails; sync: the game files and their pending mails, before the renames
    # and after them, and the outbox, once for every game's mails
    assert (counts["fsync"], counts["sync"]) == (4, 3)
    assert all(n == 2 for n in receipts(home).values()) and len(receipts(home)) == 6
    assert not list((home / "mail/inbox/new").iterdir())


def test_a_commit_failing_part_way_loses_nothing_and_applies_nothing_twice(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.replace

    def replace(src, dst):
        if str(dst).endswith("fx-002/game.yaml"):
            raise OSError(errno.ENOSPC, "disk full", dst)
        return real(src, dst)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pbem.store.os, "replace", replace)
        Daemon(home).run_once()
    served = {g: len(Store(home).load(g).server.get("processed", {})) for g in GAMES}
    assert served == {"fx-001": 4, "fx-002": 0, "fx-003": 0}     # renamed before the fault
    assert len(list((home / "mail/inbox/new").iterdir())) == 12   # every mail waits
    assert receipts(home) == {} and not list(home.rglob("*.tmp"))
    Daemon(home).run_once()                                        # the disk is healthy
    assert all(len(Store(home).load(g).server["processed"]) == 4 for g in GAMES)
    assert all(n == 2 for n in receipts(home).values()) and len(receipts(home)) == 6
    assert not any("handled before" in m.get_body(("plain",)).get_content()
                   for m in sent_mails(home))
    assert not list((home / "mail/inbox/new").iterdir())
