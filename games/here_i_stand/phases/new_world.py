"""Phase 8: New World (§20) — not yet implemented (a later issue).

Voyages of exploration and conquest resolve here; until the New World issue lands the phase
is passed through with a log line.  It asks nothing, so it defines no questions (`phases`).
"""
from __future__ import annotations

from games.here_i_stand.state import log

NAME = "new_world"


def enter(state, dice) -> None:
    if state["new_world"].get("crossing_atlantic"):
        log(state, "new_world_skipped")

