"""Forged senders over the real SMTP path: one undeliverable reply never stalls the
outbox (issue 14), whether or not the relay offers SMTPUTF8."""
from __future__ import annotations

import base64
import email
import json
from email.policy import default as default_policy
from pathlib import Path

import pytest
from mailharness import JUDGE, PLAYERS, TOKENS, USERS

from pbem.daemon import Daemon
from pbem.demo import make_game, make_home, player_mail
from pbem.mail.localservers import LocalMailServers, dovecot_available

pytestmark = pytest.mark.mail
N = "[fx-001 north tk7f3q]"
HOMOGLYPH = "pro@example.\u043erg"          # Cyrillic о in the domain
UTF8_LOCAL = "\u043f\u0440\u043e@example.org"  # a Cyrillic local part


@pytest.mark.parametrize("smtputf8", [False, True], ids=["plain-relay", "smtputf8-relay"])
def test_forged_non_ascii_senders_never_stall_the_outbox(tmp_path: Path, smtputf8: bool
                                                         ) -> None:
    if not dovecot_available():
        pytest.skip("dovecot-imapd/dovecot-lmtpd not installed")
    with LocalMailServers(USERS, smtputf8=smtputf8) as servers:
        home = make_home(tmp_path / "home", servers.config(JUDGE))
        make_game(home, "fx-001", PLAYERS, seed="s1", tokens=TOKENS,
                  moderators=["gm@example.org"])
        forged = [player_mail(HOMOGLYPH, N, "COMMIT 7\n", "<forged-1@x>"),
                  player_mail(UTF8_LOCAL, N, "COMMIT 7\n", "<forged-2@x>"),
                  player_mail("mallory@example.org\x00bob@example.org", N, "COMMIT 7\n",
                              "<forged-3@x>")]
        honest = [player_mail(PLAYERS["east"], f"[fx-001 east {TOKENS['east']}]",
                              "STATUS\n", "<honest-1@x>"),
                  player_mail(PLAYERS["north"], N, "COMMIT 11\n", "<honest-2@x>")]
        servers.deliver_many([(raw, JUDGE) for raw in forged + honest])
        daemon = Daemon(home)
        daemon.run_once()               # today: UnicodeEncodeError out of the flush
        counts = daemon.outbox.counts()
        assert counts["queue"] == 0, [e.last_error for e in daemon.outbox.pending()]
        # every honest mail answered in the same cycle; alice also warned of the forgeries
        assert servers.count(PLAYERS["east"]) == 1
        alice = [email.message_from_bytes(r, policy=default_policy)
                 for r in servers.messages(PLAYERS["north"])]
        assert any("applied" in m.get_body(("plain",)).get_content() for m in alice)
        failed = [json.loads(p.read_bytes()) for p in daemon.outbox.failed.glob("*.json")]
        by_to = {tuple(f["to"]): f["last_error"] for f in failed}
        # the homoglyph domain went out in IDNA form and was refused at RCPT by the relay
        assert "550" in by_to[("pro@example.xn--rg-emc",)]
        # the UTF-8 local part: refused before sending without SMTPUTF8, at RCPT with it
        reason = by_to[(UTF8_LOCAL,)]
        assert ("550" in reason) if smtputf8 else ("SMTPUTF8" in reason)
        for f in failed:                # the To: header is always an address (RFC 6532)
            msg = email.message_from_string(base64.b64decode(f["raw_b64"]).decode("utf-8"),
                                            policy=default_policy)
            spec = msg["To"].addresses[0].addr_spec
            assert spec in f["to"] and "\x00" not in spec
        # the NUL-forged From reached no header and no envelope
        assert not any("\x00" in a for f in failed for a in f["to"])
