"""Outbound transports and the outbox flush.

`SmtpSender` delivers with aiosmtplib (implicit TLS, STARTTLS, AUTH) over one
connection per batch; `MaildirSender` drops each mail into a Maildir (the server-less
home and `pbem demo`).  `flush(outbox, sender)` sends what is due and records the
result of every attempt in the outbox.
"""
from __future__ import annotations

import asyncio
import logging
import os
import socket
import ssl as ssl_mod
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Protocol

import aiosmtplib

from pbem.config import SmtpConfig
from pbem.mail.outbox import Entry, Outbox, fsync_dir, sync_filesystem
from pbem.mail.tls import client_context

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


def _noop(entry: Entry, result: Result) -> None:
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
            (on_result or _noop)(entry, results[-1])
        fsync_dir(self.path / "new")
        return results


class SmtpSender:
    """Deliver over SMTP with aiosmtplib: one connection per batch, per-mail results."""

    def __init__(self, cfg: SmtpConfig, connections: int = 4) -> None:
        self.cfg = cfg
        self.connections = connections

    def _tls_context(self) -> ssl_mod.SSLContext | None:
        """The TLS context (`pbem.mail.tls`), none for a plain connection."""
        cfg = self.cfg
        return client_context(cfg.host, cfg.ca_file) if cfg.ssl or cfg.starttls else None

    async def _send_all(self, entries: list[Entry], on_result: OnResult) -> list[Result]:
        cfg = self.cfg
        client = aiosmtplib.SMTP(hostname=cfg.host, port=cfg.port, use_tls=cfg.ssl,
                                 start_tls=cfg.starttls and not cfg.ssl,
                                 tls_context=self._tls_context(), timeout=cfg.timeout)
        try:
            await client.connect()
            if cfg.user:
                await client.login(cfg.user, cfg.password)
        except (aiosmtplib.SMTPException, OSError, asyncio.TimeoutError) as exc:
            failed = [Result(False, f"connect: {exc}")] * len(entries)
            for entry, res in zip(entries, failed):
                on_result(entry, res)
            return failed
        results: list[Result] = []
        try:
            for entry in entries:
                stop = False
                try:
                    res = await _send_one(client, entry)
                except aiosmtplib.SMTPRecipientsRefused as exc:
                    res = Result(False, f"recipients refused: {exc}", permanent=True)
                except aiosmtplib.SMTPResponseException as exc:
                    res = Result(False, f"{exc.code} {exc.message}",
                                 permanent=500 <= exc.code < 600)
                    stop = exc.code == 421
                except (aiosmtplib.SMTPNotSupported, UnicodeError, ValueError) as exc:
                    # this mail cannot go over this server (a UTF-8 address without
                    # SMTPUTF8, an address the client will not write): only this one fails
                    res = Result(False, f"{type(exc).__name__}: {exc}", permanent=True)
                except (aiosmtplib.SMTPException, OSError, asyncio.TimeoutError) as exc:
                    res = Result(False, f"{type(exc).__name__}: {exc}")
                    stop = True
                results.append(res)
                # recorded at once: a crash now re-sends at most the mail in flight
                on_result(entry, res)
                if stop:
                    break
        finally:
            try:
                await client.quit()
            except (aiosmtplib.SMTPException, OSError, asyncio.TimeoutError):
                client.close()
        for entry in entries[len(results):]:
            results.append(Result(False, "connection lost"))
            on_result(entry, results[-1])
        return results

    async def _send_parallel(self, entries: list[Entry], on_result: OnResult) -> list[Result]:
        """Up to `connections` SMTP sessions, each taking every k-th mail."""
        k = max(1, min(self.connections, len(entries) // 20 + 1))
        parts = await asyncio.gather(*(self._send_all(entries[i::k], on_result)
                                       for i in range(k)))
        results: list[Result] = [Result(False)] * len(entries)
        for i, part in enumerate(parts):
            results[i::k] = part
        return results

    def send(self, entries: list[Entry], on_result: OnResult | None = None) -> list[Result]:
        if not entries:
            return []
        return asyncio.run(self._send_parallel(entries, on_result or _noop))


async def _send_one(client: aiosmtplib.SMTP, entry: Entry) -> Result:
    """Send one mail on an open session.  An address with a UTF-8 local part (RFC 6531)
    goes out with the SMTPUTF8 parameter when the server offers it; when it does not,
    the mail is refused here, permanently, before any command is sent."""
    options: list[str] = []
    if not all(a.isascii() for a in (entry.mail_from, *entry.to)):
        if client.is_ehlo_or_helo_needed:
            await client.ehlo()
        if not client.supports_extension("smtputf8"):
            return Result(False, "a recipient's address is not ASCII and the server does "
                          "not offer SMTPUTF8", permanent=True)
        options.append("SMTPUTF8")
    errors, _ = await client.sendmail(entry.mail_from, entry.to, entry.raw,
                                      mail_options=options)
    return Result(True) if not errors else \
        Result(False, f"refused: {errors}", permanent=True)


def make_sender(cfg: SmtpConfig) -> Sender:
    """The sender for the configured transport."""
    if cfg.transport == "maildir":
        assert cfg.path is not None
        return MaildirSender(cfg.path)
    return SmtpSender(cfg)


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
