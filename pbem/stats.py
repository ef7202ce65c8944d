"""Who is slow: each seat's median reply time and its missed deadlines, from the record.

A seat is *asked* when one of its decisions opens: at the entry after which the decision is
first open (decisions open at the start: when the game was created, ``server["created_at"]``,
else the first entry's time).  Its *reply* is the order entry answering that decision entered
by the seat itself (``by`` the seat); a reply time runs from the asking to the entry's
``at``.  A *missed deadline* is an entry the clock entered for the seat (``by: clock``).
Moderator-entered and dropped-seat (``by: bot``) answers count as neither.  The decisions
are rebuilt by replaying the record, so the figures follow the record, rollbacks included.
"""
from __future__ import annotations

import datetime as dt
import statistics
from typing import Any

from engine.archive import parse_iso
from engine.clocks import format_duration
from engine.record import Entry, replay, start


def reply_stats(game: Any) -> dict[str, dict[str, Any]]:
    """Per seat: ``median`` (seconds, None without replies), ``replies``, ``missed``."""
    rules, record = game.rules, game.record
    entries = record.entries
    first = game.server.get("created_at") or (entries[0].at if entries else None)
    opened: dict[tuple[str, str], dt.datetime] = {}
    if first is not None:
        state, _ = start(rules, record.header)
        opened = {(d.seat, d.id): parse_iso(first) for d in rules.decisions(state)}
    replies: dict[str, list[float]] = {seat: [] for seat in game.seats}
    missed = {seat: 0 for seat in game.seats}

    def seen(entry: Entry, state: Any) -> None:
        at = parse_iso(entry.at)
        if entry.kind == "order":
            asked = opened.get((entry.seat, entry.decision))
            if entry.by == "clock":
                missed[entry.seat] = missed.get(entry.seat, 0) + 1
            elif entry.by == entry.seat and asked is not None:
                replies.setdefault(entry.seat, []).append((at - asked).total_seconds())
        now_open = {(d.seat, d.id) for d in rules.decisions(state)}
        for key in list(opened):
            if key not in now_open:
                del opened[key]
        for key in now_open - set(opened):
            opened[key] = at

    if entries:
        replay(rules, record, verify=False, on_state=seen)
    return {seat: {"median": statistics.median(times) if times else None,
                   "replies": len(times), "missed": missed.get(seat, 0)}
            for seat, times in replies.items()}


def stats_lines(rules: str, lang: str, stats: dict[str, dict[str, Any]]) -> list[str]:
    """One line per seat of `reply_stats` in `lang` (seats named by the game `rules`):
    median reply, missed deadlines, replies."""
    from pbem.reports.i18n import t
    from pbem.reports.presenters import presenter_for
    pres = presenter_for(rules, lang)
    lines = []
    for seat, row in stats.items():
        median = t(lang, "stats.no_replies") if row["median"] is None else \
            format_duration(dt.timedelta(seconds=row["median"]))
        lines.append(t(lang, "stats.row", seat=pres.seat(seat), median=median,
                       missed=row["missed"], replies=row["replies"]))
    return lines
