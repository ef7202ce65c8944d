"""The mails moderator acts cause (issue 6, mail half): queued in the game file, delivered
inside a game transaction.

Moderator commands by mail (a ``[game moderator token]`` mail's commands of
`pbem.moderation`, interleaved with its ``AS <seat> <order>`` lines; a seat's mail using
one is refused whole) are run by `pbem.mail.turn.Turn`; the daemon's pass over what the
CLI left is `pbem.mail.duties.Duties`.  This module is what both share: the queues and
the mails made from them.

Delivery.  Whoever runs a command (this gateway, or ``pbem mod`` in a shell) queues what it
tells whom in the game file (`queue_result`): ``server["notices_pending"]`` ({to, subject,
body}), ``server["resend_pending"]`` (seats or ``all``), ``server["welcome_pending"]``
(seats with a new player); ``server["welcome_start"]`` (`pbem new`: every seat's
welcome, rendered when it is sent).  A shell command also leaves what each seat had been
told before it (`pbem.mail.outgoing.remember_unmailed`), so that the prompts, updates
and reports it calls for go out as for a mail.  `deliver` turns the queues into mails
inside a game transaction, into the processor's pending batch (committed with the
game, then copied to the durable outbox), and empties them.  A seat that gets a status
mail gets the notices addressed to it folded into that one mail.  Every mail transaction
delivers what is queued (`pbem.mail.turn.Turn.deliver_queued`); the daemon's `Duties`
pass delivers what the CLI left.

Who gets what.  A dropped seat gets nothing (no notice, status or prompt) until REPLACE
or ADD-ADDRESS gives it back to players; notices to ``address:<email>`` reach someone who
just stopped playing a seat (REPLACE's old player, DROP's dropped one), untagged.  On a
finished game a seat's status mail is its end-of-game mail (`reports.mails.game_over`),
so END's notice and the summary with the seed arrive as one mail (an announcement in the
same batch keeps its line breaks there, as in a mail of its own).
"""
from __future__ import annotations

import datetime as dt
from typing import Any, Callable

from pbem import moderation, reports
from pbem.config import Config
from pbem.mail import render
from pbem.mail.compose import build, stable_message_id
from pbem.mail.observers import welcome_mails as observer_welcomes
from pbem.mail.outgoing import (UNMAILED, asked_of, draft_mail, hand_body, report_options,
                                status_body, waiting_for, welcome_mails)
from pbem.mail.tags import format_tag
from pbem.reports.i18n import t
from pbem.reports.mails import game_over, observer_drafts, settings_note, view_log

QUEUES = ("notices_pending", "resend_pending", "welcome_pending", "observers_pending",
          "welcome_start")


# ---------------------------------------------------------------------- queues
def queue_result(game: Any, result: moderation.ModResult) -> None:
    """Queue in the game file what `result` tells whom (the CLI and the gateway both)."""
    server = game.server
    if result.notices:
        server.setdefault("notices_pending", []).extend(queued(n) for n in result.notices)
    if result.resend:
        server.setdefault("resend_pending", []).extend(result.resend)
    if result.command == "REPLACE":
        server.setdefault("welcome_pending", []).extend(result.resend)
    if result.observers:
        server.setdefault("observers_pending", []).extend(result.observers)


def queued(n: moderation.Notice) -> dict[str, Any]:
    item: dict[str, Any] = {"to": n.to, "subject": n.subject, "body": n.body}
    if n.key:
        item.update(key=n.key, params=dict(n.params))
    if n.lang:
        item["lang"] = n.lang
    return item


def _reader_lang(game: Any, notice: dict[str, Any], target: str) -> str:
    """The language `target` (a seat, ``moderator:<addr>`` or ``address:<addr>``) reads."""
    if target.startswith(moderation.ADDRESS):
        return notice.get("lang") or "en"
    return reports.prefs(game, target).lang if target in game.seats else "en"


def _localized(game: Any, notice: dict[str, Any], lang: str) -> tuple[str, str]:
    """(subject, body) of a queued notice in `lang` when it has a catalog key, else as
    queued."""
    if not notice.get("key"):
        return notice["subject"], notice["body"]
    pres = reports.presenter(game, lang)
    return moderation.render_notice(notice["key"], notice.get("params") or {}, lang, pres.seat)


