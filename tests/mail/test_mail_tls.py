"""TLS end to end: IMAP over implicit TLS and STARTTLS (Dovecot), SMTP over STARTTLS and
implicit TLS (the aiosmtpd relay demands STARTTLS on its submission port), AUTH inside TLS,
certificates from a test CA (trustme) that the judge trusts through ``ca_file``, and a
certificate it does not trust: refused, nothing lost."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
import trustme
from mailharness import JUDGE, PLAYERS, TOKENS, USERS, pbem

from pbem.demo import make_game, make_home, player_mail
from pbem.mail.localservers import LocalMailServers, dovecot_available
from pbem.store import Store

pytestmark = pytest.mark.mail
N = "[fx-001 north tk7f3q]"


def write_ca(ca: trustme.CA, path: Path) -> Path:
    ca.cert_pem.write_to_path(str(path))
    return path


@pytest.fixture(scope="module")
def pki(tmp_path_factory) -> dict[str, Path]:
    """A CA, a certificate it issued for 127.0.0.1, and another CA that issued nothing."""
    root = tmp_path_factory.mktemp("pki")
    ca = trustme.CA()
    cert = ca.issue_cert("127.0.0.1", "localhost")
    chain, key = root / "server.pem", root / "server.key"
    chain.write_bytes(b"".join(blob.bytes() for blob in cert.cert_chain_pems))
    cert.private_key_pem.write_to_path(str(key))
    return {"chain": chain, "key": key, "ca": write_ca(ca, root / "ca.pem"),
            "stranger": write_ca(trustme.CA(), root / "stranger.pem")}


@pytest.fixture
def tls_servers(pki):
    if not dovecot_available():
        if os.environ.get("CI"):
            pytest.fail("dovecot is not installed: run scripts/install-mail-servers")
        pytest.skip("dovecot-imapd/dovecot-lmtpd not installed (scripts/install-mail-servers)")
    with LocalMailServers(USERS, tls=(pki["chain"], pki["key"])) as srv:
        yield srv


def home_for(tmp_path: Path, config: str) -> Path:
    home = make_home(tmp_path / "home", config)
    make_game(home, "fx-001", PLAYERS, seed="s1", tokens=TOKENS, moderators=["gm@example.org"])
    return home


def judge_logins(servers: LocalMailServers) -> list[str]:
    log = (servers.root / "dovecot.log").read_text(errors="replace")
    return [line for line in log.splitlines()
            if "imap-login: Info: Login: user=<judge@example.org>" in line]


@pytest.mark.parametrize("imap_tls, smtp_tls", [("ssl", "starttls"), ("starttls", "ssl")])
def test_order_round_trip_over_tls(tls_servers, pki, tmp_path, imap_tls, smtp_tls) -> None:
    home = home_for(tmp_path, tls_servers.config(JUDGE, imap_tls=imap_tls, smtp_tls=smtp_tls,
                                                 ca_file=pki["ca"]))
    tls_servers.send(player_mail("alice@example.org", N, "COMMIT 7\n", "<tls-1@x>"), [JUDGE],
                     "alice@example.org")
    result = pbem(home, "run", "--once")
    assert result.returncode == 0, result.stderr
    logins = judge_logins(tls_servers)          # so far only the judge's own: all in TLS
    assert logins and all(", TLS," in line for line in logins), logins
    assert "<tls-1@x> from alice@example.org: north: 1 applied" in result.stderr
    assert tls_servers.count(JUDGE) == 0
    assert tls_servers.count("alice@example.org") == 1          # the receipt, through TLS


def test_an_untrusted_certificate_is_refused_and_nothing_is_lost(tls_servers, pki,
                                                                 tmp_path) -> None:
    config = tls_servers.config(JUDGE, imap_tls="ssl", smtp_tls="starttls",
                                ca_file=pki["stranger"],
                                smtp_extra=", retry_base: 0.05, retry_max: 0.1")
    home = home_for(tmp_path, config)
    tls_servers.send(player_mail("alice@example.org", N, "COMMIT 7\n", "<tls-2@x>"), [JUDGE],
                     "alice@example.org")
    result = pbem(home, "run", "--once")                        # IMAP: not trusted
    assert result.returncode == 0 and "certificate verify failed" in result.stderr
    assert tls_servers.count(JUDGE) == 1 and not Store(home).load("fx-001").record.entries
    # trust the IMAP server, not yet the SMTP server: applied, the receipt waits
    (home / "pbem.yaml").write_text(tls_servers.config(
        JUDGE, imap_tls="ssl", smtp_tls="starttls", ca_file=pki["ca"],
        smtp_ca_file=pki["stranger"], smtp_extra=", retry_base: 0.05, retry_max: 0.1"))
    result = pbem(home, "run", "--once")
    assert "certificate verify failed" in result.stderr
    assert tls_servers.count(JUDGE) == 0 and len(Store(home).load("fx-001").record.entries) == 1
    assert tls_servers.count("alice@example.org") == 0
    assert len(list((home / "mail" / "outbox" / "queue").glob("*.json"))) == 1
    # trust both: the receipt goes out, once
    (home / "pbem.yaml").write_text(tls_servers.config(
        JUDGE, imap_tls="ssl", smtp_tls="starttls", ca_file=pki["ca"]))
    result = pbem(home, "run", "--once")
    assert result.returncode == 0, result.stderr
    assert tls_servers.count("alice@example.org") == 1
    assert pbem(home, "run", "--once").returncode == 0
    assert tls_servers.count("alice@example.org") == 1
