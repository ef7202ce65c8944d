"""The SMTP sender (the standard library's smtplib: implicit TLS, STARTTLS, AUTH), up to
`SmtpSender.connections` sessions at once, one thread each; see `pbem.mail.senders` for the
contract.  Imported only by a judge that sends over SMTP (`pbem.mail.transports.make_sender`).

smtplib costs about a third of the CPU per mail of an asyncio client (issue 13: a warm
judge sends a receipt for every order mail); the sessions wait on the server in their own
threads, so a batch still takes about as long as its slowest session.
"""
from __future__ import annotations

import re
import smtplib
import socket
import ssl as ssl_mod
import threading
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import Sequence

from pbem.addresses import PLAIN_ADDRESS
from pbem.config import SmtpConfig
from pbem.mail.outbox import Entry
from pbem.mail.senders import OnResult, Result, ignore_result
from pbem.mail.tls import client_context


#: An address `quoteaddr` would only put in angle brackets
_PLAIN_ADDRESS = re.compile(PLAIN_ADDRESS)


class _PlainAddresses:
    """``MAIL FROM`` and ``RCPT TO`` without `smtplib.quoteaddr`'s address parser for an
    address it would only put in angle brackets (issue 13: the parser is a fifth of
    smtplib's CPU per mail), options written as smtplib writes them; any other address,
    and a ``MAIL`` with SMTPUTF8 (which smtplib checks and switches the session's
    encoding for), goes through smtplib as before."""

    def mail(self, sender: str, options: Sequence[str] = ()) -> tuple[int, bytes]:
        if not _PLAIN_ADDRESS.fullmatch(sender) or \
                any(o.lower() == "smtputf8" for o in options):
            return super().mail(sender, options)  # type: ignore[misc, no-any-return]
        return self._command("mail", f"FROM:<{sender}>", options)

    def rcpt(self, recip: str, options: Sequence[str] = ()) -> tuple[int, bytes]:
        if not _PLAIN_ADDRESS.fullmatch(recip):
            return super().rcpt(recip, options)  # type: ignore[misc, no-any-return]
        return self._command("rcpt", f"TO:<{recip}>", options)

    def _command(self, name: str, argument: str, options: Sequence[str]
                 ) -> tuple[int, bytes]:
        if options and self.does_esmtp:  # type: ignore[attr-defined]
            argument += " " + " ".join(options)
        self.putcmd(name, argument)  # type: ignore[attr-defined]
        return self.getreply()  # type: ignore[attr-defined, no-any-return]


class _SMTP(_PlainAddresses, smtplib.SMTP):
    pass


class _SMTP_SSL(_PlainAddresses, smtplib.SMTP_SSL):
    pass


@lru_cache(maxsize=1)
def _local_hostname() -> str:
    """The name the judge greets servers with (looked up once per process)."""
    return socket.getfqdn()


