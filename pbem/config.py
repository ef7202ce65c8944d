"""Server configuration: ``pbem.yaml`` in the server home.

The file names the judge's address, the inbound mailbox and the outbound SMTP path.
Both ends have a ``transport``: ``imap``/``smtp`` for real servers, ``maildir`` for a
server-less home (the embedded default, used by ``pbem demo`` and unit tests).

Unknown keys are an error naming the key; passwords may come from the environment
(``password_env: NAME``).  Relative paths are relative to the home.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

CONFIG_NAME = "pbem.yaml"

#: What ``pbem init`` writes: no servers, mail goes through Maildirs in the home.
DEFAULT_CONFIG = """\
# pbem server configuration.  Relative paths are relative to this file's folder.
judge_address: judge@example.org
judge_name: pbem judge

# Inbound mail.  For a real server:
# mailbox: {transport: imap, host: 127.0.0.1, port: 993, ssl: true, user: judge,
#           password_env: PBEM_IMAP_PASSWORD, folder: INBOX, processed_folder: pbem/processed}
# (ssl: implicit TLS; or ssl: false, starttls: true.  A server is verified against the
#  system's CA store, or ca_file: a PEM of a private CA or of the server's own certificate.)
mailbox: {transport: maildir, path: mail/inbox}

# Outbound mail.  For a real server:
# smtp: {transport: smtp, host: 127.0.0.1, port: 587, starttls: true, user: judge,
#        password_env: PBEM_SMTP_PASSWORD}
# (or port: 465, ssl: true for implicit TLS; ca_file as for the mailbox)
smtp: {transport: maildir, path: mail/outbox}

limits:
  max_message_bytes: 1000000     # larger mails are refused with a clear reply
  replies_per_sender_hour: 60    # further replies to that sender are held back
  stranger_replies_hour: 30      # replies to addresses no game knows, all together
  loop_rounds: 3                 # a sender over the limit this often in a day: a day's pause
# Sender authentication by the receiving server's Authentication-Results header:
# trusted_authserv_id: mx.example.org   # only that server's verdicts count
# require_authenticated_sender: false   # true: only mails with DKIM/DMARC pass count
poll_interval: 60                # seconds between polls when IMAP IDLE is not offered
reports:
  map_width: 1600                # PNG map on status reports (pixels); 0: no map
  html: true                     # an HTML alternative with tables on status reports
retention:
  processed_days: 90             # days after a game ends that its handled Message-IDs are kept
  spool_days: 90                 # days the raw copy of each inbound mail is kept
"""


class ConfigError(ValueError):
    """A bad ``pbem.yaml``: the message names the key and what is wrong with it."""


@dataclass
class MailboxConfig:
    """Where inbound mail is read from."""
    transport: str = "maildir"
    path: Path | None = None            # maildir
    processed_path: Path | None = None  # maildir: where handled mail is moved
    host: str = "127.0.0.1"
    port: int = 993
    ssl: bool = True
    starttls: bool = False
    user: str = ""
    password: str = ""
    folder: str = "INBOX"
    processed_folder: str = "pbem/processed"
    idle: bool = True
    timeout: float = 30.0
    ca_file: Path | None = None         # PEM to trust instead of the system store


@dataclass
class SmtpConfig:
    """Where outbound mail is delivered."""
    transport: str = "maildir"
    path: Path | None = None
    host: str = "127.0.0.1"
    port: int = 587
    ssl: bool = False
    starttls: bool = True
    user: str = ""
    password: str = ""
    timeout: float = 30.0
    ca_file: Path | None = None     # PEM to trust instead of the system store
    retry_base: float = 30.0        # first retry after this many seconds, then doubling
    retry_max: float = 3600.0       # ... up to this
    give_up_after: float = 5 * 86400.0  # a mail still undeliverable then is moved to failed/


@dataclass
class Limits:
    """Loop safety and abuse limits."""
    max_message_bytes: int = 1_000_000
    replies_per_sender_hour: int = 60
    stranger_replies_hour: int = 30     # replies to unregistered addresses, all together
    loop_rounds: int = 3                # times over the limit in a day before a day's pause


@dataclass
class ReportsConfig:
    """What report mails carry besides their plain text."""
    map_width: int = 1600           # PNG map attached to status reports; 0: no map
    html: bool = True               # an HTML alternative (tables) for status reports


@dataclass
class RetentionConfig:
    """How long the judge keeps what it needs only for a while (`pbem.mail.retention`)."""
    processed_days: int = 90        # a game's record of handled Message-IDs, after its end
    spool_days: int = 90            # the raw copy of every inbound mail (mail/spool/<day>/)


@dataclass
class Config:
    """The whole server configuration."""
    home: Path
    judge_address: str = "judge@example.org"
    judge_name: str = "pbem judge"
    mailbox: MailboxConfig = field(default_factory=MailboxConfig)
    smtp: SmtpConfig = field(default_factory=SmtpConfig)
    limits: Limits = field(default_factory=Limits)
    reports: ReportsConfig = field(default_factory=ReportsConfig)
    retention: RetentionConfig = field(default_factory=RetentionConfig)
    poll_interval: float = 60.0
    trusted_authserv_id: str = ""       # whose Authentication-Results count (RFC 8601)
    require_authenticated_sender: bool = False   # orders only with DKIM/DMARC pass

    @property
    def mail_dir(self) -> Path:
        """The gateway's own state: spool, durable outbox, rate limits."""
        return self.home / "mail"

    @property
    def domain(self) -> str:
        """The judge's mail domain (used in generated Message-IDs)."""
        return self.judge_address.rpartition("@")[2] or "localhost"


