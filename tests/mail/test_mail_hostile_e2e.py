"""Forged senders over the real SMTP path (issue 14): one undeliverable reply never stalls
the outbox, whether or not the relay offers SMTPUTF8; a flood of forged mail makes no
spam, no backscatter and no order."""
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
from pbem.store import Store

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


def test_forged_floods_make_no_spam_and_no_order(tmp_path: Path) -> None:
    """A flood of forged mail over the real servers: the stranger gets one refusal, the
    forged-failing sender none, the seat's player one digest, a forged moderator nothing
    applied; the authenticated player's order applies."""
    if not dovecot_available():
        pytest.skip("dovecot-imapd/dovecot-lmtpd not installed")
    mx = "mx.example.org"
    with LocalMailServers(USERS) as servers:
        config = servers.config(JUDGE, limits="{replies_per_sender_hour: 1000, "
                                "stranger_replies_hour: 5}")
        home = make_home(tmp_path / "home", config + f"trusted_authserv_id: {mx}\n"
                         "require_authenticated_sender: true\n")
        make_game(home, "fx-001", PLAYERS, seed="s1", tokens=TOKENS,
                  moderators=["gm@example.org"])
        failed = f"Authentication-Results: {mx}; spf=fail smtp.mailfrom=example.org\r\n"
        passed = f"Authentication-Results: {mx}; dkim=pass header.d=example.org\r\n"
        flood = [player_mail("mallory@example.org", N, "COMMIT 7\n", f"<m{i}@x>")
                 for i in range(20)]
        flood += [player_mail("dave@example.org", "[fx-001 east guess1]", "PASS\n",
                              f"<d{i}@x>", extra=failed) for i in range(5)]
        flood += [player_mail("gm@example.org", "[fx-001 moderator tgm4k8]",
                              "AS north COMMIT 7\n", "<gm@x>",
                              extra=f"Authentication-Results: {mx}; dmarc=fail "
                                    "header.from=example.org\r\n")]
        flood += [player_mail(PLAYERS["north"], N, "COMMIT 11\n", "<honest@x>", extra=passed)]
        servers.deliver_many([(raw, JUDGE) for raw in flood])
        Daemon(home).run_once()
        assert [(e.by, e.order) for e in Store(home).load("fx-001").record.entries] == [
            ("north", "COMMIT 11")]
        assert servers.count("mallory@example.org") == 1
        assert servers.count("dave@example.org") == 0
        subjects = {who: [str(email.message_from_bytes(r, policy=default_policy)["Subject"])
                          for r in servers.messages(who)]
                    for who in (PLAYERS["north"], "gm@example.org")}
        assert sum("refused" in s for s in subjects[PLAYERS["north"]]) == 1
        assert sum("receipt: 1 applied" in s for s in subjects[PLAYERS["north"]]) == 1
        assert len(subjects["gm@example.org"]) == 1 and "refused 1 mail" in \
            subjects["gm@example.org"][0]
