"""Deadlines and reminders: fire what is due in each game and mail the seats concerned.

A game is opened for writing only when its clocks have something due; the mails go
through the game file's pending outbox like any other (see `processor`).  A dropped seat
is reminded of nothing (the daemon's `Duties` answer for it).  What writes the mails is
imported when a deadline fires: a pass with nothing due loads none of it.
"""
from __future__ import annotations

import datetime as dt
import logging
from typing import Any

from pbem.mail.judge import Judge
from pbem.store import StoreError

log = logging.getLogger("pbem.mail")


def next_clock_event(game: Any) -> str | None:
    """When the game's clocks next need a look: never once it is over or held for its
    rules version (`Game.pinned`: its deadlines do not run)."""
    live = game.outcome() is None and game.pinned is None
    nxt = game.clocks.next_event() if live else None
    return nxt.isoformat() if nxt is not None else None


class ClockRunner:
    """Fires deadlines across all games, remembering when each game next needs a look."""

    def __init__(self, proc: Judge) -> None:
        self.proc = proc

    def _next_event(self, game_id: str) -> dt.datetime | None:
        """When `game_id` next needs its clocks looked at (`Store.summary`: the game file is
        parsed only when it changed)."""
        try:
            value = self.proc.store.summary(game_id, "next_clock_event", next_clock_event)
        except StoreError:
            return None
        return dt.datetime.fromisoformat(value) if value else None

    def next_event(self) -> dt.datetime | None:
        """The earliest clock event over all games."""
        times = [t for gid in self.proc.store.game_ids() if (t := self._next_event(gid))]
        return min(times) if times else None

    def fire(self, now: dt.datetime | None = None) -> int:
        """Fire every due event; returns the number of clock actions taken."""
        now = now or self.proc.now()
        total = 0
        for game_id in self.proc.store.game_ids():
            try:
                nxt = self._next_event(game_id)
                if nxt is None or nxt > now:
                    continue
                total += self._fire_game(game_id, now)
            except OSError as exc:      # a full or read-only disk: fired next cycle
                log.error("firing deadlines of %s failed, retried next cycle: %s", game_id, exc)
            except Exception:
                log.exception("firing deadlines of %s failed", game_id)
        return total

    def _fire_game(self, game_id: str, now: dt.datetime) -> int:
        from pbem.mail import render
        from pbem.mail.compose import build, stable_message_id
        from pbem.mail.outgoing import (before_move, draft_mail, fmt_time, prompt_mails,
                                        report_options)
        from pbem.moderation import is_dropped
        from pbem.reports.i18n import t
        from pbem.reports.mails import defaulted_text, reminder
        cfg, proc = self.proc.cfg, self.proc
        with proc.mail_transaction(game_id) as (game, mails):
            before, logs_before = before_move(game)
            seq0 = game.record.last_seq
            actions = game.fire_deadlines(now)
            stamp = now.isoformat(timespec="seconds")

            def mid(*parts: str) -> str:
                return stable_message_id(cfg, "clock", game.id, str(seq0), stamp, *parts)

            defaulted: dict[str, str] = {}
            for n, action in enumerate(actions):
                ev = action.event
                if ev.kind == "reminder" and not is_dropped(game, ev.seat):
                    draft = reminder(game, ev.seat, ev.deadline, report_options(cfg))
                    mails.append(draft_mail(cfg, game, draft,
                                            mid("reminder", str(n), ev.seat), now))
                elif ev.kind == "default" and action.entry is not None:
                    defaulted[ev.seat] = defaulted_text(game, ev.seat, ev.deadline,
                                                        action.entry.order, action.entry.seq)
                elif ev.kind == "hold" and game.moderators:
                    body = render.render(
                        "notice", game=game.id, seat="moderator", pre=False, hints=[],
                        about=None, judge=cfg.judge_address,
                        text=t("en", "moderator.hold", when=fmt_time(ev.deadline),
                               seat=ev.seat, decision=ev.decision))
                    mails.append(build(cfg, to=list(game.moderators),
                                       subject=f"[{game.id}] deadline passed: {ev.seat}",
                                       body=body, message_id=mid("hold", str(n), ev.seat),
                                       auto="auto-generated", when=now))
            mails += prompt_mails(cfg, game, before, logs_before, now, skip=None,
                                  mid=lambda seat: mid("prompt", seat),
                                  force=set(defaulted), extra=defaulted)
        for action in actions:
            log.info("clock %s: %s %s %s", game_id, action.event.kind, action.event.seat,
                     action.event.decision)
        return len(actions)


