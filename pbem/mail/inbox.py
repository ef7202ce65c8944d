"""Inbound transports: an IMAP folder (imapclient, IDLE when offered) or a Maildir.

Both give `InboxItem`s (a stable key and the raw bytes) in arrival order, and move a
message out of the way (`mark_processed`) only when the caller says its effects are
committed.  Until then a message stays where it is and is fetched again after a crash.

The IMAP inbox lives in `pbem.mail.imap` (keys ``imap:<UIDVALIDITY>:<UID>``).
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Protocol

from pbem.mail.outbox import fsync_dir


@dataclass
class InboxItem:
    """One unprocessed inbound message."""
    key: str
    raw: bytes


class Inbox(Protocol):
    def fetch(self, limit: int | None = None) -> list[InboxItem]: ...
    def mark_processed(self, keys: list[str]) -> None: ...
    def wait(self, timeout: float, should_stop: Callable[[], bool]) -> bool: ...
    def close(self) -> None: ...


class MaildirInbox:
    """A Maildir read in arrival order; handled mail is moved to another Maildir."""

    def __init__(self, path: Path, processed: Path) -> None:
        self.path = Path(path)
        self.processed = Path(processed)
        for base in (self.path, self.processed):
            for sub in ("tmp", "new", "cur"):
                (base / sub).mkdir(parents=True, exist_ok=True)
        self._where: dict[str, Path] = {}

    def _files(self) -> list[Path]:
        files = [p for sub in ("new", "cur") for p in (self.path / sub).iterdir()
                 if not p.name.startswith(".")]
        def order(p: Path) -> tuple[float, str]:
            try:
                return (p.stat().st_mtime, p.name)
            except OSError:
                return (0.0, p.name)
        return sorted(files, key=order)

    def fetch(self, limit: int | None = None) -> list[InboxItem]:
        items = []
        for path in self._files()[:limit]:
            key = "maildir:" + path.name.split(":")[0]
            try:
                raw = path.read_bytes()
            except FileNotFoundError:
                continue
            self._where[key] = path
            items.append(InboxItem(key, raw))
        return items

    def mark_processed(self, keys: list[str]) -> None:
        for key in keys:
            path = self._where.pop(key, None)
            if path is None or not path.exists():
                continue
            base = path.name.split(":")[0]
            os.replace(path, self.processed / "cur" / (base + ":2,S"))
        if keys:
            fsync_dir(self.processed / "cur")

    def count(self) -> int:
        return len(self._files())

    def wait(self, timeout: float, should_stop: Callable[[], bool]) -> bool:
        """Sleep up to `timeout`, waking early when mail arrives; True if it did."""
        end = time.monotonic() + timeout
        while time.monotonic() < end and not should_stop():
            if any((self.path / "new").iterdir()):
                return True
            time.sleep(min(0.2, max(0.0, end - time.monotonic())))
        return False

    def close(self) -> None:
        pass
