"""Moderator commands by mail, and the mails moderator acts cause (issue 6, mail half).

Commands.  A moderator's authenticated mail (subject tag ``[game moderator token]``, sent
from that moderator's address) may carry the commands of `pbem.moderation`, one per line,
English or Russian (`pbem.mail.commands.MOD_KEYWORDS`), ``... BECAUSE <reason>`` at the end
of a line, ``ANNOUNCE`` ... ``ENDANNOUNCE`` as a block.  They run in line order,
interleaved with the moderator's ``AS <seat> <order>`` lines; a refused command is undone
whole and stops the moderator commands and orders below it (they were written assuming it
applied).  Each result is a line of the moderator's receipt; PREVIEW's (and FORCE's)
details are a section of that receipt only.  ``END`` alone stops reading; ``END <reason>``
ends the game.  A seat's mail using a moderator command is refused whole: nothing in it is
applied, and its receipt says why.

Delivery.  Whoever runs a command (this gateway, or ``pbem mod`` in a shell) queues what it
tells whom in the game file (`queue_result`): ``server["notices_pending"]`` ({to, subject,
body}), ``server["resend_pending"]`` (seats or ``all``), ``server["welcome_pending"]``
(seats with a new player); ``server["welcome_start"]`` (`pbem new`: every seat's
welcome, rendered when it is sent).  A shell command also leaves what each seat had been
told before it (`pbem.mail.processor.remember_unmailed`), so that the prompts, updates
and reports it calls for go out as for a mail.  `deliver` turns the queues into mails
inside a game transaction, into the processor's pending batch (committed with the
game, then copied to the durable outbox), and empties them.  A seat that gets a status
mail gets the notices addressed to it folded into that one mail.  Every mail transaction
delivers what is queued; the daemon's `Duties` pass delivers what the CLI left (and mails
its changes), plays dropped seats, mails the daily pause reminders, and once a day mails
each moderator a summary of their stuck games (the last day sent is kept in
``<home>/mail/state/stuck_digests.json``) — at the moment it is due: when a game first
counts as stuck, or at midnight UTC after the last digest while games stay stuck
(`Duties.next_event` wakes the daemon then).

Who gets what.  A dropped seat gets nothing (no notice, status or prompt) until REPLACE
or ADD-ADDRESS gives it back to players; notices to ``address:<email>`` reach someone who
just stopped playing a seat (REPLACE's old player, DROP's dropped one), untagged.  On a
finished game a seat's status mail is its end-of-game mail (`reports.mails.game_over`),
so END's notice and the summary with the seed arrive as one mail (an announcement in the
same batch keeps its line breaks there, as in a mail of its own).
"""
from __future__ import annotations

import copy
import datetime as dt
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from engine.archive import parse_iso
from engine.contract import IllegalOrder
from engine.record import ReplayError
from pbem import moderation
from pbem.config import Config
from pbem.mail import render
from pbem.mail.compose import build, stable_message_id
from pbem.mail.outbox import atomic_write
from pbem.mail.tags import format_tag
from pbem.store import StoreError

if TYPE_CHECKING:
    from pbem.mail.commands import ModCommand, Parsed
    from pbem.mail.processor import Processor, Turn

log = logging.getLogger("pbem.mail")
QUEUES = ("notices_pending", "resend_pending", "welcome_pending", "observers_pending",
          "welcome_start")


# ---------------------------------------------------------------------- queues
def queue_result(game: Any, result: moderation.ModResult) -> None:
    """Queue in the game file what `result` tells whom (the CLI and the gateway both)."""
    server = game.server
    if result.notices:
        server.setdefault("notices_pending", []).extend(_queued(n) for n in result.notices)
    if result.resend:
        server.setdefault("resend_pending", []).extend(result.resend)
    if result.command == "REPLACE":
        server.setdefault("welcome_pending", []).extend(result.resend)
    if result.observers:
        server.setdefault("observers_pending", []).extend(result.observers)


def _queued(n: moderation.Notice) -> dict[str, Any]:
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
    from pbem import reports
    return reports.prefs(game, target).lang if target in game.seats else "en"


