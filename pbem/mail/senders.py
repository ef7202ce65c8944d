"""Outbound transports and the outbox flush.

`pbem.mail.smtp.SmtpSender` delivers with smtplib (implicit TLS, STARTTLS, AUTH) over up to
four sessions per batch; `MaildirSender` drops each mail into a Maildir (the server-less
home and `pbem demo`).  `flush(outbox, sender)` sends what is due and records the
result of every attempt in the outbox.
"""
from __future__ import annotations

import logging
import os
import socket
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Protocol

from pbem.files import sync_filesystem
from pbem.mail.outbox import Entry, Outbox, fsync_dir

log = logging.getLogger("pbem.mail")


@dataclass
class Result:
    """Outcome of one delivery attempt: ok, or an error that is temporary or permanent."""
    ok: bool
    error: str = ""
    permanent: bool = False


OnResult = Callable[[Entry, Result], None]


class Sender(Protocol):
    def send(self, entries: list[Entry], on_result: OnResult | None = None) -> list[Result]:
        ...


def ignore_result(entry: Entry, result: Result) -> None:
    pass


class MaildirSender:
    """Deliver by writing each mail into a Maildir (``tmp/`` then rename into ``new/``)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        for sub in ("tmp", "new", "cur"):
            (self.path / sub).mkdir(parents=True, exist_ok=True)
        self.counter = 0

    def send(self, entries: list[Entry], on_result: OnResult | None = None) -> list[Result]:
        """Write every mail into ``tmp/``, make them durable with one file-system sync, then
        rename each into ``new/`` (a crash in between leaves only ``tmp/`` files, which
        Maildir readers ignore)."""
        host = socket.gethostname()
        names = []
        for entry in entries:
            self.counter += 1
            name = f"{time.time():.6f}.P{os.getpid()}Q{self.counter}.{entry.key[:12]}.{host}"
            head = (f"Return-Path: <{entry.mail_from}>\r\n"
                    f"X-Pbem-Envelope-To: {', '.join(entry.to)}\r\n")
            try:
                (self.path / "tmp" / name).write_bytes(head.encode() + entry.raw)
            except BaseException:       # a full disk leaves no torn file behind
                (self.path / "tmp" / name).unlink(missing_ok=True)
                raise
            names.append(name)
        if names:
            sync_filesystem(self.path / "tmp")
        results = []
        for entry, name in zip(entries, names):
            os.replace(self.path / "tmp" / name, self.path / "new" / name)
            results.append(Result(True))
            (on_result or ignore_result)(entry, results[-1])
        fsync_dir(self.path / "new")
        return results


def flush(outbox: Outbox, sender: Sender, batch: int = 200) -> tuple[int, int]:
    """Send everything due; returns (sent, failed attempts).

    Each result is recorded in the outbox the moment the server answers, so a crash
    during a batch re-sends at most the one mail in flight.
    """
    counts = {"sent": 0, "failed": 0}

    def record(entry: Entry, res: Result) -> None:
        if res.ok:
            outbox.mark_sent(entry)
            counts["sent"] += 1
            log.info("sent %s to %s", entry.message_id, ", ".join(entry.to))
        else:
            outbox.mark_failed_attempt(entry, res.error, res.permanent)
            counts["failed"] += 1
            log.warning("send %s to %s failed (attempt %d%s): %s", entry.message_id,
                        ", ".join(entry.to), entry.attempts,
                        ", permanent" if res.permanent else "", res.error)

    due = outbox.due()
    for start in range(0, len(due), batch):
        chunk = due[start:start + batch]
        results = sender.send(chunk, record)
        if results and not any(r.ok or r.permanent for r in results):
            # server unreachable: the rest waits for the backoff too
            for entry in due[start + batch:]:
                outbox.mark_failed_attempt(entry, "not tried: server unreachable")
            break
    if counts["sent"]:
        fsync_dir(outbox.sent)
    return counts["sent"], counts["failed"]