class SmtpSender:
    """Deliver over SMTP with smtplib: each session takes every k-th mail of a batch,
    per-mail results recorded as the server answers."""

    def __init__(self, cfg: SmtpConfig, connections: int = 4) -> None:
        self.cfg = cfg
        self.connections = connections

    def _tls_context(self) -> ssl_mod.SSLContext | None:
        """The TLS context (`pbem.mail.tls`), none for a plain connection."""
        cfg = self.cfg
        return client_context(cfg.host, cfg.ca_file) if cfg.ssl or cfg.starttls else None

    def _connect(self) -> smtplib.SMTP:
        """An open session: TLS as configured, logged in when a user is configured."""
        cfg, context = self.cfg, self._tls_context()
        if cfg.ssl:
            client: smtplib.SMTP = _SMTP_SSL(
                cfg.host, cfg.port, local_hostname=_local_hostname(), timeout=cfg.timeout,
                context=context)
        else:
            client = _SMTP(cfg.host, cfg.port, local_hostname=_local_hostname(),
                                  timeout=cfg.timeout)
        try:
            if cfg.starttls and not cfg.ssl:
                client.starttls(context=context)
            if cfg.user:
                client.login(cfg.user, cfg.password)
        except BaseException:
            client.close()
            raise
        return client

    def _send_all(self, entries: list[Entry], on_result: OnResult) -> list[Result]:
        """One session: connect, send `entries` in order, stop at a connection failure
        (the rest are recorded as not sent)."""
        try:
            client = self._connect()
        except (smtplib.SMTPException, OSError) as exc:
            failed = [Result(False, f"connect: {exc}")] * len(entries)
            for entry, res in zip(entries, failed):
                on_result(entry, res)
            return failed
        results: list[Result] = []
        try:
            for entry in entries:
                stop = False
                try:
                    res = _send_one(client, entry)
                except smtplib.SMTPRecipientsRefused as exc:
                    res = Result(False, f"recipients refused: {exc}", permanent=True)
                except smtplib.SMTPResponseException as exc:
                    message = exc.smtp_error.decode("utf-8", "replace") \
                        if isinstance(exc.smtp_error, bytes) else str(exc.smtp_error)
                    res = Result(False, f"{exc.smtp_code} {message}",
                                 permanent=500 <= exc.smtp_code < 600)
                    stop = exc.smtp_code == 421
                except (smtplib.SMTPNotSupportedError, UnicodeError, ValueError) as exc:
                    # this mail cannot go over this server (a UTF-8 address without
                    # SMTPUTF8, an address the client will not write): only this one fails
                    res = Result(False, f"{type(exc).__name__}: {exc}", permanent=True)
                except (smtplib.SMTPException, OSError) as exc:
                    res = Result(False, f"{type(exc).__name__}: {exc}")
                    stop = True
                results.append(res)
                # recorded at once: a crash now re-sends at most the mail in flight
                on_result(entry, res)
                if stop:
                    break
        finally:
            try:
                client.quit()
            except (smtplib.SMTPException, OSError):
                client.close()
        for entry in entries[len(results):]:
            results.append(Result(False, "connection lost"))
            on_result(entry, results[-1])
        return results

    def send(self, entries: list[Entry], on_result: OnResult | None = None) -> list[Result]:
        """Up to `connections` sessions, each taking every k-th mail; the results are
        recorded one at a time (`on_result` is never called from two sessions at once)."""
        if not entries:
            return []
        record = on_result or ignore_result
        k = max(1, min(self.connections, len(entries) // 20 + 1))
        if k == 1:
            return self._send_all(entries, record)
        lock = threading.Lock()

        def one_at_a_time(entry: Entry, res: Result) -> None:
            with lock:
                record(entry, res)
        with ThreadPoolExecutor(max_workers=k, thread_name_prefix="pbem-smtp") as pool:
            parts = list(pool.map(lambda i: self._send_all(entries[i::k], one_at_a_time),
                                  range(k)))
        results: list[Result] = [Result(False)] * len(entries)
        for i, part in enumerate(parts):
            results[i::k] = part
        return results


def _send_one(client: smtplib.SMTP, entry: Entry) -> Result:
    """Send one mail on an open session.  An address with a UTF-8 local part (RFC 6531)
    goes out with the SMTPUTF8 parameter when the server offers it; when it does not,
    the mail is refused here, permanently, before any command is sent."""
    options: list[str] = []
    if not all(a.isascii() for a in (entry.mail_from, *entry.to)):
        client.ehlo_or_helo_if_needed()
        if not client.has_extn("smtputf8"):
            return Result(False, "a recipient's address is not ASCII and the server does "
                          "not offer SMTPUTF8", permanent=True)
        options.append("SMTPUTF8")
    refused = client.sendmail(entry.mail_from, entry.to, entry.raw, mail_options=options)
    return Result(True) if not refused else \
        Result(False, f"refused: {refused}", permanent=True)