def queue_welcome(game: Any) -> None:
    """Queue the game-start welcome of every seat (`pbem.reports.mails.welcome`): `deliver`
    renders it when it goes out, from the game as it is then."""
    game.server["welcome_start"] = True


def has_pending(game: Any) -> bool:
    """Whether mails wait to be made: queued by moderator acts or `queue_welcome`, or a
    change made in a shell (`pbem.mail.outgoing.remember_unmailed`)."""
    return any(game.server.get(q) for q in QUEUES) or UNMAILED in game.server


def _targets(game: Any, to: str, active: list[str]) -> list[str]:
    """Who a notice addressed `to` reaches: seats (dropped ones never), ``moderator:<addr>``
    or ``address:<addr>``."""
    if to == "moderators":
        return ["moderator:" + m for m in game.moderators]
    if to == "all":
        return list(active)
    if to.startswith(moderation.ADDRESS):
        return [to]
    return [to] if to in active else []


def deliver(cfg: Config, game: Any, now: dt.datetime) -> tuple[list[Any], set[str]]:
    """Mails for everything queued (queues emptied); also the seats sent a status (or
    end-of-game, or game-start welcome) mail.  A dropped seat gets nothing."""
    notices = game.server.pop("notices_pending", None) or []
    resend = game.server.pop("resend_pending", None) or []
    welcome = {s for s in game.server.pop("welcome_pending", None) or [] if s in game.seats}
    observers = game.server.pop("observers_pending", None) or []
    start = bool(game.server.pop("welcome_start", False))
    if not (notices or resend or welcome or observers or start):
        return [], set()
    # One number per delivery, kept in the game file: the Message-IDs of a delivery are
    # stable (re-running an uncommitted transaction gives the same ones) and never reused.
    batch = game.server["moderation_mails"] = int(game.server.get("moderation_mails", 0)) + 1

    def mid(*parts: str) -> str:
        return stable_message_id(cfg, "moderation", game.id, str(batch), *parts)

    active = [s for s in game.seats if not moderation.is_dropped(game, s)]
    started: list[Any] = []
    if start:
        started = welcome_mails(cfg, game, now)
    seats = [s for s in active if not start and
             ("all" in resend or s in resend or s in welcome)]
    folded: dict[str, list[str]] = {s: [] for s in seats}
    # One mail per recipient per delivery: the notices to a seat (or to the moderators)
    # in one mail, folded into the seat's status mail when it gets one.
    grouped: dict[str, tuple[str, list[tuple[str, str]]]] = {}
    for notice in notices:
        for target in _targets(game, notice["to"], active):
            lang = _reader_lang(game, notice, target)
            subject, body = _localized(game, notice, lang)
            if target in folded:
                folded[target].append(body)
            else:
                grouped.setdefault(target, (lang, []))[1].append((subject, body))
    mails = started + [_notice_mail(cfg, game, target, lang, items, mid("notice", target), now)
                       for target, (lang, items) in grouped.items()]
    if observers:
        mails += observer_welcomes(cfg, game, observers, mid, now)
    if game.outcome() is not None:
        mails += _game_over_mails(cfg, game, folded, mid, now)
    else:
        mails += [status_mail(cfg, game, seat, folded[seat], welcome=seat in welcome,
                              message_id=mid("status", seat, _token(game, seat)), now=now)
                  for seat in seats]
    return mails, set(game.seats) if start else set(seats)


def _game_over_mails(cfg: Config, game: Any, notes: dict[str, list[str]],
                     mid: Callable[..., str], now: dt.datetime) -> list[Any]:
    """The status mail of a finished game is its end-of-game mail (`reports.mails.
    game_over`): the notices, the last events, the final status and map, the seed."""
    drafts = game_over(game, notes, report_options(cfg),
                       events={seat: _recent(game, seat) for seat in notes})
    drafts += observer_drafts(game, report_options(cfg))
    return [draft_mail(cfg, game, d, mid("gameover", d.seat), now) for d in drafts]


