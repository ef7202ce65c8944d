"""Composing outgoing mail: the sections a seat reads (status, hand, what it is asked),
the mails after the game moved (`prompt_mails`), the game-start welcome, and the
bookkeeping of what each seat was told before a move (`before_move`, `remember_unmailed`).

Everything here renders from the game as it is (`pbem.reports`) and builds messages
(`pbem.mail.compose`); nothing reads inbound mail or writes the game's record.
"""
from __future__ import annotations

import datetime as dt
from email.message import EmailMessage
from typing import Any, Callable

from pbem import reports
from pbem.config import Config
from pbem.mail.compose import build_rich, stable_message_id
from pbem.mail.tags import format_tag
from pbem.moderation import OBSERVER
from pbem.reports.mails import Options, plan, view_log, welcome


def fmt_time(moment: dt.datetime | None) -> str:
    """A moment as mails print it (UTC, to the minute)."""
    if moment is None:
        return ""
    return moment.astimezone(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def status_body(game: Any, seat: str | None) -> str:
    """The STATUS section: the public status report (`pbem.reports.status_text`) in the
    seat's language, deadlines in its time zone (moderators: English, UTC)."""
    p = reports.prefs(game, seat)
    return reports.status_text(game, p.lang, p.tz, seat)


def hand_body(game: Any, seat: str | None) -> str | None:
    """The HAND section of `seat`: its private report (None: no hand to show)."""
    view = game.view(seat) if seat is not None else None
    if not isinstance(view, dict) or "hand" not in view:
        return None
    return reports.private_text(game, seat, reports.prefs(game, seat).lang)


def asked_of(game: Any, seat: str) -> list[dict[str, Any]]:
    """The open decisions of `seat` for a template (`pbem.reports.asked_for`): prompt,
    deadline in the seat's zone and UTC, legal orders, two examples, standing orders."""
    p = reports.prefs(game, seat)
    return reports.asked_for(game, seat, p.lang, p.tz)


def waiting_for(game: Any, seat: str | None) -> list[str]:
    """Seats other than `seat` with an open question that is not itself private (names in
    the seat's language)."""
    return reports.waiting(game, seat, reports.prefs(game, seat).lang)


#: server key: what each seat had been told when the game last changed with no mail
#: going out (a ``pbem order`` or ``pbem mod`` in a shell), left for the daemon to mail
UNMAILED = "unmailed"


def before_move(game: Any) -> tuple[dict[str, set[str]], dict[str, list[str]]]:
    """What each seat is asked and has read before the game moves: `prompt_mails` compares
    the game after the move with this.  When a change made outside the daemon left its
    own "before" in the game file (`remember_unmailed`), that one is taken (and removed):
    the mails of that change go out with this transaction's, rendered from the game as it
    is now (the fates of held orders wait in ``server["held_fates"]`` meanwhile)."""
    left = game.server.pop(UNMAILED, None)
    if left is not None:
        return ({s: set(ids) for s, ids in left["asked"].items()}, left["logs"])
    return ({s: {d.id for d in game.decisions(s)} for s in game.seats},
            {s: view_log(game, s) for s in game.seats})


def remember_unmailed(game: Any, before: tuple[dict[str, set[str]], dict[str, list[str]]]
                      ) -> None:
    """After a change of `game` that mails nobody now (a shell command): keep `before` (from
    `before_move`, taken before the change) in the game file, in the change's own
    transaction.  The daemon's next transaction on the game (a mail, a
    deadline, or the moderator duties pass, `pbem.mail.duties.Duties`) mails what a
    mailed order would have: nothing is lost, and nothing is mailed twice, for the record
    is removed in the transaction whose outbox holds the mails."""
    asked, logs = before
    game.server[UNMAILED] = {"asked": {s: sorted(ids) for s, ids in asked.items()},
                             "logs": logs}


def seat_token(game: Any, seat: str) -> str:
    return game.server.get("tokens", {}).get(seat, "")


def report_options(cfg: Config) -> Options:
    """The judge's report settings, as `pbem.reports.mails` takes them."""
    return Options(map_width=cfg.reports.map_width, html=cfg.reports.html,
                   judge=cfg.judge_address)


def observer_tag(game: Any, address: str) -> str:
    """The subject tag of an observer."""
    return format_tag(game.id, "observer", game.server.get("tokens", {}).get(
        OBSERVER + address, ""))


def draft_mail(cfg: Config, game: Any, draft: Any, message_id: str, now: dt.datetime) -> Any:
    """The message of a `pbem.reports.mails.Draft` (tag + subject, text, HTML, map); an
    observer's goes to them with their tag."""
    if draft.observer:
        to, tag = [draft.observer], observer_tag(game, draft.observer)
    else:
        to = list(game.seats[draft.seat]["players"])
        tag = format_tag(game.id, draft.seat, seat_token(game, draft.seat))
    return build_rich(cfg, to=to, subject=f"{tag} {draft.subject}",
                      body=draft.text, html=draft.html, attachments=draft.attachments,
                      message_id=message_id, auto="auto-generated", when=now)


def prompt_mails(cfg: Config, game: Any, before: dict[str, set[str]],
                 logs_before: dict[str, list[str]], now: dt.datetime, *, skip: str | None,
                 mid: Callable[[str], str], reason: str | None = None,
                 force: set[str] | None = None,
                 extra: dict[str, str] | None = None) -> list[EmailMessage]:
    """Mails after the game moved (`pbem.reports.mails.plan`): prompts to seats newly asked
    something or told about held orders, phase reports with the map, updates (or the
    digest), the end-of-game summary."""
    held: dict[str, list[dict[str, Any]]] = {}
    for fate in game.take_held_fates():
        held.setdefault(fate["seat"], []).append(fate)
    drafts = plan(game, before, logs_before, skip=skip, reason=reason, force=force,
                  extra=extra, held=held, options=report_options(cfg))
    return [draft_mail(cfg, game, d, mid(d.seat), now) for d in drafts]


def welcome_mails(cfg: Config, game: Any, now: dt.datetime) -> list[EmailMessage]:
    """One mail per seat: its tag, its settings, the status (with the map), its hand and
    what it is asked (idempotent Message-IDs)."""
    return [draft_mail(cfg, game, d, stable_message_id(cfg, "welcome", game.id, d.seat), now)
            for d in welcome(game, report_options(cfg))]
