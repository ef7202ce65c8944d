"""Replies to a mail's sender outside a turn: refusals (no tag, a tag the judge does not
take from this sender, whatever part of it is wrong), help without a tag, internal errors,
and the digest to the owner of a tag someone else used (`pbem.mail.owner_warnings`).

Rate limited per sender; never to mail loops (those never get this far,
`pbem.mail.loops`), never where the receiving server says SPF, DKIM or DMARC failed
(`pbem.mail.authres`), and to addresses no game knows at most once a day each and
``limits.stranger_replies_hour`` in all (`pbem.mail.loops.StrangerLimits`): forged mail
makes no backscatter.
"""
from __future__ import annotations

import datetime as dt
import logging
from email.message import EmailMessage
from typing import Any, Callable

from pbem.anonymity import is_anonymous
from pbem.config import Config
from pbem.mail import authres, owner_warnings, render
from pbem.mail.compose import build, stable_message_id
from pbem.mail.envelope import Mail, Outgoing
from pbem.mail.loops import RateLimiter, StrangerLimits
from pbem.mail.outbox import Outbox
from pbem.mail.outgoing import fmt_time
from pbem.mail.tags import strip_tokens
from pbem.reports.i18n import LANGS, t

log = logging.getLogger("pbem.mail")


class Replies:
    """Notices to senders, through the rate limiter, into the outbox or a game's batch."""

    def __init__(self, cfg: Config, rate: RateLimiter, outbox: Outbox,
                 strangers: StrangerLimits, registered: Callable[[str], bool],
                 now: Callable[[], dt.datetime]) -> None:
        self.cfg = cfg
        self.rate = rate
        self.outbox = outbox
        self.strangers = strangers
        self.registered = registered
        self.now = now

    def held_back(self, mail: Mail) -> str | None:
        """Why the sender of `mail` gets no notice at all, or None."""
        verdict = authres.verdict(mail.inbound, self.cfg.trusted_authserv_id)
        if verdict is not None and verdict.failed():
            return "no reply: the receiving server says SPF/DKIM/DMARC failed"
        sender = mail.inbound.sender
        if not self.registered(sender) and not self.strangers.allow(sender):
            return "no reply: unregistered sender, its cap is reached"
        return None

    def notice(self, mail: Mail, text: str, hints: list[str], verdict: str,
                raw_text: bool = False, to: list[str] | None = None,
                game: str | None = None, seat: str | None = None,
                subject: str | None = None, kind: str = "notice",
                sink: list[EmailMessage] | None = None) -> None:
        """A plain notice (refusal, help) to the sender, rate limited, never to loops."""
        recipients = to or [mail.inbound.sender]
        if to is None:
            why = self.held_back(mail)
            verdict_rate = "silent" if why else self.rate.allow(mail.inbound.sender)
            if verdict_rate == "silent":
                mail.outcome = f"{verdict}, {why or 'reply held back (rate limit)'}"
                log.info("%s %s from %s: %s", mail.item.key, mail.inbound.message_id,
                         mail.inbound.sender, mail.outcome)
                return
            if verdict_rate == "notice":       # in both languages: whose is not known
                until = fmt_time(dt.datetime.fromtimestamp(
                    self.rate.until(mail.inbound.sender), dt.timezone.utc))
                text = text if raw_text else render._wrap(text)
                raw_text = True
                text += "".join("\n\n" + render._wrap(t(
                    lang, "notice.paused", n=self.cfg.limits.replies_per_sender_hour,
                    until=until)) for lang in LANGS)
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
            sink.append(msg)  # type: ignore[arg-type]
        else:
            self.outbox.enqueue(msg, self.cfg.judge_address)
        if to is None:
            mail.outcome = verdict
        if to is None and sink is None:
            log.info("%s %s from %s: %s", mail.item.key, mail.inbound.message_id,
                     mail.inbound.sender, verdict)

    def bad_tag(self, mail: Mail, verdict: str, sink: list[EmailMessage] | None = None
                ) -> None:
        """The one refusal of a tag the judge does not take from this sender -- an unknown
        game, seat or token, an unregistered or unauthenticated sender alike, so a
        stranger learns nothing by guessing -- in English and Russian."""
        text = "\n\n".join(render._wrap(t(lang, "notice.bad_tag", sender=mail.inbound.sender))
                            for lang in LANGS)
        hints = [t(lang, f"notice.bad_tag_hint.{key}") for lang in LANGS
                 for key in ("reply", "address", "help")]
        self.notice(mail, text, hints, verdict, raw_text=True, sink=sink)

    def refuse(self, game: Any, mail: Mail, out: Outgoing, owners: list[str],
               verdict: str) -> None:
        """Refuse `mail` (`bad_tag`); the `owners` of the tag it used (seats, or
        ``moderator:<address>``), when it was valid, are told in their hourly digest."""
        self.bad_tag(mail, verdict, sink=out.mails)
        if not owners:
            return
        now = self.now()
        for owner in owners:
            seat = None if owner.startswith(owner_warnings.MODERATOR) else owner
            to = list(game.seats[seat]["players"]) if seat else [owner.split(":", 1)[1]]
            hidden = seat is not None and is_anonymous(game)     # players: no address
            owner_warnings.record(game, owner, to, {
                "at": fmt_time(now), "sender": "" if hidden else mail.inbound.sender,
                "subject": _untag(mail.inbound.subject)[:80],
                "id": mail.inbound.message_id[:100]})
        out.mails += owner_warnings.digests(self.cfg, game, now)
        mail.outcome = verdict + "; owner told (hourly digest)"


def _untag(subject: str) -> str:
    """The subject with any tag's token removed (refusals never echo a token)."""
    return strip_tokens(subject)


def _re(subject: str) -> str:
    return subject if subject.lower().startswith(("re:", "aw:", "sv:")) else "Re: " + subject
