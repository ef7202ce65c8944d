"""What land units and leaders did earlier in this impulse (§13.1, §13.2, §13.3): tried to
intercept, lost a field battle.  Kept in ``phase_data["war_marks"]`` for one impulse: marks of
an earlier impulse read as empty.

Rules: §13.1, §13.2, §13.3
"""
from __future__ import annotations

from typing import Any

from games.here_i_stand import state as S


def _marks(state: S.State) -> dict[str, Any]:
    data = state["phase_data"]
    marks = data.get("war_marks")
    if not marks or marks.get("impulse") != data.get("impulse"):
        marks = {"impulse": data.get("impulse"), "tried": {}, "lost": {}, "leaders_tried": [],
                 "leaders_lost": []}
        data["war_marks"] = marks
    return marks


def _peek(state: S.State) -> dict[str, Any]:
    data = state.get("phase_data") or {}
    marks = data.get("war_marks")
    if not marks or marks.get("impulse") != data.get("impulse"):
        return {"tried": {}, "lost": {}, "leaders_tried": [], "leaders_lost": []}
    return marks


def mark(state: S.State, what: str, sid: str, owner: str, n: int, leaders=()) -> None:
    """Note that `n` of `owner`'s units at `sid` (and `leaders`) did `what` (``tried`` an
    interception, ``lost`` a battle) this impulse."""
    marks = _marks(state)
    here = marks[what].setdefault(sid, {})
    here[owner] = here.get(owner, 0) + n
    key = "leaders_" + what
    marks[key] = sorted(set(marks[key]) | set(leaders))


def marked(state: S.State, what: str, sid: str, owner: str) -> int:
    """How many of `owner`'s units at `sid` did `what` this impulse (at most those there)."""
    n = _peek(state)[what].get(sid, {}).get(owner, 0)
    return min(n, S.count(state, sid, owner))


def leader_marked(state: S.State, what: str, lid: str) -> bool:
    return lid in _peek(state)["leaders_" + what]
