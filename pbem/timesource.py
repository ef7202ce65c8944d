"""The one place pbem reads the wall clock, so tests and demos can pin time.

``PBEM_NOW`` (ISO-8601, e.g. ``2026-11-21T12:00:00Z``) freezes "now" for a process; the engine
itself never reads the clock and is always handed a time.
"""
from __future__ import annotations

import datetime as dt
import os


def now() -> dt.datetime:
    """The current UTC time, or the pinned ``PBEM_NOW``."""
    pinned = os.environ.get("PBEM_NOW")
    if pinned:
        moment = dt.datetime.fromisoformat(pinned.replace("Z", "+00:00"))
        return moment if moment.tzinfo else moment.replace(tzinfo=dt.timezone.utc)
    return dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
