"""The ``heuristic`` bot's rules of thumb that look past one step: which wars to declare,
where to build, and Henry VIII's marriages (`bots` weighs them with the rest).

* war aims (§9.6 with §15): declare war on a power only when one of its keys lies within
  `REACH` moves of a stack of ours that outnumbers the key's garrison, so the war can be
  turned into VP (a key is 1-2 VP on the key tracks, §23.2) — England on Scotland's
  Edinburgh or France's Rouen, the Ottomans on Hungary's and then the Hapsburgs' keys;
* building (§17): new units go where they join a marching army (a stack with a leader)
  or to the space nearest a key we may besiege, not to a quiet corner;
* the line of communication (§12.1, §12.2): control the unfortified spaces nearest the
  keys we may besiege, without which no assault can be made;
* England's succession (§21.3): Six Wives of Henry VIII (#3) is played as its event to
  marry again while an heir may still be born (Edward is 5 VP, Elizabeth 2), worth what
  the next pregnancy roll is expected to add.

Rules: none (a bot's rules of thumb; the sections they lean on are named in each)
"""
from __future__ import annotations

from typing import Any

from games.here_i_stand import facts, henry_viii
from games.here_i_stand import state as S

#: How many moves from a stack of ours an enemy key may lie to be a war aim.
REACH = 2
#: Own strength per garrison unit a war aim needs (a siege, then an assault, §15).
AIM_ODDS = 2.0
#: Worth of building with a marching army, and next to a key (less the farther from one).
WITH_ARMY, AT_FRONT = 1.0, 1.0
#: Worth of controlling a space next to a key we may besiege (less the farther from one):
#: more than the CP the action spends.
LINE = 3.0
#: Special VP of each heir (§23.2): Edward 5, Elizabeth alone 2.
EDWARD_VP, ELIZABETH_VP = 5, 2
#: Six Wives (#3).
SIX_WIVES = 3


def strength(units: int, leaders: Any) -> int:
    """Units plus the best battle rating among the leaders (§14: the leader's battle rating
    adds dice)."""
    return units + max((facts.leader(l).battle for l in leaders or ()), default=0)


def stacks(state: S.State, power: str) -> dict[str, int]:
    """The strength of each of `power`'s land stacks, by space."""
    return {sid: strength(S.count(state, sid, power), S.own_leaders(state, sid, power))
            for sid, rec in state["spaces"].items()
            if rec.get("units", {}).get(power) and S.count(state, sid, power)}


def near(sid: str, steps: int) -> dict[str, int]:
    """Spaces within `steps` moves of `sid`, with their distance (the map's connections)."""
    board = S.board()
    far, frontier = {sid: 0}, [sid]
    for step in range(1, steps + 1):
        frontier = [n for s in frontier for n in board.neighbours(s)
                    if n in board.spaces and n not in far]
        far.update({n: step for n in frontier})
    return far


def garrison(state: S.State, power: str, sid: str) -> int:
    """Land units in `sid` not `power`'s own (who would hold it against us)."""
    return sum(S.count(state, sid, p) for p in S.land_powers(state, sid) if p != power)


def war_aim(state: S.State, power: str, target: str) -> bool:
    """Whether a war on `target` has an aim (§9.6, §15): a fortified key it controls (or
    its minor ally controls) within `REACH` moves of a stack of ours `AIM_ODDS` times the
    key's garrison."""
    owners = {target, *(m for m, major in state["minor_allies"].items() if major == target)}
    mine = stacks(state, power)
    for key, sp in S.board().spaces.items():
        if not sp.is_key or S.controller(state, key) not in owners:
            continue
        need = AIM_ODDS * max(garrison(state, power, key), 1)
        if any(mine.get(sid, 0) >= need for sid in near(key, REACH)):
            return True
    return False


def build_bonus(state: S.State, power: str, sid: str, far: dict[str, int]) -> float:
    """Build (§17) where the units join a marching army (a stack with a leader), else
    the nearer a key we may besiege the better (`far`: each space's distance from one)."""
    out = WITH_ARMY if S.own_leaders(state, sid, power) else 0.0
    return out + (AT_FRONT / (1 + far[sid]) if sid in far else 0.0)


def control_bonus(sid: str, far: dict[str, int]) -> float:
    """Control an unfortified space (§12.2) on the way to a key we may besiege (`far`:
    each space's distance from one): an assault needs a line of communication through
    friendly spaces (§12.1), and marching through a space does not control it."""
    return LINE / (1 + far[sid]) if sid in far else 0.0


def heir_hope(state: S.State) -> float:
    """The special VP Henry's next marriage is expected to add (§21.3, §23.2): the chances
    of the pregnancy roll (d6, +1 for Jane Seymour, a number already rolled becomes the
    next unused one) giving Elizabeth (4) or Edward (5, 6); Catherine Parr ensures both.
    Asking for the divorce rolls nothing but opens the next marriage: half its hope."""
    if henry_viii.marital_blocked(state) is not None:
        return 0.0
    track = henry_viii.MARITAL_TRACK
    heirs = state["heirs"]
    return _hope(track.index(state["marital"]) + 1, bool(heirs["edward"]),
                 bool(heirs["elizabeth"]), set(state["pregnancy"]))


def _hope(box: int, edward: bool, elizabeth: bool, used: set[int]) -> float:
    """Expected special VP gained by moving Henry to marital box `box`."""
    track = henry_viii.MARITAL_TRACK
    if box >= len(track):
        return 0.0
    now = _heir_vp(edward, elizabeth)
    if track[box] == "ask_for_divorce":
        return _hope(box + 1, edward, elizabeth, used) / 2
    if track[box] == "catherine_parr":
        return float(EDWARD_VP - now)
    gain = 0.0
    for die in range(1, 7):
        roll = min(die + (track[box] == "jane_seymour"), 6)
        while roll in used and roll < 6:
            roll += 1
        gain += _heir_vp(edward or roll >= 5, elizabeth or roll == 4) - now
    return gain / 6


def _heir_vp(edward: Any, elizabeth: Any) -> int:
    return EDWARD_VP if edward else (ELIZABETH_VP if elizabeth else 0)


def marries(state: S.State, power: str, order: dict) -> bool:
    """Whether `order` is England's marriage: Six Wives played as its event from turn 2
    (§21.3 L1638), or the MARRY answer to it."""
    if power != "england" or state["turn"] < 2:
        return False
    return order.get("verb") == "MARRY" or (
        order.get("verb") == "PLAY" and order.get("card") == SIX_WIVES
        and order.get("mode") == "event")
