"""pbem.yaml: the embedded default, real-server settings, errors naming the key."""
from __future__ import annotations

from pathlib import Path

import pytest

from pbem.config import DEFAULT_CONFIG, ConfigError, load_config, parse_config


def test_default_is_maildir(tmp_path: Path) -> None:
    cfg = parse_config(DEFAULT_CONFIG, tmp_path)
    assert cfg.mailbox.transport == "maildir" and cfg.mailbox.path == tmp_path / "mail/inbox"
    assert cfg.smtp.transport == "maildir" and cfg.smtp.path == tmp_path / "mail/outbox"
    assert cfg.mailbox.processed_path == tmp_path / "mail/inbox.processed"
    assert load_config(tmp_path).judge_address == "judge@example.org"  # no file: default


def test_imap_smtp_and_password_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IMAP_PW", "s3cret")
    cfg = parse_config("""
judge_address: judge@example.org
mailbox: {transport: imap, host: 127.0.0.1, port: 993, ssl: true, user: judge,
          password_env: IMAP_PW, folder: INBOX, processed_folder: pbem/processed}
smtp: {transport: smtp, host: 127.0.0.1, port: 587, starttls: true, user: judge,
       password: pw}
""", tmp_path)
    assert cfg.mailbox.password == "s3cret" and cfg.mailbox.port == 993 and cfg.mailbox.ssl
    assert cfg.smtp.starttls and cfg.smtp.password == "pw"


@pytest.mark.parametrize("text, key", [
    ("judge_adress: x@y", "judge_adress"),
    ("mailbox: {transport: imap, hots: x}", "mailbox.hots"),
    ("smtp: {transport: smtp, port: 25, tls: true}", "smtp.tls"),
    ("limits: {max_bytes: 5}", "limits.max_bytes"),
])
def test_unknown_keys_are_named(tmp_path: Path, text: str, key: str) -> None:
    with pytest.raises(ConfigError, match=f"unknown key '{key}'"):
        parse_config(text, tmp_path)


@pytest.mark.parametrize("text, words", [
    ("mailbox: {transport: pop3}", "mailbox.transport"),
    ("mailbox: {transport: imap, password_env: NOPE_NOT_SET}", "NOPE_NOT_SET"),
    ("smtp: {transport: smtp, port: many}", "smtp.port"),
    ("judge_address: nobody", "judge_address"),
    ("mailbox: {transport: maildir}", "mailbox.path"),
    ("smtp: {transport: smtp, ca_file: certs/none.pem}", "smtp.ca_file"),
])
def test_bad_values_are_named(tmp_path: Path, text: str, words: str) -> None:
    with pytest.raises(ConfigError, match=words.replace(".", r"\.")):
        parse_config(text, tmp_path)


def test_ca_file_is_relative_to_the_home(tmp_path: Path) -> None:
    (tmp_path / "certs").mkdir()
    (tmp_path / "certs" / "ca.pem").write_text("-----BEGIN CERTIFICATE-----\n")
    cfg = parse_config("mailbox: {transport: imap, ca_file: certs/ca.pem}\n"
                       "smtp: {transport: smtp, ca_file: certs/ca.pem}\n", tmp_path)
    assert cfg.mailbox.ca_file == cfg.smtp.ca_file == tmp_path / "certs" / "ca.pem"
