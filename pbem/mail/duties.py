"""The daemon's moderator duties, once per cycle: mail what the CLI queued and the changes
it made (`pbem.mail.moderator.deliver`, `pbem.mail.outgoing.remember_unmailed`), play
dropped seats by their defaults, mail the daily pause reminders and the owner-warning
digests that waited for their hour (`pbem.mail.owner_warnings`), and once a day mail each
moderator a summary of their stuck games (the last day sent is kept in
``<home>/mail/state/stuck_digests.json``) at the moment it is due: when a game first
counts as stuck, or at midnight UTC after the last digest while games stay stuck
(`Duties.next_event` wakes the daemon then).  What writes the mails is imported when a
game has something due: a pass with nothing due loads none of it.
"""
from __future__ import annotations

import datetime as dt
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.archive import parse_iso
from pbem.files import atomic_write
from pbem.mail.judge import Judge
from pbem.store import StoreError

log = logging.getLogger("pbem.mail")


@dataclass(frozen=True)
class _Due:
    """What one game has due, as its file stands (`Store.summary` keeps it per file)."""
    work: bool                              # queued mails, or a dropped seat is asked
    reminder: dt.datetime | None            # the next daily pause reminder
    stuck_from: dt.datetime | None          # when it counts as stuck (`moderation.stuck`)
    moderators: tuple[str, ...]
    warnings: dt.datetime | None = None     # the next owner-warning digest (`owner_warnings`)


def due_summary(game: Any) -> dict[str, Any]:
    """`_Due` of a game as plain data (for `Store.summary`)."""
    from pbem import moderation
    from pbem.mail import owner_warnings
    from pbem.mail.moderator import has_pending
    live = game.outcome() is None
    work = has_pending(game) or bool(game.server.get("held_fates")) or \
        moderation.pinned_untold(game) or (
        live and any(moderation.seat_bot(game, d.seat) is not None for d in game.decisions()))
    reminder = None
    if live and game.clocks.paused:
        last = game.server.get("paused_reminded_at") or game.clocks.paused_at
        reminder = parse_iso(last) + moderation.PAUSE_REMINDER_EVERY
    stuck = moderation.stuck_from(game)
    warnings = owner_warnings.next_due(game)
    return {"work": work, "reminder": reminder.isoformat() if reminder else None,
            "stuck_from": stuck.isoformat() if stuck else None,
            "moderators": list(game.moderators),
            "warnings": warnings.isoformat() if warnings else None}


class Duties:
    """Per daemon cycle: deliver queued notices (CLI), play dropped seats, pause reminders,
    the daily stuck digest.  A game is opened for writing only when it has something due;
    `next_event` is the exact moment the next reminder or digest is due."""

    def __init__(self, proc: Judge) -> None:
        self.proc = proc
        self.digest_state = proc.cfg.mail_dir / "state" / "stuck_digests.json"

    def _look(self, game_id: str) -> _Due:
        """What `game_id` has due (nothing when its file is gone); `Store.summary` parses
        the game only when its file changed."""
        try:
            data = self.proc.store.summary(game_id, "duties", due_summary)
        except StoreError:
            return _Due(False, None, None, ())
        when = {k: dt.datetime.fromisoformat(data[k]) if data.get(k) else None
                for k in ("reminder", "stuck_from", "warnings")}
        return _Due(data["work"], when["reminder"], when["stuck_from"],
                    tuple(data["moderators"]), when["warnings"])

    def next_event(self) -> dt.datetime | None:
        """The earliest pause reminder or stuck digest due over all games."""
        dues = [self._look(gid) for gid in self.proc.store.game_ids()]
        times = [t for due in dues for t in (due.reminder, due.warnings)] + \
            [self.next_digest(dues)]
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
                if due.work or any(t is not None and t <= now
                                   for t in (due.reminder, due.warnings)):
                    total += self._run_game(game_id, now)
            except OSError as exc:      # a full or read-only disk: done next cycle
                log.error("moderator duties of %s failed, retried next cycle: %s", game_id, exc)
            except Exception:
                log.exception("moderator duties of %s failed", game_id)
        try:
            total += self.digests(now)
        except Exception:
            log.exception("stuck digests failed")
        return total

    def _run_game(self, game_id: str, now: dt.datetime) -> int:
        from pbem import moderation
        from pbem.mail import owner_warnings
        from pbem.mail.compose import stable_message_id
        from pbem.mail.moderator import deliver, drop_prompts, queued
        from pbem.mail.outgoing import UNMAILED, before_move, prompt_mails
        cfg, proc = self.proc.cfg, self.proc
        with proc.mail_transaction(game_id) as (game, mails):
            moved = UNMAILED in game.server         # a shell command changed the game
            before, logs_before = before_move(game)
            seq0 = game.record.last_seq
            played = moderation.play_bots(game, now)
            for notice in [*moderation.bot_notices(game, played),
                           *moderation.pause_reminders(game, now),
                           *moderation.pinned_notices(game)]:
                game.server.setdefault("notices_pending", []).append(queued(notice))
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
            mails += owner_warnings.digests(cfg, game, now)
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
        from pbem import moderation
        from pbem.mail import render
        from pbem.mail.compose import build, stable_message_id
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