_SECTIONS: dict[str, type] = {"mailbox": MailboxConfig, "smtp": SmtpConfig, "limits": Limits,
                              "reports": ReportsConfig, "retention": RetentionConfig}
_TOP = {"judge_address": str, "judge_name": str, "poll_interval": float,
        "trusted_authserv_id": str, "require_authenticated_sender": bool}
_TRANSPORTS = {"mailbox": ("imap", "maildir"), "smtp": ("smtp", "maildir")}


def _coerce(where: str, value: Any, kind: type) -> Any:
    if kind is bool:
        if isinstance(value, bool):
            return value
        raise ConfigError(f"{where}: expected true or false, got {value!r}")
    if kind in (int, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ConfigError(f"{where}: expected a number, got {value!r}")
        return kind(value)
    if kind is str:
        if not isinstance(value, (str, int)):
            raise ConfigError(f"{where}: expected text, got {value!r}")
        return str(value)
    return value


def _section(name: str, data: Any, home: Path) -> Any:
    cls = _SECTIONS[name]
    if not isinstance(data, dict):
        raise ConfigError(f"{name}: expected a mapping of keys, got {data!r}")
    fields = cls.__dataclass_fields__
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        where = f"{name}.{key}"
        if key == "password_env" and "password" in fields:
            if not isinstance(value, str) or value not in os.environ:
                raise ConfigError(f"{where}: environment variable {value!r} is not set")
            kwargs["password"] = os.environ[value]
            continue
        if key not in fields:
            known = ", ".join(sorted([*fields, *(["password_env"] if "password" in fields else [])]))
            raise ConfigError(f"unknown key {where!r} (known keys: {known})")
        ftype = fields[key].type
        if "Path" in str(ftype):
            if not isinstance(value, str):
                raise ConfigError(f"{where}: expected a path, got {value!r}")
            path = Path(os.path.expanduser(value))
            kwargs[key] = path if path.is_absolute() else home / path
        else:
            kind = {"str": str, "int": int, "float": float, "bool": bool}[str(ftype)]
            kwargs[key] = _coerce(where, value, kind)
    obj = cls(**kwargs)
    if name in _TRANSPORTS and obj.transport not in _TRANSPORTS[name]:
        raise ConfigError(f"{name}.transport: {obj.transport!r} is not one of "
                          f"{', '.join(_TRANSPORTS[name])}")
    ca_file = getattr(obj, "ca_file", None)
    if ca_file is not None and not ca_file.is_file():
        raise ConfigError(f"{name}.ca_file: no such file {str(ca_file)!r}")
    if name in _TRANSPORTS and obj.transport == "maildir" and obj.path is None:
        raise ConfigError(f"{name}.path: the maildir transport needs a path")
    return obj


def parse_config(text: str, home: Path) -> Config:
    """Parse the YAML text of a configuration for the server home `home`."""
    try:
        data = yaml.safe_load(text) or {}
    except yaml.YAMLError as exc:
        raise ConfigError(f"{CONFIG_NAME} is not valid YAML: {exc}") from exc
    if not isinstance(data, dict):
        raise ConfigError(f"{CONFIG_NAME} must be a mapping of keys")
    cfg = Config(home=home)
    for key, value in data.items():
        if key in _SECTIONS:
            setattr(cfg, key, _section(key, value, home))
        elif key in _TOP:
            setattr(cfg, key, _coerce(key, value, _TOP[key]))
        else:
            known = ", ".join(sorted([*_SECTIONS, *_TOP]))
            raise ConfigError(f"unknown key {key!r} (known keys: {known})")
    if cfg.require_authenticated_sender and not cfg.trusted_authserv_id:
        raise ConfigError("require_authenticated_sender: needs trusted_authserv_id (the "
                          "server whose Authentication-Results header counts)")
    if "@" not in cfg.judge_address:
        raise ConfigError(f"judge_address: {cfg.judge_address!r} is not a mail address")
    if cfg.mailbox.transport == "maildir" and cfg.mailbox.processed_path is None:
        assert cfg.mailbox.path is not None
        cfg.mailbox.processed_path = cfg.mailbox.path.parent / (cfg.mailbox.path.name + ".processed")
    return cfg


def load_config(home: Path) -> Config:
    """Read ``pbem.yaml`` from `home`; a missing file means the embedded default."""
    home = Path(home)
    path = home / CONFIG_NAME
    text = path.read_text(encoding="utf-8") if path.exists() else DEFAULT_CONFIG
    return parse_config(text, home)


def write_default_config(home: Path) -> Path:
    """Write the embedded default configuration (what ``pbem init`` does); keeps an existing one."""
    path = Path(home) / CONFIG_NAME
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(DEFAULT_CONFIG, encoding="utf-8")
    return path
