"""Observers by mail: their welcome and their replies (their tag:
`pbem.mail.outgoing.observer_tag`).

An observer (``OBSERVER ADD``, `pbem.moderation`) reads a game's public reports only
(`pbem.reports.mails.observer_drafts`).  Their tag is ``[game observer token]``, the token
kept under ``observer:<address>``; a mail with it from that address gets the public status
when it asks ``STATUS`` and otherwise a polite refusal: observers give no orders, commands
or press, so nothing they write reaches the game or a player.
"""
from __future__ import annotations

import datetime as dt
from typing import Any, Callable

from pbem.config import Config
from pbem.mail.commands import parse_body
from pbem.mail.compose import stable_message_id
from pbem.mail.envelope import Mail, Outgoing, seen_before, seen_key
from pbem.mail.outgoing import draft_mail, report_options
from pbem.mail.replies import Replies
from pbem.mail.tags import tokens_equal
from pbem.moderation import OBSERVER
from pbem.reports.i18n import t
from pbem.reports.mails import observer_drafts


def _observer(game: Any, address: str) -> dict[str, Any] | None:
    return next((o for o in game.record.header.observers if o["address"] == address), None)


def welcome_mails(cfg: Config, game: Any, addresses: list[str],
                  mid: Callable[..., str], now: dt.datetime) -> list[Any]:
    """The first mail of each new observer: what observing means, the public status."""
    drafts = observer_drafts(game, report_options(cfg), only=addresses, welcome=True)
    return [draft_mail(cfg, game, d, mid("observer", d.seat), now) for d in drafts]


def handle(replies: Replies, game: Any, mail: Mail, out: Outgoing, now: dt.datetime) -> None:
    """A mail with an observer tag: the public status for STATUS, else a refusal; a wrong
    token or address is refused like a seat's."""
    assert mail.tag is not None
    sender = mail.inbound.sender
    observer = _observer(game, sender)
    expected = game.server.get("tokens", {}).get(OBSERVER + sender)
    if observer is None or not tokens_equal(mail.tag.token, expected):
        replies.refuse(game, mail, out, [], "refused: bad observer tag")
        return
    processed = game.server.setdefault("processed", {})
    if seen_before(processed, OBSERVER + sender, mail.inbound.message_id) is not None:
        mail.outcome = "observer: repeat Message-ID, nothing sent"
        return
    processed[seen_key(OBSERVER + sender, mail.inbound.message_id)] = {"keys": [mail.copy_id],
                                          "at": now.isoformat(timespec="seconds")}
    parsed = parse_body(mail.lines)
    lang = observer.get("lang", "en")
    asks_status = any(c.name == "STATUS" for c in parsed.commands)
    wrote_more = bool(parsed.orders or parsed.press or parsed.mod or
                      any(c.name not in ("STATUS", "HELP") for c in parsed.commands))
    if asks_status and not wrote_more:
        drafts = observer_drafts(game, report_options(cfg := replies.cfg), only=[sender],
                                 welcome=True)
        out.mails += [draft_mail(cfg, game, d, stable_message_id(
            cfg, "observer-status", game.id, mail.inbound.message_id, mail.copy_id),
            now) for d in drafts]
        mail.outcome = f"observer {sender}: status sent"
        return
    replies.notice(mail, t(lang, "observer.refused"), [], "observer: refused",
                   game=game.id, seat="observer", sink=out.mails)
    mail.outcome = f"observer {sender}: refused, observers give no orders"
