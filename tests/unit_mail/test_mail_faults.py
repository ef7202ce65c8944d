"""A disk error never eats a mail (issue 14): an ``OSError`` (ENOSPC, EIO, EROFS) at every
write site of a daemon cycle in turn leaves the mail in the inbox or fully applied, never
half; nothing escapes the daemon, no "internal error" is mailed, no torn temporary is left,
and a later cycle with the disk healthy applies the mail exactly once, with one receipt.
The same holds when the daemon dies at a write site and a new one starts."""
from __future__ import annotations

import builtins
import errno
import io
import os
import shutil
from pathlib import Path
from typing import Any, Callable

import pytest

from pbem.daemon import Daemon
from pbem.demo import drop, player_mail, sent_mails
from pbem.store import Store

N = "[fx-001 north tk7f3q]"
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


class Killed(BaseException):
    """The daemon's process dies at a write site (nothing of it runs on)."""


class Faults:
    """Counts the calls of the write primitives and fails the `at`-th one (and, when
    `mode` is ``lasting``, every later one: a disk that stays full) with `code`; mode
    ``killed`` ends the daemon there instead."""

    def __init__(self, at: int | None = None, mode: str = "once",
                 code: int = errno.ENOSPC) -> None:
        self.at, self.mode, self.code, self.calls = at, mode, code, 0
        self.sites: list[str] = []

    def hit(self, site: str) -> None:
        self.calls += 1
        self.sites.append(site)
        if self.at is not None and (self.calls == self.at or
                                    (self.mode == "lasting" and self.calls > self.at)):
            if self.mode == "killed":
                raise Killed(site)
            raise OSError(self.code, os.strerror(self.code), site)

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        real_open, real_os_open = builtins.open, os.open
        real_replace, real_rename, real_fsync = os.replace, os.rename, os.fsync

        def fake_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
            if isinstance(file, int) or not set(mode) & set("wax+"):
                return real_open(file, mode, *args, **kwargs)
            handle = real_open(file, mode, *args, **kwargs)
            try:
                self.hit(f"write {file}")       # created, then the write failed
            except OSError:
                handle.close()
                raise
            return handle

        def fake_os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
            if flags & _WRITE_FLAGS:
                self.hit(f"create {path}")
            return real_os_open(path, flags, *args, **kwargs)

        def wrap(real: Callable[..., Any], name: str) -> Callable[..., Any]:
            def fake(*args: Any, **kwargs: Any) -> Any:
                self.hit(f"{name} {args[0]}")
                return real(*args, **kwargs)
            return fake

        monkeypatch.setattr(builtins, "open", fake_open)
        monkeypatch.setattr(io, "open", fake_open)
        monkeypatch.setattr(os, "open", fake_os_open)
        monkeypatch.setattr(os, "replace", wrap(real_replace, "replace"))
        monkeypatch.setattr(os, "rename", wrap(real_rename, "rename"))
        monkeypatch.setattr(os, "fsync", wrap(real_fsync, "fsync"))


def cycle(home: Path, faults: Faults | None = None) -> None:
    """One daemon cycle (`pbem run --once`) in a fresh daemon, the write primitives
    patched when `faults`."""
    with pytest.MonkeyPatch.context() as mp:
        if faults is not None:
            faults.install(mp)
        try:
            Daemon(home).run_once()
        except Killed:
            pass


def orders(home: Path) -> list[str]:
    return [e.order for e in Store(home).load("fx-001").record.entries]


def inbox(home: Path) -> list[Path]:
    return list((home / "mail/inbox/new").iterdir()) + list((home / "mail/inbox/cur").iterdir())


def outgoing(home: Path) -> list[bytes]:
    """Every mail that left or waits to leave: delivered, queued or failed."""
    out = [m.as_bytes() for m in sent_mails(home)]
    for sub in ("queue", "failed"):
        out += [p.read_bytes() for p in (home / "mail/outbox" / sub).glob("*.json")]
    return out


def torn(home: Path) -> list[Path]:
    """Temporaries and empty files a failed write left behind."""
    return [p for p in home.rglob("*") if p.is_file() and
            (p.name.endswith(".tmp") or p.stat().st_size == 0) and p.name != "lock"]


@pytest.fixture
def template(mailhome: Path) -> Path:
    drop(mailhome, "a", player_mail("alice@example.org", N, "COMMIT 7\n", "<fault@x>"))
    return mailhome


def count_sites(template: Path, tmp_path: Path) -> list[str]:
    home = Path(shutil.copytree(template, tmp_path / "count"))
    faults = Faults()
    cycle(home, faults)
    assert orders(home) == ["COMMIT 7"] and inbox(home) == []
    return faults.sites


@pytest.mark.parametrize("mode", ["once", "lasting", "killed"],
                         ids=["one-fault", "disk-stays-full", "killed"])
def test_an_os_error_at_every_write_site_loses_nothing_and_applies_once(
        template: Path, tmp_path: Path, mode: str) -> None:
    sites = count_sites(template, tmp_path)
    assert len(sites) >= 8, sites    # spool, lock, pending mails, game, outbox, mark, send
    for at in range(1, len(sites) + 1):
        home = Path(shutil.copytree(template, tmp_path / f"h{at}"))
        code = (errno.ENOSPC, errno.EIO, errno.EROFS)[at % 3]
        faults = Faults(at, mode, code)
        cycle(home, faults)                             # never raises out of the daemon
        site = faults.sites[at - 1] if len(faults.sites) >= at else "none"
        where = f"fault at call {at} ({site})"
        assert mode == "killed" or torn(home) == [], where
        assert orders(home) in ([], ["COMMIT 7"]), where
        if orders(home) == []:
            assert len(inbox(home)) == 1, where         # waits for a later cycle
        assert not any(b"internal error" in raw for raw in outgoing(home)), where
        cycle(home)                                     # the disk is healthy again
        cycle(home)
        assert orders(home) == ["COMMIT 7"] and inbox(home) == [], where
        receipts = [m for m in sent_mails(home) if "alice@example.org" in str(m["To"])]
        # one receipt; a fault between its delivery and the outbox's record of it (SMTP's
        # at-least-once) delivers it again under the same Message-ID, which readers merge
        assert len({str(m["Message-ID"]) for m in receipts}) == 1, where
        assert len(receipts) == 1 or site.startswith("replace") and \
            "/outbox/queue/" in site, where
        assert "receipt: 1 applied" in str(receipts[0]["Subject"]), where
