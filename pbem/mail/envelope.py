"""A mail on its way through the judge (`Mail`: the inbound item, parsed, with its tag)
and the mails one game transaction sends (`Outgoing`)."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from email.message import EmailMessage

from pbem.mail.inbox import InboxItem
from pbem.mail.parse import Inbound
from pbem.mail.tags import Tag


@dataclass
class Mail:
    """An inbound item on its way through the processor."""
    item: InboxItem
    inbound: Inbound
    lines: list[tuple[int, str]]
    tag: Tag | None
    reply_ok: str = "ok"                      # rate limiter verdict for replies
    paused_until: float = 0.0                 # replies held back until then (a 'notice')
    outcome: str = ""                          # the log line's verdict

    @property
    def copy_id(self) -> str:
        """Identity of this stored copy: a hash of its bytes.  The same copy fetched again
        (after a crash, under a new UIDVALIDITY) has the same id; a re-delivery of the
        same Message-ID (new Received/Delivered-To headers) has another."""
        if not hasattr(self, "_copy_id"):
            self._copy_id = "sha256:" + hashlib.sha256(self.item.raw).hexdigest()[:32]
        return self._copy_id


def seen_key(by: str, message_id: str) -> str:
    """The key of a handled mail in a game's ``server["processed"]`` record: who it
    authenticated as (a seat, ``moderator:<address>``, ``observer:<address>``) and its
    Message-ID, so one seat reusing another's Message-ID never drops an order."""
    return f"{by} {message_id}"


def seen_before(processed: dict, by: str, message_id: str) -> dict | None:
    """The record of a mail handled before under `by` (or under its bare Message-ID, as
    games saved before the record was keyed by seat have it), None when new."""
    return processed.get(seen_key(by, message_id)) or processed.get(message_id)


@dataclass
class Outgoing:
    """Mails produced while handling one game batch."""
    mails: list[EmailMessage] = field(default_factory=list)
