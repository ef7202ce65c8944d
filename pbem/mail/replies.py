"""Replies to a mail's sender outside a turn: refusals (no tag, unknown game or seat, a
bad token, a sender not registered for the tag), help without a tag, internal errors, and
the warning to the owner of a tag someone else used.  Rate limited per sender; never to
mail loops (those never get this far, `pbem.mail.loops`)."""
from __future__ import annotations

import logging
from email.message import EmailMessage
from typing import Any

from pbem.anonymity import is_anonymous
from pbem.config import Config
from pbem.mail import render
from pbem.mail.compose import build, stable_message_id
from pbem.mail.envelope import Mail, Outgoing
from pbem.mail.loops import RateLimiter
from pbem.mail.outbox import Outbox
from pbem.mail.tags import format_tag, strip_tokens

log = logging.getLogger("pbem.mail")


class Replies:
    """Notices to senders, through the rate limiter, into the outbox or a game's batch."""

    def __init__(self, cfg: Config, rate: RateLimiter, outbox: Outbox) -> None:
        self.cfg = cfg
        self.rate = rate
        self.outbox = outbox

    def notice(self, mail: Mail, text: str, hints: list[str], verdict: str,
                raw_text: bool = False, to: list[str] | None = None,
                game: str | None = None, seat: str | None = None,
                subject: str | None = None, kind: str = "notice",
                sink: list[EmailMessage] | None = None) -> None:
        """A plain notice (refusal, help) to the sender, rate limited, never to loops."""
        recipients = to or [mail.inbound.sender]
        if to is None:
            verdict_rate = self.rate.allow(mail.inbound.sender)
            if verdict_rate == "silent":
                mail.outcome = verdict + ", reply held back (rate limit)"
                log.info("%s %s from %s: %s", mail.item.key, mail.inbound.message_id,
                         mail.inbound.sender, mail.outcome)
                return
            if verdict_rate == "notice":
                text = (f"{text}\n\nYou have sent more than "
                        f"{self.cfg.limits.replies_per_sender_hour} mails this hour: further "
                        "replies to you are held back for an hour (orders still apply).")
        body = render.render("notice", text=text, hints=hints, judge=self.cfg.judge_address,
                             about=mail.inbound.message_id if to is None else None, game=game,
                             seat=seat, pre=raw_text)
        msg = build(self.cfg, to=recipients,
                    subject=subject or _re(_untag(mail.inbound.subject) or "your mail"),
                    body=body, in_reply_to=mail.inbound.message_id,
                    references=mail.inbound.references,
                    message_id=stable_message_id(self.cfg, kind, mail.inbound.message_id,
                                                 mail.copy_id, ",".join(recipients)))
        if sink is not None:
            sink.append(msg)
        else:
            self.outbox.enqueue(msg, self.cfg.judge_address)
        if to is None:
            mail.outcome = verdict
        if to is None and sink is None:
            log.info("%s %s from %s: %s", mail.item.key, mail.inbound.message_id,
                     mail.inbound.sender, verdict)

    def refuse(self, game: Any, mail: Mail, out: Outgoing, owners: list[str]) -> None:
        """Wrong token, or the right token from an address not registered for it."""
        tag = mail.tag
        assert tag is not None
        if owners:
            self.notice(mail, f"This mail's tag is not valid for {mail.inbound.sender}: the "
                         "judge takes orders for a seat only from that seat's registered "
                         "addresses.  Nothing was applied; the seat's player was told.",
                         ["write from your registered address",
                          "ask the moderator to register this address"], "refused: spoofed sender",
                         sink=out.mails)
            owner_seat = None if tag.is_moderator else tag.seat
            token = game.server.get("tokens", {}).get(
                f"moderator:{owners[0]}" if tag.is_moderator else tag.seat, "")
            sender = "an address not registered for your seat" if owner_seat and \
                is_anonymous(game) else mail.inbound.sender     # players: no address
            self.notice(mail, f"Someone at {sender} sent a mail with your tag "
                         f"for game {game.id} (subject {mail.inbound.subject!r}, "
                         f"Message-ID {mail.inbound.message_id}).  It was refused and nothing "
                         "was applied.  If this was you, write from your registered address.",
                         [], "", to=owners, game=game.id, seat=owner_seat or "moderator",
                         subject=f"{format_tag(game.id, owner_seat or 'moderator', token)} "
                         "refused mail with your tag", kind="spoof-warning", sink=out.mails)
            mail.outcome = "refused: registered-address check failed; owner told"
        else:
            self.notice(mail, f"The token in this mail's tag is not valid for {tag.seat} in "
                         f"game {game.id}.  Nothing was applied.",
                         ["reply to a mail from the judge and keep its subject unchanged"],
                         "refused: bad token", sink=out.mails)
            mail.outcome = "refused: bad token"


def _untag(subject: str) -> str:
    """The subject with any tag's token removed (refusals never echo a token)."""
    return strip_tokens(subject)


def _re(subject: str) -> str:
    return subject if subject.lower().startswith(("re:", "aw:", "sv:")) else "Re: " + subject
