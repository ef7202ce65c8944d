"""Phase 8: New World (§20) — the voyages resolve in `games.here_i_stand.new_world.phase`.

Rules: §20.1, §20.2, §20.3 (phase 8: explorations, conquests, colonies)
"""
from __future__ import annotations

from games.here_i_stand.new_world.phase import apply, decisions, default, enter, parse

NAME = "new_world"

__all__ = ["NAME", "apply", "decisions", "default", "enter", "parse"]
