"""The SMTP sender's envelope (issue 13): a plain address is written without smtplib's
address parser, and the server reads the same ``MAIL FROM`` and ``RCPT TO`` as before."""
from __future__ import annotations

import smtplib
import socket

import pytest

from pbem.config import SmtpConfig
from pbem.mail.outbox import Entry
from pbem.mail.smtp import SmtpSender


class Recorder:
    """An aiosmtpd handler that keeps each command's address as the server parsed it."""

    def __init__(self) -> None:
        self.commands: list[tuple[str, str, list[str]]] = []

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        self.commands.append(("MAIL", address, list(mail_options)))
        envelope.mail_from = address
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        self.commands.append(("RCPT", address, list(rcpt_options)))
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        return "250 OK"


@pytest.fixture
def server():
    from aiosmtpd.controller import Controller
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    recorder = Recorder()
    controller = Controller(recorder, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield recorder, port
    finally:
        controller.stop()


def entry(mail_from: str, to: list[str], n: int = 1) -> Entry:
    raw = (f"From: {mail_from}\r\nTo: x@example.org\r\nSubject: s\r\n"
           f"Message-ID: <m{n}@x>\r\n\r\nhello\r\n").encode()
    return Entry(f"<m{n}@x>", mail_from, to, raw, 0.0)


def test_a_plain_address_skips_the_parser_and_reads_the_same(server, monkeypatch) -> None:
    recorder, port = server
    parsed: list[str] = []
    real = smtplib.quoteaddr

    def counting(address):
        parsed.append(address)
        return real(address)
    monkeypatch.setattr(smtplib, "quoteaddr", counting)
    sender = SmtpSender(SmtpConfig(transport="smtp", port=port, starttls=False))
    results = sender.send([entry("judge@example.org", ["ann+x@example.org", "b.o@ex-1.org"]),
                           entry("Judge <judge@example.org>", ["ann@example.org"], 2)])
    assert all(r.ok for r in results)
    size = [f"SIZE={len(e.raw)}" for e in (entry("judge@example.org", []),
                                            entry("Judge <judge@example.org>", [], 2))]
    assert recorder.commands == [
        ("MAIL", "judge@example.org", [size[0]]), ("RCPT", "ann+x@example.org", []),
        ("RCPT", "b.o@ex-1.org", []),
        ("MAIL", "judge@example.org", [size[1]]), ("RCPT", "ann@example.org", [])]
    assert parsed == ["Judge <judge@example.org>"]      # only the one with a name
