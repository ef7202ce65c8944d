"""The transports a judge's configuration names: its inbox (`pbem.mail.inbox`: a Maildir,
or IMAP in `pbem.mail.imap`) and its sender (`pbem.mail.senders`: a Maildir, or SMTP in
`pbem.mail.smtp`).  The IMAP and SMTP modules, and their libraries, are loaded only by a
judge configured for them: a cron-driven ``pbem run --once`` is mostly its imports.
"""
from __future__ import annotations

from pathlib import Path

from pbem.config import MailboxConfig, SmtpConfig
from pbem.mail.inbox import Inbox, MaildirInbox
from pbem.mail.senders import MaildirSender, Sender


def make_inbox(cfg: MailboxConfig, state_dir: Path, poll_interval: float) -> Inbox:
    """The inbox for the configured transport."""
    if cfg.transport == "maildir":
        assert cfg.path is not None and cfg.processed_path is not None
        return MaildirInbox(cfg.path, cfg.processed_path)
    from pbem.mail.imap import ImapInbox     # imapclient only for a judge that reads IMAP
    return ImapInbox(cfg, state_dir / "imap-uidvalidity.json", poll_interval)


def make_sender(cfg: SmtpConfig) -> Sender:
    """The sender for the configured transport."""
    if cfg.transport == "maildir":
        assert cfg.path is not None
        return MaildirSender(cfg.path)
    from pbem.mail.smtp import SmtpSender    # smtplib only for a judge that sends SMTP
    return SmtpSender(cfg)
