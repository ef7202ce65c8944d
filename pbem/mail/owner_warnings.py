"""Warnings to the owner of a tag someone else used (a forged or unregistered sender):
collected per seat (or moderator) in the game file, ``server["owner_warnings"]``, and
mailed as one digest at most every hour, so forged mail can never flood a player.

The first refused mail is told at once; the ones in the following hour wait and go out
together when the hour is over (with the next refusal, or from the daemon's duties pass:
`next_due` is when, `digests` mails them).
"""
from __future__ import annotations

import datetime as dt
from email.message import EmailMessage
from typing import Any

from engine.archive import parse_iso
from pbem import reports
from pbem.config import Config
from pbem.mail import render
from pbem.mail.compose import build, stable_message_id
from pbem.mail.tags import format_tag
from pbem.reports.i18n import t

KEY = "owner_warnings"
EVERY = dt.timedelta(hours=1)
MODERATOR = "moderator:"


def record(game: Any, owner: str, to: list[str], incident: dict[str, str]) -> None:
    """Keep `incident` (at, sender, subject, id) for the digest of `owner`: a seat, or
    ``moderator:<address>``, whose addresses are `to`."""
    entry = game.server.setdefault(KEY, {}).setdefault(owner, {"pending": []})
    entry["to"] = list(to)
    entry["pending"].append(incident)


def _due(entry: dict[str, Any]) -> dt.datetime | None:
    if not entry.get("pending"):
        return None
    sent = entry.get("sent")
    return parse_iso(sent) + EVERY if sent else dt.datetime.min.replace(tzinfo=dt.timezone.utc)


def next_due(game: Any) -> dt.datetime | None:
    """When the next digest of `game` may go out (None: nothing waits)."""
    times = [d for d in (_due(e) for e in game.server.get(KEY, {}).values()) if d is not None]
    return min(times, default=None)


def digests(cfg: Config, game: Any, now: dt.datetime) -> list[EmailMessage]:
    """The digests due now (their incidents then leave the game file)."""
    mails: list[EmailMessage] = []
    table = game.server.get(KEY, {})
    for owner in sorted(table):
        entry = table[owner]
        due = _due(entry)
        if due is None:
            if not entry.get("sent") or parse_iso(entry["sent"]) + EVERY <= now:
                del table[owner]            # nothing waits and the hour is over
            continue
        if due > now:
            continue
        mails.append(_digest(cfg, game, owner, entry, now))
        entry["pending"] = []
        entry["sent"] = now.isoformat(timespec="seconds")
    if not table:
        game.server.pop(KEY, None)
    return mails


def _digest(cfg: Config, game: Any, owner: str, entry: dict[str, Any],
            now: dt.datetime) -> EmailMessage:
    seat = None if owner.startswith(MODERATOR) else owner
    lang = reports.prefs(game, seat).lang if seat else "en"
    incidents = entry["pending"]
    token = game.server.get("tokens", {}).get(owner, "")
    items = [t(lang, "owner_warning.item", at=i["at"], subject=i["subject"], id=i["id"],
               sender=i["sender"] or t(lang, "owner_warning.hidden_sender"))
             for i in incidents]
    body = render.render("notice", text=t(lang, "owner_warning.intro", n=len(incidents),
                                          game=game.id),
                         hints=items, judge=cfg.judge_address, about=None, game=game.id,
                         seat=seat or "moderator", pre=False, lang=lang)
    subject = (f"{format_tag(game.id, seat or 'moderator', token)} "
               f"{t(lang, 'owner_warning.subject', n=len(incidents))}")
    return build(cfg, to=entry["to"], subject=subject, body=body,  # type: ignore[return-value]
                 message_id=stable_message_id(cfg, "owner-warning", game.id, owner,
                                              now.isoformat(timespec="seconds")),
                 auto="auto-generated", when=now)
