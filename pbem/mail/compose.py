"""Build outbound messages: headers for threading, loop safety and stable Message-IDs."""
from __future__ import annotations

import hashlib
from datetime import datetime, timezone
from email.headerregistry import Address
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import format_datetime

from pbem.config import Config


def stable_message_id(cfg: Config, *parts: str) -> str:
    """A Message-ID derived from `parts`: re-processing the same mail yields the same ids."""
    digest = hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:32]
    return f"<pbem.{digest}@{cfg.domain}>"


def build(cfg: Config, *, to: list[str], subject: str, body: str, message_id: str,
          in_reply_to: str | None = None, references: list[str] | None = None,
          auto: str = "auto-replied", when: datetime | None = None) -> EmailMessage:
    """A text/plain UTF-8 mail from the judge (quoted-printable: safe for any relay)."""
    msg = EmailMessage(policy=SMTP)
    msg["From"] = Address(cfg.judge_name, addr_spec=cfg.judge_address)
    msg["To"] = ", ".join(to)
    msg["Subject"] = subject
    msg["Date"] = format_datetime(when or datetime.now(timezone.utc))
    msg["Message-ID"] = message_id
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
        msg["References"] = " ".join([*(references or [])[-5:], in_reply_to])
    msg["Auto-Submitted"] = auto
    msg["X-Loop"] = cfg.judge_address
    msg["X-Auto-Response-Suppress"] = "All"
    msg["X-Pbem-Judge"] = "1"
    msg.set_content(body, charset="utf-8", cte="quoted-printable")
    return msg
