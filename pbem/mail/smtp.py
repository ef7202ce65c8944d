"""The SMTP sender (aiosmtplib: implicit TLS, STARTTLS, AUTH), one connection per batch;
see `pbem.mail.senders` for the contract.  Imported only by a judge that sends over SMTP
(`pbem.mail.transports.make_sender`).
"""
from __future__ import annotations

import asyncio
import ssl as ssl_mod

import aiosmtplib

from pbem.config import SmtpConfig
from pbem.mail.outbox import Entry
from pbem.mail.senders import OnResult, Result, ignore_result
from pbem.mail.tls import client_context


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
        return asyncio.run(self._send_parallel(entries, on_result or ignore_result))


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
