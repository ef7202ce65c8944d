"""End-to-end fixtures: a real Dovecot (IMAP + LMTP) and an aiosmtpd SMTP relay per test,
configured in a temporary directory and listening on 127.0.0.1 high ports only."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from mailharness import JUDGE, PLAYERS, TOKENS, USERS

from pbem.demo import make_game, make_home
from pbem.mail.localservers import LocalMailServers, dovecot_available


@pytest.fixture
def servers():
    """Dovecot + SMTP relay, started for one test and removed after it."""
    if not dovecot_available():
        if os.environ.get("CI"):
            pytest.fail("dovecot is not installed: run scripts/install-mail-servers")
        pytest.skip("dovecot-imapd/dovecot-lmtpd not installed (scripts/install-mail-servers)")
    with LocalMailServers(USERS) as srv:
        yield srv


@pytest.fixture
def judge_home(tmp_path: Path, servers: LocalMailServers) -> Path:
    """A server home reading judge@'s IMAP INBOX and sending through the relay,
    with game fx-001 (north/east/south) on fixed tokens."""
    home = make_home(tmp_path / "home", servers.config(JUDGE, smtp_extra=", retry_base: 0.2, retry_max: 1"))
    make_game(home, "fx-001", PLAYERS, seed="s1", tokens=TOKENS, moderators=["gm@example.org"])
    return home