def _localized(game: Any, notice: dict[str, Any], lang: str) -> tuple[str, str]:
    """(subject, body) of a queued notice in `lang` when it has a catalog key, else as
    queued."""
    if not notice.get("key"):
        return notice["subject"], notice["body"]
    from pbem import reports
    pres = reports.presenter(game, lang)
    return moderation.render_notice(notice["key"], notice.get("params") or {}, lang, pres.seat)


def queue_welcome(game: Any) -> None:
    """Queue the game-start welcome of every seat (`pbem.reports.mails.welcome`): `deliver`
    renders it when it goes out, from the game as it is then."""
    game.server["welcome_start"] = True


def has_pending(game: Any) -> bool:
    """Whether mails wait to be made: queued by moderator acts or `queue_welcome`, or a
    change made in a shell (`pbem.mail.processor.remember_unmailed`)."""
    from pbem.mail.processor import UNMAILED
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
        from pbem.mail.processor import welcome_mails
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
        from pbem.mail.observers import welcome_mails as observer_welcomes
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
    from pbem.mail.processor import draft_mail, report_options
    from pbem.reports.mails import game_over
    from pbem.reports.mails import observer_drafts
    drafts = game_over(game, notes, report_options(cfg),
                       events={seat: _recent(game, seat) for seat in notes})
    drafts += observer_drafts(game, report_options(cfg))
    return [draft_mail(cfg, game, d, mid("gameover", d.seat), now) for d in drafts]


def _recent(game: Any, seat: str) -> list[Any]:
    """The last log lines of `seat`'s view (a re-sent status shows them)."""
    from pbem.mail.processor import view_log
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
    from pbem import reports
    from pbem.mail.processor import asked_of, hand_body, status_body, waiting_for
    from pbem.reports.i18n import t
    from pbem.reports.mails import settings_note
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


# ---------------------------------------------------------------------- one mail (a Turn)
def refuse(turn: "Turn", parsed: "Parsed") -> None:
    """A seat's mail with moderator commands: nothing is applied; the receipt says why."""
    for cmd in parsed.mod:
        hints = [turn.tr("moderator.end_hint")] if cmd.name == "END" else []
        turn.problems.append({
            "line": cmd.line_no, "text": cmd.line, "hints": hints,
            "reason": turn.tr("moderator.command_refused", name=cmd.name, game=turn.game.id)})
    turn.sections.append({"title": turn.tr("moderator.refused_title"), "body": render._wrap(
        "  " + turn.tr("moderator.refused_body"), indent="  ")})
    turn.mail.outcome = f"{turn.by}: refused, moderator command(s) from a seat"


def run(turn: "Turn", parsed: "Parsed") -> None:
    """A moderator's commands and ``AS <seat> <order>`` lines, in line order."""
    from pbem.mail.commands import Parsed
    items = sorted([(no, text) for no, text in parsed.orders] +
                   [(cmd.line_no, cmd) for cmd in parsed.mod], key=lambda item: item[0])
    chunk: list[tuple[int, str]] = []
    refused: int | None = None
    for no, item in items:
        if refused is not None:
            text = item if isinstance(item, str) else item.line
            turn.problems.append({"line": no, "text": text, "hints": [],
                                  "reason": f"not tried: line {refused} was refused"})
        elif isinstance(item, str):
            chunk.append((no, item))
        else:
            if chunk:
                turn.run_orders(Parsed(orders=chunk))
                chunk = []
            if not execute(turn, item):
                refused = no
    if chunk:
        turn.run_orders(Parsed(orders=chunk))


def execute(turn: "Turn", cmd: "ModCommand") -> bool:
    """Run one moderator command; on refusal the game is left exactly as it was."""
    game = turn.game
    saved = {k: copy.deepcopy(v) for k, v in vars(game).items() if k != "rules"}
    try:
        result = moderation.execute(game, turn.mail.inbound.sender, cmd.text, now=turn.now,
                                    source=turn.mail.inbound.message_id)
    except (IllegalOrder, ValueError, ReplayError) as refused:
        vars(game).update(saved)
        turn.problems.append({"line": cmd.line_no, "text": cmd.line,
                              "reason": getattr(refused, "reason", str(refused)),
                              "hints": list(getattr(refused, "hints", []))})
        return False
    queue_result(game, result)
    told = sorted({"every seat" if n.to == "all" else n.to.removeprefix(moderation.ADDRESS)
                   for n in result.notices})
    turn.commands.append({"line": cmd.line_no, "text": cmd.line, "result": result.summary +
                          (f"; told {', '.join(told)}" if told else "")})
    if result.details:
        turn.sections.append({"title": f"{result.command} (line {cmd.line_no}), for you only",
                              "body": "\n".join(render._wrap("  " + line, indent="    ")
                                                for line in result.details.splitlines())})
    return True