def _recent(game: Any, seat: str) -> list[Any]:
    """The last log lines of `seat`'s view (a re-sent status shows them)."""
    return view_log(game, seat)[-8:]


def _token(game: Any, seat: str) -> str:
    return game.server.get("tokens", {}).get(seat, "")


def _tag(game: Any, seat: str) -> str:
    return format_tag(game.id, seat, _token(game, seat))


def _paragraphs(bodies: list[str]) -> str:
    """Notice bodies as wrapped paragraphs; a body's own line breaks are kept."""
    return "\n\n".join("\n".join(render._wrap(line) for line in body.splitlines())
                       for body in bodies)


def _notice_mail(cfg: Config, game: Any, target: str, lang: str,
                 items: list[tuple[str, str]], message_id: str, now: dt.datetime) -> Any:
    """One mail of notices ((subject, body) pairs) to `target`: a seat, a moderator
    (``moderator:<addr>``), or someone who no longer plays a seat (``address:<addr>``:
    no tag, for nothing there is to be answered)."""
    text = _paragraphs([body for _, body in items])
    subject = "; ".join(dict.fromkeys(s for s, _ in items))
    if target.startswith(moderation.ADDRESS):
        to, tag = [target[len(moderation.ADDRESS):]], f"[{game.id}]"
        body = render.render("notice", text=text, pre=True, hints=[], about=None, lang=lang,
                             judge=cfg.judge_address, game=game.id)
    else:
        if target.startswith("moderator:"):
            seat, to = "moderator", [target.split(":", 1)[1]]
        else:
            seat, to = target, list(game.seats[target]["players"])
        tag = format_tag(game.id, seat, _token(game, target))
        body = render.render("moderator", text=text, lang=lang, judge=cfg.judge_address,
                             game=game.id, seat=seat)
    return build(cfg, to=to, subject=f"{tag} {subject}", body=body, message_id=message_id,
                 auto="auto-generated", when=now)


def status_mail(cfg: Config, game: Any, seat: str, notes: list[str], *, welcome: bool,
                message_id: str, now: dt.datetime) -> Any:
    """A seat's status, hand and question in one mail (RESEND, rollback, new player) while
    the game is on (`_game_over_mails` after it)."""
    lang = reports.prefs(game, seat).lang
    pres = reports.presenter(game, lang)
    if welcome:
        reasons = [t(lang, "moderator.welcome", game=game.id,
                     title=reports.title_of(game, lang), seat=pres.seat(seat)),
                   settings_note(game, seat)]
    elif notes:
        reasons = []
    else:
        reasons = [t(lang, "moderator.resent")]
    reasons += notes
    if game.clocks.paused:
        reasons.append(t(lang, "moderator.paused"))
    status = status_body(game, seat)
    sections = [{"title": t(lang, "command.status_title", game=game.id), "body": status}]
    hand = hand_body(game, seat)
    if hand is not None and "hand:" not in status:      # the view may show it already
        sections.append({"title": t(lang, "command.hand_title"), "body": hand})
    recent = _recent(game, seat)
    if recent:
        sections.append({"title": t(lang, "report.events"), "body": "\n".join(
            render._wrap("  " + pres.log_line(line), indent="    ") for line in recent)})
    body = render.render("resend", game=game.id, seat=seat, lang=lang,
                         reasons=[_paragraphs([r]) for r in reasons],
                         sections=sections, asked=asked_of(game, seat),
                         waiting=waiting_for(game, seat), outcome="",
                         judge=cfg.judge_address)
    subject = t(lang, "subject.welcome", game=game.id) if welcome else t(lang, "subject.status")
    return build(cfg, to=list(game.seats[seat]["players"]), subject=f"{_tag(game, seat)} {subject}",
                 body=body, message_id=message_id, auto="auto-generated", when=now)


def drop_prompts(mails: list[Any], start: int, game: Any, seats: set[str]) -> None:
    """Remove the mails `plan` made (from index `start`: prompts, end-of-game summaries) to
    seats that get a status or end-of-game mail with their notices instead."""
    if not seats:
        return
    prefixes = tuple(f"[{game.id} {s} " for s in seats)
    mails[start:] = [m for m in mails[start:] if not str(m["Subject"]).startswith(prefixes)]
