"""Shell commands against a real Dovecot and SMTP path: a moderator forces a seat with
``pbem mod`` and ``pbem run --once`` mails every seat what a mailed order would have."""
from __future__ import annotations

import email
from email.policy import default as default_policy
from pathlib import Path

import pytest
from mailharness import JUDGE, pbem

from pbem.demo import make_game, make_home, send_welcome
from pbem.mail.localservers import LocalMailServers, dovecot_available

pytestmark = pytest.mark.mail
POWERS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
NAMES = {"hapsburg": "Hapsburgs", "england": "England", "france": "France"}


@pytest.fixture
def his_servers():
    """Dovecot + SMTP relay with a mailbox per Here I Stand power and the moderator."""
    if not dovecot_available():
        pytest.skip("dovecot-imapd/dovecot-lmtpd not installed (scripts/install-mail-servers)")
    users = [JUDGE, "gm@example.org", *(f"{p}@example.org" for p in POWERS)]
    with LocalMailServers(users) as srv:
        yield srv


def inbox(servers: LocalMailServers, power: str) -> list:
    return [email.message_from_bytes(raw, policy=default_policy)
            for raw in servers.messages(f"{power}@example.org")]


def test_forced_theses_mail_every_seat_its_prompt_and_hand(his_servers, tmp_path: Path
                                                           ) -> None:
    home = make_home(tmp_path / "home", his_servers.config(JUDGE))
    make_game(home, "his-7", {p: f"{p}@example.org" for p in POWERS}, seed="golden",
              tokens={p: f"tok{p}" for p in POWERS}, rules="here-i-stand",
              moderators=["gm@example.org"])
    send_welcome(home, "his-7")
    assert pbem(home, "run", "--once").returncode == 0
    welcomed = {p: len(inbox(his_servers, p)) for p in POWERS}
    assert set(welcomed.values()) == {1}
    for _ in range(5):                                  # Luther's 95 Theses, five attempts
        done = pbem(home, "mod", "his-7", "FORCE", "protestant")
        assert done.returncode == 0, done.stderr
    ran = pbem(home, "run", "--once")
    assert ran.returncode == 0, ran.stderr
    for power in POWERS:
        mails = inbox(his_servers, power)[1:]
        assert mails, power
        texts = [m.get_body(("plain",)).get_content() for m in mails]
        assert any("Your hand (" in t for t in texts), (power, texts)   # its hand
        if power in NAMES:                              # newly asked: negotiation
            prompt = [t for m, t in zip(mails, texts)
                      if str(m["Subject"]).endswith("you are asked")]
            assert len(prompt) == 1 and "Asked of you now" in prompt[0]
            assert "negotiation" in prompt[0].lower()
    sent = {p: len(inbox(his_servers, p)) for p in POWERS}
    assert pbem(home, "run", "--once").returncode == 0
    assert {p: len(inbox(his_servers, p)) for p in POWERS} == sent      # exactly once