def autoplay(turn: "Turn") -> None:
    """Seats a bot plays (BOT, or dropped) answer what they are asked; the seats given to
    a bot are told its orders."""
    entries = moderation.play_bots(turn.game, turn.now)
    for entry in entries:
        turn.effects.append(f"#{entry.seq} {entry.seat} answered ({entry.decision}) "
                            f"[{entry.by}]")
    turn.game.server.setdefault("notices_pending", []).extend(
        _queued(n) for n in moderation.bot_notices(turn.game, entries))
    if not turn.game.server["notices_pending"]:
        del turn.game.server["notices_pending"]


def finish(turn: "Turn", first_prompt: int) -> None:
    """Deliver what moderator acts queued; a status (or end-of-game) mail replaces the mail
    `plan` made for the seat."""
    mails, resent = deliver(turn.cfg, turn.game, turn.now)
    drop_prompts(turn.out.mails, first_prompt, turn.game, resent)
    turn.out.mails.extend(mails)


# ---------------------------------------------------------------------- the daemon's pass
@dataclass(frozen=True)
class _Due:
    """What one game has due, as its file stands (`Store.summary` keeps it per file)."""
    work: bool                              # queued mails, or a dropped seat is asked
    reminder: dt.datetime | None            # the next daily pause reminder
    stuck_from: dt.datetime | None          # when it counts as stuck (`moderation.stuck`)
    moderators: tuple[str, ...]


def _due_summary(game: Any) -> dict[str, Any]:
    """`_Due` of a game as plain data (for `Store.summary`)."""
    live = game.outcome() is None
    work = has_pending(game) or bool(game.server.get("held_fates")) or (
        live and any(moderation.is_dropped(game, d.seat) for d in game.decisions()))
    reminder = None
    if live and game.clocks.paused:
        last = game.server.get("paused_reminded_at") or game.clocks.paused_at
        reminder = parse_iso(last) + moderation.PAUSE_REMINDER_EVERY
    stuck = moderation.stuck_from(game)
    return {"work": work, "reminder": reminder.isoformat() if reminder else None,
            "stuck_from": stuck.isoformat() if stuck else None,
            "moderators": list(game.moderators)}


