"""Loop safety: what never gets a reply; the per-sender rate limit."""
from __future__ import annotations

from pathlib import Path

import pytest

from pbem.mail.loops import RateLimiter, classify
from pbem.mail.parse import parse_message

J = "judge@example.org"


def mail(headers: str, sender: str = "alice@example.org") -> bytes:
    return (f"From: {sender}\r\nSubject: hi\r\n{headers}\r\nbody\r\n").encode()


def test_fixtures(fixture_mail) -> None:
    assert classify(parse_message(fixture_mail("bounce_dsn.eml")), J) == "bounce"
    assert classify(parse_message(fixture_mail("out_of_office.eml")), J) == "auto-reply"
    assert classify(parse_message(fixture_mail("thunderbird_plain.eml")), J) is None


@pytest.mark.parametrize("headers, sender, why", [
    ("Auto-Submitted: auto-generated\r\n", "alice@example.org", "auto-reply"),
    ("Auto-Submitted: no\r\n", "alice@example.org", None),
    ("Precedence: bulk\r\n", "alice@example.org", "auto-reply"),
    ("Precedence: junk\r\n", "alice@example.org", "auto-reply"),
    ("Precedence: list\r\n", "alice@example.org", "auto-reply"),
    ("List-Id: <games.example.org>\r\n", "alice@example.org", "mailing list"),
    ("X-Loop: judge@example.org\r\n", "alice@example.org", "own mail"),
    ("X-Loop: other@example.org\r\n", "alice@example.org", None),
    ("", "judge@example.org", "own mail"),
    ("X-Pbem-Judge: 1\r\n", "alice@example.org", "own mail"),
    ("Return-Path: <>\r\n", "alice@example.org", "bounce"),
    ("", "MAILER-DAEMON@mx.example.org", "bounce"),
    ("X-Autoreply: yes\r\n", "alice@example.org", "auto-reply"),
])
def test_headers(headers: str, sender: str, why: str | None) -> None:
    assert classify(parse_message(mail(headers, sender)), J) == why


def test_rate_limiter(tmp_path: Path) -> None:
    path = tmp_path / "rate.json"
    rate = RateLimiter(path, limit=2)
    assert [rate.allow("a", 100.0 + i) for i in range(5)] == ["ok", "ok", "notice", "silent",
                                                             "silent"]
    assert rate.allow("b", 105.0) == "ok"
    rate.save(now=106.0)
    again = RateLimiter(path, limit=2)
    assert again.allow("a", 106.0) == "silent"        # survives a restart
    assert again.allow("a", 100.0 + 3601) == "ok"     # window slid
