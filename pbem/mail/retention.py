"""Bounded storage: what the judge keeps only for a while (``retention`` in pbem.yaml).

- A game's record of handled Message-IDs (``server.processed``: what makes a re-delivered
  mail apply once) is dropped `processed_days` after the game ended (its last entry).  The
  record itself, which replay needs, is never touched.
- The raw copy of every inbound mail (``mail/spool/<YYYY-MM-DD>/``) is deleted when its
  day is more than `spool_days` old.

`Retention.run` is one of the daemon's duties, once per cycle; a game is opened for
writing only when it has something to drop (`Store.summary` knows without parsing it).
"""
from __future__ import annotations

import datetime as dt
import logging
import shutil
from pathlib import Path
from typing import Any

from engine.archive import parse_iso
from pbem.config import RetentionConfig
from pbem.store import Store, StoreError

log = logging.getLogger("pbem.mail")


def retention_summary(game: Any) -> dict[str, Any]:
    """When the game ended (its last entry; None while it runs) and whether it still keeps
    handled Message-IDs (plain data for `Store.summary`)."""
    ended = game.outcome() is not None and game.record.entries
    return {"ended_at": game.record.entries[-1].at if ended else None,
            "processed": bool(game.server.get("processed"))}


class Retention:
    """Apply `RetentionConfig` to the games of `store` and to the spool folder."""

    def __init__(self, cfg: RetentionConfig, store: Store, spool: Path) -> None:
        self.cfg, self.store, self.spool = cfg, store, spool

    def run(self, now: dt.datetime) -> int:
        """Drop what is past its time; returns how many games and spool days were pruned."""
        return self.prune_games(now) + self.prune_spool(now)

    def prune_games(self, now: dt.datetime) -> int:
        keep = dt.timedelta(days=self.cfg.processed_days)
        pruned = 0
        for game_id in self.store.game_ids():
            try:
                look = self.store.summary(game_id, "retention", retention_summary)
            except StoreError:
                continue
            if not look["processed"] or look["ended_at"] is None or \
                    parse_iso(look["ended_at"]) + keep > now:
                continue
            with self.store.transaction(game_id) as game:
                dropped = len(game.server.pop("processed", None) or {})
            log.info("%s: ended %s; dropped its %d handled Message-IDs (retention)",
                     game_id, look["ended_at"], dropped)
            pruned += 1
        return pruned

    def prune_spool(self, now: dt.datetime) -> int:
        oldest = (now - dt.timedelta(days=self.cfg.spool_days)).date()
        pruned = 0
        for day in sorted(self.spool.glob("????-??-??")) if self.spool.is_dir() else []:
            try:
                when = dt.date.fromisoformat(day.name)
            except ValueError:
                continue
            if when < oldest:
                shutil.rmtree(day, ignore_errors=True)
                log.info("spool %s deleted (retention: %d days)", day.name,
                         self.cfg.spool_days)
                pruned += 1
        return pruned