class Duties:
    """Per daemon cycle: deliver queued notices (CLI), play dropped seats, pause reminders,
    the daily stuck digest.  A game is opened for writing only when it has something due;
    `next_event` is the exact moment the next reminder or digest is due."""

    def __init__(self, proc: "Processor") -> None:
        self.proc = proc
        proc.store.register_summary("duties", _due_summary)
        self.digest_state = proc.cfg.mail_dir / "state" / "stuck_digests.json"

    def _look(self, game_id: str) -> _Due:
        """What `game_id` has due (nothing when its file is gone); `Store.summary` parses
        the game only when its file changed."""
        try:
            data = self.proc.store.summary(game_id, "duties", _due_summary)
        except StoreError:
            return _Due(False, None, None, ())
        when = {k: dt.datetime.fromisoformat(data[k]) if data[k] else None
                for k in ("reminder", "stuck_from")}
        return _Due(data["work"], when["reminder"], when["stuck_from"],
                    tuple(data["moderators"]))

    def next_event(self) -> dt.datetime | None:
        """The earliest pause reminder or stuck digest due over all games."""
        dues = [self._look(gid) for gid in self.proc.store.game_ids()]
        times = [due.reminder for due in dues] + [self.next_digest(dues)]
        return min((t for t in times if t is not None), default=None)

    def next_digest(self, dues: list[_Due] | None = None) -> dt.datetime | None:
        """When the next stuck digest is due: for each moderator, the moment their first
        game counts as stuck, but not before the (UTC) day after their last digest."""
        if dues is None:
            dues = [self._look(gid) for gid in self.proc.store.game_ids()]
        first: dict[str, dt.datetime] = {}
        for due in dues:
            if due.stuck_from is None:
                continue
            for moderator in due.moderators:
                first[moderator] = min(first.get(moderator, due.stuck_from), due.stuck_from)
        sent = _read_json(self.digest_state)
        return min((max(at, _day_after(sent.get(m))) for m, at in first.items()),
                   default=None)

    def run(self, now: dt.datetime | None = None) -> int:
        """Do what is due; returns the number of mails queued."""
        now = now or self.proc.now()
        total = 0
        for game_id in self.proc.store.game_ids():
            try:
                due = self._look(game_id)
                if due.work or (due.reminder is not None and due.reminder <= now):
                    total += self._run_game(game_id, now)
            except Exception:
                log.exception("moderator duties of %s failed", game_id)
        try:
            total += self.digests(now)
        except Exception:
            log.exception("stuck digests failed")
        return total

    def _run_game(self, game_id: str, now: dt.datetime) -> int:
        from pbem.mail.processor import UNMAILED, before_move, prompt_mails
        cfg, proc = self.proc.cfg, self.proc
        with proc.mail_transaction(game_id) as (game, mails):
            moved = UNMAILED in game.server         # a shell command changed the game
            before, logs_before = before_move(game)
            seq0 = game.record.last_seq
            played = moderation.play_bots(game, now)
            for notice in [*moderation.bot_notices(game, played),
                           *moderation.pause_reminders(game, now)]:
                game.server.setdefault("notices_pending", []).append(_queued(notice))
            stamp = now.isoformat(timespec="seconds")
            if played or moved or game.server.get("held_fates"):   # held orders' fates: CLI orders
                mails += prompt_mails(cfg, game, before, logs_before, now, skip=None,
                                     mid=lambda seat: stable_message_id(
                                         cfg, "dropped" if played else "held", game.id,
                                         str(seq0), stamp, seat),
                                     reason="The game moved on (a seat was played by a "
                                            "bot)." if played else None)
            delivered, resent = deliver(cfg, game, now)
            drop_prompts(mails, 0, game, resent)
            mails += delivered
        if played:
            log.info("duties %s: %d default(s) for dropped seats", game_id, len(played))
        if mails:
            log.info("duties %s: %d mail(s) queued", game_id, len(mails))
        return len(mails)

    def digests(self, now: dt.datetime, force: bool = False) -> int:
        """Once a (UTC) day per moderator: the summary of their stuck games (looked for
        only from `next_digest` on, unless `force`)."""
        if not force and ((due := self.next_digest()) is None or now < due):
            return 0
        cfg = self.proc.cfg
        sent = _read_json(self.digest_state)
        today = now.astimezone(dt.timezone.utc).date().isoformat()
        count = 0
        for moderator, text in sorted(moderation.stuck_digests(self.proc.store, now).items()):
            if not text or sent.get(moderator, "") >= today:
                continue
            games = sorted({line.split(":", 1)[0] for line in text.splitlines()})
            body = render.render(
                "notice", game=None, seat=None, pre=True, hints=[], about=None,
                judge=cfg.judge_address,
                text=f"Games of yours waiting past their deadline plus grace ({today}):\n\n"
                     f"{text}\n\n" + render._wrap(
                         "Answer by mail with the game's moderator tag (FORCE <seat>, "
                         "EXTEND <seat> 24h, DEADLINE ..., NMR default) or with `pbem mod`; "
                         "`pbem stuck` lists every stuck game.  This summary comes once a "
                         "day while games are stuck."))
            msg = build(cfg, to=[moderator], subject=f"[pbem] stuck games: {', '.join(games)}",
                        body=body, message_id=stable_message_id(cfg, "stuck-digest", moderator,
                                                                today),
                        auto="auto-generated", when=now)
            self.proc.outbox.enqueue(msg, cfg.judge_address)
            sent[moderator] = today
            count += 1
        if count:
            self.digest_state.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self.digest_state, json.dumps(sent, sort_keys=True).encode())
            log.info("stuck digests mailed to %d moderator(s)", count)
        return count


def _day_after(day: str | None) -> dt.datetime:
    """Midnight UTC after the ISO date `day` (the earliest moment when None)."""
    if not day:
        return dt.datetime.min.replace(tzinfo=dt.timezone.utc)
    return dt.datetime.combine(dt.date.fromisoformat(day) + dt.timedelta(days=1), dt.time(),
                               dt.timezone.utc)


def _read_json(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
